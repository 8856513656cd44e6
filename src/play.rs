//! Judging plays given as text: one case from the command line, or a stream of JSON lines.
//!
//! A case is a FEN and move texts in a notation; with `cycle` only the moves between the last
//! two occurrences of a repeated position are judged. A batch streams with constant memory:
//! lines are read in chunks, each chunk judged in parallel (order kept) and written out.

use std::io::{self, BufRead, Write};

use miette::Diagnostic;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::compile::CompiledRules;
use crate::eval::{self, EvalError, Judgement, SideJudgement};
use crate::xiangqi::notation::{LineError, Notation, parse_line};
use crate::xiangqi::{FenError, Move, Position, START_FEN};

/// Why a case could not be judged.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The FEN does not describe a legal position.
    #[error(transparent)]
    Fen(FenError),
    /// A move text could not be read or played.
    #[error(transparent)]
    Moves(LineError),
    /// The play could not be judged.
    #[error(transparent)]
    Eval(EvalError),
    /// `--cycle` was asked for and no position repeats.
    #[error("no position repeats in the moves")]
    NoCycle,
}

impl PlayError {
    fn inner(&self) -> Option<&dyn Diagnostic> {
        match self {
            PlayError::Fen(e) => Some(e),
            PlayError::Moves(e) => Some(e),
            PlayError::Eval(e) => Some(e),
            PlayError::NoCycle => None,
        }
    }
}

impl Diagnostic for PlayError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match self.inner() {
            Some(e) => e.code(),
            None => Some(Box::new("xqlaw::cycle")),
        }
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match self.inner() {
            Some(e) => e.help(),
            None => Some(Box::new(
                "give a play that returns to a position it passed through, or drop `--cycle`",
            )),
        }
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.inner().and_then(|e| e.source_code())
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.inner().and_then(|e| e.labels())
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner().and_then(|e| e.related())
    }
}

/// The moves between the last two occurrences of the last repeated position: the indices
/// `i..j` into `moves` such that the position before move `i` equals the position after move
/// `j - 1`, with `j` as large as possible and then `i` as large as possible.
///
/// Positions compare by [`Position`]'s equality, the repetition rule (placement and side to
/// move). Moves are assumed legal (as [`parse_line`] returns them).
pub fn last_cycle(start: &Position, moves: &[Move]) -> Option<std::ops::Range<usize>> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = *start;
    positions.push(pos);
    for m in moves {
        pos = pos.play(*m).ok()?;
        positions.push(pos);
    }
    (1..positions.len()).rev().find_map(|j| {
        let last = positions.get(j)?;
        let i = positions.get(..j)?.iter().rposition(|p| p == last)?;
        Some(i..j)
    })
}

/// Judges one case given as text.
///
/// # Errors
///
/// A bad FEN, an unreadable or illegal move, no repetition with `cycle`, or no moves.
pub fn judge_text(
    rules: &CompiledRules,
    fen: &str,
    moves: &[&str],
    notation: Notation,
    cycle: bool,
) -> Result<Judgement, PlayError> {
    judge_text_assuming(rules, fen, moves, notation, cycle, false)
}

/// Why a play is judged as a presumed cycle when the user asks for it.
pub const ASSUMED_BY_REQUEST: &str = "asked for (--assume-cycle or \"assume_cycle\": true)";

/// [`judge_text`]; with `assume_cycle`, moves that repeat no position are judged as a
/// presumed cycle instead of getting "no repetition to judge".
///
/// # Errors
///
/// A bad FEN, an unreadable or illegal move, no repetition with `cycle`, or no moves.
pub fn judge_text_assuming(
    rules: &CompiledRules,
    fen: &str,
    moves: &[&str],
    notation: Notation,
    cycle: bool,
    assume_cycle: bool,
) -> Result<Judgement, PlayError> {
    let start = Position::from_fen(fen).map_err(PlayError::Fen)?;
    let moves = parse_line(&start, moves, notation).map_err(PlayError::Moves)?;
    let (pos, disputed) = if cycle {
        let range = last_cycle(&start, &moves).ok_or(PlayError::NoCycle)?;
        let mut pos = start;
        for m in moves.get(..range.start).unwrap_or_default() {
            pos = pos.play(*m).map_err(|_| PlayError::NoCycle)?;
        }
        (pos, moves.get(range).unwrap_or_default())
    } else {
        (start, moves.as_slice())
    };
    let assumed = assume_cycle.then_some(ASSUMED_BY_REQUEST);
    let mut judgement =
        eval::judge_assuming(rules, &pos, disputed, assumed).map_err(PlayError::Eval)?;
    // Name the moves as the user wrote them, beside their squares.
    if notation != Notation::Iccs {
        let texts = crate::xiangqi::notation::write_line(&pos, disputed, notation);
        for (ply, text) in judgement.plies.iter_mut().zip(texts) {
            ply.text = Some(text);
        }
    }
    Ok(judgement)
}

