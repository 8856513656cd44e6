//! Errors of the evaluation stage.

use miette::Diagnostic;
use thiserror::Error;

use crate::facts::FactsError;

/// A play could not be judged.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum EvalError {
    /// A move of the play is not legal, so its facts cannot be computed.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Facts(FactsError),
    /// There is nothing to judge.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Empty(EmptyPlay),
}

/// The play to judge has no moves.
#[derive(Debug, Error, Diagnostic)]
#[error("there are no moves to judge")]
#[diagnostic(
    code(xqlaw::eval::empty),
    help("give the disputed moves, or the last cycle of a play that repeats a position")
)]
pub struct EmptyPlay(());

impl EmptyPlay {
    pub(crate) fn new() -> EmptyPlay {
        EmptyPlay(())
    }
}
