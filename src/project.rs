//! The project a rule file belongs to: the folder that holds `rules/` and `spec-tests/`.
//!
//! A committee keeps an amendment wherever it likes (beside the law, in another folder, in a
//! mail attachment). The commands find the law it amends and the cases it is judged on by
//! walking up from the files they are given, then from the current folder, to the first
//! folder with both `rules/` and `spec-tests/`. Whoever finds the project this way says which
//! one was used when it is not the current folder's.

use std::path::{Path, PathBuf};

/// A project folder: `rules/` (the rule sets) and `spec-tests/` (the cases) side by side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Project {
    /// The folder, as found (absolute when found from an absolute path).
    root: PathBuf,
}

impl Project {
    /// The project of `paths` (rule files, spec files or folders): the nearest project folder
    /// above the first path that lies in one, else the current folder's nearest; `None` when
    /// none does.
    pub fn find(paths: &[&Path]) -> Option<Project> {
        paths
            .iter()
            .find_map(|p| Project::above(p))
            .or_else(|| Project::above(&std::env::current_dir().ok()?))
    }

    /// The nearest project folder at or above `path` (a file or a folder).
    fn above(path: &Path) -> Option<Project> {
        let start = std::path::absolute(path).ok()?;
        start
            .ancestors()
            .find(|dir| Project::is_project(dir))
            .map(|dir| Project {
                root: dir.to_path_buf(),
            })
    }

    /// Whether `dir` holds both `rules/` and `spec-tests/`.
    fn is_project(dir: &Path) -> bool {
        dir.join("rules").is_dir() && dir.join("spec-tests").is_dir()
    }

    /// The project folder, relative to the current folder when it lies under it (so messages
    /// show short paths).
    pub fn root(&self) -> PathBuf {
        let here = std::env::current_dir().unwrap_or_default();
        match self.root.strip_prefix(&here) {
            Ok(p) if p.as_os_str().is_empty() => PathBuf::from("."),
            Ok(p) => p.to_path_buf(),
            Err(_) => self.root.clone(),
        }
    }

    /// The rule sets' folder, `rules/`.
    pub fn rules_dir(&self) -> PathBuf {
        relative(self.root(), "rules")
    }

    /// The cases' folder, `spec-tests/`.
    pub fn specs_dir(&self) -> PathBuf {
        relative(self.root(), "spec-tests")
    }

    /// Whether this is the project of the current folder (so a message need not name it).
    pub fn is_current(&self) -> bool {
        std::env::current_dir()
            .ok()
            .and_then(|here| Project::above(&here))
            .is_some_and(|p| p.root == self.root)
    }

    /// The rule file of the rule set `name` in `rules/`, if there is one.
    pub fn rule_file(&self, name: &str) -> Option<PathBuf> {
        let path = self.rules_dir().join(format!("{name}.rules"));
        path.is_file().then_some(path)
    }
}

/// `base/child`, without a leading `./`.
fn relative(base: PathBuf, child: &str) -> PathBuf {
    if base == Path::new(".") {
        PathBuf::from(child)
    } else {
        base.join(child)
    }
}

/// Whether two paths name the same file (by their canonical paths when both exist).
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_project_is_found_from_a_file_inside_it() {
        let project = Project::find(&[Path::new("rules/vn-1999.rules")]).unwrap();
        assert_eq!(project.rules_dir(), PathBuf::from("rules"));
        assert_eq!(project.specs_dir(), PathBuf::from("spec-tests"));
        assert!(project.is_current());
        assert!(project.rule_file("vn-1999").is_some());
        assert!(project.rule_file("vn-2099").is_none());
    }

    #[test]
    fn a_deeper_file_finds_the_same_project() {
        let from_spec = Project::find(&[Path::new("spec-tests/vn-1999/hinh-01.yaml")]).unwrap();
        let from_rules = Project::find(&[Path::new("tests/rules/point-9-beside-24-26.rules")]);
        assert_eq!(Some(from_spec), from_rules);
    }

    #[test]
    fn a_file_is_the_same_as_itself_by_any_path() {
        assert!(same_file(
            Path::new("rules/vn-1999.rules"),
            Path::new("rules/../rules/vn-1999.rules")
        ));
        assert!(!same_file(
            Path::new("rules/vn-1999.rules"),
            Path::new("rules/axf.rules")
        ));
    }
}
