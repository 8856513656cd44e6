//! The mate-threat search: can the side to move force checkmate giving check on every move?
//!
//! "Dọa hết" (Điều 22.3) is a move that threatens to mate next; the law's Hình 9 shows a threat
//! that is a four-move mate by checks. The search is bounded in plies and in nodes, so it can
//! never hang: when the budget runs out, no mate is claimed.
//!
//! # The answer is defined by the plain search
//!
//! The answer (the line found, or none) is that of a plain depth-first search: iterative
//! deepening over 1, 3, 5… plies; at the attacker's turn every legal move in generation order,
//! each costing one node of the budget, the non-checks skipped; at the defender's turn every
//! reply. Two things make it cheaper without changing a single answer:
//!
//! - A move that neither leaves nor reaches a square on the defending king's rank, file or
//!   the 5 × 5 box around it cannot give check, so it is charged its node and skipped without
//!   being played; a piece none of whose moves does is charged for all its legal moves at
//!   once, counted without listing them.
//! - [`MateMemo`] remembers what an attacker's turn at a position and depth returned and how
//!   many nodes it cost. The search is deterministic, so the same turn with at least that many
//!   nodes left returns the same line at the same cost; it is replayed from the memo. A turn
//!   during which the budget ran out is never remembered. The memo may be shared by the
//!   searches of one sequence, whose positions recur.
//! - A turn none of whose moves gives check is quiet at every depth: it returns no line and
//!   costs all its legal moves, or runs the budget out, whatever the depth and the budget.
//!   [`MateMemo`] remembers the cost of quiet positions, so iterative deepening, which asks
//!   the same positions again one depth deeper, scans each of them once.

use super::fast_map::FastMap;
use crate::xiangqi::{Move, Position};

/// A bounded search for a forced mate by continuous checks.
pub struct MateSearch {
    budget: u64,
    memo: MateMemo,
}

impl MateSearch {
    /// A search that may visit at most `nodes` positions.
    pub fn new(nodes: u64) -> MateSearch {
        MateSearch {
            budget: nodes,
            memo: MateMemo::default(),
        }
    }

    /// A mating line for the side to move of at most `plies` plies (odd numbers make sense:
    /// 1 = mate in one, 7 = mate in four), every attacker move a check; `None` if there is none
    /// or the budget ran out.
    pub fn find(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        Searcher {
            budget: &mut self.budget,
            memo: &mut self.memo,
        }
        .find(pos, plies)
    }
}

/// What the searches of one sequence have learnt: whole searches by their position and
/// bounds, and attacker turns by position and depth (see the module docs for why replaying
/// them gives the same answers).
#[derive(Default)]
pub struct MateMemo {
    searches: FastMap<(Position, u32, u64), Option<Vec<Move>>>,
    turns: FastMap<(Position, u32), Known>,
    /// Attacker turns without a checking move, by position: what they cost.
    quiet: FastMap<Position, u64>,
}

impl MateMemo {
    /// [`MateSearch::new`]`(nodes).find(pos, plies)`, remembered.
    pub fn find(&mut self, pos: &Position, plies: u32, nodes: u64) -> Option<Vec<Move>> {
        let key = (*pos, plies, nodes);
        if let Some(line) = self.searches.get(&key) {
            return line.clone();
        }
        let mut budget = nodes;
        let line = Searcher {
            budget: &mut budget,
            memo: self,
        }
        .find(pos, plies);
        self.searches.insert(key, line.clone());
        line
    }
}

/// What one move of the attacker's turn leaves to do.
enum After {
    /// Go on with the next move: this one gave no check.
    Quiet,
    /// Go on with the next move: this one gave check, and mated too late or not at all.
    Next,
    /// The turn ends: with a mating line (reversed), or with none when the budget ran out.
    Ends(Option<Vec<Move>>),
}

/// What an attacker's turn returned (the line reversed) and the nodes it cost.
struct Known {
    line: Option<Vec<Move>>,
    cost: u64,
}

/// One search under way: its remaining budget and the memo it reads and fills.
struct Searcher<'a> {
    budget: &'a mut u64,
    memo: &'a mut MateMemo,
}

