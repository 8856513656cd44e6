//! The pages of the rule sets. The law gets an overview (its articles with their predicate
//! graphs, settings, the verdict table) and one page per article with the terms and rulings
//! that encode it and the diagrams illustrating it; each ruling has its own small graph. A
//! variant gets one page: its source, its differences from the law, and its rulings.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::articles::{self, Article, ArticlePage, Item};
use super::bibliography::{self, cited};
use super::book;
use super::decree::{Printer, figure_anchor};
use super::graph_svg::rulings_graph;
use super::links::{self, rel};
use super::page::{Agreement, page, verdict_short};
use super::{Corpus, GeneratedFile};
use crate::analyses::coverage::{Coverage, RulingEffect, coverage};
use crate::analyses::diff;
use crate::analyses::trace::{CHAPTER, Shown, Trace};
use crate::compile::{CompiledRules, Ruling};
use crate::markdown::{cell, code_cell, fenced, text};
use crate::spec::{LawItem, LawText};
use crate::vocab::Subject;

/// The pages (and graph pictures) of rule set `index`; `trace` is the law's (see
/// [`super::trace_page::law_trace`]), whose text the law's article pages print.
pub fn pages(corpus: &Corpus, index: usize, trace: Option<&Trace>) -> Vec<GeneratedFile> {
    let Some(r) = corpus.rules.get(index) else {
        return Vec::new();
    };
    if index != book::law(corpus) {
        return variant_page(corpus, index);
    }
    let grouped = articles::group(corpus, r);
    let cases: Vec<_> = corpus.diagrams.iter().map(|d| d.case_play()).collect();
    let coverage = coverage(r, &cases);
    let mut files = vec![GeneratedFile {
        path: links::rule_set(&r.name).into(),
        contents: overview(corpus, r, &grouped),
    }];
    for (article, contents) in &grouped {
        let path = links::article(&r.name, article);
        let law_text = trace
            .and_then(|t| law_text(corpus, index, t, &path, article))
            .unwrap_or_default();
        let text = match article {
            Article::Terms => terms_page(corpus, index, &coverage, &path, contents, &law_text),
            _ => article_page(
                corpus, index, &coverage, &path, article, contents, &law_text,
            ),
        };
        files.push(GeneratedFile {
            path: path.into(),
            contents: text,
        });
        let ids = ruling_ids(contents);
        if let Some(svg) = rulings_graph(r, &ids, 1) {
            files.push(GeneratedFile {
                path: links::graph(&r.name, &article.slug()).into(),
                contents: svg,
            });
        }
    }
    for ruling in &r.rulings {
        if let Some(svg) = rulings_graph(r, &[ruling.id.as_str()], 2) {
            files.push(GeneratedFile {
                path: links::graph(&r.name, &ruling.id).into(),
                contents: svg,
            });
        }
    }
    files
}

/// The ids of the rulings on an article page.
fn ruling_ids<'a>(contents: &ArticlePage<'a>) -> Vec<&'a str> {
    contents
        .items
        .iter()
        .filter_map(|(item, _)| match item {
            Item::Ruling(x, _) => Some(x.id.as_str()),
            Item::Term(_) => None,
        })
        .collect()
}

/// `Luật … — vn-1999`: a rule set's heading.
fn heading(r: &CompiledRules) -> String {
    match &r.title {
        Some(t) => format!("{} (`{}`)", text(t), r.name),
        None => format!("`{}`", r.name),
    }
}

fn source_line(s: &mut String, r: &CompiledRules, here: &str) {
    if let Some(src) = &r.source {
        let _ = writeln!(
            s,
            "Nguồn (source): {} ([thư mục — bibliography]({}))\n",
            cited(src, here),
            bibliography::link(here, &r.name)
        );
    }
}

