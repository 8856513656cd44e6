//! A FEN: a position that writes back to a FEN it reads again identically, or an error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use xqlaw::Position;

fuzz_target!(|text: &str| {
    if let Ok(pos) = Position::from_fen(text) {
        let again = Position::from_fen(&pos.to_fen()).expect("canonical FEN reads back");
        assert_eq!(again.to_fen(), pos.to_fen());
    }
});
