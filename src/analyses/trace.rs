//! Traceability: every sentence of the law's Chương V (or of any chapter) with what encodes it.
//!
//! A sentence is *encoded* when a term, ruling, setting, verdict row or part of a standings
//! form of the rule set cites it (`sentence "…"`). A sentence of Điều 24 printed after a
//! figure is that diagram's *commentary*: the diagram's spec file states the verdict it gives,
//! and `xqlaw test` checks it. A sentence nothing encodes is listed with the reason an
//! `unencoded` item of the rule set records: a definition used only in the prose of other
//! sentences, a sentence set aside (its DECISION in the item's doc comment), or one not yet
//! encoded. A sentence with none of these is *unaccounted*, and says so: nothing is dropped
//! silently.
//!
//! Each sentence also lists the diagrams that show it at work: the figures of its example
//! (Điều 24), the diagrams whose verdict a ruling citing it decides (removing the ruling
//! changes it), and the cases whose stated basis stands in it.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::analyses::coverage::coverage;
use crate::compile::{CompiledRules, Meta};
use crate::corpus::Diagram;
use crate::spec::{LawBlock, LawItem, LawText};
use crate::syntax::ast::UnencodedReason;

/// The chapter traced: the detailed rules.
pub const CHAPTER: &str = "V";

/// Every sentence of a law's Chương V, traced through one rule set.
#[derive(Debug, Clone, Serialize)]
pub struct Trace {
    /// The rule set.
    pub rule_set: String,
    /// The law it cites.
    pub law: String,
    /// The sentences, in the law's order.
    pub rows: Vec<Row>,
}

/// One sentence and what encodes it.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Its id (`23.9:2`).
    pub id: String,
    /// Its article (`23`).
    pub article: String,
    /// Its item (`23.9`).
    pub item: String,
    /// Its printed text.
    pub text: String,
    /// What encodes it.
    pub encoded_by: Vec<Encoder>,
    /// The diagrams that show it at work: spec ids, in corpus order.
    pub shown_in: Vec<Shown>,
    /// How it is accounted for.
    pub status: Status,
    /// The reason recorded for a sentence nothing encodes: the `unencoded` item's gloss and
    /// doc comment.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// A definition that encodes a sentence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Encoder {
    /// `term`, `ruling`, `setting`, `verdict` or `standings`.
    pub kind: &'static str,
    /// Its name (`perpetual-chase`; `row 3` of the verdict; `round-robin (rank)`).
    pub name: String,
}

/// A diagram that shows a sentence at work.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Shown {
    /// The spec file's id (`hinh-74`).
    pub id: String,
    /// Its title (`Hình 74`).
    pub title: String,
}

/// How a sentence is accounted for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Cited by a definition of the rule set.
    Encoded,
    /// A diagram's commentary: its spec file states the verdict, `xqlaw test` checks it.
    Commentary,
    /// A definition used only in the prose of other sentences.
    Prose,
    /// Set aside, with a DECISION.
    Aside,
    /// Not yet encoded.
    Pending,
    /// Nothing accounts for it.
    Unaccounted,
}

impl Status {
    /// Every status, in the order the closing note counts them.
    pub const ALL: [Status; 6] = [
        Status::Encoded,
        Status::Commentary,
        Status::Prose,
        Status::Aside,
        Status::Pending,
        Status::Unaccounted,
    ];

    /// A short label.
    pub fn label(self) -> &'static str {
        match self {
            Status::Encoded => "encoded",
            Status::Commentary => "commentary",
            Status::Prose => "prose",
            Status::Aside => "set aside",
            Status::Pending => "not yet encoded",
            Status::Unaccounted => "unaccounted",
        }
    }

    /// What the label means, for a closing note.
    pub fn meaning(self) -> &'static str {
        match self {
            Status::Encoded => "encoded by a term, ruling, setting, verdict row or standings form",
            Status::Commentary => {
                "a diagram's commentary: its spec file states the verdict, and `xqlaw test` checks it"
            }
            Status::Prose => "a definition used only in the prose of other sentences",
            Status::Aside => "set aside, with a DECISION",
            Status::Pending => "not yet encoded",
            Status::Unaccounted => "accounted for by nothing (an `unencoded` item should say why)",
        }
    }
}

