//! End-to-end judgements: FEN + moves → facts → verdict, under `tests/rules/basic.rules`.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::load_rules;
use xqlaw::{Move, Position};
use xqlaw::{Play, Verdict, judge};

mod common;

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

#[test]
fn perpetual_check_loses() {
    let rules = load_rules(Path::new("tests/rules/basic.rules")).unwrap();
    let start = position(common::HINH_1);
    let play = Play::new(start, moves("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9"));
    let j = judge(&rules, &play).unwrap();
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    insta::assert_snapshot!(j.explain());
}
