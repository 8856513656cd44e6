//! The corpus: the spec files found, read, replayed and judged by one or more rule sets.
//!
//! This is the one corpus engine. Every command that looks at "every diagram" goes through
//! here: `xqlaw test` reports the verdicts the spec files expect ([`run`]) and `--coverage`
//! what each ruling decides, `xqlaw check` searches the judgements for conflicting rulings,
//! `xqlaw diff` and `xqlaw whatif` compare two rule sets' judgements, the workbench judges
//! each base once, and `xqlaw docs` writes them out. Spec files are found by one walk
//! ([`spec_files`]), read and replayed once by one reader ([`Specs::read`]), and each diagram
//! judged once by each rule set ([`Specs::judge`], through the evaluator's door), its
//! explanations naming the moves in the law's Vietnamese notation.

mod diagram;
mod err;
mod files;
pub mod generated;
mod runner;
mod standings_cases;

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use rayon::prelude::*;
use thiserror::Error;

use crate::compile::{CompileErrors, CompiledRules, load_rules, rule_files};
use crate::disk::ReadError;
use crate::eval::Play;
use crate::source::SourceFile;
use crate::spec::{LawText, SpecError, SpecFile};
use crate::vocab::CaseId;

pub use diagram::Diagram;
pub use err::{DiagramError, SpecProblem, SpecProblemKind};
pub use files::{spec_files, standings_files};
pub use runner::{CaseOutcome, CaseReport, Totals, run, totals};
pub use standings_cases::{
    StandingsCaseTables, StandingsOutcome, StandingsReport, run_standings, standings_tables,
};

/// Rule sets and the diagrams they judged: what every analysis of the corpus reads.
#[derive(Debug)]
pub struct Corpus {
    /// The rule sets, in the order given (name order when loaded from a folder).
    pub rules: Vec<CompiledRules>,
    /// The diagrams, in topic folder and id order, each judged by the rule sets of its
    /// [`Scope`].
    pub diagrams: Vec<Diagram>,
    /// The spec files that could not be read or replayed, left out (`xqlaw test` says why).
    pub unreadable: Vec<Unreadable>,
    /// The standings cases (`spec-tests/*-standings/`) with the tables the rule sets give.
    pub standings: Vec<StandingsCaseTables>,
    /// The law texts the rule sets cite (`law/*.yaml` beside the rule folder), for the
    /// traceability page and the edition.
    pub laws: Vec<LawText>,
}

/// A play judged as a case: a spec file's diagram ([`Diagram::case_play`]) or a play of the
/// generated corpus ([`generated::load`]). What the analyses that weigh rulings over many plays
/// take ([`coverage`](crate::analyses::coverage::coverage)).
#[derive(Debug, Clone)]
pub struct CasePlay {
    /// Which case it is.
    pub case: CaseId,
    /// The play.
    pub play: Play,
}

/// Which rule sets judge which diagrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// Every rule set judges every diagram: the docs, `check`, `diff`, `whatif`.
    Every,
    /// A rule set judges the diagrams that state an expectation of it: `xqlaw test`.
    Expected,
}

impl Corpus {
    /// Judges every diagram with every rule set.
    pub fn new(rules: Vec<CompiledRules>, diagrams: Vec<Diagram>) -> Corpus {
        Specs {
            diagrams,
            unreadable: Vec::new(),
        }
        .judge(rules, Scope::Every)
    }

    /// The diagram and the spec files left out, in path order, for whoever reports on each
    /// file.
    pub fn files(&self) -> Vec<(&Path, Result<&Diagram, &Unreadable>)> {
        let mut files: Vec<(&Path, Result<&Diagram, &Unreadable>)> = self
            .diagrams
            .iter()
            .map(|d| (d.path.as_path(), Ok(d)))
            .chain(self.unreadable.iter().map(|u| (u.path.as_path(), Err(u))))
            .collect();
        files.sort_by(|a, b| a.0.cmp(b.0));
        files
    }
}

/// The spec files under some paths, read and replayed once: those that replay, and the others
/// with why. Not yet judged.
#[derive(Debug, Default)]
pub struct Specs {
    /// The diagrams, not yet judged, in path order.
    pub diagrams: Vec<Diagram>,
    /// The spec files that could not be used, in path order.
    pub unreadable: Vec<Unreadable>,
}

