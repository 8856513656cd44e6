//! Precomputed movement tables, built at compile time.
//!
//! Every table is indexed by square index (`0..90`); entries are square indices. These are pure
//! geometry: whether a move is possible also depends on what stands on the board, which the
//! position code checks (legs, eyes, screens).

use super::piece::Color;

/// Up to `N` squares, each optionally with a "block" square that must be empty (the horse's leg
/// or the elephant's eye).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Steps<const N: usize> {
    /// Target squares; only the first `len` are meaningful.
    pub to: [u8; N],
    /// The square that must be empty for the step (same as `to` when nothing can block).
    pub block: [u8; N],
    /// Number of entries.
    pub len: u8,
}

impl<const N: usize> Steps<N> {
    const EMPTY: Steps<N> = Steps {
        to: [0; N],
        block: [0; N],
        len: 0,
    };

    const fn push(mut self, to: u8, block: u8) -> Steps<N> {
        if (self.len as usize) < N {
            self.to[self.len as usize] = to;
            self.block[self.len as usize] = block;
            self.len += 1;
        }
        self
    }

    /// Iterates `(to, block)` pairs.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.to
            .iter()
            .zip(self.block.iter())
            .take(self.len as usize)
            .map(|(&t, &b)| (t as usize, b as usize))
    }
}

/// The squares in one direction from a square, nearest first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ray {
    /// Squares; only the first `len` are meaningful.
    pub squares: [u8; 9],
    /// Number of squares before the edge.
    pub len: u8,
}

impl Ray {
    /// The squares nearest first.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares
            .iter()
            .take(self.len as usize)
            .map(|&s| s as usize)
    }
}

/// Orthogonal directions: up (towards Black), down, left, right. Index 0 and 1 are vertical.
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

const fn at(file: i32, rank: i32) -> Option<u8> {
    if file < 0 || file > 8 || rank < 0 || rank > 9 {
        None
    } else {
        Some((rank * 9 + file) as u8)
    }
}

const fn in_any_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7)
}

const fn same_half(r1: i32, r2: i32) -> bool {
    (r1 <= 4) == (r2 <= 4)
}

