//! The index (rule sets, and one row per diagram with its expected and computed verdicts)
//! and the page of facts.

use std::fmt::Write as _;

use super::articles::Article;
use super::links::{self, rel};
use super::markdown::{Outcome, cell, page, verdict};
use super::{Corpus, Diagram};
use crate::facts::registry::{Params, REGISTRY, ROLE_NAMES, Subject as FactSubject};

/// The index page.
pub fn index(corpus: &Corpus) -> String {
    let here = "index.md";
    let mut s = page("The Xiangqi repetition law, as specified");
    let _ = writeln!(
        s,
        "These pages are generated from the rule files in `rules/` and the spec files in \
         `spec-tests/` by `{}`. The rule language is described in [language.md](language.md); \
         the facts its rulings are written over are listed in [facts.md](facts.md); every \
         rule set's verdict on every diagram is compared in [{}]({}).\n",
        super::markdown::COMMAND,
        links::COMPARE,
        links::COMPARE
    );
    let _ = writeln!(s, "## Rule sets\n");
    let _ = writeln!(
        s,
        "| rule set | title | source | extends | terms | rulings |\n|---|---|---|---|---|---|"
    );
    for r in &corpus.rules {
        let _ = writeln!(
            s,
            "| [{}]({}) | {} | {} | {} | {} | {} |",
            r.name,
            links::rule_set(&r.name),
            cell(r.title.as_deref().unwrap_or("")),
            cell(r.source.as_deref().unwrap_or("")),
            if r.extends.is_empty() {
                "—".to_owned()
            } else {
                r.extends.join(", ")
            },
            r.terms.len(),
            r.rulings.len(),
        );
    }
    let expectations: Vec<Outcome> = corpus
        .diagrams
        .iter()
        .flat_map(|d| expected_outcomes(corpus, d).into_iter().map(|(_, _, o)| o))
        .collect();
    let passed = expectations
        .iter()
        .filter(|o| o.computed.is_some() && o.computed == o.expected)
        .count();
    let _ = writeln!(s, "\n## Diagrams\n");
    let _ = writeln!(
        s,
        "One row per diagram: the article it illustrates, the verdict its spec file expects \
         from each rule set it names, the verdict that rule set computes, and whether they \
         agree. {passed} of {} expectations pass.\n",
        expectations.len()
    );
    let _ = writeln!(
        s,
        "| diagram | article | expected | computed | pass/fail |\n|---|---|---|---|---|"
    );
    for d in &corpus.diagrams {
        let outcomes = expected_outcomes(corpus, d);
        let home = outcomes
            .first()
            .map(|(_, name, _)| *name)
            .or_else(|| corpus.rules.first().map(|r| r.name.as_str()));
        let article = match (home, Article::of_diagram(&d.spec.article)) {
            (Some(name), Some(a)) => format!(
                "[{}]({})",
                d.spec.article,
                rel(here, &links::article(name, &a))
            ),
            _ => d.spec.article.clone(),
        };
        let diagram = format!("[{}]({})", d.spec.title, links::diagram(d));
        let column = |f: &dyn Fn(&(usize, &str, Outcome)) -> String| -> String {
            outcomes.iter().map(f).collect::<Vec<_>>().join("<br>")
        };
        let expected = column(&|(_, name, o)| format!("{name}: {}", o.expected_text()));
        let computed = column(&|(_, name, o)| {
            format!(
                "[{name}: {}]({}#{})",
                verdict(o.computed),
                links::diagram(d),
                links::verdict_anchor(name)
            )
        });
        let check = column(&|(_, _, o)| o.check().to_owned());
        if outcomes.is_empty() {
            let _ = writeln!(
                s,
                "| {diagram} | {article} | — | see [{}]({}) | — |",
                links::COMPARE,
                links::COMPARE
            );
        } else {
            let _ = writeln!(
                s,
                "| {diagram} | {article} | {expected} | {computed} | {check} |"
            );
        }
    }
    s
}

/// The rule sets the spec file states an expectation for, with their outcomes.
fn expected_outcomes<'a>(corpus: &'a Corpus, d: &Diagram) -> Vec<(usize, &'a str, Outcome)> {
    corpus
        .rules
        .iter()
        .enumerate()
        .filter(|(_, r)| d.spec.expect.contains_key(&r.name))
        .map(|(k, r)| (k, r.name.as_str(), Outcome::of(d, k, &r.name)))
        .collect()
}

/// The page of the facts rule files may name: the vocabulary the rulings are written in.
pub fn facts() -> String {
    let mut s = page("Facts");
    let _ = writeln!(
        s,
        "The facts are computed from the positions before and after every move of a disputed \
         play (`xqlaw facts` prints them). Rule files name them in terms; a name that is not \
         here is an error. Move facts are said of a whole move; threat facts of one capture \
         threat of the move (an attacker of the mover and an enemy piece other than the king it \
         could legally take next). Facts with piece kinds take a list: `attacker(horse, cannon)`; \
         the kinds are {}.\n",
        ROLE_NAMES
            .iter()
            .map(|(n, _)| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for (title, subject) in [
        ("Move facts", FactSubject::Move),
        ("Threat facts", FactSubject::Threat),
    ] {
        let _ = writeln!(s, "## {title}\n");
        let _ = writeln!(s, "| fact | meaning |\n|---|---|");
        for spec in REGISTRY.iter().filter(|f| f.subject == subject) {
            let name = match spec.params {
                Params::None => format!("`{}`", spec.name),
                Params::Roles => format!("`{}(kind, …)`", spec.name),
            };
            let _ = writeln!(s, "| {name} | {} |", cell(spec.doc));
        }
        let _ = writeln!(s);
    }
    s
}
