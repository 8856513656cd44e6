//! Evaluating terms on each ply, and patterns over one side's moves.

use crate::compile::{CompiledRules, Expr, Pattern};
use crate::facts::{PieceAt, PieceId, PlyFacts, SequenceFacts};
use crate::vocab::Subject;
use crate::vocab::{Quantifier, TargetClause};
use crate::xiangqi::Color;

/// Which terms hold on one ply: move terms for the move, threat terms for each threat.
#[derive(Debug, Clone)]
pub(crate) struct PlyValues {
    /// Indexed by term id; false for threat terms.
    pub(crate) move_terms: Vec<bool>,
    /// One vector per threat of the ply (same order as `PlyFacts::threats`), indexed by term
    /// id; false for move terms.
    pub(crate) threat_terms: Vec<Vec<bool>>,
}

/// Evaluates every term on `ply`, in the rule set's evaluation order.
pub(crate) fn classify(rules: &CompiledRules, ply: &PlyFacts) -> PlyValues {
    let n = rules.terms.len();
    let mut values = PlyValues {
        move_terms: vec![false; n],
        threat_terms: vec![vec![false; n]; ply.threats.len()],
    };
    // INVARIANT: `rules.terms` is in topological order, so every term a term uses has been
    // evaluated before it.
    for (id, term) in rules.terms.iter().enumerate() {
        match term.subject {
            Subject::Move => {
                let v = eval_move(&term.body, ply, &values);
                if let Some(slot) = values.move_terms.get_mut(id) {
                    *slot = v;
                }
            }
            Subject::Threat => {
                for t in 0..ply.threats.len() {
                    let v = eval_threat(&term.body, ply, t, &values);
                    if let Some(slot) = values.threat_terms.get_mut(t).and_then(|ts| ts.get_mut(id))
                    {
                        *slot = v;
                    }
                }
            }
        }
    }
    values
}

/// Evaluates a move expression.
pub(crate) fn eval_move(e: &Expr, ply: &PlyFacts, values: &PlyValues) -> bool {
    match e {
        Expr::And(xs) => xs.iter().all(|x| eval_move(x, ply, values)),
        Expr::Or(xs) => xs.iter().any(|x| eval_move(x, ply, values)),
        Expr::Not(x) => !eval_move(x, ply, values),
        Expr::Fact(spec, roles) => spec.eval_move(ply, *roles),
        Expr::Term(id) => values.move_terms.get(id.0).copied().unwrap_or(false),
        Expr::AnyThreat(x) => (0..ply.threats.len()).any(|t| eval_threat(x, ply, t, values)),
        Expr::NoThreat(x) => !(0..ply.threats.len()).any(|t| eval_threat(x, ply, t, values)),
    }
}

/// Evaluates a threat expression on threat number `t` of `ply`.
pub(crate) fn eval_threat(e: &Expr, ply: &PlyFacts, t: usize, values: &PlyValues) -> bool {
    let Some(threat) = ply.threats.get(t) else {
        return false;
    };
    match e {
        Expr::And(xs) => xs.iter().all(|x| eval_threat(x, ply, t, values)),
        Expr::Or(xs) => xs.iter().any(|x| eval_threat(x, ply, t, values)),
        Expr::Not(x) => !eval_threat(x, ply, t, values),
        Expr::Fact(spec, roles) => spec.eval_threat(threat, *roles),
        Expr::Term(id) => values
            .threat_terms
            .get(t)
            .and_then(|ts| ts.get(id.0))
            .copied()
            .unwrap_or(false),
        // Not produced by the compiler inside threat expressions.
        Expr::AnyThreat(_) | Expr::NoThreat(_) => false,
    }
}

/// The plies of a sequence with their term values, split by side.
pub(crate) struct Play<'a> {
    pub(crate) facts: &'a SequenceFacts,
    pub(crate) values: &'a [PlyValues],
    /// The indices of the plies each side played: Red's, then Black's.
    moves: [Vec<usize>; 2],
    /// For each ply, the first ply with the same facts (a disputed play repeats its moves):
    /// what a pattern finds on one it finds on the other, so it is asked once.
    first_same: Vec<usize>,
    /// Each side's distinct plies (by `first_same`), in order, with how many of its moves
    /// have their facts: Red's, then Black's.
    distinct: [Vec<(usize, usize)>; 2],
}

/// Why a pattern held: the piece chased on every move, and by what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Witness {
    /// The target, as it stood on the side's last move.
    pub(crate) target: PieceAt,
    /// The attacker, when the pattern asked for the same one.
    pub(crate) attacker: Option<PieceAt>,
}

/// The result of a pattern: whether it holds and, for target patterns, a witness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Holds {
    pub(crate) holds: bool,
    pub(crate) witness: Option<Witness>,
}

impl Holds {
    fn plain(holds: bool) -> Holds {
        Holds {
            holds,
            witness: None,
        }
    }
}

