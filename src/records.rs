//! Game records in the formats people keep: each game's tags, start position, moves and
//! recorded result.
//!
//! - [`pgn`]: PGN in the Chinese-chess dialect (Chinese, WXF or ICCS moves);
//! - [`dhtmlxq`]: the `[DhtmlXQ]` blocks of web pages and forums;
//! - [`xqf`]: XQStudio's binary files, versions 10 to 18, encrypted or not;
//! - [`wxf`]: the WXF text format, and the forum `[game]` blocks the law is printed in.
//!
//! Text files are decoded first ([`encoding`]: UTF-8, GBK or Big5, detected and reported).
//! A file holds one game or many; a game that cannot be read is a [`RecordError`] with its
//! file, its place and the reason, and the games after it are still read.
//!
//! ```
//! use std::path::Path;
//! use xqlaw::records::{read_bytes, Format, RecordedResult};
//!
//! let pgn = "[Game \"Chinese Chess\"]\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 1-0\n";
//! let games = read_bytes(Path::new("a.pgn"), pgn.as_bytes());
//! let game = games[0].as_ref().unwrap();
//! assert_eq!(game.format, Format::Pgn);
//! assert_eq!(game.moves.len(), 2);
//! assert_eq!(game.result, RecordedResult::RedWins);
//! ```

pub mod encoding;
mod err;
#[cfg(test)]
mod fixtures;
mod line_index;
mod replay;

pub mod dhtmlxq;
pub mod pgn;
pub mod wxf;
pub mod xqf;

use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

pub use self::encoding::Encoding;
use self::err::ErrorKind;
pub use self::err::{Place, RecordError};
use crate::disk::ReadError;
use crate::xiangqi::{Move, Position};

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// PGN, Chinese-chess dialect.
    Pgn,
    /// A `[DhtmlXQ]` block.
    Dhtmlxq,
    /// XQStudio's binary format.
    Xqf,
    /// The WXF text format (`START{ … }END`).
    Wxf,
    /// A forum `[game]` block, as the law's published text prints its diagrams.
    Forum,
}

impl Format {
    /// `pgn`, `dhtmlxq`, `xqf`, `wxf`, `forum`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Format::Pgn => "pgn",
            Format::Dhtmlxq => "dhtmlxq",
            Format::Xqf => "xqf",
            Format::Wxf => "wxf",
            Format::Forum => "forum",
        }
    }
}

/// The result written in a record. A score sheet's result: an agreed draw, a resignation or a
/// time loss is not an arbiter's ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum RecordedResult {
    /// `1-0`.
    #[serde(rename = "1-0")]
    RedWins,
    /// `0-1`.
    #[serde(rename = "0-1")]
    BlackWins,
    /// `1/2-1/2`.
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// `*`: not recorded.
    #[serde(rename = "*")]
    Unknown,
}

impl RecordedResult {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RecordedResult::RedWins => "1-0",
            RecordedResult::BlackWins => "0-1",
            RecordedResult::Draw => "1/2-1/2",
            RecordedResult::Unknown => "*",
        }
    }

    /// Reads the result words of every format: `1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`, and the
    /// Chinese words (红胜 紅勝 黑胜 黑勝 和棋 和局 未知, and 先胜 先负 for the first mover in
    /// some files, read as Red). Anything else is `None`.
    #[must_use]
    pub fn read(text: &str) -> Option<RecordedResult> {
        let t = text.trim();
        Some(match t {
            "1-0" | "红胜" | "紅勝" | "红先胜" | "紅先勝" | "先胜" | "先勝" => {
                RecordedResult::RedWins
            }
            "0-1" | "黑胜" | "黑勝" | "红先负" | "紅先負" | "先负" | "先負" => {
                RecordedResult::BlackWins
            }
            "1/2-1/2" | "½-½" | "和棋" | "和局" | "和" | "红先和" | "紅先和" | "先和" => {
                RecordedResult::Draw
            }
            "*" | "" | "未知" => RecordedResult::Unknown,
            _ => return None,
        })
    }
}

