//! `xqlaw fmt`: rule files rewritten in the canonical layout ([`xqlaw::syntax::format`]).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::SourceFile;
use xqlaw::disk::{self, Writer};
use xqlaw::syntax::{format, parse};
use xqlaw::words::{agreeing, plural};

use super::{CommandError, fail, render};

/// Arguments of `xqlaw fmt`.
#[derive(Debug, clap::Args)]
pub struct FmtArgs {
    /// The rule files (default: every `*.rules` file in the project's `rules/`).
    files: Vec<PathBuf>,
    /// Rewrite nothing: list the files not in the canonical layout; exit 1 if there are any.
    #[arg(long)]
    check: bool,
}

/// What became of one file.
enum Outcome {
    /// Already in the canonical layout.
    Formatted,
    /// Not in it: rewritten, or listed under `--check`.
    Unformatted,
    /// Not read, not parsed or not written (the error is printed); the file is as it was.
    Failed,
}

/// Formats every file (or checks it); a file that cannot be read, parsed or written is
/// reported and left as it was. Exit 1 on any such file, and under `--check` when a file is
/// not in the canonical layout.
pub fn run(args: &FmtArgs) -> ExitCode {
    let files = if args.files.is_empty() {
        let Some(project) = super::project_for(&[]) else {
            return fail(&CommandError::NoRuleFilesToFormat);
        };
        match xqlaw::rule_files(&project.rules_dir()) {
            Ok(files) if !files.is_empty() => files,
            _ => return fail(&CommandError::NoRuleFilesToFormat),
        }
    } else {
        args.files.clone()
    };
    let (mut unformatted, mut failed) = (0, 0);
    for file in &files {
        match one(file, args.check) {
            Outcome::Formatted => {}
            Outcome::Unformatted => unformatted += 1,
            Outcome::Failed => failed += 1,
        }
    }
    let n = files.len();
    let failed_note = if failed > 0 {
        format!(
            "; {failed} left as {} (see above)",
            agreeing(failed, "it was", "they were")
        )
    } else {
        String::new()
    };
    if args.check {
        eprintln!(
            "{unformatted} of {n} rule file{} not in the canonical layout{}{failed_note}",
            plural(n),
            if unformatted > 0 {
                " (`xqlaw fmt FILE` rewrites it)"
            } else {
                ""
            }
        );
    } else {
        eprintln!(
            "{unformatted} of {n} rule file{} rewritten{failed_note}",
            plural(n)
        );
    }
    if failed > 0 || (args.check && unformatted > 0) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Formats (or checks) one file.
fn one(file: &Path, check: bool) -> Outcome {
    let written = match disk::read_text_as_written(file) {
        Ok(text) => text,
        Err(e) => {
            fail(&CommandError::unreadable(file, &e));
            return Outcome::Failed;
        }
    };
    // The canonical layout has no byte order mark: every command reads the file without it,
    // and a rewrite drops it (as it drops `\r` before line ends).
    let text = disk::without_bom(&written);
    let Some(formatted) = format(text) else {
        let source = SourceFile::new(file.display().to_string(), text);
        match parse(&source) {
            Err(errors) => {
                for e in errors.iter() {
                    eprint!("{}", render(e));
                }
                fail(&CommandError::DoesNotParse(file.to_path_buf()));
            }
            Ok(_) => {
                fail(&CommandError::LayoutWouldChangeMeaning(file.to_path_buf()));
            }
        }
        return Outcome::Failed;
    };
    if formatted == written {
        return Outcome::Formatted;
    }
    if check {
        outln!("{}", file.display());
        return Outcome::Unformatted;
    }
    // Written beside it and renamed over it (never through a link), so an interrupted run
    // leaves the old file or the new one.
    match disk::rewrite(file, formatted.as_bytes(), Writer::Fmt) {
        Ok(()) => {
            outln!("{}", file.display());
            Outcome::Unformatted
        }
        Err(e) => {
            fail(&CommandError::Unwritable {
                path: file.to_path_buf(),
                reason: e.to_string().to_lowercase(),
            });
            Outcome::Failed
        }
    }
}
