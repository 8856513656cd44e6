//! The serde model of the law's text (`law/vn-1999.yaml`), and reading and writing it.
//!
//! The text is held once, as the decree prints it: chapters, articles, items (Điều 22's
//! terms, Điều 23's points, Điều 24's examples, the numbered items of the other chapters),
//! and in each item its paragraphs and figures. Every sentence has a stable id,
//! `ITEM:N` (`23.9:2` is point 9's second sentence; the colon keeps a sentence's number
//! apart from an item's own numbering, `21.5.1`). A misprint is never edited: the sentence
//! keeps its printed text, and an erratum beside it says what is read instead and why.
//! `xqlaw import-law` writes the file from the published text; nothing in it is kept by hand.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::model::{
    SourceRef, SpecError, WriteError, YamlErrorKind, serde_error, too_deep, yaml_error,
};
use crate::source::Loc;

/// The text of one decree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LawText {
    /// The rule set whose law this is (`vn-1999`): its own terms and rulings cite these
    /// sentences.
    pub law: String,
    /// The law's title.
    pub title: String,
    /// The decision that issued it, as printed (number, place and date, title).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decision: Vec<String>,
    /// The chapters, in the decree's order.
    pub chapters: Vec<Chapter>,
}

/// A chapter (Chương).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Chapter {
    /// Its roman number, e.g. `V`.
    pub id: String,
    /// Its heading as printed, e.g. `CHƯƠNG V CÁC LUẬT CHI TIẾT`.
    pub heading: String,
    /// Where its heading is printed (every copy).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<SourceRef>,
    /// Its articles, in order.
    pub articles: Vec<Article>,
}

/// An article (Điều).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Article {
    /// Its number, e.g. `22`.
    pub id: String,
    /// Its heading as printed, markup stripped, e.g. `Điều 22: GIẢI THÍCH THUẬT NGỮ`.
    pub heading: String,
    /// Its items, in order. An article printed without numbered items has one item whose id
    /// is the article's.
    pub items: Vec<Item>,
}

/// An item of an article: a term of Điều 22, a point of Điều 23, an example of Điều 24, a
/// numbered item of another article.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// Its id: `22.14`, `23.9`, `24.11`, `21.5.1`; `15.5bis` for a number printed twice.
    pub id: String,
    /// Its number as printed (`14.`, `Điểm 9:`, `24.11.`); empty when it has none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// The term it defines, for Điều 22 (`Có căn, không căm`, as printed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<String>,
    /// Misprints of the label or the term.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errata: Vec<LawErratum>,
    /// Its paragraphs and figures, in printed order.
    pub blocks: Vec<Block>,
    /// Where it is printed (every copy).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<SourceRef>,
}

/// A paragraph of an item, or one of its figures (Hình).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum Block {
    /// A figure: the diagram `Hình N` stands here.
    Figure {
        /// Its number.
        figure: u32,
    },
    /// A paragraph.
    Paragraph {
        /// Its mark as printed (`a)`, `b.9)`, `*`, `–`); none for a plain paragraph.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        label: Option<String>,
        /// Its sentences.
        sentences: Vec<Sentence>,
    },
}

/// A sentence of the law.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sentence {
    /// Its id, `ITEM:N`.
    pub id: String,
    /// Its text as printed (markup stripped).
    pub text: String,
    /// Its misprints, each read as its correction.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errata: Vec<LawErratum>,
}

/// A misprint of the law's text and the reading used instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LawErratum {
    /// The words as printed; they stand once in the text they belong to.
    pub printed: String,
    /// The words as read.
    pub corrected: String,
    /// Why the print cannot be right, and why this reading.
    pub reason: String,
}

/// Applies `errata` to `text`: each printed string replaced by its correction, once.
pub fn read_with(text: &str, errata: &[LawErratum]) -> String {
    errata.iter().fold(text.to_owned(), |text, e| {
        text.replacen(&e.printed, &e.corrected, 1)
    })
}

impl Sentence {
    /// The sentence as read: its text with its errata applied.
    pub fn reading(&self) -> String {
        read_with(&self.text, &self.errata)
    }
}

impl Item {
    /// The term as read (errata applied), for Điều 22.
    pub fn term_reading(&self) -> Option<String> {
        self.term.as_deref().map(|t| read_with(t, &self.errata))
    }

    /// The label as read (errata applied).
    pub fn label_reading(&self) -> String {
        read_with(&self.label, &self.errata)
    }

    /// The sentences, in order.
    pub fn sentences(&self) -> impl Iterator<Item = &Sentence> {
        self.blocks.iter().flat_map(|b| match b {
            Block::Paragraph { sentences, .. } => sentences.as_slice(),
            Block::Figure { .. } => &[],
        })
    }

