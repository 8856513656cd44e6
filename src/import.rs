//! `xqlaw import`: reads the published law text and writes one spec file per diagram.
//!
//! Stages, one file each: `text` (forum markup → lines and items), `diagram` (a `[game]` block
//! → printed FEN and moves), `document` (articles and commentary per file), `errata` (replay
//! and misprint correction), `merge` (copies across files), `err` (diagnostics). [`import`]
//! runs them on source texts without touching the disk; [`write()`] writes the spec files,
//! keeping their hand-maintained fields.

// `diagram` and `text` are read by `records` too: the law's `[game]` blocks are game records.
pub(crate) mod diagram;
mod document;
mod err;
mod errata;
mod law;
mod merge;
mod position_errata;
pub(crate) mod text;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use miette::{Diagnostic, GraphicalReportHandler, SourceSpan};

use crate::disk::ReadError;
use crate::source::SourceFile;
use crate::spec::{Erratum, SourceRef, SpecFile, write_atomic};

pub use err::{
    CopiesDiffer, FenProblem, FigureList, ImportError, ImportWarning, Layout, Misprint, NoLaw,
    NotLaw, OtherCopy, StaleBasis, StaleErratum, TextCopiesDiffer, TextMisprint, Unfixable,
};

use document::{FileDiagram, FileReading, LayoutProblem, attribute};
use errata::{Failure, Replayed, replay};
use merge::{CopySummary, merge};
use text::Document;

pub use law::{COMMAND as LAW_COMMAND, ImportedLaw, import_law, run_law};

/// Reads a source file, named by its file name (as recorded in `sources`); invalid UTF-8 is
/// replaced rather than refused.
///
/// # Errors
///
/// The file cannot be read.
pub fn read_source(path: &Path) -> Result<SourceFile, ReadError> {
    let bytes = crate::disk::read(path).map_err(|e| ReadError::new(path, &e))?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok(SourceFile::new(
        name,
        String::from_utf8_lossy(&bytes).into_owned(),
    ))
}

/// What an import produced: the spec files and the diagnostics.
#[derive(Debug, Default)]
pub struct Imported {
    /// One spec file per imported diagram, by diagram number.
    pub specs: Vec<SpecFile>,
    /// Warnings (misprints, differing copies, layout).
    pub warnings: Vec<ImportWarning>,
    /// Errors (diagrams that could not be imported).
    pub errors: Vec<ImportError>,
    /// Diagrams that could not be imported.
    pub failed: usize,
    /// Copies merged into another copy of the same diagram.
    pub merged: usize,
}

impl Imported {
    /// The number of errata over all imported diagrams.
    pub fn errata(&self) -> usize {
        self.specs.iter().map(|s| s.errata.len()).sum()
    }

    /// Whether every diagram was imported and every file read and written.
    pub fn is_success(&self) -> bool {
        self.errors.is_empty()
    }

    /// The warnings, then the errors, as diagnostics.
    pub fn into_diagnostics(self) -> Vec<Box<dyn Diagnostic + Send + Sync>> {
        let warnings = self
            .warnings
            .into_iter()
            .map(|w| Box::new(w) as Box<dyn Diagnostic + Send + Sync>);
        let errors = self
            .errors
            .into_iter()
            .map(|e| Box::new(e) as Box<dyn Diagnostic + Send + Sync>);
        warnings.chain(errors).collect()
    }

    /// Renders the warnings and errors with `handler` (e.g. a no-colour theme for snapshots).
    pub fn render(&self, handler: &GraphicalReportHandler) -> String {
        let mut out = String::new();
        let all = self
            .warnings
            .iter()
            .map(|w| w as &dyn Diagnostic)
            .chain(self.errors.iter().map(|e| e as &dyn Diagnostic));
        for diagnostic in all {
            out.push_str(&crate::report::render_with(diagnostic, handler));
            out.push('\n');
        }
        out
    }

