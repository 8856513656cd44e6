//! The workbench's state and the work behind each answer: the rule sets of the folder, the
//! corpus, and each base's judgements, kept while the folder does not change. Every method
//! here may take a while and runs on a blocking thread ([`super::jobs`]).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use super::api::{
    BaseCase, CaseAnswer, CaseMove, CaseRequest, CaseView, CasesAnswer, Change, JudgeAnswer,
    JudgeRequest, ReasonAnswer, ReportRequest, RuleSetInfo, RuleSetText, SaveRequest, Saved,
    WhatifAnswer, WhatifRequest,
};
use super::err::{ApiError, ApiErrorKind};
use super::jobs::{Deadline, Jobs};
use super::problem::Problem;
use super::{Limits, save};
use crate::analyses::whatif::{Baseline, base_path};
use crate::analyses::{CaseRow, Decided};
use crate::compile::{CompileErrors, CompiledRules, compile_amendment, load_rules};
use crate::corpus::{CorpusError, Diagram, load_specs};
use crate::disk::ReadError;
use crate::eval::Judgement;
use crate::play_text::{ASSUMED_BY_REQUEST, PlayError, read_play};
use crate::words::Localized;
use crate::xiangqi::START_FEN;
use crate::xiangqi::notation::{self, Notation, detect, guess, move_texts};

/// The name an edited text goes by in diagnostics.
pub const EDITED: &str = "edited.rules";

/// The workbench: the rules folder, the corpus, and what was computed from them.
#[derive(Debug)]
pub struct Workbench {
    /// The rules folder.
    rules_dir: PathBuf,
    /// Every case, replayed (not judged).
    diagrams: Vec<Diagram>,
    /// The rule sets compiled and judged, while the folder stays as it was.
    cache: Mutex<Cache>,
    /// The bounded runner of judging jobs.
    pub(super) jobs: Jobs,
    /// The runner of reads (the list of rule sets, a rule file's text): bounded too, but in a
    /// lane of its own, so that opening the page never waits behind other users' judging.
    pub(super) reads: Jobs,
    /// Held while a file is saved: saves are one at a time, so that each one's answer says
    /// what the file holds when it is given.
    saving: Mutex<()>,
}

/// Reads served at once; a read is a directory listing and a small file.
const READS_AT_ONCE: usize = 16;

/// Compiled rule sets and their baselines, valid for one state of the rules folder.
#[derive(Debug, Default)]
struct Cache {
    /// The folder's rule files (name, a digest of the contents) when the cache was filled.
    stamp: Vec<(String, Option<u64>)>,
    /// Compiled rule sets by name (the error rendered, when one does not compile).
    rules: HashMap<String, Result<Arc<CompiledRules>, String>>,
    /// Each base's judgements of the corpus.
    baselines: HashMap<String, Arc<Baseline>>,
}

/// Why the workbench could not start.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum LoadError {
    /// The rules folder is not a folder.
    #[error("`{0}` is not a folder of rule files")]
    #[diagnostic(
        code(xqlaw::serve::rules),
        help("give the folder of the rule sets to offer")
    )]
    NoRules(PathBuf),
    /// The spec files given do not exist.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Specs(CorpusError),
    /// No spec file could be used.
    #[error("no case to judge: no spec file under `{0}` could be read")]
    #[diagnostic(
        code(xqlaw::serve::no_cases),
        help("give the folder of the spec files to judge")
    )]
    NoCases(PathBuf),
}

