//! The compile stage's errors and warnings in the law's language ([`Localized`]): each kind
//! words its Vietnamese here, variant by variant (the match is exhaustive, so a new kind cannot
//! be added without it), beside the English of its `#[error]`. Terms of the rule language
//! (`extends`, `overrides`, `forbidden`…) and the names a file writes stay as written, in
//! backticks.

use super::{CompileError, CompileErrorKind, CompileWarning, CompileWarningKind};
use crate::words::Localized;

/// `term` or `ruling`, as the law's readers call them.
pub(super) fn kind_vi(kind: &str) -> &'static str {
    match kind {
        "term" => "thuật ngữ",
        "ruling" => "quy tắc",
        _ => "định nghĩa",
    }
}

impl Localized for CompileErrorKind {
    fn vi(&self) -> String {
        use CompileErrorKind as K;
        match self {
            K::ExtendsMisnamed {
                read,
                declared,
                expected,
                ..
            } => format!("`{read}` khai báo bộ luật `{declared}`, không phải `{expected}`"),
            K::ExtendsCycle { name, .. } => format!("bộ luật `{name}` mở rộng chính nó"),
            K::ExtendsUnreadable(e) => e.vi(),
            K::ExtendsMissing { name, .. } => format!("không có bộ luật `{name}`"),
            K::AmendedMissing { name, .. } => format!("không có bộ luật `{name}`"),
            K::NamedLikeFact { kind, name } => {
                format!("{} `{name}` trùng tên một sự kiện", kind_vi(kind))
            }
            K::DefinedTwice { name, .. } => format!("`{name}` được định nghĩa hai lần"),
            K::AlreadyDefined { name, rule_set, .. } => {
                format!("`{name}` đã được định nghĩa trong `{rule_set}`")
            }
            K::SettingTwice { name, .. } => format!("thiết lập `{name}` được cho hai lần"),
            K::VerdictTwice { .. } => "bảng phán quyết được cho hai lần".to_owned(),
            K::RemoveLocal { name, .. } => {
                format!("không thể `remove` `{name}`, vì chính tệp này định nghĩa nó")
            }
            K::NothingToChange {
                kind,
                name,
                parent,
                verb,
                ..
            } => format!(
                "không có {} `{name}`{} để `{verb}`",
                kind_vi(kind),
                parent
                    .as_ref()
                    .map(|p| format!(" trong `{p}`"))
                    .unwrap_or_default()
            ),
            K::UnknownName { name, .. } => {
                format!("`{name}` không phải sự kiện hay thuật ngữ nào đã biết")
            }
            K::RulingInExpression { name } => {
                format!("`{name}` là một quy tắc, không phải sự kiện hay thuật ngữ")
            }
            K::UnknownRuling { name, .. } => format!("không có quy tắc `{name}`"),
            K::FactNotRuling { name, .. } => {
                format!("`{name}` là một sự kiện, không phải quy tắc")
            }
            K::TermNotRuling { name } => format!("`{name}` là một thuật ngữ, không phải quy tắc"),
            K::OverridesItself { name } => format!("quy tắc `{name}` gạt bỏ chính nó"),
            K::RestatesItself { name } => format!("quy tắc `{name}` nhắc lại chính nó"),
            K::FactWithPieceKinds { name } => format!("`{name}` không nhận loại quân"),
            K::TermWithPieceKinds { name } => {
                format!("thuật ngữ `{name}` không nhận loại quân")
            }
            K::NoPieceKinds { name, .. } => format!("`{name}` cần loại quân"),
            K::UnknownPieceKind { name, .. } => format!("không có loại quân `{name}`"),
            K::ThreatsOfThreat { quantifier, .. } => {
                format!("`{quantifier} threat` nói về một nước đi, không phải một đe dọa")
            }
            K::ThreatFactOnMove { name } => {
                format!("`{name}` nói về một đe dọa, không phải một nước đi")
            }
            K::MoveFactOnThreat { name } => {
                format!("`{name}` nói về một nước đi, không phải một đe dọa")
            }
            K::ThreatTermOnMove { name } => {
                format!("`{name}` là thuật ngữ về đe dọa, không phải về nước đi")
            }
            K::MoveTermOnThreat { name } => {
                format!("`{name}` là thuật ngữ về nước đi, không phải về đe dọa")
            }
            K::ChangingTargetsAfter { quantifier, .. } => {
                format!("`on changing targets` không thể đứng sau `{quantifier}`")
            }
            K::SameTargetAfter {
                clause, quantifier, ..
            } => format!("`{clause}` không thể đứng sau `{quantifier}`"),
            K::AtLeastZero => "`at least 0 moves` luôn đúng".to_owned(),
            K::TermCycle { name, .. } => {
                format!("thuật ngữ `{name}` được định nghĩa bằng chính nó")
            }
            K::OverrideCycle { name, .. } => {
                format!("quy tắc `{name}` gạt bỏ chính nó qua các quy tắc khác")
            }
            K::NoVerdict { name } => format!("bộ luật `{name}` không có bảng phán quyết"),
            K::NeverHolds {
                ruling,
                rules,
                wanted,
                ..
            } => format!("quy tắc `{ruling}` xử `{rules}`, không phải `{wanted}`"),
            K::GraverAllowed { name } => {
                format!("quy tắc `{name}` xử `allowed`, nên không thể nặng hơn (`graver`)")
            }
            K::GraverCondAllowed { .. } => {
                "nước đi được phép của một bên không thể bị cấm bởi một quy tắc nặng hơn (`graver`)"
                    .to_owned()
            }
            K::SettingOutOfRange {
                name,
                value,
                min,
                max,
                ..
            } => format!("thiết lập `{name}` không thể là `{value}`: phải từ {min} đến {max}"),
            K::UnknownSetting { name, .. } => format!("không có thiết lập `{name}`"),
        }
    }