    /// The summary line, e.g. `80 diagrams imported, 6 errata, 72 merged copies`.
    pub fn summary(&self) -> String {
        let mut s = format!(
            "{} diagrams imported, {} errata, {} merged copies",
            self.specs.len(),
            self.errata(),
            self.merged
        );
        if self.failed > 0 {
            s.push_str(&format!(", {} diagrams failed", self.failed));
        }
        s
    }
}

/// Reads the source files, imports their diagrams and writes the spec files into `out`. A
/// file given twice (the same file by another path, or another file with the same bytes) is
/// read once: its copies would count as merged copies and its errata twice.
pub fn run(files: &[PathBuf], out: &Path) -> Imported {
    let mut sources: Vec<SourceFile> = Vec::new();
    let mut seen_paths = std::collections::BTreeSet::new();
    let mut read_errors = Vec::new();
    for file in files {
        if let Ok(canonical) = fs::canonicalize(file) {
            if !seen_paths.insert(canonical) {
                continue;
            }
        }
        match read_source(file) {
            Ok(source) if sources.iter().any(|s| s.text == source.text) => {}
            Ok(source) => sources.push(source),
            Err(e) => read_errors.push(ImportError::Read(e)),
        }
    }
    let mut imported = import(&sources);
    let (write_errors, stale) = write(&imported.specs, out);
    read_errors.append(&mut imported.errors);
    read_errors.extend(write_errors);
    imported.errors = read_errors;
    imported.warnings.extend(stale);
    imported
}

/// One printed copy of a diagram.
struct PrintedCopy<'a> {
    source: &'a SourceFile,
    diagram: FileDiagram,
    result: Result<Replayed, Failure>,
}

impl PrintedCopy<'_> {
    /// The FEN as printed (empty if the copy has none).
    fn fen_text(&self) -> String {
        let fen = self.diagram.game.fen.as_ref();
        fen.map(|t| t.text.clone()).unwrap_or_default()
    }
}

