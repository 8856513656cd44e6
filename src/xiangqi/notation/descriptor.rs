//! The descriptive move model shared by WXF, Vietnamese and Chinese notation.
//!
//! A descriptive move names a piece by its role and either its file or its place among
//! identical pieces on one file, then says whether it advances, retreats or traverses, and a
//! number. Everything is seen from the mover:
//!
//! - files are numbered 1–9 from the mover's right: for Red file `i` is 1 and file `a` is 9,
//!   for Black file `a` is 1 and file `i` is 9;
//! - "advance" is towards the opponent, "retreat" towards the mover's own back rank,
//!   "traverse" along the rank;
//! - for pieces that move straight (king, rook, cannon, pawn) the number is the count of ranks
//!   when advancing or retreating and the destination file when traversing; for pieces that
//!   move diagonally (advisor, elephant, horse) it is always the destination file.
//!
//! # Identical pieces on one file
//!
//! When two or more pieces of the same role and colour stand on one file, the file number is
//! replaced by their order counted from the front (the end nearest the opponent):
//!
//! - two pieces: front and rear;
//! - three pieces: front, middle and rear;
//! - four or five pawns: numbers 1 to 5 from the front.
//!
//! When another file also holds two or more pieces of that role (only pawns can do this), the
//! file number is added after the order ([`Designator::Ordinal`] with a file). Advisors and
//! elephants are written with their file number even when they share it, because their
//! destination always tells them apart; a reader accepts either form.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use super::cursor::Cursor;
use crate::xiangqi::words::{Said, plural};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square};

/// Which way a piece moves, seen from its owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the opponent's side (进, `+`, `.` in Vietnamese).
    Advance,
    /// Towards the mover's own back rank (退, `-`, `/` in Vietnamese).
    Retreat,
    /// Along the rank (平, `=`, `-` in Vietnamese). Only straight movers traverse.
    Traverse,
}

/// The place of a piece among identical pieces on one file, counted from the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ordinal {
    /// The piece nearest the opponent (前, `+`, `t` for trước).
    Front,
    /// The middle one of three (中, `=`, `g` for giữa).
    Middle,
    /// The piece nearest the mover's back rank (后, `-`, `s` for sau).
    Rear,
    /// The `n`th piece from the front, `1..=5`; used when four or five pawns share a file.
    Nth(u8),
}

impl Ordinal {
    /// The place as the law's readers say it: `trước` (front), `giữa`, `sau`, `thứ 4`.
    fn name_vi(self) -> String {
        match self {
            Ordinal::Front => "trước".to_owned(),
            Ordinal::Middle => "giữa".to_owned(),
            Ordinal::Rear => "sau".to_owned(),
            Ordinal::Nth(n) => format!("thứ {n} tính từ trước"),
        }
    }
}

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ordinal::Front => f.write_str("front"),
            Ordinal::Middle => f.write_str("middle"),
            Ordinal::Rear => f.write_str("rear"),
            Ordinal::Nth(n) => write!(f, "number {n} from the front"),
        }
    }
}

/// How a descriptive move says which piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Designator {
    /// The piece on this file, numbered 1–9 from the mover's right.
    File(u8),
    /// The piece at this place among identical pieces on one file; the file is given only when
    /// several files hold identical pieces.
    Ordinal {
        /// Its place from the front.
        ordinal: Ordinal,
        /// The file, 1–9 from the mover's right, when written.
        file: Option<u8>,
    },
    /// No file given (`Tg/1`): the only piece of the role that can make the move.
    Implied,
}

/// A move in descriptive form, before it is matched against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Descriptor {
    /// The role of the moving piece.
    pub role: Role,
    /// Which of the mover's pieces of that role moves.
    pub designator: Designator,
    /// Which way it moves.
    pub direction: Direction,
    /// Ranks moved or destination file, 1–9 (see the module documentation).
    pub number: u8,
}

