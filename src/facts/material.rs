//! Material won or lost by a sequence of captures.
//!
//! The facts that weigh a capture ask one question: if this capture is made, and both sides
//! then take whatever they like (or stop), how much material does the side that made it come
//! out ahead? Only captures are played, each legal, each side free to stop taking, a few plies
//! deep; the values are those of [`value`]. A side left without a legal move has lost its king,
//! which outweighs every piece.

use std::cmp::{Ordering, Reverse};

use super::value::value;
use crate::xiangqi::{Move, Position};

/// Plies of captures looked at after the first one.
pub const CAPTURE_PLIES: u32 = 4;

/// The weight of a king lost: a side with no legal move.
const KING: i32 = 100;

/// Whether the side to move in `pos` comes out ahead ([`Ordering::Greater`]: the capture wins
/// material), behind ([`Ordering::Less`]: it loses some) or even (an even trade, nothing
/// taken back, or a move that takes nothing) if it plays the legal capture `take`, then both
/// sides take (or stop) at will for [`CAPTURE_PLIES`] more plies.
///
/// Only the sign is asked for, because that is all a fact says ("the capture wins", "loses"),
/// and the sign is much cheaper to know than the amount: the search below stops looking at a
/// line as soon as it cannot change which side of zero the answer falls on.
pub fn capture_outcome(pos: &Position, take: Move) -> Ordering {
    let Some(victim) = pos.piece_at(take.to) else {
        return Ordering::Equal;
    };
    let mut after = *pos;
    after.play_unchecked(take);
    let won = i32::from(value(victim, take.to));
    // The balance `won - gain` is asked only inside (-1, 1): the opponent's gain inside
    // (won - 1, won + 1).
    let gain = best_gain(&after, CAPTURE_PLIES, won - 1, won + 1);
    (won - gain).cmp(&0)
}

/// The most material the side to move in `pos` can win by captures alone within `plies`,
/// stopping whenever that is better: never below zero, unless it has no legal move at all
/// (then [`KING`] lost).
///
/// Searched inside the window `alpha < answer < beta` (alpha-beta): an answer inside it is
/// exact; an answer at or below `alpha` comes back as `alpha`, one at or above `beta` as
/// `beta`. That is all a caller needs to see that a line is no better than one it already
/// has, and it lets the search skip lines that cannot matter. The answer, where exact, is the
/// one of the plain search over every capture (tested against it below).
fn best_gain(pos: &Position, plies: u32, mut alpha: i32, beta: i32) -> i32 {
    if plies == 0 {
        // Zero, or a king lost: both at or below an alpha of zero or more, where the
        // question of legal moves cannot change the answer.
        if alpha >= 0 {
            return alpha;
        }
        let gain = if pos.has_legal_move() { 0 } else { -KING };
        return gain.clamp(alpha, beta);
    }
    let captures = pos.legal_captures();
    // A legal capture is a legal move, so only a side with none needs the wider question.
    if captures.is_empty() && !pos.has_legal_move() {
        return (-KING).clamp(alpha, beta);
    }
    // The side may stop taking: zero is always within its reach.
    if beta <= 0 {
        return beta;
    }
    alpha = alpha.max(0);
    // The most valuable victims first: they settle the window soonest.
    let mut weighed: Vec<(i32, Move)> = captures
        .iter()
        .filter_map(|&c| Some((i32::from(value(pos.piece_at(c.to)?, c.to)), c)))
        .collect();
    weighed.sort_unstable_by_key(|&(won, _)| Reverse(won));
    for (won, c) in weighed {
        let mut next = *pos;
        next.play_unchecked(c);
        let score = won - best_gain(&next, plies - 1, won - beta, won - alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

#[cfg(test)]
mod tests {
    use std::cmp::Ordering;

    use super::{CAPTURE_PLIES, KING, capture_outcome};
    use crate::facts::value::value;
    use crate::xiangqi::{Move, Position};

    /// The plain search the windowed one must agree with: every capture looked at, the
    /// amount known exactly.
    fn reference_gain(pos: &Position, plies: u32) -> i32 {
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
                Some(i32::from(value(victim, c.to)) - reference_gain(&next, plies - 1))
            })
            .fold(0, i32::max)
    }

    fn reference_balance(pos: &Position, take: Move) -> i32 {
        let Some(victim) = pos.piece_at(take.to) else {
            return 0;
        };
        let mut after = *pos;
        after.play_unchecked(take);
        i32::from(value(victim, take.to)) - reference_gain(&after, CAPTURE_PLIES)
    }

    fn outcome(fen: &str, mv: &str) -> Ordering {
        capture_outcome(&Position::from_fen(fen).unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn an_unguarded_piece_is_won() {
        // The red rook takes a horse nothing guards.
        let fen = "4k4/9/9/9/4h4/9/9/9/4R4/3K5 w";
        assert_eq!(outcome(fen, "e1e5"), Ordering::Greater);
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(reference_balance(&pos, "e1e5".parse().unwrap()), 4);
    }

    #[test]
    fn a_guarded_piece_of_equal_worth_is_an_even_trade() {
        // The horse on e5 is guarded by the black horse on d7: horse takes horse, horse
        // takes back.
        assert_eq!(
            outcome("4k4/9/3h5/9/4h4/9/5H3/9/9/3K5 w", "f3e5"),
            Ordering::Equal
        );
    }

    #[test]
    fn taking_a_guarded_piece_worth_less_loses() {
        // The red rook takes a pawn guarded by a horse: a rook for a pawn.
        let fen = "4k4/9/3h5/9/4p4/9/9/9/4R4/3K5 w";
        assert_eq!(outcome(fen, "e1e5"), Ordering::Less);
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(reference_balance(&pos, "e1e5".parse().unwrap()), 1 - 9);
    }

    #[test]
    fn a_move_that_takes_nothing_is_even() {
        assert_eq!(
            outcome("4k4/9/9/9/4h4/9/9/9/4R4/3K5 w", "e1e2"),
            Ordering::Equal
        );
    }

    /// Positions full of captures, reached by random legal play from middle games (a fixed
    /// seed, so the same every run): every legal capture of every position, judged by the
    /// windowed search and by the plain one, must come out on the same side of zero.
    #[test]
    fn the_windowed_search_agrees_with_the_plain_one_on_random_play() {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w",
            "2bakab2/9/2n1c1n2/p1p1r1p1p/4p4/2P1R4/P3P1P1P/2N1C1N2/9/2BAKAB2 w",
        ];
        let mut seed: u64 = 0x5eed_cafe;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let mut compared = 0;
        for fen in starts {
            for _ in 0..12 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..40 {
                    for &take in pos.legal_captures().iter() {
                        let expected = reference_balance(&pos, take).cmp(&0);
                        assert_eq!(
                            capture_outcome(&pos, take),
                            expected,
                            "{} {take}",
                            pos.to_fen()
                        );
                        compared += 1;
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[next(moves.len())]);
                }
            }
        }
        assert!(compared > 1_000, "only {compared} captures compared");
    }
}
