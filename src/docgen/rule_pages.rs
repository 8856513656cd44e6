//! The pages of a rule set: an overview (settings, the articles, the verdict table, the
//! predicate graph) and one page per article with the terms and rulings citing it and the
//! diagrams illustrating it.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::articles::{self, Article, ArticlePage, Item};
use super::links::{self, rel};
use super::markdown::{Outcome, cell, code_cell, page, paragraphs, verdict};
use super::{Corpus, GeneratedFile};
use crate::compile::graph::GraphFormat;
use crate::compile::{CompiledRules, Ruling};
use crate::syntax::ast::Subject;
use crate::syntax::print;

/// The overview page and the article pages of rule set `index`.
pub fn pages(corpus: &Corpus, index: usize) -> Vec<GeneratedFile> {
    let Some(r) = corpus.rules.get(index) else {
        return Vec::new();
    };
    let grouped = articles::group(corpus, r);
    let mut files = vec![GeneratedFile {
        path: links::rule_set(&r.name).into(),
        contents: overview(corpus, r, &grouped),
    }];
    for (article, contents) in &grouped {
        let path = links::article(&r.name, article);
        let text = match article {
            Article::Terms => terms_page(corpus, index, &path, contents),
            _ => article_page(corpus, index, &path, article, contents),
        };
        files.push(GeneratedFile {
            path: path.into(),
            contents: text,
        });
    }
    files
}

/// The articles of rule set `r`, in page order (for the summary).
pub fn article_list(corpus: &Corpus, r: &CompiledRules) -> Vec<Article> {
    articles::group(corpus, r).into_keys().collect()
}

fn overview(
    corpus: &Corpus,
    r: &CompiledRules,
    grouped: &BTreeMap<Article, ArticlePage>,
) -> String {
    let here = links::rule_set(&r.name);
    let mut s = page(&match &r.title {
        Some(t) => format!("{} — {t}", r.name),
        None => r.name.clone(),
    });
    if let Some(src) = &r.source {
        let _ = writeln!(s, "Source: {src}\n");
    }
    if !r.extends.is_empty() {
        let parents: Vec<String> = r
            .extends
            .iter()
            .map(|e| format!("[{e}]({})", rel(&here, &links::rule_set(e))))
            .collect();
        let _ = writeln!(
            s,
            "Extends: {}. Definitions it inherits say which rule set defined them.\n",
            parents.join(", ")
        );
    }
    paragraphs(&mut s, &r.docs);
    let _ = writeln!(s, "## Articles\n");
    let _ = writeln!(
        s,
        "| article | terms | rulings | diagrams |\n|---|---|---|---|"
    );
    for (article, contents) in grouped {
        let count = |kind: &str| {
            contents
                .items
                .iter()
                .filter(|(i, _)| i.kind() == kind)
                .count()
        };
        let _ = writeln!(
            s,
            "| [{}]({}) | {} | {} | {} |",
            cell(&article.title()),
            rel(&here, &links::article(&r.name, article)),
            count("term"),
            count("ruling"),
            contents.diagrams.len()
        );
    }
    let _ = writeln!(s, "\n## Terms and rulings\n");
    let _ = writeln!(
        s,
        "| | id | Vietnamese name | article | defined in |\n|---|---|---|---|---|"
    );
    let items = r.terms.iter().map(Item::Term).chain(
        r.rulings
            .iter()
            .enumerate()
            .map(|(k, x)| Item::Ruling(x, k)),
    );
    for item in items {
        let home = articles::home(corpus, item);
        let meta = item.meta();
        let _ = writeln!(
            s,
            "| {} | [`{}`]({}#{}) | {} | {} | {} |",
            item.kind(),
            item.id(),
            rel(&here, &links::article(&r.name, &home)),
            item.anchor(),
            cell(meta.name.as_deref().unwrap_or("")),
            cell(meta.article.as_deref().unwrap_or("")),
            defined_in(&here, r, &meta.defined_in),
        );
    }
    let _ = writeln!(s, "\n## Settings\n");
    let _ = writeln!(s, "| setting | value |\n|---|---|");
    let _ = writeln!(s, "| `mate-plies` | {} |", r.settings.mate_plies);
    let _ = writeln!(s, "| `mate-nodes` | {} |\n", r.settings.mate_nodes);
    let _ = writeln!(s, "## Verdict\n");
    let _ = writeln!(
        s,
        "Rows are tried top to bottom, each with `side` bound to red, then to black; the first \
         that matches decides.\n"
    );
    let rows: Vec<&str> = r.verdict.iter().map(|row| row.text.as_str()).collect();
    let _ = writeln!(s, "```text\n{}\n```\n", rows.join("\n"));
    let _ = writeln!(s, "## Predicate graph\n");
    let _ = writeln!(
        s,
        "Facts (rounded), terms, rulings and the verdict; an arrow goes from what is used to \
         what uses it (`xqlaw graph` prints it as Graphviz too).\n"
    );
    let _ = writeln!(s, "```mermaid\n{}```", r.graph.render(GraphFormat::Mermaid));
    s
}

