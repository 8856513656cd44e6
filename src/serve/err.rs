//! The API's errors, in cedar's style: an [`ApiError`] is a kind ([`ApiErrorKind`]), which
//! owns its message, its help and its HTTP status, and the fields a page uses to mark the
//! place (a line, a field, a move's index), carried beside the kind. Messages are in
//! Vietnamese first, as the law writes, with the English in parentheses; nothing outside this
//! file words an error of the API.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use miette::Diagnostic;
use serde::Serialize;

use super::jobs::JobError;
use super::problem::{Problem, glossed_help};
use super::save::SaveError;
use crate::disk::ReadError;
use crate::words::Localized;

/// What went wrong with a request.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiErrorKind {
    /// No route at that path.
    #[error("không có gì ở `{path}` (nothing at `{path}`)")]
    NotFound {
        /// The path asked for.
        path: String,
    },
    /// The route does not answer that method.
    #[error("`{method}` không được trả lời ở `{path}` (`{method}` is not answered at `{path}`)")]
    MethodNotAllowed {
        /// The method.
        method: String,
        /// The path.
        path: String,
    },
    /// No asset of that name.
    #[error("không có tệp `{file}` của trang (no asset `{file}`)")]
    NoAsset {
        /// The file asked for.
        file: String,
    },
    /// `Host` names another server (DNS rebinding).
    #[error(
        "máy chủ này chỉ trả lời yêu cầu gửi đến chính nó (this server answers only requests addressed to it: `Host: localhost` or an IP address, with its port)"
    )]
    Misdirected,
    /// A POST from another web origin.
    #[error(
        "yêu cầu từ `{origin}` bị từ chối: chỉ trang của bàn làm việc được gửi (a request from `{origin}` is refused: only the workbench's own page may send one)"
    )]
    ForeignOrigin {
        /// The `Origin` header.
        origin: String,
    },
    /// The body did not come in time.
    #[error(
        "thân yêu cầu không đến trong {seconds} giây (the request body did not arrive within {seconds} s)"
    )]
    BodyTimeout {
        /// The time it had.
        seconds: u64,
    },
    /// The body is over the limit.
    #[error(
        "thân yêu cầu lớn hơn mức máy chủ nhận (the request body is larger than the server accepts)"
    )]
    BodyTooLarge {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The body could not be read.
    #[error("không đọc được thân yêu cầu (cannot read the request body): {reason}")]
    BodyUnreadable {
        /// The status the reader gave.
        status: StatusCode,
        /// Why.
        reason: String,
    },
    /// The body is not the JSON the route takes.
    #[error("JSON không hợp lệ (bad JSON): {reason}")]
    BadJson {
        /// The parser's words (field names, line and column).
        reason: String,
    },
    /// The query string is not the one the route takes.
    #[error("truy vấn sai (bad query): {reason}")]
    BadQuery {
        /// Why.
        reason: String,
    },
    /// The judging slots were busy, the job timed out, or it failed.
    #[error(transparent)]
    Job(JobError),
    /// Judging the corpus passed the request's deadline and stopped itself.
    #[error(
        "xử lâu quá giới hạn của máy chủ nên đã dừng (judging took longer than the server's limit, and was stopped)"
    )]
    TooSlow,
    /// No rule set of that name in the folder.
    #[error("không có bộ luật `{name}` trong `{folder}` (no rule set `{name}` in `{folder}`)")]
    UnknownRuleSet {
        /// The name asked for.
        name: String,
        /// The rules folder.
        folder: String,
        /// The closest name, if one is close.
        near: Option<String>,
        /// Every name, to list when none is close.
        names: Vec<String>,
    },
    /// A rule set of the folder does not compile.
    #[error("bộ luật `{name}` có lỗi (the rule set `{name}` does not compile): {error}")]
    BrokenRuleSet {
        /// Its name.
        name: String,
        /// The compiler's first words.
        error: String,
    },
    /// No case of that id.
    #[error("không có hình `{id}` (no case `{id}`)")]
    UnknownCase {
        /// The id asked for.
        id: String,
        /// The closest id, if one is close.
        near: Option<String>,
    },
    /// A rule file could not be read: said as every command says it, Vietnamese first.
    #[error("{}", .0.glossed())]
    Unreadable(ReadError),
    /// The rule text does not compile: every problem at its place.
    #[error(
        "văn bản luật có {count} lỗi (the rule text has {count} error{s})",
        count = .0.len(),
        s = crate::words::plural(.0.len())
    )]
    Compile(Vec<Problem>),
    /// The start position cannot be read or played from.
    #[error("thế cờ (FEN) sai (bad position): {message}")]
    BadPosition {
        /// The library's message.
        message: String,
        /// Its help.
        help: Option<String>,
    },
    /// The moves cannot be read or played.
    #[error("nước đi sai (bad moves): {message}")]
    BadMoves {
        /// The library's message.
        message: String,
        /// Its help.
        help: Option<String>,
    },
    /// A notation code that names none.
    #[error("ký hiệu sai (bad notation): {message}")]
    BadNotation {
        /// The library's message.
        message: String,
        /// Its help.
        help: Option<String>,
    },
    /// The play could not be judged (the evaluator refused it).
    #[error("không xử được (cannot judge): {message}")]
    CannotJudge {
        /// The library's message.
        message: String,
        /// Its help.
        help: Option<String>,
    },
    /// "Save as" with a name the text's `rules` line does not declare.
    #[error(
        "văn bản khai báo bộ luật `{declared}` ở dòng {line}, nhưng sẽ được lưu thành `{file}` (the text declares the rule set `{declared}` on line {line}, but would be saved as `{file}`)"
    )]
    NameMismatch {
        /// The name the text declares.
        declared: String,
        /// The line of its `rules` header (1-based).
        line: usize,
        /// The file it would be saved as.
        file: String,
        /// The header line offered instead (`rules vn-1999-sua amends vn-1999`).
        suggestion: String,
        /// The rule set it amends, which it is still compared with.
        amends: String,
    },
    /// Renaming was asked, but the text has no `rules` line to rename.
    #[error("không tìm thấy dòng `rules` để đổi tên (cannot find the `rules` line to rename)")]
    NoRulesLine,
    /// The text would be saved under the name of the rule set it extends.
    #[error(
        "tệp `{file}` không thể mở rộng chính nó (a file saved as `{file}` cannot extend `{stem}`, itself)"
    )]
    ExtendsItself {
        /// The file.
        file: String,
        /// Its rule set's name.
        stem: String,
    },
    /// The file was not saved.
    #[error(transparent)]
    Save(SaveError),
}

