//! Errors of the syntax stage: text that is not a rule file.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::source::{Loc, NonEmpty, SourceFile};

/// One problem found while parsing a rule file.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum ParseError {
    /// The text does not follow the grammar.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(SyntaxError),
    /// An integer does not fit.
    #[error(transparent)]
    #[diagnostic(transparent)]
    IntegerTooLarge(IntegerTooLarge),
    /// An attribute or header line is given twice.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Duplicate(DuplicateAttr),
    /// Parentheses or prefix operators nest deeper than the limit.
    #[error(transparent)]
    #[diagnostic(transparent)]
    TooDeep(TooDeep),
}

impl ParseError {
    /// The span the error is about.
    pub fn loc(&self) -> Loc {
        match self {
            ParseError::Syntax(e) => e.loc,
            ParseError::IntegerTooLarge(e) => e.loc,
            ParseError::Duplicate(e) => e.loc,
            ParseError::TooDeep(e) => e.loc,
        }
    }
}

/// The text does not follow the grammar.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(xqlaw::syntax))]
pub struct SyntaxError {
    message: String,
    #[source_code]
    src: NamedSource<Arc<str>>,
    #[label("{label}")]
    span: SourceSpan,
    label: String,
    #[help]
    help: Option<String>,
    loc: Loc,
}

impl SyntaxError {
    pub(crate) fn new(
        file: &SourceFile,
        loc: Loc,
        message: String,
        label: String,
        help: Option<String>,
    ) -> SyntaxError {
        SyntaxError {
            message,
            src: file.named(),
            span: loc.into(),
            label,
            help,
            loc,
        }
    }
}

/// Parentheses, `not`, `opponent` or `any threat` nested deeper than the parser allows.
#[derive(Debug, Error, Diagnostic)]
#[error("expressions nest more than {limit} levels deep")]
#[diagnostic(
    code(xqlaw::syntax::too_deep),
    help("name a part of the expression as a term and use the term instead")
)]
pub struct TooDeep {
    #[source_code]
    src: NamedSource<Arc<str>>,
    #[label("level {}", limit + 1)]
    span: SourceSpan,
    limit: usize,
    loc: Loc,
}

impl TooDeep {
    pub(crate) fn new(file: &SourceFile, loc: Loc, limit: usize) -> TooDeep {
        TooDeep {
            src: file.named(),
            span: loc.into(),
            limit,
            loc,
        }
    }
}

/// An integer literal does not fit in 64 bits.
#[derive(Debug, Error, Diagnostic)]
#[error("integer `{text}` is too large")]
#[diagnostic(code(xqlaw::syntax::integer), help("integers must be below 2^64"))]
pub struct IntegerTooLarge {
    text: String,
    #[source_code]
    src: NamedSource<Arc<str>>,
    #[label("too large")]
    span: SourceSpan,
    loc: Loc,
}

impl IntegerTooLarge {
    pub(crate) fn new(file: &SourceFile, loc: Loc) -> IntegerTooLarge {
        IntegerTooLarge {
            text: file.slice(loc).to_owned(),
            src: file.named(),
            span: loc.into(),
            loc,
        }
    }
}

/// An attribute (`name`, `article`…) or a header line (`title`, `extends`…) is given twice.
#[derive(Debug, Error, Diagnostic)]
#[error("`{key}` is given twice")]
#[diagnostic(code(xqlaw::syntax::duplicate), help("keep one `{key}` line"))]
pub struct DuplicateAttr {
    key: String,
    #[source_code]
    src: NamedSource<Arc<str>>,
    #[label("second `{key}`")]
    span: SourceSpan,
    #[label("first given here")]
    first: SourceSpan,
    loc: Loc,
}

impl DuplicateAttr {
    pub(crate) fn new(file: &SourceFile, key: &str, first: Loc, loc: Loc) -> DuplicateAttr {
        DuplicateAttr {
            key: key.to_owned(),
            src: file.named(),
            span: loc.into(),
            first: first.into(),
            loc,
        }
    }
}

/// Every problem found while parsing one file; the first is the main diagnostic and the
/// others are attached as related diagnostics.
#[derive(Debug, Error)]
#[error("{}", .0.first)]
pub struct ParseErrors(pub Box<NonEmpty<ParseError>>);

impl ParseErrors {
    /// Every error, in order.
    pub fn iter(&self) -> impl Iterator<Item = &ParseError> {
        self.0.iter()
    }
}

impl Diagnostic for ParseErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0.first.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0.first.help()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0.first.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.0.first.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.0.rest.is_empty() {
            None
        } else {
            Some(Box::new(self.0.rest.iter().map(|e| e as &dyn Diagnostic)))
        }
    }
}
