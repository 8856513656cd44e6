//! Capture threats after a move, with their protection and the properties of their targets.

use std::cmp::Ordering;

use super::identity::Identities;
use super::material::capture_outcome;
use super::mobility::{StandingMoves, can_move_to, held_to_line, with_turn};
use super::model::{PieceAt, PieceId, Threat, ThreatFact};
use super::move_context::{AttackPairs, MoveContext};
use super::protection_lost::lost_protectors;
use super::value::{crossed, value};
use crate::xiangqi::{Color, Move, Position, Role, Square, SquareSet};

/// The attacks of `side` on enemy pieces other than the king in `pos`, legal or not.
///
/// A threat is new when its attack did not stand on the board before the move. The attack
/// is taken geometrically, not by legality: a threat that was only suspended because its
/// side was in check (or its attacker pinned) is not created afresh by answering the check.
pub fn attack_pairs(pos: &Position, ids: &Identities, side: Color) -> AttackPairs {
    let mut pairs = AttackPairs::default();
    for (from, piece) in pos.pieces() {
        if piece.color != side {
            continue;
        }
        for to in pos.reach(from).iter() {
            let is_target = pos
                .piece_at(to)
                .is_some_and(|t| t.color != side && t.role != Role::King);
            if let (true, Some(a), Some(t)) = (is_target, ids.at(from), ids.at(to)) {
                pairs.insert(a, t);
            }
        }
    }
    pairs
}

/// Every capture threat of the mover after the move. `standing` holds the standing moves of
/// `ctx.after` asked so far.
pub fn threats(ctx: &MoveContext<'_>, standing: &mut StandingMoves<'_>) -> Vec<Threat> {
    let captures = &ctx.after_captures.mover;
    if captures.is_empty() {
        return Vec::new();
    }
    let attack_pos = with_turn(ctx.after, ctx.mover);
    // The legal destinations of a piece after the move, its own side to move: each
    // position's king safety is worked out once for all the threats of the ply.
    let (after_legality, attack_legality) = (ctx.after.legality(), attack_pos.legality());
    let legal = LegalTargets {
        defender: &|sq| targets_of(ctx.after.legal_moves_from(sq, &after_legality).iter()),
        mover: &|sq| targets_of(attack_pos.legal_moves_from(sq, &attack_legality).iter()),
    };
    let mut threats: Vec<Threat> = captures
        .iter()
        .copied()
        .filter_map(|capture| {
            let attacker = ctx.ids.piece_at(ctx.after, capture.from)?;
            let target = ctx.ids.piece_at(ctx.after, capture.to)?;
            let mut taken = attack_pos;
            taken.play_unchecked(capture);
            Some(describe(
                ctx,
                &attack_pos,
                attacker,
                target,
                &taken,
                standing,
                &legal,
            ))
        })
        .collect();
    let targets: Vec<PieceId> = threats.iter().map(|t| t.target.id).collect();
    for t in &mut threats {
        if targets.iter().filter(|&&id| id == t.target.id).count() > 1 {
            t.facts.push(ThreatFact::SharedTarget);
        }
    }
    threats
}

/// `Position::legal_targets_from` in the position after the move, with each side to move.
struct LegalTargets<'a> {
    /// The defender's pieces (the side to move after the move).
    defender: &'a dyn Fn(Square) -> SquareSet,
    /// The mover's pieces, the mover to move.
    mover: &'a dyn Fn(Square) -> SquareSet,
}

/// The destinations of `moves`.
fn targets_of<'m>(moves: impl Iterator<Item = &'m Move>) -> SquareSet {
    moves.map(|m| m.to).collect()
}

