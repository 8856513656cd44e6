//! An amendment judged on game records: the games whose outcome it changes against its base.
//!
//! `xqlaw games --whatif` prints the changes a line per game as the records stream by;
//! `xqlaw whatif --report --games` keeps them, each with the position before the cycle judged,
//! its moves and both rulings, for the proposal page. Both judge with [`amendment_pair`] and
//! find the changes with [`GameReport::differences`].

use std::path::PathBuf;

use super::run::run;
use super::summary::Summary;
use super::{GameReport, Ruling};
use crate::compile::CompiledRules;
use crate::records::GameRecord;
use crate::xiangqi::{Move, Position};

/// The base and the amendment as the two rule sets a run judges with, in that order. An
/// amendment under its base's name is renamed `NAME (amended)`, so that the counts of the two
/// can be told apart.
#[must_use]
pub fn amendment_pair(base: CompiledRules, amended: CompiledRules) -> Vec<CompiledRules> {
    let amended = if amended.name() == base.name() {
        let name = format!("{} (amended)", amended.name());
        amended.renamed(name)
    } else {
        amended
    };
    vec![base, amended]
}

/// One place in a game where the amendment rules otherwise than its base.
#[derive(Debug, Clone)]
pub struct ChangedCycle {
    /// The repetition's first and last ply; `None` for the verdict at the end.
    pub repetition: Option<[usize; 2]>,
    /// The moves played before the cycle shown.
    pub ply: usize,
    /// The position before the cycle.
    pub start: Position,
    /// The cycle the amendment judged (the base's when the amendment made no ruling there).
    pub moves: Vec<Move>,
    /// The base's ruling (`None`: it made none there).
    pub before: Option<Ruling>,
    /// The amendment's ruling.
    pub after: Option<Ruling>,
}

/// A game whose outcome the amendment changes.
#[derive(Debug, Clone)]
pub struct ChangedGame {
    /// The file it was read from, as shown.
    pub file: String,
    /// The record (its index in the file, tags, recorded result and moves).
    pub record: GameRecord,
    /// Where the rulings differ, in the order of the game.
    pub cycles: Vec<ChangedCycle>,
}

impl ChangedGame {
    /// The game's changes, or `None` when the amendment (index 1) rules as its base (index 0)
    /// everywhere.
    #[must_use]
    pub fn of(file: &str, game: &GameReport) -> Option<ChangedGame> {
        let cycles: Vec<ChangedCycle> = game
            .differences(0, 1)
            .into_iter()
            .filter_map(|d| {
                let cycle = d.after.or(d.before)?.cycle;
                Some(ChangedCycle {
                    repetition: d.repetition,
                    ply: cycle[0],
                    start: game.position_at(cycle[0])?,
                    moves: game.record.moves.get(cycle[0]..cycle[1])?.to_vec(),
                    before: d.before.cloned(),
                    after: d.after.cloned(),
                })
            })
            .collect();
        (!cycles.is_empty()).then(|| ChangedGame {
            file: file.to_owned(),
            record: game.record.clone(),
            cycles,
        })
    }
}

/// The amendment over a set of records: the counts of the run (games read and refused,
/// repetitions, each rule set's rulings) and the games whose outcome changes.
#[derive(Debug, Clone)]
pub struct AmendedGames {
    /// The counts; its rule sets are the base, then the amendment.
    pub summary: Summary,
    /// Games whose outcome changes.
    pub games_changed: usize,
    /// The first of them, at most [`Summary::KEPT`], in the order read.
    pub changed: Vec<ChangedGame>,
}

/// Judges every game under `paths` (files, or folders searched as `xqlaw games` searches
/// them) with the base and the amendment (see [`amendment_pair`]).
#[must_use]
pub fn judge_amendment(rule_sets: &[CompiledRules], paths: &[PathBuf]) -> AmendedGames {
    let mut changed = Vec::new();
    let mut games_changed = 0;
    let summary = run(
        rule_sets,
        paths,
        |(file, games)| {
            for game in games.iter().flatten() {
                if let Some(c) = ChangedGame::of(file, game) {
                    games_changed += 1;
                    if changed.len() < Summary::KEPT {
                        changed.push(c);
                    }
                }
            }
        },
        |_| {},
    );
    AmendedGames {
        summary,
        games_changed,
        changed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_str;
    use crate::records::read_file;
    use crate::test_support::law;

    #[test]
    fn perpetual_check_allowed_changes_the_game_that_ends_in_one() {
        let text = include_str!("../../rules/vn-1999.rules");
        assert_eq!(text.matches("    → forbidden graver\n").count(), 1);
        let allowed = text.replace("    → forbidden graver\n", "    → allowed\n");
        let amended = compile_str("amended.rules", &allowed).unwrap();
        let pair = amendment_pair(law(), amended);
        assert_eq!(pair[1].name(), "vn-1999 (amended)");
        let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/records/perpetual-check-v18.xqf");
        let game = super::super::judge_game(&pair, read_file(&file).remove(0).unwrap());
        let changed = ChangedGame::of("g.xqf", &game).unwrap();
        let first = &changed.cycles[0];
        assert_eq!(first.repetition, Some([4, 8]));
        assert_eq!(first.moves.len(), 4);
        assert_eq!(Some(first.start), game.position_at(first.ply));
        let before = first.before.as_ref().unwrap();
        assert_eq!(before.verdict, crate::vocab::Verdict::RedLoses);
        assert!(
            before
                .decided
                .by
                .iter()
                .any(|d| d.ruling == "perpetual-check"),
            "{before:?}"
        );
        assert_ne!(
            first.after.as_ref().map(|r| r.verdict),
            Some(before.verdict)
        );
        // Judged by the base twice, nothing changes.
        let same = super::super::judge_game(&[law(), law()], game.record.clone());
        assert!(ChangedGame::of("g.xqf", &same).is_none());
    }
}
