//! Attributes articles and commentary to the diagrams of one source file.
//!
//! A diagram's article is the nearest article heading above it in the same file. Its
//! commentary is the paragraph right after its block, plus every paragraph of the file that
//! names it (`Hình 64 và 65: …`, `Từ hình 1 đến hình 3, …`), in document order.

use std::collections::BTreeMap;
use std::ops::Range;

use super::diagram::{Oddity, RawGame, read_game};
use super::text::{Document, Item, article_figures, named_diagrams};

/// The article heading a diagram stands under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleRef {
    /// E.g. `24.2`.
    pub id: String,
    /// The article's text.
    pub text: String,
    /// Index of the article's item in [`Document::items`].
    pub item: usize,
}

/// One printed copy of a diagram, as read from one file.
#[derive(Debug, Clone)]
pub struct FileDiagram {
    /// The diagram's number.
    pub number: u32,
    /// 1-based line of the `Hình N` heading.
    pub line: u32,
    /// Byte range of the heading.
    pub heading: Range<usize>,
    /// The article above it, if any.
    pub article: Option<ArticleRef>,
    /// The block's content.
    pub game: RawGame,
    /// Commentary paragraphs in document order.
    pub commentary: Vec<String>,
}

/// An article heading whose figure list names a diagram that is not under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureListIssue {
    /// The article, e.g. `24.28`.
    pub article: String,
    /// The list as printed, e.g. `76, 780`.
    pub printed: String,
    /// Byte range of the printed list.
    pub span: Range<usize>,
    /// The named numbers that are not among the article's diagrams.
    pub unknown: Vec<u32>,
    /// The diagrams that stand under the article.
    pub actual: Vec<u32>,
}

/// A problem with the layout of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutProblem {
    /// A `Hình N` heading not followed by a `[game]` block.
    HeadingWithoutBlock {
        /// The diagram's number.
        number: u32,
        /// Byte range of the heading.
        span: Range<usize>,
    },
    /// A `[game]` block without `Hình N` heading.
    BlockWithoutHeading {
        /// Byte range of the block's first line.
        span: Range<usize>,
    },
}

/// Everything one file says about the diagrams.
#[derive(Debug, Clone, Default)]
pub struct FileReading {
    /// The diagrams in document order.
    pub diagrams: Vec<FileDiagram>,
    /// Article figure lists that name diagrams not under the article.
    pub figure_issues: Vec<FigureListIssue>,
    /// Layout problems.
    pub problems: Vec<LayoutProblem>,
}

/// Reads the diagrams of a document and attributes articles and commentary to them.
pub fn attribute(doc: &Document<'_>) -> FileReading {
    let mut reading = FileReading::default();
    let mut article: Option<ArticleRef> = None;
    // Paragraphs (by item index) that name diagrams, and each diagram's own paragraph.
    let mut named: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    let mut own: Vec<Option<usize>> = Vec::new();
    let mut consumed: Vec<usize> = Vec::new();
    let mut headed_games: Vec<usize> = Vec::new();

    for (k, item) in doc.items.iter().enumerate() {
        match item {
            Item::ArticleHeading {
                article: id, text, ..
            } => {
                article = Some(ArticleRef {
                    id: id.clone(),
                    text: text.clone(),
                    item: k,
                });
            }
            Item::Paragraph { lines } => {
                for n in named_diagrams(&doc.paragraph_text(lines)) {
                    named.entry(n).or_default().push(k);
                }
            }
            Item::DiagramHeading { number, line } => {
                let heading = doc.lines.get(*line).map_or(0..0, |l| l.trimmed_span());
                let line_no = doc.lines.get(*line).map_or(0, |l| l.number);
                let Some(Item::Game { lines, .. }) = doc.items.get(k + 1) else {
                    reading.problems.push(LayoutProblem::HeadingWithoutBlock {
                        number: *number,
                        span: heading,
                    });
                    continue;
                };
                headed_games.push(k + 1);
                let next = match doc.items.get(k + 2) {
                    Some(Item::Paragraph { lines }) => Some((k + 2, lines.clone())),
                    _ => None,
                };
                let trailing = next
                    .as_ref()
                    .map_or(&[][..], |(_, lines)| doc.lines_in(lines));
                let game = read_game(doc.lines_in(lines), trailing);
                let para_start = trailing.first().map_or(usize::MAX, |l| l.start);
                let used_trailing = game.oddities.iter().any(|o| {
                    matches!(o, Oddity::MovesOutsideBlock { span, .. } if span.start >= para_start)
                });
                let mut own_para = None;
                if let Some((idx, lines)) = next {
                    if used_trailing {
                        consumed.push(idx);
                    } else {
                        let text = doc.paragraph_text(&lines);
                        let raw = doc.lines_in(&lines).first().map_or("", |l| l.text.trim());
                        let unrelated = raw.starts_with("[img") || raw.starts_with("[i]");
                        if !unrelated && named_diagrams(&text).is_empty() {
                            own_para = Some(idx);
                        }
                    }
                }
                own.push(own_para);
                reading.diagrams.push(FileDiagram {
                    number: *number,
                    line: line_no,
                    heading,
                    article: article.clone(),
                    game,
                    commentary: Vec::new(),
                });
            }
            Item::Game { lines, .. } => {
                if !headed_games.contains(&k) {
                    let span = doc
                        .lines_in(lines)
                        .first()
                        .map_or(0..0, |l| l.trimmed_span());
                    reading
                        .problems
                        .push(LayoutProblem::BlockWithoutHeading { span });
                }
            }
            Item::Heading { .. } => {}
        }
    }

    for (diagram, own_para) in reading.diagrams.iter_mut().zip(own) {
        let mut paras: Vec<usize> = named.get(&diagram.number).cloned().unwrap_or_default();
        paras.retain(|p| !consumed.contains(p));
        paras.extend(own_para);
        paras.sort_unstable();
        paras.dedup();
        diagram.commentary = paras
            .into_iter()
            .filter_map(|p| match doc.items.get(p) {
                Some(Item::Paragraph { lines }) => Some(doc.paragraph_text(lines)),
                _ => None,
            })
            .collect();
    }

    reading.figure_issues = figure_issues(doc, &reading.diagrams);
    reading
}

