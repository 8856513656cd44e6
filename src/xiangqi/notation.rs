//! Move text in four notations: ICCS (`h2e2`), WXF (`C2=5`), Vietnamese as the law prints it
//! (`P2-5`) and Chinese (`炮二平五`).
//!
//! Reading is always done in a position: the text designates one of the side to move's
//! pieces, the motion gives the destination, and the move must be legal. The three ways this
//! can fail are kept apart in [`MoveTextError`]. Writing gives the conventional text, checked
//! to read back as the same move.
//!
//! WXF, Vietnamese and Chinese share one descriptive model ([`descriptor`]); its documentation
//! says how files are counted and how identical pieces on one file are told apart.
//!
//! ```
//! use xqlaw::Position;
//! use xqlaw::notation::{parse_move, write_move, Notation};
//!
//! let pos = Position::startpos();
//! let m = parse_move(&pos, "P2-5", Notation::Vietnamese).unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(write_move(&pos, m, Notation::Wxf), "C2=5");
//! assert_eq!(write_move(&pos, m, Notation::Chinese), "炮二平五");
//! ```

pub mod descriptor;
mod err;

mod chinese;
mod cursor;
mod iccs;
mod illegality;
mod vietnamese;
mod wxf;

use std::fmt;
use std::str::FromStr;

use self::descriptor::{Descriptor, Direction, Parsed, SyntaxError, Unresolved};
use self::err::Context;
pub use self::err::{
    Ambiguous, Illegal, LineError, MoveTextError, NoSuchPiece, UnknownNotation, Unreadable,
};
use crate::xiangqi::words::{Said, edit_distance};
use crate::xiangqi::{Move, Position, Role, Square};

/// At most this many moves are suggested in an error.
const MAX_FITS: usize = 8;

/// A move notation.
///
/// Its text form is the short name used on the command line: `iccs`, `wxf`, `vi`, `zh`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// From and to squares, `h2e2`.
    Iccs,
    /// WXF letters and digits, `C2=5`.
    Wxf,
    /// Vietnamese letters as the law prints them, `P2-5`.
    Vietnamese,
    /// Chinese characters, `炮二平五`.
    Chinese,
}

impl Notation {
    /// All notations.
    pub const ALL: [Notation; 4] = [
        Notation::Iccs,
        Notation::Wxf,
        Notation::Vietnamese,
        Notation::Chinese,
    ];

    /// The short name: `iccs`, `wxf`, `vi`, `zh`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Wxf => "wxf",
            Notation::Vietnamese => "vi",
            Notation::Chinese => "zh",
        }
    }

    /// The name used in messages: `ICCS`, `WXF`, `Vietnamese`, `Chinese`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Vietnamese => "Vietnamese",
            Notation::Chinese => "Chinese",
        }
    }

    /// The name the law's readers call it by: `ICCS`, `WXF`, `tiếng Việt` (the law's own),
    /// `chữ Hán`.
    #[must_use]
    pub const fn name_vi(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Vietnamese => "tiếng Việt",
            Notation::Chinese => "chữ Hán",
        }
    }

    /// [`Notation::shape`] in the law's language.
    #[must_use]
    pub const fn shape_vi(self) -> &'static str {
        match self {
            Notation::Iccs => "nước đi ICCS gồm hai ô, ô đi và ô đến, như `h2e2`",
            Notation::Wxf => {
                "nước đi WXF gồm quân, cột, hướng (`+`, `-`, `=`) và số, như `C2=5` hoặc `+R+1`"
            }
            Notation::Vietnamese => {
                "nước đi theo ký hiệu tiếng Việt gồm quân, cột, hướng (`.`, `/`, `-`) và số, như `P2-5` hoặc `Xt.2`"
            }
            Notation::Chinese => {
                "nước đi theo chữ Hán gồm quân, cột, hướng (进, 退, 平) và số, như `炮二平五` hoặc `前车进二`"
            }
        }
    }

    /// One sentence describing how a move is written, for help texts.
    #[must_use]
    pub const fn shape(self) -> &'static str {
        match self {
            Notation::Iccs => "an ICCS move is two squares, from and to, as in `h2e2`",
            Notation::Wxf => {
                "a WXF move is piece, file, direction (`+`, `-`, `=`) and number, as in `C2=5` or `+R+1`"
            }
            Notation::Vietnamese => {
                "a Vietnamese move is piece, file, direction (`.`, `/`, `-`) and number, as in `P2-5` or `Xt.2`"
            }
            Notation::Chinese => {
                "a Chinese move is piece, file, direction (进, 退, 平) and number, as in `炮二平五` or `前车进二`"
            }
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Notation {
    type Err = UnknownNotation;

    /// Reads `iccs`, `wxf`, `vi` or `zh`, ignoring case; `vietnamese` and `chinese` too.
    fn from_str(s: &str) -> Result<Notation, UnknownNotation> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" => Ok(Notation::Iccs),
            "wxf" => Ok(Notation::Wxf),
            "vi" | "vietnamese" => Ok(Notation::Vietnamese),
            "zh" | "chinese" => Ok(Notation::Chinese),
            _ => Err(UnknownNotation::new(s.to_owned())),
        }
    }
}

