//! The rulebooks quote their texts verbatim. Every `quote` of `rules/vn-1999.rules` and every
//! `basis` of the spec files is found, word for word, in the published text of its rule set:
//! - `vn-1999`: the law's text (`../shared/seeds`, beside the repository);
//! - `vn-2004`: the digest of the Vietnamese variants (`../shared/rulebooks/vn-variants.md`) or
//!   the law's text (the 2004 text that could be read differs only in typography);
//! - `axf`: the Asian rules digest (`../shared/rulebooks/axf.md`);
//! - `wxf-2018`: the Asian rules digest (the WXF text itself was not read, and WXF 2018 is the
//!   Asian text by its own account), the WXF digest, or the published examples as
//!   `../shared/rulebooks/wxf-2018-examples.jsonl` transcribes them (the basis of the
//!   `spec-tests/wxf-2018/` files);
//! - `cxa`: the CXA digest (`../shared/rulebooks/cxa.md`).
//!
//! The quotes that `rules/axf.rules` and `rules/cxa.rules` add are checked against their
//! digests too. Only whitespace is normalised, so a paraphrase passed off as a text fails here.

#![allow(clippy::unwrap_used, clippy::panic, reason = "test code")]

mod common;

use std::path::Path;

use xqlaw::corpus::spec_files;
use xqlaw::load_rules;
use xqlaw::spec::SpecFile;

fn shared(path: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path)
}

/// The seeds with all whitespace runs made single spaces.
fn law_text() -> String {
    let dir = shared("seeds");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
            text.push(' ');
        }
    }
    normalize(&text)
}

