//! Parsing and checking never panic: arbitrary text, and valid rule files with bytes cut,
//! swapped and inserted. What comes back is a rule set or errors that each have a code and
//! point inside the text. Also the printer round trip on every rule file of the project.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::collections::BTreeSet;
use std::path::Path;

use miette::Diagnostic;
use proptest::prelude::*;
use xqlaw::SourceFile;
use xqlaw::compile_str;

const BASIC: &str = include_str!("rules/basic.rules");
const VARIANT: &str = include_str!("rules/variant.rules");

/// Tokens that often appear in rule files, to mutate with.
const TOKENS: &[&str] = &[
    "term",
    "ruling",
    "verdict",
    "every move",
    "on same target",
    "any threat",
    "(",
    ")",
    "→",
    "->",
    "and",
    "or",
    "not",
    "\"",
    "///",
    "//",
    "\n",
    "=",
    "attacker(",
    "check",
    "replace",
    "remove",
    "side",
    "other",
    "otherwise",
    "at least 99999999999999999999999 moves",
    "é",
    "đ",
];

fn mutate(text: &str, ops: &[(usize, usize, u8)]) -> String {
    let mut s = text.to_owned();
    for &(pos, tok, kind) in ops {
        let mut at = pos % (s.len() + 1);
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        match kind % 3 {
            0 => s.insert_str(at, TOKENS[tok % TOKENS.len()]),
            1 => {
                let mut end = (at + tok % 12).min(s.len());
                while !s.is_char_boundary(end) {
                    end -= 1;
                }
                s.replace_range(at..end, "");
            }
            _ => s.truncate(at),
        }
    }
    s
}

/// Compiles `text` and checks what came back: on failure, every error has an `xqlaw::` code
/// and its labels lie inside the text. Returns the code of the first error, if any.
fn compile_checked(text: &str) -> Option<String> {
    let errors = compile_str("fuzz.rules", text).err()?;
    for e in errors.errors() {
        let code = e.code().map(|c| c.to_string()).unwrap_or_default();
        assert!(code.starts_with("xqlaw::"), "no code: {e}");
        for label in e.labels().into_iter().flatten() {
            assert!(
                label.offset() + label.len() <= text.len(),
                "{code}: label {label:?} outside the text"
            );
        }
    }
    errors.errors().next()?.code().map(|c| c.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text(text in "\\PC{0,200}") {
        compile_checked(&text);
    }

    #[test]
    fn rules_header_then_arbitrary_text(text in "[a-z()→\\->=\" \n/]{0,200}") {
        compile_checked(&format!("rules fuzz\n{text}"));
    }

    #[test]
    fn mutated_rule_files(ops in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 1..6)) {
        for text in [BASIC, VARIANT] {
            compile_checked(&mutate(text, &ops));
        }
    }
}

/// The files of `dir` ending in `.rules`, sorted.
fn rule_files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    files
}

/// Printing a parsed file and parsing the print gives the same syntax tree, for the project's
/// rule sets and every test file. The test files that do not parse are those written to show
/// a syntax error; they are counted by name, so a file that stops parsing is noticed.
#[test]
fn printer_round_trips_every_rule_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rule_files_in(&root.join("rules"));
    let real = files.len();
    files.extend(rule_files_in(&root.join("tests/rules")));
    let mut unparsed = BTreeSet::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let Ok(ast) = xqlaw::syntax::parse(&SourceFile::new("a", text)) else {
            unparsed.insert(path.strip_prefix(root).unwrap().display().to_string());
            continue;
        };
        let printed = xqlaw::syntax::print::file(&ast);
        let again = xqlaw::syntax::parse(&SourceFile::new("b", printed.as_str()))
            .unwrap_or_else(|e| panic!("{}: {e}\n{printed}", path.display()));
        assert_eq!(ast, again, "{}", path.display());
    }
    // The five rule sets of the project: the law and its four variants.
    assert_eq!(real, 5);
    assert_eq!(
        unparsed,
        BTreeSet::from(
            [
                "tests/rules/integer.rules",
                "tests/rules/syntax-header.rules",
                "tests/rules/syntax-many.rules",
                "tests/rules/syntax-outcome.rules",
            ]
            .map(str::to_owned)
        )
    );
    assert_eq!(files.len() - unparsed.len(), real + 25);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        "rules deep\nterm t on move = {}check{}\n",
        "(".repeat(20_000),
        ")".repeat(20_000)
    );
    let code = compile_checked(&text).expect("an error");
    assert!(code.starts_with("xqlaw::syntax"), "{code}");
    let text = format!(
        "rules deep\nterm t on move = {}check\n",
        "not ".repeat(20_000)
    );
    let code = compile_checked(&text).expect("an error");
    assert!(code.starts_with("xqlaw::syntax"), "{code}");
}