    fn vi_help(&self) -> Option<String> {
        use CompileErrorKind as K;
        let help = match self {
            K::ExtendsMisnamed {
                expected, child, ..
            } => format!(
                "`extends {expected}` trong `{child}` đọc tệp `{expected}.rules`; đổi tên bộ luật hoặc tên tệp"
            ),
            K::ExtendsCycle { chain, .. } => format!("chuỗi `extends` đi vòng: {chain}"),
            K::AmendedMissing { name, searched } => format!(
                "`rules {name} extends {name}` sửa tệp `rules/{name}.rules` của dự án, mà không tìm thấy tệp đó trong {searched}: chạy xqlaw trong thư mục dự án"
            ),
            K::NamedLikeFact { .. } => {
                "sự kiện, thuật ngữ và quy tắc dùng chung một không gian tên; chọn tên khác"
                    .to_owned()
            }
            K::DefinedTwice { .. } => {
                "thuật ngữ và quy tắc dùng chung một không gian tên; đổi tên một trong hai"
                    .to_owned()
            }
            K::SettingTwice { .. } => "giữ một trong hai dòng".to_owned(),
            K::VerdictTwice { .. } => {
                "một tệp luật có một bảng phán quyết; gộp các hàng lại".to_owned()
            }
            K::RemoveLocal { .. } => "xóa định nghĩa đó đi".to_owned(),
            K::RulingInExpression { .. } => "biểu thức dùng sự kiện và thuật ngữ; định nghĩa một thuật ngữ cho điều kiện và dùng nó ở cả hai nơi".to_owned(),
            K::TermNotRuling { .. } => "chỉ được ghi tên quy tắc ở đây".to_owned(),
            K::OverridesItself { .. } => "một quy tắc chỉ gạt bỏ được quy tắc khác".to_owned(),
            K::RestatesItself { .. } => "một quy tắc chỉ nhắc lại được quy tắc khác".to_owned(),
            K::FactWithPieceKinds { name } | K::TermWithPieceKinds { name } => {
                format!("ghi `{name}`")
            }
            K::NoPieceKinds { name, kinds } => {
                format!("ghi chẳng hạn `{name}(horse, cannon)`; các loại quân là {kinds}")
            }
            K::ThreatsOfThreat { inner, .. } => {
                format!("trong một biểu thức về đe dọa, ghi thẳng `{inner}`")
            }
            K::ThreatFactOnMove { name } | K::ThreatTermOnMove { name } => {
                format!("dùng `any threat {name}`")
            }
            K::MoveFactOnThreat { .. } | K::MoveTermOnThreat { .. } => {
                "một biểu thức về đe dọa (trong thuật ngữ `on threat`, sau `any threat`, hoặc trước `on same target`) chỉ dùng sự kiện và thuật ngữ về đe dọa".to_owned()
            }
            K::ChangingTargetsAfter { .. } => {
                "`on changing targets` đứng sau `every move`".to_owned()
            }
            K::SameTargetAfter { .. } => "`on same target` đứng sau `every move` hoặc `at least N moves`; cho một nước, ghi `some move any threat …`".to_owned(),
            K::AtLeastZero => "đếm từ 1, hoặc bỏ mẫu này".to_owned(),
            K::TermCycle { chain, .. } => format!("các định nghĩa đi vòng: {chain}"),
            K::OverrideCycle { chain, .. } => format!("các `overrides` đi vòng: {chain}"),
            K::NoVerdict { .. } => "thêm một khối `verdict`, chẳng hạn `verdict side forbidden → side loses otherwise → draw`".to_owned(),
            K::NeverHolds {
                ruling,
                rules,
                party,
                ..
            } => format!("ghi `{party} {rules} by {ruling}`"),
            K::GraverAllowed { .. } => "`graver` so một vi phạm với vi phạm của bên kia: ghi nó sau `forbidden`, hoặc xóa nó".to_owned(),
            K::GraverCondAllowed { party } => format!("ghi `{party} forbidden graver`"),
            // The help computed from the names the file writes (a suggestion, a list of
            // folders) is said in both languages where it is composed.
            K::ExtendsMissing { help, .. }
            | K::AlreadyDefined { help, .. }
            | K::UnknownPieceKind { help, .. }
            | K::UnknownSetting { help, .. } => help.vi().to_owned(),
            K::NothingToChange { help, .. }
            | K::UnknownName {
                suggestion: help, ..
            }
            | K::UnknownRuling {
                suggestion: help, ..
            }
            | K::FactNotRuling {
                suggestion: help, ..
            } => return help.as_ref().map(|h| h.vi().to_owned()),
            K::SettingOutOfRange { why_vi, .. } => (*why_vi).to_owned(),
            K::ExtendsUnreadable(e) => return e.vi_help(),
        };
        Some(help)
    }
}

