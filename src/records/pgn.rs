//! PGN in the Chinese-chess dialect.
//!
//! Tags as in chess PGN (`[Game "Chinese Chess"]`, `Event`, `Red`, `Black`, `Result`, `FEN`,
//! …), then numbered moves. The moves are Chinese (`炮二平五 馬８進７`, traditional or
//! simplified, full-width or ASCII digits) unless `[Format "WXF"]` or `[Format "ICCS"]` says
//! otherwise. Comments (`{…}`, `;` to the end of the line), variations (`(…)`, nested),
//! annotation glyphs (`$1`) and escape lines (`%…`) are skipped. A game ends at its result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`) or where the next game's tags begin.

use std::path::Path;
use std::sync::Arc;

use super::encoding::Decoded;
use super::err::{ErrorKind, RecordError};
use super::line_index::LineIndex;
use super::replay::{MoveText, replay};
use super::{FileRecords, Format, GameRecord, RecordedResult};
use crate::xiangqi::Position;
use crate::xiangqi::notation::Notation;

/// Reads every game of a decoded PGN file.
pub(super) fn read(file: &Arc<Path>, decoded: &Decoded) -> FileRecords {
    let text = decoded.text.as_str();
    let lines = LineIndex::new(text);
    split(text)
        .into_iter()
        .enumerate()
        .map(|(index, game)| finish(file, decoded, &lines, index, game))
        .collect()
}

/// A tag as written.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Tag<'a> {
    name: &'a str,
    value: String,
    at: usize,
}

/// A game's parts as written, before its moves are played.
#[derive(Debug, Default)]
struct RawGame<'a> {
    /// Where the game starts.
    at: usize,
    tags: Vec<Tag<'a>>,
    moves: Vec<MoveText<'a>>,
    result: Option<RecordedResult>,
    /// Whether a move number was read: words with neither tags nor numbers are no game.
    numbered: bool,
    /// The first thing in the game that cannot be read: where, and what.
    problem: Option<(usize, ErrorKind)>,
}

impl RawGame<'_> {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    /// Whether the words read make a game: tags, or numbered moves.
    fn is_game(&self) -> bool {
        !self.tags.is_empty() || self.numbered
    }

    fn has_movetext(&self) -> bool {
        !self.moves.is_empty() || self.result.is_some()
    }

    fn fail(&mut self, at: usize, kind: ErrorKind) {
        if self.problem.is_none() {
            self.problem = Some((at, kind));
        }
    }
}

/// Splits the text into games.
fn split(text: &str) -> Vec<RawGame<'_>> {
    let mut games = Vec::new();
    let mut game = RawGame::default();
    let mut i = 0;
    let bytes = text.as_bytes();
    while let Some(c) = text.get(i..).and_then(|r| r.chars().next()) {
        if c.is_whitespace() || c == '\u{feff}' {
            i += c.len_utf8();
            continue;
        }
        let at_line_start = i == 0 || bytes.get(i - 1) == Some(&b'\n');
        if game.is_empty() {
            game.at = i;
        }
        match c {
            '[' => {
                if game.has_movetext() {
                    push(&mut games, std::mem::take(&mut game));
                    game.at = i;
                }
                i = tag(text, i, &mut game);
            }
            '{' => match text.get(i..).and_then(|r| r.find('}')) {
                Some(end) => i += end + 1,
                None => {
                    game.fail(i, unclosed("a comment `{`"));
                    i = text.len();
                }
            },
            ';' => i = end_of_line(text, i),
            '%' if at_line_start => i = end_of_line(text, i),
            '(' => i = variation(text, i, &mut game),
            ')' => {
                game.fail(i, unclosed("a `)` with no `(` before it"));
                i += 1;
            }
            '$' => {
                i += 1;
                while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => {
                let end = word_end(text, i);
                let word = text.get(i..end).unwrap_or_default();
                if let Some(result) = result_token(word) {
                    game.result = Some(result);
                    push(&mut games, std::mem::take(&mut game));
                } else if let Some((skip, rest)) = strip_number(word) {
                    game.numbered = true;
                    if !rest.is_empty() {
                        game.moves.push(MoveText {
                            text: rest,
                            at: i + skip,
                        });
                    }
                } else if !matches!(word, "..." | "…" | "……") {
                    game.moves.push(MoveText { text: word, at: i });
                }
                i = end;
            }
        }
    }
    push(&mut games, game);
    games
}

