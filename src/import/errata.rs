//! Replays a printed diagram and finds its misprints.
//!
//! A move that is unreadable or illegal, or a half-move the print omits, is corrected by a
//! search: at that ply or an earlier one, a legal move whose Vietnamese text is one edit away
//! from the printed one (any legal move for an omitted half-move), such that the rest of the
//! printed sequence then replays legally. When several corrections fit, the one whose text is
//! printed elsewhere in the sequence for the same side wins (the diagrams repeat their moves).
//! A text the notation reader accepts but that differs from the standard writing (`Tg/1` for
//! `Tg6/1`) is recorded too. Structural oddities (moves after `}END`, move numbers) become
//! errata without search.

use std::ops::Range;

use crate::spec::Erratum;
use crate::words::text_distance;
use crate::xiangqi::notation::{Notation, parse_move, write_move};
use crate::xiangqi::{Color, Move, Position};

use super::diagram::{Oddity, RawGame};

/// How many corrections a diagram may need at most.
const MAX_CORRECTIONS: usize = 2;

/// How many plies before a failing one a correction is searched.
const SEARCH_WINDOW: usize = 6;

/// An erratum with the place it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The erratum as recorded in the spec file.
    pub erratum: Erratum,
    /// The printed text it concerns.
    pub span: Range<usize>,
    /// `move N, Red` and the like, or a short description of the place.
    pub place: String,
}

/// A diagram whose moves replay (after errata).
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The start position.
    pub start: Position,
    /// The moves after errata.
    pub moves: Vec<Move>,
    /// The printed texts, one per ply (empty for an omitted half-move).
    pub moves_text: Vec<String>,
    /// The errata found.
    pub errata: Vec<Found>,
}

/// Why a diagram cannot be imported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// The block has no `FEN` line.
    NoFen,
    /// The printed FEN is not a valid position.
    BadFen {
        /// The FEN reader's message.
        message: String,
        /// The printed FEN.
        span: Range<usize>,
    },
    /// A move that cannot be read or played, and no correction fits.
    Unfixable {
        /// `move N, Red` and the like.
        place: String,
        /// The printed text (empty for an omitted half-move).
        text: String,
        /// Why it cannot be played.
        message: String,
        /// The printed text's span.
        span: Range<usize>,
        /// The corrections that were tried and would fit alone, if several did.
        fitting: Vec<String>,
    },
}

/// One corrected ply.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Fix {
    ply: usize,
    text: String,
}

/// Replays a game read from a block, correcting misprints.
///
/// A move number with a single half-move before the next number is read as Black's
/// half-move missing; if no correction fits that way, Red's half-move missing is tried.
pub fn replay(game: &RawGame) -> Result<Replayed, Failure> {
    match replay_as_read(game) {
        Err(failure @ Failure::Unfixable { .. }) => red_missing_variants(game)
            .iter()
            .find_map(|alt| replay_as_read(alt).ok())
            .ok_or(failure),
        other => other,
    }
}

/// The game with one omitted half-move moved before the half-move printed alone.
fn red_missing_variants(game: &RawGame) -> Vec<RawGame> {
    let mut out = Vec::new();
    for i in 1..game.plies.len() {
        let (Some(before), Some(gap)) = (game.plies.get(i - 1), game.plies.get(i)) else {
            continue;
        };
        if gap.text.is_none() && before.text.is_some() && before.number == gap.number {
            let mut alt = game.clone();
            alt.plies.swap(i - 1, i);
            out.push(alt);
        }
    }
    out
}

