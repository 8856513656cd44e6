//! The corpus: the spec files found, read, replayed and judged by one or more rule sets.
//!
//! Every command that looks at "every diagram" goes through here: `xqlaw test` runs the
//! verdicts the spec files expect ([`run`]), `xqlaw check` searches the judgements for
//! conflicting rulings, `xqlaw diff` compares two rule sets' judgements, and `xqlaw docs`
//! writes them out. Spec files are found by one walk ([`spec_files`]), read and replayed by one
//! reader ([`Diagram::read`]), and judged by one function ([`Diagram::judge`]), whose
//! explanations name the moves in the law's Vietnamese notation.

mod diagram;
mod files;
pub mod generated;
mod runner;
mod standings_cases;

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use rayon::prelude::*;
use thiserror::Error;

use crate::compile::{CompileErrors, CompiledRules, load_rules, rule_files};

pub use diagram::{Diagram, DiagramError, SpecProblem};
pub use files::{spec_files, standings_files};
pub use runner::{CaseOutcome, CaseReport, Totals, run, totals};
pub use standings_cases::{
    StandingsCaseTables, StandingsOutcome, StandingsReport, run_standings, standings_tables,
};

/// Rule sets and the diagrams each of them judged.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// The rule sets, in the order given (name order when loaded from a folder).
    pub rules: Vec<CompiledRules>,
    /// The diagrams, in topic folder and id order, each judged by every rule set.
    pub diagrams: Vec<Diagram>,
    /// The spec files that could not be read or replayed, left out (`xqlaw test` says why).
    pub unreadable: Vec<PathBuf>,
    /// The standings cases (`spec-tests/*-standings/`) with the tables the rule sets give.
    pub standings: Vec<StandingsCaseTables>,
}

impl Corpus {
    /// Judges every diagram with every rule set.
    pub fn new(rules: Vec<CompiledRules>, mut diagrams: Vec<Diagram>) -> Corpus {
        diagrams.par_iter_mut().for_each(|d| {
            d.judgements = rules.iter().map(|r| d.judge(r).ok()).collect();
        });
        diagrams.sort_by(|a, b| (&a.topic, &a.spec.id).cmp(&(&b.topic, &b.spec.id)));
        Corpus {
            rules,
            diagrams,
            unreadable: Vec::new(),
            standings: Vec::new(),
        }
    }
}

/// The spec files under some paths: those that read and replay, and the others with why.
#[derive(Debug, Default)]
pub struct Specs {
    /// The diagrams, not yet judged, in path order.
    pub diagrams: Vec<Diagram>,
    /// The spec files that could not be used.
    pub unreadable: Vec<(PathBuf, DiagramError)>,
}

/// Reads every spec file under `paths` (see [`spec_files`]).
///
/// # Errors
///
/// A path that does not exist.
pub fn load_specs(paths: &[PathBuf]) -> Result<Specs, CorpusError> {
    if let Some(missing) = paths.iter().find(|p| !p.exists()) {
        return Err(CorpusError::NoSuchSpecs {
            path: missing.clone(),
        });
    }
    let read: Vec<(PathBuf, Result<Diagram, DiagramError>)> = spec_files(paths)
        .into_par_iter()
        .map(|path| {
            let diagram = Diagram::read(&path);
            (path, diagram)
        })
        .collect();
    let mut specs = Specs::default();
    for (path, diagram) in read {
        match diagram {
            Ok(d) => specs.diagrams.push(d),
            Err(e) => specs.unreadable.push((path, e)),
        }
    }
    Ok(specs)
}

