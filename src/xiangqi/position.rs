//! Validated positions and the rules of movement.

use std::hash::{Hash, Hasher};

use super::{
    attacks::CHECK_ZONE,
    board::{Board, CheckCandidates, Danger, code},
    mv::{Move, MoveList},
    piece::{Color, Piece, Role},
    setup::{PositionError, Setup},
    square::Square,
    square_set::SquareSet,
};

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameOutcome {
    /// The given side has lost: it is to move and has no legal move (checkmate or stalemate —
    /// in xiangqi both lose).
    Loss(Color),
}

impl GameOutcome {
    /// The side that won.
    #[must_use]
    pub const fn winner(self) -> Color {
        match self {
            GameOutcome::Loss(c) => c.other(),
        }
    }
}

/// The move is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("`{mv}` is not a legal move here")]
pub struct IllegalMove {
    /// The rejected move.
    pub mv: Move,
}

/// A legal xiangqi position: a placement that satisfies the placement rules, and a side to move.
///
/// Positions are small (`Copy`, 144 bytes) and are updated by copy-make
/// ([`Position::play`]).
///
/// # Equality
///
/// Two positions are equal (and hash alike) exactly when they have the same pieces on the same
/// squares and the same side to move. This is the notion of "the same position" used by the
/// repetition rule; there is no move counter or history in a `Position`.
///
/// ```
/// use xqlaw::Position;
/// let start = Position::startpos();
/// let again = ["h2e2", "h9g7", "e2h2", "g7h9"]
///     .iter()
///     .try_fold(start, |p, m| p.play(m.parse().unwrap()))
///     .unwrap();
/// assert_eq!(again, start);
/// ```
#[derive(Clone, Copy)]
pub struct Position {
    board: Board,
    // INVARIANT: `kings[c]` is the square of colour `c`'s king (kept up to date by every move).
    kings: [Square; 2],
    turn: Color,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.turn == other.turn && self.board == other.board
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.turn.hash(state);
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Position").field(&self.to_fen()).finish()
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

/// The start position's FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

impl Position {
    /// The initial position, Red to move.
    #[must_use]
    pub fn startpos() -> Position {
        let mut setup = Setup::empty();
        let back = [
            Role::Rook,
            Role::Horse,
            Role::Elephant,
            Role::Advisor,
            Role::King,
            Role::Advisor,
            Role::Elephant,
            Role::Horse,
            Role::Rook,
        ];
        for (file, role) in (0u8..).zip(back) {
            set(&mut setup, file, 0, Color::Red, role);
            set(&mut setup, file, 9, Color::Black, role);
        }
        for file in [1, 7] {
            set(&mut setup, file, 2, Color::Red, Role::Cannon);
            set(&mut setup, file, 7, Color::Black, Role::Cannon);
        }
        for file in [0, 2, 4, 6, 8] {
            set(&mut setup, file, 3, Color::Red, Role::Pawn);
            set(&mut setup, file, 6, Color::Black, Role::Pawn);
        }
        Position::from_setup_unchecked(&setup)
    }

