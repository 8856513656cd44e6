//! A line of moves in each notation from the start position: legal moves or an error naming
//! the move, and what is read writes back to the same moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xqlaw::Position;
use xqlaw::notation::{Notation, parse_text, write_line};

fuzz_target!(|text: &str| {
    let start = Position::from_fen(xqlaw::START_FEN).expect("the start position");
    for notation in Notation::ALL {
        if let Ok(moves) = parse_text(&start, text, notation) {
            let written = write_line(&start, &moves, notation).join(" ");
            let again = parse_text(&start, &written, notation).expect("written moves read back");
            assert_eq!(again, moves);
        }
    }
});
