//! The page and its assets, embedded in the binary: nothing is fetched from elsewhere.
//!
//! The monospace font of the editor and the explanations is the one the proposal's diff is
//! set in (`docgen::fonts`: Noto Sans Mono, SIL Open Font Licence, Latin and Vietnamese,
//! regular and bold), served from here so that "Điều" reads whole on every machine.

use axum::extract::Path;
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use std::sync::LazyLock;

use super::err::{ApiError, ApiErrorKind};
use crate::docgen::fonts;
use crate::syntax::{CONTEXT_WORDS, KEYWORDS};
use crate::vocab::Verdict;

/// The page.
const PAGE: &str = include_str!("assets/index.html");

/// The script, with the rule language's words and the verdicts' words filled in where it
/// says so.
static APP_JS: LazyLock<String> = LazyLock::new(|| {
    include_str!("assets/app.js")
        .replacen(
            "/* the language's words */ { outcomes: [], keywords: [] }",
            &language_words(),
            1,
        )
        .replacen("/* the verdicts' words */ {}", &verdict_words(), 1)
});

/// The stylesheet, after the rules that declare the font's faces.
static APP_CSS: LazyLock<String> =
    LazyLock::new(|| fonts::served_at("/assets/") + include_str!("assets/app.css"));

/// Each verdict in the law's words with the English gloss, as the book writes it
/// (`Trắng thua (red loses)`), by its code (`red_loses`), as a JavaScript object.
fn verdict_words() -> String {
    let words: serde_json::Map<String, serde_json::Value> = [
        Verdict::RedLoses,
        Verdict::BlackLoses,
        Verdict::Draw,
        Verdict::NoRepetition,
    ]
    .into_iter()
    .map(|v| {
        (
            v.as_str().to_owned(),
            crate::docgen::page::verdict(Some(v)).into(),
        )
    })
    .collect();
    serde_json::Value::Object(words).to_string()
}

/// The words of the language that conclude a ruling (its outcome) or a verdict row (its
/// result), which the editor marks apart from the others.
const CONCLUDING: [&str; 4] = ["forbidden", "allowed", "loses", "draw"];

/// The words the editor highlights, as a JavaScript object: the words that conclude a ruling
/// or a verdict row apart from the others.
fn language_words() -> String {
    let concludes = |w: &&str| CONCLUDING.contains(w);
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

/// The assets: name, content type, contents.
fn assets() -> impl Iterator<Item = (&'static str, &'static str, &'static [u8])> {
    [
        (
            "app.js",
            "text/javascript; charset=utf-8",
            APP_JS.as_bytes(),
        ),
        ("app.css", "text/css; charset=utf-8", APP_CSS.as_bytes()),
    ]
    .into_iter()
    .chain(
        fonts::FACES
            .iter()
            .map(|face| (face.file, fonts::WOFF2, face.bytes)),
    )
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
    match assets().find(|(name, ..)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, kind)], body).into_response(),
        None => ApiError::new(ApiErrorKind::NoAsset { file }).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_script_says_verdicts_in_the_laws_words() {
        let script = APP_JS.as_str();
        assert!(!script.contains("/* the verdicts' words */ {}"));
        assert!(
            script.contains("\"red_loses\":\"Trắng thua (red loses)\""),
            "{script}"
        );
        assert!(!script.contains("Đỏ thua"));
    }

    #[test]
    fn the_stylesheet_declares_every_face_it_serves() {
        for face in fonts::FACES {
            assert!(APP_CSS.contains(&format!("url(/assets/{})", face.file)));
            assert!(assets().any(|(name, ..)| name == face.file));
        }
        assert!(APP_CSS.contains(&format!("--mono: \"{}\"", fonts::FAMILY)));
    }

    #[test]
    fn the_script_gets_every_word_of_the_language() {
        let script = APP_JS.as_str();
        assert!(!script.contains("{ outcomes: [], keywords: [] }"));
        for word in KEYWORDS.iter().chain(CONTEXT_WORDS) {
            assert!(script.contains(&format!("\"{word}\"")), "{word}");
        }
        // The concluding words are the grammar's own, so none is lost if one is renamed.
        for word in CONCLUDING {
            assert!(
                KEYWORDS.iter().chain(CONTEXT_WORDS).any(|w| *w == word),
                "{word}"
            );
        }
    }
}
