//! Standings cases: results files with the table each rule set must give, worked out by hand
//! (`spec-tests/*-standings/`). `xqlaw test` ranks them beside the diagrams it judges.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::compile::{CompiledRules, compile_amendment};
use crate::report::render;
use crate::source::SourceFile;
use crate::spec::results::{ExpectedTable, ResultsFile};
use crate::standings::{Request, Score, Table, Tournament, render as words, standings};

/// How one standings case ended under one rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StandingsOutcome {
    /// The table is the one expected.
    Pass {
        /// The order found, `1 an, 2 binh, 3= cuong, 3= dung`.
        order: String,
    },
    /// It is not.
    Fail {
        /// What differs, then the table found.
        explanation: String,
    },
    /// The case could not be ranked (rendered diagnostic).
    Error {
        /// The message.
        message: String,
    },
}

/// One standings case ranked by one rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingsReport {
    /// The case file.
    pub path: PathBuf,
    /// The case's id, or the file's name when it could not be read.
    pub id: String,
    /// The rule set, or `-`.
    pub rule_set: String,
    /// How it ended.
    pub outcome: StandingsOutcome,
}

impl StandingsReport {
    /// Whether it counts as failed.
    pub fn is_failure(&self) -> bool {
        !matches!(self.outcome, StandingsOutcome::Pass { .. })
    }

    /// One line for `xqlaw test`, with what differs indented below when it failed.
    pub fn render(&self) -> String {
        let indent = |t: &str| -> String { t.lines().map(|l| format!("      {l}\n")).collect() };
        match &self.outcome {
            StandingsOutcome::Pass { order } => {
                format!(
                    "pass  {:<8} {:<10} standings {order}\n",
                    self.rule_set, self.id
                )
            }
            StandingsOutcome::Fail { explanation } => format!(
                "FAIL  {:<8} {:<10} standings differ\n{}",
                self.rule_set,
                self.id,
                indent(explanation)
            ),
            StandingsOutcome::Error { message } => format!(
                "FAIL  {:<8} {:<10} error\n{}",
                self.rule_set,
                self.id,
                indent(message)
            ),
        }
    }
}

/// Ranks every case of `files` by every rule set it expects a table of: one of `rule_sets`,
/// or a regulation `NAME.rules` beside the case (its `extends` found in `rules_dir`), run when
/// a rule set it extends is. `known` are the rule sets that exist; an expectation of one that
/// is not being run is skipped.
pub fn run_standings(
    rule_sets: &[CompiledRules],
    known: &BTreeSet<String>,
    files: &[PathBuf],
    rules_dir: &Path,
) -> Vec<StandingsReport> {
    files
        .par_iter()
        .flat_map_iter(|path| run_case(rule_sets, known, path, rules_dir))
        .collect()
}

fn run_case(
    rule_sets: &[CompiledRules],
    known: &BTreeSet<String>,
    path: &Path,
    rules_dir: &Path,
) -> Vec<StandingsReport> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let report = |id: &str, rule_set: &str, outcome| StandingsReport {
        path: path.to_path_buf(),
        id: id.to_owned(),
        rule_set: rule_set.to_owned(),
        outcome,
    };
    let error = |id: &str, rule_set: &str, message: String| {
        report(id, rule_set, StandingsOutcome::Error { message })
    };
    let text = match crate::disk::read_text_or_why(path) {
        Ok(t) => t,
        Err(e) => return vec![error(&stem, "-", e.to_string())],
    };
    let source = SourceFile::new(path.display().to_string(), text);
    let tournament = match Tournament::read(source.clone()) {
        Ok(t) => t,
        Err(e) => return vec![error(&stem, "-", render(&e))],
    };
    let case = match ResultsFile::from_yaml(&source.text)
        .ok()
        .and_then(|f| f.case)
    {
        Some(case) if case.id == stem => case,
        Some(case) => {
            return vec![error(
                &stem,
                "-",
                format!(
                    "the case's id `{}` is not the file's name `{stem}`",
                    case.id
                ),
            )];
        }
        None => {
            return vec![error(
                &stem,
                "-",
                "a standings case needs `case:` with its id, what it shows, the hand computation and the expected tables (`docs/language.md`, Standings)".to_owned(),
            )];
        }
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut reports = Vec::new();
    for (name, expected) in &case.expect {
        let outcome = if let Some(rules) = rule_sets.iter().find(|r| &r.name == name) {
            if case.basis.contains_key(name) {
                check(name, rules, &tournament, expected)
            } else {
                StandingsOutcome::Error {
                    message: format!(
                        "the case expects a table of `{name}` without the sentence it shows deciding: add it under `basis:`, verbatim"
                    ),
                }
            }
        } else if dir.join(format!("{name}.rules")).is_file() {
            match regulation(&dir.join(format!("{name}.rules")), rules_dir) {
                // A regulation is run with the rule set it amends.
                Ok(rules)
                    if !rules
                        .extends
                        .iter()
                        .any(|e| rule_sets.iter().any(|r| &r.name == e)) =>
                {
                    continue;
                }
                Ok(rules) => check(name, &rules, &tournament, expected),
                Err(message) => StandingsOutcome::Error { message },
            }
        } else if known.contains(name) {
            continue;
        } else {
            StandingsOutcome::Error {
                message: format!(
                    "unknown rule set `{name}`: neither in `rules/` nor a regulation `{name}.rules` beside the case"
                ),
            }
        };
        reports.push(report(&case.id, name, outcome));
    }
    reports
}

