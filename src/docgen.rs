//! The law's documentation, generated from `rules/` and `spec-tests/` into `docs/` as an
//! mdBook (`docs/SUMMARY.md`, `docs/book.toml`).
//!
//! Every rule set gets an overview page (articles, settings, verdict table, predicate graph)
//! and one page per article of its law with the terms and rulings citing it (the law's words,
//! an English gloss, the source text) and the diagrams illustrating it; every diagram gets a
//! page with its board drawn as an SVG picture, its moves in the law's notation and in ICCS,
//! the errata, the commentary, and each rule set's expected and computed verdict with the
//! explanation; the index has one row per diagram; the comparison pages set the rule sets side
//! by side. Generation is a pure function of the rule files and the spec files, so a test can
//! regenerate the pages and fail when the committed ones are stale.

pub mod articles;
mod bibliography;
pub mod board_svg;
mod book;
mod compare;
mod decree;
mod diagram_page;
mod edition;
pub(crate) mod explanation;
pub(crate) mod fonts;
mod glyphs;
mod graph_svg;
mod index;
pub mod links;
pub(crate) mod page;
pub mod practice;
mod proposal;
mod rule_pages;
mod standings_page;
mod summary;
mod trace_page;
mod write;

use std::path::PathBuf;

use crate::corpus::{Corpus, Diagram};

pub use book::BookOptions;
pub use diagram_page::{board_of_play, board_plain};
pub use edition::law_edition;
pub use page::{COMMAND, GENERATED_MARK};
pub use proposal::{GameRecords, Proposal, proposal};
pub use summary::HAND_WRITTEN;
pub use write::{
    GENERATED_DIRS, MARK_WORDS, WriteError, is_generated, stale, write_all,
    write_all_with_progress, write_file,
};

/// A generated file: its path under `docs/` and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to the documentation folder.
    pub path: PathBuf,
    /// Contents.
    pub contents: String,
}

/// Every page of the project's own book (`docs/`), and the mdBook files.
pub fn generate(corpus: &Corpus) -> Vec<GeneratedFile> {
    generate_book(corpus, &BookOptions::default())
}

/// Every page of a book made with `options`, and the mdBook files. Each file names the
/// command that made it.
pub fn generate_book(corpus: &Corpus, options: &BookOptions) -> Vec<GeneratedFile> {
    let file = |path: &str, contents: String| GeneratedFile {
        path: PathBuf::from(path),
        contents,
    };
    let mut files = vec![
        file("book.toml", summary::book_toml(options)),
        file(book::CSS, book::css()),
        file("SUMMARY.md", summary::summary(corpus, options.practice)),
        file("index.md", index::index(corpus)),
        file("facts.md", index::facts()),
        file(bibliography::PAGE, bibliography::bibliography()),
        file(links::COMPARE, compare::compare(corpus)),
    ];
    if options.bring_hand_written {
        files.extend(book::hand_written());
    }
    if options.practice {
        files.extend(practice::pages());
    }
    // The law's trace judges the diagrams once per ruling: computed once, for the article
    // pages and the traceability page.
    let trace = trace_page::law_trace(corpus);
    for k in 0..corpus.rules.len() {
        files.extend(rule_pages::pages(corpus, k, trace.as_ref()));
    }
    for r in corpus.rules.iter().filter(|r| standings_page::has_own(r)) {
        files.push(file(
            &standings_page::link(&r.name),
            standings_page::standings_page(corpus, r),
        ));
    }
    if let Some(trace) = &trace {
        files.push(file(
            &trace_page::link(&trace.rule_set),
            trace_page::trace_page(corpus, trace),
        ));
    }
    for d in &corpus.diagrams {
        files.push(file(&links::diagram(d), diagram_page::diagram(corpus, d)));
        files.push(file(&links::board(d), diagram_page::board(corpus, d)));
    }
    for (a, b) in compare::pairs(corpus) {
        files.extend(compare::pair_page(corpus, a, b));
    }
    for f in &mut files {
        f.contents = options.stamp(&f.contents);
    }
    files
}
