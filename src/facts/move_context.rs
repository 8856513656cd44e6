//! What the per-move fact computations share about one move: the positions on both sides of
//! it, the identities of the pieces, and the attacks that stood before it.
//!
//! Its own module because both the threat computation (`threats`) and the protection it
//! takes away (`protection_lost`) read it, and each of them calls the other's results.

use super::identity::Identities;
use super::model::{PieceAt, PieceId};
use crate::xiangqi::{Color, Move, Position};
use std::collections::HashSet;

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
    /// Identities after the move.
    pub ids: &'a Identities,
    /// The mover.
    pub mover: Color,
    /// The identity of the piece that moved.
    pub moved: PieceId,
    /// The identity of the piece the opponent moved on the previous ply, if any.
    pub previous_moved: Option<PieceId>,
    /// The mover's attacks before the move (see `threats::attack_pairs`).
    pub before_pairs: &'a HashSet<(PieceId, PieceId)>,
}
