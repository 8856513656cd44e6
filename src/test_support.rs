//! What the crate's unit tests share: the law, a toy rule set and spec file, and the small
//! helpers that read a position, a square or a move. (The integration tests under `tests/`
//! share `tests/common/`.)

use crate::compile::{CompiledRules, compile_str};
use crate::xiangqi::{Move, Position, Square};

/// Hình 1 of the law: the white rook checks from h9 and h8 in turn.
pub(crate) const HINH_1: &str = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";

/// The 1999 law, compiled from the text built into the test binary.
pub(crate) fn law() -> CompiledRules {
    compile_str("vn-1999.rules", include_str!("../rules/vn-1999.rules")).unwrap()
}

/// A toy spec file on Hình 1's position: the white rook checks from h9 and h8 in turn and the
/// black king steps aside and back, so the position repeats.
pub(crate) const TOY_SPEC: &str = "id: toy-01\ntitle: Toy\narticle: '1'\narticle_text: t\n\
    fen: c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w\nfen_text: x\n\
    moves:\n- h8h9\n- f9f8\n- h9h8\n- f8f9\nmoves_text: []\n";

/// A toy rule set, `toy`: perpetual check loses.
pub(crate) const TOY_RULES: &str = "rules toy\n\
    ruling perpetual-check when every move check → forbidden\n\
    verdict\n    side forbidden → side loses\n    otherwise → draw\n";

/// The position of a FEN.
pub(crate) fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// A square, `e4`.
pub(crate) fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A move in ICCS, `h2e2`.
pub(crate) fn mv(s: &str) -> Move {
    s.parse().unwrap()
}