impl Localized for CompileWarningKind {
    fn vi(&self) -> String {
        use CompileWarningKind as K;
        match self {
            K::UnusedTerm { name } => format!("thuật ngữ `{name}` không được dùng ở đâu"),
            K::UnreachableRow { .. } => "hàng phán quyết này không bao giờ được xét tới".to_owned(),
            K::NoGraverRuling => {
                "không quy tắc nào nặng hơn (`graver`), nên điều kiện phán quyết này không bao giờ đúng"
                    .to_owned()
            }
            K::RestatesOtherOutcome {
                name,
                outcome,
                restated,
                other,
            } => format!(
                "quy tắc `{name}` xử `{outcome}` nhưng nhắc lại `{restated}`, quy tắc xử `{other}`"
            ),
            K::NoOtherwise => "bảng phán quyết không có hàng `otherwise`".to_owned(),
        }
    }

    fn vi_help(&self) -> Option<String> {
        use CompileWarningKind as K;
        Some(match self {
            K::UnusedTerm { .. } => {
                "dùng nó trong một quy tắc hay một thuật ngữ khác, hoặc xóa nó".to_owned()
            }
            K::UnreachableRow { .. } => {
                "các hàng được xét từ trên xuống; chuyển `otherwise` xuống cuối".to_owned()
            }
            K::NoGraverRuling => "ghi `graver` sau `forbidden` ở quy tắc có vi phạm nặng hơn, hoặc xóa hàng này".to_owned(),
            K::RestatesOtherOutcome { restated, .. } => format!(
                "một quy tắc chỉ nhắc lại quy tắc cùng kết quả, nên lời nhắc lại này mất hiệu lực: xóa nó, hoặc xóa quy tắc nhắc lại nếu nó phải đi cùng `{restated}`"
            ),
            K::NoOtherwise => "ván không khớp hàng nào là hòa; kết thúc bảng phán quyết bằng `otherwise → draw` để nói rõ".to_owned(),
        })
    }
}

