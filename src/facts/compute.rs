//! Replaying a sequence and computing the facts of every ply.

use super::Settings;
use super::classify::{
    checkers, is_block, is_evasion, is_exchange_offer, is_idle, is_sacrifice, uncovering_setups,
};
use super::err::FactsError;
use super::identity::Identities;
use super::mate::MateSearch;
use super::model::{MoveFact, PieceAt, PieceId, PlyFacts, SequenceFacts};
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
    let mut pos = *start;
    let mut ids = Identities::new(start);
    let mut plies = Vec::with_capacity(moves.len());
    let mut previous_moved: Option<PieceId> = None;
    let mut opponent_threatened_mate = false;
    for (index, &mv) in moves.iter().enumerate() {
        let before = pos;
        let after = before.play(mv).map_err(|_| illegal(index, &before, mv))?;
        let mover = before.turn();
        let before_ids = ids.clone();
        let before_pairs = attack_pairs(&before, &before_ids, mover);
        let captured = before_ids.piece_at(&before, mv.to);
        ids.play(mv);
        let Some(piece) = ids.piece_at(&after, mv.to) else {
            return Err(illegal(index, &before, mv));
        };
        let ctx = MoveContext {
            after: &after,
            ids: &ids,
            mover,
            moved: piece.id,
            previous_moved,
            before_pairs: &before_pairs,
        };
        let threats = threats(&ctx);
        let checkers = checkers(&after, &ids);
        let mut facts = Vec::new();
        let mut add = |cond: bool, fact: MoveFact| {
            if cond {
                facts.push(fact);
            }
        };
        add(!checkers.is_empty(), MoveFact::Check);
        add(checkers.len() >= 2, MoveFact::DoubleCheck);
        add(
            checkers.iter().any(|c| c.id != piece.id),
            MoveFact::DiscoveredCheck,
        );
        add(after.is_checkmate(), MoveFact::Checkmate);
        let mate_line = if checkers.is_empty() {
            MateSearch::new(settings.mate_nodes)
                .find(&after.pass(), settings.mate_plies)
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        add(!mate_line.is_empty(), MoveFact::MateThreat);
        add(captured.is_some(), MoveFact::Capture);
        add(before.is_check(), MoveFact::AnswersCheck);
        add(is_block(&before, &after, mv, mover), MoveFact::Block);
        let parries = opponent_threatened_mate
            && MateSearch::new(settings.mate_nodes)
                .find(&after, settings.mate_plies)
                .is_none();
        add(parries, MoveFact::ParriesMateThreat);
        add(is_sacrifice(&after, mv.to), MoveFact::Sacrifice);
        add(is_exchange_offer(&threats, &piece), MoveFact::ExchangeOffer);
        let setups_after = uncovering_setups(&after, mover);
        let uncovers = !setups_after.is_empty() && {
            let setups_before = uncovering_setups(&before, mover);
            setups_after.iter().any(|s| {
                // The blocker may be the moved piece, which stood elsewhere before.
                !setups_before.contains(s)
            })
        };
        add(uncovers, MoveFact::UncoversThreat);
        add(is_evasion(&before, &after, mv, mover), MoveFact::Evasion);
        let idle = is_idle(&facts, &threats);
        if idle {
            facts.push(MoveFact::Idle);
        }
        opponent_threatened_mate = !mate_line.is_empty();
        previous_moved = Some(piece.id);
        plies.push(PlyFacts {
            ply: index,
            mover,
            mv,
            piece,
            captured: captured.map(|c: PieceAt| c),
            checkers,
            threats,
            mate_line,
            facts,
        });
        pos = after;
    }
    Ok(SequenceFacts {
        start_fen: start.to_fen(),
        plies,
    })
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
