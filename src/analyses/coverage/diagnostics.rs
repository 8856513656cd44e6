//! What `xqlaw check` says of a rule set's coverage: a `restates` claim the corpus refutes (an
//! error), a ruling that decides no case, and a restatement the corpus cannot confirm
//! (warnings).

use std::collections::BTreeMap;

use miette::Diagnostic;
use thiserror::Error;

use super::{Coverage, RulingEffect};
use crate::analyses::conflicts::cited;
use crate::compile::CompiledRules;
use crate::source::{Loc, SourceFile};
use crate::words::{first_few, list, quoted, title_ranges};

/// A few names quoted: `` `a`, `b`, `c` and 4 more ``.
fn few_quoted(names: &[String]) -> String {
    list(&first_few(&quoted(names), 5), "and")
}

/// A `restates` claim the corpus refutes, pointing at both rulings.
#[derive(Debug, Error, Diagnostic)]
#[error("ruling `{ruling}` does not restate `{restated}`: it fires without it on {cases}")]
#[diagnostic(
    code("xqlaw::restates::false"),
    help(
        "{elsewhere}a ruling restates another only if, wherever it fires, the other fires for the same side; drop `{restated}` from `restates`, or keep the ruling as a ruling of its own"
    )
)]
pub struct FalseRestatement {
    ruling: String,
    restated: String,
    cases: String,
    #[source_code]
    file: SourceFile,
    #[label(primary, "fires on {cases}")]
    at: Loc,
    #[label("does not fire there")]
    restated_at: Option<Loc>,
    elsewhere: String,
}

impl FalseRestatement {
    /// The errors of ruling `effect` in `rules`: one per restated ruling it fires without.
    pub fn of(rules: &CompiledRules, effect: &RulingEffect) -> Vec<FalseRestatement> {
        let Some(r) = rules.ruling(&effect.ruling) else {
            return Vec::new();
        };
        let mut by_restated: BTreeMap<&str, Vec<String>> = BTreeMap::new();
        for u in &effect.unrestated {
            let cases = by_restated.entry(&u.restated).or_default();
            let case = format!("{} ({})", u.case.title, u.side);
            if !cases.contains(&case) {
                cases.push(case);
            }
        }
        by_restated
            .into_iter()
            .filter_map(|(restated, cases)| {
                let other = rules.ruling(restated)?;
                let same_file = other.site.file == r.site.file;
                Some(FalseRestatement {
                    ruling: r.id.clone(),
                    restated: restated.to_owned(),
                    cases: cases.join(", "),
                    file: r.site.file.clone(),
                    at: r.site.loc,
                    restated_at: same_file.then_some(other.site.loc),
                    elsewhere: if same_file {
                        String::new()
                    } else {
                        format!("{} stands at {}; ", cited(other), other.site.place())
                    },
                })
            })
            .collect()
    }
}

/// A ruling that decides no case and does not say it restates others.
#[derive(Debug, Error, Diagnostic)]
#[error("ruling `{ruling}` decides none of the {cases} cases")]
#[diagnostic(code("xqlaw::inert-ruling"), severity(Warning), help("{help}"))]
pub struct InertRuling {
    ruling: String,
    cases: usize,
    help: String,
    #[source_code]
    file: SourceFile,
    #[label(primary, "{label}")]
    at: Loc,
    label: String,
}

impl InertRuling {
    /// The warning for `effect` in `rules`, if it is neither effective nor a declared
    /// restatement (a false or unverifiable one is reported on its own).
    pub fn of(
        rules: &CompiledRules,
        coverage: &Coverage,
        effect: &RulingEffect,
    ) -> Option<InertRuling> {
        if effect.effective() || !effect.restates.is_empty() {
            return None;
        }
        let r = rules.ruling(&effect.ruling)?;
        let fires: Vec<&str> = effect.fires.iter().map(|c| c.title.as_str()).collect();
        let (label, help) = if fires.is_empty() {
            (
                "fires on no case".to_owned(),
                "add a case where the sentence it encodes applies (a constructed case that quotes it), or remove the ruling".to_owned(),
            )
        } else if effect.always_alongside.is_empty() {
            let by = if effect.decided_by.is_empty() {
                String::new()
            } else {
                let verb = if effect.decided_by.len() == 1 {
                    "decides"
                } else {
                    "decide"
                };
                format!(
                    "{} {verb} the cases where it fires; ",
                    few_quoted(&effect.decided_by)
                )
            };
            (
                format!("removing it changes no verdict of {}", title_ranges(&fires)),
                format!(
                    "{by}give it a case its sentence decides (a constructed case that quotes it), or remove it"
                ),
            )
        } else {
            (
                format!("removing it changes no verdict of {}", title_ranges(&fires)),
                format!(
                    "{} {} with it wherever it does, for the same side and with its outcome: declare `restates {}` if it only restates {}, or give it a case its sentence decides",
                    few_quoted(&effect.always_alongside),
                    if effect.always_alongside.len() == 1 {
                        "fires"
                    } else {
                        "fire"
                    },
                    effect.always_alongside.join(", "),
                    if effect.always_alongside.len() == 1 {
                        "it"
                    } else {
                        "them"
                    }
                ),
            )
        };
        Some(InertRuling {
            ruling: r.id.clone(),
            cases: coverage.cases,
            help,
            file: r.site.file.clone(),
            at: r.site.loc,
            label,
        })
    }
}

/// A declared restatement that the corpus cannot confirm: the ruling fires on no case.
#[derive(Debug, Error, Diagnostic)]
#[error("ruling `{ruling}` restates {restated}, but fires on none of the {cases} cases to show it")]
#[diagnostic(
    code("xqlaw::restates::unverified"),
    severity(Warning),
    help("add a case where it fires, so that the claim is checked")
)]
pub struct UnverifiedRestatement {
    ruling: String,
    restated: String,
    cases: usize,
    #[source_code]
    file: SourceFile,
    #[label(primary, "fires on no case")]
    at: Loc,
}

impl UnverifiedRestatement {
    /// The warning for `effect` in `rules`, if it declares a restatement and fires nowhere.
    pub fn of(
        rules: &CompiledRules,
        coverage: &Coverage,
        effect: &RulingEffect,
    ) -> Option<UnverifiedRestatement> {
        if effect.restates.is_empty() || !effect.fires.is_empty() {
            return None;
        }
        let r = rules.ruling(&effect.ruling)?;
        let names: Vec<String> = effect.restates.iter().map(|x| format!("`{x}`")).collect();
        Some(UnverifiedRestatement {
            ruling: r.id.clone(),
            restated: names.join(", "),
            cases: coverage.cases,
            file: r.site.file.clone(),
            at: r.site.loc,
        })
    }
}
