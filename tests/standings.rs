//! Standings (Điều 21): the rule form's errors, the results file's errors at their place, the
//! command's exit codes and formats, and a regulation that swaps two criteria moving exactly
//! the players it should.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

mod common;

use common::xqlaw;
use miette::Diagnostic;
use xqlaw::SourceFile;
use xqlaw::standings::{Request, Table, Tournament, compare, standings};
use xqlaw::{CompiledRules, compile_amendment, compile_str, load_rules};

/// A diagnostic's code, the text its main label underlines, and that text's line (from 1).
fn found(d: &dyn Diagnostic) -> (String, String, usize) {
    let code = d.code().map(|c| c.to_string()).unwrap_or_default();
    let label = d.labels().into_iter().flatten().next().unwrap();
    let contents = d
        .source_code()
        .unwrap()
        .read_span(label.inner(), 0, 0)
        .unwrap();
    (
        code,
        String::from_utf8_lossy(contents.data()).into_owned(),
        contents.line() + 1,
    )
}

const LAW: &str = "rules t\nterm a on move = check\nruling r when every move a → forbidden\n\
    verdict\n    side forbidden → side loses\n    otherwise → draw\n";

/// The errors (then warnings) of a rule text with `standings` appended.
fn form_problems(standings: &str) -> Vec<(String, String, usize)> {
    match compile_str("t.rules", &format!("{LAW}{standings}")) {
        Ok(rules) => rules.warnings().iter().map(|w| found(w)).collect(),
        Err(errors) => errors.errors().map(|e| found(e)).collect(),
    }
}

#[test]
fn a_form_that_does_not_make_sense_is_an_error_at_its_place() {
    let base = "standings rr\n    score game win 1 draw 1/2 loss 0\n";
    let cases: &[(&str, &str, &str)] = &[
        (
            "    rank points article \"x\" head-to-hed article \"x\"\n",
            "xqlaw::standings::unknown",
            "head-to-hed",
        ),
        (
            "    rank points article \"x\" lots article \"x\" black-wins article \"x\"\n",
            "xqlaw::standings::after-lots",
            "black-wins",
        ),
        (
            "    rank points article \"x\" points article \"x\"\n",
            "xqlaw::standings::criterion-twice",
            "points",
        ),
        (
            "    rank match-points article \"x\"\n",
            "xqlaw::standings::not-a-match",
            "match-points",
        ),
        (
            "    system swiss\n    withdrawal annul-up-to-half\n    rank points article \"x\"\n",
            "xqlaw::standings::withdrawal-system",
            "annul-up-to-half",
        ),
        (
            "    split restrat\n    rank points article \"x\"\n",
            "xqlaw::standings::unknown",
            "restrat",
        ),
        (
            "    rank points article \"x\"\n    rank points article \"x\"\n",
            "xqlaw::standings::clause-twice",
            "rank points article \"x\"",
        ),
        ("", "xqlaw::standings::missing", "rr"),
        (
            "    match 2 games\n    rank points article \"x\"\n",
            "xqlaw::standings::missing",
            "rr",
        ),
        (
            "    forfeit game 1/0\n    rank points article \"x\"\n",
            "xqlaw::standings::number",
            "1/0",
        ),
    ];
    for (clauses, code, underlined) in cases {
        let problems = form_problems(&format!("{base}{clauses}"));
        let (c, u, line) = problems
            .first()
            .unwrap_or_else(|| panic!("no error for {clauses:?}"));
        assert_eq!(
            (c.as_str(), u.as_str()),
            (*code, *underlined),
            "{clauses:?}"
        );
        assert!(*line >= 7, "{clauses:?}: line {line}");
    }
    // A criterion that cites nothing compiles, with a warning at it.
    let warnings = form_problems(&format!("{base}    rank points\n"));
    assert_eq!(
        warnings,
        [(
            "xqlaw::standings::uncited".to_owned(),
            "points".to_owned(),
            9
        )]
    );
    // `did you mean` for a misspelt criterion.
    let Err(errors) = compile_str(
        "t.rules",
        &format!("{LAW}{base}    rank points article \"x\" sonneborn-berge article \"x\"\n"),
    ) else {
        panic!()
    };
    let help = errors.errors().next().unwrap().help().unwrap().to_string();
    assert_eq!(help, "did you mean `sonneborn-berger`?");
}