impl Searcher<'_> {
    fn find(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        // A root whose defender already stands in check (a position after a pass) may be
        // checked by any move: the zone filter assumes the defender's king is safe.
        let filter = !pos.pass().is_check();
        // Iterative deepening finds the shortest line and keeps easy cases cheap.
        let mut depth = 1;
        while depth <= plies {
            if let Some(mut line) = self.attack(pos, depth, filter) {
                line.reverse();
                return Some(line);
            }
            if *self.budget == 0 {
                return None;
            }
            depth += 2;
        }
        None
    }

    /// Attacker to move: some checking move mates within `depth` plies. The line is returned
    /// in reverse order. `filter`: the defender's king is safe now, so only moves touching
    /// the squares its safety depends on can check.
    fn attack(&mut self, pos: &Position, depth: u32, filter: bool) -> Option<Vec<Move>> {
        if let Some(&cost) = self.memo.quiet.get(pos) {
            // The plain search charges a quiet turn's moves one by one until the budget is
            // spent: the same whatever the depth.
            *self.budget = self.budget.saturating_sub(cost);
            return None;
        }
        let key = (*pos, depth);
        if let Some(known) = self.memo.turns.get(&key) {
            if *self.budget >= known.cost {
                *self.budget -= known.cost;
                return known.line.clone();
            }
        }
        let start = *self.budget;
        let (line, checked) = self.attack_moves(pos, depth, filter);
        // A turn cut short by the budget depends on the budget: not remembered.
        if *self.budget > 0 {
            let cost = start - *self.budget;
            if !checked {
                self.memo.quiet.insert(*pos, cost);
                return line;
            }
            let known = Known {
                line: line.clone(),
                cost,
            };
            self.memo.turns.insert(key, known);
        }
        line
    }

    /// The attacker's legal moves in the order of [`Position::legal_moves`], piece by piece.
    /// With `filter`, a piece none of whose moves touches the defending king's zone cannot
    /// check: its moves are charged to the budget together, as the plain search charges them
    /// one by one, without being listed. Also says whether any move gave check.
    fn attack_moves(
        &mut self,
        pos: &Position,
        depth: u32,
        filter: bool,
    ) -> (Option<Vec<Move>>, bool) {
        let mut checked = false;
        let legality = pos.legality();
        let zone = pos.king_zone(pos.turn().other());
        for from in pos.own_pieces().iter() {
            let reach = pos.reach(from);
            if filter && !zone.contains(from) && reach.intersection(zone).is_empty() {
                let count = pos.count_legal_from(from, reach, &legality) as u64;
                if *self.budget < count {
                    *self.budget = 0;
                    return (None, checked);
                }
                *self.budget -= count;
                continue;
            }
            for &m in pos.legal_moves_from(from, &legality).iter() {
                match self.try_move(pos, m, depth, filter) {
                    After::Quiet => {}
                    After::Next => checked = true,
                    After::Ends(line) => return (line, true),
                }
            }
        }
        (None, checked)
    }

    /// One legal move of the attacker, charged to the budget.
    fn try_move(&mut self, pos: &Position, m: Move, depth: u32, filter: bool) -> After {
        if *self.budget == 0 {
            return After::Ends(None);
        }
        *self.budget -= 1;
        if filter && !pos.touches_check_zone(m) {
            return After::Quiet;
        }
        let mut next = *pos;
        next.play_unchecked(m);
        // With the defender's king safe before the move, only what the move changed can
        // attack it.
        let check = if filter {
            next.is_check_after(m)
        } else {
            next.is_check()
        };
        if !check {
            return After::Quiet;
        }
        // Below three plies only a mate now counts: whether the defender can move at all
        // is all that is asked, and the first legal reply answers it.
        if depth < 3 {
            return if next.has_legal_move() {
                After::Next
            } else {
                After::Ends(Some(vec![m]))
            };
        }
        let replies = next.legal_moves();
        if replies.is_empty() {
            return After::Ends(Some(vec![m]));
        }
        match self.defend(&next, &replies, depth - 1) {
            Some(mut line) => {
                line.push(m);
                After::Ends(Some(line))
            }
            None => After::Next,
        }
    }

    /// Defender to move: every reply still loses within `depth` plies. Returns the line
    /// after the first reply (reversed).
    fn defend(&mut self, pos: &Position, replies: &[Move], depth: u32) -> Option<Vec<Move>> {
        let mut first = None;
        for &r in replies {
            let mut next = *pos;
            next.play_unchecked(r);
            // The defender's reply was legal, so its king is safe: the filter holds.
            let mut line = self.attack(&next, depth - 1, true)?;
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

    #[test]
    fn finds_hinh_9s_mate_of_seven_plies_as_the_plain_search() {
        // Hình 9 after 1. P7-5 (c4e4), black passing: a mate by checks of seven plies.
        let start = Position::from_fen("2bNka3/1N2aPP2/n3b4/9/p4c3/2C6/9/4B4/4A4/r1BK1A1n1 w");
        let pos = start.unwrap().play("c4e4".parse().unwrap()).unwrap().pass();
        let line = MateSearch::new(200_000).find(&pos, 7);
        assert_eq!(line.as_ref().map(Vec::len), Some(7));
        assert_eq!(line, reference::find(&pos, 7, 200_000));
        assert_eq!(MateSearch::new(200_000).find(&pos, 5), None);
        // Budgets around what the search needs: the same answer, cut short or not.
        let mut cut = 0;
        for nodes in [100, 1_000, 3_000, 10_000, 30_000] {
            let expected = reference::find(&pos, 7, nodes);
            cut += usize::from(expected.is_none());
            assert_eq!(MateSearch::new(nodes).find(&pos, 7), expected, "{nodes}");
        }
        assert!(cut > 0 && cut < 5, "{cut}");
    }

    /// The plain search this module must answer exactly as: no zone filter, no memo.
    mod reference {
        use crate::xiangqi::{Move, Position};

        pub fn find(pos: &Position, plies: u32, nodes: u64) -> Option<Vec<Move>> {
            let mut budget = nodes;
            let mut depth = 1;
            while depth <= plies {
                if let Some(mut line) = attack(&mut budget, pos, depth) {
                    line.reverse();
                    return Some(line);
                }
                if budget == 0 {
                    return None;
                }
                depth += 2;
            }
            None
        }

        fn attack(budget: &mut u64, pos: &Position, depth: u32) -> Option<Vec<Move>> {
            for &m in pos.legal_moves().iter() {
                if *budget == 0 {
                    return None;
                }
                *budget -= 1;
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
                    let mut first = None;
                    let mut all = true;
                    for &r in replies.iter() {
                        let mut after = next;
                        after.play_unchecked(r);
                        match attack(budget, &after, depth - 2) {
                            Some(mut line) => {
                                if first.is_none() {
                                    line.push(r);
                                    first = Some(line);
                                }
                            }
                            None => {
                                all = false;
                                break;
                            }
                        }
                    }
                    if let (true, Some(mut line)) = (all, first) {
                        line.push(m);
                        return Some(line);
                    }
                }
            }
            None
        }
    }

    /// Positions rich in checks: heavy pieces near a king, walked a few random plies.
    fn sample_positions() -> Vec<Position> {
        let fens = [
            "2eak4/4a4/2h1e4/9/9/9/2r6/4E4/3RA2c1/4KA2R w",
            "3k5/9/9/9/9/9/9/9/RR7/4K4 w",
            "4k4/R8/1R7/9/9/9/9/9/9/3K5 w",
            "3ak4/4a4/4e4/9/2H6/9/9/2C6/9/3K1R3 w",
            "4ka3/4a4/4e1H2/9/9/9/9/4C4/r8/3AK4 w",
            "2e1ka3/4a4/4e4/p8/2h6/6R2/P3c4/4C4/4A4/2EK1AE2 w",
            "3k5/4P4/9/9/9/9/9/9/9/4K1C2 w",
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
        ];
        crate::xiangqi::random_walks(&fens, 0x9e37_79b9_7f4a_7c15, 6, 1)
    }

    #[test]
    fn answers_exactly_as_the_plain_search_at_every_budget() {
        let positions = sample_positions();
        assert!(positions.len() > 50);
        let mut found = 0;
        for pos in &positions {
            for plies in [1, 3, 5] {
                for nodes in [0, 1, 2, 5, 17, 60, 250, 1_000, 4_000, 30_000] {
                    let expected = reference::find(pos, plies, nodes);
                    found += usize::from(expected.is_some());
                    let got = MateSearch::new(nodes).find(pos, plies);
                    assert_eq!(got, expected, "{pos:?} plies {plies} nodes {nodes}");
                }
            }
        }
        // The sample must hold mates, or the comparison says little.
        assert!(found > 20, "{found}");
    }

    #[test]
    fn a_shared_memo_answers_as_fresh_searches() {
        // One memo across every search, as the searches of a sequence share it, with budgets
        // that cut some searches short.
        let positions = sample_positions();
        let mut memo = MateMemo::default();
        for round in 0..2 {
            for pos in &positions {
                for nodes in [40, 3_000, 200_000] {
                    let plies = if round == 0 { 5 } else { 3 };
                    let expected = reference::find(pos, plies, nodes);
                    assert_eq!(memo.find(pos, plies, nodes), expected, "{pos:?} {nodes}");
                }
            }
        }
    }
}
