//! `xqlaw check` and `xqlaw graph`: rule files as a committee edits them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use miette::Diagnostic;
use xqlaw::analyses::citations;
use xqlaw::analyses::conflicts::{self, ConflictDiagnostic};
use xqlaw::analyses::coverage::{InertRuling, RestatementProblem, RulingEffect, coverage};
use xqlaw::corpus::{CasePlay, Corpus};
use xqlaw::project::Project;
use xqlaw::words::plural;
use xqlaw::{CompileErrors, CompiledRules, GraphFormat, load_rules, load_rules_in};

use super::render;

/// Arguments of `xqlaw check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The rule files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Spec files or folders to look for conflicting rulings on (default: `spec-tests/` when
    /// it exists).
    #[arg(long = "specs")]
    specs: Vec<PathBuf>,
    /// Only compile; do not run the spec diagrams to look for conflicts.
    #[arg(long, conflicts_with_all = ["specs", "generated"])]
    no_specs: bool,
    /// A generated corpus of repeating plays (JSON lines, as `xqlaw generate` writes them) on
    /// which every `restates` claim is verified as well (default, when no `--specs` is given:
    /// the project's `spec-tests/generated/plays.jsonl`, if it is there).
    #[arg(long)]
    generated: Option<PathBuf>,
}

/// Output formats of `xqlaw graph`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum GraphFormatArg {
    /// Graphviz.
    Dot,
    /// Mermaid.
    Mermaid,
}

/// Arguments of `xqlaw graph`.
#[derive(Debug, clap::Args)]
pub struct GraphArgs {
    /// The rule file.
    file: PathBuf,
    /// The output format.
    #[arg(long, value_enum, default_value = "dot")]
    format: GraphFormatArg,
}

