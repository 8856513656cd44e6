//! Errors of the corpus: a spec file that cannot be used, and the problems found in one after
//! it is read (a move that does not replay, a field that needs another, a rule set that does
//! not exist), each at its line of the file.

use miette::Diagnostic;
use thiserror::Error;

use crate::disk::ReadError;
use crate::source::{ErrorKind, SourceError};
use crate::spec::SpecError;
use crate::xiangqi::{Color, FenError, ParseMoveError, Position};

/// Why a spec file could not be used.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum DiagramError {
    /// The file cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(ReadError),
    /// The file is not a spec file.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Spec(SpecError),
    /// Its position or one of its moves does not replay.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Replay(SpecProblem),
}

/// A problem with one spec file, pointing at its place in the file.
pub type SpecProblem = SourceError<SpecProblemKind>;

/// The kinds of problem a spec file can have once it reads as one.
#[derive(Debug, Clone, Error, Diagnostic)]
#[non_exhaustive]
pub enum SpecProblemKind {
    /// A presumed cycle without its reason.
    #[error("`assume_cycle: true` without `assume_cycle_reason`")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("say why the moves are judged as a cycle although no position repeats")
    )]
    AssumedWithoutReason,
    /// A reason for a cycle that is not presumed.
    #[error("`assume_cycle_reason` without `assume_cycle: true`")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("add `assume_cycle: true`, or drop the reason")
    )]
    ReasonWithoutAssumed,
    /// The `fen` is not a legal position.
    #[error("invalid fen: {0}")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("the `fen` field must be a legal position")
    )]
    Fen(FenError),
    /// A move that is not ICCS text.
    #[error("ply {ply} (`{text}`) is not a move: {error}")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("moves are written in ICCS, like `h2e2`")
    )]
    NotAMove {
        /// The ply, counted from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Why it is not one.
        error: ParseMoveError,
    },
    /// A move that cannot be played where it stands.
    #[error("ply {ply} (`{text}`) is not legal for {side}")]
    #[diagnostic(code("xqlaw::spec::case"), help("legal moves here: {legal}"))]
    Illegal {
        /// The ply, counted from 1.
        ply: usize,
        /// The move as written.
        text: String,
        /// Who was to move.
        side: Color,
        /// The legal moves there, in ICCS.
        legal: String,
    },
    /// A constructed case that does not say why it is that position.
    #[error("a constructed case must say why it is that position")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help(
            "write `constructed: {{why: …}}`: the play the sentence describes, and what this position shows that no published diagram does"
        )
    )]
    ConstructedWithoutWhy,
    /// A constructed case that lists where it was printed.
    #[error("a constructed case was printed nowhere, yet it lists `sources`")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("delete `sources`, or `constructed` if the case is published")
    )]
    ConstructedWithSources,
    /// A constructed case expecting a verdict without its sentence.
    #[error(
        "a constructed case expects a verdict of `{rule_set}` without the sentence it rests on"
    )]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("add `basis:` with the rule set's sentence, verbatim")
    )]
    ConstructedWithoutBasis {
        /// The rule set.
        rule_set: String,
    },
    /// A constructed case whose moves repeat nothing.
    #[error("the moves of a constructed case never repeat a position")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("a perpetual play returns to a position it has had: play the cycle through")
    )]
    ConstructedWithoutRepetition,
    /// An expectation of a rule set that does not exist.
    #[error("unknown rule set `{rule_set}`")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help("the rule sets in `rules/` are: {known}")
    )]
    UnknownRuleSet {
        /// The name written.
        rule_set: String,
        /// The rule sets there are, joined by commas.
        known: String,
    },
    /// A known failure of a rule set the file expects nothing of.
    #[error("known failure for `{rule_set}`, which has no expectation here")]
    #[diagnostic(
        code("xqlaw::spec::case"),
        help(
            "a known failure explains why a rule set misses the verdict the file expects; add the expectation or remove the known failure"
        )
    )]
    KnownFailureWithoutExpectation {
        /// The rule set.
        rule_set: String,
    },
}

impl SpecProblemKind {
    /// Ply `index` (from 0), written `text`, cannot be played in `pos`.
    pub(crate) fn illegal(index: usize, text: &str, pos: &Position) -> SpecProblemKind {
        let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        SpecProblemKind::Illegal {
            ply: index + 1,
            text: text.to_owned(),
            side: pos.turn(),
            legal: legal.join(" "),
        }
    }

    /// An expectation of `rule_set`, which is none of `known`.
    pub(crate) fn unknown_rule_set<'a>(
        rule_set: &str,
        known: impl IntoIterator<Item = &'a String>,
    ) -> SpecProblemKind {
        let known: Vec<&str> = known.into_iter().map(String::as_str).collect();
        SpecProblemKind::UnknownRuleSet {
            rule_set: rule_set.to_owned(),
            known: known.join(", "),
        }
    }
}

impl ErrorKind for SpecProblemKind {
    fn label(&self) -> String {
        "here".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Loc, SourceFile};

    #[test]
    fn an_illegal_move_names_its_ply_side_and_the_legal_moves() {
        let pos = Position::from_fen(crate::xiangqi::START_FEN).unwrap();
        let file = SourceFile::new("t.yaml", "moves:\n- a0a5\n");
        let e = SpecProblem::new(
            SpecProblemKind::illegal(0, "a0a5", &pos),
            &file,
            Loc::new(7, 13),
        );
        assert_eq!(e.to_string(), "ply 1 (`a0a5`) is not legal for red");
        let help = e.help().unwrap().to_string();
        assert!(help.starts_with("legal moves here: "), "{help}");
        assert!(help.contains("h2e2"), "{help}");
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::spec::case");
        let label = e.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("here"));
        assert_eq!(e.line(), 2);
    }

    #[test]
    fn an_unknown_rule_set_lists_those_there_are() {
        let known = ["axf".to_owned(), "vn-1999".to_owned()];
        let kind = SpecProblemKind::unknown_rule_set("vn-1998", &known);
        assert_eq!(kind.to_string(), "unknown rule set `vn-1998`");
        assert_eq!(
            kind.help().unwrap().to_string(),
            "the rule sets in `rules/` are: axf, vn-1999"
        );
    }
}
