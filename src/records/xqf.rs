//! XQF, XQStudio's binary game files, versions 10 to 18 (11 and up encrypted).
//!
//! Written from the format's public description (see `shared/formats/README.md` beside the
//! repository): a 1024-byte header (magic `XQ`, version, keys, the 32 pieces' points, the
//! result, length-prefixed GBK strings), then the move tree in pre-order from byte 1024. A
//! point is one byte `X*10 + Y` (file from Red's left, rank from Red's side); above 89 means
//! off the board. Reading records in file order while "has next" is set gives the main line.

use std::path::Path;
use std::sync::Arc;

use super::encoding::Encoding;
use super::err::{ErrorKind, Place, RecordError};
use super::replay::{first_mover, play_squares, table_setup};
use super::{Format, GameRecord, RecordedResult};
use crate::xiangqi::{Color, Move, Position, Square};

/// The header's size; the moves start here.
const HEADER: usize = 0x400;

/// The 32 bytes the encryption stream is masked with.
const MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The header's strings: offset, size, tag name.
const STRINGS: [(usize, usize, &str); 11] = [
    (0x50, 64, "Title"),
    (0xD0, 64, "Event"),
    (0x110, 16, "Date"),
    (0x120, 16, "Site"),
    (0x130, 16, "Red"),
    (0x140, 16, "Black"),
    (0x150, 64, "TimeRule"),
    (0x190, 16, "RedTime"),
    (0x1A0, 16, "BlackTime"),
    (0x1D0, 16, "Annotator"),
    (0x1E0, 16, "Author"),
];

/// Whether `bytes` look like an XQF file: the magic `XQ` and a version byte (or nothing
/// after the magic: a file cut short is still an XQF file, to be reported as such).
pub(super) fn is_xqf(bytes: &[u8]) -> bool {
    match bytes {
        [b'X', b'Q'] => true,
        [b'X', b'Q', version, ..] => *version < 0x20,
        _ => false,
    }
}

/// The keys of an encrypted file, from its header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Keys {
    piece: u8,
    source: u8,
    destination: u8,
    comment: u32,
    stream: [u8; 32],
}

impl Keys {
    /// No encryption (version 10).
    const PLAIN: Keys = Keys {
        piece: 0,
        source: 0,
        destination: 0,
        comment: 0,
        stream: [0; 32],
    };

    fn from_header(h: &[u8]) -> Keys {
        let at = |i: usize| h.get(i).copied().unwrap_or(0);
        let square = |x: u8| 54u8.wrapping_mul(x).wrapping_mul(x).wrapping_add(221);
        let piece = square(at(0x0D)).wrapping_mul(at(0x0D));
        let source = square(at(0x0E)).wrapping_mul(piece);
        let destination = square(at(0x0F)).wrapping_mul(source);
        let comment = (u32::from(at(0x0C)) * 256 + u32::from(at(0x0D))) % 32000 + 767;
        let a: [u8; 4] = std::array::from_fn(|i| at(0x08 + i) | (at(0x0C + i) & at(0x03)));
        let stream = std::array::from_fn(|i| a[i % 4] & MASK[i]);
        Keys {
            piece,
            source,
            destination,
            comment,
            stream,
        }
    }
}

/// The move area, read byte by byte with the stream key taken off.
struct Moves<'a> {
    bytes: &'a [u8],
    at: usize,
    keys: Keys,
}

