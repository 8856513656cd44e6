//! The serde model of a spec-test file, and reading and writing it.
//!
//! A spec file mixes fields written by `xqlaw import` (position, moves, commentary, …) with
//! fields maintained by hand (`expect`, `basis`, `known_failure`). Re-importing replaces only
//! the imported fields: see [`SpecFile::replace_imported`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use miette::Diagnostic;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::disk::ReadError;
use crate::source::{ErrorKind, Loc, SourceError, SourceFile};
use crate::vocab::Verdict;
use crate::words::shorten;

/// One spec-test file: a diagram of the law, its moves and the expected rulings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecFile {
    /// File stem, e.g. `hinh-01`.
    pub id: String,
    /// The diagram's title as the law names it, e.g. `Hình 1`.
    pub title: String,
    /// The article the diagram illustrates, e.g. `24.2`.
    pub article: String,
    /// The article's principle, forum markup stripped.
    pub article_text: String,
    /// The start position as a canonical FEN.
    pub fen: String,
    /// The FEN as printed in the law.
    pub fen_text: String,
    /// The moves in ICCS notation (`h2e2`), after errata.
    pub moves: Vec<String>,
    /// The moves as printed, one entry per ply (an empty entry for a ply the print omits).
    pub moves_text: Vec<String>,
    /// Misprints found in the printed diagram, with their corrections.
    #[serde(default)]
    pub errata: Vec<Erratum>,
    /// The law's commentary on the diagram, paragraphs in document order.
    #[serde(default)]
    pub commentary: String,
    /// Where the diagram is printed (every copy).
    #[serde(default)]
    pub sources: Vec<SourceRef>,
    /// Expected ruling per rule set (hand-maintained).
    #[serde(default)]
    pub expect: BTreeMap<String, Verdict>,
    /// Where each rule set's ruling comes from (hand-maintained).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub basis: BTreeMap<String, String>,
    /// Per rule set, why it does not reach the expected ruling yet (hand-maintained). A known
    /// failure of one rule set says nothing about the others: theirs still pass or fail.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub known_failure: BTreeMap<String, String>,
    /// Judge the moves as a presumed cycle although no position of them repeats
    /// (hand-maintained). The law judges repeated play only (Điều 22.11, 24.2); a diagram that
    /// prints one turn of a cycle without returning to its position needs this, with
    /// `assume_cycle_reason`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assume_cycle: bool,
    /// Why the moves are judged as a cycle: required with `assume_cycle: true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assume_cycle_reason: Option<String>,
    /// Set on a case constructed for this project, not published in the law (hand-maintained):
    /// why it is that position. Its `basis` quotes the sentence it illustrates, verbatim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constructed: Option<Constructed>,
}

/// What a constructed case says of itself: it illustrates a sentence of the law (its `basis`)
/// in a position that no published diagram gives.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Constructed {
    /// Why it is that position: the play the sentence describes, and what the position adds
    /// to the published diagrams (the position the sentence describes, not one found to flip
    /// a ruling).
    pub why: String,
}

/// A misprint in the printed diagram and the reading used instead.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// The 1-based ply the misprint concerns; `None` for a misprint outside the moves.
    pub ply: Option<u32>,
    /// The text as printed.
    pub printed: String,
    /// The text as read.
    pub corrected: String,
    /// Why the printed text cannot be right.
    pub reason: String,
}

/// A place where a diagram is printed.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    /// The source file's name.
    pub file: String,
    /// The 1-based line of the diagram's heading.
    pub line: u32,
}

impl SpecFile {
    /// The start position and the moves, when the FEN is valid and every move is ICCS text.
    /// (Whether the moves are legal is the judge's question; `xqlaw test` reports the exact
    /// place of any problem.)
    pub fn position_and_moves(
        &self,
    ) -> Option<(crate::xiangqi::Position, Vec<crate::xiangqi::Move>)> {
        let start = crate::xiangqi::Position::from_fen(&self.fen).ok()?;
        let moves = self
            .moves
            .iter()
            .map(|m| m.parse().ok())
            .collect::<Option<Vec<_>>>()?;
        Some((start, moves))
    }

