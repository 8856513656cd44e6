//! The syntax tree of a standings form: how a tournament's results are scored and its players
//! ranked (`standings NAME …`, the law's Điều 21).

use super::Attrs;
use crate::source::Node;

/// `[replace] standings NAME ATTRS CLAUSE*`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standings {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// Written with `replace`: the clauses written replace the inherited form's, the others
    /// are kept.
    pub replace: bool,
    /// The form's name.
    pub id: Node<String>,
    /// Descriptive attributes of the whole form.
    pub attrs: Attrs,
    /// The clauses, in file order.
    pub clauses: Vec<Node<Clause>>,
}

/// A number of points as written: `1`, `1/2`, `0.5` (read as `5/10`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fraction {
    /// The numerator.
    pub numerator: u64,
    /// The denominator (may be 0 as written; the compiler rejects it).
    pub denominator: u64,
}

/// What a `score` clause scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreUnit {
    /// `score game`: one game.
    Game,
    /// `score match`: one match of several games.
    Match,
}

/// One criterion of a `rank` clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CriterionRef {
    /// The criterion's name.
    pub id: Node<String>,
    /// The sentence it rests on.
    pub attrs: Attrs,
}

/// One clause of a standings form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clause {
    /// `system NAME ATTRS`.
    System {
        /// The system's name.
        name: Node<String>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `match N games ATTRS`.
    Match {
        /// Games per match.
        games: Node<u64>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `score game|match win N draw N loss N ATTRS`.
    Score {
        /// What is scored.
        unit: ScoreUnit,
        /// The points of a win.
        win: Node<Fraction>,
        /// The points of a draw.
        draw: Node<Fraction>,
        /// The points of a loss.
        loss: Node<Fraction>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `forfeit game N [match N] ATTRS`.
    Forfeit {
        /// The game points of the present player.
        game: Node<Fraction>,
        /// The match points of the present player.
        matches: Option<Node<Fraction>>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `withdrawal NAME ATTRS`.
    Withdrawal {
        /// The rule's name.
        rule: Node<String>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `split NAME ATTRS`.
    Split {
        /// The rule's name.
        rule: Node<String>,
        /// The sentence it rests on.
        attrs: Attrs,
    },
    /// `rank ATTRS CRITERION+`.
    Rank {
        /// The sentence that sets the order.
        attrs: Attrs,
        /// The criteria, in order.
        criteria: Vec<CriterionRef>,
    },
}

impl Clause {
    /// The keyword that starts the clause.
    pub fn keyword(&self) -> &'static str {
        match self {
            Clause::System { .. } => "system",
            Clause::Match { .. } => "match",
            Clause::Score {
                unit: ScoreUnit::Game,
                ..
            } => "score game",
            Clause::Score {
                unit: ScoreUnit::Match,
                ..
            } => "score match",
            Clause::Forfeit { .. } => "forfeit",
            Clause::Withdrawal { .. } => "withdrawal",
            Clause::Split { .. } => "split",
            Clause::Rank { .. } => "rank",
        }
    }
}
