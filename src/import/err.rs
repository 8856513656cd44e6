//! Diagnostics of `xqlaw import`: warnings for misprints, layout oddities and copies that
//! differ; errors for diagrams that cannot be imported and files that cannot be read or
//! written.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::disk::ReadError;
use crate::spec::SpecError;
use crate::words::plural;

/// A source file's text, named for diagnostics.
pub type Src = NamedSource<Arc<str>>;

/// A warning: the diagram imports, but the print needs attention.
#[derive(Debug, Error, Diagnostic)]
pub enum ImportWarning {
    /// A misprint and its correction (recorded as an erratum).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Misprint(Misprint),
    /// Copies of a diagram in several files disagree.
    #[error(transparent)]
    #[diagnostic(transparent)]
    CopiesDiffer(CopiesDiffer),
    /// An article's figure list names a diagram that is not under it.
    #[error(transparent)]
    #[diagnostic(transparent)]
    FigureList(FigureList),
    /// A heading without block or a block without heading.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Layout(Layout),
    /// A hand-kept `basis` quote that the re-imported text no longer contains.
    #[error(transparent)]
    #[diagnostic(transparent)]
    StaleBasis(StaleBasis),
    /// A misprint in the law's words and its correction (recorded as an erratum).
    #[error(transparent)]
    #[diagnostic(transparent)]
    TextMisprint(TextMisprint),
    /// Copies of an item of the law in several files disagree.
    #[error(transparent)]
    #[diagnostic(transparent)]
    TextCopiesDiffer(TextCopiesDiffer),
    /// Paragraphs under an example of Điều 24 that are not the law's text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    NotLaw(NotLaw),
}

/// A misprint in the law's words and the reading used instead.
#[derive(Debug, Error, Diagnostic)]
#[error("{place}: misprint `{printed}`")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::text_misprint),
    help("read `{corrected}`: {reason}{also}")
)]
pub struct TextMisprint {
    place: String,
    printed: String,
    corrected: String,
    reason: String,
    also: String,
    #[source_code]
    src: Src,
    #[label("printed here")]
    span: SourceSpan,
}

impl TextMisprint {
    /// Builds the warning: `place` names the sentence or item (`sentence 23.9:1`), `also`
    /// lists other copies with the same print (`file:line`).
    pub fn new(
        place: String,
        printed: String,
        corrected: String,
        reason: String,
        also: &[String],
        src: Src,
        span: SourceSpan,
    ) -> TextMisprint {
        TextMisprint {
            place,
            printed,
            corrected,
            reason,
            also: also_text(also),
            src,
            span,
        }
    }
}

/// ` (same print in a:1, b:2)`, or nothing.
fn also_text(also: &[String]) -> String {
    if also.is_empty() {
        String::new()
    } else {
        format!(" (same print in {})", also.join(", "))
    }
}

/// Copies of one item of the law that disagree.
#[derive(Debug, Error, Diagnostic)]
#[error("{item}: copies differ")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::text_copies_differ),
    help(
        "kept the copy printed the same in the most files (then the first by file name); the others: {others}"
    )
)]
pub struct TextCopiesDiffer {
    item: String,
    others: String,
    #[source_code]
    src: Src,
    #[label("kept copy")]
    span: SourceSpan,
}

impl TextCopiesDiffer {
    /// Builds the warning; `others` lists the differing copies (`file:line`).
    pub fn new(item: String, others: &[String], src: Src, span: SourceSpan) -> TextCopiesDiffer {
        TextCopiesDiffer {
            item,
            others: others.join(", "),
            src,
            span,
        }
    }
}

/// Paragraphs printed under an example of Điều 24 that are not taken as the law's text.
#[derive(Debug, Error, Diagnostic)]
#[error("Điều {item}: {count} paragraph{plural} not taken as the law's text")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::not_law),
    help(
        "a paragraph under an example is the law's when it stands before the example's first figure, right after a figure, or names one; these do none of that (forum replies, news) and are left out, the first: “{first}”"
    )
)]
pub struct NotLaw {
    item: String,
    count: usize,
    plural: &'static str,
    first: String,
    #[source_code]
    src: Src,
    #[label("from here")]
    span: SourceSpan,
}

impl NotLaw {
    /// Builds the warning: `span` is the first paragraph left out.
    pub fn new(item: String, count: usize, first: String, src: Src, span: SourceSpan) -> NotLaw {
        NotLaw {
            item,
            count,
            plural: plural(count),
            first,
            src,
            span,
        }
    }
}

