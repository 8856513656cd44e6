//! The page of one diagram: the board, the moves in the law's notation and in ICCS, the
//! errata, the law's commentary, and each rule set's expected and computed verdict with its
//! explanation.

use std::fmt::Write as _;

use super::articles::{self, Article, Item};
use super::bibliography;
use super::board_svg::{Arrow, board_svg};
use super::book;
use super::links::{self, rel};
use super::page::{Agreement, on_target, outcome_mark, outcome_vi, page, side_vi, verdict};
use super::{Corpus, Diagram};
use crate::eval::{Judgement, SideJudgement};
use crate::markdown::{cell, fenced, html, text};

/// How many plies of the disputed play the board draws as arrows.
pub const ARROWS: usize = 4;

/// The page of a diagram: the article, the board, the moves, the commentary, the law's verdict
/// with its reason, then the other rule sets in one table (with an explanation only where a
/// rule set's verdict differs from the law's).
pub fn diagram(corpus: &Corpus, d: &Diagram) -> String {
    let here = links::diagram(d);
    let spec = &d.spec;
    let law = book::law(corpus);
    let mut s = page(&text(&spec.title));
    let article = match (corpus.rules.get(law), Article::of_diagram(&spec.article)) {
        (Some(r), Some(a)) => format!(
            "[Điều {}]({})",
            cell(&spec.article),
            rel(&here, &links::article(&r.name, &a))
        ),
        _ => format!("Điều {}", cell(&spec.article)),
    };
    let _ = writeln!(s, "**{article}.** {}\n", text(spec.article_text.trim()));
    if let Some(c) = &spec.constructed {
        let _ = writeln!(
            s,
            "**Tình huống dựng (a constructed case), không in trong luật: not published in the \
             law.** It was built for this project, to show a sentence of the law at work where \
             none of the law's diagrams does. Why this position: {}\n",
            text(c.why.trim())
        );
    }
    let _ = writeln!(s, "![{}]({}.svg)\n", cell(&spec.title), spec.id);
    let _ = writeln!(
        s,
        "Mũi tên: {} nước đầu (the arrows: the first {} plies), Trắng (Red) đi trước. \
         FEN: <code>{}</code>\n",
        ARROWS.min(spec.moves.len()),
        ARROWS.min(spec.moves.len()),
        html(&spec.fen),
    );
    moves(&mut s, d);
    errata(&mut s, d);
    if !spec.commentary.trim().is_empty() {
        let _ = writeln!(s, "## Bình luận (commentary)\n");
        for line in spec.commentary.trim().lines() {
            let _ = writeln!(s, "> {}", text(line));
        }
        let _ = writeln!(s);
    }
    verdicts(&mut s, corpus, d, &here);
    if let Some(r) = corpus.rules.get(law).filter(|r| r.name == d.topic) {
        let _ = writeln!(
            s,
            "Nguồn (source): {}, Điều {}, {} ([thư mục]({})).",
            text(
                bibliography::title_of(&r.name)
                    .or(r.title.as_deref())
                    .unwrap_or(&r.name)
            ),
            cell(&spec.article),
            cell(&spec.title),
            bibliography::link(&here, &r.name)
        );
    }
    s
}

