//! `xqlaw games` over the real sample: games per second, the share spent reading, replaying
//! and judging, and the cost per move with the games cut to several lengths.
//!
//! The sample is the Chinese Chess Practical Dataset by Yu-Han Tseng (CC BY 4.0), read from
//! `../shared/games/ccpd-sample` beside the repository; without it the bench says so and
//! measures nothing. Run with `cargo bench --bench games` (release build). Each figure is the
//! best of a few runs: the machine is shared, and the best run is the least disturbed.

#![allow(clippy::unwrap_used, clippy::print_stdout, reason = "a bench")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use xqlaw::games::find::Replayed;
use xqlaw::games::judge_game;
use xqlaw::games::run::{files, run};
use xqlaw::notation::{Notation, write_line};
use xqlaw::records::{GameRecord, read_bytes};
use xqlaw::{CompiledRules, load_rules};

const RUNS: usize = 5;

fn best<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best: Option<(Duration, T)> = None;
    for _ in 0..RUNS {
        let t = Instant::now();
        let value = f();
        let took = t.elapsed();
        if best.as_ref().is_none_or(|(b, _)| took < *b) {
            best = Some((took, value));
        }
    }
    best.unwrap()
}

fn per_second(n: usize, d: Duration) -> f64 {
    n as f64 / d.as_secs_f64()
}

/// A game written back as a PGN text with its first `plies` moves (Chinese moves, as the
/// sample writes them), to read again.
fn pgn(g: &GameRecord, plies: usize) -> String {
    let moves = &g.moves[..plies.min(g.moves.len())];
    let texts = write_line(&g.start, moves, Notation::Chinese);
    let mut out = format!("[Game \"Chinese Chess\"]\n[FEN \"{}\"]\n", g.start.to_fen());
    for (i, pair) in texts.chunks(2).enumerate() {
        out.push_str(&format!("{}. {}\n", i + 1, pair.join(" ")));
    }
    out.push_str("*\n");
    out
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sample = root.join("../shared/games/ccpd-sample");
    if !sample.is_dir() {
        println!("SKIPPED: the sample is not at {}", sample.display());
        return;
    }
    let rules: Vec<CompiledRules> = ["vn-1999", "axf"]
        .iter()
        .map(|n| load_rules(&root.join(format!("rules/{n}.rules"))).unwrap())
        .collect();
    let paths: Vec<PathBuf> = files(std::slice::from_ref(&sample))
        .map(Result::unwrap)
        .collect();
    let bytes: Vec<(PathBuf, Vec<u8>)> = paths
        .iter()
        .map(|p| (p.clone(), std::fs::read(p).unwrap()))
        .collect();
    println!(
        "{} files, {} threads",
        paths.len(),
        rayon::current_num_threads()
    );

    // The whole command as it runs: walk, read, replay, judge, count.
    let (whole, summary) = best(|| run(&rules, std::slice::from_ref(&sample), |_| {}, |_| {}));
    let games = summary.games;
    println!(
        "xqlaw games, 2 rule sets: {games} games in {:.3} s: {:.0} games/s ({} plies, {:.0} plies/s)",
        whole.as_secs_f64(),
        per_second(games, whole),
        summary.plies,
        summary.plies as f64 / whole.as_secs_f64()
    );

    // The stages apart, each in parallel as the command runs them, files already in memory.
    let (read, records) = best(|| {
        bytes
            .par_iter()
            .flat_map_iter(|(p, b)| read_bytes(p, b))
            .map(Result::unwrap)
            .collect::<Vec<GameRecord>>()
    });
    let (replay, _) = best(|| {
        records
            .par_iter()
            .map(|g| Replayed::new(&g.start, &g.moves).episodes.len())
            .sum::<usize>()
    });
    let (judge, _) = best(|| {
        records
            .par_iter()
            .map(|g| judge_game(&rules, g.clone()).repetitions.len())
            .sum::<usize>()
    });
    let judging = judge.saturating_sub(replay);
    let total = read + judge;
    let share = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64();
    println!(
        "stages: reading {:.3} s ({:.0}%), replaying {:.3} s ({:.0}%), judging {:.3} s ({:.0}%)",
        read.as_secs_f64(),
        share(read),
        replay.as_secs_f64(),
        share(replay),
        judging.as_secs_f64(),
        share(judging)
    );

    // Cost against length: every game of at least 160 plies cut to 20, 40, 80 and 160 plies,
    // written as PGN, read, replayed and judged.
    let long: Vec<&GameRecord> = records.iter().filter(|g| g.moves.len() >= 160).collect();
    println!(
        "cost per ply, {} games of 160 plies or more, cut:",
        long.len()
    );
    for plies in [20, 40, 80, 160] {
        let texts: Vec<String> = long.iter().map(|g| pgn(g, plies)).collect();
        let (took, _) = best(|| {
            texts
                .par_iter()
                .map(|t| {
                    let g = read_bytes(Path::new("cut.pgn"), t.as_bytes())
                        .remove(0)
                        .unwrap();
                    judge_game(&rules, g).repetitions.len()
                })
                .sum::<usize>()
        });
        let moves = long.len() * plies;
        println!(
            "  {plies:>3} plies: {:.3} s, {:.2} µs per ply",
            took.as_secs_f64(),
            took.as_secs_f64() * 1e6 / moves as f64
        );
    }
}
