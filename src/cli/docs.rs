//! `xqlaw docs`: regenerates the documentation from `rules/` and `spec-tests/`.

use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::corpus::load_corpus;
use xqlaw::docgen::{generate, stale, write_all};

/// Arguments of `xqlaw docs`.
#[derive(Debug, clap::Args)]
pub struct DocsArgs {
    /// Where the pages go.
    #[arg(long, default_value = "docs")]
    out: PathBuf,
    /// The rule files' folder.
    #[arg(long, default_value = "rules")]
    rules: PathBuf,
    /// The spec files' folder.
    #[arg(long, default_value = "spec-tests")]
    specs: PathBuf,
    /// Write nothing; list the pages that are out of date and exit 1 if any.
    #[arg(long)]
    check: bool,
}

/// Writes the pages (or checks them), printing a summary line.
pub fn run(args: &DocsArgs) -> ExitCode {
    let corpus = match load_corpus(&args.rules, &args.specs) {
        Ok(corpus) => corpus,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let files = generate(&corpus);
    let out_of_date = stale(&args.out, &files);
    if args.check {
        for path in &out_of_date {
            outln!("out of date: {}", args.out.join(path).display());
        }
        outln!("{} pages, {} out of date", files.len(), out_of_date.len());
        return if out_of_date.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if let Err(e) = write_all(&args.out, &files) {
        eprintln!("cannot write `{}`: {e}", args.out.display());
        return ExitCode::FAILURE;
    }
    outln!(
        "{} pages in {} ({} rewritten)",
        files.len(),
        args.out.display(),
        out_of_date.len()
    );
    ExitCode::SUCCESS
}