/// Imports the diagrams of the given sources (read in file-name order).
pub fn import(sources: &[SourceFile]) -> Imported {
    let mut sources: Vec<&SourceFile> = sources.iter().collect();
    sources.sort_by(|a, b| a.name.cmp(&b.name));
    let mut out = Imported::default();
    // Warnings keyed by the diagram they concern, sorted at the end.
    let mut warnings: Vec<(u32, ImportWarning)> = Vec::new();

    let readings: Vec<(&SourceFile, FileReading)> = sources
        .iter()
        .map(|s| (*s, attribute(&Document::read(&s.text))))
        .collect();

    // Layout problems, and figure-list misprints (reported once, recorded per diagram).
    let mut figure_errata: BTreeMap<(String, u32), Vec<Erratum>> = BTreeMap::new();
    let mut figure_seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut figure_pending = Vec::new();
    for (source, reading) in &readings {
        for problem in &reading.problems {
            warnings.push((0, layout_warning(source, problem)));
        }
        for issue in &reading.figure_issues {
            let corrected = figure_list_text(&issue.actual);
            let erratum = Erratum {
                ply: None,
                printed: issue.printed.clone(),
                corrected: corrected.clone(),
                reason: format!(
                    "article {} names figures `{}`; {} is not a diagram under it",
                    issue.article,
                    issue.printed,
                    join_numbers(&issue.unknown)
                ),
            };
            for n in &issue.actual {
                figure_errata
                    .entry((source.name.clone(), *n))
                    .or_default()
                    .push(erratum.clone());
            }
            let key = (issue.article.clone(), issue.printed.clone());
            if let Some(&first) = figure_seen.get(&key) {
                if let Some((_, _, also)) = figure_pending.get_mut(first) {
                    let also: &mut Vec<String> = also;
                    also.push(source.place(issue.span.start));
                }
            } else {
                figure_seen.insert(key, figure_pending.len());
                figure_pending.push((*source, issue.clone(), Vec::new()));
            }
        }
    }
    for (source, issue, also) in figure_pending {
        let key = issue.actual.first().copied().unwrap_or(0);
        warnings.push((
            key,
            ImportWarning::FigureList(err::FigureList::new(
                issue.article.clone(),
                issue.printed.clone(),
                join_numbers(&issue.unknown),
                join_numbers(&issue.actual),
                figure_list_text(&issue.actual),
                &also,
                source.named(),
                span(&issue.span),
            )),
        ));
    }

    // Group the copies by diagram number, replaying each.
    let mut copies: BTreeMap<u32, Vec<PrintedCopy<'_>>> = BTreeMap::new();
    for (source, reading) in readings {
        for diagram in reading.diagrams {
            // A misprinted position replays; a known one is corrected before the replay and
            // recorded as the first erratum, beside the printed FEN.
            let (game, position_erratum) = position_errata::apply(diagram.number, &diagram.game);
            let mut result = replay(&game);
            if let (Ok(replayed), Some(found)) = (&mut result, position_erratum) {
                replayed.errata.insert(0, found);
            }
            copies.entry(diagram.number).or_default().push(PrintedCopy {
                source,
                diagram,
                result,
            });
        }
    }

    for (number, group) in copies {
        out.merged += group.len().saturating_sub(1);
        let summaries: Vec<CopySummary> = group.iter().map(summary).collect();
        let merged = merge(&summaries);
        let Some(kept) = group.get(merged.kept) else {
            continue;
        };
        if !merged.conflicts.is_empty() {
            warnings.push((number, conflict_warning(number, &group, kept, &merged)));
        }
        if kept.diagram.article.is_none() {
            warnings.push((
                number,
                ImportWarning::Layout(err::Layout::new(
                    format!("hình {number} stands under no article heading"),
                    "an article heading (`24.N …`) above the diagram gives its `article`; it is left empty".into(),
                    kept.source.named(),
                    span(&kept.diagram.heading),
                )),
            ));
        }
        match &kept.result {
            Ok(replayed) => {
                let also: Vec<String> = group
                    .iter()
                    .enumerate()
                    .filter(|(i, c)| {
                        *i != merged.kept
                            && summaries.get(*i).map(|s| &s.moves)
                                == summaries.get(merged.kept).map(|s| &s.moves)
                            && c.result.is_ok()
                    })
                    .map(|(_, c)| format!("{}:{}", c.source.name, c.diagram.line))
                    .collect();
                for found in &replayed.errata {
                    warnings.push((
                        number,
                        ImportWarning::Misprint(err::Misprint::new(
                            number,
                            found.place.clone(),
                            &found.erratum.printed,
                            found.erratum.corrected.clone(),
                            found.erratum.reason.clone(),
                            &also,
                            kept.source.named(),
                            span(&found.span),
                        )),
                    ));
                }
                let extra = figure_errata
                    .get(&(kept.source.name.clone(), number))
                    .cloned()
                    .unwrap_or_default();
                out.specs
                    .push(spec_file(number, kept, replayed, &group, extra));
            }
            Err(failure) => {
                out.failed += 1;
                out.errors.push(failure_error(number, kept, failure));
            }
        }
    }
    warnings.sort_by_key(|(key, _)| *key);
    out.warnings = warnings.into_iter().map(|(_, w)| w).collect();
    out
}

fn summary(copy: &PrintedCopy<'_>) -> CopySummary {
    CopySummary {
        imports: copy.result.is_ok(),
        errata: copy.result.as_ref().map_or(0, |r| r.errata.len()),
        fen: copy.fen_text(),
        moves: copy
            .diagram
            .game
            .plies
            .iter()
            .map(|p| p.text.as_ref().map(|t| t.text.clone()).unwrap_or_default())
            .collect(),
        commentary: copy.diagram.commentary.clone(),
        article: copy
            .diagram
            .article
            .as_ref()
            .map(|a| (a.id.clone(), a.text.clone())),
    }
}

