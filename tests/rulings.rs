//! Rulings of the 1999 law checked by behaviour: small legal positions judged by
//! `rules/vn-1999.rules`, each asserting the verdict, the ruling the law's sentence puts in
//! force, and that this ruling alone carries the verdict (the verdict stands when every other
//! forbidding ruling in force is silenced). Twin positions differ in the one thing the
//! sentence speaks of, so a misread fact flips the verdict. Where the law's words admit two
//! readings, a test makes the other reading's edit to the rule file's text alone (one term)
//! and asserts that the verdicts follow.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::Outcome;
use xqlaw::{Color, Move, Position};
use xqlaw::{CompiledRules, compile_str, load_rules};
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
    assert_eq!(
        chase.target.map(|t| t.to_string()).as_deref(),
        Some("black cannon f7")
    );
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

/// The law's text with `old` (which must stand in it once) replaced by `new`: a committee's
/// edit of the rule file alone.
fn amended(old: &str, new: &str) -> CompiledRules {
    let text = std::fs::read_to_string("rules/vn-1999.rules").unwrap();
    assert_eq!(text.matches(old).count(), 1, "{old}");
    compile_str("vn-1999", &text.replace(old, new)).unwrap()
}

/// The term `held` as the rule file writes it, and as a committee that reads "bị giam" as kept
/// on the line by what leaving it costs (a piece it shields lost, weighed against the capture)
/// writes it instead.
const HELD_AS_PINNED: &str =
    "= target(rook, cannon, pawn) and target-confined and not target-can-capture-attacker";
const HELD_AS_KEPT_BY_COST: &str =
    "= target(rook, cannon, pawn) and (target-confined or target-shields)
      and (not target-can-capture-attacker or target-capture-loses)";

/// The term `held-rook-moving`, as written and as that committee writes it.
const MOVING_AS_PINNED: &str =
    "= attacker(rook) and attacker-confined-to-move-line and attacker-pinned-by(cannon)";
const MOVING_AS_KEPT_BY_COST: &str =
    "= attacker(rook) and (attacker-confined-to-move-line or attacker-shields-move-line)";

/// Điều 24.20 and 24.23, "bị giam không ăn được quân", "Xe bị Pháo giam không thể rời tuyến
/// được": the red rook follows a black rook up and down its file. On e9 the black king makes
/// the rook one of the two screens between the red cannon on e1 and the king: it cannot leave
/// its file, so it cannot take the red rook, and Red chases a held rook (Red loses). With the
/// king on d9 nothing holds the rook: it could take the red rook for nothing, and each attack
/// is a perpetual sacrifice (a draw).
#[test]
fn a_rook_held_by_a_cannon_may_not_be_chased_and_a_free_one_is_offered_a_sacrifice() {
    const HELD: &str = "4k4/4a4/9/4r4/R8/9/9/9/4C4/5K3 w";
    const FREE: &str = "3k5/4a4/9/4r4/R8/9/9/9/4C4/5K3 w";
    const LINE: &str = "a5a6 e6e5 a6a5 e5e6 a5a6 e6e5 a6a5 e5e6";
    let law = law();
    let held = judged(&law, HELD, LINE);
    assert_eq!(held.verdict(), Verdict::RedLoses, "{}", held.explain());
    assert!(in_force(&held, Color::Red).contains(&"same-kind-chase"));
    assert!(in_force(&held, Color::Red).contains(&"rook-on-held-rook"));
    let free = judged(&law, FREE, LINE);
    assert_eq!(free.verdict(), Verdict::Draw, "{}", free.explain());
    assert!(in_force(&free, Color::Red).contains(&"same-kind-sacrifice"));
}

