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
    let allowed: Vec<Square> = side_moves
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| m.to)
        .collect();
    held_to_line(sq, &pos.attacks_from(sq), &allowed)
}

/// Whether a piece on `sq` whose pseudo-legal destinations are `reach` is held to one line by
/// being allowed only `allowed`: every allowed destination keeps to the rank or the file
/// through `sq` while `reach` leaves it. No allowed move at all counts as held.
pub fn held_to_line(sq: Square, reach: &[Square], allowed: &[Square]) -> bool {
    let same_file = |t: &Square| t.file() == sq.file();
    let same_rank = |t: &Square| t.rank() == sq.rank();
    let held_to_file = allowed.iter().all(same_file) && !reach.iter().all(same_file);
    let held_to_rank = allowed.iter().all(same_rank) && !reach.iter().all(same_rank);
    held_to_file || held_to_rank
}

/// The destinations the standing constraints of the position allow the piece on `sq`: its
/// pseudo-legal moves that uncover no new attack on its own king (a pin by a rook, a horse
/// whose leg it is, a cannon it would leave with one screen or give a screen to, the flying
/// general). Whether its king is in check at the moment is not asked: a check binds the side
/// for one move, it does not pin a piece (a piece that cannot answer a check is not pinned).
pub fn standing_moves(pos: &Position, sq: Square) -> Vec<Square> {
    let Some(piece) = pos.piece_at(sq) else {
        return Vec::new();
    };
    let owner = piece.color;
    let own = with_turn(pos, owner);
    let king = own.king(owner);
    let standing: Vec<Square> = own.attackers_of(king, owner.other());
    pos.attacks_from(sq)
        .into_iter()
        .filter(|&to| {
            let mut next = own;
            next.play_unchecked(Move { from: sq, to });
            let king = if sq == king { to } else { king };
            next.attackers_of(king, owner.other())
                .iter()
                .all(|a| standing.contains(a))
        })
        .collect()
}

/// Whether the side to move in `pos` can legally move a piece to `sq`.
pub fn can_move_to(pos: &Position, sq: Square) -> bool {
    pos.legal_moves().iter().any(|m| m.to == sq)
}
