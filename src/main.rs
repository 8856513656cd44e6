//! The `xqlaw` command line.

use std::{process::ExitCode, time::Instant};

use clap::{Parser, Subcommand};
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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(report) => {
            eprintln!("{report:?}");
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
