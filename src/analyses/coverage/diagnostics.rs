//! What `xqlaw check` says of a rule set's coverage: a `restates` claim the corpus refutes (an
//! error), a ruling that decides no case, and a restatement the corpus cannot confirm
//! (warnings).

use std::collections::BTreeMap;

use miette::Diagnostic;
use thiserror::Error;

use super::{Coverage, RulingEffect};
use crate::analyses::conflicts::CitedRuling;
use crate::compile::CompiledRules;
use crate::source::{ErrorKind, Loc, SourceError};
use crate::words::{agreeing, briefly, quoted, title_ranges};

/// A declared restatement the corpus refutes (an error) or cannot confirm (a warning), at the
/// ruling that declares it.
pub type RestatementProblem = SourceError<RestatementKind>;

/// What is wrong with a ruling's `restates` claim.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum RestatementKind {
    /// The ruling fires without the ruling it claims to restate: the claim is false.
    #[error(
        "ruling `{ruling}` does not restate `{restated}`: it fires without it on {}",
        cases.join(", ")
    )]
    #[diagnostic(
        code("xqlaw::restates::false"),
        help(
            "{}a ruling restates another only if, wherever it fires, the other fires for the same side; drop `{restated}` from `restates`, or keep the ruling as a ruling of its own",
            stands_at(elsewhere.as_ref())
        )
    )]
    False {
        /// The ruling.
        ruling: String,
        /// The ruling it claims to restate.
        restated: String,
        /// The cases it fires on without it, each with the side (`Hình 3 (red)`).
        cases: Vec<String>,
        /// Where the restated ruling stands, in the same file (labelled there).
        restated_at: Option<Loc>,
        /// The restated ruling and its `file:line`, when it stands in another file.
        elsewhere: Option<(CitedRuling, String)>,
    },
    /// The ruling fires on no case, so the claim cannot be checked.
    #[error(
        "ruling `{ruling}` restates {}, but fires on none of the {cases} cases to show it",
        quoted(restated).join(", ")
    )]
    #[diagnostic(
        code("xqlaw::restates::unverified"),
        severity(Warning),
        help("add a case where it fires, so that the claim is checked")
    )]
    Unverified {
        /// The ruling.
        ruling: String,
        /// The rulings it claims to restate.
        restated: Vec<String>,
        /// The cases judged.
        cases: usize,
    },
}

/// Where a restated ruling in another file stands, as the help of a false claim opens with
/// it (`` `a` (Điều 25) stands at vn-1999.rules:12; ``), or nothing.
fn stands_at(elsewhere: Option<&(CitedRuling, String)>) -> String {
    elsewhere.map_or(String::new(), |(cited, place)| {
        format!("{cited} stands at {place}; ")
    })
}

impl ErrorKind for RestatementKind {
    fn label(&self) -> String {
        match self {
            RestatementKind::False { cases, .. } => format!("fires on {}", cases.join(", ")),
            RestatementKind::Unverified { .. } => "fires on no case".to_owned(),
        }
    }

    fn also_at(&self) -> Vec<(Loc, String)> {
        match self {
            RestatementKind::False {
                restated_at: Some(at),
                ..
            } => vec![(*at, "does not fire there".to_owned())],
            RestatementKind::False { .. } | RestatementKind::Unverified { .. } => Vec::new(),
        }
    }
}

