//! A diagnostic seen through a window: when a line it labels (or a line around one) is longer
//! than [`LONG_LINE`] bytes, the source becomes an excerpt of the labelled lines, each long one
//! cut to a window around its labels with `…` at the cuts, and the labels are moved into the
//! excerpt. Line and column numbers still name the original place. Diagnostics with short
//! lines pass through untouched, so ordinary output does not change.

use std::fmt;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

/// Lines longer than this many bytes are cut around their labels.
pub const LONG_LINE: usize = 1000;

/// Bytes kept before the first label of a cut line.
const BEFORE: usize = 60;

/// Bytes kept after the start of the first label of a cut line (labels reaching further are
/// shortened to the window).
const AFTER: usize = 240;

const ELLIPSIS: &str = "…";

/// Label texts longer than this many characters are shortened.
const LABEL: usize = 200;

/// `labels` with their texts shortened to [`LABEL`] characters.
fn shorten_labels(labels: Vec<LabeledSpan>) -> Vec<LabeledSpan> {
    labels
        .into_iter()
        .map(|mut label| {
            let text = label.label().map(|t| crate::words::shorten(t, LABEL));
            label.set_label(text);
            label
        })
        .collect()
}

/// `inner` with its long source lines elided; related diagnostics likewise.
pub struct Clamped<'a> {
    inner: &'a dyn Diagnostic,
    /// The excerpt, when a labelled line was too long, and the labels moved into it (or
    /// only shortened).
    excerpt: Option<(Option<Excerpt>, Vec<LabeledSpan>)>,
    related: Vec<Clamped<'a>>,
    cause: Option<Box<Clamped<'a>>>,
}

impl<'a> Clamped<'a> {
    /// Wraps `inner`, reading its source once per label to find long lines.
    pub fn new(inner: &'a dyn Diagnostic) -> Clamped<'a> {
        let labels: Vec<LabeledSpan> = inner.labels().map(Iterator::collect).unwrap_or_default();
        let excerpt = inner
            .source_code()
            .and_then(|source| Excerpt::build(source, &labels));
        // Label texts echo the input too (`found `…``): shorten the long ones.
        let excerpt = match excerpt {
            Some((excerpt, labels)) => Some((Some(excerpt), shorten_labels(labels))),
            None if labels
                .iter()
                .any(|l| l.label().is_some_and(|t| t.len() > LABEL)) =>
            {
                Some((None, shorten_labels(labels)))
            }
            None => None,
        };
        Clamped {
            inner,
            excerpt,
            related: inner
                .related()
                .map(|r| r.map(Clamped::new).collect())
                .unwrap_or_default(),
            cause: inner.diagnostic_source().map(|c| Box::new(Clamped::new(c))),
        }
    }
}

impl fmt::Debug for Clamped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Clamped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Clamped<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.inner.source()
    }
}

impl Diagnostic for Clamped<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
    }
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        match &self.excerpt {
            Some((Some(excerpt), _)) => Some(excerpt),
            _ => self.inner.source_code(),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        match &self.excerpt {
            Some((_, labels)) => Some(Box::new(labels.iter().cloned())),
            None => self.inner.labels(),
        }
    }
    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.cause.as_deref().map(|c| c as &dyn Diagnostic)
    }
}

/// The labelled lines of a source, long ones cut, one after the other.
struct Excerpt {
    name: Option<String>,
    text: String,
    lines: Vec<ExcerptLine>,
}

/// Where a line of the excerpt came from.
struct ExcerptLine {
    /// Its 0-based line number in the source.
    number: usize,
    /// The source column of the excerpt line's first byte, minus the `…` before it.
    column: isize,
}

/// A labelled line of the source: its number, the byte offset of its start, its text.
struct SourceLine {
    number: usize,
    start: usize,
    text: Vec<u8>,
    name: Option<String>,
}

impl Excerpt {
    /// The excerpt of `source` for `labels`, or `None` when no line near a label is long.
    fn build(
        source: &dyn SourceCode,
        labels: &[LabeledSpan],
    ) -> Option<(Excerpt, Vec<LabeledSpan>)> {
        let long = labels.iter().any(|label| {
            source.read_span(label.inner(), 1, 1).is_ok_and(|c| {
                c.data()
                    .split(|b| *b == b'\n')
                    .any(|line| line.len() > LONG_LINE)
            })
        });
        if !long {
            return None;
        }
        // The line of each label's start, once per line, in source order.
        let mut lines: Vec<SourceLine> = Vec::new();
        for label in labels {
            let Some(line) = line_of(source, label.offset()) else {
                continue;
            };
            if !lines.iter().any(|l| l.start == line.start) {
                lines.push(line);
            }
        }
        lines.sort_by_key(|l| l.start);
        let mut excerpt = Excerpt {
            name: lines.first().and_then(|l| l.name.clone()),
            text: String::new(),
            lines: Vec::new(),
        };
        let mut windows = Vec::new();
        for line in &lines {
            let on_line: Vec<&LabeledSpan> = labels
                .iter()
                .filter(|l| l.offset() >= line.start && l.offset() <= line.start + line.text.len())
                .collect();
            let window = window(line, &on_line);
            let prefix = if window.start > 0 { ELLIPSIS } else { "" };
            let suffix = if window.end < line.text.len() {
                ELLIPSIS
            } else {
                ""
            };
            if !excerpt.text.is_empty() {
                excerpt.text.push('\n');
            }
            let start = excerpt.text.len();
            excerpt.lines.push(ExcerptLine {
                number: line.number,
                column: isize::try_from(window.start).unwrap_or(isize::MAX)
                    - isize::try_from(prefix.len()).unwrap_or(0),
            });
            excerpt.text.push_str(prefix);
            let body = line.text.get(window.clone()).unwrap_or_default();
            excerpt.text.push_str(&String::from_utf8_lossy(body));
            excerpt.text.push_str(suffix);
            windows.push((line.start, start + prefix.len(), window));
        }
        let moved = labels
            .iter()
            .filter_map(|label| {
                let (line_start, at, window) = windows
                    .iter()
                    .rev()
                    .find(|(line_start, _, _)| *line_start <= label.offset())?;
                let column = label.offset() - line_start;
                let from = column.clamp(window.start, window.end);
                let to = (column + label.len()).clamp(from, window.end);
                let span = SourceSpan::from((at + from - window.start, to - from));
                let text = label.label().map(str::to_owned);
                Some(if label.primary() {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                })
            })
            .collect();
        Some((excerpt, moved))
    }
}

