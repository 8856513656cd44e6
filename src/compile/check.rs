//! The semantic pass: names, subjects, parameters, cycles, settings, verdict; builds the
//! compiled rule set and its predicate graph.

use std::collections::{HashMap, HashSet};

use super::err::{CompileError, CompileWarning, Problem};
use super::graph::{EdgeKind, GraphNode, RuleGraph};
use super::resolve::{Def, Merged};
use super::{CompiledRules, Cond, Expr, Meta, Pattern, Ruling, RulingId, Term, TermId, VerdictRow};
use crate::facts::registry::{ROLE_NAMES, lookup};
use crate::facts::{Params, REGISTRY, RoleSet, Settings, Subject as FactSubject};
use crate::source::{Loc, Node, SourceFile};
use crate::syntax::ast::{self, Guard, Quantifier, Subject, TargetClause, ThreatQuantifier};
use crate::syntax::print;
use crate::words::did_you_mean;

/// The settings a rule file may give.
pub(crate) const SETTING_NAMES: &[&str] = &["mate-plies", "mate-nodes"];

/// What a name in an expression refers to.
#[derive(Clone, Copy)]
enum Sym {
    Term(TermId, Subject),
    Ruling(RulingId),
}

/// The names defined by the rule set.
struct Scope {
    syms: HashMap<String, Sym>,
    term_names: Vec<String>,
    ruling_names: Vec<String>,
}

/// Resolution of one definition's expressions.
struct Resolver<'a> {
    scope: &'a Scope,
    file: &'a SourceFile,
    errors: &'a mut Vec<CompileError>,
    /// Predicates used, for the graph.
    uses: Vec<GraphNode>,
    /// Terms used.
    used_terms: Vec<TermId>,
}

