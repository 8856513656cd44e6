//! Text from spec and rule files made safe for Markdown and HTML: escaped text, table cells,
//! code cells and fenced blocks. The docs and the Markdown forms of `diff` and `whatif` write
//! every piece of such text through these.
//!
//! A title such as `<script>…</script> | x` is shown as written, never run as HTML or split
//! into table cells.

/// Text from a spec or rule file as Markdown that shows it as written: HTML is escaped, and so
/// is every character Markdown would read as markup. Line breaks are kept.
pub fn text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for (k, line) in raw.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let mut chars = line.chars().peekable();
        let mut start = true;
        while let Some(c) = chars.next() {
            match c {
                '&' => out.push_str("&amp;"),
                '<' => out.push_str("&lt;"),
                '>' => out.push_str("&gt;"),
                '\\' | '`' | '*' | '_' | '[' | ']' | '|' | '#' | '~' | '!' => {
                    out.push('\\');
                    out.push(c);
                }
                // A list marker, a rule or a setext underline at the start of a line.
                '-' | '+' | '='
                    if start && matches!(chars.peek(), None | Some(' ' | '-' | '=')) =>
                {
                    out.push('\\');
                    out.push(c);
                }
                // `1. ` at the start of a line would open a numbered list.
                '0'..='9' if start => {
                    out.push(c);
                    while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        out.push(d);
                        chars.next();
                    }
                    if let Some(&p @ ('.' | ')')) = chars.peek() {
                        chars.next();
                        if matches!(chars.peek(), None | Some(' ')) {
                            out.push('\\');
                        }
                        out.push(p);
                    }
                }
                c => out.push(c),
            }
            start = start && c.is_whitespace();
        }
    }
    out
}

/// Text as a Markdown table cell: escaped, on one line.
pub fn cell(raw: &str) -> String {
    text(&raw.replace(['\r', '\n'], " "))
}

/// Text as HTML (element content or a quoted attribute).
pub fn html(raw: &str) -> String {
    raw.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Source text as HTML code in a table cell, one `<br>` per line.
pub fn code_cell(raw: &str) -> String {
    raw.lines()
        .map(|l| format!("<code>{}</code>", html(l.trim()).replace('|', "&#124;")))
        .collect::<Vec<_>>()
        .join("<br>")
}

/// A fenced code block whose fence is longer than any run of backticks in `body`.
pub fn fenced(lang: &str, body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    let body = body.strip_suffix('\n').unwrap_or(body);
    format!("{fence}{lang}\n{body}\n{fence}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_files_cannot_become_markup() {
        assert_eq!(
            text("<script>alert(1)</script> | x"),
            "&lt;script&gt;alert(1)&lt;/script&gt; \\| x"
        );
        assert_eq!(text("- a\n1. b\n# c"), "\\- a\n1\\. b\n\\# c");
        assert_eq!(text("24.5 -x"), "24.5 -x");
        assert_eq!(
            text("Điều 24.11: Xe *có* căn"),
            "Điều 24.11: Xe \\*có\\* căn"
        );
        assert_eq!(cell("a\nb|c"), "a b\\|c");
    }

    #[test]
    fn a_fence_is_longer_than_the_backticks_inside() {
        assert_eq!(fenced("text", "a\n"), "```text\na\n```\n");
        assert_eq!(fenced("", "x ```` y"), "`````\nx ```` y\n`````\n");
    }
}
