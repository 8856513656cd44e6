//! xqlaw: the Xiangqi (Cờ Tướng) repetition law as an executable specification.
//!
//! The rulings of a repetition law are written in a small rule language. xqlaw compiles them,
//! judges disputed plays with them move by move, and says which sentence of the law decided.
//!
//! # Stages
//!
//! The crate is entered at its root: the types and functions a library user needs are
//! re-exported here, and the stage modules behind them are private. A few modules stay
//! public where they are namespaces of their own.
//!
//! - The board: [`Position`] (from a FEN or a [`Setup`]), [`Move`], legal moves, [`perft`];
//!   move texts in four notations under [`notation`] ([`parse_text`], [`write_line`]).
//! - [`facts`]: what every move of a play does: checks, capture threats and their protection,
//!   mate threats, blocks, sacrifices; the [`facts::registry`] names them for the rules.
//! - [`syntax`]: a rule file parsed into a syntax tree ([`parse`]).
//! - Compiling: the tree checked against the facts and compiled into a [`CompiledRules`]
//!   with its predicate graph ([`load_rules`], [`compile_str`], [`compile_amendment`]).
//! - Judging: a [`Play`] judged by a rule set ([`judge`]) into a [`Judgement`] that explains
//!   itself, or decided alone ([`decide`]); every caller builds the play and goes through that
//!   door. [`read_play`] reads a play given as text, and [`run_batch`] judges a stream of
//!   them.
//! - [`spec`] and [`corpus`]: the law's diagrams as spec files stating their expected
//!   verdicts, and every spec file read, replayed and judged ([`load_corpus`]).
//! - On top of the corpus, the [`analyses`]: what each ruling decides (coverage), conflicts
//!   inside a rule set, two rule sets compared (diff), an amendment tried against its base
//!   (what-if); the [`standings`] of a tournament (Điều 21); real [`games`] read from
//!   game [`records`]; then the generated documentation ([`docgen`]), and [`import`] of the
//!   law's published text.
//! - [`serve`]: the local web workbench of `xqlaw serve`, which edits a rule set in the
//!   browser and shows every case's verdict change.
//!
//! Beside the stages: a [`project`] is the folder above the files given that holds `rules/`
//! and `spec-tests/`; [`disk`] is the one home of file access (bounded reads of regular files,
//! writes that never follow a link); [`words`] composes the words of messages (plurals,
//! lists, "did you mean"), and gives [`words::Localized`], a message said in the law's
//! language too.
//!
//! The words every layer shares are [`Subject`], [`Outcome`], [`Quantifier`], [`TargetClause`],
//! [`Party`], [`RowResult`], [`Verdict`] and [`CaseId`].
//! Every stage reports bad input as a [`miette`] diagnostic pointing at its place: most as a
//! [`SourceError`], a kind that owns its message beside the [`Site`] it is about; [`render`]
//! draws one as text.
//!
//! # Example
//!
//! Load the 1999 law, judge Hình 62 (White's cannon keeps a black rook under attack by moving
//! an advisor up and down as its screen), and print the explanation:
//!
//! ```
//! use std::path::Path;
//! use xqlaw::{Notation, Play, Position, Verdict, judge, load_rules, parse_text};
//!
//! let rules = load_rules(Path::new("rules/vn-1999.rules"))?;
//! let start = Position::from_fen("4kae2/4a4/4e3h/2r3p1p/2p2H3/9/1RP3P1P/4E3C/2r1A4/2H1KAEc1 w")?;
//! let moves = parse_text(
//!     &start,
//!     "P1/1 P8/1 S5/6 P8.1 S6.5 P8/1 S5/6 P8.1 S6.5",
//!     Notation::Vietnamese,
//! )?;
//! let judgement = judge(&rules, &Play::new(start, moves))?;
//! println!("{}", judgement.explain());
//! assert_eq!(judgement.verdict(), Verdict::RedLoses);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod analyses;
mod batch;
mod compile;
pub mod corpus;
pub mod disk;
#[cfg(feature = "docs")]
pub mod docgen;
mod eval;
pub mod facts;
pub mod games;
pub mod import;
mod localized;
#[cfg_attr(
    not(feature = "docs"),
    expect(
        dead_code,
        reason = "the HTML and code helpers serve the book generator alone"
    )
)]
mod markdown;
mod play_text;
pub mod project;
pub mod records;
pub mod report;
#[cfg(feature = "server")]
pub mod serve;
mod source;
pub mod spec;
pub mod standings;
pub mod syntax;
#[cfg(test)]
mod test_support;
mod vocab;
pub mod words;
mod xiangqi;

pub use batch::{BatchOptions, BatchSummary, MAX_BATCH_LINE, run_batch};
pub use compile::{
    CompileError, CompileErrorKind, CompileErrors, CompileWarning, CompileWarningKind,
    CompiledRules, Cond, EdgeKind, Expr, GraphFormat, GraphNode, Meta, Pattern, RuleGraph, Ruling,
    RulingId, Term, TermId, VerdictRow, compile_amendment, compile_str, load_rules, load_rules_in,
    rule_files,
};
pub use corpus::{Corpus, Diagram, load_corpus};
pub use eval::{
    Decision, EmptyPlay, EvalError, FiredRuling, Judgement, MatchedRow, Play, PlayFacts, PlyReport,
    SideJudgement, ThreatReport, decide, judge,
};
pub use play_text::{ASSUMED_BY_REQUEST, PlayError, read_play};
pub use report::render;
pub use source::{ErrorKind, Errors, Loc, Node, NonEmpty, Site, SourceError, SourceFile};
pub use spec::SpecFile;
pub use syntax::{ParseErrors, parse};
pub use vocab::{CaseId, Outcome, Party, Quantifier, RowResult, Subject, TargetClause, Verdict};
pub use xiangqi::notation::{self, Notation, parse_text, write_line};
pub use xiangqi::{
    Color, FenError, FenErrorKind, GameOutcome, IllegalMove, MOVE_LIST_CAPACITY, Move, MoveList,
    MoveListIntoIter, ParseMoveError, ParseSquareError, Piece, Position, PositionError, Role,
    SQUARE_COUNT, START_FEN, Setup, Square, SquareSet, divide, perft, text_board,
};
