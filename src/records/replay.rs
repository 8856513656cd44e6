//! Move texts of a record played from its start position.

use crate::xiangqi::notation::{Notation, parse_move};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Setup, Square};

/// A move as written, and the byte offset in the text where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MoveText<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
}

/// A move that could not be played: its ply (from 0), where it stands, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Unplayable {
    pub(super) ply: usize,
    pub(super) at: usize,
    pub(super) message: String,
}

/// Plays `texts` from `start` in the first of `notations` in which all of them read as legal
/// moves. When none does, the failure of the notation that read furthest (the first one on a
/// tie) is returned.
pub(super) fn replay(
    start: &Position,
    texts: &[MoveText<'_>],
    notations: &[Notation],
) -> Result<Vec<Move>, Unplayable> {
    let mut best: Option<Unplayable> = None;
    for &notation in notations {
        match replay_in(start, texts, notation) {
            Ok(moves) => return Ok(moves),
            Err(e) => {
                if best.as_ref().is_none_or(|b| e.ply > b.ply) {
                    best = Some(e);
                }
            }
        }
    }
    Err(best.unwrap_or(Unplayable {
        ply: 0,
        at: 0,
        message: "no notation to read the moves in".to_owned(),
    }))
}

/// Plays moves given as squares (the binary and coordinate formats), each with its place.
/// A move that is not legal is explained as its ICCS text would be.
pub(super) fn play_squares(
    start: &Position,
    moves: impl IntoIterator<Item = (Move, usize)>,
) -> Result<Vec<Move>, Unplayable> {
    let mut pos = *start;
    let mut played = Vec::new();
    for (ply, (m, at)) in moves.into_iter().enumerate() {
        if !pos.is_legal(m) {
            let message = parse_move(&pos, &m.to_string(), Notation::Iccs)
                .err()
                .map_or_else(|| format!("`{m}` is not a legal move"), |e| e.to_string());
            return Err(Unplayable { ply, at, message });
        }
        pos.play_unchecked(m);
        played.push(m);
    }
    Ok(played)
}

fn replay_in(
    start: &Position,
    texts: &[MoveText<'_>],
    notation: Notation,
) -> Result<Vec<Move>, Unplayable> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for (ply, t) in texts.iter().enumerate() {
        let m = parse_move(&pos, t.text, notation).map_err(|e| Unplayable {
            ply,
            at: t.at,
            message: e.to_string(),
        })?;
        // INVARIANT: `parse_move` only returns legal moves.
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// The order of the 32 pieces in XQF's and DhtmlXQ's piece tables: Red rook, horse,
/// elephant, advisor, king, advisor, elephant, horse, rook, two cannons, five pawns; then Black
/// in the same order.
const TABLE: [Role; 16] = [
    Role::Rook,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::King,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// The piece at index `i` (0–31) of a piece table.
pub(super) fn table_piece(i: usize) -> Option<Piece> {
    let color = if i < 16 { Color::Red } else { Color::Black };
    TABLE.get(i % 16).map(|&role| Piece::new(color, role))
}

/// A placement from a piece table: the square of each piece, or `None` for a piece not on
/// the board. Two pieces on one square is an error naming the square.
pub(super) fn table_setup(squares: &[Option<Square>]) -> Result<Setup, String> {
    let mut setup = Setup::empty();
    for (i, sq) in squares.iter().enumerate() {
        let (Some(sq), Some(piece)) = (sq, table_piece(i)) else {
            continue;
        };
        if setup.piece_at(*sq).is_some() {
            return Err(format!("two pieces stand on {sq}"));
        }
        setup.set(*sq, Some(piece));
    }
    Ok(setup)
}

/// The side whose piece stands on the first move's square (Red when there is no move or no
/// piece there): it moves first.
pub(super) fn first_mover(setup: &Setup, first: Option<Move>) -> Color {
    first
        .and_then(|m| setup.piece_at(m.from))
        .map_or(Color::Red, |p| p.color)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(line: &str) -> Vec<MoveText<'_>> {
        line.split(' ')
            .enumerate()
            .map(|(i, text)| MoveText { text, at: i })
            .collect()
    }

    #[test]
    fn the_notation_that_reads_everything_wins() {
        let start = Position::startpos();
        let both = [Notation::Wxf, Notation::Vietnamese];
        // `P2-5` is no WXF pawn move; it is the Vietnamese cannon.
        let moves = replay(&start, &texts("P2-5 M8.7"), &both).unwrap();
        assert_eq!(moves[0].to_string(), "h2e2");
        let moves = replay(&start, &texts("C2=5 H8+7"), &both).unwrap();
        assert_eq!(moves[1].to_string(), "h9g7");
        let e = replay(&start, &texts("C2=5 H8+7 C5+9"), &both).unwrap_err();
        assert_eq!((e.ply, e.at), (2, 2));
        assert!(e.message.contains("C5+9"), "{}", e.message);
    }

    #[test]
    fn squares_are_played_and_explained() {
        let start = Position::startpos();
        let m = |s: &str| s.parse::<Move>().unwrap();
        let moves = play_squares(&start, [(m("h2e2"), 0), (m("h9g7"), 4)]).unwrap();
        assert_eq!(moves.len(), 2);
        let e = play_squares(&start, [(m("h2e2"), 0), (m("h9g6"), 4)]).unwrap_err();
        assert_eq!((e.ply, e.at), (1, 4));
        assert!(
            e.message.starts_with("`h9g6` is not a legal move"),
            "{}",
            e.message
        );
    }

    #[test]
    fn the_piece_table_of_the_start_position() {
        let squares: Vec<Option<Square>> = [
            "a0", "b0", "c0", "d0", "e0", "f0", "g0", "h0", "i0", "b2", "h2", "a3", "c3", "e3",
            "g3", "i3", "a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9", "b7", "h7", "a6",
            "c6", "e6", "g6", "i6",
        ]
        .iter()
        .map(|s| s.parse().ok())
        .collect();
        let setup = table_setup(&squares).unwrap();
        assert_eq!(Position::from_setup(setup).unwrap(), Position::startpos());
        let mut twice = squares.clone();
        twice[1] = twice[0];
        assert_eq!(table_setup(&twice).unwrap_err(), "two pieces stand on a0");
    }
}
