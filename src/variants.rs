//! Comparing rule sets: where two variants of the law differ, in their definitions and in
//! their verdicts on the corpus, and which rulings decide each differing verdict.

mod definitions;
mod render;
mod verdicts;

use serde::Serialize;

pub use definitions::{Change, RuleDiff, SettingChange, diff};
pub(crate) use render::decision;
pub use verdicts::{Decider, Decision, VerdictChange, verdict_changes};

use crate::corpus::Corpus;

/// Two rule sets compared: their definitions, and the corpus diagrams they judge differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The first rule set's name.
    pub first: String,
    /// The second rule set's name.
    pub second: String,
    /// Where their definitions differ.
    pub diff: RuleDiff,
    /// The diagrams whose verdict changes.
    pub changes: Vec<VerdictChange>,
    /// How many diagrams were judged.
    pub diagrams: usize,
}

/// Compares rule sets `a` and `b` of `corpus` (indices into [`Corpus::rules`]). `None` if an
/// index is out of range.
pub fn compare(corpus: &Corpus, a: usize, b: usize) -> Option<Comparison> {
    let (first, second) = (corpus.rules.get(a)?, corpus.rules.get(b)?);
    Some(Comparison {
        first: first.name.clone(),
        second: second.name.clone(),
        diff: diff(first, second),
        changes: verdict_changes(corpus, a, b),
        diagrams: corpus.diagrams.len(),
    })
}
