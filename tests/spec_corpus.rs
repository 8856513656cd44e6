//! The specification corpus: every spec file under `spec-tests/` judged by every rule set in
//! `rules/` it states an expectation for — the same run as `xqlaw test` — plus a snapshot of
//! every diagram's explanation, so a change in reasoning shows in review even when the verdict
//! stays.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::collections::BTreeSet;
use std::path::PathBuf;

use xqlaw::compile::{CompiledRules, load_rules, rule_files};
use xqlaw::corpus::{CaseOutcome, run, spec_files, totals};

fn rule_sets() -> Vec<CompiledRules> {
    let files = rule_files(std::path::Path::new("rules")).unwrap();
    files.iter().map(|f| load_rules(f).unwrap()).collect()
}

#[test]
fn every_diagram_gets_its_expected_verdict() {
    let rules = rule_sets();
    let known: BTreeSet<String> = rules.iter().map(|r| r.name.clone()).collect();
    let reports = run(&rules, &known, &spec_files(&[PathBuf::from("spec-tests")]));
    let failures: String = reports
        .iter()
        .filter(|r| r.is_failure())
        .map(|r| r.render())
        .collect();
    let t = totals(&reports);
    assert!(
        failures.is_empty(),
        "{failures}\n{} passed, {} failed",
        t.passed,
        t.failed
    );
    assert!(t.passed >= 80, "only {} cases ran", t.passed);
}

#[test]
fn explanation() {
    let rules = rule_sets();
    let known: BTreeSet<String> = rules.iter().map(|r| r.name.clone()).collect();
    insta::glob!("../spec-tests", "**/*.yaml", |path| {
        let reports = run(&rules, &known, &[path.to_path_buf()]);
        let mut text = String::new();
        for r in &reports {
            let status = match &r.outcome {
                CaseOutcome::Pass { .. } => "pass",
                CaseOutcome::KnownFailure { .. } => "known failure",
                CaseOutcome::Fail { .. } | CaseOutcome::Error { .. } => "FAIL",
            };
            text.push_str(&format!(
                "== {} ({status})\n{}\n",
                r.rule_set, r.explanation
            ));
        }
        let name =
            path.strip_prefix(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec-tests"));
        // Snapshots sit beside the corpus, one folder per topic folder (`snapshots/vn-1999/`).
        let topic = path
            .parent()
            .and_then(std::path::Path::file_name)
            .map(|t| t.to_string_lossy().into_owned())
            .unwrap_or_default();
        insta::with_settings!({
            snapshot_path => format!("../spec-tests/snapshots/{topic}"),
            prepend_module_to_snapshot => false,
            description => name.map(|p| p.display().to_string()).unwrap_or_default(),
        }, {
            insta::assert_snapshot!(text);
        });
    });
}
