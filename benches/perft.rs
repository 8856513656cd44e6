//! Criterion benchmark of the move generator: perft from the start position and a middle game.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_main};
use xqlaw::{Position, perft};

/// `(name, fen, depth, expected nodes)`.
const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        4,
        3_290_240,
    ),
    (
        "middlegame",
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w",
        4,
        4_485_547,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in CASES {
        let Ok(pos) = Position::from_fen(fen) else {
            continue;
        };
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/{depth}"), |b| {
            b.iter(|| perft(black_box(&pos), black_box(depth)));
        });
    }
    group.finish();
}

/// Private so the generated `pub fn benches` needs no docs.
mod group {
    criterion::criterion_group!(benches, super::bench_perft);
}

criterion_main!(group::benches);
