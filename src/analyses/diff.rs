//! Comparing rule sets: where two variants of the law differ, in their definitions and in
//! their verdicts on the corpus, and which rulings decide each differing verdict.

mod definitions;
mod render;
mod verdicts;

use serde::Serialize;

pub use definitions::{Change, RuleDiff, SettingChange, diff};
pub use verdicts::verdict_changes;

use crate::analyses::{CaseRow, Decided};
use crate::corpus::Corpus;
use crate::vocab::CaseId;

/// Two rule sets compared: their definitions, and the corpus diagrams they judge differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Comparison {
    /// The first rule set's name.
    pub first: String,
    /// The second rule set's name.
    pub second: String,
    /// Where their definitions differ.
    pub diff: RuleDiff,
    /// The diagrams whose verdict changes, the first rule set's decision before and the
    /// second's after.
    #[serde(serialize_with = "first_and_second")]
    pub changes: Vec<CaseRow>,
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

/// The rows as `xqlaw diff --json` names their sides: `first` and `second`.
fn first_and_second<S: serde::Serializer>(rows: &[CaseRow], s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Row<'a> {
        #[serde(flatten)]
        case: &'a CaseId,
        first: &'a Option<Decided>,
        second: &'a Option<Decided>,
    }
    s.collect_seq(rows.iter().map(|r| Row {
        case: &r.case,
        first: &r.before,
        second: &r.after,
    }))
}