/// `—` for the rule set's own definitions, else a link to the one that defined it.
fn defined_in(here: &str, r: &CompiledRules, file: &str) -> String {
    if file == r.name {
        "—".to_owned()
    } else {
        format!("[{file}]({})", rel(here, &links::rule_set(file)))
    }
}

/// Điều 22: a table of the terms (and the rulings citing a term's article).
fn terms_page(corpus: &Corpus, index: usize, here: &str, contents: &ArticlePage) -> String {
    let Some(r) = corpus.rules.get(index) else {
        return String::new();
    };
    let mut s = page(&format!("{}: Điều 22 — terms", r.name));
    back_link(&mut s, here, r);
    let _ = writeln!(
        s,
        "The terms of the law and how the rule set reads them: the Vietnamese name, the \
         definition as the law words it, an English gloss, and the term's source text in the \
         rule language ([language.md]({})).\n",
        rel(here, "language.md")
    );
    let mut rows: Vec<&(Item, Vec<u32>)> = contents.items.iter().collect();
    rows.sort_by_key(|(_, numbers)| numbers.first().copied().unwrap_or(u32::MAX));
    for (title, kind) in [("Terms", "term"), ("Rulings", "ruling")] {
        let of_kind: Vec<_> = rows.iter().filter(|(i, _)| i.kind() == kind).collect();
        if of_kind.is_empty() {
            continue;
        }
        let _ = writeln!(s, "## {title}\n");
        let _ = writeln!(
            s,
            "| Điều | {kind} | Vietnamese name | definition (the law) | English gloss | source |\n\
             |---|---|---|---|---|---|"
        );
        for (item, numbers) in of_kind {
            let meta = item.meta();
            let inherited = if meta.defined_in == r.name {
                String::new()
            } else {
                format!(" (from {})", defined_in(here, r, &meta.defined_in))
            };
            let cited: Vec<String> = numbers.iter().map(|n| format!("22.{n}")).collect();
            let _ = writeln!(
                s,
                "| {} | <a id=\"{}\"></a>`{}`{inherited} | {} | {} | {} | {} |",
                cited.join(", "),
                item.anchor(),
                item.id(),
                cell(meta.name.as_deref().unwrap_or("")),
                cell(meta.quote.as_deref().unwrap_or("")),
                cell(meta.gloss.as_deref().unwrap_or("")),
                code_cell(&source(r, *item)),
            );
        }
        let _ = writeln!(s);
    }
    s
}

/// Any other article: its items one by one, and its diagrams with their verdicts.
fn article_page(
    corpus: &Corpus,
    index: usize,
    here: &str,
    article: &Article,
    contents: &ArticlePage,
) -> String {
    let Some(r) = corpus.rules.get(index) else {
        return String::new();
    };
    let mut s = page(&format!("{}: {}", r.name, article.title()));
    back_link(&mut s, here, r);
    let first = contents
        .diagrams
        .first()
        .and_then(|&k| corpus.diagrams.get(k));
    if let Some(d) = first {
        let _ = writeln!(
            s,
            "> **Điều {}.** {}\n",
            d.spec.article,
            d.spec.article_text.trim()
        );
    }
    let mut items: Vec<&(Item, Vec<u32>)> = contents.items.iter().collect();
    if *article == Article::Points {
        items.sort_by_key(|(_, numbers)| numbers.iter().min().copied().unwrap_or(u32::MAX));
        let mut points: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for (item, numbers) in &items {
            for n in numbers {
                points.entry(*n).or_default().push(format!(
                    "[`{}`](#{})",
                    item.id(),
                    item.anchor()
                ));
            }
        }
        let _ = writeln!(s, "| điểm | terms and rulings |\n|---|---|");
        for (n, list) in points {
            let _ = writeln!(s, "| {n} | {} |", list.join(", "));
        }
        let _ = writeln!(s);
    }
    if !items.is_empty() {
        let _ = writeln!(s, "## Terms and rulings\n");
    }
    for (item, numbers) in items {
        let points: &[u32] = if *article == Article::Points {
            numbers
        } else {
            &[]
        };
        item_section(&mut s, corpus, index, here, *item, points);
    }
    if !contents.diagrams.is_empty() {
        let _ = writeln!(s, "## Diagrams\n");
        let _ = writeln!(
            s,
            "| diagram | expected | computed ({}) | pass/fail |\n|---|---|---|---|",
            r.name
        );
        for d in contents
            .diagrams
            .iter()
            .filter_map(|&k| corpus.diagrams.get(k))
        {
            let o = Outcome::of(d, index, &r.name);
            let _ = writeln!(
                s,
                "| [{}]({}) | {} | [{}]({}#{}) | {} |",
                d.spec.title,
                rel(here, &links::diagram(d)),
                o.expected_text(),
                verdict(o.computed),
                rel(here, &links::diagram(d)),
                links::verdict_anchor(&r.name),
                o.check()
            );
        }
        let _ = writeln!(s);
    }
    s
}

