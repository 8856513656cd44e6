//! Reading and writing FEN.
//!
//! A xiangqi FEN lists the ranks from Black's back rank (rank 9) down to Red's (rank 0),
//! separated by `/`; digits count empty points. Both letter sets are read: `R N B A K C P` and
//! WXF `R H E A K C P`, uppercase for Red. The side to move follows: `w` or `r` for Red, `b` for
//! Black (Red when missing). Up to four further fields are read and ignored: two dashes (`-`
//! or the law's `–`), then the two move counters (digits or a dash), as in `- - 0 1` or the
//! law's `– – – 1`. Anything else after the side to move is an error.

use std::ops::Range;

use miette::{LabeledSpan, SourceSpan};

use super::{
    piece::{Color, Piece},
    position::Position,
    setup::{PositionError, Setup},
    square::Square,
};

/// What is wrong with a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// There is no board field.
    Empty,
    /// The board does not have 10 ranks.
    RankCount,
    /// A rank does not describe exactly 9 points.
    RankLength,
    /// A character in the board is neither a piece letter nor a digit 1–9.
    UnknownChar,
    /// The side-to-move field is not `w`, `r` or `b`.
    BadSide,
    /// A field after the side to move is not a dash or a counter, or there are too many.
    Trailing,
    /// The text is well formed but the position breaks a placement rule.
    Position(PositionError),
}

/// A FEN that cannot be read or does not describe a legal position.
///
/// Rendered with miette, it shows the FEN with the offending character, rank or piece
/// underlined. Further broken placement rules are attached as related errors.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error(transparent)]
#[diagnostic(transparent)]
pub struct FenError(Box<FenErrorInner>);

#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
struct FenErrorInner {
    kind: FenErrorKind,
    message: String,
    /// The message in the law's language.
    vi: String,
    #[help]
    help: Option<String>,
    /// The help in the law's language.
    vi_help: String,
    #[source_code]
    fen: String,
    #[label(collection)]
    labels: Vec<LabeledSpan>,
    #[related]
    related: Vec<FenError>,
}

impl FenError {
    fn new(
        fen: &str,
        kind: FenErrorKind,
        [message, vi]: [String; 2],
        [help, vi_help]: [&str; 2],
    ) -> FenError {
        FenError(Box::new(FenErrorInner {
            kind,
            message,
            vi,
            help: Some(help.to_owned()),
            vi_help: vi_help.to_owned(),
            fen: fen.to_owned(),
            labels: Vec::new(),
            related: Vec::new(),
        }))
    }

    fn label(mut self, span: Range<usize>, text: impl Into<String>) -> FenError {
        let span = SourceSpan::from(span.start..span.end);
        self.0
            .labels
            .push(LabeledSpan::new_with_span(Some(text.into()), span));
        self
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> FenErrorKind {
        self.0.kind
    }

    /// The message in the law's language, Vietnamese (the `Display` is English): `bàn cờ có
    /// 9 hàng thay vì 10`.
    #[must_use]
    pub fn vi(&self) -> String {
        self.0.vi.clone()
    }

    /// The help in the law's language, Vietnamese: how a FEN is written, or the placement
    /// rule broken.
    #[must_use]
    pub fn vi_help(&self) -> String {
        self.0.vi_help.clone()
    }

    /// Further errors found in the same FEN (placement rules only).
    #[must_use]
    pub fn related(&self) -> &[FenError] {
        &self.0.related
    }
}

const PIECE_HELP: [&str; 2] = [
    "pieces are R N B A K C P (or WXF R H E A K C P), uppercase for red and lowercase for black; digits 1-9 count empty points",
    "các quân là R N B A K C P (hoặc theo WXF R H E A K C P), chữ hoa cho Trắng, chữ thường cho Đen; chữ số 1-9 đếm các điểm trống",
];

/// A FEN read into a setup, with the byte range of each piece letter.
struct Parsed {
    setup: Setup,
    spans: [Option<(usize, usize)>; 90],
    board: Range<usize>,
}

/// Splits on whitespace, keeping byte offsets.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, text.get(s..i).unwrap_or_default()));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, text.get(s..).unwrap_or_default()));
    }
    out
}

