//! The row every analysis of the corpus writes, and the one answer to "which rulings decided".
//!
//! A case judged on two sides (two rule sets, or a base and its amendment) is a [`CaseRow`]:
//! the case, its expected verdict, and each side's [`Decided`], the verdict with the rulings
//! behind it ([`Decided::of`]). `xqlaw diff`, `xqlaw whatif`, the workbench and the docs print
//! these rows; none of them works out a verdict's rulings on its own.

use serde::Serialize;

use crate::eval::{Decision, FiredRuling, Judgement, SideJudgement};
use crate::vocab::{CaseId, Outcome, Verdict};

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

/// A case judged on two sides: by two rule sets (`xqlaw diff`), or by a base and its
/// amendment (`xqlaw whatif`, the workbench).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CaseRow {
    /// The case.
    #[serde(flatten)]
    pub case: CaseId,
    /// The verdict its spec file expects from the first side's rule set, if it states one.
    pub expected: Option<Verdict>,
    /// The first side's decision (`None` if it could not judge the case).
    pub before: Option<Decided>,
    /// The second side's decision.
    pub after: Option<Decided>,
    /// Whether the verdict changes from one side to the other.
    pub changed: bool,
}

impl CaseRow {
    /// The row of `case`, judged `before` and `after`.
    pub fn new(
        case: CaseId,
        expected: Option<Verdict>,
        before: Option<Decided>,
        after: Option<Decided>,
    ) -> CaseRow {
        let verdict = |d: &Option<Decided>| d.as_ref().map(|d| d.verdict);
        let changed = verdict(&before) != verdict(&after);
        CaseRow {
            case,
            expected,
            before,
            after,
            changed,
        }
    }
}
