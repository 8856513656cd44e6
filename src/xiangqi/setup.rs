//! Unvalidated setups and the rules a setup must satisfy to become a position.

use super::{
    board::Board,
    piece::{Color, Piece, Role},
    square::Square,
};

/// A placement and a side to move, not yet checked against the rules.
///
/// FEN parsing produces a `Setup`; only [`Position::from_setup`](super::Position::from_setup)
/// turns it into a [`Position`](super::Position).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Color,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board with Red to move.
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Color::Red,
        }
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.get(sq.index()).copied().flatten()
    }

    /// Puts `piece` (or nothing) on `sq`.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.board.get_mut(sq.index()) {
            *slot = piece;
        }
    }

    pub(crate) fn make_board(&self) -> Board {
        let mut b = Board::empty();
        for sq in Square::all() {
            b.set(sq, self.piece_at(sq));
        }
        b
    }

    /// Every rule the setup breaks, in square order (an empty list means the setup is a valid
    /// position). See [`PositionError`] for the rules.
    #[must_use]
    pub fn validate(&self) -> Vec<PositionError> {
        let mut errors = Vec::new();
        let mut counts = [[0usize; 7]; 2];
        for sq in Square::all() {
            let Some(piece) = self.piece_at(sq) else {
                continue;
            };
            let Piece { color, role } = piece;
            let n = &mut counts[color.index()][role.index()];
            *n += 1;
            if *n == role.max_count() + 1 {
                errors.push(PositionError::TooMany { piece, square: sq });
            }
            let ok = match role {
                Role::King => sq.in_palace(color),
                Role::Advisor => is_advisor_point(sq, color),
                Role::Elephant => is_elephant_point(sq, color),
                Role::Pawn => {
                    let rank = relative_rank(sq, color);
                    if rank < 3 {
                        errors.push(PositionError::PawnBehind { color, square: sq });
                    } else if rank <= 4 && sq.file() % 2 == 1 {
                        errors.push(PositionError::PawnOffFile { color, square: sq });
                    }
                    true
                }
                Role::Horse | Role::Rook | Role::Cannon => true,
            };
            if !ok {
                errors.push(match role {
                    Role::King => PositionError::KingOutsidePalace { color, square: sq },
                    Role::Advisor => PositionError::AdvisorOffPoints { color, square: sq },
                    _ => PositionError::ElephantOffPoints { color, square: sq },
                });
            }
        }
        for color in Color::ALL {
            if counts[color.index()][Role::King.index()] == 0 {
                errors.push(PositionError::MissingKing { color });
            }
        }
        if errors.is_empty() {
            let board = self.make_board();
            let waiting = self.turn.other();
            if let Some(king) = board.find_king(waiting) {
                if let Some(&checker) = board.attackers_of(king.index(), self.turn).first() {
                    errors.push(PositionError::OppositeCheck {
                        color: waiting,
                        king,
                        checker,
                    });
                }
            }
        }
        errors
    }
}

/// The rank counted from `color`'s own back rank.
const fn relative_rank(sq: Square, color: Color) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

fn is_advisor_point(sq: Square, color: Color) -> bool {
    let r = relative_rank(sq, color);
    matches!((sq.file(), r), (3 | 5, 0 | 2) | (4, 1))
}

fn is_elephant_point(sq: Square, color: Color) -> bool {
    let r = relative_rank(sq, color);
    matches!((sq.file(), r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2))
}

/// A rule of piece placement that a [`Setup`] breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum PositionError {
    /// A side has no king.
    #[error("{color} has no king")]
    #[diagnostic(
        code(xiangqi::missing_king),
        help("each side has exactly one king, inside its palace")
    )]
    MissingKing {
        /// The side without a king.
        color: Color,
    },
    /// A side has more pieces of one kind than the game provides.
    #[error("too many {} {}s", piece.color, piece.role)]
    #[diagnostic(
        code(xiangqi::too_many),
        help(
            "a side has at most 1 king, 2 advisors, 2 elephants, 2 horses, 2 rooks, 2 cannons and 5 pawns"
        )
    )]
    TooMany {
        /// The kind of piece.
        piece: Piece,
        /// The first surplus piece, in square order.
        square: Square,
    },
    /// A king stands outside its palace.
    #[error("{color} king on `{square}` is outside its palace")]
    #[diagnostic(
        code(xiangqi::king_outside_palace),
        help("the king never leaves its palace: files d-f, ranks 0-2 for red and 7-9 for black")
    )]
    KingOutsidePalace {
        /// The king's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An advisor stands where no advisor can go.
    #[error("{color} advisor on `{square}` is off the advisor points")]
    #[diagnostic(
        code(xiangqi::advisor_off_points),
        help(
            "advisors only stand on the palace corners and centre: d0 f0 e1 d2 f2 for red, d9 f9 e8 d7 f7 for black"
        )
    )]
    AdvisorOffPoints {
        /// The advisor's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// An elephant stands where no elephant can go.
    #[error("{color} elephant on `{square}` is off the elephant points")]
    #[diagnostic(
        code(xiangqi::elephant_off_points),
        help(
            "elephants stay on their own side on seven points: c0 g0 a2 e2 i2 c4 g4 for red, c9 g9 a7 e7 i7 c5 g5 for black"
        )
    )]
    ElephantOffPoints {
        /// The elephant's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A pawn stands behind its starting rank.
    #[error("{color} pawn on `{square}` is behind its starting rank")]
    #[diagnostic(
        code(xiangqi::pawn_behind),
        help(
            "pawns never move backwards: red pawns stand on rank 3 or higher, black pawns on rank 6 or lower"
        )
    )]
    PawnBehind {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A pawn that has not crossed the river stands off the files it starts on.
    #[error("{color} pawn on `{square}` has not crossed the river but is off the pawn files")]
    #[diagnostic(
        code(xiangqi::pawn_off_file),
        help(
            "a pawn only moves sideways after crossing the river, so before that it stays on file a, c, e, g or i"
        )
    )]
    PawnOffFile {
        /// The pawn's side.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// The side that is not to move is in check (including kings facing each other on an open
    /// file).
    #[error("{color} king is in check but it is {}'s turn", color.other())]
    #[diagnostic(
        code(xiangqi::opposite_check),
        help(
            "the side that just moved cannot have left its own king in check; kings facing each other on an open file count as check (flying general)"
        )
    )]
    OppositeCheck {
        /// The side in check, which is not to move.
        color: Color,
        /// Its king.
        king: Square,
        /// One piece giving check.
        checker: Square,
    },
}

