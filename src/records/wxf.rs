//! The WXF text format, and the forum `[game]` blocks the law prints its diagrams in.
//!
//! A WXF text is header lines `WORD value` (`FORMAT WXF`, `GAME …`, `RED name;rating`,
//! `BLACK …`, `DATE …`, `RESULT 1-0`, `FEN …`; unknown words are kept as tags), then the
//! numbered moves between `START{` and `}END`, in WXF notation (Black's letters may be lower
//! case). A forum `[game]` block is the same text inside forum markup, with Vietnamese moves.
//!
//! The moves are read by the law's importer (`import::diagram::read_game`), which
//! already reads this layout; here the header becomes tags and the moves are played. Unlike
//! the importer, nothing is corrected: a misprint refuses the record.

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use super::encoding::Decoded;
use super::err::{ErrorKind, RecordError};
use super::line_index::LineIndex;
use super::replay::{MoveText, replay};
use super::{FileRecords, Format, GameRecord, RecordedResult};
use crate::import::diagram::{RawGame, read_game};
use crate::import::text::{Document, Item, Line};
use crate::xiangqi::notation::Notation;
use crate::xiangqi::{Color, Position};

/// Whether the text is a WXF text: a `FORMAT WXF` line or a `START{`.
pub(super) fn is_wxf(text: &str) -> bool {
    text.contains("START{")
        || text
            .lines()
            .any(|l| l.trim().to_ascii_uppercase().starts_with("FORMAT WXF"))
}

/// Whether the text holds a forum `[game …]` block.
pub(super) fn has_forum_block(text: &str) -> bool {
    text.contains("[game")
}

/// Reads a WXF text: one game, or several, each starting at a `FORMAT` line.
pub(super) fn read(file: &Arc<Path>, decoded: &Decoded) -> FileRecords {
    let text = decoded.text.as_str();
    let doc = Document::read(text);
    let index = LineIndex::new(text);
    let starts: Vec<usize> = doc
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.text.trim().to_ascii_uppercase().starts_with("FORMAT"))
        .map(|(i, _)| i)
        .collect();
    let ranges: Vec<Range<usize>> = if starts.len() > 1 {
        let mut ends: Vec<usize> = starts.iter().skip(1).copied().collect();
        ends.push(doc.lines.len());
        starts.iter().zip(ends).map(|(&s, e)| s..e).collect()
    } else {
        std::iter::once(0..doc.lines.len()).collect()
    };
    ranges
        .into_iter()
        .enumerate()
        .map(|(i, range)| {
            let lines = doc.lines_in(&range);
            let game = read_game(lines, &[]);
            record(file, decoded, &index, i, lines, &game, Format::Wxf, None)
        })
        .collect()
}

/// Reads every forum `[game]` block of a file; a block under a `Hình N` heading gets the tag
/// `Diagram`.
pub(super) fn read_forum(file: &Arc<Path>, decoded: &Decoded) -> FileRecords {
    let text = decoded.text.as_str();
    let doc = Document::read(text);
    let index = LineIndex::new(text);
    let mut heading = None;
    let mut out = Vec::new();
    for (k, item) in doc.items.iter().enumerate() {
        match item {
            Item::DiagramHeading { number, .. } => heading = Some(*number),
            Item::Game { lines, .. } => {
                let trailing = match doc.items.get(k + 1) {
                    Some(Item::Paragraph { lines }) => doc.lines_in(lines),
                    _ => &[],
                };
                let block = doc.lines_in(lines);
                let game = read_game(block, trailing);
                let diagram = heading.take().map(|n| format!("Hình {n}"));
                let i = out.len();
                out.push(record(
                    file,
                    decoded,
                    &index,
                    i,
                    block,
                    &game,
                    Format::Forum,
                    diagram,
                ));
            }
            _ => {}
        }
    }
    out
}

