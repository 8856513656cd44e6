//! The decree's text as the decree prints it, in HTML, for the printable edition and the
//! book's article pages: an article's items in order, each item's paragraphs and figures in
//! order, every sentence verbatim in its own element (`<span class="s" id="s-23.9:2">`), and
//! after it what encodes it and the diagrams that show it (the trace,
//! [`crate::analyses::trace`]). A misprint stays as printed, marked, with its erratum after
//! the sentence. Nothing here picks or reorders the law's words: the text comes from the one
//! committed source (`law/…`), and `tests/import_law.rs` compares what is printed with it.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::analyses::trace::{Encoder, Row, Shown, Status, Trace};
use crate::compile::CompiledRules;
use crate::markdown::html;
use crate::spec::{LawArticle, LawBlock, LawErratum, LawItem, LawSentence};

use super::articles::Item;

/// The id of a sentence's element: `s-23.9:2`.
pub fn sentence_anchor(id: &str) -> String {
    format!("s-{id}")
}

/// The id of a figure's element: `hinh-74`.
pub fn figure_anchor(n: u32) -> String {
    format!("hinh-{n}")
}

/// The id of an item's element: `i-22.1`.
pub fn item_anchor(id: &str) -> String {
    format!("i-{id}")
}

/// Prints the law's text with the trace of one rule set.
pub struct Printer<'a> {
    /// The rule set whose definitions are named as encoding the sentences.
    rules: &'a CompiledRules,
    /// The trace's rows, by sentence id.
    rows: HashMap<&'a str, &'a Row>,
    /// Where a diagram's link points (`#hinh-74`, `../../diagrams/…`), by spec id; `None`
    /// for a diagram not printed where the text is.
    href: &'a dyn Fn(&Shown) -> Option<String>,
}

impl<'a> Printer<'a> {
    /// A printer naming the definitions of `rules` traced in `trace`, linking diagrams
    /// through `href`.
    pub fn new(
        rules: &'a CompiledRules,
        trace: &'a Trace,
        href: &'a dyn Fn(&Shown) -> Option<String>,
    ) -> Printer<'a> {
        Printer {
            rules,
            rows: trace.rows.iter().map(|r| (r.id.as_str(), r)).collect(),
            href,
        }
    }

    /// An article: its items in order, and each figure where the law prints it, drawn by
    /// `figure`.
    pub fn article(
        &self,
        s: &mut String,
        article: &LawArticle,
        figure: &mut dyn FnMut(&mut String, u32),
    ) {
        for item in &article.items {
            self.item(s, item, figure);
        }
    }

    /// An item: its number and term as printed (with their errata), then its paragraphs and
    /// figures in order.
    pub fn item(&self, s: &mut String, item: &LawItem, figure: &mut dyn FnMut(&mut String, u32)) {
        let _ = write!(
            s,
            "<div class=\"item\" id=\"{}\">",
            html(&item_anchor(&item.id))
        );
        if !item.label.is_empty() || item.term.is_some() {
            let _ = write!(s, "<p class=\"item-head\">");
            if !item.label.is_empty() {
                let _ = write!(s, "<span class=\"label\">{}</span> ", html(&item.label));
            }
            if let Some(term) = &item.term {
                let _ = write!(s, "<b class=\"term\">{}</b>", html(term));
            }
            let _ = write!(s, "</p>");
            errata(s, &item.errata);
        }
        for block in &item.blocks {
            match block {
                LawBlock::Figure { figure: n } => figure(s, *n),
                LawBlock::Paragraph { label, sentences } => {
                    self.paragraph(s, label.as_deref(), sentences);
                }
            }
        }
        let _ = writeln!(s, "</div>");
    }

    /// A paragraph. Where no sentence of it has anything to say beyond being printed (a
    /// sentence of Chương III or IV nothing cites), its sentences run on as printed; else each
    /// sentence is followed by its note.
    fn paragraph(&self, s: &mut String, label: Option<&str>, sentences: &[LawSentence]) {
        let mark = label
            .map(|l| format!("<span class=\"label\">{}</span> ", html(l)))
            .unwrap_or_default();
        let quiet = sentences.iter().all(|x| self.is_quiet(x));
        if quiet {
            let spans: Vec<String> = sentences.iter().map(sentence_span).collect();
            let _ = write!(s, "<p class=\"para\">{mark}{}</p>", spans.join(" "));
            return;
        }
        for (k, sentence) in sentences.iter().enumerate() {
            let mark = if k == 0 { mark.as_str() } else { "" };
            let _ = write!(s, "<p class=\"para\">{mark}{}</p>", sentence_span(sentence));
            errata(s, &sentence.errata);
            self.note(s, sentence);
        }
    }

    /// Whether a sentence has no note: nothing cites it, no diagram shows it, it has no
    /// erratum, and the trace accounts for it by nothing (it stands outside Chương V).
    fn is_quiet(&self, sentence: &LawSentence) -> bool {
        sentence.errata.is_empty()
            && self.rows.get(sentence.id.as_str()).is_none_or(|r| {
                r.status == Status::Unaccounted && r.encoded_by.is_empty() && r.shown_in.is_empty()
            })
    }

    /// The note after a sentence: its id, how it is accounted for, what encodes it, and the
    /// diagrams that show it.
    fn note(&self, s: &mut String, sentence: &LawSentence) {
        let Some(row) = self.rows.get(sentence.id.as_str()) else {
            return;
        };
        let mut parts = vec![format!("<span class=\"sid\">{}</span>", html(&row.id))];
        if row.encoded_by.is_empty() {
            let mut status = format!("<i>{}</i>", status_vi(row.status));
            if let Some(reason) = &row.reason {
                let _ = write!(status, ": {}", html(reason));
            }
            parts.push(status);
        } else {
            let names: Vec<String> = row.encoded_by.iter().map(|e| self.encoder(e)).collect();
            parts.push(format!("mã hóa bởi (encoded by) {}", names.join(", ")));
        }
        if !row.shown_in.is_empty() {
            let shown: Vec<String> = row
                .shown_in
                .iter()
                .map(|d| match (self.href)(d) {
                    Some(href) => format!("<a href=\"{}\">{}</a>", html(&href), html(&d.title)),
                    None => html(&d.title),
                })
                .collect();
            parts.push(format!("thấy ở (shown in) {}", shown.join(", ")));
        }
        let _ = writeln!(s, "<p class=\"trace\">{}</p>", parts.join(" · "));
    }

    /// A definition that encodes a sentence: `quy tắc Đuổi bắt mãi (perpetual-chase)`.
    fn encoder(&self, e: &Encoder) -> String {
        let item = match e.kind {
            "term" => self
                .rules
                .terms
                .iter()
                .find(|t| t.id == e.name)
                .map(Item::Term),
            "ruling" => self
                .rules
                .rulings
                .iter()
                .enumerate()
                .find(|(_, r)| r.id == e.name)
                .map(|(k, r)| Item::Ruling(r, k)),
            _ => None,
        };
        match item.and_then(|i| i.meta().name.as_deref().map(|n| (i, n))) {
            Some((i, name)) => format!(
                "{} {} (<code>{}</code>)",
                i.kind_vi(),
                html(name),
                html(&e.name)
            ),
            None => format!("{} <code>{}</code>", kind_vi(e.kind), html(&e.name)),
        }
    }
}

