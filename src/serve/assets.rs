//! The page and its assets, embedded in the binary: nothing is fetched from elsewhere.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use std::sync::LazyLock;

use super::api::ApiError;
use crate::syntax::{CONTEXT_WORDS, KEYWORDS};

/// The page.
const PAGE: &str = include_str!("assets/index.html");

/// The script, with the rule language's words filled in where it says so.
static APP_JS: LazyLock<String> = LazyLock::new(|| {
    include_str!("assets/app.js").replacen(
        "/* the language's words */ { outcomes: [], keywords: [] }",
        &language_words(),
        1,
    )
});

/// The words the editor highlights, as a JavaScript object: the words that conclude a ruling
/// or a verdict row apart from the others.
fn language_words() -> String {
    let concludes = |w: &&str| ["forbidden", "allowed", "loses", "draw"].contains(w);
    let words = |keep: bool| -> Vec<&str> {
        KEYWORDS
            .iter()
            .chain(CONTEXT_WORDS)
            .filter(|w| concludes(w) == keep)
            .copied()
            .collect()
    };
    serde_json::json!({ "outcomes": words(true), "keywords": words(false) }).to_string()
}

/// The other assets: name, content type, contents.
fn assets() -> [(&'static str, &'static str, &'static str); 2] {
    [
        ("app.js", "text/javascript; charset=utf-8", APP_JS.as_str()),
        (
            "app.css",
            "text/css; charset=utf-8",
            include_str!("assets/app.css"),
        ),
    ]
}

/// `GET /`.
pub async fn page() -> Response {
    (
        [(
            header::CONTENT_SECURITY_POLICY,
            // Only the server's own scripts and styles; boards are inline SVG.
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        )],
        Html(PAGE),
    )
        .into_response()
}

/// `GET /assets/{file}`.
pub async fn asset(Path(file): Path<String>) -> Response {
    match assets().into_iter().find(|(name, ..)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, kind)], body).into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no asset `{file}`")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_gets_every_word_of_the_language() {
        let script = APP_JS.as_str();
        assert!(!script.contains("{ outcomes: [], keywords: [] }"));
        for word in KEYWORDS.iter().chain(CONTEXT_WORDS) {
            assert!(script.contains(&format!("\"{word}\"")), "{word}");
        }
    }
}
