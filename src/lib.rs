//! xqlaw: the Xiangqi (Cờ Tướng) repetition law as an executable specification.
pub mod source;
pub mod syntax;
