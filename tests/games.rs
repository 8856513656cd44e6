//! `xqlaw games`: the repetitions of real and constructed games found and judged.
//!
//! The real games are the sample of the Chinese Chess Practical Dataset by Yu-Han Tseng
//! (CC BY 4.0), read as they are from `../shared/games/ccpd-sample`, which stands beside the
//! repository in CI, not in it.

#![allow(clippy::unwrap_used, reason = "test code")]

mod common;

use common::xqlaw;
use std::fs;
use std::path::{Path, PathBuf};

use xqlaw::games::judge_game;
use xqlaw::notation::Notation;
use xqlaw::read_play;
use xqlaw::records::read_file;
use xqlaw::{judge, load_rules};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn sample() -> PathBuf {
    Path::new(ROOT).join("../shared/games/ccpd-sample")
}

/// Every game of the sample that ends on a position that stood before is found, and its
/// verdict at the end is what `xqlaw judge --cycle` gives for the game's moves.
#[test]
fn the_samples_final_cycles_are_judged_as_judge_cycle_judges_them() {
    let dir = sample();
    if common::sources_absent(&dir) {
        return;
    }
    let rules = load_rules(&Path::new(ROOT).join("rules/vn-1999.rules")).unwrap();
    let rule_sets = [rules];
    let (mut games, mut ending, mut compared) = (0, 0, 0);
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        for record in read_file(entry.path()) {
            let record = record.unwrap();
            games += 1;
            // Found independently: the last position equals an earlier one.
            let mut pos = record.start;
            let mut positions = vec![pos];
            for m in &record.moves {
                pos = pos.play(*m).unwrap();
                positions.push(pos);
            }
            let last = positions.last().unwrap();
            let ends_repeated = positions[..positions.len() - 1].contains(last);
            let fen = record.start.to_fen();
            let iccs: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
            let report = judge_game(&rule_sets, record);
            assert_eq!(
                report.ends_repeated(),
                ends_repeated,
                "{}",
                entry.path().display()
            );
            if !ends_repeated {
                assert!(report.end[0].is_none());
                continue;
            }
            ending += 1;
            let texts: Vec<&str> = iccs.iter().map(String::as_str).collect();
            // What `xqlaw judge --cycle` does: read the play, cut its last cycle, judge it.
            let play = read_play(&fen, &texts, Notation::Iccs).unwrap();
            let expected = judge(&rule_sets[0], &play.last_cycle().unwrap()).unwrap();
            let end = report.end[0].as_ref().unwrap();
            assert_eq!(end.verdict, expected.verdict, "{}", entry.path().display());
            compared += 1;
        }
    }
    eprintln!("{games} games, {ending} end on a repeated position, {compared} compared");
    assert_eq!(games, 2784);
    assert!(ending > 0);
    assert_eq!(compared, ending);
}

