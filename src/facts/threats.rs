//! Capture threats after a move, with their protection and the properties of their targets.

use super::identity::Identities;
use super::lines::{can_move_to, captures, confined, legal_moves_of, with_turn};
use super::model::{PieceAt, PieceId, Threat, ThreatFact};
use super::value::{crossed, value};
use crate::xiangqi::{Color, Position, Role};
use std::collections::HashSet;

/// The (attacker, target) identities of the captures `side` could make in `pos`.
pub fn threat_pairs(pos: &Position, ids: &Identities, side: Color) -> HashSet<(PieceId, PieceId)> {
    captures(pos, side)
        .into_iter()
        .filter_map(|m| Some((ids.at(m.from)?, ids.at(m.to)?)))
        .collect()
}

/// What the threat computation needs to know about the move.
pub struct MoveContext<'a> {
    /// The position after the move (opponent to move).
    pub after: &'a Position,
    /// Identities after the move.
    pub ids: &'a Identities,
    /// The mover.
    pub mover: Color,
    /// The identity of the piece that moved.
    pub moved: PieceId,
    /// The identity of the piece the opponent moved on the previous ply, if any.
    pub previous_moved: Option<PieceId>,
    /// The mover's threats before the move.
    pub before_pairs: &'a HashSet<(PieceId, PieceId)>,
}

/// Every capture threat of the mover after the move.
pub fn threats(ctx: &MoveContext<'_>) -> Vec<Threat> {
    let attack_pos = with_turn(ctx.after, ctx.mover);
    captures(ctx.after, ctx.mover)
        .into_iter()
        .filter_map(|capture| {
            let attacker = ctx.ids.piece_at(ctx.after, capture.from)?;
            let target = ctx.ids.piece_at(ctx.after, capture.to)?;
            let mut taken = attack_pos;
            taken.play_unchecked(capture);
            Some(describe(ctx, attacker, target, &taken))
        })
        .collect()
}

/// The facts of one threat; `taken` is the position after the attacker takes the target.
fn describe(ctx: &MoveContext<'_>, attacker: PieceAt, target: PieceAt, taken: &Position) -> Threat {
    let defender = ctx.mover.other();
    let protectors: Vec<PieceAt> = taken
        .attackers_of(target.square, defender)
        .into_iter()
        .filter_map(|sq| ctx.ids.piece_at(taken, sq))
        .collect();
    let target_moves = legal_moves_of(ctx.after, target.square);
    let mut facts = Vec::new();
    let mut add = |cond: bool, fact: ThreatFact| {
        if cond {
            facts.push(fact);
        }
    };
    let is_new = !ctx.before_pairs.contains(&(attacker.id, target.id));
    add(is_new, ThreatFact::New);
    add(attacker.id != ctx.moved, ThreatFact::Discovered);
    add(!protectors.is_empty(), ThreatFact::Protected);
    add(
        can_move_to(taken, target.square),
        ThreatFact::ReallyProtected,
    );
    add(
        crossed(target.piece, target.square),
        ThreatFact::TargetCrossed,
    );
    add(target_moves.is_empty(), ThreatFact::TargetImmobile);
    add(
        confined(ctx.after, target.square),
        ThreatFact::TargetConfined,
    );
    let answers = target_moves.iter().any(|m| m.to == attacker.square);
    add(answers, ThreatFact::TargetCanCaptureAttacker);
    let same_kind = attacker.piece.role == target.piece.role;
    add(same_kind, ThreatFact::SameKind);
    let horses = same_kind && attacker.piece.role == Role::Horse;
    let target_reach = ctx.after.attacks_from(target.square);
    add(
        horses && !target_reach.contains(&attacker.square),
        ThreatFact::AttackerHorseUnanswerable,
    );
    add(
        confined(&with_turn(ctx.after, ctx.mover), attacker.square),
        ThreatFact::AttackerConfined,
    );
    add(
        !is_new && ctx.previous_moved == Some(target.id),
        ThreatFact::TargetMovedIn,
    );
    let more = value(target.piece, target.square) > value(attacker.piece, attacker.square);
    add(more, ThreatFact::TargetMoreValuable);
    Threat {
        attacker,
        target,
        protectors,
        facts,
    }
}
