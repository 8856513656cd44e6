//! Rewriting a spec file's text after `xqlaw import` without losing what a committee wrote in
//! it: only the top-level fields whose value changed are replaced; every other line (the
//! hand-filled fields, comments, blank lines, their order) stays as written.
//!
//! Spec files are block YAML at the top level (`key:` at column 0, the value on the line or
//! in lines under it, indented or `- item`). A comment or blank line between two fields goes
//! with the field after it, so a comment above a replaced field stays above it.

use super::model::{SpecError, SpecFile, WriteError};

/// One top-level field of a text: the comments and blank lines above it, and its own lines.
#[derive(Debug)]
struct Field<'t> {
    /// The key, or `None` for the text before the first key (and after the last field).
    key: Option<&'t str>,
    /// The comment and blank lines above the key.
    above: String,
    /// The key's line and the value's lines.
    body: String,
}

/// The top-level fields of block YAML `text`, in order; the text is their concatenation.
fn fields(text: &str) -> Vec<Field<'_>> {
    let mut fields = vec![Field {
        key: None,
        above: String::new(),
        body: String::new(),
    }];
    let mut pending = String::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            pending.push_str(line);
        } else if let Some(key) = top_level_key(line) {
            fields.push(Field {
                key: Some(key),
                above: std::mem::take(&mut pending),
                body: line.to_owned(),
            });
        } else if let Some(field) = fields.last_mut() {
            // A line of the current field's value: comments among its lines stay in it.
            field.body.push_str(&pending);
            pending.clear();
            field.body.push_str(line);
        }
    }
    fields.push(Field {
        key: None,
        above: pending,
        body: String::new(),
    });
    fields
}

/// The key of a `key:` line at column 0 (not a list item, a comment or a document marker).
fn top_level_key(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', '-', '#', '.']) {
        return None;
    }
    let (key, rest) = line.split_once(':')?;
    (!key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        && (rest.is_empty() || rest.starts_with([' ', '\n', '\r'])))
    .then_some(key)
}

/// The text of the spec file `old_text` (which reads as `old`) once its fields hold `new`'s
/// values: the fields whose rendering changed are replaced by `new`'s, fields `new` no longer
/// has are removed, fields only `new` has are inserted after the field before them in `new`,
/// and every other line is kept.
///
/// # Errors
///
/// [`SpecError::Write`] when the result would not read back as `new` (a layout this splice
/// does not understand): the caller then leaves the file as it is, and the message says why.
pub(crate) fn splice(
    path: &std::path::Path,
    old_text: &str,
    old: &SpecFile,
    new: &SpecFile,
) -> Result<String, SpecError> {
    let new_yaml = new.to_yaml()?;
    let old_yaml = old.to_yaml()?;
    let rendered_new = fields(&new_yaml);
    let rendered_old = fields(&old_yaml);
    let body = |fields: &[Field<'_>], key: &str| {
        fields
            .iter()
            .find(|f| f.key == Some(key))
            .map(|f| f.body.clone())
    };
    let mut out: Vec<(Option<String>, String)> = Vec::new();
    for field in fields(old_text) {
        let Some(key) = field.key else {
            out.push((None, format!("{}{}", field.above, field.body)));
            continue;
        };
        let text = match (body(&rendered_old, key), body(&rendered_new, key)) {
            (was, now) if was == now => field.body,
            (_, Some(now)) => now,
            // The field is gone from the new values: its comments go with it.
            (_, None) => continue,
        };
        out.push((Some(key.to_owned()), format!("{}{text}", field.above)));
    }
    // Fields the old text lacks, each after the one before it in the new rendering.
    let mut previous: Option<&str> = None;
    for field in &rendered_new {
        let Some(key) = field.key else { continue };
        if !out.iter().any(|(k, _)| k.as_deref() == Some(key)) {
            let at = previous
                .and_then(|p| out.iter().position(|(k, _)| k.as_deref() == Some(p)))
                .map_or(1.min(out.len()), |i| i + 1);
            out.insert(at, (Some(key.to_owned()), field.body.clone()));
        }
        previous = Some(key);
    }
    let text: String = out.into_iter().map(|(_, text)| text).collect();
    match SpecFile::from_yaml("", &text) {
        Ok(back) if &back == new => Ok(text),
        _ => Err(SpecError::Write(WriteError::new(
            path.to_path_buf(),
            "its layout is not the block YAML `xqlaw import` writes, so the imported fields cannot be replaced while keeping its comments and hand-written fields as they are; the file is left as it was (rewrite it in that layout, or move it away to import it afresh)".to_owned(),
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> SpecFile {
        SpecFile::from_yaml("x", text).unwrap()
    }

    /// Hình 1's spec file, annotated by a committee.
    fn old() -> String {
        let text = include_str!("../../spec-tests/vn-1999/hinh-01.yaml");
        format!(
            "# The committee's notes on Hình 1.\n{}",
            text.replacen(
                "expect:\n  axf: red_loses\n",
                "# the expectation was discussed on 2025-03-01\nexpect:\n  axf: red_loses # as AXF prints it\n",
                1
            )
        )
    }

    #[test]
    fn an_unchanged_import_keeps_the_text_as_it_is() {
        let text = old();
        let old = spec(&text);
        assert_eq!(
            splice(std::path::Path::new("x"), &text, &old, &old).unwrap(),
            text
        );
    }

    #[test]
    fn a_changed_field_is_replaced_and_the_comments_stay() {
        let text = old();
        let old = spec(&text);
        let mut new = old.clone();
        new.title = "Hình một".into();
        new.commentary = "Hòa.".into();
        let spliced = splice(std::path::Path::new("x"), &text, &old, &new).unwrap();
        assert!(spliced.contains("\ntitle: Hình một\n"), "{spliced}");
        assert!(
            spliced.starts_with("# The committee's notes on Hình 1.\nid: hinh-01\n"),
            "{spliced}"
        );
        assert!(
            spliced.contains("# the expectation was discussed on 2025-03-01\nexpect:\n  axf: red_loses # as AXF prints it\n"),
            "{spliced}"
        );
        assert_eq!(spec(&spliced), new);
    }

    #[test]
    fn keys_are_read_at_column_zero_only() {
        assert_eq!(top_level_key("id: x\n"), Some("id"));
        assert_eq!(top_level_key("moves:\n"), Some("moves"));
        assert_eq!(top_level_key("- h8h9\n"), None);
        assert_eq!(top_level_key("  vn-1999: draw\n"), None);
        assert_eq!(top_level_key("# id: x\n"), None);
        assert_eq!(top_level_key("Nếu đi: x\n"), None);
        assert_eq!(top_level_key("url:http\n"), None);
    }
}
