//! The subcommands and what they share: argument types, diagnostics rendering, exit codes.

/// `print!` that survives a closed pipe (see [`emit`]).
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::emit(&format!($($arg)*)) };
}

/// `println!` that survives a closed pipe (see [`emit`]).
macro_rules! outln {
    ($($arg:tt)*) => { $crate::cli::emit(&format!("{}\n", format_args!($($arg)*))) };
}

mod diff;
mod docs;
mod err;
mod facts;
mod fen;
mod fmt;
mod games;
mod generate;
mod import;
mod judge;
mod perft;
mod rules;
mod serve;
mod standings;
mod test;
mod trace;
mod whatif;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use xqlaw::project::Project;

use err::{CommandError, CommandWarning, fail, warn};

/// The Xiangqi (Cờ Tướng) repetition law as an executable specification.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Judge every spec-test diagram with every rule set (or the ones named).
    Test(test::TestArgs),
    /// Judge a disputed play (or a batch of plays) with a rule file.
    Judge(judge::JudgeArgs),
    /// Check rule files and report every problem (exit 1 on errors).
    Check(rules::CheckArgs),
    /// Rewrite rule files in the canonical layout, keeping every comment (`--check`: list the
    /// files that are not, exit 1 if any).
    Fmt(fmt::FmtArgs),
    /// Print the predicate graph of a rule file (facts, terms, rulings, verdict).
    Graph(rules::GraphArgs),
    /// List every sentence of the law's Chương V with what encodes it.
    Trace(trace::TraceArgs),
    /// Show where two rule sets differ, and which diagrams change verdict.
    Diff(diff::DiffArgs),
    /// Judge an amended copy of a rule set against its base: which cases change verdict.
    Whatif(whatif::WhatifArgs),
    /// Serve the workbench: edit a rule set in the browser and see every verdict change.
    Serve(serve::ServeArgs),
    /// Rank a tournament's results by a standings form (Điều 21), explaining every tie-break.
    Standings(standings::StandingsArgs),
    /// Regenerate the documentation in `docs/` from `rules/` and `spec-tests/`.
    Docs(docs::DocsArgs),
    /// Print what every move of a sequence does: checks, threats, protection, mate threats.
    Facts(facts::FactsArgs),
    /// Read game records, find every repetition and judge it with each rule set.
    Games(games::GamesArgs),
    /// Import the law's diagrams from the published text into spec files.
    Import(import::ImportArgs),
    /// Import the law's text (Chương III, IV and V) from the published text into `law/`.
    ImportLaw(import::ImportLawArgs),
    /// Check a FEN and print it in canonical form, with the board.
    Fen(fen::FenArgs),
    /// Count the leaves of the legal move tree (tests the move generator).
    Perft(perft::PerftArgs),
    /// Write the generated corpus of repeating plays (random positions and the spec cases'
    /// mirrored and colour-flipped twins), reproducibly from a seed.
    Generate(generate::GenerateArgs),
}

impl Cli {
    /// Runs the chosen subcommand.
    pub fn run(self) -> ExitCode {
        match self.command {
            Command::Test(args) => test::run(&args),
            Command::Judge(args) => judge::run(&args),
            Command::Check(args) => rules::run_check(&args),
            Command::Fmt(args) => fmt::run(&args),
            Command::Graph(args) => report(rules::run_graph(&args)),
            Command::Trace(args) => trace::run(&args),
            Command::Diff(args) => diff::run(&args),
            Command::Whatif(args) => whatif::run(&args),
            Command::Serve(args) => serve::run(&args),
            Command::Standings(args) => standings::run(&args),
            Command::Docs(args) => docs::run(&args),
            Command::Facts(args) => report(facts::run(&args)),
            Command::Games(args) => games::run_games(&args),
            Command::Import(args) => import::run(&args),
            Command::ImportLaw(args) => import::run_law(&args),
            Command::Fen(args) => report(fen::run(&args)),
            Command::Perft(args) => report(perft::run(&args)),
            Command::Generate(args) => report(generate::run(&args)),
        }
    }
}

/// Prints an error report, if any, and turns the result into an exit code.
fn report(result: miette::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprint!("{}", render(report.as_ref()));
            ExitCode::FAILURE
        }
    }
}

/// Writes to standard output. A closed pipe (`xqlaw test | head`) ends the program quietly
/// instead of panicking as `print!` would.
fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        fail(&CommandError::Output(e.to_string().to_lowercase()));
        std::process::exit(1);
    }
}

/// The corpus and the output format of a comparison (`diff`, `whatif`).
#[derive(Debug, clap::Args)]
struct CompareArgs {
    /// Spec files or folders to judge (default: the project's `spec-tests/`, found by walking
    /// up from the rule files).
    #[arg(long = "specs")]
    specs: Vec<std::path::PathBuf>,
    /// Print the comparison as JSON.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the comparison as Markdown.
    #[arg(long)]
    markdown: bool,
}

