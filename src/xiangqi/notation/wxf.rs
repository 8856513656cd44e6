//! WXF move text: `C2.5`, `H8+7`, `R1-1`, `+R=4`.
//!
//! Pieces `K A E H R C P` (also read: `B` for the elephant, `N` for the horse, lowercase).
//! Then the file (1–9 from the mover's right), a direction (`+` advance, `-` retreat, `=` or
//! `.` traverse) and a number.
//!
//! Identical pieces on one file are written with their order before the letter: `+` front,
//! `=` middle (of three), `-` rear (`+R=4`, `-C+1`, `=P=4`), followed by the file when two
//! files hold identical pawns (`+P7=6`); four or five pawns on one file are numbered from the
//! front (`2P+1`). The order may also be read after the letter when no file is given
//! (`R+=4`, `R-=4`). The file may be left out when only one piece of the role can make the
//! move (`K-1`); it is always written.

use super::cursor::Cursor;
use super::descriptor::{
    Descriptor, Designator, Direction, Head, Ordinal, Parsed, SyntaxError, direction, finish,
};
use crate::xiangqi::Role;

fn role_of(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'K' => Some(Role::King),
        'A' => Some(Role::Advisor),
        'E' | 'B' => Some(Role::Elephant),
        'H' | 'N' => Some(Role::Horse),
        'R' => Some(Role::Rook),
        'C' => Some(Role::Cannon),
        'P' => Some(Role::Pawn),
        _ => None,
    }
}

const fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

fn mark_of(c: char) -> Option<Ordinal> {
    match c {
        '+' => Some(Ordinal::Front),
        '=' | '.' => Some(Ordinal::Middle),
        '-' => Some(Ordinal::Rear),
        _ => None,
    }
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '+' => Some(Direction::Advance),
        '-' => Some(Direction::Retreat),
        '=' | '.' => Some(Direction::Traverse),
        _ => None,
    }
}

fn digit(c: char, range: std::ops::RangeInclusive<u8>) -> Option<u8> {
    let d = u8::try_from(c.to_digit(10)?).ok()?;
    range.contains(&d).then_some(d)
}

/// Reads a WXF move text.
pub(crate) fn parse(text: &str) -> Result<Parsed, SyntaxError> {
    let mut cursor = Cursor::new(text);
    let start = cursor.here().start;
    let prefix = cursor
        .eat(mark_of)
        .or_else(|| cursor.eat(|c| digit(c, 1..=5).map(Ordinal::Nth)))
        .map(|(o, _)| o);
    let Some((role, _)) = cursor.eat(role_of) else {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: "a piece: `K`, `A`, `E`, `H`, `R`, `C` or `P`".to_owned(),
        });
    };
    let file = cursor.eat(|c| digit(c, 1..=9)).map(|(f, _)| f);
    // `R+=4`: an order after the letter, recognised by the direction that follows it.
    let postfix =
        if prefix.is_none() && file.is_none() && cursor.peek2().and_then(direction_of).is_some() {
            cursor.eat(mark_of).map(|(o, _)| o)
        } else {
            None
        };
    let piece_end = cursor.here().start;
    let (direction, motion_start) = direction(
        &mut cursor,
        direction_of,
        file.is_some(),
        "`+` to advance, `-` to retreat, `=` to traverse",
    )?;
    let head = Head {
        role,
        ordinal: prefix.or(postfix),
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

/// Writes a descriptor in WXF.
pub(crate) fn write(d: &Descriptor) -> String {
    let letter = letter(d.role);
    let piece = match d.designator {
        Designator::File(f) => format!("{letter}{f}"),
        Designator::Implied => letter.to_string(),
        Designator::Ordinal { ordinal, file } => {
            let file = file.map(|f| f.to_string()).unwrap_or_default();
            let mark = match ordinal {
                Ordinal::Front => "+".to_owned(),
                Ordinal::Middle => "=".to_owned(),
                Ordinal::Rear => "-".to_owned(),
                Ordinal::Nth(k) => k.to_string(),
            };
            format!("{mark}{letter}{file}")
        }
    };
    let direction = match d.direction {
        Direction::Advance => '+',
        Direction::Retreat => '-',
        Direction::Traverse => '=',
    };
    format!("{piece}{direction}{}", d.number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(text: &str) -> Descriptor {
        parse(text).unwrap().descriptor
    }

    fn ordinal(ordinal: Ordinal, file: Option<u8>) -> Designator {
        Designator::Ordinal { ordinal, file }
    }

    #[test]
    fn reads_plain_moves() {
        let d = desc("C2=5");
        assert_eq!(d.role, Role::Cannon);
        assert_eq!(d.designator, Designator::File(2));
        assert_eq!(d.direction, Direction::Traverse);
        assert_eq!(d.number, 5);
        assert_eq!(desc("C2.5"), d);
        assert_eq!(desc("c2.5"), d);
        assert_eq!(desc("N8+7"), desc("H8+7"));
        assert_eq!(desc("B3+5"), desc("E3+5"));
        assert_eq!(desc("K-1").designator, Designator::Implied);
        for text in [
            "C2=5", "H8+7", "R1-1", "K5=4", "A4+5", "E7+9", "P3+1", "K-1",
        ] {
            assert_eq!(write(&desc(text)), text);
        }
    }

    #[test]
    fn reads_orders_before_and_after_the_letter() {
        assert_eq!(desc("+R=4").designator, ordinal(Ordinal::Front, None));
        assert_eq!(desc("R+=4"), desc("+R=4"));
        assert_eq!(desc("R-=4"), desc("-R=4"));
        assert_eq!(desc("R++1").designator, ordinal(Ordinal::Front, None));
        assert_eq!(desc("R++1").direction, Direction::Advance);
        assert_eq!(desc("=P=4").designator, ordinal(Ordinal::Middle, None));
        assert_eq!(desc("+P7=6").designator, ordinal(Ordinal::Front, Some(7)));
        assert_eq!(desc("3P+1").designator, ordinal(Ordinal::Nth(3), None));
        for text in ["+R=4", "-C+1", "=P=4", "+P7=6", "3P+1"] {
            assert_eq!(write(&desc(text)), text);
        }
    }

    #[test]
    fn spans() {
        let p = parse("+R=4").unwrap();
        assert_eq!(p.piece_span, 0..2);
        assert_eq!(p.motion_span, 2..4);
    }

    #[test]
    fn unreadable() {
        let e = parse("X2+1").unwrap_err();
        assert_eq!(e.span, 0..1);
        assert!(e.expected.starts_with("a piece"));
        let e = parse("R2*1").unwrap_err();
        assert_eq!(e.span, 2..3);
        assert!(e.expected.starts_with("a direction"));
        let e = parse("R2+").unwrap_err();
        assert_eq!(e.expected, "a number from 1 to 9");
    }
}
