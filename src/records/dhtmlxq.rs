//! `[DhtmlXQ]` blocks: the game records of Chinese web pages and forums (UBB markup).
//!
//! A block `[DhtmlXQ] … [/DhtmlXQ]` holds fields `[DhtmlXQ_name]value[/DhtmlXQ_name]`:
//! - `binit`: the start position as 64 digits, a column and a row for each of the 32 pieces
//!   in XQF's order (Red rook, horse, elephant, advisor, king, advisor, elephant, horse, rook,
//!   two cannons, five pawns; then Black), columns 0–8 from the left, rows 0–9 from the top
//!   (Black's back rank is row 0), `99` for a piece not on the board. Without it the game
//!   starts from the standard position.
//! - `movelist`: the main line, four digits a move (the source's column and row, then the
//!   destination's).
//! - Variations (`move_A_B_C`) and comments (`commentN`, `comment_A_B`) are skipped.
//! - Every other field is kept as a tag under its own name (`title`, `event`, `date`, `red`,
//!   `black`, `result`, …). The side to move is the side of the first move's piece.

use std::path::Path;
use std::sync::Arc;

use super::encoding::Decoded;
use super::err::{ErrorKind, RecordError};
use super::line_index::LineIndex;
use super::replay::{first_mover, play_squares, table_setup};
use super::{FileRecords, Format, GameRecord, RecordedResult};
use crate::xiangqi::{Move, Position, Square};

const OPEN: &str = "[DhtmlXQ]";
const CLOSE: &str = "[/DhtmlXQ]";
const FIELD: &str = "[DhtmlXQ_";

/// Reads every `[DhtmlXQ]` block of a decoded file.
pub(super) fn read(file: &Arc<Path>, decoded: &Decoded) -> FileRecords {
    let text = decoded.text.as_str();
    let lines = LineIndex::new(text);
    blocks(text)
        .into_iter()
        .enumerate()
        .map(|(index, (at, block))| {
            read_block(block, at)
                .map_err(|(offset, kind)| {
                    RecordError::new(file, Some(index), lines.place(offset), kind)
                })
                .map(|(tags, start, moves, result)| GameRecord {
                    format: Format::Dhtmlxq,
                    encoding: decoded.encoding,
                    index,
                    place: lines.place(at),
                    tags,
                    start,
                    moves,
                    result,
                })
        })
        .collect()
}

/// The blocks: where each starts and its text (up to `[/DhtmlXQ]`, the next block or the
/// end). A file with fields but no `[DhtmlXQ]` opening is one block.
fn blocks(text: &str) -> Vec<(usize, &str)> {
    let mut starts: Vec<usize> = text.match_indices(OPEN).map(|(i, _)| i).collect();
    if starts.is_empty() {
        if let Some(i) = text.find(FIELD) {
            starts.push(i);
        }
    }
    let mut out = Vec::new();
    for (k, &start) in starts.iter().enumerate() {
        let limit = starts.get(k + 1).copied().unwrap_or(text.len());
        let body = text.get(start..limit).unwrap_or_default();
        let end = body.find(CLOSE).map_or(body.len(), |e| e + CLOSE.len());
        out.push((start, body.get(..end).unwrap_or_default()));
    }
    out
}

/// A field: its name, its value (trimmed) and where the value starts in the file.
struct Field<'a> {
    name: &'a str,
    value: &'a str,
    at: usize,
}

/// The fields of a block that starts at `offset` in the file.
fn fields(block: &str, offset: usize) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(found) = block.get(i..).and_then(|r| r.find(FIELD)) {
        let name_start = i + found + FIELD.len();
        let Some(name_len) = block.get(name_start..).and_then(|r| r.find(']')) else {
            break;
        };
        let name = block
            .get(name_start..name_start + name_len)
            .unwrap_or_default();
        let value_start = name_start + name_len + 1;
        let close = format!("[/DhtmlXQ_{name}]");
        let rest = block.get(value_start..).unwrap_or_default();
        let value_len = rest
            .find(&close)
            .or_else(|| rest.find('['))
            .unwrap_or(rest.len());
        let raw = rest.get(..value_len).unwrap_or_default();
        let value = raw.trim();
        let lead = raw.len() - raw.trim_start().len();
        out.push(Field {
            name,
            value,
            at: offset + value_start + lead,
        });
        i = value_start + value_len;
    }
    out
}