/// Checks every file, printing every error and warning; exit 1 if any file has errors or
/// conflicting rulings.
pub fn run_check(args: &CheckArgs) -> ExitCode {
    let mut no_cases = false;
    let files: Vec<&Path> = args.files.iter().map(PathBuf::as_path).collect();
    // Where the cases came from, when they were found by walking up from the rule files.
    let walked_to = (!args.no_specs && args.specs.is_empty()).then(|| {
        format!(
            " of `{}`",
            super::project_of(&files).join("spec-tests").display()
        )
    });
    let diagrams = if args.no_specs {
        Vec::new()
    } else {
        let project = Project::find(&found_from(args));
        // With no case to search, the files are still compiled and checked, but the run
        // fails: a check that judged nothing must not look clean.
        super::specs_for(&args.specs, project.as_ref()).unwrap_or_else(|_| {
            no_cases = true;
            Vec::new()
        })
    };
    let searched = diagrams.len();
    let spec_cases: Vec<CasePlay> = diagrams.iter().map(|d| d.case_play()).collect();
    // The restatements are verified on the generated plays too; a corpus that does not read
    // fails the run, as a spec folder that does not would.
    let generated = if args.no_specs {
        None
    } else {
        super::generated_for(args.generated.as_deref(), &args.specs, &files).unwrap_or_else(|_| {
            no_cases = true;
            None
        })
    };
    let project = super::project_for(&found_from(args));
    let compiled: Vec<(&PathBuf, Result<CompiledRules, CompileErrors>)> = args
        .files
        .iter()
        .map(|f| {
            let loaded = match &project {
                Some(p) => load_rules_in(f, &p.rules_dir()),
                None => load_rules(f),
            };
            (f, loaded)
        })
        .collect();
    // The rule sets that compile judge the corpus together.
    let corpus = Corpus::new(
        compiled
            .iter()
            .filter_map(|(_, r)| r.as_ref().ok().cloned())
            .collect(),
        diagrams,
    );
    // The index in the corpus of the next rule set that compiled.
    let mut judged = 0;
    let mut failed = false;
    for (file, result) in &compiled {
        match result {
            Ok(rules) => {
                for w in rules.warnings() {
                    eprint!("{}", render(w));
                }
                let found = conflicts::find(&corpus, judged);
                judged += 1;
                for d in ConflictDiagnostic::grouped(rules, &found) {
                    eprint!("{}", render(&d));
                }
                let effects = effect_diagnostics(rules, &spec_cases, generated.as_deref());
                let false_claims = effects.errors.len();
                for e in &effects.errors {
                    eprint!("{}", render(e));
                }
                for w in &effects.warnings {
                    eprint!("{}", render(w.as_ref()));
                }
                if false_claims > 0 {
                    failed = true;
                }
                let n = rules.warnings().len() + effects.warnings.len();
                let mut problems = Vec::new();
                if !found.is_empty() {
                    failed = true;
                    problems.push(format!("{} conflict{}", found.len(), plural(found.len())));
                }
                if false_claims > 0 {
                    problems.push(format!(
                        "{false_claims} false restatement{}",
                        plural(false_claims)
                    ));
                }
                let status = if !problems.is_empty() {
                    problems.join(", ")
                } else if no_cases {
                    // Not "ok": nothing was searched for conflicts.
                    "compiles".to_owned()
                } else {
                    "ok".to_owned()
                };
                let searched = if no_cases {
                    "not searched for conflicts: no cases".to_owned()
                } else {
                    format!(
                        "{searched} diagrams{} searched for conflicts",
                        walked_to.as_deref().unwrap_or_default()
                    )
                };
                let verified = generated.as_ref().map_or(String::new(), |g| {
                    format!(
                        "; restatements verified on {} generated play{} too",
                        g.len(),
                        plural(g.len())
                    )
                });
                eprintln!(
                    "{}: {status} ({} terms, {} rulings, {n} warning{}; {searched}{verified})",
                    file.display(),
                    rules.terms().len(),
                    rules.rulings().len(),
                    plural(n),
                );
            }
            Err(errors) => {
                failed = true;
                for e in errors.errors() {
                    eprint!("{}", render(e));
                }
                for w in errors.warnings() {
                    eprint!("{}", render(w));
                }
                let n = errors.len();
                eprintln!("{}: {n} error{}", file.display(), plural(n));
            }
        }
    }
    if !check_citations(&args.files) {
        failed = true;
    }
    if failed || no_cases {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The paths a project is found from: the rule files, then the spec paths.
fn found_from(args: &CheckArgs) -> Vec<&Path> {
    args.files
        .iter()
        .chain(&args.specs)
        .map(PathBuf::as_path)
        .collect()
}

/// Checks the sentences the files cite against the law's text in the project's `law/`,
/// printing every problem and a summary line; false when there is a problem.
fn check_citations(files: &[PathBuf]) -> bool {
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let law_dir = super::project_of(&paths).join("law");
    match citations::check_files(files, &law_dir) {
        Ok(checked) => {
            for e in &checked.errors {
                eprint!("{}", render(e));
            }
            let n = checked.errors.len();
            if checked.laws.is_empty() {
                eprintln!(
                    "citations: not checked (no law text in `{}`)",
                    law_dir.display()
                );
                return true;
            }
            let laws: Vec<String> = checked.laws.iter().map(|l| format!("`{l}`")).collect();
            let status = if n == 0 {
                "ok".to_owned()
            } else {
                format!("{n} problem{}", plural(n))
            };
            eprintln!(
                "citations: {status} ({} definition{} citing sentences, checked against the law's text {})",
                checked.citations,
                plural(checked.citations),
                laws.join(", ")
            );
            n == 0
        }
        Err(e) => {
            eprint!("{}", render(&e));
            false
        }
    }
}

/// What `check` says of each ruling's effect on the corpus.
struct EffectDiagnostics {
    /// False `restates` claims.
    errors: Vec<RestatementProblem>,
    /// Inert rulings, and restatements that fire nowhere.
    warnings: Vec<Box<dyn Diagnostic>>,
}

/// The effect diagnostics of the rulings `rules` defines in its own file (an inherited
/// ruling is checked with the rule set that defines it): on the spec cases, false
/// restatements, inert rulings and unverifiable restatements; on the generated plays, if
/// given, false restatements (a ruling that decides only generated plays is still asked for a
/// spec case that shows its sentence). Nothing when there are no cases.
fn effect_diagnostics(
    rules: &CompiledRules,
    spec_cases: &[CasePlay],
    generated: Option<&[CasePlay]>,
) -> EffectDiagnostics {
    let mut found = EffectDiagnostics {
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let own = |effect: &RulingEffect| {
        rules
            .ruling(&effect.ruling)
            .is_some_and(|r| r.meta.defined_in == rules.name())
    };
    if !spec_cases.is_empty() {
        let coverage = coverage(rules, spec_cases);
        for effect in coverage.rulings.iter().filter(|e| own(e)) {
            found
                .errors
                .extend(RestatementProblem::false_claims(rules, effect));
            if let Some(w) = InertRuling::of(rules, &coverage, effect) {
                found.warnings.push(Box::new(w));
            }
            if let Some(w) = RestatementProblem::unverified(rules, &coverage, effect) {
                found.warnings.push(Box::new(w));
            }
        }
    }
    if let Some(generated) = generated.filter(|g| !g.is_empty()) {
        let coverage = coverage(rules, generated);
        for effect in coverage.rulings.iter().filter(|e| own(e)) {
            found
                .errors
                .extend(RestatementProblem::false_claims(rules, effect));
        }
    }
    found
}

/// Loads a rule file, printing its diagnostics on failure.
pub fn load(path: &Path) -> Result<CompiledRules, ExitCode> {
    load_in(path, None)
}

/// Loads a rule file whose `extends` may also name the rule sets of `project` (found from the
/// command's other paths), printing its diagnostics on failure.
pub fn load_in(path: &Path, project: Option<&Project>) -> Result<CompiledRules, ExitCode> {
    let compiled = match project {
        Some(project) => load_rules_in(path, &project.rules_dir()),
        None => load_rules(path),
    };
    compiled.map_err(|errors| {
        for e in errors.errors() {
            eprint!("{}", render(e));
        }
        ExitCode::FAILURE
    })
}

/// Prints the predicate graph.
pub fn run_graph(args: &GraphArgs) -> miette::Result<()> {
    let Ok(rules) = load(&args.file) else {
        return Err(super::CommandError::DoesNotCompile(args.file.clone()).into());
    };
    let format = match args.format {
        GraphFormatArg::Dot => GraphFormat::Dot,
        GraphFormatArg::Mermaid => GraphFormat::Mermaid,
    };
    out!("{}", rules.graph().render(format));
    Ok(())
}
