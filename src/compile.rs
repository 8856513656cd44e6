//! From syntax trees to a compiled rule set: names resolved against the facts registry and
//! the rule set's own terms, subjects and parameters checked, `extends` chains merged, and
//! a predicate graph whose topological order the evaluator follows.
//!
//! Every problem of a run is reported at once ([`CompileErrors`]); suspicious but legal
//! things are [`CompileWarning`]s kept on the compiled rule set.

mod check;
pub mod err;
pub mod graph;
mod resolve;

use std::path::Path;

pub use err::{CompileError, CompileErrors, CompileWarning, Problem};
pub use graph::RuleGraph;

use crate::facts::{FactSpec, RoleSet, Settings};
use crate::source::{Loc, NonEmpty, SourceFile};
use crate::syntax::ast::{Outcome, Party, Quantifier, RowResult, Subject, TargetClause};

/// Index of a term in [`CompiledRules::terms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub usize);

/// Index of a ruling in [`CompiledRules::rulings`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulingId(pub usize);

/// The descriptive attributes of a term or ruling.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Meta {
    /// Vietnamese name.
    pub name: Option<String>,
    /// Where it comes from.
    pub article: Option<String>,
    /// The words of the law.
    pub quote: Option<String>,
    /// English gloss.
    pub gloss: Option<String>,
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// The rule set (file) that defined it.
    pub defined_in: String,
}

/// A resolved expression over a move or a threat.
#[derive(Debug, Clone)]
pub enum Expr {
    /// All hold.
    And(Vec<Expr>),
    /// One holds.
    Or(Vec<Expr>),
    /// Does not hold.
    Not(Box<Expr>),
    /// A registered fact, with its piece kinds (empty for facts without parameters).
    Fact(&'static FactSpec, RoleSet),
    /// A term of the same subject.
    Term(TermId),
    /// In a move expression: some threat of the move satisfies the threat expression.
    AnyThreat(Box<Expr>),
    /// In a move expression: no threat of the move satisfies the threat expression.
    NoThreat(Box<Expr>),
}

/// A resolved pattern over one side's moves.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// All hold.
    And(Vec<Pattern>),
    /// One holds.
    Or(Vec<Pattern>),
    /// Does not hold.
    Not(Box<Pattern>),
    /// The pattern over the other side's moves.
    Opponent(Box<Pattern>),
    /// A quantified pattern.
    Moves {
        /// How many moves.
        quantifier: Quantifier,
        /// Over moves if `targets` is `None`, over threats otherwise.
        body: Expr,
        /// The target clause.
        targets: Option<TargetClause>,
    },
}

/// A compiled term.
#[derive(Debug, Clone)]
pub struct Term {
    /// Its name.
    pub id: String,
    /// What it is said of.
    pub subject: Subject,
    /// Descriptive attributes.
    pub meta: Meta,
    /// Its definition.
    pub body: Expr,
    /// The definition as written (canonical text).
    pub text: String,
}

/// A compiled ruling.
#[derive(Debug, Clone)]
pub struct Ruling {
    /// Its name.
    pub id: String,
    /// Descriptive attributes.
    pub meta: Meta,
    /// When it fires.
    pub when: Pattern,
    /// Exceptions.
    pub unless: Vec<Pattern>,
    /// What it rules.
    pub outcome: Outcome,
    /// Rulings it sets aside when both fire.
    pub overrides: Vec<RulingId>,
    /// The `when` pattern as written (canonical text).
    pub when_text: String,
    /// The `unless` patterns as written.
    pub unless_text: Vec<String>,
    /// The file that defines it, and where its name stands there (for diagnostics about it).
    pub site: (SourceFile, Loc),
}

/// One condition of a verdict row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cond {
    /// Whose outcome.
    pub party: Party,
    /// Which outcome.
    pub outcome: Outcome,
    /// The ruling that must be in force for that party.
    pub by: Option<RulingId>,
}

/// One verdict row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictRow {
    /// The conditions (all must hold); empty for `otherwise`.
    pub conds: Vec<Cond>,
    /// What the row decides.
    pub result: RowResult,
    /// The row as written (canonical text).
    pub text: String,
}

