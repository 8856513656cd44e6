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
//! reply. Several things make it cheaper without changing a single answer:
//!
//! - A move that cannot give check (see `CheckCandidates`: it neither arrives where its piece
//!   would attack the defending king nor opens or closes a line or a leg of another piece's
//!   attack) is charged its node and skipped without being played; a piece none of whose
//!   moves can is charged for all its legal moves at once, counted without listing them.
//! - [`MateMemo`] remembers what an attacker's turn at a position and depth returned and how
//!   many nodes it cost. The search is deterministic, so the same turn with at least that many
//!   nodes left returns the same line at the same cost; it is replayed from the memo. A turn
//!   during which the budget ran out is never remembered. The memo may be shared by the
//!   searches of one sequence, whose positions recur.
//! - The defender's replies to a check are generated piece by piece, in the order of the full
//!   move list: the first reply that escapes ends the attacker's move, and the pieces after it
//!   are never generated.
//! - A turn none of whose moves gives check is quiet at every depth: it returns no line and
//!   costs all its legal moves, or runs the budget out, whatever the depth and the budget.
//!   It is remembered by position alone, so iterative deepening scans it once.
//!
//! # Counting turns instead of nodes
//!
//! The budget changes an answer only when it runs out. An attacker's turn costs at most
//! [`MOVE_LIST_CAPACITY`] nodes, one per legal move, so a search that visits `n` attacker
//! turns costs at most `n × MOVE_LIST_CAPACITY` nodes. [`MateMemo::find`] therefore first
//! searches counting turns, not nodes: it plays only the moves that may give check and never
//! counts the others. When the turns it visited must have cost less than the budget, the
//! plain search never ran out (nor reached zero), and its line is the plain search's. Otherwise (or when
//! the count passes that bound, which also keeps it from running long) the node-charging
//! search answers. The law's diagrams use a few hundred nodes of a 200,000-node budget.

use super::fast_map::FastMap;
use crate::xiangqi::{CheckCandidates, MOVE_LIST_CAPACITY, Move, Position};

/// The most nodes one attacker's turn can cost: its legal moves.
const MOST_NODES_PER_TURN: u64 = MOVE_LIST_CAPACITY as u64;

/// A bounded search for a forced mate by continuous checks, charging every node to its budget.
pub struct MateSearch {
    budget: u64,
    memo: TurnMemo,
}

impl MateSearch {
    /// A search that may visit at most `nodes` positions.
    pub fn new(nodes: u64) -> MateSearch {
        MateSearch {
            budget: nodes,
            memo: TurnMemo::default(),
        }
    }

    /// A mating line for the side to move of at most `plies` plies (odd numbers make sense:
    /// 1 = mate in one, 7 = mate in four), every attacker move a check; `None` if there is none
    /// or the budget ran out.
    pub fn find(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        deepen(
            &mut Charged {
                budget: &mut self.budget,
                memo: &mut self.memo,
            },
            pos,
            plies,
        )
    }
}

/// What the searches of one sequence have learnt: whole searches by their position and
/// bounds, and attacker turns (see the module docs for why replaying them gives the same
/// answers).
#[derive(Default)]
pub struct MateMemo {
    searches: FastMap<(Position, u32, u64), Option<Vec<Move>>>,
    counted: TurnMemo,
    charged: TurnMemo,
}

impl MateMemo {
    /// [`MateSearch::new`]`(nodes).find(pos, plies)`, remembered.
    pub fn find(&mut self, pos: &Position, plies: u32, nodes: u64) -> Option<Vec<Move>> {
        let key = (*pos, plies, nodes);
        if let Some(line) = self.searches.get(&key) {
            return line.clone();
        }
        let mut counted = Counted {
            turns: 0,
            // Fewer nodes than the budget, so the plain search never spends it all.
            most_turns: nodes.saturating_sub(1) / MOST_NODES_PER_TURN,
            memo: &mut self.counted,
        };
        let line = deepen(&mut counted, pos, plies);
        let line = if counted.spent() {
            let mut budget = nodes;
            let mut charged = Charged {
                budget: &mut budget,
                memo: &mut self.charged,
            };
            deepen(&mut charged, pos, plies)
        } else {
            line
        };
        self.searches.insert(key, line.clone());
        line
    }
}

/// How a search pays for the attacker's turns: the plain search's node budget, or a count of
/// turns (see the module docs). Both remember turns the same way, each in its own unit.
trait Meter {
    /// This meter's memo.
    fn memo(&mut self) -> &mut TurnMemo;

    /// What the search has used so far, in this meter's unit; it only grows.
    fn used(&self) -> u64;

    /// Pays `cost` if the search can afford it; `false` (and nothing paid) otherwise.
    fn pay(&mut self, cost: u64) -> bool;

