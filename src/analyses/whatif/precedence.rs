//! The precedence lines of an amendment: how each amended ruling meets the other rulings on
//! the cases where it fires ("`X` is overridden by `Y` on Hình 74–75").

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::eval::Judgement;
use crate::vocab::Outcome;
use crate::words::title_ranges;

/// How an amended ruling stands to another ruling on some cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// The other ruling's `overrides` sets it aside.
    OverriddenBy,
    /// Its `overrides` sets the other ruling aside.
    Overrides,
    /// It allows the play, the other forbids it, no precedence is stated: the forbidding one
    /// wins.
    OutweighedBy,
    /// It forbids the play, the other allows it, no precedence is stated: it wins.
    Outweighs,
}

/// One precedence line: `ruling` stands in `relation` to `other` on `cases`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Precedence {
    /// The amended ruling.
    pub ruling: String,
    /// How it stands to the other.
    pub relation: Relation,
    /// The other ruling.
    pub other: String,
    /// The titles of the cases where it does, in corpus order.
    pub cases: Vec<String>,
    /// Whether the amendment rewrote or added the ruling itself (otherwise it moved through a
    /// term it uses).
    pub direct: bool,
}

impl Precedence {
    /// The line in words: "`X` is overridden by `Y` on Hình 74–75".
    pub fn line(&self) -> String {
        self.saying(&title_ranges(&self.cases))
    }

    /// The line with the cases written as `on` (escaped for Markdown, say).
    pub(crate) fn saying(&self, on: &str) -> String {
        let (x, y) = (&self.ruling, &self.other);
        match self.relation {
            Relation::OverriddenBy => format!("`{x}` is overridden by `{y}` on {on}"),
            Relation::Overrides => format!("`{x}` overrides `{y}` on {on}"),
            Relation::OutweighedBy => format!(
                "`{x}` is outweighed by `{y}` on {on}: no precedence is stated, so the forbidding ruling wins"
            ),
            Relation::Outweighs => format!(
                "`{x}` outweighs `{y}` on {on}: no precedence is stated, so the forbidding ruling wins"
            ),
        }
    }
}

type Key = (String, Relation, String);

/// The most pairs of rulings the precedence lines examine. An amendment of a few rulings
/// meets the others in dozens of ways; a text of hundreds of rulings that all fire together
/// would meet them in hundreds of thousands, each a line nobody reads, at a cost in memory
/// that grows with their square. Past the bound the lines say that they stop there.
pub const MAX_PRECEDENCE_PAIRS: usize = 2_000;

/// Every relation of a ruling in `rulings` on the judged cases, with the cases' indices, and
/// whether more were left out ([`MAX_PRECEDENCE_PAIRS`]).
fn relations(
    judgements: &[Option<&Judgement>],
    rulings: &BTreeSet<String>,
) -> (BTreeMap<Key, Vec<usize>>, bool) {
    let mut found: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    let mut cut = false;
    let mut add = |x: &str, relation: Relation, y: &str, case: usize| {
        let key = (x.to_owned(), relation, y.to_owned());
        if found.len() >= MAX_PRECEDENCE_PAIRS && !found.contains_key(&key) {
            cut = true;
            return;
        }
        let cases = found.entry(key).or_default();
        if cases.last() != Some(&case) {
            cases.push(case);
        }
    };
    for (case, j) in judgements.iter().enumerate() {
        let Some(j) = j else { continue };
        for side in [&j.red, &j.black] {
            for f in &side.fired {
                for by in &f.overridden_by {
                    if rulings.contains(&f.id) {
                        add(&f.id, Relation::OverriddenBy, by, case);
                    }
                    if rulings.contains(by) {
                        add(by, Relation::Overrides, &f.id, case);
                    }
                }
                if !f.in_force() || !rulings.contains(&f.id) {
                    continue;
                }
                let relation = match f.outcome {
                    Outcome::Allowed => Relation::OutweighedBy,
                    Outcome::Forbidden => Relation::Outweighs,
                };
                for g in side.rulings_in_force() {
                    if g.outcome != f.outcome {
                        add(&f.id, relation, &g.id, case);
                    }
                }
            }
        }
    }
    (found, cut)
}

/// The precedence lines that settle the amended rulings on the amended judgements (`after`).
/// Every line of a ruling the amendment rewrote (`direct`) is kept; a ruling that moved only
/// through a term (`indirect`) keeps the lines that differ from the base's (`before`). The
/// flag says whether lines were left out ([`MAX_PRECEDENCE_PAIRS`]).
pub(crate) fn settling(
    titles: &[&str],
    before: &[Option<&Judgement>],
    after: &[Option<&Judgement>],
    direct: &BTreeSet<String>,
    indirect: &BTreeSet<String>,
) -> (Vec<Precedence>, bool) {
    let named = |(x, relation, y): Key, cases: Vec<usize>, direct: bool| Precedence {
        ruling: x,
        relation,
        other: y,
        cases: cases
            .iter()
            .filter_map(|&i| titles.get(i).map(|t| (*t).to_owned()))
            .collect(),
        direct,
    };
    let (direct_lines, direct_cut) = relations(after, direct);
    let mut lines: Vec<Precedence> = direct_lines
        .into_iter()
        .map(|(key, cases)| named(key, cases, true))
        .collect();
    let (was, was_cut) = relations(before, indirect);
    let (now, now_cut) = relations(after, indirect);
    lines.extend(
        now.into_iter()
            .filter(|(key, cases)| was.get(key) != Some(cases))
            .map(|(key, cases)| named(key, cases, false)),
    );
    (lines, direct_cut || was_cut || now_cut)
}
