//! Printing a standings form back as rule-file text.

use std::fmt::{self, Write as _};

use super::super::ast::{Clause, Fraction, ScoreUnit, Standings};
use super::{attrs_at as attrs, docs};

/// Writes `standings NAME …` in the canonical layout: one clause a line, each attribute on a
/// line of its own below what it qualifies.
pub(super) fn write_standings(out: &mut String, s: &Standings) -> fmt::Result {
    docs(out, &s.docs, "")?;
    let replace = if s.replace { "replace " } else { "" };
    writeln!(out, "{replace}standings {}", s.id.node)?;
    attrs(out, &s.attrs, "    ")?;
    for clause in &s.clauses {
        write_clause(out, &clause.node)?;
    }
    Ok(())
}

fn write_clause(out: &mut String, clause: &Clause) -> fmt::Result {
    let keyword = clause.keyword();
    match clause {
        Clause::System { name, attrs: a } => {
            writeln!(out, "    {keyword} {}", name.node)?;
            attrs(out, a, "        ")
        }
        Clause::Match { games, attrs: a } => {
            writeln!(out, "    match {} games", games.node)?;
            attrs(out, a, "        ")
        }
        Clause::Score {
            unit,
            win,
            draw,
            loss,
            attrs: a,
        } => {
            let unit = match unit {
                ScoreUnit::Game => "game",
                ScoreUnit::Match => "match",
            };
            writeln!(
                out,
                "    score {unit} win {} draw {} loss {}",
                fraction(win.node),
                fraction(draw.node),
                fraction(loss.node)
            )?;
            attrs(out, a, "        ")
        }
        Clause::Forfeit {
            game,
            matches,
            attrs: a,
        } => {
            let matches = matches
                .as_ref()
                .map(|m| format!(" match {}", fraction(m.node)))
                .unwrap_or_default();
            writeln!(out, "    forfeit game {}{matches}", fraction(game.node))?;
            attrs(out, a, "        ")
        }
        Clause::Withdrawal { rule, attrs: a } | Clause::Split { rule, attrs: a } => {
            writeln!(out, "    {keyword} {}", rule.node)?;
            attrs(out, a, "        ")
        }
        Clause::Rank { attrs: a, criteria } => {
            writeln!(out, "    rank")?;
            attrs(out, a, "        ")?;
            for criterion in criteria {
                writeln!(out, "        {}", criterion.id.node)?;
                attrs(out, &criterion.attrs, "            ")?;
            }
            Ok(())
        }
    }
}

/// A number as written: `1/2` stays `1/2`, a whole number has no denominator.
pub fn fraction(f: Fraction) -> String {
    if f.denominator == 1 {
        f.numerator.to_string()
    } else {
        format!("{}/{}", f.numerator, f.denominator)
    }
}