/// A descriptor read from text, with the byte ranges of its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parsed {
    /// What the text says.
    pub descriptor: Descriptor,
    /// The part naming the piece: order, role and file.
    pub piece_span: Range<usize>,
    /// The part naming the motion: direction and number.
    pub motion_span: Range<usize>,
}

/// What the three descriptive readers have read of a move before its closing number.
pub(crate) struct Head {
    /// The piece kind.
    pub role: Role,
    /// Front, middle or rear, when the text gives an order.
    pub ordinal: Option<Ordinal>,
    /// The file number, when the text gives one.
    pub file: Option<u8>,
    /// Advance, retreat or traverse.
    pub direction: Direction,
    /// Where the text starts and where the piece part ends.
    pub piece_span: Range<usize>,
    /// Where the direction starts.
    pub motion_start: usize,
}

/// Reads the direction after the piece part, returning it and where it starts. `words` names
/// the notation's direction marks in the error; `file_given` says whether the text gave a file
/// number (if not, one could still have come).
pub(crate) fn direction(
    cursor: &mut Cursor<'_>,
    direction_of: impl FnOnce(char) -> Option<Direction>,
    file_given: bool,
    words: &str,
) -> Result<(Direction, usize), SyntaxError> {
    match cursor.eat(direction_of) {
        Some((direction, span)) => Ok((direction, span.start)),
        None => Err(SyntaxError {
            span: cursor.here(),
            expected: if file_given {
                format!("a direction: {words}")
            } else {
                format!("a file number or a direction: {words}")
            },
        }),
    }
}

/// Reads the closing number (`number_of` decides which characters are numbers, `expected`
/// names them in errors), checks that the text ends there, and assembles the move.
pub(crate) fn finish(
    cursor: &mut Cursor<'_>,
    head: Head,
    number_of: impl FnOnce(char) -> Option<u8>,
    expected: &str,
) -> Result<Parsed, SyntaxError> {
    let Some((number, number_span)) = cursor.eat(number_of) else {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: expected.to_owned(),
        });
    };
    if !cursor.at_end() {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: "the end of the move".to_owned(),
        });
    }
    let designator = match (head.ordinal, head.file) {
        (Some(ordinal), file) => Designator::Ordinal { ordinal, file },
        (None, Some(file)) => Designator::File(file),
        (None, None) => Designator::Implied,
    };
    Ok(Parsed {
        descriptor: Descriptor {
            role: head.role,
            designator,
            direction: head.direction,
            number,
        },
        piece_span: head.piece_span,
        motion_span: head.motion_start..number_span.end,
    })
}

/// Text that is not a move of some notation: where, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    /// The offending character, or an empty range at the end of the text.
    pub span: Range<usize>,
    /// What would have been readable there, e.g. "a direction: `.`, `/` or `-`".
    pub expected: String,
}

/// Why a descriptor does not designate exactly one legal move in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unresolved {
    /// No piece of the side to move fits the piece part of the text.
    NoSuchPiece {
        /// What is missing, e.g. "no red rook stands on file 2".
        what: Said,
    },
    /// Several pieces fit and each can make the described move.
    Ambiguous {
        /// The legal moves that fit, in square order.
        moves: Vec<Move>,
    },
    /// Pieces fit, but none can make the described move.
    Illegal {
        /// The pieces that fit.
        pieces: Vec<Square>,
        /// The moves described for them, when the motion leads to a square.
        moves: Vec<Move>,
        /// Why not, one sentence.
        reason: Said,
    },
}

/// Whether the role moves along files and ranks (and its number counts ranks).
pub(crate) const fn is_straight(role: Role) -> bool {
    matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn)
}

/// `+1` if `color` advances towards higher ranks, `-1` otherwise.
const fn forward(color: Color) -> i32 {
    match color {
        Color::Red => 1,
        Color::Black => -1,
    }
}

