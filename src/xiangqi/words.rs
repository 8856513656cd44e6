//! The few words the engine's messages need (a plural ending, a list of quoted names, input
//! cut short, the distance between two move texts). They live here because the engine depends
//! on nothing else in the crate; the crate's `words`, the home of every message's words, gives
//! them to the rest of the crate.

/// The plural ending of a count: `""` for one, `"s"` otherwise.
///
/// ```
/// assert_eq!(format!("1 error{}", xqlaw::words::plural(1)), "1 error");
/// assert_eq!(format!("0 error{}", xqlaw::words::plural(0)), "0 errors");
/// ```
#[must_use]
pub const fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Items listed as a sentence lists them: `a`, `a or b`, `a, b or c`, with `conjunction`
/// before the last.
///
/// ```
/// assert_eq!(xqlaw::words::list(&["a", "b", "c"], "or"), "a, b or c");
/// assert_eq!(xqlaw::words::list(&["a"], "and"), "a");
/// ```
pub fn list<S: AsRef<str>>(items: &[S], conjunction: &str) -> String {
    match items.split_last() {
        None => String::new(),
        Some((only, [])) => only.as_ref().to_owned(),
        Some((last, init)) => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} {conjunction} {}", init.join(", "), last.as_ref())
        }
    }
}

/// Each item between backticks, as messages quote names and user input: `` `a` ``.
pub fn quoted<T: std::fmt::Display>(items: &[T]) -> Vec<String> {
    items.iter().map(|t| format!("`{t}`")).collect()
}

/// `text` cut to at most `max` characters, with `…` and the number of characters left out,
/// for echoing user input in a message.
///
/// ```
/// assert_eq!(xqlaw::words::shorten("abc", 5), "abc");
/// assert_eq!(xqlaw::words::shorten("abcdefgh", 3), "abc… (5 more characters)");
/// ```
#[must_use]
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((cut, _)) => {
            let rest = text.get(cut..).unwrap_or_default().chars().count();
            format!(
                "{}… ({rest} more characters)",
                text.get(..cut).unwrap_or_default()
            )
        }
    }
}

/// A phrase said in the two languages of the crate's messages: the English that `Display`
/// prints (the command line's), and the law's language, Vietnamese (the workbench's, with the
/// English as its gloss). An error's details that are composed where they are found (why a
/// move is illegal, which piece is missing, a suggestion made from the user's own names) are
/// kept so, to be said in either language.
///
/// ```
/// use xqlaw::words::Said;
/// let said = Said::new("no red rook stands on file 2", "không có Xe Trắng nào ở cột 2");
/// assert_eq!(said.to_string(), "no red rook stands on file 2");
/// assert_eq!(said.vi(), "không có Xe Trắng nào ở cột 2");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Said(Box<[String; 2]>);

impl Said {
    /// The phrase `en` in English and `vi` in Vietnamese.
    pub fn new(en: impl Into<String>, vi: impl Into<String>) -> Said {
        // Boxed: errors carry it, and an error stays small to move.
        Said(Box::new([en.into(), vi.into()]))
    }

    /// The English.
    #[must_use]
    pub fn en(&self) -> &str {
        let [en, _] = &*self.0;
        en
    }

    /// The Vietnamese.
    #[must_use]
    pub fn vi(&self) -> &str {
        let [_, vi] = &*self.0;
        vi
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.en())
    }
}

/// The number of single-item edits (insertions, deletions, substitutions) that turn `a` into
/// `b`: the Levenshtein distance.
pub(crate) fn edit_distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    // `row[j]` is the distance between the part of `a` read so far and `b[..j]`.
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut diagonal = i;
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, y) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(usize::MAX);
            let left = row.get(j).copied().unwrap_or(usize::MAX);
            let best = (diagonal + usize::from(x != y))
                .min(above.saturating_add(1))
                .min(left.saturating_add(1));
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = best;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}
