//! `xqlaw diff`: where two rule sets differ, and which diagrams change verdict.

use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::corpus::Corpus;
use xqlaw::variants::compare;

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
    /// Print the comparison as JSON.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print the comparison as Markdown.
    #[arg(long)]
    markdown: bool,
}

/// Prints the differences between the definitions, then the diagrams whose verdict changes
/// with the rulings that decide them.
pub fn run(args: &DiffArgs) -> ExitCode {
    let (a, b) = match (load(&args.first), load(&args.second)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    let diagrams = match super::specs_for(&args.specs) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let corpus = Corpus::new(vec![a, b], diagrams);
    let Some(comparison) = compare(&corpus, 0, 1) else {
        eprintln!("cannot compare the two rule sets");
        return ExitCode::FAILURE;
    };
    if args.json {
        match serde_json::to_string_pretty(&comparison) {
            Ok(json) => outln!("{json}"),
            Err(e) => {
                eprintln!("cannot write JSON: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else if args.markdown {
        out!("{}", comparison.to_markdown(None));
    } else {
        out!("{}", comparison.to_text());
    }
    ExitCode::SUCCESS
}
