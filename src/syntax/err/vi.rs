//! The syntax stage's errors in the law's language ([`Localized`]): each kind and each hint
//! words its Vietnamese here, beside the English of its `#[error]`. Keywords and tokens stay as
//! written, in backticks; the plain-words names of the grammar's rules have theirs below.

use super::{Hint, ParseErrorKind};
use crate::words::{Localized, list};

/// The Vietnamese of a plain-words name of a grammar rule ([`crate::syntax`]'s `renamed`), or
/// `None` for a name that is a token in backticks (said as written).
pub(in crate::syntax) fn phrase_vi(english: &str) -> Option<&'static str> {
    Some(match english {
        "a clause such as `score`, `withdrawal` or `rank`" => {
            "một mệnh đề như `score`, `withdrawal` hay `rank`"
        }
        "a condition such as `side forbidden`" => "một điều kiện như `side forbidden`",
        "a criterion such as `points`" => "một tiêu chí như `points`",
        "a doc comment" => "một dòng chú thích tài liệu",
        "a fact or term name" => "tên một sự kiện hay thuật ngữ",
        "a header line" => "một dòng đầu tệp",
        "a keyword" => "một từ khóa",
        "a name" => "một tên",
        "a number such as `1`, `1/2` or `0.5`" => "một số như `1`, `1/2` hay `0.5`",
        "a pattern such as `every move …`" => "một mẫu như `every move …`",
        "a result such as `side loses` or `draw`" => "một kết quả như `side loses` hay `draw`",
        "a rule file" => "một tệp luật",
        "a space or a comment" => "một khoảng trắng hay một chú thích",
        "a text in double quotes" => "một đoạn chữ trong ngoặc kép",
        "a verdict row such as `side forbidden → side loses`" => {
            "một hàng phán quyết như `side forbidden → side loses`"
        }
        "a whole number" => "một số nguyên",
        "an attribute such as `article \"…\"`" => "một thuộc tính như `article \"…\"`",
        "an attribute such as `article`" => "một thuộc tính như `article`",
        "an expression" => "một biểu thức",
        "an item such as `term` or `ruling`" => "một mục như `term` hay `ruling`",
        "an outcome such as `forbidden`" => "một kết quả như `forbidden`",
        "the end of the file" => "cuối tệp",
        "the header `rules NAME`" => "dòng đầu `rules TÊN`",
        "another token" => "một ký hiệu khác",
        _ => return None,
    })
}

/// What may stand here, in Vietnamese: at most six, as the English lists them.
fn expected_vi(items: &[&str]) -> String {
    const MAX: usize = 6;
    let mut shown: Vec<&str> = items
        .iter()
        .take(MAX)
        .map(|item| phrase_vi(item).unwrap_or(item))
        .collect();
    if items.len() > MAX {
        shown.push("một ký hiệu khác");
    }
    list(&shown, "hoặc")
}

/// `` sau `x` `` (after `x`), or nothing.
fn after_vi(after: Option<&str>) -> String {
    after.map(|t| format!(" sau `{t}`")).unwrap_or_default()
}

impl Localized for ParseErrorKind {
    fn vi(&self) -> String {
        match self {
            ParseErrorKind::Expected {
                expected, after, ..
            } => format!(
                "cần {}{}",
                expected_vi(expected),
                after_vi(after.as_deref())
            ),
            ParseErrorKind::Unexpected { found, after, .. } => {
                let found = found
                    .as_ref()
                    .map_or_else(|| "cuối tệp".to_owned(), |t| format!("`{t}`"));
                format!("không chờ {found}{}", after_vi(after.as_deref()))
            }
            ParseErrorKind::Internal => "không đọc được cây cú pháp".to_owned(),
            ParseErrorKind::IntegerTooLarge { text } => format!("số nguyên `{text}` quá lớn"),
            ParseErrorKind::Duplicate { key, .. } => format!("`{key}` được cho hai lần"),
            ParseErrorKind::TooDeep { limit } => {
                format!("biểu thức lồng nhau sâu quá {limit} tầng")
            }
        }
    }

    fn vi_help(&self) -> Option<String> {
        match self {
            ParseErrorKind::Expected { hint, .. } | ParseErrorKind::Unexpected { hint, .. } => {
                hint.as_ref().and_then(Hint::vi)
            }
            ParseErrorKind::Internal => {
                Some("đây là lỗi của xqlaw; xin báo lỗi kèm theo tệp luật".to_owned())
            }
            ParseErrorKind::IntegerTooLarge { .. } => {
                Some("số nguyên phải nhỏ hơn 2^64".to_owned())
            }
            ParseErrorKind::Duplicate { key, .. } => Some(format!("giữ một dòng `{key}`")),
            ParseErrorKind::TooDeep { .. } => Some(
                "đặt tên một phần của biểu thức thành một thuật ngữ và dùng thuật ngữ đó"
                    .to_owned(),
            ),
        }
    }
}

impl Hint {
    /// The hint in Vietnamese.
    fn vi(&self) -> Option<String> {
        Some(match self {
            Hint::Reserved(word) => {
                format!("`{word}` là từ dành riêng, không dùng làm tên được")
            }
            Hint::KebabCase => "tên viết kiểu kebab-case: chữ ASCII thường và chữ số, các từ nối bằng `-`".to_owned(),
            Hint::Arrow => "viết mũi tên là `→` hoặc `->`".to_owned(),
            Hint::Quantifier => "một mẫu bắt đầu bằng `every move`, `some move`, `no move`, `at least N moves` hoặc `opponent`".to_owned(),
            Hint::Quotes => "đoạn chữ viết trong ngoặc kép: `\"…\"`".to_owned(),
            Hint::Near(near) => near.vi().to_owned(),
        })
    }
}
