//! The row every analysis of the corpus writes.
//!
//! A case judged on two sides (two rule sets, or a base and its amendment) is a [`CaseRow`]:
//! the case, its expected verdict, and each side's [`Decided`], the verdict with the rulings
//! behind it (the evaluator's one answer to "which rulings decided", [`Decided::of`]).
//! `xqlaw diff`, `xqlaw whatif`, the workbench and the docs print these rows; none of them
//! works out a verdict's rulings on its own.

use serde::Serialize;

use crate::eval::Decided;
use crate::vocab::{CaseId, Verdict};

/// A case judged on two sides: by two rule sets (`xqlaw diff`), or by a base and its
/// amendment (`xqlaw whatif`, the workbench).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseRow {
    /// The case.
    #[serde(flatten)]
    pub case: CaseId,
    /// The verdict its spec file expects from the first side's rule set, if it states one.
    pub expected: Option<Verdict>,
    /// The first side's decision (`None` if it could not judge the case).
    pub before: Option<Decided>,
    /// The second side's decision.
    pub after: Option<Decided>,
    /// Whether the verdict changes from one side to the other.
    pub changed: bool,
}

impl CaseRow {
    /// The row of `case`, judged `before` and `after`.
    pub fn new(
        case: CaseId,
        expected: Option<Verdict>,
        before: Option<Decided>,
        after: Option<Decided>,
    ) -> CaseRow {
        let verdict = |d: &Option<Decided>| d.as_ref().map(|d| d.verdict);
        let changed = verdict(&before) != verdict(&after);
        CaseRow {
            case,
            expected,
            before,
            after,
            changed,
        }
    }
}
