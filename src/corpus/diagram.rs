//! One spec file read and replayed: its start position and legal moves, or an error that
//! points at the line of the file where it goes wrong.

use std::path::{Path, PathBuf};

use super::Unreadable;
use super::err::{DiagramError, SpecProblem, SpecProblemKind};
use crate::compile::CompiledRules;
use crate::eval::{EvalError, Judgement, Play, judge};
use crate::source::SourceFile;
use crate::spec::{SpecFile, place};
use crate::vocab::CaseId;
use crate::xiangqi::notation::{Notation, write_line};
use crate::xiangqi::{Move, Position};

/// One spec file, replayed, and (once in a corpus) judged by every rule set.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// The spec file's path.
    pub path: PathBuf,
    /// The spec file's text, named by its path.
    pub source: SourceFile,
    /// The folder the spec file stands in, under `spec-tests/`.
    pub topic: String,
    /// The spec file.
    pub spec: SpecFile,
    /// The play the spec file disputes: its moves legal from its start position, named in the
    /// law's Vietnamese notation (as explanations name them), and presumed a cycle when the
    /// spec file says so.
    pub play: Play,
    /// The judgement of each rule set of the corpus, in the order of its rule sets (`None`
    /// when it could not be judged); empty until the diagram is judged in a corpus.
    pub judgements: Vec<Option<Judgement>>,
}

impl Diagram {
    /// Reads the spec file at `path` and replays its moves.
    ///
    /// # Errors
    ///
    /// The file cannot be read, is not a spec file, or its position or a move does not
    /// replay; the error points at the line.
    pub fn read(path: &Path) -> Result<Diagram, DiagramError> {
        Diagram::read_or_why(path).map_err(|u| u.error)
    }

    /// A diagram of a spec file given as text, for tests.
    #[cfg(test)]
    pub(crate) fn from_text(path: &str, text: &str) -> Diagram {
        let spec = SpecFile::from_yaml(path, text).unwrap();
        Diagram::replay(Path::new(path), SourceFile::new(path, text), spec).unwrap()
    }

    /// [`Diagram::read`], keeping the spec file when it reads but does not replay.
    pub(crate) fn read_or_why(path: &Path) -> Result<Diagram, Box<Unreadable>> {
        let (source, spec) = read_spec(path)
            .map_err(|error| Unreadable {
                path: path.to_path_buf(),
                error,
                spec: None,
            })
            .map_err(Box::new)?;
        match checked(&spec, &source) {
            Ok((start, moves)) => Ok(Diagram::new(path, source, spec, start, moves)),
            Err(problem) => Err(Box::new(Unreadable {
                path: path.to_path_buf(),
                error: DiagramError::Replay(problem),
                spec: Some((source, spec)),
            })),
        }
    }

    /// Replays the moves of `spec`, read from `source` at `path`.
    #[cfg(test)]
    fn replay(path: &Path, source: SourceFile, spec: SpecFile) -> Result<Diagram, SpecProblem> {
        let (start, moves) = checked(&spec, &source)?;
        Ok(Diagram::new(path, source, spec, start, moves))
    }

    /// The diagram of `spec`, whose `moves` from `start` are checked.
    fn new(
        path: &Path,
        source: SourceFile,
        spec: SpecFile,
        start: Position,
        moves: Vec<Move>,
    ) -> Diagram {
        let vietnamese = write_line(&start, &moves, Notation::Vietnamese);
        let mut play = Play::new(start, moves).with_texts(vietnamese);
        if let Some(reason) = assumed_cycle(&spec) {
            play = play.assuming_cycle(reason);
        }
        let topic = path
            .parent()
            .and_then(Path::file_name)
            .map(|t| t.to_string_lossy().into_owned())
            .unwrap_or_default();
        Diagram {
            path: path.to_path_buf(),
            source,
            topic,
            spec,
            play,
            judgements: Vec::new(),
        }
    }

    /// Which case of the corpus the diagram is.
    pub fn case(&self) -> CaseId {
        CaseId {
            topic: self.topic.clone(),
            id: self.spec.id.clone(),
            title: self.spec.title.clone(),
            article: self.spec.article.clone(),
        }
    }

    /// The diagram as a case to weigh rulings on.
    pub fn case_play(&self) -> super::CasePlay {
        super::CasePlay {
            case: self.case(),
            play: self.play.clone(),
        }
    }

    /// Judges the diagram's play with `rules`. The explanation names the moves in the law's
    /// Vietnamese notation, as the law prints them.
    ///
    /// # Errors
    ///
    /// The diagram has no moves.
    pub fn judge(&self, rules: &CompiledRules) -> Result<Judgement, EvalError> {
        judge(rules, &self.play)
    }
}

