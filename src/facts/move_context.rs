//! What the per-move fact computations share about one move: the positions on both sides of
//! it, the legal moves there, the identities of the pieces, and the attacks that stood before
//! it.
//!
//! Its own module because both the threat computation (`threats`) and the protection it
//! takes away (`protection_lost`) read it, and each of them calls the other's results.

use super::identity::Identities;
use super::model::{PieceAt, PieceId};
use crate::xiangqi::{Color, Move, MoveList, Position};

/// The (attacker, target) identities of the attacks of one side on enemy pieces other than the
/// king, legal or not: for each attacker identity, its targets as bits of identities (a
/// position holds at most 32 pieces).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AttackPairs([u32; 32]);

impl AttackPairs {
    /// Whether `attacker` attacks `target`.
    pub fn contains(&self, attacker: PieceId, target: PieceId) -> bool {
        let bit = 1u32.checked_shl(u32::from(target.0)).unwrap_or(0);
        self.0
            .get(usize::from(attacker.0))
            .is_some_and(|targets| targets & bit != 0)
    }

    pub(super) fn insert(&mut self, attacker: PieceId, target: PieceId) {
        let bit = 1u32.checked_shl(u32::from(target.0)).unwrap_or(0);
        if let Some(targets) = self.0.get_mut(usize::from(attacker.0)) {
            *targets |= bit;
        }
    }
}

/// The legal captures of enemy pieces other than the king by both sides after the move, each
/// as if it were to move (`Position::legal_captures`).
pub struct SideCaptures {
    /// The mover's.
    pub mover: MoveList,
    /// The defender's (the side to move after the move).
    pub defender: MoveList,
}

/// What the threat computation needs to know about the move.
pub struct MoveContext<'a> {
    /// The position before the move (mover to move).
    pub before: &'a Position,
    /// The move.
    pub mv: Move,
    /// The piece the move took, if any, where it stood.
    pub captured: Option<PieceAt>,
    /// The position after the move (opponent to move).
    pub after: &'a Position,
    /// The legal captures of both sides after the move.
    pub after_captures: &'a SideCaptures,
    /// Identities after the move.
    pub ids: &'a Identities,
    /// The mover.
    pub mover: Color,
    /// The identity of the piece that moved.
    pub moved: PieceId,
    /// The identity of the piece the opponent moved on the previous ply, if any.
    pub previous_moved: Option<PieceId>,
    /// The mover's attacks before the move (see `threats::attack_pairs`).
    pub before_pairs: &'a AttackPairs,
}