/// Loads every rule set in `rules_dir` (`*.rules`, in name order) and every spec file under
/// `spec_dir`, and judges them. Spec files that cannot be read or replayed are left out
/// (`xqlaw test` says why).
///
/// # Errors
///
/// The rule folder cannot be read, a rule file does not compile, or `spec_dir` does not
/// exist.
pub fn load_corpus(rules_dir: &Path, spec_dir: &Path) -> Result<Corpus, CorpusError> {
    let files = rule_files(rules_dir).map_err(|e| CorpusError::RulesUnreadable {
        path: rules_dir.to_path_buf(),
        reason: e.to_string(),
    })?;
    let mut rules = Vec::new();
    for file in files {
        let compiled = load_rules(&file).map_err(|errors| CorpusError::RulesBroken {
            path: file.clone(),
            errors,
        })?;
        rules.push(compiled);
    }
    let specs = load_specs(&[spec_dir.to_path_buf()])?;
    let mut corpus = Corpus::new(rules, specs.diagrams);
    corpus.unreadable = specs.unreadable.into_iter().map(|(path, _)| path).collect();
    corpus.standings = standings_tables(&corpus.rules, &standings_files(&[spec_dir.to_path_buf()]));
    Ok(corpus)
}

/// Why a corpus could not be loaded.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CorpusError {
    /// The folder of rule files cannot be read.
    #[error("cannot read `{}`: {reason}", path.display())]
    #[diagnostic(code("xqlaw::corpus::rules"))]
    RulesUnreadable {
        /// The folder.
        path: PathBuf,
        /// Why.
        reason: String,
    },
    /// A rule file does not compile.
    #[error("`{}` does not compile (run `xqlaw check` on it)", path.display())]
    #[diagnostic(code("xqlaw::corpus::rules"))]
    RulesBroken {
        /// The rule file.
        path: PathBuf,
        /// Its errors.
        errors: CompileErrors,
    },
    /// A spec file or folder that was asked for does not exist.
    #[error("no such spec file or folder: `{}`", path.display())]
    #[diagnostic(code("xqlaw::corpus::specs"))]
    NoSuchSpecs {
        /// The path.
        path: PathBuf,
    },
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;
    use crate::compile::compile_str;

    const SPEC: &str = "id: toy-01\ntitle: Toy\narticle: '1'\narticle_text: t\n\
        fen: c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w\nfen_text: x\n\
        moves:\n- h8h9\n- f9f8\n- h9h8\n- f8f9\nmoves_text: []\n";

    #[test]
    fn a_missing_path_is_an_error() {
        let missing = PathBuf::from("no/such/folder");
        let Err(e) = load_specs(std::slice::from_ref(&missing)) else {
            panic!("loaded a missing folder")
        };
        assert_eq!(
            e.to_string(),
            "no such spec file or folder: `no/such/folder`"
        );
    }

    #[test]
    fn specs_that_do_not_replay_are_set_apart_and_the_rest_judged() {
        let dir = std::env::temp_dir().join(format!("xqlaw-corpus-{}", std::process::id()));
        let topic = dir.join("toys");
        fs::create_dir_all(&topic).unwrap();
        fs::write(topic.join("toy-01.yaml"), SPEC).unwrap();
        fs::write(
            topic.join("toy-02.yaml"),
            SPEC.replace("- f9f8", "- f9f7").replace("toy-01", "toy-02"),
        )
        .unwrap();
        let specs = load_specs(std::slice::from_ref(&dir));
        let _ = fs::remove_dir_all(&dir);
        let specs = specs.unwrap();
        assert_eq!(specs.unreadable.len(), 1);
        assert!(
            specs.unreadable[0]
                .1
                .to_string()
                .contains("ply 2 (`f9f7`) is not legal for black")
        );
        let rules = compile_str(
            "toy",
            "rules toy\nruling perpetual-check when every move check → forbidden\n\
             verdict\n    side forbidden → side loses\n    otherwise → draw\n",
        )
        .unwrap();
        let corpus = Corpus::new(vec![rules], specs.diagrams);
        let [diagram] = corpus.diagrams.as_slice() else {
            panic!("{} diagrams", corpus.diagrams.len())
        };
        assert_eq!(diagram.topic, "toys");
        let judgement = diagram.judgements[0].as_ref().unwrap();
        assert_eq!(judgement.verdict(), crate::vocab::Verdict::RedLoses);
        // The explanation names the moves in the law's notation.
        assert_eq!(judgement.plies[0].text.as_deref(), Some("X2.1"));
    }
}