/// Why the spec file has its moves judged as a presumed cycle, if it does
/// (`assume_cycle: true` with `assume_cycle_reason`).
fn assumed_cycle(spec: &SpecFile) -> Option<&str> {
    if spec.assume_cycle {
        spec.assume_cycle_reason.as_deref()
    } else {
        None
    }
}

/// The start position and the moves of `spec`, checked: they replay, and the file says what
/// it must of a presumed cycle and of a constructed case.
fn checked(spec: &SpecFile, source: &SourceFile) -> Result<(Position, Vec<Move>), SpecProblem> {
    let (start, moves) = replay(spec, source)?;
    check_assume_cycle(spec, source)?;
    constructed_case(spec, source, &start, &moves)?;
    Ok((start, moves))
}

/// Reads the spec file at `path`: its text, and the spec file it holds.
pub(crate) fn read_spec(path: &Path) -> Result<(SourceFile, SpecFile), DiagramError> {
    let name = path.display().to_string();
    let text = crate::disk::read_text_or_why(path).map_err(DiagramError::Unreadable)?;
    let spec = SpecFile::from_file_text(path, &text).map_err(DiagramError::Spec)?;
    Ok((SourceFile::new(name, text), spec))
}

/// `assume_cycle: true` needs its reason, and a reason needs `assume_cycle: true`.
fn check_assume_cycle(spec: &SpecFile, source: &SourceFile) -> Result<(), SpecProblem> {
    let reason = spec
        .assume_cycle_reason
        .as_deref()
        .is_some_and(|r| !r.trim().is_empty());
    match (spec.assume_cycle, reason) {
        (true, false) => Err(SpecProblem::new(
            SpecProblemKind::AssumedWithoutReason,
            source,
            place::line(&source.text, "assume_cycle:"),
        )),
        (false, true) => Err(SpecProblem::new(
            SpecProblemKind::ReasonWithoutAssumed,
            source,
            place::line(&source.text, "assume_cycle_reason:"),
        )),
        _ => Ok(()),
    }
}

/// Reads the start position and the moves of a spec file, checking that they replay.
fn replay(spec: &SpecFile, source: &SourceFile) -> Result<(Position, Vec<Move>), SpecProblem> {
    let text = &source.text;
    let start = Position::from_fen(&spec.fen).map_err(|e| {
        SpecProblem::new(SpecProblemKind::Fen(e), source, place::line(text, "fen:"))
    })?;
    let mut pos = start;
    let mut moves = Vec::with_capacity(spec.moves.len());
    for (ply, mv_text) in spec.moves.iter().enumerate() {
        let span = place::item(text, "moves:", ply);
        let mv: Move = mv_text.parse().map_err(|error| {
            let kind = SpecProblemKind::NotAMove {
                ply: ply + 1,
                text: mv_text.clone(),
                error,
            };
            SpecProblem::new(kind, source, span)
        })?;
        pos = pos.play(mv).map_err(|_| {
            SpecProblem::new(SpecProblemKind::illegal(ply, mv_text, &pos), source, span)
        })?;
        moves.push(mv);
    }
    Ok((start, moves))
}

/// Checks what a constructed case must say of itself: why it is that position, the sentence
/// it illustrates for every rule set it expects a verdict of, and no place of print (it was
/// printed nowhere); and that its moves really repeat a position, as every case of the law
/// does.
fn constructed_case(
    spec: &SpecFile,
    source: &SourceFile,
    start: &Position,
    moves: &[Move],
) -> Result<(), SpecProblem> {
    let Some(constructed) = &spec.constructed else {
        return Ok(());
    };
    let problem = |kind| SpecProblem::new(kind, source, place::line(&source.text, "constructed:"));
    if constructed.why.trim().is_empty() {
        return Err(problem(SpecProblemKind::ConstructedWithoutWhy));
    }
    if !spec.sources.is_empty() {
        return Err(problem(SpecProblemKind::ConstructedWithSources));
    }
    if let Some(name) = spec.expect.keys().find(|k| !spec.basis.contains_key(*k)) {
        return Err(problem(SpecProblemKind::ConstructedWithoutBasis {
            rule_set: name.clone(),
        }));
    }
    // A position is the placement and the side to move; the move counters do not count.
    let key = |p: &Position| {
        let fen = p.to_fen();
        fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
    };
    let mut seen = vec![key(start)];
    let mut pos = *start;
    let mut repeats = false;
    for &mv in moves {
        let Ok(next) = pos.play(mv) else {
            break;
        };
        pos = next;
        let k = key(&pos);
        repeats |= seen.contains(&k);
        seen.push(k);
    }
    if !repeats {
        return Err(problem(SpecProblemKind::ConstructedWithoutRepetition));
    }
    Ok(())
}
