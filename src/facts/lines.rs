//! Low-level questions about a position that several facts share: who can capture what, and
//! whether a piece is held to one line.

use crate::xiangqi::{Color, Move, MoveList, Position, Square, SquareSet};

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

/// The legal captures of enemy pieces other than the king by the side to move in `pos`: the
/// moves of [`Position::legal_moves`] that take such a piece, in the same order. Only the
/// pieces that reach such a piece are asked, and only their captures are tested for the
/// safety of their king: threats, blocks and evasions ask about captures alone.
pub fn legal_captures(pos: &Position) -> MoveList {
    let enemy = pos.turn().other();
    let victims = pos.occupied(enemy).without(pos.king(enemy));
    let mut list = MoveList::new();
    if victims.is_empty() {
        return list;
    }
    let legality = pos.legality();
    for from in pos.occupied(pos.turn()).iter() {
        let caps = SquareSet::intersection(pos.reach(from), victims);
        let mut only = caps.iter();
        match (only.next(), only.next()) {
            (None, _) => {}
            (Some(to), None) => {
                let m = Move { from, to };
                if legality.allows(pos, m) {
                    list.push(m);
                }
            }
            // Several: in the order the piece's moves are listed.
            _ => {
                for &m in pos.legal_moves_from(from, &legality).iter() {
                    if caps.contains(m.to) {
                        list.push(m);
                    }
                }
            }
        }
    }
    list
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

#[cfg(test)]
mod tests {
    use crate::xiangqi::{Position, Role, random_walks};

    #[test]
    fn legal_captures_are_the_legal_moves_that_take_a_piece_other_than_the_king() {
        // The threats, blocks and evasions read captures from `legal_captures`, in its order:
        // it must list exactly the legal moves onto enemy pieces other than the king, in the
        // order of `legal_moves` (checks, pins, cannon screens and facing kings included).
        let fens = [
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
            "2e1ka3/4a4/4e4/p8/2h6/6R2/P3c4/4C4/4A4/2EK1AE2 w",
            "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w",
            "2baka3/C4rN2/4b1n2/1Rp5p/6p2/2P6/4c1P1c/4B3C/4A4/4KAB2 w",
            "4k4/R8/1R7/9/9/9/9/9/9/3K5 w",
        ];
        let positions: Vec<Position> = random_walks(&fens, 0x5851_f42d_4c95_7f2d, 12, 2);
        let mut captures = 0;
        for pos in positions {
            let expected: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| {
                    pos.piece_at(m.to)
                        .is_some_and(|t| t.color != pos.turn() && t.role != Role::King)
                })
                .collect();
            assert_eq!(
                &*super::legal_captures(&pos),
                expected.as_slice(),
                "{pos:?}"
            );
            captures += expected.len();
        }
        assert!(captures > 100, "{captures}");
    }
}
