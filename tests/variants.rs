//! The variant rule sets in `rules/`: each compiles, extends the 1999 law as its header says,
//! and differs from it where (and only where) its text says.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::Outcome;
use xqlaw::analyses::conflicts;
use xqlaw::analyses::diff::{Change, diff, verdict_changes};
use xqlaw::load_rules;

mod common;

#[test]
fn vn_2004_differs_from_1999_only_in_quotations() {
    let a = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let b = load_rules(Path::new("rules/vn-2004.rules")).unwrap();
    assert_eq!(b.extends(), ["vn-1999"]);
    let d = diff(&a, &b);
    assert!(d.rulings.is_empty() && d.settings.is_empty() && d.verdict.is_none());
    let mut changed: Vec<&str> = d
        .terms
        .iter()
        .map(|c| match c {
            Change::Changed {
                id, before, after, ..
            } => {
                // Same definition line; only the attributes below it differ.
                assert_eq!(before.lines().next(), after.lines().next(), "{id}");
                id.as_str()
            }
            other => panic!("unexpected {other:?}"),
        })
        .collect();
    changed.sort_unstable();
    assert_eq!(changed, ["checking", "exchanging", "rooted", "unrooted"]);
}

#[test]
fn every_rule_set_judges_every_diagram_and_the_near_variants_agree_with_1999() {
    let corpus = common::corpus();
    let names: Vec<&str> = corpus.rules.iter().map(|r| r.name()).collect();
    assert_eq!(names, ["axf", "cxa", "vn-1999", "vn-2004", "wxf-2018"]);
    assert!(
        corpus
            .diagrams
            .iter()
            .all(|d| d.judgements.iter().all(Option::is_some))
    );
    // The 2004 law, the Asian rules and the WXF rules agree with the 1999 law on every diagram.
    for other in [0, 3, 4] {
        assert!(
            verdict_changes(corpus, 2, other).is_empty(),
            "{}",
            names[other]
        );
    }
}

#[test]
fn cxa_forbids_perpetual_mate_threats_where_the_1999_law_draws() {
    let corpus = common::corpus();
    let changes = verdict_changes(corpus, 2, 1);
    // Hình 6–9: perpetual mate threats (Điều 24.5), a draw in 1999, 长杀 under CXA.
    for id in ["hinh-06", "hinh-07", "hinh-08", "hinh-09"] {
        let c = changes.iter().find(|c| c.case.id == id).unwrap();
        assert_eq!(c.before.as_ref().unwrap().verdict.to_string(), "draw");
        let second = c.after.as_ref().unwrap();
        assert_eq!(second.verdict.to_string(), "red loses");
        // The deciding ruling is CXA's 长杀, which replaces the 1999 permission of the same
        // name: Red's perpetual mate threats alone decide.
        let by: Vec<(&str, &str)> = second
            .by
            .iter()
            .map(|d| (d.side, d.ruling.as_str()))
            .collect();
        assert_eq!(by, [("red", "perpetual-mate-threat")], "{id}");
        let ruling = corpus.rules[1].ruling("perpetual-mate-threat").unwrap();
        assert_eq!(ruling.outcome, Outcome::Forbidden);
    }
}

#[test]
fn no_rule_set_leaves_two_rulings_in_conflict_on_the_corpus() {
    let corpus = common::corpus();
    assert_eq!(corpus.rules.len(), 5);
    for (k, rules) in corpus.rules.iter().enumerate() {
        let found = conflicts::find(corpus, k);
        assert!(found.is_empty(), "{}: {found:#?}", rules.name());
    }
}

