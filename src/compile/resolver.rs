//! Resolving the expressions and patterns of one definition: every name to a fact, a term or
//! a ruling, subjects and piece kinds checked, target clauses checked against their
//! quantifier.

use super::err::{CompileError, CompileErrorKind};
use super::graph::GraphNode;
use super::ir::{Expr, Pattern, RulingId, TermId};
use super::scope::{Scope, Sym};
use crate::facts::registry::{ROLE_NAMES, lookup};
use crate::facts::{Params, REGISTRY, RoleSet};
use crate::source::{Loc, Node, SourceFile};
use crate::syntax::ast::{self, ThreatQuantifier};
use crate::syntax::print;
use crate::vocab::Subject;
use crate::vocab::{Quantifier, TargetClause};
use crate::words::suggestion;

/// Resolution of one definition's expressions and patterns, written in `file`.
pub(super) struct Resolver<'a> {
    scope: &'a Scope,
    file: &'a SourceFile,
    errors: &'a mut Vec<CompileError>,
    /// The facts and terms used, for the predicate graph.
    pub(super) uses: Vec<GraphNode>,
    /// The terms used.
    pub(super) used_terms: Vec<TermId>,
}

impl<'a> Resolver<'a> {
    pub(super) fn new(
        scope: &'a Scope,
        file: &'a SourceFile,
        errors: &'a mut Vec<CompileError>,
    ) -> Self {
        Resolver {
            scope,
            file,
            errors,
            uses: Vec::new(),
            used_terms: Vec::new(),
        }
    }

