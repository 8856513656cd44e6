//! The one carrier of errors about a place in a source file, in cedar's style: an error is a
//! kind, which owns its message, code, help and label, and the place it is about, carried
//! once beside the kind. A stage declares its kinds (`FormErrorKind`, `SpecProblemKind`…)
//! and names its error `SourceError<ItsKind>`; the one [`Diagnostic`] impl below draws them
//! all, so no stage writes its own.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceCode};

use super::{Loc, NonEmpty, Site, SourceFile};
use crate::localized::Localized;

/// What a kind of [`SourceError`] says about its place, beyond its message, code and help
/// (which it derives as a [`Diagnostic`]).
pub trait ErrorKind: Diagnostic + Send + Sync + 'static {
    /// The text of the label under the place.
    fn label(&self) -> String;

    /// Other places in the same file the error points at, each with its label (the first
    /// definition of something defined twice, say).
    fn also_at(&self) -> Vec<(Loc, String)> {
        Vec::new()
    }
}

/// A problem in a source file: what it is (`kind`) and where (`site`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceError<K> {
    // Boxed so that a `Result` carrying one stays small whatever the kind holds.
    kind: Box<K>,
    site: Site,
}

impl<K> SourceError<K> {
    /// A problem of kind `kind` at `loc` in `file`.
    pub(crate) fn new(kind: K, file: &SourceFile, loc: Loc) -> SourceError<K> {
        SourceError {
            kind: Box::new(kind),
            site: Site {
                file: file.clone(),
                loc,
            },
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &K {
        &self.kind
    }

    /// Where: the file and the span in it.
    pub fn site(&self) -> &Site {
        &self.site
    }

    /// The span the error is about.
    pub fn loc(&self) -> Loc {
        self.site.loc
    }

    /// The line (from 1) the error is at.
    pub fn line(&self) -> usize {
        self.site.line()
    }
}

impl<K: ErrorKind> SourceError<K> {
    /// Whether it is a warning rather than an error.
    pub fn is_warning(&self) -> bool {
        self.kind.severity() == Some(miette::Severity::Warning)
    }
}

impl<K: fmt::Display> fmt::Display for SourceError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl<K: ErrorKind> std::error::Error for SourceError<K> {}

impl<K: ErrorKind> Diagnostic for SourceError<K> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.help()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.kind.severity()
    }
    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.kind.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.site.file)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.kind.related()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(Some(self.kind.label()), self.site.loc);
        let others = self
            .kind
            .also_at()
            .into_iter()
            .map(|(loc, label)| LabeledSpan::new_with_span(Some(label), loc));
        Some(Box::new(std::iter::once(main).chain(others)))
    }
}

/// An error about a place says itself in the law's language as its kind does.
impl<K: Localized> Localized for SourceError<K> {
    fn vi(&self) -> String {
        self.kind.vi()
    }

    fn vi_help(&self) -> Option<String> {
        self.kind.vi_help()
    }
}

/// Every problem found in one pass over a file: the first is the main diagnostic, the others
/// are its related diagnostics, so one run reports them all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Errors<E>(Box<NonEmpty<E>>);

impl<E> Errors<E> {
    /// The errors `errors`, in the order given.
    pub(crate) fn new(errors: NonEmpty<E>) -> Errors<E> {
        Errors(Box::new(errors))
    }

    /// One error.
    pub(crate) fn one(error: E) -> Errors<E> {
        Errors::new(NonEmpty::singleton(error))
    }

    /// The first error, the one drawn as the main diagnostic.
    pub fn first(&self) -> &E {
        &self.0.first
    }

    /// Every error, in order.
    pub fn iter(&self) -> impl Iterator<Item = &E> {
        self.0.iter()
    }

    /// Number of errors (at least one).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Always false: there is at least one error.
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl<E> IntoIterator for Errors<E> {
    type Item = E;
    type IntoIter = <NonEmpty<E> as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<E: fmt::Display> fmt::Display for Errors<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.first.fmt(f)
    }
}

impl<E: Diagnostic> std::error::Error for Errors<E> {}

