//! Reads the decree's text out of one source file: its chapters (`CHƯƠNG V …`), articles
//! (`Điều 22: …`), and their items with their paragraphs, as printed.
//!
//! Two passes. The first walks the lines: a decree chapter's heading opens it, an article
//! heading in uppercase (`Điều 18: ĐIỀU LỆ GIẢI ĐẤU`) opens an article, and each line after it
//! is an item (`14. Có căn…`, `Điểm 3: …`, `21.5.1. …`) or a paragraph of the item above
//! (`a) …`, `– …`, plain prose), until something that is not the decree's (a picture, a
//! reader's letter, a `[game]` block, an example heading of Điều 24). The second walks the
//! items of [`Document`]: an example of Điều 24 (`24.11: …`) may stand anywhere, and its
//! paragraphs and figures follow it. Of the paragraphs under an example, the law's are the
//! ones before its first figure, the one right after each figure, and the ones that name a
//! figure (`Hình 64 và 65: …`), as for the diagrams' commentary; the others (forum replies,
//! news) are left out, and said to be.

use std::ops::Range;

use super::super::text::{Document, Item as DocItem, named_diagrams, strip_markup};

/// A paragraph as printed: one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// Its mark (`a)`, `*`, `–`), if any.
    pub label: Option<String>,
    /// Its text, markup and mark stripped.
    pub text: String,
    /// Index of its line in [`Document::lines`].
    pub line: usize,
}

/// A paragraph or a figure of an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// A paragraph.
    Paragraph(Paragraph),
    /// The diagram `Hình N`.
    Figure(u32),
}

/// An item as printed in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedItem {
    /// The chapter (`V`).
    pub chapter: String,
    /// The article (`22`).
    pub article: u32,
    /// The item's number as printed (`22.14`, `23.5`, `20.3`); the article's own number
    /// for the text of an article without numbered items.
    pub number: String,
    /// Its label as printed (`14.`, `Điều 5:`, `[b]24.22:[/b]` stripped to `24.22:`).
    pub label: String,
    /// The term it defines (Điều 22).
    pub term: Option<String>,
    /// Index of its first line.
    pub line: usize,
    /// Its paragraphs and figures.
    pub pieces: Vec<Piece>,
}

/// A heading as printed in one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Heading {
    /// The chapter (`V`).
    pub chapter: String,
    /// The article's number; `None` for a chapter heading.
    pub article: Option<u32>,
    /// The heading's text, markup stripped.
    pub text: String,
    /// Index of its line.
    pub line: usize,
}

/// Paragraphs under an example of Điều 24 that are not taken as the law's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    /// The example (`24.14`).
    pub item: String,
    /// Their lines (indices).
    pub lines: Vec<usize>,
}

/// What one file prints of the decree.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileText {
    /// Chapter and article headings, in printed order.
    pub headings: Vec<Heading>,
    /// Items, in printed order.
    pub items: Vec<PrintedItem>,
    /// Paragraphs left out, per example.
    pub left_out: Vec<LeftOut>,
    /// The decision's header (number, place and date, title), if the file prints it.
    pub decision: Vec<String>,
}

/// Reads what `doc` prints of the decree.
pub fn read(doc: &Document<'_>) -> FileText {
    let mut file = FileText {
        decision: decision(doc),
        ..FileText::default()
    };
    read_lines(doc, &mut file);
    read_examples(doc, &mut file);
    file
}

/// The first pass: chapters, articles and the items of every article but Điều 24.
fn read_lines(doc: &Document<'_>, file: &mut FileText) {
    let mut chapter: Option<String> = None;
    let mut article: Option<u32> = None;
    for (i, line) in doc.lines.iter().enumerate() {
        let raw = line.text.trim();
        let plain = strip_markup(raw);
        let plain = plain.trim();
        if plain.is_empty() {
            continue;
        }
        if let Some(roman) = chapter_heading(plain) {
            file.headings.push(Heading {
                chapter: roman.clone(),
                article: None,
                text: plain.to_owned(),
                line: i,
            });
            chapter = Some(roman);
            article = None;
            continue;
        }
        if ends_the_decree(raw, plain) {
            chapter = None;
            continue;
        }
        let Some(ch) = chapter.clone() else { continue };
        if let Some(n) = article_heading(plain) {
            file.headings.push(Heading {
                chapter: ch,
                article: Some(n),
                text: plain.to_owned(),
                line: i,
            });
            article = Some(n);
            continue;
        }
        let Some(n) = article else { continue };
        match n {
            22 => term_line(file, &ch, plain, i),
            23 => point_line(file, &ch, plain, i),
            24 => {}
            _ => item_line(file, &ch, n, plain, i),
        }
    }
}