    /// Pays a quiet turn's `cost`, or all that is left if less: the plain search charges its
    /// moves one by one until the budget is spent, whatever the depth.
    fn pay_quiet(&mut self, cost: u64);

    /// Whether the search must stop: the budget (or the count's bound) is spent.
    fn spent(&self) -> bool;

    /// The attacker's moves at `pos` in order, until one mates within `depth` plies (the line,
    /// reversed) or the search is spent. Also says whether any move gave check.
    fn turn(&mut self, pos: &Position, depth: u32, filter: bool) -> (Option<Vec<Move>>, bool);

    /// Attacker to move: some checking move mates within `depth` plies. The line is returned
    /// in reverse order. `filter`: the defender's king is safe now, so only moves that
    /// `CheckCandidates` lets through can check.
    fn attack(&mut self, pos: &Position, depth: u32, filter: bool) -> Option<Vec<Move>> {
        if let Some(&cost) = self.memo().quiet.get(pos) {
            self.pay_quiet(cost);
            return None;
        }
        let key = (*pos, depth);
        if let Some(known) = self.memo().turns.get(&key) {
            let (line, cost) = (known.line.clone(), known.cost);
            if self.pay(cost) {
                return line;
            }
        }
        let start = self.used();
        let (line, checked) = self.turn(pos, depth, filter);
        // A turn cut short depends on what was left: not remembered.
        if !self.spent() {
            let cost = self.used() - start;
            if checked {
                let known = Known {
                    line: line.clone(),
                    cost,
                };
                self.memo().turns.insert(key, known);
            } else {
                self.memo().quiet.insert(*pos, cost);
            }
        }
        line
    }
}

/// What a search has learnt of attacker turns, costs in its meter's unit.
#[derive(Default)]
struct TurnMemo {
    /// By position and depth: what the turn returned and cost.
    turns: FastMap<(Position, u32), Known>,
    /// Turns without a checking move, by position alone: what they cost.
    quiet: FastMap<Position, u64>,
}

/// What an attacker's turn returned (the line reversed) and what it cost.
struct Known {
    line: Option<Vec<Move>>,
    cost: u64,
}

/// Iterative deepening: the shortest line first, and easy cases stay cheap.
fn deepen(meter: &mut impl Meter, pos: &Position, plies: u32) -> Option<Vec<Move>> {
    // A root whose defender already stands in check (a position after a pass) may be
    // checked by any move: the check filter assumes the defender's king is safe.
    let filter = !pos.pass().is_check();
    let mut depth = 1;
    while depth <= plies {
        if let Some(mut line) = meter.attack(pos, depth, filter) {
            line.reverse();
            return Some(line);
        }
        if meter.spent() {
            return None;
        }
        depth += 2;
    }
    None
}

/// What one move of the attacker's turn leaves to do.
enum After {
    /// Go on with the next move: this one gave no check.
    Quiet,
    /// Go on with the next move: this one gave check, and mated too late or not at all.
    Next,
    /// The turn ends: with a mating line (reversed), or with none when the search is spent.
    Ends(Option<Vec<Move>>),
}

/// The attacker's legal move `m`, once found to give check and reach `next`: a mate within
/// `depth` plies?
fn after_check(meter: &mut impl Meter, next: &Position, m: Move, depth: u32) -> After {
    // Below three plies only a mate now counts: whether the defender can move at all is all
    // that is asked, and the first legal reply answers it.
    if depth < 3 {
        return if next.has_legal_move() {
            After::Next
        } else {
            After::Ends(Some(vec![m]))
        };
    }
    // Defender to move: every reply must still lose; the line goes on with the first. The
    // replies come piece by piece in the order of `legal_moves`: most checks are met by an
    // early reply, and the pieces after it are never generated.
    let mut first = None;
    for replies in next.legal_moves_by_piece() {
        for &r in replies.iter() {
            let mut after = *next;
            after.play_unchecked(r);
            // The defender's reply was legal, so its king is safe: the filter holds.
            let Some(mut line) = meter.attack(&after, depth - 2, true) else {
                return After::Next;
            };
            if first.is_none() {
                line.push(r);
                first = Some(line);
            }
        }
    }
    match first {
        Some(mut line) => {
            line.push(m);
            After::Ends(Some(line))
        }
        // No reply at all: the check mates now.
        None => After::Ends(Some(vec![m])),
    }
}

/// Whether the attacker's legal move `m` in `pos` gives check. `filter`: the defender's
/// king is safe in `pos`, so only what the move changed can attack it.
fn gives_check(pos: &Position, m: Move, filter: bool) -> Option<Position> {
    let mut next = *pos;
    next.play_unchecked(m);
    let check = if filter {
        next.is_check_after(m)
    } else {
        next.is_check()
    };
    check.then_some(next)
}

