//! The committed documentation in `docs/` is what `xqlaw docs` generates from `rules/` and
//! `spec-tests/` now: a change to the rulebook or the corpus without regenerating fails here.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::docgen::{GENERATED_MARK, generate, load_corpus, stale};

#[test]
fn docs_are_up_to_date() {
    let corpus = load_corpus(Path::new("rules"), Path::new("spec-tests")).unwrap();
    let files = generate(&corpus);
    assert!(files.len() > 80, "only {} pages", files.len());
    let out_of_date = stale(Path::new("docs"), &files);
    assert!(
        out_of_date.is_empty(),
        "docs/ is stale; run `cargo run --release -- docs`:\n{}",
        out_of_date
            .iter()
            .map(|p| format!("  {}\n", p.display()))
            .collect::<String>()
    );
}

#[test]
fn every_page_says_it_is_generated() {
    let corpus = load_corpus(Path::new("rules"), Path::new("spec-tests")).unwrap();
    for file in generate(&corpus) {
        if file.path.extension().is_some_and(|e| e == "md") {
            assert!(
                file.contents.starts_with(GENERATED_MARK),
                "{}",
                file.path.display()
            );
        }
    }
}

#[test]
fn a_stale_page_and_a_leftover_page_are_found() {
    let corpus = load_corpus(Path::new("rules"), Path::new("spec-tests")).unwrap();
    let files = generate(&corpus);
    let dir = std::env::temp_dir().join(format!("xqlaw-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    xqlaw::docgen::write_all(&dir, &files).unwrap();
    assert!(stale(&dir, &files).is_empty());
    std::fs::write(dir.join("index.md"), "edited by hand\n").unwrap();
    std::fs::write(dir.join("rules/old.md"), "a rule set that is gone\n").unwrap();
    let found = stale(&dir, &files);
    assert_eq!(found.len(), 2, "{found:?}");
    xqlaw::docgen::write_all(&dir, &files).unwrap();
    assert!(stale(&dir, &files).is_empty());
    assert!(!dir.join("rules/old.md").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
