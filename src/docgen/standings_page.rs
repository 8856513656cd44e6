//! The page of Chương IV, Điều 21 (cách tính thành tích): each standings form of the law with
//! every clause and criterion beside the sentence it encodes, and the constructed tournaments
//! that show each one deciding, with their tables.

use std::fmt::Write as _;

use super::Corpus;
use super::page::page;
use crate::compile::CompiledRules;
use crate::markdown::{cell, text};
use crate::standings::{Citation, Form, Table};

/// Where the page of a rule set's standings lives.
pub fn link(name: &str) -> String {
    format!("rules/{name}/dieu-21.md")
}

/// Whether the rule set writes standings forms of its own (inherited ones are shown on the
/// page of the rule set that wrote them).
pub fn has_own(rules: &CompiledRules) -> bool {
    rules
        .standings
        .iter()
        .any(|f| f.game_points.citation.defined_in == rules.name)
}

fn sentence_cells(c: &Citation) -> String {
    let mut quote = c.quote.as_deref().map(cell).unwrap_or_default();
    if let Some(p) = &c.provisional {
        let _ = write!(quote, " *(provisional: {})*", cell(p));
    }
    format!(
        "{} | {} | {}",
        c.article.as_deref().map(cell).unwrap_or_default(),
        quote,
        c.gloss.as_deref().map(cell).unwrap_or_default()
    )
}

fn points(p: &crate::standings::Points) -> String {
    format!("win {}, draw {}, loss {}", p.win, p.draw, p.loss)
}

fn form_section(out: &mut String, form: &Form) {
    let name = form.citation.name.as_deref().map(text).unwrap_or_default();
    let _ = writeln!(out, "## `{}` — {name}\n", form.id);
    if !form.docs.is_empty() {
        let _ = writeln!(out, "{}\n", text(&form.docs.join("\n")));
    }
    let _ = writeln!(
        out,
        "| clause | value | article | sentence | gloss |\n|---|---|---|---|---|"
    );
    let mut row = |clause: &str, value: String, c: &Citation| {
        let _ = writeln!(
            out,
            "| `{clause}` | {} | {} |",
            cell(&value),
            sentence_cells(c)
        );
    };
    if let Some(s) = &form.system {
        row("system", s.value.name().to_owned(), &s.citation);
    }
    if form.is_match() {
        row(
            "match",
            format!("{} games", form.games.value),
            &form.games.citation,
        );
    }
    row(
        "score game",
        points(&form.game_points.value),
        &form.game_points.citation,
    );
    if let Some(m) = &form.match_points {
        row("score match", points(&m.value), &m.citation);
    }
    if let Some(f) = &form.forfeit {
        let matches = f
            .value
            .1
            .map(|m| format!(", match {m}"))
            .unwrap_or_default();
        row(
            "forfeit",
            format!("game {}{matches}", f.value.0),
            &f.citation,
        );
    }
    if let Some(w) = &form.withdrawal {
        let name = match w.value {
            crate::standings::Withdrawal::AnnulUpToHalf => "annul-up-to-half",
            crate::standings::Withdrawal::KeepResults => "keep-results",
        };
        row("withdrawal", name.to_owned(), &w.citation);
    }
    let split = match form.split.value {
        crate::standings::Split::Restart => "restart",
        crate::standings::Split::Continue => "continue",
    };
    row("split", split.to_owned(), &form.split.citation);
    let _ = writeln!(
        out,
        "\nThe criteria, in order ({}):\n",
        form.order.article.as_deref().map(text).unwrap_or_default()
    );
    let _ = writeln!(
        out,
        "| # | criterion | name | article | sentence | gloss |\n|---|---|---|---|---|---|"
    );
    for (k, c) in form.criteria.iter().enumerate() {
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} |",
            k + 1,
            c.id,
            c.citation.name.as_deref().map(cell).unwrap_or_default(),
            sentence_cells(&c.citation)
        );
    }
    out.push('\n');
}

fn table_section(out: &mut String, table: &Table) {
    let mut head = vec!["#".to_owned(), "player".to_owned()];
    head.extend(
        table
            .form
            .criteria
            .iter()
            .map(|c| cell(c.citation.name.as_deref().unwrap_or(&c.id))),
    );
    let _ = writeln!(
        out,
        "Standings `{}` of `{}`:\n\n| {} |\n|{}",
        table.form.id,
        table.rule_set,
        head.join(" | "),
        "---|".repeat(head.len())
    );
    for row in &table.ranking.rows {
        let place = if row.shared {
            format!("{}=", row.place)
        } else {
            row.place.to_string()
        };
        let mut line = vec![place, cell(&row.name)];
        line.extend(
            row.values
                .iter()
                .map(|v| v.map_or_else(|| "–".to_owned(), |v| v.to_string())),
        );
        let _ = writeln!(out, "| {} |", line.join(" | "));
    }
    out.push('\n');
    for gap in &table.ranking.gaps {
        let _ = writeln!(out, "- {}", cell(&crate::standings::render::gap_text(gap)));
    }
    for id in &table.ranking.annulled {
        let _ = writeln!(out, "- {}: not ranked, every game annulled", cell(id));
    }
    out.push('\n');
}

/// The page of the rule set `rules`' standings.
pub fn standings_page(corpus: &Corpus, rules: &CompiledRules) -> String {
    let mut out = page("Chương IV, Điều 21 — Cách tính thành tích (scoring and tie-breaks)");
    let _ = writeln!(
        out,
        "How a tournament's results are scored and its players ranked, as `{}` encodes it in \
         its `standings` forms (the language: [language.md](../../language.md), section \
         Standings). `xqlaw standings RESULTS --rules rules/{}.rules` ranks a results file and \
         says, for every two adjacent players, which criterion separated them and its \
         sentence. Điều 16.1 c and 20.4 b.9 (a game lost by three technical or three conduct \
         faults) are a kind of result (`by: faults`), not a tie-break.\n",
        rules.name, rules.name
    );
    for form in &rules.standings {
        form_section(&mut out, form);
    }
    let cases: Vec<_> = corpus
        .standings
        .iter()
        .filter(|c| c.tables.iter().any(|t| t.rule_set == rules.name))
        .collect();
    if !cases.is_empty() {
        let _ = writeln!(
            out,
            "## Constructed tournaments\n\nNo tournament is printed in the law: these are \
             constructed for this project (`spec-tests/`), each worked out by hand from the \
             text, and `xqlaw test` checks every table below.\n"
        );
    }
    for case in cases {
        let _ = writeln!(out, "### {} (`{}`)\n", text(&case.title), case.id);
        if let Some(basis) = case.basis.get(&rules.name) {
            let _ = writeln!(out, "> {}\n", text(basis));
        }
        let _ = writeln!(out, "{}\n", text(&case.worked));
        for table in &case.tables {
            table_section(&mut out, table);
        }
    }
    out
}