/// Rays from each square in the four [`DIRS`].
pub(crate) static RAYS: [[Ray; 4]; 90] = {
    let mut t = [[Ray {
        squares: [0; 9],
        len: 0,
    }; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(q) = at(x, y) {
                let ray = &mut t[s][d];
                ray.squares[ray.len as usize] = q;
                ray.len += 1;
                x += df;
                y += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Horse moves from each square: `to` with the leg as `block`.
pub(crate) static HORSE: [Steps<8>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            // The leg is one orthogonal step; the two targets fan out from it.
            if let Some(leg) = at(f + df, r + dr) {
                let (sf, sr) = (dr, df); // perpendicular
                if let Some(to) = at(f + 2 * df + sf, r + 2 * dr + sr) {
                    t[s] = t[s].push(to, leg);
                }
                if let Some(to) = at(f + 2 * df - sf, r + 2 * dr - sr) {
                    t[s] = t[s].push(to, leg);
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// Horses that could attack each square: the horse's square as `to`, its leg as `block`.
pub(crate) static HORSE_ATTACKERS: [Steps<8>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let moves = HORSE[s];
        let mut i = 0;
        while i < moves.len as usize {
            let to = moves.to[i] as usize;
            t[to] = t[to].push(s as u8, moves.block[i]);
            i += 1;
        }
        s += 1;
    }
    t
};

/// Elephant moves from each square, staying on the same side of the river, eye as `block`.
/// Symmetric, so it also lists the elephants that attack a square.
pub(crate) static ELEPHANT: [Steps<4>; 90] = {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut d = 0;
        while d < 4 {
            let (df, dr) = diag[d];
            if let (Some(to), Some(eye)) = (at(f + 2 * df, r + 2 * dr), at(f + df, r + dr)) {
                if same_half(r, r + 2 * dr) {
                    t[s] = t[s].push(to, eye);
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// One-point steps in `dirs` that stay inside the palace containing the square (none outside a
/// palace): the advisor's and the king's moves. Symmetric.
const fn palace_steps(dirs: [(i32, i32); 4]) -> [Steps<4>; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 && in_any_palace(f, r) {
            let (df, dr) = dirs[d];
            if in_any_palace(f + df, r + dr) && same_half(r, r + dr) {
                if let Some(to) = at(f + df, r + dr) {
                    t[s] = t[s].push(to, to);
                }
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Advisor moves: diagonal steps inside the palace. Symmetric.
pub(crate) static ADVISOR: [Steps<4>; 90] = palace_steps([(1, 1), (1, -1), (-1, 1), (-1, -1)]);

/// King steps: orthogonal steps inside the palace. Symmetric.
pub(crate) static KING: [Steps<4>; 90] = palace_steps(DIRS);

const fn pawn_table(color: Color) -> [Steps<3>; 90] {
    let mut t = [Steps::EMPTY; 90];
    let forward = match color {
        Color::Red => 1,
        Color::Black => -1,
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if let Some(to) = at(f, r + forward) {
            t[s] = t[s].push(to, to);
        }
        let crossed = match color {
            Color::Red => r >= 5,
            Color::Black => r <= 4,
        };
        if crossed {
            if let Some(to) = at(f - 1, r) {
                t[s] = t[s].push(to, to);
            }
            if let Some(to) = at(f + 1, r) {
                t[s] = t[s].push(to, to);
            }
        }
        s += 1;
    }
    t
}

const fn pawn_attackers_table(color: Color) -> [Steps<3>; 90] {
    let moves = pawn_table(color);
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < moves[s].len as usize {
            let to = moves[s].to[i] as usize;
            t[to] = t[to].push(s as u8, s as u8);
            i += 1;
        }
        s += 1;
    }
    t
}

/// Pawn moves by colour and square.
pub(crate) static PAWN: [[Steps<3>; 90]; 2] = [pawn_table(Color::Red), pawn_table(Color::Black)];

/// Squares from which a pawn of the given colour attacks each square.
pub(crate) static PAWN_ATTACKERS: [[Steps<3>; 90]; 2] = [
    pawn_attackers_table(Color::Red),
    pawn_attackers_table(Color::Black),
];

/// The squares of a table's entries (`to`) as a bitmask, per square.
const fn step_masks<const N: usize>(table: &[Steps<N>; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let mut i = 0;
        while i < table[s].len as usize {
            t[s] |= 1u128 << table[s].to[i];
            i += 1;
        }
        s += 1;
    }
    t
}

/// For each square, the squares from which a horse could attack it (legs aside): a board with
/// no enemy horse on them needs no look at [`HORSE_ATTACKERS`].
pub(crate) static HORSE_ATTACKER_MASK: [u128; 90] = step_masks(&HORSE_ATTACKERS);

/// By colour and square, the squares from which a pawn of that colour attacks it.
pub(crate) static PAWN_ATTACKER_MASK: [[u128; 90]; 2] = [
    step_masks(&PAWN_ATTACKERS[0]),
    step_masks(&PAWN_ATTACKERS[1]),
];

/// For each square, the squares a king there could step to.
pub(crate) static KING_STEP_MASK: [u128; 90] = step_masks(&KING);

/// For each square, the squares an advisor there could step to.
pub(crate) static ADVISOR_STEP_MASK: [u128; 90] = step_masks(&ADVISOR);

/// For each square, the squares an elephant there could step to (eyes aside).
pub(crate) static ELEPHANT_STEP_MASK: [u128; 90] = step_masks(&ELEPHANT);

/// By colour and square, the squares a pawn of that colour there could step to.
pub(crate) static PAWN_STEP_MASK: [[u128; 90]; 2] = [step_masks(&PAWN[0]), step_masks(&PAWN[1])];

/// For each square and direction of [`DIRS`], the bitmask of the squares of that ray.
pub(crate) static RAY_MASKS: [[u128; 4]; 90] = {
    let mut t = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let ray = RAYS[s][d];
            let mut i = 0;
            while i < ray.len as usize {
                t[s][d] |= 1u128 << ray.squares[i];
                i += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};

/// For each square of a king, the squares whose contents decide whether it is attacked: its
/// rank and file (rooks, cannons and their screens, the facing king) and the 5 × 5 box around
/// it (horses and their legs, pawns; advisors and elephants never reach a king). A move that
/// neither leaves nor reaches one of these squares leaves that king attacked or not, as it was.
pub(crate) static CHECK_ZONE: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut k = 0;
    while k < 90 {
        let (kf, kr) = ((k % 9) as i32, (k / 9) as i32);
        let mut s: usize = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let near = (f - kf).abs() <= 2 && (r - kr).abs() <= 2;
            if f == kf || r == kr || near {
                t[k] |= 1u128 << s;
            }
            s += 1;
        }
        k += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> usize {
        s.parse::<crate::xiangqi::Square>().unwrap().index()
    }

    #[test]
    fn table_sizes() {
        assert_eq!(HORSE[sq("e4")].len, 8);
        assert_eq!(HORSE[sq("a0")].len, 2);
        assert_eq!(ELEPHANT[sq("e2")].len, 4);
        assert_eq!(ELEPHANT[sq("c4")].len, 2, "no crossing the river");
        assert_eq!(ADVISOR[sq("e1")].len, 4);
        assert_eq!(ADVISOR[sq("d0")].len, 1);
        assert_eq!(ADVISOR[sq("a0")].len, 0);
        assert_eq!(KING[sq("e1")].len, 4);
        assert_eq!(KING[sq("e2")].len, 3);
        assert_eq!(PAWN[0][sq("e3")].len, 1);
        assert_eq!(PAWN[0][sq("e5")].len, 3);
        assert_eq!(PAWN[1][sq("e6")].len, 1);
        assert_eq!(PAWN[1][sq("a4")].len, 2);
        assert_eq!(RAYS[sq("a0")][0].len, 9);
        assert_eq!(RAYS[sq("a0")][3].len, 8);
        assert_eq!(RAY_MASKS[0][0].count_ones(), 9);
        // e0: the rank (9) and file (10) share e0; the box holds c0–g2 (15), 5 of them on
        // the rank or file already.
        assert_eq!(CHECK_ZONE[sq("e0")].count_ones(), 9 + 10 - 1 + 15 - 5 - 2);
    }

    #[test]
    fn horse_leg() {
        let s = HORSE[sq("b0")];
        let pairs: Vec<_> = s.iter().collect();
        assert!(pairs.contains(&(sq("c2"), sq("b1"))));
        assert!(pairs.contains(&(sq("d1"), sq("c0"))));
        let a = HORSE_ATTACKERS[sq("c2")];
        assert!(a.iter().any(|p| p == (sq("b0"), sq("b1"))));
    }
}
