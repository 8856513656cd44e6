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
pub mod board_svg;
mod compare;
mod diagram_page;
mod index;
pub mod links;
mod markdown;
mod rule_pages;
mod summary;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::corpus::{Corpus, Diagram};

pub use markdown::{COMMAND, GENERATED_MARK};
pub use summary::HAND_WRITTEN;

/// A generated file: its path under `docs/` and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedFile {
    /// Path relative to the documentation folder.
    pub path: PathBuf,
    /// Contents.
    pub contents: String,
}

/// Every page of the documentation, and the mdBook files.
pub fn generate(corpus: &Corpus) -> Vec<GeneratedFile> {
    let file = |path: &str, contents: String| GeneratedFile {
        path: PathBuf::from(path),
        contents,
    };
    let mut files = vec![
        file("book.toml", summary::book_toml()),
        file("SUMMARY.md", summary::summary(corpus)),
        file("index.md", index::index(corpus)),
        file("facts.md", index::facts()),
        file(links::COMPARE, compare::compare(corpus)),
    ];
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
    files
}

/// The generated folders under `docs/`: files in them that generation no longer produces
/// are stale too.
const GENERATED_DIRS: [&str; 3] = ["rules", "diagrams", "compare"];

/// Writes the files under `out`, and removes files in the generated folders that are no longer
/// generated. Hand-written files beside them (`docs/language.md`) are left alone.
pub fn write_all(out: &Path, files: &[GeneratedFile]) -> io::Result<()> {
    for path in leftovers(out, files) {
        fs::remove_file(out.join(path))?;
    }
    for file in files {
        let path = out.join(&file.path);
        if fs::read_to_string(&path).ok().as_deref() == Some(file.contents.as_str()) {
            continue;
        }
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        crate::spec::write_atomic(&path, &file.contents)
            .map_err(|e| io::Error::other(e.to_string()))?;
    }
    Ok(())
}

/// The paths (relative to `out`) that differ from what generation produces: changed, missing,
/// or left over in a generated folder.
pub fn stale(out: &Path, files: &[GeneratedFile]) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = files
        .iter()
        .filter(|f| {
            fs::read_to_string(out.join(&f.path)).ok().as_deref() != Some(f.contents.as_str())
        })
        .map(|f| f.path.clone())
        .collect();
    paths.extend(leftovers(out, files));
    paths.sort();
    paths
}

/// Files in the generated folders that generation does not produce.
fn leftovers(out: &Path, files: &[GeneratedFile]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for dir in GENERATED_DIRS {
        list(out, Path::new(dir), &mut found);
    }
    found.retain(|p| !files.iter().any(|f| &f.path == p));
    found
}

fn list(root: &Path, rel: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(root.join(rel)) else {
        return;
    };
    for entry in entries.flatten() {
        let rel = rel.join(entry.file_name());
        if entry.path().is_dir() {
            list(root, &rel, out);
        } else {
            out.push(rel);
        }
    }
}
