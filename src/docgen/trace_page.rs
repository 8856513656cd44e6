//! The traceability page of a rule set: every sentence of the law's Chương V with what
//! encodes it and the diagrams that show it (see [`crate::analyses::trace`]).

use std::fmt::Write as _;

use super::links::{self, rel};
use super::page::page;
use crate::analyses::trace::{Status, Trace, trace};
use crate::corpus::Corpus;
use crate::markdown::{cell, text};

/// The trace of the book's law (see [`super::book::law`]) through its own law text, when the
/// corpus holds that text.
pub fn law_trace(corpus: &Corpus) -> Option<Trace> {
    let (r, law) = traced(corpus)?;
    Some(trace(r, law, &corpus.diagrams))
}

/// The page of the book's law, when the corpus holds its law text.
pub fn law_link(corpus: &Corpus) -> Option<String> {
    traced(corpus).map(|(r, _)| link(&r.name))
}

fn traced(corpus: &Corpus) -> Option<(&crate::compile::CompiledRules, &crate::spec::LawText)> {
    let r = corpus.rules.get(super::book::law(corpus))?;
    let law = crate::spec::LawText::of(&corpus.laws, &r.name, &r.extends)?;
    Some((r, law))
}

/// Where the page of rule set `name` lives.
pub fn link(name: &str) -> String {
    format!("rules/{name}/trace.md")
}

/// The page: one table per article, in the law's order, and the closing note.
pub fn trace_page(corpus: &Corpus, trace: &Trace) -> String {
    let here = link(&trace.rule_set);
    let mut s = page(&format!(
        "Truy nguyên — every sentence of Chương V and what encodes it (`{}`)",
        trace.rule_set
    ));
    let _ = writeln!(
        s,
        "Every sentence of the law's Chương V (`law/{}.yaml`), in the law's order, with the terms, rulings, settings and verdict rows of [`{}`]({}) that cite it, and the diagrams that show it at work. `xqlaw trace {}` prints the same.\n",
        trace.law,
        trace.rule_set,
        rel(&here, &links::rule_set(&trace.rule_set)),
        format_args!("rules/{}.rules", trace.rule_set)
    );
    for status in Status::ALL {
        let _ = writeln!(s, "- **{}**: {}", status.label(), status.meaning());
    }
    let mut article = String::new();
    for row in &trace.rows {
        if row.article != article {
            article.clone_from(&row.article);
            let _ = writeln!(
                s,
                "\n## Điều {article}\n\n| Câu | Văn bản | Status | Encoded by | Hình |\n|---|---|---|---|---|"
            );
        }
        let encoded: Vec<String> = row
            .encoded_by
            .iter()
            .map(|e| format!("{} {}", e.kind, cell(&e.name)))
            .collect();
        let mut status = row.status.label().to_owned();
        if let Some(reason) = &row.reason {
            let _ = write!(status, ": {reason}");
        }
        let shown: Vec<String> = row
            .shown_in
            .iter()
            .filter_map(|d| corpus.diagrams.iter().find(|x| x.spec.id == d.id))
            .map(|d| {
                format!(
                    "[{}]({})",
                    text(&d.spec.title),
                    rel(&here, &links::diagram(d))
                )
            })
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} |",
            row.id,
            cell(&row.text),
            cell(&status),
            encoded.join("; "),
            shown.join(", ")
        );
    }
    let _ = writeln!(s, "\n{}.", text(&trace.closing_note()));
    s
}
