//! `xqlaw whatif`: an amended copy of a rule set judged against its base on the corpus.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use miette::Diagnostic as _;
use xqlaw::analyses::coverage::coverage;
use xqlaw::analyses::whatif::{Baseline, WhatIf, base_path};
use xqlaw::corpus::CasePlay;
use xqlaw::disk::Writer;
use xqlaw::docgen::{GameRecords, Proposal, proposal};
use xqlaw::games::amendment::{amendment_pair, judge_amendment};
use xqlaw::load_rules_in;
use xqlaw::project::Project;
use xqlaw::{CompileError, CompileErrorKind, CompiledRules};

use super::err::Flagged;
use super::render;
use super::rules::load_in;

/// Arguments of `xqlaw whatif`.
#[derive(Debug, clap::Args)]
pub struct WhatifArgs {
    /// The amended rule file: a copy of a rule set, edited (it may keep its base's name), or
    /// `rules NAME extends NAME` with the changes alone.
    amended: PathBuf,
    /// The rule file to compare with. Default: the project's rule set the amended file
    /// `amends`, or else the one of the name it declares, or else the one it extends (never
    /// the amended file itself).
    #[arg(long)]
    base: Option<PathBuf>,
    /// Also write the comparison as one printable page (A4, HTML) a committee can circulate:
    /// the amendment as a diff of the formatted rule text, each changed ruling's article and
    /// sentence, every case whose verdict changes with its board and moves, the precedences
    /// created and the ruling coverage before and after. The file must end in `.html`.
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,
    /// With `--report`: game records (files, or folders searched as `xqlaw games` searches
    /// them; the option may be repeated) judged with the base and the amendment; the page
    /// lists the games whose outcome changes, or says that none does and how many were judged.
    #[arg(long, value_name = "PATH", requires = "report")]
    games: Vec<PathBuf>,
    #[command(flatten)]
    compare: super::CompareArgs,
}

/// Prints every case whose verdict changes, the precedence lines and the total; exit 0, or
/// 1 when a file does not compile or no case was judged.
pub fn run(args: &WhatifArgs) -> ExitCode {
    let mut found_from: Vec<&Path> = args.base.iter().map(PathBuf::as_path).collect();
    found_from.push(&args.amended);
    found_from.extend(args.compare.specs.iter().map(PathBuf::as_path));
    let project = super::project_for(&found_from);
    // A report that cannot be written, or records that cannot be read, are refused before
    // any work.
    if let Some(report) = &args.report {
        if let Err(error) = report_target(report) {
            return super::fail(&error);
        }
    }
    if let Some(missing) = args.games.iter().find(|p| !p.exists()) {
        let e = std::io::Error::from(std::io::ErrorKind::NotFound);
        return super::fail(&super::CommandError::unreadable(missing, &e));
    }
    let (base, base_file, amended) =
        match load_amendment(&args.amended, args.base.as_deref(), project.as_ref()) {
            Ok(loaded) => loaded,
            Err(code) => return code,
        };
    let diagrams = match super::specs_for(&args.compare.specs, project.as_ref()) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let baseline = Baseline::new(base, diagrams);
    let whatif = baseline.judge(&amended);
    if let Some(report) = &args.report {
        let read = |path: &Path| {
            xqlaw::disk::read_text(path)
                .map_err(|e| super::fail(&super::CommandError::unreadable(path, &e)))
        };
        let base_text = match read(&base_file) {
            Ok(text) => text,
            Err(code) => return code,
        };
        let amended_text = match read(&args.amended) {
            Ok(text) => text,
            Err(code) => return code,
        };
        let Some(base) = baseline.rules() else {
            return ExitCode::FAILURE;
        };
        let plays: Vec<CasePlay> = baseline.diagrams().iter().map(|d| d.case_play()).collect();
        let games = if args.games.is_empty() {
            None
        } else {
            let pair = amendment_pair(base.clone(), amended.clone());
            let judged = judge_amendment(&pair, &args.games);
            let summary = &judged.summary;
            if summary.games == 0 {
                return super::fail(&super::CommandError::NoGames {
                    paths: args.games.clone(),
                    files: summary.files,
                    refused: summary.refused_count(),
                });
            }
            eprintln!(
                "games: {} of {} games change outcome under the amendment ({} refused)",
                judged.games_changed,
                summary.games,
                summary.refused_count()
            );
            Some(judged)
        };
        let sources: Vec<(String, Option<String>)> = args
            .games
            .iter()
            .map(|p| (p.display().to_string(), credit(p)))
            .collect();
        let command = std::iter::once("xqlaw".to_owned())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" ");
        let page = proposal(&Proposal {
            whatif: &whatif,
            base,
            amended: &amended,
            diagrams: baseline.diagrams(),
            base_text: (&base_text, &base_file.display().to_string()),
            amended_text: (&amended_text, &args.amended.display().to_string()),
            coverage: Some((coverage(base, &plays), coverage(&amended, &plays))),
            command: &command,
            games: games.as_ref().map(|judged| GameRecords {
                judged,
                sources: &sources,
            }),
        });
        if let Err(e) = xqlaw::disk::replace(report, page.as_bytes(), Writer::Report) {
            return super::fail(&super::CommandError::Unwritable {
                path: report.clone(),
                reason: e.to_string().to_lowercase(),
            });
        }
        eprintln!("report: `{}`", report.display());
    }
    args.compare
        .print(&whatif, WhatIf::to_markdown, WhatIf::to_text)
}