/// Reads a move text in a position.
///
/// Whitespace around and inside the text is ignored.
///
/// # Errors
///
/// [`MoveTextError::Unreadable`] when the text is not written in `notation`,
/// [`MoveTextError::NoSuchPiece`] or [`MoveTextError::Ambiguous`] when it does not name exactly
/// one piece of the side to move that can make the move, [`MoveTextError::Illegal`] when the
/// move it describes is not legal. Every error lists legal moves that would have fit.
///
/// ```
/// use xqlaw::Position;
/// use xqlaw::notation::{parse_move, MoveTextError, Notation};
///
/// let pos = Position::startpos();
/// let err = parse_move(&pos, "M2.5", Notation::Vietnamese).unwrap_err();
/// assert!(matches!(err, MoveTextError::Illegal(_)));
/// assert_eq!(err.fits().len(), 2); // `M2.1` and `M2.3`
/// ```
pub fn parse_move(pos: &Position, text: &str, notation: Notation) -> Result<Move, MoveTextError> {
    // Full-width letters, digits and signs (`Ｐ２．５`, typed with a CJK input method) read as
    // their ASCII forms, except in Chinese, whose Black moves are written with full-width digits.
    let ascii: String;
    let text = if notation != Notation::Chinese && text.chars().any(is_full_width) {
        ascii = text.chars().map(to_ascii).collect();
        ascii.as_str()
    } else {
        text
    };
    match notation {
        Notation::Iccs => parse_iccs(pos, text),
        _ => parse_descriptive(pos, text, notation),
    }
}

/// Whether `c` is the full-width form of an ASCII character (U+FF01 to U+FF5E).
fn is_full_width(c: char) -> bool {
    ('\u{ff01}'..='\u{ff5e}').contains(&c)
}

/// The ASCII form of a full-width character; any other character as it is.
fn to_ascii(c: char) -> char {
    if is_full_width(c) {
        char::from_u32(u32::from(c) - 0xfee0).unwrap_or(c)
    } else {
        c
    }
}

/// Writes a move in a notation, in its conventional form.
///
/// For a legal move the text reads back as the same move with [`parse_move`]. Identical pieces
/// on one file are written as described in [`descriptor`]: WXF `+R=4`, Vietnamese `Xt-4`,
/// Chinese `前车平四`.
///
/// An illegal move of the side to move is written so that it does not read as another move
/// (it reads as an error). A move that cannot be described in a descriptive notation (no piece
/// on its square, a motion no piece makes) is written in ICCS. A move of the side not to move
/// is written from that side's point of view, as it would be read after a pass.
#[must_use]
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    if notation == Notation::Iccs {
        return iccs::write(m);
    }
    let color = pos.piece_at(m.from).map_or(pos.turn(), |p| p.color);
    let texts: Vec<String> = descriptor::describe(pos, m)
        .iter()
        .map(|d| render(d, notation, color))
        .collect();
    let reads: Vec<Option<Move>> = texts.iter().map(|t| read(pos, t, notation)).collect();
    let exact = texts.iter().zip(&reads).find(|(_, r)| **r == Some(m));
    // An illegal move gets a text that reads as no move at all, never as another move.
    let harmless = || texts.iter().zip(&reads).find(|(_, r)| r.is_none());
    exact
        .or_else(harmless)
        .map_or_else(|| iccs::write(m), |(t, _)| t.clone())
}