impl PositionError {
    /// The broken rule in the law's language, the pieces as the law names them (the
    /// `Display` is English): `Tướng Đen ở `d4` ra ngoài cung`.
    #[must_use]
    pub fn vi(&self) -> String {
        let named = |role: Role, color: Color| format!("{} {}", role.name_vi(), color.name_vi());
        match *self {
            PositionError::MissingKing { color } => {
                format!("{} không có Tướng", color.name_vi())
            }
            PositionError::TooMany { piece, .. } => {
                format!("quá nhiều {}", named(piece.role, piece.color))
            }
            PositionError::KingOutsidePalace { color, square } => {
                format!("{} ở `{square}` ra ngoài cung", named(Role::King, color))
            }
            PositionError::AdvisorOffPoints { color, square } => format!(
                "{} ở `{square}` không đứng trên điểm của Sĩ",
                named(Role::Advisor, color)
            ),
            PositionError::ElephantOffPoints { color, square } => format!(
                "{} ở `{square}` không đứng trên điểm của Tượng",
                named(Role::Elephant, color)
            ),
            PositionError::PawnBehind { color, square } => format!(
                "{} ở `{square}` đứng sau hàng xuất phát",
                named(Role::Pawn, color)
            ),
            PositionError::PawnOffFile { color, square } => format!(
                "{} ở `{square}` chưa qua sông mà đứng ngoài các cột của Tốt",
                named(Role::Pawn, color)
            ),
            PositionError::OppositeCheck { color, .. } => format!(
                "{} đang bị chiếu nhưng đến lượt {} đi",
                named(Role::King, color),
                color.other().name_vi()
            ),
        }
    }