impl Workbench {
    /// Reads the corpus under `specs` and prepares to serve the rule sets of `rules_dir`.
    ///
    /// # Errors
    ///
    /// `rules_dir` is not a folder, or no spec file under `specs` can be used.
    pub fn load(rules_dir: &Path, specs: &Path, limits: Limits) -> Result<Workbench, LoadError> {
        if !rules_dir.is_dir() {
            return Err(LoadError::NoRules(rules_dir.to_path_buf()));
        }
        // What an earlier server, killed while saving, left in the folder.
        save::sweep(rules_dir);
        let loaded = load_specs(&[specs.to_path_buf()]).map_err(LoadError::Specs)?;
        if loaded.diagrams.is_empty() {
            return Err(LoadError::NoCases(specs.to_path_buf()));
        }
        Ok(Workbench {
            rules_dir: rules_dir.to_path_buf(),
            diagrams: loaded.diagrams,
            cache: Mutex::new(Cache::default()),
            jobs: Jobs::new(limits.jobs, limits.timeout),
            reads: Jobs::new(READS_AT_ONCE, limits.timeout),
            saving: Mutex::new(()),
        })
    }

    /// How many cases the corpus has.
    pub fn cases(&self) -> usize {
        self.diagrams.len()
    }

    /// The rule files of the folder: (name, a digest of the contents), by name. The contents,
    /// not the modification time: a file replaced by one of the same size that keeps the old
    /// time (`cp -p`, `tar`) must not be judged by its old text.
    fn stamp(&self) -> Vec<(String, Option<u64>)> {
        let mut stamp: Vec<_> = std::fs::read_dir(&self.rules_dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let path = entry.path();
                let name = path.file_stem()?.to_str()?.to_owned();
                if path.extension()? != "rules" || name.starts_with('.') {
                    return None;
                }
                let meta = entry.metadata().ok()?;
                meta.is_file().then(|| {
                    let digest = crate::disk::read(&path).ok().map(|bytes| {
                        let mut hasher = std::hash::DefaultHasher::new();
                        std::hash::Hasher::write(&mut hasher, &bytes);
                        std::hash::Hasher::finish(&hasher)
                    });
                    (name, digest)
                })
            })
            .collect();
        stamp.sort();
        stamp
    }

    /// The cache, emptied first if the folder changed since it was filled.
    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        let stamp = self.stamp();
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.stamp != stamp {
            *cache = Cache {
                stamp,
                ..Cache::default()
            };
        }
        cache
    }

    /// The rule set `name` of the folder, compiled.
    fn rules(&self, name: &str) -> Result<Arc<CompiledRules>, ApiError> {
        let names: Vec<String> = self.cache().stamp.iter().map(|s| s.0.clone()).collect();
        if !names.iter().any(|n| n == name) {
            return Err(unknown_rule_set(name, &names, &self.rules_dir));
        }
        if let Some(done) = self.cache().rules.get(name) {
            return done.clone().map_err(|e| broken_rule_set(name, &e));
        }
        // Compiled outside the lock; two requests may compile the same file, which is harmless.
        let compiled = load_rules(&self.file(name)).map(Arc::new).map_err(|e| {
            e.errors()
                .next()
                .map_or_else(|| e.to_string(), Localized::glossed)
        });
        self.cache().rules.insert(name.to_owned(), compiled.clone());
        compiled.map_err(|e| broken_rule_set(name, &e))
    }

    /// The base `name`'s judgements of the corpus.
    fn baseline(&self, name: &str) -> Result<Arc<Baseline>, ApiError> {
        let rules = self.rules(name)?;
        if let Some(baseline) = self.cache().baselines.get(name) {
            return Ok(baseline.clone());
        }
        let baseline = Arc::new(Baseline::new((*rules).clone(), self.diagrams.clone()));
        self.cache()
            .baselines
            .insert(name.to_owned(), baseline.clone());
        Ok(baseline)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.rules_dir.join(format!("{name}.rules"))
    }

    /// Compiles an edited text; its `extends` resolve in the rules folder. Settings past the
    /// workbench's bounds are errors ([`MAX_MATE_NODES`], [`MAX_MATE_PLIES`]), and so is a
    /// rule set larger than it judges ([`MAX_RULINGS`], [`MAX_TERMS`]).
    pub fn compile(&self, text: &str) -> Result<CompiledRules, ApiError> {
        let rules = compile_amendment(EDITED, text, &self.rules_dir)
            .map_err(|errors| ApiError::compile(problems(&errors, text)))?;
        let s = &rules.settings;
        let mut too_large = Vec::new();
        for (what, vi, count, max) in [
            ("rulings", "quy tắc", rules.rulings.len(), MAX_RULINGS),
            ("terms", "thuật ngữ", rules.terms.len(), MAX_TERMS),
        ] {
            if count > max {
                too_large.push(Problem {
                    message: format!(
                        "bộ luật có {count} {vi}, nhiều hơn bàn làm việc xử được (tối đa {max}) (the rule set has {count} {what}, more than the workbench judges with (at most {max}))"
                    ),
                    line: 1,
                    column: 1,
                    help: Some(format!(
                        "luật có khoảng 30 quy tắc và 25 thuật ngữ; chia nhỏ văn bản, hoặc thử bằng `xqlaw whatif` trên dòng lệnh, không có giới hạn này (the law has about 30 rulings and 25 terms; split the text, or try it with `xqlaw whatif` on the command line, which has no such bound: at most {max} {what} here, with those of the rule set it extends)"
                    )),
                    file: None,
                });
            }
        }
        if s.mate_nodes > MAX_MATE_NODES {
            too_large.push(setting_too_large(
                text,
                "mate-nodes",
                s.mate_nodes,
                MAX_MATE_NODES,
            ));
        }
        if u64::from(s.mate_plies) > MAX_MATE_PLIES {
            too_large.push(setting_too_large(
                text,
                "mate-plies",
                s.mate_plies.into(),
                MAX_MATE_PLIES,
            ));
        }
        if too_large.is_empty() {
            Ok(rules)
        } else {
            Err(ApiError::compile(too_large))
        }
    }

    /// `GET /api/rulesets`.
    pub fn rule_sets(&self) -> Vec<RuleSetInfo> {
        let names: Vec<String> = self.cache().stamp.iter().map(|s| s.0.clone()).collect();
        names
            .into_iter()
            .map(|name| {
                let rules = self.rules(&name).ok();
                RuleSetInfo {
                    title: rules.as_ref().and_then(|r| r.title.clone()),
                    compiles: rules.is_some(),
                    name,
                }
            })
            .collect()
    }

    /// `GET /api/rulesets/{name}`.
    pub fn rule_set(&self, name: &str) -> Result<RuleSetText, ApiError> {
        let rules = self.rules(name).ok();
        let names: Vec<String> = self.cache().stamp.iter().map(|s| s.0.clone()).collect();
        if !names.iter().any(|n| n == name) {
            return Err(unknown_rule_set(name, &names, &self.rules_dir));
        }
        let text = crate::disk::read_text(&self.file(name))
            .map_err(|e| ApiErrorKind::Unreadable(ReadError::shown(format!("{name}.rules"), &e)))?;
        let base = match &rules {
            Some(r) if !self.expects(name) => base_path(
                Some(&self.file(name)),
                r,
                std::slice::from_ref(&self.rules_dir),
            )
            .and_then(|p| Some(p.file_stem()?.to_str()?.to_owned()))
            .unwrap_or_else(|| name.to_owned()),
            _ => name.to_owned(),
        };
        Ok(RuleSetText {
            name: name.to_owned(),
            base,
            title: rules.and_then(|r| r.title.clone()),
            text,
        })
    }

    /// Whether some case states an expected verdict for the rule set `name`.
    fn expects(&self, name: &str) -> bool {
        self.diagrams
            .iter()
            .any(|d| d.spec.expect.contains_key(name))
    }

    /// `GET /api/cases`.
    pub fn base_cases(&self, base: &str) -> Result<CasesAnswer, ApiError> {
        let baseline = self.baseline(base)?;
        let cases = baseline.rows().iter().map(BaseCase::of).collect();
        Ok(CasesAnswer {
            base: base.to_owned(),
            cases,
            names: baseline.rules().map(names).unwrap_or_default(),
        })
    }

    /// `POST /api/whatif`, given up once `deadline` has passed.
    pub fn whatif(
        &self,
        request: &WhatifRequest,
        deadline: Deadline,
    ) -> Result<WhatifAnswer, ApiError> {
        let baseline = self.baseline(&request.base)?;
        let amended = self.compile(&request.rules)?;
        let whatif = baseline
            .judge_before(&amended, deadline)
            .ok_or(ApiErrorKind::TooSlow)?;
        let changes = whatif.changes().map(Change::of).collect();
        let warnings = amended
            .warnings
            .iter()
            .map(|w| Problem::of(w, EDITED, &request.rules))
            .collect();
        Ok(WhatifAnswer {
            cases: whatif.cases.len(),
            changes,
            warnings,
            reasons: whatif.reasons.into_iter().map(ReasonAnswer::of).collect(),
            names: names(&amended),
        })
    }

    /// `POST /api/report`: the edited text's proposal, one printable page, as `xqlaw whatif
    /// --report` writes it ([`crate::docgen::proposal`]), given up once `deadline` has passed.
    pub fn report(&self, request: &ReportRequest, deadline: Deadline) -> Result<String, ApiError> {
        let baseline = self.baseline(&request.base)?;
        let amended = self.compile(&request.rules)?;
        let whatif = baseline
            .judge_before(&amended, deadline)
            .ok_or(ApiErrorKind::TooSlow)?;
        let base = baseline
            .rules()
            .ok_or_else(|| unknown_rule_set(&request.base, &[], &self.rules_dir))?;
        let base_file = self.file(&request.base);
        let base_text = crate::disk::read_text(&base_file).map_err(|e| {
            ApiErrorKind::Unreadable(ReadError::shown(format!("{}.rules", request.base), &e))
        })?;
        let plays: Vec<crate::corpus::CasePlay> =
            baseline.diagrams().iter().map(|d| d.case_play()).collect();
        let coverage = crate::analyses::coverage::coverage;
        let base_shown = format!("rules/{}.rules", request.base);
        let amended_shown = request.name.clone().unwrap_or_else(|| EDITED.to_owned());
        Ok(crate::docgen::proposal(&crate::docgen::Proposal {
            whatif: &whatif,
            base,
            amended: &amended,
            diagrams: baseline.diagrams(),
            base_text: (&base_text, &base_shown),
            amended_text: (&request.rules, &amended_shown),
            coverage: Some((coverage(base, &plays), coverage(&amended, &plays))),
            command: "xqlaw serve: Tải báo cáo (Download report)",
            games: None,
        }))
    }

    /// `POST /api/case`.
    pub fn case(&self, request: &CaseRequest) -> Result<CaseAnswer, ApiError> {
        let baseline = self.baseline(&request.base)?;
        let Some(d) = baseline.diagrams().iter().find(|d| d.spec.id == request.id) else {
            let ids = baseline.diagrams().iter().map(|d| d.spec.id.as_str());
            return Err(ApiErrorKind::UnknownCase {
                id: request.id.clone(),
                near: crate::words::closest(&request.id, ids).map(str::to_owned),
            }
            .into());
        };
        let before = d.judgements.first().and_then(Option::as_ref);
        let edited = request
            .rules
            .as_deref()
            .map(|text| self.compile(text))
            .transpose()?;
        let rules = edited.as_ref().or(baseline.rules());
        let after: Option<Judgement> = match &edited {
            Some(edited) => d.judge(edited).ok(),
            None => before.cloned(),
        };
        let vietnamese = d.play.texts().unwrap_or_default();
        let moves = d
            .play
            .moves()
            .iter()
            .enumerate()
            .map(|(k, m)| CaseMove {
                ply: k + 1,
                printed: d.spec.moves_text.get(k).cloned().unwrap_or_default(),
                vi: vietnamese.get(k).cloned().unwrap_or_default(),
                iccs: m.to_string(),
            })
            .collect();
        let row = CaseRow::new(
            d.case(),
            d.spec.expect.get(&request.base).copied(),
            before.map(Decided::of),
            after.as_ref().map(Decided::of),
        );
        let explanation = match (after, rules) {
            (Some(j), Some(rules)) => explained(rules, &j),
            _ => "luật đã sửa không xử được hình này (the edited rules cannot judge this case)"
                .to_owned(),
        };
        Ok(CaseAnswer::of(
            &row,
            CaseView {
                article_text: d.spec.article_text.clone(),
                fen: d.spec.fen.clone(),
                board: inline_svg(crate::docgen::board_plain(d)),
                moves,
                commentary: d.spec.commentary.clone(),
                explanation,
            },
        ))
    }

    /// `POST /api/judge`: the judgement, and the notation the moves were read in with the
    /// others that would read them as different moves.
    pub fn judge(&self, request: &JudgeRequest) -> Result<JudgeAnswer, ApiError> {
        let rules = if is_name(&request.rules) {
            self.rules(&request.rules)?
        } else {
            Arc::new(self.compile(&request.rules)?)
        };
        let fen = request.fen.as_deref().unwrap_or(START_FEN);
        // Moves as people copy them: move numbers and commas left out.
        let texts: Vec<&str> = request.moves.iter().flat_map(|m| move_texts(m)).collect();
        let notation = match &request.notation {
            Some(code) => code
                .parse::<Notation>()
                .map_err(|e| ApiError::refused(ApiErrorKind::bad_notation, &e))?,
            None => guess_notation(fen, &texts),
        };
        let also_reads_in = other_readings(fen, &texts, notation);
        let judged = read_play(fen, &texts, notation).and_then(|play| {
            let play = if request.assume_cycle {
                play.assuming_cycle(ASSUMED_BY_REQUEST)
            } else {
                play
            };
            let board =
                crate::docgen::board_of_play(&play, &format!("{fen} — {}", texts.join(" ")));
            crate::eval::judge(&rules, &play)
                .map(|j| (j, board))
                .map_err(PlayError::Eval)
        });
        let judged = judged.map(|(judgement, board)| JudgeAnswer {
            said: explained(&rules, &judgement),
            pieces: pieces(&judgement),
            repetition_said: crate::docgen::page::repetition_vi(&judgement.repetition),
            names: names(&rules),
            board: inline_svg(board),
            judgement,
            notation: notation.code(),
            also_reads_in,
        });
        judged.map_err(|e| {
            // Which field is wrong, and for a move, which one (0-based), so a page can mark it.
            let mut error = match &e {
                PlayError::Fen(_) => {
                    ApiError::refused(ApiErrorKind::bad_position, &e).with("field", "fen")
                }
                PlayError::Moves(line) => ApiError::refused(ApiErrorKind::bad_moves, &e)
                    .with("field", "moves")
                    .with("index", line.ply()),
                _ => ApiError::refused(ApiErrorKind::cannot_judge, &e).with("field", "moves"),
            };
            if request.notation.is_none() {
                error = error.with("notation", notation.code());
            }
            error
        })
    }

    /// `POST /api/save`. The text must declare the rule set after its file, so that every
    /// command finds it by name; with `rename`, its `rules` line is renamed so (`rules NAME`, with `amends` the rule set it amends).
    pub fn save(&self, request: &SaveRequest) -> Result<Saved, ApiError> {
        let file = save::check_name(&request.name)?;
        let stem = file.trim_end_matches(".rules").to_owned();
        let stem = stem.as_str();
        let rules = self.compile(&request.rules)?;
        let text = if rules.name == stem {
            request.rules.clone()
        } else if request.rename {
            let text = renamed(&request.rules, &rules, stem).ok_or(ApiErrorKind::NoRulesLine)?;
            // The renamed text must still compile, and amend what it amended.
            self.compile(&text)?;
            text
        } else {
            let (line, _) = super::problem::line_column(
                &request.rules,
                header_name_at(&request.rules, &rules.name).unwrap_or(0),
            );
            let suggestion = renamed_header(&rules, stem);
            return Err(ApiError::new(ApiErrorKind::NameMismatch {
                declared: rules.name.clone(),
                line,
                file,
                suggestion: suggestion.clone(),
                amends: amended_name(&rules).to_owned(),
            })
            .with("rename", suggestion)
            .with("line", line));
        };
        if rules.extends.iter().any(|e| e == stem) {
            return Err(ApiErrorKind::ExtendsItself {
                file,
                stem: stem.to_owned(),
            }
            .into());
        }
        let _one_at_a_time = self.saving.lock().unwrap_or_else(PoisonError::into_inner);
        let replaced = save::write(&self.rules_dir, &file, &text, request.overwrite)?;
        Ok(Saved {
            file,
            name: stem.to_owned(),
            text,
            replaced,
        })
    }
}

