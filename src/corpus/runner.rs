//! Running spec files against the verdicts they expect: the engine of `xqlaw test` and of
//! the corpus tests.
//!
//! Every spec file is judged by every rule set it states an expectation for. A file that
//! cannot be used (bad YAML, an unknown field, an illegal move, an unknown rule set) is
//! reported with its path and line and counted as failed; the other files still run.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::diagram::Diagram;
use super::err::{DiagramError, SpecProblem, SpecProblemKind};
use super::{Corpus, Unreadable};
use crate::report::render;
use crate::source::SourceFile;
use crate::spec::{SpecFile, place};
use crate::vocab::Verdict;

/// How one case ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseOutcome {
    /// The rule set gives the expected verdict.
    Pass {
        /// The verdict, as expected.
        verdict: Verdict,
    },
    /// The rule set gives another verdict.
    Fail {
        /// What the spec file expects.
        expected: Verdict,
        /// What the rule set gives.
        got: Verdict,
        /// The judgement in words.
        explanation: String,
    },
    /// The rule set gives another verdict, and the spec file documents why for this rule set
    /// (its `known_failure` entry). Not counted as passed nor as failed.
    KnownFailure {
        /// What the spec file expects.
        expected: Verdict,
        /// What the rule set gives.
        got: Verdict,
        /// The documented reason.
        reason: String,
    },
    /// The spec file could not be judged (rendered diagnostic, with path and line).
    Error {
        /// The rendered diagnostic.
        message: String,
    },
}

/// One spec file judged by one rule set (or a file that could not be read at all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseReport {
    /// The spec file.
    pub path: PathBuf,
    /// The diagram's id (`hinh-01`), or the file name when the file could not be read.
    pub id: String,
    /// The rule set's name, or `-` when the file could not be read.
    pub rule_set: String,
    /// How it ended.
    pub outcome: CaseOutcome,
    /// The judgement in words (also for passing cases, for snapshots).
    pub explanation: String,
}

impl CaseReport {
    /// Whether the case counts as failed.
    pub fn is_failure(&self) -> bool {
        matches!(
            self.outcome,
            CaseOutcome::Fail { .. } | CaseOutcome::Error { .. }
        )
    }

    /// One line for `xqlaw test` (plus the explanation or the diagnostic, indented, when it
    /// did not pass).
    pub fn render(&self) -> String {
        match &self.outcome {
            CaseOutcome::Pass { verdict } => {
                format!(
                    "pass  {:<8} {:<10} {}\n",
                    self.rule_set,
                    self.id,
                    verdict.as_str()
                )
            }
            CaseOutcome::Fail {
                expected,
                got,
                explanation,
            } => format!(
                "FAIL  {:<8} {:<10} expected {}, got {}\n{}",
                self.rule_set,
                self.id,
                expected.as_str(),
                got.as_str(),
                indent(explanation)
            ),
            CaseOutcome::KnownFailure {
                expected,
                got,
                reason,
            } => format!(
                "known {:<8} {:<10} expected {}, got {} (known failure: {reason})\n",
                self.rule_set,
                self.id,
                expected.as_str(),
                got.as_str()
            ),
            CaseOutcome::Error { message } => format!(
                "FAIL  {:<8} {:<10} error\n{}",
                self.rule_set,
                self.id,
                indent(message)
            ),
        }
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("      {l}\n")).collect()
}

/// The totals of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Cases that gave the expected verdict.
    pub passed: usize,
    /// Cases that did not, or could not be judged.
    pub failed: usize,
    /// Documented known failures.
    pub known: usize,
}

/// Counts the reports.
pub fn totals(reports: &[CaseReport]) -> Totals {
    let mut t = Totals::default();
    for r in reports {
        match r.outcome {
            CaseOutcome::Pass { .. } => t.passed += 1,
            CaseOutcome::KnownFailure { .. } => t.known += 1,
            CaseOutcome::Fail { .. } | CaseOutcome::Error { .. } => t.failed += 1,
        }
    }
    t
}