/// `CHƯƠNG V CÁC LUẬT CHI TIẾT` → `V`: a decree chapter is numbered in roman numerals and
/// written in capitals (the textbook's `Chương 3 …` is not the decree's).
fn chapter_heading(plain: &str) -> Option<String> {
    let rest = plain.strip_prefix("CHƯƠNG ")?;
    let roman: String = rest.chars().take_while(|c| "IVXL".contains(*c)).collect();
    let after = rest.get(roman.len()..)?;
    (!roman.is_empty() && (after.is_empty() || after.starts_with(' '))).then_some(roman)
}

/// `Điều 18: ĐIỀU LỆ GIẢI ĐẤU` → 18: an article heading's title is in capitals. (A point of
/// Điều 23 misprinted `Điều 5: Hai bắt…` is not one.)
fn article_heading(plain: &str) -> Option<u32> {
    let rest = plain.strip_prefix("Điều ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let title = rest
        .get(digits.len()..)?
        .trim_start_matches([':', '.'])
        .trim();
    let capitals = !title.is_empty() && !title.chars().any(char::is_lowercase);
    if capitals { digits.parse().ok() } else { None }
}

/// Whether a line ends the decree's text: a picture, a reader's letter, a game, a diagram
/// or an example of Điều 24 (read by the second pass), a heading of something else.
fn ends_the_decree(raw: &str, plain: &str) -> bool {
    raw.starts_with("[img")
        || raw.starts_with("[i]")
        || raw.starts_with("[game")
        || plain.starts_with("Hình ") && plain.len() < 12
        || example_heading(plain).is_some()
        || plain.starts_with("Chương ")
}

/// `14. Có căn, không căm: Quân cờ …`: a term of Điều 22.
fn term_line(file: &mut FileText, chapter: &str, plain: &str, line: usize) {
    let digits: String = plain.chars().take_while(char::is_ascii_digit).collect();
    let parsed = plain
        .get(digits.len()..)
        .and_then(|r| r.strip_prefix(". "))
        .and_then(|r| r.split_once(": "));
    match parsed {
        Some((term, text)) if !digits.is_empty() => file.items.push(PrintedItem {
            chapter: chapter.to_owned(),
            article: 22,
            number: format!("22.{digits}"),
            label: format!("{digits}."),
            term: Some(term.trim().to_owned()),
            line,
            pieces: vec![paragraph(None, text, line)],
        }),
        _ => continue_item(file, chapter, 22, None, plain, line),
    }
}

/// `Điểm 3: …`, misprinted `Điều 5: …` or `Điều 9 …`: a point of Điều 23.
fn point_line(file: &mut FileText, chapter: &str, plain: &str, line: usize) {
    let point = ["Điểm ", "Điều "].iter().find_map(|word| {
        let rest = plain.strip_prefix(word)?;
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = rest.get(digits.len()..)?;
        let colon = after.starts_with(':');
        let text = after.trim_start_matches(':').trim();
        (!digits.is_empty() && after.starts_with([':', ' '])).then(|| {
            let label = format!("{word}{digits}{}", if colon { ":" } else { "" });
            (digits, label, text.to_owned())
        })
    });
    match point {
        Some((digits, label, text)) => file.items.push(PrintedItem {
            chapter: chapter.to_owned(),
            article: 23,
            number: format!("23.{digits}"),
            label,
            term: None,
            line,
            pieces: vec![paragraph(None, &text, line)],
        }),
        None => continue_item(file, chapter, 23, None, plain, line),
    }
}

/// A line of another article: a numbered item (`21.5.1. …`, `21.2 …`), or a paragraph of the
/// item above, with its mark (`a)`, `b.9)`, `–`) if it has one.
fn item_line(file: &mut FileText, chapter: &str, article: u32, plain: &str, line: usize) {
    if let Some((number, label, text)) = numbered(plain, article) {
        file.items.push(PrintedItem {
            chapter: chapter.to_owned(),
            article,
            number,
            label,
            term: None,
            line,
            pieces: if text.is_empty() {
                Vec::new()
            } else {
                vec![paragraph(None, text, line)]
            },
        });
        return;
    }
    let (mark, text) = marked(plain);
    continue_item(file, chapter, article, mark, text, line);
}

/// `21.5.1. text` or `21.2 text` under article 21: the number, the label, the text.
fn numbered(plain: &str, article: u32) -> Option<(String, String, &str)> {
    let number: String = plain
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let trimmed = number.trim_end_matches('.');
    let mut parts = trimmed.split('.');
    let first: u32 = parts.next()?.parse().ok()?;
    let depth = parts.clone().count();
    if first != article || depth == 0 || parts.any(|p| p.parse::<u32>().is_err()) {
        return None;
    }
    let text = plain.get(number.len()..)?;
    if !(text.is_empty() || text.starts_with(' ')) {
        return None;
    }
    Some((trimmed.to_owned(), number.clone(), text.trim()))
}

/// A paragraph's mark: `a)`, `b.9)`, `–`, `*`.
fn marked(plain: &str) -> (Option<String>, &str) {
    for dash in ["– ", "- ", "*"] {
        if let Some(rest) = plain.strip_prefix(dash) {
            return (Some(dash.trim().to_owned()), rest.trim());
        }
    }
    let mark: String = plain
        .chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '.')
        .collect();
    let starts_with_letter = mark.chars().next().is_some_and(|c| c.is_ascii_lowercase());
    match plain.get(mark.len()..).and_then(|r| r.strip_prefix(')')) {
        Some(rest) if starts_with_letter && mark.len() <= 4 => {
            (Some(format!("{mark})")), rest.trim())
        }
        _ => (None, plain),
    }
}

