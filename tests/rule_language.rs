//! The rule language's composition, asserted on the compiled rule set rather than on a
//! rendering: what `extends`, `replace` and `remove` leave, how the `overrides` of a removed
//! ruling lapse, and how overrides decide a judgement.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

use std::path::Path;

use xqlaw::facts::Settings;
use xqlaw::{Color, Move, Position};
use xqlaw::{CompiledRules, compile_str, load_rules};
use xqlaw::{Play, Verdict, judge};

mod positions;
use positions::{PINNED_GUARD, SHUTTLE};

fn load(path: &str) -> CompiledRules {
    load_rules(Path::new(path)).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

fn ruling_names(rules: &CompiledRules) -> Vec<&str> {
    let mut names: Vec<&str> = rules.rulings().iter().map(|r| r.id.as_str()).collect();
    names.sort_unstable();
    names
}

/// The names of the rulings `id` overrides.
fn overrides<'a>(rules: &'a CompiledRules, id: &str) -> Vec<&'a str> {
    let ruling = rules
        .ruling(id)
        .unwrap_or_else(|| panic!("no ruling `{id}`"));
    ruling
        .overrides
        .iter()
        .map(|o| rules.rulings()[o.0].id.as_str())
        .collect()
}

#[test]
fn extends_merges_settings_terms_rulings_and_the_verdict() {
    let base = load("tests/rules/base.rules");
    let variant = load("tests/rules/variant.rules");
    assert_eq!(variant.extends(), ["base"]);
    // The setting given by the variant wins; the one it does not give keeps its default.
    assert_eq!(base.settings().mate_plies, 7);
    assert_eq!(variant.settings().mate_plies, 9);
    assert_eq!(
        variant.settings().mate_nodes,
        Settings::default().mate_nodes
    );
    // The title is inherited.
    assert_eq!(variant.title(), Some("Base"));
    // A replaced term has the new body; an untouched one the parent's.
    assert_eq!(
        base.term("chase").unwrap().text,
        "new and not really-protected"
    );
    assert_eq!(
        variant.term("chase").unwrap().text,
        "new and not really-protected and not attacker(king)"
    );
    assert_eq!(
        variant.term("checking").unwrap().text,
        base.term("checking").unwrap().text
    );
    // A replaced ruling has the new pattern, exception and attributes.
    let check = variant.ruling("perpetual-check").unwrap();
    assert_eq!(check.when_text, "every move checking");
    assert_eq!(check.unless_text, ["opponent (every move checking)"]);
    assert_eq!(check.meta.article.as_deref(), Some("Điều 23, điểm 1 (sửa)"));
    assert!(base.ruling("perpetual-check").unwrap().unless.is_empty());
    // A removed ruling is gone; a new one is there.
    assert_eq!(ruling_names(&base), ["perpetual-chase", "perpetual-check"]);
    assert_eq!(ruling_names(&variant), ["chase-one", "perpetual-check"]);
    // The verdict is the variant's own: two rows instead of three.
    assert_eq!(base.verdict_rows().len(), 3);
    let rows: Vec<&str> = variant
        .verdict_rows()
        .iter()
        .map(|r| r.text.as_str())
        .collect();
    assert_eq!(rows, ["side forbidden → side loses", "otherwise → draw"]);
}

#[test]
fn removing_a_ruling_lapses_the_parents_overrides_of_it() {
    let base = load("tests/rules/lapse-base.rules");
    assert_eq!(overrides(&base, "perpetual-check"), ["harmless"]);
    // The child removes `harmless`: the parent's `overrides harmless` lapses with it, and the
    // rest of the parent's ruling stays.
    let child = load("tests/rules/lapse-child.rules");
    assert_eq!(ruling_names(&child), ["perpetual-check"]);
    assert!(overrides(&child, "perpetual-check").is_empty());
    assert_eq!(
        child.ruling("perpetual-check").unwrap().when_text,
        "every move checking"
    );
}

#[test]
fn a_removed_ruling_cannot_be_overridden_by_the_file_that_removes_it() {
    let errors = load_rules(Path::new("tests/rules/lapse-late.rules")).unwrap_err();
    let codes: Vec<String> = errors
        .errors()
        .map(|e| miette::Diagnostic::code(e).unwrap().to_string())
        .collect();
    assert_eq!(codes, ["xqlaw::unknown::ruling"]);
}

/// The CXA rule set removes rulings of the 1999 law that other 1999 rulings override; those
/// overrides lapse, and the overriding rulings keep their other overrides.
#[test]
fn the_real_variants_lapse_the_overrides_of_what_they_remove() {
    let law = load("rules/vn-1999.rules");
    let cxa = load("rules/cxa.rules");
    let removed: Vec<&str> = ruling_names(&law)
        .into_iter()
        .filter(|id| cxa.ruling(id).is_none())
        .collect();
    assert!(removed.contains(&"check-and-other"), "{removed:?}");
    let mut lapsed = 0;
    for r in law.rulings() {
        // Only rulings CXA inherits as they are: a replaced ruling has overrides of its own.
        let Some(kept) = cxa.ruling(&r.id) else {
            continue;
        };
        if kept.meta.defined_in != "vn-1999" {
            continue;
        }
        let before = overrides(&law, &r.id);
        let expected: Vec<&str> = before
            .iter()
            .copied()
            .filter(|o| !removed.contains(o))
            .collect();
        lapsed += before.len() - expected.len();
        assert_eq!(overrides(&cxa, &r.id), expected, "{}", r.id);
    }
    assert!(lapsed > 0, "no override lapsed: the test checks nothing");
}

