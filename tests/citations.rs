//! The rule sets cite the law's sentences by id (`sentence "23.3:1"`): every citation of the
//! project's rule files is checked against `law/vn-1999.yaml`, the 1999 law cites wherever it
//! quotes, and a broken citation fails `xqlaw check` at its place.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::{Path, PathBuf};
use std::process::Command;

use xqlaw::analyses::citations::check_files;
use xqlaw::spec::LawText;
use xqlaw::{load_rules, rule_files};

#[test]
fn every_rule_set_passes_the_citation_checks() {
    let checked = check_files(&rule_files(Path::new("rules")).unwrap(), Path::new("law")).unwrap();
    let errors: Vec<String> = checked
        .errors
        .iter()
        .map(|e| xqlaw::report::render(e))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert_eq!(checked.laws, ["vn-1999"]);
    assert!(checked.citations >= 80, "{} citations", checked.citations);
}

#[test]
fn the_1999_law_cites_a_sentence_wherever_it_quotes_the_law() {
    let rules = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let law = LawText::load(Path::new("law/vn-1999.yaml")).unwrap();
    let uncited: Vec<&str> = rules
        .terms()
        .iter()
        .map(|t| (t.id.as_str(), &t.meta))
        .chain(rules.rulings().iter().map(|r| (r.id.as_str(), &r.meta)))
        .filter(|(_, m)| m.quote.is_some() && m.sentences.is_empty())
        .map(|(id, _)| id)
        .collect();
    assert!(uncited.is_empty(), "quote without a sentence: {uncited:?}");
    for row in rules.verdict_rows() {
        assert!(!row.meta.sentences.is_empty(), "{} cites nothing", row.text);
    }
    let cited_settings: Vec<&str> = rules
        .setting_meta()
        .iter()
        .filter(|(_, m)| !m.sentences.is_empty())
        .map(|(name, _)| name.as_str())
        .collect();
    assert_eq!(cited_settings, ["mate-plies", "ruling-occurrence"]);
    // Every sentence of Điều 21 is cited by a part of the standings forms.
    let mut cited: Vec<&str> = Vec::new();
    for form in rules.standings_forms() {
        for (_, c) in form.citations() {
            cited.extend(c.sentences.iter().map(String::as_str));
        }
    }
    let homeless: Vec<String> = law
        .sentences()
        .filter(|p| p.article.id == "21")
        .map(|p| p.sentence.id.clone())
        .filter(|id| !cited.contains(&id.as_str()))
        .collect();
    assert!(
        homeless.is_empty(),
        "Điều 21 cited by no form: {homeless:?}"
    );
}

/// A copy of the project (rule files and law text) in a scratch folder, with `vn-1999.rules`
/// edited by `edit`.
fn project_with(name: &str, edit: impl Fn(String) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xqlaw-citations-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    std::fs::create_dir_all(dir.join("law")).unwrap();
    std::fs::create_dir_all(dir.join("spec-tests")).unwrap();
    std::fs::copy("law/vn-1999.yaml", dir.join("law/vn-1999.yaml")).unwrap();
    let text = std::fs::read_to_string("rules/vn-1999.rules").unwrap();
    std::fs::write(dir.join("rules/vn-1999.rules"), edit(text)).unwrap();
    dir
}

#[test]
fn check_fails_on_a_broken_citation_and_underlines_it() {
    let dir = project_with("broken", |text| {
        text.replacen("sentence \"22.3:1\"", "sentence \"22.3:7\"", 1)
            .replacen(
                "quote \"Đi một nước cờ dọa nước sau chiếu hết Tướng đối phương.\"",
                "quote \"Đi một nước cờ dọa chiếu hết Tướng đối phương.\"",
                1,
            )
    });
    let out = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(["check", "--no-specs", "rules/vn-1999.rules"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the law `vn-1999` has no sentence `22.3:7`"),
        "{err}"
    );
    assert!(
        err.contains("this quote is not in sentence `22.3:1`"),
        "{err}"
    );
    assert!(err.contains("citations: 2 problems"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_the_citations_of_the_project() {
    let out = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args([
            "check",
            "--no-specs",
            "rules/vn-1999.rules",
            "rules/vn-2004.rules",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("citations: ok (") && err.contains("checked against the law's text `vn-1999`"),
        "{err}"
    );
}
