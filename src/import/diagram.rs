//! Reads the inside of a `[game]` block: the printed FEN and the numbered moves.
//!
//! The result keeps every token's byte span, and lists the structural oddities of the print
//! (moves outside `START{ … }END`, skipped or repeated move numbers, a missing half-move) as
//! [`Oddity`] values; [`super::errata`] turns them into errata.

use std::ops::Range;

use super::text::Line;

/// A piece of printed text and where it stands in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The text as printed.
    pub text: String,
    /// Its byte range in the file.
    pub span: Range<usize>,
}

/// One printed half-move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedPly {
    /// The move number it belongs to (after renumbering skipped or repeated numbers).
    pub number: u32,
    /// The printed text, or `None` for a half-move the print omits.
    pub text: Option<Token>,
    /// Where to point for an omitted half-move: the text next to the gap.
    pub anchor: Range<usize>,
}

/// A structural misprint in a game block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Oddity {
    /// The moves stand after `}END` (or after the block) instead of inside `START{ … }END`.
    MovesOutsideBlock {
        /// The span of the misplaced moves.
        span: Range<usize>,
        /// The misplaced moves' text (first and last line when there are more than two).
        text: String,
    },
    /// A move number that does not follow the previous one.
    MoveNumber {
        /// Index of the first ply of that move in [`RawGame::plies`].
        ply: usize,
        /// The printed number.
        printed: u32,
        /// The number it should have.
        expected: u32,
        /// The printed number's token.
        span: Range<usize>,
    },
    /// A move number that is missing: more than two half-moves follow one number.
    MissingNumber {
        /// Index of the first ply that lacks a number.
        ply: usize,
        /// The number it should have.
        expected: u32,
    },
    /// Text in the moves that is neither a move number nor follows one.
    Stray {
        /// The stray token.
        token: Token,
    },
}

/// What a `[game]` block says.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawGame {
    /// The FEN as printed (after the `FEN` keyword).
    pub fen: Option<Token>,
    /// The half-moves in order (Red first).
    pub plies: Vec<PrintedPly>,
    /// Structural misprints.
    pub oddities: Vec<Oddity>,
}

/// Reads a game block's lines. `trailing` are the lines of a paragraph right after the block,
/// used only when the block itself has no moves and those lines are moves.
pub fn read_game(lines: &[Line<'_>], trailing: &[Line<'_>]) -> RawGame {
    let mut game = RawGame::default();
    let mut inside: Vec<&Line<'_>> = Vec::new();
    let mut after: Vec<&Line<'_>> = Vec::new();
    let mut state = State::Header;
    for line in lines {
        let t = line.text.trim();
        match state {
            State::Header => {
                if let Some(fen) = t.strip_prefix("FEN ") {
                    let fen = fen.trim();
                    let offset = line.text.find(fen).unwrap_or(0);
                    game.fen = Some(Token {
                        text: fen.to_string(),
                        span: line.start + offset..line.start + offset + fen.len(),
                    });
                } else if let Some(rest) = t.strip_prefix("START{") {
                    state = if rest.trim_end().ends_with("}END") {
                        State::After
                    } else {
                        State::Moves
                    };
                }
            }
            State::Moves => {
                if t.starts_with("}END") {
                    state = State::After;
                } else if !t.starts_with("DIAG{") && !t.is_empty() {
                    inside.push(line);
                }
            }
            State::After => {
                if looks_like_moves(t) {
                    after.push(line);
                }
            }
        }
    }
    let mut outside: Vec<&Line<'_>> = after;
    if inside.is_empty() && outside.is_empty() {
        outside = trailing
            .iter()
            .filter(|l| looks_like_moves(l.text))
            .collect();
        if outside.len() != trailing.len() {
            outside.clear();
        }
    }
    if inside.is_empty() && !outside.is_empty() {
        let start = outside.first().map_or(0, |l| l.trimmed_span().start);
        let end = outside.last().map_or(0, |l| l.trimmed_span().end);
        let text = match (outside.first(), outside.last()) {
            (Some(first), Some(last)) if outside.len() > 2 => {
                format!("{} … {}", first.text.trim(), last.text.trim())
            }
            _ => outside
                .iter()
                .map(|l| l.text.trim())
                .collect::<Vec<_>>()
                .join(" "),
        };
        game.oddities.push(Oddity::MovesOutsideBlock {
            span: start..end,
            text,
        });
        inside = outside;
    }
    read_moves(&inside, &mut game);
    game
}

enum State {
    Header,
    Moves,
    After,
}

/// A line that starts with a move number such as `1.` or `12. `.
fn looks_like_moves(text: &str) -> bool {
    let t = text.trim();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t.get(digits..).is_some_and(|r| r.starts_with('.'))
}

/// Splits a token like `1.X2.1` into the number and the rest.
fn split_number(word: &str) -> Option<(u32, &str)> {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    let rest = word.get(digits..)?.strip_prefix('.')?;
    let n = word.get(..digits)?.parse().ok()?;
    Some((n, rest))
}

/// Words of a line with their byte spans.
fn words<'a>(line: &Line<'a>) -> Vec<(&'a str, Range<usize>)> {
    let mut out = Vec::new();
    let text = line.text;
    let mut offset = 0;
    for word in text.split_whitespace() {
        let at = text
            .get(offset..)
            .and_then(|r| r.find(word))
            .map_or(offset, |p| p + offset);
        out.push((word, line.start + at..line.start + at + word.len()));
        offset = at + word.len();
    }
    out
}