/// A spec file's `basis` quoted the imported text, and the text imported now no longer
/// contains it: the expectation it supports may be stale.
#[derive(Debug, Error, Diagnostic)]
#[error("{id}: the `basis` of `{rule_set}` no longer appears in the imported text")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::stale_basis),
    help(
        "the commentary or article changed; check `expect` for `{rule_set}` against the new text and quote it again: “{sentence}”"
    )
)]
pub struct StaleBasis {
    id: String,
    rule_set: String,
    sentence: String,
    #[source_code]
    src: Src,
    #[label("quoted from the old text")]
    span: SourceSpan,
}

impl StaleBasis {
    /// Builds the warning: `span` is the quote in the spec file `src`.
    pub fn new(
        id: String,
        rule_set: String,
        sentence: String,
        src: Src,
        span: SourceSpan,
    ) -> StaleBasis {
        StaleBasis {
            id,
            rule_set,
            sentence,
            src,
            span,
        }
    }
}

/// A misprint in a diagram and the reading used instead.
#[derive(Debug, Error, Diagnostic)]
#[error("hình {diagram}, {place}: {what}")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::misprint),
    help("read `{corrected}`: {reason}{also}")
)]
pub struct Misprint {
    diagram: u32,
    place: String,
    what: String,
    corrected: String,
    reason: String,
    also: String,
    #[source_code]
    src: Src,
    #[label("printed here")]
    span: SourceSpan,
}

impl Misprint {
    /// Builds the warning. `also` lists other copies with the same misprint (`file:line`).
    #[expect(clippy::too_many_arguments, reason = "one argument per message part")]
    pub fn new(
        diagram: u32,
        place: String,
        printed: &str,
        corrected: String,
        reason: String,
        also: &[String],
        src: Src,
        span: SourceSpan,
    ) -> Misprint {
        let what = if printed.is_empty() {
            "half-move missing".to_string()
        } else {
            format!("misprint `{printed}`")
        };
        let also = if also.is_empty() {
            String::new()
        } else {
            format!(" (same print in {})", also.join(", "))
        };
        Misprint {
            diagram,
            place,
            what,
            corrected,
            reason,
            also,
            src,
            span,
        }
    }
}

/// Copies of one diagram that disagree.
#[derive(Debug, Error, Diagnostic)]
#[error("hình {diagram}: copies differ in {fields}")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::copies_differ),
    help("kept the copy in `{kept}`: {why}")
)]
pub struct CopiesDiffer {
    diagram: u32,
    fields: String,
    kept: String,
    why: String,
    #[source_code]
    src: Src,
    #[label("kept copy")]
    span: SourceSpan,
    #[related]
    others: Vec<OtherCopy>,
}

impl CopiesDiffer {
    /// Builds the warning; `kept` is `file:line` of the kept copy.
    pub fn new(
        diagram: u32,
        fields: String,
        kept: String,
        why: String,
        src: Src,
        span: SourceSpan,
        others: Vec<OtherCopy>,
    ) -> CopiesDiffer {
        CopiesDiffer {
            diagram,
            fields,
            kept,
            why,
            src,
            span,
            others,
        }
    }
}

/// Another copy of a diagram, shown beside a [`CopiesDiffer`] warning.
#[derive(Debug, Error, Diagnostic)]
#[error("hình {diagram}: this copy differs in {fields}")]
#[diagnostic(severity(Warning))]
pub struct OtherCopy {
    diagram: u32,
    fields: String,
    #[source_code]
    src: Src,
    #[label("not kept")]
    span: SourceSpan,
}

impl OtherCopy {
    /// Builds the note.
    pub fn new(diagram: u32, fields: String, src: Src, span: SourceSpan) -> OtherCopy {
        OtherCopy {
            diagram,
            fields,
            src,
            span,
        }
    }
}

/// An article's figure list that names a diagram not under the article.
#[derive(Debug, Error, Diagnostic)]
#[error("article {article} names figures `{printed}`, but {unknown} is not among its diagrams")]
#[diagnostic(
    severity(Warning),
    code(xqlaw::import::figure_list),
    help("the diagrams under article {article} are {actual}; read `{corrected}`{also}")
)]
pub struct FigureList {
    article: String,
    printed: String,
    unknown: String,
    actual: String,
    corrected: String,
    also: String,
    #[source_code]
    src: Src,
    #[label("figure list")]
    span: SourceSpan,
}

