//! Errors and warnings of the compile stage: rule files that parse but do not make sense.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, NamedSource, Severity, SourceCode};
use thiserror::Error;

use crate::source::{Loc, NonEmpty, SourceFile};
use crate::syntax::ParseError;

/// One problem that stops a rule set from compiling.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileError {
    /// A rule file could not be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Io(Problem),
    /// A rule file does not parse.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Parse(ParseError),
    /// A name of a fact, term, ruling, setting, piece kind or rule set is not known.
    #[error(transparent)]
    #[diagnostic(transparent)]
    UnknownName(Problem),
    /// A fact is given piece kinds it does not take, or lacks the ones it needs.
    #[error(transparent)]
    #[diagnostic(transparent)]
    WrongParams(Problem),
    /// A threat predicate in a move expression, or the other way round.
    #[error(transparent)]
    #[diagnostic(transparent)]
    SubjectMismatch(Problem),
    /// A name is defined twice, or shadows a fact.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Duplicate(Problem),
    /// Terms defined in terms of themselves, or rulings overriding each other in a circle.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Cycle(Problem),
    /// A `replace` or `remove` of something the parent rule set does not define.
    #[error(transparent)]
    #[diagnostic(transparent)]
    NothingToChange(Problem),
    /// Something that is well formed but not meaningful (a bad setting value, a target
    /// clause after `some move`, a verdict condition that can never hold…).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Invalid(Problem),
}

impl CompileError {
    /// Where the error is: file name and byte offset, for sorting into source order.
    pub(crate) fn position(&self) -> (String, usize) {
        match self {
            CompileError::Parse(e) => (String::new(), e.loc().start),
            _ => match self.problem() {
                Some(p) => (
                    p.file_name().unwrap_or("").to_owned(),
                    p.loc().map_or(0, |l| l.start),
                ),
                None => (String::new(), 0),
            },
        }
    }

    /// The underlying problem, unless this is a parse error.
    pub fn problem(&self) -> Option<&Problem> {
        match self {
            CompileError::Parse(_) => None,
            CompileError::Io(p)
            | CompileError::UnknownName(p)
            | CompileError::WrongParams(p)
            | CompileError::SubjectMismatch(p)
            | CompileError::Duplicate(p)
            | CompileError::Cycle(p)
            | CompileError::NothingToChange(p)
            | CompileError::Invalid(p) => Some(p),
        }
    }
}

/// Something suspicious that does not stop a rule set from compiling.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileWarning {
    /// A term no other term and no ruling uses.
    #[error(transparent)]
    #[diagnostic(transparent)]
    UnusedTerm(Problem),
    /// A verdict row that can never be reached, or a verdict without `otherwise`.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Verdict(Problem),
}

impl CompileWarning {
    /// The underlying problem.
    pub fn problem(&self) -> &Problem {
        match self {
            CompileWarning::UnusedTerm(p) | CompileWarning::Verdict(p) => p,
        }
    }
}

/// A diagnostic: a message, labelled spans in one file, and a help text.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct Problem {
    code: &'static str,
    severity: Severity,
    message: String,
    help: Option<String>,
    src: Option<NamedSource<std::sync::Arc<str>>>,
    labels: Vec<LabeledSpan>,
    loc: Option<Loc>,
}

impl Problem {
    /// An error with `message` and no source.
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            code,
            severity: Severity::Error,
            message: message.into(),
            help: None,
            src: None,
            labels: Vec::new(),
            loc: None,
        }
    }

    /// An error about `loc` in `file`, with `label` under it.
    pub(crate) fn at(
        code: &'static str,
        file: &SourceFile,
        loc: Loc,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Problem {
        Problem {
            src: Some(file.named()),
            labels: vec![LabeledSpan::new_primary_with_span(Some(label.into()), loc)],
            loc: Some(loc),
            ..Problem::new(code, message)
        }
    }

    /// Adds a help text.
    pub(crate) fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = Some(help.into());
        self
    }

    /// Adds a help text if there is one.
    pub(crate) fn maybe_help(mut self, help: Option<String>) -> Problem {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    /// Adds a secondary label in the same file.
    pub(crate) fn label(mut self, loc: Loc, label: impl Into<String>) -> Problem {
        self.labels
            .push(LabeledSpan::new_with_span(Some(label.into()), loc));
        self
    }

    /// Makes this a warning.
    pub(crate) fn warning(mut self) -> Problem {
        self.severity = Severity::Warning;
        self
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The help text.
    pub fn help_text(&self) -> Option<&str> {
        self.help.as_deref()
    }

    /// The main span, if the problem is about some text.
    pub fn loc(&self) -> Option<Loc> {
        self.loc
    }

    /// The name of the file the problem is in, if it is about some text.
    pub fn file_name(&self) -> Option<&str> {
        self.src.as_ref().map(|s| s.name())
    }
}

impl Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.src.as_ref().map(|s| s as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            None
        } else {
            Some(Box::new(self.labels.iter().cloned()))
        }
    }
}

/// Every error found while compiling a rule set (and the warnings found on the way); the
/// first error is the main diagnostic and the others are related diagnostics.
#[derive(Debug, Error)]
#[error("{}", .errors.first)]
pub struct CompileErrors {
    errors: Box<NonEmpty<CompileError>>,
    warnings: Vec<CompileWarning>,
}

impl CompileErrors {
    pub(crate) fn new(errors: NonEmpty<CompileError>, warnings: Vec<CompileWarning>) -> Self {
        CompileErrors {
            errors: Box::new(errors),
            warnings,
        }
    }

    /// Every error, in source order.
    pub fn errors(&self) -> impl Iterator<Item = &CompileError> {
        self.errors.iter()
    }

    /// The warnings found before compilation stopped.
    pub fn warnings(&self) -> &[CompileWarning] {
        &self.warnings
    }

    /// Number of errors.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Always false: there is at least one error.
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl Diagnostic for CompileErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.errors.first.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.errors.first.help()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.errors.first.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.errors.first.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        let rest = self.errors.rest.iter().map(|e| e as &dyn Diagnostic);
        let warnings = self.warnings.iter().map(|w| w as &dyn Diagnostic);
        Some(Box::new(rest.chain(warnings)))
    }
}
