//! The articles of the law a term or ruling cites, read from its free-text `article`
//! attribute (`"Điều 22.11; Điều 23, điểm 3, 6–8; Điều 24.19"`, `"AXF rules 16, 32 (D26–28)"`),
//! so each rule set's terms and rulings can be grouped into one page per article.

use std::collections::BTreeMap;

use super::Corpus;
use crate::compile::{CompiledRules, Meta, Ruling, Term};

/// A page of a rule set: one article of its law.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Article {
    /// Điều 22, the terms.
    Terms,
    /// Điều 23, the judging points.
    Points,
    /// Điều 24 as a whole (a citation without an example number).
    Examples,
    /// One example of Điều 24: `Example(11)` is Điều 24.11.
    Example(u32),
    /// A numbered rule of the Asian rules.
    AxfRule(u32),
    /// Any other citation, as written (without its parenthesised remark).
    Other(String),
}

impl Article {
    /// The page's file stem.
    pub fn slug(&self) -> String {
        match self {
            Article::Terms => "dieu-22".to_owned(),
            Article::Points => "dieu-23".to_owned(),
            Article::Examples => "dieu-24".to_owned(),
            Article::Example(n) => format!("dieu-24-{n}"),
            Article::AxfRule(n) => format!("axf-rule-{n}"),
            Article::Other(text) => format!("other-{:08x}", fnv1a(text)),
        }
    }

    /// The page's title: Vietnamese, with an English gloss.
    pub fn title(&self) -> String {
        match self {
            Article::Terms => "Điều 22 — Thuật ngữ (terms)".to_owned(),
            Article::Points => {
                "Điều 23 — Mười điểm chính khi xử ván cờ (the ten judging points)".to_owned()
            }
            Article::Examples => "Điều 24 — Các ví dụ (examples)".to_owned(),
            Article::Example(n) => format!("Điều 24.{n}"),
            Article::AxfRule(n) => format!("AXF rule {n}"),
            Article::Other(text) => text.clone(),
        }
    }

    /// The article a spec file's `article` (`24.11`) names.
    pub fn of_diagram(article: &str) -> Option<Article> {
        let n = article.trim().strip_prefix("24.")?.parse().ok()?;
        Some(Article::Example(n))
    }
}

/// One citation: the article and, for Điều 22 and 23, the numbers cited in it (22.*n*,
/// điểm *n*).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Citation {
    /// The article.
    pub article: Article,
    /// The sub-numbers cited (empty where the article has none).
    pub numbers: Vec<u32>,
}

/// Reads the citations of an `article` attribute. `Hình n` (a diagram's title) stands for
/// the example the diagram illustrates, looked up in the corpus.
pub fn citations(text: &str, corpus: &Corpus) -> Vec<Citation> {
    let mut out: Vec<Citation> = Vec::new();
    for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        for c in citation(part, corpus) {
            match out.iter_mut().find(|o| o.article == c.article) {
                Some(o) => o.numbers.extend(c.numbers),
                None => out.push(c),
            }
        }
    }
    out
}

fn citation(part: &str, corpus: &Corpus) -> Vec<Citation> {
    let plain = |article| Citation {
        article,
        numbers: Vec::new(),
    };
    let bare = without_remark(part);
    if let Some(rest) = bare.strip_prefix("Điều 22.") {
        return vec![Citation {
            article: Article::Terms,
            numbers: numbers(rest, ""),
        }];
    }
    if let Some(rest) = bare.strip_prefix("Điều 23") {
        let rest = rest.trim_start_matches([',', ' ']);
        return vec![Citation {
            article: Article::Points,
            numbers: numbers(rest.strip_prefix("điểm").unwrap_or(rest), ""),
        }];
    }
    if let Some(rest) = bare.strip_prefix("Điều 24.") {
        let rest = format!("24.{rest}");
        return numbers(&rest, "24.")
            .into_iter()
            .map(|n| plain(Article::Example(n)))
            .collect();
    }
    if bare == "Điều 24" {
        let examples: Vec<Citation> = remark(part)
            .and_then(|r| r.strip_prefix("Hình"))
            .map(|r| numbers(r, ""))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|n| example_of(corpus, n))
            .fold(Vec::new(), |mut acc, a| {
                if !acc.contains(&a) {
                    acc.push(a);
                }
                acc
            })
            .into_iter()
            .map(plain)
            .collect();
        return if examples.is_empty() {
            vec![plain(Article::Examples)]
        } else {
            examples
        };
    }
    for prefix in ["AXF rules", "AXF rule"] {
        if let Some(rest) = bare.strip_prefix(prefix) {
            return numbers(rest, "")
                .into_iter()
                .map(|n| plain(Article::AxfRule(n)))
                .collect();
        }
    }
    vec![plain(Article::Other(bare.to_owned()))]
}