impl FigureList {
    /// Builds the warning.
    #[expect(clippy::too_many_arguments, reason = "one argument per message part")]
    pub fn new(
        article: String,
        printed: String,
        unknown: String,
        actual: String,
        corrected: String,
        also: &[String],
        src: Src,
        span: SourceSpan,
    ) -> FigureList {
        let also = if also.is_empty() {
            String::new()
        } else {
            format!(" (same print in {})", also.join(", "))
        };
        FigureList {
            article,
            printed,
            unknown,
            actual,
            corrected,
            also,
            src,
            span,
        }
    }
}

/// A layout oddity: a diagram heading without block or a block without heading.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(severity(Warning), code(xqlaw::import::layout), help("{help}"))]
pub struct Layout {
    message: String,
    help: String,
    #[source_code]
    src: Src,
    #[label("here")]
    span: SourceSpan,
}

impl Layout {
    /// Builds the warning.
    pub fn new(message: String, help: String, src: Src, span: SourceSpan) -> Layout {
        Layout {
            message,
            help,
            src,
            span,
        }
    }
}

/// An error: a diagram or a file that cannot be imported.
#[derive(Debug, Error, Diagnostic)]
pub enum ImportError {
    /// A move that cannot be read or played, with no fitting correction.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unfixable(Unfixable),
    /// A missing or invalid FEN.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Fen(FenProblem),
    /// A source file that cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Read(ReadError),
    /// A spec file that cannot be read or written.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Spec(SpecError),
    /// A known misprint of the law's words that the print no longer has.
    #[error(transparent)]
    #[diagnostic(transparent)]
    StaleErratum(StaleErratum),
    /// No chapter of the decree in the sources.
    #[error(transparent)]
    #[diagnostic(transparent)]
    NoLaw(NoLaw),
}

/// A known misprint of the law's words whose printed words do not stand once where it says.
#[derive(Debug, Error, Diagnostic)]
#[error("the known misprint `{printed}` of {at} is not in the print")]
#[diagnostic(
    code(xqlaw::import::stale_erratum),
    help(
        "the table of the law's misprints (src/import/law/misprints.rs) says `{printed}` stands once in {at}; the text imported now does not have it there, so the table is out of date"
    )
)]
pub struct StaleErratum {
    at: String,
    printed: String,
}

impl StaleErratum {
    /// Builds the error.
    pub fn new(at: String, printed: String) -> StaleErratum {
        StaleErratum { at, printed }
    }
}

/// Sources in which no chapter of the decree stands.
#[derive(Debug, Error, Diagnostic)]
#[error("no chapter of the decree in {files}")]
#[diagnostic(
    code(xqlaw::import::no_law),
    help(
        "the decree's text starts at a heading in capitals with a roman numeral, `CHƯƠNG V CÁC LUẬT CHI TIẾT`"
    )
)]
pub struct NoLaw {
    files: String,
}

impl NoLaw {
    /// Builds the error; `files` names the sources read.
    pub fn new(files: String) -> NoLaw {
        NoLaw { files }
    }
}

/// A move that cannot be played and that no single correction fixes.
#[derive(Debug, Error, Diagnostic)]
#[error("hình {diagram}, {place}: cannot play `{text}`: {message}")]
#[diagnostic(code(xqlaw::import::unfixable), help("{help}"))]
pub struct Unfixable {
    diagram: u32,
    place: String,
    text: String,
    message: String,
    help: String,
    #[source_code]
    src: Src,
    #[label("this move")]
    span: SourceSpan,
}

impl Unfixable {
    /// Builds the error; `fitting` lists corrections that fit equally well.
    pub fn new(
        diagram: u32,
        place: String,
        text: String,
        message: String,
        fitting: &[String],
        src: Src,
        span: SourceSpan,
    ) -> Unfixable {
        let help = if fitting.is_empty() {
            "no legal move one edit away lets the rest of the moves replay; the diagram is not imported".to_string()
        } else {
            format!(
                "several corrections fit equally well: {}; the diagram is not imported",
                fitting.join("; ")
            )
        };
        Unfixable {
            diagram,
            place,
            text,
            message,
            help,
            src,
            span,
        }
    }
}

/// A diagram whose FEN is missing or invalid.
#[derive(Debug, Error, Diagnostic)]
#[error("hình {diagram}: {message}")]
#[diagnostic(
    code(xqlaw::import::fen),
    help("the block needs a line `FEN <position> w – – – 1`; the diagram is not imported")
)]
pub struct FenProblem {
    diagram: u32,
    message: String,
    #[source_code]
    src: Src,
    #[label("here")]
    span: SourceSpan,
}

impl FenProblem {
    /// Builds the error.
    pub fn new(diagram: u32, message: String, src: Src, span: SourceSpan) -> FenProblem {
        FenProblem {
            diagram,
            message,
            src,
            span,
        }
    }
}
