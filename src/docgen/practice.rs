//! The page "Luật trong thực tế / the law in practice": what the rule sets decide on real
//! games, from the figures measured on the sample of the Chinese Chess Practical Dataset.
//!
//! The figures are `measured/ccpd-sample.json`, committed: what `xqlaw games
//! ../shared/games/ccpd-sample --rules rules/*.rules --summary --json` prints. The sample
//! stands beside the repository, not in it, so the page is generated from the committed
//! figures (a clone with nothing beside it makes the same page), and a test measures them
//! again wherever the sample stands and fails when they are stale.

use std::fmt::Write as _;

use serde_json::Value;

use super::GeneratedFile;
use super::board_svg::board_svg;
use super::page::page;
use crate::markdown::text;
use crate::xiangqi::Position;

/// The committed figures.
pub const FIGURES: &str = include_str!("../../measured/ccpd-sample.json");

/// The page's path.
pub const PAGE: &str = "practice.md";

/// The folder of its pictures.
pub const DIR: &str = "practice";

/// The command that measures the figures.
pub const MEASURE: &str = "xqlaw games ../shared/games/ccpd-sample --rules rules/*.rules --summary --json > measured/ccpd-sample.json";

/// The credit the dataset asks for (CC BY 4.0).
pub const CREDIT: &str = "The games are a sample (one game in ten of the master games) of the **Chinese Chess Practical Dataset** by Yu-Han Tseng, licensed [CC BY 4.0](https://creativecommons.org/licenses/by/4.0/); the files were read as they are, nothing was changed.";

