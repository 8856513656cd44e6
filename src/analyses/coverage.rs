//! What each ruling of a rule set does on the corpus.
//!
//! A ruling *decides* a case when removing it alone changes the case's verdict. A ruling that
//! decides no case is *inert*: every case where it fires is already decided by other rulings.
//! A ruling may say so in the language (`restates A, B`); the claim holds when, wherever it
//! fires, the rulings it restates fire too, for the same side (with the same outcome, which
//! the compiler already checks). [`coverage`] measures all of this on a set of plays: the spec
//! corpus, and the generated corpus of repeating plays (`spec-tests/generated/`), where the
//! claims are put to thousands of plays no diagram shows. `xqlaw test --coverage` prints both,
//! `xqlaw check` reports a false claim on either as an error and an undeclared inert ruling
//! (on the spec cases) as a warning, and the generated docs show on each ruling the spec cases
//! it decides.
//!
//! Removing a ruling is measured as silencing it ([`CompiledRules::silencing`]): it never
//! fires, so it sets nothing aside and a verdict row that names it never matches. Only the
//! rulings that fire in a case can change its verdict when removed, so each case is judged
//! again once per ruling that fired in it, from facts computed once.

mod diagnostics;

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;
use serde::Serialize;

pub use diagnostics::{InertRuling, InertRulingKind, RestatementKind, RestatementProblem};

use crate::analyses::Decided;
use crate::compile::{CompiledRules, Ruling};
use crate::corpus::CasePlay;
use crate::eval::Judgement;
use crate::vocab::CaseId;
use crate::words::{briefly, plural, title_ranges};

/// A case where a ruling fires for a side and a ruling it claims to restate does not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Unrestated {
    /// The restated ruling that did not fire.
    pub restated: String,
    /// The case.
    pub case: CaseId,
    /// The side (`red` or `black`).
    pub side: &'static str,
}

/// What one ruling does on the corpus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RulingEffect {
    /// The ruling's name.
    pub ruling: String,
    /// The article it cites.
    pub article: Option<String>,
    /// The cases whose verdict changes when it alone is removed.
    pub decides: Vec<CaseId>,
    /// The cases where it fires, for either side.
    pub fires: Vec<CaseId>,
    /// The rulings it declares it restates.
    pub restates: Vec<String>,
    /// Where a declared restatement does not hold.
    pub unrestated: Vec<Unrestated>,
    /// The rulings that fire with it, for the same side and with its outcome, wherever it
    /// fires: those it could say it restates.
    pub always_alongside: Vec<String>,
    /// The other rulings that decide the cases where it fires (on its side).
    pub decided_by: Vec<String>,
}

impl RulingEffect {
    /// Whether removing it changes some verdict.
    pub fn effective(&self) -> bool {
        !self.decides.is_empty()
    }

    /// Whether it declares a restatement that the corpus confirms: it fires somewhere, and
    /// wherever it does the rulings it restates fire too.
    pub fn verified_restatement(&self) -> bool {
        !self.restates.is_empty() && !self.fires.is_empty() && self.unrestated.is_empty()
    }

    /// Whether it is accounted for: effective, or a verified restatement.
    pub fn covered(&self) -> bool {
        self.effective() || self.verified_restatement()
    }
}

/// What every ruling of a rule set does on the corpus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// The rule set's name.
    pub rule_set: String,
    /// How many cases were judged.
    pub cases: usize,
    /// Every ruling, in evaluation order.
    pub rulings: Vec<RulingEffect>,
}

impl Coverage {
    /// How many rulings are effective or verified restatements.
    pub fn covered(&self) -> usize {
        self.rulings.iter().filter(|r| r.covered()).count()
    }

    /// The covered share of the rulings, in whole percent (100 for a rule set without
    /// rulings).
    pub fn percent(&self) -> usize {
        (self.covered() * 100)
            .checked_div(self.rulings.len())
            .unwrap_or(100)
    }

    /// The effect of ruling `id`.
    pub fn ruling(&self, id: &str) -> Option<&RulingEffect> {
        self.rulings.iter().find(|r| r.ruling == id)
    }