/// The header's words as tags: every line before `START{` that is a word in capitals and a
/// value (the forum's markup lines left out), with where each stands.
fn header(lines: &[Line<'_>]) -> Vec<(String, String, usize)> {
    let mut tags = Vec::new();
    for line in lines {
        let t = line.text.trim();
        if t.starts_with("START{") {
            break;
        }
        let Some((word, value)) = t.split_once(char::is_whitespace) else {
            continue;
        };
        if !word.is_empty() && word.chars().all(|c| c.is_ascii_uppercase()) {
            let at = line.start + line.text.find(word).unwrap_or(0);
            tags.push((word.to_owned(), value.trim().to_owned(), at));
        }
    }
    tags
}

#[expect(
    clippy::too_many_arguments,
    reason = "one call per format, each names its parts"
)]
fn record(
    file: &Arc<Path>,
    decoded: &Decoded,
    lines: &LineIndex<'_>,
    index: usize,
    block: &[Line<'_>],
    game: &RawGame,
    format: Format,
    diagram: Option<String>,
) -> Result<GameRecord, RecordError> {
    let at = block.first().map_or(0, |l| l.start);
    let error =
        |offset: usize, kind| RecordError::new(file, Some(index), lines.place(offset), kind);
    let header = header(block);
    let start = match &game.fen {
        Some(fen) => Position::from_fen(&fen.text)
            .map_err(|e| error(fen.span.start, ErrorKind::Position(e.to_string())))?,
        None => Position::startpos(),
    };
    let red_first = start.turn() == Color::Red;
    let mut texts = Vec::with_capacity(game.plies.len());
    for (ply, printed) in game.plies.iter().enumerate() {
        match &printed.text {
            Some(token) => {
                if let Some(offset) = decoded.malformed_in(token.span.clone()) {
                    let kind = ErrorKind::Encoding {
                        encoding: decoded.encoding,
                        offset,
                    };
                    return Err(error(token.span.start, kind));
                }
                texts.push(MoveText {
                    text: token.text.as_str(),
                    at: token.span.start,
                });
            }
            None => {
                return Err(error(
                    printed.anchor.start,
                    ErrorKind::missing(ply, red_first),
                ));
            }
        }
    }
    let notations = match format {
        Format::Forum => [Notation::Vietnamese, Notation::Wxf],
        _ => [Notation::Wxf, Notation::Vietnamese],
    };
    let moves = replay(&start, &texts, &notations)
        .map_err(|u| error(u.at, ErrorKind::at_ply(u.ply, red_first, u.message)))?;
    let result = match header.iter().find(|(w, _, _)| w == "RESULT") {
        Some((_, value, at)) => RecordedResult::read(value).ok_or_else(|| {
            error(
                *at,
                ErrorKind::Field {
                    field: "RESULT",
                    value: value.clone(),
                    expected: "a result is `1-0`, `0-1`, `1/2-1/2` or `*`",
                },
            )
        })?,
        None => RecordedResult::Unknown,
    };
    let mut tags: Vec<(String, String)> = diagram
        .map(|d| ("Diagram".to_owned(), d))
        .into_iter()
        .collect();
    tags.extend(header.into_iter().map(|(w, v, _)| (w, v)));
    Ok(GameRecord {
        format,
        encoding: decoded.encoding,
        index,
        place: lines.place(at),
        tags,
        start,
        moves,
        result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::encoding::decode;
    use crate::records::err::Place;

    fn file() -> Arc<Path> {
        Arc::from(Path::new("t.wxf"))
    }

    const WXF: &str = "FORMAT WXF\nGAME Friendly\nRED Lee;2100\nBLACK Tran;2050\nDATE 2024-01-02\n\
        EVENT PlayOK\nRESULT 0-1\nSTART{\n1. C2.5 h8+7\n2. H2+3 r9.8\n3. R1.2\n}END\n";

    #[test]
    fn reads_a_wxf_text() {
        let games = read(&file(), &decode(WXF.as_bytes()));
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.moves.len(), 5);
        assert_eq!(g.result, RecordedResult::BlackWins);
        assert_eq!(g.tag("RED"), Some("Lee;2100"));
        assert_eq!(g.tag("EVENT"), Some("PlayOK"));
        assert_eq!(g.format, Format::Wxf);
        let two = format!("{WXF}{WXF}");
        let games = read(&file(), &decode(two.as_bytes()));
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[1].as_ref().unwrap().place,
            Place::Line {
                line: 13,
                column: 1
            }
        );
    }

    #[test]
    fn damaged_wxf_texts_say_where() {
        let illegal = WXF.replace("3. R1.2", "3. R1.9");
        let e = read(&file(), &decode(illegal.as_bytes()))
            .remove(0)
            .unwrap_err();
        assert_eq!(
            e.place(),
            Place::Line {
                line: 11,
                column: 4
            }
        );
        assert!(
            e.to_string()
                .starts_with("move 3 (red): `R1.9` is not a legal move"),
            "{e}"
        );
        let missing = WXF.replace("2. H2+3 r9.8", "2. H2+3");
        let e = read(&file(), &decode(missing.as_bytes()))
            .remove(0)
            .unwrap_err();
        assert_eq!(e.to_string(), "move 2 (black) is missing");
        let result = WXF.replace("RESULT 0-1", "RESULT lost");
        let e = read(&file(), &decode(result.as_bytes()))
            .remove(0)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "RESULT `lost` cannot be read: a result is `1-0`, `0-1`, `1/2-1/2` or `*`"
        );
    }

    #[test]
    fn reads_the_laws_forum_blocks() {
        let text = "[b]Hình 62[/b]\n[game boxcomment=0 header=0]\nFORMAT WXF\nGAME Trắng(vs)Đen\n\
            RED Trắng\nBLACK Đen\n\
            FEN 4kae2/4a4/4e3h/2r3p1p/2p2H3/9/1RP3P1P/4E3C/2r1A4/2H1KAEc1 w – – – 1\n\
            START{\nDIAG{ #1 RED POPUP }\n1. P1/1 P8/1\n2. S5/6 P8.1\n}END\n[/game]\nText.\n";
        let games = read_forum(&file(), &decode(text.as_bytes()));
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.format, Format::Forum);
        assert_eq!(g.tag("Diagram"), Some("Hình 62"));
        assert_eq!(g.tag("RED"), Some("Trắng"));
        let iccs: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(iccs, ["i2i1", "h0h1", "e1d0", "h1h0"]);
    }
}
