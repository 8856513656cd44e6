//! The one answer to "which rulings decided" a verdict: the rulings in force behind it, as
//! every analysis of the corpus, the games and the workbench show them. It reads a judgement
//! (or a decision) and nothing else, so it sits with them, below whatever reports them.

use serde::Serialize;

use super::{Decision, FiredRuling, Judgement, SideJudgement};
use crate::vocab::{Outcome, Verdict};

/// A ruling in force behind a verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decider {
    /// The side it was in force for (`red` or `black`).
    pub side: &'static str,
    /// The ruling's name.
    pub ruling: String,
    /// The article it cites.
    pub article: Option<String>,
}

/// One rule set's verdict on a case, with the rulings that decide it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decided {
    /// The verdict.
    pub verdict: Verdict,
    /// The rulings that decide it: the loser's forbidden rulings in force; for a draw with
    /// both sides forbidden, both sides' forbidden rulings; for a draw where a ruling set a
    /// forbidden one aside, the rulings that did; otherwise the permissions in force.
    pub by: Vec<Decider>,
}

impl Decided {
    /// What a judgement decides, and by which rulings.
    pub fn of(j: &Judgement) -> Decided {
        Decided::of_sides(j.verdict, &j.red, &j.black)
    }

    /// What a decision (a judgement without its explanation, as games are judged) decides,
    /// and by which rulings.
    pub fn of_decision(d: &Decision) -> Decided {
        Decided::of_sides(d.verdict, &d.red, &d.black)
    }

    fn of_sides(verdict: Verdict, red: &SideJudgement, black: &SideJudgement) -> Decided {
        let sides = [red, black];
        let pick = |keep: &dyn Fn(&SideJudgement, &FiredRuling) -> bool| {
            sides
                .iter()
                .flat_map(|s| {
                    s.rulings_in_force()
                        .filter(|f| keep(s, f))
                        .map(|f| Decider {
                            side: s.side.name(),
                            ruling: f.id.clone(),
                            article: f.article.clone(),
                        })
                })
                .collect::<Vec<_>>()
        };
        // A side's play is forbidden exactly when a forbidding ruling is in force for it.
        let forbidding = |_: &SideJudgement, f: &FiredRuling| f.outcome == Outcome::Forbidden;
        let by = match verdict {
            Verdict::RedLoses | Verdict::BlackLoses => {
                let loser = if verdict == Verdict::RedLoses {
                    red.side
                } else {
                    black.side
                };
                pick(&|s, f| s.side == loser && forbidding(s, f))
            }
            Verdict::Draw => {
                let forbidden = pick(&forbidding);
                if forbidden.is_empty() {
                    let overriders =
                        pick(&|s, f| s.fired.iter().any(|o| o.overridden_by.contains(&f.id)));
                    if overriders.is_empty() {
                        pick(&|_, _| true)
                    } else {
                        overriders
                    }
                } else {
                    forbidden
                }
            }
            // Nothing repeats, no ruling was tried: nothing decided.
            Verdict::NoRepetition => Vec::new(),
        };
        Decided { verdict, by }
    }

    /// The decision in a few words: `red loses (red: perpetual-chase)`, or `not judged`.
    pub fn in_words(d: Option<&Decided>) -> String {
        let Some(d) = d else {
            return "not judged".to_owned();
        };
        let sides: Vec<String> = ["red", "black"]
            .iter()
            .filter_map(|side| {
                let rulings: Vec<&str> =
                    d.by.iter()
                        .filter(|x| x.side == *side)
                        .map(|x| x.ruling.as_str())
                        .collect();
                (!rulings.is_empty()).then(|| format!("{side}: {}", rulings.join(", ")))
            })
            .collect();
        if sides.is_empty() {
            d.verdict.to_string()
        } else {
            format!("{} ({})", d.verdict, sides.join("; "))
        }
    }
}