/// A spec file that could not be used, and why.
#[derive(Debug)]
pub struct Unreadable {
    /// The spec file.
    pub path: PathBuf,
    /// Why it could not be used.
    pub error: DiagramError,
    /// The file's text and spec file, when it reads but its position or moves do not replay:
    /// what it expects is still known.
    pub spec: Option<(SourceFile, SpecFile)>,
}

impl Specs {
    /// Reads and replays every file of `files`, as given (see [`spec_files`]); a file that
    /// does not exist is one that cannot be read.
    pub fn read(files: &[PathBuf]) -> Specs {
        let read: Vec<Result<Diagram, Box<Unreadable>>> = files
            .par_iter()
            .map(|path| Diagram::read_or_why(path))
            .collect();
        let mut specs = Specs::default();
        for diagram in read {
            match diagram {
                Ok(d) => specs.diagrams.push(d),
                Err(u) => specs.unreadable.push(*u),
            }
        }
        specs
    }

    /// Judges the diagrams with the rule sets `scope` picks for each, each pair once, and
    /// orders them by topic folder and id.
    pub fn judge(self, rules: Vec<CompiledRules>, scope: Scope) -> Corpus {
        let Specs {
            mut diagrams,
            unreadable,
        } = self;
        diagrams.par_iter_mut().for_each(|d| {
            d.judgements = rules
                .iter()
                .map(|r| {
                    let wanted = scope == Scope::Every || d.spec.expect.contains_key(&r.name);
                    wanted.then(|| d.judge(r).ok()).flatten()
                })
                .collect();
        });
        diagrams.sort_by(|a, b| (&a.topic, &a.spec.id).cmp(&(&b.topic, &b.spec.id)));
        Corpus {
            rules,
            diagrams,
            unreadable,
            standings: Vec::new(),
            laws: Vec::new(),
        }
    }
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
    Ok(Specs::read(&spec_files(paths)))
}

/// Loads every rule set in `rules_dir` (`*.rules`, in name order) and every spec file under
/// `spec_dir`, and judges them. Spec files that cannot be read or replayed are left out
/// (`xqlaw test` says why).
///
/// # Errors
///
/// The rule folder cannot be read, a rule file does not compile, `spec_dir` does not exist,
/// or a law text beside the rule folder (`law/*.yaml`) cannot be read.
pub fn load_corpus(rules_dir: &Path, spec_dir: &Path) -> Result<Corpus, CorpusError> {
    let files = rule_files(rules_dir)
        .map_err(|e| CorpusError::RulesUnreadable(ReadError::new(rules_dir, &e)))?;
    let mut rules = Vec::new();
    for file in files {
        let compiled = load_rules(&file).map_err(|errors| CorpusError::RulesBroken {
            path: file.clone(),
            errors,
        })?;
        rules.push(compiled);
    }
    let mut corpus = load_specs(&[spec_dir.to_path_buf()])?.judge(rules, Scope::Every);
    corpus.standings = standings_tables(&corpus.rules, &standings_files(&[spec_dir.to_path_buf()]));
    let law_dir = rules_dir.parent().unwrap_or(Path::new("")).join("law");
    corpus.laws = LawText::load_dir(&law_dir).map_err(|error| CorpusError::Law { error })?;
    Ok(corpus)
}

/// Why a corpus could not be loaded.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CorpusError {
    /// The folder of rule files cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    RulesUnreadable(ReadError),
    /// A rule file does not compile.
    #[error("`{}` does not compile (run `xqlaw check` on it)", path.display())]
    #[diagnostic(code("xqlaw::corpus::rules"))]
    RulesBroken {
        /// The rule file.
        path: PathBuf,
        /// Its errors.
        errors: CompileErrors,
    },
    /// A law text beside the rule folder cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Law {
        /// Why.
        error: SpecError,
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

    use crate::test_support::{TOY_RULES, TOY_SPEC as SPEC};

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
                .error
                .to_string()
                .contains("ply 2 (`f9f7`) is not legal for black")
        );
        let rules = compile_str("toy", TOY_RULES).unwrap();
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