impl<E: Diagnostic> Diagnostic for Errors<E> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.first.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.0.first.help()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.0.first.severity()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.0.first.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.0.first.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.0.rest.is_empty() {
            None
        } else {
            Some(Box::new(self.0.rest.iter().map(|e| e as &dyn Diagnostic)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use thiserror::Error;

    #[derive(Debug, Error, Diagnostic)]
    enum ToyKind {
        #[error("`{name}` is defined twice")]
        #[diagnostic(code(xqlaw::toy::twice), help("keep one"))]
        Twice { name: String, first: Loc },
        #[error("`{0}` is old")]
        #[diagnostic(code(xqlaw::toy::old), severity(Warning))]
        Old(String),
        #[error("copies differ")]
        Copies {
            #[related]
            others: Vec<SourceError<ToyKind>>,
        },
    }

    impl ErrorKind for ToyKind {
        fn label(&self) -> String {
            match self {
                ToyKind::Twice { .. } => "second definition".to_owned(),
                ToyKind::Old(_) | ToyKind::Copies { .. } => "here".to_owned(),
            }
        }
        fn also_at(&self) -> Vec<(Loc, String)> {
            match self {
                ToyKind::Twice { first, .. } => vec![(*first, "first one".to_owned())],
                ToyKind::Old(_) | ToyKind::Copies { .. } => Vec::new(),
            }
        }
    }

    fn file() -> SourceFile {
        SourceFile::new("t.rules", "term a\nterm a\n")
    }

    #[test]
    fn the_kind_speaks_and_the_carrier_points() {
        let kind = ToyKind::Twice {
            name: "a".to_owned(),
            first: Loc::new(5, 6),
        };
        let e = SourceError::new(kind, &file(), Loc::new(12, 13));
        assert_eq!(e.to_string(), "`a` is defined twice");
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::toy::twice");
        assert_eq!(e.help().unwrap().to_string(), "keep one");
        assert_eq!(e.line(), 2);
        assert!(!e.is_warning());
        let labels: Vec<LabeledSpan> = e.labels().unwrap().collect();
        assert_eq!(labels.len(), 2);
        assert!(labels[0].primary());
        assert_eq!(labels[0].label(), Some("second definition"));
        assert_eq!(labels[0].offset(), 12);
        assert_eq!(labels[1].label(), Some("first one"));
        assert!(!labels[1].primary());
        let source = e.source_code().unwrap();
        let contents = source.read_span(labels[0].inner(), 0, 0).unwrap();
        assert_eq!(contents.name(), Some("t.rules"));
    }

    #[test]
    fn the_kind_sets_the_severity() {
        let e = SourceError::new(ToyKind::Old("a".to_owned()), &file(), Loc::new(0, 4));
        assert!(e.is_warning());
        assert_eq!(e.severity(), Some(miette::Severity::Warning));
    }

    #[test]
    fn the_kind_relates_its_other_places() {
        let other = SourceFile::new("u.rules", "term b\n");
        let copy = SourceError::new(ToyKind::Old("b".to_owned()), &other, Loc::new(5, 6));
        let kind = ToyKind::Copies { others: vec![copy] };
        let e = SourceError::new(kind, &file(), Loc::new(0, 4));
        let related: Vec<&dyn Diagnostic> = e.related().unwrap().collect();
        assert_eq!(related.len(), 1);
        assert_eq!(related[0].to_string(), "`b` is old");
        let label = related[0].labels().unwrap().next().unwrap();
        let contents = related[0]
            .source_code()
            .unwrap()
            .read_span(label.inner(), 0, 0)
            .unwrap();
        assert_eq!(contents.name(), Some("u.rules"));
        let plain = SourceError::new(ToyKind::Old("a".to_owned()), &file(), Loc::new(0, 4));
        assert!(plain.related().is_none());
    }

    #[test]
    fn errors_draw_the_first_and_relate_the_others() {
        let old = |at| SourceError::new(ToyKind::Old("a".to_owned()), &file(), Loc::new(at, at));
        let one = Errors::one(old(0));
        assert_eq!(one.len(), 1);
        assert!(one.related().is_none());
        let mut all = NonEmpty::singleton(old(0));
        all.push(old(7));
        let two = Errors::new(all);
        assert_eq!(two.to_string(), "`a` is old");
        assert_eq!(two.first().loc(), Loc::new(0, 0));
        assert_eq!(two.related().unwrap().count(), 1);
        assert_eq!(two.iter().count(), 2);
    }
}
