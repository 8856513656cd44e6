//! What `xqlaw check` says of a rule set's coverage: a `restates` claim the corpus refutes (an
//! error), a ruling that decides no case, and a restatement the corpus cannot confirm
//! (warnings).

use std::collections::BTreeMap;

use miette::Diagnostic;
use thiserror::Error;

use super::{Coverage, RulingEffect};
use crate::analyses::conflicts::cited;
use crate::compile::CompiledRules;
use crate::source::{ErrorKind, Loc, SourceError, SourceFile};
use crate::words::{agreeing, briefly, quoted, title_ranges};

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

/// A ruling that decides no case and does not say it restates others: why, at the ruling.
pub type InertRuling = SourceError<InertRulingKind>;

/// Why a ruling decides no case, each kind with what to do about it.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum InertRulingKind {
    /// It fires on no case.
    #[error("ruling `{ruling}` decides none of the {cases} cases")]
    #[diagnostic(
        code("xqlaw::inert-ruling"),
        severity(Warning),
        help(
            "add a case where the sentence it encodes applies (a constructed case that quotes it), or remove the ruling"
        )
    )]
    FiresNowhere {
        /// The ruling.
        ruling: String,
        /// The cases judged.
        cases: usize,
    },
    /// It fires, and other rulings (or none in force) decide wherever it does.
    #[error("ruling `{ruling}` decides none of the {cases} cases")]
    #[diagnostic(
        code("xqlaw::inert-ruling"),
        severity(Warning),
        help(
            "{}give it a case its sentence decides (a constructed case that quotes it), or remove it",
            deciders(decided_by)
        )
    )]
    DecidedByOthers {
        /// The ruling.
        ruling: String,
        /// The cases judged.
        cases: usize,
        /// The titles of the cases it fires on.
        fires: Vec<String>,
        /// The rulings that decide those cases instead.
        decided_by: Vec<String>,
    },
    /// Other rulings fire with it wherever it fires, for the same side and with its outcome:
    /// it may only restate them.
    #[error("ruling `{ruling}` decides none of the {cases} cases")]
    #[diagnostic(
        code("xqlaw::inert-ruling"),
        severity(Warning),
        help(
            "{} {} with it wherever it does, for the same side and with its outcome: declare `restates {}` if it only restates {}, or give it a case its sentence decides",
            briefly(&quoted(alongside)),
            agreeing(alongside.len(), "fires", "fire"),
            alongside.join(", "),
            agreeing(alongside.len(), "it", "them")
        )
    )]
    AlwaysAlongside {
        /// The ruling.
        ruling: String,
        /// The cases judged.
        cases: usize,
        /// The titles of the cases it fires on.
        fires: Vec<String>,
        /// The rulings that fire with it.
        alongside: Vec<String>,
    },
}

/// The rulings that decide where an inert ruling fires, as the help opens with them
/// (`` `a` decides the cases where it fires; ``), or nothing when none does.
fn deciders(decided_by: &[String]) -> String {
    if decided_by.is_empty() {
        return String::new();
    }
    format!(
        "{} {} the cases where it fires; ",
        briefly(&quoted(decided_by)),
        agreeing(decided_by.len(), "decides", "decide")
    )
}

impl ErrorKind for InertRulingKind {
    fn label(&self) -> String {
        match self {
            InertRulingKind::FiresNowhere { .. } => "fires on no case".to_owned(),
            InertRulingKind::DecidedByOthers { fires, .. }
            | InertRulingKind::AlwaysAlongside { fires, .. } => {
                format!("removing it changes no verdict of {}", title_ranges(fires))
            }
        }
    }
}

impl InertRuling {
    /// The warning for `effect` in `rules`, at the ruling, if it is neither effective nor a
    /// declared restatement (a false or unverifiable one is reported on its own).
    pub fn of(
        rules: &CompiledRules,
        coverage: &Coverage,
        effect: &RulingEffect,
    ) -> Option<InertRuling> {
        if effect.effective() || !effect.restates.is_empty() {
            return None;
        }
        let r = rules.ruling(&effect.ruling)?;
        let (ruling, cases) = (r.id.clone(), coverage.cases);
        let fires: Vec<String> = effect.fires.iter().map(|c| c.title.clone()).collect();
        let kind = if fires.is_empty() {
            InertRulingKind::FiresNowhere { ruling, cases }
        } else if effect.always_alongside.is_empty() {
            InertRulingKind::DecidedByOthers {
                ruling,
                cases,
                fires,
                decided_by: effect.decided_by.clone(),
            }
        } else {
            InertRulingKind::AlwaysAlongside {
                ruling,
                cases,
                fires,
                alongside: effect.always_alongside.clone(),
            }
        };
        Some(SourceError::new(kind, &r.site.file, r.site.loc))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn warning(kind: InertRulingKind) -> InertRuling {
        let file = SourceFile::new("t.rules", "ruling r on move\n");
        SourceError::new(kind, &file, Loc::new(7, 8))
    }

    fn help(w: &InertRuling) -> String {
        w.help().unwrap().to_string()
    }

    fn names(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn the_help_agrees_with_the_number_of_rulings_alongside() {
        let alongside = |rulings: &[&str]| {
            warning(InertRulingKind::AlwaysAlongside {
                ruling: "r".to_owned(),
                cases: 9,
                fires: names(&["Hình 1", "Hình 2"]),
                alongside: names(rulings),
            })
        };
        let one = alongside(&["a"]);
        assert_eq!(one.to_string(), "ruling `r` decides none of the 9 cases");
        assert_eq!(
            help(&one),
            "`a` fires with it wherever it does, for the same side and with its outcome: declare `restates a` if it only restates it, or give it a case its sentence decides"
        );
        assert!(one.is_warning());
        let label = one.labels().unwrap().next().unwrap();
        assert_eq!(
            label.label(),
            Some("removing it changes no verdict of Hình 1–2")
        );
        let two = alongside(&["a", "b"]);
        assert!(
            help(&two).starts_with("`a` and `b` fire with it wherever it does"),
            "{}",
            help(&two)
        );
        assert!(
            help(&two).contains("declare `restates a, b` if it only restates them,"),
            "{}",
            help(&two)
        );
    }

    #[test]
    fn the_help_names_the_rulings_that_decide_instead() {
        let decided_by = |rulings: &[&str]| {
            warning(InertRulingKind::DecidedByOthers {
                ruling: "r".to_owned(),
                cases: 9,
                fires: names(&["Hình 3"]),
                decided_by: names(rulings),
            })
        };
        assert_eq!(
            help(&decided_by(&["a"])),
            "`a` decides the cases where it fires; give it a case its sentence decides (a constructed case that quotes it), or remove it"
        );
        assert!(help(&decided_by(&["a", "b"])).starts_with("`a` and `b` decide the cases"));
        assert!(help(&decided_by(&[])).starts_with("give it a case"));
        let nowhere = warning(InertRulingKind::FiresNowhere {
            ruling: "r".to_owned(),
            cases: 9,
        });
        let label = nowhere.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("fires on no case"));
        assert!(help(&nowhere).ends_with("or remove the ruling"));
    }
}
