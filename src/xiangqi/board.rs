//! Piece placement: a mailbox of 90 squares plus per-colour occupancy masks.

use super::{
    attacks::{
        ADVISOR, ADVISOR_STEP_MASK, ELEPHANT, ELEPHANT_STEP_MASK, HORSE, HORSE_ATTACKER_MASK,
        HORSE_ATTACKERS, KING, KING_STEP_MASK, PAWN, PAWN_ATTACKER_MASK, PAWN_ATTACKERS,
        PAWN_STEP_MASK, RAY_MASKS, RAYS,
    },
    mv::{Move, MoveList},
    piece::{Color, Piece},
    square::Square,
};

/// Piece codes as stored in the mailbox (see [`Piece::code`]).
pub(crate) mod code {
    pub const EMPTY: u8 = 0;
    pub const KING: u8 = 1;
    pub const ADVISOR: u8 = 2;
    pub const ELEPHANT: u8 = 3;
    pub const HORSE: u8 = 4;
    pub const ROOK: u8 = 5;
    pub const CANNON: u8 = 6;
    pub const PAWN: u8 = 7;
}

/// The result of [`Board::king_danger`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Danger {
    /// The king is attacked now.
    pub check: bool,
    /// Squares a piece may not leave without a king-safety test (includes the king's own).
    pub from: u128,
    /// Squares a piece may not arrive on without a king-safety test.
    pub to: u128,
    /// In check: a legal move leaves a square of `evade_from` (the king's own, a cannon's
    /// screen) or arrives on one of `evade_to` (a checker, a square between a checking rook,
    /// cannon or king and the king, a checking horse's leg). Any move may, in double check.
    pub evade_from: u128,
    /// See `evade_from`.
    pub evade_to: u128,
}

impl Danger {
    /// Counts one more checker, whose check a move lifts by leaving a square of `from` or
    /// arriving on one of `to`.
    fn add_checker(&mut self, from: u128, to: u128) {
        if self.check {
            // A second checker: one move must lift both checks, which these masks cannot
            // say; every move is left to the king-safety test.
            self.evade_from = !0;
            self.evade_to = !0;
        } else {
            self.check = true;
            self.evade_from |= from;
            self.evade_to |= to;
        }
    }
}

/// What a move of one side must touch to give check to the other side's king, when that king
/// is not attacked now: the result of [`Board::check_candidates`]. A superset: a move it lets
/// through may still give no check, a move it stops never does.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CheckCandidates {
    /// By piece code: the squares from which such a piece could attack the king once there
    /// (for rooks, cannons and the flying king, given the pieces on the king's lines now).
    direct: [u128; 8],
    /// Squares whose leaving could uncover an attack: the one piece between the king and a
    /// rook or king of the mover, the two between it and a cannon, a cannon of the mover
    /// nearest the king on its line, and the legs of the mover's horses.
    uncover_from: u128,
    /// Squares whose filling could make a cannon's screen: those between the king and a cannon
    /// of the mover nearest it on its line.
    screen_to: u128,
}

impl CheckCandidates {
    /// Whether the piece with code `piece` moving from square index `from` to `to` may give
    /// check.
    #[inline]
    pub fn move_may_check(&self, piece: u8, from: usize, to: usize) -> bool {
        self.piece_may_check(piece, from, 1u128 << to)
    }

    /// Whether any move of the piece with code `piece` on square index `from` to a square of
    /// `reach` may give check.
    #[inline]
    pub fn piece_may_check(&self, piece: u8, from: usize, reach: u128) -> bool {
        (self.direct[usize::from(piece & 7)] | self.screen_to) & reach != 0
            || self.uncover_from & (1u128 << from) != 0
    }
}

/// Where the pieces stand.
// INVARIANT: `occ[c]` has bit `s` set exactly when `squares[s]` holds a piece of colour `c`;
// bits 90..128 are never set.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    squares: [u8; 90],
    occ: [u128; 2],
}

/// Whether ray `d` of `RAYS` runs towards higher square indices (up and right).
#[inline]
const fn ray_rises(d: usize) -> bool {
    d == 0 || d == 3
}

/// The set squares of a ray mask, nearest to the ray's origin first.
struct RayPieces {
    mask: u128,
    rising: bool,
}

impl Iterator for RayPieces {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.mask == 0 {
            return None;
        }
        let s = if self.rising {
            self.mask.trailing_zeros()
        } else {
            127 - self.mask.leading_zeros()
        };
        self.mask &= !(1u128 << s);
        Some(s as usize)
    }
}

