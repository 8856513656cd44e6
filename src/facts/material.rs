//! Material won or lost by a sequence of captures.
//!
//! The facts that weigh a capture ask one question: if this capture is made, and both sides
//! then take whatever they like (or stop), how much material does the side that made it come
//! out ahead? Only captures are played, each legal, each side free to stop taking, a few plies
//! deep; the values are those of [`value`]. A side left without a legal move has lost its king,
//! which outweighs every piece.

use super::value::value;
use crate::xiangqi::{Move, Position};

/// Plies of captures looked at after the first one.
pub const CAPTURE_PLIES: u32 = 4;

/// The weight of a king lost: a side with no legal move.
const KING: i32 = 100;

/// The material the side to move in `pos` comes out ahead by if it plays the legal capture
/// `take`, then both sides take (or stop) at will for [`CAPTURE_PLIES`] more plies. Positive:
/// the capture wins material; negative: it loses some; zero: an even trade (or nothing taken
/// back). Zero for a move that takes nothing.
pub fn capture_balance(pos: &Position, take: Move) -> i32 {
    let Some(victim) = pos.piece_at(take.to) else {
        return 0;
    };
    let mut after = *pos;
    after.play_unchecked(take);
    i32::from(value(victim, take.to)) - best_gain(&after, CAPTURE_PLIES)
}

/// The most material the side to move in `pos` can win by captures alone within `plies`,
/// stopping whenever that is better: never below zero, unless it has no legal move at all.
fn best_gain(pos: &Position, plies: u32) -> i32 {
    if !pos.has_legal_move() {
        return -KING;
    }
    if plies == 0 {
        return 0;
    }
    pos.legal_captures()
        .iter()
        .filter_map(|&c| {
            let victim = pos.piece_at(c.to)?;
            let mut next = *pos;
            next.play_unchecked(c);
            Some(i32::from(value(victim, c.to)) - best_gain(&next, plies - 1))
        })
        .fold(0, i32::max)
}

#[cfg(test)]
mod tests {
    use super::capture_balance;
    use crate::xiangqi::Position;

    fn balance(fen: &str, mv: &str) -> i32 {
        capture_balance(&Position::from_fen(fen).unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn an_unguarded_piece_is_won_whole() {
        // The red rook takes a horse nothing guards.
        assert_eq!(balance("4k4/9/9/9/4h4/9/9/9/4R4/3K5 w", "e1e5"), 4);
    }

    #[test]
    fn a_guarded_piece_of_equal_worth_is_an_even_trade() {
        // The horse on e5 is guarded by the black horse on d7: horse takes horse, horse
        // takes back.
        assert_eq!(balance("4k4/9/3h5/9/4h4/9/5H3/9/9/3K5 w", "f3e5"), 0);
    }

    #[test]
    fn taking_a_guarded_piece_worth_less_loses() {
        // The red rook takes a pawn guarded by a horse: a rook for a pawn.
        assert_eq!(balance("4k4/9/3h5/9/4p4/9/9/9/4R4/3K5 w", "e1e5"), 1 - 9);
    }
}
