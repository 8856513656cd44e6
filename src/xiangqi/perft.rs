//! Perft: counting the leaves of the legal move tree, to test move generation.

use super::{mv::Move, position::Position};

/// The number of legal move sequences of length `depth` from `pos` (1 for depth 0).
///
/// ```
/// use xqlaw::{perft, Position};
/// assert_eq!(perft(&Position::startpos(), 2), 1920);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => pos
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut p = *pos;
                p.play_unchecked(m);
                perft(&p, depth - 1)
            })
            .sum(),
    }
}

/// The perft count below each legal move of `pos`, for a total of `perft(pos, depth)`. Empty at
/// depth 0.
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut p = *pos;
            p.play_unchecked(m);
            (m, perft(&p, depth - 1))
        })
        .collect()
}
