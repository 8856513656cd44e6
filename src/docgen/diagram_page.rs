//! The page of one diagram: the board, the moves in the law's notation and in ICCS, the
//! errata, the law's commentary, and each rule set's expected and computed verdict with its
//! explanation.

use std::fmt::Write as _;

use super::board_svg::{Arrow, board_svg};
use super::links::{self, rel};
use super::markdown::{Outcome, cell, page, verdict};
use super::{Corpus, Diagram};
use crate::eval::SideJudgement;
use crate::syntax::ast::Outcome as RulingOutcome;
use crate::syntax::print;

/// How many plies of the disputed play the board draws as arrows.
pub const ARROWS: usize = 4;

/// The page of a diagram.
pub fn diagram(corpus: &Corpus, d: &Diagram) -> String {
    let here = links::diagram(d);
    let spec = &d.spec;
    let mut s = page(&spec.title);
    let _ = writeln!(
        s,
        "**Điều {}.** {}\n",
        spec.article,
        spec.article_text.trim()
    );
    let _ = writeln!(s, "![{}]({}.svg)\n", spec.title, spec.id);
    let _ = writeln!(
        s,
        "The arrows show the first {} plies of the disputed play, numbered. Red (Trắng) moves \
         first. FEN: `{}` (printed: `{}`)\n",
        ARROWS.min(spec.moves.len()),
        spec.fen,
        spec.fen_text
    );
    moves(&mut s, d);
    errata(&mut s, d);
    if !spec.commentary.trim().is_empty() {
        let _ = writeln!(s, "## Commentary\n");
        for line in spec.commentary.trim().lines() {
            let _ = writeln!(s, "> {line}");
        }
        let _ = writeln!(s);
    }
    verdicts(&mut s, corpus, d, &here);
    let sources: Vec<String> = spec
        .sources
        .iter()
        .map(|src| format!("{}:{}", src.file, src.line))
        .collect();
    if !sources.is_empty() {
        let _ = writeln!(s, "Printed in {}.", sources.join(", "));
    }
    s
}

/// The move table: each ply in the law's notation (marked where an erratum applies) and ICCS.
fn moves(s: &mut String, d: &Diagram) {
    let spec = &d.spec;
    let _ = writeln!(s, "## Moves\n");
    let _ = writeln!(
        s,
        "In the law's Vietnamese notation as printed (\\* marks an erratum) and in ICCS.\n"
    );
    let _ = writeln!(
        s,
        "| | Trắng (Red) | ICCS | Đen (Black) | ICCS |\n|---|---|---|---|---|"
    );
    let ply = |k: usize| -> (String, String) {
        let Some(iccs) = spec.moves.get(k) else {
            return (String::new(), String::new());
        };
        let printed = spec.moves_text.get(k).cloned().unwrap_or_default();
        let mark = if spec
            .errata
            .iter()
            .any(|e| e.ply == u32::try_from(k + 1).ok())
        {
            " \\*"
        } else {
            ""
        };
        (format!("{}{mark}", cell(&printed)), format!("`{iccs}`"))
    };
    for n in 0..spec.moves.len().div_ceil(2) {
        let (red, red_iccs) = ply(2 * n);
        let (black, black_iccs) = ply(2 * n + 1);
        let _ = writeln!(
            s,
            "| {} | {red} | {red_iccs} | {black} | {black_iccs} |",
            n + 1
        );
    }
    let _ = writeln!(s);
}

fn errata(s: &mut String, d: &Diagram) {
    if d.spec.errata.is_empty() {
        return;
    }
    let _ = writeln!(s, "### Errata\n");
    for e in &d.spec.errata {
        let place = e
            .ply
            .map(|p| format!("ply {p}"))
            .unwrap_or_else(|| "text".to_owned());
        let _ = writeln!(
            s,
            "- {place} (\\*): printed `{}`, read `{}` — {}",
            e.printed, e.corrected, e.reason
        );
    }
    let _ = writeln!(s);
}

