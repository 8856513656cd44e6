//! The documentation is a book: `SUMMARY.md` lists every generated page (mdBook renders only
//! what it lists), and every relative link of every page leads to a page, a picture or an
//! anchor that exists.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

use xqlaw::docgen::{GeneratedFile, HAND_WRITTEN, generate};

mod common;

fn files() -> Vec<GeneratedFile> {
    let corpus = common::corpus();
    generate(corpus)
}

/// The targets of the Markdown links `[text](target)` and images `![alt](target)` of a page.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_owned());
        }
    }
    out
}

/// `a/b/../c.md` → `a/c.md`.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir => {
                assert!(out.pop(), "{} leaves docs/", path.display());
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The anchors a page defines with `<a id="…">`.
fn anchors(text: &str) -> BTreeSet<String> {
    text.split("<a id=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_summary_lists_every_page() {
    let files = files();
    let summary = files
        .iter()
        .find(|f| f.path == Path::new("SUMMARY.md"))
        .unwrap();
    let listed: BTreeSet<String> = link_targets(&summary.contents).into_iter().collect();
    for file in &files {
        let path = file.path.to_string_lossy().replace('\\', "/");
        if path.ends_with(".md") && path != "SUMMARY.md" {
            assert!(listed.contains(&path), "SUMMARY.md does not list {path}");
        }
    }
    for page in HAND_WRITTEN {
        assert!(listed.contains(page), "SUMMARY.md does not list {page}");
        assert!(
            Path::new("docs").join(page).exists(),
            "docs/{page} is missing"
        );
    }
    for target in &listed {
        assert!(
            files.iter().any(|f| f.path == Path::new(target)) || HAND_WRITTEN.contains(&&**target),
            "SUMMARY.md lists {target}, which is not a page"
        );
    }
}

#[test]
fn every_link_resolves() {
    let files = files();
    let pages: BTreeMap<PathBuf, &str> = files
        .iter()
        .map(|f| (f.path.clone(), f.contents.as_str()))
        .collect();
    let mut checked = 0;
    for file in files
        .iter()
        .filter(|f| f.path.extension().is_some_and(|e| e == "md"))
    {
        let dir = file.path.parent().unwrap_or(Path::new(""));
        for target in link_targets(&file.contents) {
            if target.starts_with("http") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target.as_str(), None),
            };
            let resolved = if path.is_empty() {
                file.path.clone()
            } else {
                normalize(&dir.join(path))
            };
            let contents = pages.get(&resolved).copied();
            let hand_written = HAND_WRITTEN.iter().any(|h| resolved == Path::new(h));
            assert!(
                contents.is_some() || hand_written,
                "{}: link to {target} leads nowhere",
                file.path.display()
            );
            if let (Some(anchor), Some(contents)) = (anchor, contents) {
                assert!(
                    anchors(contents).contains(anchor),
                    "{}: {target}: no anchor `{anchor}`",
                    file.path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} links");
}
