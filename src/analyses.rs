//! The analyses that judge a whole corpus, above the evaluator and below the renderers (the
//! docs, the workbench, the command line), which print their rows and compute nothing of
//! their own:
//!
//! - [`citations`]: the sentences of the law each definition cites, checked against the law's
//!   text (not a corpus analysis: it reads the rule files and the law);
//! - [`coverage`]: what each ruling of a rule set decides, and which rulings decide nothing;
//! - [`conflicts`]: rulings of one rule set that collide with equal precedence;
//! - [`diff`]: two rule sets compared, in their definitions and their verdicts;
//! - [`trace`]: every sentence of the law's Chương V with what encodes it and the diagrams
//!   that show it;
//! - [`whatif`]: an amended rule set judged against its base's expectations.
//!
//! They share one case row ([`CaseRow`]) and the evaluator's one answer to "which rulings
//! decided" ([`Decided::of`]).

pub mod citations;
pub mod conflicts;
pub mod coverage;
pub mod diff;
mod rows;
pub mod trace;
pub mod whatif;

pub use crate::eval::{Decided, Decider};
pub use rows::CaseRow;

/// A time after which a long analysis gives up, checked by the work itself between cases: a
/// server's request limit then stops the job, not only the wait for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline(Option<std::time::Instant>);

impl Deadline {
    /// No deadline: the work runs to its end.
    pub const NEVER: Deadline = Deadline(None);

    /// The work gives up after `at`.
    pub fn at(at: std::time::Instant) -> Deadline {
        Deadline(Some(at))
    }

    /// Whether the time is up.
    pub fn passed(self) -> bool {
        self.0.is_some_and(|at| std::time::Instant::now() >= at)
    }
}
