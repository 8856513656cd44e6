//! Which cases of the corpus two rule sets judge differently.

use crate::analyses::{CaseRow, Decided};
use crate::corpus::Corpus;

/// The cases of the corpus whose verdicts differ between rule sets `a` and `b` (indices into
/// [`Corpus::rules`]), `a`'s decision before and `b`'s after.
pub fn verdict_changes(corpus: &Corpus, a: usize, b: usize) -> Vec<CaseRow> {
    corpus
        .diagrams
        .iter()
        .map(|d| {
            let decided = |i: usize| d.judgements.get(i)?.as_ref().map(Decided::of);
            CaseRow::new(d.case(), None, decided(a), decided(b))
        })
        .filter(|row| row.changed)
        .collect()
}
