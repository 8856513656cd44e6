//! Finding spec files: the one walk over folders that every command uses.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The spec files of diagrams under `paths` (files as given, folders searched recursively
/// for `*.yaml` and `*.yml`), sorted and without duplicates. Standings cases (see
/// [`standings_files`]) are left out.
///
/// A path that does not exist is kept, so that whoever reads it reports it as unreadable. A
/// folder is entered once however many links lead to it, so a link loop (`loop -> .`) ends
/// the walk instead of repeating it.
pub fn spec_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = all_files(paths);
    out.retain(|p| !is_standings_case(p));
    out
}

/// The standings cases under `paths`: the YAML files of a folder whose name ends in
/// `-standings` (`spec-tests/vn-1999-standings/`), which `xqlaw test` ranks instead of
/// judging.
pub fn standings_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = all_files(paths);
    out.retain(|p| is_standings_case(p));
    out
}

/// Whether the file stands in a folder of standings cases.
fn is_standings_case(path: &Path) -> bool {
    path.parent()
        .and_then(Path::file_name)
        .is_some_and(|f| f.to_string_lossy().ends_with("-standings"))
}

/// Every YAML file under `paths`, sorted and without duplicates.
fn all_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entered = HashSet::new();
    for path in paths {
        if path.is_dir() {
            collect_dir(path, &mut entered, &mut out);
        } else {
            out.push(path.clone());
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Adds the YAML files under `dir` to `out`, unless `dir` was entered before (as itself or
/// through a link).
fn collect_dir(dir: &Path, entered: &mut HashSet<PathBuf>, out: &mut Vec<PathBuf>) {
    let Ok(canonical) = fs::canonicalize(dir) else {
        out.push(dir.to_path_buf());
        return;
    };
    if !entered.insert(canonical) {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        out.push(dir.to_path_buf());
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() {
            collect_dir(&path, entered, out);
        } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_yaml_files_once_and_sorted() {
        let dir = std::env::temp_dir().join(format!("xqlaw-files-{}", std::process::id()));
        let inner = dir.join("topic");
        fs::create_dir_all(&inner).unwrap();
        for name in ["b.yaml", "a.yml", "notes.txt"] {
            fs::write(inner.join(name), "").unwrap();
        }
        let found = spec_files(&[dir.clone(), inner.join("b.yaml")]);
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(found, [inner.join("a.yml"), inner.join("b.yaml")]);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_loop_is_entered_once() {
        let dir = std::env::temp_dir().join(format!("xqlaw-loop-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("a.yaml"), "").unwrap();
        let _ = std::os::unix::fs::symlink(".", dir.join("loop"));
        let found = spec_files(std::slice::from_ref(&dir));
        let _ = fs::remove_dir_all(&dir);
        assert_eq!(found, [dir.join("a.yaml")]);
    }

    #[test]
    fn a_missing_path_is_kept_for_the_reader_to_report() {
        let missing = PathBuf::from("no/such/spec.yaml");
        assert_eq!(spec_files(std::slice::from_ref(&missing)), [missing]);
    }
}
