//! Why a move that a text describes is not legal, in one sentence.

use crate::xiangqi::{Color, Move, Position, Role, Square};

/// The squares strictly between `a` and `b` when they share a file or a rank; empty otherwise.
pub(crate) fn between(a: Square, b: Square) -> Vec<Square> {
    let (af, ar) = (i32::from(a.file()), i32::from(a.rank()));
    let (bf, br) = (i32::from(b.file()), i32::from(b.rank()));
    if af != bf && ar != br {
        return Vec::new();
    }
    let (df, dr) = ((bf - af).signum(), (br - ar).signum());
    let steps = (bf - af).abs().max((br - ar).abs());
    (1..steps)
        .filter_map(|k| {
            let file = u8::try_from(af + k * df).ok()?;
            let rank = u8::try_from(ar + k * dr).ok()?;
            Square::new(file, rank)
        })
        .collect()
}

/// Whether the two kings stand on one file with nothing between them.
fn kings_face(pos: &Position) -> bool {
    let (red, black) = (pos.king(Color::Red), pos.king(Color::Black));
    red.file() == black.file()
        && between(red, black)
            .into_iter()
            .all(|sq| pos.piece_at(sq).is_none())
}

/// One sentence saying why `m` is not legal in `pos`.
pub(crate) fn why(pos: &Position, m: Move) -> String {
    let Some(piece) = pos.piece_at(m.from) else {
        return format!("no piece stands on {}", m.from);
    };
    let color = piece.color;
    if color != pos.turn() {
        return format!(
            "the piece on {} is {color}'s, and it is {}'s turn",
            m.from,
            pos.turn()
        );
    }
    if let Some(target) = pos.piece_at(m.to) {
        if target.color == color {
            return format!(
                "a {color} {} already stands on {}",
                target.role.name(),
                m.to
            );
        }
    }
    if pos.attacks_from(m.from).contains(&m.to) {
        let mut after = *pos;
        after.play_unchecked(m);
        if kings_face(&after) {
            return "it would leave the two kings facing each other on an open file".to_owned();
        }
        let checkers = after.attackers_of(after.king(color), color.other());
        let by = checkers
            .iter()
            .filter_map(|&sq| {
                after
                    .piece_at(sq)
                    .map(|p| format!("the {} {} on {sq}", p.color, p.role.name()))
            })
            .collect::<Vec<_>>()
            .join(" and ");
        return if by.is_empty() {
            format!("it would leave the {color} king in check")
        } else {
            format!("it would leave the {color} king in check from {by}")
        };
    }
    geometry(pos, color, piece.role, m)
}

