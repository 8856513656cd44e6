//! `xqlaw facts`: what every move of a sequence does.

use xqlaw::facts::{Settings, compute, render_table};
use xqlaw::notation::{Notation, parse_text, write_line};
use xqlaw::{Position, START_FEN};

/// Arguments of `xqlaw facts`.
#[derive(Debug, clap::Args)]
pub struct FactsArgs {
    /// The start position, as FEN (either letter set).
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves, separated by spaces (a WXF move may start with `-`: `--moves "-R+1"`).
    #[arg(long, allow_hyphen_values = true)]
    moves: String,
    /// Print JSON instead of the table.
    #[arg(long)]
    json: bool,
    /// How the moves are written, read and printed: iccs, wxf, vi (Vietnamese) or zh.
    #[arg(long, default_value = "iccs")]
    notation: Notation,
}

/// Prints the per-ply table, or JSON.
pub fn run(args: &FactsArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let moves = parse_text(&pos, &args.moves, args.notation)?;
    let facts = compute(&pos, &moves, &Settings::default())?;
    if args.json {
        let text = serde_json::to_string_pretty(&facts)
            .map_err(|e| super::CommandError::Json(e.to_string()))?;
        outln!("{text}");
    } else {
        let texts = write_line(&pos, &moves, args.notation);
        out!("{}", render_table(&facts, &texts));
    }
    Ok(())
}