/// The report of every spec file of `corpus` (judged with [`Scope::Expected`](super::Scope)
/// or more): each rule set it has an expectation for, in path order. `known_names` are the
/// rule sets that exist (an expectation for any other name is an error); expectations for
/// existing rule sets that are not in the corpus are skipped.
pub fn run(corpus: &Corpus, known_names: &BTreeSet<String>) -> Vec<CaseReport> {
    corpus
        .files()
        .par_iter()
        .flat_map_iter(|(path, file)| file_reports(corpus, known_names, path, *file))
        .collect()
}

fn file_reports(
    corpus: &Corpus,
    known_names: &BTreeSet<String>,
    path: &Path,
    file: Result<&Diagram, &Unreadable>,
) -> Vec<CaseReport> {
    let name = path.display().to_string();
    let file_id = path
        .file_stem()
        .map_or_else(|| name.clone(), |s| s.to_string_lossy().into_owned());
    let error = |id: &str, rule_set: &str, message: String| CaseReport {
        path: path.to_path_buf(),
        id: id.to_string(),
        rule_set: rule_set.to_string(),
        outcome: CaseOutcome::Error { message },
        explanation: String::new(),
    };
    let (source, spec, diagram) = match file {
        Ok(d) => (&d.source, &d.spec, Ok(d)),
        Err(Unreadable {
            spec: Some((source, spec)),
            error: why,
            ..
        }) => {
            let message = match why {
                DiagramError::Replay(problem) => render(problem),
                other => render(other),
            };
            (source, spec, Err(message))
        }
        Err(Unreadable {
            error: e @ DiagramError::Unreadable(_),
            ..
        }) => return vec![error(&file_id, "-", format!("{e}\n"))],
        Err(Unreadable { error: e, .. }) => return vec![error(&file_id, "-", render(e))],
    };
    let id = spec.id.clone();
    let mut reports: Vec<CaseReport> = misnamed_rule_sets(spec, source, known_names)
        .into_iter()
        .map(|(rule_set, message)| error(&id, &rule_set, message))
        .collect();
    // The rule sets run on this file: their expected verdict, and the documented reason if
    // they miss it.
    let running = corpus.rules.iter().enumerate().filter_map(|(k, r)| {
        let expected = *spec.expect.get(&r.name)?;
        Some((k, r, expected, spec.known_failure.get(&r.name).cloned()))
    });
    for (k, rules, expected, known_failure) in running {
        let judged = match &diagram {
            Ok(d) => match d.judgements.get(k).and_then(Option::as_ref) {
                Some(j) => Ok(Cow::Borrowed(j)),
                // Not judged: judging again says why.
                None => d.judge(rules).map(Cow::Owned).map_err(|e| render(&e)),
            },
            Err(message) => Err(message.clone()),
        };
        let judgement = match judged {
            Ok(j) => j,
            Err(message) => {
                reports.push(error(&id, &rules.name, message));
                continue;
            }
        };
        let got = judgement.verdict();
        let explanation = judgement.explain();
        let outcome = if got == expected {
            CaseOutcome::Pass { verdict: got }
        } else if let Some(reason) = known_failure {
            CaseOutcome::KnownFailure {
                expected,
                got,
                reason,
            }
        } else {
            CaseOutcome::Fail {
                expected,
                got,
                explanation: explanation.clone(),
            }
        };
        reports.push(CaseReport {
            path: path.to_path_buf(),
            id: id.clone(),
            rule_set: rules.name.clone(),
            outcome,
            explanation,
        });
    }
    reports
}

