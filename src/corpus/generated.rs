//! A generated corpus of repeating plays: the law's claims checked beyond its diagrams.
//!
//! The spec cases are few, and a claim that holds on them (a ruling restates another, a ruling
//! decides this many cases) may fail on plays no diagram shows. This module makes many more
//! plays, reproducibly from a seed, from two sources:
//!
//! - every spec case mirrored (files a↔i), with its colours exchanged (ranks 0↔9, red↔black),
//!   and both: the law is the same for both sides and both wings, so each gives the spec
//!   case's verdict with the colours exchanged where they are;
//! - random legal positions (sparse ones, and middle games reached by random moves from the
//!   start), each with a play that repeats its first position: a piece of the side to move
//!   goes out and back, or round three points of one line, and so does a piece of the other
//!   side. The moves are chosen, more often than not, so that the first one attacks something
//!   and the answer moves the piece attacked: the plays the repetition law is about.
//!
//! The plays are written one per line in the JSON-lines form `xqlaw judge --batch` reads
//! (`{"id": …, "fen": …, "moves": […]}`), so any rule set can judge them as they stand; the
//! id says where each came from. Nothing here asks a rule set or a fact: the corpus depends on
//! the engine and the seed alone, and a change of the law's readings never changes it.

use std::path::Path;

use miette::Diagnostic;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::CasePlay;
use crate::disk::ReadError;
use crate::eval::Play;
use crate::source::{ErrorKind, Loc, SourceError, SourceFile};
use crate::vocab::CaseId;
use crate::words::{agreeing, plural};
use crate::xiangqi::{Color, Move, Piece, Position, Role, Setup, Square};

/// The seed the project's corpus is generated from.
pub const DEFAULT_SEED: u64 = 29;

/// How many random plays the project's corpus holds (the transformed spec cases come on top).
pub const DEFAULT_RANDOM_PLAYS: usize = 5_000;

/// One generated play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GeneratedPlay {
    /// Where it came from: `mirror-hinh-12`, `flip-hinh-12`, `mirror-flip-hinh-12`, or
    /// `random-00042`.
    pub id: String,
    /// The start position.
    pub fen: String,
    /// The moves, in ICCS.
    pub moves: Vec<String>,
    /// Whether the moves are judged as a presumed cycle: the twin of a spec case that says so
    /// (its moves never repeat a position, and the law rules on them as perpetual play).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub assume_cycle: bool,
}

impl GeneratedPlay {
    fn new(id: String, start: &Position, moves: &[Move]) -> GeneratedPlay {
        GeneratedPlay {
            id,
            fen: start.to_fen(),
            moves: moves.iter().map(ToString::to_string).collect(),
            assume_cycle: false,
        }
    }

    /// The start position and the moves, or `None` if the line does not read or a move is
    /// illegal (a corpus file edited by hand).
    pub fn replay(&self) -> Option<(Position, Vec<Move>)> {
        let start = Position::from_fen(&self.fen).ok()?;
        let moves: Vec<Move> = self
            .moves
            .iter()
            .map(|m| m.parse().ok())
            .collect::<Option<_>>()?;
        let mut pos = start;
        for m in &moves {
            pos = pos.play(*m).ok()?;
        }
        Some((start, moves))
    }
}

/// A way of turning a play into its twin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transform {
    /// Files a↔i: the same play on the other wing.
    Mirror,
    /// Ranks 0↔9 and colours exchanged: the same play by the other side.
    Flip,
    /// Both.
    MirrorFlip,
}

impl Transform {
    /// Every transform.
    pub const ALL: [Transform; 3] = [Transform::Mirror, Transform::Flip, Transform::MirrorFlip];

