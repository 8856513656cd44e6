//! Trying an amendment: an amended copy of a rule set judged beside its base on the corpus.
//!
//! A rules committee edits the law as text and wants to see which verdicts follow. The
//! amended text is compiled by the whole compiler ([`compile_amendment`]: its `extends`
//! resolve in the rules folder, it may keep its base's name, and every check and bound of the
//! language applies), then every case of the corpus is judged by the base and by the amended
//! rule set. The result ([`WhatIf`]) has one row per case, with the base rule set's expected
//! verdict, both decisions and the rulings behind them, and the precedence lines that settle
//! the amended rulings.
//!
//! The base's judgements are kept in a [`Baseline`], so a tool that re-judges after every
//! edit (the workbench of `xqlaw serve`) judges only the amended side each time.
//!
//! [`compile_amendment`]: crate::compile::compile_amendment
//!
//! # Example
//!
//! ```
//! use std::path::Path;
//! use xqlaw::{compile_amendment, load_rules};
//! use xqlaw::corpus::load_specs;
//! use xqlaw::analyses::whatif::Baseline;
//!
//! let base = load_rules(Path::new("rules/vn-1999.rules"))?;
//! let specs = load_specs(&["spec-tests/vn-1999".into()])?;
//! let baseline = Baseline::new(base, specs.diagrams);
//! let amended = compile_amendment(
//!     "amended.rules",
//!     "rules vn-1999 extends vn-1999\n",
//!     Path::new("rules"),
//! )?;
//! let whatif = baseline.judge(&amended);
//! assert_eq!(whatif.changed(), 0);
//! assert_eq!(whatif.cases.len(), 80);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod precedence;
mod reasons;
mod render;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Serialize;

pub use precedence::{MAX_PRECEDENCE_PAIRS, Precedence, Relation};
pub use reasons::{Named, Reason, Why};

use crate::analyses::diff::{Change, RuleDiff, diff};
use crate::analyses::{CaseRow, Deadline, Decided};
use crate::compile::CompiledRules;
use crate::corpus::{Corpus, Diagram};
use crate::eval::Judgement;

/// The base rule set and the corpus it judged, ready to be compared with amendments.
#[derive(Debug)]
pub struct Baseline {
    /// The base rule set alone, with every diagram judged by it.
    corpus: Corpus,
}

impl Baseline {
    /// Judges every diagram with `base`.
    pub fn new(base: CompiledRules, diagrams: Vec<Diagram>) -> Baseline {
        Baseline {
            corpus: Corpus::new(vec![base], diagrams),
        }
    }

    /// The base rule set.
    pub fn rules(&self) -> Option<&CompiledRules> {
        self.corpus.rules.first()
    }

    /// The diagrams, each judged by the base rule set.
    pub fn diagrams(&self) -> &[Diagram] {
        &self.corpus.diagrams
    }

    /// Every case as the base judges it, with the base's expectation (nothing after).
    pub fn rows(&self) -> Vec<CaseRow> {
        let name = self.rules().map(|r| r.name.as_str()).unwrap_or_default();
        self.corpus
            .diagrams
            .iter()
            .map(|d| {
                let before = d.judgements.first().and_then(Option::as_ref);
                CaseRow::new(
                    d.case(),
                    d.spec.expect.get(name).copied(),
                    before.map(Decided::of),
                    None,
                )
            })
            .collect()
    }

    /// Judges every diagram with `amended` and compares with the base.
    pub fn judge(&self, amended: &CompiledRules) -> WhatIf {
        let after: Vec<Option<Judgement>> = self
            .corpus
            .diagrams
            .par_iter()
            .map(|d| d.judge(amended).ok())
            .collect();
        self.compare(amended, &after)
    }

    /// [`Baseline::judge`], giving up (`None`) once `deadline` has passed: the time is
    /// checked before each case is judged, so the work stops soon after.
    pub fn judge_before(&self, amended: &CompiledRules, deadline: Deadline) -> Option<WhatIf> {
        let after: Option<Vec<Option<Judgement>>> = self
            .corpus
            .diagrams
            .par_iter()
            .map(|d| (!deadline.passed()).then(|| d.judge(amended).ok()))
            .collect();
        Some(self.compare(amended, &after?))
    }