/// Reads a line of moves from `start`, one text per ply.
///
/// # Errors
///
/// The first text that is not a legal move, with its move number and side.
///
/// ```
/// use xqlaw::Position;
/// use xqlaw::notation::{parse_line, Notation};
///
/// let pos = Position::startpos();
/// let moves = parse_line(&pos, &["炮二平五", "马８进７"], Notation::Chinese).unwrap();
/// assert_eq!(moves.len(), 2);
/// let err = parse_line(&pos, &["P2-5", "M8.7", "P5.3"], Notation::Vietnamese).unwrap_err();
/// assert_eq!(err.move_number(), 2);
/// ```
pub fn parse_line(
    start: &Position,
    texts: &[&str],
    notation: Notation,
) -> Result<Vec<Move>, LineError> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for (ply, text) in texts.iter().enumerate() {
        let m = parse_move(&pos, text, notation).map_err(|e| LineError::new(ply, pos.turn(), e))?;
        // INVARIANT: `parse_move` only returns legal moves.
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// Reads a line of moves written as one text, as [`move_texts`] splits it (`"h2e2 h9g7"`,
/// `"P2-5 M8.7"`, `"炮二平五 马８进７"`, `"1. X2.1 Tg6.1, 2. X2/1"`).
pub fn parse_text(
    start: &Position,
    text: &str,
    notation: Notation,
) -> Result<Vec<Move>, LineError> {
    parse_line(start, &move_texts(text), notation)
}

/// The moves of a line as people copy it from the law or a score sheet: split at blanks and
/// commas (`,` `;` and their full-width forms, `、`), with the move numbers left out (`1.`,
/// `12...`, `１．`). Full-width digits inside a move are read by the move readers themselves.
///
/// ```
/// use xqlaw::notation::move_texts;
/// assert_eq!(move_texts("1. X2.1 Tg6.1, 2. X2/1"), ["X2.1", "Tg6.1", "X2/1"]);
/// assert_eq!(move_texts("h2e2,h9g7"), ["h2e2", "h9g7"]);
/// assert_eq!(move_texts("１． 炮二平五　马８进７"), ["炮二平五", "马８进７"]);
/// ```
pub fn move_texts(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '，' | '；' | '、'))
        .filter(|t| !t.is_empty() && !is_move_number(t))
        .collect()
}

/// Whether a word is a move number: digits followed by dots (`1.`, `12...`, `１．`).
fn is_move_number(word: &str) -> bool {
    let digits = word.trim_end_matches(['.', '．', '…']);
    !digits.is_empty()
        && digits.len() < word.len()
        && digits
            .chars()
            .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
}

/// The notation a line of moves is written in, when none is given: the law's (Vietnamese) if
/// it reads the whole line, else the first that does, trying first the one the first move
/// looks like ([`detect`]); else that one (whose error is then the one reported).
pub fn guess(start: &Position, texts: &[&str]) -> Notation {
    let first = texts
        .first()
        .and_then(|t| detect(t))
        .unwrap_or(Notation::Iccs);
    [Notation::Vietnamese, first]
        .into_iter()
        .chain(Notation::ALL)
        .find(|&n| parse_line(start, texts, n).is_ok())
        .unwrap_or(first)
}

/// The notations other than `used` in which `texts` are a legal line of other moves than in
/// `used` (`P2.1 P7.6` is a cannon's line in the law's notation and a pawn's in WXF): the
/// verdict then depends on the notation, and a command says so. Empty when `texts` do not
/// read in `used`.
///
/// ```
/// use xqlaw::notation::{Notation, other_readings};
/// use xqlaw::Position;
/// let start = Position::from_fen("9/4k1c2/7C1/9/7P1/9/9/9/6p2/3K5 w").unwrap();
/// let texts = ["P2.1", "P7.6"];
/// assert_eq!(other_readings(&start, &texts, Notation::Vietnamese), [Notation::Wxf]);
/// assert!(other_readings(&start, &["h7h8"], Notation::Iccs).is_empty());
/// ```
#[must_use]
pub fn other_readings(start: &Position, texts: &[&str], used: Notation) -> Vec<Notation> {
    let Ok(read) = parse_line(start, texts, used) else {
        return Vec::new();
    };
    Notation::ALL
        .into_iter()
        .filter(|&n| n != used)
        .filter(|&n| parse_line(start, texts, n).is_ok_and(|moves| moves != read))
        .collect()
}

