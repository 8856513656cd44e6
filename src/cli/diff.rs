//! `xqlaw diff`: where two rule sets differ, and which diagrams change verdict.

use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::analyses::diff::{Comparison, compare};
use xqlaw::corpus::Corpus;

use super::rules::load;

/// Arguments of `xqlaw diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The first rule file.
    first: PathBuf,
    /// The second rule file.
    second: PathBuf,
    #[command(flatten)]
    compare: super::CompareArgs,
}

/// Prints the differences between the definitions, then the diagrams whose verdict changes
/// with the rulings that decide them.
pub fn run(args: &DiffArgs) -> ExitCode {
    let (a, b) = match (load(&args.first), load(&args.second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let diagrams = match super::specs_for(&args.compare.specs, &[&args.first, &args.second]) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let corpus = Corpus::new(vec![a, b], diagrams);
    let Some(comparison) = compare(&corpus, 0, 1) else {
        return super::fail(&super::CommandError::NoComparison);
    };
    args.compare
        .print(&comparison, |c| c.to_markdown(None), Comparison::to_text)
}