impl CompareArgs {
    /// Prints `value` as JSON, Markdown or text, as asked.
    fn print<T: serde::Serialize>(
        &self,
        value: &T,
        markdown: impl FnOnce(&T) -> String,
        text: impl FnOnce(&T) -> String,
    ) -> ExitCode {
        if self.json {
            return print_json(value);
        }
        out!(
            "{}",
            if self.markdown {
                markdown(value)
            } else {
                text(value)
            }
        );
        ExitCode::SUCCESS
    }
}

/// Prints `value` as pretty JSON; exit 1 if it cannot be written.
fn print_json(value: &impl serde::Serialize) -> ExitCode {
    match serde_json::to_string_pretty(value) {
        Ok(json) => {
            outln!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(&CommandError::Json(e.to_string())),
    }
}

/// Renders a diagnostic for standard error, with colours only on a terminal.
fn render(diagnostic: &dyn Diagnostic) -> String {
    if std::io::stderr().is_terminal() {
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode());
        xqlaw::report::render_with(diagnostic, &handler)
    } else {
        xqlaw::report::render(diagnostic)
    }
}

/// The project folder of some files (see [`Project::find`]), or the current folder when
/// there is none; the current folder is the empty path, so that a folder joined to it is
/// shown as `spec-tests`, not `./spec-tests`.
fn project_of(files: &[&std::path::Path]) -> std::path::PathBuf {
    Project::find(files)
        .map(|p| p.root())
        .filter(|root| root != std::path::Path::new("."))
        .unwrap_or_default()
}

/// The project of the files a command was given, or of the current folder. When it is not
/// the current folder's project, says on standard error which one is used, so that a
/// verdict is never read against a law the user did not mean.
fn project_for(files: &[&std::path::Path]) -> Option<Project> {
    let project = Project::find(files)?;
    if !project.is_current() {
        eprintln!(
            "project: `{}` (its `rules/` and `spec-tests/`, found above `{}`)",
            project.root().display(),
            files
                .iter()
                .find(|f| Project::find(&[f]).as_ref() == Some(&project))
                .map_or_else(|| ".".to_owned(), |f| f.display().to_string())
        );
    }
    Some(project)
}

/// The project's `spec-tests/` folder; says so and fails when there is no project.
fn default_specs(project: Option<&Project>) -> Result<std::path::PathBuf, ExitCode> {
    match project {
        Some(p) => Ok(p.specs_dir()),
        None => Err(fail(&CommandError::NoSpecsFolder)),
    }
}

/// The generated corpus of repeating plays that `check` and `test --coverage` weigh the
/// rulings on besides the spec cases: the file given, or, when no spec path is given, the
/// project's (`spec-tests/generated/plays.jsonl`) if it is there. A file given that does not
/// read, or the project's with a line that is no play, is an error.
fn generated_for(
    given: Option<&std::path::Path>,
    specs_given: &[std::path::PathBuf],
    rule_files: &[&std::path::Path],
) -> Result<Option<Vec<xqlaw::corpus::CasePlay>>, ExitCode> {
    use xqlaw::corpus::generated::{CORPUS_FILE, load};
    let path = match given {
        Some(path) => path.to_path_buf(),
        None if specs_given.is_empty() => {
            let path = project_of(rule_files).join("spec-tests").join(CORPUS_FILE);
            if !path.is_file() {
                return Ok(None);
            }
            path
        }
        None => return Ok(None),
    };
    load(&path).map(Some).map_err(|e| {
        eprint!("{}", render(&e));
        ExitCode::FAILURE
    })
}

/// The spec files `check`, `diff` and `whatif` judge: those under the `--specs` paths, or
/// under the `spec-tests/` of `project` (see [`project_for`]). A path given
/// that does not exist is an error, and so is finding no spec file at all; files that do not
/// load are counted in a warning (`xqlaw test` says why).
fn specs_for(
    given: &[std::path::PathBuf],
    project: Option<&Project>,
) -> Result<Vec<xqlaw::corpus::Diagram>, ExitCode> {
    let paths = if given.is_empty() {
        vec![default_specs(project)?]
    } else {
        given.to_vec()
    };
    let specs = xqlaw::corpus::load_specs(&paths).map_err(|e| fail(&e))?;
    let (loaded, left_out) = (specs.diagrams.len(), specs.unreadable.len());
    if left_out > 0 {
        warn(&CommandWarning::SpecsLeftOut {
            left_out,
            total: loaded + left_out,
            names: Vec::new(),
        });
    }
    if loaded == 0 {
        return Err(fail(&CommandError::NoReadableSpecs(paths)));
    }
    Ok(specs.diagrams)
}
