//! Runs the perft suites in `tests/data/*.perft`.
//!
//! Format (as in shakmaty): blocks separated by blank lines, each with an `id`, an `epd`/`fen`
//! line and `perft <depth> <count>` lines. Counts above [`NODE_LIMIT`] are skipped so the suite
//! stays fast; run the binary (`xqlaw perft`) for the deep ones.

#![expect(clippy::unwrap_used, clippy::panic, reason = "test code fails loudly")]

use std::{fs, path::Path};

use xqlaw::xiangqi::{Position, divide, perft};

const NODE_LIMIT: u64 = 2_000_000;

fn run(path: &Path) {
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
                if count > NODE_LIMIT {
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
    run(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/xiangqi.perft"
    )));
}
