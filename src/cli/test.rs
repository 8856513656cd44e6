//! `xqlaw test`: judges the spec-test corpus and reports one line per diagram.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::compile::{CompiledRules, rule_files};
use xqlaw::corpus::{run as run_specs, spec_files, totals};

use super::rules::load;

/// Arguments of `xqlaw test`.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// A rule file to judge with (repeatable). Default: every `*.rules` file in `rules/`.
    #[arg(long = "rules")]
    rules: Vec<PathBuf>,
    /// Spec files or directories (searched recursively). Default: `spec-tests/`.
    paths: Vec<PathBuf>,
    /// Print only failures and the totals.
    #[arg(long, short)]
    quiet: bool,
}

/// Runs the corpus; exit 1 if any case failed or a rule file does not compile.
pub fn run(args: &TestArgs) -> ExitCode {
    let rules_dir = Path::new("rules");
    let all_rule_files = rule_files(rules_dir).unwrap_or_default();
    let chosen = if args.rules.is_empty() {
        all_rule_files.clone()
    } else {
        args.rules.clone()
    };
    if chosen.is_empty() {
        eprintln!("no rule files: give `--rules FILE` or run from the project directory");
        return ExitCode::FAILURE;
    }
    let mut rule_sets: Vec<CompiledRules> = Vec::new();
    let mut broken = false;
    for file in &chosen {
        match load(file) {
            Ok(rules) => rule_sets.push(rules),
            Err(_) => {
                eprintln!(
                    "{}: does not compile, its cases are not run",
                    file.display()
                );
                broken = true;
            }
        }
    }
    // Every rule set that exists may be named in an expectation, even when not being run.
    let mut known: BTreeSet<String> = all_rule_files
        .iter()
        .chain(&chosen)
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    known.extend(rule_sets.iter().map(|r| r.name.clone()));
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from("spec-tests")]
    } else {
        args.paths.clone()
    };
    let files = spec_files(&paths);
    let reports = run_specs(&rule_sets, &known, &files);
    for report in &reports {
        if !args.quiet || report.is_failure() {
            out!("{}", report.render());
        }
    }
    let t = totals(&reports);
    if t.known > 0 {
        outln!(
            "{} known failures (documented in their spec files)",
            t.known
        );
    }
    outln!("{} passed, {} failed", t.passed, t.failed);
    if t.failed > 0 || broken {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
