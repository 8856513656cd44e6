//! Every reproduction of issue 11 (the tool tried as a careless or hostile user would) run
//! against the binary: each answers with a clear error or the right output, never a crash, a
//! hang, a write outside its folder or a silent wrong answer. `docs`' own reproductions
//! (deleting, symlinks, escaping) are in `tests/hostile_docs.rs`.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xqlaw-hostile-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What a run of the binary gave.
struct Run {
    code: i32,
    out: String,
    err: String,
}

impl Run {
    /// Asserts that the run was refused (exit code 1) with every one of `needles` in its error
    /// output; `what` names the case in the failure message.
    fn assert_refused(&self, what: &str, needles: &[&str]) {
        assert_eq!(self.code, 1, "{what}: {}", self.err);
        for needle in needles {
            assert!(
                self.err.contains(needle),
                "{what}: no `{needle}` in {}",
                self.err
            );
        }
    }
}

/// Runs `xqlaw args` in `dir` with `input` on standard input; fails the test if it runs
/// longer than `limit` (a hang) or is killed by a signal (a crash).
fn xqlaw_in(dir: &Path, args: &[&str], input: &[u8], limit: Duration) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let started = Instant::now();
    let out_reader = {
        let mut out = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = std::io::Read::read_to_end(&mut out, &mut buf);
            buf
        })
    };
    let err_reader = {
        let mut err = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = std::io::Read::read_to_end(&mut err, &mut buf);
            buf
        })
    };
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("`xqlaw {}` ran longer than {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let out = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let err = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    let Some(code) = status.code() else {
        panic!("`xqlaw {}` was killed: {status}\n{err}", args.join(" "));
    };
    assert_ne!(code, 101, "`xqlaw {}` panicked:\n{err}", args.join(" "));
    assert_ne!(code, 134, "`xqlaw {}` aborted:\n{err}", args.join(" "));
    Run { code, out, err }
}

fn xqlaw(args: &[&str]) -> Run {
    xqlaw_in(root(), args, b"", Duration::from_secs(120))
}