/// Writes a line of legal moves from `start`, one text per move. A move that is not legal
/// where it stands ends the line.
#[must_use]
pub fn write_line(start: &Position, moves: &[Move], notation: Notation) -> Vec<String> {
    let mut pos = *start;
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        if !pos.is_legal(m) {
            break;
        }
        texts.push(write_move(&pos, m, notation));
        pos.play_unchecked(m);
    }
    texts
}

/// Guesses the notation of a move text, without a position.
///
/// Chinese characters mean Chinese; two squares mean ICCS; letters only WXF or only Vietnamese
/// uses (`K A E H R C N`; `X M T S Tg`, `/`) decide between those two. Texts that read in both
/// (`P2.5`: a WXF pawn or a Vietnamese cannon) are decided by which reading makes sense as a
/// move (a pawn never retreats, an elephant only reaches odd files, ...), and give `None` when
/// both do.
#[must_use]
pub fn detect(text: &str) -> Option<Notation> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if !text.is_ascii() {
        return chinese::parse(text).is_ok().then_some(Notation::Chinese);
    }
    if iccs::parse(text).is_ok() {
        return Some(Notation::Iccs);
    }
    let wxf = wxf::parse(text).is_ok_and(|p| plausible(&p.descriptor));
    let vi = vietnamese::parse(text).is_ok_and(|p| plausible(&p.descriptor));
    match (wxf, vi) {
        (true, false) => Some(Notation::Wxf),
        (false, true) => Some(Notation::Vietnamese),
        _ => None,
    }
}

/// Whether some piece on some board could make the described move.
fn plausible(d: &Descriptor) -> bool {
    let n = d.number;
    match (d.role, d.direction) {
        (Role::Pawn, Direction::Retreat) => false,
        (Role::Advisor | Role::Elephant | Role::Horse, Direction::Traverse) => false,
        (Role::Advisor, _) => (4..=6).contains(&n),
        (Role::Elephant, _) => n % 2 == 1,
        (Role::King, Direction::Traverse) => (4..=6).contains(&n),
        (Role::King, _) | (Role::Pawn, Direction::Advance) => n == 1,
        _ => true,
    }
}

/// Reads the descriptor syntax of a descriptive notation.
fn syntax(text: &str, notation: Notation) -> Result<Parsed, SyntaxError> {
    match notation {
        Notation::Wxf => wxf::parse(text),
        Notation::Vietnamese => vietnamese::parse(text),
        Notation::Chinese | Notation::Iccs => chinese::parse(text),
    }
}

/// Writes a descriptor in a descriptive notation; `color` is the mover.
fn render(d: &Descriptor, notation: Notation, color: crate::xiangqi::Color) -> String {
    match notation {
        Notation::Wxf => wxf::write(d),
        Notation::Vietnamese => vietnamese::write(d),
        Notation::Chinese | Notation::Iccs => chinese::write(d, color),
    }
}

/// Reads a text to a legal move, without building an error.
fn read(pos: &Position, text: &str, notation: Notation) -> Option<Move> {
    match notation {
        Notation::Iccs => iccs::parse(text).ok().filter(|&m| pos.is_legal(m)),
        _ => descriptor::resolve(pos, &syntax(text, notation).ok()?.descriptor).ok(),
    }
}

