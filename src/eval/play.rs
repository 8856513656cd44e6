//! The play: the one value every caller builds to have moves judged.
//!
//! Whoever reads a play (moves typed on the command line, a batch line, a spec file, a request
//! to the workbench, a game record) builds a [`Play`] and passes it through the door,
//! [`judge`](super::judge) or [`decide`](super::decide). A play carries what the reader knows
//! and the evaluator cannot find out: how the moves were written, and whether the moves are to
//! be judged as a presumed cycle, with the reason.

use std::ops::Range;

use super::EvalError;
use super::err::EmptyPlay;
use crate::facts::{SequenceFacts, Settings, compute, last_cycle};
use crate::xiangqi::{Move, Position};

/// A disputed play: a start position and the moves played from it.
///
/// The moves are checked when the play is judged: an illegal move is an error naming its ply.
///
/// # Example
///
/// One check repeats no position, so it is no repetition to judge, unless the caller presumes
/// a cycle and says why:
///
/// ```
/// use std::path::Path;
/// use xqlaw::{Play, Position, Verdict, judge, load_rules};
///
/// let rules = load_rules(Path::new("rules/vn-1999.rules"))?;
/// let start = Position::from_fen("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w")?;
/// let play = Play::new(start, vec!["h8h9".parse()?]);
/// assert_eq!(judge(&rules, &play)?.verdict(), Verdict::NoRepetition);
///
/// let presumed = play.assuming_cycle("the players agreed the check repeats");
/// assert_eq!(judge(&rules, &presumed)?.verdict(), Verdict::RedLoses);
///
/// // The moves as the caller wrote them name the plies of the explanation.
/// let named = Play::new(start, vec!["h8h9".parse()?]).with_texts(vec!["R2+1".to_owned()]);
/// assert_eq!(judge(&rules, &named)?.plies[0].text.as_deref(), Some("R2+1"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    start: Position,
    moves: Vec<Move>,
    /// One text per move, as the reader has it; `None` when the moves are named by their
    /// squares alone (ICCS).
    texts: Option<Vec<String>>,
    /// Why the moves are judged as a presumed cycle, if they are.
    assumed_cycle: Option<String>,
}

impl Play {
    /// The play of `moves` from `start`, named by their squares, judged as it stands.
    pub fn new(start: Position, moves: Vec<Move>) -> Play {
        Play {
            start,
            moves,
            texts: None,
            assumed_cycle: None,
        }
    }

    /// The same play with its moves named as the caller writes them (`P2-5`, `炮二平五`), one
    /// text per move. The explanation shows each beside the move's squares.
    #[must_use]
    pub fn with_texts(self, texts: Vec<String>) -> Play {
        Play {
            texts: Some(texts),
            ..self
        }
    }

    /// The same play judged as a presumed cycle, for `reason`, when none of its positions
    /// repeats (a play that does repeat keeps its found repetition). The reason is shown with
    /// the judgement.
    #[must_use]
    pub fn assuming_cycle(self, reason: impl Into<String>) -> Play {
        Play {
            assumed_cycle: Some(reason.into()),
            ..self
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves as the caller wrote them, if it said.
    pub fn texts(&self) -> Option<&[String]> {
        self.texts.as_deref()
    }

    /// Why the moves are judged as a presumed cycle, if they are.
    pub fn assumed_cycle(&self) -> Option<&str> {
        self.assumed_cycle.as_deref()
    }

    /// The play cut to its last cycle: the moves between the last two occurrences of its last
    /// repeated position (see [`last_cycle`](crate::facts::last_cycle)), from the position
    /// before them, with their texts and the same presumption. This is how a whole game is
    /// judged: by the cycle it ended in. `None` if no position repeats or a move is illegal.
    pub fn last_cycle(&self) -> Option<Play> {
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        let mut pos = self.start;
        positions.push(pos);
        for m in &self.moves {
            pos = pos.play(*m).ok()?;
            positions.push(pos);
        }
        let range = last_cycle(&positions)?;
        Some(self.cut(*positions.get(range.start)?, range))
    }

    /// The moves of `range`, played from `start` (the position before the first of them).
    fn cut(&self, start: Position, range: Range<usize>) -> Play {
        Play {
            start,
            moves: self.moves.get(range.clone()).unwrap_or_default().to_vec(),
            texts: self
                .texts
                .as_ref()
                .map(|t| t.get(range).unwrap_or_default().to_vec()),
            assumed_cycle: self.assumed_cycle.clone(),
        }
    }

    /// The facts of the play under `settings`, its repetition presumed if the play says so.
    /// Judging several rule sets of the same settings from one [`PlayFacts`] computes the
    /// facts once.
    ///
    /// # Errors
    ///
    /// There are no moves, or a move is illegal.
    pub fn facts(&self, settings: &Settings) -> Result<PlayFacts<'_>, EvalError> {
        if self.moves.is_empty() {
            return Err(EvalError::Empty(EmptyPlay::new()));
        }
        let mut facts = compute(&self.start, &self.moves, settings).map_err(EvalError::Facts)?;
        if let Some(reason) = &self.assumed_cycle {
            facts.repetition = facts.repetition.assume(reason.as_str());
        }
        Ok(PlayFacts {
            play: self,
            settings: *settings,
            facts,
        })
    }
}

/// A play's facts under one rule set's settings: judged by any rule set of those settings
/// without being computed again (the corpus judges every rule set, and every ruling removed in
/// turn, from one computation).
#[derive(Debug, Clone)]
pub struct PlayFacts<'p> {
    pub(super) play: &'p Play,
    settings: Settings,
    pub(super) facts: SequenceFacts,
}

impl PlayFacts<'_> {
    /// The settings the facts were computed with.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The facts of every ply, and the play's repetition.
    pub fn sequence(&self) -> &SequenceFacts {
        &self.facts
    }
}
