//! Whether a disputed play repeats a position, and where.
//!
//! The law judges only repeated play: "Đuổi bắt mãi … lặp đi lặp lại nhiều lần không thay đổi"
//! (Điều 22.11), "đi cờ luân phiên nguyên trạng" (Điều 24.2), "nếu hai bên không thay đổi nước
//! đi" (Điều 23); the Asian rules define a perpetual as "repeated moves under same situation".
//! A play that never returns to a position it passed through is no repetition, whatever its
//! moves are. A caller may still judge it as a presumed cycle, saying why
//! ([`Repetition::Assumed`]).

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

#[cfg(test)]
mod tests {
    use super::*;

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
