//! ICCS move text: the from and to squares, `h2e2`. Also read: `h2-e2`, uppercase, blanks.

use super::cursor::Cursor;
use super::descriptor::SyntaxError;
use crate::xiangqi::{Move, Square};

/// Reads `h2e2`, `H2-E2` or `h2 e2`.
pub(crate) fn parse(text: &str) -> Result<Move, SyntaxError> {
    if let Some(m) = plain(text) {
        return Ok(m);
    }
    let mut cursor = Cursor::new(text);
    let from = square(&mut cursor, "the square the piece leaves")?;
    // A dash between the squares is optional.
    let _ = cursor.eat(|c| (c == '-').then_some(()));
    let to = square(&mut cursor, "the square the piece goes to")?;
    if !cursor.at_end() {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: "the end of the move".to_owned(),
        });
    }
    Ok(Move { from, to })
}

/// The common form, `h2e2` in lower case, read without the cursor (a batch reads thousands of
/// moves); anything else is left to the full reading and its errors.
fn plain(text: &str) -> Option<Move> {
    let &[f1, r1, f2, r2] = text.as_bytes() else {
        return None;
    };
    let square = |file: u8, rank: u8| {
        (file.is_ascii_lowercase() && rank.is_ascii_digit())
            .then(|| Square::new(file.wrapping_sub(b'a'), rank - b'0'))
            .flatten()
    };
    Some(Move {
        from: square(f1, r1)?,
        to: square(f2, r2)?,
    })
}

fn square(cursor: &mut Cursor<'_>, what: &str) -> Result<Square, SyntaxError> {
    let file = cursor.eat(|c| {
        let c = c.to_ascii_lowercase();
        ('a'..='i')
            .contains(&c)
            .then(|| u32::from(c) - u32::from('a'))
            .and_then(|f| u8::try_from(f).ok())
    });
    let Some((file, span)) = file else {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: format!("a file letter `a` to `i` starting {what}"),
        });
    };
    let rank = cursor.eat(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()));
    let Some((rank, _)) = rank else {
        return Err(SyntaxError {
            span: cursor.here(),
            expected: format!(
                "a rank digit `0` to `9` after `{}`",
                char::from(b'a' + file)
            ),
        });
    };
    Square::new(file, rank).ok_or(SyntaxError {
        span,
        expected: what.to_owned(),
    })
}

/// Writes `h2e2`.
pub(crate) fn write(m: Move) -> String {
    format!("{}{}", m.from, m.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::new(s[0..2].parse().unwrap(), s[2..4].parse().unwrap())
    }

    #[test]
    fn reads_variants() {
        for text in ["h2e2", "H2E2", "h2-e2", " h2 - e2 "] {
            assert_eq!(parse(text), Ok(mv("h2e2")), "{text}");
        }
        assert_eq!(write(mv("h2e2")), "h2e2");
    }

    #[test]
    fn the_plain_form_reads_as_the_full_reading_does() {
        // Every four-byte text over the letters and digits: the fast path either agrees with
        // the cursor's reading or leaves the text to it.
        let chars: Vec<char> = ('a'..='k').chain('0'..='9').chain(['A', '-']).collect();
        for &a in &chars {
            for &b in &chars {
                for &c in &chars {
                    for &d in &chars {
                        let text: String = [a, b, c, d].iter().collect();
                        if let Some(m) = plain(&text) {
                            let mut cursor = Cursor::new(&text);
                            let from = square(&mut cursor, "from");
                            let to = square(&mut cursor, "to");
                            assert_eq!((from, to), (Ok(m.from), Ok(m.to)), "{text}");
                            assert!(cursor.at_end());
                        }
                    }
                }
            }
        }
        assert!(plain("j2e2").is_none() && plain("h2e").is_none() && plain("H2E2").is_none());
    }

    #[test]
    fn rejects_garbage() {
        let e = parse("j2e2").unwrap_err();
        assert_eq!(e.span, 0..1);
        assert!(e.expected.starts_with("a file letter"));
        let e = parse("h2e").unwrap_err();
        assert_eq!(e.span, 3..3);
        assert!(e.expected.starts_with("a rank digit"));
        let e = parse("h2e2x").unwrap_err();
        assert_eq!(e.span, 4..5);
    }
}
