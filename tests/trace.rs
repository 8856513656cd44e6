//! `xqlaw trace`: every sentence of the law's Chương V is listed with what encodes it, or with
//! the reason nothing does; nothing is dropped silently.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;
use std::process::Command;

use xqlaw::analyses::trace::{Status, trace};
use xqlaw::spec::LawText;

mod common;

#[test]
fn every_sentence_of_chapter_v_is_accounted_for() {
    let corpus = common::corpus();
    let rules = corpus.rules.iter().find(|r| r.name() == "vn-1999").unwrap();
    let law = LawText::load(Path::new("law/vn-1999.yaml")).unwrap();
    let t = trace(rules, &law, &corpus.diagrams);
    let in_law: Vec<String> = law
        .sentences()
        .filter(|p| p.chapter.id == "V")
        .map(|p| p.sentence.id.clone())
        .collect();
    let traced: Vec<String> = t.rows.iter().map(|r| r.id.clone()).collect();
    assert_eq!(traced, in_law, "every sentence, in the law's order");
    let unaccounted: Vec<&str> = t
        .rows
        .iter()
        .filter(|r| r.status == Status::Unaccounted)
        .map(|r| r.id.as_str())
        .collect();
    assert!(unaccounted.is_empty(), "{unaccounted:?}");
    let status = |id: &str| t.rows.iter().find(|r| r.id == id).unwrap();
    // Point 9's second sentence is set aside, with its DECISION.
    let aside = status("23.9:2");
    assert_eq!(aside.status, Status::Aside);
    assert!(aside.reason.as_deref().unwrap().contains("DECISION"));
    assert_eq!(status("22.1:1").status, Status::Prose);
    // Point 3 is encoded by the perpetual chase, which decides diagrams.
    let point_3 = status("23.3:1");
    assert!(
        point_3
            .encoded_by
            .iter()
            .any(|e| e.kind == "ruling" && e.name == "perpetual-chase")
    );
    assert!(!point_3.shown_in.is_empty());
    // An example's principle is shown by its figures; a commentary by the figure before it.
    let principle = status("24.27:1");
    let titles: Vec<&str> = principle
        .shown_in
        .iter()
        .map(|d| d.title.as_str())
        .collect();
    assert!(
        titles.contains(&"Hình 74") && titles.contains(&"Hình 75"),
        "{titles:?}"
    );
    let comment = status("24.27:3");
    assert_eq!(comment.status, Status::Commentary);
    let titles: Vec<&str> = comment.shown_in.iter().map(|d| d.title.as_str()).collect();
    assert!(
        titles.contains(&"Hình 75") && !titles.contains(&"Hình 74"),
        "{titles:?}"
    );
    // The verdict table cites too.
    assert!(
        status("24.2:1")
            .encoded_by
            .iter()
            .any(|e| e.kind == "verdict")
    );
    assert!(
        t.closing_note().ends_with("0 unaccounted"),
        "{}",
        t.closing_note()
    );
}

#[test]
fn the_command_lists_the_sentences_and_fails_on_one_nothing_accounts_for() {
    let out = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(["trace"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("  23.9:2    set aside"), "{text}");
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("153 sentences of Chương V"),
        "{text}"
    );
    // Without the item that sets point 9's second sentence aside, it is unaccounted for.
    let dir = std::env::temp_dir().join(format!("xqlaw-trace-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for sub in ["rules", "law", "spec-tests"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    std::fs::copy("law/vn-1999.yaml", dir.join("law/vn-1999.yaml")).unwrap();
    std::fs::copy(
        "spec-tests/vn-1999/hinh-71.yaml",
        dir.join("spec-tests/hinh-71.yaml"),
    )
    .unwrap();
    let rules = std::fs::read_to_string("rules/vn-1999.rules").unwrap();
    let cut = rules.replacen("unencoded aside\n    sentence \"23.9:2\"", "// cut", 1);
    assert_ne!(cut, rules);
    let cut = cut.replacen(
        "    gloss \"Set aside for Điều 24.26 and its Hình 71–73, which rule the same play lost.\"\n",
        "",
        1,
    );
    std::fs::write(dir.join("rules/vn-1999.rules"), cut).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(["trace", "rules/vn-1999.rules"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert!(text.contains("  23.9:2    unaccounted"), "{text}");
    assert!(text.ends_with("1 unaccounted\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
