//! The full explanation of a judgement in the law's language, each line's English as its gloss:
//! what [`Judgement::explain`] says (the command line's text, English), for the readers of the
//! law. The pieces are written as the law writes them (`Mã Đen g6`), the rulings by their
//! Vietnamese names; terms, patterns and verdict rows stay as the rule file writes them.

use std::fmt::{self, Write as _};

use super::page::{outcome_vi, repetition_vi, ruling_label, side_vi, verdict};
use crate::compile::CompiledRules;
use crate::eval::{FiredRuling, Judgement, SideJudgement};
use crate::facts::LostProtector;
use crate::vocab::Outcome;

/// Why a play that repeats nothing gets no verdict, in the law's words, with the English
/// gloss (the explanation's `NO_REPETITION`).
const NO_REPETITION_VI: &str = "Không quy tắc nào được xét (no ruling is tried): luật chỉ xử \
các nước lặp lại, \"lặp đi lặp lại nhiều lần không thay đổi\" (Điều 22.11), \"đi cờ luân phiên \
nguyên trạng\" (Điều 24.2), mà không thế cờ nào của các nước này đứng hai lần (the law judges \
repeated play only, and no position of these moves stands twice).";

/// The full explanation of `j`, judged by `rules`, Vietnamese first with the English gloss.
pub fn explanation_vi(rules: &CompiledRules, j: &Judgement) -> String {
    let mut out = String::new();
    let _ = write_explanation(&mut out, rules, j);
    out
}

fn write_explanation(out: &mut String, rules: &CompiledRules, j: &Judgement) -> fmt::Result {
    match &j.title {
        Some(t) => writeln!(out, "Bộ luật (rule set) {} — {t}", j.rules)?,
        None => writeln!(out, "Bộ luật (rule set) {}", j.rules)?,
    }
    writeln!(out, "Phán quyết (verdict): {}", verdict(Some(j.verdict)))?;
    writeln!(
        out,
        "Lặp lại (repetition): {}",
        repetition_vi(&j.repetition)
    )?;
    writeln!(out)?;
    writeln!(out, "Các nước (moves):")?;
    for p in &j.plies {
        writeln!(
            out,
            "  nước {}, {} {}: {}",
            p.ply,
            p.piece.name_vi(),
            p.motion(),
            p.terms_or_dash()
        )?;
        for t in p.threats_said() {
            writeln!(
                out,
                "      {} trên (on) {}, bởi (by) {}",
                t.terms.join(", "),
                t.target.vi(),
                t.attacker.vi()
            )?;
            if let Some(lost) = t.losses_said(loss_vi) {
                writeln!(
                    out,
                    "        quân bảo vệ bị mất (protection taken away): {lost}"
                )?;
            }
        }
    }
    if !j.repetition.judged() {
        writeln!(out)?;
        writeln!(out, "{NO_REPETITION_VI}")?;
        return Ok(());
    }
    for side in [&j.red, &j.black] {
        writeln!(out)?;
        write_side(out, rules, side)?;
    }
    writeln!(out)?;
    match &j.row {
        Some(row) => writeln!(
            out,
            "Hàng {} của bảng phán quyết (verdict row {}), side = {}: {} ⇒ {}",
            row.row,
            row.row,
            row.side,
            row.text,
            verdict(Some(j.verdict))
        ),
        None => writeln!(
            out,
            "Không hàng nào của bảng phán quyết khớp (no verdict row matched) ⇒ {}",
            verdict(Some(j.verdict))
        ),
    }
}

/// A ruling by its Vietnamese name with its id, or by its id alone when it has no name.
fn named(rules: &CompiledRules, id: &str) -> String {
    let label = ruling_label(rules, id);
    if label == id {
        format!("`{id}`")
    } else {
        format!("{label} (`{id}`)")
    }
}

fn write_side(out: &mut String, rules: &CompiledRules, s: &SideJudgement) -> fmt::Result {
    writeln!(
        out,
        "{}, {} nước (moves): {}",
        side_vi(s),
        s.moves,
        outcome_vi(s.outcome)
    )?;
    if s.fired.is_empty() {
        writeln!(out, "  không quy tắc nào áp dụng (no ruling fired)")?;
    }
    for f in &s.fired {
        write_fired(out, rules, f)?;
    }
    Ok(())
}

