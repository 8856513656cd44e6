//! Vietnamese move text, as the law prints it: `X2.1`, `Tg6/1`, `M7/6`, `P2-5`, `Xt.2`.
//!
//! Pieces: `X` Xe (rook), `M` Mã (horse), `T` Tượng (elephant), `S` Sĩ (advisor), `Tg` Tướng
//! (king), `P` Pháo (cannon), `B` Binh/Tốt (pawn). Directions: `.` advance (tiến), `/` retreat
//! (thoái), `-` traverse (bình). Identical pieces on one file: `t` front (trước), `g` middle
//! (giữa), `s` rear (sau) after the piece letter (`Xt.2`, `Bg-4`), followed by the file when
//! two files hold identical pawns (`Bt7-6`); four or five pawns on one file are numbered from
//! the front before the letter (`2B.1`). The file may be left out when only one piece of the
//! role can make the move (`Tg/1`); it is always written.

use super::cursor::Cursor;
use super::descriptor::{
    Descriptor, Designator, Direction, Head, Ordinal, Parsed, SyntaxError, direction, finish,
};
use crate::xiangqi::Role;

/// The letters of a role.
fn letters(role: Role) -> &'static str {
    match role {
        Role::King => "Tg",
        Role::Advisor => "S",
        Role::Elephant => "T",
        Role::Horse => "M",
        Role::Rook => "X",
        Role::Cannon => "P",
        Role::Pawn => "B",
    }
}

fn role_of(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'S' => Some(Role::Advisor),
        'T' => Some(Role::Elephant),
        'M' => Some(Role::Horse),
        'X' => Some(Role::Rook),
        'P' => Some(Role::Cannon),
        'B' => Some(Role::Pawn),
        _ => None,
    }
}

fn ordinal_of(c: char) -> Option<Ordinal> {
    match c.to_ascii_lowercase() {
        't' => Some(Ordinal::Front),
        'g' => Some(Ordinal::Middle),
        's' => Some(Ordinal::Rear),
        _ => None,
    }
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '.' => Some(Direction::Advance),
        '/' => Some(Direction::Retreat),
        '-' => Some(Direction::Traverse),
        _ => None,
    }
}

fn digit(c: char, range: std::ops::RangeInclusive<u8>) -> Option<u8> {
    let d = u8::try_from(c.to_digit(10)?).ok()?;
    range.contains(&d).then_some(d)
}

/// Reads a Vietnamese move text.
pub(crate) fn parse(text: &str) -> Result<Parsed, SyntaxError> {
    let mut cursor = Cursor::new(text);
    let start = cursor.here().start;
    let nth = if cursor.peek2().and_then(role_of).is_some() {
        cursor.eat(|c| digit(c, 1..=5))
    } else {
        None
    };
    let Some((first, _)) = cursor.eat(role_of) else {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: "a piece: `X`, `M`, `T`, `S`, `Tg`, `P` or `B`".to_owned(),
        });
    };
    // `Tg` is the king; an elephant is never the middle one of three.
    let role = if first == Role::Elephant
        && cursor
            .eat(|c| c.eq_ignore_ascii_case(&'g').then_some(()))
            .is_some()
    {
        Role::King
    } else {
        first
    };
    let ordinal = match nth {
        Some((k, _)) => Some(Ordinal::Nth(k)),
        None => cursor.eat(ordinal_of).map(|(o, _)| o),
    };
    let file = cursor.eat(|c| digit(c, 1..=9)).map(|(f, _)| f);
    let piece_end = cursor.here().start;
    let (direction, motion_start) = direction(
        &mut cursor,
        direction_of,
        file.is_some(),
        "`.` to advance, `/` to retreat, `-` to traverse",
    )?;
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
        |c| digit(c, 1..=9),
        "a number from 1 to 9",
    )
}

/// Writes a descriptor in Vietnamese letters.
pub(crate) fn write(d: &Descriptor) -> String {
    let letter = letters(d.role);
    let piece = match d.designator {
        Designator::File(f) => format!("{letter}{f}"),
        Designator::Implied => letter.to_owned(),
        Designator::Ordinal { ordinal, file } => {
            let file = file.map(|f| f.to_string()).unwrap_or_default();
            match ordinal {
                Ordinal::Front => format!("{letter}t{file}"),
                Ordinal::Middle => format!("{letter}g{file}"),
                Ordinal::Rear => format!("{letter}s{file}"),
                Ordinal::Nth(k) => format!("{k}{letter}{file}"),
            }
        }
    };
    let direction = match d.direction {
        Direction::Advance => '.',
        Direction::Retreat => '/',
        Direction::Traverse => '-',
    };
    format!("{piece}{direction}{}", d.number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(text: &str) -> Descriptor {
        parse(text).unwrap().descriptor
    }

    #[test]
    fn reads_the_laws_examples() {
        for text in [
            "X2.1", "Tg6.1", "M7/6", "P2-5", "B5-4", "T7.9", "S5/6", "Tg5-4",
        ] {
            let d = desc(text);
            assert_eq!(write(&d), text);
        }
        assert_eq!(desc("Tg6.1").role, Role::King);
        assert_eq!(desc("T7.9").role, Role::Elephant);
        assert_eq!(desc("M7/6").direction, Direction::Retreat);
        assert_eq!(desc("P2-5").direction, Direction::Traverse);
    }

    #[test]
    fn reads_orders_and_implied_files() {
        assert_eq!(
            desc("Xt.2").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Front,
                file: None
            }
        );
        assert_eq!(
            desc("Bg-4").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Middle,
                file: None
            }
        );
        assert_eq!(
            desc("Bs7-6").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Rear,
                file: Some(7)
            }
        );
        assert_eq!(
            desc("2B.1").designator,
            Designator::Ordinal {
                ordinal: Ordinal::Nth(2),
                file: None
            }
        );
        assert_eq!(desc("Tg/1").designator, Designator::Implied);
        assert_eq!(desc(" Tg / 1 ").role, Role::King);
        for text in ["Xt.2", "Bg-4", "Bs7-6", "2B.1", "Tg/1", "Ts/5"] {
            assert_eq!(write(&desc(text)), text);
        }
    }

    #[test]
    fn spans() {
        let p = parse("Xt.2").unwrap();
        assert_eq!(p.piece_span, 0..2);
        assert_eq!(p.motion_span, 2..4);
    }

    #[test]
    fn unreadable() {
        let e = parse("Y2.1").unwrap_err();
        assert_eq!(e.span, 0..1);
        assert!(e.expected.starts_with("a piece"));
        let e = parse("X2,1").unwrap_err();
        assert_eq!(e.span, 2..3);
        assert!(e.expected.starts_with("a direction"));
        let e = parse("X2.").unwrap_err();
        assert_eq!(e.span, 3..3);
        assert_eq!(e.expected, "a number from 1 to 9");
        let e = parse("X2.0").unwrap_err();
        assert_eq!(e.span, 3..4);
        let e = parse("X2.12").unwrap_err();
        assert_eq!(e.expected, "the end of the move");
    }
}