/// Why `m` is not a move of a `role` at all, or is blocked.
fn geometry(pos: &Position, color: Color, role: Role, m: Move) -> String {
    let (from, to) = (m.from, m.to);
    let df = i32::from(to.file()) - i32::from(from.file());
    let dr = i32::from(to.rank()) - i32::from(from.rank());
    let occupied = |sq: &Square| pos.piece_at(*sq).is_some();
    let first_blocker = |sqs: Vec<Square>| sqs.into_iter().find(|sq| occupied(sq));
    let offset = |files: i32, ranks: i32| -> Option<Square> {
        let file = u8::try_from(i32::from(from.file()) + files).ok()?;
        let rank = u8::try_from(i32::from(from.rank()) + ranks).ok()?;
        Square::new(file, rank)
    };
    match role {
        Role::King | Role::Advisor if !to.in_palace(color) => {
            format!("the {} must stay in the palace", role.name())
        }
        Role::King if df.abs() + dr.abs() != 1 => "the king moves one point at a time".to_owned(),
        Role::Advisor if df.abs() != 1 || dr.abs() != 1 => {
            "an advisor moves one point diagonally".to_owned()
        }
        Role::Elephant if df.abs() != 2 || dr.abs() != 2 => {
            "an elephant moves two points diagonally".to_owned()
        }
        Role::Horse if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) => {
            "a horse moves one point straight then one diagonally".to_owned()
        }
        Role::Rook | Role::Cannon if df != 0 && dr != 0 => {
            format!("a {} moves along ranks and files", role.name())
        }
        Role::Elephant if !to.is_on_side(color) => "an elephant cannot cross the river".to_owned(),
        Role::Elephant => match offset(df / 2, dr / 2).filter(occupied) {
            Some(eye) => format!("the elephant's eye on {eye} is blocked"),
            None => "it is not a legal move here".to_owned(),
        },
        Role::Horse => {
            let leg = if df.abs() == 1 {
                offset(0, dr.signum())
            } else {
                offset(df.signum(), 0)
            };
            match leg.filter(occupied) {
                Some(leg) => format!("the horse's leg on {leg} is blocked"),
                None => "it is not a legal move here".to_owned(),
            }
        }
        Role::Rook => match first_blocker(between(from, to)) {
            Some(sq) => format!("the way is blocked on {sq}"),
            None => "it is not a legal move here".to_owned(),
        },
        Role::Cannon => {
            let screens: Vec<Square> = between(from, to).into_iter().filter(occupied).collect();
            match (pos.piece_at(to).is_some(), screens.as_slice()) {
                (false, [first, ..]) => {
                    format!("a cannon moves only over empty points, and {first} is taken")
                }
                (true, s) if s.len() != 1 => format!(
                    "a cannon captures by jumping exactly one piece, and {} stand between",
                    s.len()
                ),
                _ => "it is not a legal move here".to_owned(),
            }
        }
        Role::Pawn => {
            let ahead = dr * if color == Color::Red { 1 } else { -1 };
            if ahead < 0 {
                "a pawn never retreats".to_owned()
            } else if ahead == 0 && from.is_on_side(color) {
                "a pawn moves sideways only after crossing the river".to_owned()
            } else {
                "a pawn moves one point at a time".to_owned()
            }
        }
        _ => "it is not a legal move here".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::sq;

    fn why_text(fen: &str, m: &str) -> String {
        why(&Position::from_fen(fen).unwrap(), m.parse().unwrap())
    }

    #[test]
    fn impossible_shapes_are_named() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
        assert_eq!(
            why_text(start, "h9h1"),
            "a horse moves one point straight then one diagonally"
        );
        assert_eq!(
            why_text(start, "c9c7"),
            "an elephant moves two points diagonally"
        );
        assert_eq!(
            why_text(start, "i9h8"),
            "a rook moves along ranks and files"
        );
    }

    #[test]
    fn between_squares() {
        assert_eq!(between(sq("e0"), sq("e3")), vec![sq("e1"), sq("e2")]);
        assert_eq!(between(sq("e3"), sq("b3")), vec![sq("d3"), sq("c3")]);
        assert!(between(sq("e0"), sq("f1")).is_empty());
    }

    #[test]
    fn reasons() {
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(why_text(start, "a0a4"), "the way is blocked on a3");
        assert_eq!(why_text(start, "a0b0"), "a red horse already stands on b0");
        assert_eq!(why_text(start, "a3a2"), "a pawn never retreats");
        assert_eq!(
            why_text(start, "a3b3"),
            "a pawn moves sideways only after crossing the river"
        );
        assert_eq!(
            why_text(start, "e0e2"),
            "the king moves one point at a time"
        );
        assert_eq!(
            why_text(start, "h2h7"),
            "a cannon captures by jumping exactly one piece, and 0 stand between"
        );
        assert_eq!(
            why_text(start, "a9a8"),
            "the piece on a9 is black's, and it is red's turn"
        );
        let facing = "4k4/9/9/9/9/4H4/9/9/9/4K4 w - - 0 1";
        assert_eq!(
            why_text(facing, "e4c5"),
            "it would leave the two kings facing each other on an open file"
        );
        let pinned = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
        assert_eq!(
            why_text(pinned, "e1a1"),
            "it would leave the red king in check from the black rook on e9"
        );
    }
}
