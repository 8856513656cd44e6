//! Errors of reading move text: unreadable text, no such piece (or several), illegal move; and
//! the error of a whole line of moves.
//!
//! Every error keeps the text it was given and the legal moves "that would have fit", written
//! in the same notation, and shows them as help.

use std::fmt;
use std::ops::Range;

use miette::{Diagnostic, LabeledSpan, SourceCode};

use super::Notation;
use crate::xiangqi::words::Said;
use crate::xiangqi::{Color, Move, Square};

/// Why a move text does not give a legal move in a position.
///
/// The variants keep three questions apart: can the text be read at all
/// ([`Unreadable`]), does it name exactly one of the mover's pieces ([`NoSuchPiece`],
/// [`Ambiguous`]), and is the move it describes legal ([`Illegal`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Diagnostic)]
pub enum MoveTextError {
    /// The text is not written in the notation.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(Unreadable),
    /// No piece of the side to move fits the text.
    #[error(transparent)]
    #[diagnostic(transparent)]
    NoSuchPiece(NoSuchPiece),
    /// Several pieces fit the text and each could make the move.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Ambiguous(Ambiguous),
    /// The text designates a piece, but the move is not legal.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Illegal(Illegal),
}

impl MoveTextError {
    fn context(&self) -> &Context {
        match self {
            MoveTextError::Unreadable(e) => &e.context,
            MoveTextError::NoSuchPiece(e) => &e.context,
            MoveTextError::Ambiguous(e) => &e.context,
            MoveTextError::Illegal(e) => &e.context,
        }
    }

    /// The text that was read.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.context().text
    }

    /// The notation it was read in.
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.context().notation
    }

    /// Legal moves that would have fit, written in the same notation; possibly empty.
    #[must_use]
    pub fn fits(&self) -> &[String] {
        &self.context().fits
    }

    /// The message in the law's language, Vietnamese (the `Display` is English, and says
    /// what is missing or why the move is illegal).
    #[must_use]
    pub fn vi(&self) -> String {
        let text = self.text();
        match self {
            MoveTextError::Unreadable(e) => format!(
                "không đọc được `{text}` là một nước đi theo ký hiệu {}",
                e.context.notation.name_vi()
            ),
            MoveTextError::NoSuchPiece(e) => {
                format!("không quân nào ứng với `{text}`: {}", e.what.vi())
            }
            MoveTextError::Ambiguous(e) => format!(
                "`{text}` có thể là nước của các quân ở {}",
                quoted_list(&e.squares, "và")
            ),
            MoveTextError::Illegal(e) => {
                format!("`{text}` không phải nước đi hợp lệ: {}", e.reason.vi())
            }
        }
    }

    /// The help in the law's language, Vietnamese (the English is the `help` of the
    /// diagnostic): the moves that would fit, in the same notation.
    #[must_use]
    pub fn vi_help(&self) -> Option<String> {
        let context = self.context();
        let fits = || quoted_list(&context.fits, "hoặc");
        match self {
            MoveTextError::Unreadable(_) => {
                let shape = context.notation.shape_vi();
                Some(if context.fits.is_empty() {
                    shape.to_owned()
                } else {
                    format!("có phải {}? {shape}", fits())
                })
            }
            MoveTextError::NoSuchPiece(_) => {
                (!context.fits.is_empty()).then(|| format!("các nước có thể đúng ý: {}", fits()))
            }
            MoveTextError::Ambiguous(_) => Some(format!("hãy viết {}", fits())),
            MoveTextError::Illegal(_) => Some(if context.fits.is_empty() {
                "quân này không có nước đi hợp lệ nào".to_owned()
            } else {
                format!("các nước hợp lệ có thể đúng ý: {}", fits())
            }),
        }
    }
}

/// What every move text error carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Context {
    pub text: String,
    pub notation: Notation,
    /// The part of `text` to underline.
    pub span: Range<usize>,
    /// Legal moves that would have fit, in `notation`.
    pub fits: Vec<String>,
}

impl Context {
    fn label(&self, label: String) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(label),
            self.span.clone(),
        ))))
    }

    /// "`a`, `b` or `c`".
    fn fits_list(&self) -> String {
        quoted_list(&self.fits, "or")
    }
}

/// "`a`, `b` or `c`", with `last` as the final conjunction.
fn quoted_list<T: fmt::Display>(items: &[T], last: &str) -> String {
    crate::xiangqi::words::list(&crate::xiangqi::words::quoted(items), last)
}

/// The text is not written in the notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read `{}` as a move in {}", context.text, context.notation.name())]
pub struct Unreadable {
    context: Context,
    expected: String,
}

impl Unreadable {
    pub(crate) fn new(context: Context, expected: String) -> Unreadable {
        Unreadable { context, expected }
    }