    /// Validates a setup (see [`PositionError`] for the rules) and makes it a position. Reports
    /// the first broken rule; [`Setup::validate`] lists them all.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        match setup.validate().into_iter().next() {
            Some(e) => Err(e),
            None => Ok(Position::from_setup_unchecked(&setup)),
        }
    }

    fn from_setup_unchecked(setup: &Setup) -> Position {
        let board = setup.make_board();
        let king = |c| board.find_king(c).unwrap_or(Square::from_u8(0));
        Position {
            kings: [king(Color::Red), king(Color::Black)],
            board,
            turn: setup.turn,
        }
    }

    /// The placement and side to move as an (unvalidated) [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::empty();
        for (sq, p) in self.pieces() {
            s.set(sq, Some(p));
        }
        s.turn = self.turn;
        s
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq)
    }

    /// All pieces with their squares, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.board.pieces()
    }

    /// The squares of `color`'s pieces.
    #[must_use]
    pub fn occupied(&self, color: Color) -> SquareSet {
        SquareSet::from_mask(self.board.occupied(color))
    }

    /// The square of `color`'s king.
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Whether the side to move is in check (the flying general counts).
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.board
            .king_attacked(self.king(self.turn).index(), self.turn)
    }

    /// [`Position::is_check`] for a position just reached by `m`, when the side now to move was
    /// not in check before `m`: only the lines and squares `m` changed are asked.
    #[inline]
    pub(crate) fn is_check_after(&self, m: Move) -> bool {
        self.board.king_attacked_after(
            self.king(self.turn).index(),
            self.turn,
            m.from.index(),
            m.to.index(),
        )
    }

    /// The squares that decide whether `color`'s king is attacked: its rank and file and the
    /// 5 × 5 box around it. A move that neither leaves nor reaches one of them leaves the
    /// pieces that attack that king as they were.
    #[must_use]
    pub fn king_zone(&self, color: Color) -> SquareSet {
        SquareSet::from_mask(CHECK_ZONE[self.king(color).index()])
    }

    /// The enemy pieces giving check to the side to move, in square order. A king facing the
    /// other king on an open file gives check.
    #[must_use]
    pub fn checkers(&self) -> Vec<Square> {
        self.board
            .attackers_of(self.king(self.turn).index(), self.turn.other())
    }

    /// The squares the piece on `sq` could move to or capture on, whoever is to move and ignoring
    /// the safety of its own king: empty squares and squares with enemy pieces. Empty when `sq`
    /// is empty. In square order.
    #[must_use]
    pub fn attacks_from(&self, sq: Square) -> Vec<Square> {
        self.reach(sq).iter().collect()
    }

    /// [`Position::attacks_from`] as a set.
    #[must_use]
    pub fn reach(&self, sq: Square) -> SquareSet {
        SquareSet::from_mask(self.board.reach_mask(sq.index()))
    }

    /// The pieces of `by` that could capture on `target` if it held an enemy piece, ignoring the
    /// safety of their own king, in square order. With a friendly piece on `target` these are
    /// its defenders. A king attacks along an open file only when `target` holds the other king
    /// (the flying general).
    #[must_use]
    pub fn attackers_of(&self, target: Square, by: Color) -> Vec<Square> {
        self.board.attackers_of(target.index(), by)
    }

    /// [`Position::attackers_of`] as a set.
    #[must_use]
    pub fn attackers(&self, target: Square, by: Color) -> SquareSet {
        SquareSet::from_mask(self.board.attackers_mask(target.index(), by))
    }

    /// All legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let legality = self.legality();
        let mut occ = self.board.occupied(self.turn);
        while occ != 0 {
            let s = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            if legality.may_move(&self.board, s) {
                self.board.piece_moves(s, &mut list);
            }
        }
        list.retain(|m| legality.allows(self, m));
        list
    }

    /// Whether the side to move has a legal move: `!legal_moves().is_empty()`, stopping at
    /// the first legal move found.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let legality = self.legality();
        let mut list = MoveList::new();
        let mut occ = self.board.occupied(self.turn);
        while occ != 0 {
            let s = occ.trailing_zeros() as usize;
            occ &= occ - 1;
            if !legality.may_move(&self.board, s) {
                continue;
            }
            list.clear();
            self.board.piece_moves(s, &mut list);
            if list.iter().any(|&m| legality.allows(self, m)) {
                return true;
            }
        }
        false
    }

    /// Whether the side to move has a legal move to `sq`: `legal_moves().iter().any(|m| m.to
    /// == sq)`, asking only the pieces that reach `sq`.
    #[must_use]
    pub fn has_legal_move_to(&self, sq: Square) -> bool {
        let legality = self.legality();
        SquareSet::from_mask(self.board.movers_to_mask(sq.index(), self.turn))
            .iter()
            .any(|from| legality.allows(self, Move::new(from, sq)))
    }

    /// The squares of the pieces of the side to move with a legal move to `sq`: the `from` of
    /// the moves of `legal_moves()` to `sq`, which come in square order there too.
    #[must_use]
    pub fn legal_movers_to(&self, sq: Square) -> SquareSet {
        let legality = self.legality();
        SquareSet::from_mask(self.board.movers_to_mask(sq.index(), self.turn))
            .iter()
            .filter(|&from| legality.allows(self, Move::new(from, sq)))
            .collect()
    }

    /// The destinations of the legal moves of the piece on `sq`, if it belongs to the side to
    /// move (empty otherwise): the `to` of the moves of `legal_moves()` from `sq`.
    #[must_use]
    pub fn legal_targets_from(&self, sq: Square) -> SquareSet {
        if self.board.occupied(self.turn) & (1u128 << sq.index()) == 0 {
            return SquareSet::EMPTY;
        }
        let legality = self.legality();
        self.reach(sq)
            .iter()
            .filter(|&to| legality.allows(self, Move::new(sq, to)))
            .collect()
    }

    /// [`Position::legal_moves`] piece by piece, in the same order (a piece's list may be
    /// empty). A caller that may stop at some move, as the mate search does at the first reply
    /// that escapes, generates the moves of no piece after it.
    pub(crate) fn legal_moves_by_piece(&self) -> impl Iterator<Item = PieceMoves> + '_ {
        let legality = self.legality();
        // The same table lookup as `legal_moves`: in check, most pieces cannot help.
        let movers: SquareSet = self
            .own_pieces()
            .iter()
            .filter(|from| legality.may_move(&self.board, from.index()))
            .collect();
        movers
            .iter()
            .map(move |from| self.legal_moves_from(from, &legality))
    }

    /// The legal moves of the piece on `sq` of the side to move, in the order of
    /// [`Position::legal_moves`]; `legality` is this position's.
    pub(crate) fn legal_moves_from(&self, sq: Square, legality: &Legality) -> PieceMoves {
        let mut list = PieceMoves::default();
        if self.board.occupied(self.turn) & (1u128 << sq.index()) != 0 {
            self.board.piece_targets(sq.index(), |to| {
                let m = Move::new(sq, Square::from_u8(to as u8));
                if legality.allows(self, m) {
                    list.push(m);
                }
            });
        }
        list
    }

    /// The legal captures of enemy pieces other than the king by the side to move: the
    /// moves of [`Position::legal_moves`] that take such a piece, in the same order. Only the
    /// pieces that reach such a piece are asked, and only their captures are tested for the
    /// safety of their king: threats, blocks and evasions ask about captures alone.
    #[must_use]
    pub fn legal_captures(&self) -> MoveList {
        let enemy = self.turn().other();
        let victims = self.occupied(enemy).without(self.king(enemy));
        let mut list = MoveList::new();
        if victims.is_empty() {
            return list;
        }
        // Computed once some piece has a capture: many positions of a capture search have
        // none.
        let mut legality = None;
        for from in self.occupied(self.turn()).iter() {
            // A table lookup rules out most pieces before their moves are generated: a piece
            // with no victim within its span has no capture.
            if self.board.span_mask(from.index()) & victims.mask() == 0 {
                continue;
            }
            let caps = SquareSet::intersection(self.reach(from), victims);
            let mut only = caps.iter();
            match (only.next(), only.next()) {
                (None, _) => {}
                (Some(to), None) => {
                    let m = Move { from, to };
                    if legality
                        .get_or_insert_with(|| self.legality())
                        .allows(self, m)
                    {
                        list.push(m);
                    }
                }
                // Several: in the order the piece's moves are listed, king safety asked of
                // the captures alone.
                _ => {
                    let legality = legality.get_or_insert_with(|| self.legality());
                    self.board.piece_targets(from.index(), |to| {
                        let m = Move::new(from, Square::from_u8(to as u8));
                        if caps.contains(m.to) && legality.allows(self, m) {
                            list.push(m);
                        }
                    });
                }
            }
        }
        list
    }

    /// The number of legal moves of the piece on `sq` of the side to move, whose pseudo-legal
    /// destinations are `reach`; `legality` is this position's. Counted without a look at any
    /// move when none of them needs a king-safety test.
    pub(crate) fn count_legal_from(
        &self,
        sq: Square,
        reach: SquareSet,
        legality: &Legality,
    ) -> usize {
        if self.board.occupied(self.turn) & (1u128 << sq.index()) == 0 {
            return 0;
        }
        if legality.needs_no_test(sq, reach) {
            return reach.len();
        }
        reach
            .iter()
            .filter(|&to| legality.allows(self, Move::new(sq, to)))
            .count()
    }

    /// The squares of the side to move's pieces.
    pub(crate) fn own_pieces(&self) -> SquareSet {
        SquareSet::from_mask(self.board.occupied(self.turn))
    }

    /// What decides the legality of the side to move's pseudo-legal moves here.
    pub(crate) fn legality(&self) -> Legality {
        let king = self.king(self.turn).index();
        Legality {
            danger: self.board.king_danger(king, self.turn),
            zone: CHECK_ZONE[king],
        }
    }

    /// What a move of the side to move must touch to give check, when the opponent's king is
    /// not attacked now: see [`Board::check_candidates`].
    #[inline]
    pub(crate) fn check_candidates(&self) -> CheckCandidates {
        let them = self.turn.other();
        self.board
            .check_candidates(self.king(them).index(), self.turn)
    }

    /// Whether the legal move `m` may give check, by `candidates` (this position's
    /// [`Position::check_candidates`]). False only for a move that gives no check.
    #[inline]
    pub(crate) fn may_give_check(&self, candidates: &CheckCandidates, m: Move) -> bool {
        let (from, to) = (m.from.index(), m.to.index());
        candidates.move_may_check(self.board.code(from), from, to)
    }

    /// The legal moves of the piece on `from` (of the side to move) that may give check by
    /// `candidates`, in the order of [`Position::legal_moves`]. A table lookup finds most pieces
    /// unable to give check before any move is generated; this position's
    /// `legality` is computed on first need: most turns have no piece that could check.
    pub(crate) fn legal_checks_from(
        &self,
        from: Square,
        candidates: &CheckCandidates,
        legality: &mut Option<Legality>,
    ) -> PieceMoves {
        let mut list = PieceMoves::default();
        let s = from.index();
        let piece = self.board.code(s);
        if self.board.occupied(self.turn) & (1u128 << s) == 0
            || !candidates.piece_may_check(piece, s, self.board.span_mask(s))
        {
            return list;
        }
        let legality = legality.get_or_insert_with(|| self.legality());
        self.board.piece_targets(s, |to| {
            let m = Move::new(from, Square::from_u8(to as u8));
            if candidates.move_may_check(piece, s, to) && legality.allows(self, m) {
                list.push(m);
            }
        });
        list
    }

    /// Whether a move of the piece on `from` to a square of `reach` may give check, by
    /// `candidates`. False only when none of them gives check.
    #[inline]
    pub(crate) fn piece_may_give_check(
        &self,
        candidates: &CheckCandidates,
        from: Square,
        reach: SquareSet,
    ) -> bool {
        let from = from.index();
        candidates.piece_may_check(self.board.code(from), from, reach.mask())
    }

    /// Number of legal moves: `legal_moves().len()`.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Whether the pseudo-legal move `m` keeps the mover's king safe.
    #[inline]
    fn is_safe(&self, m: Move) -> bool {
        let mut b = self.board;
        let (from, to) = (m.from.index(), m.to.index());
        b.move_piece(from, to);
        let king = if from == self.king(self.turn).index() {
            to
        } else {
            self.king(self.turn).index()
        };
        !b.king_attacked(king, self.turn)
    }

    /// Whether `m` is a legal move for the side to move.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from.index();
        if self.board.occupied(self.turn) & (1u128 << from) == 0 {
            return false;
        }
        let mut list = MoveList::new();
        self.board.piece_moves(from, &mut list);
        list.contains(&m) && self.is_safe(m)
    }

    /// Plays a legal move, returning the new position (copy-make).
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if self.is_legal(m) {
            let mut p = *self;
            p.play_unchecked(m);
            Ok(p)
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// Plays a move in place without checking it. The caller guarantees legality; an illegal
    /// move leaves some (memory-safe) position that may break the placement rules.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let (from, to) = (m.from.index(), m.to.index());
        let piece = self.board.code(from);
        if piece & 7 == code::KING {
            let c = usize::from(piece >> 3) & 1;
            self.kings[c] = m.to;
        }
        self.board.move_piece(from, to);
        self.turn = self.turn.other();
    }

    /// The same placement with the other side to move: a "null move", as in "if the opponent
    /// passed". The result may have the side not to move in check.
    #[must_use]
    pub fn pass(&self) -> Position {
        let mut p = *self;
        p.turn = self.turn.other();
        p
    }

    /// Whether the side to move is in check and has no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is not in check but has no legal move. In xiangqi this loses
    /// too.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// `Some(GameOutcome::Loss(side to move))` when the side to move has no legal move.
    #[must_use]
    pub fn outcome(&self) -> Option<GameOutcome> {
        (!self.has_legal_move()).then_some(GameOutcome::Loss(self.turn))
    }

    /// Whether `m` captures an enemy piece.
    #[must_use]
    pub fn is_capture(&self, m: Move) -> bool {
        self.board.occupied(self.turn.other()) & (1u128 << m.to.index()) != 0
    }
}

