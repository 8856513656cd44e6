//! The command line: exit codes and output shapes of `check`, `graph` and `judge`.

#![allow(clippy::unwrap_used, reason = "test code")]

use std::io::Write;
use std::process::{Command, Stdio};

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

const FEN: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w";

#[test]
fn check_exit_codes() {
    let (code, _, err) = xqlaw(
        &[
            "check",
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