/// The same, through the command line, for one game of the constructed fixtures.
#[test]
fn the_command_line_agrees_with_judge_cycle() {
    let (code, out, err) = xqlaw(&[
        "games",
        "tests/data/records/perpetual-check-v18.xqf",
        "--rules",
        "rules/vn-1999.rules",
        "rules/axf.rules",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("1 game read from 1 file, 0 refused"), "{err}");
    let line: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(line["format"], "xqf");
    assert_eq!(line["result"], "0-1");
    assert_eq!(line["plies"], 8);
    assert_eq!(line["end"]["vn-1999"]["verdict"], "red_loses");
    assert_eq!(line["end"]["vn-1999"]["kind"], "perpetual-check");
    assert_eq!(line["end"]["vn-1999"]["cycle"], serde_json::json!([4, 8]));
    // The game ends on the third occurrence: the Asian rules rule there too.
    assert_eq!(line["end"]["axf"]["verdict"], "red_loses");
    let reps = line["repetitions"].as_array().unwrap();
    assert_eq!(reps.len(), 1);
    assert_eq!(reps[0]["plies"], serde_json::json!([4, 8]));
    assert_eq!(
        reps[0]["rulings"]["vn-1999"]["cycle"],
        serde_json::json!([0, 4])
    );
    assert_eq!(
        reps[0]["rulings"]["axf"]["cycle"],
        serde_json::json!([4, 8])
    );
    let (code, judged, err) = xqlaw(&[
        "judge",
        "--rules",
        "rules/vn-1999.rules",
        "--fen",
        "c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w",
        "--moves",
        "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9",
        "--cycle",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let judged: serde_json::Value = serde_json::from_str(&judged).unwrap();
    assert_eq!(judged["verdict"], "red_loses");
}

#[test]
fn a_folder_of_records_every_game_accounted_for() {
    let (code, out, err) = xqlaw(&[
        "games",
        "tests/data/records",
        "--rules",
        "rules/vn-1999.rules",
    ]);
    // Refused records make the exit 2; each has its line with file and place.
    assert_eq!(code, 2, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let refused: Vec<&serde_json::Value> =
        lines.iter().filter(|l| l.get("error").is_some()).collect();
    assert_eq!(lines.len(), 12, "{out}");
    assert_eq!(refused.len(), 6, "{out}");
    for r in &refused {
        assert!(
            r["file"]
                .as_str()
                .unwrap()
                .starts_with("tests/data/records"),
            "{r}"
        );
        assert!(r.get("line").is_some() || r.get("offset").is_some(), "{r}");
    }
    let wrong_key = refused
        .iter()
        .find(|r| r["file"].as_str().unwrap().ends_with("wrong-key.xqf"))
        .unwrap();
    assert_eq!(wrong_key["offset"], 1028);
    assert_eq!(wrong_key["reason"], "move");
    assert!(
        err.contains("6 games read from 9 files, 6 refused (1 encoding, 4 move, 1 truncated)"),
        "{err}"
    );
    let (code, csv, _) = xqlaw(&["games", "tests/data/records", "--csv"]);
    assert_eq!(code, 2);
    let header = csv.lines().next().unwrap();
    assert!(header.starts_with("file,index,format,encoding,event,date,red,black,result,plies,repetitions,vn-1999 end verdict"), "{header}");
    assert_eq!(csv.lines().count(), 13);
}

#[test]
fn an_amendment_lists_the_games_it_changes() {
    let dir = std::env::temp_dir().join(format!("xqlaw-games-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let amended = dir.join("amended.rules");
    fs::write(
        &amended,
        "rules vn-1999 extends vn-1999\nremove ruling perpetual-check\n",
    )
    .unwrap();
    let (code, out, err) = xqlaw(&[
        "games",
        "tests/data/records/perpetual-check-v18.xqf",
        "tests/data/records/opening-v10.xqf",
        "--whatif",
        amended.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    // `--summary` prints the counts alone, the games changed among them (it said 0 before).
    let (code, summary, summary_err) = xqlaw(&[
        "games",
        "tests/data/records/perpetual-check-v18.xqf",
        "tests/data/records/opening-v10.xqf",
        "--whatif",
        amended.to_str().unwrap(),
        "--summary",
    ]);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{summary_err}");
    assert!(
        summary.ends_with("1 of 2 games change outcome under the amendment\n"),
        "{summary}"
    );
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert_eq!(lines[0]["tags"]["Title"], "构造的对局");
    let change = &lines[0]["changes"].as_array().unwrap()[0];
    assert_eq!(change["before"], "red_loses");
    assert_ne!(change["after"], "red_loses");
    assert!(
        err.contains("1 of 2 games change outcome under the amendment"),
        "{err}"
    );
}

/// The figures the docs page "the law in practice" is made from are what the sample gives
/// now (`measured/ccpd-sample.json`, refreshed by the command the page names).
#[test]
fn the_measured_figures_are_current() {
    let dir = sample();
    if common::sources_absent(&dir) {
        return;
    }
    let mut files: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("rules"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    let rules: Vec<_> = files.iter().map(|f| load_rules(f).unwrap()).collect();
    let summary = xqlaw::games::run::run(
        &rules,
        &[PathBuf::from("../shared/games/ccpd-sample")],
        |_| {},
        |_| {},
    );
    let fresh = format!("{}\n", serde_json::to_string_pretty(&summary).unwrap());
    let committed = fs::read_to_string(Path::new(ROOT).join("measured/ccpd-sample.json")).unwrap();
    assert!(
        fresh == committed,
        "measured/ccpd-sample.json is stale: run `{}`",
        xqlaw::docgen::practice::MEASURE
    );
}
