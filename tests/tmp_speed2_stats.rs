#![allow(missing_docs, clippy::unwrap_used)]
use std::path::PathBuf;
use std::time::Instant;
use xqlaw::corpus::load_specs;
use xqlaw::facts::{Settings, compute};

#[test]
fn per_diagram_time() {
    let specs = load_specs(&[PathBuf::from("spec-tests")]).unwrap();
    let mut rows = Vec::new();
    let mut total = 0.0;
    for d in &specs.diagrams {
        let t = Instant::now();
        for _ in 0..5 {
            let _ = compute(&d.start, &d.moves, &Settings::default());
        }
        let zero = Settings {
            mate_plies: 0,
            ..Settings::default()
        };
        let ms = t.elapsed().as_secs_f64() * 200.0;
        let t = Instant::now();
        for _ in 0..5 {
            let _ = compute(&d.start, &d.moves, &zero);
        }
        let nomate = t.elapsed().as_secs_f64() * 200.0;
        total += ms;
        rows.push((ms, nomate, d.spec.id.clone(), d.moves.len()));
    }
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for r in rows.iter().take(25) {
        println!(
            "{:8.3} ms  (no mate {:8.3})  {} plies {}",
            r.0, r.1, r.2, r.3
        );
    }
    let nm: f64 = rows.iter().map(|r| r.1).sum();
    println!(
        "total {total:.1} ms, without mate search {nm:.1} ms, {} cases",
        rows.len()
    );
}
