//! Colours, roles and pieces.

use std::fmt;

/// One of the two sides. Red moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first, at the bottom of the board (ranks 0–4).
    Red,
    /// The side that moves second, at the top of the board (ranks 5–9).
    Black,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `0` for Red, `1` for Black.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour's name in lowercase, as shown by `Display`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// The colour's name as the law writes it: `Trắng` for Red (the law's word for the side
    /// that moves first), `Đen` for Black.
    #[must_use]
    pub const fn name_vi(self) -> &'static str {
        match self {
            Color::Red => "Trắng",
            Color::Black => "Đen",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// King (general, 帥/將). Stays in the palace, moves one step orthogonally.
    King,
    /// Advisor (guard, 仕/士). Stays in the palace, moves one step diagonally.
    Advisor,
    /// Elephant (minister, 相/象). Moves two steps diagonally unless the eye is blocked; never
    /// crosses the river.
    Elephant,
    /// Horse (knight, 傌/馬). Moves one step orthogonally then one diagonally unless the leg is
    /// blocked.
    Horse,
    /// Rook (chariot, 俥/車). Moves any distance orthogonally.
    Rook,
    /// Cannon (炮/砲). Moves like a rook; captures by jumping exactly one screen.
    Cannon,
    /// Pawn (soldier, 兵/卒). Moves one step forward; also sideways after crossing the river.
    Pawn,
}

impl Role {
    /// All roles, in declaration order.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// `0` for the king up to `6` for the pawn.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The most pieces of this role one side may have: 1 king, 5 pawns, 2 of the others.
    #[must_use]
    pub const fn max_count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// The role's English name in lowercase.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }

    /// The role's name as the law writes it, capitalised as the law does: `Tướng`, `Sĩ`,
    /// `Tượng`, `Mã`, `Xe`, `Pháo`, `Tốt` (the law says `Tốt` of either side's pawn; its move
    /// letter `B` is for `Binh`).
    #[must_use]
    pub const fn name_vi(self) -> &'static str {
        match self {
            Role::King => "Tướng",
            Role::Advisor => "Sĩ",
            Role::Elephant => "Tượng",
            Role::Horse => "Mã",
            Role::Rook => "Xe",
            Role::Cannon => "Pháo",
            Role::Pawn => "Tốt",
        }
    }

    /// The lowercase WXF letter: `k a e h r c p`.
    #[must_use]
    pub const fn wxf_char(self) -> char {
        match self {
            Role::King => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'e',
            Role::Horse => 'h',
            Role::Rook => 'r',
            Role::Cannon => 'c',
            Role::Pawn => 'p',
        }
    }

    /// The lowercase letter of the common FEN letter set: `k a b n r c p`.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Role::Elephant => 'b',
            Role::Horse => 'n',
            _ => self.wxf_char(),
        }
    }

    /// Parses a letter of either letter set, ignoring case (`n` and `h` are horses, `b` and
    /// `e` are elephants).
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'k' => Some(Role::King),
            'a' => Some(Role::Advisor),
            'b' | 'e' => Some(Role::Elephant),
            'n' | 'h' => Some(Role::Horse),
            'r' => Some(Role::Rook),
            'c' => Some(Role::Cannon),
            'p' => Some(Role::Pawn),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a colour and a role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// Makes a piece.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The piece as the law names it, role then side: `Xe Trắng` (a red rook), `Tốt Đen`.
    ///
    /// ```
    /// use xqlaw::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Red, Role::Rook).name_vi(), "Xe Trắng");
    /// ```
    #[must_use]
    pub fn name_vi(self) -> String {
        format!("{} {}", self.role.name_vi(), self.color.name_vi())
    }

    /// The WXF letter (`K A E H R C P`), uppercase for Red and lowercase for Black.
    #[must_use]
    pub const fn wxf_char(self) -> char {
        self.cased(self.role.wxf_char())
    }

    /// The letter of the common FEN set (`K A B N R C P`), uppercase for Red.
    #[must_use]
    pub const fn fen_char(self) -> char {
        self.cased(self.role.fen_char())
    }

    const fn cased(self, c: char) -> char {
        match self.color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    /// Parses a FEN letter of either set: `R N B A K C P` or WXF `R H E A K C P`; uppercase is
    /// Red.
    ///
    /// ```
    /// use xqlaw::{Color, Piece, Role};
    /// assert_eq!(Piece::from_char('N'), Some(Piece::new(Color::Red, Role::Horse)));
    /// assert_eq!(Piece::from_char('e'), Some(Piece::new(Color::Black, Role::Elephant)));
    /// assert_eq!(Piece::from_char('x'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// A compact non-zero code: `1..=7` for Red roles, `9..=15` for Black roles.
    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) << 3 | (self.role as u8 + 1)
    }

    /// The inverse of [`Piece::code`]; `None` for `0` and invalid codes.
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = match code & 7 {
            1 => Role::King,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Rook,
            6 => Role::Cannon,
            7 => Role::Pawn,
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    /// Writes the WXF letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.wxf_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert_eq!(Piece::from_char(p.wxf_char()), Some(p));
                assert_eq!(Piece::from_char(p.fen_char()), Some(p));
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
        assert_eq!(Piece::new(Color::Red, Role::Elephant).wxf_char(), 'E');
        assert_eq!(Piece::new(Color::Black, Role::Horse).fen_char(), 'n');
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_char('1'), None);
    }

    #[test]
    fn colors() {
        assert_eq!(Color::Red.other(), Color::Black);
        assert_eq!(Color::Black.to_string(), "black");
    }
}
