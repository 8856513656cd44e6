//! Printing a syntax tree back as rule-file text.
//!
//! The output parses back to an equal tree (spans aside): a round-trip property checked in
//! the tests.

use std::fmt::{self, Write as _};

use super::ast::*;
use crate::vocab::{Party, Quantifier, RowResult, TargetClause};

mod standings;
pub use standings::fraction;

/// Prints a whole file in the canonical layout.
///
/// # Examples
///
/// ```
/// use xqlaw::SourceFile;
/// let file = SourceFile::new("t.rules", "rules t term c on move=check");
/// let ast = xqlaw::syntax::parse(&file).unwrap();
/// assert_eq!(xqlaw::syntax::print::file(&ast), "rules t\n\nterm c on move\n    = check\n");
/// ```
pub fn file(file: &File) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = write_file(&mut out, file);
    out
}

fn write_file(out: &mut String, file: &File) -> fmt::Result {
    let h = &file.header;
    docs(out, &h.docs, "")?;
    writeln!(out, "rules {}", h.name.node)?;
    if let Some(t) = &h.title {
        writeln!(out, "title {}", string(&t.node))?;
    }
    if let Some(s) = &h.source {
        writeln!(out, "source {}", string(&s.node))?;
    }
    if let Some(e) = &h.extends {
        writeln!(out, "extends {}", e.node)?;
    }
    if let Some(a) = &h.amends {
        writeln!(out, "amends {}", a.node)?;
    }
    for item in &file.items {
        out.push('\n');
        write_item(out, &item.node)?;
    }
    Ok(())
}

fn docs(out: &mut String, docs: &[String], indent: &str) -> fmt::Result {
    for line in docs {
        if line.is_empty() {
            writeln!(out, "{indent}///")?;
        } else {
            writeln!(out, "{indent}/// {line}")?;
        }
    }
    Ok(())
}

fn write_item(out: &mut String, item: &Item) -> fmt::Result {
    match item {
        Item::Setting(s) => {
            docs(out, &s.docs, "")?;
            writeln!(out, "setting {} = {}", s.name.node, s.value.node)?;
            attrs(out, &s.attrs)
        }
        Item::Term(t) => {
            docs(out, &t.docs, "")?;
            let replace = if t.replace { "replace " } else { "" };
            let subject = t.subject.node.keyword();
            writeln!(out, "{replace}term {} on {subject}", t.id.node)?;
            attrs(out, &t.attrs)?;
            writeln!(out, "    = {}", expr(&t.body.node))
        }
        Item::Ruling(r) => {
            docs(out, &r.docs, "")?;
            let replace = if r.replace { "replace " } else { "" };
            writeln!(out, "{replace}ruling {}", r.id.node)?;
            attrs(out, &r.attrs)?;
            writeln!(out, "    when {}", pattern(&r.when.node))?;
            for u in &r.unless {
                writeln!(out, "    unless {}", pattern(&u.node))?;
            }
            let graver = if r.graver.is_some() { " graver" } else { "" };
            writeln!(out, "    → {}{graver}", r.outcome.node.keyword())?;
            if !r.overrides.is_empty() {
                let names: Vec<&str> = r.overrides.iter().map(|n| n.node.as_str()).collect();
                writeln!(out, "    overrides {}", names.join(", "))?;
            }
            if !r.restates.is_empty() {
                let names: Vec<&str> = r.restates.iter().map(|n| n.node.as_str()).collect();
                writeln!(out, "    restates {}", names.join(", "))?;
            }
            Ok(())
        }
        Item::Remove(r) => {
            docs(out, &r.docs, "")?;
            let kind = match r.kind {
                RemovedKind::Term => "term",
                RemovedKind::Ruling => "ruling",
                RemovedKind::Standings => "standings",
            };
            writeln!(out, "remove {kind} {}", r.id.node)
        }
        Item::Standings(s) => standings::write_standings(out, s),
        Item::Unencoded(u) => {
            docs(out, &u.docs, "")?;
            writeln!(out, "unencoded {}", u.reason.node.keyword())?;
            attrs(out, &u.attrs)
        }
        Item::Verdict(v) => {
            docs(out, &v.docs, "")?;
            writeln!(out, "verdict")?;
            for row in &v.rows {
                writeln!(out, "    {}", verdict_row(&row.node))?;
                attrs_at(out, &row.node.attrs, "        ")?;
            }
            Ok(())
        }
    }
}

fn attrs(out: &mut String, a: &Attrs) -> fmt::Result {
    attrs_at(out, a, "    ")
}

/// Prints the attributes written, one a line after `indent`, in the grammar's order.
fn attrs_at(out: &mut String, a: &Attrs, indent: &str) -> fmt::Result {
    for (key, value) in [
        ("name", &a.name),
        ("article", &a.article),
        ("sentence", &a.sentence),
        ("quote", &a.quote),
        ("gloss", &a.gloss),
        ("provisional", &a.provisional),
    ] {
        if let Some(v) = value {
            writeln!(out, "{indent}{key} {}", string(&v.node))?;
        }
    }
    Ok(())
}

