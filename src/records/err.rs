//! Why a record could not be read, and where.
//!
//! The place is carried once, beside the kind: a line and column in the decoded text of a
//! text format, a byte offset in a binary file, or the whole file. Each kind owns its message
//! and its help.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use super::encoding::Encoding;
use crate::disk::ReadError;

/// Where in a file a record, or a problem with it, stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Place {
    /// A line and column (both from 1; the column counts characters) of the decoded text.
    Line {
        /// The line, from 1.
        line: u32,
        /// The column, from 1, in characters.
        column: u32,
    },
    /// A byte offset in the file.
    Offset {
        /// The offset, from 0.
        offset: usize,
    },
    /// The file as a whole.
    File,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Line { line, column } => write!(f, "{line}:{column}"),
            Place::Offset { offset } => write!(f, "byte {offset}"),
            Place::File => Ok(()),
        }
    }
}

/// A record that could not be read: the file, the game's index in it (when the file could be
/// split into games), the place and the reason.
#[derive(Debug, Clone, Error)]
#[error("{kind}")]
pub struct RecordError {
    file: Arc<Path>,
    index: Option<usize>,
    place: Place,
    kind: ErrorKind,
}

impl RecordError {
    pub(super) fn new(
        file: &Arc<Path>,
        index: Option<usize>,
        place: Place,
        kind: ErrorKind,
    ) -> Self {
        RecordError {
            file: Arc::clone(file),
            index,
            place,
            kind,
        }
    }

    /// The file.
    #[must_use]
    pub fn file(&self) -> &Path {
        &self.file
    }

    /// The game's index in the file, from 0, when the file could be split into games.
    #[must_use]
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    /// Where the problem stands.
    #[must_use]
    pub fn place(&self) -> Place {
        self.place
    }

    /// `file:line:column`, `file (byte N)` or `file`.
    #[must_use]
    pub fn location(&self) -> String {
        let file = self.file.display();
        match self.place {
            Place::Line { .. } => format!("{file}:{}", self.place),
            Place::Offset { .. } => format!("{file} ({})", self.place),
            Place::File => file.to_string(),
        }
    }

    /// A short name of the kind of problem, for counts: `encoding`, `move`, `truncated`, ….
    #[must_use]
    pub fn reason(&self) -> &'static str {
        self.kind.reason()
    }
}

impl Diagnostic for RecordError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match &self.kind {
            // A file that cannot be read is said as every command says it.
            ErrorKind::Io(e) => e.code(),
            kind => Some(Box::new(format!("xqlaw::record::{}", kind.reason()))),
        }
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        match &self.kind {
            ErrorKind::Io(e) => e.help(),
            kind => kind.help().map(|h| Box::new(h) as Box<dyn fmt::Display>),
        }
    }
}

/// The kinds of problem.
#[derive(Debug, Clone, Error)]
pub(super) enum ErrorKind {
    #[error(transparent)]
    Io(ReadError),
    #[error("no game record found in the file")]
    NoGame,
    #[error("bytes that are not {encoding} at byte {offset} of the file")]
    Encoding { encoding: Encoding, offset: usize },
    #[error("the file ends at byte {len}, inside {what}")]
    Truncated { len: usize, what: &'static str },
    #[error("XQF version {0} is not one this reader knows (10 to 18)")]
    Version(u8),
    #[error("the start position is not legal: {0}")]
    Position(String),
    #[error("{field} `{value}` cannot be read: {expected}")]
    Field {
        field: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("move {number} ({side}): {message}")]
    Move {
        number: usize,
        side: &'static str,
        message: String,
    },
    #[error("move {number} ({side}) is missing")]
    MissingMove { number: usize, side: &'static str },
}

impl ErrorKind {
    /// A move error at ply `ply` (from 0) of a game whose first mover is `first`.
    pub(super) fn at_ply(ply: usize, red_first: bool, message: String) -> ErrorKind {
        let (number, side) = numbered(ply, red_first);
        ErrorKind::Move {
            number,
            side,
            message,
        }
    }

    pub(super) fn missing(ply: usize, red_first: bool) -> ErrorKind {
        let (number, side) = numbered(ply, red_first);
        ErrorKind::MissingMove { number, side }
    }

    fn reason(&self) -> &'static str {
        match self {
            ErrorKind::Io(_) => "io",
            ErrorKind::NoGame => "no-game",
            ErrorKind::Encoding { .. } => "encoding",
            ErrorKind::Truncated { .. } => "truncated",
            ErrorKind::Version(_) => "version",
            ErrorKind::Position(_) => "position",
            ErrorKind::Field { .. } => "field",
            ErrorKind::Move { .. } | ErrorKind::MissingMove { .. } => "move",
        }
    }

    /// The help of every kind but [`ErrorKind::Io`], whose help is the [`ReadError`]'s.
    fn help(&self) -> Option<&'static str> {
        Some(match self {
            ErrorKind::Io(_) => return None,
            ErrorKind::NoGame => {
                "a record is a PGN game, a `[DhtmlXQ]` block, an XQF file, a WXF text (`START{ … }END`) or a forum `[game]` block"
            }
            ErrorKind::Encoding { .. } => {
                "the file mixes encodings or is damaged there; save it again as UTF-8, GBK or Big5"
            }
            ErrorKind::Truncated { .. } => "the file was cut short: copy it again from its source",
            ErrorKind::Version(_) => {
                "XQStudio writes versions 10 to 18; open the file in it and save it again"
            }
            ErrorKind::Position(_) => "the record's start position must be a legal position",
            ErrorKind::Field { .. } => return None,
            ErrorKind::Move { .. } => {
                "the record's moves must be legal from its start position; a wrong key or a damaged file gives moves that are not"
            }
            ErrorKind::MissingMove { .. } => {
                "every move number needs Red's and Black's move, except the last"
            }
        })
    }
}

/// The move number and side of ply `ply` (from 0).
fn numbered(ply: usize, red_first: bool) -> (usize, &'static str) {
    let shifted = if red_first { ply } else { ply + 1 };
    let side = if shifted % 2 == 0 { "red" } else { "black" };
    (shifted / 2 + 1, side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_are_numbered_as_records_number_them() {
        assert_eq!(numbered(0, true), (1, "red"));
        assert_eq!(numbered(1, true), (1, "black"));
        assert_eq!(numbered(2, true), (2, "red"));
        assert_eq!(numbered(0, false), (1, "black"));
        assert_eq!(numbered(1, false), (2, "red"));
    }

    #[test]
    fn an_error_says_where() {
        let file: Arc<Path> = Arc::from(Path::new("a/b.pgn"));
        let e = RecordError::new(
            &file,
            Some(0),
            Place::Line { line: 3, column: 7 },
            ErrorKind::at_ply(2, true, "`馬二進四` is not a legal move".into()),
        );
        assert_eq!(e.location(), "a/b.pgn:3:7");
        assert_eq!(
            e.to_string(),
            "move 2 (red): `馬二進四` is not a legal move"
        );
        assert_eq!(e.reason(), "move");
        assert!(e.help().is_some());
        let e = RecordError::new(
            &file,
            None,
            Place::Offset { offset: 1024 },
            ErrorKind::Truncated {
                len: 1030,
                what: "a move record",
            },
        );
        assert_eq!(e.location(), "a/b.pgn (byte 1024)");
        assert_eq!(
            e.to_string(),
            "the file ends at byte 1030, inside a move record"
        );
    }
}
