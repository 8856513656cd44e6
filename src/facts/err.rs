//! Errors of the fact computation.

/// A move of the sequence could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("ply {ply} ({side}): `{mv}` is not a legal move")]
#[diagnostic(code(xqlaw::facts::illegal_move), help("legal moves here: {legal}"))]
pub struct FactsError {
    /// The ply, counted from 1.
    pub ply: usize,
    /// Who was to move.
    pub side: String,
    /// The move as given.
    pub mv: String,
    /// The legal moves in that position, in ICCS.
    pub legal: String,
}