    /// Reads a spec file from YAML text; `name` is used in error messages. The `id` must be
    /// a plain name, `[a-z0-9-]+`: paths are built from it. Text nested deeper than
    /// [`MAX_DEPTH`] is refused before it is parsed.
    pub fn from_yaml(name: &str, text: &str) -> Result<SpecFile, SpecError> {
        if let Some(at) = too_deep(text) {
            let kind = YamlErrorKind::TooDeep {
                needs: "a spec file",
                depth: 3,
            };
            return Err(yaml_error(name, text, kind, Loc::new(at, at + 1)));
        }
        let spec = Self::parse(name, text)?;
        if !is_plain_id(&spec.id) {
            let kind = IdErrorKind::NotPlain { id: spec.id };
            return Err(id_error(name, text, kind));
        }
        Ok(spec)
    }

    /// Reads the spec file `path` holds as `text`: [`SpecFile::from_yaml`], and its `id`
    /// must equal the file's stem.
    pub fn from_file_text(path: &Path, text: &str) -> Result<SpecFile, SpecError> {
        let name = path.display().to_string();
        let spec = Self::from_yaml(&name, text)?;
        let stem = path.file_stem().map(|s| s.to_string_lossy());
        if stem.as_deref() != Some(spec.id.as_str()) {
            let kind = IdErrorKind::NotFileName {
                id: spec.id,
                stem: stem.unwrap_or_default().into_owned(),
            };
            return Err(id_error(&name, text, kind));
        }
        Ok(spec)
    }

    fn parse(name: &str, text: &str) -> Result<SpecFile, SpecError> {
        serde_yaml::from_str(text).map_err(|e| serde_error(name, text, &e))
    }

    /// Renders the spec file as YAML. Equal values render to identical bytes.
    pub fn to_yaml(&self) -> Result<String, SpecError> {
        serde_yaml::to_string(self).map_err(|e| {
            SpecError::Write(WriteError {
                path: PathBuf::new(),
                message: e.to_string(),
            })
        })
    }

    /// Reads a spec file from disk.
    pub fn load(path: &Path) -> Result<SpecFile, SpecError> {
        let text = crate::disk::read_text_or_why(path).map_err(SpecError::Read)?;
        SpecFile::from_file_text(path, &text)
    }

    /// Replaces the fields that `xqlaw import` writes with those of `imported`, keeping the
    /// hand-maintained ones (`expect`, `basis`, `known_failure`, `constructed`, and any field
    /// added later).
    pub fn replace_imported(&mut self, imported: SpecFile) {
        // Listing every field (no `..`) makes adding a field a compile error here, so that
        // each new field is classified as imported or hand-maintained.
        let SpecFile {
            id,
            title,
            article,
            article_text,
            fen,
            fen_text,
            moves,
            moves_text,
            errata,
            commentary,
            sources,
            expect: _,
            basis: _,
            known_failure: _,
            assume_cycle: _,
            assume_cycle_reason: _,
            constructed: _,
        } = imported;
        self.id = id;
        self.title = title;
        self.article = article;
        self.article_text = article_text;
        self.fen = fen;
        self.fen_text = fen_text;
        self.moves = moves;
        self.moves_text = moves_text;
        self.errata = errata;
        self.commentary = commentary;
        self.sources = sources;
    }
}

/// The deepest nesting of brackets or indented blocks a spec file may have; far more than
/// the schema needs (3), far less than what makes the YAML parser slow.
pub const MAX_DEPTH: usize = 64;

/// Whether `id` is a plain name: lowercase ASCII letters, digits and `-`, not empty.
fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// An error about the `id`, pointing at the `id:` line's value (or the start of the text).
fn id_error(name: &str, text: &str, kind: IdErrorKind) -> SpecError {
    let file = SourceFile::new(name, text);
    SpecError::Id(SourceError::new(
        kind,
        &file,
        super::place::value(text, "id:"),
    ))
}

/// The offset where `text` first nests deeper than [`MAX_DEPTH`]: flow brackets (`[`, `{`)
/// outside quotes and comments, plus block levels (indentation, and `- ` or `? ` items
/// opening a level on the same line). A rough count, on the safe side: it only has to keep
/// pathological input away from the parser.
pub(super) fn too_deep(text: &str) -> Option<usize> {
    let mut offset = 0;
    let mut flow = 0usize;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let mut block = indent / 2;
        let mut rest = line.get(indent..).unwrap_or_default();
        while let Some(after) = rest.strip_prefix("- ").or_else(|| rest.strip_prefix("? ")) {
            block += 1;
            rest = after.trim_start_matches(' ');
        }
        if block > MAX_DEPTH {
            return Some(offset + indent);
        }
        let mut quote = None;
        for (i, c) in line.char_indices() {
            match (quote, c) {
                (None, '#') => break,
                (None, '\'' | '"') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, '[' | '{') => {
                    flow += 1;
                    if flow + block > MAX_DEPTH {
                        return Some(offset + i);
                    }
                }
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
        }
        offset += line.len();
    }
    None
}

