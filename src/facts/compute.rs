//! Replaying a sequence and computing the facts of every ply.

use super::Repetition;
use super::Settings;
use super::classify::{MovedPiece, checkers, is_block, is_evasion, uncovering_setups};
use super::err::FactsError;
use super::fast_map::FastMap;
use super::identity::Identities;
use super::mate::MateMemo;
use super::mobility::StandingMoves;
use super::mobility::with_turn;
use super::model::{MoveFact, PieceAt, PieceId, PlyFacts, SequenceFacts};
use super::move_context::{MoveContext, SideCaptures};
use super::restraint::mark_restraints;
use super::threats::{attack_pairs, threats};
use crate::xiangqi::{Color, Move, MoveList, Position};

/// Replays `moves` from `start` and computes, for every ply, the facts the rulings speak of.
///
/// Facts come from the positions only. An illegal move is an error naming its ply.
///
/// A disputed play repeats itself, so the same ply recurs. The facts of a ply depend only on
/// the move, the position it is played in, the pieces' identities, the piece moved just before
/// and whether the previous ply threatened mate; a ply that recurs with all of these the same
/// takes the facts computed the first time. Mate searches are remembered the same way.
pub fn compute(
    start: &Position,
    moves: &[Move],
    settings: &Settings,
) -> Result<SequenceFacts, FactsError> {
    let mut replay = Replay {
        pos: *start,
        ids: Identities::new(start),
        previous_moved: None,
        opponent_threatened_mate: false,
    };
    let mut memo = Memo::for_moves(moves.len());
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    let mut plies = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        let facts = replay.ply(index, mv, settings, &mut memo, &plies)?;
        plies.push(facts);
        positions.push(replay.pos);
    }
    Ok(SequenceFacts {
        start_fen: start.to_fen(),
        plies,
        repetition: Repetition::find(&positions),
    })
}

/// The state carried from one ply to the next.
struct Replay {
    /// The position before the next move.
    pos: Position,
    /// Who is who.
    ids: Identities,
    /// The piece the previous ply moved.
    previous_moved: Option<PieceId>,
    /// Whether the previous ply threatened mate (so this one may parry it).
    opponent_threatened_mate: bool,
}

/// Everything the facts of a ply depend on: the move, the position it is played in, and the
/// state [`Replay`] carries (the settings are the same for the whole sequence).
#[derive(PartialEq, Eq, Hash)]
struct PlyKey {
    before: Position,
    mv: Move,
    ids: Identities,
    previous_moved: Option<PieceId>,
    opponent_threatened_mate: bool,
}

/// What one sequence has computed so far.
struct Memo {
    /// Where the facts of every distinct ply are: the index of its first occurrence.
    plies: FastMap<PlyKey, usize>,
    mate: MateMemo,
    captures: Captures,
}

impl Memo {
    /// An empty memo with room for a sequence of `moves` moves: its maps never grow (growing
    /// one copies every entry, and a position's captures are a few hundred bytes).
    fn for_moves(moves: usize) -> Memo {
        Memo {
            plies: FastMap::with_capacity_and_hasher(moves, Default::default()),
            mate: MateMemo::default(),
            // Each position of the sequence, each side to move.
            captures: Captures(FastMap::with_capacity_and_hasher(
                2 * (moves + 1),
                Default::default(),
            )),
        }
    }
}

/// The legal captures in the positions of one sequence, each side to move: the facts of a
/// ply ask for both sides' captures before and after it, and a ply's position after is the
/// next one's position before.
struct Captures(FastMap<Position, MoveList>);

impl Captures {
    /// `captures_of(pos, side)`, found once per position and side.
    fn of(&mut self, pos: &Position, side: Color) -> MoveList {
        let pos = with_turn(pos, side);
        *self.0.entry(pos).or_insert_with(|| pos.legal_captures())
    }
}

impl Replay {
    /// Plays `mv` and computes its facts, or takes them from `done` (the facts of the plies
    /// before it) when the same ply occurred before.
    fn ply(
        &mut self,
        index: usize,
        mv: Move,
        settings: &Settings,
        memo: &mut Memo,
        done: &[PlyFacts],
    ) -> Result<PlyFacts, FactsError> {
        let before = self.pos;
        let after = before
            .play(mv)
            .map_err(|_| FactsError::illegal_move(index, &before, mv))?;
        let key = PlyKey {
            before,
            mv,
            ids: self.ids.clone(),
            previous_moved: self.previous_moved,
            opponent_threatened_mate: self.opponent_threatened_mate,
        };
        let known = memo.plies.get(&key).and_then(|&first| done.get(first));
        let mut facts = match known {
            Some(known) => known.clone(),
            None => {
                let facts = self.fresh(index, &after, mv, settings, memo)?;
                memo.plies.insert(key, index);
                facts
            }
        };
        facts.ply = index;
        self.ids.play(mv);
        self.opponent_threatened_mate = !facts.mate_line.is_empty();
        self.previous_moved = Some(facts.piece.id);
        self.pos = after;
        Ok(facts)
    }