impl Moves<'_> {
    fn byte(&mut self, what: &'static str) -> Result<u8, (usize, ErrorKind)> {
        let b = self.bytes.get(self.at).ok_or((
            self.at,
            ErrorKind::Truncated {
                len: self.bytes.len(),
                what,
            },
        ))?;
        let key = self.keys.stream[(self.at - HEADER) % 32];
        self.at += 1;
        Ok(b.wrapping_sub(key))
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, (usize, ErrorKind)> {
        let mut b = [0u8; 4];
        for slot in &mut b {
            *slot = self.byte(what)?;
        }
        Ok(u32::from_le_bytes(b))
    }

    /// Skips a comment of `len` bytes.
    fn skip(&mut self, len: u32) -> Result<(), (usize, ErrorKind)> {
        let len = usize::try_from(len).unwrap_or(usize::MAX);
        let end = self.at.saturating_add(len);
        if end > self.bytes.len() {
            return Err((
                self.at,
                ErrorKind::Truncated {
                    len: self.bytes.len(),
                    what: "a comment",
                },
            ));
        }
        self.at = end;
        Ok(())
    }
}

/// One move record: the decoded source and destination bytes, whether the main line goes on,
/// and where the record starts.
struct Record {
    from: u8,
    to: u8,
    next: bool,
    at: usize,
}

/// Reads the record at the reader's place, skipping its comment.
fn record(moves: &mut Moves<'_>, version: u8) -> Result<Record, (usize, ErrorKind)> {
    let at = moves.at;
    let from = moves.byte("a move record")?;
    let to = moves.byte("a move record")?;
    let tag = moves.byte("a move record")?;
    let _reserved = moves.byte("a move record")?;
    let next = if version <= 10 {
        let len = moves.u32("a comment length")?;
        moves.skip(len)?;
        tag != 0
    } else {
        if tag & 0x20 != 0 {
            let len = moves
                .u32("a comment length")?
                .wrapping_sub(moves.keys.comment);
            moves.skip(len)?;
        }
        tag & 0x80 != 0
    };
    let keys = moves.keys;
    Ok(Record {
        from: from.wrapping_sub(24).wrapping_sub(keys.source),
        to: to.wrapping_sub(32).wrapping_sub(keys.destination),
        next,
        at,
    })
}

/// A point on the board, or `None` off it.
fn point(v: u8) -> Option<Square> {
    (v <= 89).then(|| Square::new(v / 10, v % 10)).flatten()
}

/// A header string: a length byte, then GBK bytes.
fn string(h: &[u8], offset: usize, size: usize) -> String {
    let len = usize::from(h.get(offset).copied().unwrap_or(0)).min(size - 1);
    let bytes = h.get(offset + 1..offset + 1 + len).unwrap_or_default();
    let (text, _) = encoding_rs::GBK.decode_without_bom_handling(bytes);
    text.trim_end_matches('\0').trim().to_owned()
}

/// Reads an XQF file.
pub(super) fn read(file: &Arc<Path>, bytes: &[u8]) -> Result<GameRecord, RecordError> {
    read_game(bytes)
        .map_err(|(offset, kind)| RecordError::new(file, Some(0), Place::Offset { offset }, kind))
}