/// The summary table, then one section per rule set (with a stable anchor).
fn verdicts(s: &mut String, corpus: &Corpus, d: &Diagram, here: &str) {
    let _ = writeln!(s, "## Verdicts\n");
    let _ = writeln!(
        s,
        "| rule set | expected | computed | pass/fail |\n|---|---|---|---|"
    );
    for (k, r) in corpus.rules.iter().enumerate() {
        let o = Outcome::of(d, k, &r.name);
        let _ = writeln!(
            s,
            "| [{0}](#{1}) | {2} | {3} | {4} |",
            r.name,
            links::verdict_anchor(&r.name),
            o.expected_text(),
            verdict(o.computed),
            o.check()
        );
    }
    let _ = writeln!(s);
    for (k, (r, j)) in corpus.rules.iter().zip(&d.judgements).enumerate() {
        let o = Outcome::of(d, k, &r.name);
        let _ = writeln!(s, "<a id=\"{}\"></a>\n", links::verdict_anchor(&r.name));
        let _ = writeln!(
            s,
            "### [{}]({}): {}\n",
            r.name,
            rel(here, &links::rule_set(&r.name)),
            verdict(o.computed)
        );
        if o.expected.is_some() {
            let _ = writeln!(
                s,
                "Expected: {}. Computed: {}. Result: {}.\n",
                o.expected_text(),
                verdict(o.computed),
                o.check()
            );
        } else {
            let _ = writeln!(
                s,
                "Computed: {} (the spec file states no expectation for {}).\n",
                verdict(o.computed),
                r.name
            );
        }
        if let Some(basis) = d.spec.basis.get(&r.name) {
            let _ = writeln!(s, "The text it rests on: “{basis}”\n");
        }
        if let (Some(reason), Some(_)) = (d.spec.known_failure.get(&r.name), o.expected) {
            let _ = writeln!(s, "Known failure: {reason}\n");
        }
        let Some(j) = j else {
            continue;
        };
        for side in [&j.red, &j.black] {
            let _ = writeln!(s, "{}", side_line(side));
        }
        if let Some(row) = &j.row {
            let _ = writeln!(
                s,
                "- verdict row {} (`{}`) with side = {}",
                row.row, row.text, row.side
            );
        }
        let _ = writeln!(
            s,
            "\n<details><summary>Explanation ({})</summary>\n\n```text\n{}```\n\n</details>\n",
            r.name,
            j.explain()
        );
    }
}

/// `- red (4 moves): forbidden — ✗ \`perpetual-chase\` on …` for one side.
fn side_line(side: &SideJudgement) -> String {
    let rulings: Vec<String> = side
        .fired
        .iter()
        .filter(|f| f.in_force())
        .map(|f| {
            let target = f
                .target
                .as_ref()
                .map(|t| format!(" on {t}"))
                .unwrap_or_default();
            let mark = match f.outcome {
                RulingOutcome::Forbidden => "✗",
                RulingOutcome::Allowed => "✓",
            };
            format!("{mark} `{}`{target}", f.id)
        })
        .collect();
    let list = if rulings.is_empty() {
        "no ruling fired".to_owned()
    } else {
        rulings.join(", ")
    };
    format!(
        "- {} ({} moves): {} — {list}",
        side.side,
        side.moves,
        print::outcome(side.outcome)
    )
}

/// The SVG picture of a diagram's start position with the first plies as arrows and a
/// caption: the plies in both notations and the home rule set's verdicts.
pub fn board(corpus: &Corpus, d: &Diagram) -> String {
    let mut pos = d.start;
    let mut arrows = Vec::new();
    for (k, &m) in d.moves.iter().take(ARROWS).enumerate() {
        let color = pos.turn();
        let printed = d.spec.moves_text.get(k).map(String::as_str).unwrap_or("");
        let iccs = d.spec.moves.get(k).map(String::as_str).unwrap_or("");
        arrows.push(Arrow {
            from: m.from,
            to: m.to,
            color,
            label: format!("{} {printed} ({iccs})", k + 1),
        });
        pos.play_unchecked(m);
    }
    let mut caption = Vec::new();
    for (k, r) in corpus.rules.iter().enumerate() {
        let o = Outcome::of(d, k, &r.name);
        if o.expected.is_some() {
            caption.push(format!(
                "{}: expected {}, computed {} — {}",
                r.name,
                o.expected_text(),
                verdict(o.computed),
                o.check()
            ));
        }
    }
    let title = format!("{}: {}", d.spec.title, d.spec.fen);
    board_svg(&d.start, &title, &arrows, &caption)
}
