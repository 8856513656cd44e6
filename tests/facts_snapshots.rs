//! Snapshots of the facts of law diagrams whose commentary names the facts.
//!
//! Each snapshot was read against the diagram's commentary when it was accepted:
//! - Hình 13: White's rook alternates checks with threats on the unprotected black cannon
//!   ("một nước chiếu hoặc nhiều nước chiếu bắt quân"): checks on plies 1, 5, 9, 13, 15, threats
//!   on plies 3, 7, 11; the cannon is never threatened on two White moves running.
//! - Hình 19: the cannon threatens the rook on every White move; the rook is protected on one
//!   move and threatens the White cannon on the other ("một nước có căn, một nước lại bắt Pháo").
//! - Hình 45: the White horse newly threatens the rook on every move; the rook threatens the
//!   horse back on every other move ("hai bắt, một bắt lại").
//! - Hình 54: the black cannon, held to its rank, is unprotected on h9 and really protected on
//!   g9 ("có một nước có căn").
//! - Hình 56: the White cannon's threat on the unprotected black horse is renewed by changing
//!   its screen with the pawn ("thay đổi ngòi").
//! - Hình 66: the black rook, held to its rank, is protected on one square and not on the
//!   other ("một nước có căn, một nước không căn").

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::facts::{Settings, compute, render_table};
use xqlaw::spec::SpecFile;
use xqlaw::xiangqi::Position;
use xqlaw::xiangqi::notation::{Notation, write_line};

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