/// A string literal for `s`, escaped.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Prints an expression; compound operands are parenthesised.
pub fn expr(e: &Expr) -> String {
    match e {
        Expr::And(xs) => xs
            .iter()
            .map(|x| operand(&x.node))
            .collect::<Vec<_>>()
            .join(" and "),
        Expr::Or(xs) => xs
            .iter()
            .map(|x| operand(&x.node))
            .collect::<Vec<_>>()
            .join(" or "),
        Expr::Not(x) => format!("not {}", operand(&x.node)),
        Expr::Threats(q, x) => {
            let q = match q {
                ThreatQuantifier::Any => "any",
                ThreatQuantifier::No => "no",
            };
            format!("{q} threat {}", operand(&x.node))
        }
        Expr::Call(name, None) => name.node.clone(),
        Expr::Call(name, Some(args)) => {
            let args: Vec<&str> = args.iter().map(|a| a.node.as_str()).collect();
            format!("{}({})", name.node, args.join(", "))
        }
    }
}

fn operand(e: &Expr) -> String {
    match e {
        Expr::And(_) | Expr::Or(_) => format!("({})", expr(e)),
        _ => expr(e),
    }
}

/// Prints a pattern; compound operands are parenthesised.
pub fn pattern(p: &Pattern) -> String {
    match p {
        Pattern::And(xs) => xs
            .iter()
            .map(|x| pattern_operand(&x.node))
            .collect::<Vec<_>>()
            .join(" and "),
        Pattern::Or(xs) => xs
            .iter()
            .map(|x| pattern_operand(&x.node))
            .collect::<Vec<_>>()
            .join(" or "),
        Pattern::Not(x) => format!("not {}", pattern_operand(&x.node)),
        Pattern::Opponent(x) => format!("opponent {}", pattern_operand(&x.node)),
        Pattern::Quantified {
            quantifier,
            body,
            targets,
        } => {
            let q = self::quantifier(quantifier.node);
            let t = targets
                .as_ref()
                .map(|t| format!(" {}", target_clause(t.node)))
                .unwrap_or_default();
            // A compound body is parenthesised so the pattern's own `and`/`or` stay apart.
            format!("{q} {}{t}", operand(&body.node))
        }
    }
}

/// Prints a quantifier: `every move`, `at least 2 moves`.
pub fn quantifier(q: Quantifier) -> String {
    match q {
        Quantifier::Every => "every move".to_owned(),
        Quantifier::Some => "some move".to_owned(),
        Quantifier::No => "no move".to_owned(),
        Quantifier::AtLeast(n) => format!("at least {n} moves"),
    }
}

/// Prints a target clause: `on same target`.
pub fn target_clause(t: TargetClause) -> &'static str {
    match t {
        TargetClause::SameTarget => "on same target",
        TargetClause::SameTargetSameAttacker => "on same target by same attacker",
        TargetClause::ChangingTargets => "on changing targets",
    }
}

fn pattern_operand(p: &Pattern) -> String {
    match p {
        Pattern::And(_) | Pattern::Or(_) | Pattern::Quantified { .. } => {
            format!("({})", pattern(p))
        }
        _ => pattern(p),
    }
}

/// Prints a party of a verdict condition: `side` or `other`.
pub fn party(p: Party) -> &'static str {
    match p {
        Party::Side => "side",
        Party::Other => "other",
    }
}

/// Prints a verdict row.
pub fn verdict_row(row: &VerdictRow) -> String {
    let guard = match &row.guard.node {
        Guard::Otherwise => "otherwise".to_owned(),
        Guard::All(conds) => conds
            .iter()
            .map(|c| {
                let by = match &c.by {
                    Some(b) => format!(" by {}", b.node),
                    None if c.graver => " graver".to_owned(),
                    None => String::new(),
                };
                format!("{} {}{by}", party(c.party.node), c.outcome.node.keyword())
            })
            .collect::<Vec<_>>()
            .join(" and "),
    };
    let result = match row.result.node {
        RowResult::Loses(p) => format!("{} loses", party(p)),
        RowResult::Draw => "draw".to_owned(),
    };
    format!("{guard} → {result}")
}

#[cfg(test)]
mod tests {
    use crate::source::SourceFile;
    use crate::syntax::parse;

    fn round_trip(text: &str) {
        let a = parse(&SourceFile::new("a", text)).unwrap();
        let printed = super::file(&a);
        let b = parse(&SourceFile::new("b", printed.as_str()))
            .unwrap_or_else(|e| panic!("{printed}\n{e:?}"));
        assert_eq!(a, b, "{printed}");
    }

    #[test]
    fn round_trips() {
        round_trip(
            r#"/// doc
rules t title "a \"b\" \\ c" extends base
setting mate-plies = 3
replace term x on threat name "n" gloss "g" = not (a or b) and any threat (c and d(horse, rook)) or no threat e
ruling r when (every move x and not some move y) or opponent at least 2 moves z on same target unless no move q → allowed overrides a, b restates c
ruling g when every move check → forbidden graver overrides r
remove ruling y
verdict side forbidden by r and other allowed → other loses
  side forbidden graver and other forbidden graver → draw
  otherwise -> draw
"#,
        );
    }

    #[test]
    fn standings_round_trip() {
        round_trip(
            r#"rules t
/// Round robin.
standings round-robin name "vòng tròn" article "Điều 21.3"
    system round-robin
    score game win 1 draw 1/2 loss 0 article "Điều 21.1" quote "Thắng được 1 điểm"
    withdrawal annul-up-to-half article "Điều 21.5.1"
    split restart
    rank points article "Điều 21.3" head-to-head sonneborn-berger name "hệ số" lots
replace standings matches match 2 games score match win 1 draw 0.5 loss 0 forfeit game 4 match 1
    rank article "Điều lệ" match-points points
remove standings swiss
"#,
        );
    }
}