/// The plain search's meter: every legal move of the attacker costs one node.
struct Charged<'a> {
    budget: &'a mut u64,
    memo: &'a mut TurnMemo,
}

impl Meter for Charged<'_> {
    fn memo(&mut self) -> &mut TurnMemo {
        self.memo
    }

    fn used(&self) -> u64 {
        // The budget only falls, so what is used grows as it does.
        u64::MAX - *self.budget
    }

    fn pay(&mut self, cost: u64) -> bool {
        let affordable = *self.budget >= cost;
        if affordable {
            *self.budget -= cost;
        }
        affordable
    }

    fn pay_quiet(&mut self, cost: u64) {
        *self.budget = self.budget.saturating_sub(cost);
    }

    fn spent(&self) -> bool {
        *self.budget == 0
    }

    /// The attacker's legal moves in the order of [`Position::legal_moves`], piece by piece.
    /// With `filter`, a piece none of whose moves may check is charged for all its moves at
    /// once, as the plain search charges them one by one, without listing them.
    fn turn(&mut self, pos: &Position, depth: u32, filter: bool) -> (Option<Vec<Move>>, bool) {
        let mut checked = false;
        let legality = pos.legality();
        let candidates = pos.check_candidates();
        for from in pos.own_pieces().iter() {
            let reach = pos.reach(from);
            if filter && !pos.piece_may_give_check(&candidates, from, reach) {
                let count = pos.count_legal_from(from, reach, &legality) as u64;
                if *self.budget < count {
                    *self.budget = 0;
                    return (None, checked);
                }
                *self.budget -= count;
                continue;
            }
            for &m in pos.legal_moves_from(from, &legality).iter() {
                match self.try_move(pos, m, depth, filter.then_some(&candidates)) {
                    After::Quiet => {}
                    After::Next => checked = true,
                    After::Ends(line) => return (line, true),
                }
            }
        }
        (None, checked)
    }
}

impl Charged<'_> {
    /// One legal move of the attacker, charged to the budget. `candidates`: the defender's
    /// king is safe now, and a move these stop gives no check.
    fn try_move(
        &mut self,
        pos: &Position,
        m: Move,
        depth: u32,
        candidates: Option<&CheckCandidates>,
    ) -> After {
        if *self.budget == 0 {
            return After::Ends(None);
        }
        *self.budget -= 1;
        if candidates.is_some_and(|c| !pos.may_give_check(c, m)) {
            return After::Quiet;
        }
        match gives_check(pos, m, candidates.is_some()) {
            Some(next) => after_check(self, &next, m, depth),
            None => After::Quiet,
        }
    }
}

/// The turn-counting meter: no move is charged, every attacker turn the plain search would
/// visit is counted, and the search stops once the count passes `most_turns`.
struct Counted<'a> {
    turns: u64,
    most_turns: u64,
    memo: &'a mut TurnMemo,
}

impl Meter for Counted<'_> {
    fn memo(&mut self) -> &mut TurnMemo {
        self.memo
    }

    fn used(&self) -> u64 {
        self.turns
    }

    fn pay(&mut self, cost: u64) -> bool {
        self.turns += cost;
        true
    }

    fn pay_quiet(&mut self, cost: u64) {
        self.turns += cost;
    }

    fn spent(&self) -> bool {
        self.turns > self.most_turns
    }

    /// The attacker's legal moves that may give check, in the order of
    /// [`Position::legal_moves`] (all of them without `filter`).
    fn turn(&mut self, pos: &Position, depth: u32, filter: bool) -> (Option<Vec<Move>>, bool) {
        // The turn itself is one visit.
        self.turns += 1;
        let mut checked = false;
        let mut legality = None;
        let candidates = pos.check_candidates();
        for from in pos.own_pieces().iter() {
            let moves = if filter {
                pos.legal_checks_from(from, &candidates, &mut legality)
            } else {
                let legality = legality.get_or_insert_with(|| pos.legality());
                pos.legal_moves_from(from, legality)
            };
            for &m in moves.iter() {
                if self.spent() {
                    return (None, true);
                }
                let after = match gives_check(pos, m, filter) {
                    Some(next) => after_check(self, &next, m, depth),
                    None => After::Quiet,
                };
                match after {
                    After::Quiet => {}
                    After::Next => checked = true,
                    After::Ends(line) => return (line, true),
                }
            }
        }
        (None, checked)
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

    /// The plain search this module must answer exactly as: no check filter, no memo, every
    /// node charged.
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
                    // The turn-counting search, and its fallback when the budget is tight.
                    let counted = MateMemo::default().find(pos, plies, nodes);
                    assert_eq!(
                        counted, expected,
                        "counted: {pos:?} plies {plies} nodes {nodes}"
                    );
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
