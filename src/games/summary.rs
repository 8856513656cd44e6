//! The counts of a run over many games: games read and refused, repetitions, verdicts by
//! rule set, and the games whose recorded result disagrees with the verdict at the end.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

use serde::Serialize;

use super::{GameReport, Kind};
use crate::records::RecordError;
use crate::vocab::Verdict;
use crate::words::{agreeing, plural};

/// What one rule set decided over the run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RulesSummary {
    /// The rule set.
    pub rules: String,
    /// The occurrence it rules at.
    pub ruling_occurrence: u32,
    /// Repetitions it ruled on (the occurrence reached), by verdict.
    pub verdicts: BTreeMap<&'static str, usize>,
    /// Repetitions it ruled on, by kind.
    pub kinds: BTreeMap<Kind, usize>,
    /// Games it gave a verdict at the end, by verdict.
    pub end_verdicts: BTreeMap<&'static str, usize>,
    /// Games whose recorded result disagrees with its verdict at the end, by kind.
    pub disagreements: BTreeMap<Kind, usize>,
}

impl RulesSummary {
    /// The repetitions ruled on.
    #[must_use]
    pub fn ruled(&self) -> usize {
        self.verdicts.values().sum()
    }
}

/// A game in which the rule sets' verdicts differ, kept for the report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Disputed {
    /// The file.
    pub file: String,
    /// The index in the file.
    pub index: usize,
    /// The tags.
    pub tags: Vec<(String, String)>,
    /// The recorded result.
    pub result: String,
    /// The position before the cycle in dispute (FEN).
    pub position: String,
    /// The cycle's moves in ICCS.
    pub moves: Vec<String>,
    /// Each rule set's verdict on it (`None` where it did not rule).
    pub verdicts: Vec<(String, Option<Verdict>)>,
}

/// The counts of a run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    /// Files read.
    pub files: usize,
    /// Games read.
    pub games: usize,
    /// Games whose start and moves equal an earlier game's.
    pub duplicates: usize,
    /// Records refused, by reason.
    pub refused: BTreeMap<String, usize>,
    /// Games read, by encoding.
    pub encodings: BTreeMap<String, usize>,
    /// Moves of the games read.
    pub plies: u64,
    /// Games with at least one repeated position.
    pub games_repeating: usize,
    /// Runs of repeated positions.
    pub repetitions: usize,
    /// Games that end on a position that stood before.
    pub games_ending_repeated: usize,
    /// Games in which two rule sets that ruled on the same cycle differ.
    pub games_disputed: usize,
    /// Per rule set.
    pub rules: Vec<RulesSummary>,
    /// The first games in dispute, at most [`Summary::KEPT`].
    pub disputed: Vec<Disputed>,
    #[serde(skip)]
    seen: HashSet<u64>,
}

impl Summary {
    /// How many games in dispute are kept with their positions. A committee reads every game
    /// in dispute, so the bound is far above what a sample gives (55 of 2,784 games); it is
    /// there so that memory stays flat over an archive of any size.
    pub const KEPT: usize = 1_000;

    /// A summary for these rule sets (name, occurrence).
    #[must_use]
    pub fn new(rules: &[(String, u32)]) -> Summary {
        Summary {
            rules: rules
                .iter()
                .map(|(name, occurrence)| RulesSummary {
                    rules: name.clone(),
                    ruling_occurrence: *occurrence,
                    ..RulesSummary::default()
                })
                .collect(),
            ..Summary::default()
        }
    }

    /// Records refused in all.
    #[must_use]
    pub fn refused_count(&self) -> usize {
        self.refused.values().sum()
    }

    /// Counts a refused record.
    pub fn add_refused(&mut self, e: &RecordError) {
        *self.refused.entry(e.reason().to_owned()).or_default() += 1;
    }

