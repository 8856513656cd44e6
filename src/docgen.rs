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
mod diagram_page;
mod edition;
mod glyphs;
mod graph_svg;
mod index;
pub mod links;
pub(crate) mod markdown;
mod rule_pages;
mod summary;
mod write;

use std::fs;
use std::path::{Path, PathBuf};

use crate::compile::CompiledRules;
use crate::eval::{Judgement, judge};
use crate::spec::SpecFile;
use crate::xiangqi::notation::{Notation, write_line};
use crate::xiangqi::{Move, Position};

pub use book::BookOptions;
pub use edition::law_edition;
pub use markdown::{COMMAND, GENERATED_MARK};
pub use summary::HAND_WRITTEN;
pub use write::{
    GENERATED_DIRS, MARK_WORDS, WriteError, is_generated, stale, write_all,
    write_all_with_progress, write_file,
};

/// What the documentation is generated from.
pub struct Corpus {
    /// The rule sets, in name order.
    pub rules: Vec<CompiledRules>,
    /// The diagrams, each with its topic folder (`vn-1999`), in folder and id order.
    pub diagrams: Vec<Diagram>,
}

/// One spec file, replayed and judged by every rule set.
pub struct Diagram {
    /// The folder the spec file stands in, under `spec-tests/`.
    pub topic: String,
    /// The spec file.
    pub spec: SpecFile,
    /// The start position.
    pub start: Position,
    /// The moves.
    pub moves: Vec<Move>,
    /// The judgement of each rule set, in the order of [`Corpus::rules`] (`None` when it could
    /// not be judged).
    pub judgements: Vec<Option<Judgement>>,
}

/// A generated file: its path under `docs/` and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to the documentation folder.
    pub path: PathBuf,
    /// Contents.
    pub contents: String,
}

/// Builds the corpus: judges every diagram whose moves replay with every rule set, the
/// explanations naming the moves in the law's Vietnamese notation. Spec files that cannot be
/// read or replayed are left out (`xqlaw test` reports them).
pub fn corpus(rules: Vec<CompiledRules>, specs: Vec<(String, SpecFile)>) -> Corpus {
    let mut diagrams: Vec<Diagram> = specs
        .into_iter()
        .filter_map(|(topic, spec)| {
            let (start, moves) = spec.position_and_moves()?;
            let texts = write_line(&start, &moves, Notation::Vietnamese);
            let judgements = rules
                .iter()
                .map(|r| {
                    let mut j = judge(r, &start, &moves).ok()?;
                    for (ply, text) in j.plies.iter_mut().zip(&texts) {
                        ply.text = Some(text.clone());
                    }
                    Some(j)
                })
                .collect();
            Some(Diagram {
                topic,
                spec,
                start,
                moves,
                judgements,
            })
        })
        .collect();
    diagrams.sort_by(|a, b| (&a.topic, &a.spec.id).cmp(&(&b.topic, &b.spec.id)));
    Corpus { rules, diagrams }
}

/// Loads every rule set in `rules_dir` (`*.rules`, in name order) and every spec file under
/// `spec_dir`, and judges them.
///
/// # Errors
///
/// A rule file that does not compile (the message names it; `xqlaw check` shows why).
pub fn load_corpus(rules_dir: &Path, spec_dir: &Path) -> Result<Corpus, String> {
    let mut rule_files: Vec<PathBuf> = fs::read_dir(rules_dir)
        .map_err(|e| format!("cannot read `{}`: {e}", rules_dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    rule_files.sort();
    let mut rules = Vec::new();
    for file in rule_files {
        let compiled = crate::compile::load_rules(&file).map_err(|_| {
            format!(
                "`{}` does not compile (run `xqlaw check` on it)",
                file.display()
            )
        })?;
        rules.push(compiled);
    }
    Ok(corpus(rules, load_specs(&[spec_dir.to_path_buf()])))
}

/// The spec files under `paths` that load, each with its topic (the folder it stands in).
/// Files that do not load are left out: `xqlaw test` reports them.
pub fn load_specs(paths: &[PathBuf]) -> Vec<(String, SpecFile)> {
    crate::spec::runner::spec_files(paths)
        .into_iter()
        .filter_map(|path| {
            let topic = path.parent()?.file_name()?.to_string_lossy().into_owned();
            Some((topic, SpecFile::load(&path).ok()?))
        })
        .collect()
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
        file("SUMMARY.md", summary::summary(corpus)),
        file("index.md", index::index(corpus)),
        file("facts.md", index::facts()),
        file(bibliography::PAGE, bibliography::bibliography()),
        file(links::COMPARE, compare::compare(corpus)),
    ];
    if options.bring_hand_written {
        files.extend(book::hand_written());
    }
    for k in 0..corpus.rules.len() {
        files.extend(rule_pages::pages(corpus, k));
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