fn parse_iccs(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let m = iccs::parse(text).map_err(|e| unreadable(pos, text, Notation::Iccs, e))?;
    if pos.is_legal(m) {
        return Ok(m);
    }
    let whole = 0..text.len();
    let color = pos.turn();
    match pos.piece_at(m.from) {
        Some(piece) if piece.color == color => {
            let context = context(pos, text, Notation::Iccs, whole, &[m.from]);
            Err(MoveTextError::Illegal(Illegal::new(
                context,
                vec![m],
                illegality::why(pos, m),
            )))
        }
        other => {
            let what = match other {
                Some(piece) => Said::new(
                    format!(
                        "the {} on {} is {}'s, and it is {color}'s turn",
                        piece.role.name(),
                        m.from,
                        piece.color
                    ),
                    format!(
                        "{} ở {} là của {}, mà đến lượt {} đi",
                        piece.role.name_vi(),
                        m.from,
                        piece.color.name_vi(),
                        color.name_vi()
                    ),
                ),
                None => illegality::empty_square(m.from),
            };
            let context = context(pos, text, Notation::Iccs, whole, &[]);
            Err(MoveTextError::NoSuchPiece(NoSuchPiece::new(context, what)))
        }
    }
}

fn parse_descriptive(
    pos: &Position,
    text: &str,
    notation: Notation,
) -> Result<Move, MoveTextError> {
    let parsed = syntax(text, notation).map_err(|e| unreadable(pos, text, notation, e))?;
    let d = parsed.descriptor;
    descriptor::resolve(pos, &d).map_err(|unresolved| match unresolved {
        Unresolved::NoSuchPiece { what } => {
            let same_role: Vec<Square> = pos
                .pieces()
                .filter(|(_, p)| p.color == pos.turn() && p.role == d.role)
                .map(|(sq, _)| sq)
                .collect();
            let context = context(pos, text, notation, parsed.piece_span, &same_role);
            MoveTextError::NoSuchPiece(NoSuchPiece::new(context, what))
        }
        Unresolved::Ambiguous { moves } => {
            let fits = moves
                .iter()
                .map(|&m| write_move(pos, m, notation))
                .collect();
            let context = Context {
                text: text.to_owned(),
                notation,
                span: parsed.piece_span,
                fits,
            };
            let squares = moves.iter().map(|m| m.from).collect();
            MoveTextError::Ambiguous(Ambiguous::new(context, squares))
        }
        Unresolved::Illegal {
            pieces,
            moves,
            reason,
        } => {
            let span =
                parsed.piece_span.start.min(parsed.motion_span.start)..parsed.motion_span.end;
            let context = context(pos, text, notation, span, &pieces);
            MoveTextError::Illegal(Illegal::new(context, moves, reason))
        }
    })
}

fn unreadable(pos: &Position, text: &str, notation: Notation, e: SyntaxError) -> MoveTextError {
    let context = context(pos, text, notation, e.span, &[]);
    MoveTextError::Unreadable(Unreadable::new(context, e.expected))
}

/// The error context: the legal moves whose text is one edit away from `text`, then the legal
/// moves of the pieces on `pieces`.
fn context(
    pos: &Position,
    text: &str,
    notation: Notation,
    span: std::ops::Range<usize>,
    pieces: &[Square],
) -> Context {
    let wanted = normalize(text);
    let written: Vec<(Move, String)> = pos
        .legal_moves()
        .iter()
        .map(|&m| (m, write_move(pos, m, notation)))
        .collect();
    let near = written
        .iter()
        .filter(|(_, t)| edit_distance(&normalize(t), &wanted) <= 1);
    let same_piece = written.iter().filter(|(m, _)| pieces.contains(&m.from));
    let mut fits: Vec<String> = Vec::new();
    for (_, t) in near.chain(same_piece) {
        if !fits.contains(t) && fits.len() < MAX_FITS {
            fits.push(t.clone());
        }
    }
    Context {
        text: text.to_owned(),
        notation,
        span,
        fits,
    }
}

