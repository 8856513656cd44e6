//! The canonical layout of a rule file (`xqlaw fmt`): every comment and doc line kept, only the
//! layout made one.
//!
//! The layout is the one `rules/` is written in:
//! - lines end in `\n`, with no blank at their end, and the file ends in one `\n`;
//! - a line inside an item is indented by at least four spaces (tabs count four), a line that
//!   starts an item by none;
//! - the arrow is `→`;
//! - items are separated by exactly one blank line (the header's lines, an item's doc and
//!   comment lines, and a run of one-line `remove` items stay together), and no run of blank
//!   lines is longer than one;
//! - no byte order mark: every command reads a file without it (`xqlaw::disk::read_text`), and
//!   `xqlaw fmt` drops it from the file.
//!
//! It works on the text, not on the syntax tree, so that comments stay where they were written;
//! [`format`] checks that the text it gives parses to the same tree as the text it was given.

use crate::source::SourceFile;

/// The words that start an item at the top of a file.
const ITEM_WORDS: &[&str] = &[
    "setting",
    "term",
    "ruling",
    "replace",
    "remove",
    "verdict",
    "standings",
    "unencoded",
];

/// The text of a rule file in the canonical layout, or `None` when the text does not parse
/// or the layout would change what it says (never expected; then the file is left alone).
///
/// ```
/// let messy = "rules t\n\n\n\nterm a on move = check\nruling r when every move a\n\t-> forbidden   \n";
/// let tidy = xqlaw::syntax::format(messy).unwrap();
/// assert_eq!(
///     tidy,
///     "rules t\n\nterm a on move = check\n\nruling r when every move a\n    → forbidden\n"
/// );
/// assert_eq!(xqlaw::syntax::format(&tidy).as_deref(), Some(tidy.as_str()));
/// ```
pub fn format(text: &str) -> Option<String> {
    let before = super::parse(&SourceFile::new("before.rules", text)).ok()?;
    let formatted = layout(text);
    let after = super::parse(&SourceFile::new("after.rules", formatted.as_str())).ok()?;
    (super::print::file(&before) == super::print::file(&after)).then_some(formatted)
}

/// The canonical layout, line by line (see the module's docs).
fn layout(text: &str) -> String {
    let mut lines: Vec<String> = Vec::new();
    // Whether the previous non-blank line was a top-level doc or comment line (which the next
    // line belongs with).
    let mut after_top_comment = false;
    // Whether the previous non-blank line was a `remove` item (a run of them stays together).
    let mut after_remove = false;
    let mut pending_blank = false;
    for raw in text.split('\n') {
        let line = tidy_line(raw.strip_suffix('\r').unwrap_or(raw));
        if line.is_empty() {
            pending_blank = !lines.is_empty();
            continue;
        }
        let top = !line.starts_with(' ');
        let trimmed = line.trim_start();
        let comment = trimmed.starts_with("//");
        let word = first_word(trimmed);
        let removes = top && word == "remove";
        let starts_item = top
            && !after_top_comment
            && !(removes && after_remove)
            && (comment || ITEM_WORDS.contains(&word));
        if !lines.is_empty() && (pending_blank || starts_item) {
            lines.push(String::new());
        }
        pending_blank = false;
        after_top_comment = top && comment;
        after_remove = removes;
        lines.push(line);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// One line: tabs in its indentation made spaces, an indented line indented by four at least,
/// no blank at its end, `->` written `→` outside strings and comments.
fn tidy_line(line: &str) -> String {
    let mut indent = 0;
    let mut rest = line;
    loop {
        if let Some(r) = rest.strip_prefix(' ') {
            indent += 1;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('\t') {
            indent += 4;
            rest = r;
        } else {
            break;
        }
    }
    let body = arrows(rest.trim_end());
    if body.is_empty() {
        return String::new();
    }
    let indent = if indent == 0 { 0 } else { indent.max(4) };
    format!("{}{body}", " ".repeat(indent))
}

/// `->` written `→`, outside strings and comments.
fn arrows(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                '\\' => out.extend(chars.next()),
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '/' if chars.peek() == Some(&'/') => {
                // A comment: the rest of the line as written.
                out.push(c);
                out.extend(chars.by_ref());
            }
            '-' if chars.peek() == Some(&'>') => {
                chars.next();
                out.push('→');
            }
            _ => out.push(c),
        }
    }
    out
}

/// The first word of a line.
fn first_word(line: &str) -> &str {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .next()
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The comment and doc lines of a text, trimmed, in order.
    fn comments(text: &str) -> Vec<&str> {
        text.lines()
            .filter_map(|l| l.find("//").map(|at| l[at..].trim_end()))
            .collect()
    }

    #[test]
    fn the_layout_keeps_every_comment_and_is_idempotent() {
        let text = "/// The set.\nrules t\ntitle \"a -> b // c\"\n// about a\nterm a on move = check // why\nruling r when every move a -> forbidden\n\n\n\n// the end\n";
        let once = format(text).unwrap();
        assert_eq!(
            once,
            "/// The set.\nrules t\ntitle \"a -> b // c\"\n\n// about a\nterm a on move = check // why\n\nruling r when every move a → forbidden\n\n// the end\n"
        );
        assert_eq!(format(&once).as_deref(), Some(once.as_str()));
        assert_eq!(comments(text), comments(&once));
    }

    #[test]
    fn tabs_carriage_returns_and_trailing_blanks_go() {
        let text = "rules t\r\n\r\nterm a on move\r\n\t= check   \r\n  // two spaces in\r\nunencoded prose\n    sentence \"1:1\"";
        let once = format(text).unwrap();
        assert_eq!(
            once,
            "rules t\n\nterm a on move\n    = check\n    // two spaces in\n\nunencoded prose\n    sentence \"1:1\"\n"
        );
        assert_eq!(format(&once).as_deref(), Some(once.as_str()));
    }

    #[test]
    fn an_arrow_in_a_string_or_a_comment_is_kept_as_written() {
        let text = "rules t\n\n/// a -> b\nruling r\n    quote \"x -> y \\\" -> z\"\n    when every move check // c -> d\n    -> forbidden\n";
        let once = format(text).unwrap();
        assert!(once.contains("/// a -> b\n"), "{once}");
        assert!(once.contains("quote \"x -> y \\\" -> z\"\n"), "{once}");
        assert!(once.contains("// c -> d\n"), "{once}");
        assert!(once.contains("    → forbidden\n"), "{once}");
    }

    #[test]
    fn a_run_of_removals_stays_together() {
        let text = "rules t extends u\nremove ruling a\nremove ruling b\nterm c on move = check\nremove term d\n";
        assert_eq!(
            format(text).unwrap(),
            "rules t extends u\n\nremove ruling a\nremove ruling b\n\nterm c on move = check\n\nremove term d\n"
        );
    }

    #[test]
    fn a_text_that_does_not_parse_is_not_formatted() {
        assert_eq!(format("rules t\nrulin x\n"), None);
        assert_eq!(format(""), None);
    }

    #[test]
    fn the_rule_files_are_formatted_and_formatting_them_is_idempotent() {
        let files = crate::compile::rule_files(std::path::Path::new("rules")).unwrap();
        assert_eq!(files.len(), 5, "{files:?}");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let formatted = format(&text).unwrap();
            assert_eq!(format(&formatted).as_deref(), Some(formatted.as_str()));
            assert_eq!(comments(&text), comments(&formatted), "{}", file.display());
            assert!(
                formatted == text,
                "{} is not formatted: run `xqlaw fmt {}`",
                file.display(),
                file.display()
            );
        }
    }
}
