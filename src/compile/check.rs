//! The semantic pass over a merged rule set: every term and ruling resolved, the circles,
//! verdict and settings checked, unused terms warned about; then the compiled rule set in
//! evaluation order, with its predicate graph.

use std::collections::HashSet;

use super::err::{CompileError, CompileErrorKind, CompileWarning, CompileWarningKind};
use super::graph::{EdgeKind, GraphNode, RuleGraph};
use super::inherit::Merged;
use super::ir::{CompiledRules, Expr, Pattern, Ruling, Term, TermId, Unencoded};
use super::order::{evaluation_order, override_cycles, term_cycles};
use super::resolver::Resolver;
use super::scope::Scope;
use super::settings::settings;
use super::verdict::verdict;
use crate::source::Site;
use crate::syntax::print;
use crate::vocab::Outcome;

/// The graphs the pass builds besides the terms and rulings.
struct Graphs {
    /// Facts and terms → terms and rulings → verdict: the predicate graph.
    predicates: RuleGraph,
    /// Term → the terms it uses.
    term_uses: RuleGraph,
    /// Ruling → the rulings it overrides.
    overrides: RuleGraph,
    /// The terms some term or ruling uses.
    used: HashSet<TermId>,
}

/// Checks `merged` and compiles it; `None` when it has errors (all pushed to `errors`).
pub(super) fn check(
    merged: Merged,
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Option<CompiledRules> {
    let errors_before = errors.len();
    let scope = Scope::new(&merged, errors);
    let mut graphs = Graphs {
        predicates: RuleGraph::new(),
        term_uses: RuleGraph::new(),
        overrides: RuleGraph::new(),
        used: HashSet::new(),
    };
    let terms = terms(&merged, &scope, &mut graphs, errors);
    term_cycles(&graphs.term_uses, &merged, errors);
    let rulings = rulings(&merged, &scope, &mut graphs, errors, warnings);
    override_cycles(&graphs.overrides, &merged, errors);
    let verdict = verdict(&merged, &scope, &rulings, errors, warnings);
    graphs.predicates.add_node(GraphNode::Verdict);
    for r in &rulings {
        let ruling = GraphNode::Ruling(r.id.clone());
        graphs
            .predicates
            .add_edge(ruling, GraphNode::Verdict, EdgeKind::Uses);
    }
    let (settings, ruling_occurrence) = settings(&merged, errors);
    let unencoded = merged
        .unencoded
        .iter()
        .map(|def| Unencoded {
            reason: def.item.reason.node,
            meta: def.meta(&def.item.attrs, &def.item.docs),
        })
        .collect();
    let setting_meta = merged
        .settings
        .iter()
        .map(|(name, def)| (name.clone(), def.meta(&def.item.attrs, &def.item.docs)))
        .collect();
    unused_terms(&merged, &graphs.used, warnings);
    let standings = standings(&merged, errors, warnings);
    if errors.len() > errors_before {
        return None;
    }
    let (terms, rulings, verdict) = evaluation_order(
        &scope,
        &graphs.term_uses,
        &graphs.overrides,
        (terms, rulings, verdict),
    )?;
    Some(CompiledRules {
        name: merged.name,
        title: merged.title,
        source: merged.source,
        docs: merged.docs,
        extends: merged.extends,
        amends: merged.amends,
        settings,
        setting_meta,
        ruling_occurrence,
        terms,
        rulings,
        verdict,
        standings,
        unencoded,
        graph: graphs.predicates,
        warnings: std::sync::Arc::new(Vec::new()),
    })
}

/// Merges and compiles the standings forms (Điều 21), their problems sorted into errors and
/// warnings.
fn standings(
    merged: &Merged,
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Vec<crate::standings::Form> {
    let mut problems = Vec::new();
    let forms = crate::standings::compile_forms(&merged.standings, &mut problems);
    for problem in problems {
        if problem.is_warning() {
            warnings.push(CompileWarning::Standings(problem));
        } else {
            errors.push(CompileError::Standings(problem));
        }
    }
    forms
}

/// Resolves every term, in definition order, adding it to the graphs.
fn terms(
    merged: &Merged,
    scope: &Scope,
    graphs: &mut Graphs,
    errors: &mut Vec<CompileError>,
) -> Vec<Term> {
    let mut terms = Vec::new();
    for def in &merged.terms {
        let t = &def.item;
        let node = GraphNode::Term(t.id.node.clone());
        graphs.predicates.add_node(node.clone());
        graphs.term_uses.add_node(node.clone());
        let mut r = Resolver::new(scope, &def.file, errors);
        let body = r.expr(&t.body, t.subject.node);
        for dep in &r.uses {
            let (dep, node) = (dep.clone(), node.clone());
            if matches!(dep, GraphNode::Term(_)) {
                graphs
                    .term_uses
                    .add_edge(node.clone(), dep.clone(), EdgeKind::Uses);
            }
            graphs.predicates.add_edge(dep, node, EdgeKind::Uses);
        }
        graphs.used.extend(r.used_terms.iter().copied());
        terms.push(Term {
            id: t.id.node.clone(),
            subject: t.subject.node,
            meta: def.meta(&t.attrs, &t.docs),
            body: body.unwrap_or(Expr::And(Vec::new())),
            text: print::expr(&t.body.node),
        });
    }
    terms
}

/// Resolves every ruling, in definition order, adding it to the graphs.
fn rulings(
    merged: &Merged,
    scope: &Scope,
    graphs: &mut Graphs,
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Vec<Ruling> {
    let mut rulings = Vec::new();
    for def in &merged.rulings {
        let r = &def.item;
        let node = GraphNode::Ruling(r.id.node.clone());
        graphs.predicates.add_node(node.clone());
        graphs.overrides.add_node(node.clone());
        let mut res = Resolver::new(scope, &def.file, errors);
        let when = res.pattern(&r.when);
        let unless: Vec<Option<Pattern>> = r.unless.iter().map(|u| res.pattern(u)).collect();
        let mut overrides = Vec::new();
        for o in &r.overrides {
            if let Some(id) = res.overridden(o, &r.id) {
                overrides.push(id);
                let target = GraphNode::Ruling(o.node.clone());
                let (from, to) = (node.clone(), target.clone());
                graphs.predicates.add_edge(from, to, EdgeKind::Overrides);
                graphs
                    .overrides
                    .add_edge(node.clone(), target, EdgeKind::Overrides);
            }
        }
        let restates: Vec<_> = r
            .restates
            .iter()
            .filter_map(|x| res.restated(x, &r.id))
            .collect();
        for dep in &res.uses {
            graphs
                .predicates
                .add_edge(dep.clone(), node.clone(), EdgeKind::Uses);
        }
        graphs.used.extend(res.used_terms.iter().copied());
        if let Some(at) = r
            .graver
            .as_ref()
            .filter(|_| r.outcome.node == Outcome::Allowed)
        {
            let at = at.loc;
            errors.push(CompileError::at(
                &def.file,
                at,
                CompileErrorKind::GraverAllowed {
                    name: r.id.node.clone(),
                },
            ));
        }
        rulings.push(Ruling {
            id: r.id.node.clone(),
            meta: def.meta(&r.attrs, &r.docs),
            when: when.unwrap_or(Pattern::And(Vec::new())),
            unless: unless.into_iter().flatten().collect(),
            outcome: r.outcome.node,
            graver: r.graver.is_some() && r.outcome.node == Outcome::Forbidden,
            overrides,
            restates,
            when_text: print::pattern(&r.when.node),
            unless_text: r.unless.iter().map(|u| print::pattern(&u.node)).collect(),
            site: Site {
                file: def.file.clone(),
                loc: r.id.loc,
            },
        });
    }
    restated_outcomes(merged, &mut rulings, warnings);
    rulings
}

/// Reports every `restates` of a ruling with the other outcome, and lets that claim lapse.
/// `rulings` are in definition order, as in `merged`.
fn restated_outcomes(merged: &Merged, rulings: &mut [Ruling], warnings: &mut Vec<CompileWarning>) {
    let outcomes: Vec<_> = rulings.iter().map(|r| (r.id.clone(), r.outcome)).collect();
    for (k, def) in merged.rulings.iter().enumerate() {
        let Some(outcome) = outcomes.get(k).map(|o| o.1) else {
            continue;
        };
        for name in &def.item.restates {
            let Some(other) = outcomes.iter().position(|o| o.0 == name.node) else {
                continue;
            };
            let Some(&(ref restated, other_outcome)) = outcomes.get(other) else {
                continue;
            };
            if other_outcome != outcome {
                if let Some(r) = rulings.get_mut(k) {
                    r.restates.retain(|id| id.0 != other);
                }
                warnings.push(CompileWarning::at(
                    &def.file,
                    name.loc,
                    CompileWarningKind::RestatesOtherOutcome {
                        name: def.item.id.node.clone(),
                        outcome: outcome.keyword(),
                        restated: restated.clone(),
                        other: other_outcome.keyword(),
                    },
                ));
            }
        }
    }
}

/// Warns about the terms nothing uses, among those written in the root file (an ancestor's
/// terms may be unused because this file removed a ruling).
fn unused_terms(merged: &Merged, used: &HashSet<TermId>, warnings: &mut Vec<CompileWarning>) {
    for (i, def) in merged.terms.iter().enumerate() {
        if def.file.name == merged.root.name && !used.contains(&TermId(i)) {
            warnings.push(CompileWarning::at(
                &def.file,
                def.item.id.loc,
                CompileWarningKind::UnusedTerm {
                    name: def.item.id.node.clone(),
                },
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::inherit::inherit_str;

    fn check_str(text: &str) -> (Option<CompiledRules>, Vec<String>, Vec<String>) {
        let (merged, mut errors) = inherit_str(text);
        let mut warnings = Vec::new();
        let rules = check(merged, &mut errors, &mut warnings);
        (
            rules,
            errors.iter().map(ToString::to_string).collect(),
            warnings.iter().map(ToString::to_string).collect(),
        )
    }

    #[test]
    fn terms_come_after_the_terms_they_use() {
        let (rules, errors, _) = check_str(
            "rules t\nterm a on move = b or check\nterm b on move = block\n\
             ruling r when every move a → forbidden\nverdict otherwise → draw\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let rules = rules.unwrap();
        let names: Vec<&str> = rules.terms.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(names, ["b", "a"]);
        let Expr::Or(parts) = &rules.terms[1].body else {
            panic!()
        };
        assert!(matches!(parts[0], Expr::Term(TermId(0))));
    }

    #[test]
    fn rulings_come_after_the_rulings_that_override_them() {
        let (rules, errors, _) = check_str(
            "rules t\nruling a when every move check → forbidden\n\
             ruling b when every move block → allowed overrides a\n\
             verdict side forbidden by a → side loses\n    otherwise → draw\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let rules = rules.unwrap();
        let names: Vec<&str> = rules.rulings.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(names, ["b", "a"]);
        assert_eq!(rules.rulings[0].overrides, [super::super::ir::RulingId(1)]);
        assert_eq!(
            rules.verdict[0].conds[0].by,
            Some(super::super::ir::RulingId(1))
        );
    }

    #[test]
    fn circles_and_unused_terms_are_reported() {
        let (rules, errors, warnings) = check_str(
            "rules t\nterm a on move = b\nterm b on move = a\nterm spare on move = check\n\
             ruling r when every move a → forbidden\nverdict otherwise → draw\n",
        );
        assert!(rules.is_none());
        assert!(
            errors
                .iter()
                .any(|e| e.ends_with("is defined in terms of itself")),
            "{errors:?}"
        );
        assert_eq!(warnings, ["term `spare` is never used"]);
    }

    #[test]
    fn restates_names_rulings_of_its_own_outcome() {
        let (rules, errors, _) = check_str(
            "rules t\nruling a when every move check → forbidden\n\
             ruling b when every move check and some move block → forbidden restates a\n\
             verdict side forbidden → side loses\n    otherwise → draw\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let rules = rules.unwrap();
        let b = rules.ruling("b").unwrap();
        let restated: Vec<&str> = b
            .restates
            .iter()
            .map(|id| rules.rulings[id.0].id.as_str())
            .collect();
        assert_eq!(restated, ["a"]);
    }

    #[test]
    fn restating_itself_or_an_unknown_ruling_is_an_error() {
        let (rules, mut errors, _) = check_str(
            "rules t\nruling a when every move check → forbidden\n\
             ruling b when every move check → forbidden restates b, a, c\n\
             verdict side forbidden → side loses\n    otherwise → draw\n",
        );
        assert!(rules.is_none());
        errors.sort();
        assert_eq!(errors, ["ruling `b` restates itself", "unknown ruling `c`"]);
    }

    /// A committee that makes a restated ruling rule the other way keeps a rule set that
    /// compiles: the claim lapses, with a warning, as it does when the ruling is removed.
    #[test]
    fn restating_a_ruling_of_the_other_outcome_lapses_with_a_warning() {
        let (rules, errors, warnings) = check_str(
            "rules t\nruling a when every move check → allowed\n\
             ruling b when every move check → forbidden restates a\n\
             verdict side forbidden → side loses\n    otherwise → draw\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            warnings,
            ["ruling `b` rules forbidden but restates `a`, which rules allowed"]
        );
        assert!(rules.unwrap().ruling("b").unwrap().restates.is_empty());
    }

    #[test]
    fn graver_is_said_of_a_forbidding_ruling_and_asked_of_a_forbidden_side() {
        let (rules, mut errors, _) = check_str(
            "rules t\nruling a when every move check → allowed graver\n\
             verdict side allowed graver → side loses\n    otherwise → draw\n",
        );
        assert!(rules.is_none());
        errors.sort();
        assert_eq!(
            errors,
            [
                "a side's play that is allowed cannot be forbidden by a graver ruling",
                "ruling `a` rules `allowed`, which cannot be graver",
            ]
        );
    }

    /// A committee that makes the graver ruling allow keeps a rule set that compiles: the
    /// verdict rows asking for a graver violation are left in place, and it is told they no
    /// longer match.
    #[test]
    fn a_graver_row_without_a_graver_ruling_is_a_warning() {
        let (rules, errors, warnings) = check_str(
            "rules t\nruling a when every move check → allowed\n\
             verdict side forbidden graver → side loses\n    otherwise → draw\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert!(rules.is_some());
        assert_eq!(
            warnings,
            ["no ruling is graver, so this verdict condition never holds"]
        );
    }
}
