//! The facts the law's terms rest on, asserted on small positions and on the law's own
//! diagrams: mate threats and their depth (Điều 22.3, Hình 9), real and false protection
//! (Điều 22.15–22.16), pinned and merely immobile targets (Điều 23 point 7), a target that
//! walks into an attack, and the law's printed moves read in its own notation.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::{Path, PathBuf};

use xqlaw::SpecFile;
use xqlaw::corpus::spec_files;
use xqlaw::facts::{MoveFact, PlyFacts, Settings, Threat, ThreatFact, compute};
use xqlaw::{Move, Position};
use xqlaw::{Notation, parse_text};

mod positions;
use positions::{FREE_GUARD, PINNED_GUARD, SHUTTLE};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

/// The facts of `line` played from `fen`, with `settings`.
fn facts_with(fen: &str, line: &str, settings: &Settings) -> Vec<PlyFacts> {
    let start = Position::from_fen(fen).unwrap();
    compute(&start, &moves(line), settings).unwrap().plies
}

fn facts(fen: &str, line: &str) -> Vec<PlyFacts> {
    facts_with(fen, line, &Settings::default())
}

/// The threat of `ply` on the piece standing on `square`.
fn on<'a>(ply: &'a PlyFacts, square: &str) -> &'a Threat {
    ply.threats
        .iter()
        .find(|t| t.target.square.to_string() == square)
        .unwrap_or_else(|| panic!("no threat on {square}: {:#?}", ply.threats))
}

fn spec(id: &str) -> SpecFile {
    SpecFile::load(&Path::new("spec-tests/vn-1999").join(format!("{id}.yaml"))).unwrap()
}

// Mate threats (Điều 22.3).

/// Hình 9: "Pháo Trắng bình 2 là nước dọa hết rõ. Còn chơi 1.P7-5 để nước sau … thắng cuộc":
/// the cannon's move to the centre threatens a mate by checks of four moves, seven plies. The
/// law's rule set searches seven plies deep; five plies do not reach it.
#[test]
fn hinh_9_threatens_a_mate_of_seven_plies() {
    let hinh = spec("hinh-09");
    let first = &hinh.moves[..1].join(" ");
    let deep = facts(&hinh.fen, first);
    assert_eq!(Settings::default().mate_plies, 7);
    assert!(deep[0].has(MoveFact::MateThreat), "{:#?}", deep[0]);
    assert_eq!(deep[0].mate_line.len(), 7, "{:?}", deep[0].mate_line);
    let shallow = Settings {
        mate_plies: 5,
        ..Settings::default()
    };
    let short = facts_with(&hinh.fen, first, &shallow);
    assert!(
        !short[0].has(MoveFact::MateThreat),
        "{:?}",
        short[0].mate_line
    );
    assert!(short[0].mate_line.is_empty());
}

/// The law's rule set states the depth Hình 9 needs.
#[test]
fn the_law_searches_seven_plies() {
    let law = xqlaw::load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    assert_eq!(law.settings().mate_plies, 7);
}

/// A rook to a8 holds rank 8: the other rook then mates on b9 in one. One ply is enough to see
/// it, and deeper searches find the same one-move line first.
#[test]
fn a_mate_in_one_is_threatened() {
    for plies in [1, 3, 7] {
        let settings = Settings {
            mate_plies: plies,
            ..Settings::default()
        };
        let ply = &facts_with("4k4/9/1R7/9/9/9/9/9/R8/3K5 w", "a1a8", &settings)[0];
        assert!(ply.has(MoveFact::MateThreat), "mate-plies = {plies}");
        assert_eq!(ply.mate_line, moves("b7b9"), "mate-plies = {plies}");
    }
}

// Real and false protection (Điều 22.15–22.16).

#[test]
fn a_pinned_guard_protects_but_not_really() {
    let plies = facts(PINNED_GUARD, SHUTTLE);
    for (ply, square) in [(0, "d7"), (2, "f7"), (4, "d7"), (6, "f7")] {
        let t = on(&plies[ply], square);
        assert!(t.has(ThreatFact::New), "ply {ply}");
        assert!(t.has(ThreatFact::Protected), "ply {ply}");
        assert!(!t.has(ThreatFact::ReallyProtected), "ply {ply}");
        assert_eq!(t.protectors.len(), 1);
        assert_eq!(t.protectors[0].square.to_string(), "e8");
    }
}

