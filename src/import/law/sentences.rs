//! Splits a paragraph of the law into sentences.
//!
//! A sentence ends at `.`, `!` or `?` followed by a space and a letter (or an opening
//! quotation mark and a letter); the print sometimes starts the next sentence in lowercase
//! (`… xếp trên. nếu một đấu thủ vắng mặt …`), a misprint recorded as such, and the sentence
//! still ends there. Nothing else ends one: a colon or a semicolon
//! leaves the sentence going (`Hai chiếu một chiếu lại: Bên chiếu mãi thua.` is one), and a
//! figure list after the full stop (`… xử thua. (Các hình 61, 62)`) stays with the sentence it
//! follows. Numbers such as `24.2` or `X7.2…` never end one, having no space after the dot.

/// The sentences of `text`, each trimmed, in order; none for blank text.
pub fn split(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(at, c)) in chars.iter().enumerate() {
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        let next = chars.get(k + 1).map(|&(_, c)| c);
        let after = chars.get(k + 2).map(|&(_, c)| c);
        let then = chars.get(k + 3).map(|&(_, c)| c);
        let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
        let opens = after == Some('“') && letter(then);
        // `2. B4.1` numbers a move or a list entry: the dot ends no sentence.
        let token_start = text
            .get(..at)
            .and_then(|before| before.rfind(char::is_whitespace))
            .map_or(0, |w| w + 1);
        let numbering = text
            .get(token_start..at)
            .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
        if next == Some(' ') && (letter(after) || opens) && !numbering {
            let end = at + c.len_utf8();
            if let Some(sentence) = text.get(start..end) {
                out.push(sentence.trim().to_owned());
            }
            start = end;
        }
    }
    if let Some(rest) = text.get(start..) {
        if !rest.trim().is_empty() {
            out.push(rest.trim().to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_a_full_stop_before_a_letter() {
        assert_eq!(
            split(
                "Quân cờ được quân khác bảo vệ thì gọi là “có căn” (hay hữu căn). Ngược lại thì gọi là “không căn” (hay vô căn)"
            ),
            [
                "Quân cờ được quân khác bảo vệ thì gọi là “có căn” (hay hữu căn).",
                "Ngược lại thì gọi là “không căn” (hay vô căn)"
            ]
        );
    }

    #[test]
    fn keeps_colons_numbers_and_figure_lists() {
        assert_eq!(
            split("Hai chiếu một chiếu lại: Bên chiếu mãi thua."),
            ["Hai chiếu một chiếu lại: Bên chiếu mãi thua."]
        );
        assert_eq!(
            split("Pháo bắt Xe, không đổi xử thua. (Các hình 61, 62)"),
            ["Pháo bắt Xe, không đổi xử thua. (Các hình 61, 62)"]
        );
        assert_eq!(
            split("dọa chiếu hết bằng cách: X7-5 tiếp theo X7.2… thắng cờ. Thí dụ này hòa."),
            [
                "dọa chiếu hết bằng cách: X7-5 tiếp theo X7.2… thắng cờ.",
                "Thí dụ này hòa."
            ]
        );
        assert_eq!(split("a. “Bắt” là x."), ["a.", "“Bắt” là x."]);
        assert_eq!(
            split("để nước sau: 2. B4.1 Tg5-6 thắng cuộc. Như vậy hòa."),
            ["để nước sau: 2. B4.1 Tg5-6 thắng cuộc.", "Như vậy hòa."]
        );
        assert!(split("  ").is_empty());
    }
}