/// The file number (1–9, from the mover's right) of a board file index (0–8, from `a`).
pub(crate) fn file_number(color: Color, file: u8) -> u8 {
    match color {
        Color::Red => 9u8.saturating_sub(file),
        Color::Black => file.saturating_add(1),
    }
}

/// The board file index (0–8) of a file number (1–9) seen from `color`; `None` out of range.
pub(crate) fn file_index(color: Color, number: u8) -> Option<u8> {
    if !(1..=9).contains(&number) {
        return None;
    }
    Some(match color {
        Color::Red => 9 - number,
        Color::Black => number - 1,
    })
}

/// The square `steps` files and `ranks` ranks away, ranks counted forward for `color`.
fn step(color: Color, from: Square, files: i32, ranks: i32) -> Option<Square> {
    let file = i32::from(from.file()) + files;
    let rank = i32::from(from.rank()) + ranks * forward(color);
    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
}

/// Where a piece on `from` ends up after the described motion, or why the motion makes no
/// sense for that piece.
pub(crate) fn destination(
    color: Color,
    role: Role,
    from: Square,
    direction: Direction,
    number: u8,
) -> Result<Square, Said> {
    let off_board = || Said::new("that would leave the board", "nước đó ra ngoài bàn cờ");
    if !(1..=9).contains(&number) {
        return Err(Said::new(
            format!("`{number}` is not a number from 1 to 9"),
            format!("`{number}` không phải số từ 1 đến 9"),
        ));
    }
    let n = i32::from(number);
    if is_straight(role) {
        return match direction {
            Direction::Advance => step(color, from, 0, n).ok_or_else(off_board),
            Direction::Retreat => step(color, from, 0, -n).ok_or_else(off_board),
            Direction::Traverse => {
                let file = file_index(color, number).ok_or_else(off_board)?;
                if file == from.file() {
                    Err(Said::new(
                        format!("the {} already stands on file {number}", role.name()),
                        format!("{} đã đứng ở cột {number}", role.name_vi()),
                    ))
                } else {
                    Square::new(file, from.rank()).ok_or_else(off_board)
                }
            }
        };
    }
    let sign = match direction {
        Direction::Advance => 1,
        Direction::Retreat => -1,
        Direction::Traverse => {
            return Err(Said::new(
                format!(
                    "a{} {} never moves along a rank",
                    article(role),
                    role.name()
                ),
                format!("{} không bao giờ đi ngang", role.name_vi()),
            ));
        }
    };
    let file = file_index(color, number).ok_or_else(off_board)?;
    let files = i32::from(file) - i32::from(from.file());
    let ranks = match (role, files.abs()) {
        (Role::Advisor, 1) | (Role::Horse, 2) => 1,
        (Role::Elephant, 2) | (Role::Horse, 1) => 2,
        _ => {
            let (width, width_vi) = match role {
                Role::Advisor => ("one file", "một cột"),
                Role::Elephant => ("two files", "hai cột"),
                _ => ("one or two files", "một hoặc hai cột"),
            };
            return Err(Said::new(
                format!(
                    "a{} {} moves {width} sideways, and file {number} is not {width} away",
                    article(role),
                    role.name()
                ),
                format!(
                    "{} đi sang ngang {width_vi}, mà cột {number} không cách {width_vi}",
                    role.name_vi()
                ),
            ));
        }
    };
    // The horizontal part is measured on the board, the vertical part for `color`.
    step(color, from, files, ranks * sign).ok_or_else(off_board)
}

/// `"n"` before role names starting with a vowel, for "an advisor", "an elephant".
const fn article(role: Role) -> &'static str {
    match role {
        Role::Advisor | Role::Elephant => "n",
        _ => "",
    }
}