/// The audit's two-line experiment: a committee that reads "bị giam" differently edits the one
/// term `held` in the rule file, and the verdicts follow. The published WXF example of
/// D100–103 (line 637) offers a red rook to a black rook that could legally take it, though
/// its taking is met by mate: not held as the rule file reads it (a draw, the published
/// verdict); held when leaving its line is weighed by its cost (Red chases it and loses).
#[test]
fn reading_held_differently_is_an_edit_of_one_term() {
    const FEN: &str = "2bk5/3c5/4bN3/1R2p4/9/9/3r5/3R1p3/3K5/9 w";
    const LINE: &str = "b6b3 d3d4 b3b4 d4d3 b4b3 d3d4 b3b4";
    let as_written = judged(&law(), FEN, LINE);
    assert_eq!(
        as_written.verdict(),
        Verdict::Draw,
        "{}",
        as_written.explain()
    );
    let by_cost = judged(&amended(HELD_AS_PINNED, HELD_AS_KEPT_BY_COST), FEN, LINE);
    assert_eq!(
        by_cost.verdict(),
        Verdict::RedLoses,
        "{}",
        by_cost.explain()
    );
    assert!(in_force(&by_cost, Color::Red).contains(&"same-kind-chase"));
}

/// Điều 24.23's first clause, under the two readings of "bị giam": the black rook on the
/// e-file shields the black rook on e8 from the red cannon on e1, so leaving the file would
/// cost a rook, but nothing pins it. It steps along the file, each step attacking the
/// unguarded red cannon on the a-file anew. As the rule file reads "held" (it cannot legally
/// leave its line) the rook is free and chases: Black loses. A committee that reads "held" as
/// kept by what leaving costs edits `held-rook-moving` (and `held`) and gets a draw. (This
/// position was the constructed case `held-rook-moving`, made for that reading and retired
/// when the rule file took the other; `held-rook-moving-on-its-line` shows the sentence under
/// the reading the rule file takes.)
#[test]
fn a_rook_kept_on_its_file_only_by_what_it_shields_chases_unless_held_is_read_so() {
    const FEN: &str = "3k2b2/4r4/4b4/9/9/C3r4/9/9/4C4/3AKA3 w";
    const LINE: &str = "a4a5 e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4";
    let as_written = judged(&law(), FEN, LINE);
    assert_eq!(
        as_written.verdict(),
        Verdict::BlackLoses,
        "{}",
        as_written.explain()
    );
    let text = std::fs::read_to_string("rules/vn-1999.rules").unwrap();
    let edited = text
        .replace(HELD_AS_PINNED, HELD_AS_KEPT_BY_COST)
        .replace(MOVING_AS_PINNED, MOVING_AS_KEPT_BY_COST);
    let by_cost = compile_str("vn-1999", &edited).unwrap();
    let j = judged(&by_cost, FEN, LINE);
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
}

/// Điều 24.23's first clause as the rule file reads "held" (the rook cannot legally leave its
/// line): with the black king on e9 the black rook and the advisor on e8 are the two screens
/// between the red cannon on e1 and the king, so the rook is held; its steps along the e-file
/// line up on the unguarded red cannon on the a-file but threaten nothing (it cannot legally
/// take off its file): a draw, the constructed case `held-rook-moving-on-its-line`. With the
/// king on d9 nothing holds the rook, and the same steps chase an unprotected cannon: Black
/// loses.
#[test]
fn a_rook_held_by_a_cannon_steps_along_its_line_without_chasing_and_a_free_one_chases() {
    const HELD: &str = "4k4/4a4/9/9/9/C3r4/9/9/4C4/3AKA3 w";
    const FREE: &str = "3k5/4a4/9/9/9/C3r4/9/9/4C4/3AKA3 w";
    const LINE: &str = "a4a5 e4e5 a5a4 e5e4 a4a5 e4e5 a5a4 e5e4";
    let law = law();
    let held = judged(&law, HELD, LINE);
    assert_eq!(held.verdict(), Verdict::Draw, "{}", held.explain());
    // The rook's only capture is of the cannon that holds it, along its file, all along.
    assert!(
        held.plies
            .iter()
            .skip(1)
            .step_by(2)
            .flat_map(|p| &p.threats)
            .all(|t| !t.new && t.target.to_string() == "red cannon e1"),
        "{}",
        held.explain()
    );
    let free = judged(&law, FREE, LINE);
    assert_eq!(free.verdict(), Verdict::BlackLoses, "{}", free.explain());
    assert_carries(&law, FREE, LINE, Color::Black, "unprotected-target");
}

