//! Round trip of move text: in random positions, every legal move written in every notation
//! reads back as the same move.

#![expect(clippy::unwrap_used, reason = "test code fails loudly")]

use std::collections::HashSet;

use proptest::prelude::*;
use xqlaw::notation::{Notation, parse_move, write_move};
use xqlaw::{Move, Position};

/// Start positions for the random playouts: the opening, the law's example, and positions
/// with identical pieces stacked on files (front/middle/rear, tandem pawns, four pawns).
const STARTS: [&str; 6] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1",
    "r1bakab2/4r4/1cn3nc1/p3p1p1p/2p6/4P4/P1P3P1P/1C2C1N2/4R4/RNBAKAB2 w - - 0 1",
    "3k5/9/9/2P1P4/2P1P4/4P4/9/9/9/5K3 w - - 0 1",
    "3akab2/9/4b4/4p4/2p1p4/2p1p4/9/4R4/4R4/4KA3 b - - 0 1",
    "2bk5/4a4/4r4/9/2h1r4/9/2H6/2C6/2C1A4/3AK4 w - - 0 1",
];

/// Plays `choices.len()` moves from `start`, each chosen by its number modulo the count of
/// legal moves, and returns every position on the way.
fn playout(start: Position, choices: &[u32]) -> Vec<Position> {
    let mut positions = vec![start];
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[c as usize % moves.len()];
        pos = pos.play(m).unwrap();
        positions.push(pos);
    }
    positions
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    for notation in Notation::ALL {
        let mut texts = HashSet::new();
        for &m in pos.legal_moves().iter() {
            let text = write_move(pos, m, notation);
            let back = parse_move(pos, &text, notation);
            prop_assert_eq!(
                back.as_ref().ok(),
                Some(&m),
                "{} `{}` in {}: {:?}",
                notation,
                text,
                pos.to_fen(),
                back
            );
            prop_assert!(texts.insert(text.clone()), "`{}` written twice", text);
        }
    }
    Ok(())
}

/// Moves of the side to move that break only the rule against exposing one's own king, or not
/// even that: every piece to every square it attacks.
fn pseudo_moves(pos: &Position) -> Vec<Move> {
    pos.pieces()
        .filter(|(_, p)| p.color == pos.turn())
        .flat_map(|(from, _)| {
            pos.attacks_from(from)
                .into_iter()
                .map(move |to| Move::new(from, to))
        })
        .collect()
}

/// Texts of illegal moves read as errors, never as another move.
fn check_illegal(pos: &Position) -> Result<(), TestCaseError> {
    for m in pseudo_moves(pos).into_iter().filter(|&m| !pos.is_legal(m)) {
        for notation in Notation::ALL {
            let text = write_move(pos, m, notation);
            let back = parse_move(pos, &text, notation);
            prop_assert!(
                back.is_err(),
                "{} `{}` for illegal {} reads as {:?}",
                notation,
                text,
                m,
                back
            );
        }
    }
    Ok(())
}

#[test]
fn the_starts_are_valid() {
    for fen in STARTS {
        let pos = Position::from_fen(fen).unwrap();
        check_position(&pos).unwrap();
        check_illegal(&pos).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_legal_move_reads_back(
        start in 0..STARTS.len(),
        choices in prop::collection::vec(any::<u32>(), 0..200),
    ) {
        let start = Position::from_fen(STARTS[start]).unwrap();
        for pos in playout(start, &choices) {
            check_position(&pos)?;
            check_illegal(&pos)?;
        }
    }
}