fn read_moves(lines: &[&Line<'_>], game: &mut RawGame) {
    // Group the words into (number, moves) runs.
    let mut groups: Vec<(u32, Range<usize>, Vec<Token>)> = Vec::new();
    for line in lines {
        for (word, span) in words(line) {
            if let Some((n, rest)) = split_number(word) {
                let num_len = word.len() - rest.len();
                let num_span = span.start..span.start + num_len;
                let mut moves = Vec::new();
                if !rest.is_empty() {
                    moves.push(Token {
                        text: rest.to_string(),
                        span: span.start + num_len..span.end,
                    });
                }
                groups.push((n, num_span, moves));
            } else if word == "…" || word == "..." {
                // An explicit gap marker of some prints: no move.
            } else if let Some(group) = groups.last_mut() {
                group.2.push(Token {
                    text: word.to_string(),
                    span,
                });
            } else {
                game.oddities.push(Oddity::Stray {
                    token: Token {
                        text: word.to_string(),
                        span,
                    },
                });
            }
        }
    }
    let last = groups.len().saturating_sub(1);
    let mut expected = 1;
    for (index, (printed, num_span, moves)) in groups.into_iter().enumerate() {
        if printed != expected {
            game.oddities.push(Oddity::MoveNumber {
                ply: game.plies.len(),
                printed,
                expected,
                span: num_span.clone(),
            });
        }
        let mut chunks = moves.chunks(2).peekable();
        let mut first_chunk = true;
        if chunks.peek().is_none() {
            // A number with no move at all: nothing to replay; the number is skipped.
            continue;
        }
        while let Some(chunk) = chunks.next() {
            if !first_chunk {
                game.oddities.push(Oddity::MissingNumber {
                    ply: game.plies.len(),
                    expected,
                });
            }
            first_chunk = false;
            for token in chunk {
                game.plies.push(PrintedPly {
                    number: expected,
                    text: Some(token.clone()),
                    anchor: token.span.clone(),
                });
            }
            let is_last = index == last && chunks.peek().is_none();
            if let ([red], false) = (chunk, is_last) {
                // Black's half-move is missing before the next number.
                game.plies.push(PrintedPly {
                    number: expected,
                    text: None,
                    anchor: red.span.clone(),
                });
            }
            expected += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::text::Document;

    fn game(src: &str) -> (RawGame, String) {
        let doc = Document::read(src);
        let lines = doc.lines.clone();
        (read_game(&lines, &[]), src.to_string())
    }

    fn texts(g: &RawGame) -> Vec<String> {
        g.plies
            .iter()
            .map(|p| p.text.as_ref().map_or("_".into(), |t| t.text.clone()))
            .collect()
    }

    #[test]
    fn reads_fen_and_moves() {
        let (g, src) = game(
            "[game]\nFEN 9/9 w – – – 1\nSTART{\nDIAG{ #1 }\n1.X2.1 Tg6.1\n2. X2/1 Tg/1\n3.X2.1\n}END\n[/game]",
        );
        let fen = g.fen.as_ref().unwrap();
        assert_eq!(fen.text, "9/9 w – – – 1");
        assert_eq!(&src[fen.span.clone()], "9/9 w – – – 1");
        assert_eq!(texts(&g), vec!["X2.1", "Tg6.1", "X2/1", "Tg/1", "X2.1"]);
        let p = &g.plies[3];
        assert_eq!(&src[p.text.as_ref().unwrap().span.clone()], "Tg/1");
        assert!(g.oddities.is_empty());
    }

    #[test]
    fn moves_after_end() {
        let (g, src) = game("[game]\nFEN f\nSTART{\n}END\n1.X2-1 P9-8\n2.X1-2\n[/game]");
        assert_eq!(texts(&g), vec!["X2-1", "P9-8", "X1-2"]);
        match &g.oddities[..] {
            [Oddity::MovesOutsideBlock { span, .. }] => {
                assert_eq!(&src[span.clone()], "1.X2-1 P9-8\n2.X1-2")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn skipped_number() {
        let (g, src) = game("[game]\nSTART{\n1.A B\n2.C D\n4.E\n}END\n[/game]");
        assert_eq!(texts(&g), vec!["A", "B", "C", "D", "E"]);
        match &g.oddities[..] {
            [
                Oddity::MoveNumber {
                    ply: 4,
                    printed: 4,
                    expected: 3,
                    span,
                },
            ] => {
                assert_eq!(&src[span.clone()], "4.")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn repeated_number() {
        let (g, _) = game("[game]\nSTART{\n1.A B\n1.C D\n}END\n[/game]");
        assert_eq!(texts(&g), vec!["A", "B", "C", "D"]);
        assert!(matches!(
            g.oddities[..],
            [Oddity::MoveNumber {
                ply: 2,
                printed: 1,
                expected: 2,
                ..
            }]
        ));
    }

    #[test]
    fn missing_black_half_move() {
        let (g, _) = game("[game]\nSTART{\n1.A\n2.C D\n}END\n[/game]");
        assert_eq!(texts(&g), vec!["A", "_", "C", "D"]);
        assert_eq!(g.plies[1].number, 1);
    }

    #[test]
    fn missing_number_and_stray() {
        let (g, _) = game("[game]\nSTART{\nz 1.A B C D\n}END\n[/game]");
        assert_eq!(texts(&g), vec!["A", "B", "C", "D"]);
        assert!(matches!(g.oddities[0], Oddity::Stray { .. }));
        assert!(matches!(
            g.oddities[1],
            Oddity::MissingNumber {
                ply: 2,
                expected: 2
            }
        ));
    }
}