    /// Resolves `e` said of `subject`; `None` after an error.
    pub(super) fn expr(&mut self, e: &Node<ast::Expr>, subject: Subject) -> Option<Expr> {
        match &e.node {
            ast::Expr::And(xs) => self.exprs(xs, subject).map(Expr::And),
            ast::Expr::Or(xs) => self.exprs(xs, subject).map(Expr::Or),
            ast::Expr::Not(x) => Some(Expr::Not(Box::new(self.expr(x, subject)?))),
            ast::Expr::Threats(q, x) => {
                if subject == Subject::Threat {
                    self.errors.push(CompileError::at(
                        self.file,
                        e.loc,
                        CompileErrorKind::ThreatsOfThreat {
                            quantifier: match q {
                                ThreatQuantifier::Any => "any",
                                ThreatQuantifier::No => "no",
                            },
                            inner: print::expr(&x.node),
                        },
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

    fn exprs(&mut self, xs: &[Node<ast::Expr>], subject: Subject) -> Option<Vec<Expr>> {
        let resolved: Vec<Option<Expr>> = xs.iter().map(|x| self.expr(x, subject)).collect();
        resolved.into_iter().collect()
    }

    /// Resolves a fact or a term, with its piece kinds, written at `loc`.
    fn call(
        &mut self,
        loc: Loc,
        name: &Node<String>,
        args: Option<&[Node<String>]>,
        subject: Subject,
    ) -> Option<Expr> {
        if let Some(spec) = lookup(&name.node) {
            self.uses.push(GraphNode::Fact(spec.name.to_owned()));
            let roles = self.roles(loc, name, spec.params, args);
            if spec.subject != subject {
                let kind = CompileErrorKind::wrong_subject(&name.node, false, spec.subject);
                self.errors.push(CompileError::at(self.file, loc, kind));
                return None;
            }
            return Some(Expr::Fact(spec, roles?));
        }
        let file = self.file.clone();
        match self.scope.get(&name.node) {
            Some(Sym::Term(id, term_subject)) => {
                self.uses.push(GraphNode::Term(name.node.clone()));
                self.used_terms.push(id);
                let name = name.node.clone();
                if args.is_some() {
                    let at = loc;
                    self.errors.push(CompileError::at(
                        &file,
                        at,
                        CompileErrorKind::TermWithPieceKinds { name },
                    ));
                    return None;
                }
                if term_subject != subject {
                    let kind = CompileErrorKind::wrong_subject(&name, true, term_subject);
                    self.errors.push(CompileError::at(&file, loc, kind));
                    return None;
                }
                Some(Expr::Term(id))
            }
            Some(Sym::Ruling(_)) => {
                self.errors.push(CompileError::at(
                    &file,
                    name.loc,
                    CompileErrorKind::RulingInExpression {
                        name: name.node.clone(),
                    },
                ));
                None
            }
            None => {
                let candidates = REGISTRY
                    .iter()
                    .map(|f| f.name)
                    .chain(self.scope.term_names.iter().map(String::as_str));
                self.errors.push(CompileError::at(
                    &file,
                    name.loc,
                    CompileErrorKind::UnknownName {
                        name: name.node.clone(),
                        suggestion: suggestion(&name.node, candidates),
                    },
                ));
                None
            }
        }
    }

    /// Checks the piece kinds given to a fact; `None` after an error.
    fn roles(
        &mut self,
        loc: Loc,
        name: &Node<String>,
        params: Params,
        args: Option<&[Node<String>]>,
    ) -> Option<RoleSet> {
        let kinds: Vec<&str> = ROLE_NAMES.iter().map(|(n, _)| *n).collect();
        let (file, at) = (self.file.clone(), loc);
        match (params, args) {
            (Params::None, None) => Some(RoleSet::EMPTY),
            (Params::None, Some(_)) => {
                let name = name.node.clone();
                self.errors.push(CompileError::at(
                    &file,
                    at,
                    CompileErrorKind::FactWithPieceKinds { name },
                ));
                None
            }
            (Params::Roles, None) => {
                self.errors.push(CompileError::at(
                    &file,
                    at,
                    CompileErrorKind::NoPieceKinds {
                        name: name.node.clone(),
                        kinds: kinds.join(", "),
                    },
                ));
                None
            }
            (Params::Roles, Some(args)) => {
                let mut set = Some(RoleSet::EMPTY);
                for arg in args {
                    match ROLE_NAMES.iter().find(|(n, _)| *n == arg.node) {
                        Some((_, role)) => set = set.map(|s| s.with(*role)),
                        None => {
                            set = None;
                            let kind = CompileErrorKind::unknown_piece_kind(&arg.node, &kinds);
                            self.errors.push(CompileError::at(self.file, arg.loc, kind));
                        }
                    }
                }
                set
            }
        }
    }

    /// Resolves a pattern; `None` after an error.
    pub(super) fn pattern(&mut self, p: &Node<ast::Pattern>) -> Option<Pattern> {
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
                    ok &= self.target_clause(*quantifier, *t);
                }
                if quantifier.node == Quantifier::AtLeast(0) {
                    ok = false;
                    self.errors.push(CompileError::at(
                        self.file,
                        quantifier.loc,
                        CompileErrorKind::AtLeastZero,
                    ));
                }
                // A target clause makes the body a threat expression.
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

    /// Checks that the target clause `t` may follow `quantifier`: `on same target` follows
    /// `every move` or `at least N moves`, `on changing targets` only `every move`.
    fn target_clause(&mut self, quantifier: Node<Quantifier>, t: Node<TargetClause>) -> bool {
        let allowed = match (quantifier.node, t.node) {
            (Quantifier::Every, _) => true,
            (Quantifier::AtLeast(_), TargetClause::ChangingTargets) => false,
            (Quantifier::AtLeast(_), _) => true,
            _ => false,
        };
        if allowed {
            return true;
        }
        let written = print::quantifier(quantifier.node);
        let (file, at, quantifier_at) = (self.file.clone(), t.loc, quantifier.loc);
        self.errors.push(match t.node {
            TargetClause::ChangingTargets => CompileError::at(
                &file,
                at,
                CompileErrorKind::ChangingTargetsAfter {
                    quantifier_at,
                    quantifier: written,
                },
            ),
            TargetClause::SameTarget | TargetClause::SameTargetSameAttacker => CompileError::at(
                &file,
                at,
                CompileErrorKind::SameTargetAfter {
                    quantifier_at,
                    clause: print::target_clause(t.node),
                    quantifier: written,
                },
            ),
        });
        false
    }

    /// Resolves the name after `overrides` in the ruling `by`.
    pub(super) fn overridden(
        &mut self,
        name: &Node<String>,
        by: &Node<String>,
    ) -> Option<RulingId> {
        if name.node == by.node {
            self.errors.push(CompileError::at(
                self.file,
                name.loc,
                CompileErrorKind::OverridesItself {
                    name: name.node.clone(),
                },
            ));
            return None;
        }
        self.ruling_ref(name)
    }

    /// Resolves a ruling named after `restates` in ruling `by`.
    pub(super) fn restated(&mut self, name: &Node<String>, by: &Node<String>) -> Option<RulingId> {
        if name.node == by.node {
            self.errors.push(CompileError::at(
                self.file,
                name.loc,
                CompileErrorKind::RestatesItself {
                    name: name.node.clone(),
                },
            ));
            return None;
        }
        self.ruling_ref(name)
    }

    /// Resolves a ruling name (after `overrides`, `restates` or `by`).
    pub(super) fn ruling_ref(&mut self, name: &Node<String>) -> Option<RulingId> {
        let (file, at, written) = (self.file.clone(), name.loc, name.node.clone());
        match self.scope.get(&name.node) {
            Some(Sym::Ruling(id)) => return Some(id),
            Some(Sym::Term(..)) => self.errors.push(CompileError::at(
                &file,
                at,
                CompileErrorKind::TermNotRuling { name: written },
            )),
            None => {
                let rulings = self.scope.ruling_names.iter().map(String::as_str);
                let suggestion = suggestion(&name.node, rulings);
                self.errors.push(if lookup(&name.node).is_some() {
                    CompileError::at(
                        &file,
                        at,
                        CompileErrorKind::FactNotRuling {
                            name: written,
                            suggestion,
                        },
                    )
                } else {
                    CompileError::at(
                        &file,
                        at,
                        CompileErrorKind::UnknownRuling {
                            name: written,
                            suggestion,
                        },
                    )
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::inherit::inherit_str;

    /// Resolves the `when` of the last ruling of `text`; the errors it reports.
    fn when(text: &str) -> (Option<Pattern>, Vec<String>) {
        let (merged, mut errors) = inherit_str(text);
        let scope = Scope::new(&merged, &mut errors);
        let def = merged.rulings.last().unwrap();
        let mut resolver = Resolver::new(&scope, &def.file, &mut errors);
        let pattern = resolver.pattern(&def.item.when);
        (pattern, errors.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn resolves_facts_and_terms() {
        let (pattern, errors) = when(
            "rules t\nterm c on move = check\n\
             ruling r when every move (c or any threat attacker(rook)) → forbidden\n",
        );
        assert!(errors.is_empty(), "{errors:?}");
        let Some(Pattern::Moves { body, .. }) = pattern else {
            panic!("{pattern:?}")
        };
        let Expr::Or(parts) = body else {
            panic!("{body:?}")
        };
        assert!(matches!(parts[0], Expr::Term(TermId(0))));
        assert!(matches!(parts[1], Expr::AnyThreat(_)));
    }

    #[test]
    fn a_misspelt_fact_gets_a_suggestion() {
        let (pattern, errors) = when("rules t\nruling r when every move chek → forbidden\n");
        assert!(pattern.is_none());
        assert_eq!(errors, ["unknown fact or term `chek`"]);
    }

    #[test]
    fn a_threat_fact_in_a_move_expression_is_an_error() {
        let (_, errors) = when("rules t\nruling r when every move new → forbidden\n");
        assert_eq!(errors, ["`new` is said of a threat, not a move"]);
    }

    #[test]
    fn a_target_clause_after_some_move_is_an_error() {
        let (_, errors) = when("rules t\nruling r when some move new on same target → forbidden\n");
        assert_eq!(errors, ["`on same target` cannot follow `some move`"]);
    }

    #[test]
    fn every_unknown_piece_kind_is_reported() {
        let (_, errors) = when(
            "rules t\nruling r when every move any threat attacker(horze, canon) → forbidden\n",
        );
        assert_eq!(
            errors,
            ["unknown piece kind `horze`", "unknown piece kind `canon`"]
        );
    }
}
