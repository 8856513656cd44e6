//! Runs the perft suites in `tests/data/*.perft`.
//!
//! Format (as in shakmaty): blocks separated by blank lines, each with an `id`, an `epd`/`fen`
//! line and `perft <depth> <count>` lines. Counts above [`NODE_LIMIT`] are skipped so the suite
//! stays fast; run the binary (`xqlaw perft`) for the deep ones.

#![expect(clippy::unwrap_used, clippy::panic, reason = "test code fails loudly")]

use std::{fs, path::Path};

use xqlaw::{Position, divide, perft};

const NODE_LIMIT: u64 = 2_000_000;

fn run(path: &Path, node_limit: u64) {
    let text = fs::read_to_string(path).unwrap();
    let mut id = String::new();
    let mut pos = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap();
        match key {
            "id" => value.clone_into(&mut id),
            "fen" | "epd" => pos = Some(Position::from_fen(value).unwrap()),
            "perft" => {
                let (depth, count) = value.split_once(' ').unwrap();
                let (depth, count): (u32, u64) = (depth.parse().unwrap(), count.parse().unwrap());
                if count > node_limit {
                    continue;
                }
                let p = pos.as_ref().unwrap();
                assert_eq!(perft(p, depth), count, "{id}: perft {depth}");
                if depth > 0 {
                    let sum: u64 = divide(p, depth).iter().map(|(_, n)| n).sum();
                    assert_eq!(sum, count, "{id}: divide {depth}");
                }
                checked += 1;
            }
            other => panic!("{}: unknown key `{other}`", path.display()),
        }
    }
    assert!(checked > 0, "{}: nothing checked", path.display());
}

#[test]
fn xiangqi() {
    run(Path::new(DATA), NODE_LIMIT);
}

/// Every count, however deep (run with `cargo test --test perft -- --ignored`; the test profile
/// is optimised, so the 133 million leaves of the start position take seconds).
#[test]
#[ignore = "slow: runs the deep counts too"]
fn xiangqi_deep() {
    run(Path::new(DATA), u64::MAX);
}

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xiangqi.perft");

/// An independent, deliberately simple move generator written straight from the rules, used to
/// cross-check the engine: targets by offsets, check by generating every enemy move.
mod naive {
    use xqlaw::{Color, Move, Piece, Position, Role, Square};

    pub type Board = [Option<Piece>; 90];

    pub fn board(p: &Position) -> Board {
        let mut b = [None; 90];
        for (sq, piece) in p.pieces() {
            b[sq.index()] = Some(piece);
        }
        b
    }

    fn at(b: &Board, sq: Square) -> Option<Piece> {
        b[sq.index()]
    }

    /// Squares the piece on `from` could move to (empty or enemy), own king's safety ignored.
    pub fn targets(b: &Board, from: Square) -> Vec<Square> {
        let Some(piece) = at(b, from) else {
            return Vec::new();
        };
        let c = piece.color;
        let mut out = Vec::new();
        let orth = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match piece.role {
            Role::King => {
                for (df, dr) in orth {
                    if let Some(t) = from.offset(df, dr).filter(|t| t.in_palace(c)) {
                        out.push(t);
                    }
                }
                let dr = if c == Color::Red { 1 } else { -1 };
                let mut t = from.offset(0, dr);
                while let Some(s) = t {
                    if let Some(p) = at(b, s) {
                        if p == Piece::new(c.other(), Role::King) {
                            out.push(s);
                        }
                        break;
                    }
                    t = s.offset(0, dr);
                }
            }
            Role::Advisor => {
                for (df, dr) in diag {
                    if let Some(t) = from.offset(df, dr).filter(|t| t.in_palace(c)) {
                        out.push(t);
                    }
                }
            }
            Role::Elephant => {
                for (df, dr) in diag {
                    let eye = from.offset(df, dr);
                    let t = from.offset(2 * df, 2 * dr);
                    if let (Some(eye), Some(t)) = (eye, t) {
                        if at(b, eye).is_none() && t.is_on_side(c) {
                            out.push(t);
                        }
                    }
                }
            }
            Role::Horse => {
                for (df, dr) in [
                    (1, 2),
                    (-1, 2),
                    (1, -2),
                    (-1, -2),
                    (2, 1),
                    (2, -1),
                    (-2, 1),
                    (-2, -1),
                ] {
                    let leg = if df == 2 || df == -2 {
                        from.offset(df / 2, 0)
                    } else {
                        from.offset(0, dr / 2)
                    };
                    if let (Some(leg), Some(t)) = (leg, from.offset(df, dr)) {
                        if at(b, leg).is_none() {
                            out.push(t);
                        }
                    }
                }
            }
            Role::Rook | Role::Cannon => {
                for (df, dr) in orth {
                    let mut screens = 0;
                    let mut t = from.offset(df, dr);
                    while let Some(s) = t {
                        let occupied = at(b, s).is_some();
                        if piece.role == Role::Rook {
                            out.push(s);
                            if occupied {
                                break;
                            }
                        } else if screens == 0 {
                            if occupied {
                                screens = 1;
                            } else {
                                out.push(s);
                            }
                        } else if occupied {
                            out.push(s);
                            break;
                        }
                        t = s.offset(df, dr);
                    }
                }
            }
            Role::Pawn => {
                let dr = if c == Color::Red { 1 } else { -1 };
                out.extend(from.offset(0, dr));
                if !from.is_on_side(c) {
                    out.extend(from.offset(1, 0));
                    out.extend(from.offset(-1, 0));
                }
            }
        }
        out.retain(|&t| at(b, t).is_none_or(|p| p.color != c));
        out
    }