fn figure_issues(doc: &Document<'_>, diagrams: &[FileDiagram]) -> Vec<FigureListIssue> {
    let mut issues = Vec::new();
    for (k, item) in doc.items.iter().enumerate() {
        let Item::ArticleHeading {
            article,
            text,
            lines,
        } = item
        else {
            continue;
        };
        let Some((printed, numbers)) = article_figures(text) else {
            continue;
        };
        let actual: Vec<u32> = diagrams
            .iter()
            .filter(|d| d.article.as_ref().is_some_and(|a| a.item == k))
            .map(|d| d.number)
            .collect();
        let unknown: Vec<u32> = numbers
            .iter()
            .copied()
            .filter(|n| !actual.contains(n))
            .collect();
        if unknown.is_empty() || actual.is_empty() {
            continue;
        }
        let span = doc
            .lines_in(lines)
            .iter()
            .find_map(|l| {
                l.text
                    .find(printed.as_str())
                    .map(|p| l.start + p..l.start + p + printed.len())
            })
            .or_else(|| doc.lines_in(lines).first().map(|l| l.trimmed_span()))
            .unwrap_or(0..0);
        issues.push(FigureListIssue {
            article: article.clone(),
            printed,
            span,
            unknown,
            actual,
        });
    }
    issues
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
24.2. Nếu hòa.

Từ hình 1 đến hình 2, chiếu mãi.

[b]Hình 1[/b]
[game]
FEN a
START{
1.X2.1 Tg6.1
}END
[/game]

[b]Hình 2[/b]
[game]
FEN b
START{
1.X2.1
}END
[/game]
Riêng hình hai.
Các hình 1,2 đều thế.

[b]24.28:[/b] Một quân. (Các hình 3, 780)
[b]Hình 3:[/b]
[game]
FEN c
START{
}END
[/game]
1.X2-1 P9-8

[i]Xin hỏi[/i]
";

    #[test]
    fn articles_and_commentary() {
        let doc = Document::read(FILE);
        let r = attribute(&doc);
        let got: Vec<_> = r
            .diagrams
            .iter()
            .map(|d| {
                (
                    d.number,
                    d.line,
                    d.article.as_ref().map(|a| a.id.clone()),
                    d.commentary.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    1,
                    5,
                    Some("24.2".to_string()),
                    vec!["Từ hình 1 đến hình 2, chiếu mãi.".to_string()]
                ),
                (
                    2,
                    13,
                    Some("24.2".to_string()),
                    vec![
                        "Từ hình 1 đến hình 2, chiếu mãi.".to_string(),
                        "Riêng hình hai.\nCác hình 1,2 đều thế.".to_string()
                    ]
                ),
                (3, 24, Some("24.28".to_string()), vec![]),
            ]
        );
        assert!(r.problems.is_empty());
    }

    #[test]
    fn naming_paragraph_of_its_own() {
        let src = "24.2. x\n[b]Hình 1[/b]\n[game]\n[/game]\nRiêng.\n\nHình 1 và 2: chung.\n";
        let r = attribute(&Document::read(src));
        assert_eq!(
            r.diagrams[0].commentary,
            vec!["Riêng.", "Hình 1 và 2: chung."]
        );
    }

    #[test]
    fn figure_list_misprint() {
        let doc = Document::read(FILE);
        let r = attribute(&doc);
        assert_eq!(r.figure_issues.len(), 1);
        let issue = &r.figure_issues[0];
        assert_eq!(issue.article, "24.28");
        assert_eq!(issue.unknown, vec![780]);
        assert_eq!(issue.actual, vec![3]);
        assert_eq!(&FILE[issue.span.clone()], "3, 780");
    }

    #[test]
    fn layout_problems() {
        let src = "[b]Hình 4[/b]\ntext\n[game]\n[/game]\n";
        let r = attribute(&Document::read(src));
        assert_eq!(r.problems.len(), 2);
    }
}