/// Điều 23 point 10, "dọa hết mãi chiếu rút bắt quân đều cho phép" (AXF rule 38): the red rook
/// steps up and down the e-file, each step attacking the unguarded black cannon on the a-file
/// anew. With the red cannon on e0 behind it (the red pawn on e7 the other screen), taking the
/// cannon would uncover check: a threat to check and capture, allowed, a draw. Without that
/// cannon the same steps chase an unprotected piece, and Red loses.
#[test]
fn a_perpetual_threat_to_check_and_capture_is_no_chase() {
    const DISCOVERS: &str = "4k4/8r/4P4/9/9/c8/4R4/9/9/3KC4 w";
    const PLAIN: &str = "4k4/8r/4P4/9/9/c8/4R4/9/9/3K5 w";
    const LINE: &str = "e3e4 a4a3 e4e3 a3a4 e3e4 a4a3 e4e3 a3a4";
    let law = law();
    let j = judged(&law, DISCOVERS, LINE);
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
    assert!(
        j.plies
            .iter()
            .step_by(2)
            .all(|p| p.terms.iter().any(|t| t == "threatening-check-and-capture")),
        "{}",
        j.explain()
    );
    assert_eq!(j.red.outcome, Outcome::Allowed);
    let plain = judged(&law, PLAIN, LINE);
    assert_eq!(plain.verdict(), Verdict::RedLoses, "{}", plain.explain());
    assert_carries(&law, PLAIN, LINE, Color::Red, "unprotected-target");
}

/// Điều 23 point 8, "Đuổi bắt hai nước nhưng trong đó có một nước thực chất là đổi quân mà đối
/// phương không chịu thì vẫn coi là bắt mãi", with the exchange offered by another piece (Điều
/// 22.5: an exchange of any pieces): the red horse attacks the black rook from h7 (a chase:
/// a horse on a rook), then steps off the rank and uncovers the red rook on e7, which the pawn
/// on e6 guards: an offer to exchange rooks, declined as the black rook steps back. Red loses.
/// Without the pawn the red rook is offered for nothing, a sacrifice, not an exchange: one
/// chase and one other move, a draw (Điều 24.10).
#[test]
fn a_chase_with_a_declined_exchange_offered_by_another_piece_is_a_chase() {
    const GUARDED: &str = "3k5/9/4R2Hr/4P4/9/9/9/9/9/4K4 w";
    const BARE: &str = "3k5/9/4R2Hr/9/9/9/9/9/9/4K4 w";
    const LINE: &str = "h7g5 i7i9 g5h7 i9i7 h7g5 i7i9 g5h7 i9i7";
    let law = law();
    let j = judged(&law, GUARDED, LINE);
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    assert!(in_force(&j, Color::Red).contains(&"chase-with-exchange"));
    let bare = judged(&law, BARE, LINE);
    assert_eq!(bare.verdict(), Verdict::Draw, "{}", bare.explain());
    assert!(in_force(&bare, Color::Red).contains(&"chase-and-other"));
}

/// Điều 22.7, "Đi quân cho đối phương bắt để đổi lại một lợi thế khác hoặc chiếu hết": the rule
/// file reads the purpose as the mover's reason and counts every offer of a piece that cannot
/// be taken back (Hình 52's rook offered to a rook is "thí mãi", Điều 24.20). A committee that
/// makes the purpose a condition (taking it must win the taker nothing) edits the one term,
/// and Hình 52's offers, which a rook takes for nothing, are no sacrifice.
#[test]
fn reading_the_purpose_of_a_sacrifice_as_a_condition_is_an_edit_of_one_term() {
    let spec = xqlaw::SpecFile::load(Path::new("spec-tests/vn-1999/hinh-52.yaml")).unwrap();
    let line = spec.moves.join(" ");
    let fen = spec.fen.as_str();
    let sacrifices = |rules: &CompiledRules| {
        judged(rules, fen, &line)
            .plies
            .iter()
            .filter(|p| p.mover == "red" && p.terms.iter().any(|t| t == "sacrificing"))
            .count()
    };
    assert!(sacrifices(&law()) > 0);
    let narrow = amended(
        "= moved-attacked and not moved-really-protected\n",
        "= moved-attacked and not moved-really-protected and not moved-capture-wins\n",
    );
    assert_eq!(sacrifices(&narrow), 0);
}
