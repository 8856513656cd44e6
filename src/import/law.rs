//! `xqlaw import-law`: the decree's text, read from the published sources into one structured
//! file (`law/vn-1999.yaml`, see [`crate::spec::LawText`]).
//!
//! Stages, one file each: `read` (one source file → the chapters, articles, items and
//! paragraphs it prints), `sentences` (a paragraph → sentences), `misprints` (the known
//! misprints of the words, and the structural ones found without a table). [`import_law`]
//! merges the copies printed in several files, numbers the sentences and records every
//! misprint as an erratum beside the printed text, reporting each with its place;
//! [`run_law`] writes the file when it changed. Importing twice gives the same bytes.

mod misprints;
mod read;
mod sentences;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use miette::{Diagnostic, SourceSpan};

use super::err::{self, ImportError, ImportWarning};
use super::text::Document;
use crate::source::SourceFile;
use crate::spec::{
    LawArticle, LawBlock, LawChapter, LawErratum, LawItem, LawSentence, LawText, SourceRef,
    write_atomic,
};

use read::{FileText, Piece, PrintedItem};

/// The command that writes the law's text, named in its first line.
pub const COMMAND: &str = "xqlaw import-law";

/// The rule set whose law the published text is.
const LAW: &str = "vn-1999";

/// The law's title.
const TITLE: &str = "Luật Cờ Tướng (1999)";

/// What an import of the law's text produced.
#[derive(Debug, Default)]
pub struct ImportedLaw {
    /// The law's text, unless no chapter of it was found.
    pub law: Option<LawText>,
    /// Warnings: misprints, differing copies, paragraphs left out.
    pub warnings: Vec<ImportWarning>,
    /// Errors: unreadable files, a stale table of misprints, no law.
    pub errors: Vec<ImportError>,
    /// Copies merged into another copy of the same item.
    pub merged: usize,
}

impl ImportedLaw {
    /// Whether the text was imported, every file read and the table of misprints applied.
    pub fn is_success(&self) -> bool {
        self.errors.is_empty() && self.law.is_some()
    }

    /// The warnings, then the errors, as diagnostics.
    pub fn into_diagnostics(self) -> Vec<Box<dyn Diagnostic + Send + Sync>> {
        let warnings = self
            .warnings
            .into_iter()
            .map(|w| Box::new(w) as Box<dyn Diagnostic + Send + Sync>);
        let errors = self
            .errors
            .into_iter()
            .map(|e| Box::new(e) as Box<dyn Diagnostic + Send + Sync>);
        warnings.chain(errors).collect()
    }

    /// The summary line: `3 chapters, 11 articles, 101 items, 310 sentences, 30 errata, 52
    /// merged copies`.
    pub fn summary(&self) -> String {
        let Some(law) = &self.law else {
            return "no law imported".to_owned();
        };
        let articles: usize = law.chapters.iter().map(|c| c.articles.len()).sum();
        let items = law.items().count();
        let sentences = law.sentences().count();
        let errata: usize = law
            .items()
            .map(|(_, _, i)| i.errata.len() + i.sentences().map(|s| s.errata.len()).sum::<usize>())
            .sum();
        format!(
            "{} chapters, {articles} articles, {items} items, {sentences} sentences, {errata} errata, {} merged copies",
            law.chapters.len(),
            self.merged
        )
    }
}

/// Reads the source files, imports the law's text and writes it to `out` (only when it
/// changed). A file given twice is read once.
pub fn run_law(files: &[PathBuf], out: &Path) -> ImportedLaw {
    let mut sources: Vec<SourceFile> = Vec::new();
    let mut errors = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in files {
        if let Ok(canonical) = fs::canonicalize(file) {
            if !seen.insert(canonical) {
                continue;
            }
        }
        match super::read_source(file) {
            Ok(source) if sources.iter().any(|s| s.text == source.text) => {}
            Ok(source) => sources.push(source),
            Err(e) => errors.push(ImportError::Read(e)),
        }
    }
    let mut imported = import_law(&sources);
    errors.append(&mut imported.errors);
    if let Some(law) = &imported.law {
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            if let Err(e) = fs::create_dir_all(dir) {
                errors.push(ImportError::Read(crate::disk::ReadError::new(dir, &e)));
            }
        }
        let dir = out.parent().filter(|d| !d.as_os_str().is_empty());
        crate::disk::sweep(dir.unwrap_or(Path::new(".")), crate::disk::Writer::Import);
        let written = law.to_yaml(COMMAND).and_then(|yaml| {
            if crate::disk::read_text(out).ok().as_deref() == Some(yaml.as_str()) {
                Ok(())
            } else {
                write_atomic(out, &yaml)
            }
        });
        if let Err(e) = written {
            errors.push(ImportError::Spec(e));
        }
    }
    imported.errors = errors;
    imported
}

