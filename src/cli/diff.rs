//! `xqlaw diff`: where two rule sets differ, and which diagrams change verdict.

use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::analyses::diff::{Comparison, compare};
use xqlaw::corpus::Corpus;

use super::rules::load_in;

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
    let mut found_from = vec![args.first.as_path(), args.second.as_path()];
    found_from.extend(args.compare.specs.iter().map(PathBuf::as_path));
    let project = super::project_for(&found_from);
    let (a, b) = match (
        load_in(&args.first, project.as_ref()),
        load_in(&args.second, project.as_ref()),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let diagrams = match super::specs_for(&args.compare.specs, project.as_ref()) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let corpus = Corpus::new(vec![a, b], diagrams);
    let Some(mut comparison) = compare(&corpus, 0, 1) else {
        return super::fail(&super::CommandError::NoComparison);
    };
    // Two files of one rule set (the law and an amended copy) are told apart by their paths.
    if comparison.first == comparison.second {
        comparison.first = args.first.display().to_string();
        comparison.second = args.second.display().to_string();
    }
    args.compare
        .print(&comparison, |c| c.to_markdown(None), Comparison::to_text)
}
