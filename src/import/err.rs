//! Diagnostics of `xqlaw import`: warnings for misprints, layout oddities and copies that
//! differ; errors for diagrams that cannot be imported and files that cannot be read or
//! written.
//!
//! As in every stage, a problem at a place is a kind, which owns its message, code, help and
//! label, carried with its file and span by the one carrier of such errors ([`SourceError`]).
//! The kinds are made by the constructors below, so nothing in the import formats a message.

use miette::Diagnostic;
use thiserror::Error;

use crate::disk::ReadError;
use crate::source::{ErrorKind, SourceError};
use crate::spec::SpecError;
use crate::words::plural;

/// A warning: the diagram imports, but the print needs attention; at its place in a source
/// file (or, for a stale `basis`, in a spec file).
pub type ImportWarning = SourceError<ImportWarningKind>;

/// What a warning of the import says.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum ImportWarningKind {
    /// A misprint in a diagram and the reading used instead.
    #[error("hình {diagram}, {place}: {what}")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::misprint),
        help("read `{corrected}`: {reason}{also}")
    )]
    Misprint {
        /// The diagram.
        diagram: u32,
        /// The move (`move 3 for red`).
        place: String,
        /// `misprint `X`` or `half-move missing`.
        what: String,
        /// The reading used.
        corrected: String,
        /// Why.
        reason: String,
        /// ` (same print in a:1, b:2)`, or nothing.
        also: String,
    },
    /// Copies of one diagram that disagree.
    #[error("hình {diagram}: copies differ in {fields}")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::copies_differ),
        help("kept the copy in `{kept}`: {why}")
    )]
    CopiesDiffer {
        /// The diagram.
        diagram: u32,
        /// The fields that differ.
        fields: String,
        /// `file:line` of the copy kept.
        kept: String,
        /// Why it was kept.
        why: String,
        /// The other copies, each at its place ([`ImportWarningKind::OtherCopy`]).
        #[related]
        others: Vec<ImportWarning>,
    },
    /// Another copy of a diagram, shown beside a [`ImportWarningKind::CopiesDiffer`].
    #[error("hình {diagram}: this copy differs in {fields}")]
    #[diagnostic(severity(Warning))]
    OtherCopy {
        /// The diagram.
        diagram: u32,
        /// The fields that differ.
        fields: String,
    },
    /// An article's figure list that names a diagram not under the article.
    #[error("article {article} names figures `{printed}`, but {unknown} is not among its diagrams")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::figure_list),
        help("the diagrams under article {article} are {actual}; read `{corrected}`{also}")
    )]
    FigureList {
        /// The article.
        article: String,
        /// The list as printed.
        printed: String,
        /// The numbers not under the article.
        unknown: String,
        /// The numbers under it.
        actual: String,
        /// The list as it should read.
        corrected: String,
        /// ` (same print in a:1, b:2)`, or nothing.
        also: String,
    },
    /// A layout oddity: a diagram heading without block or a block without heading.
    #[error("{message}")]
    #[diagnostic(severity(Warning), code(xqlaw::import::layout), help("{help}"))]
    Layout {
        /// What is odd.
        message: String,
        /// What the import does about it.
        help: String,
    },
    /// A spec file's `basis` quoted the imported text, and the text imported now no longer
    /// contains it: the expectation it supports may be stale.
    #[error("{id}: the `basis` of `{rule_set}` no longer appears in the imported text")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::stale_basis),
        help(
            "the commentary or article changed; check `expect` for `{rule_set}` against the new text and quote it again: “{sentence}”"
        )
    )]
    StaleBasis {
        /// The spec file's id.
        id: String,
        /// The rule set whose basis it is.
        rule_set: String,
        /// The sentence quoted.
        sentence: String,
    },
    /// A misprint in the law's words and the reading used instead.
    #[error("{place}: misprint `{printed}`")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::text_misprint),
        help("read `{corrected}`: {reason}{also}")
    )]
    TextMisprint {
        /// The sentence or item (`sentence 23.9:1`).
        place: String,
        /// The words printed.
        printed: String,
        /// The words read.
        corrected: String,
        /// Why.
        reason: String,
        /// ` (same print in a:1, b:2)`, or nothing.
        also: String,
    },
    /// Copies of one item of the law that disagree.
    #[error("{item}: copies differ")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::text_copies_differ),
        help(
            "kept the copy printed the same in the most files (then the first by file name); the others: {others}"
        )
    )]
    TextCopiesDiffer {
        /// The item (`Điều 24`).
        item: String,
        /// The differing copies (`file:line`).
        others: String,
    },
    /// Paragraphs printed under an example of Điều 24 that are not taken as the law's text.
    #[error("Điều {item}: {count} paragraph{plural} not taken as the law's text")]
    #[diagnostic(
        severity(Warning),
        code(xqlaw::import::not_law),
        help(
            "a paragraph under an example is the law's when it stands before the example's first figure, right after a figure, or names one; these do none of that (forum replies, news) and are left out, the first: “{first}”"
        )
    )]
    NotLaw {
        /// The item.
        item: String,
        /// How many paragraphs are left out.
        count: usize,
        /// The plural ending of `count`.
        plural: &'static str,
        /// The first paragraph, shortened.
        first: String,
    },
}