#[test]
fn a_regulation_replaces_only_what_it_writes_and_keeps_the_laws_citations() {
    let swap = compile_amendment(
        "giai.rules",
        "rules giai extends vn-1999\nreplace standings round-robin\n    rank article \"Điều lệ, Điều 9\"\n        points sonneborn-berger head-to-head black-wins lots\n",
        Path::new("rules"),
    )
    .unwrap();
    let law = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let (a, b) = (
        swap.standings_form("round-robin").unwrap(),
        law.standings_form("round-robin").unwrap(),
    );
    let ids =
        |f: &xqlaw::standings::Form| f.criteria.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    assert_eq!(
        ids(a),
        [
            "points",
            "sonneborn-berger",
            "head-to-head",
            "black-wins",
            "lots"
        ]
    );
    // The criteria keep the law's sentences; the order cites the regulation.
    assert_eq!(a.criterion("head-to-head"), b.criterion("head-to-head"));
    assert_eq!(
        a.criterion("head-to-head").unwrap().citation.defined_in,
        "vn-1999"
    );
    assert_eq!(a.order.article.as_deref(), Some("Điều lệ, Điều 9"));
    assert_eq!(a.order.defined_in, "giai");
    // What it does not write is the law's.
    assert_eq!(a.withdrawal, b.withdrawal);
    assert_eq!(a.game_points, b.game_points);
    assert_eq!(swap.standings_forms().len(), law.standings_forms().len());
    // Replacing or removing a form nobody defined is an error at its name.
    let Err(errors) = compile_amendment(
        "giai.rules",
        "rules giai extends vn-1999\nreplace standings round-robbin\n    split continue\nremove standings swis\n",
        Path::new("rules"),
    ) else {
        panic!()
    };
    let found: Vec<_> = errors.errors().map(|e| found(e)).collect();
    assert_eq!(
        found[0],
        (
            "xqlaw::standings::nothing-to-change".into(),
            "round-robbin".into(),
            2
        )
    );
    assert_eq!(
        found[1],
        (
            "xqlaw::standings::nothing-to-change".into(),
            "swis".into(),
            4
        )
    );
    let help = errors.errors().next().unwrap().help().unwrap().to_string();
    assert_eq!(help, "did you mean `round-robin`?");
}

const RESULTS: &str = "system: round-robin
rounds: 3
players:
- {id: an}
- {id: binh}
- {id: cuong}
- {id: dung}
games:
- {round: 1, red: an, black: binh, result: 1-0}
- {round: 1, red: cuong, black: dung, result: 1/2-1/2}
- {round: 2, red: an, black: cuong, result: 0-1}
- {round: 2, red: binh, black: dung, result: 1-0}
- {round: 3, red: dung, black: an, result: 1/2-1/2}
- {round: 3, red: cuong, black: binh, result: 1-0}
";

fn law() -> CompiledRules {
    load_rules(Path::new("rules/vn-1999.rules")).unwrap()
}

fn table(rules: &CompiledRules, text: &str) -> Result<Table, Vec<(String, String, usize)>> {
    let tournament = Tournament::read(SourceFile::new("results.yaml", text))
        .map_err(|e| e.iter().map(|e| found(e)).collect::<Vec<_>>())?;
    standings(Request {
        rule_set: rules.name(),
        forms: rules.standings_forms(),
        tournament: &tournament,
        form: None,
    })
    .map_err(|e| e.iter().map(|e| found(e)).collect())
}