/// The moves of one piece: at most 17 (a rook or cannon in the middle of an empty board), so
/// they fit in a small list on the stack.
#[derive(Clone, Copy)]
pub(crate) struct PieceMoves {
    moves: [Move; PIECE_MOVES_CAPACITY],
    len: usize,
}

/// The most moves one piece has: 9 along a file and 8 along a rank.
const PIECE_MOVES_CAPACITY: usize = 17;

impl Default for PieceMoves {
    fn default() -> PieceMoves {
        PieceMoves {
            moves: [Move::new(Square::from_u8(0), Square::from_u8(0)); PIECE_MOVES_CAPACITY],
            len: 0,
        }
    }
}

impl PieceMoves {
    fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for PieceMoves {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }
}

/// The king-safety facts of a position that decide which pseudo-legal moves of the side to
/// move are legal, computed once for all its moves.
pub(crate) struct Legality {
    danger: Danger,
    /// The squares that decide whether the mover's king is attacked.
    zone: u128,
}

impl Legality {
    /// Whether every pseudo-legal move from `from` to a square of `reach` is legal without a
    /// test: the fast path of [`Legality::allows`] holds for each.
    #[inline]
    fn needs_no_test(&self, from: Square, reach: SquareSet) -> bool {
        let danger = &self.danger;
        !danger.check && danger.from & (1u128 << from.index()) == 0 && danger.to & reach.mask() == 0
    }

