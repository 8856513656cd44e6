//! Errors of the fact computation.

use crate::xiangqi::{Move, Position};

/// A move of the sequence could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("ply {ply} ({side}): `{mv}` is not a legal move")]
#[diagnostic(code(xqlaw::facts::illegal_move), help("legal moves here: {legal}"))]
pub struct FactsError {
    /// The ply, counted from 1.
    ply: usize,
    /// Who was to move.
    side: &'static str,
    /// The move as given.
    mv: Move,
    /// The legal moves in that position, in ICCS.
    legal: String,
}

impl FactsError {
    /// `mv`, the move of ply `index` (from 0), cannot be played in `pos`.
    pub(crate) fn illegal_move(index: usize, pos: &Position, mv: Move) -> FactsError {
        let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        FactsError {
            ply: index + 1,
            side: pos.turn().name(),
            mv,
            legal: legal.join(" "),
        }
    }

    /// The ply of the move, counted from 1.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The move that could not be played.
    pub fn mv(&self) -> Move {
        self.mv
    }
}
