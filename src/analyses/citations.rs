//! The citations of the law's sentences, checked against the law's text.
//!
//! A term, ruling, setting, verdict row or part of a standings form names the sentences it
//! encodes by id (`sentence "23.3:1, 23.3:2"`, ids of `law/vn-1999.yaml`). This pass reads the
//! rule files' syntax trees, so every problem points at the exact id or quote written, and
//! reports:
//!
//! - an id that names no sentence of the law the rule set cites;
//! - a `quote` that does not stand verbatim in the sentences it cites (in the printed text,
//!   or in the text as read, its errata applied);
//! - two definitions that quote one sentence differently: one keeps a misprint as printed,
//!   the other quotes its correction.
//!
//! A rule set cites the law whose `law:` is its own name or, failing that, that of the
//! nearest rule set it extends. Quotes without a `sentence` (the AXF, CXA and WXF digests,
//! the 2004 decree) are not this pass's concern: `tests/rulebook_quotes.rs` finds them in
//! their sources.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use crate::source::{ErrorKind, Loc, Node, SourceError, SourceFile};
use crate::spec::{LawSentence, LawText, SpecError};
use crate::syntax::ast::{self, Attrs, Clause, Item};
use crate::words::{did_you_mean, plural};

/// A citation problem: its kind and where it is written.
pub type CitationError = SourceError<CitationErrorKind>;

/// The kinds of citation problem.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CitationErrorKind {
    /// `sentence ""`: no id.
    #[error("`sentence` names no sentence")]
    #[diagnostic(
        code("xqlaw::cite::empty"),
        help(
            "write the ids of the sentences encoded, separated by commas: `sentence \"23.3:1, 23.3:2\"`"
        )
    )]
    Empty,
    /// Sentences cited by a rule set with no law text.
    #[error("`{rule_set}` cites sentences, but no law text is the law of `{rule_set}`")]
    #[diagnostic(code("xqlaw::cite::no-law"), help("{help}"))]
    NoLaw {
        /// The rule set.
        rule_set: String,
        /// The laws there are.
        help: String,
    },
    /// An id that names no sentence.
    #[error("the law `{law}` has no sentence `{id}`")]
    #[diagnostic(code("xqlaw::cite::unknown"), help("{help}"))]
    UnknownSentence {
        /// The id written.
        id: String,
        /// The law cited.
        law: String,
        /// "did you mean", or how ids are written.
        help: String,
    },
    /// A quote that does not stand in the sentences cited.
    #[error("this quote is not in {cited}")]
    #[diagnostic(code("xqlaw::cite::misquoted"), help("{help}"))]
    Misquoted {
        /// `sentence `23.3:1``, or `sentences `…``.
        cited: String,
        /// What the sentences say.
        help: String,
    },
    /// Two definitions quoting one misprint differently.
    #[error(
        "{owner} quotes sentence `{id}` with “{quoted}”, but {other} quotes it with “{other_quoted}”"
    )]
    #[diagnostic(
        code("xqlaw::cite::quoted-differently"),
        help(
            "the law's text keeps “{printed}” as printed, with the erratum “{corrected}” beside it: quote the sentence one way in every rule set (as printed, as the others do)"
        )
    )]
    QuotedDifferently {
        /// The sentence.
        id: String,
        /// This definition (`term checking of vn-2004`).
        owner: String,
        /// The words it quotes.
        quoted: String,
        /// The other definition.
        other: String,
        /// The words it quotes.
        other_quoted: String,
        /// The misprint.
        printed: String,
        /// Its correction.
        corrected: String,
    },
}

impl ErrorKind for CitationErrorKind {
    fn label(&self) -> String {
        match self {
            CitationErrorKind::Empty | CitationErrorKind::NoLaw { .. } => "cited here",
            CitationErrorKind::UnknownSentence { .. } => "no such sentence",
            CitationErrorKind::Misquoted { .. } => "not in the sentence cited",
            CitationErrorKind::QuotedDifferently { .. } => "quoted differently",
        }
        .to_owned()
    }
}

/// One rule file, read.
struct Read<'a> {
    source: &'a SourceFile,
    tree: ast::File,
}

/// A definition's attributes, with what it is (`term checking of vn-1999`).
struct Cited<'a> {
    owner: String,
    attrs: &'a Attrs,
    /// Where an item that must name sentences (`unencoded`) stands.
    required_at: Option<Loc>,
}