fn overview(
    corpus: &Corpus,
    r: &CompiledRules,
    grouped: &BTreeMap<Article, ArticlePage>,
) -> String {
    let here = links::rule_set(&r.name);
    let mut s = page(&heading(r));
    source_line(&mut s, r, &here);
    let doc_lines: Vec<String> = r.docs.iter().map(|l| l.trim().to_owned()).collect();
    if !doc_lines.is_empty() {
        let _ = writeln!(s, "{}\n", cited(&doc_lines.join("\n"), &here));
    }
    let _ = writeln!(s, "## Các điều (the articles)\n");
    let _ = writeln!(
        s,
        "Each article with the rulings that encode it, drawn as a graph: an arrow goes from \
         what is used to what uses it, from the facts read off the board (ellipses) through \
         the terms of Điều 22 to the rulings (red). `xqlaw graph` prints the same graph as DOT.\n"
    );
    for (article, contents) in grouped {
        let terms = contents
            .items
            .iter()
            .filter(|(i, _)| i.kind() == "term")
            .count();
        let rulings = ruling_ids(contents);
        // The link stands under the heading, not in it: mdBook wraps a heading in its own
        // anchor, and a link inside that anchor left the sidebar's entry for it empty.
        let _ = writeln!(
            s,
            "### {}\n\n[{terms} thuật ngữ (terms), {} quy tắc (rulings), {} Hình]({}).\n",
            text(&article.title()),
            rulings.len(),
            contents.diagrams.len(),
            rel(&here, &links::article(&r.name, article))
        );
        if !rulings.is_empty() {
            let _ = writeln!(
                s,
                "<div class=\"graph\"><img src=\"{}\" alt=\"predicate graph of {}\"></div>\n",
                rel(&here, &links::graph(&r.name, &article.slug())),
                cell(&article.title())
            );
        }
    }
    let _ = writeln!(s, "## Thuật ngữ và quy tắc (terms and rulings)\n");
    let _ = writeln!(s, "| | tên (name) | điều (article) |\n|---|---|---|");
    for item in items(r) {
        let home = articles::home(corpus, item);
        let meta = item.meta();
        let _ = writeln!(
            s,
            "| {} | [{}]({}#{}) | {} |",
            item.kind_vi(),
            cell(&item.label()),
            rel(&here, &links::article(&r.name, &home)),
            item.anchor(),
            cell(meta.article.as_deref().unwrap_or("")),
        );
    }
    settings_and_verdict(&mut s, r);
    s
}

fn items(r: &CompiledRules) -> impl Iterator<Item = Item<'_>> {
    r.terms.iter().map(Item::Term).chain(
        r.rulings
            .iter()
            .enumerate()
            .map(|(k, x)| Item::Ruling(x, k)),
    )
}

