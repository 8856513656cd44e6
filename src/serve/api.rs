//! The JSON API's requests and answers (its errors are in [`super::err`]). Requests refuse unknown fields, so a typo in
//! a field name is an error rather than a silently ignored option.

use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::err::{ApiError, ApiErrorKind};
use super::problem::Problem;
use std::collections::BTreeMap;

use crate::analyses::whatif::Reason;
use crate::analyses::{CaseRow, Decided, Decider};
use crate::eval::Judgement;
use crate::vocab::Verdict;

/// `POST /api/whatif`: an edited rule text and the rule set it amends.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhatifRequest {
    /// The base rule set's name (`vn-1999`).
    pub base: String,
    /// The edited rule text.
    #[serde(deserialize_with = "rule_text")]
    pub rules: String,
}

/// `POST /api/judge`: a position and moves, judged by a rule set named or given as text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeRequest {
    /// A rule set's name (`vn-1999`), or a rule text.
    #[serde(deserialize_with = "rule_text")]
    pub rules: String,
    /// The start position (default: the starting position).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves, one text per ply, in any notation `xqlaw judge` reads.
    pub moves: Vec<String>,
    /// Judge the moves as a repeating cycle.
    #[serde(default)]
    pub assume_cycle: bool,
    /// The notation of the moves (`iccs`, `wxf`, `vi`, `zh`); when absent, the law's (`vi`)
    /// if the moves read in it, else the first that reads them.
    #[serde(default)]
    pub notation: Option<String>,
}

/// The answer to `POST /api/judge`: the judgement as `xqlaw judge --json` prints it, and the
/// notation the moves were read in, with the others that read them as different moves; the
/// judgement in the law's words, the Vietnamese names of the terms and rulings it mentions,
/// and the board, as a case is shown.
#[derive(Debug, Serialize)]
pub struct JudgeAnswer {
    /// The judgement.
    #[serde(flatten)]
    pub judgement: Judgement,
    /// The notation the moves were read in (`vi`, `iccs`, `wxf`, `zh`).
    pub notation: &'static str,
    /// The other notations in which the same texts are a legal line of different moves: when
    /// not empty, the verdict depends on the notation.
    pub also_reads_in: Vec<&'static str>,
    /// The judgement in words, Vietnamese first ([`crate::docgen`]'s wording, as the book and
    /// the case view say it).
    pub said: String,
    /// The repetition in words, Vietnamese first.
    pub repetition_said: String,
    /// The Vietnamese `name` of each term and ruling of the rule set that has one, by id.
    pub names: BTreeMap<String, String>,
    /// The start position with the first plies as arrows (SVG), as a case's board.
    pub board: String,
    /// Each piece the judgement names (`black pawn f4`), as the law writes it (`Tốt Đen f4`).
    pub pieces: BTreeMap<String, String>,
}

/// `POST /api/report`: the one-page proposal of an edited rule text against its base, as
/// `xqlaw whatif --report` writes it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportRequest {
    /// The base rule set's name.
    pub base: String,
    /// The edited rule text.
    #[serde(deserialize_with = "rule_text")]
    pub rules: String,
    /// The name the edited text is shown by (default `edited.rules`).
    #[serde(default)]
    pub name: Option<String>,
}

/// Why an edited ruling does not take effect where it fires ([`Reason`]), with the library's
/// words for it, the rulings named by their Vietnamese names.
#[derive(Debug, Clone, Serialize)]
pub struct ReasonAnswer {
    /// The reason.
    #[serde(flatten)]
    pub reason: Reason,
    /// It in words ([`Reason::line_by_name`]), as `xqlaw whatif` says it.
    pub said: String,
}

impl ReasonAnswer {
    /// The reason with its words.
    pub fn of(reason: Reason) -> ReasonAnswer {
        ReasonAnswer {
            said: reason.line_by_name(),
            reason,
        }
    }
}

/// `POST /api/case`: one case of the corpus, judged by the base and by an edited text.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaseRequest {
    /// The base rule set's name.
    pub base: String,
    /// The edited rule text (default: the base unedited).
    #[serde(default, deserialize_with = "some_rule_text")]
    pub rules: Option<String>,
    /// The case's id (`hinh-74`).
    pub id: String,
}

/// `POST /api/save`: "Save as", a rule text written to the rules folder under a new name.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveRequest {
    /// The file name, with or without `.rules`.
    pub name: String,
    /// The rule text.
    #[serde(deserialize_with = "rule_text")]
    pub rules: String,
    /// Replace a file of that name (the user confirmed).
    #[serde(default)]
    pub overwrite: bool,
    /// Rename the text's `rules` line after the file (the user confirmed): `rules NAME`,
    /// keeping `amends` or `extends` of the rule set it amends so it stays comparable.
    #[serde(default)]
    pub rename: bool,
}

