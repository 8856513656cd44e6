//! Squares of the 9 × 10 board.

use std::{fmt, str::FromStr};

use super::piece::Color;

/// A point of the board, stored as `rank * 9 + file`.
///
/// Files `a`–`i` are `0..=8` from Red's left; ranks `0..=9` count from Red's side, so Red's back
/// rank is rank 0. The text form is ICCS: file letter then rank digit, e.g. `e0` or `h2`.
///
/// ```
/// use xqlaw::Square;
/// let sq: Square = "h2".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 2));
/// assert_eq!(sq.to_string(), "h2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Number of points on the board.
pub const SQUARE_COUNT: usize = 90;

impl Square {
    /// The square on `file` (0–8) and `rank` (0–9), or `None` off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The square with index `i` (`rank * 9 + file`), or `None` unless `i < 90`.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < SQUARE_COUNT {
            #[expect(clippy::cast_possible_truncation, reason = "i < 90")]
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Builds a square from an index known to be below 90.
    // INVARIANT: callers pass `i < 90`; larger values are clamped so the type invariant holds.
    pub(crate) const fn from_u8(i: u8) -> Square {
        if i < 90 { Square(i) } else { Square(89) }
    }

    /// The file, `0` (a) to `8` (i).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, `0` (Red's back rank) to `9` (Black's back rank).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The index `rank * 9 + file`, below 90.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `dfile` files and `drank` ranks away, or `None` off the board.
    #[must_use]
    pub const fn offset(self, dfile: i8, drank: i8) -> Option<Square> {
        let f = self.file() as i16 + dfile as i16;
        let r = self.rank() as i16 + drank as i16;
        if f < 0 || f > 8 || r < 0 || r > 9 {
            None
        } else {
            #[expect(
                clippy::cast_sign_loss,
                clippy::cast_possible_truncation,
                reason = "checked range"
            )]
            Some(Square((r * 9 + f) as u8))
        }
    }

    /// All 90 squares in index order (a0, b0, …, i0, a1, …, i9).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }

    /// Whether the square is on `color`'s own side of the river (ranks 0–4 for Red, 5–9 for
    /// Black).
    #[must_use]
    pub const fn is_on_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Whether the square is one of the nine points of `color`'s palace (files d–f, ranks 0–2 for
    /// Red, 7–9 for Black).
    #[must_use]
    pub const fn in_palace(self, color: Color) -> bool {
        let file_ok = self.file() >= 3 && self.file() <= 5;
        file_ok
            && match color {
                Color::Red => self.rank() <= 2,
                Color::Black => self.rank() >= 7,
            }
    }

    /// The file letter, `a` to `i`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `0` to `9`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'0' + self.rank()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// The text is not an ICCS square such as `e0`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square: expected a file letter a-i then a rank digit 0-9, like `e0`")]
pub struct ParseSquareError(String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'i', r @ b'0'..=b'9'] => Ok(Square((r - b'0') * 9 + (f - b'a'))),
            _ => Err(ParseSquareError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!(Square::all().count(), 90);
        assert!("j0".parse::<Square>().is_err());
        assert!("e".parse::<Square>().is_err());
        assert!("e10".parse::<Square>().is_err());
        assert!("E0".parse::<Square>().is_err());
    }

    #[test]
    fn geometry() {
        let e0 = Square::new(4, 0).unwrap();
        assert_eq!(e0.to_string(), "e0");
        assert_eq!(e0.index(), 4);
        assert_eq!(Square::new(9, 0), None);
        assert_eq!(Square::new(0, 10), None);
        assert_eq!(Square::from_index(90), None);
        assert_eq!(e0.offset(0, -1), None);
        assert_eq!(e0.offset(1, 2), Square::new(5, 2));
        assert!(e0.in_palace(Color::Red));
        assert!(!e0.in_palace(Color::Black));
        assert!(Square::new(3, 9).unwrap().in_palace(Color::Black));
        assert!(!Square::new(2, 9).unwrap().in_palace(Color::Black));
        assert!(Square::new(0, 4).unwrap().is_on_side(Color::Red));
        assert!(Square::new(0, 5).unwrap().is_on_side(Color::Black));
    }
}
