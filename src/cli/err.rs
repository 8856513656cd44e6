//! The command line's own errors and warnings: what goes wrong between the arguments and the
//! library (a file that cannot be read, no cases to judge, no base to compare with).
//!
//! As in the library, each variant owns its message, help and code, and nothing in a command
//! formats an error's text; every command prints them through miette ([`fail`], [`warn`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use miette::Diagnostic;
use thiserror::Error;
use xqlaw::disk::ReadError;
use xqlaw::{EvalError, PlayError};

/// Paths shown as a list: each in backticks, joined by commas.
fn shown(paths: &[PathBuf]) -> String {
    let quoted: Vec<String> = paths.iter().map(|p| format!("`{}`", p.display())).collect();
    quoted.join(", ")
}

/// Something a command cannot do.
#[derive(Debug, Error, Diagnostic)]
pub enum CommandError {
    /// A file named on the command line cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(ReadError),
    /// No project was found and no spec files were given.
    #[error(
        "no cases to judge: no project (a folder with `rules/` and `spec-tests/`) above the \
         files given nor the current folder"
    )]
    #[diagnostic(
        code(xqlaw::cli::no_specs),
        help("run xqlaw inside the project, or give the spec files (`--specs DIR`)")
    )]
    NoSpecsFolder,
    /// The spec files given were found, but none could be read.
    #[error("no cases to judge: no spec file under {} could be read", shown(.0))]
    #[diagnostic(code(xqlaw::cli::no_specs))]
    NoReadableSpecs(Vec<PathBuf>),
    /// No spec file states an expectation for the rule sets run.
    #[error(
        "no cases judged: no spec file under {} states an expectation for the rule sets run",
        shown(.0)
    )]
    #[diagnostic(code(xqlaw::cli::no_cases))]
    NoCasesJudged(Vec<PathBuf>),
    /// `xqlaw test` found no rule file to run.
    #[error("no rule files: give `--rules FILE` or run inside the project")]
    #[diagnostic(code(xqlaw::cli::no_rules))]
    NoRuleFiles,
    /// A rule file of `xqlaw test` does not compile (its errors are printed before).
    #[error("{}: does not compile, its cases are not run", .0.display())]
    #[diagnostic(code(xqlaw::cli::rules_broken))]
    RulesBroken(PathBuf),
    /// `xqlaw fmt` found no rule file to format.
    #[error("no rule files to format: give them, or run inside the project")]
    #[diagnostic(code(xqlaw::cli::no_rules))]
    NoRuleFilesToFormat,
    /// A rule file does not parse (its errors are printed before); it is left as it was.
    #[error("`{}` does not parse: not formatted, left as it was", .0.display())]
    #[diagnostic(code(xqlaw::cli::does_not_parse))]
    DoesNotParse(PathBuf),
    /// The canonical layout of a rule file would not parse to the same rules: a fault of the
    /// formatter, which then leaves the file alone.
    #[error("`{}`: not formatted, the canonical layout would change what it says", .0.display())]
    #[diagnostic(
        code(xqlaw::cli::fmt_would_change),
        help("the file is left as it was; please report it, with the file")
    )]
    LayoutWouldChangeMeaning(PathBuf),
    /// A file could not be written; it is left as it was.
    #[error("cannot write `{}`: {reason}", path.display())]
    #[diagnostic(code(xqlaw::cli::unwritable), help("the file is left as it was"))]
    Unwritable {
        /// The file.
        path: PathBuf,
        /// What the system said, in lower case.
        reason: String,
    },
    /// `whatif --report` was given a path it will not write.
    #[error("will not write the report to `{}`", .0.display())]
    #[diagnostic(
        code(xqlaw::cli::report_path),
        help(
            "give a new or existing regular file whose name ends in `.html` (`--report proposal.html`); nothing was written"
        )
    )]
    BadReportPath(PathBuf),
    /// `whatif --report --games` read no game: the report would say nothing of games.
    #[error(
        "no game read under {}: {files} record files found, {refused} records refused",
        shown(paths)
    )]
    #[diagnostic(
        code(xqlaw::cli::no_games),
        help("`xqlaw games PATH` says why each record is refused; no report was written")
    )]
    NoGames {
        /// The record paths given.
        paths: Vec<PathBuf>,
        /// Files found under them.
        files: usize,
        /// Records refused.
        refused: usize,
    },
    /// A rule file does not compile (its errors are printed before).
    #[error("`{}` does not compile", .0.display())]
    #[diagnostic(code(xqlaw::cli::does_not_compile))]
    DoesNotCompile(PathBuf),
    /// An amendment whose base cannot be found (never the file itself).
    #[error(
        "no base to compare `{}` with: it is the rule set `{name}` itself, and no other {looked} is in {folders}",
        amended.display()
    )]
    #[diagnostic(
        code(xqlaw::cli::no_base),
        help(
            "say which rule set it amends on its `rules` line (`rules {name} amends vn-1999`), or give `--base FILE`"
        )
    )]
    NoBase {
        /// The amended rule file.
        amended: PathBuf,
        /// The amended rule set's name.
        name: String,
        /// The files looked for (`` `a.rules` or `b.rules` ``).
        looked: String,
        /// The folders searched.
        folders: String,
    },
    /// `xqlaw whatif --base` names the amended file itself.
    #[error("`{}` is the amendment itself", .0.display())]
    #[diagnostic(
        code(xqlaw::cli::base_is_amendment),
        help("give `--base` the rule set it amends")
    )]
    BaseIsAmendment(PathBuf),
    /// `xqlaw judge` without `--rules`, outside a project.
    #[error(
        "no rule set to judge with: no project's `rules/vn-1999.rules` above the current folder"
    )]
    #[diagnostic(code(xqlaw::cli::no_rules), help("give `--rules FILE`"))]
    NoRulesToJudgeWith,
    /// `xqlaw trace` found no law text for the rule set.
    #[error(
        "no law text of `{rule_set}` (or of a rule set it extends) in `{}`",
        folder.display()
    )]
    #[diagnostic(code(xqlaw::cli::no_law_text), help("`xqlaw import-law` writes it"))]
    NoLawText {
        /// The rule set traced.
        rule_set: String,
        /// The folder of law texts searched.
        folder: PathBuf,
    },
    /// The two rule sets of `xqlaw diff` judged no diagram in common.
    #[error("cannot compare the two rule sets")]
    #[diagnostic(code(xqlaw::cli::no_comparison))]
    NoComparison,
    /// Some lines of a batch failed (each is reported in the output).
    #[error("{failed} of {cases} cases failed")]
    #[diagnostic(code(xqlaw::cli::batch_cases))]
    CasesFailed {
        /// Lines that failed.
        failed: usize,
        /// Lines read.
        cases: usize,
    },
    /// A batch stopped: its input or output failed.
    #[error("batch failed: {0}")]
    #[diagnostic(code(xqlaw::cli::batch))]
    Batch(String),
    /// Standard output could not be written.
    #[error("cannot write the output: {0}")]
    #[diagnostic(code(xqlaw::cli::output))]
    Output(String),
    /// A value could not be written as JSON.
    #[error("cannot write JSON: {0}")]
    #[diagnostic(code(xqlaw::cli::json))]
    Json(String),
}

