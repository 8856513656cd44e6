//! `xqlaw perft`: counts the leaves of the legal move tree.

use std::time::Instant;

use xqlaw::xiangqi::{Position, START_FEN, divide, perft};

/// Arguments of `xqlaw perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
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

/// Prints the leaf count (and the per-move counts with `--divide`); time and speed go to
/// standard error.
pub fn run(args: &PerftArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let start = Instant::now();
    let total = if args.divide {
        let mut moves = divide(&pos, args.depth);
        moves.sort_by_key(|(m, _)| m.to_string());
        for (m, n) in &moves {
            outln!("{m}: {n}");
        }
        moves.iter().map(|(_, n)| n).sum()
    } else {
        perft(&pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("{total}");
    #[expect(clippy::cast_precision_loss, reason = "a rate for display only")]
    let rate = total as f64 / secs.max(1e-9);
    eprintln!("time {secs:.3} s, {:.1} M nodes/s", rate / 1e6);
    Ok(())
}