/// Where a sentence or an item was printed in the kept copy: the source and the line.
#[derive(Debug, Clone, Copy)]
struct At {
    source: usize,
    line: usize,
}

/// One file read: its source, its document's lines and what it prints of the decree.
struct Read<'a> {
    source: &'a SourceFile,
    lines: Vec<(u32, usize, &'a str)>,
    text: FileText,
}

impl Read<'_> {
    fn line_no(&self, line: usize) -> u32 {
        self.lines.get(line).map_or(0, |l| l.0)
    }

    /// The span of the first words of line `line` (at most 40 bytes, on a character boundary).
    fn span_head(&self, line: usize) -> SourceSpan {
        let Some(&(_, start, text)) = self.lines.get(line) else {
            return SourceSpan::from((0, 0));
        };
        let mut end = text.len().min(40);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        SourceSpan::from((start, end))
    }

    /// The span of `words` on line `line` (the whole line when they are not on it).
    fn span_of(&self, line: usize, words: &str) -> SourceSpan {
        let Some(&(_, start, text)) = self.lines.get(line) else {
            return SourceSpan::from((0, 0));
        };
        match text.find(words).filter(|_| !words.is_empty()) {
            Some(at) => SourceSpan::from((start + at, words.len())),
            None => {
                let lead = text.len() - text.trim_start().len();
                SourceSpan::from((start + lead, text.trim().len()))
            }
        }
    }
}

/// Imports the law's text from the given sources (read in file-name order).
pub fn import_law(sources: &[SourceFile]) -> ImportedLaw {
    let mut sorted: Vec<&SourceFile> = sources.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let reads: Vec<Read<'_>> = sorted
        .iter()
        .map(|s| {
            let doc = Document::read(&s.text);
            let lines = doc
                .lines
                .iter()
                .map(|l| (l.number, l.start, l.text))
                .collect();
            Read {
                source: s,
                lines,
                text: read::read(&doc),
            }
        })
        .collect();
    let mut out = ImportedLaw::default();
    if !reads.iter().any(|r| !r.text.headings.is_empty()) {
        let names: Vec<&str> = sorted.iter().map(|s| s.name.as_str()).collect();
        out.errors
            .push(ImportError::NoLaw(err::NoLaw::new(names.join(", "))));
        return out;
    }
    let mut places: BTreeMap<String, At> = BTreeMap::new();
    let mut structural: Vec<(String, LawErratum)> = Vec::new();
    let items = merge_items(&reads, &mut out, &mut places, &mut structural);
    let mut law = LawText {
        law: LAW.to_owned(),
        title: TITLE.to_owned(),
        decision: reads
            .iter()
            .map(|r| r.text.decision.clone())
            .find(|d| !d.is_empty())
            .unwrap_or_default(),
        chapters: chapters(&reads, items),
    };
    // The errata: those found from the structure, then the known misprints of the words.
    let known = misprints::KNOWN
        .iter()
        .map(|k| (k.at.to_owned(), misprints::erratum(k)));
    let mut misprints = Vec::new();
    for (at, erratum) in structural.into_iter().chain(known) {
        match record(&mut law, &at, erratum.clone()) {
            Some(place) => {
                if let Some(w) = misprint_warning(&reads, &places, &at, &place, &erratum) {
                    misprints.push((law_order(&law, &at), w));
                }
            }
            None => out
                .errors
                .push(ImportError::StaleErratum(err::StaleErratum::new(
                    at.clone(),
                    erratum.printed.clone(),
                ))),
        }
    }
    misprints.sort_by_key(|(order, _)| *order);
    out.warnings.extend(misprints.into_iter().map(|(_, w)| w));
    for r in &reads {
        for left in &r.text.left_out {
            let Some(&first) = left.lines.first() else {
                continue;
            };
            let text = r.lines.get(first).map_or("", |l| l.2);
            let plain = super::text::strip_markup(text);
            out.warnings.push(ImportWarning::NotLaw(err::NotLaw::new(
                left.item.clone(),
                left.lines.len(),
                crate::words::shorten(plain.trim(), 60),
                r.source.named(),
                r.span_head(first),
            )));
        }
    }
    out.law = Some(law);
    out
}

