//! Piece values, as the rulings compare them: rook > horse = cannon > advisor = elephant =
//! crossed pawn > uncrossed pawn. (A king is not a capture target; it is given the top value.)

use crate::xiangqi::{Piece, Role, Square};

/// The value of `piece` standing on `square`, in pawn units.
pub fn value(piece: Piece, square: Square) -> u8 {
    match piece.role {
        Role::King => 100,
        Role::Rook => 9,
        Role::Horse | Role::Cannon => 4,
        Role::Advisor | Role::Elephant => 2,
        Role::Pawn if crossed(piece, square) => 2,
        Role::Pawn => 1,
    }
}

/// Whether `piece` is a pawn that stands across the river.
pub fn crossed(piece: Piece, square: Square) -> bool {
    piece.role == Role::Pawn && !square.is_on_side(piece.color)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::Color;

    #[test]
    fn crossed_pawns_are_worth_more() {
        let pawn = Piece {
            color: Color::Red,
            role: Role::Pawn,
        };
        let home = Square::new(4, 3).unwrap();
        let over = Square::new(4, 5).unwrap();
        assert!(!crossed(pawn, home));
        assert!(crossed(pawn, over));
        assert!(value(pawn, over) > value(pawn, home));
        let rook = Piece {
            color: Color::Black,
            role: Role::Rook,
        };
        let horse = Piece {
            color: Color::Black,
            role: Role::Horse,
        };
        assert!(value(rook, home) > value(horse, home));
    }
}
