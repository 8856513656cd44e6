//! The nesting limit of expressions and patterns.
//!
//! The parser and every later stage walk nested parentheses and prefix operators (`not`,
//! `opponent`, `any threat`) by recursion, so 7,000 nested `(` or 20,000 chained `not` would
//! overflow the stack. [`too_deep`] scans the text before pest sees it and refuses nesting
//! beyond [`MAX_NESTING`]; the lowerer counts again on the syntax tree (its own guard, in case
//! the scan misjudges a construct), so every stage after it meets a bounded tree.

use crate::source::{Loc, SourceFile};

use super::err::{ParseError, ParseErrorKind};

/// The deepest nesting of parentheses and prefix operators a rule may have. The law's rules
/// need 4.
pub const MAX_NESTING: usize = 64;

/// What is open at a point of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    /// A `(`.
    Paren,
    /// A prefix operator waiting for its operand.
    Prefix,
}

/// The first place where `file` nests deeper than [`MAX_NESTING`], as an error.
pub(super) fn too_deep(file: &SourceFile) -> Option<ParseError> {
    let text = file.text.as_bytes();
    let mut stack: Vec<Open> = Vec::new();
    let mut at = 0;
    let mut line_start = true;
    while let Some(&b) = text.get(at) {
        if line_start && starts_item(text.get(at..).unwrap_or_default()) {
            // A new item: whatever the previous one left open is the parser's to report.
            stack.clear();
        }
        line_start = false;
        match b {
            b'\n' => line_start = true,
            b'/' if text.get(at + 1) == Some(&b'/') => {
                at = skip_to_line_end(text, at);
                continue;
            }
            b'"' => {
                at = skip_string(text, at);
                continue;
            }
            b'(' => {
                if stack.len() >= MAX_NESTING {
                    return Some(error(file, at, 1));
                }
                stack.push(Open::Paren);
            }
            b')' => {
                while let Some(open) = stack.pop() {
                    if open == Open::Paren {
                        break;
                    }
                }
                close_prefixes(&mut stack);
            }
            b if is_word(b) => {
                let end = text
                    .get(at..)
                    .and_then(|rest| rest.iter().position(|b| !is_word(*b)))
                    .map_or(text.len(), |n| at + n);
                match text.get(at..end).unwrap_or_default() {
                    b"not" | b"opponent" | b"threat" => {
                        if stack.len() >= MAX_NESTING {
                            return Some(error(file, at, end - at));
                        }
                        stack.push(Open::Prefix);
                    }
                    _ if next_is_paren(text, end) => {}
                    _ => close_prefixes(&mut stack),
                }
                at = end;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// An operand is complete: the prefix operators waiting for it are done.
fn close_prefixes(stack: &mut Vec<Open>) {
    while stack.last() == Some(&Open::Prefix) {
        stack.pop();
    }
}

fn error(file: &SourceFile, at: usize, len: usize) -> ParseError {
    let kind = ParseErrorKind::TooDeep { limit: MAX_NESTING };
    ParseError::new(kind, file, Loc::new(at, at + len))
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Whether the next character after `at`, past spaces, is `(` (a call with arguments).
fn next_is_paren(text: &[u8], at: usize) -> bool {
    text.get(at..)
        .and_then(|rest| rest.iter().find(|b| !matches!(b, b' ' | b'\t')))
        == Some(&b'(')
}

fn skip_to_line_end(text: &[u8], at: usize) -> usize {
    text.get(at..)
        .and_then(|rest| rest.iter().position(|b| *b == b'\n'))
        .map_or(text.len(), |n| at + n)
}

/// The position after the string starting at `at` (or the line's end if it is not closed).
fn skip_string(text: &[u8], at: usize) -> usize {
    let mut i = at + 1;
    while let Some(&b) = text.get(i) {
        match b {
            b'\\' => i += 2,
            b'"' => return i + 1,
            b'\n' => return i,
            _ => i += 1,
        }
    }
    text.len()
}

/// Whether a line (from its start) begins, after indentation, with an item keyword.
fn starts_item(line: &[u8]) -> bool {
    let trimmed = line
        .iter()
        .position(|b| !matches!(b, b' ' | b'\t'))
        .and_then(|n| line.get(n..))
        .unwrap_or_default();
    super::ITEM_STARTS.iter().any(|kw| {
        trimmed.strip_prefix(kw.as_bytes()).is_some_and(|after| {
            *kw == "///"
                || after
                    .first()
                    .is_none_or(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_error(text: &str) -> Option<(usize, usize)> {
        too_deep(&SourceFile::new("t.rules", text)).map(|e| {
            let loc = e.loc();
            (loc.start, loc.end)
        })
    }

    #[test]
    fn the_law_is_shallow() {
        for name in ["vn-1999", "vn-2004", "axf", "wxf-2018", "cxa"] {
            let path = format!("{}/rules/{name}.rules", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(!text.is_empty(), "{path}");
            assert_eq!(depth_error(&text), None, "{name}");
        }
    }

    #[test]
    fn deep_parentheses_and_not_chains_are_refused_at_the_first_too_deep() {
        let parens = format!("rules t\nterm a on move = {}check", "(".repeat(7000));
        let start = parens.find('(').unwrap_or_default();
        assert_eq!(depth_error(&parens), Some((start + 64, start + 65)));
        let nots = format!("rules t\nterm a on move = {}check", "not ".repeat(20_000));
        let start = nots.find("not").unwrap_or_default();
        assert_eq!(
            depth_error(&nots),
            Some((start + 64 * 4, start + 64 * 4 + 3))
        );
    }

    #[test]
    fn long_flat_expressions_and_closed_groups_are_not_deep() {
        let flat = format!(
            "rules t\nterm a on move = check{}",
            " and not (check)".repeat(5000)
        );
        assert_eq!(depth_error(&flat), None);
        let calls = format!(
            "rules t\nterm a on move = {}",
            "target(rook) or ".repeat(5000)
        );
        assert_eq!(depth_error(&calls), None);
        // Unclosed groups of one item do not count against the next.
        let broken = "rules t\nterm a on move = (((\n".repeat(100);
        assert_eq!(depth_error(&broken), None);
        // Parentheses in strings and comments are text.
        let text = format!(
            "rules t\n// {}\ntitle \"{}\"\n",
            "(".repeat(100),
            "(".repeat(100)
        );
        assert_eq!(depth_error(&text), None);
    }
}