/// The facts of one threat; `attack_pos` is the position after the move with the mover to
/// move, `taken` the position after the attacker takes the target.
fn describe(
    ctx: &MoveContext<'_>,
    attack_pos: &Position,
    attacker: PieceAt,
    target: PieceAt,
    taken: &Position,
    standing: &mut StandingMoves<'_>,
    legal: &LegalTargets<'_>,
) -> Threat {
    let defender = ctx.mover.other();
    let protectors: Vec<PieceAt> = taken
        .attackers(target.square, defender)
        .iter()
        .filter_map(|sq| ctx.ids.piece_at(taken, sq))
        .collect();
    let mut facts = Vec::new();
    let mut add = |cond: bool, fact: ThreatFact| {
        if cond {
            facts.push(fact);
        }
    };
    let is_new = !ctx.before_pairs.contains(attacker.id, target.id);
    add(is_new, ThreatFact::New);
    add(attacker.id != ctx.moved, ThreatFact::Discovered);
    add(!protectors.is_empty(), ThreatFact::Protected);
    let really_protected = can_move_to(taken, target.square);
    add(really_protected, ThreatFact::ReallyProtected);
    // Only a standing attack on a target without a real root can have lost one to the move.
    let protection_lost = if is_new || really_protected {
        Vec::new()
    } else {
        lost_protectors(ctx, attacker, target, taken)
    };
    add(
        crossed(target.piece, target.square),
        ThreatFact::TargetCrossed,
    );
    // Pins and confinement are the position's standing constraints, not the legal moves of
    // the moment: after a check, every piece that cannot answer it has no legal move, yet it
    // is not pinned.
    let target_reach = ctx.after.reach(target.square);
    let target_standing = standing.of(target.square);
    add(target_standing.is_empty(), ThreatFact::TargetImmobile);
    add(
        target_standing.is_empty() && !target_reach.is_empty(),
        ThreatFact::TargetPinned,
    );
    add(
        held_to_line(target.square, target_reach, target_standing),
        ThreatFact::TargetConfined,
    );
    // The defender is to move after the move: the target's legal moves are its own.
    let answers = (legal.defender)(target.square).contains(attacker.square);
    add(answers, ThreatFact::TargetCanCaptureAttacker);
    let answer = Move {
        from: target.square,
        to: attacker.square,
    };
    let retaken = answers && {
        let mut next = *ctx.after;
        next.play_unchecked(answer);
        can_move_to(&next, attacker.square)
    };
    add(retaken, ThreatFact::AttackerReallyProtected);
    let answer_outcome = if answers {
        capture_outcome(ctx.after, answer)
    } else {
        Ordering::Equal
    };
    add(answer_outcome.is_gt(), ThreatFact::TargetCaptureWins);
    add(answer_outcome.is_lt(), ThreatFact::TargetCaptureLoses);
    let same_kind = attacker.piece.role == target.piece.role;
    add(same_kind, ThreatFact::SameKind);
    let horses = same_kind && attacker.piece.role == Role::Horse;
    add(
        horses && !target_reach.contains(attacker.square),
        ThreatFact::AttackerHorseUnanswerable,
    );
    // Confined: every legal move keeps to one line while its reach leaves it.
    let attacker_reach = attack_pos.reach(attacker.square);
    add(
        held_to_line(
            attacker.square,
            attacker_reach,
            (legal.mover)(attacker.square),
        ),
        ThreatFact::AttackerConfined,
    );
    add(
        !is_new && ctx.previous_moved == Some(target.id),
        ThreatFact::TargetMovedIn,
    );
    let (worth, cost) = (
        value(target.piece, target.square),
        value(attacker.piece, attacker.square),
    );
    add(worth > cost, ThreatFact::TargetMoreValuable);
    add(worth == cost, ThreatFact::EqualValue);
    add(!protection_lost.is_empty(), ThreatFact::ProtectionRemoved);
    add(
        !protection_lost.is_empty() && protection_lost.iter().all(|l| l.parry),
        ThreatFact::ProtectionCutByParry,
    );
    // The capture itself: whether it checks, by whom, and what it wins.
    let checkers = taken.checkers();
    add(!checkers.is_empty(), ThreatFact::CaptureChecks);
    add(
        checkers.iter().any(|&c| c != target.square),
        ThreatFact::CaptureDiscoversCheck,
    );
    let capture = Move {
        from: attacker.square,
        to: target.square,
    };
    add(
        capture_outcome(attack_pos, capture).is_gt(),
        ThreatFact::CaptureWins,
    );
    Threat {
        attacker,
        target,
        protectors,
        facts,
        protection_lost,
        target_pinners: Vec::new(),
        attacker_pinners: Vec::new(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use crate::facts::{PlyFacts, Settings, Threat, ThreatFact, compute};
    use crate::xiangqi::{Position, Role};

    /// The facts of the single move `mv` from `fen`.
    pub(in crate::facts) fn ply(fen: &str, mv: &str) -> PlyFacts {
        let pos = Position::from_fen(fen).unwrap();
        let facts = compute(&pos, &[mv.parse().unwrap()], &Settings::default()).unwrap();
        facts.plies.into_iter().next().unwrap()
    }

    /// The threat on the piece standing on `square`.
    fn on<'a>(ply: &'a PlyFacts, square: &str) -> Option<&'a Threat> {
        ply.threats
            .iter()
            .find(|t| t.target.square.to_string() == square)
    }

    #[test]
    fn a_cannon_screen_moved_in_is_a_new_discovered_threat() {
        let p = ply("5k3/r8/9/9/9/2H6/9/C8/9/3K5 w", "c4a5");
        let t = on(&p, "a8").unwrap();
        assert_eq!(t.attacker.piece.role, Role::Cannon);
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Discovered));
        assert!(!t.has(ThreatFact::Protected));
    }

    #[test]
    fn a_cannon_screen_moved_out_is_a_new_discovered_threat() {
        let p = ply("5k3/r8/9/P8/9/H8/9/C8/9/3K5 w", "a4c5");
        let t = on(&p, "a8").unwrap();
        assert_eq!(t.attacker.piece.role, Role::Cannon);
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Discovered));
    }

    #[test]
    fn an_opened_rook_line_is_a_discovered_threat() {
        let p = ply("5k3/9/h8/9/9/9/H8/9/9/R2K5 w", "a3c4");
        let t = on(&p, "a7").unwrap();
        assert_eq!(t.attacker.piece.role, Role::Rook);
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Discovered));
    }

    #[test]
    fn a_freed_horse_leg_is_a_discovered_threat_on_a_crossed_pawn() {
        let p = ply("5k3/9/9/9/9/1p7/2R6/2H6/9/3K5 w", "c3i3");
        let t = on(&p, "b4").unwrap();
        assert_eq!(t.attacker.piece.role, Role::Horse);
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Discovered));
        assert!(t.has(ThreatFact::TargetCrossed));
    }

    #[test]
    fn a_freed_elephant_eye_is_a_discovered_threat() {
        let p = ply("5k3/9/9/9/9/6h2/5H3/4E4/9/3K5 w", "f3h4");
        let t = on(&p, "g4").unwrap();
        assert_eq!(t.attacker.piece.role, Role::Elephant);
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Discovered));
        assert!(t.has(ThreatFact::TargetMoreValuable));
    }

    #[test]
    fn a_pinned_protector_is_a_false_root() {
        // The horse on e8 guards c7 but is pinned to its king by the rook on e1.
        let p = ply("4k4/4h4/2c6/9/9/9/9/9/4R4/R2K5 w", "a0a7");
        let t = on(&p, "c7").unwrap();
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::Protected));
        assert!(!t.has(ThreatFact::ReallyProtected));
        assert_eq!(t.protectors.len(), 1);
    }

    #[test]
    fn a_king_that_would_face_the_other_king_is_a_false_root() {
        let p = ply("3hk4/9/9/9/9/9/9/1R7/9/3K5 w", "b2b9");
        let t = on(&p, "d9").unwrap();
        assert!(t.has(ThreatFact::Protected));
        assert!(!t.has(ThreatFact::ReallyProtected));
        // The horse shields its king from the rook: it cannot move at all.
        assert!(t.has(ThreatFact::TargetImmobile));
    }

    #[test]
    fn a_pinned_attacker_does_not_threaten() {
        // The rook on e3 is pinned to its king by the black rook on e8; the horse on a3 is safe.
        let p = ply("5k3/4r4/9/9/9/9/h3R1P2/9/9/4K4 w", "g3g4");
        assert!(on(&p, "a3").is_none());
        let t = on(&p, "e8").unwrap();
        assert!(t.has(ThreatFact::AttackerConfined));
    }

    #[test]
    fn a_pinned_target_is_immobile() {
        let p = ply("4k4/4h4/9/9/9/9/9/9/4R4/R2K5 w", "a0a8");
        let t = p
            .threats
            .iter()
            .find(|t| t.attacker.square.to_string() == "a8")
            .unwrap();
        assert!(t.has(ThreatFact::New) && t.has(ThreatFact::TargetImmobile));
        assert!(t.has(ThreatFact::TargetPinned));
        assert!(t.has(ThreatFact::Protected) && !t.has(ThreatFact::ReallyProtected));
    }

    #[test]
    fn a_piece_that_cannot_answer_a_check_is_not_pinned() {
        // The reproducer: the horse checks from f7 and attacks the elephant on g9,
        // which the rook on i9 really protects. The elephant cannot answer the check, but
        // nothing pins it: were it black's free move, it could go to e7 or i7.
        let p = ply("4k1b1r/9/9/9/4H4/9/9/9/9/3K5 w", "e5f7");
        assert!(p.has(crate::facts::MoveFact::Check));
        let t = on(&p, "g9").unwrap();
        assert!(!t.has(ThreatFact::TargetPinned), "{:?}", t.facts);
        assert!(!t.has(ThreatFact::TargetImmobile) && !t.has(ThreatFact::TargetConfined));
        assert!(t.has(ThreatFact::ReallyProtected));
    }

    #[test]
    fn a_piece_pinned_through_a_cannon_screen_is_pinned() {
        // The horse on e8 and the pawn on e6 are the two pieces between the cannon on e1 and
        // the black king: if the horse leaves the file, the cannon checks. The pawn, which can
        // only step along the file, is free.
        let p = ply("4k4/4h4/9/4p4/9/9/9/9/4C4/R2K5 w", "a0a8");
        let t = on(&p, "e8").unwrap();
        assert!(t.has(ThreatFact::TargetPinned) && t.has(ThreatFact::TargetImmobile));
    }

    #[test]
    fn a_piece_between_the_kings_is_pinned() {
        // The flying general: the horse on e8 is all that keeps the kings apart.
        let p = ply("4k4/4h4/9/9/9/9/9/9/9/R3K4 w", "a0a8");
        let t = on(&p, "e8").unwrap();
        assert!(t.has(ThreatFact::TargetPinned));
    }

    #[test]
    fn a_pinned_rook_is_confined_to_its_file() {
        // The rook on e7 is pinned to its king by the red rook on e1: it may move only along
        // the e-file.
        let p = ply("4k4/9/4r4/9/9/9/9/9/4R4/R2K5 w", "a0a7");
        let t = on(&p, "e7").unwrap();
        assert!(t.has(ThreatFact::TargetConfined) && !t.has(ThreatFact::TargetPinned));
    }

    #[test]
    fn a_boxed_in_target_is_immobile_but_not_pinned() {
        // The advisor on f9 has no free point (e8 holds the other advisor); nothing pins it.
        let p = ply("4ka3/4a4/9/9/9/9/9/9/R8/3K5 w", "a1f1");
        let t = on(&p, "f9").unwrap();
        assert!(t.has(ThreatFact::TargetImmobile));
        assert!(!t.has(ThreatFact::TargetPinned));
        assert!(t.has(ThreatFact::ReallyProtected));
    }

    #[test]
    fn uncrossed_and_crossed_pawns() {
        let home = ply("4k4/9/9/p8/9/9/9/9/9/R2K5 w", "d0d1");
        let t = on(&home, "a6").unwrap();
        assert!(!t.has(ThreatFact::TargetCrossed) && !t.has(ThreatFact::New));
        let over = ply("4k4/9/9/9/9/p8/9/9/9/R2K5 w", "d0d1");
        assert!(on(&over, "a4").unwrap().has(ThreatFact::TargetCrossed));
    }

    #[test]
    fn same_kind_threats_record_whether_capturing_back_is_an_exchange() {
        // The rook comes to face a black rook that can take it; the cannon behind the horse on
        // a1 guards it, so taking it would only be an exchange.
        let guarded = ply("4k4/9/9/r8/9/9/9/2R6/H8/C2K5 w", "c2a2");
        let t = on(&guarded, "a6").unwrap();
        assert!(t.has(ThreatFact::SameKind) && t.has(ThreatFact::TargetCanCaptureAttacker));
        assert!(t.has(ThreatFact::AttackerReallyProtected));
        let bare = ply("4k4/9/9/r8/9/9/9/2R6/9/3K5 w", "c2a2");
        let t = on(&bare, "a6").unwrap();
        assert!(t.has(ThreatFact::TargetCanCaptureAttacker));
        assert!(!t.has(ThreatFact::AttackerReallyProtected));
        assert!(bare.has(crate::facts::MoveFact::MovedAttacked));
        assert!(!bare.has(crate::facts::MoveFact::MovedReallyProtected));
    }
}