    /// The figures, in order.
    pub fn figures(&self) -> impl Iterator<Item = u32> + '_ {
        self.blocks.iter().filter_map(|b| match b {
            Block::Figure { figure } => Some(*figure),
            Block::Paragraph { .. } => None,
        })
    }
}

/// Where a sentence stands: its chapter, article and item.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// The chapter.
    pub chapter: &'a Chapter,
    /// The article.
    pub article: &'a Article,
    /// The item.
    pub item: &'a Item,
    /// The sentence.
    pub sentence: &'a Sentence,
}

impl LawText {
    /// Every item, in order, with its chapter and article.
    pub fn items(&self) -> impl Iterator<Item = (&Chapter, &Article, &Item)> {
        self.chapters.iter().flat_map(|c| {
            c.articles
                .iter()
                .flat_map(move |a| a.items.iter().map(move |i| (c, a, i)))
        })
    }

    /// Every sentence, in order, with where it stands.
    pub fn sentences(&self) -> impl Iterator<Item = Place<'_>> {
        self.items().flat_map(|(chapter, article, item)| {
            item.sentences().map(move |sentence| Place {
                chapter,
                article,
                item,
                sentence,
            })
        })
    }

    /// The sentence `id`.
    pub fn sentence(&self, id: &str) -> Option<Place<'_>> {
        self.sentences().find(|p| p.sentence.id == id)
    }

    /// The item `id`.
    pub fn item(&self, id: &str) -> Option<&Item> {
        self.items().map(|(_, _, i)| i).find(|i| i.id == id)
    }

    /// The chapter `id` (`V`).
    pub fn chapter(&self, id: &str) -> Option<&Chapter> {
        self.chapters.iter().find(|c| c.id == id)
    }

    /// Reads the law's text from YAML; `name` is used in error messages. Text nested deeper
    /// than [`MAX_DEPTH`](crate::spec::MAX_DEPTH) is refused before it is parsed.
    pub fn from_yaml(name: &str, text: &str) -> Result<LawText, SpecError> {
        if let Some(at) = too_deep(text) {
            let kind = YamlErrorKind::TooDeep {
                needs: "the law's text",
                depth: 8,
            };
            return Err(yaml_error(name, text, kind, Loc::new(at, at + 1)));
        }
        let law: LawText = serde_yaml::from_str(text).map_err(|e| serde_error(name, text, &e))?;
        if let Some((id, problem)) = law.first_problem() {
            let at = text
                .find(&format!("id: '{id}'"))
                .or_else(|| text.find(&id))
                .unwrap_or(0);
            let loc = Loc::new(at, at + id.len());
            return Err(yaml_error(
                name,
                text,
                YamlErrorKind::Item { id, problem },
                loc,
            ));
        }
        Ok(law)
    }

    /// Reads the law's text from disk.
    pub fn load(path: &Path) -> Result<LawText, SpecError> {
        let text = crate::disk::read_text_or_why(path).map_err(SpecError::Read)?;
        LawText::from_yaml(&path.display().to_string(), &text)
    }

    /// Every law text in `dir` (`*.yaml`, in name order); none when `dir` does not exist.
    pub fn load_dir(dir: &Path) -> Result<Vec<LawText>, SpecError> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(Vec::new());
        };
        let mut paths: Vec<std::path::PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.extension().is_some_and(|x| x == "yaml") && crate::disk::is_regular_file(p)
            })
            .collect();
        paths.sort();
        paths.iter().map(|p| LawText::load(p)).collect()
    }

    /// The law a rule set named `name` cites, of `laws`: its own (`law: NAME`), or else that
    /// of the nearest rule set it extends (`extends`, nearest first).
    pub fn of<'a>(laws: &'a [LawText], name: &str, extends: &[String]) -> Option<&'a LawText> {
        std::iter::once(name)
            .chain(extends.iter().map(String::as_str))
            .find_map(|n| laws.iter().find(|l| l.law == n))
    }

    /// Renders the law's text as YAML, after the header comment naming `command`. Equal
    /// values render to identical bytes.
    pub fn to_yaml(&self, command: &str) -> Result<String, SpecError> {
        let body = serde_yaml::to_string(self).map_err(|e| {
            SpecError::Write(WriteError::new(std::path::PathBuf::new(), e.to_string()))
        })?;
        Ok(format!(
            "# generated by `{command}` from the published text: do not edit, import again\n{body}"
        ))
    }

    /// The first id given twice, or erratum whose printed words do not stand exactly once in
    /// the text they belong to.
    fn first_problem(&self) -> Option<(String, &'static str)> {
        let mut ids = std::collections::BTreeSet::new();
        for (_, _, item) in self.items() {
            if !ids.insert(item.id.clone()) {
                return Some((item.id.clone(), "this id is given twice"));
            }
            let own = format!("{} {}", item.label, item.term.as_deref().unwrap_or(""));
            if item
                .errata
                .iter()
                .any(|e| own.matches(&e.printed).count() != 1)
            {
                return Some((
                    item.id.clone(),
                    "an erratum's printed words do not stand once in the label or term",
                ));
            }
            for s in item.sentences() {
                if !ids.insert(s.id.clone()) {
                    return Some((s.id.clone(), "this id is given twice"));
                }
                if s.errata
                    .iter()
                    .any(|e| s.text.matches(&e.printed).count() != 1)
                {
                    return Some((
                        s.id.clone(),
                        "an erratum's printed words do not stand once in the sentence",
                    ));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> LawText {
        LawText {
            law: "vn-1999".into(),
            title: "Luật Cờ Tướng".into(),
            decision: vec!["Số: 1".into()],
            chapters: vec![Chapter {
                id: "V".into(),
                heading: "CHƯƠNG V CÁC LUẬT CHI TIẾT".into(),
                sources: vec![SourceRef {
                    file: "a.txt".into(),
                    line: 3,
                }],
                articles: vec![Article {
                    id: "23".into(),
                    heading: "Điều 23: MƯỜI ĐIỂM".into(),
                    items: vec![Item {
                        id: "23.9".into(),
                        label: "Điều 9".into(),
                        term: None,
                        errata: vec![LawErratum {
                            printed: "Điều 9".into(),
                            corrected: "Điểm 9:".into(),
                            reason: "points".into(),
                        }],
                        blocks: vec![
                            Block::Paragraph {
                                label: None,
                                sentences: vec![
                                    Sentence {
                                        id: "23.9:1".into(),
                                        text: "Tướng bắt mãi bát kỳ quân nào.".into(),
                                        errata: vec![LawErratum {
                                            printed: "bát kỳ".into(),
                                            corrected: "bất kỳ".into(),
                                            reason: "any".into(),
                                        }],
                                    },
                                    Sentence {
                                        id: "23.9:2".into(),
                                        text: "Nếu chúng phối hợp thì hòa.".into(),
                                        errata: vec![],
                                    },
                                ],
                            },
                            Block::Figure { figure: 71 },
                        ],
                        sources: vec![],
                    }],
                }],
            }],
        }
    }

    #[test]
    fn round_trip() {
        let law = sample();
        let yaml = law.to_yaml("xqlaw import-law").unwrap();
        assert!(
            yaml.starts_with("# generated by `xqlaw import-law`"),
            "{yaml}"
        );
        assert!(yaml.contains("- figure: 71"), "{yaml}");
        let back = LawText::from_yaml("x", &yaml).unwrap();
        assert_eq!(back, law);
        assert_eq!(back.to_yaml("xqlaw import-law").unwrap(), yaml);
    }

    #[test]
    fn sentences_are_found_and_read_with_their_errata() {
        let law = sample();
        let ids: Vec<&str> = law.sentences().map(|p| p.sentence.id.as_str()).collect();
        assert_eq!(ids, ["23.9:1", "23.9:2"]);
        let first = law.sentence("23.9:1").unwrap();
        assert_eq!(first.item.id, "23.9");
        assert_eq!(first.sentence.reading(), "Tướng bắt mãi bất kỳ quân nào.");
        assert_eq!(first.item.label_reading(), "Điểm 9:");
        assert!(law.sentence("23.9:3").is_none());
        assert_eq!(
            law.item("23.9").unwrap().figures().collect::<Vec<_>>(),
            [71]
        );
    }

    #[test]
    fn an_erratum_that_does_not_stand_in_its_text_is_refused() {
        let mut law = sample();
        if let Some(Block::Paragraph { sentences, .. }) =
            law.chapters[0].articles[0].items[0].blocks.first_mut()
        {
            sentences[1].errata.push(LawErratum {
                printed: "không có".into(),
                corrected: "x".into(),
                reason: "y".into(),
            });
        }
        let yaml = law.to_yaml("x").unwrap();
        let err = LawText::from_yaml("x", &yaml).unwrap_err();
        assert!(err.to_string().contains("23.9:2"), "{err}");
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let yaml = sample().to_yaml("x").unwrap() + "surprise: 1\n";
        assert!(LawText::from_yaml("x", &yaml).is_err());
    }
}