fn back_link(s: &mut String, here: &str, r: &CompiledRules) {
    let _ = writeln!(
        s,
        "Part of rule set [{0}]({1}).\n",
        r.name,
        rel(here, &links::rule_set(&r.name))
    );
}

/// One term or ruling: heading, the law's words, gloss, source text, where it was defined
/// and (for rulings) the diagrams it fires in. `points` are the points of Điều 23 it is shown
/// under.
fn item_section(
    s: &mut String,
    corpus: &Corpus,
    index: usize,
    here: &str,
    item: Item,
    points: &[u32],
) {
    let Some(r) = corpus.rules.get(index) else {
        return;
    };
    let meta = item.meta();
    let name = meta
        .name
        .as_ref()
        .map(|n| format!(" — {n}"))
        .unwrap_or_default();
    let _ = writeln!(s, "<a id=\"{}\"></a>\n", item.anchor());
    let _ = writeln!(s, "### {} `{}`{name}\n", item.kind(), item.id());
    let mut line = meta.article.clone().unwrap_or_default();
    if !points.is_empty() {
        line = format!("{line} (here: điểm {})", join(points));
    }
    if !line.is_empty() {
        let _ = writeln!(s, "*{line}*\n");
    }
    if let Some(q) = &meta.quote {
        let _ = writeln!(s, "> {q}\n");
    }
    if let Some(g) = &meta.gloss {
        let _ = writeln!(s, "Gloss: {g}\n");
    }
    paragraphs(s, &meta.docs);
    let _ = writeln!(s, "```text\n{}\n```\n", source(r, item));
    if meta.defined_in != r.name {
        let _ = writeln!(s, "Defined in {}.\n", defined_in(here, r, &meta.defined_in));
    }
    if let Item::Ruling(_, k) = item {
        let fired = fired_in(corpus, index, k, here);
        if fired.is_empty() {
            let _ = writeln!(s, "Fires in no diagram of the corpus.\n");
        } else {
            let _ = writeln!(s, "Fires in: {}.\n", fired.join(", "));
        }
    }
}

fn join(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The item's source text in the rule language, as the printer writes it.
fn source(r: &CompiledRules, item: Item) -> String {
    match item {
        Item::Term(t) => {
            let subject = match t.subject {
                Subject::Move => "move",
                Subject::Threat => "threat",
            };
            format!("term {} on {subject}\n    = {}", t.id, t.text)
        }
        Item::Ruling(ruling, _) => ruling_source(r, ruling),
    }
}

fn ruling_source(r: &CompiledRules, ruling: &Ruling) -> String {
    let mut text = format!("ruling {}\n    when {}", ruling.id, ruling.when_text);
    for u in &ruling.unless_text {
        text.push_str(&format!("\n    unless {u}"));
    }
    text.push_str(&format!("\n    → {}", print::outcome(ruling.outcome)));
    let overrides: Vec<&str> = ruling
        .overrides
        .iter()
        .filter_map(|id| r.rulings.get(id.0).map(|o| o.id.as_str()))
        .collect();
    if !overrides.is_empty() {
        text.push_str(&format!("\n    overrides {}", overrides.join(", ")));
    }
    text
}

/// Links to the diagrams in which ruling `k` of rule set `index` fires, with the sides.
fn fired_in(corpus: &Corpus, index: usize, k: usize, here: &str) -> Vec<String> {
    let Some(r) = corpus.rules.get(index) else {
        return Vec::new();
    };
    let Some(id) = r.rulings.get(k).map(|x| &x.id) else {
        return Vec::new();
    };
    corpus
        .diagrams
        .iter()
        .filter_map(|d| {
            let j = d.judgements.get(index)?.as_ref()?;
            let sides: Vec<&str> = [&j.red, &j.black]
                .into_iter()
                .filter(|side| side.fired.iter().any(|f| &f.id == id))
                .map(|side| side.side.name())
                .collect();
            (!sides.is_empty()).then(|| {
                format!(
                    "[{}]({}#{}) ({})",
                    d.spec.title,
                    rel(here, &links::diagram(d)),
                    links::verdict_anchor(&r.name),
                    sides.join(", ")
                )
            })
        })
        .collect()
}