/// The pieces of `color` and `role`, grouped by board file, each group front first.
fn files_of(pos: &Position, color: Color, role: Role) -> BTreeMap<u8, Vec<Square>> {
    let mut files: BTreeMap<u8, Vec<Square>> = BTreeMap::new();
    for (sq, piece) in pos.pieces() {
        if piece.color == color && piece.role == role {
            files.entry(sq.file()).or_default().push(sq);
        }
    }
    for group in files.values_mut() {
        group.sort_by_key(|sq| -i32::from(sq.rank()) * forward(color));
    }
    files
}

/// The piece at `ordinal` in a front-first group, if the group has such a place.
fn pick(group: &[Square], ordinal: Ordinal) -> Option<Square> {
    let n = group.len();
    if n < 2 {
        return None;
    }
    match ordinal {
        Ordinal::Front => group.first().copied(),
        Ordinal::Rear => group.last().copied(),
        Ordinal::Middle if n % 2 == 1 => group.get(n / 2).copied(),
        Ordinal::Middle => None,
        Ordinal::Nth(k) => group.get(usize::from(k).checked_sub(1)?).copied(),
    }
}

/// The pieces of the side to move that the piece part of `d` designates.
fn designated(pos: &Position, d: &Descriptor) -> Result<Vec<Square>, Said> {
    let color = pos.turn();
    let role = d.role;
    let files = files_of(pos, color, role);
    let name = role.name();
    let name_vi = Piece::new(color, role).name_vi();
    let none_on_file = |number: u8| {
        Said::new(
            format!("no {color} {name} stands on file {number}"),
            format!("không có {name_vi} nào ở cột {number}"),
        )
    };
    match d.designator {
        Designator::Implied => {
            let all: Vec<Square> = files.values().flatten().copied().collect();
            if all.is_empty() {
                Err(Said::new(
                    format!("{color} has no {name}"),
                    format!("{} không có {}", color.name_vi(), role.name_vi()),
                ))
            } else {
                Ok(all)
            }
        }
        Designator::File(number) => {
            let group = file_index(color, number)
                .and_then(|file| files.get(&file))
                .cloned()
                .unwrap_or_default();
            if group.is_empty() {
                Err(none_on_file(number))
            } else {
                Ok(group)
            }
        }
        Designator::Ordinal {
            ordinal,
            file: Some(number),
        } => {
            let group = file_index(color, number)
                .and_then(|file| files.get(&file))
                .cloned()
                .unwrap_or_default();
            match pick(&group, ordinal) {
                Some(sq) => Ok(vec![sq]),
                None if group.is_empty() => Err(none_on_file(number)),
                None => Err(Said::new(
                    format!(
                        "file {number} holds {} {color} {name}{}, none of them is the {ordinal} one",
                        group.len(),
                        plural(group.len())
                    ),
                    format!(
                        "cột {number} có {} {name_vi}, không quân nào là quân {}",
                        group.len(),
                        ordinal.name_vi()
                    ),
                )),
            }
        }
        Designator::Ordinal {
            ordinal,
            file: None,
        } => {
            let stacked: Vec<&Vec<Square>> = files.values().filter(|g| g.len() >= 2).collect();
            let picked: Vec<Square> = stacked.iter().filter_map(|g| pick(g, ordinal)).collect();
            if stacked.is_empty() {
                Err(Said::new(
                    format!("no two {color} {name}s share a file, so none is the {ordinal} one"),
                    format!(
                        "không có hai {name_vi} nào cùng một cột, nên không quân nào là quân {}",
                        ordinal.name_vi()
                    ),
                ))
            } else if picked.is_empty() {
                Err(Said::new(
                    format!("no file holds a {ordinal} {color} {name}"),
                    format!("không cột nào có {name_vi} {}", ordinal.name_vi()),
                ))
            } else {
                Ok(picked)
            }
        }
    }
}

