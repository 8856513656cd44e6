//! `xqlaw fen`: checks a position and prints it in canonical form.

use xqlaw::{Position, text_board};

/// Arguments of `xqlaw fen`.
#[derive(Debug, clap::Args)]
pub struct FenArgs {
    /// The position, as FEN (either letter set; `w`, `r` or `b`; trailing fields optional).
    fen: String,
    /// Print the canonical FEN with WXF letters (R H E A K C P) instead of R N B A K C P.
    #[arg(long)]
    wxf: bool,
}

/// Prints the canonical FEN, the board, and whether the side to move is in check, mated or
/// stalemated (a side with no legal move loses).
pub fn run(args: &FenArgs) -> miette::Result<()> {
    let pos = Position::from_fen(&args.fen)?;
    let fen = if args.wxf {
        pos.to_fen_wxf()
    } else {
        pos.to_fen()
    };
    outln!("{fen}");
    out!("{}", text_board(&pos));
    let moves = pos.legal_moves().len();
    let status = if pos.is_checkmate() {
        format!("{} is checkmated and loses", pos.turn())
    } else if moves == 0 {
        format!("{} has no legal move and loses", pos.turn())
    } else if pos.is_check() {
        format!("{} is in check, {moves} legal moves", pos.turn())
    } else {
        format!("{moves} legal moves")
    };
    outln!("{status}");
    Ok(())
}
