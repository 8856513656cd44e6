//! `xqlaw generate`: writes the generated corpus of repeating plays.

use std::fs;
use std::path::{Path, PathBuf};

use miette::IntoDiagnostic as _;
use xqlaw::corpus::generated::{
    DEFAULT_RANDOM_PLAYS, DEFAULT_SEED, generate, spec_cases, to_jsonl,
};
use xqlaw::corpus::load_specs;
use xqlaw::disk::{self, Writer};

/// Arguments of `xqlaw generate`.
#[derive(Debug, clap::Args)]
pub struct GenerateArgs {
    /// The seed of the random plays: the same seed gives the same corpus.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// How many random plays to make (the spec cases' mirrored and colour-flipped twins come
    /// on top).
    #[arg(long, default_value_t = DEFAULT_RANDOM_PLAYS)]
    count: usize,
    /// The spec files whose cases are mirrored and colour-flipped.
    #[arg(long, default_value = "spec-tests")]
    specs: PathBuf,
    /// Where to write the corpus (JSON lines, as `xqlaw judge --batch` reads them).
    #[arg(long, default_value = "spec-tests/generated/plays.jsonl")]
    out: PathBuf,
}

/// Writes the corpus and says how many plays it holds.
pub fn run(args: &GenerateArgs) -> miette::Result<()> {
    let specs = load_specs(std::slice::from_ref(&args.specs))?;
    let cases = spec_cases(&specs.diagrams);
    let plays = generate(args.seed, args.count, &cases);
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).into_diagnostic()?;
    }
    let text = to_jsonl(&plays);
    let dir = args.out.parent().filter(|d| !d.as_os_str().is_empty());
    disk::sweep(dir.unwrap_or(Path::new(".")), Writer::Generate);
    disk::replace(&args.out, text.as_bytes(), Writer::Generate).into_diagnostic()?;
    outln!(
        "{} plays in {} ({} twins of {} spec cases, {} random, seed {})",
        plays.len(),
        args.out.display(),
        plays.len() - args.count.min(plays.len()),
        cases.len(),
        args.count,
        args.seed
    );
    Ok(())
}
