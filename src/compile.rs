//! From syntax trees to a compiled rule set: `extends` chains merged, names resolved against
//! the facts registry and the rule set's own terms, subjects and parameters checked, and a
//! predicate graph whose topological order the evaluator follows.
//!
//! The passes, one file each: `inherit` (load and merge the chain), `scope` (the names
//! defined), `resolver` (expressions and patterns), `verdict` (the verdict table), `settings`,
//! `order` (circles, evaluation order), and `check`, which runs them and builds the compiled
//! types of `ir`. Every problem of a run is reported at once ([`CompileErrors`]); suspicious
//! but legal things are [`CompileWarning`]s kept on the compiled rule set.

mod check;
mod err;
pub(crate) mod graph;
mod inherit;
mod ir;
mod order;
mod resolver;
mod scope;
mod settings;
mod verdict;

use std::path::{Path, PathBuf};

pub use err::{CompileError, CompileErrorKind, CompileErrors, CompileWarning, CompileWarningKind};
pub use graph::{EdgeKind, GraphFormat, GraphNode, RuleGraph};
pub use inherit::rule_files;
pub use ir::{
    CompiledRules, Cond, Expr, Meta, Pattern, Ruling, RulingId, Term, TermId, Unencoded, VerdictRow,
};

use crate::project::Project;
use crate::source::{NonEmpty, SourceFile};
use inherit::Loader;

/// Loads and compiles the rule file at `path`, with the rule sets it extends: `NAME.rules`
/// beside it, else in the `rules/` of its project ([`Project::find`]: the folder above it, or
/// else above the current folder, that holds `rules/` and `spec-tests/`).
///
/// A file may extend the rule set of its own name, `rules vn-1999 extends vn-1999`: it is an
/// amendment of the project's `vn-1999.rules` written as its changes alone. A file is never
/// its own parent (the law's own `vn-1999.rules` saying so is a cycle).
///
/// # Errors
///
/// Every problem found in the file and its ancestors.
pub fn load_rules(path: &Path) -> Result<CompiledRules, CompileErrors> {
    let project = Project::find(&[path]).map(|p| p.rules_dir());
    load_rules_from(path, project.into_iter().collect())
}

/// Loads and compiles the rule file at `path` with the rule sets of `rules_dir`: its
/// `extends` look there first (then beside it, then in its own project), so `--base
/// DIR/vn-1999.rules` decides which `vn-1999` a `rules vn-1999 extends vn-1999` amends, and a
/// file kept outside the project finds the project the command found from its other paths.
///
/// # Errors
///
/// Every problem found in the file and its ancestors.
pub fn load_rules_in(path: &Path, rules_dir: &Path) -> Result<CompiledRules, CompileErrors> {
    let mut dirs = vec![rules_dir.to_path_buf()];
    dirs.extend(Project::find(&[path]).map(|p| p.rules_dir()));
    load_rules_from(path, dirs)
}

/// Compiles the file at `path`, its `extends` looked up beside it and then in `dirs`.
fn load_rules_from(path: &Path, dirs: Vec<PathBuf>) -> Result<CompiledRules, CompileErrors> {
    let text = crate::disk::read_text(path).map_err(|e| {
        CompileErrors::new(
            NonEmpty::singleton(CompileError::unreadable(path, &e)),
            Vec::new(),
        )
    })?;
    compile(
        SourceFile::new(path.display().to_string(), text),
        &Loader::Dirs {
            dirs,
            root: Some(path.to_path_buf()),
        },
    )
}

/// Compiles a rule set given as text. It cannot `extend` another.
///
/// # Examples
///
/// ```
/// let rules = xqlaw::compile_str(
///     "t.rules",
///     "rules t\nruling r when every move check → forbidden\nverdict side forbidden → side loses\n  otherwise → draw\n",
/// )
/// .unwrap();
/// assert_eq!(rules.rulings().len(), 1);
/// ```
///
/// # Errors
///
/// Every problem found in the text.
pub fn compile_str(name: &str, text: &str) -> Result<CompiledRules, CompileErrors> {
    compile(SourceFile::new(name, text), &Loader::Nowhere)
}

/// Compiles an amended copy of a rule set, given as text named `origin` (the name its
/// diagnostics show). Its `extends` resolve to the files `NAME.rules` in `rules_dir`, and it
/// may declare the name of the rule set it amends: a copy needs no renaming, and
/// `rules vn-1999 extends vn-1999` amends the folder's `vn-1999.rules` by its changes alone.
/// It goes through the whole compiler, so every check and bound on settings applies.
///
/// # Examples
///
/// ```
/// use std::path::Path;
/// let amended = xqlaw::compile_amendment(
///     "amended.rules",
///     "rules vn-1999 extends vn-1999\nremove ruling rook-on-crossed-pawn\n",
///     Path::new("rules"),
/// )
/// .unwrap();
/// assert_eq!(amended.name(), "vn-1999");
/// assert!(amended.ruling("rook-on-crossed-pawn").is_none());
/// ```
///
/// # Errors
///
/// Every problem found in the text and the rule sets it extends.
pub fn compile_amendment(
    origin: &str,
    text: &str,
    rules_dir: &Path,
) -> Result<CompiledRules, CompileErrors> {
    compile(
        SourceFile::new(origin, text),
        &Loader::Dirs {
            dirs: vec![rules_dir.to_path_buf()],
            root: None,
        },
    )
}

/// Merges the chain of `root`, checks it and compiles it.
fn compile(root: SourceFile, loader: &Loader) -> Result<CompiledRules, CompileErrors> {
    let mut errors = Vec::new();
    let Some(merged) = inherit::inherit(root, loader, &mut errors) else {
        return Err(fail(errors, Vec::new()));
    };
    let mut warnings = Vec::new();
    let compiled = check::check(merged, &mut errors, &mut warnings);
    // Report in source order (file by file), whatever pass found them.
    errors.sort_by_cached_key(|e| err::position(e));
    warnings.sort_by_cached_key(|w| err::position(w));
    match (compiled, NonEmpty::from_vec(errors)) {
        (Some(mut rules), None) => {
            rules.warnings = std::sync::Arc::new(warnings);
            Ok(rules)
        }
        (_, Some(errors)) => Err(CompileErrors::new(errors, warnings)),
        (None, None) => Err(fail(Vec::new(), warnings)),
    }
}

/// The errors of a failed compilation (an internal error if none was recorded).
fn fail(errors: Vec<CompileError>, warnings: Vec<CompileWarning>) -> CompileErrors {
    let errors =
        NonEmpty::from_vec(errors).unwrap_or_else(|| NonEmpty::singleton(CompileError::Internal));
    CompileErrors::new(errors, warnings)
}