    /// Counts a game.
    pub fn add(&mut self, file: &str, g: &GameReport) {
        let r = &g.record;
        self.games += 1;
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (r.start, &r.moves).hash(&mut hasher);
        if !self.seen.insert(hasher.finish()) {
            self.duplicates += 1;
        }
        *self
            .encodings
            .entry(r.encoding.name().to_owned())
            .or_default() += 1;
        self.plies += r.moves.len() as u64;
        self.repetitions += g.repetitions.len();
        self.games_repeating += usize::from(!g.repetitions.is_empty());
        self.games_ending_repeated += usize::from(g.ends_repeated());
        for rep in &g.repetitions {
            for (s, ruling) in self.rules.iter_mut().zip(&rep.rulings) {
                if let Some(ruling) = ruling {
                    *s.verdicts.entry(ruling.verdict.as_str()).or_default() += 1;
                    *s.kinds.entry(ruling.kind).or_default() += 1;
                }
            }
        }
        for (s, end) in self.rules.iter_mut().zip(&g.end) {
            if let Some(end) = end {
                *s.end_verdicts.entry(end.verdict.as_str()).or_default() += 1;
                if g.disagrees(end.verdict) {
                    *s.disagreements.entry(end.kind).or_default() += 1;
                }
            }
        }
        let names: Vec<&str> = self.rules.iter().map(|r| r.rules.as_str()).collect();
        if let Some(disputed) = dispute(file, g, &names) {
            self.games_disputed += 1;
            if self.disputed.len() < Self::KEPT {
                self.disputed.push(disputed);
            }
        }
    }

    /// The summary in words, one fact a line.
    #[must_use]
    pub fn render(&self) -> String {
        let mut s = String::new();
        let refused = self.refused_count();
        let _ = write!(
            s,
            "{} game{} read from {} file{}, {refused} refused",
            self.games,
            plural(self.games),
            self.files,
            plural(self.files)
        );
        if refused > 0 {
            let reasons: Vec<String> = self
                .refused
                .iter()
                .map(|(reason, n)| format!("{n} {reason}"))
                .collect();
            let _ = write!(s, " ({})", reasons.join(", "));
        }
        let _ = writeln!(s);
        if self.duplicates > 0 {
            let _ = writeln!(
                s,
                "{} duplicate games (same start and moves as an earlier one)",
                self.duplicates
            );
        }
        let _ = writeln!(
            s,
            "{} repetition{} in {} game{}; {} game{} on a repeated position",
            self.repetitions,
            plural(self.repetitions),
            self.games_repeating,
            plural(self.games_repeating),
            self.games_ending_repeated,
            agreeing(self.games_ending_repeated, " ends", "s end")
        );
        for r in &self.rules {
            let _ = writeln!(
                s,
                "{}: rules at occurrence {}: {} repetition{} ruled ({}); at the end: {}; recorded result disagrees: {}",
                r.rules,
                r.ruling_occurrence,
                r.ruled(),
                plural(r.ruled()),
                counts(&r.verdicts, |v| v),
                counts(&r.end_verdicts, |v| v),
                counts(&r.disagreements, |k| k.words()),
            );
        }
        if self.rules.len() > 1 {
            let _ = writeln!(
                s,
                "{} game{} where rule sets differ",
                self.games_disputed,
                plural(self.games_disputed)
            );
        }
        s
    }
}

/// `3 draw, 1 red_loses`, or `none`.
fn counts<K>(map: &BTreeMap<K, usize>, name: impl Fn(&K) -> &str) -> String {
    if map.is_empty() {
        return "none".to_owned();
    }
    map.iter()
        .map(|(k, n)| format!("{n} {}", name(k)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first cycle of a game on which two rule sets that ruled give different verdicts.
fn dispute(file: &str, g: &GameReport, names: &[&str]) -> Option<Disputed> {
    let differ = |rulings: &[Option<super::Ruling>]| {
        let mut verdicts = rulings.iter().flatten().map(|r| r.verdict);
        let first = verdicts.next()?;
        verdicts.any(|v| v != first).then_some(())
    };
    let rulings = g
        .repetitions
        .iter()
        .map(|r| r.rulings.as_slice())
        .chain(std::iter::once(g.end.as_slice()))
        .find(|r| differ(r).is_some())?;
    let cycle = rulings.iter().flatten().next()?.cycle;
    let pos = g.position_at(cycle[0])?;
    Some(Disputed {
        file: file.to_owned(),
        index: g.record.index,
        tags: g.record.tags.clone(),
        result: g.record.result.as_str().to_owned(),
        position: pos.to_fen(),
        moves: g
            .record
            .moves
            .get(cycle[0]..cycle[1])?
            .iter()
            .map(ToString::to_string)
            .collect(),
        verdicts: names
            .iter()
            .zip(rulings)
            .map(|(name, r)| ((*name).to_owned(), r.as_ref().map(|r| r.verdict)))
            .collect(),
    })
}
