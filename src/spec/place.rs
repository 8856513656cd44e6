//! Where a field stands in a spec file's text, so that a problem found after reading the file
//! (a move that does not replay, an unknown rule set) points at its line. Spec files are the
//! block YAML that `SpecFile::to_yaml` and `xqlaw import` write: top-level `key:` lines,
//! `- item` lists and `  name:` maps under them.

use crate::source::Loc;

/// The lines of `text` with the offset each starts at.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |offset, line| {
        let at = *offset;
        *offset += line.len();
        Some((at, line))
    })
}

/// The lines after the first line starting with `key`.
fn after<'t>(text: &'t str, key: &str) -> impl Iterator<Item = (usize, &'t str)> {
    lines(text)
        .skip_while(move |(_, line)| !line.starts_with(key))
        .skip(1)
}

/// The span of `len` bytes from `at`.
fn span(at: usize, len: usize) -> Loc {
    Loc::new(at, at + len)
}

/// The first line starting with `prefix` (the start of the text if none).
pub(crate) fn line(text: &str, prefix: &str) -> Loc {
    lines(text)
        .find(|(_, line)| line.starts_with(prefix))
        .map_or(Loc::default(), |(at, line)| span(at, line.trim_end().len()))
}

/// The value on the first line starting with `key` (`id: hinh-01` → `hinh-01`); the start of
/// the text if there is none.
pub(crate) fn value(text: &str, key: &str) -> Loc {
    lines(text)
        .find_map(|(at, line)| {
            let value = line.strip_prefix(key)?;
            let lead = value.len() - value.trim_start().len();
            Some(span(at + key.len() + lead, value.trim().len()))
        })
        .unwrap_or_default()
}

/// The `index`-th `- item` line of the block list under `key` (the `key` line if there are
/// fewer items).
pub(crate) fn item(text: &str, key: &str, index: usize) -> Loc {
    after(text, key)
        .take_while(|(_, line)| line.starts_with(' ') || line.starts_with("- "))
        .filter(|(_, line)| line.starts_with("- "))
        .nth(index)
        .map_or_else(
            || self::line(text, key),
            |(at, line)| span(at, line.trim_end().len()),
        )
}

/// The line `  name: …` in the block map under `key`, with its offset.
fn entry_at<'t>(text: &'t str, key: &str, name: &str) -> Option<(usize, &'t str)> {
    let wanted = format!("  {name}:");
    after(text, key)
        .take_while(|(_, line)| line.starts_with(' '))
        .find(|(_, line)| line.starts_with(&wanted))
}

/// The name of `  name:` in the block map under `key` (the `key` line if it is not there).
pub(crate) fn entry(text: &str, key: &str, name: &str) -> Loc {
    entry_at(text, key, name).map_or_else(|| line(text, key), |(at, _)| span(at + 2, name.len()))
}

/// The line `  name: …` in the block map under `key`, from the name to the end of the line
/// (the `key` line if the name is not there): the entry with its value, as a warning about
/// the value underlines it.
pub(crate) fn entry_line(text: &str, key: &str, name: &str) -> Loc {
    entry_at(text, key, name).map_or_else(
        || line(text, key),
        |(at, line)| span(at + 2, line.trim_end_matches('\n').len() - 2),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "id: toy-01\nmoves:\n- h8h9\n- f9f8\nexpect:\n  toy: draw\n  cxa: draw\nfen: x\n";

    fn at(loc: Loc) -> &'static str {
        &TEXT[loc.start..loc.end]
    }

    #[test]
    fn fields_are_found_at_their_lines() {
        assert_eq!(at(line(TEXT, "fen:")), "fen: x");
        assert_eq!(at(value(TEXT, "id:")), "toy-01");
        assert_eq!(at(item(TEXT, "moves:", 1)), "- f9f8");
        assert_eq!(at(item(TEXT, "moves:", 5)), "moves:");
        assert_eq!(at(entry(TEXT, "expect:", "cxa")), "cxa");
        assert_eq!(at(entry(TEXT, "expect:", "axf")), "expect:");
        assert_eq!(at(entry_line(TEXT, "expect:", "cxa")), "cxa: draw");
        assert_eq!(at(entry_line(TEXT, "expect:", "axf")), "expect:");
        assert_eq!(line(TEXT, "nowhere:"), Loc::default());
    }
}