/// Keeps a game if what was read makes one.
fn push<'a>(games: &mut Vec<RawGame<'a>>, game: RawGame<'a>) {
    if game.is_game() {
        games.push(game);
    }
}

fn unclosed(what: &'static str) -> ErrorKind {
    ErrorKind::Field {
        field: "movetext",
        value: what.to_owned(),
        expected: "comments and variations must be closed",
    }
}

fn end_of_line(text: &str, i: usize) -> usize {
    text.get(i..)
        .and_then(|r| r.find('\n'))
        .map_or(text.len(), |n| i + n)
}

/// Where a move word ends: at white space or at the start of a comment or variation.
fn word_end(text: &str, i: usize) -> usize {
    text.get(i..)
        .and_then(|r| r.find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';')))
        .map_or(text.len(), |n| i + n.max(1))
}

fn result_token(word: &str) -> Option<RecordedResult> {
    match word {
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" => RecordedResult::read(word),
        _ => None,
    }
}

/// `12.` or `12...` or `12.炮二平五`: the bytes of the number and its dots, and the rest.
fn strip_number(word: &str) -> Option<(usize, &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let after = word.get(digits..)?;
    let rest = after.trim_start_matches(['.', '．', '…']);
    (rest.len() < after.len()).then(|| (word.len() - rest.len(), rest))
}

/// Reads a tag `[Name "value"]` at `i`; returns where reading goes on.
fn tag<'a>(text: &'a str, i: usize, game: &mut RawGame<'a>) -> usize {
    let line_end = end_of_line(text, i);
    let line = text.get(i..line_end).unwrap_or_default();
    match parse_tag(line) {
        Some((name, value, used)) => {
            game.tags.push(Tag { name, value, at: i });
            i + used
        }
        None => {
            game.fail(
                i,
                ErrorKind::Field {
                    field: "tag",
                    value: line.trim_end().chars().take(60).collect(),
                    expected: "a tag is `[Name \"value\"]`",
                },
            );
            line_end
        }
    }
}

/// `[Name "value"]` at the start of `line`: the name, the unescaped value and the bytes used.
/// Real files leave quotes inside a value unescaped (`[Event "第六屆"嘉周杯"象棋"]`): when the
/// line ends with `"]`, the value runs to that last quote.
fn parse_tag(line: &str) -> Option<(&str, String, usize)> {
    let trimmed = line.trim_end();
    if let Some(loose) = trimmed.strip_suffix("\"]").and_then(|body| {
        let inner = body.strip_prefix('[')?;
        let name_len = inner.find(|c: char| c.is_whitespace() || c == '"')?;
        let name = inner.get(..name_len)?;
        let raw = inner.get(name_len..)?.trim_start().strip_prefix('"')?;
        // Two tags on one line are read one at a time below.
        let plain = !name.is_empty() && !raw.ends_with('\\') && !raw.contains("\"]");
        plain.then(|| (name, raw.replace("\\\"", "\"").replace("\\\\", "\\")))
    }) {
        return Some((loose.0, loose.1, trimmed.len()));
    }
    let inner = line.strip_prefix('[')?;
    let name_len = inner.find(|c: char| c.is_whitespace() || c == '"')?;
    let name = inner.get(..name_len)?;
    if name.is_empty() {
        return None;
    }
    let rest = inner.get(name_len..)?;
    let quoted = rest.trim_start().strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    let close = loop {
        let (k, c) = chars.next()?;
        match c {
            '\\' => value.push(chars.next()?.1),
            '"' => break k,
            _ => value.push(c),
        }
    };
    let after = quoted.get(close + 1..)?;
    let tail = after.trim_start().strip_prefix(']')?;
    Some((name, value, line.len() - tail.len()))
}