/// The example diagram `Hình n` illustrates.
fn example_of(corpus: &Corpus, n: u32) -> Option<Article> {
    let title = format!("Hình {n}");
    let d = corpus.diagrams.iter().find(|d| d.spec.title == title)?;
    Article::of_diagram(&d.spec.article)
}

/// The text before a parenthesised remark: `AXF rule 6` of `AXF rule 6 (D1–3)`.
fn without_remark(part: &str) -> &str {
    part.split('(').next().unwrap_or(part).trim()
}

/// The parenthesised remark: `Hình 1–3` of `Điều 24 (Hình 1–3)`.
fn remark(part: &str) -> Option<&str> {
    let (_, rest) = part.split_once('(')?;
    Some(rest.split(')').next().unwrap_or(rest).trim())
}

/// The numbers of a list such as `3, 6–8`, `3 và 9` or `24.24–24.26` (`prefix` `24.`).
fn numbers(list: &str, prefix: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for item in list
        .split([',', '&'])
        .flat_map(|i| i.split(" và "))
        .flat_map(|i| i.split(" and "))
    {
        let number = |s: &str| -> Option<u32> {
            let s = s.trim();
            s.strip_prefix(prefix).unwrap_or(s).trim().parse().ok()
        };
        match item.split_once(['–', '-']) {
            Some((a, b)) => {
                if let (Some(a), Some(b)) = (number(a), number(b)) {
                    out.extend(a..=b.min(a.saturating_add(100)));
                }
            }
            None => out.extend(number(item)),
        }
    }
    out
}

/// A term or a ruling of a rule set.
#[derive(Debug, Clone, Copy)]
pub enum Item<'a> {
    /// A term.
    Term(&'a Term),
    /// A ruling, with its index in [`CompiledRules::rulings`].
    Ruling(&'a Ruling, usize),
}

impl<'a> Item<'a> {
    /// The id.
    pub fn id(&self) -> &'a str {
        match self {
            Item::Term(t) => &t.id,
            Item::Ruling(r, _) => &r.id,
        }
    }

    /// The descriptive attributes.
    pub fn meta(&self) -> &'a Meta {
        match self {
            Item::Term(t) => &t.meta,
            Item::Ruling(r, _) => &r.meta,
        }
    }

    /// `term` or `ruling`.
    pub fn kind(&self) -> &'static str {
        match self {
            Item::Term(_) => "term",
            Item::Ruling(..) => "ruling",
        }
    }

    /// What the prose calls the item: its Vietnamese `name`, else the law's passage it cites
    /// (`Điều 23, điểm 3`), else its id. The id itself appears only in the rule text.
    pub fn label(&self) -> String {
        let meta = self.meta();
        if let Some(name) = &meta.name {
            return name.clone();
        }
        match meta
            .article
            .as_deref()
            .map(|a| a.split(';').next().unwrap_or(a).trim())
        {
            Some(a) if !a.is_empty() => format!("{} ({a})", self.kind_vi()),
            _ => self.id().to_owned(),
        }
    }

    /// `thuật ngữ` (term) or `quy tắc` (ruling).
    pub fn kind_vi(&self) -> &'static str {
        match self {
            Item::Term(_) => "thuật ngữ",
            Item::Ruling(..) => "quy tắc",
        }
    }

    /// The HTML anchor of the item on its article pages.
    pub fn anchor(&self) -> String {
        format!("{}-{}", self.kind(), self.id())
    }
}

