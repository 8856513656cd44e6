//! Properties of the facts and of judging on random play: nothing panics, and the facts agree
//! with each other and with the board.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use proptest::prelude::*;
use xqlaw::facts::{MoveFact, Settings, ThreatFact, compute};
use xqlaw::load_rules;
use xqlaw::{Move, Position, Role};
use xqlaw::{Play, judge};

const STARTS: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    // Hình 42 and Hình 62 of the law: chases, screens and pins.
    "1re1kaer1/4a1c2/1ch3h2/p1C1p1R1p/9/9/P1P1P1P1P/2H1C1H2/9/2EAKAE2 w",
    "4kae2/4a4/4e3h/2r3p1p/2p2H3/9/1RP3P1P/4E3C/2r1A4/2H1KAEc1 w",
];

/// A random legal line of at most `len` plies from one of the starts, chosen by `seeds`.
fn playout(start: usize, seeds: &[usize]) -> (Position, Vec<Move>) {
    let start = Position::from_fen(STARTS[start % STARTS.len()]).unwrap();
    let mut pos = start;
    let mut moves = Vec::new();
    for &seed in seeds {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[seed % legal.len()];
        pos.play_unchecked(m);
        moves.push(m);
    }
    (start, moves)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn facts_agree_with_the_board(start in 0usize..3, seeds in prop::collection::vec(any::<usize>(), 1..24)) {
        let (pos, moves) = playout(start, &seeds);
        prop_assume!(!moves.is_empty());
        let settings = Settings { mate_plies: 5, mate_nodes: 20_000 };
        let facts = compute(&pos, &moves, &settings).unwrap();
        prop_assert_eq!(facts.plies.len(), moves.len());
        for ply in &facts.plies {
            prop_assert_eq!(ply.has(MoveFact::Check), !ply.checkers.is_empty());
            prop_assert_eq!(ply.has(MoveFact::Capture), ply.captured.is_some());
            prop_assert!(!(ply.has(MoveFact::Check) && ply.has(MoveFact::MateThreat)));
            for t in &ply.threats {
                prop_assert!(t.target.piece.role != Role::King);
                prop_assert!(t.target.piece.color != t.attacker.piece.color);
                prop_assert_eq!(t.attacker.piece.color, ply.mover);
                prop_assert_eq!(t.has(ThreatFact::Discovered), t.attacker.id != ply.piece.id);
                // A protector that can really take back is a protector.
                prop_assert!(!t.has(ThreatFact::ReallyProtected) || t.has(ThreatFact::Protected));
                prop_assert_eq!(t.has(ThreatFact::Protected), !t.protectors.is_empty());
            }
        }
    }

    #[test]
    fn judging_random_play_never_fails(start in 0usize..3, seeds in prop::collection::vec(any::<usize>(), 1..16)) {
        let rules = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
        let (pos, moves) = playout(start, &seeds);
        prop_assume!(!moves.is_empty());
        let judgement = judge(&rules, &Play::new(pos, moves)).unwrap();
        prop_assert!(!judgement.explain().is_empty());
    }
}

#[test]
fn an_illegal_move_names_its_ply() {
    let pos = Position::startpos();
    let moves: Vec<Move> = ["h2e2", "h9g7", "e2e9"]
        .iter()
        .map(|m| m.parse().unwrap())
        .collect();
    let err = compute(&pos, &moves, &Settings::default()).unwrap_err();
    assert_eq!(err.ply(), 3);
    assert!(
        err.to_string()
            .contains("ply 3 (red): `e2e9` is not a legal move")
    );
}
