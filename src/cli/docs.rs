//! `xqlaw docs`: regenerates the documentation from `rules/` and `spec-tests/`, or writes the
//! printable edition of the law.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::corpus::{Corpus, load_corpus};
use xqlaw::docgen::{
    BookOptions, WriteError, generate_book, law_edition, stale, write_all_with_progress, write_file,
};

use miette::Diagnostic as _;

use super::err::Flagged;

/// Arguments of `xqlaw docs`.
#[derive(Debug, clap::Args)]
pub struct DocsArgs {
    /// Where the book goes (default `docs`); with `--edition law`, the HTML file (default
    /// `target/law.html`). Only files carrying the generated mark are overwritten or deleted.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The rule files' folder.
    #[arg(long, default_value = "rules")]
    rules: PathBuf,
    /// The spec files' folder.
    #[arg(long, default_value = "spec-tests")]
    specs: PathBuf,
    /// Write nothing; list the pages that are out of date and exit 1 if any.
    #[arg(long)]
    check: bool,
    /// Write into a folder that is not a book of `xqlaw docs`, and over files without the
    /// generated mark.
    #[arg(long)]
    force: bool,
    /// `law`: one printable HTML page of the law in its own order, instead of the book.
    #[arg(long, value_parser = ["law"])]
    edition: Option<String>,
}

/// Writes the pages (or checks them), printing a summary line.
pub fn run(args: &DocsArgs) -> ExitCode {
    let bar = progress_bar();
    if let Some(bar) = &bar {
        bar.set_message("judging the diagrams");
        bar.enable_steady_tick(std::time::Duration::from_millis(120));
    }
    let corpus = match load_corpus(&args.rules, &args.specs) {
        Ok(corpus) => corpus,
        Err(e) => {
            if let Some(bar) = &bar {
                bar.finish_and_clear();
            }
            return super::fail(&e);
        }
    };
    let skipped = corpus.unreadable.len();
    if skipped > 0 {
        if let Some(bar) = &bar {
            bar.suspend(|| warn_unreadable(&corpus));
        } else {
            warn_unreadable(&corpus);
        }
    }
    // Pages are still written from the files that read, but the run fails: a site missing
    // diagrams must not pass for a good one.
    let done = |code: ExitCode| {
        if skipped > 0 && code == ExitCode::SUCCESS {
            ExitCode::FAILURE
        } else {
            code
        }
    };
    if args.edition.is_some() {
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        return done(edition(args, &corpus));
    }
    done(book(args, &corpus, bar.as_ref()))
}

/// Says how many spec files were left out, and names a few.
fn warn_unreadable(corpus: &Corpus) {
    let skipped = &corpus.unreadable;
    let total = skipped.len() + corpus.diagrams.len();
    super::warn(&super::CommandWarning::SpecsLeftOut {
        left_out: skipped.len(),
        total,
        names: skipped.iter().take(5).map(|u| u.path.clone()).collect(),
    });
}

/// Writes (or checks) the book.
fn book(args: &DocsArgs, corpus: &Corpus, bar: Option<&indicatif::ProgressBar>) -> ExitCode {
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from("docs"));
    let options = book_options(args, &out);
    let files = generate_book(corpus, &options);
    let out_of_date = match stale(&out, &files) {
        Ok(paths) => paths,
        Err(e) => {
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
            return super::fail(&e);
        }
    };
    if args.check {
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        for path in &out_of_date {
            outln!("out of date: {}", out.join(path).display());
        }
        outln!("{} pages, {} out of date", files.len(), out_of_date.len());
        return if out_of_date.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if let Some(bar) = bar {
        bar.disable_steady_tick();
        bar.set_length(files.len() as u64);
        bar.set_message("writing pages");
    }
    let written = write_all_with_progress(&out, &files, args.force, |n| {
        if let Some(bar) = bar {
            bar.set_position(n as u64);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Err(e) = written {
        return super::fail(&forced(&e));
    }
    outln!(
        "{} pages in {} ({} rewritten)",
        files.len(),
        out.display(),
        out_of_date.len()
    );
    ExitCode::SUCCESS
}

/// A progress bar on standard error when it is a terminal; nothing otherwise.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{spinner} {msg} {bar:30} {pos}/{len}")
        {
            bar.set_style(style);
        }
        bar
    })
}

/// The book's options: the command as the user gave it, and for a book outside `docs/` its
/// own build folder and its own copy of the hand-written pages.
fn book_options(args: &DocsArgs, out: &Path) -> BookOptions {
    let default_out = out == Path::new("docs") || out == Path::new("docs/");
    let default_inputs = args.rules == Path::new("rules") && args.specs == Path::new("spec-tests");
    if default_out && default_inputs {
        return BookOptions::default();
    }
    let mut command = "xqlaw docs".to_owned();
    if !default_inputs {
        command.push_str(&format!(
            " --rules {} --specs {}",
            args.rules.display(),
            args.specs.display()
        ));
    }
    command.push_str(&format!(" --out {}", out.display()));
    BookOptions {
        command,
        rules_dir: format!("{}", args.rules.display()),
        specs_dir: format!("{}", args.specs.display()),
        build_dir: if default_out {
            "../target/book".to_owned()
        } else {
            "book".to_owned()
        },
        bring_hand_written: !default_out,
        // The figures on real games are the project's rule sets'.
        practice: default_inputs,
    }
}

/// `--edition law`: the printable page.
fn edition(args: &DocsArgs, corpus: &Corpus) -> ExitCode {
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("target/law.html"));
    let command = format!("xqlaw docs --edition law --out {}", out.display());
    let html = law_edition(corpus, &command);
    if args.check {
        let same = xqlaw::disk::read_text(&out).ok().as_deref() == Some(html.as_str());
        outln!(
            "{}: {}",
            out.display(),
            if same { "up to date" } else { "out of date" }
        );
        return if same {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if let Err(e) = write_file(&out, &html, args.force) {
        return super::fail(&forced(&e));
    }
    outln!("the law's printable edition in {}", out.display());
    ExitCode::SUCCESS
}

/// A page that cannot be written: the library's help, and `--force` where forcing would
/// write it.
fn forced(error: &WriteError) -> Flagged<'_> {
    let flag = match error {
        WriteError::NotABook(_) => ", or pass `--force` to write into it anyway",
        WriteError::NotGenerated(_) => ", or pass `--force`",
        _ => return Flagged::new(error, None),
    };
    let help = error.help().map(|help| format!("{help}{flag}"));
    Flagged::new(error, help)
}
