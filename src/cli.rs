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
mod facts;
mod fen;
mod import;
mod judge;
mod perft;
mod rules;
mod test;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

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
    /// Print the predicate graph of a rule file (facts, terms, rulings, verdict).
    Graph(rules::GraphArgs),
    /// Show where two rule sets differ, and which diagrams change verdict.
    Diff(diff::DiffArgs),
    /// Regenerate the documentation in `docs/` from `rules/` and `spec-tests/`.
    Docs(docs::DocsArgs),
    /// Print what every move of a sequence does: checks, threats, protection, mate threats.
    Facts(facts::FactsArgs),
    /// Import the law's diagrams from the published text into spec files.
    Import(import::ImportArgs),
    /// Check a FEN and print it in canonical form, with the board.
    Fen(fen::FenArgs),
    /// Count the leaves of the legal move tree (tests the move generator).
    Perft(perft::PerftArgs),
}

impl Cli {
    /// Runs the chosen subcommand.
    pub fn run(self) -> ExitCode {
        match self.command {
            Command::Test(args) => test::run(&args),
            Command::Judge(args) => judge::run(&args),
            Command::Check(args) => rules::run_check(&args),
            Command::Graph(args) => report(rules::run_graph(&args)),
            Command::Diff(args) => diff::run(&args),
            Command::Docs(args) => docs::run(&args),
            Command::Facts(args) => report(facts::run(&args)),
            Command::Import(args) => import::run(&args),
            Command::Fen(args) => report(fen::run(&args)),
            Command::Perft(args) => report(perft::run(&args)),
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
        eprintln!("cannot write the output: {e}");
        std::process::exit(1);
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

/// The spec files `check` and `diff` judge: those under the `--specs` paths, or under
/// `spec-tests/` when none are given (nothing if it does not exist). A path given that does
/// not exist is an error; files that do not load are counted in a warning (`xqlaw test`
/// says why).
fn specs_for(given: &[std::path::PathBuf]) -> Result<Vec<xqlaw::corpus::Diagram>, ExitCode> {
    let default = std::path::PathBuf::from("spec-tests");
    let paths = match given {
        [] if default.exists() => vec![default],
        [] => Vec::new(),
        _ => given.to_vec(),
    };
    let specs = xqlaw::corpus::load_specs(&paths).map_err(|e| {
        eprintln!("{e}");
        ExitCode::FAILURE
    })?;
    let (loaded, left_out) = (specs.diagrams.len(), specs.unreadable.len());
    if left_out > 0 {
        eprintln!(
            "warning: {left_out} of {} spec files could not be read and are left out (`xqlaw test` says why)",
            loaded + left_out
        );
    }
    Ok(specs.diagrams)
}
