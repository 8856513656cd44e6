//! Snapshots of move text errors as the command line renders them (no colour): the message,
//! the underlined part and the suggested moves.

#![expect(clippy::unwrap_used, reason = "test code fails loudly")]

use miette::Diagnostic;
use xqlaw::Position;
use xqlaw::notation::{Notation, parse_line, parse_move};
use xqlaw::report::{plain, render_with};

const LAW_FEN: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
const TANDEM_FEN: &str = "3k5/9/9/4P4/2P1P4/2P1P4/9/9/9/5K3 w - - 0 1";
const PINNED_FEN: &str = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";

fn render(d: &dyn Diagnostic) -> String {
    render_with(d, &plain().with_width(100))
}

fn move_error(fen: &str, text: &str, notation: Notation) -> String {
    let pos = Position::from_fen(fen).unwrap();
    render(&parse_move(&pos, text, notation).unwrap_err())
}

#[test]
fn move_errors() {
    let start = xqlaw::START_FEN;
    let cases = [
        (start, "P2,5", Notation::Vietnamese),
        (start, "炮二走五", Notation::Chinese),
        (start, "X2.1", Notation::Vietnamese),
        (start, "Xt.1", Notation::Vietnamese),
        (start, "a9a8", Notation::Iccs),
        (start, "R9+4", Notation::Wxf),
        (start, "马二进四", Notation::Chinese),
        (start, "M2.5", Notation::Vietnamese),
        (TANDEM_FEN, "Bt.1", Notation::Vietnamese),
        (TANDEM_FEN, "+P+1", Notation::Wxf),
        (PINNED_FEN, "R5=9", Notation::Wxf),
    ];
    let rendered: Vec<String> = cases
        .iter()
        .map(|&(fen, text, n)| format!("{n} {text}\n{}", move_error(fen, text, n)))
        .collect();
    insta::assert_snapshot!(rendered.join("\n"));
}

#[test]
fn line_error() {
    let pos = Position::from_fen(LAW_FEN).unwrap();
    let line = ["X2.1", "Tg6.1", "X2/1", "Tg4/1"];
    let err = parse_line(&pos, &line, Notation::Vietnamese).unwrap_err();
    insta::assert_snapshot!(render(&err));
}
