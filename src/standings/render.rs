//! The standings table in words: plain text for the terminal, Markdown for documents. The
//! renderers compute nothing: every value comes from the [`Table`].

use std::fmt::Write as _;

use super::ranking::Gap;
use super::table::Table;
use super::whatif::Comparison;

/// The header of a criterion's column: its Vietnamese name when it has one, else its id.
fn header(table: &Table, k: usize) -> String {
    table
        .form
        .criteria
        .get(k)
        .map(|c| c.citation.name.clone().unwrap_or_else(|| c.id.clone()))
        .unwrap_or_default()
}

fn place(row: &super::ranking::Row) -> String {
    if row.shared {
        format!("{}=", row.place)
    } else {
        row.place.to_string()
    }
}

fn value(v: Option<super::score::Score>) -> String {
    v.map_or_else(|| "–".to_owned(), |v| v.to_string())
}

/// What a gap says: who is above whom and why.
pub fn gap_text(gap: &Gap) -> String {
    match (&gap.decided_by, &gap.values) {
        (Some(c), Some((a, b))) => {
            let among = if gap.among.is_empty() {
                String::new()
            } else {
                format!(" among {}", gap.among.join(", "))
            };
            let sentence = gap
                .sentence
                .as_ref()
                .map(|s| format!(" — {}", s.sentence()))
                .unwrap_or_default();
            format!(
                "{} above {}: {c}{among} {a} to {b}{sentence}",
                gap.upper, gap.lower
            )
        }
        _ if gap.lots_needed => format!(
            "{} level with {}: no criterion separates them; lots must be drawn, and the results record none (add the order drawn under `lots:`)",
            gap.upper, gap.lower
        ),
        _ => format!(
            "{} level with {}: no criterion of the form separates them, and it names no further one",
            gap.upper, gap.lower
        ),
    }
}

fn title(table: &Table) -> String {
    let event = table
        .event
        .clone()
        .unwrap_or_else(|| "Standings".to_owned());
    let article = table
        .form
        .citation
        .article
        .as_ref()
        .map(|a| format!(", {a}"))
        .unwrap_or_default();
    format!(
        "{event}: {} of {} round{}, ranked by standings `{}` of `{}`{article}",
        table.system.name(),
        table.rounds,
        crate::words::plural(table.rounds as usize),
        table.form.id,
        table.rule_set
    )
}

/// The table as plain text: the rows with each criterion's value, then for every two adjacent
/// players what separated them.
pub fn text(table: &Table) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n", title(table));
    let mut grid: Vec<Vec<String>> = Vec::new();
    let mut head = vec!["#".to_owned(), "player".to_owned()];
    head.extend((0..table.form.criteria.len()).map(|k| header(table, k)));
    grid.push(head);
    for row in &table.ranking.rows {
        let mut line = vec![place(row), row.name.clone()];
        line.extend(row.values.iter().map(|v| value(*v)));
        if let Some(r) = row.withdrew_after {
            line.push(format!("(withdrew after round {r})"));
        }
        grid.push(line);
    }
    let columns = grid.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            grid.iter()
                .filter_map(|l| l.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for line in &grid {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    if !table.ranking.gaps.is_empty() {
        let _ = writeln!(out, "\nbetween adjacent players:");
        for gap in &table.ranking.gaps {
            let _ = writeln!(out, "  {}", gap_text(gap));
        }
    }
    for id in &table.ranking.annulled {
        let _ = writeln!(
            out,
            "\nnot ranked: {id} withdrew having played half their games or fewer; every game with them is annulled (X), their opponents' points included{}",
            withdrawal_sentence(table)
        );
    }
    out
}

fn withdrawal_sentence(table: &Table) -> String {
    table
        .form
        .withdrawal
        .as_ref()
        .map(|w| format!(" — {}", w.citation.sentence()))
        .unwrap_or_default()
}

use crate::markdown::cell;

/// The table as Markdown: a table of the rows, then the list of what separated each two.
pub fn markdown(table: &Table) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "**{}**\n", cell(&title(table)));
    let mut head = vec!["#".to_owned(), "player".to_owned()];
    head.extend((0..table.form.criteria.len()).map(|k| cell(&header(table, k))));
    let _ = writeln!(out, "| {} |", head.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(head.len()));
    for row in &table.ranking.rows {
        let mut line = vec![place(row), cell(&row.name)];
        line.extend(row.values.iter().map(|v| value(*v)));
        let _ = writeln!(out, "| {} |", line.join(" | "));
    }
    if !table.ranking.gaps.is_empty() {
        let _ = writeln!(out);
        for gap in &table.ranking.gaps {
            let _ = writeln!(out, "- {}", cell(&gap_text(gap)));
        }
    }
    for id in &table.ranking.annulled {
        let _ = writeln!(
            out,
            "\nNot ranked: {id} (withdrew; every game annulled{}).",
            cell(&withdrawal_sentence(table))
        );
    }
    out
}

/// A comparison in words: every player whose place changes, and every gap decided otherwise.
pub fn comparison_text(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "standings `{}` of `{}` → `{}`:",
        c.form, c.before, c.after
    );
    if c.moves.is_empty() {
        let _ = writeln!(out, "  no player changes place");
    }
    for m in &c.moves {
        let _ = writeln!(
            out,
            "  {}: {} → {}",
            m.player,
            m.before.map_or_else(|| "–".to_owned(), |p| p.to_string()),
            m.after.map_or_else(|| "–".to_owned(), |p| p.to_string())
        );
    }
    if !c.gaps_after.is_empty() {
        let _ = writeln!(out, "\nunder `{}`:", c.after);
        for gap in &c.gaps_after {
            let _ = writeln!(out, "  {}", gap_text(gap));
        }
    }
    let _ = writeln!(
        out,
        "{} of {} players change place",
        c.moves.len(),
        c.players
    );
    out
}

/// A comparison as Markdown.
pub fn comparison_markdown(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| player | `{}` | `{}` |", c.before, c.after);
    let _ = writeln!(out, "|---|---|---|");
    for m in &c.moves {
        let show = |p: Option<usize>| p.map_or_else(|| "–".to_owned(), |p| p.to_string());
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            cell(&m.player),
            show(m.before),
            show(m.after)
        );
    }
    for gap in &c.gaps_after {
        let _ = writeln!(out, "- {}", cell(&gap_text(gap)));
    }
    let _ = writeln!(
        out,
        "\n{} of {} players change place.",
        c.moves.len(),
        c.players
    );
    out
}
