//! The record readers on the real sample (`../shared/games/ccpd-sample`, read as it is) and
//! on the constructed fixtures in `tests/data/records/`.
//!
//! The sample is the Chinese Chess Practical Dataset by Yu-Han Tseng, CC BY 4.0 (one game in
//! ten of its master games); it stands beside the repository in CI, not in it.

#![allow(clippy::unwrap_used, reason = "test code")]

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use xqlaw::records::{Encoding, Format, read_file};

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/games/ccpd-sample")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.file_type().is_file() && entry.path().extension().is_some_and(|e| e == "pgn") {
            out.push(entry.into_path());
        }
    }
    out
}

#[test]
fn every_game_of_the_sample_is_accounted_for() {
    let dir = sample();
    if common::sources_absent(&dir) {
        return;
    }
    let files = files(&dir);
    assert_eq!(files.len(), 2784, "the sample's README counts 2,784 files");
    let mut read = 0;
    let mut refused: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut encodings: BTreeMap<&str, usize> = BTreeMap::new();
    for file in &files {
        let games = read_file(file);
        assert_eq!(games.len(), 1, "{}: one game per file", file.display());
        for game in games {
            match game {
                Ok(g) => {
                    read += 1;
                    assert_eq!(g.format, Format::Pgn);
                    *encodings.entry(g.encoding.name()).or_default() += 1;
                    assert!(
                        g.tag("FEN").is_some(),
                        "{}: every game has a FEN",
                        file.display()
                    );
                }
                Err(e) => refused
                    .entry(e.reason().to_owned())
                    .or_default()
                    .push(format!("{}: {e}", e.location())),
            }
        }
    }
    let refused_count: usize = refused.values().map(Vec::len).sum();
    eprintln!("read {read}, refused {refused_count}, encodings {encodings:?}");
    for (reason, list) in &refused {
        eprintln!("{reason}: {}", list.len());
        for line in list.iter().take(10) {
            eprintln!("  {line}");
        }
    }
    assert_eq!(read + refused_count, files.len());
    assert_eq!(
        encodings.get(Encoding::Big5.name()).copied(),
        Some(read),
        "the sample is Big5"
    );
}

/// What reading a fixture gives: `Ok(moves)` or `Err(reason)` per game.
fn outcome(name: &str) -> Vec<Result<usize, String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records")
        .join(name);
    read_file(&path)
        .into_iter()
        .map(|g| match g {
            Ok(g) => Ok(g.moves.len()),
            Err(e) => Err(format!("{} {}: {e}", e.reason(), e.place())),
        })
        .collect()
}

#[test]
fn constructed_xqf_files() {
    assert_eq!(outcome("perpetual-check-v18.xqf"), [Ok(8)]);
    assert_eq!(outcome("opening-v10.xqf"), [Ok(6)]);
    assert_eq!(outcome("opening-v11.xqf"), [Ok(6)]);
    let g = read_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records/perpetual-check-v18.xqf"),
    );
    let g = g[0].as_ref().unwrap();
    assert_eq!(g.tag("Title"), Some("构造的对局"));
    assert_eq!(g.result.as_str(), "0-1");
    assert_eq!(g.encoding, Encoding::Gbk);
    let truncated = outcome("damaged/truncated.xqf");
    assert!(
        matches!(&truncated[..], [Err(e)] if e.starts_with("truncated byte ")),
        "{truncated:?}"
    );
    let wrong = outcome("damaged/wrong-key.xqf");
    assert!(
        matches!(&wrong[..], [Err(e)] if e.starts_with("move byte 1028: move 1 (red): the record's points")),
        "{wrong:?}"
    );
    let illegal = outcome("damaged/illegal-move.xqf");
    assert!(
        matches!(&illegal[..], [Err(e)] if e.starts_with("move byte 1044: move 2 (red): no piece fits `h2e2`")),
        "{illegal:?}"
    );
}

#[test]
fn constructed_text_files() {
    let html = outcome("web-page.html");
    assert_eq!(html.len(), 2);
    assert_eq!(html[0], Ok(8));
    assert!(
        matches!(&html[1], Err(e) if e.starts_with("move 12:19: move 1 (red): `h2e0` is not a legal move")),
        "{html:?}"
    );
    let pgn = outcome("two-games.gbk.pgn");
    assert_eq!(pgn[0], Ok(4));
    assert!(
        matches!(&pgn[1], Err(e) if e == "encoding 14:9: bytes that are not GBK at byte 307 of the file"),
        "{pgn:?}"
    );
    let wxf = outcome("two-games.wxf");
    assert_eq!(wxf[0], Ok(8));
    assert!(
        matches!(&wxf[1], Err(e) if e.starts_with("move 18:9: move 2 (black): `h7+9` is not a legal move")),
        "{wxf:?}"
    );
}

#[test]
fn the_laws_forum_blocks_read_as_records() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/seeds");
    if common::sources_absent(&dir) {
        return;
    }
    let (mut read, mut refused) = (0, Vec::new());
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            for game in read_file(&path) {
                match game {
                    Ok(g) => {
                        assert_eq!(g.format, Format::Forum);
                        read += 1;
                    }
                    Err(e) => refused.push(format!("{}: {e}", e.location())),
                }
            }
        }
    }
    eprintln!("forum blocks: {read} read, {} refused", refused.len());
    for r in &refused {
        eprintln!("  {r}");
    }
    // The printed diagrams hold misprints the importer corrects as errata (Hình 41's
    // `S5.6`, say); a record reader corrects nothing, so those copies are refused.
    assert!(read >= 80, "{read} read");
    assert!(refused.iter().all(|r| r.contains("move")), "{refused:?}");
}
