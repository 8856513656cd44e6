//! Every diagnostic code of the compiler (`src/compile/err.rs`) and of the parser
//! (`src/syntax/err.rs`), triggered by a small rule text, with the code asserted and the text
//! its main label underlines (and that text's line). These tests do not depend on how the
//! diagnostic is rendered; `tests/diagnostics.rs` snapshots the rendering.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use xqlaw::{CompileErrors, CompiledRules, compile_str, load_rules};

/// What a diagnostic says and where: its code, the text its main label underlines, and the
/// line (from 1) that text starts on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    code: String,
    underlined: String,
    line: usize,
}

fn found(d: &dyn Diagnostic) -> Found {
    let code = d.code().map(|c| c.to_string()).unwrap_or_default();
    let labels: Vec<miette::LabeledSpan> = d.labels().into_iter().flatten().collect();
    let main = labels.iter().find(|l| l.primary()).or(labels.first());
    let (underlined, line) = match (main, d.source_code()) {
        (Some(label), Some(src)) => {
            let contents = src.read_span(label.inner(), 0, 0).unwrap();
            (
                String::from_utf8_lossy(contents.data()).into_owned(),
                contents.line() + 1,
            )
        }
        _ => (String::new(), 0),
    };
    Found {
        code,
        underlined,
        line,
    }
}

/// The errors and warnings of a compilation, in order (errors first).
fn diagnostics(result: Result<CompiledRules, CompileErrors>) -> Vec<Found> {
    match result {
        Ok(rules) => rules.warnings().iter().map(|w| found(w)).collect(),
        Err(errors) => errors
            .errors()
            .map(|e| found(e))
            .chain(errors.warnings().iter().map(|w| found(w)))
            .collect(),
    }
}

fn diagnostics_of_text(text: &str) -> Vec<Found> {
    diagnostics(compile_str("t.rules", text))
}

fn diagnostics_of_file(path: &Path) -> Vec<Found> {
    diagnostics(load_rules(path))
}

/// A verdict that makes a rule set complete, for texts about something else.
const VERDICT: &str = "verdict\n    side forbidden → side loses\n    otherwise → draw\n";

