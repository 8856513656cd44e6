//! Evaluation order: terms come after the terms they use, rulings after the rulings that
//! override them. Circles that make an order impossible are errors; once ordered, every
//! index into the term and ruling lists is renumbered.

use super::err::{CompileError, CompileErrorKind, chain};
use super::graph::{GraphNode, RuleGraph};
use super::inherit::{Def, Merged};
use super::ir::{Expr, Pattern, Ruling, RulingId, Term, TermId, VerdictRow};
use super::scope::Scope;
use crate::source::Node;

/// Reports every circle of terms defined in terms of themselves. `uses` has an edge from each
/// term to each term it uses.
pub(super) fn term_cycles(uses: &RuleGraph, merged: &Merged, errors: &mut Vec<CompileError>) {
    for (def, chain) in circles(uses, &merged.terms, |t| &t.id) {
        errors.push(CompileError::at(
            &def.file,
            def.item.id.loc,
            CompileErrorKind::TermCycle {
                name: def.item.id.node.clone(),
                chain,
            },
        ));
    }
}

/// Reports every circle of rulings that override each other. `overrides` has an edge from
/// each ruling to each ruling it overrides.
pub(super) fn override_cycles(
    overrides: &RuleGraph,
    merged: &Merged,
    errors: &mut Vec<CompileError>,
) {
    for (def, chain) in circles(overrides, &merged.rulings, |r| &r.id) {
        errors.push(CompileError::at(
            &def.file,
            def.item
                .overrides
                .first()
                .map_or(def.item.id.loc, |o| o.loc),
            CompileErrorKind::OverrideCycle {
                name: def.item.id.node.clone(),
                chain,
            },
        ));
    }
}

/// The circles of `graph`, each with the definition it starts at and its chain of names.
fn circles<'m, T>(
    graph: &RuleGraph,
    defs: &'m [Def<T>],
    id: impl Fn(&T) -> &Node<String>,
) -> Vec<(&'m Def<T>, String)> {
    graph
        .cycles()
        .iter()
        .filter_map(|cycle| {
            let first = cycle.first()?;
            let def = defs.iter().find(|d| id(&d.item).node == first.name())?;
            let names: Vec<&str> = cycle.iter().map(GraphNode::name).collect();
            Some((def, chain(&names)))
        })
        .collect()
}

/// The terms, rulings and verdict rows of a rule set without circles, put in evaluation
/// order, every index renumbered. `term_uses` and `overrides` are the graphs
/// [`term_cycles`] and [`override_cycles`] found no circle in; `None` if they have one.
pub(super) fn evaluation_order(
    scope: &Scope,
    term_uses: &RuleGraph,
    overrides: &RuleGraph,
    (terms, rulings, verdict): (Vec<Term>, Vec<Ruling>, Vec<VerdictRow>),
) -> Option<(Vec<Term>, Vec<Ruling>, Vec<VerdictRow>)> {
    let term_order = order(term_uses, |n| scope.term(n), true)?;
    let ruling_order = order(overrides, |n| scope.ruling(n), false)?;
    let mut terms = permute(terms, &term_order);
    let mut rulings = permute(rulings, &ruling_order);
    let mut verdict = verdict;
    for t in &mut terms {
        renumber_expr(&mut t.body, &term_order);
    }
    for r in &mut rulings {
        renumber_pattern(&mut r.when, &term_order);
        r.unless
            .iter_mut()
            .for_each(|u| renumber_pattern(u, &term_order));
        for o in r.overrides.iter_mut().chain(&mut r.restates) {
            renumber_ruling(o, &ruling_order);
        }
    }
    for row in &mut verdict {
        for c in &mut row.conds {
            if let Some(by) = &mut c.by {
                renumber_ruling(by, &ruling_order);
            }
        }
    }
    Some((terms, rulings, verdict))
}

/// Definition indices in topological order of `graph` (whose edges go from user to used when
/// `reverse`, from overrider to overridden otherwise).
fn order(
    graph: &RuleGraph,
    index: impl Fn(&str) -> Option<usize>,
    reverse: bool,
) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = graph
        .topological_order()?
        .iter()
        .filter_map(|n| index(n.name()))
        .collect();
    if reverse {
        order.reverse();
    }
    Some(order)
}

/// Where the definition at index `old` stands in `order`.
fn new_index(order: &[usize], old: usize) -> Option<usize> {
    order.iter().position(|&o| o == old)
}

fn permute<T: Clone>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    order
        .iter()
        .filter_map(|&i| items.get(i).cloned())
        .collect()
}

fn renumber_ruling(id: &mut RulingId, order: &[usize]) {
    if let Some(n) = new_index(order, id.0) {
        *id = RulingId(n);
    }
}

fn renumber_expr(e: &mut Expr, terms: &[usize]) {
    match e {
        Expr::And(xs) | Expr::Or(xs) => xs.iter_mut().for_each(|x| renumber_expr(x, terms)),
        Expr::Not(x) | Expr::AnyThreat(x) | Expr::NoThreat(x) => renumber_expr(x, terms),
        Expr::Fact(..) => {}
        Expr::Term(id) => {
            if let Some(n) = new_index(terms, id.0) {
                *id = TermId(n);
            }
        }
    }
}

fn renumber_pattern(p: &mut Pattern, terms: &[usize]) {
    match p {
        Pattern::And(xs) | Pattern::Or(xs) => {
            xs.iter_mut().for_each(|x| renumber_pattern(x, terms))
        }
        Pattern::Not(x) | Pattern::Opponent(x) => renumber_pattern(x, terms),
        Pattern::Moves { body, .. } => renumber_expr(body, terms),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_follows_the_graph() {
        let mut g = RuleGraph::new();
        let (a, b) = (GraphNode::Term("a".into()), GraphNode::Term("b".into()));
        g.add_node(a.clone());
        g.add_node(b.clone());
        // `a` uses `b`: `b` is evaluated first.
        g.add_edge(a, b, super::super::graph::EdgeKind::Uses);
        let index = |n: &str| ["a", "b"].iter().position(|x| *x == n);
        assert_eq!(order(&g, index, true), Some(vec![1, 0]));
        assert_eq!(order(&g, index, false), Some(vec![0, 1]));
    }

    #[test]
    fn renumbering_follows_the_new_order() {
        let mut e = Expr::Or(vec![
            Expr::Term(TermId(0)),
            Expr::Not(Box::new(Expr::Term(TermId(2)))),
        ]);
        renumber_expr(&mut e, &[2, 0, 1]);
        let Expr::Or(xs) = e else { panic!() };
        assert!(matches!(xs[0], Expr::Term(TermId(1))));
        assert!(matches!(&xs[1], Expr::Not(x) if matches!(**x, Expr::Term(TermId(0)))));
        assert_eq!(permute(vec!['a', 'b', 'c'], &[2, 0, 1]), ['c', 'a', 'b']);
    }
}