/// Adds a paragraph to the last item of the article, or to a new item standing for the
/// article's own text.
fn continue_item(
    file: &mut FileText,
    chapter: &str,
    article: u32,
    mark: Option<String>,
    text: &str,
    line: usize,
) {
    let last = file
        .items
        .last_mut()
        .filter(|i| i.article == article && i.chapter == chapter);
    let piece = paragraph(mark, text, line);
    match last {
        Some(item) => item.pieces.push(piece),
        None => file.items.push(PrintedItem {
            chapter: chapter.to_owned(),
            article,
            number: article.to_string(),
            label: String::new(),
            term: None,
            line,
            pieces: vec![piece],
        }),
    }
}

fn paragraph(label: Option<String>, text: &str, line: usize) -> Piece {
    Piece::Paragraph(Paragraph {
        label,
        text: text.trim().to_owned(),
        line,
    })
}

/// `24.11` of an example heading's plain text (`24.11: …`, `24.16: …`, `24.1. …`).
pub fn example_heading(plain: &str) -> Option<String> {
    let rest = plain.strip_prefix("24.")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after = rest.get(digits.len()..)?;
    let sub_clause = after.starts_with('.')
        && after
            .get(1..)
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()));
    (!digits.is_empty() && !sub_clause).then(|| format!("24.{digits}"))
}

/// The second pass: each example of Điều 24 with its paragraphs and figures.
fn read_examples(doc: &Document<'_>, file: &mut FileText) {
    // The example being read, whether the last item was a diagram's block, and whether the
    // example has shown a figure yet.
    let mut current: Option<usize> = None;
    let mut after_block = false;
    let mut left_out: Vec<usize> = Vec::new();
    let flush = |file: &mut FileText, current: Option<usize>, left_out: &mut Vec<usize>| {
        if let (Some(k), false) = (current, left_out.is_empty()) {
            if let Some(item) = file.items.get(k) {
                let item = item.number.clone();
                file.left_out.push(LeftOut {
                    item,
                    lines: std::mem::take(left_out),
                });
            }
        }
        left_out.clear();
    };
    for (k, it) in doc.items.iter().enumerate() {
        match it {
            DocItem::ArticleHeading { article, lines, .. } => {
                flush(file, current, &mut left_out);
                current = Some(file.items.len());
                after_block = false;
                file.items.push(example(doc, article, lines));
            }
            DocItem::Heading { .. } => {
                flush(file, current, &mut left_out);
                current = None;
            }
            DocItem::DiagramHeading { number, .. } => {
                let has_block = matches!(doc.items.get(k + 1), Some(DocItem::Game { .. }));
                if let Some(item) = current.and_then(|c| file.items.get_mut(c)) {
                    if has_block {
                        item.pieces.push(Piece::Figure(*number));
                    }
                }
                after_block = false;
            }
            DocItem::Game { .. } => after_block = true,
            DocItem::Paragraph { lines } => {
                let Some(item) = current.and_then(|c| file.items.get_mut(c)) else {
                    continue;
                };
                let first = doc.lines_in(lines).first().map_or("", |l| l.text.trim());
                let unrelated = first.starts_with("[img") || first.starts_with("[i]");
                let before_figures = !item.pieces.iter().any(|p| matches!(p, Piece::Figure(_)));
                let names = !named_diagrams(&doc.paragraph_text(lines)).is_empty();
                let law = !unrelated && (after_block || before_figures || names);
                for i in lines.clone() {
                    let Some(line) = doc.lines.get(i) else {
                        continue;
                    };
                    let text = strip_markup(line.text);
                    if text.trim().is_empty() {
                        continue;
                    }
                    if law {
                        item.pieces.push(paragraph(None, &text, i));
                    } else {
                        left_out.push(i);
                    }
                }
                after_block = false;
            }
        }
    }
    flush(file, current, &mut left_out);
}