/// How one quote writes one misprint of a sentence it cites.
struct Reading {
    owner: String,
    rule_set: String,
    as_printed: bool,
    file: SourceFile,
    loc: Loc,
}

/// What [`check_files`] found.
#[derive(Debug)]
pub struct Checked {
    /// The problems, in file order.
    pub errors: Vec<CitationError>,
    /// How many definitions cite sentences.
    pub citations: usize,
    /// The laws read (their `law:` names).
    pub laws: Vec<String>,
}

/// Reads the rule files `paths`, the rule files they extend (`NAME.rules` beside them, each
/// read once) and every law text in `law_dir` (`*.yaml`; none when it does not exist), and
/// checks the citations. A rule file that cannot be read is skipped (compiling it reports
/// why); a law text that cannot be read is an error.
pub fn check_files(paths: &[PathBuf], law_dir: &Path) -> Result<Checked, SpecError> {
    let laws = LawText::load_dir(law_dir)?;
    let mut files: Vec<SourceFile> = Vec::new();
    let mut queue: Vec<PathBuf> = paths.to_vec();
    while let Some(path) = queue.pop() {
        let name = path.display().to_string();
        if files.iter().any(|f| f.name == name) {
            continue;
        }
        let Ok(text) = crate::disk::read_text(&path) else {
            continue;
        };
        let file = SourceFile::new(name, text);
        let parent = crate::syntax::parse(&file)
            .ok()
            .and_then(|tree| tree.header.extends.map(|p| p.node));
        if let Some(parent) = parent {
            let dir = path.parent().unwrap_or_else(|| Path::new(""));
            queue.push(dir.join(format!("{parent}.rules")));
        }
        files.push(file);
    }
    let citations = files
        .iter()
        .filter_map(|f| crate::syntax::parse(f).ok())
        .map(|tree| {
            cited(&tree)
                .iter()
                .filter(|c| c.attrs.sentence.is_some())
                .count()
        })
        .sum();
    Ok(Checked {
        errors: check(&files, &laws),
        citations,
        laws: laws.into_iter().map(|l| l.law).collect(),
    })
}

/// Checks the citations of `files` (rule files, each read once: give the files a rule set
/// extends too, so that it is known which law they cite) against `laws`. Files that do not
/// parse are skipped: compiling them reports why.
pub fn check(files: &[SourceFile], laws: &[LawText]) -> Vec<CitationError> {
    let read: Vec<Read<'_>> = files
        .iter()
        .filter_map(|source| {
            let tree = crate::syntax::parse(source).ok()?;
            Some(Read { source, tree })
        })
        .collect();
    let mut errors = Vec::new();
    // (law, sentence id, erratum index) → how each quote writes it.
    let mut readings: BTreeMap<(String, String, usize), Vec<Reading>> = BTreeMap::new();
    for file in &read {
        let rule_set = &file.tree.header.name.node;
        let law = law_of(rule_set, &read, laws);
        for cited in cited(&file.tree) {
            let Some(written) = &cited.attrs.sentence else {
                if let Some(at) = cited.required_at {
                    errors.push(CitationError::new(
                        CitationErrorKind::Empty,
                        file.source,
                        at,
                    ));
                }
                continue;
            };
            let ids = cited.attrs.sentence_ids(&file.source.text);
            let error = |kind, loc| CitationError::new(kind, file.source, loc);
            if ids.is_empty() {
                errors.push(error(CitationErrorKind::Empty, written.loc));
                continue;
            }
            let Some(law) = law else {
                if !laws.is_empty() {
                    errors.push(error(no_law(rule_set, laws), written.loc));
                }
                continue;
            };
            let mut sentences = Vec::new();
            for id in &ids {
                match law.sentence(&id.node) {
                    Some(place) => sentences.push(place.sentence),
                    None => errors.push(error(unknown(law, id), id.loc)),
                }
            }
            let Some(quote) = &cited.attrs.quote else {
                continue;
            };
            if sentences.len() < ids.len() {
                continue;
            }
            let owner = format!("{} of `{rule_set}`", cited.owner);
            if let Some(kind) = misquoted(&ids, &sentences, &quote.node) {
                errors.push(error(kind, quote.loc));
                continue;
            }
            for s in &sentences {
                for (i, e) in s.errata.iter().enumerate() {
                    let as_printed = quote.node.contains(&e.printed);
                    if !as_printed && !quote.node.contains(&e.corrected) {
                        continue;
                    }
                    readings
                        .entry((law.law.clone(), s.id.clone(), i))
                        .or_default()
                        .push(Reading {
                            owner: owner.clone(),
                            rule_set: rule_set.clone(),
                            as_printed,
                            file: file.source.clone(),
                            loc: quote.loc,
                        });
                }
            }
        }
    }
    for ((law, id, i), quotes) in &readings {
        let Some(erratum) = laws
            .iter()
            .find(|l| &l.law == law)
            .and_then(|l| l.sentence(id))
            .and_then(|p| p.sentence.errata.get(*i))
        else {
            continue;
        };
        let Some(first) = quotes.first() else {
            continue;
        };
        let words = |printed: bool| {
            if printed {
                erratum.printed.clone()
            } else {
                erratum.corrected.clone()
            }
        };
        for q in quotes
            .iter()
            .filter(|q| q.as_printed != first.as_printed && q.rule_set != first.rule_set)
        {
            errors.push(CitationError::new(
                CitationErrorKind::QuotedDifferently {
                    id: id.clone(),
                    owner: q.owner.clone(),
                    quoted: words(q.as_printed),
                    other: first.owner.clone(),
                    other_quoted: words(first.as_printed),
                    printed: erratum.printed.clone(),
                    corrected: erratum.corrected.clone(),
                },
                &q.file,
                q.loc,
            ));
        }
    }
    errors
}