fn replay_as_read(game: &RawGame) -> Result<Replayed, Failure> {
    let fen = game.fen.as_ref().ok_or(Failure::NoFen)?;
    let start = Position::from_fen(&fen.text).map_err(|e| Failure::BadFen {
        message: e.to_string(),
        span: fen.span.clone(),
    })?;
    let printed: Vec<Option<String>> = game
        .plies
        .iter()
        .map(|p| p.text.as_ref().map(|t| t.text.clone()))
        .collect();

    let fixes = match first_failure(&start, &printed) {
        None => Vec::new(),
        Some((k, message)) => {
            let solutions = (1..=MAX_CORRECTIONS)
                .map(|budget| solve(&start, &printed, 0, budget))
                .find(|s| !s.is_empty())
                .unwrap_or_default();
            let best = best_solutions(solutions, &printed);
            match best.as_slice() {
                [one] => one.clone(),
                _ => {
                    let ply = game.plies.get(k);
                    return Err(Failure::Unfixable {
                        place: place(k, ply.map_or(0, |p| p.number), start.turn()),
                        text: printed.get(k).cloned().flatten().unwrap_or_default(),
                        message,
                        span: ply.map_or(0..0, |p| p.anchor.clone()),
                        fitting: best.iter().map(|s| describe(s, &game.plies)).collect(),
                    });
                }
            }
        }
    };

    let mut texts = printed.clone();
    for fix in &fixes {
        if let Some(slot) = texts.get_mut(fix.ply) {
            *slot = Some(fix.text.clone());
        }
    }
    let mut errata = Vec::new();
    let mut moves = Vec::new();
    let mut pos = start;
    for (i, text) in texts.iter().enumerate() {
        let ply = game.plies.get(i);
        let number = ply.map_or(0, |p| p.number);
        let anchor = ply.map_or(0..0, |p| p.anchor.clone());
        let printed_text = printed.get(i).cloned().flatten();
        let here = place(i, number, start.turn());
        let Some(text) = text else {
            // Unreachable: every omitted ply was filled by a fix.
            return Err(Failure::Unfixable {
                place: here,
                text: String::new(),
                message: "the half-move is missing".into(),
                span: anchor,
                fitting: Vec::new(),
            });
        };
        let m = parse_move(&pos, text, Notation::Vietnamese).map_err(|e| Failure::Unfixable {
            place: here.clone(),
            text: text.clone(),
            message: e.to_string(),
            span: anchor.clone(),
            fitting: Vec::new(),
        })?;
        let standard = write_move(&pos, m, Notation::Vietnamese);
        if let Some(fix) = fixes.iter().find(|f| f.ply == i) {
            let reason = match &printed_text {
                None => format!(
                    "{}'s half-move is missing; only `{}` lets the rest of the moves replay",
                    side_name(i, start.turn()),
                    fix.text
                ),
                Some(p) => fix_reason(
                    p,
                    &fix.text,
                    &pos,
                    &start,
                    &unfixed(&printed, &fixes, i),
                    &game.plies,
                ),
            };
            errata.push(Found {
                erratum: Erratum {
                    ply: ply_number(i),
                    printed: printed_text.clone().unwrap_or_default(),
                    corrected: fix.text.clone(),
                    reason,
                },
                span: anchor.clone(),
                place: here.clone(),
            });
        } else if let Some(reason) = omission_reason(text, &standard) {
            errata.push(Found {
                erratum: Erratum {
                    ply: ply_number(i),
                    printed: text.clone(),
                    corrected: standard.clone(),
                    reason,
                },
                span: anchor.clone(),
                place: here.clone(),
            });
        }
        pos = pos.play(m).map_err(|e| Failure::Unfixable {
            place: here,
            text: text.clone(),
            message: e.to_string(),
            span: anchor,
            fitting: Vec::new(),
        })?;
        moves.push(m);
    }

    errata.extend(structural_errata(game));
    errata.sort_by_key(|f| (f.erratum.ply.is_some(), f.erratum.ply, f.span.start));
    Ok(Replayed {
        start,
        moves,
        moves_text: printed.into_iter().map(Option::unwrap_or_default).collect(),
        errata,
    })
}

/// The printed texts with every fix applied except the one at `ply`.
fn unfixed(printed: &[Option<String>], fixes: &[Fix], ply: usize) -> Vec<Option<String>> {
    let mut texts = printed.to_vec();
    for fix in fixes.iter().filter(|f| f.ply != ply) {
        if let Some(slot) = texts.get_mut(fix.ply) {
            *slot = Some(fix.text.clone());
        }
    }
    texts
}

/// The first ply that cannot be read or played, with the reason.
fn first_failure(start: &Position, texts: &[Option<String>]) -> Option<(usize, String)> {
    let mut pos = *start;
    for (i, text) in texts.iter().enumerate() {
        let Some(text) = text else {
            return Some((i, "the half-move is missing".into()));
        };
        match parse_move(&pos, text, Notation::Vietnamese) {
            Ok(m) => match pos.play(m) {
                Ok(next) => pos = next,
                Err(e) => return Some((i, e.to_string())),
            },
            Err(e) => return Some((i, e.to_string())),
        }
    }
    None
}

