//! `xqlaw import`: reads the published law text and writes one spec file per diagram.
//!
//! Stages, one module each: [`text`] (forum markup → items), [`diagram`] (a `[game]` block →
//! printed FEN and moves), [`document`] (articles and commentary per file).

pub mod diagram;
pub mod document;
pub mod text;
