//! `xqlaw fmt`: the canonical layout of rule files, written and checked, on a messy copy of the
//! law (issue 25, "Format the amended text first"): every comment kept, idempotent, no verdict
//! changed, `--check`'s exit codes, and bad input left as it was.

#![allow(clippy::unwrap_used, reason = "test code")]

use std::fs;
use std::path::{Path, PathBuf};

mod common;

use common::xqlaw;

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xqlaw-fmt-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The law as a careless editor leaves it: ASCII arrows, tabs, trailing blanks, Windows line
/// ends and runs of blank lines.
fn messy_law() -> String {
    let law = fs::read_to_string("rules/vn-1999.rules").unwrap();
    // Arrows outside comments (a comment is kept as written).
    let arrows: Vec<String> = law
        .lines()
        .map(|l| {
            if l.contains("//") {
                l.to_owned()
            } else {
                l.replace(" → ", " -> ")
            }
        })
        .collect();
    (arrows.join("\n") + "\n")
        .replace("\n    ", "\n\t")
        .replace("\n\n", "   \n\n\n\n")
        .replace('\n', "\r\n")
}

/// The comment and doc lines of a text, trimmed, in order.
fn comments(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.find("//").map(|at| l[at..].trim_end().to_owned()))
        .collect()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_project_rule_files_pass_the_check() {
    let files: Vec<String> = fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".rules"))
        .collect();
    assert_eq!(files.len(), 5, "{files:?}");
    let mut args = vec!["fmt", "--check"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = xqlaw(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out, "");
    assert!(
        err.contains("0 of 5 rule files not in the canonical layout"),
        "{err}"
    );
}

#[test]
fn a_messy_copy_is_listed_then_rewritten_once_keeping_comments_and_verdicts() {
    let dir = scratch("messy");
    let file = dir.join("vn-1999-sua.rules");
    let messy = messy_law();
    fs::write(&file, &messy).unwrap();

    // --check lists it, exits 1 and writes nothing.
    let (code, out, err) = xqlaw(&["fmt", "--check", path(&file)]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, format!("{}\n", file.display()));
    assert!(
        err.contains("1 of 1 rule file not in the canonical layout"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), messy);

    // fmt rewrites it in the law's own layout, every comment kept.
    let (code, _, err) = xqlaw(&["fmt", path(&file)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 of 1 rule file rewritten"), "{err}");
    let formatted = fs::read_to_string(&file).unwrap();
    let law = fs::read_to_string("rules/vn-1999.rules").unwrap();
    assert_eq!(formatted, law);
    assert_eq!(comments(&messy), comments(&formatted));
    assert!(!fs::read_dir(&dir).unwrap().any(|e| {
        let name = e.unwrap().file_name();
        name.to_string_lossy().ends_with(".tmp")
    }));

    // Idempotent: a second run rewrites nothing, and the check passes.
    let (code, _, err) = xqlaw(&["fmt", path(&file)]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("0 of 1 rule file rewritten"), "{err}");
    let (code, _, err) = xqlaw(&["fmt", "--check", path(&file)]);
    assert_eq!(code, 0, "{err}");

    // The messy text judged every case as the law does: the layout changed no verdict.
    let messy_file = dir.join("messy.rules");
    fs::write(&messy_file, &messy).unwrap();
    let (code, out, err) = xqlaw(&["whatif", path(&messy_file), "--base", "rules/vn-1999.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("amended: nothing: the amended text defines what the base defines"),
        "{out}"
    );
    assert!(out.contains("\n0 of "), "{out}");
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_reported_and_left_as_it_was() {
    let dir = scratch("bad");
    let broken = dir.join("broken.rules");
    let text = "rules t\nrulin x when every move check → forbidden\n";
    fs::write(&broken, text).unwrap();
    let messy = dir.join("messy.rules");
    fs::write(&messy, messy_law()).unwrap();
    let missing = dir.join("missing.rules");

    // One run: the broken and the missing files are reported, the messy one still rewritten.
    let (code, _, err) = xqlaw(&["fmt", path(&broken), path(&missing), path(&messy)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("`ruling`"), "{err}");
    assert!(
        err.contains(&format!(
            "`{}` does not parse: not formatted, left as it was",
            broken.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("cannot read `{}`", missing.display())),
        "{err}"
    );
    assert!(
        err.contains("1 of 3 rule files rewritten; 2 left as they were"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&broken).unwrap(), text);
    assert!(!missing.exists());
    assert_eq!(
        fs::read_to_string(&messy).unwrap(),
        fs::read_to_string("rules/vn-1999.rules").unwrap()
    );

    // A folder is refused as a file, not walked.
    let (code, _, err) = xqlaw(&["fmt", path(&dir)]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("a folder"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// A link is read through by `--check`, but never replaced by a file of its own: the file it
/// points to is the one to format.
#[cfg(unix)]
#[test]
fn a_link_is_checked_but_not_rewritten() {
    let dir = scratch("link");
    let target = dir.join("target.rules");
    let messy = messy_law();
    fs::write(&target, &messy).unwrap();
    let link = dir.join("link.rules");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let (code, out, _) = xqlaw(&["fmt", "--check", path(&link)]);
    assert_eq!(code, 1);
    assert_eq!(out, format!("{}\n", link.display()));
    let (code, _, err) = xqlaw(&["fmt", path(&link)]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("it is a symbolic link, not rewritten: give the file it points to"),
        "{err}"
    );
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), messy);
    let _ = fs::remove_dir_all(&dir);
}