    /// The prefix of the id of a transformed play.
    pub fn name(self) -> &'static str {
        match self {
            Transform::Mirror => "mirror",
            Transform::Flip => "flip",
            Transform::MirrorFlip => "mirror-flip",
        }
    }

    /// Whether the transform exchanges the colours.
    pub fn exchanges_colours(self) -> bool {
        !matches!(self, Transform::Mirror)
    }

    fn square(self, sq: Square) -> Square {
        let (file, rank) = match self {
            Transform::Mirror => (8 - sq.file(), sq.rank()),
            Transform::Flip => (sq.file(), 9 - sq.rank()),
            Transform::MirrorFlip => (8 - sq.file(), 9 - sq.rank()),
        };
        Square::new(file, rank).unwrap_or(sq)
    }

    fn colour(self, c: Color) -> Color {
        if self.exchanges_colours() {
            c.other()
        } else {
            c
        }
    }

    /// The position transformed, or `None` if it is no valid position (it always is for a
    /// valid one: the rules of placement are symmetric).
    pub fn position(self, pos: &Position) -> Option<Position> {
        let setup = pos.to_setup();
        let mut out = Setup {
            board: [None; 90],
            turn: self.colour(setup.turn),
        };
        for sq in Square::all() {
            if let Some(p) = setup.piece_at(sq) {
                out.set(
                    self.square(sq),
                    Some(Piece::new(self.colour(p.color), p.role)),
                );
            }
        }
        Position::from_setup(out).ok()
    }

    /// The move transformed.
    pub fn mv(self, m: Move) -> Move {
        Move {
            from: self.square(m.from),
            to: self.square(m.to),
        }
    }

    /// The play of `moves` from `start` transformed, if it replays.
    pub fn play(self, start: &Position, moves: &[Move]) -> Option<(Position, Vec<Move>)> {
        let pos = self.position(start)?;
        let moves: Vec<Move> = moves.iter().map(|&m| self.mv(m)).collect();
        let mut at = pos;
        for m in &moves {
            at = at.play(*m).ok()?;
        }
        Some((pos, moves))
    }
}

/// SplitMix64: a small, well-known generator, so the corpus is the same on every machine.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        let n = u64::try_from(n.max(1)).unwrap_or(u64::MAX);
        usize::try_from(self.next() % n).unwrap_or(0)
    }

    /// True with probability `percent` / 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len())).copied()
        }
    }
}

/// A spec case to be mirrored and colour-flipped: its id, its play, and whether its moves
/// are judged as a presumed cycle.
#[derive(Debug, Clone)]
pub struct SpecCase {
    /// The spec file's id.
    pub id: String,
    /// The start position.
    pub start: Position,
    /// The moves.
    pub moves: Vec<Move>,
    /// Whether the spec file presumes a cycle.
    pub assume_cycle: bool,
}

/// The spec cases of `diagrams` as the corpus mirrors and flips them, in id order.
pub fn spec_cases(diagrams: &[super::Diagram]) -> Vec<SpecCase> {
    let mut cases: Vec<SpecCase> = diagrams
        .iter()
        .map(|d| SpecCase {
            id: d.spec.id.clone(),
            start: *d.play.start(),
            moves: d.play.moves().to_vec(),
            assume_cycle: d.play.assumed_cycle().is_some(),
        })
        .collect();
    cases.sort_by(|a, b| a.id.cmp(&b.id));
    cases
}

/// The transformed twins of a spec case: one play per [`Transform`], named
/// `<transform>-<id>`.
pub fn transformed(case: &SpecCase) -> Vec<GeneratedPlay> {
    Transform::ALL
        .iter()
        .filter_map(|&t| {
            let (pos, moves) = t.play(&case.start, &case.moves)?;
            let mut play = GeneratedPlay::new(format!("{}-{}", t.name(), case.id), &pos, &moves);
            play.assume_cycle = case.assume_cycle;
            Some(play)
        })
        .collect()
}

/// `count` random repeating plays from `seed`, named `random-NNNNN`.
pub fn random_plays(seed: u64, count: usize) -> Vec<GeneratedPlay> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(count);
    // INVARIANT: each attempt draws from `rng`, and a valid position with a repeating play is
    // found in all but a small share of attempts, so the loop ends; the bound makes sure.
    let mut attempts = 0usize;
    while out.len() < count && attempts < count.saturating_mul(1_000) {
        attempts += 1;
        let start = if rng.chance(60) {
            sparse_position(&mut rng)
        } else {
            middle_game(&mut rng)
        };
        let Some(start) = start else { continue };
        if let Some(moves) = repeating_play(&mut rng, &start) {
            out.push(GeneratedPlay::new(
                format!("random-{:05}", out.len()),
                &start,
                &moves,
            ));
        }
    }
    out
}

/// The corpus: the transformed twins of `cases`, then `count` random plays from `seed`.
pub fn generate(seed: u64, count: usize, cases: &[SpecCase]) -> Vec<GeneratedPlay> {
    let mut out: Vec<GeneratedPlay> = cases.iter().flat_map(transformed).collect();
    out.extend(random_plays(seed, count));
    out
}