/// Perpetual check by the white rook: every red move checks (from `tests/judge.rs`).
fn perpetual_check() -> Play {
    let start = Position::from_fen("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w").unwrap();
    let moves = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9"
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    Play::new(start, moves)
}

/// `a` sets `b` aside, so `b`'s own `overrides c` does not apply: `c` stays in force.
#[test]
fn an_overridden_ruling_sets_nothing_aside() {
    let rules = compile_str(
        "chain.rules",
        "rules chain
         term checking on move = check
         ruling a when every move checking → allowed overrides b
         ruling b when every move checking → allowed overrides c
         ruling c when every move checking → forbidden
         verdict
             side forbidden → side loses
             otherwise → draw",
    )
    .unwrap();
    let j = judge(&rules, &perpetual_check()).unwrap();
    let red = &j.red;
    let by = |id: &str| {
        red.fired
            .iter()
            .find(|f| f.id == id)
            .unwrap_or_else(|| panic!("`{id}` did not fire"))
            .overridden_by
            .clone()
    };
    assert!(by("a").is_empty());
    assert_eq!(by("b"), ["a"]);
    assert!(by("c").is_empty(), "{}", j.explain());
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
}

/// Without the chain's head, `b` is in force and sets `c` aside.
#[test]
fn an_override_in_force_sets_its_ruling_aside() {
    let rules = compile_str(
        "pair.rules",
        "rules pair
         term checking on move = check
         ruling b when every move checking → allowed overrides c
         ruling c when every move checking → forbidden
         verdict
             side forbidden → side loses
             otherwise → draw",
    )
    .unwrap();
    let j = judge(&rules, &perpetual_check()).unwrap();
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
}

/// A rule set whose first verdict row asks for the ruling `RULING`.
const BY: &str = "rules by-ruling
    term checking on move = check
    ruling perpetual-check when every move checking → forbidden
    ruling checking-and-taking when some move checking and some move capture → forbidden
    verdict
        side forbidden by RULING → draw
        side forbidden → side loses
        otherwise → draw";

/// A verdict row `by R` matches only when `R` is in force for that side: both sides' outcomes
/// are the same in both cases below, and only `by` tells the rows apart.
#[test]
fn a_verdict_row_by_a_ruling_needs_that_ruling() {
    let play = perpetual_check();
    let judged = |ruling: &str| {
        let rules = compile_str("by.rules", &BY.replace("RULING", ruling)).unwrap();
        judge(&rules, &play).unwrap()
    };
    // Red checks on every move: `perpetual-check` is in force, and the first row makes it a
    // draw.
    let j = judged("perpetual-check");
    assert_eq!(j.verdict(), Verdict::Draw, "{}", j.explain());
    assert_eq!(j.row.as_ref().unwrap().row, 1);
    // Nothing is captured, so `checking-and-taking` fires for neither side: the first row
    // never matches and the second makes Red lose.
    let j = judged("checking-and-taking");
    assert_eq!(j.verdict(), Verdict::RedLoses, "{}", j.explain());
    assert_eq!(j.row.as_ref().unwrap().row, 2);
}

/// Patterns over one side's moves, each a ruling of its own so the rulings that fire say which
/// patterns hold.
const PATTERNS: &str = "rules patterns
    term fresh on threat = new
    term checking on move = check
    ruling same when every move fresh on same target → forbidden
    ruling changing when every move fresh on changing targets → forbidden
    ruling four when at least 4 moves fresh on same target → forbidden
    ruling five when at least 5 moves fresh on same target → forbidden
    ruling four-checks when at least 4 moves checking → forbidden
    ruling five-checks when at least 5 moves checking → forbidden
    verdict
        side forbidden → side loses
        otherwise → draw";

/// The rulings of [`PATTERNS`] that fire for `side` when `line` is played from `fen`, sorted.
fn patterns_holding(fen: &str, line: &str, side: Color) -> Vec<String> {
    let rules = compile_str("patterns.rules", PATTERNS).unwrap();
    let start = Position::from_fen(fen).unwrap();
    let moves: Vec<Move> = line
        .split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect();
    let j = judge(&rules, &Play::new(start, moves)).unwrap();
    let mut fired: Vec<String> = j.side(side).fired.iter().map(|f| f.id.clone()).collect();
    fired.sort_unstable();
    fired
}

/// Red makes four new threats, all on the same cannon: `on same target` holds, `on changing
/// targets` does not, and `at least 4` holds where `at least 5` does not.
#[test]
fn one_target_chased_on_every_move() {
    let red = patterns_holding(PINNED_GUARD, SHUTTLE, Color::Red);
    assert_eq!(red, ["four", "same"]);
}

/// Hình 26: Red's five moves threaten pieces, no piece on all of them.
#[test]
fn changing_targets_are_no_same_target() {
    let spec = xqlaw::SpecFile::load(Path::new("spec-tests/vn-1999/hinh-26.yaml")).unwrap();
    let red = patterns_holding(&spec.fen, &spec.moves.join(" "), Color::Red);
    assert_eq!(red, ["changing"]);
}

/// Red checks on each of its four moves: at least four, not five.
#[test]
fn at_least_counts_the_moves() {
    let play = perpetual_check();
    let line: Vec<String> = play.moves().iter().map(ToString::to_string).collect();
    let red = patterns_holding(&play.start().to_fen(), &line.join(" "), Color::Red);
    assert_eq!(red, ["four-checks"]);
}
