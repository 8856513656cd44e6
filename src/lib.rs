//! xqlaw: the Xiangqi (Cờ Tướng) repetition law as an executable specification.

pub mod facts;
pub mod import;
pub mod spec;
pub mod xiangqi;
