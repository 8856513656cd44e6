//! The forum-markup reader: splits a source file into lines and classifies them into items
//! (diagram headings, article headings, `[game]` blocks, other headings and prose paragraphs).
//!
//! Nothing here knows about chess; [`super::diagram`] reads the inside of a `[game]` block and
//! [`super::document`] attributes articles and commentary to diagrams.

use std::ops::Range;

/// One line of a source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: u32,
    /// Byte offset of the line's first character in the file.
    pub start: usize,
    /// The line without its line terminator.
    pub text: &'a str,
}

impl Line<'_> {
    /// The byte range of the line's text, trimmed of surrounding white space.
    pub fn trimmed_span(&self) -> Range<usize> {
        let lead = self.text.len() - self.text.trim_start().len();
        let start = self.start + lead;
        start..start + self.text.trim().len()
    }
}

/// A classified run of lines; line indices refer to [`Document::lines`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `[b]Hình N[/b]` or `[b]Hình N:[/b]` on a line of its own.
    DiagramHeading {
        /// The diagram's number `N`.
        number: u32,
        /// Index of the heading line.
        line: usize,
    },
    /// An article heading of Điều 24 (`24.N. text`, `[b]24.N:[/b] text`, …) with the lines
    /// that directly continue it.
    ArticleHeading {
        /// The article, e.g. `24.2`.
        article: String,
        /// The article's text, markup stripped, continuation lines joined with `\n`.
        text: String,
        /// Indices of the first and last line.
        lines: Range<usize>,
    },
    /// A `[game …]` block up to and including `[/game]`.
    Game {
        /// Indices of the block's lines (`[game …]` to `[/game]`).
        lines: Range<usize>,
        /// Whether the block ends with `[/game]` (otherwise it runs to the next heading).
        closed: bool,
    },
    /// Any other heading: a fully bold line, `CHƯƠNG …`, `Điều N …`.
    Heading {
        /// Index of the heading line.
        line: usize,
    },
    /// Consecutive prose lines.
    Paragraph {
        /// Indices of the paragraph's lines.
        lines: Range<usize>,
    },
}

/// A source file read into lines and items.
#[derive(Debug, Clone)]
pub struct Document<'a> {
    /// Every line of the file.
    pub lines: Vec<Line<'a>>,
    /// The items in document order.
    pub items: Vec<Item>,
}