/// A rule text as a request gives it, read as a rule file is read: a byte order mark pasted at
/// its start is no part of it ([`crate::disk::without_bom`]), so the text compiles, and its
/// lines and columns are an editor's, as they are for a file.
fn rule_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    String::deserialize(d).map(as_a_file_reads)
}

/// [`rule_text`], when the field may be left out or null.
fn some_rule_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Option::<String>::deserialize(d).map(|text| text.map(as_a_file_reads))
}

/// `text` as [`crate::disk::read_text`] reads a file's: without a leading byte order mark.
fn as_a_file_reads(text: String) -> String {
    match crate::disk::without_bom(&text) {
        kept if kept.len() == text.len() => text,
        kept => kept.to_owned(),
    }
}

/// `GET /api/cases` query.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasesQuery {
    /// The base rule set's name.
    pub base: String,
}

/// A rule set of the rules folder.
#[derive(Debug, Clone, Serialize)]
pub struct RuleSetInfo {
    /// Its name: the file's stem.
    pub name: String,
    /// Its title, when it compiles and has one.
    pub title: Option<String>,
    /// Whether it compiles.
    pub compiles: bool,
}

/// A rule set's text.
#[derive(Debug, Clone, Serialize)]
pub struct RuleSetText {
    /// Its name.
    pub name: String,
    /// The rule set an edit of it is compared with, and whose expectations apply: itself
    /// when some case expects a verdict of it; else the rule set it amends (a saved
    /// amendment is never its own base).
    pub base: String,
    /// Its title.
    pub title: Option<String>,
    /// The file's text.
    pub text: String,
}

/// The rulings behind a verdict, before and after an edit.
#[derive(Debug, Clone, Serialize)]
pub struct Rulings {
    /// The base's deciding rulings.
    pub before: Vec<Decider>,
    /// The edited text's deciding rulings.
    pub after: Vec<Decider>,
}

/// A case whose verdict changes.
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// The case's id.
    pub id: String,
    /// Its title (`Hình 74`).
    pub title: String,
    /// The article it illustrates.
    pub article: String,
    /// The base's expected verdict, when its spec file states one.
    pub expected: Option<Verdict>,
    /// The base's verdict.
    pub before: Option<Verdict>,
    /// The edited text's verdict.
    pub after: Option<Verdict>,
    /// The deciding rulings.
    pub rulings: Rulings,
}

impl Change {
    /// The row of a case whose verdict the edit changes, as the page shows it.
    pub fn of(row: &CaseRow) -> Change {
        let by = |d: &Option<Decided>| d.as_ref().map(|d| d.by.clone()).unwrap_or_default();
        Change {
            id: row.case.id.clone(),
            title: row.case.title.clone(),
            article: row.case.article.clone(),
            expected: row.expected,
            before: verdict(&row.before),
            after: verdict(&row.after),
            rulings: Rulings {
                before: by(&row.before),
                after: by(&row.after),
            },
        }
    }
}

/// The verdict of a decision, if there is one.
fn verdict(d: &Option<Decided>) -> Option<Verdict> {
    d.as_ref().map(|d| d.verdict)
}

/// The answer of `POST /api/whatif`.
#[derive(Debug, Clone, Serialize)]
pub struct WhatifAnswer {
    /// How many cases were judged.
    pub cases: usize,
    /// The cases whose verdict changes.
    pub changes: Vec<Change>,
    /// The edited text's warnings.
    pub warnings: Vec<Problem>,
    /// Why an edited ruling does not take effect where it fires: the rulings that keep the
    /// verdicts, and what to write.
    pub reasons: Vec<ReasonAnswer>,
    /// The Vietnamese `name` of each term and ruling of the edited text that has one, by id.
    pub names: BTreeMap<String, String>,
}

/// A case as the base judges it.
#[derive(Debug, Clone, Serialize)]
pub struct BaseCase {
    /// The case's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// Its article.
    pub article: String,
    /// The base's expected verdict.
    pub expected: Option<Verdict>,
    /// The base's verdict.
    pub before: Option<Verdict>,
    /// The base's deciding rulings.
    pub rulings: Vec<Decider>,
}