    pub fn in_check(b: &Board, c: Color) -> bool {
        let Some(king) = Square::all().find(|&s| at(b, s) == Some(Piece::new(c, Role::King)))
        else {
            return true;
        };
        Square::all()
            .filter(|&s| at(b, s).is_some_and(|p| p.color != c))
            .any(|s| targets(b, s).contains(&king))
    }

    pub fn legal_moves(p: &Position) -> Vec<Move> {
        let b = board(p);
        let mut out = Vec::new();
        for from in Square::all().filter(|&s| at(&b, s).is_some_and(|q| q.color == p.turn())) {
            for to in targets(&b, from) {
                let mut after = b;
                after[to.index()] = after[from.index()].take();
                if !in_check(&after, p.turn()) {
                    out.push(Move::new(from, to));
                }
            }
        }
        out.sort();
        out
    }

    pub fn perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        legal_moves(p)
            .into_iter()
            .map(|m| {
                let mut q = *p;
                q.play_unchecked(m);
                perft(&q, depth - 1)
            })
            .sum()
    }
}

/// A small deterministic generator for random playouts.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

const PLAYOUT_STARTS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w",
    "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w",
    "3k5/9/9/9/4c4/9/9/4H4/9/4K4 w",
];

/// Along random games, the engine agrees with the naive generator on the legal moves, check,
/// checkers, attacks and attackers, and on what positions are valid.
#[test]
fn engine_matches_naive_rules_on_random_games() {
    let mut rng = Lcg(7);
    let mut positions = 0;
    for start in PLAYOUT_STARTS {
        for _game in 0..25 {
            let mut p = Position::from_fen(start).unwrap();
            for _ply in 0..150 {
                positions += 1;
                let b = naive::board(&p);
                let mut engine: Vec<_> = p.legal_moves().to_vec();
                engine.sort();
                assert_eq!(engine, naive::legal_moves(&p), "{}", p.to_fen());
                assert_eq!(
                    p.is_check(),
                    naive::in_check(&b, p.turn()),
                    "{}",
                    p.to_fen()
                );
                for m in &engine {
                    assert!(p.is_legal(*m));
                }
                for sq in xqlaw::Square::all() {
                    let mut t = naive::targets(&b, sq);
                    t.sort();
                    assert_eq!(p.attacks_from(sq), t, "{} {sq}", p.to_fen());
                    for by in xqlaw::Color::ALL {
                        assert_eq!(
                            p.attackers_of(sq, by),
                            naive_attackers(&b, sq, by),
                            "{} {sq} {by}",
                            p.to_fen()
                        );
                    }
                }
                if engine.is_empty() {
                    break;
                }
                // The position after every move is valid, and FEN round-trips.
                assert_eq!(Position::from_fen(&p.to_fen()).unwrap(), p);
                p = p.play(engine[rng.below(engine.len())]).unwrap();
            }
        }
    }
    assert!(positions > 1000);
}

/// Pieces of `by` whose naive targets include `t` when `t` holds an enemy of `by` (kings stay
/// kings so the flying general only counts against a king).
fn naive_attackers(b: &naive::Board, t: xqlaw::Square, by: xqlaw::Color) -> Vec<xqlaw::Square> {
    use xqlaw::{Piece, Role, Square};
    let mut b = *b;
    let target = &mut b[t.index()];
    if target.is_none_or(|p| p.color == by || p.role != Role::King) {
        *target = Some(Piece::new(by.other(), Role::Rook));
    }
    Square::all()
        .filter(|&s| b[s.index()].is_some_and(|p| p.color == by))
        .filter(|&s| naive::targets(&b, s).contains(&t))
        .collect()
}

/// Prints naive perft counts for the data file (slow; run with
/// `cargo test --release --test perft -- --ignored --nocapture`).
#[test]
#[ignore = "generates data, slow"]
fn print_naive_counts() {
    let depth: u32 = std::env::var("NAIVE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let mut fens: Vec<String> = std::env::var("NAIVE_FENS")
        .unwrap_or_default()
        .split(';')
        .filter(|f| !f.trim().is_empty())
        .map(str::to_owned)
        .collect();
    if fens.is_empty() {
        // Random middle games from the start position.
        let mut rng = Lcg(2024);
        for plies in [24, 40, 60, 80] {
            let mut p = Position::startpos();
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                p = p.play(moves[rng.below(moves.len())]).unwrap();
            }
            fens.push(p.to_fen());
        }
    }
    for fen in &fens {
        let p = Position::from_fen(fen).unwrap();
        for d in 1..=depth {
            let n = naive::perft(&p, d);
            assert_eq!(perft(&p, d), n, "{fen} depth {d}");
            println!("{fen}: perft {d} {n}");
        }
    }
}
