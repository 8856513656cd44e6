//! `xqlaw diff`: where two rule sets differ, and which diagrams change verdict.

use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::docgen::{corpus, load_specs};
use xqlaw::variants::{diff, render, verdict_changes};

use super::rules::load;

/// Arguments of `xqlaw diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The first rule file.
    first: PathBuf,
    /// The second rule file.
    second: PathBuf,
    /// Spec files or folders to judge with both (default: `spec-tests/`).
    #[arg(long = "specs")]
    specs: Vec<PathBuf>,
}

/// Prints the differences between the texts, then the diagrams whose verdict changes.
pub fn run(args: &DiffArgs) -> ExitCode {
    let (a, b) = match (load(&args.first), load(&args.second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let text_diff = diff(&a, &b);
    let paths = if args.specs.is_empty() {
        vec![PathBuf::from("spec-tests")]
    } else {
        args.specs.clone()
    };
    let specs = load_specs(&paths);
    let (a_name, b_name) = (a.name.clone(), b.name.clone());
    let corpus = corpus(vec![a, b], specs);
    let changes = verdict_changes(&corpus, 0, 1);
    let (Some(a), Some(b)) = (corpus.rules.first(), corpus.rules.get(1)) else {
        eprintln!("cannot compare `{a_name}` with `{b_name}`");
        return ExitCode::FAILURE;
    };
    out!(
        "{}",
        render(a, b, &text_diff, &changes, corpus.diagrams.len())
    );
    ExitCode::SUCCESS
}
