//! A character cursor over a move text that skips whitespace and remembers byte offsets, so
//! that syntax errors can underline the exact character.

use std::ops::Range;

/// Reads a move text one character at a time, skipping whitespace anywhere.
#[derive(Debug, Clone)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    // INVARIANT: `pos` is a char boundary of `text` (it only ever advances by whole chars).
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// Starts at the beginning of `text`.
    pub(crate) fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, pos: 0 }
    }

    fn skip_whitespace(&mut self) {
        while let Some(c) = self.rest().chars().next() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or("")
    }

    /// The next non-blank character, without consuming it.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_whitespace();
        self.rest().chars().next()
    }

    /// The non-blank character after the next one, without consuming anything.
    pub(crate) fn peek2(&mut self) -> Option<char> {
        let mut ahead = self.clone();
        ahead.bump()?;
        ahead.peek()
    }

    /// Consumes the next non-blank character and returns it with its byte range.
    pub(crate) fn bump(&mut self) -> Option<(char, Range<usize>)> {
        self.skip_whitespace();
        let c = self.rest().chars().next()?;
        let start = self.pos;
        self.pos += c.len_utf8();
        Some((c, start..self.pos))
    }

    /// Consumes the next non-blank character if `f` maps it to a value.
    pub(crate) fn eat<T>(
        &mut self,
        f: impl FnOnce(char) -> Option<T>,
    ) -> Option<(T, Range<usize>)> {
        let c = self.peek()?;
        let value = f(c)?;
        let (_, span) = self.bump()?;
        Some((value, span))
    }

    /// The byte range of the next non-blank character, or an empty range at the end of the
    /// text; used to underline what was found instead of what was expected.
    pub(crate) fn here(&mut self) -> Range<usize> {
        self.skip_whitespace();
        let len = self.rest().chars().next().map_or(0, char::len_utf8);
        self.pos..self.pos + len
    }

    /// Whether only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skips_whitespace_and_tracks_offsets() {
        let mut c = Cursor::new(" X 2.1 ");
        assert_eq!(c.bump(), Some(('X', 1..2)));
        assert_eq!(c.peek(), Some('2'));
        assert_eq!(c.peek2(), Some('.'));
        assert_eq!(c.eat(|c| c.to_digit(10)), Some((2, 3..4)));
        assert_eq!(c.eat(|c| c.to_digit(10)), None);
        assert_eq!(c.bump(), Some(('.', 4..5)));
        assert_eq!(c.bump(), Some(('1', 5..6)));
        assert!(c.at_end());
        assert_eq!(c.here(), 7..7);
    }

    #[test]
    fn multibyte_characters() {
        let mut c = Cursor::new("炮二平五");
        assert_eq!(c.bump(), Some(('炮', 0..3)));
        assert_eq!(c.here(), 3..6);
    }
}