/// A sentence verbatim in its element, each misprinted passage marked (the text is unchanged).
fn sentence_span(sentence: &LawSentence) -> String {
    let mut text = html(&sentence.text);
    for e in &sentence.errata {
        let printed = html(&e.printed);
        text = text.replacen(
            &printed,
            &format!("<mark class=\"misprint\">{printed}</mark>"),
            1,
        );
    }
    format!(
        "<span class=\"s\" id=\"{}\">{text}</span>",
        html(&sentence_anchor(&sentence.id))
    )
}

/// The errata of a sentence or an item: what is printed, what is read, and why.
fn errata(s: &mut String, errata: &[LawErratum]) {
    for e in errata {
        let _ = writeln!(
            s,
            "<p class=\"erratum\">Đính chính (erratum): in (printed) “{}”, đọc là (read) “{}” — {}</p>",
            html(&e.printed),
            html(&e.corrected),
            html(&e.reason)
        );
    }
}

/// How a sentence nothing encodes is accounted for, in Vietnamese with the English label.
fn status_vi(status: Status) -> String {
    let vi = match status {
        Status::Encoded => "đã mã hóa",
        Status::Commentary => "lời bình của Hình, phán quyết được kiểm bằng xqlaw test",
        Status::Prose => "định nghĩa chỉ dùng trong lời văn",
        Status::Aside => "để sang bên",
        Status::Pending => "chưa mã hóa",
        Status::Unaccounted => "không mã hóa",
    };
    let en = match status {
        Status::Unaccounted => "not encoded",
        other => other.label(),
    };
    html(&format!("{vi} ({en})"))
}

/// A kind of definition in Vietnamese.
fn kind_vi(kind: &str) -> &str {
    match kind {
        "setting" => "thiết lập (setting)",
        "verdict" => "bảng phán quyết (verdict table)",
        "standings" => "xếp hạng (standings)",
        "term" => "thuật ngữ",
        "ruling" => "quy tắc",
        other => other,
    }
}
