//! `xqlaw whatif`: an amended copy of a rule set judged against its base on the corpus.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::CompiledRules;
use xqlaw::analyses::whatif::{Baseline, WhatIf, base_path};
use xqlaw::compile_amendment;

use super::render;
use super::rules::load;

/// Arguments of `xqlaw whatif`.
#[derive(Debug, clap::Args)]
pub struct WhatifArgs {
    /// The amended rule file: a copy of a rule set, edited (it may keep its base's name), or
    /// `rules NAME extends NAME` with the changes alone.
    amended: PathBuf,
    /// The rule file to compare with. Default: the project's rule set of the name the amended
    /// file declares, or else the one it extends.
    #[arg(long)]
    base: Option<PathBuf>,
    #[command(flatten)]
    compare: super::CompareArgs,
}

/// Prints every case whose verdict changes, the precedence lines and the total; exit 0, or
/// 1 when a file does not compile or no case was judged.
pub fn run(args: &WhatifArgs) -> ExitCode {
    let (base, base_file, amended) = match load_amendment(&args.amended, args.base.as_deref()) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let diagrams = match super::specs_for(&args.compare.specs, &[&args.amended, &base_file]) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let whatif = Baseline::new(base, diagrams).judge(&amended);
    args.compare
        .print(&whatif, WhatIf::to_markdown, WhatIf::to_text)
}

/// An amended rule file compiled, with its base (named, or found as [`base_path`] finds it)
/// and the base's file; errors are printed and give exit 1.
pub(super) fn load_amendment(
    amended_file: &Path,
    base: Option<&Path>,
) -> Result<(CompiledRules, PathBuf, CompiledRules), ExitCode> {
    // A missing base is said as such, before the amended text's `extends` look beside it.
    let unreadable = base.and_then(|base| {
        let e = xqlaw::disk::read(base).err()?;
        Some(super::CommandError::unreadable(base, &e))
    });
    if let Some(error) = unreadable {
        return Err(super::fail(&error));
    }
    let project = super::project_of(&[amended_file]);
    // `extends` resolve beside the base when one is named, else in the project's rules.
    let rules_dir = match base {
        Some(base) => base
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf),
        None => project.join("rules"),
    };
    let text = match xqlaw::disk::read_text(amended_file) {
        Ok(text) => text,
        Err(e) => {
            return Err(super::fail(&super::CommandError::unreadable(
                amended_file,
                &e,
            )));
        }
    };
    let origin = amended_file.display().to_string();
    let amended = match compile_amendment(&origin, &text, &rules_dir) {
        Ok(rules) => rules,
        Err(errors) => {
            for e in errors.errors() {
                eprint!("{}", render(e));
            }
            return Err(ExitCode::FAILURE);
        }
    };
    let Some(base_file) = base
        .map(Path::to_path_buf)
        .or_else(|| base_path(&amended, &rules_dir))
    else {
        return Err(super::fail(&super::CommandError::NoBase {
            amended: amended_file.to_path_buf(),
            dir: rules_dir,
            name: amended.name().to_owned(),
            parent: amended.extends().first().cloned(),
        }));
    };
    let base = load(&base_file)?;
    Ok((base, base_file, amended))
}