/// The position before ply `upto`, if the plies before it replay.
fn position_before(start: &Position, texts: &[Option<String>], upto: usize) -> Option<Position> {
    let mut pos = *start;
    for text in texts.get(..upto)? {
        let m = parse_move(&pos, text.as_deref()?, Notation::Vietnamese).ok()?;
        pos = pos.play(m).ok()?;
    }
    Some(pos)
}

/// All sets of at most `budget` fixes at plies `from..` that make `texts` replay.
fn solve(start: &Position, texts: &[Option<String>], from: usize, budget: usize) -> Vec<Vec<Fix>> {
    let Some((k, _)) = first_failure(start, texts) else {
        return vec![Vec::new()];
    };
    if budget == 0 {
        return Vec::new();
    }
    let mut solutions = Vec::new();
    for j in from.max(k.saturating_sub(SEARCH_WINDOW))..=k {
        let Some(pos) = position_before(start, texts, j) else {
            continue;
        };
        let printed = texts.get(j).cloned().flatten();
        for text in candidates(&pos, printed.as_deref()) {
            let mut next = texts.to_vec();
            if let Some(slot) = next.get_mut(j) {
                *slot = Some(text.clone());
            }
            for mut rest in solve(start, &next, j + 1, budget - 1) {
                rest.insert(
                    0,
                    Fix {
                        ply: j,
                        text: text.clone(),
                    },
                );
                solutions.push(rest);
            }
        }
    }
    let fewest = solutions.iter().map(Vec::len).min().unwrap_or(0);
    solutions.retain(|s| s.len() == fewest);
    solutions
}

/// Texts of the legal moves that may have been meant by `printed`.
fn candidates(pos: &Position, printed: Option<&str>) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| write_move(pos, m, Notation::Vietnamese))
        .filter(|w| printed.is_none_or(|p| text_distance(p, w) == 1))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Keeps the solutions whose corrected texts are printed most often elsewhere in the
/// sequence for the same side.
fn best_solutions(solutions: Vec<Vec<Fix>>, printed: &[Option<String>]) -> Vec<Vec<Fix>> {
    let score = |s: &Vec<Fix>| s.iter().filter(|f| echoed(&f.text, f.ply, printed)).count();
    let top = solutions.iter().map(score).max().unwrap_or(0);
    let mut best: Vec<Vec<Fix>> = solutions.into_iter().filter(|s| score(s) == top).collect();
    best.dedup();
    best
}

/// Whether `text` is printed at another ply of the same side.
fn echoed(text: &str, ply: usize, printed: &[Option<String>]) -> bool {
    printed
        .iter()
        .enumerate()
        .any(|(i, p)| i != ply && i % 2 == ply % 2 && p.as_deref() == Some(text))
}

fn describe(fixes: &[Fix], plies: &[super::diagram::PrintedPly]) -> String {
    fixes
        .iter()
        .map(|f| {
            let n = plies.get(f.ply).map_or(0, |p| p.number);
            format!("`{}` at move {n}", f.text)
        })
        .collect::<Vec<_>>()
        .join(" and ")
}

fn fix_reason(
    printed: &str,
    corrected: &str,
    pos: &Position,
    start: &Position,
    texts: &[Option<String>],
    plies: &[super::diagram::PrintedPly],
) -> String {
    match parse_move(pos, printed, Notation::Vietnamese) {
        Err(e) => format!(
            "`{printed}` cannot be played here ({e}); `{corrected}` is one edit away and the rest of the moves replay"
        ),
        Ok(_) => {
            let later = first_failure(start, texts).map(|(k, _)| {
                let text = texts.get(k).cloned().flatten().unwrap_or_default();
                let number = plies.get(k).map_or(0, |p| p.number);
                format!("move {number}, {} `{text}`", side_name(k, start.turn()))
            });
            format!(
                "with `{printed}`, {} cannot be played; `{corrected}` is one edit away and the rest of the moves replay",
                later.unwrap_or_else(|| "a later move".into())
            )
        }
    }
}