/// Skips a variation starting at `i`, nested ones and comments inside included.
fn variation(text: &str, i: usize, game: &mut RawGame<'_>) -> usize {
    let mut depth = 0usize;
    let mut k = i;
    while let Some(c) = text.get(k..).and_then(|r| r.chars().next()) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            '{' => {
                if let Some(end) = text.get(k..).and_then(|r| r.find('}')) {
                    k += end;
                }
            }
            _ => {}
        }
        k += c.len_utf8();
    }
    game.fail(i, unclosed("a variation `(`"));
    text.len()
}

/// Plays a game's moves and makes it a record, or says why it cannot be.
fn finish(
    file: &Arc<Path>,
    decoded: &Decoded,
    lines: &LineIndex<'_>,
    index: usize,
    game: RawGame<'_>,
) -> Result<GameRecord, RecordError> {
    let error = |at: usize, kind| RecordError::new(file, Some(index), lines.place(at), kind);
    if let Some((at, kind)) = game.problem {
        return Err(error(at, kind));
    }
    // Bytes the encoding does not define, in a tag or a move (a comment may hold anything).
    let words = game
        .tags
        .iter()
        .map(|t| (t.at, t.at + t.name.len() + t.value.len() + 4))
        .chain(game.moves.iter().map(|m| (m.at, m.at + m.text.len())));
    for (from, to) in words {
        if let Some(offset) = decoded.malformed_in(from..to) {
            let kind = ErrorKind::Encoding {
                encoding: decoded.encoding,
                offset,
            };
            return Err(error(from, kind));
        }
    }
    let value = |name: &str| game.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name));
    let start = match value("FEN") {
        Some(t) if !t.value.trim().is_empty() => Position::from_fen(t.value.trim())
            .map_err(|e| error(t.at, ErrorKind::Position(e.to_string())))?,
        _ => Position::startpos(),
    };
    let notations = notations(value("Format").map(|t| t.value.as_str()), &game.moves);
    let moves = replay(&start, &game.moves, &notations).map_err(|u| {
        let red_first = start.turn() == crate::xiangqi::Color::Red;
        error(u.at, ErrorKind::at_ply(u.ply, red_first, u.message))
    })?;
    let result = match value("Result") {
        Some(t) => RecordedResult::read(&t.value).ok_or_else(|| {
            error(
                t.at,
                ErrorKind::Field {
                    field: "Result",
                    value: t.value.clone(),
                    expected: "a result is `1-0`, `0-1`, `1/2-1/2` or `*`",
                },
            )
        })?,
        None => game.result.unwrap_or(RecordedResult::Unknown),
    };
    Ok(GameRecord {
        format: Format::Pgn,
        encoding: decoded.encoding,
        index,
        place: lines.place(game.at),
        tags: game
            .tags
            .into_iter()
            .map(|t| (t.name.to_owned(), t.value))
            .collect(),
        start,
        moves,
        result,
    })
}

