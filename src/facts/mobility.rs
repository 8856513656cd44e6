//! Where a piece can go as the position stands, the questions several facts share: the
//! moves its pins and lines leave it, whether it can reach a square, and whether it is held to
//! one line.

use crate::xiangqi::{Color, Move, Position, Square, SquareSet};

/// The position with `side` to move (passing if needed).
pub fn with_turn(pos: &Position, side: Color) -> Position {
    if pos.turn() == side { *pos } else { pos.pass() }
}

/// Whether a piece on `sq` whose pseudo-legal destinations are `reach` is held to one line by
/// being allowed only `allowed`: every allowed destination keeps to the rank or the file
/// through `sq` while `reach` leaves it. No allowed move at all counts as held.
pub fn held_to_line(sq: Square, reach: SquareSet, allowed: SquareSet) -> bool {
    let same_file = |t: Square| t.file() == sq.file();
    let same_rank = |t: Square| t.rank() == sq.rank();
    let held_to_file = allowed.iter().all(same_file) && !reach.iter().all(same_file);
    let held_to_rank = allowed.iter().all(same_rank) && !reach.iter().all(same_rank);
    held_to_file || held_to_rank
}

/// The destinations the standing constraints of the position allow the piece on `sq`: its
/// pseudo-legal moves that uncover no new attack on its own king (a pin by a rook, a horse
/// whose leg it is, a cannon it would leave with one screen or give a screen to, the flying
/// general). Whether its king is in check at the moment is not asked: a check binds the side
/// for one move, it does not pin a piece (a piece that cannot answer a check is not pinned).
pub fn standing_moves(pos: &Position, sq: Square) -> SquareSet {
    let Some(piece) = pos.piece_at(sq) else {
        return SquareSet::EMPTY;
    };
    let owner = piece.color;
    let own = with_turn(pos, owner);
    let king = own.king(owner);
    let standing = own.attackers(king, owner.other());
    let zone = own.king_zone(owner);
    pos.reach(sq)
        .iter()
        .filter(|&to| {
            // A move that touches none of the squares deciding the king's attackers leaves
            // them as they stand.
            if !zone.contains(sq) && !zone.contains(to) {
                return true;
            }
            let mut next = own;
            next.play_unchecked(Move { from: sq, to });
            let king = if sq == king { to } else { king };
            next.attackers(king, owner.other()).is_subset(standing)
        })
        .collect()
}

/// [`standing_moves`] in one position, each square asked once: a ply's threats and holds ask
/// about the same few pieces (a target of several attackers, a held target).
pub struct StandingMoves<'a> {
    pos: &'a Position,
    known: Vec<(Square, SquareSet)>,
}

impl<'a> StandingMoves<'a> {
    /// No square asked yet in `pos`.
    pub fn new(pos: &'a Position) -> Self {
        StandingMoves {
            pos,
            known: Vec::new(),
        }
    }

    /// `standing_moves(pos, sq)`.
    pub fn of(&mut self, sq: Square) -> SquareSet {
        if let Some(&(_, moves)) = self.known.iter().find(|(s, _)| *s == sq) {
            return moves;
        }
        let moves = standing_moves(self.pos, sq);
        self.known.push((sq, moves));
        moves
    }
}

/// Whether the side to move in `pos` can legally move a piece to `sq`.
pub fn can_move_to(pos: &Position, sq: Square) -> bool {
    pos.has_legal_move_to(sq)
}