impl CommandError {
    /// A file that cannot be read, with what the system said.
    pub fn unreadable(path: &Path, e: &std::io::Error) -> CommandError {
        CommandError::Unreadable(ReadError::new(path, e))
    }
}

/// Something a command goes on after, but the user should know.
#[derive(Debug, Error, Diagnostic)]
#[diagnostic(severity(Warning))]
pub enum CommandWarning {
    /// Spec files left out of a judged corpus.
    #[error(
        "{left_out} of {total} spec files could not be read and are left out{}",
        if names.is_empty() { String::new() } else { format!(" of the pages: {}{}", shown(names), if *left_out > names.len() { ", …" } else { "" }) }
    )]
    #[diagnostic(code(xqlaw::cli::specs_left_out), help("`xqlaw test` says why"))]
    SpecsLeftOut {
        /// How many.
        left_out: usize,
        /// Out of how many.
        total: usize,
        /// The first few of them, when the command names them.
        names: Vec<PathBuf>,
    },
    /// Rule files that declare one name.
    #[error(
        "{} all declare `{name}`: each is judged by `{name}`'s expectations and reported under that name",
        shown(files)
    )]
    #[diagnostic(code(xqlaw::cli::same_name))]
    SameName {
        /// The name.
        name: String,
        /// The files.
        files: Vec<PathBuf>,
    },
    /// The workbench listens beyond this machine.
    #[error("listening on {0}: other machines can reach the workbench and save rule files")]
    #[diagnostic(code(xqlaw::cli::open_workbench))]
    OpenWorkbench(std::net::SocketAddr),
}

/// A library error shown with a help in the command line's words. The library says what to
/// do in its own terms, because the workbench and a library user have no options; where that
/// is an option of the command run (`judge --cycle`, `docs --force`, `serve --rules`), the
/// command line names it here and forwards everything else.
#[derive(Debug)]
pub struct Flagged<'a> {
    error: &'a dyn Diagnostic,
    help: Option<String>,
}

impl<'a> Flagged<'a> {
    /// `error`, its help replaced by `help` when there is one.
    pub fn new(error: &'a dyn Diagnostic, help: Option<String>) -> Flagged<'a> {
        Flagged { error, help }
    }

    /// A play `judge` could not judge. The library says "judge the whole play"; here that is
    /// "drop `--cycle`".
    pub fn play(error: &'a PlayError) -> Flagged<'a> {
        let help = match error {
            PlayError::NoCycle => {
                Some("give a play that returns to a position it passed through, or drop `--cycle`")
            }
            PlayError::Eval(EvalError::Empty(_)) => {
                Some("give the disputed moves, or use `--cycle` on a play that repeats a position")
            }
            _ => None,
        };
        Flagged::new(error, help.map(str::to_owned))
    }
}

impl std::fmt::Display for Flagged<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.error, f)
    }
}

impl std::error::Error for Flagged<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.error.source()
    }
}

impl Diagnostic for Flagged<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.error.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match &self.help {
            Some(help) => Some(Box::new(help)),
            None => self.error.help(),
        }
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.error.severity()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.error.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.error.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.error.related()
    }
}

/// Prints `error` through miette on standard error and gives exit 1.
pub fn fail(error: &dyn Diagnostic) -> ExitCode {
    eprint!("{}", super::render(error));
    ExitCode::FAILURE
}

/// Prints `warning` through miette on standard error.
pub fn warn(warning: &CommandWarning) {
    eprint!("{}", super::render(warning));
}
