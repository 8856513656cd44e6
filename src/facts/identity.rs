//! Piece identity through a sequence: which piece stands on which square.
//!
//! A chased piece that flees is the same piece on its new square, so the identities are
//! assigned once, from the start position, and carried along by every move.

use super::model::{PieceAt, PieceId};
use crate::xiangqi::{Move, Position, Square};

/// Which identity stands on each square ([`NONE`] on empty squares). Plain bytes, so that the
/// memo of plies, keyed by them, hashes and compares them as one block.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Identities {
    by_square: [u8; 90],
}

/// The byte of an empty square: no identity (a position holds at most 32 pieces).
const NONE: u8 = u8::MAX;

impl Identities {
    /// Numbers the pieces of `pos` in square order.
    pub fn new(pos: &Position) -> Identities {
        let mut by_square = [NONE; 90];
        for (n, (sq, _)) in pos.pieces().enumerate() {
            // INVARIANT: a position holds at most 32 pieces, so `n` fits in a u8 below NONE.
            if let (Some(slot), Ok(id)) = (by_square.get_mut(sq.index()), u8::try_from(n)) {
                *slot = id;
            }
        }
        Identities { by_square }
    }

    /// The identity on `sq`, if a piece stands there.
    pub fn at(&self, sq: Square) -> Option<PieceId> {
        self.by_square
            .get(sq.index())
            .copied()
            .filter(|&id| id != NONE)
            .map(PieceId)
    }

    /// The piece on `sq` of `pos`, with its identity.
    pub fn piece_at(&self, pos: &Position, sq: Square) -> Option<PieceAt> {
        let piece = pos.piece_at(sq)?;
        let id = self.at(sq)?;
        Some(PieceAt {
            id,
            piece,
            square: sq,
        })
    }

    /// Carries the identities along a move (the captured identity, if any, disappears).
    pub fn play(&mut self, mv: Move) {
        let moving = self.by_square.get(mv.from.index()).copied().unwrap_or(NONE);
        if let Some(slot) = self.by_square.get_mut(mv.from.index()) {
            *slot = NONE;
        }
        if let Some(slot) = self.by_square.get_mut(mv.to.index()) {
            *slot = moving;
        }
    }
}