/// The rule set a text amends: the one it says it `amends`, else the name it declares.
fn amended_name(rules: &CompiledRules) -> &str {
    rules.amends.as_deref().unwrap_or(&rules.name)
}

/// The `rules` line a text saved as `stem` gets: `rules STEM`, then `amends OLD` unless it
/// already says what it amends or extends `OLD` (a text of changes alone).
fn renamed_header(rules: &CompiledRules, stem: &str) -> String {
    let old = amended_name(rules);
    if rules.amends.is_some() || rules.extends.first().is_some_and(|e| e == old) {
        format!("rules {stem}")
    } else {
        format!("rules {stem} amends {old}")
    }
}

/// The byte offset of the declared name in the `rules` line of `text`.
fn header_name_at(text: &str, name: &str) -> Option<usize> {
    let file = crate::syntax::parse(&crate::SourceFile::new(EDITED, text)).ok()?;
    let loc = file.header.name.loc;
    (text.get(loc.start..loc.end) == Some(name)).then_some(loc.start)
}

/// `text` with its `rules NAME` renamed `rules STEM` (and `amends` added: [`renamed_header`]).
fn renamed(text: &str, rules: &CompiledRules, stem: &str) -> Option<String> {
    let at = header_name_at(text, &rules.name)?;
    let header = renamed_header(rules, stem);
    let tail = header.strip_prefix("rules ")?;
    let mut out = String::with_capacity(text.len() + tail.len());
    out.push_str(text.get(..at)?);
    out.push_str(tail);
    out.push_str(text.get(at + rules.name.len()..)?);
    Some(out)
}

