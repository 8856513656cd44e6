//! `xqlaw import-law` on the published law text (`../shared/seeds`, beside the repository):
//! the committed text (`law/vn-1999.yaml`) is what the importer writes today, byte for byte;
//! every sentence stands in the seeds as printed, and differs from its reading only by its
//! recorded errata; the law's commentary on each diagram is the one its spec file holds; and
//! the printable edition prints the committed text unchanged, each misprint with its erratum.

#![expect(clippy::unwrap_used, reason = "test code fails loudly")]

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use xqlaw::SourceFile;
use xqlaw::corpus::spec_files;
use xqlaw::import;
use xqlaw::spec::{LawText, SpecFile};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn seeds() -> Option<Vec<SourceFile>> {
    let dir = root().join("../shared/seeds");
    if common::sources_absent(&dir) {
        return None;
    }
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    Some(
        files
            .iter()
            .map(|p| import::read_source(p).unwrap())
            .collect(),
    )
}

fn committed() -> LawText {
    LawText::load(&root().join("law/vn-1999.yaml")).unwrap()
}

fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_law_imports_and_the_committed_text_is_up_to_date() {
    let Some(seeds) = seeds() else { return };
    let imported = import::import_law(&seeds);
    assert!(imported.errors.is_empty(), "{:?}", imported.errors);
    assert_eq!(
        imported.summary(),
        "3 chapters, 11 articles, 93 items, 307 sentences, 43 errata, 122 merged copies"
    );
    let yaml = imported
        .law
        .as_ref()
        .unwrap()
        .to_yaml(import::LAW_COMMAND)
        .unwrap();
    let path = root().join("law/vn-1999.yaml");
    assert!(
        fs::read_to_string(&path).unwrap() == yaml,
        "law/vn-1999.yaml is stale: run `xqlaw import-law ../shared/seeds/*.txt`"
    );
}

#[test]
fn chapter_five_holds_the_law_in_its_order() {
    let law = committed();
    let v = law.chapter("V").unwrap();
    let articles: Vec<(&str, usize)> = v
        .articles
        .iter()
        .map(|a| (a.id.as_str(), a.items.len()))
        .collect();
    assert_eq!(articles, [("22", 20), ("23", 10), ("24", 28)]);
    for a in &v.articles {
        for (n, item) in (1..).zip(&a.items) {
            assert_eq!(item.id, format!("{}.{n}", a.id));
        }
    }
    let figures: Vec<u32> = v
        .articles
        .iter()
        .flat_map(|a| &a.items)
        .flat_map(|i| i.figures())
        .collect();
    assert_eq!(figures, (1..=80).collect::<Vec<_>>());
    // Point 9's two sentences, and the joint chase of 24.26 they disagree with.
    assert_eq!(
        law.sentence("23.9:2").unwrap().sentence.text,
        "Nếu chúng phối hợp với một Xe, một Mã hoặc một Pháo để bắt mãi một quân thì cũng xử hòa."
    );
    assert!(
        law.sentence("24.26:1")
            .unwrap()
            .sentence
            .text
            .starts_with("Tướng hoặc Tốt nếu phối hợp")
    );
    // Điều 21, which the scoring issue cites by these ids.
    assert!(
        law.sentence("21.3:7")
            .unwrap()
            .sentence
            .reading()
            .contains("bốc thăm may rủi")
    );
    assert!(
        law.sentence("21.2:5")
            .unwrap()
            .sentence
            .reading()
            .starts_with("Nếu một đấu thủ vắng mặt")
    );
}

