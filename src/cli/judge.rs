//! `xqlaw judge`: one disputed play, or a batch of them, judged with a rule file.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::compile::CompiledRules;
use xqlaw::play::{BatchOptions, judge_text_assuming, run_batch};
use xqlaw::xiangqi::START_FEN;
use xqlaw::xiangqi::notation::Notation;

use super::render;
use super::rules::load;

/// Arguments of `xqlaw judge`.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// The rule file.
    #[arg(long)]
    rules: PathBuf,
    /// The start position, as FEN.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The disputed moves, separated by spaces.
    #[arg(long, required_unless_present = "batch")]
    moves: Option<String>,
    /// The notation of the moves: iccs, wxf, vi or zh.
    #[arg(long, default_value = "iccs")]
    notation: String,
    /// Judge only the moves between the last two occurrences of a repeated position.
    #[arg(long)]
    cycle: bool,
    /// Judge the moves as a presumed cycle even if no position repeats (without it, a play
    /// that repeats nothing gets "no repetition to judge").
    #[arg(long)]
    assume_cycle: bool,
    /// Print one JSON object instead of the explanation.
    #[arg(long)]
    json: bool,
    /// Judge every line of a JSON-lines file (`-` for standard input):
    /// `{"id": …, "fen": …, "moves": […], "assume_cycle": true}` (the last field optional);
    /// exit 2 if a line failed.
    #[arg(long, conflicts_with_all = ["moves", "json"])]
    batch: Option<String>,
}

/// Judges one play (explained, or JSON), or a batch file.
pub fn run(args: &JudgeArgs) -> ExitCode {
    let rules = match load(&args.rules) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let notation: Notation = match args.notation.parse() {
        Ok(n) => n,
        Err(e) => {
            eprint!("{}", render(&e));
            return ExitCode::FAILURE;
        }
    };
    if let Some(batch) = &args.batch {
        return run_batch_file(&rules, batch, notation, args);
    }
    let moves = args.moves.as_deref().unwrap_or_default();
    let texts: Vec<&str> = moves.split_whitespace().collect();
    match judge_text_assuming(
        &rules,
        &args.fen,
        &texts,
        notation,
        args.cycle,
        args.assume_cycle,
    ) {
        Ok(judgement) => {
            if args.json {
                return super::print_json(&judgement);
            } else {
                out!("{}", judgement.explain());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render(&e));
            ExitCode::FAILURE
        }
    }
}

fn run_batch_file(
    rules: &CompiledRules,
    path: &str,
    notation: Notation,
    args: &JudgeArgs,
) -> ExitCode {
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        match std::fs::File::open(path) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("cannot read `{path}`: {}", e.to_string().to_lowercase());
                return ExitCode::FAILURE;
            }
        }
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("cases judged");
        bar
    });
    let stdout = std::io::stdout().lock();
    let output = std::io::BufWriter::new(stdout);
    let options = BatchOptions {
        notation,
        cycle: args.cycle,
        assume_cycle: args.assume_cycle,
        chunk: 256,
    };
    let result = run_batch(rules, input, output, options, |n| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
            bar.set_message(format!("{n} cases judged"));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let _ = std::io::stderr().flush();
    match result {
        Ok(summary) if summary.failed > 0 => {
            eprintln!("{} of {} cases failed", summary.failed, summary.cases);
            ExitCode::from(2)
        }
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("batch failed: {}", e.to_string().to_lowercase());
            ExitCode::FAILURE
        }
    }
}
