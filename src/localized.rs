//! Messages said in the law's language too ([`Localized`]), for the readers of the law.
//!
//! It depends on nothing, so that every layer can say its messages in Vietnamese, down to the
//! carrier of errors about a place (`source`) and the file access (`disk`), without depending
//! on the word helpers (`words`, which gives this trait to the rest of the crate beside them).

/// A message that also says itself in the law's language, Vietnamese, for the readers of the
/// law (the workbench and its API). Its `Display` stays the English the command line prints;
/// [`Localized::vi`] is the Vietnamese, owned by the same kind (each variant of a kind's enum
/// words both), and [`Localized::glossed`] puts the Vietnamese first with the English as the
/// gloss, as the book does. Terms of the rule language and user input stay as written, in
/// backticks.
pub trait Localized: std::fmt::Display {
    /// The message in Vietnamese.
    fn vi(&self) -> String;

    /// The help in Vietnamese, when the kind words its help itself (a suggestion computed from
    /// the user's names, or a library's help, stays English).
    fn vi_help(&self) -> Option<String> {
        None
    }

    /// The message, Vietnamese first, the English in parentheses: `vi (english)`.
    fn glossed(&self) -> String {
        glossed(&self.vi(), &self.to_string())
    }
}

/// `vi (english)`: a Vietnamese text with its English gloss.
///
/// ```
/// assert_eq!(xqlaw::words::glossed("hòa", "draw"), "hòa (draw)");
/// ```
#[must_use]
pub fn glossed(vi: &str, english: &str) -> String {
    format!("{vi} ({english})")
}
