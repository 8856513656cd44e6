//! `xqlaw check` and `xqlaw graph`: rule files as a committee edits them.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::ValueEnum;
use xqlaw::compile::graph::GraphFormat;
use xqlaw::compile::{CompiledRules, load_rules};

use super::render;

/// Arguments of `xqlaw check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// The rule files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Output formats of `xqlaw graph`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum GraphFormatArg {
    /// Graphviz.
    Dot,
    /// Mermaid.
    Mermaid,
}

/// Arguments of `xqlaw graph`.
#[derive(Debug, clap::Args)]
pub struct GraphArgs {
    /// The rule file.
    file: PathBuf,
    /// The output format.
    #[arg(long, value_enum, default_value = "dot")]
    format: GraphFormatArg,
}

/// Checks every file, printing every error and warning; exit 1 if any file has errors.
pub fn run_check(args: &CheckArgs) -> ExitCode {
    let mut failed = false;
    for file in &args.files {
        match load_rules(file) {
            Ok(rules) => {
                for w in rules.warnings() {
                    eprint!("{}", render(w));
                }
                let n = rules.warnings().len();
                let plural = if n == 1 { "" } else { "s" };
                eprintln!(
                    "{}: ok ({} terms, {} rulings, {n} warning{plural})",
                    file.display(),
                    rules.terms.len(),
                    rules.rulings.len()
                );
            }
            Err(errors) => {
                failed = true;
                for e in errors.errors() {
                    eprint!("{}", render(e));
                }
                for w in errors.warnings() {
                    eprint!("{}", render(w));
                }
                let n = errors.len();
                let plural = if n == 1 { "" } else { "s" };
                eprintln!("{}: {n} error{plural}", file.display());
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Loads a rule file, printing its diagnostics on failure.
pub fn load(path: &Path) -> Result<CompiledRules, ExitCode> {
    load_rules(path).map_err(|errors| {
        for e in errors.errors() {
            eprint!("{}", render(e));
        }
        ExitCode::FAILURE
    })
}

/// Prints the predicate graph.
pub fn run_graph(args: &GraphArgs) -> miette::Result<()> {
    let Ok(rules) = load(&args.file) else {
        return Err(miette::miette!(
            "`{}` does not compile",
            args.file.display()
        ));
    };
    let format = match args.format {
        GraphFormatArg::Dot => GraphFormat::Dot,
        GraphFormatArg::Mermaid => GraphFormat::Mermaid,
    };
    out!("{}", rules.graph.render(format));
    Ok(())
}