/// Finds the one legal move of the side to move that `d` describes.
///
/// Identical pieces are told apart by legality, as in chess SAN: a file number shared by two
/// rooks is accepted when only one of them can make the move.
pub(crate) fn resolve(pos: &Position, d: &Descriptor) -> Result<Move, Unresolved> {
    let color = pos.turn();
    let pieces = designated(pos, d).map_err(|what| Unresolved::NoSuchPiece { what })?;
    let mut legal = Vec::new();
    let mut described = Vec::new();
    let mut reasons = Vec::new();
    for &from in &pieces {
        match destination(color, d.role, from, d.direction, d.number) {
            Ok(to) => {
                let m = Move { from, to };
                if pos.is_legal(m) {
                    legal.push(m);
                } else {
                    described.push(m);
                    reasons.push(super::illegality::why(pos, m));
                }
            }
            Err(reason) => reasons.push(reason),
        }
    }
    match legal.as_slice() {
        [m] => Ok(*m),
        [] => {
            let all_same = reasons.windows(2).all(|w| w.first() == w.last());
            let reason = if !all_same {
                let joined = |vi: bool| {
                    pieces
                        .iter()
                        .zip(&reasons)
                        .map(|(sq, r)| match vi {
                            false => format!("from {sq}: {r}"),
                            true => format!("từ {sq}: {}", r.vi()),
                        })
                        .collect::<Vec<_>>()
                        .join("; ")
                };
                Said::new(
                    format!("no {} can make it ({})", d.role.name(), joined(false)),
                    format!(
                        "không {} nào đi được nước này ({})",
                        d.role.name_vi(),
                        joined(true)
                    ),
                )
            } else {
                reasons.into_iter().next().unwrap_or_default()
            };
            Err(Unresolved::Illegal {
                pieces,
                moves: described,
                reason,
            })
        }
        _ => Err(Unresolved::Ambiguous { moves: legal }),
    }
}