pub(super) fn check(
    merged: Merged,
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Option<CompiledRules> {
    let errors_before = errors.len();
    let scope = scope(&merged, errors);

    // Terms.
    let mut graph = RuleGraph::new();
    let mut terms = Vec::new();
    let mut used: HashSet<TermId> = HashSet::new();
    let mut term_graph = RuleGraph::new();
    for (i, def) in merged.terms.iter().enumerate() {
        let t = &def.item;
        let node = GraphNode::Term(t.id.node.clone());
        graph.add_node(node.clone());
        term_graph.add_node(node.clone());
        let mut r = Resolver::new(&scope, &def.file, errors);
        let body = r.expr(&t.body, t.subject.node);
        for dep in &r.uses {
            graph.add_edge(dep.clone(), node.clone(), EdgeKind::Uses);
            if matches!(dep, GraphNode::Term(_)) {
                term_graph.add_edge(node.clone(), dep.clone(), EdgeKind::Uses);
            }
        }
        used.extend(r.used_terms.iter().copied());
        terms.push(Term {
            id: t.id.node.clone(),
            subject: t.subject.node,
            meta: meta(def, &t.attrs, &t.docs),
            body: body.unwrap_or(Expr::And(Vec::new())),
            text: print::expr(&t.body.node),
        });
        debug_assert_eq!(terms.len(), i + 1);
    }
    for cycle in term_graph.cycles() {
        let Some(first) = cycle.first() else { continue };
        let Some(def) = merged.terms.iter().find(|d| d.item.id.node == first.name()) else {
            continue;
        };
        let path: Vec<&str> = cycle.iter().map(GraphNode::name).collect();
        errors.push(CompileError::Cycle(
            Problem::at(
                "xqlaw::cycle::term",
                &def.file,
                def.item.id.loc,
                format!("term `{}` is defined in terms of itself", first.name()),
                "defined here",
            )
            .help(format!("the definitions go round: {}", path.join(" → "))),
        ));
    }

    // Rulings.
    let mut rulings = Vec::new();
    let mut override_graph = RuleGraph::new();
    for def in &merged.rulings {
        let r = &def.item;
        let node = GraphNode::Ruling(r.id.node.clone());
        graph.add_node(node.clone());
        override_graph.add_node(node.clone());
        let mut res = Resolver::new(&scope, &def.file, errors);
        let when = res.pattern(&r.when);
        let unless: Vec<Option<Pattern>> = r.unless.iter().map(|u| res.pattern(u)).collect();
        let mut overrides = Vec::new();
        for o in &r.overrides {
            if let Some(id) = res.overridden(o, &r.id) {
                overrides.push(id);
                let target = GraphNode::Ruling(o.node.clone());
                graph.add_edge(node.clone(), target.clone(), EdgeKind::Overrides);
                override_graph.add_edge(node.clone(), target, EdgeKind::Overrides);
            }
        }
        for dep in &res.uses {
            graph.add_edge(dep.clone(), node.clone(), EdgeKind::Uses);
        }
        used.extend(res.used_terms.iter().copied());
        rulings.push(Ruling {
            id: r.id.node.clone(),
            meta: meta(def, &r.attrs, &r.docs),
            when: when.unwrap_or(Pattern::And(Vec::new())),
            unless: unless.into_iter().flatten().collect(),
            outcome: r.outcome.node,
            overrides,
            when_text: print::pattern(&r.when.node),
            unless_text: r.unless.iter().map(|u| print::pattern(&u.node)).collect(),
            site: (def.file.clone(), r.id.loc),
        });
    }
    for cycle in override_graph.cycles() {
        let Some(first) = cycle.first() else { continue };
        let Some(def) = merged
            .rulings
            .iter()
            .find(|d| d.item.id.node == first.name())
        else {
            continue;
        };
        let path: Vec<&str> = cycle.iter().map(GraphNode::name).collect();
        let loc = def
            .item
            .overrides
            .first()
            .map_or(def.item.id.loc, |o| o.loc);
        errors.push(CompileError::Cycle(
            Problem::at(
                "xqlaw::cycle::overrides",
                &def.file,
                loc,
                format!(
                    "ruling `{}` overrides itself through other rulings",
                    first.name()
                ),
                "overrides here",
            )
            .help(format!("the overrides go round: {}", path.join(" → "))),
        ));
    }

    // Verdict.
    let verdict = verdict(&merged, &scope, &rulings, errors, warnings);
    graph.add_node(GraphNode::Verdict);
    for r in &rulings {
        graph.add_edge(
            GraphNode::Ruling(r.id.clone()),
            GraphNode::Verdict,
            EdgeKind::Uses,
        );
    }

    // Settings.
    let settings = settings(&merged, errors);

    // Unused terms (only those written in the root file: an ancestor's terms may be unused
    // because this file removed a ruling).
    for (i, def) in merged.terms.iter().enumerate() {
        if def.file.name == merged.root.name && !used.contains(&TermId(i)) {
            let t = &def.item;
            warnings.push(CompileWarning::UnusedTerm(
                Problem::at(
                    "xqlaw::unused-term",
                    &def.file,
                    t.id.loc,
                    format!("term `{}` is never used", t.id.node),
                    "defined here",
                )
                .help("use it in a ruling or another term, or delete it")
                .warning(),
            ));
        }
    }

    if errors.len() > errors_before {
        return None;
    }
    // Evaluation order: terms after the terms they use, rulings after those overriding them.
    let term_order = order(&term_graph, |n| scope_term(&scope, n), true)?;
    let ruling_order = order(
        &override_graph,
        |n| match scope.syms.get(n) {
            Some(Sym::Ruling(id)) => Some(id.0),
            _ => None,
        },
        false,
    )?;
    let terms = permute(terms, &term_order);
    let rulings = permute(rulings, &ruling_order);
    let terms = renumber_terms(terms, &term_order);
    let rulings = renumber_rulings(rulings, &term_order, &ruling_order);
    let verdict = verdict
        .into_iter()
        .map(|mut row| {
            for c in &mut row.conds {
                c.by =
                    c.by.and_then(|id| new_index(&ruling_order, id.0).map(RulingId));
            }
            row
        })
        .collect();

    Some(CompiledRules {
        name: merged.name.clone(),
        title: merged.title.clone(),
        source: merged.source.clone(),
        docs: merged.docs.clone(),
        extends: merged.extends.clone(),
        settings,
        terms,
        rulings,
        verdict,
        graph,
        warnings: std::sync::Arc::new(Vec::new()),
    })
}

fn scope_term(scope: &Scope, name: &str) -> Option<usize> {
    match scope.syms.get(name) {
        Some(Sym::Term(id, _)) => Some(id.0),
        _ => None,
    }
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

fn new_index(order: &[usize], old: usize) -> Option<usize> {
    order.iter().position(|&o| o == old)
}

fn permute<T: Clone>(items: Vec<T>, order: &[usize]) -> Vec<T> {
    order
        .iter()
        .filter_map(|&i| items.get(i).cloned())
        .collect()
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

fn renumber_terms(mut terms: Vec<Term>, order: &[usize]) -> Vec<Term> {
    for t in &mut terms {
        renumber_expr(&mut t.body, order);
    }
    terms
}

fn renumber_rulings(mut rulings: Vec<Ruling>, terms: &[usize], order: &[usize]) -> Vec<Ruling> {
    for r in &mut rulings {
        renumber_pattern(&mut r.when, terms);
        r.unless.iter_mut().for_each(|u| renumber_pattern(u, terms));
        for o in &mut r.overrides {
            if let Some(n) = new_index(order, o.0) {
                *o = RulingId(n);
            }
        }
    }
    rulings
}

fn meta<T>(def: &Def<T>, attrs: &ast::Attrs, docs: &[String]) -> Meta {
    let get = |a: &Option<Node<String>>| a.as_ref().map(|n| n.node.clone());
    Meta {
        name: get(&attrs.name),
        article: get(&attrs.article),
        quote: get(&attrs.quote),
        gloss: get(&attrs.gloss),
        docs: docs.to_vec(),
        defined_in: def.rule_set.clone(),
    }
}

/// The symbol table; reports terms and rulings named like facts.
fn scope(merged: &Merged, errors: &mut Vec<CompileError>) -> Scope {
    let mut syms = HashMap::new();
    let mut shadow = |name: &Node<String>, file: &SourceFile, kind: &str| {
        if lookup(&name.node).is_some() {
            errors.push(CompileError::Duplicate(
                Problem::at(
                    "xqlaw::duplicate::fact",
                    file,
                    name.loc,
                    format!("{kind} `{}` has the name of a fact", name.node),
                    "defined here",
                )
                .help("facts, terms and rulings share one namespace; choose another name"),
            ));
        }
    };
    for (i, d) in merged.terms.iter().enumerate() {
        shadow(&d.item.id, &d.file, "term");
        syms.insert(
            d.item.id.node.clone(),
            Sym::Term(TermId(i), d.item.subject.node),
        );
    }
    for (i, d) in merged.rulings.iter().enumerate() {
        shadow(&d.item.id, &d.file, "ruling");
        syms.insert(d.item.id.node.clone(), Sym::Ruling(RulingId(i)));
    }
    Scope {
        syms,
        term_names: merged
            .terms
            .iter()
            .map(|d| d.item.id.node.clone())
            .collect(),
        ruling_names: merged
            .rulings
            .iter()
            .map(|d| d.item.id.node.clone())
            .collect(),
    }
}

fn subject_word(s: Subject) -> &'static str {
    match s {
        Subject::Move => "move",
        Subject::Threat => "threat",
    }
}

impl<'a> Resolver<'a> {
    fn new(scope: &'a Scope, file: &'a SourceFile, errors: &'a mut Vec<CompileError>) -> Self {
        Resolver {
            scope,
            file,
            errors,
            uses: Vec::new(),
            used_terms: Vec::new(),
        }
    }

    fn error(&mut self, e: CompileError) {
        self.errors.push(e);
    }

    /// Resolves `e` said of `subject`; `None` after an error.
    fn expr(&mut self, e: &Node<ast::Expr>, subject: Subject) -> Option<Expr> {
        match &e.node {
            ast::Expr::And(xs) => self.all(xs, subject).map(Expr::And),
            ast::Expr::Or(xs) => self.all(xs, subject).map(Expr::Or),
            ast::Expr::Not(x) => Some(Expr::Not(Box::new(self.expr(x, subject)?))),
            ast::Expr::Threats(q, x) => {
                let word = match q {
                    ThreatQuantifier::Any => "any",
                    ThreatQuantifier::No => "no",
                };
                if subject == Subject::Threat {
                    let inner = print::expr(&x.node);
                    self.error(CompileError::SubjectMismatch(
                        Problem::at(
                            "xqlaw::subject",
                            self.file,
                            e.loc,
                            format!("`{word} threat` is said of a move, not a threat"),
                            "in a threat expression",
                        )
                        .help(format!(
                            "inside a threat expression, write `{inner}` directly"
                        )),
                    ));
                    // Still check the inside.
                    let _ = self.expr(x, Subject::Threat);
                    return None;
                }
                let inner = Box::new(self.expr(x, Subject::Threat)?);
                Some(match q {
                    ThreatQuantifier::Any => Expr::AnyThreat(inner),
                    ThreatQuantifier::No => Expr::NoThreat(inner),
                })
            }
            ast::Expr::Call(name, args) => self.call(e.loc, name, args.as_deref(), subject),
        }
    }

    fn all(&mut self, xs: &[Node<ast::Expr>], subject: Subject) -> Option<Vec<Expr>> {
        let resolved: Vec<Option<Expr>> = xs.iter().map(|x| self.expr(x, subject)).collect();
        resolved.into_iter().collect()
    }

    fn call(
        &mut self,
        loc: Loc,
        name: &Node<String>,
        args: Option<&[Node<String>]>,
        subject: Subject,
    ) -> Option<Expr> {
        if let Some(spec) = lookup(&name.node) {
            let fact_subject = match spec.subject {
                FactSubject::Move => Subject::Move,
                FactSubject::Threat => Subject::Threat,
            };
            self.uses.push(GraphNode::Fact(spec.name.to_owned()));
            let roles = self.roles(loc, name, spec.params, args);
            if fact_subject != subject {
                self.mismatch(loc, name, fact_subject, subject, "fact");
                return None;
            }
            return Some(Expr::Fact(spec, roles?));
        }
        match self.scope.syms.get(&name.node).copied() {
            Some(Sym::Term(id, term_subject)) => {
                self.uses.push(GraphNode::Term(name.node.clone()));
                self.used_terms.push(id);
                if args.is_some() {
                    self.error(CompileError::WrongParams(
                        Problem::at(
                            "xqlaw::params",
                            self.file,
                            loc,
                            format!("term `{}` takes no piece kinds", name.node),
                            "given piece kinds here",
                        )
                        .help(format!("write `{}`", name.node)),
                    ));
                    return None;
                }
                if term_subject != subject {
                    self.mismatch(loc, name, term_subject, subject, "term");
                    return None;
                }
                Some(Expr::Term(id))
            }
            Some(Sym::Ruling(_)) => {
                self.error(CompileError::Invalid(
                    Problem::at(
                        "xqlaw::ruling-in-expression",
                        self.file,
                        name.loc,
                        format!("`{}` is a ruling, not a fact or a term", name.node),
                        "a ruling",
                    )
                    .help("expressions use facts and terms; define a term for the condition and use it in both places"),
                ));
                None
            }
            None => {
                let candidates = REGISTRY
                    .iter()
                    .map(|f| f.name)
                    .chain(self.scope.term_names.iter().map(String::as_str));
                let help = did_you_mean(&name.node, candidates);
                self.error(CompileError::UnknownName(
                    Problem::at(
                        "xqlaw::unknown::name",
                        self.file,
                        name.loc,
                        format!("unknown fact or term `{}`", name.node),
                        "not defined",
                    )
                    .maybe_help(help),
                ));
                None
            }
        }
    }

    fn mismatch(
        &mut self,
        loc: Loc,
        name: &Node<String>,
        is: Subject,
        wanted: Subject,
        what: &str,
    ) {
        let (message, help) = match (what, is) {
            ("fact", Subject::Threat) => (
                format!("`{}` is said of a threat, not a move", name.node),
                format!("use `any threat {}`", name.node),
            ),
            ("fact", _) => (
                format!("`{}` is said of a move, not a threat", name.node),
                "a threat expression (in a term `on threat`, after `any threat`, or before `on same target`) uses only threat facts and threat terms".to_owned(),
            ),
            (_, Subject::Threat) => (
                format!("`{}` is a term on threats, not on moves", name.node),
                format!("use `any threat {}`", name.node),
            ),
            _ => (
                format!("`{}` is a term on moves, not on threats", name.node),
                "a threat expression (in a term `on threat`, after `any threat`, or before `on same target`) uses only threat facts and threat terms".to_owned(),
            ),
        };
        self.error(CompileError::SubjectMismatch(
            Problem::at(
                "xqlaw::subject",
                self.file,
                loc,
                message,
                format!("in a {} expression", subject_word(wanted)),
            )
            .help(help),
        ));
    }

    /// Checks the piece kinds given to a fact; `None` after an error.
    fn roles(
        &mut self,
        loc: Loc,
        name: &Node<String>,
        params: Params,
        args: Option<&[Node<String>]>,
    ) -> Option<RoleSet> {
        match (params, args) {
            (Params::None, None) => Some(RoleSet::EMPTY),
            (Params::None, Some(_)) => {
                self.error(CompileError::WrongParams(
                    Problem::at(
                        "xqlaw::params",
                        self.file,
                        loc,
                        format!("`{}` takes no piece kinds", name.node),
                        "given piece kinds here",
                    )
                    .help(format!("write `{}`", name.node)),
                ));
                None
            }
            (Params::Roles, None) => {
                self.error(CompileError::WrongParams(
                    Problem::at(
                        "xqlaw::params",
                        self.file,
                        loc,
                        format!("`{}` needs piece kinds", name.node),
                        "no piece kinds",
                    )
                    .help(format!(
                        "write e.g. `{}(horse, cannon)`; the kinds are {}",
                        name.node,
                        role_list()
                    )),
                ));
                None
            }
            (Params::Roles, Some(args)) => {
                let mut set = RoleSet::EMPTY;
                let mut ok = true;
                for arg in args {
                    match ROLE_NAMES.iter().find(|(n, _)| *n == arg.node) {
                        Some((_, role)) => set = set.with(*role),
                        None => {
                            ok = false;
                            let help = did_you_mean(&arg.node, ROLE_NAMES.iter().map(|(n, _)| *n))
                                .unwrap_or_else(|| format!("the kinds are {}", role_list()));
                            self.error(CompileError::UnknownName(
                                Problem::at(
                                    "xqlaw::unknown::role",
                                    self.file,
                                    arg.loc,
                                    format!("unknown piece kind `{}`", arg.node),
                                    "not a piece kind",
                                )
                                .help(help),
                            ));
                        }
                    }
                }
                ok.then_some(set)
            }
        }
    }

    /// Resolves a pattern; `None` after an error.
    fn pattern(&mut self, p: &Node<ast::Pattern>) -> Option<Pattern> {
        match &p.node {
            ast::Pattern::And(xs) => self.patterns(xs).map(Pattern::And),
            ast::Pattern::Or(xs) => self.patterns(xs).map(Pattern::Or),
            ast::Pattern::Not(x) => Some(Pattern::Not(Box::new(self.pattern(x)?))),
            ast::Pattern::Opponent(x) => Some(Pattern::Opponent(Box::new(self.pattern(x)?))),
            ast::Pattern::Quantified {
                quantifier,
                body,
                targets,
            } => {
                let mut ok = true;
                if let Some(t) = targets {
                    let clause = match t.node {
                        TargetClause::SameTarget => "on same target",
                        TargetClause::SameTargetSameAttacker => "on same target by same attacker",
                        TargetClause::ChangingTargets => "on changing targets",
                    };
                    let allowed = match (quantifier.node, t.node) {
                        (Quantifier::Every, _) => true,
                        (Quantifier::AtLeast(_), TargetClause::ChangingTargets) => false,
                        (Quantifier::AtLeast(_), _) => true,
                        _ => false,
                    };
                    if !allowed {
                        ok = false;
                        let q = print::pattern(&ast::Pattern::Quantified {
                            quantifier: *quantifier,
                            body: Node::new(
                                ast::Expr::Call(Node::new("x".into(), Loc::default()), None),
                                Loc::default(),
                            ),
                            targets: None,
                        });
                        let q = q.trim_end_matches(" x").to_owned();
                        self.error(CompileError::Invalid(
                            Problem::at(
                                "xqlaw::target-clause",
                                self.file,
                                t.loc,
                                format!("`{clause}` cannot follow `{q}`"),
                                "target clause",
                            )
                            .label(quantifier.loc, "quantifier")
                            .help(if t.node == TargetClause::ChangingTargets {
                                "`on changing targets` follows `every move`".to_owned()
                            } else {
                                "`on same target` follows `every move` or `at least N moves`; for one move write `some move any threat …`".to_owned()
                            }),
                        ));
                    }
                }
                if quantifier.node == Quantifier::AtLeast(0) {
                    ok = false;
                    self.error(CompileError::Invalid(
                        Problem::at(
                            "xqlaw::at-least-zero",
                            self.file,
                            quantifier.loc,
                            "`at least 0 moves` always holds",
                            "always true",
                        )
                        .help("count from 1, or drop the pattern"),
                    ));
                }
                let subject = if targets.is_some() {
                    Subject::Threat
                } else {
                    Subject::Move
                };
                let body = self.expr(body, subject);
                if !ok {
                    return None;
                }
                Some(Pattern::Moves {
                    quantifier: quantifier.node,
                    body: body?,
                    targets: targets.map(|t| t.node),
                })
            }
        }
    }

    fn patterns(&mut self, xs: &[Node<ast::Pattern>]) -> Option<Vec<Pattern>> {
        let resolved: Vec<Option<Pattern>> = xs.iter().map(|x| self.pattern(x)).collect();
        resolved.into_iter().collect()
    }

    /// Resolves the name after `overrides`.
    fn overridden(&mut self, name: &Node<String>, by: &Node<String>) -> Option<RulingId> {
        if name.node == by.node {
            self.error(CompileError::Invalid(
                Problem::at(
                    "xqlaw::overrides::self",
                    self.file,
                    name.loc,
                    format!("ruling `{}` overrides itself", name.node),
                    "overridden here",
                )
                .help("a ruling can only set aside other rulings"),
            ));
            return None;
        }
        self.ruling_ref(name)
    }

    /// Resolves a ruling name (after `overrides` or `by`).
    fn ruling_ref(&mut self, name: &Node<String>) -> Option<RulingId> {
        match self.scope.syms.get(&name.node) {
            Some(Sym::Ruling(id)) => Some(*id),
            Some(Sym::Term(..)) => {
                self.error(CompileError::Invalid(
                    Problem::at(
                        "xqlaw::not-a-ruling",
                        self.file,
                        name.loc,
                        format!("`{}` is a term, not a ruling", name.node),
                        "a term",
                    )
                    .help("only rulings can be named here"),
                ));
                None
            }
            None => {
                let help = did_you_mean(
                    &name.node,
                    self.scope.ruling_names.iter().map(String::as_str),
                );
                let message = if lookup(&name.node).is_some() {
                    format!("`{}` is a fact, not a ruling", name.node)
                } else {
                    format!("unknown ruling `{}`", name.node)
                };
                self.error(CompileError::UnknownName(
                    Problem::at(
                        "xqlaw::unknown::ruling",
                        self.file,
                        name.loc,
                        message,
                        "not a ruling",
                    )
                    .maybe_help(help),
                ));
                None
            }
        }
    }
}

fn role_list() -> String {
    let names: Vec<&str> = ROLE_NAMES.iter().map(|(n, _)| *n).collect();
    names.join(", ")
}

/// Checks the verdict block and compiles its rows (ruling ids in definition order).
fn verdict(
    merged: &Merged,
    scope: &Scope,
    rulings: &[Ruling],
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Vec<VerdictRow> {
    let Some(def) = &merged.verdict else {
        errors.push(CompileError::Invalid(
            Problem::at(
                "xqlaw::verdict::missing",
                &merged.root,
                merged.name_loc,
                format!("rule set `{}` has no verdict", merged.name),
                "declared here",
            )
            .help("add a `verdict` block, e.g. `verdict side forbidden → side loses otherwise → draw`"),
        ));
        return Vec::new();
    };
    let mut rows = Vec::new();
    let mut otherwise: Option<Loc> = None;
    for row in &def.item.rows {
        if let Some(first) = otherwise {
            warnings.push(CompileWarning::Verdict(
                Problem::at(
                    "xqlaw::verdict::unreachable",
                    &def.file,
                    row.loc,
                    "this verdict row is never reached",
                    "unreachable",
                )
                .label(first, "this row always matches")
                .help("rows are tried top to bottom; move `otherwise` to the end")
                .warning(),
            ));
        }
        let mut conds = Vec::new();
        match &row.guard.node {
            Guard::Otherwise => {
                otherwise.get_or_insert(row.guard.loc);
            }
            Guard::All(cs) => {
                for c in cs {
                    let mut by = None;
                    if let Some(name) = &c.by {
                        let mut res = Resolver::new(scope, &def.file, errors);
                        by = res.ruling_ref(name);
                        if let Some(id) = by {
                            if let Some(r) = rulings.get(id.0) {
                                if r.outcome != c.outcome.node {
                                    errors.push(CompileError::Invalid(
                                        Problem::at(
                                            "xqlaw::verdict::outcome",
                                            &def.file,
                                            c.loc,
                                            format!(
                                                "ruling `{}` rules `{}`, not `{}`",
                                                r.id,
                                                print::outcome(r.outcome),
                                                print::outcome(c.outcome.node)
                                            ),
                                            "never holds",
                                        )
                                        .help(format!(
                                            "write `{} {} by {}`",
                                            match c.party.node {
                                                ast::Party::Side => "side",
                                                ast::Party::Other => "other",
                                            },
                                            print::outcome(r.outcome),
                                            r.id
                                        )),
                                    ));
                                }
                            }
                        }
                    }
                    conds.push(Cond {
                        party: c.party.node,
                        outcome: c.outcome.node,
                        by,
                    });
                }
            }
        }
        rows.push(VerdictRow {
            conds,
            result: row.result.node,
            text: print::verdict_row(&row.node),
        });
    }
    if otherwise.is_none() {
        let loc = def.item.rows.last().map_or(Loc::default(), |r| r.loc);
        warnings.push(CompileWarning::Verdict(
            Problem::at(
                "xqlaw::verdict::no-otherwise",
                &def.file,
                loc,
                "the verdict has no `otherwise` row",
                "last row",
            )
            .help(
                "plays no row matches are draws; end the verdict with `otherwise → draw` to say so",
            )
            .warning(),
        ));
    }
    rows
}

/// Reads the settings.
fn settings(merged: &Merged, errors: &mut Vec<CompileError>) -> Settings {
    let mut settings = Settings::default();
    for def in merged.settings.values() {
        let s = &def.item;
        match s.name.node.as_str() {
            "mate-plies" => match u32::try_from(s.value.node) {
                Ok(v) => settings.mate_plies = v,
                Err(_) => errors.push(CompileError::Invalid(
                    Problem::at(
                        "xqlaw::setting::range",
                        &def.file,
                        s.value.loc,
                        format!("setting `mate-plies` cannot be `{}`", s.value.node),
                        "too large",
                    )
                    .help("the mate-threat search depth is a number of plies, at most 4294967295"),
                )),
            },
            "mate-nodes" => settings.mate_nodes = s.value.node,
            other => {
                let help = did_you_mean(other, SETTING_NAMES.iter().copied())
                    .unwrap_or_else(|| format!("the settings are {}", SETTING_NAMES.join(", ")));
                errors.push(CompileError::UnknownName(
                    Problem::at(
                        "xqlaw::unknown::setting",
                        &def.file,
                        s.name.loc,
                        format!("unknown setting `{other}`"),
                        "not a setting",
                    )
                    .help(help),
                ));
            }
        }
    }
    settings
}
