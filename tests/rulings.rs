//! Rulings of the 1999 law checked by behaviour: small legal positions judged by
//! `rules/vn-1999.rules`, each asserting the verdict, the ruling the law's sentence puts in
//! force, and that this ruling alone carries the verdict (the verdict stands when every other
//! forbidding ruling in force is silenced). Twin positions differ in the one thing the
//! sentence speaks of, so a misread fact flips the verdict.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::Outcome;
use xqlaw::compile::{CompiledRules, load_rules};
use xqlaw::xiangqi::{Color, Move, Position};
use xqlaw::{Judgement, Play, Verdict, judge};

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
    judge(rules, &Play::new(start, moves)).unwrap()
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
/// shut out, so the guard really protects. A draw: the sentence's one home, the term
/// `counts-as-unprotected`, keeps a really protected target out of every chase, so no
/// forbidding ruling fires for Red.
#[test]
fn chasing_a_really_protected_piece_is_a_draw() {
    let law = law();
    let j = judged(&law, FREE_GUARD, SHUTTLE);
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
    assert_eq!(j.red.outcome, Outcome::Allowed);
    assert!(j.explain().contains("really-rooted"), "{}", j.explain());
    assert!(
        j.red.fired.iter().all(|f| f.outcome == Outcome::Allowed),
        "{}",
        j.explain()
    );
}

/// Điều 23 point 6, "Nhưng quân Mã hoặc quân Pháo nếu đuổi bắt mãi quân Xe có căn thật cũng
/// bị xử thua": the white cannon follows the black rook from file to file through its screens
/// (an elephant on c4, a horse on g4), and the horse on e8 really protects the rook on both
/// squares. A rook chasing a really protected piece draws (above); a cannon chasing a rook so
/// loses.
#[test]
fn a_cannon_chasing_a_really_protected_rook_loses() {
    const FEN: &str = "4k4/4h4/2r6/9/9/2E3H2/4P4/4E4/6C2/4K4 w";
    const LINE: &str = "g1c1 c7g7 c1g1 g7c7 g1c1 c7g7 c1g1 g7c7";
    let law = law();
    let j = judged(&law, FEN, LINE);
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    assert!(in_force(&j, Color::Red).contains(&"horse-or-cannon-on-rook"));
    assert_carries(&law, FEN, LINE, Color::Red, "horse-or-cannon-on-rook");
}

/// Điều 24.27, "Xe không được bắt mãi Tốt đã qua sông": the rook follows a crossed pawn that
/// steps from file to file.
#[test]
fn a_rook_chasing_a_crossed_pawn_loses() {
    const FEN: &str = "4k4/4a4/9/9/9/9/3p5/9/4R4/4K4 w";
    const LINE: &str = "e1d1 d3e3 d1e1 e3d3 e1d1 d3e3 d1e1 e3d3";
    let law = law();
    let j = judged(&law, FEN, LINE);
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    assert_carries(&law, FEN, LINE, Color::Red, "rook-on-crossed-pawn");
}

/// Điều 23 point 7, "nếu quân ấy bị ghim không dịch chuyển được thì vẫn coi là bắt mãi": the
/// advisor on e8 is really protected by the other advisor, and the two white horses take turns
/// attacking it as the cannon between them moves from one horse's leg to the other's. Pinned to
/// its king by the rook on e1, it cannot move: a perpetual chase, Red loses. With the pin shut
/// out by a white pawn on e5, it is a really protected piece attacked perpetually: a draw.
#[test]
fn a_pinned_piece_counts_as_chased_although_it_is_really_protected() {
    const PINNED: &str = "3ak4/4a4/2HC2H2/9/9/9/7r1/9/4R4/4K4 w";
    const FREE: &str = "3ak4/4a4/2HC2H2/9/4P4/9/7r1/9/4R4/4K4 w";
    const LINE: &str = "d7f7 h3i3 f7d7 i3h3 d7f7 h3i3 f7d7 i3h3";
    let law = law();
    let pinned = judged(&law, PINNED, LINE);
    assert_eq!(pinned.verdict(), Verdict::RedLoses, "{}", pinned.explain());
    assert_carries(&law, PINNED, LINE, Color::Red, "pinned-target");
    let free = judged(&law, FREE, LINE);
    assert_eq!(free.verdict(), Verdict::Draw, "{}", free.explain());
    assert_eq!(free.red.outcome, Outcome::Allowed);
    assert!(
        free.red.fired.iter().all(|f| f.outcome == Outcome::Allowed),
        "{}",
        free.explain()
    );
}
