//! `xqlaw docs` as a careless or hostile user would run it: it writes and deletes only inside
//! its output folder, only files carrying its mark, never through a symlink; a symlink loop
//! does not hang it; text from spec files reaches the pages escaped; the progress bar stays
//! off when standard error is not a terminal. Each test runs the binary.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("xqlaw-hostile-docs-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small corpus: the law's rule file, the Asian and Chinese rules, and three of the law's
/// diagrams, one of them with `title`.
fn corpus(dir: &Path, title: &str) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rules = dir.join("in-rules");
    let specs = dir.join("in-specs");
    fs::create_dir_all(&rules).unwrap();
    fs::create_dir_all(specs.join("vn-1999")).unwrap();
    for name in ["vn-1999", "axf", "cxa"] {
        fs::copy(
            root.join(format!("rules/{name}.rules")),
            rules.join(format!("{name}.rules")),
        )
        .unwrap();
    }
    for id in ["hinh-01", "hinh-20", "hinh-71"] {
        let text = fs::read_to_string(root.join(format!("spec-tests/vn-1999/{id}.yaml"))).unwrap();
        let text = if id == "hinh-20" {
            text.replace("title: Hình 20", &format!("title: '{title}'"))
        } else {
            text
        };
        fs::write(specs.join(format!("vn-1999/{id}.yaml")), text).unwrap();
    }
    (rules, specs)
}

/// Runs `xqlaw docs` with `args` (after the corpus's `--rules` and `--specs`), failing the test
/// if it runs longer than a minute.
fn docs(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["docs", "--rules", "in-rules", "--specs", "in-specs"];
    all.extend(args);
    xqlaw(dir, &all)
}

