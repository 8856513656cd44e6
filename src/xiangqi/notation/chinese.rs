//! Chinese move text: `炮二平五`, `马８进７`, `前车进二`, `中兵平四`.
//!
//! Red writes files and numbers with Chinese numerals (一 to 九), Black with digits (full-width
//! `１` to `９` or ASCII). Pieces are read in simplified and traditional forms and under both
//! colours' names: 车 車 俥 rook, 马 馬 傌 horse, 相 象 elephant, 仕 士 advisor, 帅 帥 将 將
//! king, 炮 砲 包 cannon, 兵 卒 pawn. Directions: 进 進 advance, 退 retreat, 平 traverse.
//!
//! Identical pieces on one file: 前 front, 中 middle (of three), 后 後 rear before the piece
//! (`前车进二`), followed by the file when two files hold identical pawns (`前兵七平六`; the
//! short form `前七平六` is read too); four or five pawns on one file are numbered from the
//! front with Chinese numerals (`二兵进一`).
//!
//! Printing uses Red's names for Red (车 马 相 仕 帅 炮 兵) with Chinese numerals and Black's
//! names for Black (车 马 象 士 将 炮 卒) with full-width digits.

use super::cursor::Cursor;
use super::descriptor::{
    Descriptor, Designator, Direction, Head, Ordinal, Parsed, SyntaxError, direction, finish,
};
use crate::xiangqi::{Color, Role};

const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FULL_WIDTH: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn role_of(c: char) -> Option<Role> {
    match c {
        '车' | '車' | '俥' => Some(Role::Rook),
        '马' | '馬' | '傌' => Some(Role::Horse),
        '相' | '象' => Some(Role::Elephant),
        '仕' | '士' => Some(Role::Advisor),
        '帅' | '帥' | '将' | '將' => Some(Role::King),
        '炮' | '砲' | '包' => Some(Role::Cannon),
        '兵' | '卒' => Some(Role::Pawn),
        _ => None,
    }
}

const fn name(color: Color, role: Role) -> char {
    match (color, role) {
        (_, Role::Rook) => '车',
        (_, Role::Horse) => '马',
        (_, Role::Cannon) => '炮',
        (Color::Red, Role::Elephant) => '相',
        (Color::Black, Role::Elephant) => '象',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Black, Role::Advisor) => '士',
        (Color::Red, Role::King) => '帅',
        (Color::Black, Role::King) => '将',
        (Color::Red, Role::Pawn) => '兵',
        (Color::Black, Role::Pawn) => '卒',
    }
}

/// A number 1–9 in any of the three forms.
fn number_of(c: char) -> Option<u8> {
    let index = NUMERALS
        .iter()
        .position(|&n| n == c)
        .or_else(|| FULL_WIDTH.iter().position(|&n| n == c))
        .and_then(|i| u8::try_from(i + 1).ok());
    index.or_else(|| {
        let d = u8::try_from(c.to_digit(10)?).ok()?;
        (1..=9).contains(&d).then_some(d)
    })
}

fn mark_of(c: char) -> Option<Ordinal> {
    match c {
        '前' => Some(Ordinal::Front),
        '中' => Some(Ordinal::Middle),
        '后' | '後' => Some(Ordinal::Rear),
        _ => None,
    }
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '进' | '進' => Some(Direction::Advance),
        '退' => Some(Direction::Retreat),
        '平' => Some(Direction::Traverse),
        _ => None,
    }
}

/// A number as `color` writes it.
fn write_number(color: Color, n: u8) -> String {
    let table = match color {
        Color::Red => &NUMERALS,
        Color::Black => &FULL_WIDTH,
    };
    usize::from(n)
        .checked_sub(1)
        .and_then(|i| table.get(i))
        .map_or_else(|| n.to_string(), char::to_string)
}