/// The credit a folder of records asks for: the title and the copyright line of the `LICENSE`
/// file in it (a dataset under CC BY must be credited wherever figures measured on it appear).
fn credit(folder: &Path) -> Option<String> {
    let text = xqlaw::disk::read_text(&folder.join("LICENSE")).ok()?;
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let title = lines.next()?;
    let copyright = lines.find(|l| l.starts_with("Copyright"));
    Some(match copyright {
        Some(c) => format!("{title}; {c}"),
        None => title.to_owned(),
    })
}

/// Refuses a report path that could lose a file: one that does not end in `.html` (a typo
/// such as `--report rules/vn-1999.rules` would replace the law), or that names a link, a
/// folder or any other thing than a regular file.
fn report_target(path: &Path) -> Result<(), super::CommandError> {
    let html = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
    let taken = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| !m.file_type().is_file());
    if html && taken.is_none() {
        return Ok(());
    }
    Err(super::CommandError::BadReportPath(path.to_path_buf()))
}

/// An amended rule file compiled, with its base (named, or found as [`base_path`] finds it:
/// never the file itself) and the base's file; errors are printed and give exit 1. The base
/// is said on standard error when it was not named.
pub(super) fn load_amendment(
    amended_file: &Path,
    base: Option<&Path>,
    project: Option<&Project>,
) -> Result<(CompiledRules, PathBuf, CompiledRules), ExitCode> {
    // A missing base is said as such, before the amended text's `extends` look beside it.
    let unreadable = base.and_then(|base| {
        let e = xqlaw::disk::read(base).err()?;
        Some(super::CommandError::unreadable(base, &e))
    });
    if let Some(error) = unreadable {
        return Err(super::fail(&error));
    }
    // Rule sets are looked up beside the base when one is named, then beside the amendment,
    // then in the project's `rules/`.
    let folder = |p: &Path| {
        p.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    };
    let mut dirs: Vec<PathBuf> = base.map(folder).into_iter().collect();
    dirs.push(folder(amended_file));
    dirs.extend(project.map(Project::rules_dir));
    let mut unique: Vec<PathBuf> = Vec::new();
    for dir in dirs {
        if !unique.iter().any(|d| xqlaw::project::same_file(d, &dir)) {
            unique.push(dir);
        }
    }
    let dirs = unique;
    let compiled = match base.map(folder).or_else(|| project.map(Project::rules_dir)) {
        Some(first) => load_rules_in(amended_file, &first),
        None => xqlaw::load_rules(amended_file),
    };
    let amended = match compiled {
        Ok(rules) => rules,
        Err(errors) => {
            for e in errors.errors() {
                eprint!("{}", render(&with_base_flag(e)));
            }
            return Err(ExitCode::FAILURE);
        }
    };
    if let Some(base) = base {
        if xqlaw::project::same_file(base, amended_file) {
            return Err(super::fail(&super::CommandError::BaseIsAmendment(
                base.to_path_buf(),
            )));
        }
    }
    let Some(base_file) = base
        .map(Path::to_path_buf)
        .or_else(|| base_path(Some(amended_file), &amended, &dirs))
    else {
        return Err(no_base(amended_file, &amended, &dirs));
    };
    if base.is_none() {
        eprintln!(
            "base: `{}` ({})",
            base_file.display(),
            why_base(&amended, &base_file)
        );
    }
    let base = load_in(&base_file, project)?;
    Ok((base, base_file, amended))
}

/// A rule file that does not compile: the library's help, and `--base` where the base it
/// amends was not found.
fn with_base_flag(error: &CompileError) -> Flagged<'_> {
    let help = match error.kind() {
        Some(CompileErrorKind::AmendedMissing { name, .. }) => error
            .help()
            .map(|help| format!("{help}, or give `--base PATH/rules/{name}.rules`")),
        _ => None,
    };
    Flagged::new(error, help)
}

/// Why [`base_path`] took `base_file`, in words.
fn why_base(amended: &CompiledRules, base_file: &Path) -> String {
    let stem = base_file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if amended.amends() == Some(stem.as_str()) {
        format!("the rule set it says it amends, `{stem}`")
    } else if amended.name() == stem {
        format!("the rule set of the name it declares, `{stem}`")
    } else {
        format!("the rule set it extends, `{stem}`")
    }
}

/// The error of an amendment with no base: what was looked for, and where (printed).
fn no_base(amended_file: &Path, amended: &CompiledRules, dirs: &[PathBuf]) -> ExitCode {
    let mut names: Vec<&str> = amended.amends().into_iter().collect();
    names.push(amended.name());
    names.extend(amended.extends().first().map(String::as_str));
    let looked: Vec<String> = names.iter().map(|n| format!("`{n}.rules`")).collect();
    let folders: Vec<String> = dirs.iter().map(|d| format!("`{}`", d.display())).collect();
    super::fail(&super::CommandError::NoBase {
        amended: amended_file.to_path_buf(),
        name: amended.name().to_owned(),
        looked: looked.join(" or "),
        folders: folders.join(", "),
    })
}
