//! Every rule file under `tests/rules/` is compiled and its diagnostics (or warnings) are
//! rendered without colours into a snapshot.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use miette::Diagnostic;
use xqlaw::load_rules;
use xqlaw::report::{plain, render_with};

fn render(d: &dyn Diagnostic) -> String {
    render_with(d, &plain().with_width(100))
}

fn relative(path: &Path) -> &Path {
    path.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(path)
}

#[test]
fn rule_files() {
    insta::glob!("rules/*.rules", |path| {
        let mut out = String::new();
        match load_rules(relative(path)) {
            Ok(rules) => {
                out.push_str(&format!(
                    "ok: {} terms, {} rulings, {} verdict rows\n",
                    rules.terms().len(),
                    rules.rulings().len(),
                    rules.verdict_rows().len()
                ));
                for w in rules.warnings() {
                    out.push_str(&render(w));
                }
            }
            Err(errors) => {
                out.push_str(&format!("errors: {}\n", errors.len()));
                for e in errors.errors() {
                    out.push_str(&render(e));
                }
                for w in errors.warnings() {
                    out.push_str(&render(w));
                }
            }
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn never_panics_on_the_test_files_cut_anywhere() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for (i, _) in text.char_indices() {
            let _ = xqlaw::compile_str("cut.rules", &text[..i]);
        }
    }
}