/// A copy of the project's rule files and of a few of the law's spec files in `dir`.
fn project(dir: &Path, ids: &[&str]) {
    fs::create_dir_all(dir.join("rules")).unwrap();
    fs::create_dir_all(dir.join("spec-tests/vn-1999")).unwrap();
    for name in ["vn-1999", "axf", "cxa"] {
        fs::copy(
            root().join(format!("rules/{name}.rules")),
            dir.join(format!("rules/{name}.rules")),
        )
        .unwrap();
    }
    for id in ids {
        fs::copy(
            root().join(format!("spec-tests/vn-1999/{id}.yaml")),
            dir.join(format!("spec-tests/vn-1999/{id}.yaml")),
        )
        .unwrap();
    }
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

// ---------------------------------------------------------------------------------------------
// 2. A spec file's id names the pages: it must be a plain name, the file's own.
// ---------------------------------------------------------------------------------------------

#[test]
fn an_id_that_is_a_path_is_an_error_at_the_id_line_and_nothing_is_written_outside() {
    let dir = scratch("id");
    project(&dir, &["hinh-01", "hinh-02"]);
    let spec = dir.join("spec-tests/vn-1999/hinh-01.yaml");
    let text = fs::read_to_string(&spec).unwrap();
    fs::write(
        &spec,
        text.replace("id: hinh-01", "id: ../../../escaped-outside"),
    )
    .unwrap();
    let test = xqlaw_in(&dir, &["test"], b"", Duration::from_secs(120));
    assert_eq!(test.code, 1, "{}", test.out);
    assert!(test.out.contains("xqlaw::spec::id"), "{}", test.out);
    assert!(
        test.out
            .contains("the id `../../../escaped-outside` is not a plain name"),
        "{}",
        test.out
    );
    assert!(test.out.contains("hinh-01.yaml:1:5]"), "{}", test.out);
    fs::create_dir_all(dir.join("a/b")).unwrap();
    let docs = xqlaw_in(
        &dir,
        &["docs", "--out", "a/b/site"],
        b"",
        Duration::from_secs(120),
    );
    assert_eq!(docs.code, 1, "{}", docs.err);
    let escaped: Vec<_> = walk(&dir)
        .into_iter()
        .filter(|p| p.to_string_lossy().contains("escaped"))
        .collect();
    assert!(escaped.is_empty(), "{escaped:?}");

    // A plain id that is not the file's name is refused too.
    fs::write(&spec, text.replace("id: hinh-01", "id: hinh-99")).unwrap();
    let test = xqlaw_in(&dir, &["test"], b"", Duration::from_secs(120));
    assert_eq!(test.code, 1, "{}", test.out);
    assert!(
        test.out
            .contains("the id `hinh-99` is not the file's name `hinh-01`"),
        "{}",
        test.out
    );
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 3. A symlink loop in a spec folder.
// ---------------------------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn a_symlink_loop_in_the_spec_folder_neither_hangs_nor_counts_twice() {
    let dir = scratch("loop");
    project(&dir, &["hinh-01", "hinh-02"]);
    std::os::unix::fs::symlink(".", dir.join("spec-tests/vn-1999/loop")).unwrap();
    let limit = Duration::from_secs(60);
    let test = xqlaw_in(&dir, &["test", "-q"], b"", limit);
    assert_eq!(test.code, 0, "{}{}", test.out, test.err);
    assert!(test.out.ends_with("6 passed, 0 failed\n"), "{}", test.out);
    let check = xqlaw_in(&dir, &["check", "rules/vn-1999.rules"], b"", limit);
    assert!(
        check.err.contains("2 diagrams of `spec-tests` searched"),
        "{}",
        check.err
    );
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 4. `docs` with a mistyped or partly unreadable spec folder.
// ---------------------------------------------------------------------------------------------

#[test]
fn docs_fails_on_a_missing_spec_folder_and_counts_unreadable_files() {
    let dir = scratch("docs-specs");
    project(&dir, &["hinh-01", "hinh-02"]);
    let limit = Duration::from_secs(120);
    let typo = xqlaw_in(
        &dir,
        &["docs", "--specs", "spec-test", "--out", "site"],
        b"",
        limit,
    );
    assert_eq!(typo.code, 1);
    assert!(
        typo.err
            .contains("no such spec file or folder: `spec-test`"),
        "{}",
        typo.err
    );
    assert!(!dir.join("site").exists());

    let spec = dir.join("spec-tests/vn-1999/hinh-02.yaml");
    let text = fs::read_to_string(&spec).unwrap();
    fs::write(&spec, text + "bogus: [\n").unwrap();
    let docs = xqlaw_in(&dir, &["docs", "--out", "site"], b"", limit);
    assert_eq!(docs.code, 1, "{}", docs.err);
    assert!(
        docs.err.contains("⚠ 1 of 2 spec files could not be read"),
        "{}",
        docs.err
    );
    assert!(docs.err.contains("hinh-02.yaml"), "{}", docs.err);
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 5, 6. `import` keeps hand fields but says when their quote went stale; reads a file once.
// ---------------------------------------------------------------------------------------------

const H1: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1";

fn law(commentary: &str) -> String {
    format!(
        "24.2. Nếu hòa.\n\n[b]Hình 1[/b]\n[game]\nFEN {H1}\nSTART{{\n1.X2.1 Tg6.1\n2.X2/1 Tg6/1\n}}END\n[/game]\n{commentary}\n"
    )
}

#[test]
fn import_warns_when_a_kept_basis_no_longer_appears_in_the_text() {
    let dir = scratch("stale-basis");
    fs::write(dir.join("law.txt"), law("Trắng đuổi mãi, bị xử thua.")).unwrap();
    let limit = Duration::from_secs(60);
    let first = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert_eq!(first.code, 0, "{}", first.err);
    let spec = dir.join("specs/hinh-01.yaml");
    let text = fs::read_to_string(&spec).unwrap();
    fs::write(
        &spec,
        text.replace(
            "expect: {}\n",
            "expect:\n  vn-1999: red_loses\nbasis:\n  vn-1999: Trắng đuổi mãi, bị xử thua.\n",
        ),
    )
    .unwrap();
    // The same text again: the quote is still there, no warning.
    let same = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert!(!same.err.contains("stale_basis"), "{}", same.err);

    fs::write(dir.join("law.txt"), law("Trắng đuổi mãi, xử hòa.")).unwrap();
    let changed = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert_eq!(changed.code, 0, "{}", changed.err);
    assert!(
        changed.err.contains("xqlaw::import::stale_basis"),
        "{}",
        changed.err
    );
    assert!(
        changed
            .err
            .contains("hinh-01: the `basis` of `vn-1999` no longer appears in the imported text"),
        "{}",
        changed.err
    );
    assert!(
        changed.err.contains("Trắng đuổi mãi, bị xử thua."),
        "{}",
        changed.err
    );
    assert!(changed.err.contains("hinh-01.yaml:"), "{}", changed.err);
    // The hand fields are kept, the commentary renewed.
    let kept = fs::read_to_string(&spec).unwrap();
    assert!(
        kept.contains("vn-1999: Trắng đuổi mãi, bị xử thua."),
        "{kept}"
    );
    assert!(
        kept.contains("commentary: |\n  Trắng đuổi mãi, xử hòa."),
        "{kept}"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn import_reads_a_file_given_twice_once() {
    let dir = scratch("twice");
    fs::write(dir.join("law.txt"), law("Hòa.")).unwrap();
    fs::write(dir.join("copy.txt"), law("Hòa.")).unwrap();
    let run = xqlaw_in(
        &dir,
        &[
            "import",
            "law.txt",
            "./law.txt",
            "copy.txt",
            "--out",
            "specs",
        ],
        b"",
        Duration::from_secs(60),
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(
        run.out, "1 diagrams imported, 0 errata, 0 merged copies\n",
        "{}",
        run.err
    );
    let spec = fs::read_to_string(dir.join("specs/hinh-01.yaml")).unwrap();
    assert_eq!(spec.matches("- file:").count(), 1, "{spec}");
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 7. `judge --batch` reads bytes.
// ---------------------------------------------------------------------------------------------

fn case(id: &str) -> String {
    format!("{{\"id\": \"{id}\", \"moves\": [\"h2e2\", \"h9g7\"]}}\n")
}

fn batch(input: &[u8]) -> (Run, Vec<serde_json::Value>) {
    let run = xqlaw_in(
        root(),
        &[
            "judge",
            "--rules",
            "tests/rules/basic.rules",
            "--batch",
            "-",
        ],
        input,
        Duration::from_secs(120),
    );
    let lines = run
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (run, lines)
}

#[test]
fn a_batch_line_of_invalid_utf8_is_an_error_entry_and_the_run_goes_on() {
    let mut input = Vec::new();
    for n in 1..=1000 {
        if n == 600 {
            input.extend_from_slice(b"{\"id\": \"600\", \"moves\": [\"h2e2\xe9\"]}\n");
        } else {
            input.extend_from_slice(case(&n.to_string()).as_bytes());
        }
    }
    let (run, lines) = batch(&input);
    assert_eq!(run.code, 2, "{}", run.err);
    assert_eq!(lines.len(), 1000);
    assert_eq!(lines[599]["id"], "600");
    assert_eq!(lines[599]["line"], 600);
    assert_eq!(
        lines[599]["error"],
        "line 600 is not valid UTF-8 (byte 0xE9 at byte 30)"
    );
    assert_eq!(lines[999]["id"], "1000");
    assert!(lines[999]["verdict"].is_string());
    assert!(run.err.contains("1 of 1000 cases failed"), "{}", run.err);
}

#[test]
fn a_batch_with_a_bom_a_lone_surrogate_and_blank_lines() {
    let mut input = b"\xEF\xBB\xBF".to_vec();
    input.extend_from_slice(case("first").as_bytes());
    input.extend_from_slice(b"\n   \n\r\n");
    input.extend_from_slice(b"{\"id\": \"sur\\ud800\", \"moves\": [\"h2e2\"]}\n");
    input.extend_from_slice(case("last").as_bytes());
    let (run, lines) = batch(&input);
    assert_eq!(run.code, 2, "{}", run.err);
    // Blank lines are skipped: one output line per non-blank input line.
    assert_eq!(lines.len(), 3, "{}", run.out);
    assert_eq!(lines[0]["id"], "first");
    assert!(lines[0]["verdict"].is_string(), "{}", run.out);
    assert_eq!(lines[1]["id"], "sur\u{FFFD}");
    assert_eq!(lines[1]["line"], 5);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("bad case: "),
        "{}",
        run.out
    );
    assert_eq!(lines[2]["id"], "last");
    let help = xqlaw(&["judge", "--help"]);
    assert!(
        help.out
            .contains("Writes one line per non-blank input line"),
        "{}",
        help.out
    );
    assert!(help.out.contains("Blank lines are skipped"), "{}", help.out);
}

#[test]
fn a_batch_line_longer_than_the_cap_is_an_error_entry() {
    let mut input = case("before").into_bytes();
    input.extend_from_slice(b"{\"id\": \"huge\", \"moves\": [\"");
    input.resize(input.len() + 3 * 1024 * 1024, b'a');
    input.extend_from_slice(b"\"]}\n");
    input.extend_from_slice(case("after").as_bytes());
    let (run, lines) = batch(&input);
    assert_eq!(lines.len(), 3, "{}", run.err);
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[1]["id"], "huge");
    assert_eq!(
        lines[1]["error"],
        "line 2 is longer than 1048576 bytes; it is not read"
    );
    assert!(lines[2]["verdict"].is_string());
}

#[cfg(unix)]
#[test]
fn a_batch_whose_reader_stops_listening_ends_quietly() {
    let input: String = (0..5000).map(|n| case(&n.to_string())).collect();
    let path = scratch("pipe").join("cases.jsonl");
    fs::write(&path, input).unwrap();
    let script = format!(
        "'{}' judge --rules tests/rules/basic.rules --batch '{}' | head -1 >/dev/null; echo \"${{PIPESTATUS[0]}}\"",
        env!("CARGO_BIN_EXE_xqlaw"),
        path.display()
    );
    let run = Command::new("bash")
        .args(["-c", &script])
        .current_dir(root())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(String::from_utf8_lossy(&run.stdout).trim(), "0", "{err}");
    assert!(err.is_empty(), "{err}");
}

// ---------------------------------------------------------------------------------------------
// 8. A diagnostic beyond column 65,535, in every reader.
// ---------------------------------------------------------------------------------------------

fn far(text: &str) -> String {
    format!("{}{text}", " ".repeat(70_000))
}

#[test]
fn a_diagnostic_far_right_renders_in_every_reader() {
    // A FEN, a move, a rule file, a spec file, an imported text.
    let fen = format!("{START}{}", far("Z"));
    let run = xqlaw(&["fen", &fen]);
    run.assert_refused("far FEN", &["is not a FEN field"]);
    assert!(run.err.len() < 5_000, "{} bytes", run.err.len());

    let moves = far("h2e2 zz");
    let run = xqlaw(&["judge", "--rules", "rules/vn-1999.rules", "--moves", &moves]);
    assert_eq!(run.code, 1);
    assert!(run.err.len() < 5_000, "{}", run.err);

    let dir = scratch("far");
    fs::write(
        dir.join("far.rules"),
        format!(
            "rules far\nruling r when every move {} -> forbidden\n",
            far("chek")
        ),
    )
    .unwrap();
    let run = xqlaw_in(&dir, &["check", "far.rules"], b"", Duration::from_secs(60));
    run.assert_refused(
        "far typo",
        &["far.rules:2:70026]", "unknown fact or term `chek`"],
    );

    project(&dir, &["hinh-01", "hinh-02"]);
    let spec = dir.join("spec-tests/vn-1999/hinh-02.yaml");
    let text = fs::read_to_string(&spec).unwrap();
    fs::write(
        &spec,
        text.replace("title: Hình 2", &format!("title: {}", far("[x"))),
    )
    .unwrap();
    let run = xqlaw_in(&dir, &["test"], b"", Duration::from_secs(60));
    assert_eq!(run.code, 1);
    assert!(run.out.contains("pass  vn-1999  hinh-01"), "{}", run.out);
    assert!(run.out.contains("hinh-02.yaml:2:"), "{}", run.out);

    fs::write(
        dir.join("law.txt"),
        format!(
            "24.2. Hòa.\n\n[b]Hình 1[/b]\n[game]\nFEN {H1}\nSTART{{\n1.X2.1 Tg6.1 {}\n}}END\n[/game]\n",
            far("Qq9.9")
        ),
    )
    .unwrap();
    let run = xqlaw_in(
        &dir,
        &["import", "law.txt", "--out", "imported"],
        b"",
        Duration::from_secs(60),
    );
    assert!(run.err.contains("law.txt:7:"), "{}", run.err);
    assert!(run.err.len() < 10_000, "{} bytes", run.err.len());
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 9, 10. Limits: perft depth, rule nesting, settings, nested YAML, many rulings.
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_refuses_a_depth_beyond_its_limit() {
    let run = xqlaw(&["perft", "--depth", "20000"]);
    assert_eq!(run.code, 2);
    assert!(run.err.contains("20000 is not in 0..=12"), "{}", run.err);
}

#[test]
fn deep_nesting_in_a_rule_file_is_an_error_not_a_stack_overflow() {
    let dir = scratch("nesting");
    let parens = format!(
        "rules deep\nterm t on move = {}check{}\n",
        "(".repeat(7000),
        ")".repeat(7000)
    );
    let nots = format!(
        "rules deep\nterm t on move = {}check\n",
        "not ".repeat(20_000)
    );
    let patterns = format!(
        "rules deep\nruling r when {}every move check -> forbidden\n",
        "not ".repeat(20_000)
    );
    for (name, text) in [("parens", parens), ("nots", nots), ("patterns", patterns)] {
        fs::write(dir.join(format!("{name}.rules")), text).unwrap();
        let file = format!("{name}.rules");
        let run = xqlaw_in(&dir, &["check", &file], b"", Duration::from_secs(60));
        run.assert_refused(
            name,
            &[
                "xqlaw::syntax::too_deep",
                "expressions nest more than 64 levels deep",
            ],
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn settings_out_of_range_are_refused_at_compile_time() {
    let dir = scratch("settings");
    fs::write(
        dir.join("huge.rules"),
        "rules huge\nsetting mate-plies = 1000001\nsetting mate-nodes = 100000000000\n\
         ruling perpetual-check when every move check -> forbidden\n\
         verdict\n    side forbidden -> side loses\n    otherwise -> draw\n",
    )
    .unwrap();
    let specs = root().join("spec-tests").display().to_string();
    let run = xqlaw_in(
        &dir,
        &["check", "huge.rules", "--specs", &specs],
        b"",
        Duration::from_secs(60),
    );
    run.assert_refused(
        "settings",
        &[
            "xqlaw::setting::range",
            "setting `mate-plies` cannot be `1000001`: it must be between 1 and 15",
            "huge.rules:2:22]",
            "setting `mate-nodes` cannot be `100000000000`: it must be between 1 and 10000000",
        ],
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_deeply_nested_spec_file_is_refused_fast() {
    let dir = scratch("deep-yaml");
    fs::create_dir_all(dir.join("specs")).unwrap();
    let flow = format!("id: deep\nexpect: {}\n", "[".repeat(100_000));
    fs::write(dir.join("specs/deep.yaml"), flow).unwrap();
    let block: String = (0..100_000).map(|_| "- ").collect::<String>() + "x\n";
    fs::write(
        dir.join("specs/block.yaml"),
        format!("id: block\nexpect:\n{block}"),
    )
    .unwrap();
    let run = xqlaw_in(
        &dir,
        &[
            "test",
            "--rules",
            &root().join("rules/vn-1999.rules").display().to_string(),
            "specs",
        ],
        b"",
        Duration::from_secs(20),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.out
            .matches("the text is nested more than 64 levels deep")
            .count(),
        2,
        "{}",
        run.out
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn fifty_thousand_rulings_compile() {
    // Quadratic compilation took 10 s for 50,000 rulings (0.16 s for 5,000); this only keeps
    // it from hanging, the speed is measured by `benches/law.rs`.
    let dir = scratch("many");
    let mut text = String::from("rules many\n");
    for i in 0..50_000 {
        text.push_str(&format!("ruling r{i} when every move check -> forbidden\n"));
    }
    text.push_str("verdict\n    side forbidden -> side loses\n    otherwise -> draw\n");
    fs::write(dir.join("many.rules"), text).unwrap();
    let run = xqlaw_in(&dir, &["graph", "many.rules"], b"", Duration::from_secs(60));
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(run.out.contains("r49999"));
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 12. Small argument and output faults.
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_at_depth_zero_counts_the_one_empty_line() {
    let run = xqlaw(&["perft", "--depth", "0", "--divide"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.out, "1\n");
    let run = xqlaw(&["perft", "--depth", "0"]);
    assert_eq!(run.out, "1\n");
}

#[test]
fn a_move_starting_with_a_dash_is_a_value() {
    let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 w";
    let run = xqlaw(&[
        "judge",
        "--rules",
        "rules/vn-1999.rules",
        "--notation",
        "wxf",
        "--fen",
        fen,
        "--moves",
        "-R+1",
    ]);
    assert!(!run.err.contains("unexpected argument"), "{}", run.err);
    assert!(
        !run.err.contains("Usage:"),
        "`-R+1` was read as a flag: {}",
        run.err
    );
    let run = xqlaw(&[
        "facts",
        "--notation",
        "wxf",
        "--fen",
        fen,
        "--moves",
        "-R+1",
    ]);
    assert!(!run.err.contains("unexpected argument"), "{}", run.err);
}

#[test]
fn a_fen_with_junk_fields_is_refused_and_its_echo_cut() {
    let run = xqlaw(&["fen", &format!("{START} - - 0 1 junk more")]);
    run.assert_refused(
        "junk FEN",
        &["`junk more` after the side to move is not a FEN field"],
    );
    let long = format!("{START} {}", "x".repeat(100_000));
    let run = xqlaw(&["fen", &long]);
    assert_eq!(run.code, 1);
    assert!(run.err.len() < 5_000, "{} bytes", run.err.len());
    assert!(run.err.contains("more characters)"), "{}", run.err);
}

#[test]
fn test_with_nothing_to_test_says_so_and_fails() {
    let dir = scratch("nothing");
    fs::create_dir_all(dir.join("empty")).unwrap();
    fs::create_dir_all(dir.join("no-expect")).unwrap();
    let spec = fs::read_to_string(root().join("spec-tests/vn-1999/hinh-01.yaml")).unwrap();
    let cut = spec.split("\nexpect:").next().unwrap().to_owned() + "\n";
    fs::write(dir.join("no-expect/hinh-01.yaml"), cut).unwrap();
    for folder in ["empty", "no-expect"] {
        let path = dir.join(folder).display().to_string();
        let run = xqlaw(&["test", "--rules", "rules/vn-1999.rules", &path]);
        run.assert_refused(folder, &["no cases judged"]);
    }
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// 13. Progress bars only on a terminal.
// ---------------------------------------------------------------------------------------------

#[test]
fn long_runs_draw_no_progress_bar_into_a_pipe() {
    let run = xqlaw(&["perft", "--depth", "4"]);
    assert_eq!(run.out, "3290240\n");
    assert!(run.err.starts_with("time "), "{}", run.err);
    assert_eq!(run.err.lines().count(), 1, "{}", run.err);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).into_iter().flatten().flatten() {
            let path = entry.path();
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                todo.push(path.clone());
            }
            out.push(path);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Issue 24: the second hostile round.
// ---------------------------------------------------------------------------------------------

/// Item 1: a link planted at the name `import` used for its temporary file made it overwrite
/// the link's target outside `--out`, and left the spec file a link to it.
#[test]
fn import_never_writes_through_a_planted_symlink() {
    let dir = scratch("planted-link");
    fs::write(dir.join("law.txt"), law("Hòa.")).unwrap();
    fs::create_dir_all(dir.join("specs")).unwrap();
    fs::write(dir.join("outside.txt"), "keep me\n").unwrap();
    for name in [".hinh-01.yaml.tmp", ".hinh-01.yaml.xqlaw-import-1-a.tmp"] {
        std::os::unix::fs::symlink(dir.join("outside.txt"), dir.join("specs").join(name)).unwrap();
    }
    let limit = Duration::from_secs(60);
    for _ in 0..2 {
        let run = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
        assert_eq!(run.code, 0, "{}", run.err);
    }
    assert_eq!(
        fs::read_to_string(dir.join("outside.txt")).unwrap(),
        "keep me\n"
    );
    let spec = dir.join("specs/hinh-01.yaml");
    assert!(fs::symlink_metadata(&spec).unwrap().file_type().is_file());
    assert!(
        fs::read_to_string(&spec)
            .unwrap()
            .starts_with("id: hinh-01\n")
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Item 4: re-running `import` kept the values of the hand-filled fields but deleted every
/// comment of the file.
#[test]
fn import_keeps_a_committees_comments() {
    let dir = scratch("comments");
    fs::write(dir.join("law.txt"), law("Trắng đuổi mãi, bị xử thua.")).unwrap();
    let limit = Duration::from_secs(60);
    let first = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert_eq!(first.code, 0, "{}", first.err);
    let spec = dir.join("specs/hinh-01.yaml");
    let text = fs::read_to_string(&spec).unwrap();
    let annotated = format!(
        "# Reviewed by the committee on 2026-11-30.\n{}",
        text.replace(
            "expect: {}\n",
            "# The law's verdict, point 2.\nexpect:\n  vn-1999: red_loses # as printed\n",
        )
    );
    fs::write(&spec, &annotated).unwrap();
    let same = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert_eq!(same.code, 0, "{}", same.err);
    assert_eq!(fs::read_to_string(&spec).unwrap(), annotated);

    fs::write(dir.join("law.txt"), law("Trắng đuổi mãi, xử hòa.")).unwrap();
    let changed = xqlaw_in(&dir, &["import", "law.txt", "--out", "specs"], b"", limit);
    assert_eq!(changed.code, 0, "{}", changed.err);
    let kept = fs::read_to_string(&spec).unwrap();
    assert!(
        kept.starts_with("# Reviewed by the committee on 2026-11-30.\nid: hinh-01\n"),
        "{kept}"
    );
    assert!(
        kept.contains(
            "# The law's verdict, point 2.\nexpect:\n  vn-1999: red_loses # as printed\n"
        ),
        "{kept}"
    );
    assert!(kept.contains("Trắng đuổi mãi, xử hòa."), "{kept}");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 12: a later `import` removes the temporary files a killed one left, and only those.
#[test]
fn import_removes_what_a_killed_import_left_and_nothing_else() {
    let dir = scratch("import-leftovers");
    fs::write(dir.join("law.txt"), law("Hòa.")).unwrap();
    fs::create_dir_all(dir.join("specs")).unwrap();
    // No process has id 4194305 (Linux ids stop at 2^22).
    let ours = dir.join("specs/.hinh-01.yaml.xqlaw-import-4194305-Ab12Cd.tmp");
    let docs = dir.join("specs/.hinh-01.yaml.xqlaw-docs-4194305-Ab12Cd.tmp");
    let running = dir.join(format!(
        "specs/.hinh-01.yaml.xqlaw-import-{}-Ab12Cd.tmp",
        std::process::id()
    ));
    for path in [&ours, &docs, &running] {
        fs::write(path, "id: half").unwrap();
    }
    let run = xqlaw_in(
        &dir,
        &["import", "law.txt", "--out", "specs"],
        b"",
        Duration::from_secs(60),
    );
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(!ours.exists());
    assert!(docs.exists() && running.exists());
    let _ = fs::remove_dir_all(&dir);
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// Item 8: special files are refused, and regular files above the limit too, at once.
#[test]
fn special_and_huge_files_are_refused_without_reading_them() {
    let run = xqlaw(&["check", "--no-specs", "/dev/zero"]);
    run.assert_refused(
        "check /dev/zero",
        &["/dev/zero", "a character device is not a regular file"],
    );
    let dir = scratch("special");
    // A sparse file: 65 MiB long, no disk used.
    let huge = fs::File::create(dir.join("huge.rules")).unwrap();
    huge.set_len(65 * 1024 * 1024).unwrap();
    let path = dir.join("huge.rules").display().to_string();
    xqlaw(&["check", "--no-specs", &path])
        .assert_refused("huge", &["larger than 67,108,864 bytes"]);
    // A spec file linked to /dev/zero, and a FIFO spec file.
    project(&dir, &["hinh-01"]);
    std::os::unix::fs::symlink("/dev/zero", dir.join("spec-tests/vn-1999/hinh-02.yaml")).unwrap();
    mkfifo(&dir.join("spec-tests/vn-1999/hinh-03.yaml"));
    let specs = dir.join("spec-tests").display().to_string();
    let run = xqlaw(&["test", "--rules", "rules/vn-1999.rules", &specs]);
    assert_eq!(run.code, 1, "{}{}", run.out, run.err);
    let all = format!("{}{}", run.out, run.err);
    assert!(
        all.contains("a character device is not a regular file"),
        "{all}"
    );
    assert!(all.contains("a named pipe is not a regular file"), "{all}");
    // `import` with a FIFO source, and with a FIFO where a spec file goes.
    fs::write(dir.join("law.txt"), law("Hòa.")).unwrap();
    fs::create_dir_all(dir.join("specs")).unwrap();
    for (fifo, source) in [
        ("source.txt", "source.txt"),
        ("specs/hinh-01.yaml", "law.txt"),
    ] {
        mkfifo(&dir.join(fifo));
        let run = xqlaw_in(
            &dir,
            &["import", source, "--out", "specs"],
            b"",
            Duration::from_secs(60),
        );
        assert_eq!(run.code, 1, "{fifo}: {}", run.err);
        assert!(run.err.contains("is not a regular file"), "{}", run.err);
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Item 10: `judge --batch` took `--fen` and ignored it.
#[test]
fn a_batch_refuses_fen() {
    let run = xqlaw_in(
        root(),
        &[
            "judge",
            "--rules",
            "rules/vn-1999.rules",
            "--batch",
            "-",
            "--fen",
            START,
        ],
        case("a").as_bytes(),
        Duration::from_secs(60),
    );
    assert_eq!(run.code, 2, "{}", run.err);
    assert!(run.err.contains("'--fen <FEN>'"), "{}", run.err);
    assert!(run.out.is_empty(), "{}", run.out);
    let help = xqlaw(&["judge", "--help"]);
    assert!(help.out.contains("`--fen` does not apply"), "{}", help.out);
}

/// Item 13: a missing `--base` was reported as a missing `extends`; the folder found by
/// walking up is named; two objects on one batch line keep the first one's id.
#[test]
fn messages_say_what_is_missing_and_where_the_cases_came_from() {
    let dir = scratch("messages");
    let amended = dir.join("amended.rules");
    fs::write(&amended, "rules vn-1999 extends vn-1999\n").unwrap();
    let amended = amended.display().to_string();
    let run = xqlaw(&["whatif", &amended, "--base", "no-such-base.rules"]);
    run.assert_refused("missing base", &["cannot read `no-such-base.rules`"]);
    assert!(!run.err.contains("extends"), "{}", run.err);

    let run = xqlaw(&["check", "rules/vn-1999.rules"]);
    assert_eq!(run.code, 0, "{}", run.err);
    assert!(
        run.err
            .contains("diagrams of `spec-tests` searched for conflicts"),
        "{}",
        run.err
    );
    let run = xqlaw(&["test", "--rules", "rules/vn-1999.rules", "-q"]);
    assert!(
        run.out
            .contains("spec files from `spec-tests`, found from the rule files"),
        "{}",
        run.out
    );

    let two = format!("{}{}", case("first").trim_end(), case("second"));
    let (run, lines) = batch(two.as_bytes());
    assert_eq!(run.code, 2, "{}", run.err);
    assert_eq!(lines[0]["id"], "first", "{lines:?}");
    assert!(lines[0]["error"].is_string(), "{lines:?}");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 14: `check` printed every conflicting pair with every source line between its two
/// rulings. Now a group of conflicting rulings is one diagnostic that shows each ruling's own
/// lines once.
#[test]
fn conflicts_are_grouped_and_show_each_rulings_own_lines() {
    let dir = scratch("conflicts");
    let mut text = String::from("rules many\nterm checking on move = check\n");
    for n in 0..6 {
        let outcome = if n % 2 == 0 { "forbidden" } else { "allowed" };
        text.push_str(&format!(
            "\nruling r{n}\n    article \"X {n}\"\n    when every move checking\n    → {outcome}\n\n"
        ));
        // Text between the rulings that no conflict is about.
        for k in 0..20 {
            text.push_str(&format!("// filler {n}.{k}\n"));
        }
    }
    text.push_str("verdict\n    side forbidden → side loses\n    otherwise → draw\n");
    fs::write(dir.join("many.rules"), text).unwrap();
    project(&dir, &["hinh-01"]);
    let specs = dir.join("spec-tests").display().to_string();
    let file = dir.join("many.rules").display().to_string();
    let run = xqlaw(&["check", "--specs", &specs, &file]);
    assert_eq!(run.code, 1, "{}", run.err);
    assert_eq!(run.err.matches("xqlaw::conflict").count(), 1, "{}", run.err);
    // The conflict's block: up to the next diagnostic (the inert rulings' warnings).
    let block = run.err.split("xqlaw::conflict").nth(1).unwrap();
    let block = block.split("\nxqlaw::").next().unwrap();
    assert!(block.contains("6 rulings conflict in 9 pairs"), "{block}");
    assert!(!block.contains("filler"), "{block}");
    for n in 0..6 {
        assert_eq!(
            block.matches(&format!("ruling r{n}\n")).count(),
            1,
            "r{n}: {block}"
        );
    }
    assert!(run.err.contains("9 conflicts ("), "{}", run.err);
    let _ = fs::remove_dir_all(&dir);
}