/// Why an accepted text is a misprint: it omits a digit of the standard writing (`Tg/1` for
/// `Tg6/1`). Other differences (`B7-8` where the standard writes `Bt-8` for one of two pawns
/// on a file, only one of which can make the move) are accepted writings, not misprints.
fn omission_reason(printed: &str, standard: &str) -> Option<String> {
    let omitted_digit = standard.chars().count() == printed.chars().count() + 1
        && text_distance(printed, standard) == 1
        && standard
            .chars()
            .zip(printed.chars().chain(std::iter::once(' ')))
            .find(|(a, b)| a != b)
            .is_some_and(|(a, _)| a.is_ascii_digit());
    if !omitted_digit {
        None
    } else if printed.starts_with("Tg") {
        Some("king's file omitted".into())
    } else {
        Some("file omitted".into())
    }
}

fn structural_errata(game: &RawGame) -> Vec<Found> {
    let text_at = |i: usize| {
        game.plies
            .get(i)
            .and_then(|p| p.text.as_ref())
            .map_or(String::new(), |t| t.text.clone())
    };
    game.oddities
        .iter()
        .map(|o| match o {
            Oddity::MovesOutsideBlock { span, text } => Found {
                erratum: Erratum {
                    ply: None,
                    printed: format!("START{{ }}END {text}"),
                    corrected: format!("START{{ {text} }}END"),
                    reason: "the moves stand after `}END`, outside the moves block".into(),
                },
                span: span.clone(),
                place: "the moves".into(),
            },
            Oddity::MoveNumber {
                ply,
                printed,
                expected,
                span,
            } => Found {
                erratum: Erratum {
                    ply: ply_number(*ply),
                    printed: format!("{printed}.{}", text_at(*ply)),
                    corrected: format!("{expected}.{}", text_at(*ply)),
                    reason: format!(
                        "move number {printed} follows {}; the moves are consecutive",
                        expected.saturating_sub(1)
                    ),
                },
                span: span.clone(),
                place: format!("move {expected}"),
            },
            Oddity::MissingNumber { ply, expected } => Found {
                erratum: Erratum {
                    ply: ply_number(*ply),
                    printed: text_at(*ply),
                    corrected: format!("{expected}.{}", text_at(*ply)),
                    reason: format!("move number {expected} is missing"),
                },
                span: game.plies.get(*ply).map_or(0..0, |p| p.anchor.clone()),
                place: format!("move {expected}"),
            },
            Oddity::Stray { token } => Found {
                erratum: Erratum {
                    ply: None,
                    printed: token.text.clone(),
                    corrected: String::new(),
                    reason: "text before the first move number; ignored".into(),
                },
                span: token.span.clone(),
                place: "the moves".into(),
            },
        })
        .collect()
}

fn ply_number(index: usize) -> Option<u32> {
    u32::try_from(index + 1).ok()
}

fn side_name(ply: usize, first: Color) -> &'static str {
    let red_first = first == Color::Red;
    if (ply % 2 == 0) == red_first {
        "Red"
    } else {
        "Black"
    }
}