/// Runs `xqlaw args` in `dir`, failing the test if it runs longer than a minute (a hang).
fn xqlaw(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqlaw"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("`xqlaw {}` hangs", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_folder_that_is_not_a_book_is_refused_and_left_as_it_was() {
    let dir = scratch("not-a-book");
    corpus(&dir, "Hình 20");
    // `--out .` in a copy of the project: its own rule files stand in `rules/`.
    fs::create_dir_all(dir.join("rules")).unwrap();
    fs::write(dir.join("rules/mine.rules"), "rules mine\n").unwrap();
    fs::write(dir.join("index.md"), "# my notes\n").unwrap();
    let (code, _, err) = docs(&dir, &["--out", "."]);
    assert_ne!(code, 0);
    assert!(err.contains("is not a book made by `xqlaw docs`"), "{err}");
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        fs::read_to_string(dir.join("index.md")).unwrap(),
        "# my notes\n"
    );
    assert!(dir.join("rules/mine.rules").exists());
    assert!(!dir.join("SUMMARY.md").exists());
    // With `--force` it writes, yet deletes nothing it did not write.
    let (code, _, err) = docs(&dir, &["--out", ".", "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("rules/mine.rules").exists());
    assert!(dir.join("SUMMARY.md").exists());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_page_without_the_mark_is_not_overwritten() {
    let dir = scratch("unmarked-page");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    fs::write(dir.join("book/index.md"), "# written by hand\n").unwrap();
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_ne!(code, 0);
    assert!(err.contains("was not written by `xqlaw docs`"), "{err}");
    assert_eq!(
        fs::read_to_string(dir.join("book/index.md")).unwrap(),
        "# written by hand\n"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn only_marked_files_are_deleted_and_symlinks_are_never_followed() {
    let dir = scratch("symlinks");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    // A file outside the book, reachable through a symlink inside a generated folder.
    fs::write(dir.join("outside.txt"), "keep me\n").unwrap();
    std::os::unix::fs::symlink(dir.join("outside.txt"), dir.join("book/rules/link.md")).unwrap();
    // A folder outside, symlinked into a generated folder.
    fs::create_dir_all(dir.join("elsewhere")).unwrap();
    fs::write(dir.join("elsewhere/page.md"), "keep me too\n").unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("book/diagrams/elsewhere")).unwrap();
    // A hand-written file and a stale generated one in a generated folder.
    fs::write(dir.join("book/compare/notes.md"), "mine\n").unwrap();
    let stale = fs::read_to_string(dir.join("book/index.md")).unwrap();
    fs::write(dir.join("book/compare/gone.md"), stale).unwrap();
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fs::read_to_string(dir.join("outside.txt")).unwrap(),
        "keep me\n"
    );
    assert_eq!(
        fs::read_to_string(dir.join("elsewhere/page.md")).unwrap(),
        "keep me too\n"
    );
    assert!(dir.join("book/compare/notes.md").exists());
    assert!(
        !dir.join("book/compare/gone.md").exists(),
        "a stale generated page stays"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_symlinked_folder_on_the_way_to_a_page_is_an_error() {
    let dir = scratch("symlinked-folder");
    corpus(&dir, "Hình 20");
    fs::create_dir_all(dir.join("book")).unwrap();
    fs::create_dir_all(dir.join("elsewhere")).unwrap();
    std::os::unix::fs::symlink(dir.join("elsewhere"), dir.join("book/diagrams")).unwrap();
    let (code, _, err) = docs(&dir, &["--out", "book", "--force"]);
    assert_ne!(code, 0);
    assert!(err.contains("is a symlink"), "{err}");
    assert_eq!(fs::read_dir(dir.join("elsewhere")).unwrap().count(), 0);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_symlink_loop_in_a_generated_folder_does_not_hang() {
    let dir = scratch("loop");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    std::os::unix::fs::symlink(".", dir.join("book/compare/loop")).unwrap();
    std::os::unix::fs::symlink("..", dir.join("book/rules/up")).unwrap();
    let (code, out, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("(0 rewritten)"), "{out}");
    let (code, out, _) = docs(&dir, &["--out", "book", "--check"]);
    assert_eq!(code, 0, "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn text_from_spec_files_is_escaped() {
    let dir = scratch("escape");
    corpus(&dir, "<script>alert(1)</script> | x");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    let mut pages = 0;
    for path in walk(&dir.join("book")) {
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("<script>"),
            "{} holds raw HTML",
            path.display()
        );
        pages += 1;
    }
    assert!(pages > 10);
    let compare = fs::read_to_string(dir.join("book/compare.md")).unwrap();
    let header = compare
        .lines()
        .find(|l| l.starts_with("| Hình | Điều |"))
        .unwrap();
    let cells = |line: &str| line.replace("\\|", "").matches('|').count();
    let row = compare.lines().find(|l| l.contains("alert")).unwrap();
    assert_eq!(cells(row), cells(header), "{row}");
    assert!(row.contains("&lt;script&gt;"), "{row}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn no_progress_bar_without_a_terminal() {
    let dir = scratch("quiet");
    corpus(&dir, "Hình 20");
    let (code, out, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "standard error is not a terminal: nothing on it");
    assert!(out.contains(" pages in book"), "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_book_for_other_rules_names_its_command_and_brings_its_pages() {
    let dir = scratch("other-book");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "mine"]);
    assert_eq!(code, 0, "{err}");
    let command = "xqlaw docs --rules in-rules --specs in-specs --out mine";
    let summary = fs::read_to_string(dir.join("mine/SUMMARY.md")).unwrap();
    assert!(
        summary.lines().next().unwrap().contains(command),
        "{summary}"
    );
    let toml = fs::read_to_string(dir.join("mine/book.toml")).unwrap();
    assert!(toml.contains("build-dir = \"book\""), "{toml}");
    assert!(
        dir.join("mine/language.md").exists(),
        "the hand-written page it links to"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_printable_edition_is_one_marked_page_and_spares_other_files() {
    let dir = scratch("edition");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--edition", "law", "--out", "law.html"]);
    assert_eq!(code, 0, "{err}");
    let html = fs::read_to_string(dir.join("law.html")).unwrap();
    assert!(
        html.lines()
            .nth(1)
            .unwrap()
            .contains("generated by `xqlaw docs --edition law")
    );
    // Without the law's text beside the rules, the edition says where it comes from.
    assert!(html.contains("There is no text of the law"), "{html}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::create_dir_all(dir.join("law")).unwrap();
    fs::copy(root.join("law/vn-1999.yaml"), dir.join("law/vn-1999.yaml")).unwrap();
    let (code, _, err) = docs(&dir, &["--edition", "law", "--out", "law.html"]);
    assert_eq!(code, 0, "{err}");
    let html = fs::read_to_string(dir.join("law.html")).unwrap();
    assert!(html.contains("Điều 22") && html.contains("Hình 71"));
    fs::write(dir.join("mine.html"), "<p>mine</p>").unwrap();
    let (code, _, err) = docs(&dir, &["--edition", "law", "--out", "mine.html"]);
    assert_ne!(code, 0);
    assert!(err.contains("was not written by `xqlaw docs`"), "{err}");
    assert_eq!(
        fs::read_to_string(dir.join("mine.html")).unwrap(),
        "<p>mine</p>"
    );
    let _ = fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Issue 24: the second hostile round.
// ---------------------------------------------------------------------------------------------

/// Item 2: a book of one rule set writes no `compare/` pages, yet `compare/` is swept; a link
/// there to another book's `compare/` deleted that book's pages.
#[test]
fn a_swept_folder_that_is_a_symlink_is_an_error_and_nothing_is_deleted() {
    let dir = scratch("swept-symlink");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "other"]);
    assert_eq!(code, 0, "{err}");
    let theirs = walk(&dir.join("other/compare")).len();
    assert!(theirs > 0);
    fs::create_dir_all(dir.join("one-rules")).unwrap();
    fs::copy(
        dir.join("in-rules/vn-1999.rules"),
        dir.join("one-rules/vn-1999.rules"),
    )
    .unwrap();
    let one = [
        "docs",
        "--rules",
        "one-rules",
        "--specs",
        "in-specs",
        "--out",
        "book",
    ];
    let (code, _, err) = xqlaw(&dir, &one);
    assert_eq!(code, 0, "{err}");
    assert!(!dir.join("book/compare").exists());
    std::os::unix::fs::symlink(dir.join("other/compare"), dir.join("book/compare")).unwrap();
    let (code, _, err) = xqlaw(&dir, &one);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("compare` is a symlink"), "{err}");
    assert_eq!(walk(&dir.join("other/compare")).len(), theirs);
    let mut check = one.to_vec();
    check.push("--check");
    let (code, _, err) = xqlaw(&dir, &check);
    assert_ne!(code, 0, "{err}");
    assert!(err.contains("is a symlink"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Item 11: a spec folder whose name mdBook cannot link to is refused before anything is
/// written.
#[test]
fn a_spec_folder_named_with_spaces_or_brackets_is_refused() {
    for (n, name) in ["vn 1999", "vn-1999 [draft]"].into_iter().enumerate() {
        let dir = scratch(&format!("topic-name-{n}"));
        corpus(&dir, "Hình 20");
        fs::rename(
            dir.join("in-specs/vn-1999"),
            dir.join("in-specs").join(name),
        )
        .unwrap();
        let (code, _, err) = docs(&dir, &["--out", "book"]);
        assert_ne!(code, 0, "{name}: {err}");
        assert!(
            err.contains(&format!("the name `{name}` cannot stand in a book's path")),
            "{err}"
        );
        assert!(err.contains("nothing was written"), "{err}");
        assert!(!dir.join("book").exists() || walk(&dir.join("book")).is_empty());
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Item 12: a later run removes the temporary files a killed `docs` left, and only those.
#[test]
fn docs_removes_what_a_killed_run_left_and_nothing_else() {
    let dir = scratch("leftovers");
    corpus(&dir, "Hình 20");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    // No process has id 4194305 (Linux ids stop at 2^22): these were left by a dead run.
    let ours = [
        "book/.index.md.xqlaw-docs-4194305-Ab12Cd.tmp",
        "book/diagrams/vn-1999/.hinh-01.md.xqlaw-docs-4194305-xY34Zw.tmp",
    ];
    let not_ours = [
        "book/.index.md.xqlaw-import-4194305-Ab12Cd.tmp",
        "book/notes.tmp",
        "book/diagrams/vn-1999/.hinh-01.md.swp",
    ];
    for path in ours.iter().chain(&not_ours) {
        fs::write(dir.join(path), "").unwrap();
    }
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 0, "{err}");
    for path in ours {
        assert!(!dir.join(path).exists(), "{path} left");
    }
    for path in not_ours {
        assert!(dir.join(path).exists(), "{path} removed");
    }
    let _ = fs::remove_dir_all(&dir);
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().unwrap();
    assert!(made.success());
}

/// Item 8: a FIFO where a spec file or a page is expected hangs nothing.
#[test]
fn a_fifo_where_a_spec_file_or_a_page_goes_hangs_nothing() {
    let dir = scratch("fifo");
    corpus(&dir, "Hình 20");
    mkfifo(&dir.join("in-specs/vn-1999/hinh-02.yaml"));
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("1 of 4 spec files could not be read"), "{err}");
    let (code, out, err) = xqlaw(
        &dir,
        &["test", "--rules", "in-rules/vn-1999.rules", "in-specs"],
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("a named pipe is not a regular file"),
        "{out}{err}"
    );
    fs::remove_file(dir.join("in-specs/vn-1999/hinh-02.yaml")).unwrap();
    fs::remove_file(dir.join("book/index.md")).unwrap();
    mkfifo(&dir.join("book/index.md"));
    let (code, out, _) = docs(&dir, &["--out", "book", "--check"]);
    assert_eq!(code, 1);
    assert!(out.contains("out of date: book/index.md"), "{out}");
    let (code, _, err) = docs(&dir, &["--out", "book"]);
    assert_eq!(code, 1);
    assert!(err.contains("index.md` is not a regular file"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// Every regular file under `dir` (symlinks not followed).
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let t = entry.file_type().unwrap();
        if t.is_dir() {
            out.extend(walk(&entry.path()));
        } else if t.is_file() {
            out.push(entry.path());
        }
    }
    out
}
