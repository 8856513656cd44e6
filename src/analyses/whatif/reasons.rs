//! Why an edit does less than it says: the rulings that keep the verdicts an amended ruling
//! meant to change, and what to write to change them.
//!
//! Two things keep a verdict when a committee turns a ruling around:
//! - another ruling of the other outcome fires on the same play and wins, because it
//!   `overrides` the amended one, or because nothing says which governs and the forbidding one
//!   wins ([`Precedence`]);
//! - rulings that `restates` the amended one were not edited with it, and still rule as it
//!   did. The language keeps a restatement a ruling of its own (`docs/language.md`, "A
//!   principle and its restatements under an amendment"), so the amendment says so, names
//!   them, and judges once more with them following the principle, to show what amending them
//!   together would change.

use std::collections::BTreeMap;

use serde::Serialize;

use super::precedence::{Precedence, Relation};
use crate::compile::CompiledRules;
use crate::eval::Judgement;
use crate::vocab::Outcome;
use crate::words::title_ranges;

/// Why an amended ruling does not decide the cases it fires on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// Another ruling's `overrides` sets it aside.
    Overridden,
    /// It allows, another forbids the same play, and no precedence is stated: the forbidding
    /// one wins.
    Outweighed,
    /// Rulings that restate it were not edited with it and still rule the old way.
    Restated,
}

/// One reason, with the rulings that keep the verdicts, where, and what to write.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reason {
    /// The amended ruling.
    pub ruling: String,
    /// Its Vietnamese name, if it has one.
    pub name: Option<String>,
    /// Why it does not decide.
    pub why: Why,
    /// The rulings that keep the verdicts, with their Vietnamese names where they have one.
    pub keeping: Vec<Named>,
    /// The cases where they do, in corpus order.
    pub cases: Vec<String>,
    /// What to write to change it, in the rule language.
    pub fix: String,
    /// For restatements: the cases whose verdict would change if they followed the amended
    /// ruling (judged so), in corpus order.
    pub together: Option<Vec<String>>,
}

/// A ruling by its id and its Vietnamese name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Named {
    /// Its id.
    pub id: String,
    /// Its `name "…"`, if it has one.
    pub name: Option<String>,
}

impl Named {
    fn of(rules: &CompiledRules, id: &str) -> Named {
        Named {
            id: id.to_owned(),
            name: rules.ruling(id).and_then(|r| r.meta.name.clone()),
        }
    }

    /// `` `id` (name) ``.
    pub fn shown(&self) -> String {
        match &self.name {
            Some(name) => format!("`{}` ({name})", self.id),
            None => format!("`{}`", self.id),
        }
    }

    /// `` name (`id`) ``: the law's name first, the id as its gloss.
    pub fn by_name(&self) -> String {
        match &self.name {
            Some(name) => format!("{name} (`{}`)", self.id),
            None => format!("`{}`", self.id),
        }
    }
}

impl Reason {
    /// The reason in words, Vietnamese first with the English gloss, as `whatif` prints it.
    pub fn line(&self) -> String {
        self.words(Named::shown, |r| format!("`{}`", r.id))
    }

    /// [`Reason::line`] with every ruling named by its Vietnamese name, the id as the gloss,
    /// as the workbench shows it.
    pub fn line_by_name(&self) -> String {
        self.words(Named::by_name, Named::by_name)
    }

    /// The reason in words, the rulings that keep the verdicts written by `shown` and the
    /// amended one by `amended`.
    fn words(&self, shown: fn(&Named) -> String, amended: fn(&Named) -> String) -> String {
        let keeping = self
            .keeping
            .iter()
            .map(shown)
            .collect::<Vec<_>>()
            .join(", ");
        let on = title_ranges(&self.cases);
        let r = amended(&Named {
            id: self.ruling.clone(),
            name: self.name.clone(),
        });
        let said = match self.why {
            Why::Overridden => {
                format!("{r} bị gạt bỏ bởi {keeping} ở {on} (set aside by their `overrides`)")
            }
            Why::Outweighed => format!(
                "{r} cho phép, nhưng {keeping} vẫn cấm cùng nước đi ở {on}; không nói bên nào được ưu tiên nên luật cấm thắng (it allows, they still forbid the same play; no precedence is stated, so the forbidding ruling wins)"
            ),
            Why::Restated => format!(
                "{keeping} nhắc lại {r} và chưa được sửa theo, nên vẫn giữ kết quả cũ ở {on} (they restate {r}, were not edited with it, and keep the old verdicts)"
            ),
        };
        let mut line = format!("{said}\n    viết (write): {}", self.fix);
        if let Some(together) = &self.together {
            line.push_str(&format!(
                "\n    nếu sửa cùng (amended together): {} hình đổi kết quả ({} cases change verdict){}",
                together.len(),
                together.len(),
                if together.is_empty() {
                    String::new()
                } else {
                    format!(": {}", title_ranges(together))
                }
            ));
        }
        line
    }
}

