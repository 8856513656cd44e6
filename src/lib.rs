//! xqlaw: the Xiangqi (Cờ Tướng) repetition law as an executable specification.

pub mod compile;
pub mod conflicts;
pub mod corpus;
pub mod docgen;
pub mod eval;
pub mod facts;
pub mod import;
pub mod play;
pub mod source;
pub mod spec;
pub mod syntax;
pub mod variants;
pub mod words;
pub mod xiangqi;
