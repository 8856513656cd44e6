//! Real games judged: every position that stands again in a game record, judged where an
//! arbiter would rule on it, under each rule set given.
//!
//! A game is replayed ([`find`]); each run of repeated positions is ruled on at the ply where
//! a position stands for the rule set's `ruling-occurrence`-th time, and the moves judged are
//! the cycle before that ply (from the position's previous occurrence). A game that ends on a
//! repeated position also gets the verdict at the end: its last cycle, cut as
//! `xqlaw judge --cycle` cuts it, judged when the last position stands often enough. Nothing
//! here parses text or renders: [`run`] streams the reports of a folder walk, [`summary`]
//! counts them.

pub mod amendment;
pub mod find;
mod report;
pub mod run;
pub mod summary;

use std::collections::HashMap;
use std::ops::Range;

use crate::compile::CompiledRules;
use crate::eval::{self, Decided, Decision, Play};
use crate::records::{GameRecord, RecordedResult};
use crate::vocab::Verdict;
use crate::xiangqi::{Color, Move, Position};

pub use self::find::{Episode, Replayed};
pub use self::report::{csv_error, csv_header, error_line};

/// What kind of repetition a cycle is, for the counts: one side checks with every move
/// (perpetual check); else a ruling in force names a chased target (chase); else other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// One side gives check with every move of the cycle.
    PerpetualCheck,
    /// A ruling in force speaks of a target chased on every move.
    Chase,
    /// Anything else (idle moves, mutual threats, a transposition).
    Other,
}

impl Kind {
    /// `perpetual check`, `chase`, `other`.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Kind::PerpetualCheck => "perpetual check",
            Kind::Chase => "chase",
            Kind::Other => "other",
        }
    }
}

/// A cycle judged by one rule set.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Ruling {
    /// The rule set.
    pub rules: String,
    /// The moves judged: the cycle's first and last ply (after ply `from`, up to ply `to`).
    pub cycle: [usize; 2],
    /// The verdict.
    pub verdict: Verdict,
    /// The kind of repetition.
    pub kind: Kind,
    /// Red's rulings in force.
    pub red: Vec<String>,
    /// Black's rulings in force.
    pub black: Vec<String>,
    /// The verdict with the rulings that decide it (as `xqlaw whatif` names them).
    #[serde(skip)]
    pub decided: Decided,
}

/// One run of repeated positions in a game, with each rule set's ruling on it (`None` where
/// the rule set's occurrence is not reached, or the cycle could not be judged).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Repetition {
    /// The first and last ply of the run.
    pub plies: [usize; 2],
    /// The most times one of its positions stands.
    pub occurrences: u32,
    /// The position that first stands again (FEN).
    pub position: String,
    /// One entry per rule set, in the order given.
    pub rulings: Vec<Option<Ruling>>,
}

/// A game judged.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The record, as read.
    pub record: GameRecord,
    /// Its repetitions.
    pub repetitions: Vec<Repetition>,
    /// The verdict at the end under each rule set: the last cycle judged when the game ends on
    /// a position standing for the rule set's occurrence, else `None`.
    pub end: Vec<Option<Ruling>>,
}

impl GameReport {
    /// Whether the game ends on a position that stood before.
    #[must_use]
    pub fn ends_repeated(&self) -> bool {
        self.repetitions
            .last()
            .is_some_and(|r| r.plies[1] == self.record.moves.len())
    }

    /// Whether the recorded result disagrees with a verdict at the end: a loss the record
    /// does not give, or a draw where the record gives a win. An unknown result disagrees with
    /// nothing.
    #[must_use]
    pub fn disagrees(&self, verdict: Verdict) -> bool {
        let result = self.record.result;
        match (verdict, result) {
            (_, RecordedResult::Unknown) | (Verdict::NoRepetition, _) => false,
            (Verdict::RedLoses, r) => r != RecordedResult::BlackWins,
            (Verdict::BlackLoses, r) => r != RecordedResult::RedWins,
            (Verdict::Draw, r) => r != RecordedResult::Draw,
        }
    }
}

/// Judges a game under each rule set.
#[must_use]
pub fn judge_game(rule_sets: &[CompiledRules], record: GameRecord) -> GameReport {
    let replayed = Replayed::new(&record.start, &record.moves);
    let mut judged: HashMap<(usize, Range<usize>), Option<Ruling>> = HashMap::new();
    let mut judge = |k: usize, rules: &CompiledRules, cycle: Range<usize>| {
        judged
            .entry((k, cycle.clone()))
            .or_insert_with(|| ruling(rules, &replayed, &record.moves, cycle))
            .clone()
    };
    let mut repetitions = Vec::with_capacity(replayed.episodes.len());
    for episode in &replayed.episodes {
        let rulings = rule_sets
            .iter()
            .enumerate()
            .map(|(k, rules)| {
                let cycle = episode.ruling_point(rules.ruling_occurrence)?;
                judge(k, rules, cycle)
            })
            .collect();
        let first = episode.plies.start;
        repetitions.push(Repetition {
            plies: [first, episode.plies.end - 1],
            occurrences: episode.occurrences(),
            position: replayed
                .positions
                .get(first)
                .map(Position::to_fen)
                .unwrap_or_default(),
            rulings,
        });
    }
    let end = rule_sets
        .iter()
        .enumerate()
        .map(|(k, rules)| {
            let occurrence = replayed.final_occurrence()?;
            if occurrence < rules.ruling_occurrence {
                return None;
            }
            // The cut of `Play::last_cycle`, which `xqlaw judge --cycle` judges.
            let cycle = crate::facts::last_cycle(&replayed.positions)?;
            judge(k, rules, cycle)
        })
        .collect();
    GameReport {
        record,
        repetitions,
        end,
    }
}