/// The reasons of an amendment: from its precedence lines (rulings the amendment rewrote,
/// set aside or outweighed), and from the rulings that restate a ruling whose outcome it
/// turned (`judge_together` judges the amended rule set with them following it, and gives
/// the titles of the cases that then change).
pub(crate) fn reasons(
    base: &CompiledRules,
    amended: &CompiledRules,
    precedences: &[Precedence],
    (titles, labels): (&[&str], &[String]),
    after: &[Option<&Judgement>],
    judge_together: impl Fn(&CompiledRules) -> Vec<String>,
) -> Vec<Reason> {
    let restated = restated(base, amended, labels, after, judge_together);
    // A restatement that keeps the verdicts is said once, as such.
    let explained = |ruling: &str, other: &str| {
        restated
            .iter()
            .any(|r| r.ruling == ruling && r.keeping.iter().any(|k| k.id == other))
    };
    let outcome = |id: &str| amended.ruling(id).map(|r| r.outcome);
    let mut found = Vec::new();
    // Set aside or outweighed: one reason per amended ruling and kind, the other rulings
    // gathered.
    let mut by_ruling: BTreeMap<(String, Relation), (Vec<String>, Vec<String>)> = BTreeMap::new();
    for p in precedences.iter().filter(|p| p.direct) {
        if !matches!(p.relation, Relation::OverriddenBy | Relation::OutweighedBy)
            || explained(&p.ruling, &p.other)
            // Set aside by a ruling of the same outcome, it keeps no verdict.
            || (p.relation == Relation::OverriddenBy && outcome(&p.ruling) == outcome(&p.other))
        {
            continue;
        }
        let entry = by_ruling.entry((p.ruling.clone(), p.relation)).or_default();
        if !entry.0.contains(&p.other) {
            entry.0.push(p.other.clone());
        }
        for c in &p.cases {
            if !entry.1.contains(c) {
                entry.1.push(c.clone());
            }
        }
    }
    for ((ruling, relation), (others, cases)) in by_ruling {
        // In corpus order, by their short labels.
        let mut at: Vec<usize> = cases
            .iter()
            .filter_map(|c| titles.iter().position(|t| t == c))
            .collect();
        at.sort_unstable();
        let cases: Vec<String> = at.iter().filter_map(|&i| labels.get(i).cloned()).collect();
        let (why, fix) = if relation == Relation::OverriddenBy {
            (
                Why::Overridden,
                format!(
                    "bỏ `{ruling}` khỏi `overrides` của {} (take `{ruling}` out of their `overrides`)",
                    others.join(", ")
                ),
            )
        } else {
            // A ruling that now allows what it restated no longer restates it.
            let restated: Vec<&String> = base
                .ruling(&ruling)
                .map(|r| {
                    others
                        .iter()
                        .filter(|o| {
                            r.restates
                                .iter()
                                .any(|id| base.rulings.get(id.0).is_some_and(|x| &x.id == *o))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let drop = if restated.is_empty() {
                String::new()
            } else {
                format!(
                    ", và bỏ `restates {}` (and drop the restatement)",
                    restated
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            (
                Why::Outweighed,
                format!(
                    "`overrides {}` trên `{ruling}` (on `{ruling}`){drop}",
                    others.join(", ")
                ),
            )
        };
        found.push(Reason {
            keeping: others.iter().map(|o| Named::of(amended, o)).collect(),
            name: Named::of(amended, &ruling).name,
            ruling,
            why,
            cases,
            fix,
            together: None,
        });
    }
    found.extend(restated);
    found
}

/// The rulings that restate a ruling whose outcome the amendment turned, were left as they
/// were, and still rule the old way on some case.
fn restated(
    base: &CompiledRules,
    amended: &CompiledRules,
    labels: &[String],
    after: &[Option<&Judgement>],
    judge_together: impl Fn(&CompiledRules) -> Vec<String>,
) -> Vec<Reason> {
    let mut found = Vec::new();
    for r in &amended.rulings {
        let Some(was) = base.ruling(&r.id) else {
            continue;
        };
        if was.outcome == r.outcome {
            continue;
        }
        // The base's restatements of `r` (the amended text's claim lapses with the outcome),
        // left unchanged by the amendment, so still of the old outcome.
        let restating: Vec<&str> = base
            .rulings
            .iter()
            .filter(|b| {
                b.restates
                    .iter()
                    .any(|id| base.rulings.get(id.0).is_some_and(|x| x.id == r.id))
            })
            .filter(|b| {
                amended.ruling(&b.id).is_some_and(|s| {
                    b.when_text == s.when_text
                        && b.unless_text == s.unless_text
                        && b.outcome == s.outcome
                        && s.outcome == was.outcome
                })
            })
            .map(|b| b.id.as_str())
            .collect();
        let cases: Vec<String> = after
            .iter()
            .zip(labels)
            .filter(|(j, _)| {
                j.is_some_and(|j| {
                    [&j.red, &j.black].iter().any(|side| {
                        side.rulings_in_force()
                            .any(|f| restating.contains(&f.id.as_str()))
                    })
                })
            })
            .map(|(_, t)| t.clone())
            .collect();
        let keeping: Vec<&str> = restating
            .iter()
            .copied()
            .filter(|id| {
                after.iter().any(|j| {
                    j.is_some_and(|j| {
                        [&j.red, &j.black]
                            .iter()
                            .any(|side| side.rulings_in_force().any(|f| f.id == *id))
                    })
                })
            })
            .collect();
        if keeping.is_empty() {
            continue;
        }
        let mut together = amended.clone();
        for s in together
            .rulings
            .iter_mut()
            .filter(|s| keeping.contains(&s.id.as_str()))
        {
            s.outcome = r.outcome;
        }
        let word = match r.outcome {
            Outcome::Allowed => "allowed",
            Outcome::Forbidden => "forbidden",
        };
        found.push(Reason {
            ruling: r.id.clone(),
            name: r.meta.name.clone(),
            why: Why::Restated,
            keeping: keeping.iter().map(|id| Named::of(amended, id)).collect(),
            cases,
            fix: format!(
                "→ {word} trên {} cũng vậy, hoặc `remove ruling` từng cái (on them too, or remove each)",
                keeping
                    .iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            together: Some(judge_together(&together)),
        });
    }
    found
}