/// What a target pattern keeps of a threat: the target, or the attacker and the target.
type Key = (Option<PieceId>, PieceId);

/// The threats of one ply that satisfy a pattern's body, in order: each with its key and the
/// pieces (the attacker when the key names it, and the target) as they stood.
type Found = Vec<(Key, (Option<PieceAt>, PieceAt))>;

impl<'a> Play<'a> {
    /// The plies of `facts` with their term values.
    pub(crate) fn new(facts: &'a SequenceFacts, values: &'a [PlyValues]) -> Play<'a> {
        let of = |side: Color| {
            facts
                .plies
                .iter()
                .enumerate()
                .filter(|(_, p)| p.mover == side)
                .map(|(i, _)| i)
                .collect()
        };
        let first_same = first_same(facts);
        let moves: [Vec<usize>; 2] = [of(Color::Red), of(Color::Black)];
        let distinct = |moves: &[usize]| {
            let mut distinct: Vec<(usize, usize)> = Vec::new();
            for &i in moves {
                let same = first_same.get(i).copied().unwrap_or(i);
                match distinct.iter_mut().find(|(j, _)| *j == same) {
                    Some((_, times)) => *times += 1,
                    None => distinct.push((same, 1)),
                }
            }
            distinct
        };
        let distinct = [distinct(&moves[0]), distinct(&moves[1])];
        Play {
            facts,
            values,
            moves,
            first_same,
            distinct,
        }
    }

    /// The first ply with the same facts as ply `i`.
    fn same_as(&self, i: usize) -> usize {
        self.first_same.get(i).copied().unwrap_or(i)
    }

    /// The indices of the plies `side` played.
    pub(crate) fn moves_of(&self, side: Color) -> &[usize] {
        match side {
            Color::Red => &self.moves[0],
            Color::Black => &self.moves[1],
        }
    }

    /// Evaluates a pattern over `side`'s moves.
    pub(crate) fn pattern(&self, p: &Pattern, side: Color) -> Holds {
        match p {
            Pattern::And(xs) => {
                let mut witness = None;
                for x in xs {
                    let h = self.pattern(x, side);
                    if !h.holds {
                        return Holds::plain(false);
                    }
                    witness = witness.or(h.witness);
                }
                Holds {
                    holds: true,
                    witness,
                }
            }
            Pattern::Or(xs) => xs
                .iter()
                .map(|x| self.pattern(x, side))
                .find(|h| h.holds)
                .unwrap_or(Holds::plain(false)),
            Pattern::Not(x) => Holds::plain(!self.pattern(x, side).holds),
            Pattern::Opponent(x) => {
                let h = self.pattern(x, side.other());
                Holds::plain(h.holds)
            }
            Pattern::Moves {
                quantifier,
                body,
                targets: None,
            } => {
                let moves = self.moves_of(side);
                let distinct = match side {
                    Color::Red => &self.distinct[0],
                    Color::Black => &self.distinct[1],
                };
                // Each distinct ply asked once, counted for every move with its facts.
                let mut count = 0;
                for &(i, times) in distinct {
                    let holds = match (self.facts.plies.get(i), self.values.get(i)) {
                        (Some(ply), Some(v)) => eval_move(body, ply, v),
                        _ => false,
                    };
                    if holds {
                        count += times;
                    }
                    // The answer is known once a move decides it; the moves left cannot
                    // change it (the counts below then still give it).
                    let decided = match quantifier {
                        Quantifier::Every => !holds,
                        Quantifier::Some | Quantifier::No => holds,
                        Quantifier::AtLeast(n) => count as u64 >= *n,
                    };
                    if decided {
                        break;
                    }
                }
                Holds::plain(match quantifier {
                    Quantifier::Every => !moves.is_empty() && count == moves.len(),
                    Quantifier::Some => count > 0,
                    Quantifier::No => count == 0,
                    Quantifier::AtLeast(n) => count as u64 >= *n,
                })
            }
            Pattern::Moves {
                quantifier,
                body,
                targets: Some(clause),
            } => self.target_pattern(*quantifier, body, *clause, side),
        }
    }

    /// The threats of ply `i` that satisfy `body`, in order: each with its key and the pieces
    /// as they stood.
    fn found(&self, body: &Expr, i: usize, by_attacker: bool) -> Found {
        let (Some(ply), Some(v)) = (self.facts.plies.get(i), self.values.get(i)) else {
            return Vec::new();
        };
        ply.threats
            .iter()
            .enumerate()
            .filter(|&(t, _)| eval_threat(body, ply, t, v))
            .map(|(_, threat)| {
                let key = (by_attacker.then_some(threat.attacker.id), threat.target.id);
                (key, (by_attacker.then_some(threat.attacker), threat.target))
            })
            .collect()
    }

    /// `every move E on same target` and friends.
    fn target_pattern(
        &self,
        quantifier: Quantifier,
        body: &Expr,
        clause: TargetClause,
        side: Color,
    ) -> Holds {
        let moves = self.moves_of(side);
        if moves.is_empty() {
            return Holds::plain(false);
        }
        let by_attacker = clause == TargetClause::SameTargetSameAttacker;
        // For each move, the keys (target, or attacker and target) of the threats satisfying
        // the body, sorted, and the pieces as they stood on the last move that had the key.
        let mut per_move: Vec<Vec<Key>> = Vec::new();
        let mut pieces: Vec<(Key, (Option<PieceAt>, PieceAt))> = Vec::new();
        // The threats satisfying the body on each distinct ply, in order, found once.
        let mut found_on: Vec<(usize, Found)> = Vec::new();
        // The keys common to the moves so far, while they settle the answer.
        let mut common_so_far: Option<Vec<Key>> = None;
        for &i in moves {
            let same = self.same_as(i);
            let known = found_on.iter().position(|(j, _)| *j == same);
            // Kept once the move is done with, unless the move settles the answer first.
            let fresh = known.is_none().then(|| self.found(body, same, by_attacker));
            let found = match (&fresh, known.and_then(|at| found_on.get(at))) {
                (Some(found), _) | (None, Some((_, found))) => found,
                (None, None) => continue,
            };
            let mut keys = Vec::with_capacity(found.len());
            for &(key, stood) in found {
                keys.push(key);
                match pieces.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, known)) => *known = stood,
                    None => pieces.push((key, stood)),
                }
            }
            keys.sort_unstable();
            keys.dedup();
            // Unless counting, a move without a key, or no key common to the moves so far,
            // settles it: there is no target common to every move (nor, for changing
            // targets, a target on every move).
            let settled = match (quantifier, clause) {
                (Quantifier::AtLeast(_), _) => false,
                (_, TargetClause::ChangingTargets) => keys.is_empty(),
                _ => {
                    match &mut common_so_far {
                        Some(common) => common.retain(|k| keys.binary_search(k).is_ok()),
                        None => common_so_far = Some(keys.clone()),
                    }
                    common_so_far.as_ref().is_some_and(Vec::is_empty)
                }
            };
            if settled {
                return Holds::plain(false);
            }
            per_move.push(keys);
            if let Some(found) = fresh {
                found_on.push((same, found));
            }
        }
        let witness = |key: &Key| {
            pieces
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, (attacker, target))| Witness {
                    target: *target,
                    attacker: *attacker,
                })
        };
        match (quantifier, clause) {
            (Quantifier::AtLeast(n), _) => {
                let mut counts: Vec<(Key, u64)> = Vec::new();
                for k in per_move.iter().flatten() {
                    match counts.iter_mut().find(|(c, _)| c == k) {
                        Some((_, count)) => *count += 1,
                        None => counts.push((*k, 1)),
                    }
                }
                // The smallest key that occurs often enough.
                counts.sort_unstable();
                match counts.iter().find(|(_, c)| *c >= n) {
                    Some((k, _)) => Holds {
                        holds: true,
                        witness: witness(k),
                    },
                    None => Holds::plain(false),
                }
            }
            (_, TargetClause::ChangingTargets) => {
                let every = per_move.iter().all(|k| !k.is_empty());
                let common = intersection(&per_move);
                Holds::plain(every && common.is_empty())
            }
            _ => {
                let common = intersection(&per_move);
                match common.first() {
                    Some(k) => Holds {
                        holds: true,
                        witness: witness(k),
                    },
                    None => Holds::plain(false),
                }
            }
        }
    }
}