    /// The coverage in words, as `xqlaw test --coverage` prints it: each ruling with the
    /// cases it decides, then the rulings that decide none.
    pub fn to_text(&self) -> String {
        use std::fmt::Write as _;
        // A long list (on the generated corpus, hundreds of plays) is cut to its first cases
        // and its count.
        let titles = |cases: &[CaseId]| {
            let t: Vec<&str> = cases.iter().map(|c| c.title.as_str()).collect();
            match t.get(..LISTED) {
                Some(first) if t.len() > LISTED => {
                    format!("{}, … ({} in all)", title_ranges(first), t.len())
                }
                _ => title_ranges(&t),
            }
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} of {} rulings decide a case or are verified restatements ({}%), on {} cases",
            self.rule_set,
            self.covered(),
            self.rulings.len(),
            self.percent(),
            self.cases
        );
        let width = self
            .rulings
            .iter()
            .map(|r| r.ruling.len())
            .max()
            .unwrap_or(0);
        for r in self.rulings.iter().filter(|r| r.effective()) {
            let n = r.decides.len();
            let _ = writeln!(
                s,
                "  {:<width$}  decides {n} case{}: {}",
                r.ruling,
                plural(n),
                titles(&r.decides)
            );
        }
        for r in self.rulings.iter().filter(|r| !r.effective()) {
            let what = if r.verified_restatement() {
                format!(
                    "restates {} (verified on {} case{})",
                    r.restates.join(", "),
                    r.fires.len(),
                    plural(r.fires.len())
                )
            } else if r.fires.is_empty() {
                "decides no case: it fires on none".to_owned()
            } else if !r.unrestated.is_empty() {
                // A case is named once, whichever side and restated ruling failed there.
                let mut cases: Vec<CaseId> = Vec::new();
                for u in &r.unrestated {
                    if !cases.contains(&u.case) {
                        cases.push(u.case.clone());
                    }
                }
                format!(
                    "decides no case, and its restatement is false on {}",
                    titles(&cases)
                )
            } else {
                let n = r.fires.len();
                let with = if r.always_alongside.is_empty() {
                    String::new()
                } else {
                    format!(", always with {}", briefly(&r.always_alongside))
                };
                let by = if r.decided_by.is_empty() {
                    String::new()
                } else {
                    format!(", decided by {}", briefly(&r.decided_by))
                };
                format!(
                    "decides no case: fires on {n} case{}{with}, whose verdicts stand without it{by}",
                    plural(n)
                )
            };
            let _ = writeln!(s, "  {:<width$}  {what}", r.ruling);
        }
        s
    }
}

/// How many cases a line of [`Coverage::to_text`] names before it gives their count.
const LISTED: usize = 40;

/// What one case says about the rulings.
#[derive(Default)]
struct CaseEffect {
    /// The rulings that fired, for either side.
    fired: BTreeSet<String>,
    /// The rulings whose removal changes the verdict.
    decides: BTreeSet<String>,
    /// Restatements that fail here: the restating ruling, and what failed.
    unrestated: Vec<(String, Unrestated)>,
    /// For each ruling that fired, for each side it fired for: the other rulings that fired
    /// for that side with its outcome.
    alongside: Vec<(String, BTreeSet<String>)>,
    /// For each ruling that fired: the rulings behind the decision on its side (all of them
    /// when its side has none).
    deciders: Vec<(String, BTreeSet<String>)>,
}

/// Each ruling with the rulings that say they restate it, directly or through others: the
/// rulings removed with it when its effect is measured.
fn with_restatements(rules: &CompiledRules) -> BTreeMap<&str, Vec<&str>> {
    let mut closure: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for r in &rules.rulings {
        let mut group = vec![r.id.as_str()];
        // INVARIANT: `group` only grows, and by rulings of `rules`, so this ends.
        let mut i = 0;
        while let Some(&x) = group.get(i) {
            for other in &rules.rulings {
                let restates_x = other
                    .restates
                    .iter()
                    .any(|id| rules.rulings.get(id.0).is_some_and(|t| t.id == x));
                if restates_x && !group.contains(&other.id.as_str()) {
                    group.push(&other.id);
                }
            }
            i += 1;
        }
        closure.insert(&r.id, group);
    }
    closure
}

