//! The rulebook quotes the law verbatim: every `quote` of `rules/vn-1999.rules` and every
//! `basis` of the spec files is found, word for word, in the published text
//! (`../shared/seeds`, beside the repository). A paraphrase passed off as the law fails here.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::compile::load_rules;
use xqlaw::spec::SpecFile;
use xqlaw::spec::runner::spec_files;

/// The seeds with all whitespace runs made single spaces.
fn law_text() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
            text.push(' ');
        }
    }
    normalize(&text)
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn every_quote_of_the_1999_rulebook_is_verbatim() {
    let law = law_text();
    let rules = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let quotes = rules
        .terms
        .iter()
        .map(|t| (&t.id, &t.meta.quote))
        .chain(rules.rulings.iter().map(|r| (&r.id, &r.meta.quote)));
    let mut missing = Vec::new();
    let mut count = 0;
    for (id, quote) in quotes {
        if let Some(q) = quote {
            count += 1;
            if !law.contains(&normalize(q)) {
                missing.push(format!("{id}: {q}"));
            }
        }
    }
    assert!(count > 40, "only {count} quotes");
    assert!(
        missing.is_empty(),
        "not in the law's text:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_basis_is_verbatim() {
    let law = law_text();
    let mut missing = Vec::new();
    for path in spec_files(&["spec-tests/vn-1999".into()]) {
        let spec = SpecFile::load(&path).unwrap();
        for (rule_set, basis) in &spec.basis {
            if !law.contains(&normalize(basis)) {
                missing.push(format!("{} ({rule_set}): {basis}", spec.id));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the law's text:\n{}",
        missing.join("\n")
    );
}