fn spec_file(
    number: u32,
    kept: &PrintedCopy<'_>,
    replayed: &Replayed,
    group: &[PrintedCopy<'_>],
    extra: Vec<Erratum>,
) -> SpecFile {
    let mut commentary = kept.diagram.commentary.join("\n\n");
    if !commentary.is_empty() {
        commentary.push('\n');
    }
    let mut sources: Vec<SourceRef> = group
        .iter()
        .map(|c| SourceRef {
            file: c.source.name.clone(),
            line: c.diagram.line,
        })
        .collect();
    sources.sort();
    let mut errata: Vec<Erratum> = replayed.errata.iter().map(|f| f.erratum.clone()).collect();
    errata.extend(extra);
    SpecFile {
        id: format!("hinh-{number:02}"),
        title: format!("Hình {number}"),
        article: kept
            .diagram
            .article
            .as_ref()
            .map(|a| a.id.clone())
            .unwrap_or_default(),
        article_text: kept
            .diagram
            .article
            .as_ref()
            .map(|a| a.text.clone())
            .unwrap_or_default(),
        fen: replayed.start.to_fen(),
        fen_text: kept.fen_text(),
        moves: replayed.moves.iter().map(ToString::to_string).collect(),
        moves_text: replayed.moves_text.clone(),
        errata,
        commentary,
        sources,
        expect: BTreeMap::new(),
        basis: BTreeMap::new(),
        known_failure: BTreeMap::new(),
        assume_cycle: false,
        assume_cycle_reason: None,
        constructed: None,
    }
}

fn conflict_warning(
    number: u32,
    group: &[PrintedCopy<'_>],
    kept: &PrintedCopy<'_>,
    merged: &merge::Merged,
) -> ImportWarning {
    let mut all_fields: Vec<&str> = Vec::new();
    let others = merged
        .conflicts
        .iter()
        .filter_map(|c| {
            let other = group.get(c.other)?;
            let fields: Vec<&str> = c.fields.iter().map(|f| f.name()).collect();
            for f in &fields {
                if !all_fields.contains(f) {
                    all_fields.push(f);
                }
            }
            Some(err::OtherCopy::new(
                number,
                fields.join(", "),
                other.source.named(),
                span(&other.diagram.heading),
            ))
        })
        .collect();
    ImportWarning::CopiesDiffer(err::CopiesDiffer::new(
        number,
        all_fields.join(", "),
        format!("{}:{}", kept.source.name, kept.diagram.line),
        merged.why.clone(),
        kept.source.named(),
        span(&kept.diagram.heading),
        others,
    ))
}

fn failure_error(number: u32, kept: &PrintedCopy<'_>, failure: &Failure) -> ImportError {
    match failure {
        Failure::NoFen => ImportError::Fen(err::FenProblem::new(
            number,
            "the block has no FEN".into(),
            kept.source.named(),
            span(&kept.diagram.heading),
        )),
        Failure::BadFen { message, span: s } => ImportError::Fen(err::FenProblem::new(
            number,
            format!("invalid FEN: {message}"),
            kept.source.named(),
            span(s),
        )),
        Failure::Unfixable {
            place,
            text,
            message,
            span: s,
            fitting,
        } => ImportError::Unfixable(err::Unfixable::new(
            number,
            place.clone(),
            text.clone(),
            message.clone(),
            fitting,
            kept.source.named(),
            span(s),
        )),
    }
}

fn layout_warning(source: &SourceFile, problem: &LayoutProblem) -> ImportWarning {
    let (message, help, s) = match problem {
        LayoutProblem::HeadingWithoutBlock { number, span } => (
            format!("hình {number} has no `[game]` block"),
            "a diagram heading must be followed by its `[game]` block; the heading is ignored",
            span,
        ),
        LayoutProblem::BlockWithoutHeading { span } => (
            "`[game]` block without `Hình N` heading".to_string(),
            "the block is ignored",
            span,
        ),
    };
    ImportWarning::Layout(err::Layout::new(
        message,
        help.to_string(),
        source.named(),
        span(s),
    ))
}

fn span(range: &std::ops::Range<usize>) -> SourceSpan {
    SourceSpan::from(range.start..range.end)
}

fn join_numbers(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `từ 76 đến 80` for a run of three or more, else `76, 77`.
fn figure_list_text(numbers: &[u32]) -> String {
    let contiguous = numbers
        .windows(2)
        .all(|w| matches!(w, [a, b] if b == &(a + 1)));
    match (numbers.first(), numbers.last()) {
        (Some(first), Some(last)) if contiguous && numbers.len() >= 3 => {
            format!("từ {first} đến {last}")
        }
        _ => join_numbers(numbers),
    }
}

/// Writes the spec files into `dir` (created if needed), keeping the hand-maintained fields
/// of existing files. Returns the errors, and a warning for each kept `basis` that quoted
/// the old imported text and is not in the new one; a file that cannot be read as a spec
/// file is left untouched.
pub fn write(specs: &[SpecFile], dir: &Path) -> (Vec<ImportError>, Vec<ImportWarning>) {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    if let Err(e) = fs::create_dir_all(dir) {
        errors.push(ImportError::Read(ReadError::new(dir, &e)));
        return (errors, warnings);
    }
    // What an earlier import killed on the way left here.
    crate::disk::sweep(dir, crate::disk::Writer::Import);
    for spec in specs {
        let path: PathBuf = dir.join(format!("{}.yaml", spec.id));
        let result = if path.exists() {
            merge_into(&path, spec, &mut warnings)
        } else {
            spec.to_yaml().and_then(|yaml| write_atomic(&path, &yaml))
        };
        if let Err(e) = result {
            errors.push(ImportError::Spec(e));
        }
    }
    (errors, warnings)
}

/// Replaces the imported fields of the spec file at `path` with `spec`'s, keeping its
/// hand-maintained fields and every comment and line outside the fields that changed; a
/// file whose imported fields are unchanged is not touched.
fn merge_into(
    path: &Path,
    spec: &SpecFile,
    warnings: &mut Vec<ImportWarning>,
) -> Result<(), crate::spec::SpecError> {
    let text = crate::disk::read_text_or_why(path).map_err(crate::spec::SpecError::Read)?;
    let existing = SpecFile::from_file_text(path, &text)?;
    warnings.extend(stale_bases(path, &text, &existing, spec));
    let mut merged = existing.clone();
    merged.replace_imported(spec.clone());
    let yaml = crate::spec::splice(path, &text, &existing, &merged)?;
    if yaml == text {
        Ok(())
    } else {
        write_atomic(path, &yaml)
    }
}

/// The imported text a `basis` may quote: the commentary and the article's principle, with
/// whitespace runs made single spaces (line breaks in the source are not the law's).
fn quotable(spec: &SpecFile) -> String {
    let text = format!("{} {}", spec.commentary, spec.article_text);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A warning for each `basis` of `existing` that is found in its imported text but not in
/// `imported`'s: the text it quoted changed, and the expectation may be stale.
fn stale_bases(
    path: &Path,
    text: &str,
    existing: &SpecFile,
    imported: &SpecFile,
) -> Vec<ImportWarning> {
    let (old, new) = (quotable(existing), quotable(imported));
    let yaml: std::sync::Arc<str> = text.into();
    existing
        .basis
        .iter()
        .filter_map(|(rule_set, sentence)| {
            let quote = sentence.split_whitespace().collect::<Vec<_>>().join(" ");
            (!quote.is_empty() && old.contains(&quote) && !new.contains(&quote)).then(|| {
                ImportWarning::StaleBasis(err::StaleBasis::new(
                    existing.id.clone(),
                    rule_set.clone(),
                    sentence.clone(),
                    miette::NamedSource::new(path.display().to_string(), yaml.clone()),
                    crate::spec::place::entry_line(&yaml, "basis:", rule_set).into(),
                ))
            })
        })
        .collect()
}