/// Judges the moves `cycle` (plies `from..to`) of a replayed game.
fn ruling(
    rules: &CompiledRules,
    replayed: &Replayed,
    moves: &[Move],
    cycle: Range<usize>,
) -> Option<Ruling> {
    let start = replayed.positions.get(cycle.start)?;
    let play = Play::new(*start, moves.get(cycle.clone())?.to_vec());
    let decision = eval::decide(rules, &play).ok()?;
    let names = |side: &eval::SideJudgement| side.in_force().map(str::to_owned).collect();
    Some(Ruling {
        rules: rules.name.clone(),
        cycle: [cycle.start, cycle.end],
        kind: kind(replayed, &cycle, &decision),
        verdict: decision.verdict,
        red: names(&decision.red),
        black: names(&decision.black),
        decided: Decided::of_decision(&decision),
    })
}

/// The kind of a judged cycle (see [`Kind`]).
fn kind(replayed: &Replayed, cycle: &Range<usize>, decision: &Decision) -> Kind {
    let checks_always = |side: Color| {
        let mut moved = false;
        let every = (cycle.start..cycle.end).all(|ply| {
            let before = replayed.positions.get(ply);
            let after = replayed.positions.get(ply + 1);
            match (before, after) {
                (Some(b), Some(a)) if b.turn() == side => {
                    moved = true;
                    a.is_check()
                }
                _ => true,
            }
        });
        moved && every
    };
    if checks_always(Color::Red) || checks_always(Color::Black) {
        return Kind::PerpetualCheck;
    }
    let chases = [&decision.red, &decision.black]
        .iter()
        .flat_map(|side| side.fired.iter())
        .any(|f| f.in_force() && f.target.is_some());
    if chases { Kind::Chase } else { Kind::Other }
}

/// Where an amendment changes a game's outcome: a repetition's ruling or the verdict at the
/// end, before and after.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Change {
    /// The first and last ply of the repetition; `None` for the verdict at the end.
    pub repetition: Option<[usize; 2]>,
    /// The verdict before (`None`: no ruling there).
    pub before: Option<Verdict>,
    /// The verdict after.
    pub after: Option<Verdict>,
    /// The rulings in force after, for both sides (red then black).
    pub rulings: Vec<String>,
}

/// A place where two rule sets rule otherwise on a game, with both rulings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Difference<'a> {
    /// The repetition's first and last ply; `None` for the verdict at the end.
    pub repetition: Option<[usize; 2]>,
    /// The first rule set's ruling (`None`: it made none there).
    pub before: Option<&'a Ruling>,
    /// The second's.
    pub after: Option<&'a Ruling>,
}

impl GameReport {
    /// Where the rule set at index `after` rules otherwise than the one at `before`.
    #[must_use]
    pub fn changes(&self, before: usize, after: usize) -> Vec<Change> {
        self.differences(before, after)
            .into_iter()
            .map(|d| Change {
                repetition: d.repetition,
                before: d.before.map(|r| r.verdict),
                after: d.after.map(|r| r.verdict),
                rulings: d
                    .after
                    .map(|r| r.red.iter().chain(&r.black).cloned().collect())
                    .unwrap_or_default(),
            })
            .collect()
    }

    /// The one answer to "where do two rule sets rule otherwise on this game": each
    /// repetition, then the end, whose verdicts under the rule sets at `before` and `after`
    /// differ, with both rulings.
    #[must_use]
    pub fn differences(&self, before: usize, after: usize) -> Vec<Difference<'_>> {
        fn at(rulings: &[Option<Ruling>], k: usize) -> Option<&Ruling> {
            rulings.get(k).and_then(Option::as_ref)
        }
        self.repetitions
            .iter()
            .map(|r| (Some(r.plies), r.rulings.as_slice()))
            .chain(std::iter::once((None, self.end.as_slice())))
            .filter_map(|(repetition, rulings)| {
                let (b, a) = (at(rulings, before), at(rulings, after));
                (b.map(|r| r.verdict) != a.map(|r| r.verdict)).then_some(Difference {
                    repetition,
                    before: b,
                    after: a,
                })
            })
            .collect()
    }

    /// The position after the first `ply` moves of the game.
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<Position> {
        let mut pos = self.record.start;
        for m in self.record.moves.get(..ply)? {
            pos.play_unchecked(*m);
        }
        Some(pos)
    }
}
