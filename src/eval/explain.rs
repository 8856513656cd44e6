//! Explanations: each ply classified by the terms, and the judgement in words.

use std::fmt::Write as _;

use serde::Serialize;

use super::pattern::PlyValues;
use super::{Judgement, SideJudgement};
use crate::compile::CompiledRules;
use crate::facts::{LostProtector, PieceAt, PlyFacts, ThreatFact, describe_loss};
use crate::vocab::{Outcome, Subject};
use crate::words::plural;
use crate::xiangqi::Piece;

/// A threat and the threat terms it satisfies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ThreatReport {
    /// The attacking piece, e.g. `red rook e6`.
    #[serde(serialize_with = "crate::facts::piece_as_text")]
    pub attacker: PieceAt,
    /// The threatened piece, e.g. `black horse g6`.
    #[serde(serialize_with = "crate::facts::piece_as_text")]
    pub target: PieceAt,
    /// Whether the move created the threat (it did not stand before the move).
    pub new: bool,
    /// The protectors whose recapture the move took away from a standing attack, with how
    /// (see `protection-removed`); written `black rook d7 (pinned)`.
    #[serde(
        skip_serializing_if = "Vec::is_empty",
        serialize_with = "crate::facts::losses_as_text"
    )]
    pub protection_removed: Vec<LostProtector>,
    /// The threat terms that hold.
    pub terms: Vec<String>,
}

impl ThreatReport {
    /// The protectors the move cut off, each said by `say` and joined by `; ` (`None` when the
    /// move cut none): the explanation's line in either language.
    pub fn losses_said(&self, say: fn(&LostProtector) -> String) -> Option<String> {
        (!self.protection_removed.is_empty()).then(|| {
            self.protection_removed
                .iter()
                .map(say)
                .collect::<Vec<_>>()
                .join("; ")
        })
    }
}

/// One ply classified by the terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlyReport {
    /// Ply number, from 1.
    pub ply: usize,
    /// Who moved: `red` or `black`.
    pub mover: String,
    /// The move in ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// The moved piece, serialised as its colour and role, e.g. `red rook`.
    #[serde(serialize_with = "colour_and_role")]
    pub piece: Piece,
    /// The move in the notation the user wrote it in, when that was not ICCS.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The move terms that hold.
    pub terms: Vec<String>,
    /// The threats that satisfy at least one threat term.
    pub threats: Vec<ThreatReport>,
}

impl PlyReport {
    /// The move as the explanations write it: `c4→c3`, with the text the user wrote it in
    /// after (`c4→c3 (X7/1)`).
    pub(crate) fn motion(&self) -> String {
        let (from, to) = (
            self.mv.get(..2).unwrap_or(""),
            self.mv.get(2..).unwrap_or(""),
        );
        match &self.text {
            Some(t) => format!("{from}→{to} ({t})"),
            None => format!("{from}→{to}"),
        }
    }

    /// The move terms that hold, or `—`.
    pub(crate) fn terms_or_dash(&self) -> String {
        if self.terms.is_empty() {
            "—".to_owned()
        } else {
            self.terms.join(", ")
        }
    }

    /// The threats an explanation names: what the move does, the threats it creates and the
    /// standing attacks whose target it left without a real root. Other threats that already
    /// stood are the situation, not the move; `--json` lists them too.
    pub(crate) fn threats_said(&self) -> impl Iterator<Item = &ThreatReport> {
        self.threats
            .iter()
            .filter(|t| t.new || !t.protection_removed.is_empty())
    }
}

/// Builds the report of one ply, named `text` when the caller wrote the move so.
pub(crate) fn ply_report(
    rules: &CompiledRules,
    ply: &PlyFacts,
    values: &PlyValues,
    text: Option<String>,
) -> PlyReport {
    let terms = rules
        .terms
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            t.subject == Subject::Move && values.move_terms.get(*i).copied().unwrap_or(false)
        })
        .map(|(_, t)| t.id.clone())
        .collect();
    let threats = ply
        .threats
        .iter()
        .enumerate()
        .filter_map(|(k, threat)| {
            let held = values.threat_terms.get(k)?;
            let terms: Vec<String> = rules
                .terms
                .iter()
                .enumerate()
                .filter(|(i, t)| {
                    t.subject == Subject::Threat && held.get(*i).copied().unwrap_or(false)
                })
                .map(|(_, t)| t.id.clone())
                .collect();
            (!terms.is_empty()).then(|| ThreatReport {
                attacker: threat.attacker,
                target: threat.target,
                new: threat.has(ThreatFact::New),
                protection_removed: threat.protection_lost.clone(),
                terms,
            })
        })
        .collect();
    PlyReport {
        ply: ply.ply + 1,
        mover: ply.mover.name().to_owned(),
        mv: ply.mv.to_string(),
        piece: ply.piece.piece,
        text,
        terms,
        threats,
    }
}