fn parse(fen: &str) -> Result<Parsed, FenError> {
    let fields = fields(fen);
    let Some(&(board_start, board)) = fields.first() else {
        return Err(FenError::new(
            fen,
            FenErrorKind::Empty,
            ["the fen is empty".to_owned(), "FEN trống".to_owned()],
            [
                "a fen starts with the ten ranks of the board, black's back rank first, separated by `/`",
                "FEN bắt đầu bằng mười hàng của bàn cờ, hàng cuối của Đen trước, cách nhau bởi `/`",
            ],
        )
        .label(0..fen.len(), "nothing here"));
    };
    let board_span = board_start..board_start + board.len();
    let ranks: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut start = board_start;
        for part in board.split('/') {
            v.push((start, part));
            start += part.len() + 1;
        }
        v
    };
    if ranks.len() != 10 {
        return Err(FenError::new(
            fen,
            FenErrorKind::RankCount,
            [
                format!("the board has {} ranks instead of 10", ranks.len()),
                format!("bàn cờ có {} hàng thay vì 10", ranks.len()),
            ],
            [
                "list the ten ranks from black's back rank to red's, separated by `/`",
                "liệt kê mười hàng từ hàng cuối của Đen đến hàng cuối của Trắng, cách nhau bởi `/`",
            ],
        )
        .label(board_span, format!("{} ranks", ranks.len())));
    }
    let mut setup = Setup::empty();
    let mut spans = [None; 90];
    for (rank, &(start, text)) in (0u8..10).rev().zip(&ranks) {
        let mut file: u32 = 0;
        for (i, c) in text.char_indices() {
            let at = start + i;
            if let Some(d) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d;
            } else if let Some(piece) = Piece::from_char(c) {
                if let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::new(f, rank)) {
                    setup.set(sq, Some(piece));
                    if let Some(slot) = spans.get_mut(sq.index()) {
                        *slot = Some((at, at + c.len_utf8()));
                    }
                }
                file += 1;
            } else {
                return Err(FenError::new(
                    fen,
                    FenErrorKind::UnknownChar,
                    [
                        format!("`{c}` is not a piece letter"),
                        format!("`{c}` không phải chữ của quân nào"),
                    ],
                    PIECE_HELP,
                )
                .label(at..at + c.len_utf8(), "unknown piece"));
            }
        }
        if file != 9 {
            return Err(FenError::new(
                fen,
                FenErrorKind::RankLength,
                [
                    format!("rank {rank} has {file} points instead of 9"),
                    format!("hàng {rank} có {file} điểm thay vì 9"),
                ],
                [
                    "each rank describes 9 points: piece letters and digits counting empty points must add up to 9",
                    "mỗi hàng tả 9 điểm: chữ của các quân và chữ số đếm điểm trống phải cộng lại đủ 9",
                ],
            )
            .label(start..start + text.len(), format!("{file} points")));
        }
    }
    if let Some(&(at, side)) = fields.get(1) {
        setup.turn = match side {
            "w" | "r" | "W" | "R" => Color::Red,
            "b" | "B" => Color::Black,
            _ => {
                return Err(FenError::new(
                    fen,
                    FenErrorKind::BadSide,
                    {
                        let side = crate::xiangqi::words::shorten(side, 20);
                        [
                            format!("`{side}` is not a side to move"),
                            format!("`{side}` không phải bên đi"),
                        ]
                    },
                    [
                        "after the board comes the side to move: `w` or `r` for red, `b` for black",
                        "sau bàn cờ là bên đi: `w` hoặc `r` cho Trắng, `b` cho Đen",
                    ],
                )
                .label(at..at + side.len(), "expected `w`, `r` or `b`"));
            }
        };
    }
    trailing_fields(fen, fields.get(2..).unwrap_or_default())?;
    Ok(Parsed {
        setup,
        spans,
        board: board_span,
    })
}

