//! Where a game's positions stand again, and where an arbiter would rule.

use std::collections::HashMap;
use std::ops::Range;

use crate::xiangqi::{Move, Position};

/// A run of consecutive plies after each of which a position stands that stood before: one
/// repetition, as the players see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Episode {
    /// The plies of the run (after ply `k` means the position after the `k`-th move).
    pub plies: Range<usize>,
    /// For each ply of the run, the occurrence of its position (2 for a first return) and the
    /// ply after which that position stood last before.
    pub returns: Vec<(u32, usize)>,
}

impl Episode {
    /// Where an arbiter ruling at `occurrence` rules in this run: the first ply whose position
    /// stands for at least that many times, and the cycle before it (the moves from the
    /// previous occurrence of that position to the ply). `None` if the run never gets there.
    #[must_use]
    pub fn ruling_point(&self, occurrence: u32) -> Option<Range<usize>> {
        self.plies
            .clone()
            .zip(&self.returns)
            .find(|(_, (count, _))| *count >= occurrence)
            .map(|(ply, (_, previous))| *previous..ply)
    }

    /// The most times a position of the run stands.
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        self.returns.iter().map(|r| r.0).max().unwrap_or(0)
    }
}

/// The positions of a game (the start, then the one after each move) and its repetitions.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The start, then the position after each move.
    pub positions: Vec<Position>,
    /// Every run of repeated positions, in order.
    pub episodes: Vec<Episode>,
}

impl Replayed {
    /// Replays `moves` (legal from `start`, as the record readers give them).
    #[must_use]
    pub fn new(start: &Position, moves: &[Move]) -> Replayed {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = *start;
        positions.push(pos);
        for &m in moves {
            // INVARIANT: the readers return legal moves only.
            pos.play_unchecked(m);
            positions.push(pos);
        }
        let mut seen: HashMap<Position, (u32, usize)> = HashMap::with_capacity(positions.len());
        let mut episodes: Vec<Episode> = Vec::new();
        for (ply, p) in positions.iter().enumerate() {
            let entry = seen.entry(*p).or_insert((0, ply));
            let previous = entry.1;
            entry.0 += 1;
            entry.1 = ply;
            let count = entry.0;
            if count < 2 {
                continue;
            }
            match episodes.last_mut() {
                Some(e) if e.plies.end == ply => {
                    e.plies.end = ply + 1;
                    e.returns.push((count, previous));
                }
                _ => episodes.push(Episode {
                    plies: ply..ply + 1,
                    returns: vec![(count, previous)],
                }),
            }
        }
        Replayed {
            positions,
            episodes,
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.positions.len().saturating_sub(1)
    }

    /// The occurrence of the last position, if the game ends on a position that stood before.
    #[must_use]
    pub fn final_occurrence(&self) -> Option<u32> {
        let last = self.episodes.last()?;
        (last.plies.end == self.positions.len())
            .then(|| last.returns.last().map(|r| r.0))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::notation::{Notation, parse_text};

    fn replay(fen: &str, moves: &str) -> Replayed {
        let start = Position::from_fen(fen).unwrap();
        let moves = parse_text(&start, moves, Notation::Iccs).unwrap();
        Replayed::new(&start, &moves)
    }

    const HINH_1: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w";

    #[test]
    fn a_perpetual_check_is_one_run() {
        let r = replay(HINH_1, "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9");
        assert_eq!(r.episodes.len(), 1);
        let e = &r.episodes[0];
        assert_eq!(e.plies, 4..10);
        assert_eq!(e.occurrences(), 3);
        assert_eq!(e.ruling_point(2), Some(0..4));
        assert_eq!(e.ruling_point(3), Some(4..8));
        assert_eq!(e.ruling_point(4), None);
        assert_eq!(r.final_occurrence(), Some(3));
        // The final cycle is the one `judge --cycle` cuts.
        let start = Position::from_fen(HINH_1).unwrap();
        let moves = parse_text(
            &start,
            "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9",
            Notation::Iccs,
        )
        .unwrap();
        let _ = (start, moves);
        assert_eq!(crate::facts::last_cycle(&r.positions), Some(5..9));
    }

    #[test]
    fn a_game_that_leaves_its_repetition() {
        let r = replay(HINH_1, "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9i9");
        assert_eq!(r.episodes.len(), 1);
        assert_eq!(r.episodes[0].plies, 4..7);
        assert_eq!(r.final_occurrence(), None);
        assert_eq!(r.plies(), 7);
        let none = replay(HINH_1, "h8h9");
        assert!(none.episodes.is_empty());
    }
}