    /// What was expected where reading stopped, e.g. "a direction: `.`, `/` or `-`".
    #[must_use]
    pub fn expected(&self) -> &str {
        &self.expected
    }
}

impl Diagnostic for Unreadable {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.context.text)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.context.label(format!("expected {}", self.expected))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        let shape = self.context.notation.shape();
        Some(Box::new(if self.context.fits.is_empty() {
            shape.to_owned()
        } else {
            format!("did you mean {}? {shape}", self.context.fits_list())
        }))
    }
}

/// No piece of the side to move fits the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no piece fits `{}`: {what}", context.text)]
pub struct NoSuchPiece {
    context: Context,
    what: Said,
}

impl NoSuchPiece {
    pub(crate) fn new(context: Context, what: Said) -> NoSuchPiece {
        NoSuchPiece { context, what }
    }

    /// What is missing, e.g. "no red rook stands on file 2" (in Vietnamese too: "không có Xe
    /// Trắng nào ở cột 2").
    #[must_use]
    pub fn what(&self) -> &Said {
        &self.what
    }
}

impl Diagnostic for NoSuchPiece {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.context.text)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.context.label("no such piece".to_owned())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        if self.context.fits.is_empty() {
            None
        } else {
            Some(Box::new(format!(
                "moves that would fit: {}",
                self.context.fits_list()
            )))
        }
    }
}

/// Several pieces fit the text and each could make the move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{}` could be played by the pieces on {}", context.text, quoted_list(squares, "and"))]
pub struct Ambiguous {
    context: Context,
    squares: Vec<Square>,
}

impl Ambiguous {
    pub(crate) fn new(context: Context, squares: Vec<Square>) -> Ambiguous {
        Ambiguous { context, squares }
    }

    /// The squares of the pieces that could make the move.
    #[must_use]
    pub fn squares(&self) -> &[Square] {
        &self.squares
    }
}

impl Diagnostic for Ambiguous {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.context.text)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.context.label("which one?".to_owned())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(format!(
            "write {} instead",
            self.context.fits_list()
        )))
    }
}

/// The text designates a piece, but the move it describes is not legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{}` is not a legal move: {reason}", context.text)]
pub struct Illegal {
    context: Context,
    moves: Vec<Move>,
    reason: Said,
}

impl Illegal {
    pub(crate) fn new(context: Context, moves: Vec<Move>, reason: Said) -> Illegal {
        Illegal {
            context,
            moves,
            reason,
        }
    }

    /// The moves the text describes (one per piece it could designate), when the described
    /// motion leads to a square on the board.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Why the move is not legal, e.g. "the horse's leg on b1 is blocked" (in Vietnamese too:
    /// "chân Mã ở b1 bị cản").
    #[must_use]
    pub fn reason(&self) -> &Said {
        &self.reason
    }
}

impl Diagnostic for Illegal {
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.context.text)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.context.label("not legal here".to_owned())
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(if self.context.fits.is_empty() {
            "this piece has no legal move".to_owned()
        } else {
            format!("legal moves that would fit: {}", self.context.fits_list())
        }))
    }
}

/// The name of a notation is not one of `iccs`, `wxf`, `vi`, `zh`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Diagnostic)]
#[error("unknown notation `{name}`")]
#[diagnostic(help("use one of `iccs`, `wxf`, `vi` (Vietnamese) or `zh` (Chinese)"))]
pub struct UnknownNotation {
    name: String,
}

impl UnknownNotation {
    pub(crate) fn new(name: String) -> UnknownNotation {
        UnknownNotation { name }
    }

    /// The name that was given.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The message in the law's language, Vietnamese (the `Display` is English).
    #[must_use]
    pub fn vi(&self) -> String {
        format!("không có ký hiệu `{}`", self.name)
    }
}

/// A move of a line could not be played: which one, by whom, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct LineError {
    ply: usize,
    color: Color,
    error: Box<MoveTextError>,
}

impl LineError {
    pub(crate) fn new(ply: usize, color: Color, error: MoveTextError) -> LineError {
        LineError {
            ply,
            color,
            error: Box::new(error),
        }
    }

    /// The index of the failing text in the line, from 0.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The full move number: plies 0 and 1 are move 1, plies 2 and 3 move 2, and so on.
    #[must_use]
    pub fn move_number(&self) -> usize {
        self.ply / 2 + 1
    }

    /// The side whose move it was.
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// The text of the move.
    #[must_use]
    pub fn text(&self) -> &str {
        self.error.text()
    }

    /// Why the move could not be played.
    #[must_use]
    pub fn error(&self) -> &MoveTextError {
        &self.error
    }

    /// Legal moves that would have fit, in the line's notation.
    #[must_use]
    pub fn fits(&self) -> &[String] {
        self.error.fits()
    }