/// The largest `mate-nodes` an edited text may set. The search budget is spent for every
/// move of every case, so the language's own bound (none) would let one request keep the
/// server's judging slots busy for hours; five times the law's 200 000 judges the corpus in
/// about a second.
pub const MAX_MATE_NODES: u64 = 1_000_000;

/// The largest `mate-plies` an edited text may set (the law's is 7).
pub const MAX_MATE_PLIES: u64 = 31;

/// The most rulings a rule set judged in the workbench may have, with those it extends (the
/// law has 30). Judging every case costs at least the square of the rulings that fire
/// together (each may set aside each other), so the bound keeps one request's memory and
/// time small whatever its text.
pub const MAX_RULINGS: usize = 200;

/// The most terms a rule set judged in the workbench may have, with those it extends (the
/// law has about 25).
pub const MAX_TERMS: usize = 400;

/// The error for a setting past the workbench's bound, at the line that sets it.
fn setting_too_large(text: &str, name: &str, value: u64, max: u64) -> Problem {
    let at = text
        .match_indices(name)
        .find(|(i, _)| text[..*i].trim_end().ends_with("setting"))
        .map_or(0, |(i, _)| i);
    let (line, column) = super::problem::line_column(text, at);
    Problem {
        message: format!(
            "`{name}` = {value} lớn hơn mức bàn làm việc xử được (tối đa {max}) (`{name}` = {value} is more than the workbench judges with (at most {max}))"
        ),
        line,
        column,
        help: Some(format!(
            "đặt `{name}` từ {max} trở xuống ở đây; `xqlaw whatif` trên dòng lệnh không có giới hạn này (set `{name}` to {max} or less here; `xqlaw whatif` on the command line has no such bound)"
        )),
        file: None,
    }
}

