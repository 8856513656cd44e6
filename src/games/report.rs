//! A game's report as one JSON line or one CSV row, and a refused record as the same.

use serde::Serialize;
use serde::ser::SerializeMap;

use super::{GameReport, Repetition, Ruling};
use crate::records::{Place, RecordError};

/// Tags in the order written, as one JSON object.
struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, value) in self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// Rulings keyed by rule set, `null` where none was made.
struct ByRules<'a>(&'a [String], &'a [Option<Ruling>]);

impl Serialize for ByRules<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (name, ruling) in self.0.iter().zip(self.1) {
            map.serialize_entry(name, &ruling.as_ref().map(Cut))?;
        }
        map.end()
    }
}

/// A ruling without its rule set's name (the key says it).
struct Cut<'a>(&'a Ruling);

impl Serialize for Cut<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut map = s.serialize_map(Some(5))?;
        map.serialize_entry("cycle", &r.cycle)?;
        map.serialize_entry("verdict", &r.verdict)?;
        map.serialize_entry("kind", &r.kind)?;
        map.serialize_entry("red", &r.red)?;
        map.serialize_entry("black", &r.black)?;
        map.end()
    }
}

#[derive(Serialize)]
struct RepetitionLine<'a> {
    plies: [usize; 2],
    occurrences: u32,
    position: &'a str,
    rulings: ByRules<'a>,
}

#[derive(Serialize)]
struct GameLine<'a> {
    file: &'a str,
    index: usize,
    format: crate::records::Format,
    encoding: crate::records::Encoding,
    tags: Tags<'a>,
    result: crate::records::RecordedResult,
    plies: usize,
    repetitions: Vec<RepetitionLine<'a>>,
    end: ByRules<'a>,
}

#[derive(Serialize)]
struct ErrorLine {
    file: String,
    index: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<usize>,
    reason: &'static str,
    error: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<String>,
}

impl GameReport {
    /// The report as one JSON line (no newline): file, index in the file, format, encoding,
    /// tags, recorded result, plies, the repetitions with each rule set's ruling, and the
    /// verdict at the end under each rule set.
    #[must_use]
    pub fn json_line(&self, file: &str, rules: &[String]) -> String {
        let repetitions = self
            .repetitions
            .iter()
            .map(|r: &Repetition| RepetitionLine {
                plies: r.plies,
                occurrences: r.occurrences,
                position: &r.position,
                rulings: ByRules(rules, &r.rulings),
            })
            .collect();
        let line = GameLine {
            file,
            index: self.record.index,
            format: self.record.format,
            encoding: self.record.encoding,
            tags: Tags(&self.record.tags),
            result: self.record.result,
            plies: self.record.moves.len(),
            repetitions,
            end: ByRules(rules, &self.end),
        };
        serde_json::to_string(&line).unwrap_or_default()
    }

    /// A game whose outcome an amendment changes, as one JSON line: the file, the index,
    /// the tags, the recorded result and the changes.
    #[must_use]
    pub fn changes_line(&self, file: &str, changes: &[super::Change]) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            file: &'a str,
            index: usize,
            tags: Tags<'a>,
            result: crate::records::RecordedResult,
            changes: &'a [super::Change],
        }
        let line = Line {
            file,
            index: self.record.index,
            tags: Tags(&self.record.tags),
            result: self.record.result,
            changes,
        };
        serde_json::to_string(&line).unwrap_or_default()
    }

    /// The report as one CSV row (see [`csv_header`]).
    #[must_use]
    pub fn csv_row(&self, file: &str) -> Vec<String> {
        let r = &self.record;
        let tag = |name: &str| r.tag(name).unwrap_or_default().to_owned();
        let mut row = vec![
            file.to_owned(),
            r.index.to_string(),
            r.format.name().to_owned(),
            r.encoding.name().to_owned(),
            tag("Event"),
            tag("Date"),
            tag("Red"),
            tag("Black"),
            r.result.as_str().to_owned(),
            r.moves.len().to_string(),
            self.repetitions.len().to_string(),
        ];
        for end in &self.end {
            match end {
                Some(e) => {
                    row.push(e.verdict.as_str().to_owned());
                    row.push(serde_plain(&e.kind));
                    row.push(self.disagrees(e.verdict).to_string());
                }
                None => row.extend([String::new(), String::new(), String::new()]),
            }
        }
        row.push(String::new());
        row
    }
}

/// A refused record as one JSON line: the file, the index when known, the place (`line` and
/// `column`, or `offset`), the reason's short name, the message and its help.
#[must_use]
pub fn error_line(e: &RecordError) -> String {
    use miette::Diagnostic;
    let (line, column, offset) = match e.place() {
        Place::Line { line, column } => (Some(line), Some(column), None),
        Place::Offset { offset } => (None, None, Some(offset)),
        Place::File => (None, None, None),
    };
    let line = ErrorLine {
        file: e.file().display().to_string(),
        index: e.index(),
        line,
        column,
        offset,
        reason: e.reason(),
        error: e.to_string(),
        help: e.help().map(|h| h.to_string()),
    };
    serde_json::to_string(&line).unwrap_or_default()
}

/// The CSV columns: the game, then verdict, kind and disagreement at the end per rule set,
/// then the error of a refused record.
#[must_use]
pub fn csv_header(rules: &[String]) -> Vec<String> {
    let mut header: Vec<String> = [
        "file",
        "index",
        "format",
        "encoding",
        "event",
        "date",
        "red",
        "black",
        "result",
        "plies",
        "repetitions",
    ]
    .map(str::to_owned)
    .to_vec();
    for name in rules {
        header.push(format!("{name} end verdict"));
        header.push(format!("{name} end kind"));
        header.push(format!("{name} disagrees"));
    }
    header.push("error".to_owned());
    header
}

/// A refused record as one CSV row.
#[must_use]
pub fn csv_error(e: &RecordError, rules: usize) -> Vec<String> {
    let mut row = vec![
        e.file().display().to_string(),
        e.index().map(|i| i.to_string()).unwrap_or_default(),
    ];
    row.resize(11 + 3 * rules, String::new());
    row.push(format!("{}: {e}", e.location()));
    row
}

/// A unit enum's serde name (`perpetual-check`).
fn serde_plain<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}
