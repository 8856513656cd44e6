//! Rulings of the 1999 law checked by behaviour: small legal positions judged by
//! `rules/vn-1999.rules`, each asserting the verdict, the ruling the law's sentence puts in
//! force, and that this ruling alone carries the verdict (the verdict stands when every other
//! forbidding ruling in force is silenced). Twin positions differ in the one thing the
//! sentence speaks of, so a misread fact flips the verdict.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::compile::{CompiledRules, load_rules};
use xqlaw::eval::{Judgement, Verdict, judge};
use xqlaw::syntax::ast::Outcome;
use xqlaw::xiangqi::{Color, Move, Position};

mod positions;
use positions::{FREE_GUARD, PINNED_GUARD, SHUTTLE};

fn law() -> CompiledRules {
    load_rules(Path::new("rules/vn-1999.rules")).unwrap()
}

fn judged(rules: &CompiledRules, fen: &str, line: &str) -> Judgement {
    let start = Position::from_fen(fen).unwrap();
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    judge(rules, &start, &moves).unwrap()
}

/// The rulings in force for `side`.
fn in_force(j: &Judgement, side: Color) -> Vec<&str> {
    j.side(side).in_force().collect()
}

/// Asserts that `ruling` is in force for `side` and carries the verdict alone: with every
/// other ruling of the same outcome that is in force for that side silenced, the verdict
/// stays.
fn assert_carries(rules: &CompiledRules, fen: &str, line: &str, side: Color, ruling: &str) {
    let j = judged(rules, fen, line);
    let ours = in_force(&j, side);
    assert!(
        ours.contains(&ruling),
        "{ruling} not in force\n{}",
        j.explain()
    );
    let outcome = rules.ruling(ruling).unwrap().outcome;
    let others: Vec<&str> = j
        .side(side)
        .fired
        .iter()
        .filter(|f| f.in_force() && f.outcome == outcome && f.id != ruling)
        .map(|f| f.id.as_str())
        .collect();
    let alone = judged(&rules.silencing(&others), fen, line);
    assert_eq!(
        alone.verdict(),
        j.verdict(),
        "{ruling} alone does not carry the verdict\n{}",
        alone.explain()
    );
}

/// Điều 22.16 and Điều 23 point 6, "bắt mãi quân có căn giả thì xử thua": the rook chases a
/// cannon whose only guard is pinned to its king. Red loses.
#[test]
fn chasing_a_falsely_protected_piece_loses() {
    let law = law();
    let j = judged(&law, PINNED_GUARD, SHUTTLE);
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    assert_eq!(j.red.outcome, Outcome::Forbidden);
    assert_eq!(j.black.outcome, Outcome::Allowed);
    let chase = j
        .red
        .fired
        .iter()
        .find(|f| f.id == "falsely-protected-target")
        .unwrap();
    assert_eq!(chase.target.as_deref(), Some("black cannon f7"));
    assert_carries(
        &law,
        PINNED_GUARD,
        SHUTTLE,
        Color::Red,
        "falsely-protected-target",
    );
}

/// Điều 23 point 6, "Đuổi bắt mãi quân có căn thật thì xử hòa": the same chase with the pin
/// shut out, so the guard really protects. A draw, by the permission for really protected
/// targets; no forbidding ruling fires for Red.
#[test]
fn chasing_a_really_protected_piece_is_a_draw() {
    let law = law();
    let j = judged(&law, FREE_GUARD, SHUTTLE);
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
    assert_eq!(j.red.outcome, Outcome::Allowed);
    assert!(in_force(&j, Color::Red).contains(&"protected-target"));
    assert!(
        j.red.fired.iter().all(|f| f.outcome == Outcome::Allowed),
        "{}",
        j.explain()
    );
}