/// One article page's contents: the items citing it (with the numbers they cite) and the
/// diagrams illustrating it (indices into [`Corpus::diagrams`]).
#[derive(Debug, Default)]
pub struct ArticlePage<'a> {
    /// The terms and rulings, in rule-file order.
    pub items: Vec<(Item<'a>, Vec<u32>)>,
    /// The diagrams.
    pub diagrams: Vec<usize>,
}

/// Groups a rule set's terms and rulings by the articles they cite, and the corpus's
/// diagrams by the example they illustrate. Items citing nothing go under
/// [`Article::Other`] `"no article"`.
pub fn group<'a>(corpus: &Corpus, rules: &'a CompiledRules) -> BTreeMap<Article, ArticlePage<'a>> {
    let mut pages: BTreeMap<Article, ArticlePage<'a>> = BTreeMap::new();
    let items = rules.terms.iter().map(Item::Term).chain(
        rules
            .rulings
            .iter()
            .enumerate()
            .map(|(k, r)| Item::Ruling(r, k)),
    );
    for item in items {
        let cited = item
            .meta()
            .article
            .as_deref()
            .map(|a| citations(a, corpus))
            .unwrap_or_default();
        if cited.is_empty() {
            pages
                .entry(Article::Other("no article".to_owned()))
                .or_default()
                .items
                .push((item, Vec::new()));
        }
        for c in cited {
            pages
                .entry(c.article)
                .or_default()
                .items
                .push((item, c.numbers));
        }
    }
    for (k, d) in corpus.diagrams.iter().enumerate() {
        if let Some(article) = Article::of_diagram(&d.spec.article) {
            pages.entry(article).or_default().diagrams.push(k);
        }
    }
    pages
}

/// The first article an item cites (its home page), if any.
pub fn home(corpus: &Corpus, item: Item<'_>) -> Article {
    item.meta()
        .article
        .as_deref()
        .and_then(|a| citations(a, corpus).into_iter().next())
        .map_or_else(|| Article::Other("no article".to_owned()), |c| c.article)
}

/// 32-bit FNV-1a: a stable file name for a citation without a number.
fn fnv1a(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5, |h: u32, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn empty() -> Corpus {
        Corpus::new(Vec::new(), Vec::new())
    }

    fn read(text: &str) -> Vec<(Article, Vec<u32>)> {
        citations(text, &empty())
            .into_iter()
            .map(|c| (c.article, c.numbers))
            .collect()
    }

    #[test]
    fn reads_the_vietnamese_articles() {
        assert_eq!(
            read("Điều 22.11; Điều 23, điểm 3, 6–8; Điều 24.19"),
            vec![
                (Article::Terms, vec![11]),
                (Article::Points, vec![3, 6, 7, 8]),
                (Article::Example(19), vec![]),
            ]
        );
        assert_eq!(
            read("Điều 23, điểm 3 và 9; Điều 24.21, 24.24–24.26"),
            vec![
                (Article::Points, vec![3, 9]),
                (Article::Example(21), vec![]),
                (Article::Example(24), vec![]),
                (Article::Example(25), vec![]),
                (Article::Example(26), vec![]),
            ]
        );
        assert_eq!(read("Điều 22.14 (2004)"), vec![(Article::Terms, vec![14])]);
        assert_eq!(
            read("Điều 24 (Hình 1–3)"),
            vec![(Article::Examples, vec![])]
        );
    }

    #[test]
    fn reads_the_asian_rules_and_keeps_the_rest_as_written() {
        assert_eq!(
            read("AXF rules 16, 32 (D26–28, D76–80)"),
            vec![
                (Article::AxfRule(16), vec![]),
                (Article::AxfRule(32), vec![])
            ]
        );
        assert_eq!(
            read("AXF rules 28–29 (D67–70)"),
            vec![
                (Article::AxfRule(28), vec![]),
                (Article::AxfRule(29), vec![])
            ]
        );
        assert_eq!(
            read("禁止着法 (xiangqiwu copy)"),
            vec![(Article::Other("禁止着法".to_owned()), vec![])]
        );
        assert!(Article::Other("禁止着法".to_owned()).slug().is_ascii());
    }
}
