//! Errors of the syntax stage: text that is not a rule file.
//!
//! Each kind of problem is one variant of [`ParseErrorKind`], which owns its message, code,
//! help and label; the parser only chooses a variant and fills in what it found. The place is
//! carried beside the kind ([`SourceError`]).

use std::fmt;

use miette::Diagnostic;
use thiserror::Error;

use crate::source::{ErrorKind, Errors, Loc, SourceError};

pub(super) mod vi;

/// One problem found while parsing a rule file: its kind and where it is.
pub type ParseError = SourceError<ParseErrorKind>;

/// Every problem found while parsing one file; the first is the main diagnostic and the
/// others are attached as related diagnostics.
pub type ParseErrors = Errors<ParseError>;

/// The kinds of problem the parser finds.
#[derive(Debug, Clone, PartialEq, Eq, Error, Diagnostic)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The grammar expects something else here.
    #[error("expected {}{}", expected_list(.expected), After(.after.as_deref()))]
    #[diagnostic(code(xqlaw::syntax))]
    Expected {
        /// What may stand here, in words (`` `term` ``, "a name").
        expected: Vec<&'static str>,
        /// The token found, or `None` at the end of the file.
        found: Option<String>,
        /// The token before it, if any.
        after: Option<String>,
        /// Help for a common mistake.
        #[help]
        hint: Option<Hint>,
    },
    /// Something the grammar has no place for.
    #[error("unexpected {}{}", Found(.found.as_deref()), After(.after.as_deref()))]
    #[diagnostic(code(xqlaw::syntax))]
    Unexpected {
        /// The token found, or `None` at the end of the file.
        found: Option<String>,
        /// The token before it, if any.
        after: Option<String>,
        /// Help for a common mistake.
        #[help]
        hint: Option<Hint>,
    },
    /// The parser accepted the text but built no syntax tree: a bug in xqlaw.
    #[error("could not read the syntax tree")]
    #[diagnostic(
        code(xqlaw::syntax),
        help("this is a bug in xqlaw; please report it with the rule file")
    )]
    Internal,
    /// An integer literal does not fit in 64 bits.
    #[error("integer `{text}` is too large")]
    #[diagnostic(code(xqlaw::syntax::integer), help("integers must be below 2^64"))]
    IntegerTooLarge {
        /// The integer as written.
        text: String,
    },
    /// An attribute (`name`, `article`…) or a header line (`title`, `extends`…) is given
    /// twice.
    #[error("`{key}` is given twice")]
    #[diagnostic(code(xqlaw::syntax::duplicate), help("keep one `{key}` line"))]
    Duplicate {
        /// The attribute's or the line's keyword.
        key: String,
        /// Where it is first given.
        first: Loc,
    },
    /// Parentheses, `not`, `opponent` or `any threat` nested deeper than the parser allows.
    #[error("expressions nest more than {limit} levels deep")]
    #[diagnostic(
        code(xqlaw::syntax::too_deep),
        help("name a part of the expression as a term and use the term instead")
    )]
    TooDeep {
        /// The deepest nesting allowed.
        limit: usize,
    },
}

impl ErrorKind for ParseErrorKind {
    fn label(&self) -> String {
        match self {
            ParseErrorKind::Expected { found, .. } | ParseErrorKind::Unexpected { found, .. } => {
                match found {
                    Some(token) => format!("found `{token}`"),
                    None => "the file ends here".to_owned(),
                }
            }
            ParseErrorKind::Internal => "here".to_owned(),
            ParseErrorKind::IntegerTooLarge { .. } => "too large".to_owned(),
            ParseErrorKind::Duplicate { key, .. } => format!("second `{key}`"),
            ParseErrorKind::TooDeep { limit } => format!("level {}", limit + 1),
        }
    }

    fn also_at(&self) -> Vec<(Loc, String)> {
        match self {
            ParseErrorKind::Duplicate { first, .. } => {
                vec![(*first, "first given here".to_owned())]
            }
            _ => Vec::new(),
        }
    }
}

/// A help line for a common mistake at a syntax error.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// A reserved word where a name goes.
    Reserved(String),
    /// A name that is not kebab-case.
    KebabCase,
    /// `=>` where the arrow goes.
    Arrow,
    /// A pattern without its quantifier.
    Quantifier,
    /// Text without its double quotes.
    Quotes,
    /// A misspelt word the parser expected here: "did you mean …" (in both languages).
    Near(crate::words::Said),
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Hint::Reserved(word) => {
                write!(f, "`{word}` is a reserved word and cannot be used as a name")
            }
            Hint::KebabCase => f.write_str(
                "names are kebab-case: lowercase ASCII letters and digits, words joined by `-`",
            ),
            Hint::Arrow => f.write_str("write the arrow as `→` or `->`"),
            Hint::Quantifier => f.write_str(
                "a pattern starts with `every move`, `some move`, `no move`, `at least N moves` or `opponent`",
            ),
            Hint::Quotes => f.write_str("text is written in double quotes: `\"…\"`"),
            Hint::Near(did_you_mean) => write!(f, "{did_you_mean}"),
        }
    }
}

/// "a", "a or b", "a, b or c"; at most six, then "or another token".
fn expected_list(items: &[&str]) -> String {
    const MAX: usize = 6;
    let mut shown: Vec<&str> = items.iter().take(MAX).copied().collect();
    if items.len() > MAX {
        shown.push("another token");
    }
    crate::words::list(&shown, "or")
}

/// The token found, in a message: `` `x` ``, or "end of file".
struct Found<'a>(Option<&'a str>);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(token) => write!(f, "`{token}`"),
            None => f.write_str("end of file"),
        }
    }
}

/// The token before, in a message: `` after `x` ``, or nothing.
struct After<'a>(Option<&'a str>);

impl fmt::Display for After<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(token) => write!(f, " after `{token}`"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn file() -> SourceFile {
        SourceFile::new("t.rules", "rules t\ntitle \"a\"\ntitle \"b\"\n")
    }

    #[test]
    fn a_duplicate_points_at_both_lines() {
        let kind = ParseErrorKind::Duplicate {
            key: "title".to_owned(),
            first: Loc::new(8, 17),
        };
        let e = ParseError::new(kind, &file(), Loc::new(18, 27));
        assert_eq!(e.to_string(), "`title` is given twice");
        assert_eq!(e.help().unwrap().to_string(), "keep one `title` line");
        let labels: Vec<_> = e.labels().unwrap().collect();
        assert_eq!(labels[0].label(), Some("second `title`"));
        assert_eq!(labels[1].label(), Some("first given here"));
        assert_eq!(labels[1].offset(), 8);
    }

    #[test]
    fn the_message_names_what_was_expected_and_found() {
        let kind = ParseErrorKind::Expected {
            expected: vec!["a", "b", "c", "d", "e", "f", "g"],
            found: None,
            after: Some("→".to_owned()),
            hint: Some(Hint::Arrow),
        };
        assert_eq!(
            kind.to_string(),
            "expected a, b, c, d, e, f or another token after `→`"
        );
        assert_eq!(kind.label(), "the file ends here");
        assert_eq!(
            kind.help().unwrap().to_string(),
            "write the arrow as `→` or `->`"
        );
        let kind = ParseErrorKind::Unexpected {
            found: Some("}".to_owned()),
            after: None,
            hint: None,
        };
        assert_eq!(kind.to_string(), "unexpected `}`");
        assert_eq!(kind.label(), "found `}`");
        assert!(kind.help().is_none());
    }
}