/// The Vietnamese `name` of each term and ruling of `rules` that has one, by id: the page
/// shows a ruling or a term by its name, with the id as the gloss.
fn names(rules: &CompiledRules) -> BTreeMap<String, String> {
    let terms = rules.terms.iter().map(|t| (&t.id, &t.meta.name));
    let rulings = rules.rulings.iter().map(|r| (&r.id, &r.meta.name));
    terms
        .chain(rulings)
        .filter_map(|(id, name)| Some((id.clone(), name.clone()?)))
        .collect()
}

/// Each piece `j` names, the rulings' targets and attackers and the plies' threats, by its
/// text (`black pawn f4`) as the law writes it (`Tốt Đen f4`, [`crate::facts::PieceAt::vi`]):
/// the page shows the law's words, with the text as the gloss.
fn pieces(j: &Judgement) -> BTreeMap<String, String> {
    let fired = [&j.red, &j.black]
        .into_iter()
        .flat_map(|side| &side.fired)
        .flat_map(|f| [f.target, f.attacker]);
    let threats = j
        .plies
        .iter()
        .flat_map(|p| &p.threats)
        .flat_map(|t| [Some(t.attacker), Some(t.target)]);
    fired
        .chain(threats)
        .flatten()
        .map(|p| (p.to_string(), p.vi()))
        .collect()
}