impl BaseCase {
    /// The row of a case as the base judges it, as the page shows it.
    pub fn of(row: &CaseRow) -> BaseCase {
        BaseCase {
            id: row.case.id.clone(),
            title: row.case.title.clone(),
            article: row.case.article.clone(),
            expected: row.expected,
            before: verdict(&row.before),
            rulings: row
                .before
                .as_ref()
                .map(|d| d.by.clone())
                .unwrap_or_default(),
        }
    }
}

/// The answer of `GET /api/cases`.
#[derive(Debug, Clone, Serialize)]
pub struct CasesAnswer {
    /// The base rule set.
    pub base: String,
    /// Every case, in corpus order.
    pub cases: Vec<BaseCase>,
    /// The Vietnamese `name` of each term and ruling of the base that has one, by id.
    pub names: BTreeMap<String, String>,
}

/// One move of a case.
#[derive(Debug, Clone, Serialize)]
pub struct CaseMove {
    /// 1-based.
    pub ply: usize,
    /// As printed in the law (after errata the printed text may differ from `vi`).
    pub printed: String,
    /// In the law's notation.
    pub vi: String,
    /// In ICCS.
    pub iccs: String,
}

/// The answer of `POST /api/case`: the case's row (who it is, what the base expects, the
/// verdicts before and after the edit) with what the case view shows beside it.
#[derive(Debug, Clone, Serialize)]
pub struct CaseAnswer {
    /// The case's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// The article it illustrates, and the article's text.
    pub article: String,
    /// The article's principle.
    pub article_text: String,
    /// The start position.
    pub fen: String,
    /// The board, as the docs draw it (SVG).
    pub board: String,
    /// The moves.
    pub moves: Vec<CaseMove>,
    /// The law's commentary.
    pub commentary: String,
    /// The base's expected verdict.
    pub expected: Option<Verdict>,
    /// The base's verdict.
    pub before: Option<Verdict>,
    /// The edited text's verdict.
    pub after: Option<Verdict>,
    /// The explanation under the edited text.
    pub explanation: String,
}

/// What the case view shows beside a case's row: the law's text and picture of the case, and
/// the explanation under the edited text.
#[derive(Debug, Clone)]
pub struct CaseView {
    /// The article's principle.
    pub article_text: String,
    /// The start position.
    pub fen: String,
    /// The board, as the docs draw it (SVG).
    pub board: String,
    /// The moves.
    pub moves: Vec<CaseMove>,
    /// The law's commentary.
    pub commentary: String,
    /// The explanation under the edited text.
    pub explanation: String,
}

impl CaseAnswer {
    /// The case view of `row`: the case's identity and verdicts come from the row, as every
    /// other table of the workbench takes them, and `view` adds the rest.
    pub fn of(row: &CaseRow, view: CaseView) -> CaseAnswer {
        CaseAnswer {
            id: row.case.id.clone(),
            title: row.case.title.clone(),
            article: row.case.article.clone(),
            article_text: view.article_text,
            fen: view.fen,
            board: view.board,
            moves: view.moves,
            commentary: view.commentary,
            expected: row.expected,
            before: verdict(&row.before),
            after: verdict(&row.after),
            explanation: view.explanation,
        }
    }
}

/// The answer of `POST /api/save`.
#[derive(Debug, Clone, Serialize)]
pub struct Saved {
    /// The file written, relative to the rules folder.
    pub file: String,
    /// The rule set's name (the file's stem).
    pub name: String,
    /// The text written (its `rules` line renamed, when asked).
    pub text: String,
    /// Whether an existing file was replaced.
    pub replaced: bool,
}

/// A JSON body read under the size limit and within [`super::listen::BODY_TIMEOUT`]; every
/// way it can be wrong is a JSON error.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S, T> FromRequest<S> for JsonBody<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let read = axum::body::Bytes::from_request(req, state);
        let bytes = tokio::time::timeout(super::listen::BODY_TIMEOUT, read)
            .await
            .map_err(|_| ApiErrorKind::BodyTimeout {
                seconds: super::listen::BODY_TIMEOUT.as_secs(),
            })?
            .map_err(|rejection| {
                let status = rejection.status();
                if status == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiErrorKind::BodyTooLarge {
                        limit: super::BODY_LIMIT,
                    }
                } else {
                    ApiErrorKind::BodyUnreadable {
                        status,
                        reason: rejection.to_string(),
                    }
                }
            })?;
        serde_json::from_slice(&bytes).map(JsonBody).map_err(|e| {
            ApiError::new(ApiErrorKind::BadJson {
                reason: e.to_string(),
            })
            .with("line", e.line())
            .with("column", e.column())
        })
    }
}