/// One game read from a record.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The format it was read in.
    pub format: Format,
    /// The text encoding of the file (XQF: of its strings).
    pub encoding: Encoding,
    /// Its index in the file, from 0.
    pub index: usize,
    /// Where it starts in the file.
    pub place: Place,
    /// The tags, in the order written, with the names the format uses.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The moves of the main line, legal from `start`.
    pub moves: Vec<Move>,
    /// The recorded result.
    pub result: RecordedResult,
}

impl GameRecord {
    /// The value of a tag, by name (ignoring case).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What reading one file gave: its games in order, each read or refused.
pub type FileRecords = Vec<Result<GameRecord, RecordError>>;

/// The file extensions read when a folder is searched (a file named on its own is read
/// whatever its name).
pub const EXTENSIONS: &[&str] = &[
    "pgn", "xqf", "wxf", "txt", "ubb", "dhtml", "htm", "html", "xq",
];

/// A file or folder that cannot be read or searched, for the reason `e` gives, as a refused
/// record: its message is the one every command gives ([`ReadError`]), its reason for the
/// counts `io`.
#[must_use]
pub fn unreadable(path: &Path, e: &std::io::Error) -> RecordError {
    let file: Arc<Path> = Arc::from(path);
    RecordError::new(
        &file,
        None,
        Place::File,
        ErrorKind::Io(ReadError::new(path, e)),
    )
}

/// Reads a file's games.
#[must_use]
pub fn read_file(path: &Path) -> FileRecords {
    match crate::disk::read(path) {
        Ok(bytes) => read_bytes(path, &bytes),
        Err(e) => vec![Err(unreadable(path, &e))],
    }
}

/// Reads the games in `bytes`, the content of the file `path`. The format is found from the
/// content: XQF's magic bytes, a `[DhtmlXQ` block, a forum `[game` block, a WXF `START{`,
/// PGN tags or numbered moves.
#[must_use]
pub fn read_bytes(path: &Path, bytes: &[u8]) -> FileRecords {
    let file: Arc<Path> = Arc::from(path);
    if xqf::is_xqf(bytes) {
        return vec![xqf::read(&file, bytes)];
    }
    let decoded = encoding::decode(bytes);
    let text = decoded.text.as_str();
    let games = if text.contains("[DhtmlXQ") {
        dhtmlxq::read(&file, &decoded)
    } else if wxf::has_forum_block(text) {
        wxf::read_forum(&file, &decoded)
    } else if wxf::is_wxf(text) {
        wxf::read(&file, &decoded)
    } else {
        pgn::read(&file, &decoded)
    };
    if games.is_empty() {
        return vec![Err(RecordError::new(
            &file,
            None,
            Place::File,
            ErrorKind::NoGame,
        ))];
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_in_every_spelling() {
        for (text, result) in [
            ("1-0", RecordedResult::RedWins),
            ("紅勝", RecordedResult::RedWins),
            ("0-1", RecordedResult::BlackWins),
            ("黑胜", RecordedResult::BlackWins),
            ("1/2-1/2", RecordedResult::Draw),
            ("和棋", RecordedResult::Draw),
            ("*", RecordedResult::Unknown),
            ("未知", RecordedResult::Unknown),
        ] {
            assert_eq!(RecordedResult::read(text), Some(result), "{text}");
        }
        assert_eq!(RecordedResult::read("2-0"), None);
    }

    #[test]
    fn a_file_with_no_game_says_so() {
        let games = read_bytes(Path::new("notes.txt"), b"nothing here\n");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.to_string(), "no game record found in the file");
        assert_eq!(e.location(), "notes.txt");
    }

    #[test]
    fn a_file_that_cannot_be_read_says_so_as_every_command_does() {
        use miette::Diagnostic;
        let games = read_file(Path::new("no/such/game.pgn"));
        let e = games[0].as_ref().unwrap_err();
        assert!(
            e.to_string()
                .starts_with("cannot read `no/such/game.pgn`: no such file"),
            "{e}"
        );
        // Counted by its reason, coded as every unreadable file is.
        assert_eq!(e.reason(), "io");
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::io");
        assert_eq!(e.location(), "no/such/game.pgn");
    }
}
