//! Conflicts inside one rule set: two rulings that apply to the same side of a spec diagram
//! with equal precedence (neither overrides the other, both in force), one allowing the play
//! and the other forbidding it.
//!
//! The evaluator still decides such a play (a forbidding ruling in force makes the side's play
//! forbidden), but the rule set does not say which of its two sentences governs: the committee
//! should say so with `overrides` or `unless`. `xqlaw check` runs every rule file over the
//! spec corpus and reports each colliding pair once, with the diagrams where it collides.

use miette::Diagnostic;
use rayon::prelude::*;
use thiserror::Error;

use crate::compile::err::Problem;
use crate::compile::{CompiledRules, Ruling};
use crate::eval::{SideJudgement, judge};
use crate::spec::SpecFile;
use crate::syntax::ast::Outcome;

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
        side.fired
            .iter()
            .filter(move |f| f.in_force() && f.outcome == outcome)
    };
    in_force(Outcome::Allowed)
        .flat_map(|a| in_force(Outcome::Forbidden).map(|f| (a.id.clone(), f.id.clone())))
        .collect()
}

/// Every conflict of `rules` on the diagrams of `specs` (spec files that do not replay are
/// skipped: `xqlaw test` reports them), in rule-set order of the forbidding ruling.
pub fn find(rules: &CompiledRules, specs: &[SpecFile]) -> Vec<Conflict> {
    let found: Vec<(String, String, String, &'static str)> = specs
        .par_iter()
        .flat_map_iter(|spec| {
            let judged = spec
                .position_and_moves()
                .and_then(|(start, moves)| judge(rules, &start, &moves).ok());
            judged
                .into_iter()
                .flat_map(|j| {
                    [&j.red, &j.black]
                        .into_iter()
                        .flat_map(|side| {
                            colliding(side)
                                .into_iter()
                                .map(|(a, f)| (a, f, spec.title.clone(), side.side.name()))
                        })
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
        .collect();
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

/// A conflict as a diagnostic pointing at both rulings.
#[derive(Debug, Error, Diagnostic)]
pub enum ConflictDiagnostic {
    /// Two rulings of equal precedence give one side different outcomes.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Conflict(Problem),
}

/// `ruling (article)`.
fn cited(r: &Ruling) -> String {
    match &r.meta.article {
        Some(article) => format!("`{}` ({article})", r.id),
        None => format!("`{}`", r.id),
    }
}

/// Where a ruling stands, as `file:line`.
fn place(r: &Ruling) -> String {
    let (file, loc) = &r.site;
    let line = file
        .text
        .get(..loc.start)
        .map_or(0, |t| t.lines().count().max(1));
    format!("{}:{line}", file.name)
}

impl ConflictDiagnostic {
    /// The diagnostic for `conflict` in `rules`; `None` if a ruling is not in `rules`.
    pub fn new(rules: &CompiledRules, conflict: &Conflict) -> Option<ConflictDiagnostic> {
        let allowing = rules.ruling(&conflict.allowing)?;
        let forbidding = rules.ruling(&conflict.forbidding)?;
        let diagrams: Vec<String> = conflict
            .diagrams
            .iter()
            .map(|(title, side)| format!("{title} ({side})"))
            .collect();
        let message = format!(
            "rulings {} and {} conflict: with equal precedence, one allows and the other \
             forbids the same side's play in {}",
            cited(allowing),
            cited(forbidding),
            diagrams.join(", ")
        );
        let (file, loc) = &forbidding.site;
        let mut problem = Problem::at(
            "xqlaw::conflict",
            file,
            *loc,
            message,
            format!(
                "forbids the play ({})",
                forbidding.meta.article.as_deref().unwrap_or("no article")
            ),
        );
        let allowed_label = format!(
            "allows it ({})",
            allowing.meta.article.as_deref().unwrap_or("no article")
        );
        let help = "say which governs: `overrides` on one of them, or an `unless` that keeps \
                    them apart (meanwhile the forbidding ruling wins)";
        if allowing.site.0 == *file {
            problem = problem.label(allowing.site.1, allowed_label);
            problem = problem.help(help);
        } else {
            problem = problem.help(format!(
                "{} {allowed_label} at {}; {help}",
                allowing.id,
                place(allowing)
            ));
        }
        Some(ConflictDiagnostic::Conflict(problem))
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            ConflictDiagnostic::Conflict(p) => p.message(),
        }
    }
}
