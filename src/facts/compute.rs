//! Replaying a sequence and computing the facts of every ply.

use super::Repetition;
use super::Settings;
use super::classify::{
    checkers, is_block, is_evasion, is_exchange_offer, is_idle, is_sacrifice, uncovering_setups,
};
use super::err::FactsError;
use super::held::mark_held;
use super::identity::Identities;
use super::mate::MateSearch;
use super::model::{MoveFact, PieceAt, PieceId, PlyFacts, SequenceFacts, Threat};
use super::threats::{MoveContext, attack_pairs, threats};
use crate::xiangqi::{Move, Position};

/// Replays `moves` from `start` and computes, for every ply, the facts the rulings speak of.
///
/// Facts come from the positions only. An illegal move is an error naming its ply.
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
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    let mut plies = Vec::with_capacity(moves.len());
    for (index, &mv) in moves.iter().enumerate() {
        plies.push(replay.ply(index, mv, settings)?);
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

impl Replay {
    /// Plays `mv` and computes its facts.
    fn ply(&mut self, index: usize, mv: Move, settings: &Settings) -> Result<PlyFacts, FactsError> {
        let before = self.pos;
        let after = before.play(mv).map_err(|_| illegal(index, &before, mv))?;
        let mover = before.turn();
        let before_pairs = attack_pairs(&before, &self.ids, mover);
        let captured = self.ids.piece_at(&before, mv.to);
        self.ids.play(mv);
        let Some(piece) = self.ids.piece_at(&after, mv.to) else {
            return Err(illegal(index, &before, mv));
        };
        let mut threats = threats(&MoveContext {
            after: &after,
            ids: &self.ids,
            mover,
            moved: piece.id,
            previous_moved: self.previous_moved,
            before_pairs: &before_pairs,
        });
        mark_held(&mut threats, &after, mv, piece.id);
        let checkers = checkers(&after, &self.ids);
        // "Dọa hết": were the opponent to pass, could the mover mate by checks? A check is
        // not also a mate threat: the opponent cannot pass it.
        let mate_line = if checkers.is_empty() {
            MateSearch::new(settings.mate_nodes)
                .find(&after.pass(), settings.mate_plies)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        let parries = self.opponent_threatened_mate
            && MateSearch::new(settings.mate_nodes)
                .find(&after, settings.mate_plies)
                .is_none();
        let seen = Seen {
            before: &before,
            after: &after,
            mv,
            piece: &piece,
            captured: captured.as_ref(),
            checkers: &checkers,
            threats: &threats,
            threatens_mate: !mate_line.is_empty(),
            parries,
        };
        let facts = move_facts(&seen);
        self.opponent_threatened_mate = seen.threatens_mate;
        self.previous_moved = Some(piece.id);
        self.pos = after;
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
    mv: Move,
    piece: &'a PieceAt,
    captured: Option<&'a PieceAt>,
    checkers: &'a [PieceAt],
    threats: &'a [Threat],
    threatens_mate: bool,
    parries: bool,
}

/// The move facts of a ply, in the order of [`MoveFact`].
fn move_facts(seen: &Seen<'_>) -> Vec<MoveFact> {
    let mover = seen.before.turn();
    let (before, after) = (seen.before, seen.after);
    let uncovers = {
        let setups_after = uncovering_setups(after, mover);
        // Only a setup the move created counts; the blocker may be the moved piece itself.
        !setups_after.is_empty() && {
            let setups_before = uncovering_setups(before, mover);
            setups_after.iter().any(|s| !setups_before.contains(s))
        }
    };
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
        (is_block(before, after, seen.mv, mover), MoveFact::Block),
        (seen.parries, MoveFact::ParriesMateThreat),
        (is_sacrifice(after, seen.mv.to), MoveFact::Sacrifice),
        (
            is_exchange_offer(seen.threats, seen.piece),
            MoveFact::ExchangeOffer,
        ),
        (uncovers, MoveFact::UncoversThreat),
        (is_evasion(before, after, seen.mv, mover), MoveFact::Evasion),
    ];
    let mut facts: Vec<MoveFact> = candidates
        .into_iter()
        .filter(|(holds, _)| *holds)
        .map(|(_, f)| f)
        .collect();
    if is_idle(&facts, seen.threats) {
        facts.push(MoveFact::Idle);
    }
    facts
}

fn illegal(index: usize, pos: &Position, mv: Move) -> FactsError {
    let legal: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    FactsError {
        ply: index + 1,
        side: pos.turn().name().to_string(),
        mv: mv.to_string(),
        legal: legal.join(" "),
    }
}