/// `move 4, Black (ply 8)`.
fn place(ply: usize, number: u32, first: Color) -> String {
    format!("move {number}, {} (ply {})", side_name(ply, first), ply + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::diagram::read_game;
    use crate::import::text::Document;

    fn run(block: &str) -> (Result<Replayed, Failure>, String) {
        let doc = Document::read(block);
        let game = read_game(&doc.lines, &[]);
        (replay(&game), block.to_string())
    }

    fn block(fen: &str, moves: &str) -> String {
        format!("[game]\nFEN {fen}\nSTART{{\n{moves}\n}}END\n[/game]\n")
    }

    const H1: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w – – – 1";
    const H41: &str = "2eaka3/C4rH2/4e1h2/H7p/2p3p2/8P/2P3P2/9/4A4/4KA3 w – – – 1";

    #[test]
    fn implied_king_file() {
        let src = block(H1, "1.X2.1 Tg6.1\n2.X2/1 Tg6/1\n3.X2.1 Tg6.1\n4. X2/1 Tg/1");
        let (r, src) = run(&src);
        let r = r.unwrap();
        assert_eq!(r.moves.len(), 8);
        assert_eq!(r.errata.len(), 1);
        let e = &r.errata[0];
        assert_eq!(e.erratum.ply, Some(8));
        assert_eq!(e.erratum.printed, "Tg/1");
        assert_eq!(e.erratum.corrected, "Tg6/1");
        assert_eq!(e.erratum.reason, "king's file omitted");
        assert_eq!(&src[e.span.clone()], "Tg/1");
        assert_eq!(r.moves_text[7], "Tg/1");
    }

    #[test]
    fn illegal_move_corrected_earlier() {
        let src = block(
            H41,
            "1. M9.8 S6.5\n2. M8/7 S5/6\n3. M7.6 S6.5\n4. M6/7 S5.6\n5. M7.8 S6.5\n6. M8/7 S5/6",
        );
        let (r, src) = run(&src);
        let r = r.unwrap();
        let e: Vec<_> = r.errata.iter().map(|f| &f.erratum).collect();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].ply, Some(8));
        assert_eq!(e[0].printed, "S5.6");
        assert_eq!(e[0].corrected, "S5/6");
        assert_eq!(&src[r.errata[0].span.clone()], "S5.6");
    }

    #[test]
    fn one_edit_at_the_failing_ply() {
        // `X2.1` misprinted as `X2,1` at move 3.
        let src = block(H1, "1.X2.1 Tg6.1\n2.X2/1 Tg6/1\n3.X2,1 Tg6.1");
        let r = run(&src).0.unwrap();
        assert_eq!(r.errata.len(), 1);
        assert_eq!(r.errata[0].erratum.corrected, "X2.1");
        assert_eq!(r.errata[0].erratum.ply, Some(5));
    }

    #[test]
    fn missing_black_half_move() {
        let src = block(H1, "1.X2.1 Tg6.1\n2.X2/1\n3.X2.1 Tg6.1");
        let r = run(&src).0.unwrap();
        let e = &r.errata[0].erratum;
        assert_eq!(
            (e.ply, e.printed.as_str(), e.corrected.as_str()),
            (Some(4), "", "Tg6/1")
        );
        assert_eq!(r.moves_text[3], "");
        assert_eq!(r.moves.len(), 6);
    }

    #[test]
    fn missing_red_half_move() {
        let src = block(H1, "1.X2.1 Tg6.1\n2.X2/1 Tg6/1\n3. Tg6.1\n4.X2/1 Tg6/1");
        let r = run(&src).0.unwrap();
        let e = &r.errata[0].erratum;
        assert_eq!(
            (e.ply, e.printed.as_str(), e.corrected.as_str()),
            (Some(5), "", "X2.1")
        );
        assert!(
            e.reason.starts_with("Red's half-move is missing"),
            "{}",
            e.reason
        );
        assert_eq!(r.moves_text[4..], ["", "Tg6.1", "X2/1", "Tg6/1"]);
    }

    #[test]
    fn skipped_move_number() {
        let src = block(H1, "1.X2.1 Tg6.1\n2.X2/1 Tg6/1\n4.X2.1");
        let r = run(&src).0.unwrap();
        let e = &r.errata[0].erratum;
        assert_eq!(
            (e.ply, e.printed.as_str(), e.corrected.as_str()),
            (Some(5), "4.X2.1", "3.X2.1")
        );
        assert_eq!(
            e.reason,
            "move number 4 follows 2; the moves are consecutive"
        );
    }

    #[test]
    fn moves_after_end() {
        let src = format!("[game]\nFEN {H1}\nSTART{{\n}}END\n1.X2.1 Tg6.1\n[/game]\n");
        let r = run(&src).0.unwrap();
        assert_eq!(r.moves.len(), 2);
        assert_eq!(r.errata[0].erratum.ply, None);
        assert!(r.errata[0].erratum.reason.contains("after `}END`"));
    }

    #[test]
    fn unfixable_move_fails_with_place() {
        let src = block(H1, "1.X2.1 Tg6.1\n2.Q9.9 Tg6/1");
        let (r, src) = run(&src);
        match r.unwrap_err() {
            Failure::Unfixable {
                place, text, span, ..
            } => {
                assert_eq!(place, "move 2, Red (ply 3)");
                assert_eq!(text, "Q9.9");
                assert_eq!(&src[span], "Q9.9");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_fen() {
        let src = block("xyz", "1.X2.1");
        assert!(matches!(run(&src).0, Err(Failure::BadFen { .. })));
    }
}