/// Reads a Chinese move text.
pub(crate) fn parse(text: &str) -> Result<Parsed, SyntaxError> {
    let mut cursor = Cursor::new(text);
    let start = cursor.here().start;
    let nth = if cursor.peek2().and_then(role_of).is_some() {
        cursor
            .eat(|c| number_of(c).filter(|n| (1..=5).contains(n)))
            .map(|(n, _)| Ordinal::Nth(n))
    } else {
        None
    };
    let ordinal = nth.or_else(|| cursor.eat(mark_of).map(|(o, _)| o));
    let role = match cursor.eat(role_of) {
        Some((role, _)) => role,
        // `前七进一`: with an order and a file but no piece, the piece is a pawn.
        None if ordinal.is_some() && cursor.peek().and_then(number_of).is_some() => Role::Pawn,
        None => {
            return Err(SyntaxError {
                span: cursor.here(),
                expected: "a piece: 车, 马, 相, 仕, 帅, 炮 or 兵".to_owned(),
            });
        }
    };
    let file = cursor.eat(number_of).map(|(f, _)| f);
    let piece_end = cursor.here().start;
    let (direction, motion_start) =
        direction(&mut cursor, direction_of, file.is_some(), "进, 退 or 平")?;
    let head = Head {
        role,
        ordinal,
        file,
        direction,
        piece_span: start..piece_end.max(start),
        motion_start,
    };
    finish(
        &mut cursor,
        head,
        number_of,
        "a number from 一 to 九 or １ to ９",
    )
}

/// Writes a descriptor in Chinese, with `color`'s piece names and numbers.
pub(crate) fn write(d: &Descriptor, color: Color) -> String {
    let piece = name(color, d.role);
    let piece = match d.designator {
        Designator::File(f) => format!("{piece}{}", write_number(color, f)),
        Designator::Implied => piece.to_string(),
        Designator::Ordinal { ordinal, file } => {
            let file = file.map(|f| write_number(color, f)).unwrap_or_default();
            let mark = match ordinal {
                Ordinal::Front => "前".to_owned(),
                Ordinal::Middle => "中".to_owned(),
                Ordinal::Rear => "后".to_owned(),
                Ordinal::Nth(k) => write_number(Color::Red, k),
            };
            format!("{mark}{piece}{file}")
        }
    };
    let direction = match d.direction {
        Direction::Advance => '进',
        Direction::Retreat => '退',
        Direction::Traverse => '平',
    };
    format!("{piece}{direction}{}", write_number(color, d.number))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(text: &str) -> Descriptor {
        parse(text).unwrap().descriptor
    }

    #[test]
    fn reads_both_colours_and_scripts() {
        let d = desc("炮二平五");
        assert_eq!(d.role, Role::Cannon);
        assert_eq!(d.designator, Designator::File(2));
        assert_eq!(d.direction, Direction::Traverse);
        assert_eq!(d.number, 5);
        assert_eq!(write(&d, Color::Red), "炮二平五");
        assert_eq!(desc("砲2平5"), d);
        assert_eq!(desc("包２平５"), d);
        let d = desc("马８进７");
        assert_eq!(d, desc("馬8進7"));
        assert_eq!(d, desc("傌八进七"));
        assert_eq!(write(&d, Color::Black), "马８进７");
        assert_eq!(desc("將5退1").role, Role::King);
        assert_eq!(desc("帥五进一").role, Role::King);
        assert_eq!(write(&desc("象3进5"), Color::Black), "象３进５");
        assert_eq!(write(&desc("相三进五"), Color::Red), "相三进五");
        assert_eq!(write(&desc("士4进5"), Color::Black), "士４进５");
        assert_eq!(write(&desc("卒3进1"), Color::Black), "卒３进１");
        assert_eq!(write(&desc("兵三进一"), Color::Red), "兵三进一");
    }

    #[test]
    fn reads_orders() {
        let front = Designator::Ordinal {
            ordinal: Ordinal::Front,
            file: None,
        };
        assert_eq!(desc("前车进二").designator, front);
        assert_eq!(desc("後炮平四").designator, desc("后炮平四").designator);
        assert_eq!(
            desc("中兵平四").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Middle,
                file: None
            }
        );
        let tandem = desc("前兵七平六");
        assert_eq!(
            tandem.designator,
            Designator::Ordinal {
                ordinal: Ordinal::Front,
                file: Some(7)
            }
        );
        assert_eq!(desc("前七平六"), tandem);
        assert_eq!(
            desc("二兵进一").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Nth(2),
                file: None
            }
        );
        for (text, color) in [
            ("前车进二", Color::Red),
            ("后炮平四", Color::Red),
            ("中卒平４", Color::Black),
            ("前兵七平六", Color::Red),
            ("二卒进１", Color::Black),
        ] {
            assert_eq!(write(&desc(text), color), text);
        }
    }

    #[test]
    fn unreadable() {
        let e = parse("车二走一").unwrap_err();
        assert_eq!(e.span, 6..9);
        assert!(e.expected.starts_with("a direction"));
        let e = parse("王五进一").unwrap_err();
        assert_eq!(e.span, 0..3);
        let e = parse("车二进").unwrap_err();
        assert_eq!(e.span, 9..9);
    }
}