/// A rule set ready to judge plays.
#[derive(Debug, Clone)]
pub struct CompiledRules {
    /// The rule set's name.
    pub name: String,
    /// Its title.
    pub title: Option<String>,
    /// The document it transcribes.
    pub source: Option<String>,
    /// Its doc comment.
    pub docs: Vec<String>,
    /// The rule sets it extends, nearest first.
    pub extends: Vec<String>,
    /// Settings for the fact computation.
    pub settings: Settings,
    /// Terms, in evaluation order: every term comes after the terms it uses.
    pub terms: Vec<Term>,
    /// Rulings, in evaluation order: a ruling comes after every ruling that overrides it.
    pub rulings: Vec<Ruling>,
    /// Verdict rows, top to bottom.
    pub verdict: Vec<VerdictRow>,
    /// The predicate graph.
    pub graph: RuleGraph,
    /// Warnings found while compiling.
    pub warnings: std::sync::Arc<Vec<CompileWarning>>,
}

impl CompiledRules {
    /// The term named `id`.
    pub fn term(&self, id: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.id == id)
    }

    /// The ruling named `id`.
    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    /// The warnings found while compiling.
    pub fn warnings(&self) -> &[CompileWarning] {
        &self.warnings
    }
}

/// Loads and compiles the rule file at `path`, with the rule sets it extends (sibling files
/// `NAME.rules`).
///
/// # Errors
///
/// Every problem found in the file and its ancestors.
pub fn load_rules(path: &Path) -> Result<CompiledRules, CompileErrors> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CompileErrors::new(
            NonEmpty::singleton(CompileError::Io(Problem::new(
                "xqlaw::io",
                format!(
                    "cannot read `{}`: {}",
                    path.display(),
                    e.to_string().to_lowercase()
                ),
            ))),
            Vec::new(),
        )
    })?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let dir = if dir.as_os_str().is_empty() {
        std::path::PathBuf::from(".")
    } else {
        dir
    };
    compile(
        SourceFile::new(path.display().to_string(), text),
        &resolve::Loader::Dir(dir),
    )
}

/// The rule files (`*.rules`) in `dir`, in name order.
///
/// # Errors
///
/// The folder cannot be read.
pub fn rule_files(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    Ok(files)
}

/// Compiles a rule set given as text. It cannot `extend` another.
///
/// # Examples
///
/// ```
/// let rules = xqlaw::compile::compile_str(
///     "t.rules",
///     "rules t\nruling r when every move check → forbidden\nverdict side forbidden → side loses\n  otherwise → draw\n",
/// )
/// .unwrap();
/// assert_eq!(rules.rulings.len(), 1);
/// ```
///
/// # Errors
///
/// Every problem found in the text.
pub fn compile_str(name: &str, text: &str) -> Result<CompiledRules, CompileErrors> {
    compile(SourceFile::new(name, text), &resolve::Loader::Nowhere)
}

fn compile(root: SourceFile, loader: &resolve::Loader) -> Result<CompiledRules, CompileErrors> {
    let mut errors = Vec::new();
    let Some(merged) = resolve::resolve(root, loader, &mut errors) else {
        return Err(fail(errors, Vec::new()));
    };
    let mut warnings = Vec::new();
    let compiled = check::check(merged, &mut errors, &mut warnings);
    // Report in source order (file by file), whatever pass found them.
    errors.sort_by_cached_key(CompileError::position);
    warnings.sort_by_cached_key(|w| {
        let p = w.problem();
        (
            p.file_name().unwrap_or("").to_owned(),
            p.loc().map_or(0, |l| l.start),
        )
    });
    match (compiled, NonEmpty::from_vec(errors)) {
        (Some(mut rules), None) => {
            rules.warnings = std::sync::Arc::new(warnings);
            Ok(rules)
        }
        (_, Some(errors)) => Err(CompileErrors::new(errors, warnings)),
        (None, None) => Err(fail(Vec::new(), warnings)),
    }
}

fn fail(errors: Vec<CompileError>, warnings: Vec<CompileWarning>) -> CompileErrors {
    let errors = NonEmpty::from_vec(errors).unwrap_or_else(|| {
        NonEmpty::singleton(CompileError::Invalid(Problem::new(
            "xqlaw::internal",
            "the rule set could not be compiled, but no error was recorded (a bug in xqlaw)",
        )))
    });
    CompileErrors::new(errors, warnings)
}
