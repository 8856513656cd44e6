//! Spec-test files: one YAML file per rulebook diagram.
//!
//! `model.rs` holds the serde model of a file and the functions that read and write it;
//! `law_text.rs` holds the law's text, the source every citation of a sentence points into. All
//! YAML handling of the crate stays in this module. Reading a spec file's moves on the board
//! and judging them is the [`corpus`](crate::corpus)'s work.

mod law_text;
mod model;
pub(crate) mod place;
pub mod results;
mod splice;

pub use law_text::{
    Article as LawArticle, Block as LawBlock, Chapter as LawChapter, Item as LawItem, LawErratum,
    LawText, Place as LawPlace, Sentence as LawSentence, read_with,
};
pub use model::{
    Constructed, Erratum, IdError, IdErrorKind, MAX_DEPTH, SourceRef, SpecError, SpecFile,
    WriteError, YamlError, YamlErrorKind, write_atomic,
};
pub(crate) use splice::splice;
