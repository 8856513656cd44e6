//! What `xqlaw check` says of a conflict: one diagnostic for each group of rulings that
//! conflict with one another, carried at the first forbidding ruling's lines by the one
//! carrier of errors about a place ([`SourceError`]), the other rulings of the group related
//! at their own lines. Each kind owns its message, code, help and label.

use std::fmt;

use miette::Diagnostic;
use thiserror::Error;

use super::{Conflict, rulings_of};
use crate::compile::{CompiledRules, Ruling};
use crate::source::{ErrorKind, SourceError};

/// Conflicts as a diagnostic: one for each group of rulings that conflict with one another
/// (directly or through others). It points at the first forbidding ruling's own lines, and
/// each other ruling of the group follows as a related note at its own lines
/// ([`ConflictKind::Ruling`]), once, however many pairs it is in; the text between the
/// rulings is not shown. A group of one pair reads as that pair.
pub type ConflictDiagnostic = SourceError<ConflictKind>;

/// What a conflict's diagnostic says.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum ConflictKind {
    /// Two rulings that conflict, and with no other.
    #[error(
        "rulings {allowing} and {forbidding} conflict: with equal precedence, one allows and the other forbids the same side's play in {}",
        places(diagrams)
    )]
    #[diagnostic(code("xqlaw::conflict"), help("{}", SAY_WHICH_GOVERNS))]
    Pair {
        /// The ruling that allows the play.
        allowing: CitedRuling,
        /// The ruling that forbids it.
        forbidding: CitedRuling,
        /// Each diagram's title and the side they both apply to.
        diagrams: Vec<(String, &'static str)>,
        /// What the forbidding ruling, where the diagnostic points, does.
        role: Role,
        /// The allowing ruling, at its own lines.
        #[related]
        others: Vec<ConflictDiagnostic>,
    },
    /// Rulings that conflict in several pairs, linked by the rulings they share.
    #[error(
        "{rulings} rulings conflict in {} pairs: with equal precedence, one allows and the other forbids the same side's play; {}",
        pairs.len(),
        by_forbidding(pairs)
    )]
    #[diagnostic(code("xqlaw::conflict"), help("{}", SAY_WHICH_GOVERNS))]
    Group {
        /// How many rulings are in the group.
        rulings: usize,
        /// The conflicting pairs.
        pairs: Vec<Conflict>,
        /// What the first forbidding ruling, where the diagnostic points, does.
        role: Role,
        /// The other rulings of the group, each at its own lines.
        #[related]
        others: Vec<ConflictDiagnostic>,
    },
    /// One ruling of a conflict, shown at its own lines beside the conflict's diagnostic.
    #[error("{cited} {role}")]
    #[diagnostic(severity(Advice))]
    Ruling {
        /// The ruling.
        cited: CitedRuling,
        /// What it does in the conflict.
        role: Role,
    },
}

/// What to do about a conflict, the help of every diagnostic of one.
const SAY_WHICH_GOVERNS: &str = "say which governs: `overrides` on one of them, or an `unless` that keeps them apart (meanwhile the forbidding ruling wins)";

impl ErrorKind for ConflictKind {
    fn label(&self) -> String {
        match self {
            ConflictKind::Pair { role, .. }
            | ConflictKind::Group { role, .. }
            | ConflictKind::Ruling { role, .. } => role.to_string(),
        }
    }
}

/// A ruling as a message cites it: `` `id` (article) ``, or `` `id` `` without an article.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitedRuling {
    id: String,
    article: Option<String>,
}

impl CitedRuling {
    /// The citation of `ruling`.
    pub(crate) fn of(ruling: &Ruling) -> CitedRuling {
        CitedRuling {
            id: ruling.id.clone(),
            article: ruling.meta.article.clone(),
        }
    }
}

impl fmt::Display for CitedRuling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.article {
            Some(article) => write!(f, "`{}` ({article})", self.id),
            None => write!(f, "`{}`", self.id),
        }
    }
}