impl ApiErrorKind {
    /// The HTTP status of an answer of this kind.
    pub fn status(&self) -> StatusCode {
        use ApiErrorKind as K;
        match self {
            K::NotFound { .. } | K::NoAsset { .. } | K::UnknownRuleSet { .. } => {
                StatusCode::NOT_FOUND
            }
            K::UnknownCase { .. } => StatusCode::NOT_FOUND,
            K::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            K::Misdirected => StatusCode::MISDIRECTED_REQUEST,
            K::ForeignOrigin { .. } => StatusCode::FORBIDDEN,
            K::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            K::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            K::BodyUnreadable { status, .. } => *status,
            K::BadJson { .. } | K::BadQuery { .. } => StatusCode::BAD_REQUEST,
            K::Job(JobError::Failed) => StatusCode::INTERNAL_SERVER_ERROR,
            K::Job(_) | K::TooSlow => StatusCode::SERVICE_UNAVAILABLE,
            K::Unreadable(_) => StatusCode::INTERNAL_SERVER_ERROR,
            K::BrokenRuleSet { .. }
            | K::Compile(_)
            | K::BadPosition { .. }
            | K::BadMoves { .. }
            | K::BadNotation { .. }
            | K::CannotJudge { .. }
            | K::NameMismatch { .. }
            | K::NoRulesLine
            | K::ExtendsItself { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            K::Save(e) => e.status(),
        }
    }

    /// What to do about it, Vietnamese first.
    pub fn help(&self) -> Option<String> {
        use ApiErrorKind as K;
        match self {
            K::NotFound { .. } => Some(
                "trang ở `/`, API ở `/api/` (the page is at `/`; the API is under `/api/`)"
                    .to_owned(),
            ),
            K::BodyTooLarge { limit } => Some(format!(
                "gửi tối đa {limit} byte (send at most {limit} bytes)"
            )),
            K::BadQuery { .. } => {
                Some("hỏi `/api/cases?base=TÊN` (ask for `/api/cases?base=NAME`)".to_owned())
            }
            K::UnknownRuleSet { near, names, .. } => Some(match near {
                Some(near) => format!("có phải `{near}`? (did you mean `{near}`?)"),
                None => format!(
                    "các bộ luật là (the rule sets are) {}",
                    crate::words::list(&crate::words::quoted(names), "và (and)")
                ),
            }),
            K::BrokenRuleSet { name, .. } => Some(format!(
                "chạy `xqlaw check` trên `{name}.rules` (run `xqlaw check` on `{name}.rules`)"
            )),
            K::UnknownCase { near, .. } => near
                .as_ref()
                .map(|near| format!("có phải `{near}`? (did you mean `{near}`?)")),
            K::BadPosition { help, .. }
            | K::BadMoves { help, .. }
            | K::BadNotation { help, .. }
            | K::CannotJudge { help, .. } => help.clone(),
            K::NameMismatch {
                suggestion, amends, ..
            } => Some(format!(
                "đổi dòng `rules` thành `{suggestion}`: mọi lệnh tìm bộ luật theo tên tệp, và bản sửa vẫn được so với `{amends}` (rename the `rules` line to `{suggestion}`: every command finds a rule set by its file's name, and the amendment is still compared with `{amends}`)"
            )),
            K::ExtendsItself { .. } => Some("chọn một tên khác (choose another name)".to_owned()),
            K::Save(e) => e.help(),
            _ => None,
        }
    }
}

/// An error answer: its kind, and the fields a page uses to mark the place. The body is
/// `{"error": message, "help": help, …fields}`, and for a rule text that does not compile,
/// `"errors": [problem, …]` too.
#[derive(Debug)]
pub struct ApiError {
    kind: Box<ApiErrorKind>,
    fields: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    /// An error of kind `kind`.
    pub fn new(kind: ApiErrorKind) -> ApiError {
        ApiError {
            kind: Box::new(kind),
            fields: serde_json::Map::new(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ApiErrorKind {
        &self.kind
    }

    /// Adds a field that marks the place (`line`, `field`, `index`…).
    #[must_use]
    pub fn with(mut self, key: &str, value: impl Serialize) -> ApiError {
        if let Ok(value) = serde_json::to_value(value) {
            self.fields.insert(key.to_owned(), value);
        }
        self
    }

    /// A rule text that does not compile, every problem at its place.
    pub fn compile(problems: Vec<Problem>) -> ApiError {
        ApiError::new(ApiErrorKind::Compile(problems))
    }

    /// A position, moves or notation the library refused: its message and help, Vietnamese
    /// first with the English as the gloss, under the kind `kind` names.
    pub fn refused<D: Diagnostic + Localized>(
        kind: fn(String, Option<String>) -> ApiErrorKind,
        diagnostic: &D,
    ) -> ApiError {
        ApiError::new(kind(diagnostic.glossed(), glossed_help(diagnostic)))
    }

    /// The answer's status.
    pub fn status(&self) -> StatusCode {
        self.kind.status()
    }

    /// The answer's body.
    pub fn body(&self) -> serde_json::Value {
        let mut body = serde_json::Map::new();
        body.insert("error".to_owned(), self.kind.to_string().into());
        if let Some(help) = self.kind.help() {
            body.insert("help".to_owned(), help.into());
        }
        if let ApiErrorKind::Compile(problems) = &*self.kind {
            if let Ok(problems) = serde_json::to_value(problems) {
                body.insert("errors".to_owned(), problems);
            }
        }
        for (key, value) in &self.fields {
            body.insert(key.clone(), value.clone());
        }
        serde_json::Value::Object(body)
    }
}

impl From<ApiErrorKind> for ApiError {
    fn from(kind: ApiErrorKind) -> ApiError {
        ApiError::new(kind)
    }
}

impl From<JobError> for ApiError {
    fn from(e: JobError) -> ApiError {
        ApiError::new(ApiErrorKind::Job(e))
    }
}

impl From<SaveError> for ApiError {
    fn from(e: SaveError) -> ApiError {
        let exists = matches!(e, SaveError::Exists(_));
        let error = ApiError::new(ApiErrorKind::Save(e));
        if exists {
            error.with("exists", true)
        } else {
            error
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(self.body())).into_response()
    }
}

/// The kinds made from a library error's message and help, for [`ApiError::refused`].
impl ApiErrorKind {
    /// [`ApiErrorKind::BadPosition`].
    pub fn bad_position(message: String, help: Option<String>) -> ApiErrorKind {
        ApiErrorKind::BadPosition { message, help }
    }

    /// [`ApiErrorKind::BadMoves`].
    pub fn bad_moves(message: String, help: Option<String>) -> ApiErrorKind {
        ApiErrorKind::BadMoves { message, help }
    }

    /// [`ApiErrorKind::BadNotation`].
    pub fn bad_notation(message: String, help: Option<String>) -> ApiErrorKind {
        ApiErrorKind::BadNotation { message, help }
    }

    /// [`ApiErrorKind::CannotJudge`].
    pub fn cannot_judge(message: String, help: Option<String>) -> ApiErrorKind {
        ApiErrorKind::CannotJudge { message, help }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_vietnamese_first_with_the_english_after() {
        let e = ApiError::new(ApiErrorKind::UnknownRuleSet {
            name: "vn-199".into(),
            folder: "rules".into(),
            near: Some("vn-1999".into()),
            names: vec!["vn-1999".into(), "axf".into()],
        });
        assert_eq!(e.status(), StatusCode::NOT_FOUND);
        let body = e.body();
        assert_eq!(
            body["error"],
            "không có bộ luật `vn-199` trong `rules` (no rule set `vn-199` in `rules`)"
        );
        assert_eq!(body["help"], "có phải `vn-1999`? (did you mean `vn-1999`?)");
    }

    #[test]
    fn an_error_carries_its_place_fields() {
        let e = ApiError::new(ApiErrorKind::NoRulesLine).with("line", 7);
        let body = e.body();
        assert_eq!(body["line"], 7);
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("không tìm thấy")
        );
        assert_eq!(e.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }

    #[test]
    fn a_compile_error_lists_every_problem() {
        let problem = Problem {
            message: "m".into(),
            line: 3,
            column: 1,
            help: None,
            file: None,
        };
        let body = ApiError::compile(vec![problem.clone(), problem]).body();
        assert_eq!(body["errors"].as_array().unwrap().len(), 2);
        assert_eq!(
            body["error"],
            "văn bản luật có 2 lỗi (the rule text has 2 errors)"
        );
    }
}
