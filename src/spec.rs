//! Spec-test files: one YAML file per rulebook diagram.
//!
//! [`model`] holds the serde model of a file and the functions that read and write it. All YAML
//! handling of the crate stays in this module.

pub mod model;

pub use model::{Erratum, SourceRef, SpecError, SpecFile, Verdict, write_atomic};
