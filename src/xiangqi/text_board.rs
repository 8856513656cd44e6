//! A position drawn as text, rank 9 at the top, for terminals and error reports.

use super::{Position, Square};

/// Draws `pos` as ten lines of pieces (WXF letters, uppercase Red, `.` for empty points) with
/// rank numbers on the left and file letters below, then the side to move.
///
/// ```
/// use xqlaw::{Position, text_board};
///
/// let board = text_board(&Position::startpos());
/// assert!(board.starts_with("9  r h e a k a e h r"));
/// ```
pub fn text_board(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let c = Square::new(file, rank)
                .and_then(|sq| pos.piece_at(sq))
                .map_or('.', |p| p.wxf_char());
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("   a b c d e f g h i\n");
    out.push_str(&format!("{} to move\n", pos.turn()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_the_start_position() {
        let board = text_board(&Position::startpos());
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "9  r h e a k a e h r");
        assert_eq!(lines[7], "2  . C . . . . . C .");
        assert_eq!(lines[9], "0  R H E A K A E H R");
        assert_eq!(lines[11], "red to move");
    }
}