/// Checks the fields after the side to move: at most four, two dashes then two counters.
fn trailing_fields(fen: &str, fields: &[(usize, &str)]) -> Result<(), FenError> {
    let dash = |t: &str| matches!(t, "-" | "–" | "—");
    let counter = |t: &str| dash(t) || (t.len() <= 6 && t.bytes().all(|b| b.is_ascii_digit()));
    for (i, &(at, text)) in fields.iter().enumerate() {
        let (fits, expected) = match i {
            0 | 1 => (dash(text), "a dash (`-`)"),
            2 => (counter(text), "the half-move counter (digits or `-`)"),
            3 => (counter(text), "the move number (digits or `-`)"),
            _ => (false, "nothing more"),
        };
        if !fits {
            let end = fields.last().map_or(at + text.len(), |(a, t)| a + t.len());
            let span = if i >= 4 { at..end } else { at..at + text.len() };
            return Err(FenError::new(
                fen,
                FenErrorKind::Trailing,
                {
                    let extra = crate::xiangqi::words::shorten(fen.get(span.clone()).unwrap_or(text), 20);
                    [
                        format!("`{extra}` after the side to move is not a FEN field"),
                        format!("`{extra}` sau bên đi không phải một trường của FEN"),
                    ]
                },
                [
                    "after the side to move a FEN may have four fields, `- - 0 1` (or the law's `– – – 1`); remove the rest",
                    "sau bên đi, FEN có thể có bốn trường, `- - 0 1` (hoặc `– – – 1` như luật viết); xóa phần còn lại",
                ],
            )
            .label(span, format!("expected {expected}")));
        }
    }
    Ok(())
}

fn position_error(fen: &str, parsed: &Parsed, e: PositionError) -> FenError {
    let help = miette::Diagnostic::help(&e)
        .map(|h| h.to_string())
        .unwrap_or_default();
    let mut err = FenError::new(
        fen,
        FenErrorKind::Position(e),
        [e.to_string(), e.vi()],
        [&help, e.vi_help()],
    );
    let labels = e.labels();
    if labels.is_empty() {
        err = err.label(parsed.board.clone(), "in this board");
    }
    for (sq, text) in labels {
        let span = parsed
            .spans
            .get(sq.index())
            .copied()
            .flatten()
            .map_or(parsed.board.clone(), |(a, b)| a..b);
        err = err.label(span, text);
    }
    err
}

impl Setup {
    /// Reads a FEN without checking the placement rules.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        parse(fen).map(|p| p.setup)
    }
}