fn read_game(bytes: &[u8]) -> Result<GameRecord, (usize, ErrorKind)> {
    if bytes.len() < HEADER {
        return Err((
            bytes.len(),
            ErrorKind::Truncated {
                len: bytes.len(),
                what: "the 1024-byte header",
            },
        ));
    }
    let header = bytes.get(..HEADER).unwrap_or_default();
    let version = header.get(2).copied().unwrap_or(0);
    if !(10..=18).contains(&version) {
        return Err((2, ErrorKind::Version(version)));
    }
    let keys = if version <= 10 {
        Keys::PLAIN
    } else {
        Keys::from_header(header)
    };
    let mut squares = [None; 32];
    for i in 0..32 {
        let raw = header.get(0x10 + i).copied().unwrap_or(0xFF);
        let index = if version >= 12 {
            (usize::from(keys.piece) + 1 + i) % 32
        } else {
            i
        };
        if let Some(slot) = squares.get_mut(index) {
            *slot = point(raw.wrapping_sub(keys.piece));
        }
    }
    let mut reader = Moves {
        bytes,
        at: HEADER,
        keys,
    };
    let mut found: Vec<(Move, usize)> = Vec::new();
    let mut current = record(&mut reader, version)?;
    while current.next {
        current = record(&mut reader, version)?;
        let (Some(from), Some(to)) = (point(current.from), point(current.to)) else {
            let ply = found.len();
            let message = format!(
                "the record's points {} and {} are not on the board (a wrong key or a damaged file)",
                current.from, current.to
            );
            return Err((current.at, ErrorKind::at_ply(ply, true, message)));
        };
        found.push((Move::new(from, to), current.at));
    }
    let mut setup = table_setup(&squares).map_err(|m| (0x10, ErrorKind::Position(m)))?;
    setup.turn = first_mover(&setup, found.first().map(|(m, _)| *m));
    let start =
        Position::from_setup(setup).map_err(|e| (0x10, ErrorKind::Position(e.to_string())))?;
    let moves = play_squares(&start, found).map_err(|u| {
        let red_first = start.turn() == Color::Red;
        (u.at, ErrorKind::at_ply(u.ply, red_first, u.message))
    })?;
    let result = match header.get(0x33) {
        Some(1) => RecordedResult::RedWins,
        Some(2) => RecordedResult::BlackWins,
        Some(3 | 4) => RecordedResult::Draw,
        _ => RecordedResult::Unknown,
    };
    let tags = STRINGS
        .iter()
        .map(|&(offset, size, name)| (name.to_owned(), string(header, offset, size)))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    Ok(GameRecord {
        format: Format::Xqf,
        encoding: Encoding::Gbk,
        index: 0,
        place: Place::Offset { offset: 0 },
        tags,
        start,
        moves,
        result,
    })
}

/// Writes XQF files, for fixtures and tests: the reader's description, run backwards.
#[cfg(test)]
pub(crate) mod write {
    use super::*;

    /// The header bytes the keys are made from: mask (0x03), the "or" bytes (0x08–0x0B), the
    /// sum (0x0C) and the three keys (0x0D–0x0F).
    #[derive(Debug, Clone, Copy)]
    pub(crate) struct KeyBytes {
        pub(crate) mask: u8,
        pub(crate) or: [u8; 4],
        pub(crate) sum: u8,
        pub(crate) xy: u8,
        pub(crate) xyf: u8,
        pub(crate) xyt: u8,
    }

    /// Keys that exercise every part of the decryption.
    pub(crate) const SOME_KEYS: KeyBytes = KeyBytes {
        mask: 0x5A,
        or: [0x13, 0x37, 0xC4, 0x7E],
        sum: 0x9D,
        xy: 0xB3,
        xyf: 0x2C,
        xyt: 0x61,
    };

