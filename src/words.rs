//! Words for messages, in one place: plurals and the words that agree with a count, lists
//! (`a, b or c`), quoted names, input cut short for echoing, case titles folded into ranges,
//! and the "did you mean" of a misspelt name; and messages said in the law's language too
//! ([`Localized`]). Every message of the crate composes its words with these.

pub use crate::localized::{Localized, glossed};
pub(crate) use crate::xiangqi::words::edit_distance;
pub use crate::xiangqi::words::{Said, list, plural, quoted, shorten};

/// The word that agrees with a count, for the words a plural ending does not make: `one` for
/// 1, `many` otherwise (`fires`/`fire`, `it`/`them`).
///
/// ```
/// use xqlaw::words::agreeing;
/// assert_eq!(agreeing(1, "fires", "fire"), "fires");
/// assert_eq!(agreeing(2, "it", "them"), "them");
/// ```
#[must_use]
pub const fn agreeing<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// The first `shown` items, then how many more there are (`4 more`), to list a long list
/// briefly.
pub fn first_few<S: AsRef<str>>(items: &[S], shown: usize) -> Vec<String> {
    let mut few: Vec<String> = items
        .iter()
        .take(shown)
        .map(|s| s.as_ref().to_owned())
        .collect();
    if items.len() > shown {
        few.push(format!("{} more", items.len() - shown));
    }
    few
}

/// A few items listed: the first five, then how many more (`a, b, c, d, e and 4 more`), as a
/// message names the rulings or cases of a long list.
///
/// ```
/// use xqlaw::words::briefly;
/// assert_eq!(briefly(&["a", "b"]), "a and b");
/// assert_eq!(briefly(&["a", "b", "c", "d", "e", "f", "g"]), "a, b, c, d, e and 2 more");
/// ```
pub fn briefly<S: AsRef<str>>(items: &[S]) -> String {
    list(&first_few(items, 5), "and")
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
    suggestion(name, candidates).map(|s| s.to_string())
}

/// [`did_you_mean`] in both languages, for a help the workbench says in the law's language
/// too: "có phải `chase`?" (did you mean `chase`?).
pub(crate) fn suggestion<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<Said> {
    closest(name, candidates)
        .map(|c| Said::new(format!("did you mean `{c}`?"), format!("có phải `{c}`?")))
}

/// The candidate closest to `name`, if it is close enough to be a likely typo (the name
/// [`did_you_mean`] suggests), for messages that word the suggestion themselves.
pub(crate) fn closest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (name.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        .map(|c| (text_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, c)| (*d, *c))
        .map(|(_, c)| c)
}

/// Case titles with runs of numbers folded: `Hình 1, Hình 2, Hình 3, Hình 5` becomes
/// `Hình 1–3, 5`. Titles that do not end in a number are listed as they are.
///
/// ```
/// use xqlaw::words::title_ranges;
/// let titles = ["Hình 1", "Hình 2", "Hình 3", "Hình 5", "Case A", "Hình 74", "Hình 75"];
/// assert_eq!(title_ranges(&titles), "Hình 1–3, 5, Case A, Hình 74–75");
/// ```
pub fn title_ranges<S: AsRef<str>>(titles: &[S]) -> String {
    // Runs of (prefix, first, last); a title without a number is a run of its own.
    let mut runs: Vec<(String, Option<(u32, u32)>)> = Vec::new();
    for title in titles {
        let title = title.as_ref();
        let numbered = title
            .rsplit_once(' ')
            .and_then(|(prefix, n)| Some((prefix, n.parse::<u32>().ok()?)));
        let Some((prefix, n)) = numbered else {
            runs.push((title.to_owned(), None));
            continue;
        };
        match runs.last_mut() {
            Some((p, Some((_, last)))) if p == prefix && last.checked_add(1) == Some(n) => {
                *last = n;
            }
            _ => runs.push((prefix.to_owned(), Some((n, n)))),
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut previous: Option<&str> = None;
    for (prefix, numbers) in &runs {
        let Some((first, last)) = numbers else {
            out.push(prefix.clone());
            previous = None;
            continue;
        };
        let numbers = if first == last {
            first.to_string()
        } else {
            format!("{first}–{last}")
        };
        // The prefix is said once for a row of runs of the same prefix.
        if previous == Some(prefix.as_str()) {
            out.push(numbers);
        } else {
            out.push(format!("{prefix} {numbers}"));
        }
        previous = Some(prefix);
    }
    out.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_runs() {
        assert_eq!(title_ranges(&["Hình 74", "Hình 75"]), "Hình 74–75");
        assert_eq!(title_ranges(&["Hình 9"]), "Hình 9");
        assert_eq!(title_ranges::<&str>(&[]), "");
        assert_eq!(
            title_ranges(&["Hình 1", "Hình 3", "Ca 4", "Ca 5", "Hình 4"]),
            "Hình 1, 3, Ca 4–5, Hình 4"
        );
    }

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
        let said = suggestion("forbiden", ["forbidden", "allowed"]).unwrap();
        assert_eq!(said.to_string(), "did you mean `forbidden`?");
        assert_eq!(said.vi(), "có phải `forbidden`?");
    }

    #[test]
    fn lists() {
        assert_eq!(list::<&str>(&[], "or"), "");
        assert_eq!(list(&quoted(&["a", "b", "c"]), "or"), "`a`, `b` or `c`");
        assert_eq!(
            list(&first_few(&["a", "b", "c"], 2), "and"),
            "a, b and 1 more"
        );
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1), "");
        assert_eq!(plural(2), "s");
    }
}
