//! A problem in a rule text, as the workbench marks it: a message at a line and column of
//! the edited text (or of a file it extends), with its help. Its own module so that the
//! answers ([`super::api`]) and the errors ([`super::err`]) both use it without importing
//! each other.

use miette::Diagnostic;
use serde::Serialize;

use crate::words::{Localized, glossed};

/// A problem in a rule text, at its place.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Problem {
    /// The message.
    pub message: String,
    /// 1-based line (0 when the problem has no place).
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What to do about it.
    pub help: Option<String>,
    /// The file it is in, when it is not the edited text (a rule set it extends).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

impl Problem {
    /// The problem a diagnostic reports about `text`, named `origin` in diagnostics: its
    /// message and help in the law's language first, the English as the gloss
    /// ([`Localized::glossed`]).
    pub fn of<D: Diagnostic + Localized>(diagnostic: &D, origin: &str, text: &str) -> Problem {
        let labels: Vec<miette::LabeledSpan> = diagnostic.labels().into_iter().flatten().collect();
        let main = labels.iter().find(|l| l.primary()).or(labels.first());
        let contents = main.and_then(|label| {
            diagnostic
                .source_code()
                .and_then(|src| src.read_span(label.inner(), 0, 0).ok())
        });
        let file = contents
            .as_ref()
            .and_then(|c| c.name().map(str::to_owned))
            .filter(|name| name != origin);
        let (line, column) = match (main, &contents, &file) {
            (Some(label), Some(_), None) => line_column(text, label.offset()),
            (Some(_), Some(c), Some(_)) => (c.line() + 1, c.column() + 1),
            _ => (0, 0),
        };
        Problem {
            message: diagnostic.glossed(),
            line,
            column,
            help: glossed_help(diagnostic),
            file,
        }
    }
}

/// A diagnostic's help, Vietnamese first when its kind words one, else the English alone.
pub fn glossed_help<D: Diagnostic + Localized>(diagnostic: &D) -> Option<String> {
    let english = diagnostic.help().map(|h| h.to_string())?;
    Some(match diagnostic.vi_help() {
        Some(vi) => glossed(&vi, &english),
        None => english,
    })
}

/// The 1-based line and character column of byte `offset` in `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "rules x\nruling đúng → allowed\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 8), (2, 1));
        let arrow = text.find('→').unwrap();
        // `đ` and `ú` are two bytes each but one column.
        assert_eq!(line_column(text, arrow), (2, 13));
        assert_eq!(line_column(text, 10_000), (3, 1));
    }
}
