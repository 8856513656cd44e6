//! The comparison of the rule sets: one page with every rule set's verdict on every diagram,
//! and one page per pair of rule sets with what `xqlaw diff` prints for them.

use std::fmt::Write as _;

use super::links::{self, rel};
use super::page::{Agreement, page, verdict_short};
use super::{Corpus, Diagram, GeneratedFile};
use crate::analyses::diff;
use crate::markdown::cell;

/// The pairs of rule sets compared, as indices into [`Corpus::rules`], each once, in the
/// order of [`ordered`].
pub fn pairs(corpus: &Corpus) -> Vec<(usize, usize)> {
    let n = corpus.rules.len();
    let mut pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| ordered(corpus, a, b)))
        .collect();
    let name = |i: usize| corpus.rules.get(i).map(|r| r.name.as_str());
    pairs.sort_by_key(|&(a, b)| (name(a), name(b)));
    pairs
}

/// Rule sets `a` and `b` in the order a reader compares them: from the one extended to the one
/// extending it (`vn-1999` → `cxa`), else in name order.
pub fn ordered(corpus: &Corpus, a: usize, b: usize) -> (usize, usize) {
    let extends = |x: usize, y: usize| {
        let (Some(rx), Some(ry)) = (corpus.rules.get(x), corpus.rules.get(y)) else {
            return false;
        };
        rx.extends.contains(&ry.name)
    };
    if extends(a, b) {
        (b, a)
    } else if extends(b, a) {
        (a, b)
    } else {
        (a.min(b), a.max(b))
    }
}

/// The rule set a diagram's row is compared against: the one of the book the diagram comes
/// from (its spec folder, `vn-1999` for the law's diagrams), else the first one its spec file
/// states an expectation for, else the first rule set.
fn reference(corpus: &Corpus, d: &Diagram) -> usize {
    let rules = &corpus.rules;
    rules
        .iter()
        .position(|r| r.name == d.topic)
        .or_else(|| {
            rules
                .iter()
                .position(|r| d.spec.expect.contains_key(&r.name))
        })
        .unwrap_or(0)
}

/// The comparison page: one row per diagram, one column per rule set.
pub fn compare(corpus: &Corpus) -> String {
    let here = links::COMPARE;
    // The law's column first, then the variants in name order.
    let law = super::book::law(corpus);
    let order: Vec<(usize, &crate::compile::CompiledRules)> = corpus
        .rules
        .get(law)
        .map(|r| (law, r))
        .into_iter()
        .chain(corpus.rules.iter().enumerate().filter(|&(k, _)| k != law))
        .collect();
    let mut s = page("So sánh các bộ luật (comparing the rule sets)");
    let _ = writeln!(
        s,
        "## Pairs\n\nHow many diagrams change verdict between two rule sets; each number links \
         to the pair's page, with the differences between their texts.\n"
    );
    let mut header = "| |".to_owned();
    let mut rule = "|---|".to_owned();
    for (_, r) in &order {
        header.push_str(&format!(" {} |", r.name));
        rule.push_str("---|");
    }
    let _ = writeln!(s, "{header}\n{rule}");
    for &(a, ra) in &order {
        let mut row = format!("| **{}** |", ra.name);
        for &(b, _) in &order {
            let (x, y) = ordered(corpus, a, b);
            if a == b {
                row.push_str(" — |");
                continue;
            }
            let (Some(rx), Some(ry)) = (corpus.rules.get(x), corpus.rules.get(y)) else {
                continue;
            };
            let changed = diff::verdict_changes(corpus, a, b).len();
            row.push_str(&format!(
                " [{changed}]({}) |",
                rel(here, &links::pair(&rx.name, &ry.name))
            ));
        }
        let _ = writeln!(s, "{row}");
    }
    let _ = writeln!(s, "\n## Verdicts\n");
    let _ = writeln!(
        s,
        "Each row compares the rule sets with the diagram's reference rule set, marked ◆: the \
         rule set of the book the diagram comes from (`vn-1999` for the law's diagrams). Verdicts are \
         in Vietnamese: Trắng thua (red loses), Đen thua (black loses), Hòa (draw). A verdict that \
         differs from the reference is **bold**; every verdict links to its explanation on the diagram's page. \
         ✓ and ✗ say whether a verdict matches the spec file's expectation.\n"
    );
    let mut header = "| Hình | Điều |".to_owned();
    let mut rule = "|---|---|".to_owned();
    for (_, r) in &order {
        header.push_str(&format!(" {} |", r.name));
        rule.push_str("---|");
    }
    header.push_str(" differ |");
    rule.push_str("---|");
    let _ = writeln!(s, "{header}\n{rule}");
    for d in &corpus.diagrams {
        let reference = reference(corpus, d);
        let reference_verdict = corpus
            .rules
            .get(reference)
            .map(|r| Agreement::of(d, reference, &r.name).computed);
        let mut row = format!(
            "| [{}]({}) | {} |",
            cell(&d.spec.title),
            links::diagram(d),
            cell(&d.spec.article)
        );
        let mut differ = 0;
        for &(k, r) in &order {
            let o = Agreement::of(d, k, &r.name);
            let link = format!(
                "[{}]({}#{})",
                verdict_short(o.computed),
                links::diagram(d),
                links::verdict_anchor(&r.name)
            );
            let mark = match (o.expected, o.computed) {
                (Some(e), Some(c)) if e == c => " ✓",
                (Some(_), _) => " ✗",
                _ => "",
            };
            let cell = if k == reference {
                format!("{link} ◆{mark}")
            } else if Some(o.computed) != reference_verdict {
                differ += 1;
                format!("**{link}**{mark}")
            } else {
                format!("{link}{mark}")
            };
            row.push_str(&format!(" {cell} |"));
        }
        row.push_str(&if differ > 0 {
            format!(" {differ} |")
        } else {
            " |".to_owned()
        });
        let _ = writeln!(s, "{row}");
    }
    s
}

/// The page of the pair of rule sets `a` and `b`: [`variants::compare`] in Markdown, as
/// `xqlaw diff --markdown` prints it.
pub fn pair_page(corpus: &Corpus, a: usize, b: usize) -> Option<GeneratedFile> {
    let (ra, rb) = (corpus.rules.get(a)?, corpus.rules.get(b)?);
    let here = links::pair(&ra.name, &rb.name);
    let comparison = diff::compare(corpus, a, b)?;
    let mut s = page(&format!("{} and {}", ra.name, rb.name));
    let _ = writeln!(
        s,
        "What `xqlaw diff --markdown rules/{}.rules rules/{}.rules` prints: where the two \
         texts differ (terms, rulings, settings, verdict table), then the diagrams whose \
         verdict changes, with the rulings that decide it. Rule sets: [{}]({}), [{}]({}); \
         every rule set on every diagram: [{}]({}).\n",
        ra.name,
        rb.name,
        ra.name,
        rel(&here, &links::rule_set(&ra.name)),
        rb.name,
        rel(&here, &links::rule_set(&rb.name)),
        links::COMPARE,
        rel(&here, links::COMPARE),
    );
    s.push_str(&comparison.to_markdown(Some(&rel(&here, "diagrams"))));
    Some(GeneratedFile {
        path: here.into(),
        contents: s,
    })
}