impl Localized for CompileError {
    fn vi(&self) -> String {
        match self {
            CompileError::Unreadable(e) => e.vi(),
            CompileError::Parse(e) => e.vi(),
            CompileError::Standings(e) => e.vi(),
            CompileError::Internal => {
                "không dịch được bộ luật, mà không ghi lại lỗi nào (lỗi của xqlaw)".to_owned()
            }
            CompileError::At(e) => e.vi(),
        }
    }

    fn vi_help(&self) -> Option<String> {
        match self {
            CompileError::Parse(e) => e.vi_help(),
            CompileError::Standings(e) => e.vi_help(),
            CompileError::At(e) => e.vi_help(),
            CompileError::Unreadable(_) | CompileError::Internal => None,
        }
    }
}

impl Localized for CompileWarning {
    fn vi(&self) -> String {
        match self {
            CompileWarning::Standings(e) => e.vi(),
            CompileWarning::At(e) => e.vi(),
        }
    }

    fn vi_help(&self) -> Option<String> {
        match self {
            CompileWarning::Standings(e) => e.vi_help(),
            CompileWarning::At(e) => e.vi_help(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Loc, SourceFile};

    #[test]
    fn a_kind_says_itself_in_vietnamese_first_and_keeps_its_english() {
        let kind = CompileErrorKind::UnknownName {
            name: "chek".to_owned(),
            suggestion: crate::words::suggestion("chek", ["check", "chase"]),
        };
        let e = CompileError::at(&SourceFile::new("t.rules", "x"), Loc::new(0, 1), kind);
        assert_eq!(
            e.glossed(),
            "`chek` không phải sự kiện hay thuật ngữ nào đã biết (unknown fact or term `chek`)"
        );
        // The suggestion is computed from the file's names, and said in both languages.
        assert_eq!(e.vi_help().as_deref(), Some("có phải `check`?"));
        let kind =
            CompileErrorKind::nothing_to_change("ruling", "replace", "a", None, Some("p"), []);
        assert_eq!(kind.to_string(), "there is no ruling `a` in `p` to replace");
        assert_eq!(kind.vi(), "không có quy tắc `a` trong `p` để `replace`");
        let kind = CompileErrorKind::nothing_to_change("ruling", "remove", "a", None, None, []);
        assert_eq!(
            kind.vi_help().as_deref(),
            Some(
                "`remove` thay đổi một định nghĩa thừa kế qua `extends`, mà bộ luật này không mở rộng bộ luật nào"
            )
        );
        let kind = CompileErrorKind::extends_missing("vn-199", &[], &["rules".to_owned()], false);
        assert_eq!(
            kind.vi_help().as_deref(),
            Some("bộ luật được tìm dưới tên `vn-199.rules` trong rules")
        );
        let kind = CompileErrorKind::unknown_setting("mate-plis", &["mate-plies", "mate-nodes"]);
        assert_eq!(kind.vi_help().as_deref(), Some("có phải `mate-plies`?"));
        let kind = CompileErrorKind::unknown_setting("depth", &["mate-plies", "mate-nodes"]);
        assert_eq!(
            kind.vi_help().as_deref(),
            Some("các thiết lập là mate-plies, mate-nodes")
        );
    }
}