    /// A game to write: tags by header field name, the result byte, a comment on some moves
    /// (by ply, from 1) and a variation (`(ply, moves)`) branching off a main-line move.
    pub(crate) struct Game<'a> {
        pub(crate) tags: &'a [(&'a str, &'a str)],
        pub(crate) result: u8,
        pub(crate) start: Position,
        pub(crate) moves: &'a [Move],
        pub(crate) comments: &'a [(usize, &'a str)],
        pub(crate) variation: Option<(usize, &'a [Move])>,
    }

    fn value(sq: Option<Square>) -> u8 {
        sq.map_or(0xFF, |s| s.file() * 10 + s.rank())
    }

    /// The file's bytes in `version` (10–18) with `keys` (ignored by version 10).
    pub(crate) fn write(version: u8, keys: KeyBytes, game: &Game<'_>) -> Vec<u8> {
        let mut h = vec![0u8; HEADER];
        h[0] = b'X';
        h[1] = b'Q';
        h[2] = version;
        if version > 10 {
            h[3] = keys.mask;
            h[8..12].copy_from_slice(&keys.or);
            h[0x0C] = keys.sum;
            h[0x0D] = keys.xy;
            h[0x0E] = keys.xyf;
            h[0x0F] = keys.xyt;
        }
        let k = if version > 10 {
            Keys::from_header(&h)
        } else {
            Keys::PLAIN
        };
        // The piece table: each piece of the start position in table order.
        let mut used = [false; 90];
        let mut table = [None; 32];
        for (i, slot) in table.iter_mut().enumerate() {
            let want = super::super::replay::table_piece(i);
            *slot = Square::all()
                .find(|sq| !used[sq.index()] && game.start.piece_at(*sq) == want && want.is_some());
            if let Some(sq) = slot {
                used[sq.index()] = true;
            }
        }
        for i in 0..32 {
            let piece = if version >= 12 {
                (usize::from(k.piece) + 1 + i) % 32
            } else {
                i
            };
            h[0x10 + i] = value(table[piece]).wrapping_add(k.piece);
        }
        h[0x33] = game.result;
        for (name, text) in game.tags {
            if let Some(&(offset, size, _)) = STRINGS.iter().find(|s| s.2 == *name) {
                let (bytes, _, _) = encoding_rs::GBK.encode(text);
                let len = bytes.len().min(size - 1);
                h[offset] = u8::try_from(len).unwrap();
                h[offset + 1..offset + 1 + len].copy_from_slice(&bytes[..len]);
            }
        }
        let mut body = Vec::new();
        let comment_of = |ply: usize| game.comments.iter().find(|c| c.0 == ply).map(|c| c.1);
        let push =
            |body: &mut Vec<u8>, mv: Option<Move>, next: bool, var: bool, comment: Option<&str>| {
                let (from, to) = mv.map_or((0, 0), |m| (value(Some(m.from)), value(Some(m.to))));
                body.push(from.wrapping_add(24).wrapping_add(k.source));
                body.push(to.wrapping_add(32).wrapping_add(k.destination));
                let (text, _, _) = encoding_rs::GBK.encode(comment.unwrap_or(""));
                if version <= 10 {
                    body.push(if next { 0xF0 } else { 0 });
                    body.push(0);
                    body.extend_from_slice(&u32::try_from(text.len()).unwrap().to_le_bytes());
                    body.extend_from_slice(&text);
                } else {
                    let tag = u8::from(next) * 0x80
                        + u8::from(var) * 0x40
                        + u8::from(comment.is_some()) * 0x20;
                    body.push(tag);
                    body.push(0);
                    if comment.is_some() {
                        let len = u32::try_from(text.len()).unwrap().wrapping_add(k.comment);
                        body.extend_from_slice(&len.to_le_bytes());
                        body.extend_from_slice(&text);
                    }
                }
            };
        push(
            &mut body,
            None,
            !game.moves.is_empty(),
            false,
            comment_of(0),
        );
        for (i, m) in game.moves.iter().enumerate() {
            let var = game.variation.is_some_and(|(ply, _)| ply == i + 1);
            push(
                &mut body,
                Some(*m),
                i + 1 < game.moves.len(),
                var,
                comment_of(i + 1),
            );
        }
        if let Some((_, line)) = game.variation {
            for (i, m) in line.iter().enumerate() {
                push(&mut body, Some(*m), i + 1 < line.len(), false, None);
            }
        }
        for (j, b) in body.iter_mut().enumerate() {
            *b = b.wrapping_add(k.stream[j % 32]);
        }
        h.extend_from_slice(&body);
        h
    }
}

#[cfg(test)]
mod tests {
    use super::write::{Game, KeyBytes, SOME_KEYS, write};
    use super::*;
    use crate::xiangqi::notation::{Notation, parse_text};

    fn file() -> Arc<Path> {
        Arc::from(Path::new("t.xqf"))
    }

    fn opening() -> (Position, Vec<Move>) {
        let start = Position::startpos();
        let moves = parse_text(
            &start,
            "炮二平五 馬８進７ 馬二進三 車９平８",
            Notation::Chinese,
        )
        .unwrap();
        (start, moves)
    }

