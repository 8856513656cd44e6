//! Where two rule sets' definitions differ: settings, terms, rulings and the verdict table.
//!
//! Definitions are compared in their canonical form, printed from the compiled syntax tree
//! (see [`crate::syntax::print`]), and matched by name: layout, comments, doc comments and the
//! order of definitions in the file make no difference. A changed term also names the rulings
//! that use it, found in the predicate graph, because those are what the change can move.

use std::fmt::Write as _;

use serde::Serialize;

use crate::compile::graph::GraphNode;
use crate::compile::{CompiledRules, Meta, RulingId};
use crate::syntax::print;
use crate::vocab::Subject;

/// How one named definition differs between two rule sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum Change {
    /// Only in the second rule set.
    Added {
        /// Its name.
        id: String,
        /// Its definition, in canonical form.
        text: String,
        /// For a term: the rulings that use it.
        affects: Vec<String>,
    },
    /// Only in the first rule set.
    Removed {
        /// Its name.
        id: String,
        /// For a term: the rulings that used it.
        affects: Vec<String>,
    },
    /// In both, differently.
    Changed {
        /// Its name.
        id: String,
        /// The definition in the first rule set.
        before: String,
        /// The definition in the second rule set.
        after: String,
        /// For a term: the rulings that use it, in either rule set.
        affects: Vec<String>,
    },
}

impl Change {
    /// The name of the definition.
    pub fn id(&self) -> &str {
        match self {
            Change::Added { id, .. } | Change::Removed { id, .. } | Change::Changed { id, .. } => {
                id
            }
        }
    }

    /// The rulings a changed term can move (empty for rulings).
    pub fn affects(&self) -> &[String] {
        match self {
            Change::Added { affects, .. }
            | Change::Removed { affects, .. }
            | Change::Changed { affects, .. } => affects,
        }
    }
}

/// A setting whose value differs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SettingChange {
    /// The setting's name.
    pub name: String,
    /// Its value in the first rule set.
    pub before: u64,
    /// Its value in the second.
    pub after: u64,
}

/// The differences between two rule sets' definitions.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct RuleDiff {
    /// Settings whose values differ.
    pub settings: Vec<SettingChange>,
    /// Terms added, removed or changed.
    pub terms: Vec<Change>,
    /// Rulings added, removed or changed.
    pub rulings: Vec<Change>,
    /// The verdict tables (first, second), when they differ.
    pub verdict: Option<(String, String)>,
}

impl RuleDiff {
    /// Whether the two rule sets say the same thing.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
            && self.terms.is_empty()
            && self.rulings.is_empty()
            && self.verdict.is_none()
    }
}

/// A term's definition in canonical form, with its attributes.
fn term_text(subject: Subject, body: &str, meta: &Meta) -> String {
    format!("on {} = {body}{}", subject.keyword(), meta_text(meta))
}

/// The attributes that are part of the law (name, article, quote, gloss), one per line.
/// Doc comments are commentary and are not compared.
fn meta_text(meta: &Meta) -> String {
    let mut s = String::new();
    for (key, value) in [
        ("name", &meta.name),
        ("article", &meta.article),
        ("quote", &meta.quote),
        ("gloss", &meta.gloss),
        ("provisional", &meta.provisional),
    ] {
        if let Some(v) = value {
            let _ = write!(s, "\n    {key} {}", print::string(v));
        }
    }
    s
}

/// Every term of `rules` in canonical form, by name.
fn terms(rules: &CompiledRules) -> Vec<(String, String)> {
    rules
        .terms
        .iter()
        .map(|t| (t.id.clone(), term_text(t.subject, &t.text, &t.meta)))
        .collect()
}

/// Every ruling of `rules` in canonical form, by name.
fn rulings(rules: &CompiledRules) -> Vec<(String, String)> {
    rules
        .rulings
        .iter()
        .map(|x| {
            let mut text = format!("when {}", x.when_text);
            for u in &x.unless_text {
                let _ = write!(text, " unless {u}");
            }
            let _ = write!(text, " → {}", x.outcome.keyword());
            if x.graver {
                text.push_str(" graver");
            }
            // The order of an `overrides` or `restates` list means nothing.
            let names = |ids: &[RulingId]| {
                let mut names: Vec<&str> = ids
                    .iter()
                    .filter_map(|id| rules.rulings.get(id.0).map(|o| o.id.as_str()))
                    .collect();
                names.sort_unstable();
                names.join(", ")
            };
            for (keyword, ids) in [("overrides", &x.overrides), ("restates", &x.restates)] {
                if !ids.is_empty() {
                    let _ = write!(text, " {keyword} {}", names(ids));
                }
            }
            text.push_str(&meta_text(&x.meta));
            (x.id.clone(), text)
        })
        .collect()
}

