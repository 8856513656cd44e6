//! Parsing and checking never panic: arbitrary text, and valid rule files with bytes cut,
//! swapped and inserted. Also the printer round trip on the valid test files.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use proptest::prelude::*;
use xqlaw::SourceFile;
use xqlaw::compile::compile_str;

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text(text in "\\PC{0,200}") {
        let _ = compile_str("fuzz.rules", &text);
    }

    #[test]
    fn rules_header_then_arbitrary_text(text in "[a-z()→\\->=\" \n/]{0,200}") {
        let _ = compile_str("fuzz.rules", &format!("rules fuzz\n{text}"));
    }

    #[test]
    fn mutated_rule_files(ops in proptest::collection::vec((any::<usize>(), any::<usize>(), any::<u8>()), 1..6)) {
        for text in [BASIC, VARIANT] {
            let _ = compile_str("fuzz.rules", &mutate(text, &ops));
        }
    }
}

#[test]
fn printer_round_trips_the_test_files() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/rules");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let Ok(ast) = xqlaw::syntax::parse(&SourceFile::new("a", text)) else {
            continue;
        };
        let printed = xqlaw::syntax::print::file(&ast);
        let again = xqlaw::syntax::parse(&SourceFile::new("b", printed.as_str()))
            .unwrap_or_else(|e| panic!("{}: {e}\n{printed}", path.display()));
        assert_eq!(ast, again, "{}", path.display());
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        "rules deep\nterm t on move = {}check{}\n",
        "(".repeat(20_000),
        ")".repeat(20_000)
    );
    let _ = compile_str("deep.rules", &text);
    let text = format!(
        "rules deep\nterm t on move = {}check\n",
        "not ".repeat(20_000)
    );
    let _ = compile_str("deep.rules", &text);
}
