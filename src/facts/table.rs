//! The readable per-ply table printed by `xqlaw facts`.

use super::model::{LostProtector, MoveFact, PlyFacts, SequenceFacts, Threat, ThreatFact};
use std::fmt::Write;

/// Renders the facts as text, one block per ply; `texts` are the moves as the user wants them
/// printed (one per ply; missing entries fall back to ICCS).
pub fn render_table(facts: &SequenceFacts, texts: &[String]) -> String {
    let mut out = String::new();
    for ply in &facts.plies {
        let text = texts
            .get(ply.ply)
            .cloned()
            .unwrap_or_else(|| ply.mv.to_string());
        render_ply(&mut out, ply, &text);
    }
    out
}

fn render_ply(out: &mut String, ply: &PlyFacts, text: &str) {
    let _ = writeln!(
        out,
        "ply {:>2}  {:<5}  {:<8} {} {}→{}",
        ply.ply + 1,
        ply.mover.name(),
        text,
        ply.piece.piece.role.name(),
        ply.mv.from,
        ply.mv.to
    );
    let names: Vec<&str> = ply.facts.iter().map(|f| move_fact_name(*f)).collect();
    let _ = writeln!(
        out,
        "         facts: {}",
        if names.is_empty() {
            "-".into()
        } else {
            names.join(", ")
        }
    );
    if let Some(c) = &ply.captured {
        let _ = writeln!(out, "         captures {c}");
    }
    for c in &ply.checkers {
        let _ = writeln!(out, "         check by {c}");
    }
    if !ply.mate_line.is_empty() {
        let line: Vec<String> = ply.mate_line.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "         mate threat: {}", line.join(" "));
    }
    for t in &ply.threats {
        let _ = writeln!(out, "         {}", describe_threat(t));
    }
}

/// One line about a threat: "red rook e6 threatens black horse g6 [new, unprotected]".
pub fn describe_threat(t: &Threat) -> String {
    let mut tags: Vec<&str> = t.facts.iter().map(|f| threat_fact_name(*f)).collect();
    if !t.has(ThreatFact::Protected) {
        tags.push("unprotected");
    } else if !t.has(ThreatFact::ReallyProtected) {
        tags.push("falsely-protected");
    }
    let mut line = format!(
        "{} threatens {} [{}]",
        t.attacker,
        t.target,
        tags.join(", ")
    );
    if !t.protection_lost.is_empty() {
        let lost: Vec<String> = t.protection_lost.iter().map(describe_loss).collect();
        let _ = write!(line, "; protection taken away: {}", lost.join("; "));
    }
    line
}

/// A lost protector in words: "black rook d7 (pinned)", or "red cannon h2 (blocked, parry)"
/// when the move that cut it off also ended its attack on a piece of the mover.
pub fn describe_loss(lost: &LostProtector) -> String {
    let parry = if lost.parry { ", parry" } else { "" };
    format!("{} ({}{parry})", lost.protector, lost.how.name())
}

/// The registry name of a move fact.
pub fn move_fact_name(f: MoveFact) -> &'static str {
    super::registry::REGISTRY
        .iter()
        .find(|s| s.kind == super::registry::FactKind::Move(f))
        .map_or("?", |s| s.name)
}

/// The registry name of a threat fact.
pub fn threat_fact_name(f: ThreatFact) -> &'static str {
    super::registry::REGISTRY
        .iter()
        .find(|s| s.kind == super::registry::FactKind::Threat(f))
        .map_or("?", |s| s.name)
}
