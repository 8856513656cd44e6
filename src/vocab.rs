//! The words every layer shares: what a term is said of ([`Subject`]), what a ruling rules
//! ([`Outcome`]), how many moves a pattern asks for and of which targets ([`Quantifier`],
//! [`TargetClause`]), what a verdict row decides and for whom ([`RowResult`], [`Party`]), who a
//! play is judged against ([`Verdict`]), and which case of the corpus a row speaks of
//! ([`CaseId`]).
//!
//! They sit below every stage, so the rule language, the facts, the evaluator and the analyses
//! speak of the same things without importing one another. This module depends on nothing.

use serde::Serialize;

/// What a term or a fact is said of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subject {
    /// A whole move (one ply).
    Move,
    /// One capture threat made by a move (an attacker and a target).
    Threat,
}

impl Subject {
    /// The keyword that names it: `move` or `threat`.
    pub fn keyword(self) -> &'static str {
        match self {
            Subject::Move => "move",
            Subject::Threat => "threat",
        }
    }
}

/// What a ruling rules of a side's play, and so the side's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The side's repetition is forbidden.
    Forbidden,
    /// The side's repetition is allowed.
    Allowed,
}

impl Outcome {
    /// The keyword that names it: `forbidden` or `allowed`.
    pub fn keyword(self) -> &'static str {
        match self {
            Outcome::Forbidden => "forbidden",
            Outcome::Allowed => "allowed",
        }
    }
}

/// Who the verdict is against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Red's play is forbidden: Red must change or loses.
    RedLoses,
    /// Black's play is forbidden: Black must change or loses.
    BlackLoses,
    /// Neither side is judged to lose.
    Draw,
    /// No position repeats, so there is no repetition to judge (Điều 22.11, 24.2): not a
    /// verdict on either side's play.
    NoRepetition,
}

impl Verdict {
    /// `red_loses`, `black_loses`, `draw` or `no_repetition`, as spec files write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::RedLoses => "red_loses",
            Verdict::BlackLoses => "black_loses",
            Verdict::Draw => "draw",
            Verdict::NoRepetition => "no_repetition",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::RedLoses => "red loses",
            Verdict::BlackLoses => "black loses",
            Verdict::Draw => "draw",
            Verdict::NoRepetition => "no repetition to judge",
        })
    }
}

/// How many of the side's moves a quantified pattern asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quantifier {
    /// `every move`: all of them, and at least one.
    Every,
    /// `some move`.
    Some,
    /// `no move`.
    No,
    /// `at least N moves`.
    AtLeast(u64),
}

/// The target clause of a quantified pattern over threats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetClause {
    /// `on same target`.
    SameTarget,
    /// `on same target by same attacker`.
    SameTargetSameAttacker,
    /// `on changing targets`.
    ChangingTargets,
}

/// `side` or `other` in a verdict row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Party {
    /// The side the row is being tried for.
    Side,
    /// Its opponent.
    Other,
}

/// The right side of a verdict row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RowResult {
    /// `side loses` / `other loses`.
    Loses(Party),
    /// `draw`.
    Draw,
}

/// Which case of the corpus a row speaks of: its spec file's folder, id, title and article.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct CaseId {
    /// The folder of its spec file under `spec-tests/`.
    pub topic: String,
    /// Its id (`hinh-74`), which is its spec file's name.
    pub id: String,
    /// Its title (`Hình 74`).
    pub title: String,
    /// The article it illustrates (`24.27`).
    pub article: String,
}