impl From<UnencodedReason> for Status {
    fn from(reason: UnencodedReason) -> Status {
        match reason {
            UnencodedReason::Prose => Status::Prose,
            UnencodedReason::Aside => Status::Aside,
            UnencodedReason::Pending => Status::Pending,
        }
    }
}

impl Trace {
    /// How many sentences have `status`.
    pub fn count(&self, status: Status) -> usize {
        self.rows.iter().filter(|r| r.status == status).count()
    }

    /// The closing note: how many sentences, and how each is accounted for.
    pub fn closing_note(&self) -> String {
        let parts: Vec<String> = Status::ALL
            .iter()
            .map(|&s| (s, self.count(s)))
            .filter(|&(s, n)| n > 0 || s == Status::Unaccounted)
            .map(|(s, n)| format!("{n} {}", s.label()))
            .collect();
        format!(
            "{} sentences of Chương V of `{}` traced through `{}`: {}",
            self.rows.len(),
            self.law,
            self.rule_set,
            parts.join(", ")
        )
    }
}

/// Every definition of `rules` that cites sentences, with what it is.
fn encoders(rules: &CompiledRules) -> Vec<(Encoder, &[String])> {
    let mut all: Vec<(&'static str, String, &[String])> = Vec::new();
    for t in &rules.terms {
        all.push(("term", t.id.clone(), &t.meta.sentences));
    }
    for r in &rules.rulings {
        all.push(("ruling", r.id.clone(), &r.meta.sentences));
    }
    for (name, meta) in &rules.setting_meta {
        all.push(("setting", name.clone(), &meta.sentences));
    }
    for (i, row) in rules.verdict.iter().enumerate() {
        all.push((
            "verdict",
            format!("row {} ({})", i + 1, row.text),
            &row.meta.sentences,
        ));
    }
    for form in &rules.standings {
        for (part, citation) in form.citations() {
            all.push((
                "standings",
                format!("{} ({part})", form.id),
                &citation.sentences,
            ));
        }
    }
    all.into_iter()
        .filter(|(_, _, sentences)| !sentences.is_empty())
        .map(|(kind, name, sentences)| (Encoder { kind, name }, sentences))
        .collect()
}

/// Traces `law`'s Chương V through `rules`, with the diagrams of `diagrams` (judged by
/// whatever rule sets; `rules` judges them again for what its rulings decide).
pub fn trace(rules: &CompiledRules, law: &LawText, diagrams: &[Diagram]) -> Trace {
    trace_chapters(rules, law, diagrams, &[CHAPTER])
}

/// Traces the chapters `chapters` of `law` (by roman number, in the law's order whatever
/// the order given) through `rules`, as [`trace`] does Chương V. The printed editions trace
/// every chapter: outside Chương V a sentence nothing cites is [`Status::Unaccounted`], which
/// they show as not encoded.
pub fn trace_chapters(
    rules: &CompiledRules,
    law: &LawText,
    diagrams: &[Diagram],
    chapters: &[&str],
) -> Trace {
    let encoders = encoders(rules);
    let cases: Vec<_> = diagrams.iter().map(Diagram::case_play).collect();
    let decided = coverage(rules, &cases);
    let mut rows = Vec::new();
    let chosen = law
        .chapters
        .iter()
        .filter(|c| chapters.contains(&c.id.as_str()));
    for article in chosen.flat_map(|c| &c.articles) {
        for item in &article.items {
            for (sentence, figures) in with_figures(item) {
                let encoded_by: Vec<Encoder> = encoders
                    .iter()
                    .filter(|(_, ids)| ids.contains(&sentence.id))
                    .map(|(e, _)| e.clone())
                    .collect();
                let mut shown: BTreeSet<usize> = BTreeSet::new();
                for (k, d) in diagrams.iter().enumerate() {
                    let figure = figures
                        .iter()
                        .any(|n| d.spec.title == format!("Hình {n}") && d.topic == law.law);
                    let basis = d.spec.basis.get(&rules.name).is_some_and(|b| {
                        let b = b.trim();
                        !b.is_empty() && (sentence.text.contains(b) || b.contains(&sentence.text))
                    });
                    let by_ruling = decided.rulings.iter().any(|effect| {
                        encoded_by
                            .iter()
                            .any(|e| e.kind == "ruling" && e.name == effect.ruling)
                            && effect
                                .decides
                                .iter()
                                .any(|c| c.id == d.spec.id && c.topic == d.topic)
                    });
                    if figure || basis || by_ruling {
                        shown.insert(k);
                    }
                }
                let note = rules
                    .unencoded
                    .iter()
                    .find(|u| u.meta.sentences.contains(&sentence.id));
                let status = if !encoded_by.is_empty() {
                    Status::Encoded
                } else if let Some(u) = note {
                    Status::from(u.reason)
                } else if article.id == "24"
                    && (is_commentary(item, &sentence.id) || names_figures(&sentence.text))
                {
                    Status::Commentary
                } else {
                    Status::Unaccounted
                };
                rows.push(Row {
                    id: sentence.id.clone(),
                    article: article.id.clone(),
                    item: item.id.clone(),
                    text: sentence.text.clone(),
                    encoded_by,
                    shown_in: shown
                        .into_iter()
                        .filter_map(|k| diagrams.get(k))
                        .map(|d| Shown {
                            id: d.spec.id.clone(),
                            title: d.spec.title.clone(),
                        })
                        .collect(),
                    status,
                    reason: note.filter(|_| status != Status::Encoded).map(reason),
                });
            }
        }
    }
    Trace {
        rule_set: rules.name.clone(),
        law: law.law.clone(),
        rows,
    }
}

/// The reason an `unencoded` item gives: its doc comment (the DECISION of a sentence set
/// aside), or else its gloss.
fn reason(u: &crate::compile::Unencoded) -> String {
    let Meta { gloss, docs, .. } = &u.meta;
    if docs.is_empty() {
        gloss.clone().unwrap_or_default()
    } else {
        docs.join(" ")
    }
}

/// Each sentence of `item` with the figures it speaks of: a sentence printed after figures
/// speaks of the figures just before it; a sentence before any figure (the example's
/// principle) speaks of all of them.
fn with_figures(item: &LawItem) -> Vec<(&crate::spec::LawSentence, Vec<u32>)> {
    let all: Vec<u32> = item.figures().collect();
    let mut out = Vec::new();
    let mut run: Vec<u32> = Vec::new();
    let mut last: Option<Vec<u32>> = None;
    for block in &item.blocks {
        match block {
            LawBlock::Figure { figure } => run.push(*figure),
            LawBlock::Paragraph { sentences, .. } => {
                if !run.is_empty() {
                    last = Some(std::mem::take(&mut run));
                }
                let figures = last.clone().unwrap_or_else(|| all.clone());
                out.extend(sentences.iter().map(|s| (s, figures.clone())));
            }
        }
    }
    out
}

/// Whether `text` speaks of figures by number (`Từ hình 1 đến hình 3, …`): the diagrams'
/// commentary, printed before them.
fn names_figures(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.match_indices("hình ").any(|(at, word)| {
        lower
            .get(at + word.len()..)
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_ascii_digit())
    })
}

/// Whether the sentence `id` is printed after a figure of `item`: a diagram's commentary.
fn is_commentary(item: &LawItem, id: &str) -> bool {
    let mut seen_figure = false;
    for block in &item.blocks {
        match block {
            LawBlock::Figure { .. } => seen_figure = true,
            LawBlock::Paragraph { sentences, .. } => {
                if sentences.iter().any(|s| s.id == id) {
                    return seen_figure;
                }
            }
        }
    }
    false
}