impl ErrorKind for ImportWarningKind {
    fn label(&self) -> String {
        match self {
            ImportWarningKind::Misprint { .. } | ImportWarningKind::TextMisprint { .. } => {
                "printed here"
            }
            ImportWarningKind::CopiesDiffer { .. } | ImportWarningKind::TextCopiesDiffer { .. } => {
                "kept copy"
            }
            ImportWarningKind::OtherCopy { .. } => "not kept",
            ImportWarningKind::FigureList { .. } => "figure list",
            ImportWarningKind::Layout { .. } => "here",
            ImportWarningKind::StaleBasis { .. } => "quoted from the old text",
            ImportWarningKind::NotLaw { .. } => "from here",
        }
        .to_owned()
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

impl ImportWarningKind {
    /// A misprint in hình `diagram` at `place`: `printed` (empty for a missing half-move) read
    /// as `corrected`; `also` lists other copies with the same print (`file:line`).
    pub(crate) fn misprint(
        diagram: u32,
        place: String,
        printed: &str,
        corrected: String,
        reason: String,
        also: &[String],
    ) -> ImportWarningKind {
        let what = if printed.is_empty() {
            "half-move missing".to_string()
        } else {
            format!("misprint `{printed}`")
        };
        ImportWarningKind::Misprint {
            diagram,
            place,
            what,
            corrected,
            reason,
            also: also_text(also),
        }
    }

    /// An article's figure list; `also` lists other copies with the same print.
    pub(crate) fn figure_list(
        article: String,
        printed: String,
        unknown: String,
        actual: String,
        corrected: String,
        also: &[String],
    ) -> ImportWarningKind {
        ImportWarningKind::FigureList {
            article,
            printed,
            unknown,
            actual,
            corrected,
            also: also_text(also),
        }
    }

    /// A misprint in the law's words: `place` names the sentence or item
    /// (`sentence 23.9:1`), `also` lists other copies with the same print (`file:line`).
    pub(crate) fn text_misprint(
        place: String,
        printed: String,
        corrected: String,
        reason: String,
        also: &[String],
    ) -> ImportWarningKind {
        ImportWarningKind::TextMisprint {
            place,
            printed,
            corrected,
            reason,
            also: also_text(also),
        }
    }

    /// Copies of `item` differ; `others` lists the differing copies (`file:line`).
    pub(crate) fn text_copies_differ(item: String, others: &[String]) -> ImportWarningKind {
        ImportWarningKind::TextCopiesDiffer {
            item,
            others: others.join(", "),
        }
    }

    /// `count` paragraphs of `item` left out, the first being `first`.
    pub(crate) fn not_law(item: String, count: usize, first: String) -> ImportWarningKind {
        ImportWarningKind::NotLaw {
            item,
            count,
            plural: plural(count),
            first,
        }
    }
}

/// An error: a diagram or a file that cannot be imported.
#[derive(Debug, Error, Diagnostic)]
pub enum ImportError {
    /// A diagram that cannot be imported, at its place in a source file.
    #[error(transparent)]
    #[diagnostic(transparent)]
    At(SourceError<ImportErrorKind>),
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

/// Why a diagram cannot be imported, for [`ImportError::At`].
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum ImportErrorKind {
    /// A move that cannot be played and that no single correction fixes.
    #[error("hình {diagram}, {place}: cannot play `{text}`: {message}")]
    #[diagnostic(code(xqlaw::import::unfixable), help("{help}"))]
    Unfixable {
        /// The diagram.
        diagram: u32,
        /// The move (`move 3 for red`).
        place: String,
        /// The move as printed.
        text: String,
        /// Why it cannot be played.
        message: String,
        /// The corrections that fit equally well, or that none does.
        help: String,
    },
    /// A diagram whose FEN is missing or invalid.
    #[error("hình {diagram}: {message}")]
    #[diagnostic(
        code(xqlaw::import::fen),
        help("the block needs a line `FEN <position> w – – – 1`; the diagram is not imported")
    )]
    Fen {
        /// The diagram.
        diagram: u32,
        /// What is wrong with its FEN.
        message: String,
    },
}

impl ErrorKind for ImportErrorKind {
    fn label(&self) -> String {
        match self {
            ImportErrorKind::Unfixable { .. } => "this move",
            ImportErrorKind::Fen { .. } => "here",
        }
        .to_owned()
    }
}

impl ImportErrorKind {
    /// A move of hình `diagram` that cannot be played; `fitting` lists corrections that fit
    /// equally well.
    pub(crate) fn unfixable(
        diagram: u32,
        place: String,
        text: String,
        message: String,
        fitting: &[String],
    ) -> ImportErrorKind {
        let help = if fitting.is_empty() {
            "no legal move one edit away lets the rest of the moves replay; the diagram is not imported".to_string()
        } else {
            format!(
                "several corrections fit equally well: {}; the diagram is not imported",
                fitting.join("; ")
            )
        };
        ImportErrorKind::Unfixable {
            diagram,
            place,
            text,
            message,
            help,
        }
    }
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
