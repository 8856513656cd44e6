//! Judging a disputed play with a compiled rule set.
//!
//! Each ply is classified by the rule set's terms (in the predicate graph's topological
//! order); each side's rulings are matched over that side's moves, overrides applied, and the
//! verdict table combines the two outcomes. [`Judgement::explain`] says why in words.

pub mod err;
pub mod explain;
mod pattern;
pub mod verdict;

use serde::Serialize;

pub use err::EvalError;
pub use explain::{PlyReport, ThreatReport};
pub use verdict::{FiredRuling, MatchedRow, SideJudgement, Verdict};

use crate::compile::CompiledRules;
use crate::facts::SequenceFacts;
use crate::xiangqi::{Color, Move, Position};

/// The judgement of a play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// The rule set's name.
    pub rules: String,
    /// The rule set's title.
    #[serde(skip)]
    pub title: Option<String>,
    /// Who loses, if anyone.
    pub verdict: Verdict,
    /// Red's side.
    pub red: SideJudgement,
    /// Black's side.
    pub black: SideJudgement,
    /// The verdict row that matched.
    pub row: Option<MatchedRow>,
    /// Every ply, classified.
    pub plies: Vec<PlyReport>,
}

impl Judgement {
    /// Who loses, if anyone.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// One side's judgement.
    pub fn side(&self, color: Color) -> &SideJudgement {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The judgement in words: the moves classified by the terms, the rulings that fired for
    /// each side with their articles and quotes, and the verdict row that decided.
    pub fn explain(&self) -> String {
        explain::render(self)
    }
}

/// Judges `moves` played from `start` as the disputed play: computes the facts with the rule
/// set's settings, then [`judge_facts`].
///
/// # Errors
///
/// If a move is illegal or there are no moves.
pub fn judge(
    rules: &CompiledRules,
    start: &Position,
    moves: &[Move],
) -> Result<Judgement, EvalError> {
    if moves.is_empty() {
        return Err(EvalError::Empty(err::EmptyPlay::new()));
    }
    let facts = crate::facts::compute(start, moves, &rules.settings).map_err(EvalError::Facts)?;
    Ok(judge_facts(rules, &facts))
}

/// Judges a play whose facts are already computed. Plies alternate sides; each ply's
/// `mover` says whose move it is.
pub fn judge_facts(rules: &CompiledRules, facts: &SequenceFacts) -> Judgement {
    let values: Vec<pattern::PlyValues> = facts
        .plies
        .iter()
        .map(|p| pattern::classify(rules, p))
        .collect();
    let plies = facts
        .plies
        .iter()
        .zip(&values)
        .map(|(p, v)| explain::ply_report(rules, p, v))
        .collect();
    let play = pattern::Play { facts, values };
    let red = verdict::judge_side(rules, &play, Color::Red);
    let black = verdict::judge_side(rules, &play, Color::Black);
    let (verdict, row) = verdict::combine(rules, &red, &black);
    Judgement {
        rules: rules.name.clone(),
        title: rules.title.clone(),
        verdict,
        red,
        black,
        row,
        plies,
    }
}