/// A digest in `../shared/rulebooks/`, whitespace runs made single spaces.
fn digest(name: &str) -> String {
    let path = shared("rulebooks").join(name);
    normalize(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The published texts, one entry per rule set, that its quotes and bases must come from.
struct Texts {
    law: String,
    vn_variants: String,
    axf: String,
    wxf: String,
    wxf_examples: String,
    cxa: String,
}

impl Texts {
    /// The texts; `None`, after saying so, when this clone stands alone: they stand beside
    /// the repository in CI (the seeds mix third-party forum articles and are not vendored).
    /// CI sets `XQLAW_REQUIRE_SOURCES=1`, which makes their absence a failure.
    fn load() -> Option<Texts> {
        let seeds = shared("seeds");
        if common::sources_absent(&seeds) {
            return None;
        }
        Some(Texts {
            law: law_text(),
            vn_variants: digest("vn-variants.md"),
            axf: digest("axf.md"),
            wxf: digest("wxf-2018.md"),
            wxf_examples: digest("wxf-2018-examples.jsonl"),
            cxa: digest("cxa.md"),
        })
    }

    /// The texts a rule set's words may be taken from; `None` for a rule set without a text.
    fn of(&self, rule_set: &str) -> Option<Vec<&str>> {
        match rule_set {
            "vn-1999" => Some(vec![&self.law]),
            "vn-2004" => Some(vec![&self.vn_variants, &self.law]),
            "axf" => Some(vec![&self.axf]),
            // The 2018 book was not read: its basis is the Asian text it revises, or the
            // published example itself, as the examples file transcribes it.
            "wxf-2018" => Some(vec![&self.axf, &self.wxf, &self.wxf_examples]),
            "cxa" => Some(vec![&self.cxa]),
            _ => None,
        }
    }

    /// Whether `words` stand verbatim (up to whitespace) in a text of `rule_set`.
    fn verbatim(&self, rule_set: &str, words: &str) -> Result<(), String> {
        let texts = self
            .of(rule_set)
            .ok_or_else(|| format!("no published text is known for rule set `{rule_set}`"))?;
        let words = normalize(words);
        if texts.iter().any(|t| t.contains(&words)) {
            Ok(())
        } else {
            Err(format!("not in the text of `{rule_set}`"))
        }
    }
}

/// Checks every quote that `file` defines itself (not the inherited ones) against the texts of
/// its rule set; returns how many were checked.
fn check_own_quotes(texts: &Texts, file: &str) -> usize {
    let rules = load_rules(Path::new(file)).unwrap();
    let own = rules
        .terms()
        .iter()
        .map(|t| (&t.id, &t.meta))
        .chain(rules.rulings().iter().map(|r| (&r.id, &r.meta)))
        .filter(|(_, meta)| meta.defined_in == rules.name());
    let mut missing = Vec::new();
    let mut count = 0;
    for (id, meta) in own {
        let Some(quote) = &meta.quote else {
            missing.push(format!("{id}: no quote"));
            continue;
        };
        count += 1;
        if let Err(e) = texts.verbatim(rules.name(), quote) {
            missing.push(format!("{id}: {e}: {quote}"));
        }
    }
    assert!(
        missing.is_empty(),
        "{file}: quotes not in the published text:\n{}",
        missing.join("\n")
    );
    count
}

#[test]
fn every_quote_of_the_1999_rulebook_is_verbatim() {
    let Some(texts) = Texts::load() else { return };
    let count = check_own_quotes(&texts, "rules/vn-1999.rules");
    assert!(count > 40, "only {count} quotes");
}

#[test]
fn every_quote_of_the_asian_and_chinese_rule_sets_is_verbatim() {
    let Some(texts) = Texts::load() else { return };
    // 13 since rules 17 and 28-29 are no longer re-cited by rulings of their own: what they
    // say is decided by inherited terms, and Wu's words stay the AXF basis of their diagrams
    // (checked by `every_basis_is_verbatim`).
    assert!(check_own_quotes(&texts, "rules/axf.rules") >= 13);
    assert!(check_own_quotes(&texts, "rules/cxa.rules") >= 5);
}

#[test]
fn every_basis_is_verbatim() {
    let Some(texts) = Texts::load() else { return };
    let mut missing = Vec::new();
    let mut count = 0;
    for path in spec_files(&["spec-tests".into()]) {
        let spec = SpecFile::load(&path).unwrap();
        for rule_set in spec.expect.keys() {
            if !spec.basis.contains_key(rule_set) {
                missing.push(format!(
                    "{} ({rule_set}): an expectation without a basis",
                    spec.id
                ));
            }
        }
        for (rule_set, basis) in &spec.basis {
            count += 1;
            if let Err(e) = texts.verbatim(rule_set, basis) {
                missing.push(format!("{} ({rule_set}): {e}: {basis}", spec.id));
            }
        }
    }
    assert!(count >= 80, "only {count} bases");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn a_paraphrase_is_not_verbatim() {
    let Some(texts) = Texts::load() else { return };
    // Wu's words, then the same rule in other words.
    assert!(texts.verbatim("axf", "Under any circumstance").is_ok());
    assert!(
        texts
            .verbatim("axf", "Perpetual check loses under all circumstances")
            .is_err()
    );
    assert!(texts.verbatim("wxf-2018", "One check one chase").is_ok());
    assert!(
        texts
            .verbatim("wxf-2018", "One check and one chase")
            .is_err()
    );
    // A CXA sentence with one character changed (simplified 长 for the copy's traditional 長).
    assert!(
        texts
            .verbatim("cxa", "在任何情況下,均不允許單方面長將")
            .is_ok()
    );
    assert!(
        texts
            .verbatim("cxa", "在任何情況下,均不允許單方面长將")
            .is_err()
    );
    // A rule set's words must come from its own text.
    assert!(texts.verbatim("cxa", "Under any circumstance").is_err());
    assert!(texts.verbatim("vn-2099", "Under any circumstance").is_err());
}

/// Every citation of a standings form: the form's, its clauses' and its criteria's.
fn standings_citations(rules: &xqlaw::CompiledRules) -> Vec<(String, xqlaw::standings::Citation)> {
    let mut out = Vec::new();
    for form in rules.standings_forms() {
        let mut add = |what: String, c: &xqlaw::standings::Citation| out.push((what, c.clone()));
        add(form.id.clone(), &form.citation);
        if let Some(s) = &form.system {
            add(format!("{} system", form.id), &s.citation);
        }
        add(format!("{} match", form.id), &form.games.citation);
        add(
            format!("{} score game", form.id),
            &form.game_points.citation,
        );
        if let Some(m) = &form.match_points {
            add(format!("{} score match", form.id), &m.citation);
        }
        if let Some(f) = &form.forfeit {
            add(format!("{} forfeit", form.id), &f.citation);
        }
        if let Some(w) = &form.withdrawal {
            add(format!("{} withdrawal", form.id), &w.citation);
        }
        add(format!("{} split", form.id), &form.split.citation);
        add(format!("{} rank", form.id), &form.order);
        for c in &form.criteria {
            add(format!("{} {}", form.id, c.id), &c.citation);
        }
    }
    out
}

#[test]
fn every_quote_of_the_standings_of_the_1999_law_is_verbatim() {
    let Some(texts) = Texts::load() else { return };
    let rules = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
    let mut count = 0;
    let mut missing = Vec::new();
    for (what, citation) in standings_citations(&rules) {
        let Some(quote) = &citation.quote else {
            continue;
        };
        count += 1;
        if let Err(e) = texts.verbatim("vn-1999", quote) {
            missing.push(format!("{what}: {e}: {quote}"));
        }
    }
    assert!(count >= 15, "only {count} quotes");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // Every criterion of the law's forms quotes its sentence.
    for form in rules.standings_forms() {
        for c in &form.criteria {
            assert!(c.citation.quote.is_some(), "{} {}: no quote", form.id, c.id);
        }
    }
}

#[test]
fn every_basis_of_a_standings_case_is_verbatim() {
    let Some(texts) = Texts::load() else { return };
    let mut count = 0;
    let mut missing = Vec::new();
    for path in xqlaw::corpus::standings_files(&["spec-tests".into()]) {
        let text = std::fs::read_to_string(&path).unwrap();
        let case = xqlaw::spec::results::ResultsFile::from_yaml(&text)
            .unwrap()
            .case
            .unwrap();
        for (rule_set, basis) in &case.basis {
            count += 1;
            if let Err(e) = texts.verbatim(rule_set, basis) {
                missing.push(format!("{} ({rule_set}): {e}: {basis}", case.id));
            }
        }
    }
    assert!(count >= 8, "only {count} bases");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