/// The plays as JSON lines, one per line.
pub fn to_jsonl(plays: &[GeneratedPlay]) -> String {
    let mut s = String::new();
    for p in plays {
        if let Ok(line) = serde_json::to_string(p) {
            s.push_str(&line);
            s.push('\n');
        }
    }
    s
}

/// Where the project's corpus stands under its `spec-tests/` folder.
pub const CORPUS_FILE: &str = "generated/plays.jsonl";

/// The topic of a generated play as a case (spec cases have their folder's name).
pub const TOPIC: &str = "generated";

/// Why a play given to a presumed cycle is judged so: it is the twin of a spec case whose
/// moves the law rules on as a cycle although no position repeats.
const TWIN_ASSUMES_CYCLE: &str =
    "the twin of a spec case whose moves the law judges as a cycle, though no position repeats";

/// A corpus file read.
struct Read {
    /// The plays, each as written and as the evaluator takes it.
    plays: Vec<(GeneratedPlay, Play)>,
    /// The lines that are no play, each at its place with what is wrong with it.
    bad: Vec<(Loc, LineProblem)>,
}

/// The plays of JSON lines, and the places of the lines that do not read as a play or do not
/// replay (an illegal move, a bad position).
fn read_jsonl(text: &str) -> Read {
    let mut plays = Vec::new();
    let mut bad = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end();
        if content.trim().is_empty() {
            continue;
        }
        let read = serde_json::from_str::<GeneratedPlay>(content)
            .map_err(|e| LineProblem::NotAPlay(e.to_string()));
        let replayed = read.and_then(|p| match p.replay() {
            Some((start, moves)) => {
                let mut play = Play::new(start, moves);
                if p.assume_cycle {
                    play = play.assuming_cycle(TWIN_ASSUMES_CYCLE);
                }
                Ok((p, play))
            }
            None => Err(LineProblem::DoesNotReplay),
        });
        match replayed {
            Ok(p) => plays.push(p),
            Err(problem) => bad.push((Loc::new(start, start + content.len()), problem)),
        }
    }
    Read { plays, bad }
}

/// What is wrong with a line of a corpus file that is no play.
#[derive(Debug, Clone, PartialEq, Eq)]
enum LineProblem {
    /// It does not read as a play: what the JSON reader said.
    NotAPlay(String),
    /// Its position or a move does not replay.
    DoesNotReplay,
}

/// Reads the generated corpus at `path` (as `xqlaw generate` writes it): each play a case of
/// topic [`TOPIC`], its id as id and title.
///
/// # Errors
///
/// The file cannot be read, or some line is not a play that replays: the error points at the
/// first such line and counts the others.
pub fn load(path: &Path) -> Result<Vec<CasePlay>, GeneratedError> {
    let text = crate::disk::read_text(path).map_err(|e| {
        GeneratedError::Unreadable(
            ReadError::new(path, &e)
                .with_help("it is the generated corpus, which `xqlaw generate` writes"),
        )
    })?;
    let Read { plays, bad } = read_jsonl(&text);
    if let Some((at, problem)) = bad.first() {
        let file = SourceFile::new(path.display().to_string(), text.as_str());
        let line = file.line(at.start);
        let others = bad.len() - 1;
        let kind = match problem {
            LineProblem::NotAPlay(why) => BadLinesKind::NotAPlay {
                line,
                others,
                why: why.clone(),
            },
            LineProblem::DoesNotReplay => BadLinesKind::DoesNotReplay { line, others },
        };
        return Err(GeneratedError::BadLines(SourceError::new(kind, &file, *at)));
    }
    Ok(plays
        .into_iter()
        .map(|(p, play)| CasePlay {
            case: CaseId {
                topic: TOPIC.to_owned(),
                title: p.id.clone(),
                id: p.id,
                article: String::new(),
            },
            play,
        })
        .collect())
}

/// Why the generated corpus could not be read.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum GeneratedError {
    /// The file cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(ReadError),
    /// Some line is not a play that replays.
    #[error(transparent)]
    #[diagnostic(transparent)]
    BadLines(BadLines),
}

/// Lines of the generated corpus that are no play, at the first of them.
pub type BadLines = SourceError<BadLinesKind>;

