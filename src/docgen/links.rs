//! Where each generated page lives under `docs/`, and relative links between pages.

use super::Diagram;
use super::articles::Article;

/// The page of a rule set.
pub fn rule_set(name: &str) -> String {
    format!("rules/{name}.md")
}

/// The page of one article of a rule set.
pub fn article(name: &str, article: &Article) -> String {
    format!("rules/{name}/{}.md", article.slug())
}

/// The page of a diagram.
pub fn diagram(d: &Diagram) -> String {
    format!("diagrams/{}/{}.md", d.topic, d.spec.id)
}

/// The board picture of a diagram.
pub fn board(d: &Diagram) -> String {
    format!("diagrams/{}/{}.svg", d.topic, d.spec.id)
}

/// A predicate-graph picture of a rule set (`stem`: a ruling's id or an article's slug).
pub fn graph(name: &str, stem: &str) -> String {
    format!("graphs/{name}/{stem}.svg")
}

/// The anchor of a rule set's verdict on a diagram page.
pub fn verdict_anchor(rules: &str) -> String {
    format!("verdict-{rules}")
}

/// The comparison of two rule sets.
pub fn pair(a: &str, b: &str) -> String {
    format!("compare/{a}--{b}.md")
}

/// The comparison of every rule set on every diagram.
pub const COMPARE: &str = "compare.md";

/// The link from page `from` to page `to` (both relative to `docs/`).
///
/// ```
/// use xqlaw::docgen::links::rel;
/// assert_eq!(rel("rules/axf/dieu-22.md", "rules/axf.md"), "../axf.md");
/// assert_eq!(rel("index.md", "rules/axf.md"), "rules/axf.md");
/// assert_eq!(rel("rules/axf.md", "diagrams/vn-1999/hinh-01.md"), "../diagrams/vn-1999/hinh-01.md");
/// ```
pub fn rel(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len().saturating_sub(1)];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs
        .iter()
        .zip(&to_parts)
        .take_while(|(a, b)| a == b)
        .count()
        .min(to_parts.len().saturating_sub(1));
    let mut out = "../".repeat(from_dirs.len() - common);
    out.push_str(&to_parts[common..].join("/"));
    out
}
