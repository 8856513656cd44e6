//! `xqlaw perft`: counts the leaves of the legal move tree.

use std::io::IsTerminal as _;
use std::time::Instant;

use xqlaw::{Position, START_FEN, perft};

/// The deepest search `perft` accepts: depth 8 from the start position already takes hours,
/// and a search recurses once per ply.
const MAX_DEPTH: u32 = 12;

/// Arguments of `xqlaw perft`.
#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    /// The position, as FEN (either letter set).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Number of plies to search (0 to 12).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Print the count below each root move (`h2e2: 1234`) before the total.
    #[arg(long)]
    divide: bool,
}

/// Prints the leaf count (and the per-move counts with `--divide`); time and speed go to
/// standard error, and so does a progress bar over the root moves when it is a terminal.
pub fn run(args: &PerftArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let start = Instant::now();
    let total = if args.depth == 0 {
        // The empty sequence is the one leaf, whatever the position.
        1
    } else {
        let mut roots: Vec<_> = pos.legal_moves().iter().copied().collect();
        roots.sort_by_key(ToString::to_string);
        let bar = (std::io::stderr().is_terminal() && args.depth >= 4).then(|| {
            let bar = indicatif::ProgressBar::new(roots.len() as u64);
            if let Ok(style) = indicatif::ProgressStyle::with_template(
                "{spinner} root moves {bar:30} {pos}/{len} {elapsed}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        let mut total = 0;
        for m in roots {
            let mut next = pos;
            next.play_unchecked(m);
            let n = perft(&next, args.depth - 1);
            if args.divide {
                outln!("{m}: {n}");
            }
            total += n;
            if let Some(bar) = &bar {
                bar.inc(1);
            }
        }
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        total
    };
    let secs = start.elapsed().as_secs_f64();
    outln!("{total}");
    #[expect(clippy::cast_precision_loss, reason = "a rate for display only")]
    let rate = total as f64 / secs.max(1e-9);
    eprintln!("time {secs:.3} s, {:.1} M nodes/s", rate / 1e6);
    Ok(())
}
