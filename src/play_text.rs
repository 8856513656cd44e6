//! A play given as text: a FEN and move texts in one of the four notations, read into the
//! [`Play`] the evaluator judges.
//!
//! The moves are read in one pass over the positions: each text is read in the position it is
//! played in and, unless it is ICCS, written back in its notation's canonical form there, so
//! the explanation names each ply as the notation writes it.

use miette::Diagnostic;
use thiserror::Error;

use crate::eval::{EvalError, Play};
use crate::words::Localized;
use crate::xiangqi::notation::{LineError, Notation, UnknownNotation, parse_move, write_move};
use crate::xiangqi::{FenError, Position};

/// Why a play given as text could not be judged.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The FEN does not describe a legal position.
    #[error(transparent)]
    Fen(FenError),
    /// A move text could not be read or played.
    #[error(transparent)]
    Moves(LineError),
    /// The play could not be judged.
    #[error(transparent)]
    Eval(EvalError),
    /// The play's last cycle was asked for and no position repeats.
    #[error("no position repeats in the moves")]
    NoCycle,
}

impl PlayError {
    fn inner(&self) -> Option<&dyn Diagnostic> {
        match self {
            PlayError::Fen(e) => Some(e),
            PlayError::Moves(e) => Some(e),
            PlayError::Eval(e) => Some(e),
            PlayError::NoCycle => None,
        }
    }
}

impl Diagnostic for PlayError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match self.inner() {
            Some(e) => e.code(),
            None => Some(Box::new("xqlaw::cycle")),
        }
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        match self.inner() {
            Some(e) => e.help(),
            None => Some(Box::new(
                "give a play that returns to a position it passed through, or judge the whole play",
            )),
        }
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.inner().and_then(|e| e.source_code())
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.inner().and_then(|e| e.labels())
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        self.inner().and_then(|e| e.related())
    }
}

/// Why a play could not be judged, in the law's language too: the engine's errors say
/// themselves ([`FenError::vi`], [`LineError::vi`]), the English is the gloss.
impl Localized for PlayError {
    fn vi(&self) -> String {
        match self {
            PlayError::Fen(e) => e.vi(),
            PlayError::Moves(e) => e.vi(),
            PlayError::Eval(_) => "luật không xử được các nước này".to_owned(),
            PlayError::NoCycle => "không thế cờ nào lặp lại trong các nước đi".to_owned(),
        }
    }

    fn vi_help(&self) -> Option<String> {
        match self {
            PlayError::Fen(e) => Some(e.vi_help()),
            PlayError::Moves(e) => e.vi_help(),
            PlayError::Eval(_) => None,
            PlayError::NoCycle => {
                Some("đưa ra các nước trở lại một thế cờ đã qua, hoặc xử cả ván".to_owned())
            }
        }
    }
}

/// A notation's name that names none, in the law's language too.
impl Localized for UnknownNotation {
    fn vi(&self) -> String {
        UnknownNotation::vi(self)
    }

    fn vi_help(&self) -> Option<String> {
        Some("dùng một trong `iccs`, `wxf`, `vi` (tiếng Việt) hoặc `zh` (chữ Hán)".to_owned())
    }
}

/// Why a play is judged as a presumed cycle when the caller asks for it (`"assume_cycle":
/// true` on a batch line or a workbench request). A front end with options of its own names
/// them in its own reason, as the command line does.
pub const ASSUMED_BY_REQUEST: &str = "asked for (\"assume_cycle\": true)";

/// Reads a play: the position of `fen`, and `moves` written in `notation`, one text per ply.
/// Unless they are ICCS, the moves are named by their texts in the notation's own form.
///
/// # Errors
///
/// A bad FEN, or the first move text that cannot be read or played.
///
/// ```
/// use xqlaw::Notation;
/// use xqlaw::read_play;
///
/// let play = read_play(xqlaw::START_FEN, &["炮二平五", "马８进７"], Notation::Chinese)?;
/// assert_eq!(play.moves().len(), 2);
/// # Ok::<(), xqlaw::PlayError>(())
/// ```
pub fn read_play(fen: &str, moves: &[&str], notation: Notation) -> Result<Play, PlayError> {
    let start = Position::from_fen(fen).map_err(PlayError::Fen)?;
    let named = notation != Notation::Iccs;
    let mut pos = start;
    let mut read = Vec::with_capacity(moves.len());
    let mut texts = Vec::with_capacity(if named { moves.len() } else { 0 });
    for (ply, text) in moves.iter().enumerate() {
        let m = parse_move(&pos, text, notation)
            .map_err(|e| PlayError::Moves(LineError::new(ply, pos.turn(), e)))?;
        if named {
            texts.push(write_move(&pos, m, notation));
        }
        // INVARIANT: `parse_move` only returns legal moves.
        pos.play_unchecked(m);
        read.push(m);
    }
    let play = Play::new(start, read);
    Ok(if named { play.with_texts(texts) } else { play })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::judge;
    use crate::test_support::{HINH_1, law};
    use crate::vocab::Verdict;

    #[test]
    fn one_check_that_repeats_nothing_is_no_repetition() {
        let rules = law();
        let play = read_play(HINH_1, &["h8h9"], Notation::Iccs).unwrap();
        let j = judge(&rules, &play).unwrap();
        assert_eq!(j.verdict(), Verdict::NoRepetition);
        assert!(j.red.fired.is_empty() && j.black.fired.is_empty());
        assert!(j.explain().contains("no position repeats"));
        let assumed = judge(&rules, &play.assuming_cycle(ASSUMED_BY_REQUEST)).unwrap();
        assert_eq!(assumed.verdict(), Verdict::RedLoses);
    }

    #[test]
    fn a_repeated_position_is_named_with_its_plies() {
        let moves = ["h8h9", "f9f8", "h9h8", "f8f9", "h8h9"];
        let play = read_play(HINH_1, &moves, Notation::Iccs).unwrap();
        let j = judge(&law(), &play).unwrap();
        match &j.repetition {
            crate::facts::Repetition::Repeats { plies, .. } => assert_eq!(plies, &[0, 4]),
            other => panic!("expected a repetition, got {other:?}"),
        }
        assert_eq!(j.verdict(), Verdict::RedLoses);
    }

    #[test]
    fn texts_are_carried_and_cut_with_the_cycle() {
        let moves = ["C2=5", "H8+7", "H2+3", "H7-8", "H3-2", "H8+7"];
        let play = read_play(crate::xiangqi::START_FEN, &moves, Notation::Wxf).unwrap();
        assert_eq!(
            play.texts().unwrap(),
            ["C2=5", "H8+7", "H2+3", "H7-8", "H3-2", "H8+7"]
        );
        let cycle = play.last_cycle().unwrap();
        assert_eq!(cycle.texts().unwrap(), ["H2+3", "H7-8", "H3-2", "H8+7"]);
        assert_eq!(cycle.moves(), &play.moves()[2..]);
        let iccs = read_play(crate::xiangqi::START_FEN, &["h2e2"], Notation::Iccs).unwrap();
        assert_eq!(iccs.texts(), None);
    }
}
