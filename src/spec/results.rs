//! The results file of a tournament (`xqlaw standings RESULTS`): its serde model, and finding
//! the place of any of its parts in the text, so that every error points at its line.
//!
//! The schema is documented in `docs/language.md` (Standings). What the values mean (players known,
//! rounds in range, a game given once) is checked by [`crate::standings`]; this module only
//! reads the YAML.

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::model::{MAX_DEPTH, too_deep};
use crate::source::Loc;
use crate::standings::System;

/// A tournament's results, as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultsFile {
    /// The event's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The tournament system.
    pub system: System,
    /// The standings form of the rule set to rank with (default: the one named like the
    /// system).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// How many rounds the tournament has.
    pub rounds: u32,
    /// In a round robin, how many times every two players meet (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycles: Option<u32>,
    /// The players.
    pub players: Vec<PlayerEntry>,
    /// The games, in any order.
    #[serde(default)]
    pub games: Vec<GameEntry>,
    /// The players who withdrew.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawals: Vec<WithdrawalEntry>,
    /// Orders drawn by lots among level players, best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lots: Vec<Vec<String>>,
    /// Set in a spec case (`spec-tests/*-standings/`): the standings expected of these
    /// results, worked out by hand. `xqlaw standings` ignores it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<StandingsCase>,
}

/// What a spec case expects of its results: for each rule set (or regulation beside the file),
/// the table worked out by hand from the text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsCase {
    /// The case's id: the file's name without `.yaml`.
    pub id: String,
    /// What it shows.
    pub title: String,
    /// The hand computation, step by step.
    pub worked: String,
    /// Per rule set, the sentence of the law the case shows deciding, verbatim.
    pub basis: std::collections::BTreeMap<String, String>,
    /// Per rule set (a rule set of `rules/`, or a regulation `NAME.rules` beside the file),
    /// the expected standings.
    pub expect: std::collections::BTreeMap<String, ExpectedTable>,
}

/// The standings a case expects under one rule set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedTable {
    /// The form (default: the one the results name, or the system's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// The rows, best first.
    pub rows: Vec<ExpectedRow>,
    /// Between each two adjacent rows: the criterion that separates them, `lots-needed`, or
    /// `level` (nothing does, and the form has no lots).
    pub gaps: Vec<String>,
    /// The players not ranked because their games were annulled.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annulled: Vec<String>,
}

/// One expected row: the place, the player, and the values worked out by hand (by criterion
/// id; those not given are not checked).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpectedRow {
    /// The place, from 1.
    pub place: usize,
    /// The player's id.
    pub player: String,
    /// Criterion values.
    #[serde(flatten)]
    pub values: std::collections::BTreeMap<String, f64>,
}

