//! Why a move that a text describes is not legal, in one sentence.

use crate::xiangqi::words::Said;
use crate::xiangqi::{Color, Move, Piece, Position, Role, Square};

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

/// One sentence saying why `m` is not legal in `pos`, in English and in the law's language.
pub(crate) fn why(pos: &Position, m: Move) -> Said {
    let Some(piece) = pos.piece_at(m.from) else {
        return empty_square(m.from);
    };
    let color = piece.color;
    if color != pos.turn() {
        return Said::new(
            format!(
                "the piece on {} is {color}'s, and it is {}'s turn",
                m.from,
                pos.turn()
            ),
            format!(
                "quân ở {} là của {}, mà đến lượt {} đi",
                m.from,
                color.name_vi(),
                pos.turn().name_vi()
            ),
        );
    }
    if let Some(target) = pos.piece_at(m.to) {
        if target.color == color {
            return Said::new(
                format!(
                    "a {color} {} already stands on {}",
                    target.role.name(),
                    m.to
                ),
                format!("{} đã đứng ở {}", target.name_vi(), m.to),
            );
        }
    }
    if pos.attacks_from(m.from).contains(&m.to) {
        let mut after = *pos;
        after.play_unchecked(m);
        if kings_face(&after) {
            return Said::new(
                "it would leave the two kings facing each other on an open file",
                "hai Tướng sẽ đối mặt nhau trên một cột trống",
            );
        }
        let checkers: Vec<(Square, Piece)> = after
            .attackers_of(after.king(color), color.other())
            .iter()
            .filter_map(|&sq| after.piece_at(sq).map(|p| (sq, p)))
            .collect();
        let by = checkers
            .iter()
            .map(|(sq, p)| format!("the {} {} on {sq}", p.color, p.role.name()))
            .collect::<Vec<_>>()
            .join(" and ");
        let by_vi = checkers
            .iter()
            .map(|(sq, p)| format!("{} ở {sq}", p.name_vi()))
            .collect::<Vec<_>>()
            .join(" và ");
        let king_vi = Piece::new(color, Role::King).name_vi();
        return if by.is_empty() {
            Said::new(
                format!("it would leave the {color} king in check"),
                format!("{king_vi} sẽ bị chiếu"),
            )
        } else {
            Said::new(
                format!("it would leave the {color} king in check from {by}"),
                format!("{king_vi} sẽ bị {by_vi} chiếu"),
            )
        };
    }
    geometry(pos, color, piece.role, m)
}

/// "No piece stands on `sq`", in both languages.
pub(crate) fn empty_square(sq: Square) -> Said {
    Said::new(
        format!("no piece stands on {sq}"),
        format!("không có quân nào ở {sq}"),
    )
}

/// Why `m` is not a move of a `role` at all, or is blocked.
fn geometry(pos: &Position, color: Color, role: Role, m: Move) -> Said {
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
    let not_here = || Said::new("it is not a legal move here", "nước này không hợp lệ ở đây");
    match role {
        Role::King | Role::Advisor if !to.in_palace(color) => Said::new(
            format!("the {} must stay in the palace", role.name()),
            format!("{} phải ở trong cung", role.name_vi()),
        ),
        Role::King if df.abs() + dr.abs() != 1 => Said::new(
            "the king moves one point at a time",
            "Tướng mỗi lần đi một điểm",
        ),
        Role::Advisor if df.abs() != 1 || dr.abs() != 1 => Said::new(
            "an advisor moves one point diagonally",
            "Sĩ đi chéo một điểm",
        ),
        Role::Elephant if df.abs() != 2 || dr.abs() != 2 => Said::new(
            "an elephant moves two points diagonally",
            "Tượng đi chéo hai điểm",
        ),
        Role::Horse if !matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)) => Said::new(
            "a horse moves one point straight then one diagonally",
            "Mã đi thẳng một điểm rồi chéo một điểm",
        ),
        Role::Rook | Role::Cannon if df != 0 && dr != 0 => Said::new(
            format!("a {} moves along ranks and files", role.name()),
            format!("{} đi theo hàng và cột", role.name_vi()),
        ),
        Role::Elephant if !to.is_on_side(color) => Said::new(
            "an elephant cannot cross the river",
            "Tượng không được qua sông",
        ),
        Role::Elephant => match offset(df / 2, dr / 2).filter(occupied) {
            Some(eye) => Said::new(
                format!("the elephant's eye on {eye} is blocked"),
                format!("mắt Tượng ở {eye} bị cản"),
            ),
            None => not_here(),
        },
        Role::Horse => {
            let leg = if df.abs() == 1 {
                offset(0, dr.signum())
            } else {
                offset(df.signum(), 0)
            };
            match leg.filter(occupied) {
                Some(leg) => Said::new(
                    format!("the horse's leg on {leg} is blocked"),
                    format!("chân Mã ở {leg} bị cản"),
                ),
                None => not_here(),
            }
        }
        Role::Rook => match first_blocker(between(from, to)) {
            Some(sq) => Said::new(
                format!("the way is blocked on {sq}"),
                format!("đường đi bị cản ở {sq}"),
            ),
            None => not_here(),
        },
        Role::Cannon => {
            let screens: Vec<Square> = between(from, to).into_iter().filter(occupied).collect();
            match (pos.piece_at(to).is_some(), screens.as_slice()) {
                (false, [first, ..]) => Said::new(
                    format!("a cannon moves only over empty points, and {first} is taken"),
                    format!("Pháo chỉ đi qua các điểm trống, mà ở {first} có quân"),
                ),
                (true, s) if s.len() != 1 => Said::new(
                    format!(
                        "a cannon captures by jumping exactly one piece, and {} stand between",
                        s.len()
                    ),
                    format!(
                        "Pháo ăn quân bằng cách nhảy qua đúng một quân, mà ở giữa có {} quân",
                        s.len()
                    ),
                ),
                _ => not_here(),
            }
        }
        Role::Pawn => {
            let ahead = dr * if color == Color::Red { 1 } else { -1 };
            if ahead < 0 {
                Said::new("a pawn never retreats", "Tốt không bao giờ đi lùi")
            } else if ahead == 0 && from.is_on_side(color) {
                Said::new(
                    "a pawn moves sideways only after crossing the river",
                    "Tốt chỉ đi ngang sau khi qua sông",
                )
            } else {
                Said::new(
                    "a pawn moves one point at a time",
                    "Tốt mỗi lần đi một điểm",
                )
            }
        }
        _ => not_here(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::sq;

    fn why_text(fen: &str, m: &str) -> String {
        why(&Position::from_fen(fen).unwrap(), m.parse().unwrap()).to_string()
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

    #[test]
    fn reasons_in_the_laws_language() {
        let vi = |fen: &str, m: &str| {
            why(&Position::from_fen(fen).unwrap(), m.parse().unwrap())
                .vi()
                .to_owned()
        };
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(vi(start, "a0a4"), "đường đi bị cản ở a3");
        assert_eq!(vi(start, "a0b0"), "Mã Trắng đã đứng ở b0");
        assert_eq!(
            vi(start, "a9a8"),
            "quân ở a9 là của Đen, mà đến lượt Trắng đi"
        );
        assert_eq!(vi(start, "b0b3"), "Mã đi thẳng một điểm rồi chéo một điểm");
        let pinned = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
        assert_eq!(vi(pinned, "e1a1"), "Tướng Trắng sẽ bị Xe Đen ở e9 chiếu");
    }
}
