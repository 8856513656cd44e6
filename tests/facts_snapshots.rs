//! Snapshots of the facts of law diagrams whose commentary names the facts.
//!
//! Each snapshot was read against the diagram's commentary when it was accepted:
//! - Hình 13 ("một nước chiếu hoặc nhiều nước chiếu bắt quân", "Pháo Đen tuy không có căn"):
//!   White's rook checks on plies 1, 5, 9, 13 and 15 and newly threatens the unprotected black
//!   cannon on plies 3, 7 and 11, never on two White moves running.
//! - Hình 19 ("Xe này một nước có căn, một nước lại bắt Pháo Trắng"): the cannon newly
//!   threatens the rook on every White move; the rook, really protected on d3, newly threatens
//!   the unprotected White cannon c1 from d1.
//! - Hình 45 ("hai bắt, một bắt lại"): the horse newly threatens the rook on every White move
//!   (protected on e5, unprotected on e6; a horse on a rook counts either way); the rook newly
//!   threatens the unprotected horse on g6 on every other Black move.
//! - Hình 54 ("Pháo Đen tuy bị giam, nhưng vì có một nước có căn"): the black cannon, held to
//!   its rank (target-confined: it cannot legally leave that rank, and the attacking cannon
//!   stands off it), is unprotected on h9 and really protected on g9 (by the elephant on e7).
//! - Hình 56 ("Mã Đen không căn, Pháo Trắng thay đổi ngòi"): the cannon on h2 newly threatens
//!   the unprotected horse on h9 on every White move, through the pawn or through the black
//!   cannon that blocks, as the pawn shifts the screen.
//! - Hình 66 ("Xe Đen đi một nước có căn, một nước không căn"): the black rook, held to its
//!   rank (target-confined), is unprotected on h9 and really protected on g9 (by the elephant on
//!   e7); its own moves along the rank are along the line it is confined to
//!   (attacker-confined-to-move-line).

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::Position;
use xqlaw::facts::{Settings, compute, render_table};
use xqlaw::notation::{Notation, write_line};
use xqlaw::spec::SpecFile;

fn table(id: &str) -> String {
    let path = Path::new("spec-tests/vn-1999").join(format!("{id}.yaml"));
    let spec = SpecFile::load(&path).unwrap();
    let start = Position::from_fen(&spec.fen).unwrap();
    let moves: Vec<_> = spec.moves.iter().map(|m| m.parse().unwrap()).collect();
    let facts = compute(&start, &moves, &Settings::default()).unwrap();
    let texts = write_line(&start, &moves, Notation::Vietnamese);
    format!("{}\n{}", spec.fen, render_table(&facts, &texts))
}

macro_rules! snapshot {
    ($name:ident, $id:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!($id, table($id));
        }
    };
}

snapshot!(hinh_13, "hinh-13");
snapshot!(hinh_19, "hinh-19");
snapshot!(hinh_45, "hinh-45");
snapshot!(hinh_54, "hinh-54");
snapshot!(hinh_56, "hinh-56");
snapshot!(hinh_66, "hinh-66");

#[test]
fn every_law_diagram_has_facts() {
    let mut count = 0;
    for entry in std::fs::read_dir("spec-tests/vn-1999").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            let spec = SpecFile::load(&path).unwrap();
            let start = Position::from_fen(&spec.fen).unwrap();
            let moves: Vec<_> = spec.moves.iter().map(|m| m.parse().unwrap()).collect();
            let facts = compute(&start, &moves, &Settings::default()).unwrap();
            assert_eq!(facts.plies.len(), moves.len(), "{}", path.display());
            count += 1;
        }
    }
    assert_eq!(count, 80);
}