/// One input line of a batch.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    #[serde(default)]
    id: serde_json::Value,
    #[serde(default)]
    fen: Option<String>,
    moves: Vec<String>,
    /// Judge the moves as a presumed cycle although no position repeats.
    #[serde(default)]
    assume_cycle: bool,
}

/// One side in a batch output line.
#[derive(Debug, Serialize)]
struct SideLine<'a> {
    outcome: crate::syntax::ast::Outcome,
    rulings: Vec<&'a str>,
}

impl<'a> SideLine<'a> {
    fn new(side: &'a SideJudgement) -> Self {
        SideLine {
            outcome: side.outcome,
            rulings: side.in_force().collect(),
        }
    }
}

/// A judged batch output line.
#[derive(Debug, Serialize)]
struct Judged<'a> {
    id: &'a serde_json::Value,
    verdict: eval::Verdict,
    red: SideLine<'a>,
    black: SideLine<'a>,
}

/// A failed batch output line.
#[derive(Debug, Serialize)]
struct Failed<'a> {
    id: &'a serde_json::Value,
    error: String,
}

/// Options of a batch run.
#[derive(Debug, Clone, Copy)]
pub struct BatchOptions {
    /// The notation of the move texts.
    pub notation: Notation,
    /// Judge only the last cycle of each case.
    pub cycle: bool,
    /// Judge every case as a presumed cycle (a line may also say `"assume_cycle": true`).
    pub assume_cycle: bool,
    /// Lines judged in parallel at a time.
    pub chunk: usize,
}

/// What a batch run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchSummary {
    /// Lines judged or failed.
    pub cases: usize,
    /// Lines that failed.
    pub failed: usize,
}

/// Judges every line of `input` and writes one line per case to `output`, in order; a line
/// that fails gets `{"id": …, "error": "…"}` and the run goes on. `progress` is called after
/// every chunk with the number of cases so far.
///
/// # Errors
///
/// Only reading or writing failures.
pub fn run_batch(
    rules: &CompiledRules,
    input: impl BufRead,
    mut output: impl Write,
    options: BatchOptions,
    mut progress: impl FnMut(usize),
) -> io::Result<BatchSummary> {
    let mut summary = BatchSummary::default();
    let mut lines = input.lines();
    let chunk_size = options.chunk.max(1);
    loop {
        let mut chunk = Vec::with_capacity(chunk_size);
        for line in lines.by_ref() {
            let line = line?;
            if line.trim().is_empty() {
                continue;
            }
            chunk.push(line);
            if chunk.len() == chunk_size {
                break;
            }
        }
        if chunk.is_empty() {
            break;
        }
        let results: Vec<(String, bool)> = chunk
            .par_iter()
            .map(|line| judge_line(rules, line, options))
            .collect();
        for (text, ok) in results {
            summary.cases += 1;
            if !ok {
                summary.failed += 1;
            }
            writeln!(output, "{text}")?;
        }
        output.flush()?;
        progress(summary.cases);
    }
    Ok(summary)
}

/// Judges one JSON line; returns the output line and whether it succeeded.
fn judge_line(rules: &CompiledRules, line: &str, options: BatchOptions) -> (String, bool) {
    let null = serde_json::Value::Null;
    let case: Case = match serde_json::from_str(line) {
        Ok(case) => case,
        Err(e) => {
            // Keep the id if the line is JSON with an id but the wrong shape.
            let id = serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(serde_json::Value::Null);
            return (failed(&id, &format!("bad case: {e}")), false);
        }
    };
    let id = if case.id.is_null() { &null } else { &case.id };
    let texts: Vec<&str> = case.moves.iter().map(String::as_str).collect();
    let fen = case.fen.as_deref().unwrap_or(START_FEN);
    let assume = options.assume_cycle || case.assume_cycle;
    match judge_text_assuming(rules, fen, &texts, options.notation, options.cycle, assume) {
        Ok(j) => {
            let line = Judged {
                id,
                verdict: j.verdict(),
                red: SideLine::new(&j.red),
                black: SideLine::new(&j.black),
            };
            match serde_json::to_string(&line) {
                Ok(text) => (text, true),
                Err(e) => (failed(id, &e.to_string()), false),
            }
        }
        Err(e) => (failed(id, &one_line(&e)), false),
    }
}