/// The squares of ray `d` from square index `s` before `blocker` (all of the ray when there is
/// none), nearest first.
#[inline]
fn ray_before(s: usize, d: usize, blocker: Option<usize>) -> RayPieces {
    let ray = RAY_MASKS[s][d];
    let rising = ray_rises(d);
    let mask = match blocker {
        None => ray,
        // Rising: the ray's squares below the blocker; falling: those above it.
        Some(b) if rising => ray & ((1u128 << b) - 1),
        Some(b) => ray & !((1u128 << b) | ((1u128 << b) - 1)),
    };
    RayPieces { mask, rising }
}

/// The squares of the set bits of `mask`, in square order.
fn mask_squares(mut mask: u128) -> Vec<Square> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    while mask != 0 {
        let s = mask.trailing_zeros();
        mask &= mask - 1;
        out.push(Square::from_u8(s as u8));
    }
    out
}

#[inline]
const fn color_bit(color: Color) -> u8 {
    (color as u8) << 3
}

impl Board {
    /// The empty board.
    pub const fn empty() -> Board {
        Board {
            squares: [0; 90],
            occ: [0; 2],
        }
    }

    /// The piece code on square index `s` (`0` when empty or out of range).
    #[inline]
    pub fn code(&self, s: usize) -> u8 {
        self.squares.get(s).copied().unwrap_or(code::EMPTY)
    }

