//! Moves and move lists.

use std::{fmt, ops::Deref, str::FromStr};

use super::square::Square;

/// A move from one square to another. The text form is ICCS, e.g. `h2e2`.
///
/// Parsing only reads the text; whether the move is legal is a separate question
/// ([`Position::is_legal`](super::Position::is_legal)).
///
/// ```
/// use xqlaw::Move;
/// let m: Move = "h2e2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece goes to (capturing whatever stands there).
    pub to: Square,
}

impl Move {
    /// Makes a move.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// The text is not an ICCS move such as `h2e2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a move: expected two squares like `h2e2`")]
pub struct ParseMoveError(String);

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        if s.len() != 4 || !s.is_ascii() {
            return Err(err());
        }
        let from = s.get(0..2).and_then(|t| t.parse().ok()).ok_or_else(err)?;
        let to = s.get(2..4).and_then(|t| t.parse().ok()).ok_or_else(err)?;
        Ok(Move { from, to })
    }
}

/// Capacity of a [`MoveList`]. No position reachable from a valid setup has more pseudo-legal
/// moves (2 rooks and 2 cannons at 17 each, 2 horses at 8, 5 pawns at 3, king 5, advisors and
/// elephants 16: 120).
pub const MOVE_LIST_CAPACITY: usize = 128;

/// A fixed-capacity list of moves, as returned by
/// [`Position::legal_moves`](super::Position::legal_moves). Dereferences to `[Move]`.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MOVE_LIST_CAPACITY],
    len: usize,
}

const NULL_MOVE: Move = Move {
    from: Square::from_u8(0),
    to: Square::from_u8(0),
};

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [NULL_MOVE; MOVE_LIST_CAPACITY],
            len: 0,
        }
    }

    /// Appends a move; a move beyond the capacity is dropped (cannot happen for valid positions).
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `f` returns true, preserving order.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len.min(MOVE_LIST_CAPACITY) {
            let m = self.moves[i];
            if f(m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;

    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The owning iterator of a [`MoveList`].
#[derive(Debug, Clone)]
pub struct MoveListIntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIntoIter {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let m = self.list.get(self.next).copied();
        self.next += 1;
        m
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len().saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for MoveListIntoIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let m: Move = "h2e2".parse().unwrap();
        assert_eq!(m.from, "h2".parse().unwrap());
        assert_eq!(m.to, "e2".parse().unwrap());
        assert_eq!(m.to_string(), "h2e2");
        for bad in ["", "h2e", "h2e2x", "h2-e2", "j2e2", "h2eé", "H2E2"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn list() {
        let mut l = MoveList::new();
        let a: Move = "a0a1".parse().unwrap();
        let b: Move = "b0b1".parse().unwrap();
        l.push(a);
        l.push(b);
        assert_eq!(l.len(), 2);
        l.retain(|m| m != a);
        assert_eq!(&*l, &[b]);
        assert_eq!(l.into_iter().collect::<Vec<_>>(), vec![b]);
        let mut full = MoveList::new();
        for _ in 0..200 {
            full.push(a);
        }
        assert_eq!(full.len(), MOVE_LIST_CAPACITY);
    }
}
