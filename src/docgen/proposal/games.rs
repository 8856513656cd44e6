//! The proposal's last section: the recorded games whose outcome the amendment changes, each
//! place with the board before the cycle, its FEN, its moves in the law's notation and the
//! rulings before and after; or, when none changes, how many games and repetitions were judged.

use std::fmt::Write as _;

use super::{GameRecords, decided_html};
use crate::compile::CompiledRules;
use crate::docgen::board_svg::{Arrow, board_svg};
use crate::docgen::diagram_page::ARROWS;
use crate::docgen::edition::move_rows;
use crate::docgen::page;
use crate::games::Ruling;
use crate::games::amendment::{ChangedCycle, ChangedGame};
use crate::markdown::html;
use crate::xiangqi::Color;
use crate::xiangqi::notation::{Notation, write_line};

/// The section.
pub(super) fn section(
    s: &mut String,
    g: &GameRecords<'_>,
    rules: (&CompiledRules, &CompiledRules),
) {
    let judged = g.judged;
    let summary = &judged.summary;
    let _ = writeln!(
        s,
        "<h2>Ván đấu thực tế đổi kết quả ({}) <span class=\"gloss\">Recorded games whose outcome changes</span></h2>",
        judged.games_changed
    );
    for (source, credit) in g.sources {
        let credit = credit
            .as_deref()
            .map(|c| format!(" — {}", html(c)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "<p class=\"small\">Nguồn <i>(source)</i>: <code>{}</code>{credit}</p>",
            html(source)
        );
    }
    let _ = writeln!(
        s,
        "<p><b>{} trong {} ván đổi kết quả.</b> <span class=\"gloss\">{} of {} games change outcome under the amendment.</span></p>",
        judged.games_changed, summary.games, judged.games_changed, summary.games
    );
    // The counts in the words `xqlaw games --summary` prints them.
    let _ = writeln!(s, "<ul class=\"small\">");
    for line in summary.render().lines() {
        let _ = writeln!(s, "<li>{}</li>", html(line));
    }
    let _ = writeln!(s, "</ul>");
    if judged.changed.len() < judged.games_changed {
        let _ = writeln!(
            s,
            "<p class=\"small\">{} ván đầu được in <span class=\"gloss\">(the first {} are printed)</span>.</p>",
            judged.changed.len(),
            judged.changed.len()
        );
    }
    let names: Vec<&str> = summary.rules.iter().map(|r| r.rules.as_str()).collect();
    let (before, after) = (
        names.first().copied().unwrap_or("base"),
        names.get(1).copied().unwrap_or("amended"),
    );
    overview(s, &judged.changed);
    for (k, game) in judged.changed.iter().enumerate() {
        one_game(s, k + 1, game, [(before, rules.0), (after, rules.1)]);
    }
}

/// One row per changed game, before the details: what a committee reads first.
fn overview(s: &mut String, games: &[ChangedGame]) {
    if games.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "<table class=\"games\"><colgroup><col style=\"width:9mm\"><col><col style=\"width:22mm\"><col style=\"width:52mm\"></colgroup>\
         <thead><tr><th>#</th><th>Ván <i>game</i></th><th>Kết quả ghi <i>recorded</i></th>\
         <th>Trước → sau <i>before → after</i></th></tr></thead><tbody>"
    );
    for (k, game) in games.iter().enumerate() {
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td></tr>",
            k + 1,
            html(&title(game)),
            game.record.result.as_str(),
            html(&transitions(game))
        );
    }
    let _ = writeln!(s, "</tbody></table>");
}

/// A game's changes in short, each kind once with its count: `Hòa → Trắng thua ×2`.
fn transitions(game: &ChangedGame) -> String {
    let verdict = |r: Option<&Ruling>| page::verdict_short(r.map(|r| r.verdict));
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for c in &game.cycles {
        let kind = format!(
            "{} → {}",
            verdict(c.before.as_ref()),
            verdict(c.after.as_ref())
        );
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind, 1)),
        }
    }
    let shown: Vec<String> = kinds
        .into_iter()
        .map(|(kind, n)| if n > 1 { format!("{kind} ×{n}") } else { kind })
        .collect();
    shown.join("; ")
}

