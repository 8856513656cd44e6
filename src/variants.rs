//! Comparing rule sets: where two variants of the law differ, in their text and in their
//! verdicts on the corpus.

use std::fmt::Write as _;

use crate::compile::{CompiledRules, Meta};
use crate::docgen::Corpus;
use crate::eval::{Judgement, Verdict};
use crate::syntax::ast::Subject;
use crate::syntax::print;

/// How one named definition differs between two rule sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Only in the second rule set.
    Added {
        /// Its name.
        id: String,
        /// Its definition, as written.
        text: String,
    },
    /// Only in the first rule set.
    Removed {
        /// Its name.
        id: String,
    },
    /// In both, differently.
    Changed {
        /// Its name.
        id: String,
        /// The definition in the first rule set.
        before: String,
        /// The definition in the second rule set.
        after: String,
    },
}

/// The differences between two rule sets' texts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RuleDiff {
    /// Settings whose values differ: (name, first, second).
    pub settings: Vec<(String, u64, u64)>,
    /// Terms added, removed or changed.
    pub terms: Vec<Change>,
    /// Rulings added, removed or changed.
    pub rulings: Vec<Change>,
    /// The verdict tables, when they differ.
    pub verdict: Option<(String, String)>,
}

impl RuleDiff {
    /// Whether the two rule sets say the same thing.
    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
            && self.terms.is_empty()
            && self.rulings.is_empty()
            && self.verdict.is_none()
    }
}

/// A term's definition in words, with its attributes.
fn term_text(subject: &str, body: &str, meta: &Meta) -> String {
    format!("on {subject} = {body}{}", meta_text(meta))
}

fn meta_text(meta: &Meta) -> String {
    let mut s = String::new();
    for (key, value) in [
        ("name", &meta.name),
        ("article", &meta.article),
        ("quote", &meta.quote),
        ("gloss", &meta.gloss),
    ] {
        if let Some(v) = value {
            let _ = write!(s, "\n    {key} \"{v}\"");
        }
    }
    s
}