    fn game<'a>(start: Position, moves: &'a [Move], variation: &'a [Move]) -> Game<'a> {
        Game {
            tags: &[
                ("Event", "全国象棋个人赛"),
                ("Red", "胡荣华"),
                ("Black", "杨官璘"),
            ],
            result: 3,
            start,
            moves,
            comments: &[(0, "开局"), (2, "屏风马")],
            variation: Some((2, variation)),
        }
    }

    #[test]
    fn every_version_reads_back() {
        let (start, moves) = opening();
        let variation = parse_text(&start.play(moves[0]).unwrap(), "h7e7", Notation::Iccs).unwrap();
        for version in 10..=18 {
            let bytes = write(version, SOME_KEYS, &game(start, &moves, &variation));
            let g = read(&file(), &bytes).unwrap_or_else(|e| panic!("version {version}: {e}"));
            assert_eq!(g.moves, moves, "version {version}");
            assert_eq!(g.start, start);
            assert_eq!(g.result, RecordedResult::Draw);
            assert_eq!(g.tag("Red"), Some("胡荣华"));
            assert_eq!(g.tag("Event"), Some("全国象棋个人赛"));
        }
    }

    #[test]
    fn an_endgame_with_black_first_and_pieces_off_the_board() {
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K1R2 b - - 0 1").unwrap();
        let moves = parse_text(&start, "d9d8 g0g1 d8d9", Notation::Iccs).unwrap();
        // A piece key above 166 makes a naive "0xFF minus the key" land on the board.
        let keys = KeyBytes {
            xy: 0x07,
            ..SOME_KEYS
        };
        for version in [10, 11, 12, 18] {
            let bytes = write(
                version,
                keys,
                &Game {
                    comments: &[],
                    variation: None,
                    ..game(start, &moves, &[])
                },
            );
            let g = read(&file(), &bytes).unwrap_or_else(|e| panic!("version {version}: {e}"));
            assert_eq!(g.start, start, "version {version}");
            assert_eq!(g.moves, moves);
        }
    }

    #[test]
    fn damaged_files_say_where() {
        let (start, moves) = opening();
        let bytes = write(18, SOME_KEYS, &game(start, &moves, &[]));
        // Truncated inside the move area and inside the header.
        let e = read(&file(), &bytes[..bytes.len() - 3]).unwrap_err();
        assert_eq!(e.reason(), "truncated");
        assert!(e.to_string().contains("inside a move record"), "{e}");
        let e = read(&file(), &bytes[..600]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the file ends at byte 600, inside the 1024-byte header"
        );
        assert_eq!(e.place(), Place::Offset { offset: 600 });
        // A wrong key: the points decode to nonsense.
        let mut wrong = bytes.clone();
        wrong[0x0F] ^= 0x10;
        let e = read(&file(), &wrong).unwrap_err();
        assert_eq!(e.reason(), "move", "{e}");
        assert!(matches!(e.place(), Place::Offset { offset } if offset >= HEADER));
        // An unknown version.
        let mut future = bytes.clone();
        future[2] = 19;
        let e = read(&file(), &future).unwrap_err();
        assert_eq!(
            e.to_string(),
            "XQF version 19 is not one this reader knows (10 to 18)"
        );
        // An illegal move in a plain file.
        let illegal = [moves[0], moves[1], moves[0]];
        let bytes = write(
            10,
            SOME_KEYS,
            &Game {
                comments: &[],
                variation: None,
                ..game(start, &illegal, &[])
            },
        );
        let e = read(&file(), &bytes).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("move 2 (red): no piece fits `h2e2`"),
            "{e}"
        );
        assert_eq!(
            e.place(),
            Place::Offset {
                offset: HEADER + 24
            }
        );
    }

    #[test]
    fn magic_bytes() {
        assert!(is_xqf(b"XQ\x12rest"));
        assert!(is_xqf(b"XQ"));
        assert!(!is_xqf(b"XQuick brown fox"));
        assert!(!is_xqf(b"[Game"));
    }
}