/// Why lines of the generated corpus are no play: what is wrong with the first, which the
/// error points at, and how many others there are.
#[derive(Debug, Clone, Error, Diagnostic)]
#[non_exhaustive]
pub enum BadLinesKind {
    /// The first does not read as a play.
    #[error("line {line} of the generated corpus is no play{}: {why}", others_text(*others))]
    #[diagnostic(code("xqlaw::generated::line"), help("{}", LINE_HELP))]
    NotAPlay {
        /// The first bad line, from 1.
        line: usize,
        /// How many other lines are bad.
        others: usize,
        /// What the JSON reader said of it.
        why: String,
    },
    /// The first reads as a play, but its position or a move does not replay.
    #[error(
        "line {line} of the generated corpus is no play{}: its position or a move does not replay",
        others_text(*others)
    )]
    #[diagnostic(code("xqlaw::generated::line"), help("{}", LINE_HELP))]
    DoesNotReplay {
        /// The first bad line, from 1.
        line: usize,
        /// How many other lines are bad.
        others: usize,
    },
}

/// What a line of the generated corpus must be, the help of every [`BadLinesKind`].
const LINE_HELP: &str = "each line is a play as `xqlaw generate` writes it, `{\"id\": …, \"fen\": …, \"moves\": […]}`, with legal moves; `xqlaw generate` writes the corpus anew";

impl ErrorKind for BadLinesKind {
    fn label(&self) -> String {
        "this line".to_owned()
    }
}

/// `, nor are 3 other lines`, or nothing.
fn others_text(others: usize) -> String {
    match others {
        0 => String::new(),
        n => format!(
            ", nor {} {n} other line{}",
            agreeing(n, "is", "are"),
            plural(n)
        ),
    }
}

/// The squares a piece of `role` and `color` may stand on.
fn points(role: Role, color: Color) -> Vec<Square> {
    let mut setup = Setup {
        board: [None; 90],
        turn: Color::Red,
    };
    Square::all()
        .filter(|&sq| {
            setup.set(sq, Some(Piece::new(color, role)));
            let placed_ok = !setup
                .validate()
                .iter()
                .any(|e| !matches!(e, crate::xiangqi::PositionError::MissingKing { .. }));
            setup.set(sq, None);
            placed_ok
        })
        .collect()
}

/// A random sparse position: two kings and a few pieces each, placed where they may stand,
/// with a random side to move.
fn sparse_position(rng: &mut Rng) -> Option<Position> {
    let mut setup = Setup {
        board: [None; 90],
        turn: if rng.chance(50) {
            Color::Red
        } else {
            Color::Black
        },
    };
    for color in Color::ALL {
        let king = rng.pick(&points(Role::King, color))?;
        setup.set(king, Some(Piece::new(color, Role::King)));
        // Rooks, horses and cannons make the chases; advisors, elephants and pawns the roots
        // and screens.
        let counts = [
            (Role::Rook, rng.below(3)),
            (Role::Horse, rng.below(3)),
            (Role::Cannon, rng.below(3)),
            (Role::Advisor, rng.below(3)),
            (Role::Elephant, rng.below(3)),
            (Role::Pawn, rng.below(4)),
        ];
        for (role, n) in counts {
            let free: Vec<Square> = points(role, color)
                .into_iter()
                .filter(|&sq| setup.piece_at(sq).is_none())
                .collect();
            for _ in 0..n {
                let sq = rng.pick(&free)?;
                if setup.piece_at(sq).is_none() {
                    setup.set(sq, Some(Piece::new(color, role)));
                }
            }
        }
    }
    let pos = Position::from_setup(setup).ok()?;
    pos.has_legal_move().then_some(pos)
}

/// A random middle game: 16 to 79 random legal moves from the start position.
fn middle_game(rng: &mut Rng) -> Option<Position> {
    let mut pos = Position::startpos();
    for _ in 0..16 + rng.below(64) {
        let moves = pos.legal_moves();
        let m = rng.pick(&moves)?;
        pos.play_unchecked(m);
    }
    pos.has_legal_move().then_some(pos)
}

/// The enemy pieces other than the king the piece on `sq` attacks in `pos`.
fn attacked_by(pos: &Position, sq: Square) -> Vec<Square> {
    let Some(piece) = pos.piece_at(sq) else {
        return Vec::new();
    };
    pos.reach(sq)
        .iter()
        .filter(|&t| {
            pos.piece_at(t)
                .is_some_and(|p| p.color != piece.color && p.role != Role::King)
        })
        .collect()
}