/// The rule sets a spec file names wrongly, each with the rendered problem: an expectation for
/// a rule set that does not exist, or a known failure of one it states no expectation for.
fn misnamed_rule_sets(
    spec: &SpecFile,
    source: &SourceFile,
    known_names: &BTreeSet<String>,
) -> Vec<(String, String)> {
    let problem = |key: &str, rule_set: &str, kind: SpecProblemKind| {
        let loc = place::entry(&source.text, key, rule_set);
        render(&SpecProblem::new(kind, source, loc))
    };
    let mut found = Vec::new();
    for rule_set in spec.expect.keys() {
        if !known_names.contains(rule_set) {
            let kind = SpecProblemKind::unknown_rule_set(rule_set, known_names);
            found.push((rule_set.clone(), problem("expect:", rule_set, kind)));
        }
    }
    for rule_set in spec.known_failure.keys() {
        if !spec.expect.contains_key(rule_set) {
            let kind = SpecProblemKind::KnownFailureWithoutExpectation {
                rule_set: rule_set.clone(),
            };
            found.push((rule_set.clone(), problem("known_failure:", rule_set, kind)));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::compile::compile_str;
    use crate::corpus::{Scope, Specs};

    use crate::test_support::{TOY_RULES as RULES, TOY_SPEC};

    /// The toy spec file, expecting `red_loses` of the toy rule set.
    static SPEC: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| format!("{TOY_SPEC}expect:\n  toy: red_loses\n"));

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let path = dir.join(name);
        fs::write(&path, text).unwrap();
        path
    }

    fn run_one(text: &str) -> Vec<CaseReport> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static CASES: AtomicUsize = AtomicUsize::new(0);
        let n = CASES.fetch_add(1, Ordering::Relaxed);
        // One folder per case: the file is named after the id, as every spec file must be.
        let dir = std::env::temp_dir().join(format!("xqlaw-runner-{}-{n}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = write(&dir, "toy-01.yaml", text);
        let rules = compile_str("toy", RULES).unwrap();
        let known: BTreeSet<String> = ["toy".to_string()].into();
        let corpus = Specs::read(std::slice::from_ref(&path)).judge(vec![rules], Scope::Expected);
        let reports = run(&corpus, &known);
        let _ = fs::remove_dir_all(&dir);
        reports
    }

    #[test]
    fn a_matching_verdict_passes() {
        let reports = run_one(&SPEC);
        assert_eq!(reports.len(), 1);
        assert!(matches!(
            reports[0].outcome,
            CaseOutcome::Pass {
                verdict: Verdict::RedLoses
            }
        ));
    }

    #[test]
    fn a_different_verdict_fails_with_the_explanation() {
        let reports = run_one(&SPEC.replace("toy: red_loses", "toy: draw"));
        assert!(reports[0].is_failure());
        assert!(reports[0].render().contains("expected draw, got red_loses"));
    }

    #[test]
    fn an_illegal_move_is_reported_at_its_line() {
        let reports = run_one(&SPEC.replace("- f9f8", "- f9f7"));
        let CaseOutcome::Error { message } = &reports[0].outcome else {
            panic!("not an error")
        };
        assert!(
            message.contains("ply 2 (`f9f7`) is not legal for black"),
            "{message}"
        );
        assert!(message.contains("- f9f7"), "{message}");
    }

    #[test]
    fn an_unknown_field_and_bad_yaml_are_errors() {
        let reports = run_one(&format!("{}colour: red\n", *SPEC));
        let CaseOutcome::Error { message } = &reports[0].outcome else {
            panic!("not an error")
        };
        assert!(message.contains("unknown field"), "{message}");
        let reports = run_one("id: [unclosed\n");
        assert!(reports[0].is_failure());
    }

    #[test]
    fn an_unknown_rule_set_is_an_error_at_its_key() {
        let reports =
            run_one(&SPEC.replace("  toy: red_loses", "  toy: red_loses\n  vn-2099: draw"));
        let errors: Vec<_> = reports.iter().filter(|r| r.is_failure()).collect();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].render().contains("unknown rule set `vn-2099`"));
        assert_eq!(
            totals(&reports),
            Totals {
                passed: 1,
                failed: 1,
                known: 0
            }
        );
    }

    #[test]
    fn a_documented_known_failure_is_counted_apart() {
        let text =
            SPEC.replace("toy: red_loses", "toy: draw") + "known_failure:\n  toy: the law errs\n";
        let reports = run_one(&text);
        assert_eq!(
            totals(&reports),
            Totals {
                passed: 0,
                failed: 0,
                known: 1
            }
        );
        assert!(
            reports[0]
                .render()
                .contains("(known failure: the law errs)")
        );
    }

    #[test]
    fn a_known_failure_of_one_rule_set_does_not_hide_another() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static CASES: AtomicUsize = AtomicUsize::new(0);
        let n = CASES.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("xqlaw-runner-two-{}-{n}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        // Both rule sets give red_loses; each file expects a draw from both.
        let text = SPEC.replace("  toy: red_loses", "  toy: draw\n  twin: draw");
        let one = write(
            &dir,
            "toy-01.yaml",
            &format!("{text}known_failure:\n  twin: a documented gap\n"),
        );
        let rules = vec![
            compile_str("toy", RULES).unwrap(),
            compile_str("twin", &RULES.replace("rules toy", "rules twin")).unwrap(),
        ];
        let known: BTreeSet<String> = ["toy".to_string(), "twin".to_string()].into();
        let corpus = Specs::read(std::slice::from_ref(&one)).judge(rules, Scope::Expected);
        let reports = run(&corpus, &known);
        let _ = fs::remove_dir_all(&dir);
        let outcome = |name: &str| &reports.iter().find(|r| r.rule_set == name).unwrap().outcome;
        assert!(matches!(outcome("twin"), CaseOutcome::KnownFailure { .. }));
        assert!(matches!(outcome("toy"), CaseOutcome::Fail { .. }));
        assert_eq!(
            totals(&reports),
            Totals {
                passed: 0,
                failed: 1,
                known: 1
            }
        );
    }

    #[test]
    fn a_known_failure_without_an_expectation_is_an_error_at_its_key() {
        let text = format!("{}known_failure:\n  vn-2099: stale\n", *SPEC);
        let reports = run_one(&text);
        let errors: Vec<_> = reports.iter().filter(|r| r.is_failure()).collect();
        assert_eq!(errors.len(), 1);
        let rendered = errors[0].render();
        assert!(
            rendered.contains("known failure for `vn-2099`, which has no expectation here"),
            "{rendered}"
        );
        assert!(rendered.contains("vn-2099: stale"), "{rendered}");
    }

    #[test]
    fn a_constructed_case_says_why_and_what_sentence_and_repeats() {
        let constructed = format!(
            "{}basis:\n  toy: Chiếu mãi bị xử thua.\n\
             constructed:\n  why: the rook checks from two squares in turn\n",
            *SPEC
        );
        let reports = run_one(&constructed);
        assert!(
            matches!(reports[0].outcome, CaseOutcome::Pass { .. }),
            "{}",
            reports[0].render()
        );
        let error = |text: &str| match &run_one(text)[0].outcome {
            CaseOutcome::Error { message } => message.clone(),
            _ => panic!("not an error: {text}"),
        };
        let message = error(&constructed.replace("toy: Chiếu", "other: Chiếu"));
        assert!(
            message.contains("expects a verdict of `toy` without the sentence it rests on"),
            "{message}"
        );
        let message =
            error(&constructed.replace("the rook checks from two squares in turn", "' '"));
        assert!(
            message.contains("must say why it is that position"),
            "{message}"
        );
        let message = error(&format!(
            "{constructed}sources:\n- file: a.txt\n  line: 1\n"
        ));
        assert!(message.contains("printed nowhere"), "{message}");
        let message = error(&constructed.replace("- f8f9\n", ""));
        assert!(message.contains("never repeat a position"), "{message}");
    }
}
