//! Words for messages: plurals, and the "did you mean" of a misspelt name.

/// The plural ending of a count: `""` for one, `"s"` otherwise.
///
/// ```
/// use xqlaw::words::plural;
/// assert_eq!(format!("1 error{}", plural(1)), "1 error");
/// assert_eq!(format!("0 error{}", plural(0)), "0 errors");
/// ```
#[must_use]
pub const fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
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

/// [`edit_distance`] between two texts, by characters.
pub(crate) fn text_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    edit_distance(&a, &b)
}

/// The candidate closest to `name`, if it is close enough to be a likely typo: "did you mean
/// `chase`?".
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (text_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, c.to_owned()))
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distances() {
        assert_eq!(text_distance("chase", "chase"), 0);
        assert_eq!(text_distance("chse", "chase"), 1);
        assert_eq!(text_distance("kitten", "sitting"), 3);
        assert_eq!(text_distance("", "abc"), 3);
        assert_eq!(text_distance("abc", ""), 3);
        assert_eq!(text_distance("S5.6", "S5/6"), 1);
        assert_eq!(text_distance("马8进7", "马8进7"), 0);
    }

    #[test]
    fn suggestions() {
        assert_eq!(
            did_you_mean("chse", ["chase", "check"]).unwrap(),
            "did you mean `chase`?"
        );
        assert_eq!(did_you_mean("zzzzzz", ["chase", "check"]), None);
        assert_eq!(did_you_mean("chase", ["chase"]), None);
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1), "");
        assert_eq!(plural(2), "s");
    }
}