/// Writes `contents` to `path` through a temporary file in the same directory and a rename,
/// so that a crash leaves either the old file or the new one, never a partial file; the
/// temporary file is created new and never through a link ([`crate::disk::replace`]).
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), SpecError> {
    crate::disk::replace(path, contents.as_bytes(), crate::disk::Writer::Import).map_err(|e| {
        SpecError::Write(WriteError {
            path: path.to_path_buf(),
            message: e.to_string(),
        })
    })
}

/// An error reading or writing a spec file.
#[derive(Debug, Error, Diagnostic)]
pub enum SpecError {
    /// The file could not be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Read(ReadError),
    /// The file is not a valid spec file.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Parse(YamlError),
    /// The file could not be written.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Write(WriteError),
    /// The `id` is not a plain name or not the file's name.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Id(IdError),
}

/// A spec file whose `id` cannot name its pages, at the `id:` line's value.
pub type IdError = SourceError<IdErrorKind>;

/// Why an `id` cannot name a spec file's pages.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum IdErrorKind {
    /// Not `[a-z0-9-]+`.
    #[error("the id `{}` is not a plain name", shorten(id, 60))]
    #[diagnostic(code(xqlaw::spec::id), help("{ID_HELP}"))]
    NotPlain {
        /// The id, as written.
        id: String,
    },
    /// Not the file's stem.
    #[error("the id `{id}` is not the file's name `{stem}`")]
    #[diagnostic(code(xqlaw::spec::id), help("{ID_HELP}"))]
    NotFileName {
        /// The id.
        id: String,
        /// The file's name without `.yaml`.
        stem: String,
    },
}

/// What an id must be, the help of every [`IdErrorKind`].
const ID_HELP: &str = "the id is the file's name without `.yaml`, in lowercase letters, digits and `-` (e.g. `hinh-01`): pages and links are named after it";

impl ErrorKind for IdErrorKind {
    fn label(&self) -> String {
        "this id".to_owned()
    }
}

/// A YAML file of the spec folder (a spec file, the law's text) that is not valid YAML or
/// does not follow its schema, at the place the reader stopped.
pub type YamlError = SourceError<YamlErrorKind>;

/// Why a YAML file of the spec folder cannot be read as what it should be.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum YamlErrorKind {
    /// Nested deeper than [`MAX_DEPTH`], refused before it is parsed.
    #[error(
        "invalid spec file: the text is nested more than {MAX_DEPTH} levels deep; {needs} needs {depth}"
    )]
    #[diagnostic(code(xqlaw::spec::parse), help("{YAML_HELP}"))]
    TooDeep {
        /// What the file holds: `a spec file`, `the law's text`.
        needs: &'static str,
        /// How deep that nests at most.
        depth: usize,
    },
    /// An item or sentence of the law's text that reads but does not make sense (an id given
    /// twice, an erratum whose printed words do not stand once).
    #[error("invalid spec file: `{id}`: {problem}")]
    #[diagnostic(code(xqlaw::spec::parse), help("{YAML_HELP}"))]
    Item {
        /// The item's id.
        id: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The YAML reader refused it: bad YAML, a missing or unknown field, a wrong type.
    #[error("invalid spec file: {0}")]
    #[diagnostic(code(xqlaw::spec::parse), help("{YAML_HELP}"))]
    Yaml(String),
}

/// Where the schema is, the help of every [`YamlErrorKind`].
const YAML_HELP: &str =
    "the schema is documented in `src/spec/model.rs`; unknown fields are rejected";

impl ErrorKind for YamlErrorKind {
    fn label(&self) -> String {
        "here".to_owned()
    }
}

/// `kind` at `loc` in the file `name` whose text is `text`.
pub(super) fn yaml_error(name: &str, text: &str, kind: YamlErrorKind, loc: Loc) -> SpecError {
    SpecError::Parse(SourceError::new(kind, &SourceFile::new(name, text), loc))
}