#[test]
fn a_free_guard_really_protects() {
    let plies = facts(FREE_GUARD, SHUTTLE);
    for (ply, square) in [(0, "d7"), (2, "f7"), (4, "d7"), (6, "f7")] {
        let t = on(&plies[ply], square);
        assert!(t.has(ThreatFact::New), "ply {ply}");
        assert!(t.has(ThreatFact::Protected), "ply {ply}");
        assert!(t.has(ThreatFact::ReallyProtected), "ply {ply}");
    }
}

// Pinned and immobile targets (Điều 23 point 7: "bị ghim không dịch chuyển được").

/// The advisor on e8 stands between its king and the rook on e1: it has moves, none legal.
#[test]
fn a_piece_pinned_to_its_king_is_pinned_and_immobile() {
    let plies = facts(PINNED_GUARD, SHUTTLE);
    let t = on(&plies[0], "e8");
    assert_eq!(t.attacker.square.to_string(), "e1");
    assert!(t.has(ThreatFact::TargetPinned));
    assert!(t.has(ThreatFact::TargetImmobile));
}

/// An advisor boxed in beside its king (the other advisor holds its only point) cannot move,
/// but nothing pins it: immobile, not pinned (Hình 42's "một ngừng").
#[test]
fn a_boxed_in_piece_is_immobile_but_not_pinned() {
    let plies = facts("4ka3/4a4/9/9/9/9/9/9/R8/3K5 w", "a1f1");
    let t = on(&plies[0], "f9");
    assert!(t.has(ThreatFact::TargetImmobile));
    assert!(!t.has(ThreatFact::TargetPinned));
    assert!(t.has(ThreatFact::ReallyProtected));
}

// A target that walks into an attack.

#[test]
fn a_target_that_walked_into_a_standing_attack_moved_in() {
    // Black's cannon steps onto the rook's file; White answers elsewhere.
    let plies = facts("4k4/4a4/9/3c5/9/9/9/R8/9/4K4 b", "d6a6 e0d0");
    let t = on(&plies[1], "a6");
    assert!(!t.has(ThreatFact::New));
    assert!(t.has(ThreatFact::TargetMovedIn));
}

#[test]
fn a_fleeing_target_that_is_chased_again_did_not_move_in() {
    // The cannon flees and the rook follows: each attack is new, so the cannon did not walk
    // into it, although it moved just before.
    let plies = facts(FREE_GUARD, SHUTTLE);
    for (ply, square) in [(2, "f7"), (4, "d7"), (6, "f7")] {
        let t = on(&plies[ply], square);
        assert!(t.has(ThreatFact::New), "ply {ply}");
        assert!(!t.has(ThreatFact::TargetMovedIn), "ply {ply}");
    }
}

// The law's moves in its own notation.

/// Every diagram's moves as printed (with the errata the spec file records beside them) read
/// in the law's Vietnamese notation as the moves the spec file judges.
#[test]
fn the_printed_moves_read_as_the_judged_moves() {
    let files = spec_files(&[PathBuf::from("spec-tests/vn-1999")]);
    assert_eq!(files.len(), 80);
    let mut retreats = 0;
    for path in files {
        let spec = SpecFile::load(&path).unwrap();
        let mut printed = spec.moves_text.clone();
        for erratum in &spec.errata {
            if let Some(ply) = erratum.ply {
                // An erratum of the move number alone (Hình 60's `7.T1.3`) leaves the move.
                let slot = &mut printed[usize::try_from(ply).unwrap() - 1];
                if *slot == erratum.printed {
                    slot.clone_from(&erratum.corrected);
                }
            }
        }
        retreats += printed.iter().filter(|m| m.contains('/')).count();
        let (start, judged) = spec.position_and_moves().unwrap();
        let read = parse_text(&start, &printed.join(" "), Notation::Vietnamese)
            .unwrap_or_else(|e| panic!("{}: {e}", spec.id));
        assert_eq!(read, judged, "{}", spec.id);
    }
    // Retreats (`/`) are common in the law's diagrams: the test reads many of them.
    assert!(retreats > 50, "{retreats}");
}