impl RestatementProblem {
    /// The errors of ruling `effect` in `rules`: one per restated ruling it fires without.
    pub fn false_claims(rules: &CompiledRules, effect: &RulingEffect) -> Vec<RestatementProblem> {
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
                let kind = RestatementKind::False {
                    ruling: r.id.clone(),
                    restated: restated.to_owned(),
                    cases,
                    restated_at: same_file.then_some(other.site.loc),
                    elsewhere: (!same_file).then(|| (CitedRuling::of(other), other.site.place())),
                };
                Some(SourceError::new(kind, &r.site.file, r.site.loc))
            })
            .collect()
    }

    /// The warning for `effect` in `rules`, if it declares a restatement and fires nowhere.
    pub fn unverified(
        rules: &CompiledRules,
        coverage: &Coverage,
        effect: &RulingEffect,
    ) -> Option<RestatementProblem> {
        if effect.restates.is_empty() || !effect.fires.is_empty() {
            return None;
        }
        let r = rules.ruling(&effect.ruling)?;
        let kind = RestatementKind::Unverified {
            ruling: r.id.clone(),
            restated: effect.restates.clone(),
            cases: coverage.cases,
        };
        Some(SourceError::new(kind, &r.site.file, r.site.loc))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn warning(kind: InertRulingKind) -> InertRuling {
        let file = SourceFile::new("t.rules", "ruling r on move\n");
        SourceError::new(kind, &file, Loc::new(7, 8))
    }

    fn help(w: &dyn Diagnostic) -> String {
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

    /// `check-and-other` said to restate `perpetual-check`, which does not fire with it on
    /// Hình 1 (twice, for red) and Hình 2 (for black).
    fn unrestated_effect(restates: &[&str], unrestated: &[(&str, &'static str)]) -> RulingEffect {
        let case = |title: &str| crate::vocab::CaseId {
            topic: "t".to_owned(),
            id: title.to_lowercase().replace(' ', "-"),
            title: title.to_owned(),
            article: String::new(),
        };
        RulingEffect {
            ruling: "check-and-other".to_owned(),
            article: None,
            decides: Vec::new(),
            fires: Vec::new(),
            restates: names(restates),
            unrestated: unrestated
                .iter()
                .map(|(title, side)| crate::analyses::coverage::Unrestated {
                    restated: "perpetual-check".to_owned(),
                    case: case(title),
                    side,
                })
                .collect(),
            always_alongside: Vec::new(),
            decided_by: Vec::new(),
        }
    }

    #[test]
    fn a_false_claim_points_at_both_rulings_and_names_each_case_once() {
        let law = crate::test_support::law();
        let effect = unrestated_effect(
            &["perpetual-check"],
            &[("Hình 1", "red"), ("Hình 1", "red"), ("Hình 2", "black")],
        );
        let errors = RestatementProblem::false_claims(&law, &effect);
        assert_eq!(errors.len(), 1);
        let e = &errors[0];
        assert_eq!(
            e.to_string(),
            "ruling `check-and-other` does not restate `perpetual-check`: it fires without it on Hình 1 (red), Hình 2 (black)"
        );
        assert!(!e.is_warning());
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::restates::false");
        assert!(
            help(e).starts_with("a ruling restates another only if"),
            "{}",
            help(e)
        );
        let labels: Vec<(String, &str)> = e
            .labels()
            .unwrap()
            .map(|l| {
                let at = Loc::new(l.offset(), l.offset() + l.len());
                (l.label().unwrap().to_owned(), e.site().file.slice(at))
            })
            .collect();
        assert_eq!(labels[0].0, "fires on Hình 1 (red), Hình 2 (black)");
        assert!(labels[0].1.contains("check-and-other"), "{labels:?}");
        assert_eq!(labels[1].0, "does not fire there");
        assert!(labels[1].1.contains("perpetual-check"), "{labels:?}");
        assert!(!labels[1].1.contains("check-and-other"), "{labels:?}");
    }

    #[test]
    fn a_claim_that_fires_nowhere_is_unverified_and_a_warning() {
        let law = crate::test_support::law();
        let effect = unrestated_effect(&["perpetual-check", "perpetual-chase"], &[]);
        let coverage = Coverage {
            rule_set: "vn-1999".to_owned(),
            cases: 9,
            rulings: Vec::new(),
        };
        assert!(RestatementProblem::false_claims(&law, &effect).is_empty());
        let w = RestatementProblem::unverified(&law, &coverage, &effect).unwrap();
        assert_eq!(
            w.to_string(),
            "ruling `check-and-other` restates `perpetual-check`, `perpetual-chase`, but fires on none of the 9 cases to show it"
        );
        assert!(w.is_warning());
        let label = w.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("fires on no case"));
    }
}