/// Every sentence stands, as printed, in the seeds, from the line its item is printed at;
/// each erratum's printed words stand once in it, so its reading differs from the print only
/// there.
#[test]
fn every_sentence_stands_in_the_seeds_as_printed() {
    let Some(seeds) = seeds() else { return };
    let law = committed();
    let mut missing = Vec::new();
    for (_, _, item) in law.items() {
        for source in &item.sources {
            let seed = seeds.iter().find(|s| s.name == source.file).unwrap();
            let from: usize = seed
                .text
                .split_inclusive('\n')
                .take(source.line as usize - 1)
                .map(str::len)
                .sum();
            let after = normalize(&seed.text[from..]);
            for s in item.sentences() {
                if !after.contains(&normalize(&s.text)) {
                    missing.push(format!("{} in {}:{}", s.id, source.file, source.line));
                }
                for e in &s.errata {
                    assert_eq!(s.text.matches(&e.printed).count(), 1, "{}", s.id);
                    assert_ne!(e.printed, e.corrected, "{}", s.id);
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the seeds:\n{}",
        missing.join("\n")
    );
}

/// The two importers agree: the commentary of each diagram's spec file stands among the
/// sentences of the example that prints the diagram.
#[test]
fn the_commentary_of_each_diagram_is_the_law_s() {
    let law = committed();
    let mut checked = 0;
    for path in spec_files(&[root().join("spec-tests/vn-1999")]) {
        let spec = SpecFile::load(&path).unwrap();
        let number: u32 = spec.title.trim_start_matches("Hình ").parse().unwrap();
        let item = law.item(&spec.article).unwrap();
        assert!(item.figures().any(|f| f == number), "{}", spec.id);
        let text = normalize(
            &item
                .sentences()
                .map(|s| s.text.as_str())
                .collect::<Vec<_>>()
                .join(" "),
        );
        for paragraph in spec
            .commentary
            .split("\n\n")
            .filter(|p| !p.trim().is_empty())
        {
            assert!(
                text.contains(&normalize(paragraph)),
                "{}: {paragraph}",
                spec.id
            );
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} paragraphs");
}

/// What the printable edition prints of the law, in order: `item ID`, `label L` (an item's
/// number or a paragraph's mark), `term T`, `sentence ID: TEXT` (misprint marks taken out),
/// `figure N`; and, for each sentence, the misprints it marks.
fn printed_law(edition: &str) -> (Vec<String>, Vec<(String, String)>) {
    fn unescape(text: &str) -> String {
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&")
    }
    fn until<'a>(rest: &'a str, end: &str) -> &'a str {
        rest.split(end).next().unwrap()
    }
    let mut tokens = Vec::new();
    let mut marked = Vec::new();
    for (at, _) in edition.match_indices('<') {
        let rest = &edition[at..];
        if let Some(r) = rest.strip_prefix("<div class=\"item\" id=\"i-") {
            tokens.push(format!("item {}", until(r, "\"")));
        } else if let Some(r) = rest.strip_prefix("<span class=\"label\">") {
            tokens.push(format!("label {}", unescape(until(r, "</span>"))));
        } else if let Some(r) = rest.strip_prefix("<b class=\"term\">") {
            tokens.push(format!("term {}", unescape(until(r, "</b>"))));
        } else if let Some(r) = rest.strip_prefix("<span class=\"s\" id=\"s-") {
            let (id, r) = r.split_once("\">").unwrap();
            let raw = until(r, "</span>");
            for (m, _) in raw.match_indices("<mark class=\"misprint\">") {
                let words = until(&raw[m + "<mark class=\"misprint\">".len()..], "</mark>");
                marked.push((id.to_owned(), unescape(words)));
            }
            let text = raw
                .replace("<mark class=\"misprint\">", "")
                .replace("</mark>", "");
            tokens.push(format!("sentence {id}: {}", unescape(&text)));
        } else if let Some(r) = rest
            .strip_prefix("<div class=\"hinh\" id=\"hinh-")
            .or_else(|| rest.strip_prefix("<p class=\"hinh\" id=\"hinh-"))
        {
            tokens.push(format!("figure {}", until(r, "\"")));
        }
    }
    (tokens, marked)
}

/// The printable edition prints the law as the committed source holds it (which the tests
/// above compare with the seeds): every item's number and term, every paragraph's mark, every
/// sentence verbatim and every figure, in the source's order, each once, in all three
/// chapters; each misprint marked where it stands, with its reading after it. A difference
/// that is not a recorded erratum fails.
#[test]
fn the_edition_prints_the_law_as_imported() {
    fn escape(text: &str) -> String {
        text.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    }
    let law = committed();
    let edition = xqlaw::docgen::law_edition(common::corpus(), "xqlaw docs --edition law");
    let mut expected = Vec::new();
    let mut misprints = Vec::new();
    let mut errata = 0;
    for (_, _, item) in law.items() {
        expected.push(format!("item {}", item.id));
        if !item.label.is_empty() {
            expected.push(format!("label {}", item.label));
        }
        if let Some(term) = &item.term {
            expected.push(format!("term {term}"));
        }
        errata += item.errata.len();
        for block in &item.blocks {
            match block {
                xqlaw::spec::LawBlock::Figure { figure } => {
                    expected.push(format!("figure {figure}"));
                }
                xqlaw::spec::LawBlock::Paragraph { label, sentences } => {
                    if let Some(label) = label {
                        expected.push(format!("label {label}"));
                    }
                    for s in sentences {
                        expected.push(format!("sentence {}: {}", s.id, s.text));
                        for e in &s.errata {
                            misprints.push((s.id.clone(), e.printed.clone()));
                            assert!(
                                edition
                                    .contains(&format!("đọc là (read) “{}”", escape(&e.corrected))),
                                "{}: the reading of “{}” is not printed",
                                s.id,
                                e.printed
                            );
                            errata += 1;
                        }
                    }
                }
            }
        }
    }
    let (printed, marked) = printed_law(&edition);
    if let Some(k) =
        (0..expected.len().max(printed.len())).find(|&k| expected.get(k) != printed.get(k))
    {
        panic!(
            "the edition departs from law/vn-1999.yaml at token {k}:\n  source:  {:?}\n  edition: {:?}",
            expected.get(k),
            printed.get(k)
        );
    }
    assert_eq!(marked, misprints, "each misprint marked where it stands");
    assert_eq!(
        edition.matches("<p class=\"erratum\">").count(),
        errata,
        "one erratum note per recorded erratum"
    );
    // The figures 1–80 of Chương V, each once.
    let figures = printed.iter().filter(|t| t.starts_with("figure ")).count();
    assert_eq!(figures, 80);
}