/// The notations to read the moves in: the `Format` tag's, or Chinese for moves that are
/// not ASCII, or the ASCII notations (ICCS first, then WXF, then Vietnamese).
fn notations(format: Option<&str>, moves: &[MoveText<'_>]) -> Vec<Notation> {
    match format.map(|f| f.trim().to_ascii_uppercase()) {
        Some(f) if f == "WXF" => vec![Notation::Wxf],
        Some(f) if f == "ICCS" => vec![Notation::Iccs],
        _ if moves.first().is_none_or(|m| !m.text.is_ascii()) => vec![Notation::Chinese],
        _ => vec![Notation::Iccs, Notation::Wxf, Notation::Vietnamese],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::encoding::decode;
    use crate::records::err::Place;

    fn read_text(text: &str) -> FileRecords {
        let file: Arc<Path> = Arc::from(Path::new("t.pgn"));
        read(&file, &decode(text.as_bytes()))
    }

    const GAME: &str = "[Game \"Chinese Chess\"]\n\
        [Event \"張雄飛先負楊官璘\"]\n\
        [Red \"張雄飛\"]\n\
        [Black \"楊官璘\"]\n\
        [Result \"0-1\"]\n\
        [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
        \n\
        1. 炮二平五 馬８進７\n\
        2. 馬二進三 {a comment with ｝ inside (a full-width brace)} 車９平８ (2... 卒７進１ (2... 包8平5)) \n\
        3.          車一平二\n\
        0-1\n";

    #[test]
    fn reads_tags_moves_and_result() {
        let games = read_text(GAME);
        assert_eq!(games.len(), 1);
        let g = games[0].as_ref().unwrap();
        assert_eq!(g.tag("red"), Some("張雄飛"));
        assert_eq!(g.tag("Event"), Some("張雄飛先負楊官璘"));
        // Quotes inside a value, unescaped, as real files write them.
        let quoted = GAME.replace("先負楊官璘", "\"先負\"楊官璘");
        let g = read_text(&quoted).remove(0).unwrap();
        assert_eq!(g.tag("Event"), Some("張雄飛\"先負\"楊官璘"));
        assert_eq!(g.result, RecordedResult::BlackWins);
        let iccs: Vec<String> = g.moves.iter().map(ToString::to_string).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
        assert_eq!(g.place, Place::Line { line: 1, column: 1 });
    }

    #[test]
    fn several_games_and_other_notations() {
        let text = "[Format \"WXF\"]\n1. C2.5 h8+7 *\n\n\
            [Format \"ICCS\"][Result \"1/2-1/2\"]\n1. H2-E2 H9-G7\n\
            [Red \"x\"]\n1.h2e2 1...h9g7 2.炮五进四\n";
        let games = read_text(text);
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
        let second = games[1].as_ref().unwrap();
        assert_eq!(second.moves.len(), 2);
        assert_eq!(second.result, RecordedResult::Draw);
        assert_eq!(second.index, 1);
        let third = games[2].as_ref().unwrap_err();
        assert_eq!(third.index(), Some(2));
        assert_eq!(
            third.place(),
            Place::Line {
                line: 7,
                column: 19
            }
        );
        assert!(third.to_string().starts_with("move 2 (red): "), "{third}");
    }

    #[test]
    fn a_bad_game_does_not_stop_the_next() {
        let text = "[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進四 1-0\n\
            [Result \"0-1\"]\n1. 炮二平五 馬８進７ 0-1\n";
        let games = read_text(text);
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.place(),
            Place::Line {
                line: 2,
                column: 17
            }
        );
        assert_eq!(
            e.to_string(),
            "move 2 (red): `馬二進四` is not a legal move: the horse's leg on g0 is blocked"
        );
        assert!(games[1].is_ok());
    }

    #[test]
    fn damaged_tags_comments_and_positions_are_refused() {
        let cases = [
            ("[Red \"x]\n1. 炮二平五\n", "tag `[Red \"x]` cannot be read"),
            ("[Red x\"]\n1. 炮二平五\n", "tag `[Red x\"]` cannot be read"),
            (
                "1. 炮二平五 {never closed\n",
                "movetext `a comment `{`` cannot be read",
            ),
            (
                "1. 炮二平五 (1. 炮八平五\n",
                "movetext `a variation `(`` cannot be read",
            ),
            (
                "[FEN \"9/9 w\"]\n1. 炮二平五\n",
                "the start position is not legal",
            ),
            ("[Result \"2-0\"]\n", "Result `2-0` cannot be read"),
        ];
        for (text, start) in cases {
            let games = read_text(text);
            let e = games[0].as_ref().unwrap_err();
            assert!(e.to_string().starts_with(start), "{text}: {e}");
        }
    }

    #[test]
    fn number_prefixes() {
        assert_eq!(strip_number("12."), Some((3, "")));
        assert_eq!(strip_number("1...h9g7"), Some((4, "h9g7")));
        assert_eq!(strip_number("1.炮二平五"), Some((2, "炮二平五")));
        assert_eq!(strip_number("炮二平五"), None);
        assert_eq!(strip_number("1-0"), None);
    }
}