    /// The amended judgements `after` compared with the base's.
    fn compare(&self, amended: &CompiledRules, after: &[Option<Judgement>]) -> WhatIf {
        let before: Vec<Option<&Judgement>> = self
            .corpus
            .diagrams
            .iter()
            .map(|d| d.judgements.first().and_then(Option::as_ref))
            .collect();
        let (base_name, definitions) = match self.rules() {
            Some(base) => (base.name.clone(), diff(base, amended)),
            None => (String::new(), RuleDiff::default()),
        };
        let cases = self
            .corpus
            .diagrams
            .iter()
            .zip(&before)
            .zip(after)
            .map(|((d, before), after)| {
                CaseRow::new(
                    d.case(),
                    d.spec.expect.get(&base_name).copied(),
                    before.map(Decided::of),
                    after.as_ref().map(Decided::of),
                )
            })
            .collect();
        let titles: Vec<&str> = self
            .corpus
            .diagrams
            .iter()
            .map(|d| d.spec.title.as_str())
            .collect();
        let (direct, indirect) = amended_rulings(&definitions);
        let after: Vec<Option<&Judgement>> = after.iter().map(Option::as_ref).collect();
        let (precedences, precedences_cut) =
            precedence::settling(&titles, &before, &after, &direct, &indirect);
        let labels: Vec<String> = self.corpus.diagrams.iter().map(short_label).collect();
        let reasons = match self.rules() {
            Some(base) => reasons::reasons(
                base,
                amended,
                &precedences,
                (&titles, &labels),
                &after,
                |rules| self.changed_labels(rules),
            ),
            None => Vec::new(),
        };
        WhatIf {
            base: base_name,
            amended: amended.name.clone(),
            definitions,
            cases,
            precedences,
            reasons,
            precedences_cut,
        }
    }

    /// The labels ([`short_label`]) of the cases whose verdict `rules` changes from the
    /// base's, in corpus order.
    fn changed_labels(&self, rules: &CompiledRules) -> Vec<String> {
        self.corpus
            .diagrams
            .par_iter()
            .filter(|d| {
                let before = d
                    .judgements
                    .first()
                    .and_then(Option::as_ref)
                    .map(Judgement::verdict);
                let after = d.judge(rules).ok().map(|j| j.verdict());
                before != after
            })
            .map(short_label)
            .collect()
    }
}

/// A case in a list of many: the law's figure (`Hình 74`), or else the case's id, shorter
/// than the title of a constructed case or a WXF example.
fn short_label(d: &Diagram) -> String {
    if d.spec.title.starts_with("Hình ") {
        d.spec.title.clone()
    } else {
        d.spec.id.clone()
    }
}

/// The rulings an amendment touches: those it adds or rewrites (`direct`), and those whose
/// meaning moves only through a term, a setting or the verdict table they depend on
/// (`indirect`).
fn amended_rulings(d: &RuleDiff) -> (BTreeSet<String>, BTreeSet<String>) {
    let direct: BTreeSet<String> = d
        .rulings
        .iter()
        .filter(|c| !matches!(c, Change::Removed { .. }))
        .map(|c| c.id().to_owned())
        .collect();
    let indirect: BTreeSet<String> = d
        .terms
        .iter()
        .flat_map(|c| c.affects().iter().cloned())
        .filter(|r| !direct.contains(r))
        .collect();
    (direct, indirect)
}

/// An amendment compared with its base over the corpus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WhatIf {
    /// The base rule set's name.
    pub base: String,
    /// The name the amended text declares (often the base's own).
    pub amended: String,
    /// Where the definitions differ.
    pub definitions: RuleDiff,
    /// Every case, in corpus order (topic folder, then id).
    pub cases: Vec<CaseRow>,
    /// How the amended rulings meet the others on the corpus.
    pub precedences: Vec<Precedence>,
    /// Why an amended ruling does not decide where it fires: the rulings that keep the
    /// verdicts, and what to write (said first).
    pub reasons: Vec<Reason>,
    /// Whether precedence lines were left out: the amended rulings meet the others in more
    /// than [`MAX_PRECEDENCE_PAIRS`] ways.
    pub precedences_cut: bool,
}

impl WhatIf {
    /// The cases whose verdict changes.
    pub fn changes(&self) -> impl Iterator<Item = &CaseRow> {
        self.cases.iter().filter(|c| c.changed)
    }

    /// How many cases change verdict.
    pub fn changed(&self) -> usize {
        self.changes().count()
    }
}