    /// The piece on `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.code(sq.index()))
    }

    /// Puts `piece` (or nothing) on `sq`, replacing what was there.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        let s = sq.index();
        let bit = 1u128 << s;
        self.occ[0] &= !bit;
        self.occ[1] &= !bit;
        match piece {
            Some(p) => {
                self.squares[s] = p.code();
                self.occ[p.color.index()] |= bit;
            }
            None => self.squares[s] = code::EMPTY,
        }
    }

    /// Moves whatever stands on `from` to `to`, capturing what stood on `to`. Returns the captured
    /// code.
    #[inline]
    pub fn move_piece(&mut self, from: usize, to: usize) -> u8 {
        let piece = self.code(from);
        let captured = self.code(to);
        if from == to || from >= 90 || to >= 90 || piece == code::EMPTY {
            return code::EMPTY;
        }
        let c = usize::from(piece >> 3) & 1;
        let (fbit, tbit) = (1u128 << from, 1u128 << to);
        self.occ[1 - c] &= !tbit;
        self.occ[c] = (self.occ[c] & !fbit) | tbit;
        self.squares[to] = piece;
        self.squares[from] = code::EMPTY;
        captured
    }

    /// The squares occupied by `color`.
    #[inline]
    pub fn occupied(&self, color: Color) -> u128 {
        self.occ[color.index()]
    }

    /// Pieces in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut rest = self.occ[0] | self.occ[1];
        std::iter::from_fn(move || {
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let sq = Square::from_u8(s as u8);
                if let Some(p) = self.get(sq) {
                    return Some((sq, p));
                }
            }
            None
        })
    }

    /// The square of `color`'s king, searched for; `None` if there is none.
    pub fn find_king(&self, color: Color) -> Option<Square> {
        let k = color_bit(color) | code::KING;
        self.squares
            .iter()
            .position(|&c| c == k)
            .and_then(Square::from_index)
    }

    /// The occupied squares of ray `d` (a direction of `RAYS`) from square index `k`, nearest
    /// first: one bit operation per piece instead of one look per square.
    #[inline]
    fn ray_pieces(&self, k: usize, d: usize) -> RayPieces {
        RayPieces {
            mask: (self.occ[0] | self.occ[1]) & RAY_MASKS[k][d],
            rising: ray_rises(d),
        }
    }

    /// Whether square index `k` (where a piece of colour `us` stands or is assumed to stand) is
    /// attacked by any piece of the other colour, counting the flying general when `k` holds a
    /// king. Advisors and elephants are ignored: they can never reach a king.
    #[inline]
    pub fn king_attacked(&self, k: usize, us: Color) -> bool {
        if k >= 90 {
            return false;
        }
        (0..4).any(|d| self.ray_attacks(k, d, us)) || self.horse_or_pawn_attacks(k, us)
    }

    /// Whether an enemy rook, king (flying) or cannon attacks square index `k` (below 90),
    /// where a piece of colour `us` stands, along ray `d`.
    #[inline]
    fn ray_attacks(&self, k: usize, d: usize, us: Color) -> bool {
        let them = color_bit(us.other());
        let mut pieces = self.ray_pieces(k, d);
        // First piece: rook or (flying) king attack.
        let Some(first) = pieces.next() else {
            return false;
        };
        let first = self.squares[first];
        if first == them | code::ROOK || first == them | code::KING {
            return true;
        }
        // Second piece: cannon attack over the screen.
        pieces
            .next()
            .is_some_and(|s| self.squares[s] == them | code::CANNON)
    }

    /// Whether an enemy horse or pawn attacks square index `k` (below 90), where a piece of
    /// colour `us` stands.
    #[inline]
    fn horse_or_pawn_attacks(&self, k: usize, us: Color) -> bool {
        let them = color_bit(us.other());
        let enemies = self.occ[us.other().index()];
        if enemies & HORSE_ATTACKER_MASK[k] != 0 {
            let horse = them | code::HORSE;
            for (h, leg) in HORSE_ATTACKERS[k].iter() {
                if self.code(h) == horse && self.code(leg) == code::EMPTY {
                    return true;
                }
            }
        }
        if enemies & PAWN_ATTACKER_MASK[us.other().index()][k] != 0 {
            let pawn = them | code::PAWN;
            for (p, _) in PAWN_ATTACKERS[us.other().index()][k].iter() {
                if self.code(p) == pawn {
                    return true;
                }
            }
        }
        false
    }

    /// [`Board::king_attacked`] on a board just reached by a move from square index `from` to
    /// `to`, when square `k` was not attacked before the move: only what the move changed is
    /// asked, the lines of `k` through `from` or `to`, the horses whose leg `from` was, and the
    /// piece now on `to`.
    #[inline]
    pub fn king_attacked_after(&self, k: usize, us: Color, from: usize, to: usize) -> bool {
        if k >= 90 || from >= 90 || to >= 90 {
            return false;
        }
        let them = color_bit(us.other());
        let changed = (1u128 << from) | (1u128 << to);
        let lines = RAY_MASKS[k].iter().enumerate();
        if lines
            .filter(|(_, ray)| *ray & changed != 0)
            .any(|(d, _)| self.ray_attacks(k, d, us))
        {
            return true;
        }
        let horse = them | code::HORSE;
        if self.occ[us.other().index()] & HORSE_ATTACKER_MASK[k] != 0 {
            for (h, leg) in HORSE_ATTACKERS[k].iter() {
                if (h == to || leg == from)
                    && self.code(h) == horse
                    && self.code(leg) == code::EMPTY
                {
                    return true;
                }
            }
        }
        self.code(to) == them | code::PAWN
            && PAWN_ATTACKER_MASK[us.other().index()][k] & (1u128 << to) != 0
    }

    /// What a move of colour `us` must touch to give check to the enemy king on square index
    /// `k`, when that king is not attacked now.
    ///
    /// A move changes the board on two squares: it empties `from` and fills `to` (a capture
    /// leaves `to` filled). So a new attack on the king comes either from the moved piece,
    /// which must arrive where a piece of its kind would attack the king, or from another
    /// piece whose path the move changed: a rook's, king's or cannon's line through `from`,
    /// a cannon's line through `to` (a new screen), or a horse's leg on `from`.
    ///
    /// Why the pieces on the king's lines now say where the moved rook or cannon would attack
    /// from: were `from` on such a line between the king and the piece's own `to`, the piece
    /// would have attacked the king from `from` already, which the caller rules out.
    pub fn check_candidates(&self, k: usize, us: Color) -> CheckCandidates {
        let mine = color_bit(us);
        let mut out = CheckCandidates {
            direct: [0; 8],
            uncover_from: 0,
            screen_to: 0,
        };
        if k >= 90 {
            return out;
        }
        for d in 0..4 {
            let mut pieces = self.ray_pieces(k, d);
            let first = pieces.next();
            let second = pieces.next();
            let third = pieces.next();
            let bit = |s: Option<usize>| s.map_or(0, |s| 1u128 << s);
            let is = |s: Option<usize>, role: u8| s.is_some_and(|s| self.squares[s] == mine | role);
            // A rook attacks from the ray's squares up to and including the first piece.
            let before_first = ray_before(k, d, first).mask;
            let open = before_first | bit(first);
            out.direct[usize::from(code::ROOK)] |= open;
            // The files (rays 0 and 1): the flying king.
            if d < 2 {
                out.direct[usize::from(code::KING)] |= open;
            }
            // A cannon attacks from beyond the first piece up to and including the second.
            if first.is_some() {
                let screened = ray_before(k, d, second).mask | bit(second);
                out.direct[usize::from(code::CANNON)] |= screened & !open;
            }
            // The one piece between the king and a rook or king of the mover uncovers it by
            // leaving; so does either of the two between the king and a cannon.
            if is(second, code::ROOK) || is(second, code::KING) {
                out.uncover_from |= bit(first);
            }
            if is(third, code::CANNON) {
                out.uncover_from |= bit(first) | bit(second);
            }
            // A cannon of the mover first on the ray: a piece arriving between makes its
            // screen, and the cannon itself may capture beyond the next piece, which then
            // screens it (the one case where the piece's own leaving matters).
            if is(first, code::CANNON) {
                out.screen_to |= before_first;
                out.uncover_from |= bit(first);
            }
        }
        for (h, leg) in HORSE_ATTACKERS[k].iter() {
            if self.code(leg) == code::EMPTY {
                out.direct[usize::from(code::HORSE)] |= 1u128 << h;
            } else if self.code(h) == mine | code::HORSE {
                out.uncover_from |= 1u128 << leg;
            }
        }
        out.direct[usize::from(code::PAWN)] = PAWN_ATTACKER_MASK[us.index()][k];
        out
    }

    /// What a move of colour `us` must avoid for its king on square index `k`.
    ///
    /// When not in check, a move that is not a king move can only expose the king by leaving a
    /// square in `from` (a ray of the king holding an enemy rook, cannon or king, or a leg
    /// blocking an enemy horse) or by arriving on a square in `to` (a ray of the king holding an
    /// enemy cannon: a new screen). Other moves need no test.
    #[inline]
    pub fn king_danger(&self, k: usize, us: Color) -> Danger {
        let them = color_bit(us.other());
        let mut danger = Danger {
            check: false,
            from: 1u128 << k,
            to: 0,
            evade_from: 1u128 << k,
            evade_to: 0,
        };
        if k >= 90 {
            return danger;
        }
        // A move changes how many pieces stand between the king and a line piece by one at
        // most: it empties `from` or fills an empty `to` (a capture leaves `to` filled). So
        // only the first three pieces of each ray matter: a rook or king with one piece
        // before it, a cannon with none (a new screen), one (check) or two (one leaves).
        for d in 0..4 {
            let mut pieces = self.ray_pieces(k, d);
            let Some(first) = pieces.next() else {
                continue;
            };
            let second = pieces.next();
            let third = pieces.next();
            let is = |s: Option<usize>, role: u8| s.is_some_and(|s| self.squares[s] == them | role);
            let bit = |s: Option<usize>| s.map_or(0, |s| 1u128 << s);
            // The ray's squares from the king up to `s`.
            let line = |s: usize| ray_before(k, d, Some(s)).mask;
            if is(Some(first), code::ROOK) || is(Some(first), code::KING) {
                danger.add_checker(0, line(first) | (1u128 << first));
            }
            if is(Some(first), code::CANNON) {
                danger.to |= line(first);
            }
            if is(second, code::ROOK) || is(second, code::KING) {
                danger.from |= 1u128 << first;
            }
            if let Some(screened) = second.filter(|_| is(second, code::CANNON)) {
                let line = line(screened);
                danger.add_checker(line, line | (1u128 << screened));
            }
            if is(third, code::CANNON) {
                danger.from |= (1u128 << first) | bit(second);
            }
        }
        let enemies = self.occ[us.other().index()];
        if enemies & HORSE_ATTACKER_MASK[k] != 0 {
            let horse = them | code::HORSE;
            for (h, leg) in HORSE_ATTACKERS[k].iter() {
                if self.code(h) == horse {
                    if self.code(leg) == code::EMPTY {
                        danger.add_checker(0, (1u128 << h) | (1u128 << leg));
                    } else {
                        danger.from |= 1u128 << leg;
                    }
                }
            }
        }
        if enemies & PAWN_ATTACKER_MASK[us.other().index()][k] != 0 {
            let pawn = them | code::PAWN;
            for (p, _) in PAWN_ATTACKERS[us.other().index()][k].iter() {
                if self.code(p) == pawn {
                    danger.add_checker(0, 1u128 << p);
                }
            }
        }
        danger
    }

    /// All pieces of colour `by` that attack square index `t` pseudo-legally, as if `t` held an
    /// enemy piece, in square order. A king attacks along an open file only when `t` holds the
    /// other king.
    pub fn attackers_of(&self, t: usize, by: Color) -> Vec<Square> {
        mask_squares(self.attackers_mask(t, by))
    }

    /// [`Board::attackers_of`] as a bit mask of square indices.
    pub fn attackers_mask(&self, t: usize, by: Color) -> u128 {
        if t >= 90 {
            return 0;
        }
        let target_is_enemy_king = self.code(t) == color_bit(by.other()) | code::KING;
        self.movers_mask(t, by, true, target_is_enemy_king)
    }

    /// The pieces of colour `by` with a pseudo-legal move to square index `t` (below 90), as a
    /// bit mask: as captures when `capture` (a cannon needs a screen), as moves to an empty
    /// point otherwise (a cannon needs a clear line). `flying`: a king on the file attacks `t`
    /// (it holds the other king).
    fn movers_mask(&self, t: usize, by: Color, capture: bool, flying: bool) -> u128 {
        let mut out = 0u128;
        let b = color_bit(by);
        for d in 0..4 {
            let mut pieces = self.ray_pieces(t, d);
            let Some(first) = pieces.next() else {
                continue;
            };
            let c = self.squares[first];
            let king = d < 2 && flying && c == b | code::KING;
            let cannon = !capture && c == b | code::CANNON;
            if c == b | code::ROOK || king || cannon {
                out |= 1u128 << first;
            }
            if capture {
                if let Some(second) = pieces.next() {
                    if self.squares[second] == b | code::CANNON {
                        out |= 1u128 << second;
                    }
                }
            }
        }
        for (h, leg) in HORSE_ATTACKERS[t].iter() {
            if self.code(h) == b | code::HORSE && self.code(leg) == code::EMPTY {
                out |= 1u128 << h;
            }
        }
        for (e, eye) in ELEPHANT[t].iter() {
            if self.code(e) == b | code::ELEPHANT && self.code(eye) == code::EMPTY {
                out |= 1u128 << e;
            }
        }
        for (a, _) in ADVISOR[t].iter() {
            if self.code(a) == b | code::ADVISOR {
                out |= 1u128 << a;
            }
        }
        for (k, _) in KING[t].iter() {
            if self.code(k) == b | code::KING {
                out |= 1u128 << k;
            }
        }
        for (p, _) in PAWN_ATTACKERS[by.index()][t].iter() {
            if self.code(p) == b | code::PAWN {
                out |= 1u128 << p;
            }
        }
        out
    }

    /// The pieces of colour `by` with a pseudo-legal move to square index `t`, whatever stands
    /// there, as a bit mask; none when a piece of `by` stands there. The pieces of
    /// [`Board::piece_moves`] that list a move to `t`.
    pub fn movers_to_mask(&self, t: usize, by: Color) -> u128 {
        let c = self.code(t);
        if t >= 90 || (c != code::EMPTY && c & !7 == color_bit(by)) {
            return 0;
        }
        let capture = c != code::EMPTY;
        self.movers_mask(t, by, capture, c == color_bit(by.other()) | code::KING)
    }

    /// The squares the piece on square index `s` could move to on an empty board (legs, eyes,
    /// screens and its own pieces aside): a superset of [`Board::reach_mask`] read from tables.
    /// Every kind counts, advisors and elephants too: they may block a check or make a
    /// cannon's screen.
    #[inline]
    pub fn span_mask(&self, s: usize) -> u128 {
        let piece = self.code(s);
        let Some(rays) = RAY_MASKS.get(s) else {
            return 0;
        };
        match piece & 7 {
            code::ROOK | code::CANNON => rays[0] | rays[1] | rays[2] | rays[3],
            // Horse moves are symmetric: a horse reaches the squares whose horses reach it.
            code::HORSE => HORSE_ATTACKER_MASK[s],
            code::KING => KING_STEP_MASK[s],
            code::ADVISOR => ADVISOR_STEP_MASK[s],
            code::ELEPHANT => ELEPHANT_STEP_MASK[s],
            code::PAWN => PAWN_STEP_MASK[usize::from(piece >> 3) & 1][s],
            _ => 0,
        }
    }

    /// The destinations of the pseudo-legal moves of the piece on square index `s`, as a bit
    /// mask: the squares of [`Board::piece_moves`].
    pub fn reach_mask(&self, s: usize) -> u128 {
        let piece = self.code(s);
        if s >= 90 || !matches!(piece & 7, code::ROOK | code::CANNON) {
            let mut mask = 0u128;
            self.piece_targets(s, |to| mask |= 1u128 << to);
            return mask;
        }
        // A rook or cannon: each ray up to its first piece, whole, and the piece it may take.
        let own = self.occ[usize::from(piece >> 3) & 1];
        let mut mask = 0u128;
        for d in 0..4 {
            let mut pieces = self.ray_pieces(s, d);
            let first = pieces.next();
            mask |= ray_before(s, d, first).mask;
            let taken = if piece & 7 == code::ROOK {
                first
            } else {
                pieces.next()
            };
            if let Some(t) = taken {
                mask |= (1u128 << t) & !own;
            }
        }
        mask
    }

    /// Pushes the pseudo-legal moves of the piece on square index `s` (if any): moves to empty
    /// squares and captures of enemy pieces, ignoring the safety of the mover's own king.
    #[inline]
    pub fn piece_moves(&self, s: usize, list: &mut MoveList) {
        let from = Square::from_u8(s as u8);
        self.piece_targets(s, |to| {
            list.push(Move::new(from, Square::from_u8(to as u8)))
        });
    }

    /// Calls `found` with the destination of every pseudo-legal move of the piece on square
    /// index `s`, in the order [`Board::piece_moves`] lists them.
    #[inline]
    pub(crate) fn piece_targets(&self, s: usize, mut found: impl FnMut(usize)) {
        let piece = self.code(s);
        if piece == code::EMPTY || s >= 90 {
            return;
        }
        let color = usize::from(piece >> 3) & 1;
        let own = self.occ[color];
        let mut add = |to: usize| {
            if own & (1u128 << to) == 0 {
                found(to);
            }
        };
        match piece & 7 {
            code::ROOK => {
                for d in 0..4 {
                    let mut pieces = self.ray_pieces(s, d);
                    let first = pieces.next();
                    for t in ray_before(s, d, first) {
                        add(t);
                    }
                    if let Some(first) = first {
                        add(first);
                    }
                }
            }
            code::CANNON => {
                for d in 0..4 {
                    let mut pieces = self.ray_pieces(s, d);
                    let first = pieces.next();
                    for t in ray_before(s, d, first) {
                        add(t);
                    }
                    // Over the screen, the first piece beyond it.
                    if let Some(second) = pieces.next() {
                        add(second);
                    }
                }
            }
            code::HORSE => {
                for (t, leg) in HORSE[s].iter() {
                    if self.squares[leg] == code::EMPTY {
                        add(t);
                    }
                }
            }
            code::ELEPHANT => {
                for (t, eye) in ELEPHANT[s].iter() {
                    if self.squares[eye] == code::EMPTY {
                        add(t);
                    }
                }
            }
            code::ADVISOR => {
                for (t, _) in ADVISOR[s].iter() {
                    add(t);
                }
            }
            code::KING => {
                for (t, _) in KING[s].iter() {
                    add(t);
                }
                // Flying general: capture the other king along an open file.
                let ray = if color == 0 { &RAYS[s][0] } else { &RAYS[s][1] };
                for t in ray.iter() {
                    let c = self.squares[t];
                    if c != code::EMPTY {
                        if c & 7 == code::KING && usize::from(c >> 3) != color {
                            add(t);
                        }
                        break;
                    }
                }
            }
            code::PAWN => {
                for (t, _) in PAWN[color][s].iter() {
                    add(t);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Role;

    #[test]
    fn set_and_move_keep_occupancy() {
        let mut b = Board::empty();
        let e0: Square = "e0".parse().unwrap();
        let e1: Square = "e1".parse().unwrap();
        b.set(e0, Some(Piece::new(Color::Red, Role::King)));
        b.set(e1, Some(Piece::new(Color::Black, Role::Rook)));
        assert_eq!(b.occupied(Color::Red), 1 << e0.index());
        let captured = b.move_piece(e0.index(), e1.index());
        assert_eq!(captured, 8 | code::ROOK);
        assert_eq!(b.occupied(Color::Red), 1 << e1.index());
        assert_eq!(b.occupied(Color::Black), 0);
        assert_eq!(b.find_king(Color::Red), Some(e1));
        // Moving from an empty square changes nothing.
        assert_eq!(b.move_piece(e0.index(), 0), code::EMPTY);
        assert_eq!(b.pieces().count(), 1);
    }
}
