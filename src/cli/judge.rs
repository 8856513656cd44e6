//! `xqlaw judge`: one disputed play, or a batch of them, judged with a rule file.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use miette::Diagnostic;
use xqlaw::CompiledRules;
use xqlaw::START_FEN;
use xqlaw::notation::{self, Notation, move_texts};
use xqlaw::{BatchOptions, run_batch};
use xqlaw::{Judgement, Position, judge};
use xqlaw::{PlayError, read_play};

use super::err::Flagged;
use super::render;
use super::rules::load;

/// Why `judge --assume-cycle` judges a play as a presumed cycle (the explanation shows it).
const ASSUMED_BY_FLAG: &str = "asked for (--assume-cycle or \"assume_cycle\": true)";

/// What follows the explanation of a play that repeats nothing: how to ask for it to be judged
/// as a presumed cycle anyway.
const HOW_TO_ASSUME: &str = "To judge the moves as a presumed cycle, say so: \
`judge --assume-cycle`, `\"assume_cycle\": true` on a batch line, or `assume_cycle` in a spec file.";

/// Arguments of `xqlaw judge`.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// The rule file (default: the project's 1999 law, `rules/vn-1999.rules`).
    #[arg(long)]
    rules: Option<PathBuf>,
    /// The start position, as FEN.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The disputed moves, separated by spaces or commas, move numbers allowed (`1. X2.1
    /// Tg6.1`; a WXF move may start with `-`: `--moves "-R+1"`).
    #[arg(long, required_unless_present = "batch", allow_hyphen_values = true)]
    moves: Option<String>,
    /// The notation of the moves: iccs, wxf, vi or zh (default: guessed, and said so; ICCS for
    /// `--batch`).
    #[arg(long)]
    notation: Option<String>,
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
    /// `{"id": …, "fen": …, "moves": […], "assume_cycle": true}` (the last field optional).
    /// Writes one line per non-blank input line, in order: the verdict, or
    /// `{"id": …, "line": N, "error": …}` for a line that is not such an object, not UTF-8, or
    /// longer than 1 MiB (the run goes on). Blank lines are skipped; a byte order mark is
    /// dropped. Exit 2 if a line failed. `--fen` does not apply: each line gives its own
    /// `fen` (the start position when absent), and giving `--fen` is an error; `--notation`,
    /// `--cycle` and `--assume-cycle` apply to every line.
    #[arg(long, conflicts_with_all = ["moves", "json", "fen"])]
    batch: Option<String>,
}

