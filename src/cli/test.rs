//! `xqlaw test`: judges the spec-test corpus and reports one line per diagram.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::analyses::coverage::coverage;
use xqlaw::analyses::whatif::base_path;
use xqlaw::corpus::{
    CasePlay, Corpus, Diagram, Scope, Specs, run as run_specs, run_standings, spec_files,
    standings_files, totals,
};
use xqlaw::project::Project;
use xqlaw::{CompiledRules, rule_files};

use super::rules::load_in;

/// Arguments of `xqlaw test`.
#[derive(Debug, clap::Args)]
pub struct TestArgs {
    /// A rule file to judge with (repeatable). Default: every `*.rules` file in the project's
    /// `rules/`.
    #[arg(long = "rules")]
    rules: Vec<PathBuf>,
    /// Spec files or directories (searched recursively). Default: the project's
    /// `spec-tests/`, found by walking up from the rule files (or the current folder).
    paths: Vec<PathBuf>,
    /// Print only failures and the totals.
    #[arg(long, short)]
    quiet: bool,
    /// Also print, for each rule set, the cases each ruling decides (whose verdict changes
    /// when it alone is removed) and the rulings that decide none: on the spec cases, and on
    /// the generated corpus of repeating plays.
    #[arg(long)]
    coverage: bool,
    /// The generated corpus `--coverage` reports on (default, when no spec path is given: the
    /// project's `spec-tests/generated/plays.jsonl`, if it is there).
    #[arg(long, requires = "coverage")]
    generated: Option<PathBuf>,
}

/// Runs the corpus; exit 1 if any case failed, a rule file does not compile, or no case was
/// judged.
pub fn run(args: &TestArgs) -> ExitCode {
    let mut given: Vec<&Path> = args.rules.iter().map(PathBuf::as_path).collect();
    given.extend(args.paths.iter().map(PathBuf::as_path));
    let project = super::project_for(&given);
    let rules_dir = project
        .as_ref()
        .map_or_else(|| PathBuf::from("rules"), Project::rules_dir);
    let all_rule_files = rule_files(&rules_dir).unwrap_or_default();
    let chosen = if args.rules.is_empty() {
        all_rule_files.clone()
    } else {
        args.rules.clone()
    };
    if chosen.is_empty() {
        return super::fail(&super::CommandError::NoRuleFiles);
    }
    let mut rule_sets: Vec<(&PathBuf, CompiledRules)> = Vec::new();
    let mut broken = false;
    for file in &chosen {
        match load_in(file, project.as_ref()) {
            Ok(rules) => rule_sets.push((file, rules)),
            Err(_) => {
                super::fail(&super::CommandError::RulesBroken(file.clone()));
                broken = true;
            }
        }
    }
    warn_same_names(&rule_sets);
    // Every rule set that exists may be named in an expectation, even when not being run.
    let mut known: BTreeSet<String> = all_rule_files
        .iter()
        .chain(&chosen)
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    known.extend(rule_sets.iter().map(|(_, r)| r.name().to_owned()));
    let paths = if args.paths.is_empty() {
        match super::default_specs(project.as_ref()) {
            Ok(specs) => vec![specs],
            Err(code) => return code,
        }
    } else {
        args.paths.clone()
    };
    let compiled: Vec<CompiledRules> = rule_sets.iter().map(|(_, r)| r.clone()).collect();
    // Read and replayed once; each rule set judges the files that expect something of it.
    let corpus = Specs::read(&spec_files(&paths)).judge(compiled, Scope::Expected);
    let reports = run_specs(&corpus, &known);
    for report in &reports {
        if !args.quiet || report.is_failure() {
            out!("{}", report.render());
        }
    }
    let standings = run_standings(&corpus.rules, &known, &standings_files(&paths), &rules_dir);
    for report in &standings {
        if !args.quiet || report.is_failure() {
            out!("{}", report.render());
        }
    }
    for (file, rules) in &rule_sets {
        let expected = |name: &str| {
            reports.iter().any(|r| r.rule_set == name)
                || standings.iter().any(|r| r.rule_set == name)
        };
        if !expected(rules.name()) {
            outln!("{}", no_expectations(file, rules, project.as_ref()));
        }
    }
    if args.coverage && paths.iter().all(|p| p.exists()) {
        print_coverage(&corpus);
        match super::generated_for(args.generated.as_deref(), &args.paths, &given) {
            Ok(Some(plays)) => print_generated_coverage(&corpus, &plays),
            Ok(None) => {}
            Err(code) => return code,
        }
    }
    let mut t = totals(&reports);
    let standings_failed = standings.iter().filter(|r| r.is_failure()).count();
    t.passed += standings.len() - standings_failed;
    t.failed += standings_failed;
    if args.paths.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| format!("`{}`", p.display())).collect();
        outln!(
            "spec files from {}, found from the rule files",
            shown.join(", ")
        );
    }
    if t.known > 0 {
        outln!(
            "{} known failures (documented in their spec files)",
            t.known
        );
    }
    outln!("{} passed, {} failed", t.passed, t.failed);
    if reports.is_empty() && standings.is_empty() {
        return super::fail(&super::CommandError::NoCasesJudged(paths.clone()));
    }
    if t.failed > 0 || broken {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints the coverage of each rule set of `corpus` on its diagrams, taken in path order.
fn print_coverage(corpus: &Corpus) {
    let mut diagrams: Vec<&Diagram> = corpus.diagrams.iter().collect();
    diagrams.sort_by(|a, b| a.path.cmp(&b.path));
    let cases: Vec<CasePlay> = diagrams.iter().map(|d| d.case_play()).collect();
    for rules in &corpus.rules {
        outln!("\n{}", coverage(rules, &cases).to_text());
    }
}

/// Prints the coverage of each rule set of `corpus` on the generated plays.
fn print_generated_coverage(corpus: &Corpus, plays: &[CasePlay]) {
    outln!(
        "\non the generated corpus of {} repeating plays:",
        plays.len()
    );
    for rules in &corpus.rules {
        outln!("\n{}", coverage(rules, plays).to_text());
    }
}

/// Says that no spec file expects anything of `rules`, and how to see what it changes: the
/// base `whatif` would take (never `file` itself) or `--base`.
fn no_expectations(file: &Path, rules: &CompiledRules, project: Option<&Project>) -> String {
    let name = rules.name();
    let dirs: Vec<PathBuf> = file
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                p.to_path_buf()
            }
        })
        .into_iter()
        .chain(project.map(Project::rules_dir))
        .collect();
    let hint = match base_path(Some(file), rules, &dirs) {
        Some(base) => format!(
            "`xqlaw whatif {} --base {}` judges it against that rule set's expectations",
            file.display(),
            base.display()
        ),
        None => format!(
            "`xqlaw whatif {} --base FILE` judges it against the expectations of the rule set it amends",
            file.display()
        ),
    };
    format!("none  {name:<8} no spec file states an expectation for `{name}`; {hint}")
}

/// Warns when two rule files declare the same name: their lines would look alike.
fn warn_same_names(rule_sets: &[(&PathBuf, CompiledRules)]) {
    let mut by_name: BTreeMap<&str, Vec<PathBuf>> = BTreeMap::new();
    for (file, rules) in rule_sets {
        by_name
            .entry(rules.name())
            .or_default()
            .push((*file).clone());
    }
    for (name, files) in by_name.into_iter().filter(|(_, f)| f.len() > 1) {
        super::warn(&super::CommandWarning::SameName {
            name: name.to_owned(),
            files,
        });
    }
}