/// Where `at` (an item or a sentence) stands in the law: the item's index, then the
/// sentence's number (0 for the item itself).
fn law_order(law: &LawText, at: &str) -> (usize, u32) {
    let (item, n) = at.split_once(':').unwrap_or((at, "0"));
    let index = law
        .items()
        .position(|(_, _, i)| i.id == item)
        .unwrap_or(usize::MAX);
    (index, n.parse().unwrap_or(0))
}

/// What two copies of an item are compared on: the label, the term, and each piece (a
/// paragraph's mark and text, or a figure's number).
type Content = (String, Option<String>, Vec<(Option<String>, String, u32)>);

/// The content two copies of an item are compared on.
fn content(item: &PrintedItem) -> Content {
    let pieces = item
        .pieces
        .iter()
        .map(|p| match p {
            Piece::Paragraph(p) => (p.label.clone(), p.text.clone(), 0),
            Piece::Figure(n) => (None, String::new(), *n),
        })
        .collect();
    (item.label.clone(), item.term.clone(), pieces)
}

/// An item's chapter, article and id.
type ItemKey = (String, u32, String);

/// The items of every file, merged by id: the copy printed the same in the most files is
/// kept (then the first by file name), and each differing copy is reported. A number
/// printed twice in one article of one file is a second item, `bis`.
fn merge_items(
    reads: &[Read<'_>],
    out: &mut ImportedLaw,
    places: &mut BTreeMap<String, At>,
    structural: &mut Vec<(String, LawErratum)>,
) -> BTreeMap<(String, u32), Vec<LawItem>> {
    // id → its copies (source index, item).
    let mut copies: BTreeMap<ItemKey, Vec<(usize, &PrintedItem)>> = BTreeMap::new();
    for (k, r) in reads.iter().enumerate() {
        let mut seen = std::collections::BTreeSet::new();
        for item in &r.text.items {
            let mut id = item.number.clone();
            let repeated = item.article != 24 && !seen.insert(id.clone());
            if repeated {
                id.push_str("bis");
            }
            let key = (item.chapter.clone(), item.article, id);
            let first_copy = !copies.contains_key(&key);
            if repeated && first_copy {
                structural.push((
                    key.2.clone(),
                    misprints::repeated_number(&item.label, &item.number),
                ));
            }
            copies.entry(key).or_default().push((k, item));
        }
    }
    let mut items: BTreeMap<(String, u32), Vec<LawItem>> = BTreeMap::new();
    for ((chapter, article, id), group) in copies {
        out.merged += group.len().saturating_sub(1);
        let kept = kept_copy(&group);
        let Some(&(source, item)) = group.get(kept) else {
            continue;
        };
        let differing: Vec<String> = group
            .iter()
            .filter(|(_, other)| content(other) != content(item))
            .filter_map(|(s, other)| {
                reads
                    .get(*s)
                    .map(|r| format!("{}:{}", r.source.name, r.line_no(other.line)))
            })
            .collect();
        if let (false, Some(r)) = (differing.is_empty(), reads.get(source)) {
            out.warnings
                .push(ImportWarning::TextCopiesDiffer(err::TextCopiesDiffer::new(
                    format!("Điều {id}"),
                    &differing,
                    r.source.named(),
                    r.span_of(item.line, ""),
                )));
        }
        places.insert(
            id.clone(),
            At {
                source,
                line: item.line,
            },
        );
        if article == 23 {
            let point = id.trim_start_matches("23.");
            if let Some(e) = misprints::point_label(&item.label, point) {
                structural.push((id.clone(), e));
            }
        }
        let law_item = law_item(&id, item, source, places);
        let figures: Vec<u32> = law_item.figures().collect();
        for s in law_item.sentences() {
            if let Some(e) = misprints::figure_list(&s.text, &figures) {
                structural.push((s.id.clone(), e));
            }
        }
        let mut sources: Vec<SourceRef> = group
            .iter()
            .filter_map(|(s, i)| {
                reads.get(*s).map(|r| SourceRef {
                    file: r.source.name.clone(),
                    line: r.line_no(i.line),
                })
            })
            .collect();
        sources.sort();
        items.entry((chapter, article)).or_default().push(LawItem {
            sources,
            ..law_item
        });
    }
    for list in items.values_mut() {
        list.sort_by_key(|i| order_key(&i.id));
    }
    items
}

/// The copy most copies agree with, then the first.
fn kept_copy(group: &[(usize, &PrintedItem)]) -> usize {
    let mut best = 0;
    let mut best_count = 0;
    for (k, (_, item)) in group.iter().enumerate() {
        let count = group
            .iter()
            .filter(|(_, other)| content(other) == content(item))
            .count();
        if count > best_count {
            best = k;
            best_count = count;
        }
    }
    best
}

/// An item's id in the law's order: its numbers, then `bis` after the plain number.
fn order_key(id: &str) -> (Vec<u32>, bool) {
    let bis = id.ends_with("bis");
    let numbers = id
        .trim_end_matches("bis")
        .split('.')
        .map(|n| n.parse().unwrap_or(u32::MAX))
        .collect();
    (numbers, bis)
}

/// The kept copy as an item of the law: each paragraph split into sentences, numbered
/// `ID:1`, `ID:2`, … through the item; where each sentence was printed goes to `places`.
fn law_item(
    id: &str,
    item: &PrintedItem,
    source: usize,
    places: &mut BTreeMap<String, At>,
) -> LawItem {
    let mut n = 0;
    let blocks = item
        .pieces
        .iter()
        .map(|p| match p {
            Piece::Figure(figure) => LawBlock::Figure { figure: *figure },
            Piece::Paragraph(p) => LawBlock::Paragraph {
                label: p.label.clone(),
                sentences: sentences::split(&p.text)
                    .into_iter()
                    .map(|text| {
                        n += 1;
                        let sid = format!("{id}:{n}");
                        places.insert(
                            sid.clone(),
                            At {
                                source,
                                line: p.line,
                            },
                        );
                        LawSentence {
                            id: sid,
                            text,
                            errata: Vec::new(),
                        }
                    })
                    .collect(),
            },
        })
        .collect();
    LawItem {
        id: id.to_owned(),
        label: item.label.clone(),
        term: item.term.clone(),
        errata: Vec::new(),
        blocks,
        sources: Vec::new(),
    }
}

/// The chapters in the decree's order (III, IV, V), each with its articles in order; a
/// heading printed in several files is taken from the first.
fn chapters(
    reads: &[Read<'_>],
    mut items: BTreeMap<(String, u32), Vec<LawItem>>,
) -> Vec<LawChapter> {
    let mut chapters: BTreeMap<u32, LawChapter> = BTreeMap::new();
    let mut articles: BTreeMap<(String, u32), String> = BTreeMap::new();
    for r in reads {
        for h in &r.text.headings {
            let place = SourceRef {
                file: r.source.name.clone(),
                line: r.line_no(h.line),
            };
            match h.article {
                None => {
                    let chapter = chapters
                        .entry(roman(&h.chapter))
                        .or_insert_with(|| LawChapter {
                            id: h.chapter.clone(),
                            heading: h.text.clone(),
                            sources: Vec::new(),
                            articles: Vec::new(),
                        });
                    chapter.sources.push(place);
                }
                Some(n) => {
                    articles
                        .entry((h.chapter.clone(), n))
                        .or_insert_with(|| h.text.clone());
                }
            }
        }
    }
    let mut keys: Vec<(String, u32)> = articles.keys().cloned().collect();
    keys.extend(items.keys().cloned());
    keys.sort_by_key(|(c, n)| (roman(c), *n));
    keys.dedup();
    for (chapter_id, n) in keys {
        let heading = articles
            .get(&(chapter_id.clone(), n))
            .cloned()
            .unwrap_or_else(|| format!("Điều {n}"));
        let chapter = chapters
            .entry(roman(&chapter_id))
            .or_insert_with(|| LawChapter {
                id: chapter_id.clone(),
                heading: format!("CHƯƠNG {chapter_id}"),
                sources: Vec::new(),
                articles: Vec::new(),
            });
        chapter.articles.push(LawArticle {
            id: n.to_string(),
            heading,
            items: items.remove(&(chapter_id, n)).unwrap_or_default(),
        });
    }
    for c in chapters.values_mut() {
        c.sources.sort();
    }
    chapters.into_values().collect()
}

/// The value of a roman numeral (`IV` → 4).
fn roman(text: &str) -> u32 {
    let value = |c: char| match c {
        'I' => 1,
        'V' => 5,
        'X' => 10,
        'L' => 50,
        _ => 0,
    };
    let digits: Vec<u32> = text.chars().map(value).collect();
    digits
        .iter()
        .enumerate()
        .map(|(k, &d)| {
            if digits.get(k + 1).is_some_and(|&next| next > d) {
                0u32.wrapping_sub(d)
            } else {
                d
            }
        })
        .fold(0u32, u32::wrapping_add)
}

/// What an erratum was recorded on.
enum Recorded {
    /// A sentence's words.
    Sentence,
    /// An item's label or term.
    Item,
    /// Nothing: the sentence or item was not imported (the sources leave it out).
    Absent,
}

/// Records `erratum` on the sentence or item `at`; `None` if its printed words do not stand
/// there once.
fn record(law: &mut LawText, at: &str, erratum: LawErratum) -> Option<Recorded> {
    for chapter in &mut law.chapters {
        for article in &mut chapter.articles {
            for item in &mut article.items {
                if item.id == at {
                    let own = format!("{} {}", item.label, item.term.as_deref().unwrap_or(""));
                    if own.matches(&erratum.printed).count() != 1 {
                        return None;
                    }
                    item.errata.push(erratum);
                    return Some(Recorded::Item);
                }
                for block in &mut item.blocks {
                    let LawBlock::Paragraph { sentences, .. } = block else {
                        continue;
                    };
                    if let Some(s) = sentences.iter_mut().find(|s| s.id == at) {
                        if s.text.matches(&erratum.printed).count() != 1 {
                            return None;
                        }
                        s.errata.push(erratum);
                        return Some(Recorded::Sentence);
                    }
                }
            }
        }
    }
    Some(Recorded::Absent)
}

/// The warning for an erratum recorded at `at`, pointing at the printed words.
fn misprint_warning(
    reads: &[Read<'_>],
    places: &BTreeMap<String, At>,
    at: &str,
    recorded: &Recorded,
    erratum: &LawErratum,
) -> Option<ImportWarning> {
    let place = places.get(at)?;
    let r = reads.get(place.source)?;
    let what = match recorded {
        Recorded::Sentence => format!("sentence {at}"),
        Recorded::Item => format!("Điều {at}, number or term"),
        Recorded::Absent => return None,
    };
    // The same words on the same line of the other files that print the item.
    let item_id = at.split(':').next().unwrap_or(at);
    let also: Vec<String> = reads
        .iter()
        .enumerate()
        .filter(|(k, _)| *k != place.source)
        .filter_map(|(_, other)| {
            let copy = other.text.items.iter().find(|i| i.number == item_id)?;
            let printed = copy.pieces.iter().any(|p| match p {
                Piece::Paragraph(p) => p.text.contains(&erratum.printed),
                Piece::Figure(_) => false,
            }) || copy.label.contains(&erratum.printed)
                || copy
                    .term
                    .as_deref()
                    .is_some_and(|t| t.contains(&erratum.printed));
            printed.then(|| format!("{}:{}", other.source.name, other.line_no(copy.line)))
        })
        .collect();
    Some(ImportWarning::TextMisprint(err::TextMisprint::new(
        what,
        erratum.printed.clone(),
        erratum.corrected.clone(),
        erratum.reason.clone(),
        &also,
        r.source.named(),
        r.span_of(place.line, &erratum.printed),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(name: &str, text: &str) -> SourceFile {
        SourceFile::new(name.to_owned(), text.to_owned())
    }

    const A: &str = "\
CHƯƠNG V CÁC LUẬT CHI TIẾT

[b]Điều 23: MƯỜI ĐIỂM CHÍNH KHI XỬ VÁN CỜ[/b]
Điểm 1: Chiếu mãi bị xử thua.
Điều 2: Dọa hết mãi thì hòa. Nếu không đổi thì hòa.

[b]Điều 24: CÁC VÍ DỤ CỤ THỂ[/b]
[b]24.28:[/b] Một quân là hòa. (Các hình 1, 780)
[b]Hình 1[/b]
[game]
[/game]
Xe Trắng hòa.

CHƯƠNG IV TỔ CHỨC THI ĐẤU
[b]Điều 20: BAN TRỌNG TÀI[/b]
20.3. Chức trách của tổng trọng tài:
20.3. Chức trách của phó tổng trọng tài
Giúp tổng trọng tài.
";

    #[test]
    fn imports_merges_and_records_structural_misprints() {
        let b = A.replace("Xe Trắng hòa.", "Xe Trắng hòa!");
        let imported = import_law(&[source("a.txt", A), source("b.txt", A), source("c.txt", &b)]);
        assert!(imported.errors.is_empty(), "{:?}", imported.errors);
        let law = imported.law.as_ref().unwrap();
        let chapters: Vec<&str> = law.chapters.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(chapters, ["IV", "V"]);
        let ids: Vec<&str> = law.sentences().map(|p| p.sentence.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "20.3:1",
                "20.3bis:1",
                "20.3bis:2",
                "23.1:1",
                "23.2:1",
                "23.2:2",
                "24.28:1",
                "24.28:2"
            ]
        );
        let point = law.item("23.2").unwrap();
        assert_eq!(point.label_reading(), "Điểm 2:");
        assert_eq!(law.item("20.3bis").unwrap().label_reading(), "20.3bis.");
        let list = law.sentence("24.28:1").unwrap().sentence;
        assert_eq!(list.reading(), "Một quân là hòa. (Các hình 1)");
        assert_eq!(
            law.sentence("24.28:2").unwrap().sentence.text,
            "Xe Trắng hòa."
        );
        assert_eq!(law.item("24.28").unwrap().sources.len(), 3);
        let codes: Vec<String> = imported
            .warnings
            .iter()
            .filter_map(|w| w.code().map(|c| c.to_string()))
            .collect();
        assert_eq!(
            codes
                .iter()
                .filter(|c| *c == "xqlaw::import::text_misprint")
                .count(),
            3,
            "{codes:?}"
        );
        assert!(
            codes
                .iter()
                .any(|c| c == "xqlaw::import::text_copies_differ")
        );
        assert!(
            imported
                .summary()
                .starts_with("2 chapters, 3 articles, 5 items, 8 sentences, 3 errata"),
            "{}",
            imported.summary()
        );
    }

    #[test]
    fn importing_twice_gives_the_same_bytes() {
        let once = import_law(&[source("a.txt", A)])
            .law
            .unwrap()
            .to_yaml(COMMAND)
            .unwrap();
        let twice = import_law(&[source("a.txt", A)])
            .law
            .unwrap()
            .to_yaml(COMMAND)
            .unwrap();
        assert_eq!(once, twice);
        let back = LawText::from_yaml("x", &once).unwrap();
        assert_eq!(back.to_yaml(COMMAND).unwrap(), once);
    }

    #[test]
    fn text_without_the_decree_is_an_error() {
        let imported = import_law(&[source("news.txt", "Tin tức.\n")]);
        assert!(!imported.is_success());
        assert!(imported.errors[0].to_string().contains("news.txt"));
    }

    #[test]
    fn roman_numerals() {
        assert_eq!(roman("III"), 3);
        assert_eq!(roman("IV"), 4);
        assert_eq!(roman("V"), 5);
    }
}
