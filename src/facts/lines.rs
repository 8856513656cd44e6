//! Low-level questions about a position that several facts share: who can capture what, and
//! whether a piece is held to one line.

use crate::xiangqi::{Color, Move, Position, Role, Square};

/// The position with `side` to move (passing if needed).
pub fn with_turn(pos: &Position, side: Color) -> Position {
    if pos.turn() == side { *pos } else { pos.pass() }
}

/// The legal captures of enemy pieces other than the king that `side` could make if it were to
/// move in `pos`.
pub fn captures(pos: &Position, side: Color) -> Vec<Move> {
    let p = with_turn(pos, side);
    p.legal_moves()
        .iter()
        .copied()
        .filter(|m| {
            p.piece_at(m.to)
                .is_some_and(|target| target.color != side && target.role != Role::King)
        })
        .collect()
}

/// The legal moves of the piece on `sq` for its owner, as if it were to move.
pub fn legal_moves_of(pos: &Position, sq: Square) -> Vec<Move> {
    let Some(piece) = pos.piece_at(sq) else {
        return Vec::new();
    };
    let p = with_turn(pos, piece.color);
    p.legal_moves()
        .iter()
        .copied()
        .filter(|m| m.from == sq)
        .collect()
}

/// Whether the piece on `sq` is held to one line: it has pseudo-legal moves off the rank or
/// off the file through `sq`, but every legal move keeps to one of them (no legal move at all
/// counts as held).
pub fn confined(pos: &Position, sq: Square) -> bool {
    let pseudo = pos.attacks_from(sq);
    let legal = legal_moves_of(pos, sq);
    let same_file = |t: &Square| t.file() == sq.file();
    let same_rank = |t: &Square| t.rank() == sq.rank();
    let held_to_file = legal.iter().all(|m| same_file(&m.to)) && !pseudo.iter().all(same_file);
    let held_to_rank = legal.iter().all(|m| same_rank(&m.to)) && !pseudo.iter().all(same_rank);
    held_to_file || held_to_rank
}

/// Whether the side to move in `pos` can legally move a piece to `sq`.
pub fn can_move_to(pos: &Position, sq: Square) -> bool {
    pos.legal_moves().iter().any(|m| m.to == sq)
}