    /// Whether the piece on square index `s` may have a legal move: false only in check, for
    /// a piece that can neither reach a square the check needs nor leave one (a table lookup
    /// spares generating its moves).
    #[inline]
    fn may_move(&self, board: &Board, s: usize) -> bool {
        let danger = &self.danger;
        !danger.check
            || danger.evade_from & (1u128 << s) != 0
            || danger.evade_to & board.span_mask(s) != 0
    }

    /// Whether the pseudo-legal move `m` of the side to move in `pos` is legal.
    #[inline]
    pub(crate) fn allows(&self, pos: &Position, m: Move) -> bool {
        let (from, to) = (1u128 << m.from.index(), 1u128 << m.to.index());
        let danger = &self.danger;
        // See `Board::king_danger`: most moves need no king-safety test.
        if !danger.check && danger.from & from == 0 && danger.to & to == 0 {
            return true;
        }
        // In check, a move that touches nothing the check depends on leaves it standing
        // (the king's own square is in its zone and in `evade_from`, so king moves are
        // always tested).
        if danger.check
            && (self.zone & (from | to) == 0
                || danger.evade_from & from == 0 && danger.evade_to & to == 0)
        {
            return false;
        }
        pos.is_safe(m)
    }
}

fn set(setup: &mut Setup, file: u8, rank: u8, color: Color, role: Role) {
    if let Some(sq) = Square::new(file, rank) {
        setup.set(sq, Some(Piece::new(color, role)));
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.to_setup()
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(s: Setup) -> Result<Position, PositionError> {
        Position::from_setup(s)
    }
}

/// Test positions: from each FEN, `walks` random walks of 0, `step`, 2·`step`… legal moves
/// (one fixed pseudo-random sequence from `seed`, so every run sees the same positions), each
/// position also with the other side to move. Shared by the engine's and the mate search's
/// tests, which compare fast paths against plain ones on them.
#[cfg(test)]
pub(crate) fn random_walks(
    fens: &[&str],
    mut seed: u64,
    walks: usize,
    step: usize,
) -> Vec<Position> {
    let mut out = Vec::new();
    for fen in fens {
        let start = Position::from_fen(fen).unwrap();
        for walk in 0..walks {
            let mut p = start;
            for _ in 0..walk * step {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                p.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
            out.push(p);
            out.push(p.pass());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::{mv, pos, sq};

    /// Legal destinations of the piece on `from`, as sorted text.
    fn dests(p: &Position, from: &str) -> Vec<String> {
        let mut v: Vec<String> = p
            .legal_moves()
            .iter()
            .filter(|m| m.from == sq(from))
            .map(|m| m.to.to_string())
            .collect();
        v.sort();
        v
    }

    fn text(v: &[Square]) -> Vec<String> {
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn start_position() {
        let p = Position::startpos();
        assert_eq!(p.legal_moves().len(), 44);
        assert_eq!(p.king(Color::Red), sq("e0"));
        assert_eq!(p.king(Color::Black), sq("e9"));
        assert_eq!(p.pieces().count(), 32);
        assert!(!p.is_check());
        assert_eq!(p.outcome(), None);
        assert!(size_of::<Position>() <= 144);
        assert_eq!(Position::from_setup(p.to_setup()), Ok(p));
    }

    #[test]
    fn king_and_advisor_stay_in_palace() {
        let p = pos("5k3/9/9/9/9/9/9/9/4A4/3K5 w");
        assert_eq!(dests(&p, "d0"), ["d1", "e0"]);
        assert_eq!(dests(&p, "e1"), ["d2", "f0", "f2"]);
        // d0 would face the black king on d9 (flying general).
        let p = pos("3k5/9/9/9/9/9/9/9/9/4K4 w");
        assert_eq!(dests(&p, "e0"), ["e1", "f0"]);
    }

    #[test]
    fn elephant_eye_and_river() {
        let p = pos("3k5/9/9/9/9/2E6/9/9/9/4K4 w");
        assert_eq!(dests(&p, "c4"), ["a2", "e2"], "cannot cross the river");
        let p = pos("3k5/9/9/9/9/2E6/3p5/9/9/4K4 w");
        assert_eq!(dests(&p, "c4"), ["a2"], "eye on d3 blocked");
    }

    #[test]
    fn horse_legs() {
        // The pawn on e3 blocks the leg towards rank 2.
        let p = pos("3k5/9/9/9/9/4H4/4P4/9/9/4K4 w");
        assert_eq!(dests(&p, "e4"), ["c3", "c5", "d6", "f6", "g3", "g5"]);
    }

    #[test]
    fn rook_and_cannon() {
        let p = pos("5k3/9/9/9/9/1p7/9/9/9/RC1K5 w");
        assert_eq!(
            dests(&p, "a0"),
            ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"]
        );
        // Nothing to capture beyond the screen on b4; the king blocks the rank.
        assert_eq!(dests(&p, "b0"), ["b1", "b2", "b3", "c0"]);
        let p = pos("5k3/9/9/1r7/9/1p7/9/9/9/RC1K5 w");
        assert_eq!(dests(&p, "b0"), ["b1", "b2", "b3", "b6", "c0"]);
        assert!(p.is_capture(mv("b0b6")));
        assert!(!p.is_capture(mv("b0b1")));
    }

    #[test]
    fn pawns() {
        let p = pos("3k5/9/9/9/4P4/9/P8/9/9/4K4 w");
        assert_eq!(dests(&p, "a3"), ["a4"]);
        assert_eq!(dests(&p, "e5"), ["d5", "e6", "f5"]);
        let p = pos("3k5/9/9/9/9/9/9/9/9/4K3p b");
        assert_eq!(
            dests(&p, "i0"),
            ["h0"],
            "no moving backwards or off the board"
        );
    }

    #[test]
    fn flying_general_and_pins() {
        // The pawn on e5 is all that separates the kings: it may not step aside.
        let p = pos("4k4/9/9/9/4P4/9/9/9/9/4K4 w");
        assert_eq!(dests(&p, "e5"), ["e6"]);
        // With the king on d0 the horse is free; with it on e0 the rook pins the horse.
        let p = pos("4k4/9/9/9/4r4/9/9/4H4/9/3K5 w");
        assert_eq!(dests(&p, "e2"), ["c1", "c3", "d4", "f0", "f4", "g1", "g3"]);
        let p = pos("3k5/9/9/9/4r4/9/9/4H4/9/4K4 w");
        assert_eq!(dests(&p, "e2"), Vec::<String>::new());
        // Moving onto the line between a cannon and the king makes a screen.
        let p = pos("3k5/9/9/9/4c4/9/9/9/R8/4K4 w");
        assert!(!p.is_check());
        assert!(!p.is_legal(mv("a1e1")), "e1 would screen the cannon");
        assert!(p.is_legal(mv("a1d1")));
    }

    #[test]
    fn checks_and_checkers() {
        let p = pos("3k5/9/9/9/4c4/9/9/4H4/9/4K4 w");
        assert!(p.is_check());
        assert_eq!(text(&p.checkers()), ["e5"]);
        assert!(!p.legal_moves().is_empty());
        for m in p.legal_moves().iter() {
            assert!(!p.play(*m).unwrap().pass().is_check(), "{m}");
        }
        let p = pos("4k4/9/9/9/9/9/9/2h6/9/3K5 w");
        assert_eq!(text(&p.checkers()), ["c2"]);
        let p = pos("4k4/9/9/9/9/9/9/2h6/2R6/3K5 w");
        assert!(p.checkers().is_empty(), "leg blocked");
        assert!(!p.is_check());
        let p = pos("4k4/9/9/9/9/9/9/9/3p5/3K5 w");
        assert_eq!(text(&p.checkers()), ["d1"]);
        // Double check: the rook is also the cannon's screen.
        let p = pos("3k5/9/9/9/4c4/9/4r4/9/9/4K4 w");
        assert_eq!(text(&p.checkers()), ["e3", "e5"]);
        let p = pos("3k5/9/9/9/4c4/9/4r4/9/9/5K3 w");
        assert!(!p.is_check());
    }

    #[test]
    fn checkmate_and_stalemate() {
        let p = pos("R2k5/R8/9/9/9/9/9/9/9/4K4 b");
        assert!(p.is_check());
        assert!(p.is_checkmate());
        assert!(!p.is_stalemate());
        assert_eq!(p.outcome(), Some(GameOutcome::Loss(Color::Black)));
        assert_eq!(p.outcome().map(GameOutcome::winner), Some(Color::Red));
        // Not in check, but d8 is covered by the rook and e9 faces the red king.
        let p = pos("3k5/7R1/9/9/9/9/9/9/9/4K4 b");
        assert!(!p.is_check());
        assert!(p.is_stalemate());
        assert!(!p.is_checkmate());
        assert_eq!(p.outcome(), Some(GameOutcome::Loss(Color::Black)));
    }

    #[test]
    fn attacks_and_attackers() {
        let p = Position::startpos();
        assert_eq!(
            text(&p.attacks_from(sq("b2"))),
            [
                "b1", "a2", "c2", "d2", "e2", "f2", "g2", "b3", "b4", "b5", "b6", "b9"
            ]
        );
        assert!(p.attacks_from(sq("e5")).is_empty());
        assert!(p.attackers_of(sq("e3"), Color::Red).is_empty());
        // The king and both advisors defend e1.
        assert_eq!(
            text(&p.attackers_of(sq("e1"), Color::Red)),
            ["d0", "e0", "f0"]
        );
        // The black cannon on b7 attacks b0 over the red cannon on b2.
        assert_eq!(text(&p.attackers_of(sq("b0"), Color::Black)), ["b7"]);
        // A king attacks along the file only the other king.
        let k = pos("4k4/9/9/9/4P4/9/9/9/9/4K4 w");
        assert!(k.attackers_of(sq("e6"), Color::Black).is_empty());
        assert_eq!(text(&k.attacks_from(sq("e9"))), ["e8", "d9", "f9"]);
    }

    #[test]
    fn play_pass_and_equality() {
        let p = Position::startpos();
        assert_eq!(p.play(mv("h2e2")).unwrap().turn(), Color::Black);
        assert_eq!(p.play(mv("h2i3")), Err(IllegalMove { mv: mv("h2i3") }));
        assert_eq!(
            p.play(mv("e6e5")).unwrap_err().to_string(),
            "`e6e5` is not a legal move here"
        );
        assert!(p.play(mv("e5e4")).is_err());
        let q = p.pass();
        assert_ne!(p, q);
        assert_eq!(q.pass(), p);
        let mut r = p;
        r.play_unchecked(mv("e5e4"));
        assert_eq!(r, q, "from an empty square only the turn changes");
        let mut s = p;
        s.play_unchecked(mv("a0a0"));
        assert_eq!(s.pieces().count(), 32);
        // Capturing a king by unchecked moves stays memory-safe.
        let mut t = pos("4k4/9/9/9/9/9/9/9/9/3K1R3 w");
        t.play_unchecked(mv("f0f9"));
        t.play_unchecked(mv("e9f9"));
        t.play_unchecked(mv("d0d9"));
        let _ = (t.legal_moves(), t.is_check(), t.checkers(), t.outcome());
        let set: std::collections::HashSet<Position> = [p, q, p].into_iter().collect();
        assert_eq!(set.len(), 2);
    }

    /// Positions along pseudo-random walks from openings, middle games and endings (checks,
    /// pins, cannon screens, facing kings), both sides to move.
    fn walked_positions() -> Vec<Position> {
        let fens = [
            START_FEN,
            "2eak4/4a4/2h1e4/9/9/9/2r6/4E4/3RA2c1/4KA2R w",
            "4k4/4h4/9/4p4/9/9/9/9/4C4/R2K5 w",
            "3ak4/4a4/4e4/9/2H6/9/9/2C6/9/3K1R3 w",
            "2e1ka3/4a4/4e4/p8/2h6/6R2/P3c4/4C4/4A4/2EK1AE2 w",
            "4k4/9/9/9/4P4/9/9/9/9/4K4 w",
            "R2k5/R8/9/9/9/9/9/9/9/4K4 b",
            "3k5/9/9/9/4c4/9/4r4/9/9/4K4 w",
        ];
        super::random_walks(&fens, 0x2545_f491_4f6c_dd1d, 12, 3)
    }

    #[test]
    fn stop_at_first_queries_answer_as_the_move_list() {
        let positions = walked_positions();
        let mut checks = 0;
        for p in &positions {
            let moves = p.legal_moves();
            checks += usize::from(p.is_check());
            assert_eq!(p.has_legal_move(), !moves.is_empty(), "{p:?}");
            let by_piece: Vec<Move> = p.legal_moves_by_piece().flat_map(|l| l.to_vec()).collect();
            assert_eq!(by_piece.as_slice(), &*moves, "{p:?}");
            for sq in Square::all() {
                let to_sq: Vec<Square> = moves
                    .iter()
                    .filter(|m| m.to == sq)
                    .map(|m| m.from)
                    .collect();
                assert_eq!(p.has_legal_move_to(sq), !to_sq.is_empty(), "{p:?} to {sq}");
                assert_eq!(p.legal_movers_to(sq).iter().collect::<Vec<_>>(), to_sq);
                let from_sq: SquareSet = moves
                    .iter()
                    .filter(|m| m.from == sq)
                    .map(|m| m.to)
                    .collect();
                assert_eq!(p.legal_targets_from(sq), from_sq, "{p:?} from {sq}");
                let listed: Vec<Move> = moves.iter().copied().filter(|m| m.from == sq).collect();
                assert_eq!(&*p.legal_moves_from(sq, &p.legality()), listed.as_slice());
                let count = p.count_legal_from(sq, p.reach(sq), &p.legality());
                assert_eq!(count, listed.len(), "{p:?} from {sq}");
                let mut pseudo = MoveList::new();
                p.board.piece_moves(sq.index(), &mut pseudo);
                let reach: SquareSet = pseudo.iter().map(|m| m.to).collect();
                assert_eq!(p.reach(sq), reach, "{p:?} {sq}");
                for by in [Color::Red, Color::Black] {
                    let attackers = p.attackers_of(sq, by);
                    assert_eq!(p.attackers(sq, by).iter().collect::<Vec<_>>(), attackers);
                }
            }
        }
        // The sample must hold checks and mates, or the comparison says little.
        assert!(checks > 10, "{checks}");
        assert!(positions.iter().any(|p| !p.has_legal_move()));
    }

    #[test]
    fn legal_captures_are_the_legal_moves_that_take_a_piece_other_than_the_king() {
        // The threats, blocks and evasions read captures from `legal_captures`, in its order:
        // it must list exactly the legal moves onto enemy pieces other than the king, in the
        // order of `legal_moves` (checks, pins, cannon screens and facing kings included).
        let fens = [
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
            "2e1ka3/4a4/4e4/p8/2h6/6R2/P3c4/4C4/4A4/2EK1AE2 w",
            "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w",
            "2baka3/C4rN2/4b1n2/1Rp5p/6p2/2P6/4c1P1c/4B3C/4A4/4KAB2 w",
            "4k4/R8/1R7/9/9/9/9/9/9/3K5 w",
        ];
        let positions: Vec<Position> = super::random_walks(&fens, 0x5851_f42d_4c95_7f2d, 12, 2);
        let mut captures = 0;
        for pos in positions {
            let expected: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|m| {
                    pos.piece_at(m.to)
                        .is_some_and(|t| t.color != pos.turn() && t.role != Role::King)
                })
                .collect();
            assert_eq!(&*pos.legal_captures(), expected.as_slice(), "{pos:?}");
            captures += expected.len();
        }
        assert!(captures > 100, "{captures}");
    }

    #[test]
    fn check_candidates_let_every_check_through() {
        // The mate search plays only the moves these let through: a check they stopped would
        // change its answers. Lines crowded near the kings test the screens and legs.
        let mut positions = walked_positions();
        positions.extend(super::random_walks(
            &[
                "3k5/9/9/3h5/3C5/3c5/3R5/9/9/4K4 b",
                "4k4/4a4/9/4p4/4C4/4c4/9/4R4/9/3K5 w",
                "3ak4/4a4/4h4/4C4/4P4/9/4H4/4C4/9/3K5 w",
                "4k4/4a4/3h1h3/2C1P1C2/9/9/4r4/9/4A4/3AK4 b",
                // The cannon nearest the king captures beyond the next piece: e7xe4 checks.
                "4k4/9/4C4/4p4/9/4r4/9/9/9/3K5 w",
                // An advisor (d2e1) or an elephant (c0e2) screens the cannon on e0.
                "4k4/9/9/9/9/9/9/3A5/9/2EKC4 w",
            ],
            0x9e37_79b9_7f4a_7c15,
            40,
            1,
        ));
        let mut checks = 0;
        for p in positions.iter().filter(|p| !p.pass().is_check()) {
            let candidates = p.check_candidates();
            let mut legality = None;
            for from in p.own_pieces().iter() {
                let listed: Vec<Move> = p
                    .legal_moves_from(from, &p.legality())
                    .iter()
                    .copied()
                    .filter(|&m| p.may_give_check(&candidates, m))
                    .collect();
                let found = p.legal_checks_from(from, &candidates, &mut legality);
                assert_eq!(&*found, listed.as_slice(), "{p:?} from {from}");
            }
            for &m in p.legal_moves().iter() {
                let mut next = *p;
                next.play_unchecked(m);
                if next.is_check() {
                    checks += 1;
                    assert!(p.may_give_check(&candidates, m), "{p:?} {m}");
                    assert!(next.is_check_after(m), "{p:?} {m}");
                }
            }
        }
        assert!(checks > 200, "{checks}");
    }

    /// The rook's and cannon's moves as the square-by-square walk along each ray lists them.
    fn walked_line_moves(b: &Board, s: usize, cannon: bool) -> Vec<Move> {
        let from = Square::from_u8(s as u8);
        let own = b.code(s) & !7;
        let mut out = Vec::new();
        let mut add = |t: usize| {
            let c = b.code(t);
            if c == code::EMPTY || c & !7 != own {
                out.push(Move::new(from, Square::from_u8(t as u8)));
            }
        };
        for ray in &crate::xiangqi::attacks::RAYS[s] {
            let mut it = ray.iter();
            for t in it.by_ref() {
                if b.code(t) != code::EMPTY {
                    if !cannon {
                        add(t);
                    }
                    break;
                }
                add(t);
            }
            if cannon {
                if let Some(t) = it.find(|&t| b.code(t) != code::EMPTY) {
                    add(t);
                }
            }
        }
        out
    }

    #[test]
    fn line_pieces_list_their_moves_nearest_first_ray_by_ray() {
        // The order of the move list decides which mating line the mate search finds first
        // and the order of the threats: it must stay that of the walk along each ray.
        for p in walked_positions() {
            for (sq, piece) in p.pieces() {
                if !matches!(piece.role, Role::Rook | Role::Cannon) {
                    continue;
                }
                let mut list = MoveList::new();
                p.board.piece_moves(sq.index(), &mut list);
                let walked = walked_line_moves(&p.board, sq.index(), piece.role == Role::Cannon);
                assert_eq!(&*list, walked.as_slice(), "{p:?} {sq}");
            }
        }
    }

    #[test]
    fn a_check_after_a_move_is_found_from_what_the_move_changed() {
        let mut checks = 0;
        for p in walked_positions() {
            // The shortcut assumes the opponent's king was safe before the move.
            if p.pass().is_check() {
                continue;
            }
            for &m in p.legal_moves().iter() {
                let mut next = p;
                next.play_unchecked(m);
                checks += usize::from(next.is_check());
                assert_eq!(next.is_check_after(m), next.is_check(), "{p:?} {m}");
            }
        }
        assert!(checks > 20, "{checks}");
    }
}