fn count(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

/// The page, its chart and the boards of the games in dispute.
#[must_use]
pub fn pages() -> Vec<GeneratedFile> {
    let Ok(figures) = serde_json::from_str::<Value>(FIGURES) else {
        return Vec::new();
    };
    let mut files = vec![GeneratedFile {
        path: format!("{DIR}/verdicts.svg").into(),
        contents: chart(&figures),
    }];
    let mut s = page("Luật trong thực tế (the law in practice)");
    let games = count(&figures["games"]);
    let per_thousand = |n: u64| {
        if games == 0 {
            0.0
        } else {
            1000.0 * n as f64 / games as f64
        }
    };
    let _ = writeln!(s, "{CREDIT}\n");
    let refused: u64 = figures["refused"]
        .as_object()
        .map_or(0, |m| m.values().map(count).sum());
    let _ = writeln!(
        s,
        "Figures measured with `{MEASURE}`: {games} games read from {} files, {refused} refused, {} moves.\n",
        count(&figures["files"]),
        count(&figures["plies"])
    );
    let repetitions = count(&figures["repetitions"]);
    let ending = count(&figures["games_ending_repeated"]);
    let _ = writeln!(
        s,
        "- **{repetitions} repetitions** (runs of plies after which a position stands again) in {} games: {:.1} per thousand games.",
        count(&figures["games_repeating"]),
        per_thousand(repetitions)
    );
    let _ = writeln!(
        s,
        "- **{ending} games end on a repeated position**: {:.1} per thousand games. A recorded result is what the score sheet says (an agreed draw, a resignation, a time loss), not an arbiter's ruling.\n",
        per_thousand(ending)
    );
    let _ = writeln!(
        s,
        "Each rule set rules on a repetition where a position stands for its `ruling-occurrence`-th time (2: its first return; 3: the third time), and judges the cycle before that ply. At the end of a game that ends on a repeated position, the last cycle is judged as `xqlaw judge --cycle` judges it.\n"
    );
    let _ = writeln!(
        s,
        "![verdicts of the repetitions ruled on, by rule set]({DIR}/verdicts.svg)\n"
    );
    // Two tables of few columns rather than one of ten: a page's column holds six or so, and
    // a wider table runs past it (the site check measures it).
    let rules: Vec<&Value> = figures["rules"].as_array().into_iter().flatten().collect();
    let _ = writeln!(
        s,
        "| rule set | occurrence | repetitions ruled | red loses | black loses | draw |\n|---|---|---|---|---|---|"
    );
    for r in &rules {
        let v = &r["verdicts"];
        let ruled: u64 = v.as_object().map_or(0, |m| m.values().map(count).sum());
        let _ = writeln!(
            s,
            "| `{}` | {} | {ruled} | {} | {} | {} |",
            r["rules"].as_str().unwrap_or_default(),
            count(&r["ruling_occurrence"]),
            count(&v["red_loses"]),
            count(&v["black_loses"]),
            count(&v["draw"]),
        );
    }
    let _ = writeln!(
        s,
        "\nGames judged at the end, and those whose recorded result disagrees with the verdict, by the kind of repetition:\n\n| rule set | games judged at the end | perpetual check | chase | other |\n|---|---|---|---|---|"
    );
    for r in &rules {
        let end: u64 = r["end_verdicts"]
            .as_object()
            .map_or(0, |m| m.values().map(count).sum());
        let d = &r["disagreements"];
        let _ = writeln!(
            s,
            "| `{}` | {end} | {} | {} | {} |",
            r["rules"].as_str().unwrap_or_default(),
            count(&d["perpetual-check"]),
            count(&d["chase"]),
            count(&d["other"]),
        );
    }
    let disputed = figures["disputed"].as_array().cloned().unwrap_or_default();
    let _ = writeln!(
        s,
        "\n## Where the rule sets differ\n\n{} games have a cycle on which two rule sets that rule give different verdicts{}.\n",
        count(&figures["games_disputed"]),
        if (disputed.len() as u64) < count(&figures["games_disputed"]) {
            format!("; the first {} are drawn here", disputed.len())
        } else {
            ", each drawn here".to_owned()
        }
    );
    for (k, game) in disputed.iter().enumerate() {
        let tags: Vec<(String, String)> = game["tags"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| Some((t[0].as_str()?.to_owned(), t[1].as_str()?.to_owned())))
            .collect();
        let tag = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map_or("", |(_, v)| v.as_str())
        };
        let fen = game["position"].as_str().unwrap_or_default();
        let moves: Vec<&str> = game["moves"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let _ = writeln!(
            s,
            "### {}. {}\n\n{} – {}, {}; recorded result `{}`. The cycle: `{}`.\n",
            k + 1,
            text(tag("Event")),
            text(tag("Red")),
            text(tag("Black")),
            text(tag("Date")),
            game["result"].as_str().unwrap_or_default(),
            moves.join(" ")
        );
        let verdicts: Vec<String> = game["verdicts"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| {
                format!(
                    "`{}`: {}",
                    v[0].as_str().unwrap_or_default(),
                    v[1].as_str().unwrap_or("not ruled")
                )
            })
            .collect();
        let _ = writeln!(s, "{}\n", verdicts.join("; "));
        if let Ok(pos) = Position::from_fen(fen) {
            let path = format!("{DIR}/game-{:02}.svg", k + 1);
            files.push(GeneratedFile {
                path: path.clone().into(),
                contents: board_svg(&pos, fen, &[], &[]),
            });
            let _ = writeln!(s, "![the position before the cycle: {fen}]({path})\n");
        }
    }
    files.push(GeneratedFile {
        path: PAGE.into(),
        contents: s,
    });
    files
}

/// A bar per rule set, its length the repetitions ruled on, split by verdict.
fn chart(figures: &Value) -> String {
    const ROW: i32 = 34;
    const LEFT: i32 = 110;
    const WIDTH: i32 = 420;
    let rules: Vec<&Value> = figures["rules"].as_array().into_iter().flatten().collect();
    let ruled = |r: &Value| -> Vec<u64> {
        ["red_loses", "black_loses", "draw"]
            .iter()
            .map(|k| count(&r["verdicts"][*k]))
            .collect()
    };
    let most = rules
        .iter()
        .map(|r| ruled(r).iter().sum::<u64>())
        .max()
        .unwrap_or(0)
        .max(1);
    let height = ROW * i32::try_from(rules.len()).unwrap_or(0) + 60;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{height}\" viewBox=\"0 0 {} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <!-- generated by `xqlaw docs` into docs/ from measured/ccpd-sample.json: do not edit -->\n\
         <title>Repetitions ruled on in the sample, by rule set and verdict</title>\n",
        LEFT + WIDTH + 80,
        LEFT + WIDTH + 80
    );
    let colours = [
        ("#b3131b", "red loses"),
        ("#1d1d1d", "black loses"),
        ("#7a9a3a", "draw"),
    ];
    for (k, r) in rules.iter().enumerate() {
        let y = 10 + ROW * i32::try_from(k).unwrap_or(0);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            LEFT - 8,
            y + 16,
            r["rules"].as_str().unwrap_or_default()
        );
        let mut x = LEFT;
        let counts = ruled(r);
        for (n, (colour, _)) in counts.iter().zip(colours) {
            let w = i32::try_from(*n * WIDTH as u64 / most).unwrap_or(0);
            if w > 0 {
                let _ = writeln!(
                    s,
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"22\" fill=\"{colour}\"><title>{n}</title></rect>"
                );
            }
            x += w;
        }
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\">{}</text>",
            x + 6,
            y + 16,
            counts.iter().sum::<u64>()
        );
    }
    let y = height - 22;
    for (k, (colour, name)) in colours.iter().enumerate() {
        let x = LEFT + 140 * i32::try_from(k).unwrap_or(0);
        let _ = writeln!(
            s,
            "<rect x=\"{x}\" y=\"{}\" width=\"14\" height=\"14\" fill=\"{colour}\"/><text x=\"{}\" y=\"{}\">{name}</text>",
            y - 11,
            x + 20,
            y
        );
    }
    s.push_str("</svg>\n");
    s
}
