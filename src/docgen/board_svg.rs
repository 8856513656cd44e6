//! A position drawn as an SVG picture, in the style of printed diagrams: the grid with its
//! river and palaces, and the pieces as discs with their Chinese characters.

use std::fmt::Write as _;

use crate::xiangqi::{Color, Position, Role, Square};

/// Pixels between two points.
const STEP: i32 = 40;
/// Margin around the grid (room for the coordinates).
const MARGIN: i32 = 36;
/// Radius of a piece.
const RADIUS: i32 = 17;

/// The character printed on a piece.
fn glyph(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::Red, Role::King) => '帥',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Red, Role::Elephant) => '相',
        (Color::Red, Role::Horse) => '傌',
        (Color::Red, Role::Rook) => '俥',
        (Color::Red, Role::Cannon) => '炮',
        (Color::Red, Role::Pawn) => '兵',
        (Color::Black, Role::King) => '將',
        (Color::Black, Role::Advisor) => '士',
        (Color::Black, Role::Elephant) => '象',
        (Color::Black, Role::Horse) => '馬',
        (Color::Black, Role::Rook) => '車',
        (Color::Black, Role::Cannon) => '砲',
        (Color::Black, Role::Pawn) => '卒',
    }
}

/// Pixel coordinates of a point (file 0 on the left, rank 9 at the top).
fn xy(file: u8, rank: u8) -> (i32, i32) {
    (
        MARGIN + STEP * i32::from(file),
        MARGIN + STEP * (9 - i32::from(rank)),
    )
}

/// Draws `pos`. The squares in `marked` (the pieces that move in the disputed play) get a ring.
pub fn board_svg(pos: &Position, title: &str, marked: &[Square]) -> String {
    let width = 2 * MARGIN + 8 * STEP;
    let height = 2 * MARGIN + 9 * STEP;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"#,
        escape(title)
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#f3deb0"/>"##
    );
    let _ = writeln!(
        s,
        r##"<g stroke="#5a3b1a" stroke-width="1.2" fill="none">"##
    );
    // Ranks.
    for rank in 0..10u8 {
        let (x0, y) = xy(0, rank);
        let (x1, _) = xy(8, rank);
        let _ = writeln!(s, r#"<line x1="{x0}" y1="{y}" x2="{x1}" y2="{y}"/>"#);
    }
    // Files: the edge files cross the river, the others stop at it.
    for file in 0..9u8 {
        let (x, top) = xy(file, 9);
        let (_, bottom) = xy(file, 0);
        if file == 0 || file == 8 {
            let _ = writeln!(s, r#"<line x1="{x}" y1="{top}" x2="{x}" y2="{bottom}"/>"#);
        } else {
            let (_, black_bank) = xy(file, 5);
            let (_, red_bank) = xy(file, 4);
            let _ = writeln!(
                s,
                r#"<line x1="{x}" y1="{top}" x2="{x}" y2="{black_bank}"/>"#
            );
            let _ = writeln!(
                s,
                r#"<line x1="{x}" y1="{red_bank}" x2="{x}" y2="{bottom}"/>"#
            );
        }
    }
    // Palace diagonals.
    for (low, high) in [(0u8, 2u8), (7, 9)] {
        let (xa, ya) = xy(3, low);
        let (xb, yb) = xy(5, high);
        let _ = writeln!(s, r#"<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}"/>"#);
        let (xc, yc) = xy(5, low);
        let (xd, yd) = xy(3, high);
        let _ = writeln!(s, r#"<line x1="{xc}" y1="{yc}" x2="{xd}" y2="{yd}"/>"#);
    }
    let _ = writeln!(s, "</g>");
    // The river and the coordinates.
    let (_, river_y) = xy(0, 5);
    let river_y = river_y + STEP / 2 + 6; // baseline: the glyphs sit in the middle of the river
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{river_y}" font-size="16" fill="#5a3b1a" text-anchor="middle" font-family="serif">楚 河　　　　漢 界</text>"##,
        MARGIN + 4 * STEP
    );
    for file in 0..9u8 {
        let (x, y) = xy(file, 0);
        let letter = char::from(b'a' + file);
        let _ = writeln!(
            s,
            r##"<text x="{x}" y="{}" font-size="12" fill="#5a3b1a" text-anchor="middle" font-family="sans-serif">{letter}</text>"##,
            y + MARGIN - 8
        );
    }
    for rank in 0..10u8 {
        let (x, y) = xy(0, rank);
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="12" fill="#5a3b1a" text-anchor="middle" font-family="sans-serif">{rank}</text>"##,
            x - MARGIN + 10,
            y + 4
        );
    }
    // The pieces.
    for (sq, piece) in pos.pieces() {
        let (x, y) = xy(sq.file(), sq.rank());
        let ink = match piece.color {
            Color::Red => "#b3131b",
            Color::Black => "#1d1d1d",
        };
        if marked.contains(&sq) {
            let _ = writeln!(
                s,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="#2a6fdb" stroke-width="3"/>"##,
                RADIUS + 3
            );
        }
        let _ = writeln!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="{RADIUS}" fill="#fbf3df" stroke="{ink}" stroke-width="2"/>"##
        );
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" font-size="20" fill="{ink}" text-anchor="middle" font-family="serif">{}</text>"#,
            y + 7,
            glyph(piece.color, piece.role)
        );
    }
    let _ = writeln!(s, "</svg>");
    s
}

/// Escapes text for an XML attribute or element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_every_piece_once() {
        let svg = board_svg(&Position::startpos(), "start", &[]);
        assert_eq!(svg.matches("<circle").count(), 32);
        assert_eq!(svg.matches('帥').count(), 1);
        assert_eq!(svg.matches('卒').count(), 5);
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn marks_the_moving_pieces_and_escapes_the_title() {
        let sq = Square::new(7, 2).unwrap();
        let svg = board_svg(&Position::startpos(), "a < b", &[sq]);
        assert_eq!(svg.matches("<circle").count(), 33);
        assert!(svg.contains("a &lt; b"));
    }
}
