//! `xqlaw import`: the law's published text → spec-test files.

use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `xqlaw import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The source files (forum text), e.g. `shared/seeds/*.txt`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The directory for the spec files.
    #[arg(long, default_value = "spec-tests/vn-1999")]
    out: PathBuf,
}

/// Imports, prints every misprint and merge as a diagnostic, then the summary line; exit 1
/// when a diagram or file could not be imported.
pub fn run(args: &ImportArgs) -> ExitCode {
    // A spinner on a terminal while the diagrams replay; nothing in a pipe.
    let spinner = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
        let spinner = indicatif::ProgressBar::new_spinner();
        spinner.set_message(format!("importing {} files", args.files.len()));
        spinner.enable_steady_tick(std::time::Duration::from_millis(120));
        spinner
    });
    let outcome = xqlaw::import::run(&args.files, &args.out);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let summary = outcome.summary();
    let success = outcome.is_success();
    for diagnostic in outcome.into_diagnostics() {
        eprint!("{}", super::render(diagnostic.as_ref()));
    }
    outln!("{summary}");
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Arguments of `xqlaw import-law`.
#[derive(Debug, clap::Args)]
pub struct ImportLawArgs {
    /// The source files (forum text), e.g. `../shared/seeds/*.txt`.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The file for the law's text.
    #[arg(long, default_value = "law/vn-1999.yaml")]
    out: PathBuf,
}

/// Imports the law's text, prints every misprint and difference as a diagnostic, then the
/// summary line; exit 1 when a file could not be read or written, or the table of misprints
/// no longer matches the print.
pub fn run_law(args: &ImportLawArgs) -> ExitCode {
    let outcome = xqlaw::import::run_law(&args.files, &args.out);
    let summary = outcome.summary();
    let success = outcome.is_success();
    for diagnostic in outcome.into_diagnostics() {
        eprint!("{}", super::render(diagnostic.as_ref()));
    }
    outln!("{summary}");
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
