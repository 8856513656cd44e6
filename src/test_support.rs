//! What the crate's unit tests share: the law, and the positions and spec files they judge.
//! (The integration tests under `tests/` share `tests/common/`.)

use crate::compile::{CompiledRules, compile_str};

/// Hình 1 of the law: the white rook checks from h9 and h8 in turn.
pub(crate) const HINH_1: &str = "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w";

/// The 1999 law, compiled from the text built into the test binary.
pub(crate) fn law() -> CompiledRules {
    compile_str("vn-1999.rules", include_str!("../rules/vn-1999.rules")).unwrap()
}
