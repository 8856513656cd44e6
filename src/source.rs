//! Source locations: byte spans over a whole rule file, and nodes that carry them.
//!
//! Spans are byte ranges so diagnostics can underline exactly the text a problem is about;
//! a [`Node`] compares equal to another regardless of where either was written, so syntax
//! trees can be compared after a print/parse round trip. An error about a place is a
//! [`SourceError`]: its kind and its [`Site`].

mod error;

use std::fmt;
use std::sync::Arc;

pub use error::{ErrorKind, Errors, SourceError};

/// A byte range `start..end` in the text of one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Loc {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Loc {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Loc {
        Loc {
            start,
            end: end.max(start),
        }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Loc) -> Loc {
        Loc::new(self.start.min(other.start), self.end.max(other.end))
    }

    /// Number of bytes covered.
    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span is empty (a position between two bytes).
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The span moved `offset` bytes to the right.
    pub fn shift(self, offset: usize) -> Loc {
        Loc::new(self.start + offset, self.end + offset)
    }
}

impl From<Loc> for miette::SourceSpan {
    fn from(loc: Loc) -> Self {
        miette::SourceSpan::new(loc.start.into(), loc.len())
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A value with the span it was written at. Equality and hashing ignore the span.
#[derive(Debug, Clone, Copy)]
pub struct Node<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub loc: Loc,
}

impl<T> Node<T> {
    /// Wraps `node` written at `loc`.
    pub fn new(node: T, loc: Loc) -> Node<T> {
        Node { node, loc }
    }

    /// Applies `f` to the value, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Node<U> {
        Node {
            node: f(self.node),
            loc: self.loc,
        }
    }

    /// Borrows the value, keeping the span.
    pub fn as_ref(&self) -> Node<&T> {
        Node {
            node: &self.node,
            loc: self.loc,
        }
    }
}

impl<T: PartialEq> PartialEq for Node<T> {
    fn eq(&self, other: &Self) -> bool {
        self.node == other.node
    }
}

impl<T: Eq> Eq for Node<T> {}

impl<T: std::hash::Hash> std::hash::Hash for Node<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.node.hash(state);
    }
}

impl<T> std::ops::Deref for Node<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}

/// The text of one source file with the name diagnostics show for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name shown in diagnostics (usually the path).
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

impl SourceFile {
    /// A file named `name` with contents `text`.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// The text under `loc`, or the empty string if `loc` is out of range.
    pub fn slice(&self, loc: Loc) -> &str {
        self.text.get(loc.start..loc.end).unwrap_or("")
    }

    /// `name:line` of the byte at `offset` (lines counted from 1).
    pub fn place(&self, offset: usize) -> String {
        format!("{}:{}", self.name, self.line(offset))
    }

    /// The line (from 1) of the byte at `offset`; 1 when `offset` is out of range.
    pub fn line(&self, offset: usize) -> usize {
        self.text
            .get(..offset)
            .map_or(0, |t| t.matches('\n').count())
            + 1
    }
}

/// A source file is the source code of the diagnostics about it, under its name.
impl miette::SourceCode for SourceFile {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let contents = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            contents.line(),
            contents.column(),
            contents.line_count(),
        )))
    }
}

/// Where something is written: a file and a span in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Site {
    /// The file.
    pub file: SourceFile,
    /// The span.
    pub loc: Loc,
}

impl Site {
    /// `name:line` of the start of the span.
    pub fn place(&self) -> String {
        self.file.place(self.loc.start)
    }

    /// The line (from 1) of the start of the span.
    pub fn line(&self) -> usize {
        self.file.line(self.loc.start)
    }

    /// The text under the span.
    pub fn text(&self) -> &str {
        self.file.slice(self.loc)
    }
}

/// A collection with at least one element (errors of a stage, so "no errors" cannot be an
/// error value).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonEmpty<T> {
    /// The first element.
    pub first: T,
    /// The others.
    pub rest: Vec<T>,
}

impl<T> NonEmpty<T> {
    /// A collection of one.
    pub fn singleton(first: T) -> NonEmpty<T> {
        NonEmpty {
            first,
            rest: Vec::new(),
        }
    }

    /// `Some` if `items` is not empty.
    pub fn from_vec(items: Vec<T>) -> Option<NonEmpty<T>> {
        let mut iter = items.into_iter();
        let first = iter.next()?;
        Some(NonEmpty {
            first,
            rest: iter.collect(),
        })
    }

    /// Every element, in order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        std::iter::once(&self.first).chain(self.rest.iter())
    }

    /// Number of elements (at least one).
    pub fn len(&self) -> usize {
        1 + self.rest.len()
    }

    /// Always false; present for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Appends an element.
    pub fn push(&mut self, item: T) {
        self.rest.push(item);
    }
}

impl<T> IntoIterator for NonEmpty<T> {
    type Item = T;
    type IntoIter = std::iter::Chain<std::iter::Once<T>, std::vec::IntoIter<T>>;
    fn into_iter(self) -> Self::IntoIter {
        std::iter::once(self.first).chain(self.rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_equality_ignores_loc() {
        assert_eq!(Node::new(1, Loc::new(0, 1)), Node::new(1, Loc::new(5, 9)));
        assert_ne!(Node::new(1, Loc::new(0, 1)), Node::new(2, Loc::new(0, 1)));
    }

    #[test]
    fn loc_join_and_shift() {
        assert_eq!(Loc::new(3, 5).join(Loc::new(1, 4)), Loc::new(1, 5));
        assert_eq!(Loc::new(3, 5).shift(10), Loc::new(13, 15));
    }

    #[test]
    fn place_counts_lines_from_one() {
        let file = SourceFile::new("x.rules", "ab\ncd\n");
        assert_eq!(file.place(0), "x.rules:1");
        assert_eq!(file.place(3), "x.rules:2");
        assert_eq!(file.place(99), "x.rules:1");
    }

    #[test]
    fn a_source_file_names_its_spans() {
        use miette::SourceCode;
        let file = SourceFile::new("x.rules", "ab\ncd\n");
        let span = miette::SourceSpan::from((3, 2));
        let contents = file.read_span(&span, 0, 0).unwrap();
        assert_eq!(contents.name(), Some("x.rules"));
        assert_eq!(contents.line(), 1);
        assert_eq!(contents.data(), b"cd");
    }

    #[test]
    fn slice_out_of_range_is_empty() {
        let file = SourceFile::new("x", "abc");
        assert_eq!(file.slice(Loc::new(1, 3)), "bc");
        assert_eq!(file.slice(Loc::new(2, 9)), "");
    }
}