#[test]
fn bad_results_are_errors_at_their_place() {
    let rules = law();
    assert!(table(&rules, RESULTS).is_ok());
    let cases: &[(&str, &str, &str, &str, usize)] = &[
        (
            "black: binh, result: 1-0",
            "black: bihn, result: 1-0",
            "xqlaw::results::unknown-player",
            "bihn",
            9,
        ),
        (
            "{round: 3, red: cuong",
            "{round: 4, red: cuong",
            "xqlaw::results::round",
            "4",
            14,
        ),
        (
            "result: 1/2-1/2}\n- {round: 2",
            "result: 2-0}\n- {round: 2",
            "xqlaw::results::score",
            "2-0",
            10,
        ),
        (
            "black: dung, result: 1/2-1/2}",
            "black: dung, result: 0-0}",
            "xqlaw::results::score",
            "0-0",
            10,
        ),
        (
            "black: an, result: 1/2-1/2}",
            "black: an, result: 1/2-1/2, by: faults}",
            "xqlaw::results::score",
            "1/2-1/2",
            13,
        ),
        (
            "- {round: 3, red: dung",
            "- {round: 1, red: an, black: binh, result: 1-0}\n- {round: 3, red: dung",
            "xqlaw::results::game-twice",
            "{round: 1, red: an, black: binh, result: 1-0}",
            13,
        ),
        (
            "- {round: 3, red: dung",
            "- {round: 1, red: an, black: cuong, result: 1-0}\n- {round: 3, red: dung",
            "xqlaw::results::paired-twice",
            "{round: 1, red: an, black: cuong, result: 1-0}",
            13,
        ),
        (
            "- {round: 3, red: dung",
            "- {round: 3, red: binh, black: an, result: 1-0}\n- {round: 4, red: dung",
            "xqlaw::results::met-twice",
            "{round: 3, red: binh, black: an, result: 1-0}",
            13,
        ),
        (
            "{round: 2, red: binh, black: dung, result: 1-0}",
            "{round: 2, red: binh, black: dung}",
            "xqlaw::results::no-result",
            "{round: 2, red: binh, black: dung}",
            12,
        ),
        (
            "{round: 2, red: binh, black: dung, result: 1-0}",
            "{round: 2, red: binh, black: binh, result: 1-0}",
            "xqlaw::results::self",
            "binh",
            12,
        ),
        (
            "{round: 2, red: binh, black: dung, result: 1-0}",
            "{round: 2, red: binh, black: dung, result: 1-0, absent: red}",
            "xqlaw::results::result-and-absent",
            "red",
            12,
        ),
        (
            "- {id: dung}",
            "- {id: dung}\n- {id: Dung}",
            "xqlaw::results::player-id",
            "Dung",
            8,
        ),
        (
            "- {id: dung}",
            "- {id: dung}\n- {id: dung}",
            "xqlaw::results::player-twice",
            "dung",
            8,
        ),
        (
            "rounds: 3",
            "rounds: 3\ncolour: red",
            "xqlaw::results::yaml",
            "colour: red",
            3,
        ),
        (
            "system: round-robin",
            "system: round-robin\nform: swiss",
            "xqlaw::results::system",
            "round-robin",
            1,
        ),
    ];
    for (from, to, code, underlined, line) in cases {
        assert!(RESULTS.contains(from), "{from}");
        let text = RESULTS.replacen(from, to, 1);
        let errors = table(&rules, &text)
            .err()
            .unwrap_or_else(|| panic!("no error for {to}"));
        assert_eq!(
            errors[0],
            ((*code).to_owned(), (*underlined).to_owned(), *line),
            "{to}"
        );
    }
    // A withdrawal: a result after it, and a form without a withdrawal rule.
    let withdrawn = format!("{RESULTS}withdrawals:\n- {{player: dung, after_round: 1}}\n");
    let errors = table(&rules, &withdrawn).unwrap_err();
    assert_eq!(errors[0].0, "xqlaw::results::after-withdrawal");
    assert_eq!(errors[0].2, 12);
    let matches = RESULTS.replace("rounds: 3", "rounds: 3\nform: two-game-matches");
    let errors = table(
        &rules,
        &format!("{matches}withdrawals:\n- {{player: dung, after_round: 3}}\n"),
    )
    .unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.0 == "xqlaw::results::no-withdrawal-rule" && e.2 == 17),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.0 == "xqlaw::results::match-size"),
        "{errors:?}"
    );
    // Every error of the file is reported, in file order.
    let two = RESULTS
        .replacen("black: binh, result: 1-0", "black: bihn, result: 1-0", 1)
        .replacen("{round: 3, red: cuong", "{round: 9, red: cuong", 1);
    let errors = table(&rules, &two).unwrap_err();
    assert_eq!(errors.iter().map(|e| e.2).collect::<Vec<_>>(), [9, 14]);
}

#[test]
fn a_regulation_that_swaps_two_criteria_moves_exactly_the_players_they_separate() {
    let text =
        std::fs::read_to_string("spec-tests/vn-1999-standings/head-to-head-and-lots.yaml").unwrap();
    let tournament = Tournament::read(SourceFile::new("case.yaml", text)).unwrap();
    let swap = compile_amendment(
        "swap.rules",
        &std::fs::read_to_string("spec-tests/vn-1999-standings/sb-before-head-to-head.rules")
            .unwrap(),
        Path::new("rules"),
    )
    .unwrap();
    let rank = |rules: &CompiledRules| {
        standings(Request {
            rule_set: rules.name(),
            forms: rules.standings_forms(),
            tournament: &tournament,
            form: None,
        })
        .unwrap()
    };
    let (before, after) = (rank(&law()), rank(&swap));
    let comparison = compare(&before, &after);
    let moved: Vec<(&str, Option<usize>, Option<usize>)> = comparison
        .moves
        .iter()
        .map(|m| (m.player.as_str(), m.before, m.after))
        .collect();
    // An and Bình are the only two players the game between them and the hệ số order
    // differently; the others keep their places.
    assert_eq!(
        moved,
        [("binh", Some(4), Some(3)), ("an", Some(3), Some(4))]
    );
    let gap = comparison
        .gaps_after
        .iter()
        .find(|g| g.upper == "binh")
        .unwrap();
    assert_eq!(gap.decided_by.as_deref(), Some("sonneborn-berger"));
}