/// Serialises a piece as its colour and role, `red rook`, as explanations name it.
fn colour_and_role<S: serde::Serializer>(piece: &Piece, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("{} {}", piece.color, piece.role))
}

/// The judgement in words (stable: used in snapshots).
pub(crate) fn render(j: &Judgement) -> String {
    let mut out = String::new();
    let _ = write_judgement(&mut out, j);
    out
}

fn write_judgement(out: &mut String, j: &Judgement) -> std::fmt::Result {
    match &j.title {
        Some(t) => writeln!(out, "rule set {} — {t}", j.rules)?,
        None => writeln!(out, "rule set {}", j.rules)?,
    }
    writeln!(out, "verdict: {}", j.verdict)?;
    writeln!(out, "repetition: {}", j.repetition.describe())?;
    writeln!(out)?;
    writeln!(out, "moves:")?;
    for p in &j.plies {
        writeln!(
            out,
            "  ply {}, {} {} {}: {}",
            p.ply,
            p.piece.color,
            p.piece.role,
            p.motion(),
            p.terms_or_dash()
        )?;
        for t in p.threats_said() {
            writeln!(
                out,
                "      {} on {} (by {})",
                t.terms.join(", "),
                t.target,
                t.attacker
            )?;
            if let Some(lost) = t.losses_said(describe_loss) {
                writeln!(out, "        protection taken away: {lost}")?;
            }
        }
    }
    if !j.repetition.judged() {
        writeln!(out)?;
        writeln!(out, "{NO_REPETITION}")?;
        return Ok(());
    }
    for side in [&j.red, &j.black] {
        writeln!(out)?;
        write_side(out, side)?;
    }
    writeln!(out)?;
    match &j.row {
        Some(row) => writeln!(
            out,
            "verdict row {} with side = {}: {} ⇒ {}",
            row.row, row.side, row.text, j.verdict
        )?,
        None => writeln!(out, "no verdict row matched ⇒ {}", j.verdict)?,
    }
    Ok(())
}

/// Why a play that repeats nothing gets no verdict, with the law's words. How to ask for a
/// presumed cycle instead ([`crate::Play::assuming_cycle`]) is the front end's to say, in the
/// words of its own options.
const NO_REPETITION: &str = "No ruling is tried: the law judges repeated play only, \"lặp đi lặp \
lại nhiều lần không thay đổi\" (Điều 22.11), \"đi cờ luân phiên nguyên trạng\" (Điều 24.2), and \
no position of these moves stands twice.";

fn write_side(out: &mut String, s: &SideJudgement) -> std::fmt::Result {
    writeln!(
        out,
        "{} ({} move{}): {}",
        s.side,
        s.moves,
        plural(s.moves),
        s.outcome.keyword()
    )?;
    if s.fired.is_empty() {
        writeln!(out, "  no ruling fired")?;
    }
    for f in &s.fired {
        let article = f
            .article
            .as_ref()
            .map(|a| format!(" ({a})"))
            .unwrap_or_default();
        let status = if f.in_force() {
            "in force".to_owned()
        } else {
            format!("set aside by {}", f.overridden_by.join(", "))
        };
        let mark = match (f.in_force(), f.outcome) {
            (false, _) => "·",
            (true, Outcome::Forbidden) => "✗",
            (true, Outcome::Allowed) => "✓",
        };
        writeln!(
            out,
            "  {mark} {}{article} → {}, {status}",
            f.id,
            f.outcome.keyword()
        )?;
        writeln!(out, "      when {}", f.when)?;
        if let Some(t) = &f.target {
            match &f.attacker {
                Some(a) => writeln!(out, "      target: {t}, attacker: {a}")?,
                None => writeln!(out, "      target: {t}")?,
            }
        }
        if let Some(q) = &f.quote {
            writeln!(out, "      “{q}”")?;
        }
        if let Some(p) = &f.provisional {
            writeln!(out, "      provisional reading: {p}")?;
        }
    }
    Ok(())
}