    /// Computes the facts of `mv`, played in `self.pos` and leading to `after`.
    fn fresh(
        &self,
        index: usize,
        after: &Position,
        mv: Move,
        settings: &Settings,
        memo: &mut Memo,
    ) -> Result<PlyFacts, FactsError> {
        let before = &self.pos;
        let mover = before.turn();
        let after_captures = SideCaptures {
            mover: memo.captures.of(after, mover),
            defender: memo.captures.of(after, mover.other()),
        };
        let enemy_before = memo.captures.of(before, mover.other());
        let before_pairs = attack_pairs(before, &self.ids, mover);
        let captured = self.ids.piece_at(before, mv.to);
        let mut ids = self.ids.clone();
        ids.play(mv);
        let Some(piece) = ids.piece_at(after, mv.to) else {
            return Err(FactsError::illegal_move(index, before, mv));
        };
        let mut standing = StandingMoves::new(after);
        let mut threats = threats(
            &MoveContext {
                before,
                mv,
                captured,
                after,
                after_captures: &after_captures,
                ids: &ids,
                mover,
                moved: piece.id,
                previous_moved: self.previous_moved,
                before_pairs: &before_pairs,
            },
            &mut standing,
        );
        mark_restraints(&mut threats, after, &ids, mv, piece.id, &mut standing);
        let checkers = checkers(after, &ids);
        // "Dọa hết": were the opponent to pass, could the mover mate by checks? A check is
        // not also a mate threat: the opponent cannot pass it.
        let mate = &mut memo.mate;
        let mate_line = if checkers.is_empty() {
            mate.find(&after.pass(), settings.mate_plies, settings.mate_nodes)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let parries = self.opponent_threatened_mate
            && mate
                .find(after, settings.mate_plies, settings.mate_nodes)
                .is_none();
        let seen = Seen {
            before,
            after,
            enemy_before,
            after_captures: &after_captures,
            mv,
            piece: &piece,
            captured: captured.as_ref(),
            checkers: &checkers,
            threatens_mate: !mate_line.is_empty(),
            parries,
        };
        let facts = move_facts(&seen);
        Ok(PlyFacts {
            ply: index,
            mover,
            mv,
            piece,
            captured,
            checkers,
            threats,
            mate_line,
            facts,
        })
    }
}

/// What is known of a ply when its move facts are decided.
struct Seen<'a> {
    before: &'a Position,
    after: &'a Position,
    /// The opponent's legal captures before the move, as if it were to move.
    enemy_before: MoveList,
    /// Both sides' legal captures after the move.
    after_captures: &'a SideCaptures,
    mv: Move,
    piece: &'a PieceAt,
    captured: Option<&'a PieceAt>,
    checkers: &'a [PieceAt],
    threatens_mate: bool,
    parries: bool,
}

/// The move facts of a ply, in the order of [`MoveFact`].
fn move_facts(seen: &Seen<'_>) -> Vec<MoveFact> {
    let mover = seen.before.turn();
    let (before, after) = (seen.before, seen.after);
    let defender = &seen.after_captures.defender;
    let uncovers = {
        let setups_after = uncovering_setups(after, mover);
        // Only a setup the move created counts; the blocker may be the moved piece itself.
        !setups_after.is_empty() && {
            let setups_before = uncovering_setups(before, mover);
            setups_after.iter().any(|s| !setups_before.contains(s))
        }
    };
    let moved = MovedPiece::on(after, seen.mv.to);
    let candidates = [
        (!seen.checkers.is_empty(), MoveFact::Check),
        (seen.checkers.len() >= 2, MoveFact::DoubleCheck),
        (
            seen.checkers.iter().any(|c| c.id != seen.piece.id),
            MoveFact::DiscoveredCheck,
        ),
        (after.is_checkmate(), MoveFact::Checkmate),
        (seen.threatens_mate, MoveFact::MateThreat),
        (seen.captured.is_some(), MoveFact::Capture),
        (before.is_check(), MoveFact::AnswersCheck),
        (
            is_block(before, after, seen.mv, mover, &seen.enemy_before, defender),
            MoveFact::Block,
        ),
        (seen.parries, MoveFact::ParriesMateThreat),
        (moved.attacked, MoveFact::MovedAttacked),
        (moved.really_protected, MoveFact::MovedReallyProtected),
        (moved.capture_wins, MoveFact::MovedCaptureWins),
        (moved.capture_loses, MoveFact::MovedCaptureLoses),
        (uncovers, MoveFact::UncoversThreat),
        (
            is_evasion(before, after, seen.mv, mover, &seen.enemy_before, defender),
            MoveFact::Evasion,
        ),
    ];
    candidates
        .into_iter()
        .filter(|(holds, _)| *holds)
        .map(|(_, f)| f)
        .collect()
}
