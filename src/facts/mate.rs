//! The mate-threat search: can the side to move force checkmate giving check on every move?
//!
//! "Dọa hết" (Điều 22.3) is a move that threatens to mate next; the law's Hình 9 shows a threat
//! that is a four-move mate by checks. The search is bounded in plies and in nodes, so it can
//! never hang: when the budget runs out, no mate is claimed.

use crate::xiangqi::{Move, Position};

/// A bounded search for a forced mate by continuous checks.
pub struct MateSearch {
    budget: u64,
}

impl MateSearch {
    /// A search that may visit at most `nodes` positions.
    pub fn new(nodes: u64) -> MateSearch {
        MateSearch { budget: nodes }
    }

    /// A mating line for the side to move of at most `plies` plies (odd numbers make sense:
    /// 1 = mate in one, 7 = mate in four), every attacker move a check; `None` if there is none
    /// or the budget ran out.
    pub fn find(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        // Iterative deepening finds the shortest line and keeps easy cases cheap.
        let mut depth = 1;
        while depth <= plies {
            if let Some(mut line) = self.attack(pos, depth) {
                line.reverse();
                return Some(line);
            }
            if self.budget == 0 {
                return None;
            }
            depth += 2;
        }
        None
    }

    /// Attacker to move: some checking move mates within `depth` plies. The line is returned
    /// in reverse order.
    fn attack(&mut self, pos: &Position, depth: u32) -> Option<Vec<Move>> {
        for &m in pos.legal_moves().iter() {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            let mut next = *pos;
            next.play_unchecked(m);
            if !next.is_check() {
                continue;
            }
            let replies = next.legal_moves();
            if replies.is_empty() {
                return Some(vec![m]);
            }
            if depth >= 3 {
                if let Some(mut line) = self.defend(&next, &replies, depth - 1) {
                    line.push(m);
                    return Some(line);
                }
            }
        }
        None
    }

    /// Defender to move: every reply still loses within `depth` plies. Returns the line
    /// after the first reply (reversed).
    fn defend(&mut self, pos: &Position, replies: &[Move], depth: u32) -> Option<Vec<Move>> {
        let mut first = None;
        for &r in replies {
            let mut next = *pos;
            next.play_unchecked(r);
            let mut line = self.attack(&next, depth - 1)?;
            if first.is_none() {
                line.push(r);
                first = Some(line);
            }
        }
        first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_mate_in_one() {
        // The rook on a8 holds rank 8; the other rook mates on the back rank.
        let pos = Position::from_fen("4k4/R8/1R7/9/9/9/9/9/9/3K5 w").unwrap();
        let line = MateSearch::new(10_000).find(&pos, 1).unwrap();
        assert_eq!(line.len(), 1);
    }

    #[test]
    fn no_mate_with_a_lone_king() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 w").unwrap();
        assert!(MateSearch::new(10_000).find(&pos, 7).is_none());
    }

    #[test]
    fn budget_bounds_the_search() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/RR7/4K4 w").unwrap();
        let mut search = MateSearch::new(0);
        assert!(search.find(&pos, 7).is_none());
    }
}