/// An error with its help, on one line.
fn one_line(e: &PlayError) -> String {
    let mut text = e.to_string();
    if let Some(help) = e.help() {
        text.push_str(&format!(" ({help})"));
    }
    text.replace('\n', " ")
}

fn failed(id: &serde_json::Value, error: &str) -> String {
    serde_json::to_string(&Failed {
        id,
        error: error.to_owned(),
    })
    .unwrap_or_else(|_| "{\"id\":null,\"error\":\"unprintable error\"}".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_last_cycle() {
        let start = Position::startpos();
        let moves: Vec<Move> = "h2e2 h9g7 h0g2 g7h9 g2h0 h9g7"
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        // After g2h0 (position 5) both horses are home again: position 1 repeats; after the
        // last h9g7 (position 6) position 2 repeats, the last repetition.
        let range = last_cycle(&start, &moves).unwrap();
        assert_eq!(range, 2..6);
    }

    /// Hình 1, where one check repeats no position.
    const HINH_1: &str = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";

    fn law() -> CompiledRules {
        crate::compile::compile_str("vn-1999.rules", include_str!("../rules/vn-1999.rules"))
            .unwrap()
    }

    fn options() -> BatchOptions {
        BatchOptions {
            notation: Notation::Iccs,
            cycle: false,
            assume_cycle: false,
            chunk: 4,
        }
    }

    #[test]
    fn one_check_that_repeats_nothing_is_no_repetition() {
        let rules = law();
        let j = judge_text(&rules, HINH_1, &["h8h9"], Notation::Iccs, false).unwrap();
        assert_eq!(j.verdict(), eval::Verdict::NoRepetition);
        assert!(j.red.fired.is_empty() && j.black.fired.is_empty());
        assert!(j.explain().contains("no position repeats"));
        let assumed =
            judge_text_assuming(&rules, HINH_1, &["h8h9"], Notation::Iccs, false, true).unwrap();
        assert_eq!(assumed.verdict(), eval::Verdict::RedLoses);
    }

    #[test]
    fn a_repeated_position_is_named_with_its_plies() {
        let moves = ["h8h9", "f9f8", "h9h8", "f8f9", "h8h9"];
        let j = judge_text(&law(), HINH_1, &moves, Notation::Iccs, false).unwrap();
        match &j.repetition {
            crate::facts::Repetition::Repeats { plies, .. } => assert_eq!(plies, &[0, 4]),
            other => panic!("expected a repetition, got {other:?}"),
        }
        assert_eq!(j.verdict(), eval::Verdict::RedLoses);
    }

    #[test]
    fn a_batch_line_may_assume_a_cycle() {
        let rules = law();
        let plain = format!(r#"{{"id": 1, "fen": "{HINH_1}", "moves": ["h8h9"]}}"#);
        let (text, ok) = judge_line(&rules, &plain, options());
        assert!(ok && text.contains(r#""verdict":"no_repetition""#), "{text}");
        let assumed =
            format!(r#"{{"id": 2, "fen": "{HINH_1}", "moves": ["h8h9"], "assume_cycle": true}}"#);
        let (text, ok) = judge_line(&rules, &assumed, options());
        assert!(ok && text.contains(r#""verdict":"red_loses""#), "{text}");
        let all = BatchOptions {
            assume_cycle: true,
            ..options()
        };
        let (text, _) = judge_line(&rules, &plain, all);
        assert!(text.contains(r#""verdict":"red_loses""#), "{text}");
    }

    #[test]
    fn no_cycle() {
        let start = Position::startpos();
        let moves: Vec<Move> = vec!["h2e2".parse().unwrap()];
        assert_eq!(last_cycle(&start, &moves), None);
    }
}
