//! `xqlaw standings`: a tournament's results ranked by a standings form of a rule set, with
//! what separated each two adjacent players; `--whatif` compares two rule sets.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use miette::Diagnostic as _;
use xqlaw::SourceFile;
use xqlaw::standings::{
    Request, ResultsErrorKind, ResultsErrors, Table, Tournament, compare, render as words,
    standings,
};
use xqlaw::{CompileErrorKind, CompileErrors, CompiledRules, compile_amendment, load_rules};

use super::err::Flagged;

/// Arguments of `xqlaw standings`.
#[derive(Debug, clap::Args)]
pub struct StandingsArgs {
    /// The results file (YAML: players, rounds, games; see `docs/language.md`, Standings).
    results: PathBuf,
    /// The rule set whose standings form ranks them: the law (`rules/vn-1999.rules`) or a
    /// regulation that extends it (its `extends` are looked for beside it, then in the
    /// project's `rules/`).
    #[arg(long)]
    rules: PathBuf,
    /// The standings form (default: the one the results name with `form:`, else the one
    /// named like their system).
    #[arg(long)]
    form: Option<String>,
    /// Another rule set (a regulation): show how the ranking changes under it.
    #[arg(long)]
    whatif: Option<PathBuf>,
    /// Print JSON.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print Markdown.
    #[arg(long)]
    markdown: bool,
}

/// Ranks the results; exit 1 when a file cannot be read or does not make sense.
pub fn run(args: &StandingsArgs) -> ExitCode {
    let Ok(tournament) = read_results(&args.results) else {
        return ExitCode::FAILURE;
    };
    let Ok(rules) = load_any(&args.rules) else {
        return ExitCode::FAILURE;
    };
    let Ok(table) = rank(&rules, &tournament, args.form.as_deref()) else {
        return ExitCode::FAILURE;
    };
    let Some(other) = &args.whatif else {
        if args.json {
            return super::print_json(&table);
        }
        let text = if args.markdown {
            words::markdown(&table)
        } else {
            words::text(&table)
        };
        out!("{text}");
        return ExitCode::SUCCESS;
    };
    let Ok(other_rules) = load_any(other) else {
        return ExitCode::FAILURE;
    };
    let form = args.form.as_deref().unwrap_or(&table.form.id);
    let Ok(after) = rank(&other_rules, &tournament, Some(form)) else {
        return ExitCode::FAILURE;
    };
    let comparison = compare(&table, &after);
    if args.json {
        return super::print_json(&comparison);
    }
    let text = if args.markdown {
        words::comparison_markdown(&comparison)
    } else {
        words::comparison_text(&comparison)
    };
    out!("{text}");
    ExitCode::SUCCESS
}

fn read_results(path: &Path) -> Result<Tournament, ()> {
    let text = xqlaw::disk::read_text(path).map_err(|e| {
        super::fail(&super::CommandError::unreadable(path, &e));
    })?;
    Tournament::read(SourceFile::new(path.display().to_string(), text)).map_err(|errors| {
        eprint!("{}", super::render(&errors));
    })
}

fn rank(rules: &CompiledRules, tournament: &Tournament, form: Option<&str>) -> Result<Table, ()> {
    let request = Request {
        rule_set: rules.name(),
        forms: rules.standings_forms(),
        tournament,
        form,
    };
    standings(request).map_err(|errors| {
        eprint!("{}", super::render(&with_form_flag(&errors)));
    })
}

/// Standings that cannot be computed: the library's help, and `--form` where the form is
/// what to choose.
fn with_form_flag(errors: &ResultsErrors) -> Flagged<'_> {
    let flagged = matches!(
        errors.first().kind(),
        ResultsErrorKind::SystemMismatch { .. } | ResultsErrorKind::NotAForm { .. }
    );
    let help = flagged
        .then(|| errors.help().map(|help| format!("{help} or `--form`")))
        .flatten();
    Flagged::new(errors, help)
}

/// Loads a rule file; a regulation kept outside `rules/` finds the rule set it extends in the
/// project's `rules/`.
fn load_any(path: &Path) -> Result<CompiledRules, ()> {
    let report = |errors: &CompileErrors| {
        for e in errors.errors() {
            eprint!("{}", super::render(e));
        }
    };
    match load_rules(path) {
        Ok(rules) => Ok(rules),
        Err(errors) if missing_parent(&errors) => {
            let rules_dir = super::project_of(&[path]).join("rules");
            let text = xqlaw::disk::read_text(path).map_err(|e| {
                super::fail(&super::CommandError::unreadable(path, &e));
            })?;
            compile_amendment(&path.display().to_string(), &text, &rules_dir)
                .map_err(|e| report(&e))
        }
        Err(errors) => {
            report(&errors);
            Err(())
        }
    }
}

fn missing_parent(errors: &CompileErrors) -> bool {
    errors.errors().any(|e| {
        matches!(
            e.kind(),
            Some(CompileErrorKind::ExtendsMissing { .. } | CompileErrorKind::AmendedMissing { .. })
        )
    })
}
