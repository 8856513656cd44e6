//! Small legal positions shared by the tests of facts, of rulings and of the rule language,
//! each with the play it was made for. Not every test file uses every position.
#![allow(dead_code, reason = "each test file uses some of the positions")]

/// The black cannon shuttles between d7 and f7 and the white rook follows it; the advisor on
/// e8 guards both squares. With a white rook on e1 the advisor is pinned to its king and can
/// not take back ("căn giả", Điều 22.16); the black rook on a8 keeps that rook from mating.
pub const PINNED_GUARD: &str = "4k4/r3a4/3c5/9/9/9/9/5R3/4R4/4K4 w";
/// The same, with the pin shut out by a white pawn on e5: the advisor can take back ("căn
/// thật", Điều 22.15).
pub const FREE_GUARD: &str = "4k4/r3a4/3c5/9/4P4/9/9/5R3/4R4/4K4 w";
/// The shuttle: four moves each, and the position repeats.
pub const SHUTTLE: &str = "f2d2 d7f7 d2f2 f7d7 f2d2 d7f7 d2f2 f7d7";
