//! Facts written as text, for JSON and for messages: moves and squares as their ICCS text,
//! colours as words, and a piece as `red rook e6` (or as the law writes it, `Xe Trắng e6`).

use super::model::{LostProtector, PieceAt};
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

impl PieceAt {
    /// The piece as the law writes it, role and side in its words then the square: `Tốt Đen
    /// f4` where [`Display`](std::fmt::Display) writes `black pawn f4`.
    #[must_use]
    pub fn vi(&self) -> String {
        format!("{} {}", self.piece.name_vi(), self.square)
    }
}

/// Serialises a piece as its text, `red rook e6`, as explanations name it.
pub(crate) fn piece_as_text<S: Serializer>(piece: &PieceAt, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(piece)
}

/// Serialises the protectors a move cut off as their texts, `black rook d7 (pinned)`, as
/// explanations name them.
pub(crate) fn losses_as_text<S: Serializer>(
    losses: &[LostProtector],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(losses.iter().map(super::describe_loss))
}

/// Serialises a piece, if there is one, as its text (`null` when none).
pub(crate) fn some_piece_as_text<S: Serializer>(
    piece: &Option<PieceAt>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match piece {
        Some(p) => s.collect_str(p),
        None => s.serialize_none(),
    }
}