/// An example heading and the lines continuing it: the first line's text after the number,
/// and each continuation line (`*Nếu …`) a paragraph with its mark.
fn example(doc: &Document<'_>, article: &str, lines: &Range<usize>) -> PrintedItem {
    let mut pieces = Vec::new();
    let mut label = String::new();
    for i in lines.clone() {
        let Some(line) = doc.lines.get(i) else {
            continue;
        };
        let plain = strip_markup(line.text);
        let plain = plain.trim();
        if i == lines.start {
            let after = plain.get(article.len()..).unwrap_or("");
            let text = after.trim_start_matches(['.', ':']).trim_start();
            label = plain
                .get(..plain.len() - text.len())
                .unwrap_or(article)
                .trim()
                .to_owned();
            if !text.is_empty() {
                pieces.push(paragraph(None, text, i));
            }
        } else {
            let (mark, text) = marked(plain);
            pieces.push(paragraph(mark, text, i));
        }
    }
    PrintedItem {
        chapter: "V".to_owned(),
        article: 24,
        number: article.to_owned(),
        label,
        term: None,
        line: lines.start,
        pieces,
    }
}

/// The decision's header: the line `Số: …` and the lines after it up to the first bold one
/// (the place and date, the title, its subject).
fn decision(doc: &Document<'_>) -> Vec<String> {
    let Some(start) = doc.lines.iter().position(|l| {
        let plain = strip_markup(l.text);
        plain.trim().starts_with("Số: ") && plain.contains("/UBTDTT")
    }) else {
        return Vec::new();
    };
    doc.lines
        .iter()
        .skip(start)
        .take_while(|l| !l.text.trim().starts_with("[b]"))
        .map(|l| strip_markup(l.text).trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "\
tin tức

[i]Số: 11991/1999/UBTDTT-TT1
Hà Nội, ngày 22 tháng 12 năm 1999[/i]

QUYẾT ĐỊNH

[b]BỘ TRƯỞNG[/b]

CHƯƠNG V CÁC LUẬT CHI TIẾT

[b]Điều 22: GIẢI THÍCH THUẬT NGỮ[/b]
1. Bắt quân: Quân của một bên thay thế.
14. Có căn, không căm: Quân cờ được bảo vệ. Ngược lại thì không.

[b]Điều 23: MƯỜI ĐIỂM CHÍNH KHI XỬ VÁN CỜ[/b]
Điểm 1: Chiếu mãi bị xử thua.
Điều 5: Hai bắt một bắt lại.
Điều 9 Tướng hoặc Tốt.

[b]Điều 24: CÁC VÍ DỤ CỤ THỂ[/b]
24.2. Nếu đi cờ luân phiên thì xử hòa.

Từ hình 1 đến hình 1, bên Trắng chiếu.

[b]Hình 1[/b]
[game]
FEN 9 w
[/game]
Các hình 1 đều cho thấy.

Comments

[b]24.20:[/b] Bắt mãi quân cùng loạiu:
*Nếu hai bên hòa
*Nếu một bên thua. (Các hình 2)
[b]Hình 2[/b]
[game]
[/game]

CHƯƠNG IV TỔ CHỨC THI ĐẤU

Điều 18: ĐIỀU LỆ GIẢI ĐẤU
a) Đơn vị tổ chức giải.
[b]Điều 21: CÁCH TÍNH THÀNH TÍCH[/b]
21.2 Trường hợp đặc biệt.
21.5. Bỏ cuộc
21.5.1. Thể thức; Nếu bỏ cuộc.
Trường hợp đã đấu.
– Tổng trọng tài.

[img]x.jpg[/img]Tin khác.
";

    fn items(file: &FileText) -> Vec<String> {
        file.items
            .iter()
            .map(|i| {
                let pieces: Vec<String> = i
                    .pieces
                    .iter()
                    .map(|p| match p {
                        Piece::Figure(n) => format!("Hình {n}"),
                        Piece::Paragraph(p) => match &p.label {
                            Some(l) => format!("{l} {}", p.text),
                            None => p.text.clone(),
                        },
                    })
                    .collect();
                format!(
                    "{} {}|{}|{}|{}",
                    i.chapter,
                    i.number,
                    i.label,
                    i.term.as_deref().unwrap_or(""),
                    pieces.join(" / ")
                )
            })
            .collect()
    }

    #[test]
    fn reads_the_decree_and_nothing_else() {
        let doc = Document::read(FILE);
        let file = read(&doc);
        assert_eq!(
            items(&file),
            [
                "V 22.1|1.|Bắt quân|Quân của một bên thay thế.",
                "V 22.14|14.|Có căn, không căm|Quân cờ được bảo vệ. Ngược lại thì không.",
                "V 23.1|Điểm 1:||Chiếu mãi bị xử thua.",
                "V 23.5|Điều 5:||Hai bắt một bắt lại.",
                "V 23.9|Điều 9||Tướng hoặc Tốt.",
                "IV 18|||a) Đơn vị tổ chức giải.",
                "IV 21.2|21.2||Trường hợp đặc biệt.",
                "IV 21.5|21.5.||Bỏ cuộc",
                "IV 21.5.1|21.5.1.||Thể thức; Nếu bỏ cuộc. / Trường hợp đã đấu. / – Tổng trọng tài.",
                "V 24.2|24.2.||Nếu đi cờ luân phiên thì xử hòa. / Từ hình 1 đến hình 1, bên Trắng chiếu. / Hình 1 / Các hình 1 đều cho thấy.",
                "V 24.20|24.20:||Bắt mãi quân cùng loạiu: / * Nếu hai bên hòa / * Nếu một bên thua. (Các hình 2) / Hình 2",
            ]
        );
        let headings: Vec<(&str, Option<u32>)> = file
            .headings
            .iter()
            .map(|h| (h.chapter.as_str(), h.article))
            .collect();
        assert_eq!(
            headings,
            [
                ("V", None),
                ("V", Some(22)),
                ("V", Some(23)),
                ("V", Some(24)),
                ("IV", None),
                ("IV", Some(18)),
                ("IV", Some(21))
            ]
        );
        assert_eq!(file.left_out.len(), 1);
        assert_eq!(file.left_out[0].item, "24.2");
        assert_eq!(
            file.decision,
            [
                "Số: 11991/1999/UBTDTT-TT1",
                "Hà Nội, ngày 22 tháng 12 năm 1999",
                "QUYẾT ĐỊNH"
            ]
        );
    }

    #[test]
    fn headings_and_marks() {
        assert_eq!(chapter_heading("CHƯƠNG IV TỔ CHỨC"), Some("IV".into()));
        assert_eq!(chapter_heading("CHƯƠNG"), None);
        assert_eq!(article_heading("Điều 18: ĐIỀU LỆ GIẢI ĐẤU"), Some(18));
        assert_eq!(article_heading("Điều 5: Hai bắt một"), None);
        assert_eq!(marked("b.9) Tùy mức"), (Some("b.9)".into()), "Tùy mức"));
        assert_eq!(marked("Trường hợp"), (None, "Trường hợp"));
        assert_eq!(
            numbered("21.5.1. Thể", 21),
            Some(("21.5.1".into(), "21.5.1.".into(), "Thể"))
        );
        assert_eq!(numbered("8 trận", 21), None);
        assert_eq!(numbered("20.3. Chức", 21), None);
        assert_eq!(example_heading("24.16: Pháo"), Some("24.16".into()));
        assert_eq!(example_heading("24.1.2 x"), None);
    }
}
