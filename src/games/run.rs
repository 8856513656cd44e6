//! A run over many record files: the folders walked lazily, the files read and their games
//! judged in parallel, chunk by chunk, and handed on in order. Memory holds one chunk of
//! files and the counts, whatever the number of games.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::summary::Summary;
use super::{GameReport, judge_game};
use crate::compile::CompiledRules;
use crate::records::{self, EXTENSIONS, RecordError};

/// The record files under `paths`, lazily: a file named is read whatever its name; a folder
/// is searched (in name order, each folder entered once even through links) for files with a
/// record extension ([`EXTENSIONS`]). A path that cannot be read or searched is an error.
pub fn files(paths: &[PathBuf]) -> impl Iterator<Item = Result<PathBuf, RecordError>> + '_ {
    paths.iter().flat_map(|path| {
        let named = !path.is_dir();
        walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_map(move |entry| match entry {
                Ok(e) if e.file_type().is_dir() => None,
                Ok(e) if named || has_record_extension(e.path()) => Some(Ok(e.into_path())),
                Ok(_) => None,
                Err(e) => {
                    let at = e.path().map_or_else(|| path.clone(), Path::to_path_buf);
                    Some(Err(match e.io_error() {
                        Some(io) => records::unreadable(&at, io),
                        // A loop of links: no system error, the walk's own words.
                        None => records::unreadable(&at, &std::io::Error::other(e.to_string())),
                    }))
                }
            })
    })
}

fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// A file's outcome: its name as shown, and each game judged or refused.
pub type FileOutcome = (String, Vec<Result<GameReport, RecordError>>);

/// Reads and judges one file.
fn judge_file(rule_sets: &[CompiledRules], path: &Path) -> FileOutcome {
    let games = records::read_file(path)
        .into_iter()
        .map(|g| g.map(|record| judge_game(rule_sets, record)))
        .collect();
    (path.display().to_string(), games)
}

/// Files judged as one parallel job.
pub const CHUNK: usize = 256;

/// Judges every game of every file under `paths` with each rule set, and calls `each` with
/// every file's outcome in walk order, then `progress` with the number of games so far.
/// Returns the counts.
pub fn run(
    rule_sets: &[CompiledRules],
    paths: &[PathBuf],
    mut each: impl FnMut(&FileOutcome),
    mut progress: impl FnMut(usize),
) -> Summary {
    let names: Vec<(String, u32)> = rule_sets
        .iter()
        .map(|r| (r.name.clone(), r.ruling_occurrence))
        .collect();
    let mut summary = Summary::new(&names);
    let mut walk = files(paths);
    loop {
        let chunk: Vec<Result<PathBuf, RecordError>> = walk.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let outcomes: Vec<FileOutcome> = chunk
            .into_par_iter()
            .map(|entry| match entry {
                Ok(path) => judge_file(rule_sets, &path),
                Err(e) => (e.file().display().to_string(), vec![Err(e)]),
            })
            .collect();
        for outcome in &outcomes {
            summary.files += 1;
            for game in &outcome.1 {
                match game {
                    Ok(g) => summary.add(&outcome.0, g),
                    Err(e) => summary.add_refused(e),
                }
            }
            each(outcome);
        }
        progress(summary.games + summary.refused_count());
    }
    summary
}
