//! The page and its assets, embedded in the binary: nothing is fetched from elsewhere.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

use super::api::ApiError;

/// The page.
const PAGE: &str = include_str!("assets/index.html");

/// The other assets: name, content type, contents.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "app.css",
        "text/css; charset=utf-8",
        include_str!("assets/app.css"),
    ),
];

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
    match ASSETS.iter().find(|(name, ..)| *name == file) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::new(StatusCode::NOT_FOUND, format!("no asset `{file}`")).into_response(),
    }
}
