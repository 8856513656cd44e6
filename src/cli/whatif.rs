//! `xqlaw whatif`: an amended copy of a rule set judged against its base on the corpus.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::CompiledRules;
use xqlaw::analyses::whatif::{Baseline, WhatIf, base_path};
use xqlaw::load_rules_in;
use xqlaw::project::Project;

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
    let (base, _, amended) =
        match load_amendment(&args.amended, args.base.as_deref(), project.as_ref()) {
            Ok(loaded) => loaded,
            Err(code) => return code,
        };
    let diagrams = match super::specs_for(&args.compare.specs, project.as_ref()) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let whatif = Baseline::new(base, diagrams).judge(&amended);
    args.compare
        .print(&whatif, WhatIf::to_markdown, WhatIf::to_text)
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
                eprint!("{}", render(e));
            }
            return Err(ExitCode::FAILURE);
        }
    };
    if let Some(base) = base {
        if xqlaw::project::same_file(base, amended_file) {
            eprintln!(
                "`{}` is the amendment itself: give `--base` the rule set it amends",
                base.display()
            );
            return Err(ExitCode::FAILURE);
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