/// For each ply of `facts`, the first ply with the same facts (itself when none before it has).
pub(crate) fn first_same(facts: &SequenceFacts) -> Vec<usize> {
    (0..facts.plies.len())
        .map(|i| {
            let ply = facts.plies.get(i);
            (0..i)
                .find(|&j| match (facts.plies.get(j), ply) {
                    (Some(a), Some(b)) => same_facts(a, b),
                    _ => false,
                })
                .unwrap_or(i)
        })
        .collect()
}

/// Whether two plies have the same facts, whatever their place in the sequence.
fn same_facts(a: &PlyFacts, b: &PlyFacts) -> bool {
    a.mv == b.mv
        && a.mover == b.mover
        && a.piece == b.piece
        && a.captured == b.captured
        && a.facts == b.facts
        && a.checkers == b.checkers
        && a.mate_line == b.mate_line
        && a.threats == b.threats
}

/// The keys in every one of `sets` (each sorted and without repeats), sorted.
fn intersection<K: Ord + Copy>(sets: &[Vec<K>]) -> Vec<K> {
    let mut iter = sets.iter();
    let Some(first) = iter.next() else {
        return Vec::new();
    };
    let mut common = first.clone();
    for set in iter {
        common.retain(|k| set.binary_search(k).is_ok());
    }
    common
}