/// The law `rule_set` cites: its own, or that of the nearest rule set it extends among `read`.
fn law_of<'l>(rule_set: &str, read: &[Read<'_>], laws: &'l [LawText]) -> Option<&'l LawText> {
    let mut name = rule_set.to_owned();
    // At most one step per file: a circle of `extends` ends here.
    for _ in 0..=read.len() {
        if let Some(law) = laws.iter().find(|l| l.law == name) {
            return Some(law);
        }
        let parent = read
            .iter()
            .find(|r| r.tree.header.name.node == name)?
            .tree
            .header
            .extends
            .as_ref()?;
        name.clone_from(&parent.node);
    }
    None
}

fn no_law(rule_set: &str, laws: &[LawText]) -> CitationErrorKind {
    let names: Vec<String> = laws.iter().map(|l| format!("`{}`", l.law)).collect();
    let help = format!(
        "the laws found are {}: a rule set cites its own law, or that of a rule set it extends",
        names.join(", ")
    );
    CitationErrorKind::NoLaw {
        rule_set: rule_set.to_owned(),
        help,
    }
}

fn unknown(law: &LawText, id: &Node<String>) -> CitationErrorKind {
    let item = id.node.split_once(':').map_or("", |(item, _)| item);
    let help = match law.item(item) {
        Some(item) => {
            let ids: Vec<String> = item.sentences().map(|s| format!("`{}`", s.id)).collect();
            format!("item `{}` has the sentences {}", item.id, ids.join(", "))
        }
        None => {
            let ids: Vec<String> = law.sentences().map(|p| p.sentence.id.clone()).collect();
            did_you_mean(&id.node, ids.iter().map(String::as_str)).unwrap_or_else(|| {
                "a sentence id is the item and the sentence's number in it, `23.3:1` for point 3's first sentence (`xqlaw trace` lists them)".to_owned()
            })
        }
    };
    CitationErrorKind::UnknownSentence {
        id: id.node.clone(),
        law: law.law.clone(),
        help,
    }
}

/// The problem with `quote`, if it stands neither in the sentences' printed text nor in
/// their text as read (each joined with single spaces, in the order cited).
fn misquoted(
    ids: &[Node<String>],
    sentences: &[&LawSentence],
    quote: &str,
) -> Option<CitationErrorKind> {
    let printed: Vec<&str> = sentences.iter().map(|s| s.text.as_str()).collect();
    let read: Vec<String> = sentences.iter().map(|s| s.reading()).collect();
    if printed.join(" ").contains(quote) || read.join(" ").contains(quote) {
        return None;
    }
    let names: Vec<String> = ids.iter().map(|id| id.node.clone()).collect();
    let cited = format!("sentence{} `{}`", plural(ids.len()), names.join(", "));
    Some(CitationErrorKind::Misquoted {
        cited,
        help: format!(
            "a quote stands verbatim in the sentences it cites, which read “{}”",
            printed.join(" ")
        ),
    })
}