type Read = (Vec<(String, String)>, Position, Vec<Move>, RecordedResult);

fn read_block(block: &str, offset: usize) -> Result<Read, (usize, ErrorKind)> {
    let fields = fields(block, offset);
    let get = |name: &str| fields.iter().find(|f| f.name.eq_ignore_ascii_case(name));
    let movelist = match get("movelist") {
        Some(f) => movelist(f)?,
        None => Vec::new(),
    };
    let mut setup = match get("binit") {
        Some(f) => table_setup(&binit(f)?).map_err(|m| (f.at, ErrorKind::Position(m)))?,
        None => Position::startpos().to_setup(),
    };
    setup.turn = first_mover(&setup, movelist.first().map(|(m, _)| *m));
    let start = Position::from_setup(setup).map_err(|e| {
        let at = get("binit").map_or(offset, |f| f.at);
        (at, ErrorKind::Position(e.to_string()))
    })?;
    let moves = play_squares(&start, movelist).map_err(|u| {
        let red_first = start.turn() == crate::xiangqi::Color::Red;
        (u.at, ErrorKind::at_ply(u.ply, red_first, u.message))
    })?;
    let result = match get("result") {
        Some(f) => RecordedResult::read(f.value).ok_or_else(|| {
            (
                f.at,
                ErrorKind::Field {
                    field: "result",
                    value: f.value.to_owned(),
                    expected: "a result is 红胜, 黑胜, 和棋, 未知, `1-0`, `0-1` or `1/2-1/2`",
                },
            )
        })?,
        None => RecordedResult::Unknown,
    };
    let tags = fields
        .iter()
        .filter(|f| is_tag(f.name))
        .map(|f| (f.name.to_owned(), f.value.to_owned()))
        .collect();
    Ok((tags, start, moves, result))
}

/// Whether a field is a tag, not the position, the moves, a variation or a comment.
fn is_tag(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    !(lower == "binit"
        || lower == "movelist"
        || lower.starts_with("move_")
        || lower.starts_with("comment"))
}

/// A square written as column (0–8 from the left) and row (0–9 from the top).
fn square(col: u8, row: u8) -> Option<Square> {
    Square::new(col, 9u8.checked_sub(row)?)
}

fn digit(b: u8) -> u8 {
    b.wrapping_sub(b'0')
}

fn binit(f: &Field<'_>) -> Result<Vec<Option<Square>>, (usize, ErrorKind)> {
    let bytes = f.value.as_bytes();
    if bytes.len() != 64 || !bytes.iter().all(u8::is_ascii_digit) {
        return Err((
            f.at,
            ErrorKind::Field {
                field: "binit",
                value: f.value.chars().take(70).collect(),
                expected: "it must be 64 digits, a column and a row for each of the 32 pieces",
            },
        ));
    }
    Ok(bytes
        .chunks(2)
        .map(|p| match p {
            [c, r] if (*c, *r) != (b'9', b'9') => square(digit(*c), digit(*r)),
            _ => None,
        })
        .collect())
}

fn movelist(f: &Field<'_>) -> Result<Vec<(Move, usize)>, (usize, ErrorKind)> {
    let bytes = f.value.as_bytes();
    let bad = |at: usize, value: &str| {
        (
            at,
            ErrorKind::Field {
                field: "movelist",
                value: value.chars().take(70).collect(),
                expected: "a move is four digits: column and row of the source, then of the destination",
            },
        )
    };
    if bytes.len() % 4 != 0 {
        return Err(bad(f.at, f.value));
    }
    bytes
        .chunks(4)
        .enumerate()
        .map(|(k, chunk)| {
            let at = f.at + 4 * k;
            let text = std::str::from_utf8(chunk).unwrap_or_default();
            match chunk {
                [a, b, c, d] if chunk.iter().all(u8::is_ascii_digit) => {
                    match (square(digit(*a), digit(*b)), square(digit(*c), digit(*d))) {
                        (Some(from), Some(to)) => Ok((Move::new(from, to), at)),
                        _ => Err(bad(at, text)),
                    }
                }
                _ => Err(bad(at, text)),
            }
        })
        .collect()
}

