//! Which diagrams of the corpus two rule sets judge differently, and which rulings decide each
//! verdict.

use serde::Serialize;

use crate::corpus::Corpus;
use crate::eval::{FiredRuling, Judgement, SideJudgement};
use crate::vocab::Outcome;
use crate::vocab::Verdict;

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

/// One rule set's verdict on a diagram, with the rulings that decide it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The verdict.
    pub verdict: Verdict,
    /// The rulings that decide it: the loser's forbidden rulings in force; for a draw with
    /// both sides forbidden, both sides' forbidden rulings; for a draw where a ruling set a
    /// forbidden one aside, the rulings that did; otherwise the permissions in force.
    pub by: Vec<Decider>,
}

impl Decision {
    /// The decision of a judgement.
    pub fn of(j: &Judgement) -> Decision {
        let sides = [&j.red, &j.black];
        let pick = |keep: &dyn Fn(&SideJudgement, &FiredRuling) -> bool| {
            sides
                .iter()
                .flat_map(|s| {
                    s.fired.iter().filter(|f| keep(s, f)).map(|f| Decider {
                        side: s.side.name(),
                        ruling: f.id.clone(),
                        article: f.article.clone(),
                    })
                })
                .collect::<Vec<_>>()
        };
        // A side's play is forbidden exactly when a forbidding ruling is in force for it.
        let forbidding =
            |_: &SideJudgement, f: &FiredRuling| f.in_force() && f.outcome == Outcome::Forbidden;
        let by = match j.verdict {
            Verdict::RedLoses | Verdict::BlackLoses => {
                let loser = if j.verdict == Verdict::RedLoses {
                    j.red.side
                } else {
                    j.black.side
                };
                pick(&|s, f| s.side == loser && forbidding(s, f))
            }
            Verdict::Draw => {
                let forbidden = pick(&forbidding);
                if forbidden.is_empty() {
                    let overriders = pick(&|s, f| {
                        f.in_force() && s.fired.iter().any(|o| o.overridden_by.contains(&f.id))
                    });
                    if overriders.is_empty() {
                        pick(&|_, f| f.in_force())
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
        Decision {
            verdict: j.verdict,
            by,
        }
    }
}

/// A diagram whose verdict differs between two rule sets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VerdictChange {
    /// The folder of its spec file under `spec-tests/`.
    pub topic: String,
    /// The diagram's id.
    pub id: String,
    /// The diagram's title (`Hình 13`).
    pub title: String,
    /// The article it illustrates.
    pub article: String,
    /// The first rule set's decision (`None` if it could not judge the diagram).
    pub first: Option<Decision>,
    /// The second rule set's decision.
    pub second: Option<Decision>,
}

/// The diagrams of the corpus whose verdicts differ between rule sets `a` and `b` (indices into
/// [`Corpus::rules`]).
pub fn verdict_changes(corpus: &Corpus, a: usize, b: usize) -> Vec<VerdictChange> {
    corpus
        .diagrams
        .iter()
        .filter_map(|d| {
            let decision = |i: usize| d.judgements.get(i)?.as_ref().map(Decision::of);
            let (first, second) = (decision(a), decision(b));
            let verdict = |x: &Option<Decision>| x.as_ref().map(|x| x.verdict);
            (verdict(&first) != verdict(&second)).then(|| VerdictChange {
                topic: d.topic.clone(),
                id: d.spec.id.clone(),
                title: d.spec.title.clone(),
                article: d.spec.article.clone(),
                first,
                second,
            })
        })
        .collect()
}
