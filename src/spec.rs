//! Spec-test files: one YAML file per rulebook diagram.
//!
//! `model.rs` holds the serde model of a file and the functions that read and write it. All
//! YAML handling of the crate stays in this module. Reading a spec file's moves on the board
//! and judging them is the [`corpus`](crate::corpus)'s work.

mod model;
pub(crate) mod place;

pub use model::{
    Constructed, Erratum, IdError, MAX_DEPTH, ReadError, SourceRef, SpecError, SpecFile,
    WriteError, YamlError, write_atomic,
};
