//! Conflicts inside one rule set: two rulings that apply to the same side of a spec diagram
//! with equal precedence (neither overrides the other, both in force), one allowing the play
//! and the other forbidding it.
//!
//! The evaluator still decides such a play (a forbidding ruling in force makes the side's play
//! forbidden), but the rule set does not say which of its two sentences governs: the committee
//! should say so with `overrides` or `unless`. `xqlaw check` looks at every rule file's
//! judgements of the spec corpus and reports each colliding pair once, with the diagrams
//! where it collides.

use miette::Diagnostic;
use thiserror::Error;

use crate::compile::{CompiledRules, Ruling};
use crate::corpus::Corpus;
use crate::eval::SideJudgement;
use crate::source::{Loc, SourceFile};
use crate::vocab::Outcome;

/// Two rulings of equal precedence that give one side different outcomes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The ruling that allows the play.
    pub allowing: String,
    /// The ruling that forbids it.
    pub forbidding: String,
    /// Where they collide: each diagram's title and the side they both apply to.
    pub diagrams: Vec<(String, &'static str)>,
}

/// The pairs of rulings in force for the same side, one allowing and one forbidding.
fn colliding(side: &SideJudgement) -> Vec<(String, String)> {
    let in_force = |outcome: Outcome| {
        side.rulings_in_force()
            .filter(move |f| f.outcome == outcome)
    };
    in_force(Outcome::Allowed)
        .flat_map(|a| in_force(Outcome::Forbidden).map(|f| (a.id.clone(), f.id.clone())))
        .collect()
}

/// Every conflict of rule set `k` of `corpus` (an index into [`Corpus::rules`]) on the
/// corpus's diagrams, in rule-set order of the forbidding ruling.
pub fn find(corpus: &Corpus, k: usize) -> Vec<Conflict> {
    let Some(rules) = corpus.rules.get(k) else {
        return Vec::new();
    };
    let found = corpus.diagrams.iter().flat_map(|d| {
        let judged = d.judgements.get(k).and_then(Option::as_ref);
        judged.into_iter().flat_map(move |j| {
            [&j.red, &j.black].into_iter().flat_map(move |side| {
                colliding(side)
                    .into_iter()
                    .map(move |(a, f)| (a, f, d.spec.title.clone(), side.side.name()))
            })
        })
    });
    let position = |id: &str| rules.rulings.iter().position(|r| r.id == id);
    let mut conflicts: Vec<Conflict> = Vec::new();
    for (allowing, forbidding, title, side) in found {
        let at = conflicts
            .iter()
            .position(|c| c.allowing == allowing && c.forbidding == forbidding);
        match at {
            Some(i) => {
                if let Some(c) = conflicts.get_mut(i) {
                    c.diagrams.push((title, side));
                }
            }
            None => conflicts.push(Conflict {
                allowing,
                forbidding,
                diagrams: vec![(title, side)],
            }),
        }
    }
    conflicts.sort_by_key(|c| (position(&c.forbidding), position(&c.allowing)));
    conflicts
}

/// Conflicts as diagnostics: one for each group of rulings that conflict with one another
/// (directly or through others). It points at the first forbidding ruling's own lines, and
/// each other ruling of the group follows as a related note at its own lines, once, however
/// many pairs it is in; the text between the rulings is not shown. A group of one pair reads
/// as that pair.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(
    code("xqlaw::conflict"),
    help(
        "say which governs: `overrides` on one of them, or an `unless` that keeps them apart \
         (meanwhile the forbidding ruling wins)"
    )
)]
pub struct ConflictDiagnostic {
    /// The rulings and where they collide.
    message: String,
    #[source_code]
    file: SourceFile,
    #[label(primary, "{role}")]
    at: Loc,
    /// What the first forbidding ruling does.
    role: String,
    /// The other rulings of the group, each at its own lines.
    #[related]
    others: Vec<RulingInConflict>,
}

/// One ruling of a conflict, at its own lines.
#[derive(Debug, Error, Diagnostic)]
#[error("{cited} {role}")]
#[diagnostic(severity(Advice))]
pub struct RulingInConflict {
    /// The ruling, cited.
    cited: String,
    /// What it does: allows or forbids the play.
    role: String,
    #[source_code]
    file: SourceFile,
    #[label("{role}")]
    at: Loc,
}

