//! `xqlaw trace`: every sentence of the law's Chương V with what encodes it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use xqlaw::analyses::trace::{Status, trace};
use xqlaw::load_rules;
use xqlaw::spec::LawText;
use xqlaw::words::{plural, shorten};

use super::render;

/// Arguments of `xqlaw trace`.
#[derive(Debug, clap::Args)]
pub struct TraceArgs {
    /// The rule file whose citations are traced.
    #[arg(default_value = "rules/vn-1999.rules")]
    rules: PathBuf,
    /// Spec files or folders whose diagrams show the sentences at work (default: the
    /// project's `spec-tests/`).
    #[arg(long = "specs")]
    specs: Vec<PathBuf>,
    /// Print the trace as JSON.
    #[arg(long)]
    json: bool,
}

/// Prints every sentence of Chương V with what encodes it, and the closing note; exit 1 when
/// a sentence is accounted for by nothing.
pub fn run(args: &TraceArgs) -> ExitCode {
    let rules = match load_rules(&args.rules) {
        Ok(rules) => rules,
        Err(errors) => {
            for e in errors.errors() {
                eprint!("{}", render(e));
            }
            return ExitCode::FAILURE;
        }
    };
    let files: [&Path; 1] = [&args.rules];
    let law_dir = super::project_of(&files).join("law");
    let laws = match LawText::load_dir(&law_dir) {
        Ok(laws) => laws,
        Err(e) => {
            eprint!("{}", render(&e));
            return ExitCode::FAILURE;
        }
    };
    let Some(law) = LawText::of(&laws, rules.name(), rules.extends()) else {
        return super::fail(&super::CommandError::NoLawText {
            rule_set: rules.name().to_owned(),
            folder: law_dir,
        });
    };
    let mut found_from = files.to_vec();
    found_from.extend(args.specs.iter().map(PathBuf::as_path));
    let project = super::project_for(&found_from);
    let diagrams = match super::specs_for(&args.specs, project.as_ref()) {
        Ok(diagrams) => diagrams,
        Err(code) => return code,
    };
    let t = trace(&rules, law, &diagrams);
    if args.json {
        return super::print_json(&t);
    }
    let mut article = String::new();
    for row in &t.rows {
        if row.article != article {
            article.clone_from(&row.article);
            outln!("Điều {article}");
        }
        outln!(
            "  {:<9} {:<16} {}",
            row.id,
            row.status.label(),
            shorten(&row.text, 72)
        );
        for e in &row.encoded_by {
            outln!("  {:<9} {:<16} ← {} {}", "", "", e.kind, e.name);
        }
        if let Some(reason) = &row.reason {
            outln!("  {:<9} {:<16} why: {}", "", "", shorten(reason, 160));
        }
        if !row.shown_in.is_empty() {
            // The law's figures by number; the other cases (constructed, WXF) counted.
            let (figures, others): (Vec<&str>, Vec<&str>) = row
                .shown_in
                .iter()
                .map(|d| d.title.as_str())
                .partition(|t| t.starts_with("Hình "));
            let mut shown = xqlaw::words::title_ranges(&figures);
            if !others.is_empty() {
                let sep = if shown.is_empty() { "" } else { " and " };
                shown = format!(
                    "{shown}{sep}{} other case{}",
                    others.len(),
                    plural(others.len())
                );
            }
            outln!("  {:<9} {:<16} shown in {shown}", "", "");
        }
    }
    outln!("{}", t.closing_note());
    if t.count(Status::Unaccounted) > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