/// The move table: each move in the law's notation (marked where an erratum applies) and ICCS.
fn moves(s: &mut String, d: &Diagram) {
    let spec = &d.spec;
    let _ = writeln!(s, "## Nước đi (moves)\n");
    let _ = writeln!(
        s,
        "In the law's notation as printed (\\* marks an erratum), with ICCS beside.\n"
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
        (
            format!("{}{mark}", cell(&printed)),
            format!("<code>{}</code>", html(iccs)),
        )
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
    let _ = writeln!(s, "### Đính chính (errata)\n");
    for e in &d.spec.errata {
        let place = e
            .ply
            .map(|p| format!("nước {p} (ply {p})"))
            .unwrap_or_else(|| "văn bản (text)".to_owned());
        let _ = writeln!(
            s,
            "- {place} (\\*): in (printed) <code>{}</code>, đọc (read) <code>{}</code> — {}",
            html(&e.printed),
            html(&e.corrected),
            text(&e.reason)
        );
    }
    let _ = writeln!(s);
}

/// The law's verdict with its reason, then one table of the other rule sets, then an
/// explanation for each rule set whose verdict differs from the law's.
fn verdicts(s: &mut String, corpus: &Corpus, d: &Diagram, here: &str) {
    let law = book::law(corpus);
    let law_verdict = corpus
        .rules
        .get(law)
        .map(|r| Agreement::of(d, law, &r.name).computed);
    if let (Some(r), Some(j)) = (corpus.rules.get(law), d.judgements.get(law)) {
        let o = Agreement::of(d, law, &r.name);
        let _ = writeln!(s, "<a id=\"{}\"></a>\n", links::verdict_anchor(&r.name));
        let _ = writeln!(s, "## Phán quyết (verdict): {}\n", verdict(o.computed));
        verdict_body(s, corpus, d, law, j.as_ref(), here);
    }
    let others: Vec<usize> = (0..corpus.rules.len()).filter(|&k| k != law).collect();
    if others.is_empty() {
        return;
    }
    let _ = writeln!(s, "## Các bộ luật khác (other rule sets)\n");
    let _ = writeln!(
        s,
        "| bộ luật (rule set) | phán quyết (verdict) | so với luật (against the law) | kiểm (check) |\n|---|---|---|---|"
    );
    let mut differing = Vec::new();
    for &k in &others {
        let Some(r) = corpus.rules.get(k) else {
            continue;
        };
        let o = Agreement::of(d, k, &r.name);
        let agrees = Some(o.computed) == law_verdict;
        let against = if agrees {
            "giống (agrees)".to_owned()
        } else {
            differing.push(k);
            format!(
                "**khác (differs)**: [lý do (why)](#{})",
                explain_anchor(&r.name)
            )
        };
        let _ = writeln!(
            s,
            "| <a id=\"{}\"></a>[{}]({}) | {} | {against} | {} |",
            links::verdict_anchor(&r.name),
            r.name,
            rel(here, &links::rule_set(&r.name)),
            verdict(o.computed),
            o.check()
        );
    }
    let _ = writeln!(s);
    for k in differing {
        let Some(r) = corpus.rules.get(k) else {
            continue;
        };
        let o = Agreement::of(d, k, &r.name);
        let _ = writeln!(s, "<a id=\"{}\"></a>\n", explain_anchor(&r.name));
        let _ = writeln!(s, "### {}: {}\n", r.name, verdict(o.computed));
        verdict_body(
            s,
            corpus,
            d,
            k,
            d.judgements.get(k).and_then(Option::as_ref),
            here,
        );
    }
}

/// The anchor of a rule set's explanation where its verdict differs from the law's.
fn explain_anchor(rules: &str) -> String {
    format!("explain-{rules}")
}

/// Expected against computed, the sentence the expectation rests on, the rulings that fired
/// for each side, the verdict row, and the full explanation folded.
fn verdict_body(
    s: &mut String,
    corpus: &Corpus,
    d: &Diagram,
    k: usize,
    j: Option<&Judgement>,
    here: &str,
) {
    let Some(r) = corpus.rules.get(k) else {
        return;
    };
    let o = Agreement::of(d, k, &r.name);
    if o.expected.is_some() {
        let _ = writeln!(
            s,
            "Kỳ vọng (expected): {}. Kết quả (computed): {}. {}\n",
            o.expected_text(),
            verdict(o.computed),
            o.check()
        );
    } else {
        let _ = writeln!(
            s,
            "The spec file states no expected verdict for `{}`.\n",
            r.name
        );
    }
    if let Some(basis) = d.spec.basis.get(&r.name) {
        let _ = writeln!(s, "Căn cứ (the text it rests on):\n\n> {}\n", text(basis));
    }
    if let (Some(reason), Some(_)) = (d.spec.known_failure.get(&r.name), o.expected) {
        let _ = writeln!(s, "Known failure: {}\n", text(reason));
    }
    let Some(j) = j else {
        return;
    };
    for side in [&j.red, &j.black] {
        let _ = writeln!(s, "{}", side_line(corpus, k, side, here));
    }
    if let Some(row) = &j.row {
        let _ = writeln!(
            s,
            "- hàng {} của bảng phán quyết (verdict row {}) with side = {}",
            row.row, row.row, row.side
        );
    }
    let _ = writeln!(
        s,
        "\n<details><summary>Lời giải thích đầy đủ (the full explanation, with the rule text)</summary>\n\n{}\n</details>\n",
        fenced("text", &j.explain())
    );
}

/// `- Trắng (4 nước): bị cấm (forbidden) — ✗ Đuổi bắt mãi on …` for one side, each ruling
/// named as the prose names it and linked to its entry on the law's article page.
fn side_line(corpus: &Corpus, k: usize, side: &SideJudgement, here: &str) -> String {
    let rulings: Vec<String> = side
        .rulings_in_force()
        .map(|f| {
            let target = text(&on_target(f.target.as_ref()));
            let mark = outcome_mark(f.outcome);
            // A reading no official text confirms is flagged where the verdict is stated.
            let provisional = if f.provisional.is_some() {
                " (*tạm hiểu*, provisional reading)"
            } else {
                ""
            };
            format!(
                "{mark} {}{target}{provisional}",
                ruling_link(corpus, k, &f.id, here)
            )
        })
        .collect();
    let list = if rulings.is_empty() {
        "không quy tắc nào (no ruling fired)".to_owned()
    } else {
        rulings.join(", ")
    };
    format!(
        "- {}, {} nước (moves): {} — {list}",
        side_vi(side),
        side.moves,
        outcome_vi(side.outcome)
    )
}

/// A ruling of rule set `k` as the prose names it, linked to its entry: on the law's article
/// page for the law, on the rule set's page for a variant.
pub fn ruling_link(corpus: &Corpus, k: usize, id: &str, here: &str) -> String {
    let Some(r) = corpus.rules.get(k) else {
        return text(id);
    };
    let Some((n, ruling)) = r.rulings.iter().enumerate().find(|(_, x)| x.id == id) else {
        return text(id);
    };
    let item = Item::Ruling(ruling, n);
    let target = if k == book::law(corpus) {
        links::article(&r.name, &articles::home(corpus, item))
    } else {
        links::rule_set(&r.name)
    };
    format!(
        "[{}]({}#{})",
        cell(&item.label()),
        rel(here, &target),
        item.anchor()
    )
}

/// The first plies of the disputed play as numbered arrows.
fn arrows(d: &Diagram) -> Vec<Arrow> {
    arrows_of(d.play.start(), d.play.moves(), |k| {
        let printed = d.spec.moves_text.get(k).map(String::as_str).unwrap_or("");
        let iccs = d.spec.moves.get(k).map(String::as_str).unwrap_or("");
        format!("{} {printed} ({iccs})", k + 1)
    })
}

/// The first [`ARROWS`] plies of the moves `moves` from `start` as arrows, ply `k` (from 0)
/// captioned `label(k)`.
fn arrows_of(
    start: &crate::xiangqi::Position,
    moves: &[crate::xiangqi::Move],
    label: impl Fn(usize) -> String,
) -> Vec<Arrow> {
    let mut pos = *start;
    let mut arrows = Vec::new();
    for (k, &m) in moves.iter().take(ARROWS).enumerate() {
        arrows.push(Arrow {
            from: m.from,
            to: m.to,
            color: pos.turn(),
            label: label(k),
        });
        pos.play_unchecked(m);
    }
    arrows
}

/// The board of any play, as a case's board is drawn: the start position with the first
/// plies as numbered arrows (captioned in the notation the moves were written in, and in
/// ICCS), no caption. The free-judging tab of the workbench shows it.
pub fn board_of_play(play: &crate::eval::Play, title: &str) -> String {
    let texts = play.texts().unwrap_or_default();
    let arrows = arrows_of(play.start(), play.moves(), |k| {
        let iccs = play
            .moves()
            .get(k)
            .map(ToString::to_string)
            .unwrap_or_default();
        match texts.get(k) {
            Some(text) => format!("{} {text} ({iccs})", k + 1),
            None => format!("{} {iccs}", k + 1),
        }
    });
    board_svg(play.start(), title, &arrows, &[])
}

/// The SVG picture of a diagram's start position with the first plies as arrows and a
/// caption: the plies in both notations and the law's verdict.
pub fn board(corpus: &Corpus, d: &Diagram) -> String {
    let law = book::law(corpus);
    let caption: Vec<String> = corpus
        .rules
        .get(law)
        .map(|r| {
            let o = Agreement::of(d, law, &r.name);
            format!("{}: {} {}", r.name, verdict(o.computed), o.check())
        })
        .into_iter()
        .collect();
    let title = format!("{}: {}", d.spec.title, d.spec.fen);
    board_svg(d.play.start(), &title, &arrows(d), &caption)
}

/// The board without a caption, for the printable edition.
pub fn board_plain(d: &Diagram) -> String {
    let title = format!("{}: {}", d.spec.title, d.spec.fen);
    board_svg(d.play.start(), &title, &arrows(d), &[])
}
