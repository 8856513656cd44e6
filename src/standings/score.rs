//! Points as exact fractions: a draw is ½, the law's hệ số adds halves of halves, and a
//! regulation may score a draw 1/3. Floating point would make two equal coefficients differ.

use std::cmp::Ordering;
use std::fmt;

/// A number of points, exact: a fraction in lowest terms with a positive denominator.
///
/// Arithmetic saturates instead of overflowing; the compiler bounds the numbers a rule file
/// may write (see [`Score::MAX_WRITTEN`]), so no real tournament comes near the bounds.
///
/// # Examples
///
/// ```
/// use xqlaw::standings::Score;
/// let half = Score::new(1, 2).unwrap();
/// assert_eq!((half + half).to_string(), "1");
/// assert_eq!((Score::whole(2) + half).to_string(), "2½");
/// assert!(half < Score::whole(1));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Score {
    num: i128,
    den: i128,
}

impl Score {
    /// Zero points.
    pub const ZERO: Score = Score { num: 0, den: 1 };

    /// The largest numerator and denominator a rule file may write.
    pub const MAX_WRITTEN: u64 = 1_000_000;

    /// `num / den`, or `None` when `den` is 0.
    pub fn new(num: i128, den: i128) -> Option<Score> {
        if den == 0 {
            return None;
        }
        Some(Score::reduced(num, den))
    }

    /// A whole number of points.
    pub fn whole(n: i128) -> Score {
        Score { num: n, den: 1 }
    }

    fn reduced(num: i128, den: i128) -> Score {
        let g = gcd(num.unsigned_abs(), den.unsigned_abs()).max(1);
        let g = i128::try_from(g).unwrap_or(1);
        let sign = if den < 0 { -1 } else { 1 };
        Score {
            num: sign * (num / g),
            den: sign * (den / g),
        }
    }

    /// Half of it.
    pub fn half(self) -> Score {
        self * Score { num: 1, den: 2 }
    }

    /// The value as a float (exact for halves and quarters), for JSON.
    #[expect(clippy::cast_precision_loss, reason = "points are small numbers")]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The score equal to `value` when it is a fraction with a denominator of at most 1024
    /// (what a spec file's decimal numbers mean), else `None`.
    pub fn from_f64(value: f64) -> Option<Score> {
        for den in [1i128, 2, 4, 8, 16, 3, 6, 12, 5, 10, 100, 1000, 1024] {
            #[expect(clippy::cast_precision_loss, reason = "small denominators")]
            let scaled = value * den as f64;
            if scaled.is_finite() && scaled.abs() < 1e15 && scaled.fract() == 0.0 {
                #[expect(clippy::cast_possible_truncation, reason = "checked whole and small")]
                return Score::new(scaled as i128, den);
            }
        }
        None
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Default for Score {
    fn default() -> Score {
        Score::ZERO
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        let num = self
            .num
            .checked_mul(other.den)
            .zip(other.num.checked_mul(self.den))
            .and_then(|(a, b)| a.checked_add(b));
        match (num, self.den.checked_mul(other.den)) {
            (Some(num), Some(den)) => Score::reduced(num, den),
            _ => Score::whole(i128::from(i64::MAX)),
        }
    }
}

impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, other: Score) -> Score {
        self + Score {
            num: -other.num,
            den: other.den,
        }
    }
}

impl std::ops::Mul for Score {
    type Output = Score;
    fn mul(self, other: Score) -> Score {
        match (
            self.num.checked_mul(other.num),
            self.den.checked_mul(other.den),
        ) {
            (Some(num), Some(den)) => Score::reduced(num, den),
            _ => Score::whole(i128::from(i64::MAX)),
        }
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::ZERO, |a, b| a + b)
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        match (
            self.num.checked_mul(other.den),
            other.num.checked_mul(self.den),
        ) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self.to_f64().total_cmp(&other.to_f64()),
        }
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Whole points and the vulgar fraction of the rest where there is one: `2½`, `¾`, `1/3`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let sign = if self.num < 0 { "-" } else { "" };
        let (whole, rest) = (self.num.abs() / self.den, self.num.abs() % self.den);
        let glyph = match (rest, self.den) {
            (1, 2) => Some("½"),
            (1, 4) => Some("¼"),
            (3, 4) => Some("¾"),
            _ => None,
        };
        match (whole, glyph) {
            (0, Some(g)) => write!(f, "{sign}{g}"),
            (w, Some(g)) => write!(f, "{sign}{w}{g}"),
            (0, None) => write!(f, "{sign}{rest}/{}", self.den),
            (w, None) => write!(f, "{sign}{w} {rest}/{}", self.den),
        }
    }
}

impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: i128, d: i128) -> Score {
        Score::new(n, d).unwrap()
    }

    #[test]
    fn arithmetic_is_exact() {
        assert_eq!(s(1, 2) + s(1, 4), s(3, 4));
        assert_eq!(s(1, 3) + s(1, 3) + s(1, 3), Score::whole(1));
        assert_eq!(s(5, 2).half(), s(5, 4));
        assert_eq!(s(2, 4), s(1, 2));
        assert_eq!(Score::new(1, 0), None);
        assert!(s(1, 3) < s(1, 2));
    }

    #[test]
    fn prints_as_a_table_does() {
        assert_eq!(s(5, 2).to_string(), "2½");
        assert_eq!(s(1, 2).to_string(), "½");
        assert_eq!(s(13, 4).to_string(), "3¼");
        assert_eq!(s(3, 4).to_string(), "¾");
        assert_eq!(s(4, 3).to_string(), "1 1/3");
        assert_eq!(Score::ZERO.to_string(), "0");
    }

    #[test]
    fn reads_decimals_exactly() {
        assert_eq!(Score::from_f64(2.5), Some(s(5, 2)));
        assert_eq!(Score::from_f64(3.25), Some(s(13, 4)));
        assert_eq!(Score::from_f64(f64::NAN), None);
    }

    #[test]
    fn overflow_saturates() {
        let big = Score::whole(i128::MAX / 2);
        let _ = big + big + big;
        let _ = big * big;
    }
}