impl Position {
    /// Reads a FEN and checks the placement rules.
    ///
    /// ```
    /// use xqlaw::Position;
    /// let p = Position::from_fen("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1").unwrap();
    /// assert!(Position::from_fen("rnbakabnr/9 w").is_err());
    /// # let _ = p;
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let parsed = parse(fen)?;
        // `from_setup` checks the placement rules; only a broken one asks for them all.
        let broken = match Position::from_setup(parsed.setup) {
            Ok(pos) => return Ok(pos),
            Err(broken) => broken,
        };
        let mut errors = parsed
            .setup
            .validate()
            .into_iter()
            .map(|e| position_error(fen, &parsed, e));
        let mut first = errors
            .next()
            .unwrap_or_else(|| position_error(fen, &parsed, broken));
        first.0.related = errors.collect();
        Err(first)
    }

    /// The FEN with the common letter set `R N B A K C P`, e.g.
    /// `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
    #[must_use]
    pub fn to_fen(&self) -> String {
        self.write_fen(Piece::fen_char)
    }

    /// The FEN with the WXF letter set `R H E A K C P`.
    #[must_use]
    pub fn to_fen_wxf(&self) -> String {
        self.write_fen(Piece::wxf_char)
    }

    fn write_fen(&self, letter: fn(Piece) -> char) -> String {
        let mut out = String::with_capacity(64);
        for rank in (0..10u8).rev() {
            let mut empty = 0u8;
            for file in 0..9u8 {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(letter(p));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(match self.turn() {
            Color::Red => " w",
            Color::Black => " b",
        });
        out.push_str(" - - 0 1");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::position::START_FEN;

    fn underlined(e: &FenError) -> Vec<&str> {
        e.0.labels
            .iter()
            .map(|l| &e.0.fen[l.offset()..l.offset() + l.len()])
            .collect()
    }

    fn err(fen: &str) -> FenError {
        Position::from_fen(fen).unwrap_err()
    }

    #[test]
    fn start_round_trip() {
        let p = Position::from_fen(START_FEN).unwrap();
        assert_eq!(p, Position::startpos());
        assert_eq!(p.to_fen(), START_FEN);
        assert_eq!(
            p.to_fen_wxf(),
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
        );
        assert_eq!(Position::from_fen(&p.to_fen_wxf()).unwrap(), p);
    }

    #[test]
    fn tolerant_fields() {
        let law = Position::from_fen("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1").unwrap();
        assert_eq!(
            law.to_fen(),
            "c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1"
        );
        let p =
            Position::from_fen("  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR  ")
                .unwrap();
        assert_eq!(p.turn(), Color::Red);
        let b = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
            .unwrap();
        assert_eq!(b.turn(), Color::Black);
        let r =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - -")
                .unwrap();
        assert_eq!(r, p);
    }

    #[test]
    fn junk_after_the_fields_is_an_error() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        for ok in ["", " - - 0 1", " – – – 1", " - -", " - - 12"] {
            assert!(Position::from_fen(&format!("{start}{ok}")).is_ok(), "{ok}");
        }
        let e = err(&format!("{start} - - 0 1 junk more"));
        assert_eq!(e.kind(), FenErrorKind::Trailing);
        assert_eq!(underlined(&e), ["junk more"]);
        let e = err(&format!("{start} x"));
        assert_eq!(e.kind(), FenErrorKind::Trailing);
        assert_eq!(underlined(&e), ["x"]);
        let e = err(&format!("{start} - - 0 {}", "9".repeat(5000)));
        assert_eq!(e.kind(), FenErrorKind::Trailing);
        assert!(e.to_string().len() < 100, "{e}");
    }

    #[test]
    fn syntax_errors() {
        let e = err("");
        assert_eq!(e.to_string(), "the fen is empty");
        assert_eq!(e.kind(), FenErrorKind::Empty);

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w");
        assert_eq!(e.to_string(), "the board has 6 ranks instead of 10");
        assert_eq!(underlined(&e), ["rnbakabnr/9/1c5c1/p1p1p1p1p/9/9"]);
        assert!(e.0.help.as_deref().unwrap().contains("ten ranks"));

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C6c1/9/RNBAKABNR w");
        assert_eq!(e.to_string(), "rank 2 has 10 points instead of 9");
        assert_eq!(underlined(&e), ["1C6c1"]);
        assert!(e.0.help.as_deref().unwrap().contains("add up to 9"));

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w");
        assert_eq!(e.to_string(), "rank 0 has 10 points instead of 9");
        assert_eq!(e.kind(), FenErrorKind::RankLength);

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5X1/9/RNBAKABNR w");
        assert_eq!(e.to_string(), "`X` is not a piece letter");
        assert_eq!(underlined(&e), ["X"]);
        assert!(e.0.help.as_deref().unwrap().contains("R H E A K C P"));

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5–1/9/RNBAKABNR w");
        assert_eq!(underlined(&e), ["–"]);

        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x - - 0 1");
        assert_eq!(e.to_string(), "`x` is not a side to move");
        assert_eq!(underlined(&e), ["x"]);
        assert!(e.0.help.as_deref().unwrap().contains("`b` for black"));
        assert_eq!(
            e.vi_help(),
            "sau bàn cờ là bên đi: `w` hoặc `r` cho Trắng, `b` cho Đen"
        );
    }

    #[test]
    fn help_in_the_laws_language() {
        let e = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9 w");
        assert!(
            e.vi_help().starts_with("liệt kê mười hàng"),
            "{}",
            e.vi_help()
        );
        // A placement rule's help is the rule's own.
        let e = err("4k4/9/9/9/9/9/9/9/9/9 w");
        assert_eq!(e.vi(), "Trắng không có Tướng");
        assert_eq!(e.vi_help(), "mỗi bên có đúng một Tướng, ở trong cung");
    }

    #[test]
    fn placement_errors() {
        let cases: &[(&str, &str, &[&str], &str)] = &[
            (
                "4k4/9/9/9/9/9/9/9/9/9 w",
                "red has no king",
                &["4k4/9/9/9/9/9/9/9/9/9"],
                "exactly one king",
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/4KK3 w",
                "too many red kings",
                &["K"],
                "at most 1 king",
            ),
            (
                "4k4/9/9/9/9/9/4K4/9/9/9 w",
                "red king on `e3` is outside its palace",
                &["K"],
                "never leaves",
            ),
            (
                "4ka3/9/9/9/9/9/9/9/9/A3K4 w",
                "red advisor on `a0` is off the advisor points",
                &["A"],
                "palace corners",
            ),
            (
                "4k4/9/9/9/9/9/9/9/4B4/4K4 w",
                "red elephant on `e1` is off the elephant points",
                &["B"],
                "seven points",
            ),
            (
                "4k4/9/9/9/2E6/9/9/9/9/4K4 w",
                "red elephant on `c5` is off the elephant points",
                &["E"],
                "own side",
            ),
            (
                "4k4/9/9/9/9/9/9/4P4/9/4K4 w",
                "red pawn on `e2` is behind its starting rank",
                &["P"],
                "never move backwards",
            ),
            (
                "4k4/p8/9/9/9/9/9/9/9/4K4 w",
                "black pawn on `a8` is behind its starting rank",
                &["p"],
                "rank 6 or lower",
            ),
            (
                "4k4/9/9/9/9/9/1P7/9/9/4K4 w",
                "red pawn on `b3` has not crossed the river but is off the pawn files",
                &["P"],
                "sideways",
            ),
            (
                "4k4/9/9/9/9/9/9/9/9/4K4 w",
                "black king is in check but it is red's turn",
                &["k", "K"],
                "flying general",
            ),
            (
                "4k4/4R4/9/9/9/9/9/9/9/3K5 w",
                "black king is in check but it is red's turn",
                &["k", "R"],
                "left its own king in check",
            ),
        ];
        for &(fen, message, labels, help) in cases {
            let e = err(fen);
            assert_eq!(e.to_string(), message, "{fen}");
            if !labels.is_empty() {
                assert_eq!(underlined(&e), labels, "{fen}");
            }
            assert!(
                e.0.help.as_deref().unwrap().contains(help),
                "{fen}: {:?}",
                e.0.help
            );
        }
        // The advisor on d9 is fine; the kings facing each other are the error.
        let e = err("3ak4/9/9/9/9/9/9/9/9/4K4 w");
        assert_eq!(e.to_string(), "black king is in check but it is red's turn");
        assert!(Position::from_fen("3ak4/9/9/9/9/9/9/9/9/3K5 w").is_ok());
        let e = err("4k4/9/9/9/9/9/9/9/9/4KRRR1 w");
        assert_eq!(e.to_string(), "too many red rooks");
        assert_eq!(underlined(&e), ["R"]);
        assert_eq!(
            &e.0.fen[e.0.labels[0].offset() - 2..e.0.labels[0].offset() + 1],
            "RRR"
        );
        // Several broken rules: all reported.
        let e = err("4k4/9/9/9/9/9/1P7/4P4/9/3K5 w");
        assert_eq!(e.related().len(), 1);
    }

    #[test]
    fn never_panics_on_garbage() {
        for fen in [
            "/////////",
            "9/9/9/9/9/9/9/9/9/9/9",
            "99",
            "k",
            " ",
            "\u{0}",
            "0/0",
            "é/é",
        ] {
            assert!(Position::from_fen(fen).is_err(), "{fen}");
        }
    }

    proptest::proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,80}") {
            let _ = Position::from_fen(&s);
        }

        #[test]
        fn random_boards_never_panic(s in "([rnbakcpRNBAKCPHEhe1-9]{0,10}/){9}[rnbakcpRNBAKCP1-9]{0,10}( [wbr-])?") {
            if let Ok(p) = Position::from_fen(&s) {
                proptest::prop_assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), p);
            }
        }
    }
}