    /// The rule's help in the law's language (the English is the diagnostic's `help`).
    #[must_use]
    pub const fn vi_help(&self) -> &'static str {
        match self {
            PositionError::MissingKing { .. } => "mỗi bên có đúng một Tướng, ở trong cung",
            PositionError::TooMany { .. } => {
                "mỗi bên có nhiều nhất 1 Tướng, 2 Sĩ, 2 Tượng, 2 Mã, 2 Xe, 2 Pháo và 5 Tốt"
            }
            PositionError::KingOutsidePalace { .. } => {
                "Tướng không bao giờ ra khỏi cung: cột d-f, hàng 0-2 cho Trắng và 7-9 cho Đen"
            }
            PositionError::AdvisorOffPoints { .. } => {
                "Sĩ chỉ đứng ở bốn góc và tâm cung: d0 f0 e1 d2 f2 cho Trắng, d9 f9 e8 d7 f7 cho Đen"
            }
            PositionError::ElephantOffPoints { .. } => {
                "Tượng ở bên mình, trên bảy điểm: c0 g0 a2 e2 i2 c4 g4 cho Trắng, c9 g9 a7 e7 i7 c5 g5 cho Đen"
            }
            PositionError::PawnBehind { .. } => {
                "Tốt không bao giờ đi lùi: Tốt Trắng đứng từ hàng 3 trở lên, Tốt Đen từ hàng 6 trở xuống"
            }
            PositionError::PawnOffFile { .. } => {
                "Tốt chỉ đi ngang sau khi qua sông, nên trước đó nó ở cột a, c, e, g hoặc i"
            }
            PositionError::OppositeCheck { .. } => {
                "bên vừa đi không thể để Tướng mình bị chiếu; hai Tướng đối mặt nhau trên một cột trống cũng tính là chiếu (lộ mặt Tướng)"
            }
        }
    }

    /// The squares the error is about, each with a short label, most important first.
    #[must_use]
    pub fn labels(&self) -> Vec<(Square, String)> {
        match *self {
            PositionError::MissingKing { .. } => Vec::new(),
            PositionError::TooMany { piece, square } => {
                vec![(
                    square,
                    format!(
                        "{} number {}: at most {}",
                        piece.role,
                        piece.role.max_count() + 1,
                        piece.role.max_count()
                    ),
                )]
            }
            PositionError::KingOutsidePalace { square, .. } => {
                vec![(square, "outside the palace".to_owned())]
            }
            PositionError::AdvisorOffPoints { square, .. }
            | PositionError::ElephantOffPoints { square, .. } => {
                vec![(square, "cannot stand here".to_owned())]
            }
            PositionError::PawnBehind { square, .. } => {
                vec![(square, "behind the starting rank".to_owned())]
            }
            PositionError::PawnOffFile { square, .. } => {
                vec![(square, "uncrossed pawn off the pawn files".to_owned())]
            }
            PositionError::OppositeCheck { king, checker, .. } => vec![
                (king, "this king is in check".to_owned()),
                (checker, "gives check".to_owned()),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::sq;

    fn kings() -> Setup {
        let mut s = Setup::empty();
        s.set(sq("e0"), Some(Piece::new(Color::Red, Role::King)));
        s.set(sq("d9"), Some(Piece::new(Color::Black, Role::King)));
        s
    }

    #[test]
    fn bare_kings_are_valid() {
        assert_eq!(kings().validate(), vec![]);
    }

    #[test]
    fn missing_king() {
        let mut s = kings();
        s.set(sq("d9"), None);
        assert_eq!(
            s.validate(),
            vec![PositionError::MissingKing {
                color: Color::Black
            }]
        );
        assert_eq!(s.validate()[0].to_string(), "black has no king");
    }

    #[test]
    fn placement_rules() {
        let red = |role| Some(Piece::new(Color::Red, role));
        let black = |role| Some(Piece::new(Color::Black, role));
        let cases = [
            (
                "e3",
                red(Role::King),
                "red king on `e3` is outside its palace",
            ),
            (
                "e0",
                black(Role::King),
                "black king on `e0` is outside its palace",
            ),
            (
                "e0",
                red(Role::Advisor),
                "red advisor on `e0` is off the advisor points",
            ),
            (
                "e1",
                red(Role::Elephant),
                "red elephant on `e1` is off the elephant points",
            ),
            (
                "c5",
                red(Role::Elephant),
                "red elephant on `c5` is off the elephant points",
            ),
            (
                "e2",
                red(Role::Pawn),
                "red pawn on `e2` is behind its starting rank",
            ),
            (
                "e7",
                black(Role::Pawn),
                "black pawn on `e7` is behind its starting rank",
            ),
            (
                "b3",
                red(Role::Pawn),
                "red pawn on `b3` has not crossed the river but is off the pawn files",
            ),
            (
                "d5",
                black(Role::Pawn),
                "black pawn on `d5` has not crossed the river but is off the pawn files",
            ),
        ];
        for (at, piece, message) in cases {
            let mut s = kings();
            s.set(sq("e0"), None);
            s.set(sq("f0"), red(Role::King));
            s.set(sq(at), piece);
            let errors = s.validate();
            assert!(
                errors.iter().any(|e| e.to_string() == message),
                "{at}: {errors:?}"
            );
        }
        // Allowed points.
        let mut s = kings();
        for at in ["d0", "e1"] {
            s.set(sq(at), red(Role::Advisor));
        }
        for at in ["c9", "e7"] {
            s.set(sq(at), black(Role::Elephant));
        }
        for at in ["a3", "c4", "b5", "i9"] {
            s.set(sq(at), red(Role::Pawn));
        }
        assert_eq!(s.validate(), vec![]);
    }

    #[test]
    fn too_many() {
        let mut s = kings();
        for at in ["a5", "b5", "c5"] {
            s.set(sq(at), Some(Piece::new(Color::Red, Role::Rook)));
        }
        let errors = s.validate();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].to_string(), "too many red rooks");
        assert_eq!(errors[0].labels()[0].0, sq("c5"));
    }

    #[test]
    fn opposite_check_and_flying_general() {
        let mut s = kings();
        s.set(sq("d9"), None);
        s.set(sq("e9"), Some(Piece::new(Color::Black, Role::King)));
        // Kings face each other; whoever is to move could capture.
        let errors = s.validate();
        assert_eq!(
            errors,
            vec![PositionError::OppositeCheck {
                color: Color::Black,
                king: sq("e9"),
                checker: sq("e0"),
            }]
        );
        assert_eq!(
            errors[0].to_string(),
            "black king is in check but it is red's turn"
        );
        s.set(sq("e5"), Some(Piece::new(Color::Red, Role::Pawn)));
        assert_eq!(s.validate(), vec![]);
    }
}
