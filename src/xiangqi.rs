//! The xiangqi board model: squares, pieces, positions, legal moves, FEN and perft.
//!
//! Coordinates follow ICCS: files `a`–`i` from Red's left, ranks `0`–`9` from Red's side.
//! A [`Setup`] is an unvalidated placement (what a FEN describes); [`Position::from_setup`]
//! checks the placement rules and gives a [`Position`], which knows the legal moves.
//!
//! ```
//! use xqlaw::{Position, perft};
//! let start = Position::startpos();
//! assert_eq!(start.legal_moves().len(), 44);
//! let p = start.play("h2e2".parse().unwrap()).unwrap();
//! assert_eq!(p.to_fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1");
//! ```

mod attacks;
mod board;
mod fen;
mod mv;
pub mod notation;
mod perft;
mod piece;
mod position;
mod setup;
mod square;
mod square_set;
mod text_board;
pub(crate) mod words;

pub(crate) use board::CheckCandidates;
pub use fen::{FenError, FenErrorKind};
pub use mv::{MOVE_LIST_CAPACITY, Move, MoveList, MoveListIntoIter, ParseMoveError};
pub use perft::{divide, perft};
pub use piece::{Color, Piece, Role};
#[cfg(test)]
pub(crate) use position::random_walks;
pub use position::{GameOutcome, IllegalMove, Position, START_FEN};
pub use setup::{PositionError, Setup};
pub use square::{ParseSquareError, SQUARE_COUNT, Square};
pub use square_set::SquareSet;
pub use text_board::text_board;