fn settings_and_verdict(s: &mut String, r: &CompiledRules) {
    let _ = writeln!(s, "\n## Thiết lập (settings)\n");
    let _ = writeln!(s, "| setting | value |\n|---|---|");
    let _ = writeln!(s, "| `mate-plies` | {} |", r.settings.mate_plies);
    let _ = writeln!(s, "| `mate-nodes` | {} |", r.settings.mate_nodes);
    let _ = writeln!(s, "| `ruling-occurrence` | {} |\n", r.ruling_occurrence);
    let _ = writeln!(s, "## Bảng phán quyết (the verdict table)\n");
    let _ = writeln!(
        s,
        "Rows are tried top to bottom, each with `side` bound to red (Trắng), then to black \
         (Đen); the first that matches decides.\n"
    );
    let rows: Vec<&str> = r.verdict.iter().map(|row| row.text.as_str()).collect();
    let _ = writeln!(s, "{}", fenced("text", &rows.join("\n")));
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
fn terms_page(
    corpus: &Corpus,
    index: usize,
    coverage: &Coverage,
    here: &str,
    contents: &ArticlePage,
    law_text: &str,
) -> String {
    let Some(r) = corpus.rules.get(index) else {
        return String::new();
    };
    let mut s = page(&text(&Article::Terms.title()));
    back_link(&mut s, here, r);
    s.push_str(law_text);
    let _ = writeln!(
        s,
        "The terms of the law: the Vietnamese name, the definition as the law words it, an \
         English gloss. The term's text in the rule language ([language.md]({})) unfolds \
         under each definition.\n",
        rel(here, "language.md")
    );
    let mut rows: Vec<&(Item, Vec<u32>)> = contents.items.iter().collect();
    rows.sort_by_key(|(_, numbers)| numbers.first().copied().unwrap_or(u32::MAX));
    let _ = writeln!(
        s,
        "| Điều | tên (name) | định nghĩa của luật (the law's definition) — English gloss |\n|---|---|---|"
    );
    for (item, numbers) in rows.iter().filter(|(i, _)| i.kind() == "term") {
        let meta = item.meta();
        let cited: Vec<String> = numbers.iter().map(|n| format!("22.{n}")).collect();
        let _ = writeln!(
            s,
            "| {} | <a id=\"{}\"></a>**{}** | {}<br>*{}*<details><summary>rule text</summary>{}</details> |",
            cited.join(", "),
            item.anchor(),
            cell(meta.name.as_deref().unwrap_or(item.id())),
            cell(meta.quote.as_deref().unwrap_or("")),
            cell(meta.gloss.as_deref().unwrap_or("")),
            code_cell(&source(r, *item)),
        );
    }
    let _ = writeln!(s);
    let rulings: Vec<_> = rows.iter().filter(|(i, _)| i.kind() == "ruling").collect();
    if !rulings.is_empty() {
        let _ = writeln!(s, "## Quy tắc (rulings)\n");
        for (item, _) in rulings {
            item_section(&mut s, corpus, index, coverage, here, *item, &[]);
        }
    }
    s
}

/// Any other article: the law's text, its rulings one by one, and its diagrams.
fn article_page(
    corpus: &Corpus,
    index: usize,
    coverage: &Coverage,
    here: &str,
    article: &Article,
    contents: &ArticlePage,
    law_text: &str,
) -> String {
    let Some(r) = corpus.rules.get(index) else {
        return String::new();
    };
    let mut s = page(&text(&article.title()));
    back_link(&mut s, here, r);
    s.push_str(law_text);
    let first = contents
        .diagrams
        .first()
        .and_then(|&k| corpus.diagrams.get(k))
        .filter(|_| law_text.is_empty());
    if let Some(d) = first {
        let _ = writeln!(
            s,
            "> **Điều {}.** {}\n",
            cell(&d.spec.article),
            text(d.spec.article_text.trim())
        );
    }
    let mut items: Vec<&(Item, Vec<u32>)> = contents.items.iter().collect();
    if *article == Article::Points {
        items.sort_by_key(|(_, numbers)| numbers.iter().min().copied().unwrap_or(u32::MAX));
        let mut points: BTreeMap<u32, Vec<String>> = BTreeMap::new();
        for (item, numbers) in &items {
            for n in numbers {
                points.entry(*n).or_default().push(format!(
                    "[{}](#{})",
                    cell(&item.label()),
                    item.anchor()
                ));
            }
        }
        let _ = writeln!(
            s,
            "| điểm (point) | thuật ngữ và quy tắc (terms and rulings) |\n|---|---|"
        );
        for (n, list) in points {
            let _ = writeln!(s, "| {n} | {} |", list.join(", "));
        }
        let _ = writeln!(s);
    }
    if !contents.diagrams.is_empty() {
        let _ = writeln!(s, "## Các Hình (the diagrams)\n");
        let _ = writeln!(
            s,
            "| Hình | phán quyết (verdict) | kiểm (check) |\n|---|---|---|"
        );
        for d in contents
            .diagrams
            .iter()
            .filter_map(|&k| corpus.diagrams.get(k))
        {
            let o = Agreement::of(d, index, &r.name);
            let _ = writeln!(
                s,
                "| [{}]({}) | [{}]({}#{}) | {} |",
                cell(&d.spec.title),
                rel(here, &links::diagram(d)),
                verdict_short(o.computed),
                rel(here, &links::diagram(d)),
                links::verdict_anchor(&r.name),
                o.check()
            );
        }
        let _ = writeln!(s);
    }
    if !items.is_empty() {
        let _ = writeln!(s, "## Thuật ngữ và quy tắc (terms and rulings)\n");
    }
    for (item, numbers) in items {
        let points: &[u32] = if *article == Article::Points {
            numbers
        } else {
            &[]
        };
        item_section(&mut s, corpus, index, coverage, here, *item, points);
    }
    s
}

/// The law's own text on an article page: Điều 22 or 23 whole, or the example of Điều 24 the
/// page is, verbatim from `law/` ([`super::decree`]), each sentence followed by what encodes it
/// and the diagrams that show it, each figure as its board linked to its page. `None` for
/// another page, or where the corpus holds no text of the law.
fn law_text(
    corpus: &Corpus,
    index: usize,
    trace: &Trace,
    here: &str,
    article: &Article,
) -> Option<String> {
    let r = corpus.rules.get(index)?;
    let law = LawText::of(&corpus.laws, &r.name, &r.extends)?;
    let chapter = law.chapter(CHAPTER)?;
    let (heading, items): (&str, Vec<&LawItem>) = match article {
        Article::Terms | Article::Points => {
            let id = if *article == Article::Terms {
                "22"
            } else {
                "23"
            };
            let a = chapter.articles.iter().find(|a| a.id == id)?;
            (&a.heading, a.items.iter().collect())
        }
        Article::Example(n) => {
            let a = chapter.articles.iter().find(|a| a.id == "24")?;
            let item = a.items.iter().find(|i| i.id == format!("24.{n}"))?;
            (&a.heading, vec![item])
        }
        _ => return None,
    };
    let href = |d: &Shown| {
        corpus
            .diagrams
            .iter()
            .find(|x| x.spec.id == d.id)
            .map(|x| rel(here, &links::diagram(x)))
    };
    let printer = Printer::new(r, trace, &href);
    let mut figure = |s: &mut String, n: u32| {
        let title = format!("Hình {n}");
        let found = corpus
            .diagrams
            .iter()
            .find(|d| d.topic == law.law && d.spec.title == title);
        let Some(d) = found else {
            let _ = writeln!(
                s,
                "<p class=\"hinh\" id=\"{}\">{title}</p>",
                figure_anchor(n)
            );
            return;
        };
        let page = rel(here, &links::diagram(d));
        let o = Agreement::of(d, index, &r.name);
        let _ = writeln!(
            s,
            "<div class=\"hinh\" id=\"{}\"><a href=\"{page}\"><img src=\"{}\" alt=\"{title}\" width=\"300\"></a><br><a href=\"{page}\">{title}</a> — {} {}</div>",
            figure_anchor(n),
            rel(here, &links::board(d)),
            verdict_short(o.computed),
            o.check()
        );
    };
    let mut s = format!(
        "## Văn bản của luật (the law's text)\n\n{} — verbatim from `law/{}.yaml`; after each \
         sentence, what encodes it and the diagrams that show it ([all sentences]({})).\n\n\
         <div class=\"law-text\">\n",
        text(heading),
        law.law,
        rel(here, &super::trace_page::link(&r.name))
    );
    for item in items {
        printer.item(&mut s, item, &mut figure);
    }
    s.push_str("</div>\n\n");
    Some(s)
}

fn back_link(s: &mut String, here: &str, r: &CompiledRules) {
    let _ = writeln!(
        s,
        "Một phần của (part of) [{}]({}).\n",
        text(r.title.as_deref().unwrap_or(&r.name)),
        rel(here, &links::rule_set(&r.name))
    );
}

/// One term or ruling: its name, the law's words, gloss, notes, its graph (rulings), the rule
/// text folded, the diagrams it fires in and the cases it decides (from `coverage`). `points`
/// are the points of Điều 23 it is shown under.
fn item_section(
    s: &mut String,
    corpus: &Corpus,
    index: usize,
    coverage: &Coverage,
    here: &str,
    item: Item,
    points: &[u32],
) {
    let Some(r) = corpus.rules.get(index) else {
        return;
    };
    let meta = item.meta();
    let _ = writeln!(s, "<a id=\"{}\"></a>\n", item.anchor());
    let _ = writeln!(s, "### {}\n", text(&item.label()));
    let mut line = meta.article.clone().unwrap_or_default();
    if !points.is_empty() {
        line = format!("{line} (here: điểm {})", join(points));
    }
    if !line.is_empty() {
        let _ = writeln!(s, "*{}* — {}\n", text(&line), item.kind_vi());
    }
    if let Some(q) = &meta.quote {
        let _ = writeln!(s, "> {}\n", text(q));
    }
    if let Some(g) = &meta.gloss {
        let _ = writeln!(s, "*{}*\n", text(g));
    }
    if let Some(p) = &meta.provisional {
        let _ = writeln!(s, "**Provisional reading** (tạm hiểu): {}\n", text(p));
    }
    if !meta.docs.is_empty() {
        let lines: Vec<&str> = meta.docs.iter().map(|l| l.trim()).collect();
        let _ = writeln!(s, "{}\n", cited(&lines.join("\n"), here));
    }
    if let Item::Ruling(ruling, _) = item {
        let _ = writeln!(
            s,
            "<div class=\"graph\"><img src=\"{}\" alt=\"the terms and facts {} rests on\"></div>\n",
            rel(here, &links::graph(&r.name, &ruling.id)),
            cell(&item.label())
        );
    }
    let _ = writeln!(
        s,
        "<details><summary>Rule text (<code>{}</code>)</summary>\n\n{}\n</details>\n",
        item.id(),
        fenced("text", &source(r, item))
    );
    if meta.defined_in != r.name {
        let _ = writeln!(s, "Defined in {}.\n", defined_in(here, r, &meta.defined_in));
    }
    if let Item::Ruling(_, k) = item {
        let fired = fired_in(corpus, index, k, here);
        if fired.is_empty() {
            let _ = writeln!(s, "Không áp dụng trong Hình nào (fires in no diagram).\n");
        } else {
            let _ = writeln!(s, "Áp dụng trong (fires in): {}.\n", fired.join(", "));
        }
        if let Some(effect) = coverage.ruling(item.id()) {
            decides(s, corpus, here, &r.name, effect);
        }
    }
}

/// The cases a ruling decides (whose verdict changes without it), or what it is when it
/// decides none.
fn decides(s: &mut String, corpus: &Corpus, here: &str, rule_set: &str, effect: &RulingEffect) {
    let links: Vec<String> = effect
        .decides
        .iter()
        .map(|c| {
            let page = corpus
                .diagrams
                .iter()
                .find(|d| d.topic == c.topic && d.spec.id == c.id)
                .map(|d| rel(here, &links::diagram(d)));
            match page {
                Some(page) => format!(
                    "[{}]({page}#{})",
                    cell(&c.title),
                    links::verdict_anchor(rule_set)
                ),
                None => cell(&c.title),
            }
        })
        .collect();
    if !links.is_empty() {
        let _ = writeln!(
            s,
            "Quyết định (decides): {} — the verdict changes when this ruling is removed.\n",
            links.join(", ")
        );
    } else if effect.verified_restatement() {
        let restated: Vec<String> = effect.restates.iter().map(|x| format!("`{x}`")).collect();
        let _ = writeln!(
            s,
            "Nhắc lại (restates) {}: wherever it fires, they do too, for the same side; it \
             decides no case of its own.\n",
            restated.join(", ")
        );
    } else {
        let _ = writeln!(
            s,
            "Không quyết định Hình nào (decides no case): removing it changes no verdict.\n"
        );
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
    let graver = if ruling.graver { " graver" } else { "" };
    text.push_str(&format!("\n    → {}{graver}", ruling.outcome.keyword()));
    for (keyword, ids) in [
        ("overrides", &ruling.overrides),
        ("restates", &ruling.restates),
    ] {
        let names: Vec<&str> = ids
            .iter()
            .filter_map(|id| r.rulings.get(id.0).map(|o| o.id.as_str()))
            .collect();
        if !names.is_empty() {
            text.push_str(&format!("\n    {keyword} {}", names.join(", ")));
        }
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
            let sides: Vec<&str> = [(&j.red, "Trắng"), (&j.black, "Đen")]
                .into_iter()
                .filter(|(side, _)| side.fired.iter().any(|f| &f.id == id))
                .map(|(_, name)| name)
                .collect();
            (!sides.is_empty()).then(|| {
                format!(
                    "[{}]({}#{}) ({})",
                    cell(&d.spec.title),
                    rel(here, &links::diagram(d)),
                    links::verdict_anchor(&r.name),
                    sides.join(", ")
                )
            })
        })
        .collect()
}

/// A variant's page: its source, how it differs from the law (what `xqlaw diff` prints), and
/// its rulings, each with the rule text.
fn variant_page(corpus: &Corpus, index: usize) -> Vec<GeneratedFile> {
    let law = book::law(corpus);
    let (Some(r), Some(l)) = (corpus.rules.get(index), corpus.rules.get(law)) else {
        return Vec::new();
    };
    let here = links::rule_set(&r.name);
    let mut s = page(&heading(r));
    source_line(&mut s, r, &here);
    if !r.extends.is_empty() {
        let parents: Vec<String> = r
            .extends
            .iter()
            .map(|e| format!("[{e}]({})", rel(&here, &links::rule_set(e))))
            .collect();
        let _ = writeln!(
            s,
            "Mở rộng (extends): {}. What it does not change, it inherits.\n",
            parents.join(", ")
        );
    }
    let doc_lines: Vec<String> = r.docs.iter().map(|l| l.trim().to_owned()).collect();
    if !doc_lines.is_empty() {
        let _ = writeln!(s, "{}\n", cited(&doc_lines.join("\n"), &here));
    }
    let _ = writeln!(s, "## Khác với luật (differences from `{}`)\n", l.name);
    match diff::compare(corpus, law, index) {
        Some(c) => {
            let _ = writeln!(
                s,
                "What `xqlaw diff` prints for the two rule sets: the definitions that differ, \
                 then the diagrams whose verdict changes.\n"
            );
            s.push_str(&c.to_markdown(Some(&rel(&here, "diagrams"))));
            let _ = writeln!(s);
        }
        None => {
            let _ = writeln!(s, "None.\n");
        }
    }
    let _ = writeln!(s, "## Quy tắc (rulings)\n");
    for (k, ruling) in r.rulings.iter().enumerate() {
        let item = Item::Ruling(ruling, k);
        let meta = item.meta();
        let _ = writeln!(s, "<a id=\"{}\"></a>\n", item.anchor());
        let _ = writeln!(
            s,
            "**{}** — {}{}\n",
            text(&item.label()),
            text(meta.article.as_deref().unwrap_or("")),
            if meta.defined_in == r.name {
                String::new()
            } else {
                format!(" (from {})", defined_in(&here, r, &meta.defined_in))
            }
        );
        if let Some(q) = &meta.quote {
            let _ = writeln!(s, "> {}\n", cited(q, &here));
        }
        if let Some(p) = &meta.provisional {
            let _ = writeln!(s, "**Provisional reading** (tạm hiểu): {}\n", text(p));
        }
        let _ = writeln!(
            s,
            "<details><summary>Rule text (<code>{}</code>)</summary>\n\n{}\n</details>\n",
            item.id(),
            fenced("text", &ruling_source(r, ruling))
        );
    }
    settings_and_verdict(&mut s, r);
    vec![GeneratedFile {
        path: here.into(),
        contents: s,
    }]
}
