//! `xqlaw games`: game records read, their repetitions found and judged by each rule set.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use xqlaw::CompiledRules;
use xqlaw::games::amendment::amendment_pair;
use xqlaw::games::run::{FileOutcome, run};
use xqlaw::games::summary::Summary;
use xqlaw::games::{csv_error, csv_header, error_line};

use super::rules::load;

/// Arguments of `xqlaw games`.
#[derive(Debug, clap::Args)]
pub struct GamesArgs {
    /// Record files or folders (searched for `.pgn`, `.xqf`, `.wxf`, `.txt`, `.html`, …).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Rule files to judge with (default: the project's `rules/vn-1999.rules`).
    #[arg(long = "rules", num_args = 1..)]
    rules: Vec<PathBuf>,
    /// One CSV row per game instead of JSON lines.
    #[arg(long, conflicts_with = "summary")]
    csv: bool,
    /// Print only the summary, on standard output.
    #[arg(long)]
    summary: bool,
    /// With `--summary`, print it as JSON.
    #[arg(long, requires = "summary")]
    json: bool,
    /// An amended rule file: list the games whose outcome it changes against its base.
    #[arg(long, conflicts_with_all = ["rules", "csv"])]
    whatif: Option<PathBuf>,
    /// The base of `--whatif` (default: as `xqlaw whatif` finds it).
    #[arg(long, requires = "whatif")]
    base: Option<PathBuf>,
}

/// Judges the games; exit 0, 2 when a record was refused, 1 when a rule file does not load.
pub fn run_games(args: &GamesArgs) -> ExitCode {
    let rule_sets = match rule_sets(args) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let names: Vec<String> = rule_sets.iter().map(|r| r.name().to_owned()).collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = None;
    if args.csv {
        failed = write_csv(&mut out, csv_header(&names))
            .err()
            .map(|e| e.to_string());
    }
    let mut changed = 0usize;
    let bar = std::io::stderr().is_terminal().then(progress_bar);
    let summary = run(
        &rule_sets,
        &args.paths,
        |(file, games): &FileOutcome| {
            if failed.is_some() {
                return;
            }
            for game in games {
                // Counted whatever is printed: `--summary` says how many changed too.
                let changes = match game {
                    Ok(g) if args.whatif.is_some() => g.changes(0, 1),
                    _ => Vec::new(),
                };
                changed += usize::from(!changes.is_empty());
                let written = match (args.csv, game) {
                    _ if args.summary => Ok(()),
                    (true, Ok(g)) => write_csv(&mut out, g.csv_row(file)),
                    (true, Err(e)) => write_csv(&mut out, csv_error(e, names.len())),
                    (false, Ok(g)) if args.whatif.is_some() => {
                        if changes.is_empty() {
                            Ok(())
                        } else {
                            writeln!(out, "{}", g.changes_line(file, &changes))
                        }
                    }
                    (false, Ok(g)) => writeln!(out, "{}", g.json_line(file, &names)),
                    (false, Err(e)) => writeln!(out, "{}", error_line(e)),
                };
                if let Err(e) = written {
                    failed = Some(e.to_string());
                    return;
                }
            }
        },
        |n| {
            if let Some(bar) = &bar {
                bar.set_position(n as u64);
                bar.set_message(format!("{n} games"));
            }
        },
    );
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let _ = out.flush();
    if let Some(e) = failed {
        // A reader that stopped listening (`| head -1`) wants no more and no complaint.
        if e.to_lowercase().contains("broken pipe") {
            return ExitCode::SUCCESS;
        }
        return super::fail(&super::CommandError::Output(e.to_lowercase()));
    }
    print_summary(args, &summary, changed);
    if summary.refused_count() > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// The rule sets: the `--rules` files, the base and the amendment of `--whatif`, or the
/// project's 1999 law.
fn rule_sets(args: &GamesArgs) -> Result<Vec<CompiledRules>, ExitCode> {
    if let Some(amended_file) = &args.whatif {
        let mut found_from: Vec<&std::path::Path> =
            args.base.iter().map(PathBuf::as_path).collect();
        found_from.push(amended_file);
        let project = super::project_for(&found_from);
        let (base, _, amended) =
            super::whatif::load_amendment(amended_file, args.base.as_deref(), project.as_ref())?;
        return Ok(amendment_pair(base, amended));
    }
    let files = if args.rules.is_empty() {
        let paths: Vec<&std::path::Path> = args.paths.iter().map(PathBuf::as_path).collect();
        vec![super::project_of(&paths).join("rules/vn-1999.rules")]
    } else {
        args.rules.clone()
    };
    files.iter().map(|f| load(f)).collect()
}

/// Writes one CSV row (quoted as CSV quotes) to `out`.
fn write_csv(out: &mut impl Write, row: Vec<String>) -> std::io::Result<()> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&row).map_err(std::io::Error::other)?;
    let bytes = w
        .into_inner()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    out.write_all(&bytes)
}

fn print_summary(args: &GamesArgs, summary: &Summary, changed: usize) {
    let mut text = summary.render();
    if args.whatif.is_some() {
        text.push_str(&format!(
            "{changed} of {} games change outcome under the amendment\n",
            summary.games
        ));
    }
    if args.summary {
        if args.json {
            outln!(
                "{}",
                serde_json::to_string_pretty(summary).unwrap_or_default()
            );
        } else {
            out!("{text}");
        }
    } else {
        eprint!("{text}");
    }
}

fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} judged {elapsed}") {
        bar.set_style(style);
    }
    bar
}