/// The rule file an amended rule set is compared with, when none is named: the rule set it
/// says it `amends`, else the one of the name it declares, else the one it extends; each
/// looked up as `NAME.rules` in `dirs`, in order. An amendment is never its own base: the
/// file `amended_file` itself is skipped, so a copy saved into `rules/` as `vn-1999-sua.rules`
/// that declares `rules vn-1999-sua extends vn-1999` is compared with `vn-1999.rules`.
pub fn base_path(
    amended_file: Option<&Path>,
    amended: &CompiledRules,
    dirs: &[PathBuf],
) -> Option<PathBuf> {
    let itself = |p: &Path| amended_file.is_some_and(|f| crate::project::same_file(f, p));
    amended
        .amends
        .iter()
        .chain(std::iter::once(&amended.name))
        .chain(amended.extends.first())
        .flat_map(|name| dirs.iter().map(move |d| d.join(format!("{name}.rules"))))
        .find(|path| path.is_file() && !itself(path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::{compile_amendment, load_rules};
    use crate::corpus::load_specs;

    fn baseline() -> Baseline {
        let base = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
        let specs = load_specs(&["spec-tests/vn-1999".into()]).unwrap();
        Baseline::new(base, specs.diagrams)
    }

    fn amend(text: &str) -> CompiledRules {
        compile_amendment("amended.rules", text, Path::new("rules")).unwrap()
    }

    #[test]
    fn an_unchanged_copy_changes_nothing() {
        let copy = std::fs::read_to_string("rules/vn-1999.rules").unwrap();
        let whatif = baseline().judge(&amend(&copy));
        assert_eq!(whatif.base, "vn-1999");
        assert_eq!(whatif.amended, "vn-1999");
        assert!(whatif.definitions.is_empty());
        assert_eq!(whatif.cases.len(), 80);
        assert_eq!(whatif.changed(), 0);
        assert!(whatif.precedences.is_empty());
        // Every row carries the base's expectation, and it is met.
        assert!(
            whatif
                .cases
                .iter()
                .all(|c| c.expected == c.before.as_ref().map(|d| d.verdict))
        );
    }

    #[test]
    fn an_amendment_may_extend_its_own_name() {
        let amended = amend("rules vn-1999 extends vn-1999\nremove ruling perpetual-harmless\n");
        assert_eq!(amended.name, "vn-1999");
        assert!(amended.ruling("perpetual-harmless").is_none());
        // The folder's own `perpetual-check overrides perpetual-harmless` lapses with it.
        assert!(
            amended
                .ruling("perpetual-check")
                .unwrap()
                .overrides
                .is_empty()
        );
    }

    #[test]
    fn a_file_that_extends_itself_outside_an_amendment_is_a_cycle() {
        let err = crate::compile::compile_str("x", "rules x extends x\n").unwrap_err();
        assert!(err.to_string().contains("extends"), "{err}");
    }

    #[test]
    fn the_base_is_the_declared_name_or_the_parent() {
        let rules = Path::new("rules");
        let dirs = [rules.to_path_buf()];
        let copy = amend("rules vn-1999 extends vn-1999\n");
        assert_eq!(
            base_path(None, &copy, &dirs),
            Some(rules.join("vn-1999.rules"))
        );
        let renamed = amend("rules my-law extends cxa\n");
        assert_eq!(
            base_path(None, &renamed, &dirs),
            Some(rules.join("cxa.rules"))
        );
        let copy_of_axf = crate::compile::compile_str(
            "copy",
            "rules my-law amends axf\nruling r when every move check → forbidden\n\
             verdict side forbidden → side loses\n otherwise → draw\n",
        )
        .unwrap();
        assert_eq!(
            base_path(None, &copy_of_axf, &dirs),
            Some(rules.join("axf.rules"))
        );
        let alone = crate::compile::compile_str(
            "alone",
            "rules alone\nruling r when every move check → forbidden\n\
             verdict side forbidden → side loses\n otherwise → draw\n",
        )
        .unwrap();
        assert_eq!(base_path(None, &alone, &dirs), None);
    }

    #[test]
    fn an_amendment_is_never_its_own_base() {
        let dirs = [PathBuf::from("rules")];
        // `rules/axf.rules` is compared with what it extends, not with itself.
        let axf = load_rules(Path::new("rules/axf.rules")).unwrap();
        assert_eq!(
            base_path(Some(Path::new("rules/axf.rules")), &axf, &dirs),
            Some(PathBuf::from("rules/vn-1999.rules"))
        );
        // The law itself has no base but itself: none.
        let law = load_rules(Path::new("rules/vn-1999.rules")).unwrap();
        assert_eq!(
            base_path(Some(Path::new("./rules/vn-1999.rules")), &law, &dirs),
            None
        );
    }
}