/// A player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerEntry {
    /// The id games name the player by: lowercase letters, digits and `-`.
    pub id: String,
    /// The full name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// One game (or, for an absent player, the whole pairing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// The round.
    pub round: u32,
    /// The player with Red (Trắng, who moves first).
    pub red: String,
    /// The player with Black (Đen).
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` (or `½-½`), or `0-0` with `by: faults`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// How the game was lost, when not over the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<LostBy>,
    /// Who did not come: the game, or the match, is forfeited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<Absent>,
}

/// How a game was lost other than over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostBy {
    /// Three technical or three conduct faults (Điều 16.1 c, 20.4 b.9); both players may lose
    /// so (the second Điều 15.7 b), written `0-0`.
    Faults,
}

/// Who did not come to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Absent {
    /// The player with Red.
    Red,
    /// The player with Black.
    Black,
    /// Both.
    Both,
}

/// A withdrawal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WithdrawalEntry {
    /// The player.
    pub player: String,
    /// The last round they played (0: before the first).
    pub after_round: u32,
}

/// Why a results text could not be read: the parser's message, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlProblem {
    /// The message.
    pub message: String,
    /// The place.
    pub loc: Loc,
}

impl ResultsFile {
    /// Reads a results file from YAML text. Text nested deeper than [`MAX_DEPTH`] is refused
    /// before it is parsed.
    ///
    /// # Errors
    ///
    /// The text is not YAML or does not follow the schema.
    pub fn from_yaml(text: &str) -> Result<ResultsFile, YamlProblem> {
        if let Some(at) = too_deep(text) {
            return Err(YamlProblem {
                message: format!(
                    "the text is nested more than {MAX_DEPTH} levels deep; a results file needs 3"
                ),
                loc: Loc::new(at, at + 1),
            });
        }
        serde_yaml::from_str(text).map_err(|e| YamlProblem {
            message: e.to_string(),
            loc: e
                .location()
                .map(|l| token_at(text, offset_of(text, l.line(), l.column())))
                .unwrap_or_default(),
        })
    }
}

/// One step of a path into a YAML document: a key of a mapping, or an index of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step<'a> {
    /// The value of this key.
    Key(&'a str),
    /// The item at this index.
    Index(usize),
}

/// The place of the node at `path` in the YAML `text` (the token, or the line, it starts),
/// if there is one.
///
/// The YAML reader tells where a node is only when reading it fails; so the node is found by
/// reading the text again, skipping everything off the path, and failing on purpose at the
/// node.
pub fn locate(text: &str, path: &[Step<'_>]) -> Option<Loc> {
    let deserializer = serde_yaml::Deserializer::from_str(text);
    match (Seek { path }).deserialize(deserializer) {
        Ok(()) => None,
        Err(e) => {
            let l = e.location()?;
            Some(token_at(text, offset_of(text, l.line(), l.column())))
        }
    }
}

/// The byte offset of a 1-based line and column (in characters).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let within: usize = l
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            return offset + within;
        }
        offset += l.len();
    }
    text.len()
}

/// The span of the token that starts at `offset`: a quoted string, a bracketed flow node on
/// its line, or a plain scalar up to a separator; else the rest of the line.
fn token_at(text: &str, offset: usize) -> Loc {
    let rest = text.get(offset..).unwrap_or_default();
    let line = rest.split('\n').next().unwrap_or_default().trim_end();
    let len = match line.chars().next() {
        Some(q @ ('"' | '\'')) => line
            .get(1..)
            .and_then(|r| r.find(q))
            .map_or(line.len(), |i| i + 2),
        Some('{' | '[') => {
            let mut depth = 0usize;
            let mut end = line.len();
            for (i, c) in line.char_indices() {
                match c {
                    '{' | '[' => depth += 1,
                    '}' | ']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        }
        Some(_) if line.starts_with("- ") => line.len(),
        Some(_) => {
            let plain = line.find([',', '}', ']']).unwrap_or(line.len());
            let plain = line.get(..plain).unwrap_or(line);
            // A block mapping's first key: the whole line.
            if plain.contains(": ") {
                line.len()
            } else {
                plain.trim_end().len()
            }
        }
        None => 0,
    };
    Loc::new(offset, offset + len)
}

/// Reads the document, skipping what is off the path, and fails at the node the path leads
/// to.
struct Seek<'p> {
    path: &'p [Step<'p>],
}

impl<'de> DeserializeSeed<'de> for Seek<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        match self.path.split_first() {
            None => deserializer.deserialize_any(Found),
            Some((Step::Key(key), rest)) => deserializer.deserialize_map(InMap { key, rest }),
            Some((Step::Index(index), rest)) => deserializer.deserialize_seq(InSeq {
                index: *index,
                rest,
            }),
        }
    }
}

/// Fails on whatever it is given: the error carries the node's place.
struct Found;

impl Visitor<'_> for Found {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the node looked for")
    }
}

/// Looks for `key` in a mapping and seeks `rest` in its value.
struct InMap<'p> {
    key: &'p str,
    rest: &'p [Step<'p>],
}

impl<'de> Visitor<'de> for InMap<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a mapping")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == self.key {
                return map.next_value_seed(Seek { path: self.rest });
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(())
    }
}

/// Looks for item `index` of a sequence and seeks `rest` in it.
struct InSeq<'p> {
    index: usize,
    rest: &'p [Step<'p>],
}

impl<'de> Visitor<'de> for InSeq<'_> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        for _ in 0..self.index {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Ok(());
            }
        }
        seq.next_element_seed(Seek { path: self.rest })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "system: round-robin\nrounds: 3\nplayers:\n- id: an\n  name: Nguyễn Văn Ân\n- {id: binh}\ngames:\n- {round: 1, red: an, black: bình, result: 1-0}\n- round: 2\n  red: an\n  black: binh\n  result: \"2-0\"\n";

    fn at(path: &[Step<'_>]) -> &'static str {
        let loc = locate(TEXT, path).unwrap();
        &TEXT[loc.start..loc.end]
    }

    #[test]
    fn finds_scalars_in_flow_and_block_nodes() {
        assert_eq!(
            at(&[Step::Key("games"), Step::Index(0), Step::Key("black")]),
            "bình"
        );
        assert_eq!(
            at(&[Step::Key("games"), Step::Index(1), Step::Key("result")]),
            "\"2-0\""
        );
        assert_eq!(at(&[Step::Key("rounds")]), "3");
        assert_eq!(
            at(&[Step::Key("games"), Step::Index(0)]),
            "{round: 1, red: an, black: bình, result: 1-0}"
        );
        assert_eq!(
            at(&[Step::Key("players"), Step::Index(0), Step::Key("name")]),
            "Nguyễn Văn Ân"
        );
        assert_eq!(locate(TEXT, &[Step::Key("games"), Step::Index(7)]), None);
        assert_eq!(locate(TEXT, &[Step::Key("lots")]), None);
    }

    #[test]
    fn reads_the_schema_and_points_at_an_unknown_field() {
        let file = ResultsFile::from_yaml(TEXT).unwrap();
        assert_eq!(file.players.len(), 2);
        assert_eq!(file.games[1].result.as_deref(), Some("2-0"));
        let bad = TEXT.replace("rounds: 3", "rounds: 3\ncolour: red");
        let e = ResultsFile::from_yaml(&bad).unwrap_err();
        assert!(e.message.contains("unknown field `colour`"), "{e:?}");
        assert_eq!(&bad[e.loc.start..e.loc.end], "colour: red");
        let e = ResultsFile::from_yaml(&TEXT.replace("round-robin", "round-robbin")).unwrap_err();
        assert!(e.message.contains("unknown variant"), "{e:?}");
    }
}