/// Measures every ruling of `rules` on `cases`: the spec cases ([`Diagram::case_play`]), or
/// the generated corpus ([`generated::load`]), where a claim that holds on the few spec cases
/// is put to many more plays.
///
/// [`Diagram::case_play`]: crate::corpus::Diagram::case_play
/// [`generated::load`]: crate::corpus::generated::load
///
/// A ruling's effect is measured by removing it together with the rulings that say they
/// restate it: a restatement stands or falls with what it restates.
pub fn coverage(rules: &CompiledRules, cases: &[CasePlay]) -> Coverage {
    let silenced: BTreeMap<&str, CompiledRules> = with_restatements(rules)
        .into_iter()
        .map(|(id, group)| (id, rules.silencing(&group)))
        .collect();
    let per_case: Vec<(CaseId, CaseEffect)> = cases
        .par_iter()
        .filter_map(|c| {
            let facts = c.play.facts(&rules.settings).ok()?;
            let judgement = facts.judge(rules);
            let mut effect = case_effect(rules, &c.case, &judgement);
            for id in &effect.fired {
                let Some(without) = silenced.get(id.as_str()) else {
                    continue;
                };
                if facts.decide(without).verdict != judgement.verdict {
                    effect.decides.insert(id.clone());
                }
            }
            Some((c.case.clone(), effect))
        })
        .collect();
    let rulings = rules
        .rulings
        .iter()
        .map(|r| ruling_effect(rules, r, &per_case))
        .collect();
    Coverage {
        rule_set: rules.name.clone(),
        cases: per_case.len(),
        rulings,
    }
}

/// What ruling `r` does, from what each case says.
fn ruling_effect(
    rules: &CompiledRules,
    r: &Ruling,
    per_case: &[(CaseId, CaseEffect)],
) -> RulingEffect {
    let cases = |pick: &dyn Fn(&CaseEffect) -> bool| -> Vec<CaseId> {
        per_case
            .iter()
            .filter(|(_, e)| pick(e))
            .map(|(c, _)| c.clone())
            .collect()
    };
    let mine = |list: &'_ [(String, BTreeSet<String>)]| -> Vec<BTreeSet<String>> {
        list.iter()
            .filter(|(id, _)| *id == r.id)
            .map(|(_, set)| set.clone())
            .collect()
    };
    let alongside: Vec<BTreeSet<String>> = per_case
        .iter()
        .flat_map(|(_, e)| mine(&e.alongside))
        .collect();
    let always_alongside = alongside.iter().skip(1).fold(
        alongside.first().cloned().unwrap_or_default(),
        |acc, set| acc.intersection(set).cloned().collect(),
    );
    let decided_by: BTreeSet<String> = per_case
        .iter()
        .flat_map(|(_, e)| mine(&e.deciders))
        .flatten()
        .filter(|d| *d != r.id)
        .collect();
    RulingEffect {
        ruling: r.id.clone(),
        article: r.meta.article.clone(),
        decides: cases(&|e| e.decides.contains(&r.id)),
        fires: cases(&|e| e.fired.contains(&r.id)),
        restates: restated_names(rules, r),
        unrestated: per_case
            .iter()
            .flat_map(|(_, e)| &e.unrestated)
            .filter(|(by, _)| *by == r.id)
            .map(|(_, u)| u.clone())
            .collect(),
        always_alongside: always_alongside.into_iter().collect(),
        decided_by: decided_by.into_iter().collect(),
    }
}

/// The names of the rulings `r` restates.
fn restated_names(rules: &CompiledRules, r: &Ruling) -> Vec<String> {
    r.restates
        .iter()
        .filter_map(|id| rules.rulings.get(id.0).map(|x| x.id.clone()))
        .collect()
}

/// What a judged case says about the rulings, but for the verdicts without them.
fn case_effect(rules: &CompiledRules, case: &CaseId, j: &Judgement) -> CaseEffect {
    let decision = Decided::of(j);
    let mut effect = CaseEffect::default();
    for side in [&j.red, &j.black] {
        let name = side.side.name();
        let deciders: BTreeSet<String> = {
            let mine: BTreeSet<String> = decision
                .by
                .iter()
                .filter(|x| x.side == name)
                .map(|x| x.ruling.clone())
                .collect();
            if mine.is_empty() {
                decision.by.iter().map(|x| x.ruling.clone()).collect()
            } else {
                mine
            }
        };
        for f in &side.fired {
            effect.fired.insert(f.id.clone());
            let same: BTreeSet<String> = side
                .fired
                .iter()
                .filter(|g| g.id != f.id && g.outcome == f.outcome)
                .map(|g| g.id.clone())
                .collect();
            for restated in rules
                .ruling(&f.id)
                .map(|r| restated_names(rules, r))
                .unwrap_or_default()
            {
                if !same.contains(&restated) {
                    let miss = Unrestated {
                        restated,
                        case: case.clone(),
                        side: name,
                    };
                    effect.unrestated.push((f.id.clone(), miss));
                }
            }
            effect.alongside.push((f.id.clone(), same));
            effect.deciders.push((f.id.clone(), deciders.clone()));
        }
    }
    effect
}
