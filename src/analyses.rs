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
//! They share one case row ([`CaseRow`]) and one answer to "which rulings decided"
//! ([`Decided::of`]).

pub mod citations;
pub mod conflicts;
pub mod coverage;
pub mod diff;
mod rows;
pub mod trace;
pub mod whatif;

pub use rows::{CaseRow, Decided, Decider};