    /// The message in the law's language, Vietnamese (the `Display` is English): `nước 2
    /// của Đen: …`.
    #[must_use]
    pub fn vi(&self) -> String {
        format!(
            "nước {} của {}: {}",
            self.move_number(),
            self.color.name_vi(),
            self.error.vi()
        )
    }

    /// The help in the law's language, Vietnamese ([`MoveTextError::vi_help`]).
    #[must_use]
    pub fn vi_help(&self) -> Option<String> {
        self.error.vi_help()
    }

    /// The side's name as the notation's players call it: Trắng/Đen in Vietnamese.
    fn side(&self) -> &'static str {
        match self.error.notation() {
            Notation::Vietnamese => self.color.name_vi(),
            _ => self.color.name(),
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} for {}: {}",
            self.move_number(),
            self.side(),
            self.error
        )
    }
}

impl Diagnostic for LineError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.error.help()
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.error.source_code()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.error.labels()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context(fits: &[&str]) -> Context {
        Context {
            text: "X2,1".to_owned(),
            notation: Notation::Vietnamese,
            span: 2..3,
            fits: fits.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn lists() {
        assert_eq!(quoted_list(&["a"], "or"), "`a`");
        assert_eq!(quoted_list(&["a", "b", "c"], "or"), "`a`, `b` or `c`");
        assert_eq!(quoted_list::<&str>(&[], "or"), "");
    }

    #[test]
    fn unreadable_message_label_and_help() {
        let e = MoveTextError::Unreadable(Unreadable::new(
            context(&["X2.1"]),
            "a direction".to_owned(),
        ));
        assert_eq!(e.to_string(), "cannot read `X2,1` as a move in Vietnamese");
        let help = e.help().map(|h| h.to_string()).unwrap_or_default();
        assert!(help.starts_with("did you mean `X2.1`?"), "{help}");
        let labels: Vec<LabeledSpan> = e.labels().into_iter().flatten().collect();
        assert_eq!(labels.len(), 1);
        assert_eq!(
            labels.first().and_then(LabeledSpan::label),
            Some("expected a direction")
        );
        assert_eq!(e.fits(), ["X2.1"]);
    }

    #[test]
    fn an_error_says_itself_in_the_laws_language_too() {
        let e = MoveTextError::Illegal(Illegal::new(
            context(&[]),
            Vec::new(),
            Said::new("a pawn never retreats", "Tốt không bao giờ đi lùi"),
        ));
        let line = LineError::new(3, Color::Black, e);
        assert_eq!(
            line.vi(),
            "nước 2 của Đen: `X2,1` không phải nước đi hợp lệ: Tốt không bao giờ đi lùi"
        );
        assert_eq!(
            line.vi_help().as_deref(),
            Some("quân này không có nước đi hợp lệ nào")
        );
        let e = MoveTextError::NoSuchPiece(NoSuchPiece::new(
            context(&["X1.1", "X9.1"]),
            Said::new(
                "no red rook stands on file 2",
                "không có Xe Trắng nào ở cột 2",
            ),
        ));
        assert_eq!(
            e.vi(),
            "không quân nào ứng với `X2,1`: không có Xe Trắng nào ở cột 2"
        );
        assert_eq!(
            e.vi_help().as_deref(),
            Some("các nước có thể đúng ý: `X1.1` hoặc `X9.1`")
        );
        let e =
            MoveTextError::Unreadable(Unreadable::new(context(&["X2.1"]), "a direction".into()));
        assert_eq!(
            e.vi_help().as_deref(),
            Some(
                "có phải `X2.1`? nước đi theo ký hiệu tiếng Việt gồm quân, cột, hướng (`.`, `/`, `-`) và số, như `P2-5` hoặc `Xt.2`"
            )
        );
        let e = MoveTextError::Ambiguous(Ambiguous::new(
            context(&[]),
            vec![Square::new(0, 0).unwrap(), Square::new(8, 0).unwrap()],
        ));
        assert_eq!(e.vi(), "`X2,1` có thể là nước của các quân ở `a0` và `i0`");
        assert_eq!(
            UnknownNotation::new("x".into()).vi(),
            "không có ký hiệu `x`"
        );
    }

    #[test]
    fn line_error_names_move_and_side() {
        let e = MoveTextError::Illegal(Illegal::new(
            context(&[]),
            Vec::new(),
            Said::new("a pawn never retreats", "Tốt không bao giờ đi lùi"),
        ));
        let line = LineError::new(3, Color::Black, e);
        assert_eq!(line.move_number(), 2);
        assert_eq!(
            line.to_string(),
            "move 2 for Đen: `X2,1` is not a legal move: a pawn never retreats"
        );
        assert_eq!(
            line.help().map(|h| h.to_string()).as_deref(),
            Some("this piece has no legal move")
        );
    }
}
