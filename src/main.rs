//! The `xqlaw` command line.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::{process::ExitCode, time::Instant};

use clap::{Parser, Subcommand, ValueEnum};
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};
use xqlaw::batch::{BatchOptions, judge_text, run_batch};
use xqlaw::compile::graph::GraphFormat;
use xqlaw::compile::{CompiledRules, load_rules};
use xqlaw::xiangqi::notation::Notation;
use xqlaw::xiangqi::{Position, START_FEN, divide, perft};

/// The Xiangqi repetition law as an executable specification.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (tests the move generator).
    Perft(PerftArgs),
    /// Print what every move of a sequence does: checks, threats, protection, mate threats.
    Facts(FactsArgs),
    /// Check rule files and report every problem (exit 1 on errors).
    Check(CheckArgs),
    /// Print the predicate graph of a rule file (facts, terms, rulings, verdict).
    Graph(GraphArgs),
    /// Judge a disputed play (or a batch of plays) with a rule file.
    Judge(JudgeArgs),
}

/// Arguments of `xqlaw check`.
#[derive(Debug, clap::Args)]
struct CheckArgs {
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
struct GraphArgs {
    /// The rule file.
    file: PathBuf,
    /// The output format.
    #[arg(long, value_enum, default_value = "dot")]
    format: GraphFormatArg,
}

/// Arguments of `xqlaw judge`.
#[derive(Debug, clap::Args)]
struct JudgeArgs {
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
    /// Print one JSON object instead of the explanation.
    #[arg(long)]
    json: bool,
    /// Judge every line of a JSON-lines file (`-` for standard input):
    /// `{"id": …, "fen": …, "moves": […]}`; exit 2 if a line failed.
    #[arg(long, conflicts_with_all = ["moves", "json"])]
    batch: Option<String>,
}

/// Arguments of `xqlaw facts`.
#[derive(Debug, clap::Args)]
struct FactsArgs {
    /// The start position, as FEN (either letter set).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves, separated by spaces.
    #[arg(long)]
    moves: String,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
}

/// Arguments of `xqlaw perft`.
#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// The position, as FEN (either letter set).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Number of plies to search.
    #[arg(long)]
    depth: u32,
    /// Print the count below each root move (`h2e2: 1234`) before the total.
    #[arg(long)]
    divide: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => run_perft(&args),
        Command::Facts(args) => run_facts(&args),
        Command::Check(args) => return run_check(&args),
        Command::Graph(args) => run_graph(&args),
        Command::Judge(args) => return run_judge(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
            ExitCode::FAILURE
        }
    }
}

/// Renders a diagnostic for standard error, with colours on a terminal.
fn render(diagnostic: &dyn Diagnostic) -> String {
    let theme = if std::io::stderr().is_terminal() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let mut out = String::new();
    if GraphicalReportHandler::new_themed(theme)
        .render_report(&mut out, diagnostic)
        .is_err()
    {
        out = format!("{diagnostic}");
    }
    out
}

fn run_check(args: &CheckArgs) -> ExitCode {
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
fn load(path: &Path) -> Result<CompiledRules, ExitCode> {
    load_rules(path).map_err(|errors| {
        for e in errors.errors() {
            eprint!("{}", render(e));
        }
        ExitCode::FAILURE
    })
}

fn run_graph(args: &GraphArgs) -> miette::Result<()> {
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
    print!("{}", rules.graph.render(format));
    Ok(())
}

fn run_judge(args: &JudgeArgs) -> ExitCode {
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
        return run_batch_file(&rules, batch, notation, args.cycle);
    }
    let moves = args.moves.as_deref().unwrap_or_default();
    let texts: Vec<&str> = moves.split_whitespace().collect();
    match judge_text(&rules, &args.fen, &texts, notation, args.cycle) {
        Ok(judgement) => {
            if args.json {
                match serde_json::to_string_pretty(&judgement) {
                    Ok(text) => println!("{text}"),
                    Err(e) => {
                        eprintln!("cannot write the judgement: {e}");
                        return ExitCode::FAILURE;
                    }
                }
            } else {
                print!("{}", judgement.explain());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprint!("{}", render(&e));
            ExitCode::FAILURE
        }
    }
}

fn run_batch_file(rules: &CompiledRules, path: &str, notation: Notation, cycle: bool) -> ExitCode {
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
        cycle,
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

fn run_perft(args: &PerftArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let start = Instant::now();
    let total = if args.divide {
        let mut moves = divide(&pos, args.depth);
        moves.sort_by_key(|(m, _)| m.to_string());
        for (m, n) in &moves {
            println!("{m}: {n}");
        }
        moves.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("{total}");
    #[expect(clippy::cast_precision_loss, reason = "a rate for display only")]
    let rate = total as f64 / secs.max(1e-9);
    eprintln!("time {secs:.3} s, {:.1} M nodes/s", rate / 1e6);
    Ok(())
}

fn run_facts(args: &FactsArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let mut moves = Vec::new();
    for text in args.moves.split_whitespace() {
        let mv: xqlaw::xiangqi::Move = text
            .parse()
            .map_err(|e| miette::miette!("move {} `{text}`: {e}", moves.len() + 1))?;
        moves.push(mv);
    }
    let facts = xqlaw::facts::compute(&pos, &moves, &xqlaw::facts::Settings::default())?;
    if args.json {
        let text = serde_json::to_string_pretty(&facts).map_err(|e| miette::miette!("{e}"))?;
        println!("{text}");
    } else {
        print!("{}", xqlaw::facts::render_table(&facts, &[]));
    }
    Ok(())
}
