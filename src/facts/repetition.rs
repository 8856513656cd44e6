//! Whether a disputed play repeats a position, and where.
//!
//! The law judges only repeated play: "Đuổi bắt mãi … lặp đi lặp lại nhiều lần không thay đổi"
//! (Điều 22.11), "đi cờ luân phiên nguyên trạng" (Điều 24.2), "nếu hai bên không thay đổi nước
//! đi" (Điều 23); the Asian rules define a perpetual as "repeated moves under same situation".
//! A play that never returns to a position it passed through is no repetition, whatever its
//! moves are. A caller may still judge it as a presumed cycle, saying why
//! ([`Repetition::Assumed`]).
//!
//! Both questions asked of a play's positions are answered here, and only here: where its
//! first position stands again ([`Repetition::find`], what a judgement reports) and which moves
//! make its last cycle ([`last_cycle`], the moves `xqlaw judge --cycle` judges in a whole game).

use crate::xiangqi::Position;

/// Where a play repeats a position.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Repetition {
    /// A position recurs: the first position of the play that stands again later.
    Repeats {
        /// The plies after which it stands, from 0 (the start) — at least two.
        plies: Vec<usize>,
        /// The repeated position.
        fen: String,
    },
    /// No position recurs, but the moves are judged as a presumed cycle, for this reason.
    Assumed {
        /// Why the caller presumes a cycle.
        reason: String,
    },
    /// No position recurs: there is no repetition to judge.
    None,
}

impl Repetition {
    /// Whether the play may be judged as a repetition (found or assumed).
    pub fn judged(&self) -> bool {
        !matches!(self, Repetition::None)
    }

    /// Where `positions` (the start, then the position after each ply) repeat: the earliest
    /// position that stands again, with every ply after which it stands. Positions compare by
    /// the repetition rule (placement and side to move).
    pub fn find(positions: &[Position]) -> Repetition {
        for (i, p) in positions.iter().enumerate() {
            let later: Vec<usize> = positions
                .iter()
                .enumerate()
                .skip(i + 1)
                .filter(|(_, q)| *q == p)
                .map(|(j, _)| j)
                .collect();
            if !later.is_empty() {
                let mut plies = vec![i];
                plies.extend(later);
                return Repetition::Repeats {
                    plies,
                    fen: p.to_fen(),
                };
            }
        }
        Repetition::None
    }

    /// A presumed cycle: judge the moves as if they repeated, for `reason`. A play that does
    /// repeat keeps its found repetition: the presumption is only needed where none is found.
    pub fn assume(self, reason: impl Into<String>) -> Repetition {
        match self {
            Repetition::None => Repetition::Assumed {
                reason: reason.into(),
            },
            found => found,
        }
    }

    /// One line in words.
    pub fn describe(&self) -> String {
        match self {
            Repetition::Repeats { plies, fen } => {
                let first = match plies.first() {
                    Some(0) | None => "at the start".to_owned(),
                    Some(p) => format!("after ply {p}"),
                };
                let again: Vec<String> = plies.iter().skip(1).map(ToString::to_string).collect();
                let plural = if again.len() > 1 { "plies" } else { "ply" };
                format!(
                    "the position {first} stands again after {plural} {}: {fen}",
                    again.join(", ")
                )
            }
            Repetition::Assumed { reason } => {
                format!("no position repeats; judged as a presumed cycle: {reason}")
            }
            Repetition::None => "no position repeats: there is no repetition to judge".to_owned(),
        }
    }
}

/// The moves between the last two occurrences of the last repeated position of a play whose
/// `positions` are the start, then the position after each move: the indices `i..j` into its
/// moves such that the position before move `i` equals the position after move `j - 1`, with
/// `j` as large as possible and then `i` as large as possible. `None` if no position repeats.
pub fn last_cycle(positions: &[Position]) -> Option<std::ops::Range<usize>> {
    (1..positions.len()).rev().find_map(|j| {
        let last = positions.get(j)?;
        let i = positions.get(..j)?.iter().rposition(|p| p == last)?;
        Some(i..j)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_cycle_is_the_last_return() {
        let all = positions(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7",
        );
        // After g2h0 (position 5) both horses are home again: position 1 repeats; after the
        // last h9g7 (position 6) position 2 repeats, the last repetition.
        assert_eq!(last_cycle(&all), Some(2..6));
        assert_eq!(last_cycle(&all[..2]), None);
    }

    fn positions(fen: &str, moves: &str) -> Vec<Position> {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut all = vec![pos];
        for m in moves.split_whitespace() {
            pos = pos.play(m.parse().unwrap()).unwrap();
            all.push(pos);
        }
        all
    }

    #[test]
    fn a_shuffle_repeats_the_start() {
        let all = positions("4k4/9/9/9/9/9/9/9/4A4/3K5 w", "d0d1 e9f9 d1d0 f9e9 d0d1");
        match Repetition::find(&all) {
            Repetition::Repeats { plies, .. } => assert_eq!(plies, [0, 4]),
            other => panic!("expected a repetition, got {other:?}"),
        }
    }

    #[test]
    fn one_check_repeats_nothing() {
        let all = positions("4k4/9/9/9/9/9/9/7R1/9/3K5 w", "h2h9");
        assert_eq!(Repetition::find(&all), Repetition::None);
        assert!(!Repetition::None.judged());
        let assumed = Repetition::None.assume("test");
        assert!(assumed.judged());
    }

    #[test]
    fn a_repetition_after_the_first_move_names_its_plies() {
        let all = positions("4k4/9/9/9/9/9/9/9/9/R2K5 w", "a0a1 e9f9 d0d1 f9e9 d1d0");
        match Repetition::find(&all) {
            Repetition::Repeats { plies, fen } => {
                assert_eq!(plies, [1, 5]);
                assert!(fen.contains(" b "), "black to move: {fen}");
            }
            other => panic!("expected a repetition, got {other:?}"),
        }
    }
}
