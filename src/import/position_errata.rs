//! Misprinted positions: a printed diagram whose position contradicts its own commentary.
//!
//! A misprinted move shows itself: it cannot be read or played, and [`super::errata`] finds
//! the correction by search. A misprinted position replays; only the commentary shows it
//! wrong. So a position erratum is stated here, one entry per diagram, with its reasoning, and
//! the importer applies it only where the print still reads as the entry says: it becomes an
//! erratum of the spec file beside the printed FEN (`fen_text` keeps the print) and a warning
//! of the import. Nothing is edited silently.

use crate::spec::Erratum;

use super::diagram::{RawGame, Token};
use super::errata::Found;

/// A known misprint of a diagram's position.
struct PositionErratum {
    /// The diagram's number (Hình N).
    diagram: u32,
    /// The rank field of the FEN as printed, e.g. `4k1e2` (ranks are unique within the FEN).
    printed: &'static str,
    /// The rank field as read.
    corrected: &'static str,
    /// Why the print cannot be right, and why this reading.
    reason: &'static str,
}

/// The position errata of the law's diagrams.
const POSITION_ERRATA: &[PositionErratum] = &[PositionErratum {
    diagram: 65,
    printed: "4k1e2",
    corrected: "5ke2",
    reason: "the commentary says the black rook \"bị Pháo Trắng trói buộc, không thể rời tuyến \
ăn quân\" (held by the red cannon, it cannot leave its line to take), but on the printed board \
nothing holds it: with the black king on e9 the rook on f6 may leave the f-file and take the red \
rook on h6. With the king on f9, the red cannon on f3 aims at it through the rook and the \
advisor on f7, so the rook cannot leave the f-file without exposing its king, as the \
commentary says, and every printed move still replays. Searched with the engine over every \
one-piece change of the printed position (a piece moved to an empty point, or removed: 602 legal \
positions), only two make the rook held to its file and unable to take the red rook on every \
red move: the king on f9 or on f8. The king on f9 is the smaller misprint: the same rank, one \
point over (`4k1e2` printed for `5ke2`)",
}];

/// The game with the known misprint of diagram `number`'s position corrected, and the erratum
/// to record; the game itself when no erratum applies (none known, or the print differs from
/// the one the erratum describes).
pub fn apply(number: u32, game: &RawGame) -> (RawGame, Option<Found>) {
    let Some(fen) = &game.fen else {
        return (game.clone(), None);
    };
    let Some((known, at)) = POSITION_ERRATA
        .iter()
        .filter(|e| e.diagram == number)
        .find_map(|e| rank_offset(&fen.text, e.printed).map(|at| (e, at)))
    else {
        return (game.clone(), None);
    };
    let mut corrected = game.clone();
    let mut text = fen.text.clone();
    text.replace_range(at..at + known.printed.len(), known.corrected);
    corrected.fen = Some(Token {
        text,
        span: fen.span.clone(),
    });
    let start = fen.span.start + at;
    let found = Found {
        erratum: Erratum {
            ply: None,
            printed: known.printed.to_owned(),
            corrected: known.corrected.to_owned(),
            reason: known.reason.to_owned(),
        },
        span: start..start + known.printed.len(),
        place: "the position".to_owned(),
    };
    (corrected, Some(found))
}

/// The byte offset of the rank field `rank` in the printed FEN, if it is one of its fields.
fn rank_offset(fen: &str, rank: &str) -> Option<usize> {
    let placement = fen.split_whitespace().next()?;
    let mut offset = 0;
    for field in placement.split('/') {
        if field == rank {
            return Some(offset);
        }
        offset += field.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str) -> RawGame {
        RawGame {
            fen: Some(Token {
                text: fen.to_owned(),
                span: 100..100 + fen.len(),
            }),
            ..RawGame::default()
        }
    }

    const PRINTED_65: &str = "4k1e2/4a4/4ea3/5r3/9/P6R1/3cpCpc1/4EA3/4A4/2EK3C1 w – – – 7";

    #[test]
    fn hinh_65_is_read_with_the_king_on_f9() {
        let (fixed, found) = apply(65, &game(PRINTED_65));
        let fen = fixed.fen.unwrap().text;
        assert!(fen.starts_with("5ke2/4a4/"), "{fen}");
        let found = found.unwrap();
        assert_eq!(found.erratum.printed, "4k1e2");
        assert_eq!(found.erratum.corrected, "5ke2");
        assert_eq!(found.span, 100..100 + "4k1e2".len());
    }

    #[test]
    fn another_diagram_or_another_print_is_left_alone() {
        assert!(apply(64, &game(PRINTED_65)).1.is_none());
        let reprinted = PRINTED_65.replacen("4k1e2", "5ke2", 1);
        let (same, found) = apply(65, &game(&reprinted));
        assert!(found.is_none());
        assert_eq!(same.fen.unwrap().text, reprinted);
    }
}