/// The settings of `a` and `b` that differ.
fn settings(a: &CompiledRules, b: &CompiledRules) -> Vec<SettingChange> {
    let pairs = [
        (
            "mate-plies",
            u64::from(a.settings.mate_plies),
            u64::from(b.settings.mate_plies),
        ),
        ("mate-nodes", a.settings.mate_nodes, b.settings.mate_nodes),
        (
            "ruling-occurrence",
            u64::from(a.ruling_occurrence),
            u64::from(b.ruling_occurrence),
        ),
    ];
    pairs
        .into_iter()
        .filter(|(_, x, y)| x != y)
        .map(|(name, before, after)| SettingChange {
            name: name.to_owned(),
            before,
            after,
        })
        .collect()
}

/// Compares two rule sets definition by definition.
pub fn diff(a: &CompiledRules, b: &CompiledRules) -> RuleDiff {
    let rows = |r: &CompiledRules| -> String {
        r.verdict
            .iter()
            .map(|row| row.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (va, vb) = (rows(a), rows(b));
    let mut term_changes = changes(&terms(a), &terms(b));
    for change in &mut term_changes {
        let node = GraphNode::Term(change.id().to_owned());
        let mut users: Vec<String> = [a, b]
            .iter()
            .flat_map(|r| r.graph.users(&node))
            .filter_map(|n| match n {
                GraphNode::Ruling(id) => Some(id),
                _ => None,
            })
            .collect();
        users.sort_unstable();
        users.dedup();
        match change {
            Change::Added { affects, .. }
            | Change::Removed { affects, .. }
            | Change::Changed { affects, .. } => *affects = users,
        }
    }
    RuleDiff {
        settings: settings(a, b),
        terms: term_changes,
        rulings: changes(&rulings(a), &rulings(b)),
        verdict: (va != vb).then_some((va, vb)),
    }
}

/// The changes from `before` to `after`, both in definition order.
fn changes(before: &[(String, String)], after: &[(String, String)]) -> Vec<Change> {
    let mut out = Vec::new();
    for (id, text) in before {
        match after.iter().find(|(other, _)| other == id) {
            None => out.push(Change::Removed {
                id: id.clone(),
                affects: Vec::new(),
            }),
            Some((_, new)) if new != text => out.push(Change::Changed {
                id: id.clone(),
                before: text.clone(),
                after: new.clone(),
                affects: Vec::new(),
            }),
            Some(_) => {}
        }
    }
    for (id, text) in after {
        if !before.iter().any(|(other, _)| other == id) {
            out.push(Change::Added {
                id: id.clone(),
                text: text.clone(),
                affects: Vec::new(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_str;

    const A: &str = "rules a\nsetting mate-plies = 7\n\
        term t on move = check\n\
        term u on move = t or capture\n\
        ruling r when every move u → forbidden\n\
        ruling s when some move t → allowed overrides r\n\
        verdict\n    side forbidden → side loses\n    otherwise → draw\n";

    #[test]
    fn same_rules_have_no_differences() {
        let a = compile_str("a", A).unwrap();
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn a_reformatted_file_shows_no_difference() {
        let a = compile_str("a", A).unwrap();
        // Other layout, comments, doc comments, redundant parentheses, definitions reordered.
        let b = compile_str(
            "b",
            "rules b\n\n// a comment\nsetting   mate-plies = 7\n\
             /// Now documented.\nterm u on move =\n    (t)\n    or (capture)\n\
             term t on move = (check)\n\
             ruling s\n  when some move t\n  → allowed\n  overrides r\n\
             ruling r when every move (u) → forbidden\n\
             verdict\n    side forbidden → side loses\n    otherwise → draw\n",
        )
        .unwrap();
        let d = diff(&a, &b);
        assert!(d.is_empty(), "{d:?}");
    }

    #[test]
    fn added_removed_and_changed_definitions_are_found() {
        let a = compile_str("a", A).unwrap();
        let b_text = A
            .replace("rules a", "rules b")
            .replace("mate-plies = 7", "mate-plies = 9")
            .replace("term t on move = check", "term t on move = check or block")
            .replace(
                "ruling s when some move t → allowed overrides r",
                "ruling v when no move t → allowed",
            )
            .replace(
                "ruling r when every move u → forbidden",
                "ruling r when every move u → allowed",
            );
        let b = compile_str("b", &b_text).unwrap();
        let d = diff(&a, &b);
        assert_eq!(
            d.settings,
            vec![SettingChange {
                name: "mate-plies".to_owned(),
                before: 7,
                after: 9
            }]
        );
        // The term's change reaches `r` through `u`, and `s`/`v` directly.
        assert_eq!(d.terms.len(), 1);
        assert_eq!(d.terms[0].id(), "t");
        assert_eq!(d.terms[0].affects(), ["r", "s", "v"]);
        let ids: Vec<(&str, &str)> = d
            .rulings
            .iter()
            .map(|c| {
                let kind = match c {
                    Change::Added { .. } => "added",
                    Change::Removed { .. } => "removed",
                    Change::Changed { .. } => "changed",
                };
                (kind, c.id())
            })
            .collect();
        // In evaluation order: `s` overrode `r`, so it came first.
        assert_eq!(ids, [("removed", "s"), ("changed", "r"), ("added", "v")]);
    }
}