#[test]
fn the_command_prints_text_markdown_json_and_a_comparison() {
    let case = "spec-tests/vn-1999-standings/head-to-head-and-lots.yaml";
    let (code, out, err) = xqlaw(&["standings", case, "--rules", "rules/vn-1999.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("an above binh: head-to-head among an, binh 1 to 0 — Điều 21.3"),
        "{out}"
    );
    assert!(
        out.contains("em level with phuong: no criterion separates them; lots must be drawn"),
        "{out}"
    );
    let (code, out, _) = xqlaw(&[
        "standings",
        case,
        "--rules",
        "rules/vn-1999.rules",
        "--markdown",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("| 5= | Em | 1 |"), "{out}");
    let (code, out, _) = xqlaw(&[
        "standings",
        case,
        "--rules",
        "rules/vn-1999.rules",
        "--json",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rows"][0]["player"], "dung");
    assert_eq!(json["gaps"][4]["lots_needed"], true);
    let (code, out, err) = xqlaw(&[
        "standings",
        case,
        "--rules",
        "rules/vn-1999.rules",
        "--whatif",
        "spec-tests/vn-1999-standings/sb-before-head-to-head.rules",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("binh: 4 → 3\n  an: 3 → 4\n"), "{out}");
    assert!(out.contains("2 of 6 players change place"), "{out}");
}

#[test]
fn bad_input_to_the_command_exits_non_zero_with_the_place() {
    let dir = std::env::temp_dir().join(format!("xqlaw-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.yaml");
    std::fs::write(
        &bad,
        RESULTS.replace("black: binh, result: 1-0", "black: bihn, result: 1-0"),
    )
    .unwrap();
    let (code, _, err) = xqlaw(&[
        "standings",
        bad.to_str().unwrap(),
        "--rules",
        "rules/vn-1999.rules",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown player `bihn`"), "{err}");
    assert!(
        err.contains("the players are `an`, `binh`, `cuong`, `dung`"),
        "{err}"
    );
    assert!(err.contains("bad.yaml:9:"), "{err}");
    // Both places are reported, in one run.
    assert!(err.contains("bad.yaml:14:"), "{err}");
    let (code, _, err) = xqlaw(&[
        "standings",
        "no/such.yaml",
        "--rules",
        "rules/vn-1999.rules",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read `no/such.yaml`"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
    let case = "spec-tests/vn-1999-standings/lots-drawn.yaml";
    let (code, _, err) = xqlaw(&[
        "standings",
        case,
        "--rules",
        "rules/vn-1999.rules",
        "--form",
        "round-robbin",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("rule set `vn-1999` has no standings `round-robbin`"),
        "{err}"
    );
    assert!(err.contains("did you mean `round-robin`?"), "{err}");
}

/// The sentences of a quote: split after each full stop.
fn quoted_sentences(quote: &str) -> Vec<String> {
    let normal = quote.split_whitespace().collect::<Vec<_>>().join(" ");
    normal
        .split_inclusive(". ")
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn every_sentence_of_dieu_21_has_its_home_in_the_standings_forms() {
    let law = xqlaw::spec::LawText::load(Path::new("law/vn-1999.yaml")).unwrap();
    let rules = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let mut quotes: Vec<String> = Vec::new();
    for form in rules.standings_forms() {
        let mut cited: Vec<&xqlaw::standings::Citation> = vec![
            &form.games.citation,
            &form.game_points.citation,
            &form.order,
            &form.split.citation,
        ];
        cited.extend(form.match_points.as_ref().map(|m| &m.citation));
        cited.extend(form.forfeit.as_ref().map(|f| &f.citation));
        cited.extend(form.withdrawal.as_ref().map(|w| &w.citation));
        cited.extend(form.criteria.iter().map(|c| &c.citation));
        quotes.extend(
            cited
                .iter()
                .filter_map(|c| c.quote.as_deref())
                .flat_map(quoted_sentences),
        );
    }
    let sentences: Vec<_> = law
        .sentences()
        .filter(|p| p.item.id == "21" || p.item.id.starts_with("21."))
        .map(|p| {
            (
                p.sentence.id.clone(),
                p.sentence
                    .text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })
        .collect();
    assert!(
        sentences.len() >= 20,
        "{} sentences of Điều 21",
        sentences.len()
    );
    // Every quoted sentence is a sentence (or a part of one) of Điều 21 as printed…
    for q in &quotes {
        assert!(
            sentences
                .iter()
                .any(|(_, s)| s.contains(q.trim_end_matches(' '))),
            "not in Điều 21: {q}"
        );
    }
    // …and every sentence of Điều 21 is quoted, but the headings the forms' names carry.
    let homeless: Vec<&str> = sentences
        .iter()
        .filter(|(_, s)| !quotes.iter().any(|q| s.contains(q.as_str())))
        .map(|(id, _)| id.as_str())
        .collect();
    assert_eq!(homeless, ["21.3:1", "21.4:1", "21.5:1", "21.5.2:1"]);
}