/// The descriptors of `m`, in order of preference; the first is the conventional form.
///
/// Empty when no piece stands on `m.from` or when the move cannot be described (a straight
/// mover moving diagonally, a diagonal mover moving along a rank).
pub(crate) fn describe(pos: &Position, m: Move) -> Vec<Descriptor> {
    let Some(piece) = pos.piece_at(m.from) else {
        return Vec::new();
    };
    let (color, role) = (piece.color, piece.role);
    let ranks = (i32::from(m.to.rank()) - i32::from(m.from.rank())) * forward(color);
    let direction = match ranks {
        0 => Direction::Traverse,
        r if r > 0 => Direction::Advance,
        _ => Direction::Retreat,
    };
    let to_file = file_number(color, m.to.file());
    let number = if is_straight(role) {
        match direction {
            Direction::Traverse => to_file,
            _ if m.to.file() != m.from.file() => return Vec::new(),
            _ => match u8::try_from(ranks.unsigned_abs()) {
                Ok(n) => n,
                Err(_) => return Vec::new(),
            },
        }
    } else if direction == Direction::Traverse {
        return Vec::new();
    } else {
        to_file
    };
    let files = files_of(pos, color, role);
    let group = files.get(&m.from.file()).cloned().unwrap_or_default();
    let n = group.len();
    let index = group.iter().position(|&sq| sq == m.from).unwrap_or(0);
    let ordinal = match (n, index) {
        (_, 0) if n <= 3 => Ordinal::Front,
        (3, 1) => Ordinal::Middle,
        (2 | 3, _) => Ordinal::Rear,
        _ => Ordinal::Nth(u8::try_from(index + 1).unwrap_or(u8::MAX)),
    };
    let file = file_number(color, m.from.file());
    let others_stacked = files
        .iter()
        .any(|(&f, g)| f != m.from.file() && g.len() >= 2);
    let by_file = Designator::File(file);
    let short = Designator::Ordinal {
        ordinal,
        file: None,
    };
    let long = Designator::Ordinal {
        ordinal,
        file: Some(file),
    };
    let designators = if n < 2 {
        vec![by_file]
    } else if matches!(role, Role::Advisor | Role::Elephant) {
        vec![by_file, short, long]
    } else if others_stacked {
        vec![long, short, by_file]
    } else {
        vec![short, long, by_file]
    };
    designators
        .into_iter()
        .map(|designator| Descriptor {
            role,
            designator,
            direction,
            number,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{pos, sq};

    fn d(role: Role, designator: Designator, direction: Direction, number: u8) -> Descriptor {
        Descriptor {
            role,
            designator,
            direction,
            number,
        }
    }

    #[test]
    fn file_numbers_are_seen_from_the_mover() {
        assert_eq!(file_number(Color::Red, 8), 1);
        assert_eq!(file_number(Color::Red, 0), 9);
        assert_eq!(file_number(Color::Black, 0), 1);
        assert_eq!(file_number(Color::Black, 8), 9);
        for f in 0..9 {
            for c in [Color::Red, Color::Black] {
                assert_eq!(file_index(c, file_number(c, f)), Some(f));
            }
        }
        assert_eq!(file_index(Color::Red, 0), None);
        assert_eq!(file_index(Color::Red, 10), None);
    }

    #[test]
    fn destinations() {
        use Direction::*;
        let red = Color::Red;
        let black = Color::Black;
        assert_eq!(
            destination(red, Role::Cannon, sq("h2"), Traverse, 5),
            Ok(sq("e2"))
        );
        assert_eq!(
            destination(red, Role::Rook, sq("h8"), Advance, 1),
            Ok(sq("h9"))
        );
        assert_eq!(
            destination(black, Role::King, sq("f9"), Advance, 1),
            Ok(sq("f8"))
        );
        assert_eq!(
            destination(black, Role::Horse, sq("b9"), Advance, 3),
            Ok(sq("c7"))
        );
        assert_eq!(
            destination(red, Role::Horse, sq("b0"), Advance, 7),
            Ok(sq("c2"))
        );
        assert_eq!(
            destination(red, Role::Elephant, sq("c0"), Advance, 5),
            Ok(sq("e2"))
        );
        assert_eq!(
            destination(red, Role::Advisor, sq("e1"), Retreat, 6),
            Ok(sq("d0"))
        );
        assert!(destination(red, Role::Horse, sq("b0"), Traverse, 7).is_err());
        assert!(destination(red, Role::Horse, sq("b0"), Advance, 4).is_err());
        assert!(destination(red, Role::Rook, sq("a0"), Retreat, 1).is_err());
        assert!(destination(red, Role::Rook, sq("a0"), Traverse, 9).is_err());
    }

    #[test]
    fn describe_uses_order_for_stacked_rooks() {
        let p = pos("3k5/9/9/9/9/9/4R4/9/4R4/5K3 w - - 0 1");
        let ds = describe(&p, Move::new(sq("e3"), sq("a3")));
        assert_eq!(
            ds.first(),
            Some(&d(
                Role::Rook,
                Designator::Ordinal {
                    ordinal: Ordinal::Front,
                    file: None
                },
                Direction::Traverse,
                9
            ))
        );
        let ds = describe(&p, Move::new(sq("e1"), sq("e2")));
        assert_eq!(
            ds.first().map(|d| d.designator),
            Some(Designator::Ordinal {
                ordinal: Ordinal::Rear,
                file: None
            })
        );
    }

    #[test]
    fn resolve_finds_the_move() {
        let p = Position::startpos();
        let m = resolve(
            &p,
            &d(Role::Cannon, Designator::File(2), Direction::Traverse, 5),
        );
        assert_eq!(m, Ok(Move::new(sq("h2"), sq("e2"))));
    }

    #[test]
    fn resolve_explains_missing_pieces() {
        let p = Position::startpos();
        let e = resolve(
            &p,
            &d(Role::Rook, Designator::File(2), Direction::Advance, 1),
        );
        assert_eq!(
            e,
            Err(Unresolved::NoSuchPiece {
                what: Said::new(
                    "no red rook stands on file 2",
                    "không có Xe Trắng nào ở cột 2"
                )
            })
        );
    }
}