/// A judgement as the workbench explains it: in the law's words first (as the book says
/// it), then the full explanation, in the law's words too with the English as the gloss.
fn explained(rules: &CompiledRules, j: &Judgement) -> String {
    format!(
        "{}\nGiải thích đầy đủ (the full explanation):\n\n{}",
        crate::docgen::page::judgement_vi(rules, j),
        crate::docgen::explanation::explanation_vi(rules, j)
    )
}

/// An SVG file's picture without its XML declaration and comments, to be placed in a page.
fn inline_svg(file: String) -> String {
    match file.find("<svg") {
        Some(at) => file[at..].to_owned(),
        None => file,
    }
}

/// Whether a `rules` field names a rule set rather than holding a text.
fn is_name(rules: &str) -> bool {
    !rules.is_empty() && !rules.chars().any(char::is_whitespace)
}

/// The notation a line of moves is written in ([`guess`]: the law's first; the first that
/// looks right when the position is bad, whose error is then reported).
fn guess_notation(fen: &str, texts: &[&str]) -> Notation {
    match crate::xiangqi::Position::from_fen(fen) {
        Ok(start) => guess(&start, texts),
        Err(_) => texts
            .first()
            .and_then(|t| detect(t))
            .unwrap_or(Notation::Iccs),
    }
}

/// The notations other than `used` in which `texts` are a legal line of other moves than in
/// `used`: a verdict then depends on the notation, and the answer says so.
fn other_readings(fen: &str, texts: &[&str], used: Notation) -> Vec<&'static str> {
    crate::xiangqi::Position::from_fen(fen).map_or_else(
        |_| Vec::new(),
        |start| {
            notation::other_readings(&start, texts, used)
                .into_iter()
                .map(Notation::code)
                .collect()
        },
    )
}

/// Every error of a failed compilation, at its place.
fn problems(errors: &CompileErrors, text: &str) -> Vec<Problem> {
    errors
        .errors()
        .map(|e| Problem::of(e, EDITED, text))
        .collect()
}

fn unknown_rule_set(name: &str, names: &[String], dir: &Path) -> ApiError {
    ApiErrorKind::UnknownRuleSet {
        name: name.to_owned(),
        folder: dir.display().to_string(),
        near: crate::words::closest(name, names.iter().map(String::as_str)).map(str::to_owned),
        names: names.to_vec(),
    }
    .into()
}

fn broken_rule_set(name: &str, error: &str) -> ApiError {
    ApiErrorKind::BrokenRuleSet {
        name: name.to_owned(),
        error: error.to_owned(),
    }
    .into()
}
