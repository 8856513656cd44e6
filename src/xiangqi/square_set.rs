//! Sets of squares as bit masks: what a piece reaches, who attacks a square, without a heap
//! allocation per question (the fact computation asks such questions thousands of times per
//! case).

use std::fmt;

use super::square::{SQUARE_COUNT, Square};

/// A set of squares, iterated in square order (the order [`Position::attacks_from`] and
/// [`Position::attackers_of`] return their squares in).
///
/// [`Position::attacks_from`]: super::Position::attacks_from
/// [`Position::attackers_of`]: super::Position::attackers_of
///
/// ```
/// use xqlaw::{Position, Square};
/// let start = Position::startpos();
/// let b2: Square = "b2".parse().unwrap();
/// let set = start.reach(b2);
/// assert_eq!(set.len(), 12);
/// assert_eq!(set.iter().collect::<Vec<_>>(), start.attacks_from(b2));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set whose members are the set bits of `mask` (bit `i` for square index `i`; bits
    /// from 90 up are dropped).
    #[must_use]
    pub(crate) const fn from_mask(mask: u128) -> SquareSet {
        SquareSet(mask & ((1u128 << SQUARE_COUNT) - 1))
    }

    /// The set as a bit mask (bit `i` for square index `i`).
    #[must_use]
    pub(crate) const fn mask(self) -> u128 {
        self.0
    }

    /// Whether `sq` is a member.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// Whether the set has no member.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of members.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | (1u128 << sq.index()))
    }

    /// The set with `sq` taken out.
    #[must_use]
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !(1u128 << sq.index()))
    }

    /// The members of `self` that are not members of `other`.
    #[must_use]
    pub const fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// The members of both.
    #[must_use]
    pub const fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// Whether every member is also a member of `other`.
    #[must_use]
    pub const fn is_subset(self, other: SquareSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The members in square order.
    pub fn iter(self) -> impl Iterator<Item = Square> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            #[expect(clippy::cast_possible_truncation, reason = "i < 90")]
            Some(Square::from_u8(i as u8))
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::sq;

    #[test]
    fn members_in_square_order() {
        let set: SquareSet = [sq("i9"), sq("a0"), sq("e4"), sq("a0")]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3);
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [sq("a0"), sq("e4"), sq("i9")]
        );
        assert!(set.contains(sq("e4")) && !set.contains(sq("e5")));
        assert!(set.without(sq("e4")).is_subset(set) && !set.is_subset(set.without(sq("a0"))));
        assert_eq!(set.minus(set), SquareSet::EMPTY);
        assert_eq!(set.intersection(set.without(sq("e4"))).len(), 2);
        assert!(SquareSet::EMPTY.is_empty() && !set.is_empty());
        assert_eq!(SquareSet::from_mask(u128::MAX).len(), SQUARE_COUNT);
        assert_eq!(
            format!("{:?}", SquareSet::EMPTY.with(sq("b2"))),
            "{Square(19)}"
        );
    }
}
