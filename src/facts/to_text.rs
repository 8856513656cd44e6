//! Facts written as text, for JSON and for messages: moves and squares as their ICCS text,
//! colours as words, and a piece as `red rook e6`.

use super::model::PieceAt;
use crate::xiangqi::Color;
use serde::ser::{SerializeStruct, Serializer};

/// Serialises any `Display` value as its text.
pub fn display<T: std::fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(value)
}

/// Serialises a list of `Display` values as a list of texts.
pub fn display_all<T: std::fmt::Display, S: Serializer>(
    values: &[T],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(values.iter().map(ToString::to_string))
}

/// Serialises a colour as `red` / `black`.
pub fn color<S: Serializer>(color: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(color.name())
}

impl serde::Serialize for PieceAt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("PieceAt", 4)?;
        st.serialize_field("id", &self.id.0)?;
        st.serialize_field("color", self.piece.color.name())?;
        st.serialize_field("kind", self.piece.role.name())?;
        st.serialize_field("square", &self.square.to_string())?;
        st.end()
    }
}

impl std::fmt::Display for PieceAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {}",
            self.piece.color.name(),
            self.piece.role.name(),
            self.square
        )
    }
}