/// Compiles a regulation kept beside the cases; its `extends` are looked for in `rules_dir`.
fn regulation(path: &Path, rules_dir: &Path) -> Result<CompiledRules, String> {
    let text = crate::disk::read_text_or_why(path).map_err(|e| e.to_string())?;
    compile_amendment(&path.display().to_string(), &text, rules_dir).map_err(|e| render(&e))
}

/// Ranks the tournament by `rules` and compares the table with the one expected.
fn check(
    name: &str,
    rules: &CompiledRules,
    tournament: &Tournament,
    expected: &ExpectedTable,
) -> StandingsOutcome {
    let request = Request {
        rule_set: name,
        forms: &rules.standings,
        tournament,
        form: expected.form.as_deref(),
    };
    let table = match standings(request) {
        Ok(t) => t,
        Err(e) => {
            return StandingsOutcome::Error {
                message: render(&e),
            };
        }
    };
    let differences = differences(&table, expected);
    if differences.is_empty() {
        StandingsOutcome::Pass {
            order: order(&table),
        }
    } else {
        StandingsOutcome::Fail {
            explanation: format!("{}\n\n{}", differences.join("\n"), words::text(&table)),
        }
    }
}

/// `1 an, 2 binh, 3= cuong, 3= dung`.
fn order(table: &Table) -> String {
    let rows: Vec<String> = table
        .ranking
        .rows
        .iter()
        .map(|r| {
            let shared = if r.shared { "=" } else { "" };
            format!("{}{shared} {}", r.place, r.player)
        })
        .collect();
    rows.join(", ")
}

/// What the table found differs in from the one expected, one line each.
fn differences(table: &Table, expected: &ExpectedTable) -> Vec<String> {
    let mut out = Vec::new();
    let rows = &table.ranking.rows;
    if rows.len() != expected.rows.len() {
        out.push(format!(
            "expected {} ranked players, found {}",
            expected.rows.len(),
            rows.len()
        ));
    }
    for (i, (row, want)) in rows.iter().zip(&expected.rows).enumerate() {
        if row.player != want.player || row.place != want.place {
            out.push(format!(
                "row {}: expected {} {}, found {} {}",
                i + 1,
                want.place,
                want.player,
                row.place,
                row.player
            ));
            continue;
        }
        for (criterion, value) in &want.values {
            let Some(k) = table.form.criteria.iter().position(|c| &c.id == criterion) else {
                out.push(format!(
                    "row {}: the form `{}` has no criterion `{criterion}`",
                    i + 1,
                    table.form.id
                ));
                continue;
            };
            let found = row.values.get(k).copied().flatten();
            let wanted = Score::from_f64(*value);
            if found != wanted {
                let shown = found.map_or_else(|| "none".to_owned(), |f| f.to_string());
                out.push(format!(
                    "row {} ({}): expected {criterion} {value}, found {shown}",
                    i + 1,
                    row.player
                ));
            }
        }
    }
    let gaps: Vec<String> = table
        .ranking
        .gaps
        .iter()
        .map(|g| match &g.decided_by {
            Some(c) => c.clone(),
            None if g.lots_needed => "lots-needed".to_owned(),
            None => "level".to_owned(),
        })
        .collect();
    if gaps != expected.gaps {
        out.push(format!(
            "expected the gaps {:?}, found {:?}",
            expected.gaps, gaps
        ));
    }
    if table.ranking.annulled != expected.annulled {
        out.push(format!(
            "expected the annulled players {:?}, found {:?}",
            expected.annulled, table.ranking.annulled
        ));
    }
    out
}

/// A standings case as the docs show it: what it shows, the hand computation, and the table
/// each rule set of the corpus gives.
#[derive(Debug, Clone)]
pub struct StandingsCaseTables {
    /// The case's id.
    pub id: String,
    /// The folder it stands in.
    pub topic: String,
    /// What it shows.
    pub title: String,
    /// The hand computation.
    pub worked: String,
    /// Per rule set, the sentence it shows deciding.
    pub basis: BTreeMap<String, String>,
    /// The tables of the rule sets of the corpus it expects one of.
    pub tables: Vec<Table>,
}

/// The standings cases of `files` with the tables `rule_sets` give them; cases that cannot be
/// read or ranked are left out (`xqlaw test` says why).
pub fn standings_tables(
    rule_sets: &[CompiledRules],
    files: &[PathBuf],
) -> Vec<StandingsCaseTables> {
    let mut out: Vec<StandingsCaseTables> = files
        .iter()
        .filter_map(|path| {
            let text = crate::disk::read_text(path).ok()?;
            let source = SourceFile::new(path.display().to_string(), text);
            let case = ResultsFile::from_yaml(&source.text).ok()?.case?;
            let tournament = Tournament::read(source).ok()?;
            let tables = case
                .expect
                .iter()
                .filter_map(|(name, expected)| {
                    let rules = rule_sets.iter().find(|r| &r.name == name)?;
                    standings(Request {
                        rule_set: name,
                        forms: &rules.standings,
                        tournament: &tournament,
                        form: expected.form.as_deref(),
                    })
                    .ok()
                })
                .collect();
            let topic = path
                .parent()
                .and_then(Path::file_name)
                .map(|t| t.to_string_lossy().into_owned())
                .unwrap_or_default();
            Some(StandingsCaseTables {
                id: case.id,
                topic,
                title: case.title,
                worked: case.worked,
                basis: case.basis,
                tables,
            })
        })
        .collect();
    out.sort_by(|a, b| (&a.topic, &a.id).cmp(&(&b.topic, &b.id)));
    out
}
