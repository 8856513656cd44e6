//! Trying an amendment from the command line (`xqlaw whatif`): the amendments of issue 14 with
//! the exact cases each changes; finding the project from a rule
//! file, and saying so when nothing is judged (`whatif`, `diff`, `check`, `test`).

#![allow(clippy::unwrap_used, reason = "test code")]

use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::{ROOT, law_text, xqlaw, xqlaw_in};

/// A fresh folder outside the project, named for the test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xqlaw-whatif-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn an_unchanged_copy_outside_the_project_changes_no_verdict() {
    let dir = scratch("copy");
    let copy = dir.join("copy.rules");
    fs::write(&copy, law_text()).unwrap();
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    // Run from the scratch folder: the project is found from the base file.
    let (code, out, err) = xqlaw_in(&dir, &["whatif", path(&copy), "--base", path(&base)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("amended: nothing"), "{out}");
    assert_eq!(out.lines().last(), Some("0 of 102 cases change verdict"));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_project_is_found_by_walking_up_from_the_amended_file() {
    // A project of its own: its rules, and the law's spec files beside them.
    let project = scratch("project");
    fs::create_dir_all(project.join("rules")).unwrap();
    fs::create_dir_all(project.join("amendments/draft")).unwrap();
    fs::write(project.join("rules/vn-1999.rules"), law_text()).unwrap();
    let specs = project.join("spec-tests/vn-1999");
    fs::create_dir_all(&specs).unwrap();
    for name in ["hinh-74.yaml", "hinh-75.yaml", "hinh-01.yaml"] {
        fs::copy(
            Path::new(ROOT).join("spec-tests/vn-1999").join(name),
            specs.join(name),
        )
        .unwrap();
    }
    let amended = project.join("amendments/draft/no-rook-rule.rules");
    fs::write(
        &amended,
        "rules vn-1999 extends vn-1999\nremove ruling rook-on-crossed-pawn\n",
    )
    .unwrap();
    // Run from elsewhere: `extends` and the base resolve in the project's `rules/`.
    let elsewhere = scratch("elsewhere");
    let (code, out, err) = xqlaw_in(&elsewhere, &["whatif", path(&amended)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("amended: removed ruling `rook-on-crossed-pawn`"),
        "{out}"
    );
    assert!(out.ends_with("of 3 cases change verdict\n"), "{out}");
    let _ = fs::remove_dir_all(&project);
    let _ = fs::remove_dir_all(&elsewhere);
}

#[test]
fn judging_no_case_is_said_and_fails() {
    let dir = scratch("nothing");
    let copy = dir.join("copy.rules");
    fs::write(&copy, law_text()).unwrap();
    let empty = dir.join("empty");
    fs::create_dir_all(&empty).unwrap();
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    for args in [
        vec![
            "whatif",
            path(&copy),
            "--base",
            path(&base),
            "--specs",
            path(&empty),
        ],
        vec!["diff", path(&copy), path(&base), "--specs", path(&empty)],
        vec!["check", path(&copy), "--specs", path(&empty)],
    ] {
        let (code, out, err) = xqlaw_in(&dir, &args);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(err.contains("no cases to judge"), "{args:?}: {err}");
    }
    // Outside any project, with no spec files named: a refusal that says what works, and
    // never `ok`.
    for args in [
        vec!["check", path(&copy)],
        vec!["diff", path(&copy), path(&copy)],
        vec!["test", "--rules", path(&copy)],
    ] {
        let (code, out, err) = xqlaw_in(&dir, &args);
        assert_eq!(code, 1, "{args:?}");
        assert!(
            err.contains(
                "no cases to judge: no project (a folder with `rules/` and `spec-tests/`)"
            ),
            "{args:?}: {err}"
        );
        assert!(err.contains("run xqlaw inside the project"), "{err}");
        assert!(!err.contains(": ok"), "{args:?}: {err}");
        assert!(!out.contains("passed"), "{args:?}: {out}");
    }
    let (_, _, err) = xqlaw_in(&dir, &["check", path(&copy)]);
    assert!(
        err.contains("copy.rules: compiles (")
            && err.contains("not searched for conflicts: no cases"),
        "{err}"
    );
    // `check --no-specs` only compiles, on purpose.
    let (code, _, err) = xqlaw_in(&dir, &["check", "--no-specs", path(&copy)]);
    assert_eq!(code, 0, "{err}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn test_with_a_renamed_copy_says_no_file_expects_it_and_points_to_whatif() {
    let dir = scratch("renamed");
    let copy = dir.join("copy.rules");
    fs::write(
        &copy,
        law_text().replace("\nrules vn-1999\n", "\nrules my-law\n"),
    )
    .unwrap();
    let (code, out, err) = xqlaw(&["test", "--rules", path(&copy)]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("no spec file states an expectation for `my-law`"),
        "{out}"
    );
    assert!(
        out.contains(&format!("`xqlaw whatif {} --base FILE`", copy.display())),
        "{out}"
    );
    assert!(err.contains("no cases judged"), "{err}");
    // A copy under the law's own name is judged by the law's expectations.
    fs::write(&copy, law_text()).unwrap();
    let (code, out, _) = xqlaw(&["test", "--quiet", "--rules", path(&copy)]);
    assert_eq!(code, 0, "{out}");
    // The spec files (98), and the 14 standings tables of the law and its regulations, from
    // the folder found by walking up, which the summary names (issue 24, item 13).
    assert_eq!(
        out,
        "spec files from `spec-tests`, found from the rule files\n112 passed, 0 failed\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn an_amendment_that_does_not_compile_is_reported_in_its_own_file() {
    let dir = scratch("broken");
    let amended = dir.join("broken.rules");
    fs::write(
        &amended,
        "rules vn-1999 extends vn-1999\nremove ruling no-such-ruling\n",
    )
    .unwrap();
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let (code, out, err) = xqlaw(&["whatif", path(&amended), "--base", path(&base)]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("no-such-ruling"), "{err}");
    assert!(err.contains("broken.rules:2"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn whatif_json_has_a_row_per_case() {
    let dir = scratch("json");
    let amended = dir.join("a.rules");
    fs::write(&amended, "rules vn-1999 extends vn-1999\n").unwrap();
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let (code, out, err) = xqlaw(&["whatif", path(&amended), "--base", path(&base), "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cases = json["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 102);
    assert_eq!(cases[0]["id"], "hinh-01");
    assert_eq!(cases[0]["expected"], "red_loses");
    assert_eq!(cases[0]["before"]["verdict"], "red_loses");
    assert_eq!(cases[0]["changed"], false);
    let (_, md, _) = xqlaw(&[
        "whatif",
        path(&amended),
        "--base",
        path(&base),
        "--markdown",
    ]);
    assert!(
        md.starts_with("## `vn-1999` amended, against `vn-1999`"),
        "{md}"
    );
    let _ = fs::remove_dir_all(&dir);
}

/// Amendment 2's edit of the law: one check and one chase, allowed, becomes forbidden.
const CHECK_CHASE_ALLOWED: &str =
    "    when some move checking and some move chasing and not every move checking\n    → allowed";
const CHECK_CHASE_FORBIDDEN: &str = "    when some move checking and some move chasing and not every move checking\n    → forbidden";

/// `xqlaw whatif COPY --base rules/vn-1999.rules --report DIR/proposal.html EXTRA…`, where
/// DIR is the copy's folder: the exit code, the output, the errors and the report's path.
fn whatif_report(copy: &Path, extra: &[&str]) -> (i32, String, String, PathBuf) {
    let report = copy.parent().unwrap().join("proposal.html");
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let mut args = vec![
        "whatif",
        path(copy),
        "--base",
        path(&base),
        "--report",
        path(&report),
    ];
    args.extend(extra);
    let (code, out, err) = xqlaw(&args);
    (code, out, err, report)
}

/// One edit to a copy of the law: `from` (which must occur once) becomes `to`.
fn amended(name: &str, from: &str, to: &str) -> PathBuf {
    let law = law_text();
    assert_eq!(law.matches(from).count(), 1, "`{from}` must occur once");
    let dir = scratch(name);
    let copy = dir.join("amended.rules");
    fs::write(&copy, law.replace(from, to)).unwrap();
    copy
}

/// The cases whose verdict the amendment changes, as `id: before → after`, from `--json`.
fn changes(copy: &Path) -> Vec<String> {
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let (code, out, err) = xqlaw(&["whatif", path(copy), "--base", path(&base), "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let changed = json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["changed"] == true)
        .map(|c| {
            format!(
                "{}: {} → {}",
                c["id"].as_str().unwrap(),
                c["before"]["verdict"].as_str().unwrap(),
                c["after"]["verdict"].as_str().unwrap()
            )
        })
        .collect();
    let _ = fs::remove_dir_all(copy.parent().unwrap());
    changed
}

/// Amendment 1: chases of crossed pawns are allowed too (Điều 24.21, 24.27 dropped), by
/// letting the exempted target be any pawn. The pawns chased in Hình 59, 71, 74 and 75 have
/// crossed the river, and so has the pawn two horses chase in turn in WXF diagram 82.
#[test]
fn amendment_chasing_a_crossed_pawn_is_allowed_too() {
    let copy = amended(
        "crossed-pawns",
        "    = target(pawn) and not target-crossed\n",
        "    = target(pawn)\n",
    );
    assert_eq!(
        changes(&copy),
        [
            "hinh-59: red_loses → draw",
            "hinh-71: red_loses → draw",
            "hinh-74: red_loses → draw",
            "hinh-75: red_loses → draw",
            "wxf-d82-577: red_loses → draw",
        ]
    );
}

/// Amendment 2: one check and one chase is forbidden, as CXA has it. The chasing side of
/// Hình 12–13 now loses; in Hình 37 and 50 the defender's answers check and chase, so both
/// sides violate and the verdict table makes it a draw. White's play in Hình 15 does not
/// change: its rook step to b9 lines up behind the cannon, whose taking of the advisor on f9
/// would uncover check, a threat to check and capture (Điều 23 point 10; the commentary's
/// "một chiếu một dọa rút Pháo ăn quân"), no chase.
#[test]
fn amendment_one_check_one_chase_is_forbidden() {
    let copy = amended("check-chase", CHECK_CHASE_ALLOWED, CHECK_CHASE_FORBIDDEN);
    assert_eq!(
        changes(&copy),
        [
            "hinh-12: draw → red_loses",
            "hinh-13: draw → red_loses",
            "hinh-37: red_loses → draw",
            "hinh-50: red_loses → draw",
        ]
    );
}

/// Amendment 3: a king's attack counts as a chase (only pawns stay exempt). The king chases
/// in Hình 67–68.
#[test]
fn amendment_a_kings_attack_counts_as_a_chase() {
    let copy = amended(
        "king",
        "    = chase and (attacker(king, pawn) or uncrossed-pawn)",
        "    = chase and (attacker(pawn) or uncrossed-pawn)",
    );
    assert_eq!(
        changes(&copy),
        ["hinh-67: draw → red_loses", "hinh-68: draw → red_loses"]
    );
}

/// Amendment 5: perpetual check is allowed. The precedence of perpetual check over a chase is
/// said on the ruling (`forbidden graver`), so the one edit compiles: the verdict rows about a
/// graver violation no longer match, and `two-checks-one-back`'s restatement of it lapses
/// (Điều 24.4 still forbids two checks against one, Hình 4–5). In Hình 1 Black's answers chase
/// White's rook, so Black now loses.
#[test]
fn amendment_perpetual_check_is_allowed() {
    let copy = amended("check", "    → forbidden graver\n", "    → allowed\n");
    assert_eq!(
        changes(&copy),
        [
            "hinh-01: red_loses → black_loses",
            "hinh-02: red_loses → draw",
            "hinh-03: red_loses → draw",
        ]
    );
}

/// Amendment 4: Điều 24.11's ruling is deleted, so a horse or cannon may perpetually attack a
/// really protected rook. Its one home is `horse-or-cannon-on-rook` (Điều 23 point 6's second
/// sentence, which 24.11 repeats for cannons); `cannon-on-rook` keeps 24.11's words as a
/// restatement and decides nothing of its own. Where the cannon chases through screens that
/// move (Hình 21, 23, 61), Điều 24.22 still forbids it.
#[test]
fn amendment_a_protected_rook_may_be_attacked_without_24_11() {
    let law = law_text();
    let from = "ruling horse-or-cannon-on-rook\n";
    assert_eq!(law.matches(from).count(), 1);
    let dir = scratch("rook");
    let copy = dir.join("amended.rules");
    fs::write(
        &copy,
        "rules vn-1999 extends vn-1999\nremove ruling horse-or-cannon-on-rook\n",
    )
    .unwrap();
    assert_eq!(
        changes(&copy),
        [
            "hinh-18: red_loses → draw",
            "hinh-19: red_loses → draw",
            "hinh-25: red_loses → draw",
            "hinh-42: black_loses → draw",
            "hinh-45: red_loses → draw",
        ]
    );
}

/// The changes-only amendment of the issue (Amendment 2): `rules vn-1999 extends vn-1999`.
const CHANGES_ONLY: &str = "rules vn-1999 extends vn-1999

replace ruling one-check-one-chase
    name \"một chiếu một bắt\"
    article \"Điều 22.17; Điều 24.8\"
    when some move checking and some move chasing and not every move checking
    → forbidden
";

/// Issue 25, item 2: the changes-only form works in `check`, `test`, `diff` and `whatif` alike;
/// none says "extends itself".
#[test]
fn the_changes_only_form_works_in_every_command() {
    let dir = scratch("every-command");
    let amended = dir.join("amend.rules");
    fs::write(&amended, CHANGES_ONLY).unwrap();
    let a = path(&amended);
    for (args, code, said) in [
        // Its four changed verdicts are conflicts with the rulings that still allow the play.
        (vec!["check", a], 1, "amend.rules: 4 conflicts"),
        (vec!["test", "--quiet", "--rules", a], 1, "4 failed"),
        (
            vec!["diff", "rules/vn-1999.rules", a],
            0,
            "4 of 102 diagrams change verdict",
        ),
        (vec!["whatif", a], 0, "4 of 102 cases change verdict"),
    ] {
        let (got, out, err) = xqlaw(&args);
        assert_eq!(got, code, "{args:?}: {out}{err}");
        assert!(!err.contains("extends itself"), "{args:?}: {err}");
        assert!(
            out.contains(said) || err.contains(said),
            "{args:?}: {out}{err}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 25, item 3: from a folder outside the project, the amendment is judged on the whole
/// corpus when the project can be found from a path given (the spec folder, the base), and
/// the project used is named; else every command refuses, saying what works.
#[test]
fn an_amendment_outside_the_project_finds_it_or_refuses() {
    let dir = scratch("outside");
    fs::write(dir.join("amend.rules"), CHANGES_ONLY).unwrap();
    let specs = Path::new(ROOT).join("spec-tests");
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    // The spec folder names the project: every expectation is known, none "unknown".
    let (code, out, err) = xqlaw_in(
        &dir,
        &["test", "--quiet", "--rules", "amend.rules", path(&specs)],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(!out.contains("unknown rule set"), "{out}");
    assert!(out.ends_with(" passed, 4 failed\n"), "{out}");
    assert!(err.starts_with("project: `"), "{err}");
    for args in [
        vec!["whatif", "amend.rules", "--base", path(&base)],
        vec!["check", "amend.rules", "--specs", path(&specs)],
        vec!["diff", path(&base), "amend.rules"],
    ] {
        let (_, out, err) = xqlaw_in(&dir, &args);
        assert!(err.contains("project: `"), "{args:?}: {err}");
        assert!(
            out.contains("4 of 102") || err.contains("4 conflicts"),
            "{args:?}: {out}{err}"
        );
    }
    // Nothing names the project: refused, with the command that works.
    for args in [
        vec!["whatif", "amend.rules"],
        vec!["check", "amend.rules"],
        vec!["test", "--rules", "amend.rules"],
    ] {
        let (code, out, err) = xqlaw_in(&dir, &args);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(
            err.contains("run xqlaw inside the project"),
            "{args:?}: {err}"
        );
        // `--base` is named only by the command that has it.
        assert_eq!(
            err.contains("give `--base PATH/rules/vn-1999.rules`"),
            args[0] == "whatif",
            "{args:?}: {err}"
        );
        assert!(!out.contains("passed"), "{args:?}: {out}");
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A project of its own with the law and a few of its cases (`hinh-12`, `hinh-13`, `hinh-74`).
fn small_project(name: &str) -> PathBuf {
    let project = scratch(name);
    fs::create_dir_all(project.join("rules")).unwrap();
    fs::write(project.join("rules/vn-1999.rules"), law_text()).unwrap();
    let specs = project.join("spec-tests/vn-1999");
    fs::create_dir_all(&specs).unwrap();
    for file in ["hinh-12.yaml", "hinh-13.yaml", "hinh-74.yaml"] {
        fs::copy(
            Path::new(ROOT).join("spec-tests/vn-1999").join(file),
            specs.join(file),
        )
        .unwrap();
    }
    project
}

/// Issue 25, item 1: an amendment saved into `rules/` under a name of its own is compared with
/// the rule set it amends, never with itself.
#[test]
fn an_amendment_saved_into_rules_is_never_its_own_base() {
    let project = small_project("saved");
    let saved = project.join("rules/vn-1999-sua.rules");
    // The changes alone, renamed after the file.
    fs::write(
        &saved,
        CHANGES_ONLY.replace("rules vn-1999 extends", "rules vn-1999-sua extends"),
    )
    .unwrap();
    let (code, out, err) = xqlaw_in(&project, &["whatif", "rules/vn-1999-sua.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("base: `rules/vn-1999.rules`"), "{err}");
    assert!(
        out.starts_with("vn-1999-sua amended, against vn-1999"),
        "{out}"
    );
    assert!(out.ends_with("2 of 3 cases change verdict\n"), "{out}");
    // A complete copy renamed after the file, saying what it amends.
    let copy = law_text().replace(
        "    → allowed\n    restates check-and-other\n\n/// A check alternating with an idle",
        "    → forbidden\n\n/// A check alternating with an idle",
    );
    assert_ne!(copy, law_text());
    fs::write(
        &saved,
        copy.replace("\nrules vn-1999\n", "\nrules vn-1999-sua amends vn-1999\n"),
    )
    .unwrap();
    let (code, out, err) = xqlaw_in(&project, &["whatif", "rules/vn-1999-sua.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("the rule set it says it amends"), "{err}");
    assert!(out.ends_with("2 of 3 cases change verdict\n"), "{out}");
    // Renamed and saying nothing of its base: refused, never compared with itself.
    fs::write(
        &saved,
        copy.replace("\nrules vn-1999\n", "\nrules vn-1999-sua\n"),
    )
    .unwrap();
    let (code, out, err) = xqlaw_in(&project, &["whatif", "rules/vn-1999-sua.rules"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("(`rules vn-1999-sua amends vn-1999`), or give `--base FILE`"),
        "{err}"
    );
    // `--base` naming the file itself is refused too.
    let (code, _, err) = xqlaw_in(
        &project,
        &[
            "whatif",
            "rules/vn-1999-sua.rules",
            "--base",
            "rules/vn-1999-sua.rules",
        ],
    );
    assert_eq!(code, 1);
    assert!(err.contains("is the amendment itself"), "{err}");
    assert!(err.contains("xqlaw::cli::base_is_amendment"), "{err}");
    assert!(
        err.contains("help: give `--base` the rule set it amends"),
        "{err}"
    );
    // `test` points at the right base.
    let (_, out, _) = xqlaw_in(&project, &["test", "--quiet"]);
    assert!(
        out.contains("`xqlaw whatif rules/vn-1999-sua.rules --base FILE`"),
        "{out}"
    );
    let _ = fs::remove_dir_all(&project);
}

/// Issue 25, "A proposal the committee can circulate": `--report FILE.html` writes one
/// printable page with the amendment as a diff of the rule text, the changed ruling's article
/// and sentence, every changed case with its board, its moves in the law's notation, the
/// expectation and the verdicts before and after, the precedences and the coverage.
#[test]
fn whatif_report_writes_the_proposal_page() {
    let copy = amended("report", CHECK_CHASE_ALLOWED, CHECK_CHASE_FORBIDDEN);
    let dir = copy.parent().unwrap().to_path_buf();
    let (code, out, err, report) = whatif_report(&copy, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 of "), "{out}");
    assert!(err.contains("report: `"), "{err}");
    let page = fs::read_to_string(&report).unwrap();
    for needle in [
        "<!DOCTYPE html>",
        "@page { size: A4",
        // The diff: the one line removed and the one added, nothing else changed.
        "<span class=\"del\">-     → allowed</span>",
        "<span class=\"ins\">+     → forbidden</span>",
        // The changed ruling, its article and its sentence.
        "ruling <code>one-check-one-chase</code>",
        "Điều 22.17; Điều 24.8",
        // A changed case: its board, its moves in the law's notation, the verdicts.
        "<h3>Hình 12 — Điều 24.7</h3>",
        "<svg",
        "<td>P4-5</td>",
        "Luật mong đợi",
        // The deciding rulings by the law's names, each id after its name.
        "Trắng thua (red loses) — Trắng: một chiếu một bắt <code>one-check-one-chase</code>",
        // The precedences and the coverage.
        "Ưu tiên và xung đột",
        "Phạm vi của các điều",
        // The diff's font goes with the page: a monospace font with the precomposed
        // Vietnamese letters, first in the diff's stack, carried as data.
        "pre.diff { font-family: 'Xqlaw Mono',",
        "font-family: \"Xqlaw Mono\"; font-style: normal; font-weight: 400; font-display: block; src: url(data:font/woff2;base64,",
    ] {
        assert!(page.contains(needle), "no `{needle}` in the report");
    }
    assert_eq!(page.matches("<span class=\"del\">").count(), 1);
    assert_eq!(page.matches("<span class=\"ins\">").count(), 1);
    assert_eq!(page.matches("<div class=\"case\">").count(), 4);
    let _ = fs::remove_dir_all(&dir);
}

/// A report path that could lose a file is refused before any work, and nothing is written:
/// not an `.html` name (`--report rules/vn-1999.rules` would have replaced the law), a folder,
/// a folder that does not exist.
#[test]
fn whatif_report_refuses_a_path_that_could_lose_a_file() {
    let dir = scratch("report-paths");
    let copy = dir.join("amended.rules");
    fs::write(&copy, law_text()).unwrap();
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let law_before = fs::read_to_string(&base).unwrap();
    let folder = dir.join("a-folder.html");
    fs::create_dir(&folder).unwrap();
    for target in [base.clone(), copy.clone(), folder.clone()] {
        let (code, out, err) = xqlaw(&[
            "whatif",
            path(&copy),
            "--base",
            path(&base),
            "--report",
            path(&target),
        ]);
        assert_eq!(code, 1, "{}: {err}", target.display());
        assert!(err.contains("will not write the report to"), "{err}");
        assert!(err.contains("nothing was written"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    assert_eq!(fs::read_to_string(&base).unwrap(), law_before);
    assert_eq!(fs::read_to_string(&copy).unwrap(), law_text());
    let missing = dir.join("no-such-folder/proposal.html");
    let (code, _, err) = xqlaw(&[
        "whatif",
        path(&copy),
        "--base",
        path(&base),
        "--report",
        path(&missing),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("cannot write"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// A rule file saved with a UTF-8 byte order mark (Notepad, some web editors) is read as the
/// same text without it by every command; `fmt` drops the mark (the canonical layout has
/// none), and a diagnostic in such a file still underlines the right text on the right line.
#[test]
fn a_rule_file_with_a_byte_order_mark_is_read_by_every_command() {
    let dir = scratch("bom");
    let amended = dir.join("amend.rules");
    let bom = format!("\u{feff}{CHANGES_ONLY}");
    fs::write(&amended, &bom).unwrap();
    let a = path(&amended);
    for (args, code, said) in [
        (vec!["check", a], 1, "amend.rules: 4 conflicts"),
        (vec!["whatif", a], 0, "4 of 102 cases change verdict"),
        (vec!["test", "--quiet", "--rules", a], 1, "4 failed"),
        (
            vec!["fmt", "--check", a],
            1,
            "1 of 1 rule file not in the canonical layout",
        ),
    ] {
        let (got, out, err) = xqlaw(&args);
        assert_eq!(got, code, "{args:?}: {out}{err}");
        assert!(
            out.contains(said) || err.contains(said),
            "{args:?}: {out}{err}"
        );
    }
    // `fmt` rewrites the file without the mark, and nothing else changes.
    let (code, _, err) = xqlaw(&["fmt", a]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read_to_string(&amended).unwrap(), CHANGES_ONLY);
    let (code, _, err) = xqlaw(&["fmt", "--check", a]);
    assert_eq!(code, 0, "{err}");
    // An error after the mark: its line and its underlined word are the editor's.
    fs::write(
        &amended,
        format!(
            "\u{feff}{}",
            CHANGES_ONLY.replace("→ forbidden", "→ forbiden")
        ),
    )
    .unwrap();
    let (code, _, err) = xqlaw(&["check", a]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("amend.rules:7:"), "{err}");
    assert!(err.contains("forbiden"), "{err}");
    assert!(err.contains("did you mean `forbidden`"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 25, "Input as people type it": a misspelled keyword gets "did you mean", from the
/// command line too (`overides`, `forbiden`).
#[test]
fn a_misspelled_keyword_gets_did_you_mean_from_check() {
    let dir = scratch("typo");
    let file = dir.join("typo.rules");
    for (typo, word) in [
        ("→ forbiden", "forbidden"),
        ("→ forbidden overides perpetual-chase", "overrides"),
    ] {
        fs::write(&file, CHANGES_ONLY.replace("→ forbidden", typo)).unwrap();
        let (code, out, err) = xqlaw(&["check", path(&file)]);
        assert_eq!(code, 1, "{out}{err}");
        assert!(
            err.contains(&format!("did you mean `{word}`")),
            "{typo}: {err}"
        );
    }
    let _ = fs::remove_dir_all(&dir);
}

/// The records of `names` from `tests/data/records`, copied into a folder of their own with a
/// licence file, as a dataset is shipped.
fn records(dir: &Path, names: &[&str]) -> PathBuf {
    let games = dir.join("games");
    fs::create_dir_all(&games).unwrap();
    for name in names {
        fs::copy(
            Path::new(ROOT).join("tests/data/records").join(name),
            games.join(name),
        )
        .unwrap();
    }
    fs::write(
        games.join("LICENSE"),
        "Test Records Licence (TRL 1.0)\n\nCopyright (c) 2026 Someone\n\nMore text.\n",
    )
    .unwrap();
    games
}

/// Issue 25, "the recorded games whose outcome changes": `--report FILE --games PATH` judges
/// the records with the base and the amendment and lists each game whose outcome changes,
/// with the board before the cycle, its FEN, its moves in the law's notation and both
/// rulings, under the counts of the run and the credit of the records' licence.
#[test]
fn whatif_report_lists_the_recorded_games_whose_outcome_changes() {
    // Perpetual check allowed: the constructed game that ends in one changes.
    let copy = amended(
        "report-games",
        "    → forbidden graver\n",
        "    → allowed\n",
    );
    let dir = copy.parent().unwrap().to_path_buf();
    let games = records(&dir, &["perpetual-check-v18.xqf", "opening-v10.xqf"]);
    let (code, out, err, report) = whatif_report(&copy, &["--games", path(&games)]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("3 of 102 cases change verdict\n"), "{out}");
    assert!(
        err.contains("games: 1 of 2 games change outcome under the amendment (0 refused)"),
        "{err}"
    );
    let page = fs::read_to_string(&report).unwrap();
    let section = &page[page.find("Ván đấu thực tế đổi kết quả (1)").unwrap()..];
    for needle in [
        "<b>1 trong 2 ván đổi kết quả.</b>",
        "1 of 2 games change outcome under the amendment",
        // The counts of the run, as `xqlaw games --summary` says them.
        "<li>2 games read from 2 files, 0 refused</li>",
        "<li>1 repetition in 1 game; 1 game ends on a repeated position</li>",
        // The credit the records' licence asks for.
        "Test Records Licence (TRL 1.0); Copyright (c) 2026 Someone",
        // The game, its place, its board, FEN and moves in the law's notation.
        "<h3>1. 构造的对局 — 红方 – 黑方</h3>",
        "kết quả ghi trên biên bản <i>(recorded result)</i>: <code>0-1</code>",
        "Các thế cờ lặp lại sau nước thứ 4 đến 8",
        "Cuối ván",
        "<svg",
        "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
        "<td>X2.1</td>",
        // Both rulings, with the rulings that decide them.
        "Trước <i>(vn-1999)</i>: Trắng thua (red loses) — Trắng: chiếu mãi <code>perpetual-check</code>",
        "Sau <i>(vn-1999 (amended))</i>:",
    ] {
        assert!(
            section.contains(needle),
            "no `{needle}` in the games section"
        );
    }
    // Two places changed (the repetition and the end), each drawn once.
    assert_eq!(section.matches("<div class=\"case game\">").count(), 2);
    let _ = fs::remove_dir_all(&dir);
}

/// When no recorded game changes, the page says so with what was judged; records that cannot
/// be found, or a folder where no game can be read, are refused with nothing written; and
/// `--games` asks for `--report`.
#[test]
fn whatif_report_says_when_no_game_changes_and_refuses_records_it_cannot_read() {
    let copy = amended("report-no-game", CHECK_CHASE_ALLOWED, CHECK_CHASE_FORBIDDEN);
    let dir = copy.parent().unwrap().to_path_buf();
    let games = records(&dir, &["perpetual-check-v18.xqf", "opening-v11.xqf"]);
    let run = |games: &Path| whatif_report(&copy, &["--games", path(games)]);
    let (code, _, err, report) = run(&games);
    assert_eq!(code, 0, "{err}");
    let page = fs::read_to_string(&report).unwrap();
    for needle in [
        "Ván đấu thực tế đổi kết quả (0)",
        "<b>0 trong 2 ván đổi kết quả.</b>",
        "<li>1 repetition in 1 game; 1 game ends on a repeated position</li>",
    ] {
        assert!(page.contains(needle), "no `{needle}` in the report");
    }
    fs::remove_file(&report).unwrap();
    // A path that does not exist, and a folder whose every record is refused.
    let damaged = Path::new(ROOT).join("tests/data/records/damaged");
    for (games, said) in [
        (dir.join("no-such-folder"), "cannot read `"),
        (damaged, "no game read under `"),
    ] {
        let (code, out, err, _) = run(&games);
        assert_eq!(code, 1, "{}: {out}{err}", games.display());
        assert!(err.contains(said), "{err}");
        assert!(!report.exists(), "{}", games.display());
    }
    let (code, _, err) = xqlaw(&["whatif", path(&copy), "--games", path(&games)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--report"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Issue 25, "Input as people type it": `diff` of the law and an amended copy under the same
/// rule-set name labels the two sides by their paths, in every format, never `vn-1999` twice.
#[test]
fn diff_of_two_files_of_one_rule_set_labels_the_sides_by_their_paths() {
    let copy = amended("diff-labels", "    → forbidden graver\n", "    → allowed\n");
    let (code, out, err) = xqlaw(&["diff", "rules/vn-1999.rules", path(&copy)]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(&format!("rules/vn-1999.rules → {}\n", copy.display())),
        "{out}"
    );
    assert!(
        out.contains("      rules/vn-1999.rules: red loses (red: perpetual-check)"),
        "{out}"
    );
    assert!(
        out.contains(&format!("      {}: ", copy.display())),
        "{out}"
    );
    assert!(!out.contains("vn-1999: "), "{out}");
    let (_, json, _) = xqlaw(&["diff", "rules/vn-1999.rules", path(&copy), "--json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(json["first"], "rules/vn-1999.rules");
    assert_eq!(json["second"], path(&copy));
    let (_, md, _) = xqlaw(&["diff", "rules/vn-1999.rules", path(&copy), "--markdown"]);
    assert!(
        md.starts_with(&format!("## `rules/vn-1999.rules` → `{}`", copy.display())),
        "{md}"
    );
    let _ = fs::remove_dir_all(copy.parent().unwrap());
}

/// The text of `whatif` for a copy of the law with `from` (once) made `to`, against the law.
fn whatif_text(name: &str, from: &str, to: &str) -> String {
    let copy = amended(name, from, to);
    let base = Path::new(ROOT).join("rules/vn-1999.rules");
    let (code, out, err) = xqlaw(&["whatif", path(&copy), "--base", path(&base)]);
    let _ = fs::remove_dir_all(copy.parent().unwrap());
    assert_eq!(code, 0, "{err}");
    out
}

/// Issue 25, "every no effect explained": a ruling turned to `allowed` that others outweigh
/// changes nothing, and the first lines say why, name the rulings that keep the verdicts and
/// say what to write, before the precedences and the count.
#[test]
fn an_edit_that_changes_nothing_says_why_first() {
    let ruling = "ruling rook-on-crossed-pawn\n";
    let law = law_text();
    let at = law.find(ruling).unwrap();
    let arrow = at + law[at..].find("    → forbidden\n").unwrap();
    let from = &law[at..arrow + "    → forbidden\n".len()];
    let to = from.replace("    → forbidden\n", "    → allowed\n");
    let out = whatif_text("crossed-allowed", from, &to);
    let why = out
        .find("vì sao bản sửa không có hiệu lực")
        .unwrap_or(usize::MAX);
    let precedence = out.find("\nprecedence:").unwrap();
    assert!(why < precedence, "the reason comes first:\n{out}");
    assert!(
        out.contains("`rook-on-crossed-pawn` cho phép, nhưng `perpetual-chase` (bắt mãi), `unprotected-target` (bắt quân không căn) vẫn cấm cùng nước đi ở Hình 74–75"),
        "{out}"
    );
    assert!(
        out.contains("viết (write): `overrides perpetual-chase, unprotected-target` trên `rook-on-crossed-pawn`"),
        "{out}"
    );
    assert!(
        out.ends_with(" cases change verdict\n") && out.contains("\n0 of "),
        "{out}"
    );
}

/// Issue 25: a principle made `allowed` changes nothing while the example rulings that restate
/// it still forbid; the first lines name them and say what amending them together would change
/// (`docs/language.md`, "A principle and its restatements under an amendment").
#[test]
fn a_principle_allowed_names_its_restatements_and_what_amending_them_together_changes() {
    let from = "      or (some move chasing and not every move chasing and not every move checking)\n    → forbidden\n";
    let to = from.replace("→ forbidden", "→ allowed");
    let out = whatif_text("principle-allowed", from, &to);
    let why = out
        .find("vì sao bản sửa không có hiệu lực")
        .unwrap_or(usize::MAX);
    assert!(
        why < out.find("\nprecedence:").unwrap_or(out.len()),
        "{out}"
    );
    assert!(
        out.contains(" nhắc lại `perpetual-chase` và chưa được sửa theo"),
        "{out}"
    );
    assert!(out.contains("nếu sửa cùng (amended together): "), "{out}");
    assert!(out.contains("viết (write): "), "{out}");
}