/// The line holding byte `offset` of `source`.
fn line_of(source: &dyn SourceCode, offset: usize) -> Option<SourceLine> {
    let here = source
        .read_span(&SourceSpan::from((offset, 0)), 0, 0)
        .ok()?;
    let start = offset.checked_sub(here.column())?;
    let name = here.name().map(str::to_owned);
    let number = here.line();
    // From the line's start to the end of the line after it (miette stops at a span's end
    // when asked for no context after it).
    let rest = source.read_span(&SourceSpan::from((start, 0)), 0, 1).ok()?;
    let data = rest.data();
    let end = data.iter().position(|b| *b == b'\n').unwrap_or(data.len());
    let mut text = data.get(..end).unwrap_or_default().to_vec();
    if text.last() == Some(&b'\r') {
        text.pop();
    }
    Some(SourceLine {
        number,
        start,
        text,
        name,
    })
}

/// The byte range of `line` kept in the excerpt: all of a short line; around the labels of a
/// long one, on character boundaries.
fn window(line: &SourceLine, labels: &[&LabeledSpan]) -> std::ops::Range<usize> {
    let len = line.text.len();
    if len <= LONG_LINE {
        return 0..len;
    }
    let first = labels
        .iter()
        .map(|l| l.offset() - line.start)
        .min()
        .unwrap_or(0);
    let last = labels
        .iter()
        .map(|l| l.offset() - line.start + l.len())
        .max()
        .unwrap_or(first);
    let start = first.saturating_sub(BEFORE);
    let end = (last + BEFORE).min(first + AFTER).min(len);
    let boundary = |mut at: usize| {
        while at < len && line.text.get(at).is_some_and(|b| b & 0xC0 == 0x80) {
            at += 1;
        }
        at
    };
    boundary(start)..boundary(end.max(start))
}

impl SourceCode for Excerpt {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let first = self
            .lines
            .get(inner.line())
            .ok_or(MietteError::OutOfBounds)?;
        let column = if inner.column() == 0 {
            0
        } else {
            usize::try_from(isize::try_from(inner.column()).unwrap_or(0) + first.column)
                .unwrap_or(0)
        };
        let data = inner.data();
        let contents = match &self.name {
            Some(name) => MietteSpanContents::new_named(
                name.clone(),
                data,
                *inner.span(),
                first.number,
                column,
                inner.line_count(),
            ),
            None => MietteSpanContents::new(
                data,
                *inner.span(),
                first.number,
                column,
                inner.line_count(),
            ),
        };
        Ok(Box::new(contents))
    }
}

#[cfg(test)]
mod tests {
    use miette::{Diagnostic, NamedSource, SourceSpan};

    use crate::report::{plain, render_with};

    #[derive(Debug, thiserror::Error, Diagnostic)]
    #[error("bad token")]
    struct Bad {
        #[source_code]
        src: NamedSource<String>,
        #[label("this one")]
        at: SourceSpan,
    }

    fn bad(text: &str, needle: &str) -> Bad {
        let at = text.find(needle).unwrap_or_default();
        Bad {
            src: NamedSource::new("t.txt", text.to_owned()),
            at: (at, needle.len()).into(),
        }
    }

    #[test]
    fn a_label_far_beyond_column_65535_renders_its_place() {
        let text = format!("first line\n{}BAD tail\nlast\n", "x".repeat(70_000));
        let out = render_with(&bad(&text, "BAD"), &plain());
        assert!(out.contains("[t.txt:2:70001]"), "{out}");
        assert!(out.contains(" │ …xxxx"), "{out}");
        assert!(out.contains("xxxxBAD tail\n"), "{out}");
        assert!(out.contains("this one"), "{out}");
        assert!(out.len() < 2_000, "{} bytes", out.len());
    }

    #[test]
    fn a_long_line_is_cut_on_character_boundaries() {
        let text = format!("{}BAD{}", "é".repeat(40_000), "ü".repeat(40_000));
        let out = render_with(&bad(&text, "BAD"), &plain());
        assert!(out.contains("[t.txt:1:80001]"), "{out}");
        assert!(out.contains("éBADü"), "{out}");
        assert!(!out.contains('\u{FFFD}'), "{out}");
    }

    #[test]
    fn short_lines_render_as_miette_draws_them() {
        let text = "one\ntwo BAD three\n";
        let ours = render_with(&bad(text, "BAD"), &plain());
        let mut theirs = String::new();
        plain()
            .render_report(&mut theirs, &bad(text, "BAD"))
            .unwrap_or_default();
        assert_eq!(ours, theirs);
    }
}