/// Writes a `[DhtmlXQ]` block for a game (for fixtures): `binit` only when the start is not
/// the standard position.
#[cfg(test)]
pub(crate) fn write(tags: &[(&str, &str)], start: &Position, moves: &[Move]) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    for (name, value) in tags {
        out.push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    }
    if *start != Position::startpos() {
        let mut used = [false; 90];
        let mut binit = String::new();
        for i in 0..32 {
            let want = super::replay::table_piece(i);
            let found = Square::all().find(|sq| {
                !used[sq.index()] && start.piece_at(*sq).is_some() && start.piece_at(*sq) == want
            });
            match found {
                Some(sq) => {
                    used[sq.index()] = true;
                    binit.push_str(&format!("{}{}", sq.file(), 9 - sq.rank()));
                }
                None => binit.push_str("99"),
            }
        }
        out.push_str(&format!("[DhtmlXQ_binit]{binit}[/DhtmlXQ_binit]\n"));
    }
    let list: String = moves
        .iter()
        .map(|m| {
            format!(
                "{}{}{}{}",
                m.from.file(),
                9 - m.from.rank(),
                m.to.file(),
                9 - m.to.rank()
            )
        })
        .collect();
    out.push_str(&format!(
        "[DhtmlXQ_movelist]{list}[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n"
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::encoding::decode;
    use crate::records::err::Place;
    use crate::xiangqi::notation::{Notation, parse_text};

    fn read_text(text: &str) -> FileRecords {
        let file: Arc<Path> = Arc::from(Path::new("t.html"));
        read(&file, &decode(text.as_bytes()))
    }

    #[test]
    fn the_example_of_the_format_note() {
        // `7747`: Red's cannon from h2 to e2.
        let text = "<p>[DhtmlXQ]\n[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]\n\
            [DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_result]红胜[/DhtmlXQ_result]\n\
            [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n\
            [DhtmlXQ_move_0_2_1]1242[/DhtmlXQ_move_0_2_1][DhtmlXQ_comment1]好[/DhtmlXQ_comment1]\n\
            [/DhtmlXQ]</p>";
        let games = read_text(text);
        let g = games[0].as_ref().unwrap();
        let iccs: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(iccs, ["h2e2", "h9g7"]);
        assert_eq!(g.result, RecordedResult::RedWins);
        assert_eq!(g.tag("title"), Some("中炮对屏风马"));
        assert_eq!(g.tags.len(), 3);
        assert_eq!(g.start, Position::startpos());
    }

    #[test]
    fn written_blocks_read_back_with_black_first() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K1R2 b - - 0 1").unwrap();
        let moves = parse_text(&start, "d9d8 g0g1 d8d9", Notation::Iccs).unwrap();
        let text = write(&[("event", "t")], &start, &moves);
        let g = read_text(&text).remove(0).unwrap();
        assert_eq!(g.start, start);
        assert_eq!(g.moves, moves);
        let two = format!("{text}\n{text}");
        assert_eq!(read_text(&two).len(), 2);
    }

    #[test]
    fn damaged_blocks_say_where() {
        let games = read_text("[DhtmlXQ]\n[DhtmlXQ_movelist]7747706\n[/DhtmlXQ]\n");
        let e = games[0].as_ref().unwrap_err();
        assert!(
            e.to_string()
                .starts_with("movelist `7747706` cannot be read"),
            "{e}"
        );
        let games =
            read_text("[DhtmlXQ]\n[DhtmlXQ_movelist]77477061[/DhtmlXQ_movelist]\n[/DhtmlXQ]");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.place(),
            Place::Line {
                line: 2,
                column: 23
            }
        );
        assert!(
            e.to_string()
                .starts_with("move 1 (black): `h9g8` is not a legal move"),
            "{e}"
        );
        let games = read_text("[DhtmlXQ][DhtmlXQ_binit]0010[/DhtmlXQ_binit][/DhtmlXQ]");
        assert!(
            games[0]
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("binit")
        );
    }
}
