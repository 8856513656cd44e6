//! The command line: exit codes and output shapes of `check`, `graph` and `judge`.

#![allow(clippy::unwrap_used, reason = "test code")]

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::HINH_1 as FEN;

fn xqlaw(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn check_exit_codes() {
    let (code, _, err) = xqlaw(
        &[
            "check",
            "--specs",
            "spec-tests/vn-1999",
            "tests/rules/basic.rules",
            "tests/rules/warnings.rules",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("never reached"));
    let (code, _, err) = xqlaw(
        &[
            "check",
            "tests/rules/basic.rules",
            "tests/rules/cycles.rules",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(err.contains("tests/rules/cycles.rules: 4 errors"), "{err}");
}

#[test]
fn graph_formats() {
    let (code, out, _) = xqlaw(&["graph", "tests/rules/basic.rules"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("digraph rules {"));
    assert!(out.contains("\"term:chase\" -> \"term:chasing\";"));
    let (_, out, _) = xqlaw(
        &["graph", "tests/rules/basic.rules", "--format", "mermaid"],
        "",
    );
    assert!(out.contains("ruling_king_chase -. overrides .-> ruling_perpetual_chase"));
}

#[test]
fn judge_json_and_cycle() {
    let moves = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9";
    let (code, out, err) = xqlaw(
        &[
            "judge",
            "--rules",
            "tests/rules/basic.rules",
            "--fen",
            FEN,
            "--moves",
            moves,
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["verdict"], "red_loses");
    let (code, out, _) = xqlaw(
        &[
            "judge",
            "--rules",
            "tests/rules/basic.rules",
            "--fen",
            FEN,
            "--moves",
            moves,
            "--cycle",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("verdict: red loses"));
}

#[test]
fn batch_keeps_order_and_reports_bad_lines() {
    let input = format!(
        "{{\"id\": 1, \"fen\": \"{FEN}\", \"moves\": [\"h8h9\", \"f9f8\", \"h9h8\", \"f8f9\"]}}\n\
         {{\"id\": \"bad\", \"fen\": \"{FEN}\", \"moves\": [\"h8h7\", \"a1a2\"]}}\n\
         not json\n"
    );
    let (code, out, _) = xqlaw(
        &[
            "judge",
            "--rules",
            "tests/rules/basic.rules",
            "--batch",
            "-",
        ],
        &input,
    );
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["id"], 1);
    assert_eq!(lines[0]["verdict"], "red_loses");
    assert_eq!(lines[0]["red"]["rulings"][0], "perpetual-check");
    assert_eq!(lines[1]["id"], "bad");
    assert!(lines[1]["error"].is_string());
    assert!(lines[2]["error"].is_string());
}

#[test]
fn test_command_passes_the_corpus_and_fails_on_a_wrong_expectation() {
    let (code, out, _) = xqlaw(&["test", "--rules", "rules/vn-1999.rules", "-q"], "");
    assert_eq!(code, 0, "{out}");
    // The spec files judged by the 1999 law (98), and 14 standings tables: 9 cases under the
    // law and 5 under the regulations kept beside them, which extend it.
    assert_eq!(out.trim_end().lines().last(), Some("112 passed, 0 failed"));

    let dir = std::env::temp_dir().join(format!("xqlaw-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = std::fs::read_to_string("spec-tests/vn-1999/hinh-01.yaml").unwrap();
    std::fs::write(
        dir.join("hinh-01.yaml"),
        spec.replace("vn-1999: red_loses", "vn-1999: draw"),
    )
    .unwrap();
    std::fs::write(dir.join("broken.yaml"), "id: [\n").unwrap();
    let (code, out, _) = xqlaw(&["test", dir.to_str().unwrap()], "");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAIL  vn-1999  hinh-01    expected draw, got red_loses"),
        "{out}"
    );
    assert!(out.contains("broken.yaml"), "{out}");
    // The copy's AXF and CXA expectations still pass; its 1999 one and the broken file fail.
    assert_eq!(out.trim_end().lines().last(), Some("2 passed, 2 failed"));
}

#[test]
fn fen_facts_and_diff_commands() {
    let (code, out, _) = xqlaw(&["fen", FEN], "");
    assert_eq!(code, 0);
    assert!(
        out.starts_with("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1\n"),
        "{out}"
    );
    let (code, _, err) = xqlaw(&["fen", "9/9/9/9/9/9/9/9/9/9 w"], "");
    assert_eq!(code, 1);
    assert!(err.contains("king"), "{err}");

    let (code, out, _) = xqlaw(
        &[
            "facts",
            "--fen",
            FEN,
            "--notation",
            "vi",
            "--moves",
            "X2.1 Tg6.1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("check by red rook h9"), "{out}");
    let (code, _, err) = xqlaw(&["facts", "--fen", FEN, "--moves", "h8h9 f9f7"], "");
    assert_eq!(code, 1);
    assert!(err.contains("move 1 for black"), "{err}");

    let (code, out, _) = xqlaw(&["diff", "rules/vn-1999.rules", "rules/vn-2004.rules"], "");
    assert_eq!(code, 0);
    assert!(out.contains("0 of 102 diagrams change verdict"), "{out}");
}

#[test]
fn diff_names_the_deciding_rulings_in_every_format() {
    let args = ["diff", "rules/vn-1999.rules", "rules/cxa.rules"];
    let (code, text, _) = xqlaw(&args, "");
    assert_eq!(code, 0);
    // Hình 6 (perpetual mate threat): each side of the comparison says which ruling decides.
    let at = text.find("Hình 6 (Điều 24.5)").unwrap();
    let entry: Vec<&str> = text[at..].lines().take(3).collect();
    assert!(entry[1].contains("vn-1999: draw ("), "{entry:?}");
    assert!(entry[2].contains("cxa: red loses (red: "), "{entry:?}");

    let (code, json, _) = xqlaw(&[args.as_slice(), &["--json"]].concat(), "");
    assert_eq!(code, 0);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["first"], "vn-1999");
    let changes = value["changes"].as_array().unwrap();
    let hinh_6 = changes.iter().find(|c| c["id"] == "hinh-06").unwrap();
    assert_eq!(hinh_6["second"]["verdict"], "red_loses");
    assert!(!hinh_6["second"]["by"].as_array().unwrap().is_empty());

    let (code, md, _) = xqlaw(&[args.as_slice(), &["--markdown"]].concat(), "");
    assert_eq!(code, 0);
    assert!(md.starts_with("## `vn-1999` → `cxa`"), "{md}");
    assert!(md.contains("| Hình 6 | 24.5 | draw ("), "{md}");

    let (code, _, err) = xqlaw(&[args.as_slice(), &["--json", "--markdown"]].concat(), "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn check_reports_point_9_against_24_26_as_a_conflict_on_hinh_71_to_73() {
    let (code, _, err) = xqlaw(&["check", "tests/rules/point-9-beside-24-26.rules"], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("xqlaw::conflict"), "{err}");
    let message = err.split("conflict:").nth(1).unwrap();
    let message: String = message
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        err.contains("`king-or-pawn-with-help` (Điều 23, điểm 9)")
            && err.contains("`joint-chase` (Điều 24.26)"),
        "{err}"
    );
    assert!(
        message.contains("in Hình 71 (red), Hình 72 (red), Hình 73 (red)"),
        "{message}"
    );
    assert!(err.contains("1 conflict ("), "{err}");
    // A spec folder that does not exist is an error, not an empty corpus.
    let (code, _, err) = xqlaw(
        &["check", "--specs", "nowhere", "tests/rules/basic.rules"],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("no such spec file or folder: `nowhere`"),
        "{err}"
    );
    // Without the diagrams there is nothing to collide on.
    let (code, _, err) = xqlaw(
        &[
            "check",
            "--no-specs",
            "tests/rules/point-9-beside-24-26.rules",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
}

/// Issue 25 (after issue 24, item 3): a line that reads as legal moves in two notations is
/// read in the law's, and `judge` says which other notation reads it as other moves, where
/// the verdict may differ; a line with one reading gets no such warning.
#[test]
fn judge_says_when_the_moves_read_as_other_moves_in_another_notation() {
    let fen = "9/4k1c2/7C1/9/7P1/9/9/9/6p2/3K5 w";
    let (code, out, err) = xqlaw(&["judge", "--fen", fen, "--moves", "P2.1 P7.6"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("red cannon h7→h8 (P2.1)"), "{out}");
    assert!(
        err.contains(
            "notation: read as `vi` (guessed); the moves also read as other legal moves in `wxf`"
        ),
        "{err}"
    );
    let (code, _, err) = xqlaw(
        &[
            "judge",
            "--fen",
            fen,
            "--moves",
            "P2.1 P7.6",
            "--notation",
            "wxf",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("also read"), "{err}");
    let (_, _, err) = xqlaw(&["judge", "--fen", fen, "--moves", "h7h8 g8g2"], "");
    assert!(!err.contains("also read"), "{err}");
}

/// Issue 25: `judge` judges with the project's 1999 law by default, reads moves as people copy
/// them (the law's move numbers, commas, full-width digits) and says which notation it
/// guessed.
#[test]
fn judge_defaults_to_the_law_and_reads_moves_as_people_type_them() {
    let fen = common::HINH_62;
    let plain = "P1/1 P8/1 S5/6 P8.1 S6.5 P8/1 S5/6 P8.1 S6.5";
    let (code, expected, _) = xqlaw(
        &[
            "judge",
            "--rules",
            "rules/vn-1999.rules",
            "--notation",
            "vi",
            "--fen",
            fen,
            "--moves",
            plain,
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(expected.ends_with("⇒ red loses\n"), "{expected}");
    for copied in [
        "1. P1/1 P8/1 2. S5/6 P8.1 3. S6.5 P8/1 4. S5/6 P8.1 5. S6.5",
        "P1/1, P8/1, S5/6, P8.1, S6.5, P8/1, S5/6, P8.1, S6.5",
        "P１/１ P８/１ S５/６ P８.１ S６.５ P８/１ S５/６ P８.１ S６.５",
    ] {
        let (code, out, err) = xqlaw(&["judge", "--fen", fen, "--moves", copied], "");
        assert_eq!(code, 0, "{copied}: {err}");
        assert_eq!(out, expected, "{copied}");
        assert!(
            err.contains("rules: `rules/vn-1999.rules` (the project's 1999 law"),
            "{err}"
        );
        assert!(err.contains("notation: read as `vi` (guessed"), "{err}");
    }
}

/// Outside a project, `judge` without `--rules` and `trace` of a rule set without its law text
/// are refused as every command refuses: through miette, with a code and a help.
#[test]
fn refusals_outside_a_project_have_a_code_and_a_help() {
    let dir = std::env::temp_dir().join(format!("xqlaw-cli-outside-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("vn-1999.rules");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/vn-1999.rules"),
        &rules,
    )
    .unwrap();
    let judge = common::xqlaw_in(&dir, &["judge", "--moves", "h2e2"]);
    let trace = common::xqlaw_in(&dir, &["trace", "vn-1999.rules"]);
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, err) = judge;
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("xqlaw::cli::no_rules"), "{err}");
    assert!(err.contains("× no rule set to judge with"), "{err}");
    assert!(err.contains("help: give `--rules FILE`"), "{err}");
    let (code, _, err) = trace;
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("xqlaw::cli::no_law_text"), "{err}");
    assert!(err.contains("× no law text of `vn-1999`"), "{err}");
    assert!(err.contains("help: `xqlaw import-law` writes it"), "{err}");
}
