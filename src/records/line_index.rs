//! Byte offsets in a decoded text turned into lines and columns.

use super::err::Place;

/// The line starts of a text, to turn a byte offset into a [`Place::Line`].
#[derive(Debug, Clone)]
pub(super) struct LineIndex<'a> {
    text: &'a str,
    /// The byte offset where each line starts; the first is 0.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(text).map(|i| i + 1));
        LineIndex { text, starts }
    }

    /// The line and column of the byte `offset` (an offset inside a character counts as that
    /// character; one past the end as the end).
    pub(super) fn place(&self, offset: usize) -> Place {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let column = self
            .text
            .get(start..)
            .unwrap_or_default()
            .char_indices()
            .take_while(|(i, _)| start + i < offset)
            .count()
            + 1;
        Place::Line {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
        }
    }
}

fn memchr_newlines(text: &str) -> impl Iterator<Item = usize> + '_ {
    text.bytes()
        .enumerate()
        .filter(|(_, b)| *b == b'\n')
        .map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\n炮二平五 x\n\nz";
        let index = LineIndex::new(text);
        let at = |line, column| Place::Line { line, column };
        assert_eq!(index.place(0), at(1, 1));
        assert_eq!(index.place(2), at(1, 3));
        assert_eq!(index.place(3), at(2, 1));
        let x = text.find('x').unwrap();
        assert_eq!(index.place(x), at(2, 6));
        assert_eq!(index.place(text.len() - 1), at(4, 1));
        assert_eq!(index.place(10_000), at(4, 2));
    }
}