/// Every attribute list of a rule file, with what it belongs to.
fn cited(tree: &ast::File) -> Vec<Cited<'_>> {
    let mut out = Vec::new();
    let mut push = |owner: String, attrs| {
        out.push(Cited {
            owner,
            attrs,
            required_at: None,
        });
    };
    for item in &tree.items {
        match &item.node {
            Item::Term(t) => push(format!("term `{}`", t.id.node), &t.attrs),
            Item::Ruling(r) => push(format!("ruling `{}`", r.id.node), &r.attrs),
            Item::Setting(s) => push(format!("setting `{}`", s.name.node), &s.attrs),
            Item::Verdict(v) => {
                for (i, row) in v.rows.iter().enumerate() {
                    push(format!("verdict row {}", i + 1), &row.node.attrs);
                }
            }
            Item::Standings(s) => {
                let form = format!("standings `{}`", s.id.node);
                push(form.clone(), &s.attrs);
                for clause in &s.clauses {
                    let keyword = clause.node.keyword();
                    match &clause.node {
                        Clause::System { attrs, .. }
                        | Clause::Match { attrs, .. }
                        | Clause::Score { attrs, .. }
                        | Clause::Forfeit { attrs, .. }
                        | Clause::Withdrawal { attrs, .. }
                        | Clause::Split { attrs, .. } => push(format!("{form} ({keyword})"), attrs),
                        Clause::Rank { attrs, criteria } => {
                            push(format!("{form} (rank)"), attrs);
                            for c in criteria {
                                push(format!("{form} (criterion `{}`)", c.id.node), &c.attrs);
                            }
                        }
                    }
                }
            }
            Item::Unencoded(_) | Item::Remove(_) => {}
        }
    }
    for item in &tree.items {
        if let Item::Unencoded(u) = &item.node {
            out.push(Cited {
                owner: format!("unencoded {}", u.reason.node.keyword()),
                attrs: &u.attrs,
                required_at: Some(u.reason.loc),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn law() -> LawText {
        LawText::from_yaml(
            "law.yaml",
            "law: base\ntitle: T\nchapters:\n- id: V\n  heading: V\n  articles:\n  - id: '22'\n    heading: Điều 22\n    items:\n    - id: '22.2'\n      blocks:\n      - sentences:\n        - id: 22.2:1\n          text: Hai quân cùng chiếu một lức.\n          errata:\n          - printed: một lức\n            corrected: một lúc\n            reason: typo\n        - id: 22.2:2\n          text: Chiếu mãi bị xử thua.\n",
        )
        .unwrap()
    }

    fn file(name: &str, text: &str) -> SourceFile {
        SourceFile::new(name, text)
    }

    /// (code, underlined text, message, help) of each problem.
    fn problems(files: &[SourceFile]) -> Vec<(String, String, String, String)> {
        check(files, &[law()])
            .iter()
            .map(|e| {
                (
                    e.code().map(|c| c.to_string()).unwrap_or_default(),
                    e.site().text().to_owned(),
                    e.to_string(),
                    e.help().map(|h| h.to_string()).unwrap_or_default(),
                )
            })
            .collect()
    }

    const VERDICT: &str = "verdict otherwise → draw\n";

    #[test]
    fn a_good_citation_passes_printed_or_read() {
        let text = format!(
            "rules base\nterm a on move sentence \"22.2:1, 22.2:2\" quote \"một lức. Chiếu mãi\" = check\n\
             ruling r sentence \"22.2:2\" when every move a → forbidden\n{VERDICT}"
        );
        assert!(problems(&[file("b.rules", &text)]).is_empty());
        let read = format!(
            "rules base\nterm a on move sentence \"22.2:1\" quote \"một lúc\" = check\n{VERDICT}"
        );
        assert!(problems(&[file("b.rules", &read)]).is_empty());
    }

    #[test]
    fn an_unknown_sentence_is_underlined_with_a_suggestion() {
        let text =
            format!("rules base\nterm a on move sentence \"22.2:1, 22.2:3\" = check\n{VERDICT}");
        let found = problems(&[file("b.rules", &text)]);
        assert_eq!(found.len(), 1, "{found:?}");
        let (code, under, message, help) = &found[0];
        assert_eq!(code, "xqlaw::cite::unknown");
        assert_eq!(under, "22.2:3");
        assert_eq!(message, "the law `base` has no sentence `22.2:3`");
        assert_eq!(help, "item `22.2` has the sentences `22.2:1`, `22.2:2`");
    }

    #[test]
    fn a_quote_not_in_its_sentence_is_underlined() {
        let text = format!(
            "rules base\nsetting mate-plies = 7 sentence \"22.2:2\" quote \"Chiếu mãi bị xử hòa\"\n{VERDICT}"
        );
        let found = problems(&[file("b.rules", &text)]);
        let (code, under, message, help) = &found[0];
        assert_eq!(code, "xqlaw::cite::misquoted");
        assert_eq!(under, "\"Chiếu mãi bị xử hòa\"");
        assert_eq!(message, "this quote is not in sentence `22.2:2`");
        assert!(
            help.ends_with("which read “Chiếu mãi bị xử thua.”"),
            "{help}"
        );
    }

    #[test]
    fn two_rule_sets_quoting_a_misprint_differently_are_reported() {
        let base = file(
            "base.rules",
            "rules base\nterm a on move sentence \"22.2:1\" quote \"một lức\" = check\nverdict otherwise → draw sentence \"22.2:2\"\n",
        );
        let child = file(
            "child.rules",
            "rules child\nextends base\nreplace term a on move sentence \"22.2:1\" quote \"cùng chiếu một lúc\" = check\n",
        );
        let found = problems(&[base, child]);
        assert_eq!(found.len(), 1, "{found:?}");
        let (code, under, message, help) = &found[0];
        assert_eq!(code, "xqlaw::cite::quoted-differently");
        assert_eq!(under, "\"cùng chiếu một lúc\"");
        assert_eq!(
            message,
            "term `a` of `child` quotes sentence `22.2:1` with “một lúc”, but term `a` of `base` quotes it with “một lức”"
        );
        assert!(help.contains("keeps “một lức” as printed"), "{help}");
    }

    #[test]
    fn with_no_law_text_at_all_nothing_is_reported() {
        let text = format!("rules base\nterm a on move sentence \"9.9:9\" = check\n{VERDICT}");
        assert!(check(&[file("b.rules", &text)], &[]).is_empty());
    }

    #[test]
    fn citing_without_a_law_and_citing_nothing_are_errors() {
        let text = format!(
            "rules mine\nterm a on move sentence \"22.2:1\" = check\nterm b on move sentence \" , \" = check\n{VERDICT}"
        );
        let found = problems(&[file("o.rules", &text)]);
        let codes: Vec<&str> = found.iter().map(|f| f.0.as_str()).collect();
        assert_eq!(codes, ["xqlaw::cite::no-law", "xqlaw::cite::empty"]);
        assert_eq!(found[0].1, "\"22.2:1\"");
        assert!(found[0].3.contains("`base`"), "{}", found[0].3);
    }

    #[test]
    fn an_unencoded_item_must_name_its_sentences() {
        let text = format!(
            "rules base\nunencoded prose gloss \"x\"\nunencoded aside sentence \"22.2:2\"\n{VERDICT}"
        );
        let found = problems(&[file("b.rules", &text)]);
        let got: Vec<(&str, &str)> = found.iter().map(|f| (f.0.as_str(), f.1.as_str())).collect();
        assert_eq!(got, [("xqlaw::cite::empty", "prose")]);
    }

    #[test]
    fn standings_parts_and_verdict_rows_are_checked() {
        let text = "rules base\nverdict otherwise → draw sentence \"22.9:1\"\nstandings s\n    score game win 1 draw 1/2 loss 0\n        sentence \"22.2:9\"\n    rank\n        points sentence \"22.2:2\" quote \"xử hòa\"\n";
        let found = problems(&[file("b.rules", text)]);
        let under: Vec<&str> = found.iter().map(|f| f.1.as_str()).collect();
        assert_eq!(under, ["22.9:1", "22.2:9", "\"xử hòa\""]);
    }
}