/// A game as a heading names it: its event (or title), players and date, else its index.
fn title(game: &ChangedGame) -> String {
    let r = &game.record;
    let tag = |name: &str| r.tag(name).filter(|v| !v.is_empty());
    let event = tag("Event").or_else(|| tag("Title")).map_or_else(
        || format!("ván {} (game {})", r.index + 1, r.index + 1),
        str::to_owned,
    );
    let players = match (tag("Red"), tag("Black")) {
        (Some(red), Some(black)) => format!(" — {red} – {black}"),
        _ => String::new(),
    };
    let date = tag("Date").map(|d| format!(", {d}")).unwrap_or_default();
    format!("{event}{players}{date}")
}

/// One game: each changed place, the first under the game's heading (kept on its page), where
/// it was read and its recorded result.
fn one_game(s: &mut String, number: usize, game: &ChangedGame, sides: [Side<'_>; 2]) {
    let r = &game.record;
    let heading = format!(
        "<h3>{number}. {}</h3><p class=\"small\"><code>{}</code>, ván thứ {} trong tệp <i>(game {} of the file)</i>; \
         {} nước <i>(plies)</i>; kết quả ghi trên biên bản <i>(recorded result)</i>: <code>{}</code></p>",
        html(&title(game)),
        html(&game.file),
        r.index + 1,
        r.index + 1,
        r.moves.len(),
        r.result.as_str()
    );
    // Ply `p` (from 0) is move `(p + 1) / 2 + 1` of a game Black began, else `p / 2 + 1`.
    let offset = usize::from(r.start.turn() == Color::Black);
    for (k, cycle) in game.cycles.iter().enumerate() {
        let heading = if k == 0 { heading.as_str() } else { "" };
        one_cycle(s, heading, cycle, (cycle.ply + offset) / 2 + 1, sides);
    }
}

/// One place where the rulings differ: the board before the cycle and its moves, then both
/// rulings.
fn one_cycle(
    s: &mut String,
    heading: &str,
    c: &ChangedCycle,
    number: usize,
    [(before, base), (after, amended)]: [Side<'_>; 2],
) {
    let place = match c.repetition {
        Some([first, last]) if first == last => format!(
            "Thế cờ lặp lại sau nước thứ {first} <i>(a position stands again after ply {first})</i>"
        ),
        Some([first, last]) => format!(
            "Các thế cờ lặp lại sau nước thứ {first} đến {last} <i>(positions stand again after plies {first} to {last})</i>"
        ),
        None => "Cuối ván <i>(the verdict at the end of the game)</i>".to_owned(),
    };
    let fen = c.start.to_fen();
    let vietnamese = write_line(&c.start, &c.moves, Notation::Vietnamese);
    let arrows: Vec<Arrow> = {
        let mut pos = c.start;
        c.moves
            .iter()
            .zip(&vietnamese)
            .take(ARROWS)
            .enumerate()
            .map(|(k, (m, text))| {
                let arrow = Arrow {
                    from: m.from,
                    to: m.to,
                    color: pos.turn(),
                    label: format!("{} {text} ({m})", k + 1),
                };
                pos.play_unchecked(*m);
                arrow
            })
            .collect()
    };
    let svg = board_svg(&c.start, &fen, &arrows, &[]);
    let svg = svg.split_once("?>").map_or(svg.as_str(), |(_, rest)| rest);
    let _ = writeln!(
        s,
        "<div class=\"case game\">{heading}<p>{place}</p><div class=\"board\">{svg}</div>\
         <p class=\"small\">FEN <i>(before the cycle, after ply {})</i>: <code class=\"fen\">{}</code></p>",
        c.ply,
        html(&fen)
    );
    let _ = writeln!(
        s,
        "<table class=\"moves\"><tr><th></th><th>Trắng <i>(Đỏ, red)</i></th><th>Đen <i>black</i></th></tr>"
    );
    let black_first = c.start.turn() == Color::Black;
    move_rows(s, &vietnamese, number, black_first);
    let _ = writeln!(s, "</table>");
    let _ = writeln!(
        s,
        "<p>Trước <i>({})</i>: {}<br><span class=\"after\">Sau <i>({})</i>: {}</span></p></div>",
        html(before),
        in_words(c.before.as_ref(), base),
        html(after),
        in_words(c.after.as_ref(), amended)
    );
}

/// A rule set as a game's place shows it: the name it is shown by, and its rulings' names.
type Side<'a> = (&'a str, &'a CompiledRules);

/// A ruling as a case's is shown, or why there is none, as HTML.
fn in_words(r: Option<&Ruling>, rules: &CompiledRules) -> String {
    r.map_or_else(
        || {
            "không xử ở đây <i>(no ruling here: the position does not stand often enough for this rule set)</i>"
                .to_owned()
        },
        |r| decided_html(Some(&r.decided), rules),
    )
}
