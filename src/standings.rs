//! Standings: a tournament's results scored and its players ranked by a standings form of a
//! rule set (the law's Chương IV, Điều 21), with every step explained.
//!
//! - `score`: points as exact fractions.
//! - `criteria`: the registry of the criteria a `rank` clause may name.
//! - `form` and `rules`: the compiled form, and the compile pass that merges the forms of an
//!   `extends` chain and checks them (run by the compiler, [`compile_str`](crate::compile_str)).
//! - `err`: the errors of the stage, a kind and a place each.

mod criteria;
mod err;
mod form;
mod ranking;
pub mod render;
mod rules;
mod score;
mod scoring;
mod table;
mod tournament;
mod whatif;

pub use criteria::{CRITERIA, CriterionKind, CriterionSpec};
pub use err::{FormError, FormErrorKind, ResultsError, ResultsErrorKind, ResultsErrors};
pub use form::{Citation, Cited, Criterion, Form, Points, Split, System, Withdrawal};
pub use ranking::{Gap, Ranking, Row, rank};
pub(crate) use rules::{FormDef, compile_forms};
pub use score::Score;
pub use scoring::{Record, Scored, Unit};
pub use table::{Request, Table, standings};
pub use tournament::{Game, GameResult, Outcome, Pairing, Player, Tournament, Withdrawn};
pub use whatif::{Comparison, Move, compare};
