//! The index (rule sets, and one row per diagram with its expected and computed verdicts)
//! and the page of facts.

use std::fmt::Write as _;

use super::articles::Article;
use super::bibliography::{self, cited};
use super::book;
use super::links::{self, rel};
use super::page::{Agreement, page, verdict_short};
use super::{Corpus, Diagram};
use crate::facts::registry::{Params, REGISTRY, ROLE_NAMES};
use crate::markdown::{cell, text};
use crate::vocab::Subject as FactSubject;

/// The index page: the law's title and source, one row per diagram in law order (the article,
/// the law's verdict, whether it is the expected one, and how many other rule sets agree), and
/// the rule sets.
pub fn index(corpus: &Corpus) -> String {
    let here = "index.md";
    let law = book::law(corpus);
    let Some(r) = corpus.rules.get(law) else {
        return page("xqlaw");
    };
    let mut s = page(&text(r.title.as_deref().unwrap_or(&r.name)));
    if let Some(src) = &r.source {
        let _ = writeln!(
            s,
            "*{}* ([thư mục — bibliography]({}))\n",
            cited(src, here),
            bibliography::link(here, &r.name)
        );
    }
    let _ = writeln!(
        s,
        "Luật xử cờ lặp lại, viết thành đặc tả có thể chạy được: mỗi Hình của luật là một phép \
         thử. *The repetition law as an executable specification: every Hình of the law is a \
         test.* Each article page quotes the law, glosses it in English and shows the rulings \
         that encode it with their predicate graph; each diagram page shows the board, the moves \
         in the law's notation, the commentary and the law's verdict with its reason, then how \
         the other rule sets ([variants]({})) judge it.\n",
        links::COMPARE
    );
    let expectations: Vec<Agreement> = corpus
        .diagrams
        .iter()
        .flat_map(|d| expected_outcomes(corpus, d).into_iter().map(|(_, _, o)| o))
        .collect();
    let passed = expectations
        .iter()
        .filter(|o| o.computed.is_some() && o.computed == o.expected)
        .count();
    let _ = writeln!(s, "## Các Hình (the diagrams)\n");
    let _ = writeln!(
        s,
        "One row per diagram, in the law's order: the article it illustrates, the verdict of \
         `{}` with its check against the verdict the spec file expects, and the other rule sets \
         that give another verdict. {passed} of {} expectations of all rule sets pass.\n",
        r.name,
        expectations.len()
    );
    let _ = writeln!(
        s,
        "| Hình | Điều (article) | Phán quyết (verdict) | kiểm (check) | khác (differ) |\n|---|---|---|---|---|"
    );
    for d in &corpus.diagrams {
        let article = match Article::of_diagram(&d.spec.article) {
            Some(a) if d.topic == r.name || d.spec.expect.contains_key(&r.name) => format!(
                "[{}]({})",
                cell(&d.spec.article),
                rel(here, &links::article(&r.name, &a))
            ),
            _ => cell(&d.spec.article),
        };
        let o = Agreement::of(d, law, &r.name);
        let differ: Vec<String> = corpus
            .rules
            .iter()
            .enumerate()
            .filter(|&(k, v)| k != law && Agreement::of(d, k, &v.name).computed != o.computed)
            .map(|(k, v)| {
                format!(
                    "[{}: {}]({}#{})",
                    v.name,
                    verdict_short(Agreement::of(d, k, &v.name).computed),
                    links::diagram(d),
                    links::verdict_anchor(&v.name)
                )
            })
            .collect();
        let _ = writeln!(
            s,
            "| [{}]({}) | {article} | [{}]({}#{}) | {} | {} |",
            cell(&d.spec.title),
            links::diagram(d),
            verdict_short(o.computed),
            links::diagram(d),
            links::verdict_anchor(&r.name),
            o.check(),
            if differ.is_empty() {
                "—".to_owned()
            } else {
                differ.join(", ")
            }
        );
    }
    let _ = writeln!(s, "\n## Các bộ luật (the rule sets)\n");
    let _ = writeln!(
        s,
        "| bộ luật (rule set) | tên (title) | mở rộng (extends) | thuật ngữ (terms) | phán quyết (rulings) |\n|---|---|---|---|---|"
    );
    for v in &corpus.rules {
        let _ = writeln!(
            s,
            "| [{}]({}) | {} | {} | {} | {} |",
            v.name,
            links::rule_set(&v.name),
            cell(v.title.as_deref().unwrap_or("")),
            if v.extends.is_empty() {
                "—".to_owned()
            } else {
                v.extends.join(", ")
            },
            v.terms.len(),
            v.rulings.len(),
        );
    }
    let _ = writeln!(
        s,
        "\nThe pages are generated from the rule files and the spec files by `{}`. The rule \
         language is described in [language.md](language.md), the facts the rulings are \
         written over in [facts.md](facts.md), and the sources in [the bibliography]({}).",
        super::page::COMMAND,
        bibliography::PAGE
    );
    s
}