/// A route for one piece that ends where it began, as moves: out and back (`a→b`, `b→a`),
/// or round three points of one line (`a→b`, `b→c`, `c→a`). Its first move is `first`.
fn route(pos: &Position, first: Move, rng: &mut Rng) -> Vec<Move> {
    let back = Move {
        from: first.to,
        to: first.from,
    };
    let along_line = first.from.file() == first.to.file() || first.from.rank() == first.to.rank();
    let slider = pos
        .piece_at(first.from)
        .is_some_and(|p| matches!(p.role, Role::Rook | Role::Cannon));
    if slider && along_line && rng.chance(25) {
        let mut after = *pos;
        after.play_unchecked(first);
        let thirds: Vec<Move> = after
            .pass()
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| {
                m.from == first.to
                    && m.to != first.from
                    && !after.is_capture(*m)
                    && (m.to.file() == first.from.file() || m.to.rank() == first.from.rank())
            })
            .collect();
        if let Some(second) = rng.pick(&thirds) {
            return vec![
                first,
                second,
                Move {
                    from: second.to,
                    to: first.from,
                },
            ];
        }
    }
    vec![first, back]
}

/// The shuttles of a chase from `pos`: a piece of the side to move steps `a→b` and attacks an
/// enemy piece, which steps `c→d` to where the first piece, stepping back `b→a`, attacks it
/// again; both step back and forth. Each as its four moves.
fn chase_shuttles(pos: &Position) -> Vec<[Move; 4]> {
    let mover = pos.turn();
    let mut found = Vec::new();
    for first in pos.legal_moves().iter().copied() {
        if pos.is_capture(first)
            || pos
                .piece_at(first.from)
                .is_none_or(|p| p.color != mover || p.role == Role::King)
        {
            continue;
        }
        let mut after = *pos;
        after.play_unchecked(first);
        for target in attacked_by(&after, first.to) {
            for answer in after.legal_moves().iter().copied() {
                if answer.from != target || after.is_capture(answer) {
                    continue;
                }
                let back = Move {
                    from: first.to,
                    to: first.from,
                };
                let mut both = after;
                both.play_unchecked(answer);
                if !both.is_legal(back) || both.is_capture(back) {
                    continue;
                }
                let mut returned = both;
                returned.play_unchecked(back);
                if returned.reach(first.from).contains(answer.to) {
                    found.push([
                        first,
                        answer,
                        back,
                        Move {
                            from: answer.to,
                            to: answer.from,
                        },
                    ]);
                }
            }
        }
    }
    found
}

