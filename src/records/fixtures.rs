//! The constructed record files in `tests/data/records/`, made by the project's own writers
//! (XQF, DhtmlXQ) or written out here, damaged ones included. A stale or missing file fails
//! the test; `XQLAW_BLESS=1 cargo test --lib records::fixtures` writes them.

use std::path::{Path, PathBuf};

use super::dhtmlxq;
use super::xqf::write::{Game, KeyBytes, SOME_KEYS, write};
use crate::xiangqi::notation::{Notation, parse_text};
use crate::xiangqi::{Move, Position};

/// Hình 1 of the law: Red's rook checks from h9 and h8 in turn, the black king steps back and
/// forth: a perpetual check.
const HINH_1: &str = "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
const HINH_1_MOVES: &str = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9";

fn line(fen: &str, moves: &str, notation: Notation) -> (Position, Vec<Move>) {
    let start = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let moves = parse_text(&start, moves, notation).unwrap_or_else(|e| panic!("{moves}: {e}"));
    (start, moves)
}

fn gbk(text: &str) -> Vec<u8> {
    encoding_rs::GBK.encode(text).0.into_owned()
}

/// Every fixture: its path under `tests/data/records/` and its bytes.
fn fixtures() -> Vec<(&'static str, Vec<u8>)> {
    let (check_start, check) = line(HINH_1, HINH_1_MOVES, Notation::Iccs);
    let (open_start, opening) = line(
        crate::xiangqi::START_FEN,
        "炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３",
        Notation::Chinese,
    );
    let xqf = |version: u8, keys: KeyBytes, start, moves: &[Move], result| {
        write(
            version,
            keys,
            &Game {
                tags: &[("Title", "构造的对局"), ("Red", "红方"), ("Black", "黑方")],
                result,
                start,
                moves,
                comments: &[(1, "注释")],
                variation: None,
            },
        )
    };
    let perpetual = xqf(18, SOME_KEYS, check_start, &check, 2);
    let mut wrong_key = perpetual.clone();
    // The destination key byte changed: every move decodes to other points.
    wrong_key[0x0F] ^= 0x5A;
    let illegal_line = [opening[0], opening[1], opening[0]];
    let dhtml_good = dhtmlxq::write(
        &[("title", "长将"), ("red", "红方"), ("result", "黑胜")],
        &check_start,
        &check,
    );
    let dhtml_bad = dhtmlxq::write(&[("title", "走错")], &open_start, &opening)
        .replace("[DhtmlXQ_movelist]7747", "[DhtmlXQ_movelist]7749");
    let pgn = "[Game \"Chinese Chess\"]\n[Event \"构造\"]\n[Red \"红方\"]\n[Black \"黑方\"]\n\
        [Result \"1/2-1/2\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n\
        1. 炮二平五 马８进７ {屏风马}\n2. 马二进三 车９平８ (2... 卒７进１)\n1/2-1/2\n\n\
        [Game \"Chinese Chess\"]\n[Event \"坏字节\"]\n[Result \"1-0\"]\n1. 炮二平五 BAD\n1-0\n";
    let mut pgn_bytes = gbk(pgn);
    // A byte no GBK character starts with, in place of the second game's second move.
    let bad_at = pgn_bytes.windows(3).position(|w| w == b"BAD").unwrap_or(0);
    pgn_bytes.splice(bad_at..bad_at + 3, [0x80, 0xFF, b'x']);
    let wxf = "FORMAT WXF\nGAME Constructed\nRED Red;2000\nBLACK Black;2000\nRESULT 0-1\n\
        FEN c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w - - 0 1\nSTART{\n\
        1. R2+1 K6+1\n2. R2-1 K6-1\n3. R2+1 K6+1\n4. R2-1 K6-1\n}END\n\
        FORMAT WXF\nGAME Damaged\nRESULT 1-0\nSTART{\n1. C2.5 h8+7\n2. H2+3 h7+9\n}END\n";
    vec![
        ("perpetual-check-v18.xqf", perpetual.clone()),
        (
            "opening-v10.xqf",
            xqf(10, SOME_KEYS, open_start, &opening, 0),
        ),
        (
            "opening-v11.xqf",
            xqf(11, SOME_KEYS, open_start, &opening, 3),
        ),
        (
            "damaged/truncated.xqf",
            perpetual
                .get(..perpetual.len() - 5)
                .unwrap_or_default()
                .to_vec(),
        ),
        ("damaged/wrong-key.xqf", wrong_key),
        (
            "damaged/illegal-move.xqf",
            xqf(12, SOME_KEYS, open_start, &illegal_line, 1),
        ),
        (
            "web-page.html",
            gbk(&format!(
                "<html><body><p>长将</p>\n{dhtml_good}<p>走错</p>\n{dhtml_bad}</body></html>\n"
            )),
        ),
        ("two-games.gbk.pgn", pgn_bytes),
        ("two-games.wxf", wxf.as_bytes().to_vec()),
    ]
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

#[test]
fn fixtures_are_current() {
    let bless = std::env::var_os("XQLAW_BLESS").is_some();
    let mut stale = Vec::new();
    for (name, bytes) in fixtures() {
        let path = dir().join(name);
        if std::fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
            if bless {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, &bytes).unwrap();
            } else {
                stale.push(name);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale fixtures {stale:?}: run `XQLAW_BLESS=1 cargo test --lib records::fixtures`"
    );
}