/// The two CXA readings that no official text confirms are marked `provisional` with their
/// sources, no other definition of any rule set is, and a verdict such a ruling decides says
/// so in its explanation.
#[test]
fn cxa_marks_its_two_unconfirmed_readings_provisional_with_their_sources() {
    use xqlaw::{Notation, Play, Position, judge, parse_text};
    let corpus = common::corpus();
    for rules in &corpus.rules {
        let mut marked: Vec<&str> = rules
            .rulings()
            .iter()
            .filter(|r| r.meta.provisional.is_some())
            .map(|r| r.id.as_str())
            .chain(
                rules
                    .terms()
                    .iter()
                    .filter(|t| t.meta.provisional.is_some())
                    .map(|t| t.id.as_str()),
            )
            .collect();
        marked.sort_unstable();
        let expected: &[&str] = if rules.name() == "cxa" {
            &["chase-in-turn", "crossed-pawn-material"]
        } else {
            &[]
        };
        assert_eq!(marked, expected, "{}", rules.name());
        for id in expected {
            let why = rules.ruling(id).unwrap().meta.provisional.clone().unwrap();
            assert!(
                why.contains("No official CXA text") && why.contains("http"),
                "{id}: {why}"
            );
        }
    }

    // Hình 74: a rook chasing a crossed pawn; under CXA the crossed-pawn reading decides too.
    let cxa = corpus.rules.iter().find(|r| r.name() == "cxa").unwrap();
    let start = Position::from_fen("3rk1b2/4a4/3ab2r1/5R1N1/9/4p4/9/4B4/4A4/3AK1B2 w").unwrap();
    let moves = parse_text(
        &start,
        "X4-5 B5-6 X5-4 B6-5 X4-5 B5-6 X5-4 B6-5 X4-5 B5-6 X5-4 B6-5",
        Notation::Vietnamese,
    )
    .unwrap();
    let judgement = judge(cxa, &Play::new(start, moves)).unwrap();
    let fired = judgement
        .red
        .fired
        .iter()
        .find(|f| f.id == "crossed-pawn-material")
        .unwrap();
    assert!(fired.in_force() && fired.provisional.is_some());
    assert!(
        judgement
            .explain()
            .contains("provisional reading: No official CXA text")
    );
}

/// Where a rulebook digest states a rule, the rule set says it in that rulebook's words and
/// does not merely inherit the Vietnamese reading (issue 13, point 6).
#[test]
fn the_asian_and_world_rule_sets_define_roots_and_offers_in_their_own_words() {
    let axf = load_rules(Path::new("rules/axf.rules")).unwrap();
    let wxf = load_rules(Path::new("rules/wxf-2018.rules")).unwrap();
    for (rules, name, article) in [
        (&axf, "axf", "AXF chapter 4, section 1"),
        (&wxf, "wxf-2018", "WXF rule book"),
    ] {
        for id in ["really-rooted", "falsely-rooted"] {
            let term = rules.term(id).unwrap();
            assert_eq!(term.meta.defined_in, name, "{id}");
            assert!(
                term.meta.article.as_deref().unwrap().starts_with(article),
                "{id}"
            );
        }
    }
    for (id, article) in [
        ("perpetual-check", "AXF rule 6"),
        ("pinned-target", "AXF rule 19"),
        ("same-kind-sacrifice", "AXF rule 24"),
        ("rook-on-held-rook", "AXF rule 27"),
        ("horse-or-cannon-on-held-rook", "AXF rule 27"),
        ("chase-with-exchange", "AXF rule 36"),
        ("perpetual-offer", "AXF rule 40"),
    ] {
        let ruling = axf.ruling(id).unwrap();
        assert_eq!(ruling.meta.defined_in, "axf", "{id}");
        assert!(
            ruling.meta.article.as_deref().unwrap().starts_with(article),
            "{id}"
        );
    }
    // Rules 17 and 35 (a really protected target is not chased) are said on the term that
    // decides it, as the law's point 6 is.
    let unprotected = axf.term("counts-as-unprotected").unwrap();
    assert_eq!(unprotected.meta.defined_in, "axf");
    assert!(
        unprotected
            .meta
            .article
            .as_deref()
            .unwrap()
            .starts_with("AXF rules 17, 35")
    );
    // Rule 40 restates the law's Điều 23 point 10, and perpetual check still outranks it.
    let offer = axf.ruling("perpetual-offer").unwrap();
    let harmless = axf
        .rulings()
        .iter()
        .position(|r| r.id == "perpetual-harmless");
    assert_eq!(
        offer.restates.iter().map(|r| Some(r.0)).collect::<Vec<_>>(),
        [harmless]
    );
    let check = axf.ruling("perpetual-check").unwrap();
    let offer_at = axf.rulings().iter().position(|r| r.id == "perpetual-offer");
    assert!(check.overrides.iter().any(|r| Some(r.0) == offer_at));
}
