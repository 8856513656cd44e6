//! The names a rule set defines: its terms and rulings, in one namespace shared with the facts.

use std::collections::HashMap;

use super::err::{CompileError, CompileErrorKind};
use super::inherit::Merged;
use super::ir::{RulingId, TermId};
use crate::facts::registry::lookup;
use crate::source::{Node, SourceFile};
use crate::vocab::Subject;

/// What a name defined by the rule set refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sym {
    /// A term, with what it is said of.
    Term(TermId, Subject),
    /// A ruling.
    Ruling(RulingId),
}

/// The names defined by the rule set, with their definition indices.
pub(super) struct Scope {
    syms: HashMap<String, Sym>,
    /// The term names, in definition order (for "did you mean").
    pub(super) term_names: Vec<String>,
    /// The ruling names, in definition order (for "did you mean").
    pub(super) ruling_names: Vec<String>,
}

impl Scope {
    /// The names of `merged`; reports terms and rulings named like facts.
    pub(super) fn new(merged: &Merged, errors: &mut Vec<CompileError>) -> Scope {
        let mut syms = HashMap::new();
        let mut shadow = |name: &Node<String>, file: &SourceFile, kind: &'static str| {
            if lookup(&name.node).is_some() {
                errors.push(CompileError::at(
                    file,
                    name.loc,
                    CompileErrorKind::NamedLikeFact {
                        kind,
                        name: name.node.clone(),
                    },
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

    /// What `name` refers to, if the rule set defines it.
    pub(super) fn get(&self, name: &str) -> Option<Sym> {
        self.syms.get(name).copied()
    }

    /// The definition index of the term `name`.
    pub(super) fn term(&self, name: &str) -> Option<usize> {
        match self.get(name) {
            Some(Sym::Term(id, _)) => Some(id.0),
            _ => None,
        }
    }

    /// The definition index of the ruling `name`.
    pub(super) fn ruling(&self, name: &str) -> Option<usize> {
        match self.get(name) {
            Some(Sym::Ruling(id)) => Some(id.0),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::inherit::inherit_str as merged;

    #[test]
    fn terms_and_rulings_share_one_namespace() {
        let (merged, _) = merged(
            "rules t\nterm a on threat = new\nruling r when every move any threat a → forbidden\n",
        );
        let mut errors = Vec::new();
        let scope = Scope::new(&merged, &mut errors);
        assert!(errors.is_empty());
        assert_eq!(scope.get("a"), Some(Sym::Term(TermId(0), Subject::Threat)));
        assert_eq!(scope.ruling("r"), Some(0));
        assert_eq!(scope.term("r"), None);
        assert_eq!(scope.get("check"), None);
    }

    #[test]
    fn a_term_named_like_a_fact_is_an_error() {
        let (merged, _) = merged("rules t\nterm check on move = block\n");
        let mut errors = Vec::new();
        let _ = Scope::new(&merged, &mut errors);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].to_string(), "term `check` has the name of a fact");
    }
}
