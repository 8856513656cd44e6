//! From fired rulings to each side's outcome, and from the two outcomes to the verdict.

use serde::Serialize;

use super::pattern::{Play, Witness};
use crate::compile::{CompiledRules, RulingId};
use crate::facts::PieceAt;
use crate::vocab::{Outcome, Verdict};
use crate::vocab::{Party, RowResult};
use crate::xiangqi::Color;

/// The verdict against `color`.
fn loser(color: Color) -> Verdict {
    match color {
        Color::Red => Verdict::RedLoses,
        Color::Black => Verdict::BlackLoses,
    }
}

/// A ruling that fired for a side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FiredRuling {
    /// Its name.
    pub id: String,
    /// What it rules.
    pub outcome: Outcome,
    /// Where it comes from.
    pub article: Option<String>,
    /// The words of the law.
    pub quote: Option<String>,
    /// Why the ruling's reading is provisional, if it is (`provisional "…"`): a verdict it
    /// decides is only as settled as that reading.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provisional: Option<String>,
    /// The `when` pattern as written.
    pub when: String,
    /// The piece chased on every move (for target patterns), e.g. `black horse g6`.
    #[serde(serialize_with = "crate::facts::some_piece_as_text")]
    pub target: Option<PieceAt>,
    /// The piece chasing it, when the pattern asked for the same attacker.
    #[serde(serialize_with = "crate::facts::some_piece_as_text")]
    pub attacker: Option<PieceAt>,
    /// Rulings in force that set this one aside; empty if it is in force.
    pub overridden_by: Vec<String>,
}

impl FiredRuling {
    /// Whether no ruling in force sets it aside.
    pub fn in_force(&self) -> bool {
        self.overridden_by.is_empty()
    }
}

/// The judgement of one side's play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SideJudgement {
    /// The side.
    #[serde(serialize_with = "ser_color")]
    pub side: Color,
    /// Forbidden if a fired ruling in force rules `forbidden`.
    pub outcome: Outcome,
    /// Every ruling that fired, in evaluation order.
    pub fired: Vec<FiredRuling>,
    /// Number of moves the side played.
    pub moves: usize,
}

impl SideJudgement {
    /// The fired rulings in force: those that no ruling in force sets aside.
    pub fn rulings_in_force(&self) -> impl Iterator<Item = &FiredRuling> {
        self.fired.iter().filter(|f| f.in_force())
    }

    /// The names of the fired rulings in force.
    pub fn in_force(&self) -> impl Iterator<Item = &str> {
        self.rulings_in_force().map(|f| f.id.as_str())
    }
}

fn ser_color<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

/// The verdict row that decided, and for which side it was tried.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchedRow {
    /// Row number, from 1.
    pub row: usize,
    /// The row as written.
    pub text: String,
    /// The side `side` stood for.
    #[serde(serialize_with = "ser_color")]
    pub side: Color,
}

/// Judges one side: which rulings fire, which are set aside, and the outcome.
pub(crate) fn judge_side(rules: &CompiledRules, play: &Play<'_>, side: Color) -> SideJudgement {
    let mut fired: Vec<(RulingId, Option<Witness>)> = Vec::new();
    for (i, r) in rules.rulings.iter().enumerate() {
        let when = play.pattern(&r.when, side);
        if when.holds && !r.unless.iter().any(|u| play.pattern(u, side).holds) {
            fired.push((RulingId(i), when.witness));
        }
    }
    // INVARIANT: rulings are in evaluation order (a ruling after every ruling that overrides
    // it), so whether an overrider is itself in force is known when it is needed.
    let mut overridden_by: Vec<Vec<String>> = vec![Vec::new(); fired.len()];
    for (k, (id, _)) in fired.iter().enumerate() {
        let mut by = Vec::new();
        for (j, (other, _)) in fired.iter().enumerate().take(k) {
            let in_force = overridden_by.get(j).is_some_and(Vec::is_empty);
            let overrides = rules
                .rulings
                .get(other.0)
                .is_some_and(|o| o.overrides.contains(id));
            if in_force && overrides {
                if let Some(o) = rules.rulings.get(other.0) {
                    by.push(o.id.clone());
                }
            }
        }
        if let Some(slot) = overridden_by.get_mut(k) {
            *slot = by;
        }
    }
    let fired: Vec<FiredRuling> = fired
        .into_iter()
        .zip(overridden_by)
        .filter_map(|((id, witness), overridden_by)| {
            let r = rules.rulings.get(id.0)?;
            Some(FiredRuling {
                id: r.id.clone(),
                outcome: r.outcome,
                article: r.meta.article.clone(),
                quote: r.meta.quote.clone(),
                provisional: r.meta.provisional.clone(),
                when: r.when_text.clone(),
                target: witness.as_ref().map(|w| w.target),
                attacker: witness.as_ref().and_then(|w| w.attacker),
                overridden_by,
            })
        })
        .collect();
    let outcome = if fired
        .iter()
        .any(|f| f.in_force() && f.outcome == Outcome::Forbidden)
    {
        Outcome::Forbidden
    } else {
        Outcome::Allowed
    };
    SideJudgement {
        side,
        outcome,
        fired,
        moves: play.moves_of(side).len(),
    }
}

/// A side of a play that repeats nothing: no ruling is tried.
pub(crate) fn unjudged_side(play: &Play<'_>, side: Color) -> SideJudgement {
    SideJudgement {
        side,
        outcome: Outcome::Allowed,
        fired: Vec::new(),
        moves: play.moves_of(side).len(),
    }
}

/// Tries the verdict rows top to bottom, each with `side` bound to red then black.
pub(crate) fn combine(
    rules: &CompiledRules,
    red: &SideJudgement,
    black: &SideJudgement,
) -> (Verdict, Option<MatchedRow>) {
    for (n, row) in rules.verdict.iter().enumerate() {
        for (side, other) in [(red, black), (black, red)] {
            let holds = row.conds.iter().all(|c| {
                let j = match c.party {
                    Party::Side => side,
                    Party::Other => other,
                };
                let graver = !c.graver
                    || j.fired.iter().any(|f| {
                        f.in_force()
                            && f.outcome == Outcome::Forbidden
                            && rules.ruling(&f.id).is_some_and(|r| r.graver)
                    });
                let by = match c.by {
                    None => graver,
                    Some(id) => rules
                        .rulings
                        .get(id.0)
                        .is_some_and(|r| j.fired.iter().any(|f| f.id == r.id && f.in_force())),
                };
                j.outcome == c.outcome && by
            });
            if holds {
                let verdict = match row.result {
                    RowResult::Draw => Verdict::Draw,
                    RowResult::Loses(Party::Side) => loser(side.side),
                    RowResult::Loses(Party::Other) => loser(other.side),
                };
                let matched = MatchedRow {
                    row: n + 1,
                    text: row.text.clone(),
                    side: side.side,
                };
                return (verdict, Some(matched));
            }
        }
    }
    (Verdict::Draw, None)
}