impl<'a> Document<'a> {
    /// Reads a file's text.
    pub fn read(text: &'a str) -> Document<'a> {
        let lines = split_lines(text);
        let items = classify(&lines);
        Document { lines, items }
    }

    /// The lines in `range`, or none if the range is out of bounds.
    pub fn lines_in(&self, range: &Range<usize>) -> &[Line<'a>] {
        self.lines.get(range.clone()).unwrap_or(&[])
    }

    /// The prose of a paragraph's lines, markup stripped, lines joined with `\n`.
    pub fn paragraph_text(&self, range: &Range<usize>) -> String {
        self.lines_in(range)
            .iter()
            .map(|l| strip_markup(l.text).trim().to_string())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn split_lines(text: &str) -> Vec<Line<'_>> {
    let mut lines = Vec::new();
    let mut start = 0;
    for (i, raw) in text.split('\n').enumerate() {
        let body = raw.strip_suffix('\r').unwrap_or(raw);
        lines.push(Line {
            number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            start,
            text: body,
        });
        start += raw.len() + 1;
    }
    // A final newline does not start another line.
    if lines.last().is_some_and(|l| l.text.is_empty()) && text.ends_with('\n') {
        lines.pop();
    }
    lines
}

/// What a single line is, before grouping.
enum Kind {
    Blank,
    Diagram(u32),
    Article(String, String),
    GameStart,
    Heading,
    Prose,
}

fn kind(text: &str) -> Kind {
    let t = text.trim();
    if t.is_empty() {
        return Kind::Blank;
    }
    if t.starts_with("[game") {
        return Kind::GameStart;
    }
    let plain = strip_markup(t);
    let plain = plain.trim();
    if let Some(n) = diagram_heading(plain) {
        return Kind::Diagram(n);
    }
    if let Some((article, rest)) = article_heading(plain) {
        return Kind::Article(article, rest);
    }
    let bold_line = t.starts_with("[b]") && t.ends_with("[/b]");
    let upper = plain.starts_with("CHƯƠNG") || plain.starts_with("Chương ");
    let dieu = plain
        .strip_prefix("Điều ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    if bold_line || upper || dieu {
        return Kind::Heading;
    }
    Kind::Prose
}

/// `Hình N` or `Hình N:` alone.
fn diagram_heading(plain: &str) -> Option<u32> {
    let rest = plain.strip_prefix("Hình")?;
    let rest = rest.trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let tail = rest.get(digits.len()..)?.trim();
    if digits.is_empty() || !(tail.is_empty() || tail == ":") {
        return None;
    }
    digits.parse().ok()
}

/// `24.N. text`, `24.N: text`, `24.N text`: the article and its text.
fn article_heading(plain: &str) -> Option<(String, String)> {
    let rest = plain.strip_prefix("24.")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let tail = rest.get(digits.len()..)?;
    let text = tail.trim_start_matches(['.', ':']).trim();
    // `24.1.2` would be a sub-clause, not an article heading.
    if tail.starts_with('.') && tail.get(1..)?.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    Some((format!("24.{digits}"), text.to_string()))
}

fn classify(lines: &[Line<'_>]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut i = 0;
    while let Some(line) = lines.get(i) {
        match kind(line.text) {
            Kind::Blank => i += 1,
            Kind::Diagram(number) => {
                items.push(Item::DiagramHeading { number, line: i });
                i += 1;
            }
            Kind::Heading => {
                items.push(Item::Heading { line: i });
                i += 1;
            }
            Kind::GameStart => {
                let start = i;
                let mut closed = false;
                i += 1;
                while let Some(l) = lines.get(i) {
                    let t = l.text.trim();
                    if t.starts_with("[/game]") {
                        closed = true;
                        i += 1;
                        break;
                    }
                    if matches!(kind(l.text), Kind::Diagram(_) | Kind::Article(..)) {
                        break;
                    }
                    i += 1;
                }
                items.push(Item::Game {
                    lines: start..i,
                    closed,
                });
            }
            Kind::Article(article, first) => {
                let start = i;
                let mut text = first;
                i += 1;
                while let Some(l) = lines.get(i) {
                    if !matches!(kind(l.text), Kind::Prose) {
                        break;
                    }
                    text.push('\n');
                    text.push_str(strip_markup(l.text).trim());
                    i += 1;
                }
                items.push(Item::ArticleHeading {
                    article,
                    text,
                    lines: start..i,
                });
            }
            Kind::Prose => {
                let start = i;
                while lines
                    .get(i)
                    .is_some_and(|l| matches!(kind(l.text), Kind::Prose))
                {
                    i += 1;
                }
                items.push(Item::Paragraph { lines: start..i });
            }
        }
    }
    items
}

/// Removes forum markup: `[img]…[/img]` with its caption, and every `[tag …]` / `[/tag]`.
pub fn strip_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        match tag_len(from) {
            Some((len, name)) => {
                let after = from.get(len..).unwrap_or("");
                if name == "img" {
                    // Drop the caption up to the closing tag.
                    rest = match after.find("[/img]") {
                        Some(end) => after.get(end + "[/img]".len()..).unwrap_or(""),
                        None => after,
                    };
                } else {
                    rest = after;
                }
            }
            None => {
                out.push('[');
                rest = from.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// If `s` starts with a markup tag (`[name…]` or `[/name]`), its byte length and name.
fn tag_len(s: &str) -> Option<(usize, String)> {
    let inner = s.strip_prefix('[')?;
    let close = inner.find(']')?;
    let body = inner.get(..close)?;
    let closing = body.starts_with('/');
    let name: String = body
        .trim_start_matches('/')
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    let rest = body.trim_start_matches('/').get(name.len()..)?;
    let known = matches!(
        name.as_str(),
        "b" | "i" | "u" | "s" | "img" | "topic" | "url" | "quote" | "color" | "size" | "center"
    );
    if !known || (closing && !rest.is_empty()) || !(rest.is_empty() || rest.starts_with([' ', '=']))
    {
        return None;
    }
    Some((close + 2, if closing { String::new() } else { name }))
}

/// The diagram numbers a paragraph names at its start (`Hình 64 và 65: …`, `Các hình 1,2,3 …`,
/// `Từ hình 1 đến hình 3, …`), or an empty list.
pub fn named_diagrams(paragraph: &str) -> Vec<u32> {
    let lower = paragraph.trim_start().to_lowercase();
    let rest = ["hình ", "các hình ", "từ hình "]
        .iter()
        .find_map(|p| lower.strip_prefix(p));
    match rest {
        Some(rest) => number_list(rest),
        None => Vec::new(),
    }
}

/// The figure numbers an article heading names in `(Các hình …)`, each with its text.
pub fn article_figures(text: &str) -> Option<(String, Vec<u32>)> {
    let lower = text.to_lowercase();
    let at = lower.find("(các hình")?;
    let inner = lower.get(at + "(các hình".len()..)?;
    let end = inner.find(')').unwrap_or(inner.len());
    let list = inner.get(..end)?.trim();
    Some((list.to_string(), number_list(list)))
}

/// Parses `1,2,3`, `64 và 65`, `từ 51 đến 55`, `1 đến hình 3` up to the first other word.
fn number_list(text: &str) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    let mut range_from: Option<u32> = None;
    let words = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ':')
        .filter(|w| !w.is_empty());
    for word in words {
        match word {
            "và" | "hình" | "từ" => {}
            "đến" => range_from = out.last().copied(),
            w if w.chars().all(|c| c.is_ascii_digit()) => {
                let Ok(n) = w.parse::<u32>() else { break };
                match range_from.take() {
                    Some(from) if from < n && n - from < 100 => out.extend(from + 1..=n),
                    _ => out.push(n),
                }
            }
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "intro\n\n24.2. Nếu hòa.\n\nTừ hình 1 đến hình 2, chiếu.\n\n[b]Hình 1[/b]\n[game x]\nFEN 9 w\n[/game]\nLời [i]bình[/i].\nTiếp.\n\n[b]Điều 17: X[/b]\n[b]24.20:[/b] Bắt:\n*Một\n[b]Hình 2:[/b]\n";

    #[test]
    fn lines_have_numbers_and_offsets() {
        let doc = Document::read("a\r\nbc\n\nd\n");
        let got: Vec<_> = doc
            .lines
            .iter()
            .map(|l| (l.number, l.start, l.text))
            .collect();
        assert_eq!(
            got,
            vec![(1, 0, "a"), (2, 3, "bc"), (3, 6, ""), (4, 7, "d")]
        );
    }

    #[test]
    fn items_are_classified() {
        let doc = Document::read(SAMPLE);
        let kinds: Vec<String> = doc
            .items
            .iter()
            .map(|it| match it {
                Item::DiagramHeading { number, .. } => format!("diagram {number}"),
                Item::ArticleHeading { article, text, .. } => format!("article {article} {text:?}"),
                Item::Game { closed, lines } => format!("game {closed} {}", lines.len()),
                Item::Heading { .. } => "heading".into(),
                Item::Paragraph { lines } => format!("para {:?}", doc.paragraph_text(lines)),
            })
            .collect();
        assert_eq!(
            kinds,
            vec![
                "para \"intro\"",
                "article 24.2 \"Nếu hòa.\"",
                "para \"Từ hình 1 đến hình 2, chiếu.\"",
                "diagram 1",
                "game true 3",
                "para \"Lời bình.\\nTiếp.\"",
                "heading",
                "article 24.20 \"Bắt:\\n*Một\"",
                "diagram 2",
            ]
        );
    }

    #[test]
    fn markup_is_stripped() {
        assert_eq!(strip_markup("[b]24.16[/b]: Pháo"), "24.16: Pháo");
        assert_eq!(strip_markup("[img]x.jpg;center;Cap[/img]Text"), "Text");
        assert_eq!(strip_markup("a [topic id=1]b[/topic] [x] c["), "a b [x] c[");
    }

    #[test]
    fn headings() {
        assert_eq!(diagram_heading("Hình 61:"), Some(61));
        assert_eq!(diagram_heading("Hình 64 và 65: Xe"), None);
        assert_eq!(
            article_heading("24.7. Một chiếu"),
            Some(("24.7".into(), "Một chiếu".into()))
        );
        assert_eq!(
            article_heading("24.16: Pháo"),
            Some(("24.16".into(), "Pháo".into()))
        );
        assert_eq!(article_heading("24.1.2 x"), None);
        assert_eq!(article_heading("17.3. Hình thức"), None);
    }

    #[test]
    fn naming_paragraphs() {
        assert_eq!(named_diagrams("Hình 64 và 65: Xe Đen"), vec![64, 65]);
        assert_eq!(named_diagrams("Các hình 1,2,3 đều cho thấy"), vec![1, 2, 3]);
        assert_eq!(named_diagrams("Từ hình 1 đến hình 3, bên"), vec![1, 2, 3]);
        assert_eq!(named_diagrams("Hình 76, 77 và 78, Xe"), vec![76, 77, 78]);
        assert_eq!(named_diagrams("Hình 22 và 23 Pháo"), vec![22, 23]);
        assert_eq!(named_diagrams("Hình dưới minh họa"), Vec::<u32>::new());
        assert_eq!(named_diagrams("Xe Trắng"), Vec::<u32>::new());
    }

    #[test]
    fn article_figure_lists() {
        assert_eq!(
            article_figures("Bắt (Các hình 76, 780)"),
            Some(("76, 780".into(), vec![76, 780]))
        );
        assert_eq!(
            article_figures("x. (Các hình từ 51 đến 55)."),
            Some(("từ 51 đến 55".into(), vec![51, 52, 53, 54, 55]))
        );
        assert_eq!(article_figures("không"), None);
    }
}