/// The text without blanks, lowercase, with full-width digits made ASCII.
fn normalize(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            '０'..='９' => {
                char::from_u32(u32::from(c) - u32::from('０') + u32::from('0')).unwrap_or(c)
            }
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{mv, pos};
    use crate::xiangqi::Color;
    use miette::Diagnostic;

    fn help(e: &MoveTextError) -> String {
        e.help().map(|h| h.to_string()).unwrap_or_default()
    }

    /// The underlined part of the text.
    fn underlined(e: &MoveTextError) -> Vec<String> {
        e.labels()
            .into_iter()
            .flatten()
            .map(|l| {
                e.text()
                    .get(l.offset()..l.offset() + l.len())
                    .unwrap_or("")
                    .to_owned()
            })
            .collect()
    }

    /// Every notation reads and writes `iccs` as `texts`.
    fn check(p: &Position, iccs: &str, texts: [&str; 3]) {
        let m = mv(iccs);
        for (n, text) in [Notation::Wxf, Notation::Vietnamese, Notation::Chinese]
            .into_iter()
            .zip(texts)
        {
            assert_eq!(parse_move(p, text, n), Ok(m), "{n} {text}");
            assert_eq!(write_move(p, m, n), text, "{n} {iccs}");
        }
        assert_eq!(parse_move(p, iccs, Notation::Iccs), Ok(m));
        assert_eq!(write_move(p, m, Notation::Iccs), iccs);
    }

    #[test]
    fn notation_names() {
        for n in Notation::ALL {
            assert_eq!(n.to_string().parse::<Notation>(), Ok(n));
        }
        assert_eq!("VI".parse::<Notation>(), Ok(Notation::Vietnamese));
        let e = "xx".parse::<Notation>().unwrap_err();
        assert_eq!(e.to_string(), "unknown notation `xx`");
    }

    #[test]
    fn every_piece_kind_from_the_start() {
        let p = Position::startpos();
        check(&p, "h2e2", ["C2=5", "P2-5", "炮二平五"]);
        check(&p, "b0c2", ["H8+7", "M8.7", "马八进七"]);
        check(&p, "a0a2", ["R9+2", "X9.2", "车九进二"]);
        check(&p, "c0e2", ["E7+5", "T7.5", "相七进五"]);
        check(&p, "f0e1", ["A4+5", "S4.5", "仕四进五"]);
        check(&p, "e0e1", ["K5+1", "Tg5.1", "帅五进一"]);
        check(&p, "c3c4", ["P7+1", "B7.1", "兵七进一"]);
        let p = p.play(mv("h2e2")).unwrap();
        check(&p, "b9c7", ["H2+3", "M2.3", "马２进３"]);
        check(&p, "h9g7", ["H8+7", "M8.7", "马８进７"]);
        check(&p, "b7e7", ["C2=5", "P2-5", "炮２平５"]);
        check(&p, "c9e7", ["E3+5", "T3.5", "象３进５"]);
        check(&p, "d9e8", ["A4+5", "S4.5", "士４进５"]);
        check(&p, "e9e8", ["K5+1", "Tg5.1", "将５进１"]);
        check(&p, "g6g5", ["P7+1", "B7.1", "卒７进１"]);
        check(&p, "a9a7", ["R1+2", "X1.2", "车１进２"]);
    }

    #[test]
    fn retreats_and_diagonal_retreats() {
        // Red: king d0, advisor e1, horse e3, rook a5.
        let p = pos("4k4/9/9/9/R8/9/4H4/9/4A4/3K5 w - - 0 1");
        check(&p, "a5a1", ["R9-4", "X9/4", "车九退四"]);
        check(&p, "e3d1", ["H5-6", "M5/6", "马五退六"]);
        check(&p, "e1f0", ["A5-4", "S5/4", "仕五退四"]);
        check(&p, "d0e0", ["K6=5", "Tg6-5", "帅六平五"]);
    }

    #[test]
    fn front_and_rear() {
        let p = pos("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1");
        check(&p, "e3a3", ["+R=9", "Xt-9", "前车平九"]);
        check(&p, "e1e2", ["-R+1", "Xs.1", "后车进一"]);
        assert_eq!(parse_move(&p, "R+=9", Notation::Wxf), Ok(mv("e3a3")));
        // Black's front is the lower rank.
        let p = pos("3k5/9/4c4/9/4c4/9/9/9/9/5K3 b - - 0 1");
        check(&p, "e5e4", ["+C+1", "Pt.1", "前炮进１"]);
        check(&p, "e7d7", ["-C=4", "Ps-4", "后炮平４"]);
    }

    #[test]
    fn three_pawns_and_tandem_files() {
        // Red pawns on e6, e5, e4 and on c5, c4.
        let p = pos("3k5/9/9/4P4/2P1P4/2P1P4/9/9/9/5K3 w - - 0 1");
        check(&p, "e6e7", ["+P5+1", "Bt5.1", "前兵五进一"]);
        check(&p, "e5d5", ["=P5=6", "Bg5-6", "中兵五平六"]);
        check(&p, "c5c6", ["+P7+1", "Bt7.1", "前兵七进一"]);
        // The short Chinese form names no piece.
        assert_eq!(
            parse_move(&p, "前七进一", Notation::Chinese),
            Ok(mv("c5c6"))
        );
        // Without the file, the front pawn is ambiguous.
        let e = parse_move(&p, "+P+1", Notation::Wxf).unwrap_err();
        assert!(matches!(e, MoveTextError::Ambiguous(_)), "{e}");
        assert_eq!(
            e.to_string(),
            "`+P+1` could be played by the pieces on `c5` and `e6`"
        );
        assert_eq!(help(&e), "write `+P7+1` or `+P5+1` instead");
        assert_eq!(underlined(&e), ["+P"]);
    }

    #[test]
    fn four_pawns_on_a_file() {
        let p = pos("3k5/9/9/4P4/4P4/4P4/4P4/9/9/5K3 w - - 0 1");
        check(&p, "e6e7", ["1P+1", "1B.1", "一兵进一"]);
        check(&p, "e5d5", ["2P=6", "2B-6", "二兵平六"]);
        assert_eq!(parse_move(&p, "+P+1", Notation::Wxf), Ok(mv("e6e7")));
        assert_eq!(parse_move(&p, "Bt-4", Notation::Vietnamese), Ok(mv("e6f6")));
    }

    #[test]
    fn elephants_on_one_file_keep_their_file() {
        let p = pos("3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1");
        check(&p, "c0a2", ["E7+9", "T7.9", "相七进九"]);
        check(&p, "c4a2", ["E7-9", "T7/9", "相七退九"]);
        assert_eq!(parse_move(&p, "Tt/9", Notation::Vietnamese), Ok(mv("c4a2")));
    }

    #[test]
    fn implied_king_file() {
        let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
        assert_eq!(parse_move(&p, "Tg.1", Notation::Vietnamese), Ok(mv("d9d8")));
        assert_eq!(parse_move(&p, "K+1", Notation::Wxf), Ok(mv("d9d8")));
        assert_eq!(parse_move(&p, "将进1", Notation::Chinese), Ok(mv("d9d8")));
        assert_eq!(write_move(&p, mv("d9d8"), Notation::Vietnamese), "Tg4.1");
    }

    #[test]
    fn the_laws_line_replays() {
        let p = pos("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w");
        let line = [
            "X2.1", "Tg6.1", "X2/1", "Tg6/1", "X2.1", "Tg6.1", "X2/1", "Tg/1",
        ];
        let moves = parse_line(&p, &line, Notation::Vietnamese).unwrap();
        let iccs: Vec<String> = moves.iter().map(ToString::to_string).collect();
        assert_eq!(
            iccs,
            [
                "h8h9", "f9f8", "h9h8", "f8f9", "h8h9", "f9f8", "h9h8", "f8f9"
            ]
        );
    }

    #[test]
    fn no_such_piece() {
        let p = Position::startpos();
        let e = parse_move(&p, "X2.1", Notation::Vietnamese).unwrap_err();
        assert!(matches!(e, MoveTextError::NoSuchPiece(_)));
        assert_eq!(
            e.to_string(),
            "no piece fits `X2.1`: no red rook stands on file 2"
        );
        assert_eq!(underlined(&e), ["X2"]);
        assert!(help(&e).contains("`X1.1`"), "{}", help(&e));
        let e = parse_move(&p, "Xt.1", Notation::Vietnamese).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no piece fits `Xt.1`: no two red rooks share a file, so none is the front one"
        );
        let e = parse_move(&p, "a9a8", Notation::Iccs).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no piece fits `a9a8`: the rook on a9 is black's, and it is red's turn"
        );
    }

    #[test]
    fn illegal_moves() {
        let p = Position::startpos();
        let e = parse_move(&p, "M2.5", Notation::Vietnamese).unwrap_err();
        assert!(matches!(e, MoveTextError::Illegal(_)));
        assert_eq!(
            e.to_string(),
            "`M2.5` is not a legal move: a horse moves one or two files sideways, and file 5 is not one or two files away"
        );
        let mut fits = e.fits().to_vec();
        fits.sort();
        assert_eq!(fits, ["M2.1", "M2.3"]);
        assert!(help(&e).starts_with("legal moves that would fit: `M2."));
        assert_eq!(underlined(&e), ["M2.5"]);
        let e = parse_move(&p, "M2.4", Notation::Vietnamese).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`M2.4` is not a legal move: the horse's leg on g0 is blocked"
        );
        let e = parse_move(&p, "R9+4", Notation::Wxf).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`R9+4` is not a legal move: the way is blocked on a3"
        );
        let e = parse_move(&p, "兵七平六", Notation::Chinese).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`兵七平六` is not a legal move: a pawn moves sideways only after crossing the river"
        );
        let e = parse_move(&p, "h2h7", Notation::Iccs).unwrap_err();
        assert!(matches!(e, MoveTextError::Illegal(_)), "{e}");
        // A pinned rook.
        let p = pos("3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
        let e = parse_move(&p, "R5=9", Notation::Wxf).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`R5=9` is not a legal move: it would leave the red king in check from the black rook on e9"
        );
        assert!(help(&e).contains("`R5+1`"), "{}", help(&e));
    }

    #[test]
    fn unreadable_text() {
        let p = Position::startpos();
        let e = parse_move(&p, "P2,5", Notation::Vietnamese).unwrap_err();
        assert!(matches!(e, MoveTextError::Unreadable(_)));
        assert_eq!(e.to_string(), "cannot read `P2,5` as a move in Vietnamese");
        assert_eq!(underlined(&e), [","]);
        assert!(help(&e).starts_with("did you mean `P2-5`"), "{}", help(&e));
        let e = parse_move(&p, "", Notation::Wxf).unwrap_err();
        assert!(matches!(e, MoveTextError::Unreadable(_)));
    }

    #[test]
    fn line_errors_name_the_move() {
        let p = Position::startpos();
        let e =
            parse_line(&p, &["P2-5", "M8.7", "P5.3", "Tg5.2"], Notation::Vietnamese).unwrap_err();
        assert_eq!(e.move_number(), 2);
        assert_eq!(e.color(), Color::Red);
        assert_eq!(e.text(), "P5.3");
        assert_eq!(
            e.to_string(),
            "move 2 for Trắng: `P5.3` is not a legal move: a cannon moves only over empty points, and e3 is taken"
        );
        let e = parse_line(&p, &["h2e2", "a9a7x"], Notation::Iccs).unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 1 for black: cannot read `a9a7x` as a move in ICCS"
        );
    }

    #[test]
    fn detects_notations() {
        assert_eq!(detect("h2e2"), Some(Notation::Iccs));
        assert_eq!(detect("炮二平五"), Some(Notation::Chinese));
        assert_eq!(detect("C2=5"), Some(Notation::Wxf));
        assert_eq!(detect("+R+1"), Some(Notation::Wxf));
        assert_eq!(detect("X2.1"), Some(Notation::Vietnamese));
        assert_eq!(detect("Tg/1"), Some(Notation::Vietnamese));
        assert_eq!(detect("P2-5"), Some(Notation::Vietnamese));
        assert_eq!(detect("B5-4"), Some(Notation::Vietnamese));
        assert_eq!(detect("P2.5"), None);
        assert_eq!(detect("hello"), None);
    }

    #[test]
    fn edit_distances() {
        let d = |a: &str, b: &str| edit_distance(&normalize(a), &normalize(b));
        assert_eq!(d("X2.1", "X2.1"), 0);
        assert_eq!(d("X2,1", "X2.1"), 1);
        assert_eq!(d("X2.1", "X2.11"), 1);
        assert_eq!(d("马8进7", "马８进７"), 0);
        assert_eq!(d("abc", ""), 3);
    }
}
