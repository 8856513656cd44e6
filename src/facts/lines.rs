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
    captures_among(&p, side, &p.legal_moves())
}

/// [`captures`], given the legal moves of `side` in `pos`.
pub fn captures_among(pos: &Position, side: Color, side_moves: &[Move]) -> Vec<Move> {
    side_moves
        .iter()
        .copied()
        .filter(|m| {
            pos.piece_at(m.to)
                .is_some_and(|target| target.color != side && target.role != Role::King)
        })
        .collect()
}

/// Whether the piece on `sq` is held to one line: it has pseudo-legal moves off the rank or
/// off the file through `sq`, but every legal move (among `side_moves`, the legal moves of its
/// side) keeps to one of them. No legal move at all counts as held.
pub fn confined_among(pos: &Position, sq: Square, side_moves: &[Move]) -> bool {
    let pseudo = pos.attacks_from(sq);
    let legal: Vec<&Move> = side_moves.iter().filter(|m| m.from == sq).collect();
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