/// The YAML reader's error `e` on the file `name` whose text is `text`, at the place it gives.
pub(super) fn serde_error(name: &str, text: &str, e: &serde_yaml::Error) -> SpecError {
    let at = e.location().map_or(0, |l| l.index());
    yaml_error(
        name,
        text,
        YamlErrorKind::Yaml(e.to_string()),
        Loc::new(at, at),
    )
}

/// A spec file that could not be written.
#[derive(Debug, Error, Diagnostic)]
#[error("cannot write `{}`: {message}", path.display())]
#[diagnostic(code(xqlaw::spec::write))]
pub struct WriteError {
    path: PathBuf,
    message: String,
}

impl WriteError {
    /// Builds the error.
    pub(super) fn new(path: PathBuf, message: String) -> WriteError {
        WriteError { path, message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn sample() -> SpecFile {
        SpecFile {
            id: "hinh-01".into(),
            title: "Hình 1".into(),
            article: "24.2".into(),
            article_text: "Nếu đi cờ luân phiên".into(),
            fen: "f".into(),
            fen_text: "f".into(),
            moves: vec!["h8h9".into()],
            moves_text: vec!["X2.1".into()],
            errata: vec![Erratum {
                ply: Some(8),
                printed: "Tg/1".into(),
                corrected: "Tg6/1".into(),
                reason: "king's file omitted".into(),
            }],
            commentary: "Một.\n\nHai.\n".into(),
            sources: vec![SourceRef {
                file: "a.txt".into(),
                line: 3,
            }],
            expect: BTreeMap::new(),
            basis: BTreeMap::new(),
            known_failure: BTreeMap::new(),
            assume_cycle: false,
            assume_cycle_reason: None,
            constructed: None,
        }
    }

    #[test]
    fn round_trip() {
        let spec = sample();
        let yaml = spec.to_yaml().unwrap();
        assert!(yaml.contains("expect: {}"), "{yaml}");
        assert!(!yaml.contains("basis"), "{yaml}");
        assert!(!yaml.contains("known_failure"), "{yaml}");
        assert!(yaml.contains("commentary: |"), "{yaml}");
        let back = SpecFile::from_yaml("x", &yaml).unwrap();
        assert_eq!(back, spec);
        assert_eq!(back.to_yaml().unwrap(), yaml);
    }

    #[test]
    fn known_failures_are_kept_per_rule_set() {
        let mut spec = sample();
        spec.known_failure
            .insert("cxa".into(), "needs a fact the engine lacks".into());
        let yaml = spec.to_yaml().unwrap();
        assert!(
            yaml.contains("known_failure:\n  cxa: needs a fact the engine lacks\n"),
            "{yaml}"
        );
        assert_eq!(SpecFile::from_yaml("x", &yaml).unwrap(), spec);
        // The old form, one reason for the whole file, names no rule set and is rejected.
        let old = sample().to_yaml().unwrap() + "known_failure: the law errs\n";
        assert!(SpecFile::from_yaml("x", &old).is_err());
    }

    #[test]
    fn unknown_fields_are_rejected() {
        let yaml = sample().to_yaml().unwrap() + "surprise: 1\n";
        let err = SpecFile::from_yaml("x", &yaml).unwrap_err();
        assert!(err.to_string().contains("surprise"), "{err}");
    }

    #[test]
    fn hand_fields_survive_replace_imported() {
        let mut existing = sample();
        existing.expect.insert("vn-1999".into(), Verdict::RedLoses);
        existing.basis.insert("vn-1999".into(), "24.2".into());
        existing
            .known_failure
            .insert("cxa".into(), "needs a fact".into());
        let mut imported = sample();
        imported.commentary = "Mới.\n".into();
        existing.replace_imported(imported);
        assert_eq!(existing.commentary, "Mới.\n");
        assert_eq!(existing.expect.get("vn-1999"), Some(&Verdict::RedLoses));
        assert_eq!(existing.basis.len(), 1);
        assert_eq!(
            existing.known_failure.get("cxa").map(String::as_str),
            Some("needs a fact")
        );
    }

    #[test]
    fn write_atomic_replaces_file() {
        let dir = std::env::temp_dir().join(format!("xqlaw-spec-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.yaml");
        write_atomic(&path, "one\n").unwrap();
        write_atomic(&path, "two\n").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two\n");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        fs::remove_dir_all(&dir).unwrap();
    }
}
