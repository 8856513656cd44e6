//! Ruling coverage of the rule sets on the spec corpus: which rulings decide a case (removing
//! them changes a verdict) or are restatements the cases confirm (`restates`).
//!
//! The target of issue 14 is every ruling of vn-1999 covered. It is not reached yet: the
//! rulings listed in `NOT_YET_COVERED` are permissions whose effect is only the absence of a
//! forbidding ruling (nothing forbids the plays they allow, so removing them changes nothing).
//! The list holds them by name, so that a ruling losing its coverage fails this test, and one
//! gaining it asks for the list to shrink.

#![allow(clippy::unwrap_used, reason = "test code")]

use std::path::{Path, PathBuf};

use xqlaw::compile::load_rules;
use xqlaw::corpus::load_specs;
use xqlaw::effect::{Coverage, coverage};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn coverage_of(rule_set: &str) -> Coverage {
    let rules = load_rules(&Path::new(ROOT).join("rules").join(rule_set)).unwrap();
    let specs = load_specs(&[PathBuf::from(ROOT).join("spec-tests")]).unwrap();
    assert!(specs.unreadable.is_empty(), "{:?}", specs.unreadable);
    coverage(&rules, &specs.diagrams)
}

/// The rulings neither effective nor verified restatements, in name order.
fn uncovered(c: &Coverage) -> Vec<&str> {
    let mut names: Vec<&str> = c
        .rulings
        .iter()
        .filter(|r| !r.covered())
        .map(|r| r.ruling.as_str())
        .collect();
    names.sort_unstable();
    names
}

/// The rulings of vn-1999 that still decide no case and restate none (issue 14's remaining
/// work: each needs a case its sentence decides, or a home elsewhere).
/// In name order.
///
/// `chase-with-exchange` (Điều 23 point 8) joined the list when 24.20 was read as written (a
/// same-kind attack the target can take back is an offer, guarded or not): Hình 65, the one
/// diagram it decided, is now decided by its held rook after the position erratum. It needs a
/// constructed case of a chase that also offers an exchange.
const NOT_YET_COVERED: &[&str] = &[
    "chase-and-other",
    "chase-in-turn",
    "chase-with-exchange",
    "check-and-other",
    "king-or-pawn-chase",
    "perpetual-harmless",
    "protected-target",
];

#[test]
fn every_ruling_of_the_law_is_covered_but_the_listed_permissions() {
    let c = coverage_of("vn-1999.rules");
    assert_eq!(uncovered(&c), NOT_YET_COVERED);
    // Every declared restatement holds on the cases.
    for r in &c.rulings {
        assert!(r.unrestated.is_empty(), "{}: {:?}", r.ruling, r.unrestated);
    }
    assert_eq!(c.covered(), c.rulings.len() - NOT_YET_COVERED.len());
    // The rulings the other forbidding rulings restate decide the cases themselves: perpetual
    // check, perpetual chase, and a horse or cannon on a rook, protected or not (the home of
    // Điều 23 point 6's second sentence and of Điều 24.11).
    for id in [
        "perpetual-check",
        "perpetual-chase",
        "horse-or-cannon-on-rook",
    ] {
        assert!(c.ruling(id).unwrap().effective(), "{id}");
    }
    // The constructed case is what makes the restatement of a falsely protected target
    // verifiable: no diagram of the law chases one.
    let falsely = c.ruling("falsely-protected-target").unwrap();
    let fires: Vec<&str> = falsely.fires.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(fires, ["falsely-protected-cannon"]);
}