/// Judges one play (explained, or JSON), or a batch file.
pub fn run(args: &JudgeArgs) -> ExitCode {
    let file = match &args.rules {
        Some(file) => file.clone(),
        None => {
            let Some(file) =
                xqlaw::project::Project::find(&[]).and_then(|p| p.rule_file("vn-1999"))
            else {
                return super::fail(&super::CommandError::NoRulesToJudgeWith);
            };
            eprintln!(
                "rules: `{}` (the project's 1999 law; `--rules FILE` for another)",
                file.display()
            );
            file
        }
    };
    let rules = match load(&file) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let notation: Notation = match args.notation.as_deref().map(str::parse).transpose() {
        Ok(Some(n)) => n,
        Ok(None) if args.batch.is_some() => Notation::Iccs,
        Ok(None) => {
            let texts = move_texts(args.moves.as_deref().unwrap_or_default());
            let start = Position::from_fen(&args.fen).ok();
            let guessed = start
                .as_ref()
                .map_or(Notation::Iccs, |start| notation::guess(start, &texts));
            // A line that reads as other legal moves in another notation gets another
            // verdict there: said, never chosen silently (issue 24, item 3).
            let others: Vec<String> = start
                .as_ref()
                .map(|start| notation::other_readings(start, &texts, guessed))
                .unwrap_or_default()
                .into_iter()
                .map(|n| format!("`{}`", n.code()))
                .collect();
            if !others.is_empty() {
                eprintln!(
                    "notation: read as `{}` (guessed); the moves also read as other legal moves in {}, where the verdict may differ: `--notation` to choose",
                    guessed.code(),
                    others.join(", ")
                );
            } else if guessed != Notation::Iccs {
                eprintln!(
                    "notation: read as `{}` (guessed; `--notation` to choose)",
                    guessed.code()
                );
            }
            guessed
        }
        Err(e) => {
            eprint!("{}", render(&e));
            return ExitCode::FAILURE;
        }
    };
    if let Some(batch) = &args.batch {
        return run_batch_file(&rules, batch, notation, args);
    }
    match judge_one(&rules, notation, args) {
        Ok(judgement) => {
            if args.json {
                return super::print_json(&judgement);
            }
            out!("{}", judgement.explain());
            if !judgement.repetition.judged() {
                outln!("{HOW_TO_ASSUME}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render(&Flagged::play(&e)));
            ExitCode::FAILURE
        }
    }
}

/// The play of the arguments judged: read, cut to its last cycle with `--cycle`, presumed a
/// cycle with `--assume-cycle`.
fn judge_one(
    rules: &CompiledRules,
    notation: Notation,
    args: &JudgeArgs,
) -> Result<Judgement, PlayError> {
    let moves = args.moves.as_deref().unwrap_or_default();
    let texts = move_texts(moves);
    let mut play = read_play(&args.fen, &texts, notation)?;
    if args.cycle {
        play = play.last_cycle().ok_or(PlayError::NoCycle)?;
    }
    if args.assume_cycle {
        play = play.assuming_cycle(ASSUMED_BY_FLAG);
    }
    judge(rules, &play).map_err(PlayError::Eval)
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
                return super::fail(&super::CommandError::unreadable(
                    std::path::Path::new(path),
                    &e,
                ));
            }
        }
    };
    let bar = std::io::stderr().is_terminal().then(|| progress_bar(path));
    let stdout = std::io::stdout().lock();
    let output = std::io::BufWriter::new(stdout);
    let options = BatchOptions {
        notation,
        cycle: args.cycle,
        assume_cycle: args.assume_cycle,
        chunk: 256,
        help: |e| Flagged::play(e).help().map(|help| help.to_string()),
    };
    let result = run_batch(rules, input, output, options, |n| {
        if let Some(bar) = &bar {
            bar.set_position(n as u64);
            if bar.length().is_none() {
                bar.set_message(format!("{n} cases judged"));
            }
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let _ = std::io::stderr().flush();
    match result {
        Ok(summary) if summary.failed > 0 => {
            super::fail(&super::CommandError::CasesFailed {
                failed: summary.failed,
                cases: summary.cases,
            });
            ExitCode::from(2)
        }
        Ok(_) => ExitCode::SUCCESS,
        // A reader that stopped listening (`| head -1`) wants no more and no complaint.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => super::fail(&super::CommandError::Batch(e.to_string().to_lowercase())),
    }
}

/// A bar over the file's lines when it is a file (the total is its line count), a spinner
/// for standard input.
fn progress_bar(path: &str) -> indicatif::ProgressBar {
    let lines = (path != "-")
        .then(|| count_lines(path))
        .flatten()
        .filter(|n| *n > 0);
    let Some(total) = lines else {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message("cases judged");
        return bar;
    };
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} cases judged {bar:30} {pos}/{len} (blank lines not counted) {eta}",
    ) {
        bar.set_style(style);
    }
    bar
}

/// The number of lines of the file at `path`, counted without holding it in memory.
fn count_lines(path: &str) -> Option<u64> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path).ok()?;
    let mut buf = vec![0u8; 1 << 16];
    let (mut lines, mut last) = (0u64, b'\n');
    loop {
        let n = file.read(&mut buf).ok()?;
        let Some(read) = buf.get(..n).filter(|r| !r.is_empty()) else {
            break;
        };
        lines += read.iter().filter(|b| **b == b'\n').count() as u64;
        last = read.last().copied().unwrap_or(last);
    }
    Some(lines + u64::from(last != b'\n'))
}