/// `(code, rule text, underlined text, line)`: the text triggers the code, and the
/// diagnostic's main label underlines that text on that line.
const CASES: &[(&str, &str, &str, usize)] = &[
    // The parser.
    (
        "xqlaw::syntax",
        "rules t\nterm a on move = check\nruling r when every move a -> forbiden\n",
        "forbiden",
        3,
    ),
    (
        "xqlaw::syntax::integer",
        "rules t\nsetting mate-nodes = 123456789012345678901234567890\n",
        "123456789012345678901234567890",
        2,
    ),
    (
        "xqlaw::syntax::duplicate",
        "rules t\nterm a on move\n    article \"x\"\n    article \"y\"\n    = check\n",
        "article \"y\"",
        4,
    ),
    // Definitions given twice.
    (
        "xqlaw::duplicate::fact",
        "rules t\nterm check on move = capture\nruling r when every move check → forbidden\n",
        "check",
        2,
    ),
    (
        "xqlaw::duplicate::name",
        "rules t\nterm a on move = check\nterm a on move = capture\nruling r when every move a → forbidden\n",
        "a",
        3,
    ),
    (
        "xqlaw::duplicate::setting",
        "rules t\nsetting mate-plies = 5\nsetting mate-plies = 7\nterm a on move = check\nruling r when every move a → forbidden\n",
        "mate-plies",
        3,
    ),
    (
        "xqlaw::duplicate::verdict",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nverdict otherwise → draw\nverdict otherwise → draw\n",
        "verdict",
        5,
    ),
    // `replace` and `remove`.
    (
        "xqlaw::remove::local",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nruling s when some move a → allowed\nremove ruling s\n",
        "s",
        5,
    ),
    (
        "xqlaw::nothing-to-change",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nremove ruling s\n",
        "s",
        4,
    ),
    // Names.
    (
        "xqlaw::unknown::name",
        "rules t\nterm a on move = chek\nruling r when every move a → forbidden\n",
        "chek",
        2,
    ),
    (
        "xqlaw::ruling-in-expression",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nterm b on move = r\nruling s when every move b → forbidden\n",
        "r",
        4,
    ),
    (
        "xqlaw::unknown::ruling",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden overrides nosuch\n",
        "nosuch",
        3,
    ),
    (
        "xqlaw::not-a-ruling",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden overrides a\n",
        "a",
        3,
    ),
    (
        "xqlaw::overrides::self",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden overrides r\n",
        "r",
        3,
    ),
    (
        "xqlaw::restates::self",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden restates r\n",
        "r",
        3,
    ),
    (
        "xqlaw::restates::outcome",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nruling s when every move a → allowed restates r\n",
        "r",
        4,
    ),
    // Piece kinds.
    (
        "xqlaw::params",
        "rules t\nterm a on move = check(rook)\nruling r when every move a → forbidden\n",
        "check(rook)",
        2,
    ),
    (
        "xqlaw::unknown::role",
        "rules t\nterm a on move = moved(queen)\nruling r when every move a → forbidden\n",
        "queen",
        2,
    ),
    // Subjects.
    (
        "xqlaw::subject",
        "rules t\nterm a on move = new\nruling r when every move a → forbidden\n",
        "new",
        2,
    ),
    // Patterns.
    (
        "xqlaw::target-clause",
        "rules t\nterm a on threat = new\nruling r when some move a on same target → forbidden\n",
        "on same target",
        3,
    ),
    (
        "xqlaw::at-least-zero",
        "rules t\nterm a on move = check\nruling r when at least 0 moves a → forbidden\n",
        "at least 0 moves",
        3,
    ),
    // Cycles.
    (
        "xqlaw::cycle::term",
        "rules t\nterm a on move = b\nterm b on move = a\nruling r when every move a → forbidden\n",
        "a",
        2,
    ),
    (
        "xqlaw::cycle::overrides",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden overrides s\nruling s when some move a → allowed overrides r\n",
        "s",
        3,
    ),
    // The verdict and the settings.
    (
        "xqlaw::verdict::missing",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\n",
        "t",
        1,
    ),
    (
        "xqlaw::verdict::outcome",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nverdict\n    side allowed by r → side loses\n    otherwise → draw\n",
        "side allowed by r",
        5,
    ),
    (
        "xqlaw::verdict::graver",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden graver\nverdict\n    side allowed graver → side loses\n    otherwise → draw\n",
        "side allowed graver",
        5,
    ),
    (
        "xqlaw::graver::allowed",
        "rules t\nterm a on move = check\nruling r when every move a → allowed graver\n",
        "graver",
        3,
    ),
    (
        "xqlaw::setting::range",
        "rules t\nsetting mate-plies = 5000000000\nterm a on move = check\nruling r when every move a → forbidden\n",
        "5000000000",
        2,
    ),
    (
        "xqlaw::unknown::setting",
        "rules t\nsetting mate-plys = 5\nterm a on move = check\nruling r when every move a → forbidden\n",
        "mate-plys",
        2,
    ),
    // Warnings.
    (
        "xqlaw::unused-term",
        "rules t\nterm a on move = check\nterm b on move = capture\nruling r when every move a → forbidden\n",
        "b",
        3,
    ),
    (
        "xqlaw::verdict::unreachable",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nverdict\n    otherwise → draw\n    side forbidden → side loses\n",
        "side forbidden → side loses",
        6,
    ),
    (
        "xqlaw::verdict::no-graver",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nverdict\n    side forbidden graver → side loses\n    otherwise → draw\n",
        "side forbidden graver",
        5,
    ),
    (
        "xqlaw::verdict::no-otherwise",
        "rules t\nterm a on move = check\nruling r when every move a → forbidden\nverdict\n    side forbidden → side loses\n",
        "side forbidden → side loses",
        5,
    ),
];