/// A play from `start` that repeats it, twice over: a chase shuttle ([`chase_shuttles`]) a
/// third of the time when there is one; otherwise each side's piece follows its route, the
/// two routes interleaved and run until both have come home at once. `None` when no such play
/// is legal from here.
fn repeating_play(rng: &mut Rng, start: &Position) -> Option<Vec<Move>> {
    if rng.chance(35) {
        if let Some(shuttle) = rng.pick(&chase_shuttles(start)) {
            let moves: Vec<Move> = shuttle.iter().chain(shuttle.iter()).copied().collect();
            let mut pos = *start;
            for m in &moves {
                if !pos.is_legal(*m) {
                    return None;
                }
                pos.play_unchecked(*m);
            }
            return (pos == *start).then_some(moves);
        }
    }
    let quiet = |pos: &Position| -> Vec<Move> {
        pos.legal_moves()
            .iter()
            .copied()
            .filter(|m| !pos.is_capture(*m))
            .collect()
    };
    let first_moves = quiet(start);
    // More often than not, a first move that attacks something new.
    let attacking: Vec<Move> = first_moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut after = *start;
            after.play_unchecked(m);
            let before = attacked_by(start, m.from);
            attacked_by(&after, m.to)
                .iter()
                .any(|t| !before.contains(t))
                || after.is_check()
        })
        .collect();
    let first = if !attacking.is_empty() && rng.chance(75) {
        rng.pick(&attacking)?
    } else {
        rng.pick(&first_moves)?
    };
    let mut after = *start;
    after.play_unchecked(first);
    let answers = quiet(&after);
    // More often than not, the answer moves a piece the first move attacks.
    let attacked = attacked_by(&after, first.to);
    let fleeing: Vec<Move> = answers
        .iter()
        .copied()
        .filter(|m| attacked.contains(&m.from) && m.from != first.to)
        .collect();
    let answer = if !fleeing.is_empty() && rng.chance(70) {
        rng.pick(&fleeing)?
    } else {
        rng.pick(&answers)?
    };
    let mine = route(start, first, rng);
    let mut theirs_start = *start;
    theirs_start.play_unchecked(first);
    let theirs = route(&theirs_start, answer, rng);
    // Both routes come home together after lcm(len) moves each; twice round repeats the
    // start position twice.
    let rounds = if mine.len() == theirs.len() {
        mine.len()
    } else {
        mine.len() * theirs.len()
    };
    let mut moves = Vec::with_capacity(rounds * 4);
    let mut pos = *start;
    for i in 0..rounds * 2 {
        for m in [mine.get(i % mine.len())?, theirs.get(i % theirs.len())?] {
            if !pos.is_legal(*m) || pos.is_capture(*m) {
                return None;
            }
            pos.play_unchecked(*m);
            moves.push(*m);
        }
    }
    (pos == *start && !pos.is_checkmate()).then_some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_plays_and_another_seed_others() {
        let a = random_plays(7, 40);
        assert_eq!(a, random_plays(7, 40));
        assert_ne!(a, random_plays(8, 40));
        assert_eq!(a.len(), 40);
    }

    #[test]
    fn every_random_play_is_legal_and_repeats_its_start() {
        for p in random_plays(11, 60) {
            let (start, moves) = p.replay().unwrap();
            let mut pos = start;
            for m in &moves {
                pos.play_unchecked(*m);
            }
            assert_eq!(pos, start, "{}", p.id);
            assert!(moves.len() >= 4, "{}", p.id);
        }
    }

    #[test]
    fn transforms_keep_a_play_legal_and_undo_themselves() {
        let start = Position::from_fen("c2a1k3/2c1a2R1/e6P1/8p/9/9/9/9/4K4/9 w").unwrap();
        let moves: Vec<Move> = ["h8h9", "f9f8", "h9h8", "f8f9"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        for t in Transform::ALL {
            let (pos, tm) = t.play(&start, &moves).unwrap();
            assert_eq!(pos.turn() != start.turn(), t.exchanges_colours());
            let (back, bm) = t.play(&pos, &tm).unwrap();
            assert_eq!((back, bm), (start, moves.clone()));
        }
        let case = SpecCase {
            id: "hinh-01".to_owned(),
            start,
            moves,
            assume_cycle: false,
        };
        assert_eq!(transformed(&case).len(), 3);
    }

    #[test]
    fn jsonl_round_trips_and_names_bad_lines() {
        let plays = random_plays(3, 5);
        let text = to_jsonl(&plays);
        let Read { plays: read, bad } = read_jsonl(&text);
        assert!(bad.is_empty(), "{bad:?}");
        let read: Vec<GeneratedPlay> = read.into_iter().map(|(p, _)| p).collect();
        assert_eq!(read, plays);
        // A line that is no play, a blank line, and a play whose move is illegal.
        let illegal = "{\"id\":\"x\",\"fen\":\"4k4/9/9/9/9/9/9/9/9/4K4 w\",\"moves\":[\"e0e2\"]}";
        let text = format!("{{\"id\": 1}}\n\n{illegal}\n");
        let bad = read_jsonl(&text).bad;
        let file = SourceFile::new("plays.jsonl", text.as_str());
        let lines: Vec<usize> = bad.iter().map(|(at, _)| file.line(at.start)).collect();
        assert_eq!(lines, vec![1, 3]);
        assert_eq!(file.slice(bad[1].0), illegal);
        assert_eq!(bad[1].1, LineProblem::DoesNotReplay);
    }

    #[test]
    fn a_corpus_with_a_bad_line_is_refused_at_that_line() {
        let dir = std::env::temp_dir().join(format!("xqlaw-generated-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("plays.jsonl");
        let good = to_jsonl(&random_plays(5, 2));
        std::fs::write(&path, format!("{good}not a play\n{{}}\n")).unwrap();
        let err = load(&path).unwrap_err();
        let missing = load(&dir.join("none.jsonl")).unwrap_err();
        std::fs::write(&path, &good).unwrap();
        let loaded = load(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            err.to_string()
                .starts_with("line 3 of the generated corpus is no play, nor is 1 other line: "),
            "{err}"
        );
        let text = crate::report::render(&err);
        assert!(text.contains("not a play"), "{text}");
        assert!(
            missing.to_string().starts_with("cannot read `"),
            "{missing}"
        );
        let help = missing.help().map(|h| h.to_string());
        assert_eq!(
            help.as_deref(),
            Some("it is the generated corpus, which `xqlaw generate` writes")
        );
        assert_eq!(loaded.len(), 2);
        assert_eq!(loaded[0].case.topic, TOPIC);
        assert_eq!(loaded[0].case.id, "random-00000");
    }
}