/// Compares two rule sets definition by definition.
pub fn diff(a: &CompiledRules, b: &CompiledRules) -> RuleDiff {
    let terms = |r: &CompiledRules| -> Vec<(String, String)> {
        r.terms
            .iter()
            .map(|t| {
                let subject = match t.subject {
                    Subject::Move => "move",
                    Subject::Threat => "threat",
                };
                (t.id.clone(), term_text(subject, &t.text, &t.meta))
            })
            .collect()
    };
    let rulings = |r: &CompiledRules| -> Vec<(String, String)> {
        r.rulings
            .iter()
            .map(|x| {
                let mut text = format!("when {}", x.when_text);
                for u in &x.unless_text {
                    let _ = write!(text, " unless {u}");
                }
                let _ = write!(text, " → {}", print::outcome(x.outcome));
                let overrides: Vec<&str> = x
                    .overrides
                    .iter()
                    .filter_map(|id| r.rulings.get(id.0).map(|o| o.id.as_str()))
                    .collect();
                if !overrides.is_empty() {
                    let _ = write!(text, " overrides {}", overrides.join(", "));
                }
                text.push_str(&meta_text(&x.meta));
                (x.id.clone(), text)
            })
            .collect()
    };
    let mut settings = Vec::new();
    if a.settings.mate_plies != b.settings.mate_plies {
        settings.push((
            "mate-plies".to_owned(),
            u64::from(a.settings.mate_plies),
            u64::from(b.settings.mate_plies),
        ));
    }
    if a.settings.mate_nodes != b.settings.mate_nodes {
        settings.push((
            "mate-nodes".to_owned(),
            a.settings.mate_nodes,
            b.settings.mate_nodes,
        ));
    }
    let rows = |r: &CompiledRules| -> String {
        r.verdict
            .iter()
            .map(|row| row.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (va, vb) = (rows(a), rows(b));
    RuleDiff {
        settings,
        terms: changes(&terms(a), &terms(b)),
        rulings: changes(&rulings(a), &rulings(b)),
        verdict: (va != vb).then_some((va, vb)),
    }
}

/// The changes from `before` to `after`, both in definition order.
fn changes(before: &[(String, String)], after: &[(String, String)]) -> Vec<Change> {
    let mut out = Vec::new();
    for (id, text) in before {
        match after.iter().find(|(other, _)| other == id) {
            None => out.push(Change::Removed { id: id.clone() }),
            Some((_, new)) if new != text => out.push(Change::Changed {
                id: id.clone(),
                before: text.clone(),
                after: new.clone(),
            }),
            Some(_) => {}
        }
    }
    for (id, text) in after {
        if !before.iter().any(|(other, _)| other == id) {
            out.push(Change::Added {
                id: id.clone(),
                text: text.clone(),
            });
        }
    }
    out
}

/// A diagram whose verdict differs between two rule sets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictChange {
    /// The diagram's id.
    pub id: String,
    /// The verdict under the first rule set (`None` if it could not be judged).
    pub first: Option<Verdict>,
    /// The verdict under the second.
    pub second: Option<Verdict>,
}

/// The diagrams of the corpus whose verdicts differ between rule sets `a` and `b` (indices into
/// [`Corpus::rules`]).
pub fn verdict_changes(corpus: &Corpus, a: usize, b: usize) -> Vec<VerdictChange> {
    corpus
        .diagrams
        .iter()
        .filter_map(|d| {
            let verdict = |i: usize| d.judgements.get(i)?.as_ref().map(Judgement::verdict);
            let (first, second) = (verdict(a), verdict(b));
            (first != second).then(|| VerdictChange {
                id: d.spec.id.clone(),
                first,
                second,
            })
        })
        .collect()
}

/// The comparison in words, as `xqlaw diff` prints it.
pub fn render(
    a: &CompiledRules,
    b: &CompiledRules,
    diff: &RuleDiff,
    changes: &[VerdictChange],
    diagrams: usize,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} → {}", a.name, b.name);
    if diff.is_empty() {
        let _ = writeln!(
            s,
            "\nthe two rule sets define the same terms, rulings, settings and verdict"
        );
    }
    if !diff.settings.is_empty() {
        let _ = writeln!(s, "\nsettings:");
        for (name, x, y) in &diff.settings {
            let _ = writeln!(s, "  ~ {name}: {x} → {y}");
        }
    }
    for (title, list) in [("terms", &diff.terms), ("rulings", &diff.rulings)] {
        if list.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n{title}:");
        for change in list {
            match change {
                Change::Added { id, text } => {
                    let _ = writeln!(s, "  + {id} {}", first_line(text));
                }
                Change::Removed { id } => {
                    let _ = writeln!(s, "  - {id}");
                }
                Change::Changed { id, before, after } => {
                    let _ = writeln!(s, "  ~ {id}");
                    let (old, new): (Vec<&str>, Vec<&str>) =
                        (before.lines().collect(), after.lines().collect());
                    for line in old.iter().filter(|l| !new.contains(l)) {
                        let _ = writeln!(s, "      was: {}", line.trim());
                    }
                    for line in new.iter().filter(|l| !old.contains(l)) {
                        let _ = writeln!(s, "      now: {}", line.trim());
                    }
                }
            }
        }
    }
    if let Some((x, y)) = &diff.verdict {
        let _ = writeln!(
            s,
            "\nverdict:\n  was:\n{}\n  now:\n{}",
            indent(x),
            indent(y)
        );
    }
    let _ = writeln!(
        s,
        "\n{} of {diagrams} diagrams change verdict{}",
        changes.len(),
        if changes.is_empty() { "" } else { ":" }
    );
    for c in changes {
        let show = |v: Option<Verdict>| v.map_or("not judged".to_owned(), |v| v.to_string());
        let _ = writeln!(
            s,
            "  {:<10} {}: {:<12} {}: {}",
            c.id,
            a.name,
            show(c.first),
            b.name,
            show(c.second)
        );
    }
    s
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compile::compile_str;

    const A: &str = "rules a\nsetting mate-plies = 7\n\
        term t on move = check\n\
        ruling r when every move t → forbidden\n\
        ruling s when some move t → allowed\n\
        verdict\n    side forbidden → side loses\n    otherwise → draw\n";

    #[test]
    fn same_rules_have_no_differences() {
        let a = compile_str("a", A).unwrap();
        assert!(diff(&a, &a).is_empty());
    }

    #[test]
    fn added_removed_and_changed_definitions_are_found() {
        let a = compile_str("a", A).unwrap();
        let b_text = A
            .replace("rules a", "rules b")
            .replace("mate-plies = 7", "mate-plies = 9")
            .replace(
                "ruling s when some move t → allowed",
                "ruling u when no move t → allowed",
            )
            .replace(
                "ruling r when every move t → forbidden",
                "ruling r when every move t → allowed",
            );
        let b = compile_str("b", &b_text).unwrap();
        let d = diff(&a, &b);
        assert_eq!(d.settings, vec![("mate-plies".to_owned(), 7, 9)]);
        assert!(d.terms.is_empty());
        assert_eq!(d.rulings.len(), 3);
        assert!(matches!(&d.rulings[0], Change::Changed { id, .. } if id == "r"));
        assert!(matches!(&d.rulings[1], Change::Removed { id } if id == "s"));
        assert!(matches!(&d.rulings[2], Change::Added { id, .. } if id == "u"));
        let text = render(&a, &b, &d, &[], 0);
        assert!(text.contains("~ mate-plies: 7 → 9"), "{text}");
        assert!(text.contains("now: when every move t → allowed"), "{text}");
    }
}