/// `ruling (article)`.
pub(crate) fn cited(r: &Ruling) -> String {
    match &r.meta.article {
        Some(article) => format!("`{}` ({article})", r.id),
        None => format!("`{}`", r.id),
    }
}

impl ConflictDiagnostic {
    /// The diagnostic for `conflict` in `rules`; `None` if a ruling is not in `rules`.
    pub fn new(rules: &CompiledRules, conflict: &Conflict) -> Option<ConflictDiagnostic> {
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
        let diagrams = |c: &Conflict| {
            c.diagrams
                .iter()
                .map(|(title, side)| format!("{title} ({side})"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let message = match group {
            [one] => format!(
                "rulings {} and {} conflict: with equal precedence, one allows and the other forbids the same side's play in {}",
                cited(rules.ruling(&one.allowing)?),
                cited(forbidding),
                diagrams(one)
            ),
            _ => {
                let mut by_forbidding: Vec<(&str, Vec<&Conflict>)> = Vec::new();
                for c in group {
                    match by_forbidding.iter_mut().find(|(f, _)| *f == c.forbidding) {
                        Some((_, cs)) => cs.push(c),
                        None => by_forbidding.push((&c.forbidding, vec![c])),
                    }
                }
                let lines: Vec<String> = by_forbidding
                    .iter()
                    .map(|(f, cs)| {
                        let against: Vec<String> = cs
                            .iter()
                            .map(|c| format!("`{}` in {}", c.allowing, diagrams(c)))
                            .collect();
                        format!("`{f}` forbids what {} allow", against.join("; "))
                    })
                    .collect();
                format!(
                    "{} rulings conflict in {} pairs: with equal precedence, one allows and the other forbids the same side's play; {}",
                    rulings_of(group).len(),
                    group.len(),
                    lines.join("; ")
                )
            }
        };
        let role = |r: &Ruling| {
            let article = r.meta.article.as_deref().unwrap_or("no article");
            if group.iter().any(|c| c.forbidding == r.id) {
                format!("forbids the play ({article})")
            } else {
                format!("allows it ({article})")
            }
        };
        let mut others = Vec::new();
        for id in rulings_of(group).into_iter().skip(1) {
            let r = rules.ruling(id)?;
            others.push(RulingInConflict {
                cited: cited(r),
                role: role(r),
                file: r.site.file.clone(),
                at: r.site.loc,
            });
        }
        Some(ConflictDiagnostic {
            message,
            file: forbidding.site.file.clone(),
            at: forbidding.site.loc,
            role: role(forbidding),
            others,
        })
    }
}

/// The rulings of a group of conflicts, each once, in order of appearance.
fn rulings_of(group: &[Conflict]) -> Vec<&str> {
    let mut ids: Vec<&str> = Vec::new();
    for c in group {
        for id in [c.forbidding.as_str(), c.allowing.as_str()] {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_str;
    use crate::corpus::Diagram;
    use crate::test_support::TOY_SPEC;

    fn rules(overrides: &str) -> CompiledRules {
        let text = format!(
            "rules toy\nterm checking on move = check\n\
             ruling perpetual-check when every move checking → forbidden {overrides}\n\
             ruling checks-allowed article \"X\" when some move checking → allowed\n\
             verdict\n    side forbidden → side loses\n    otherwise → draw\n"
        );
        compile_str("toy", &text).unwrap()
    }

    /// The toy diagram judged by `rules`.
    fn corpus(rules: CompiledRules) -> Corpus {
        let diagram = Diagram::from_text("toy/toy-01.yaml", TOY_SPEC);
        Corpus::new(vec![rules], vec![diagram])
    }

    #[test]
    fn rulings_in_force_with_opposite_outcomes_conflict() {
        let corpus = corpus(rules(""));
        let rules = &corpus.rules[0];
        let found = find(&corpus, 0);
        assert_eq!(
            found,
            [Conflict {
                allowing: "checks-allowed".to_owned(),
                forbidding: "perpetual-check".to_owned(),
                diagrams: vec![("Toy".to_owned(), "red")],
            }]
        );
        let diagnostic = ConflictDiagnostic::new(rules, &found[0]).unwrap();
        let message = diagnostic.to_string();
        assert!(
            message.contains("`checks-allowed` (X) and `perpetual-check` conflict"),
            "{message}"
        );
    }

    #[test]
    fn an_override_settles_the_precedence() {
        let found = find(&corpus(rules("overrides checks-allowed")), 0);
        assert!(found.is_empty(), "{found:?}");
    }
}