/// The rule sets the spec file states an expectation for, with their outcomes.
fn expected_outcomes<'a>(corpus: &'a Corpus, d: &Diagram) -> Vec<(usize, &'a str, Agreement)> {
    corpus
        .rules
        .iter()
        .enumerate()
        .filter(|(_, r)| d.spec.expect.contains_key(&r.name))
        .map(|(k, r)| (k, r.name.as_str(), Agreement::of(d, k, &r.name)))
        .collect()
}

/// The page of the facts rule files may name: the vocabulary the rulings are written in.
pub fn facts() -> String {
    let mut s = page("Sự kiện (facts)");
    let _ = writeln!(
        s,
        "The facts are computed from the positions before and after every move of a disputed \
         play (`xqlaw facts` prints them). They observe the board and judge nothing: each says \
         what the positions show (an attack, a legal capture and the recaptures that follow, a \
         pin and the kind of piece that pins, a line a piece cannot legally leave, material won \
         or lost by a capture and the best captures after it, a check given, a protector's line \
         cut and how). What the law makes of them (a chase, a held piece, a sacrifice, an \
         exchange, a waiting move, a parry) is a term of the rule file, which quotes the \
         sentence it reads, so a committee that reads a sentence otherwise edits that term. \
         Rule files name the facts in terms; a name that is not here is an error. Move facts are \
         said of a whole move; threat facts of one capture threat of the move (an attacker of \
         the mover and an enemy piece other than the king it could legally take next). Facts \
         with piece kinds take a list: `attacker(horse, cannon)`; the kinds are {}.\n",
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
    let _ = writeln!(
        s,
        "## Readings that are terms, not facts\n\n\
         These were facts once, and decided a reading of the law in the code; they are terms of \
         the rule files now, each quoting its sentence, over the facts above.\n\n\
         | reading | term of `vn-1999` | over the facts |\n|---|---|---|"
    );
    let names = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (reading, terms, article, facts) in READINGS_MADE_TERMS {
        let _ = writeln!(
            s,
            "| {} | {} ({}) | {} |",
            cell(reading),
            names(terms),
            cell(article),
            names(facts)
        );
    }
    s
}

/// The readings of the law that left the facts for the rule file: what was read, the terms
/// that read it now with the articles they cite, and the facts they are written over.
const READINGS_MADE_TERMS: &[(&str, &[&str], &str, &[&str])] = &[
    (
        "a piece held to its line (bị giam), and by what",
        &["held", "held-by-cannon", "held-rook-moving"],
        "Điều 24.20, 24.23",
        &[
            "target-confined",
            "target-can-capture-attacker",
            "target-pinned-by",
            "attacker-confined-to-move-line",
            "attacker-pinned-by",
        ],
    ),
    (
        "an offer to exchange, of pieces of any kind",
        &["offers-exchange", "exchanging"],
        "Điều 22.5",
        &[
            "equal-value",
            "target-can-capture-attacker",
            "attacker-really-protected",
            "moved-attacked",
            "moved-really-protected",
            "moved-capture-wins",
            "moved-capture-loses",
        ],
    ),
    (
        "a sacrifice",
        &["sacrificing", "offered-to-same-kind"],
        "Điều 22.7, 24.20",
        &[
            "moved-attacked",
            "moved-really-protected",
            "same-kind",
            "target-can-capture-attacker",
        ],
    ),
    (
        "a waiting (idle) move",
        &["waiting"],
        "Điều 22.8",
        &[
            "check",
            "mate-threat",
            "capture",
            "block",
            "parries-mate-threat",
        ],
    ),
    (
        "a root cut by a parry is not taken away",
        &["root-taken-away"],
        "Điều 22.16; Điều 23, điểm 6 và 10",
        &["protection-removed", "protection-cut-by-parry"],
    ),
    (
        "a threat to check and capture",
        &["check-and-capture", "threatening-check-and-capture"],
        "Điều 23, điểm 10",
        &["capture-discovers-check"],
    ),
];

#[cfg(test)]
mod tests {
    use super::READINGS_MADE_TERMS;
    use crate::facts::REGISTRY;
    use crate::test_support::law;

    /// Every term and fact the facts page names beside a reading exists: the law's terms in
    /// `vn-1999`, the facts in the registry.
    #[test]
    fn the_readings_made_terms_name_what_exists() {
        let law = law();
        for (reading, terms, _, facts) in READINGS_MADE_TERMS {
            for t in *terms {
                assert!(
                    law.terms.iter().any(|x| x.id == *t),
                    "{reading}: no term `{t}`"
                );
            }
            for f in *facts {
                assert!(
                    REGISTRY.iter().any(|s| s.name == *f),
                    "{reading}: no fact `{f}`"
                );
            }
        }
    }
}