/// What a ruling does in a conflict, with its article: the label at its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    /// It forbids the play.
    Forbids(Option<String>),
    /// It allows the play.
    Allows(Option<String>),
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (does, article) = match self {
            Role::Forbids(article) => ("forbids the play", article),
            Role::Allows(article) => ("allows it", article),
        };
        write!(f, "{does} ({})", article.as_deref().unwrap_or("no article"))
    }
}

/// `Hình 12 (red), Hình 13 (black)`.
fn places(diagrams: &[(String, &'static str)]) -> String {
    diagrams
        .iter()
        .map(|(title, side)| format!("{title} ({side})"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The pairs by their forbidding ruling, in order of appearance: `` `f` forbids what `a` in
/// Hình 1 (red); `b` in Hình 2 (black) allow``, each forbidding ruling's line after the other's.
fn by_forbidding(pairs: &[Conflict]) -> String {
    let mut grouped: Vec<(&str, Vec<&Conflict>)> = Vec::new();
    for c in pairs {
        match grouped.iter_mut().find(|(f, _)| *f == c.forbidding) {
            Some((_, cs)) => cs.push(c),
            None => grouped.push((&c.forbidding, vec![c])),
        }
    }
    grouped
        .iter()
        .map(|(f, cs)| {
            let against: Vec<String> = cs
                .iter()
                .map(|c| format!("`{}` in {}", c.allowing, places(&c.diagrams)))
                .collect();
            format!("`{f}` forbids what {} allow", against.join("; "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl ConflictDiagnostic {
    /// The diagnostic for `conflict` in `rules`; `None` if a ruling is not in `rules`.
    pub fn of(rules: &CompiledRules, conflict: &Conflict) -> Option<ConflictDiagnostic> {
        Self::of_group(rules, std::slice::from_ref(conflict))
    }

    /// The diagnostics for `conflicts` in `rules`, one per group of rulings linked by a
    /// conflict, in the order of their first conflict.
    pub fn grouped(rules: &CompiledRules, conflicts: &[Conflict]) -> Vec<ConflictDiagnostic> {
        let mut groups: Vec<Vec<Conflict>> = Vec::new();
        for c in conflicts {
            let touches = |g: &Vec<Conflict>| {
                g.iter().any(|o| {
                    [&o.allowing, &o.forbidding].contains(&&c.allowing)
                        || [&o.allowing, &o.forbidding].contains(&&c.forbidding)
                })
            };
            let linked: Vec<usize> = (0..groups.len())
                .filter(|&i| groups.get(i).is_some_and(touches))
                .collect();
            let mut merged = vec![c.clone()];
            // Merged from the last, so the indices left to take stay valid.
            for &i in linked.iter().rev() {
                merged.splice(0..0, groups.remove(i));
            }
            let at = linked.first().copied().unwrap_or(groups.len());
            groups.insert(at, merged);
        }
        groups
            .iter()
            .filter_map(|g| Self::of_group(rules, g))
            .collect()
    }

    fn of_group(rules: &CompiledRules, group: &[Conflict]) -> Option<ConflictDiagnostic> {
        let first = group.first()?;
        let forbidding = rules.ruling(&first.forbidding)?;
        let role = |r: &Ruling| {
            let article = r.meta.article.clone();
            if group.iter().any(|c| c.forbidding == r.id) {
                Role::Forbids(article)
            } else {
                Role::Allows(article)
            }
        };
        let mut others = Vec::new();
        for id in rulings_of(group).into_iter().skip(1) {
            let r = rules.ruling(id)?;
            let kind = ConflictKind::Ruling {
                cited: CitedRuling::of(r),
                role: role(r),
            };
            others.push(SourceError::new(kind, &r.site.file, r.site.loc));
        }
        let kind = match group {
            [one] => ConflictKind::Pair {
                allowing: CitedRuling::of(rules.ruling(&one.allowing)?),
                forbidding: CitedRuling::of(forbidding),
                diagrams: one.diagrams.clone(),
                role: role(forbidding),
                others,
            },
            _ => ConflictKind::Group {
                rulings: rulings_of(group).len(),
                pairs: group.to_vec(),
                role: role(forbidding),
                others,
            },
        };
        Some(SourceError::new(
            kind,
            &forbidding.site.file,
            forbidding.site.loc,
        ))
    }
}