/// Appends the complete verdict to a text that has none and is not about the verdict.
fn complete(code: &str, text: &str) -> String {
    if text.contains("verdict") || code == "xqlaw::verdict::missing" {
        text.to_owned()
    } else {
        format!("{text}{VERDICT}")
    }
}

/// Asserts that each text of `cases` gives its code, underlining its text on its line.
fn assert_each_points(cases: &[(&str, &str, &str, usize)]) {
    let mut wrong = Vec::new();
    for &(code, text, underlined, line) in cases {
        let all = diagnostics_of_text(&complete(code, text));
        let want = Found {
            code: code.to_owned(),
            underlined: underlined.to_owned(),
            line,
        };
        if !all.contains(&want) {
            wrong.push(format!("{code}: wanted {want:?}\n  got {all:#?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn each_code_points_at_what_it_is_about() {
    assert_each_points(CASES);
}

/// The same code from several variants: each variant is triggered, and each is told apart by
/// what it underlines.
#[test]
fn every_variant_of_a_shared_code_is_triggered() {
    let cases: &[(&str, &str, &str, usize)] = &[
        // A fact after `overrides`.
        (
            "xqlaw::unknown::ruling",
            "rules t\nterm a on move = check\nruling r when every move a → forbidden overrides capture\n",
            "capture",
            3,
        ),
        // A term given piece kinds; a fact that needs them written without.
        (
            "xqlaw::params",
            "rules t\nterm a on move = check\nterm b on move = a(rook)\nruling r when every move b → forbidden\n",
            "a(rook)",
            3,
        ),
        (
            "xqlaw::params",
            "rules t\nterm a on move = moved\nruling r when every move a → forbidden\n",
            "moved",
            2,
        ),
        // A move fact in a threat expression; a threat term in a move expression; a move term
        // in a threat expression; `any threat` inside a threat expression.
        (
            "xqlaw::subject",
            "rules t\nterm a on threat = check\nterm b on move = any threat a\nruling r when every move b → forbidden\n",
            "check",
            2,
        ),
        (
            "xqlaw::subject",
            "rules t\nterm a on threat = new\nterm b on move = a\nruling r when every move b → forbidden\n",
            "a",
            3,
        ),
        (
            "xqlaw::subject",
            "rules t\nterm a on move = check\nterm b on threat = new and a\nterm c on move = any threat b\nruling r when every move c → forbidden\n",
            "a",
            3,
        ),
        (
            "xqlaw::subject",
            "rules t\nterm a on threat = any threat new\nterm b on move = any threat a\nruling r when every move b → forbidden\n",
            "any threat new",
            2,
        ),
        // `on changing targets` after `at least`.
        (
            "xqlaw::target-clause",
            "rules t\nterm a on threat = new\nruling r when at least 2 moves a on changing targets → forbidden\n",
            "on changing targets",
            3,
        ),
    ];
    assert_each_points(cases);
}

/// The codes about `extends` need files: the chain is read from the rule file's folder.
#[test]
fn extends_codes_point_at_the_extends_line_or_the_declared_name() {
    let at = |file: &str| diagnostics_of_file(&Path::new("tests/rules").join(file));
    assert!(at("extends-missing.rules").contains(&Found {
        code: "xqlaw::extends::missing".into(),
        underlined: "bsae".into(),
        line: 2,
    }));
    assert!(at("misnamed.rules").contains(&Found {
        code: "xqlaw::extends::name".into(),
        underlined: "not-the-file-name".into(),
        line: 1,
    }));
    // The `extends` that closes the circle is in the other file.
    assert!(at("loop-a.rules").contains(&Found {
        code: "xqlaw::extends::cycle".into(),
        underlined: "loop-a".into(),
        line: 2,
    }));
    assert!(at("variant-errors.rules").contains(&Found {
        code: "xqlaw::duplicate::inherited".into(),
        underlined: "checking".into(),
        line: 4,
    }));
}

/// A file that exists but cannot be read as text: its `extends` is the place to point at.
#[test]
fn an_unreadable_parent_points_at_the_extends() {
    let dir = scratch("extends-io");
    std::fs::write(dir.join("child.rules"), "rules child\nextends parent\n").unwrap();
    std::fs::write(dir.join("parent.rules"), b"rules parent\n\xff\xfe\n").unwrap();
    let found = diagnostics_of_file(&dir.join("child.rules"));
    assert!(
        found.contains(&Found {
            code: "xqlaw::io".into(),
            underlined: "parent".into(),
            line: 2,
        }),
        "{found:#?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_missing_rule_file_is_an_io_error() {
    let errors = load_rules(Path::new("tests/rules/there-is-no-such-file.rules")).unwrap_err();
    let first = errors.errors().next().unwrap();
    assert_eq!(first.code().unwrap().to_string(), "xqlaw::io");
    assert!(first.to_string().contains("there-is-no-such-file.rules"));
}

/// Nesting beyond the limit is refused at the first level too many, before the parser
/// recurses into it (`tests/hostile.rs` tries 7,000 levels).
#[test]
fn nesting_beyond_the_limit_is_refused_where_it_starts() {
    let text = format!(
        "rules t\nterm a on move = {}check\nruling r when every move a → forbidden\n",
        "not ".repeat(xqlaw::syntax::MAX_NESTING + 1)
    );
    assert_eq!(
        diagnostics_of_text(&text),
        [Found {
            code: "xqlaw::syntax::too_deep".into(),
            underlined: "not".into(),
            line: 2,
        }]
    );
}

/// A fresh folder under the system's temporary folder, named after the test and the process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xqlaw-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The codes tested above. A new code in the compiler or the parser fails
/// [`every_code_of_the_compiler_is_tested`] until a test triggers it.
const TESTED: &[&str] = &[
    "xqlaw::syntax::too_deep",
    "xqlaw::io",
    "xqlaw::extends::name",
    "xqlaw::extends::cycle",
    "xqlaw::extends::missing",
    "xqlaw::duplicate::inherited",
];

/// Codes no rule text can trigger: the compiler's report of its own bug.
const UNREACHABLE: &[&str] = &["xqlaw::internal"];

#[test]
fn every_code_of_the_compiler_is_tested() {
    let mut declared = BTreeSet::new();
    for file in ["src/compile/err.rs", "src/syntax/err.rs"] {
        let text = std::fs::read_to_string(file).unwrap();
        for part in text.split("code(").skip(1) {
            let code: String = part
                .trim_start_matches('"')
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == ':' || *c == '-' || *c == '_')
                .collect();
            if code.starts_with("xqlaw") {
                declared.insert(code);
            }
        }
    }
    assert!(declared.len() > 30, "{declared:?}");
    let tested: BTreeSet<String> = CASES
        .iter()
        .map(|c| c.0)
        .chain(TESTED.iter().copied())
        .chain(UNREACHABLE.iter().copied())
        .map(str::to_owned)
        .collect();
    let untested: Vec<&String> = declared.difference(&tested).collect();
    assert!(untested.is_empty(), "codes without a test: {untested:?}");
}

/// The range of a setting is checked on its own: `setting-range.rules` has nothing else
/// wrong, so the range check is the only thing that can reject it.
#[test]
fn a_setting_out_of_range_is_the_only_error_of_its_file() {
    let found = diagnostics_of_file(Path::new("tests/rules/setting-range.rules"));
    assert_eq!(
        found,
        [Found {
            code: "xqlaw::setting::range".into(),
            underlined: "5000000000".into(),
            line: 4,
        }]
    );
}