fn write_fired(out: &mut String, rules: &CompiledRules, f: &FiredRuling) -> fmt::Result {
    let article = f
        .article
        .as_ref()
        .map(|a| format!(" ({a})"))
        .unwrap_or_default();
    let status = if f.in_force() {
        "có hiệu lực (in force)".to_owned()
    } else {
        let by: Vec<String> = f.overridden_by.iter().map(|id| named(rules, id)).collect();
        format!("bị gạt bỏ bởi (set aside by) {}", by.join(", "))
    };
    let mark = match (f.in_force(), f.outcome) {
        (false, _) => "·",
        (true, Outcome::Forbidden) => "✗",
        (true, Outcome::Allowed) => "✓",
    };
    writeln!(
        out,
        "  {mark} {}{article} → {}, {status}",
        named(rules, &f.id),
        outcome_vi(f.outcome)
    )?;
    writeln!(out, "      khi (when) {}", f.when)?;
    if let Some(t) = &f.target {
        match &f.attacker {
            Some(a) => writeln!(
                out,
                "      quân bị bắt (target): {}, quân bắt (attacker): {}",
                t.vi(),
                a.vi()
            )?,
            None => writeln!(out, "      quân bị bắt (target): {}", t.vi())?,
        }
    }
    if let Some(q) = &f.quote {
        writeln!(out, "      “{q}”")?;
    }
    if let Some(p) = &f.provisional {
        writeln!(out, "      cách hiểu tạm (provisional reading): {p}")?;
    }
    Ok(())
}

/// A protector the move cut off, as the law writes it: `Xe Đen d7: bị ghim (pinned)`, and
/// `đỡ (parry)` when the cut also ended the protector's own attack.
fn loss_vi(lost: &LostProtector) -> String {
    let parry = if lost.parry { ", đỡ (parry)" } else { "" };
    format!(
        "{}: {} ({}){parry}",
        lost.protector.vi(),
        lost.how.name_vi(),
        lost.how.name()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{HINH_1, law};
    use crate::{Notation, read_play};

    fn explained(moves: &[&str]) -> (String, String) {
        let rules = law();
        let play = read_play(HINH_1, moves, Notation::Iccs).unwrap();
        let j = crate::eval::judge(&rules, &play).unwrap();
        (explanation_vi(&rules, &j), j.explain())
    }

    #[test]
    fn a_protector_cut_off_is_named_as_the_law_writes_it() {
        // Hình 12: the cannon to e5 pins the elephant e7 that protected the elephant c9.
        let rules = law();
        let fen = "2bak3r/2R1a2C1/2R1b4/2N2P3/5C2p/9/9/4p4/4p2p1/5K3 w - - 0 1";
        let play = read_play(fen, &["f5e5", "e9f9", "e5f5", "f9e9"], Notation::Iccs).unwrap();
        let j = crate::eval::judge(&rules, &play).unwrap();
        let vi = explanation_vi(&rules, &j);
        assert!(
            vi.contains(
                "quân bảo vệ bị mất (protection taken away): Tượng Đen e7: bị ghim (pinned)"
            ),
            "{vi}"
        );
        assert!(!vi.contains("black elephant"), "{vi}");
        // The English explanation and the JSON keep their text.
        assert!(
            j.explain()
                .contains("protection taken away: black elephant e7 (pinned)")
        );
        let json = serde_json::to_string(&j).unwrap();
        assert!(
            json.contains(r#""protection_removed":["black elephant e7 (pinned)"]"#),
            "{json}"
        );
    }

    #[test]
    fn the_full_explanation_says_itself_in_the_laws_words() {
        let (vi, english) = explained(&["h8h9", "f9f8", "h9h8", "f8f9", "h8h9"]);
        assert!(vi.starts_with("Bộ luật (rule set) vn-1999"), "{vi}");
        assert!(
            vi.contains("Phán quyết (verdict): Trắng thua (red loses)"),
            "{vi}"
        );
        // A line for each move, the piece as the law writes it.
        assert_eq!(
            vi.matches("\n  nước ").count(),
            english.matches("\n  ply ").count(),
            "{vi}"
        );
        assert!(vi.contains("\n  nước 1, Xe Trắng h8→h9: "), "{vi}");
        assert!(vi.contains("\n  nước 2, Tướng Đen f9→f8: "), "{vi}");
        assert!(
            !vi.contains("red rook") && !vi.contains("black king"),
            "{vi}"
        );
        // Each side, its rulings by their names, and the verdict row.
        assert!(
            vi.contains("\nTrắng (Red), 3 nước (moves): bị cấm (forbidden)\n"),
            "{vi}"
        );
        assert!(vi.contains("(`perpetual-check`)"), "{vi}");
        assert!(vi.contains(", có hiệu lực (in force)\n"), "{vi}");
        assert!(vi.contains("\n      khi (when) "), "{vi}");
        assert!(vi.contains("\nHàng "), "{vi}");
    }

    #[test]
    fn a_play_that_repeats_nothing_says_why_in_the_laws_words() {
        let (vi, _) = explained(&["h8h9"]);
        assert!(
            vi.contains("Không quy tắc nào được xét (no ruling is tried)"),
            "{vi}"
        );
        assert!(!vi.contains("Hàng "), "{vi}");
    }
}
