//! Protection taken away by a move: an attack that stood before the move and still stands,
//! whose target could be taken back before the move and cannot after it, with which
//! protector was lost and how.
//!
//! Real protection is judged as everywhere else in the facts ([`ThreatFact::ReallyProtected`]):
//! after the attacker takes, some protector can legally take back. This module is asked only
//! about a standing attack whose target is not really protected after the move, so the common
//! case costs nothing. Each lost protector also says whether the move that cut it off ended
//! that protector's own attack on a piece of the mover (`parry`); the rule files decide what
//! such a cut means.
//!
//! [`ThreatFact::ReallyProtected`]: super::model::ThreatFact::ReallyProtected

use super::mobility::{can_move_to, with_turn};
use super::model::{LostProtector, PieceAt, ProtectionLoss};
use super::move_context::MoveContext;
use crate::xiangqi::{Move, Position, Role, Square};

/// The protectors of `target` that could take back after `attacker` took it before the move
/// and that the move took away, each with how. `taken` is the position after the move and the
/// capture (the defender to move), in which no protector can take back.
///
/// Empty when the target was not really protected before the move either.
pub fn lost_protectors(
    ctx: &MoveContext<'_>,
    attacker: PieceAt,
    target: PieceAt,
    taken: &Position,
) -> Vec<LostProtector> {
    // Where the attacker stood before the move: it may be the piece that moved and still
    // attacks the target from its new square.
    let attacker_before = if attacker.id == ctx.moved {
        ctx.mv.from
    } else {
        attacker.square
    };
    let mut taken_before = with_turn(ctx.before, ctx.mover);
    taken_before.play_unchecked(Move {
        from: attacker_before,
        to: target.square,
    });
    let protectors: Vec<PieceAt> = taken_before
        .legal_movers_to(target.square)
        .iter()
        .filter_map(|from| protector_at(ctx, from))
        .collect();
    if protectors.is_empty() || ctx.after.is_check() && root_survives_check(ctx, attacker, target) {
        return Vec::new();
    }
    protectors
        .into_iter()
        .map(|protector| {
            let how = how_lost(ctx, taken, protector, attacker.square, target.square);
            LostProtector {
                protector,
                how,
                parry: parried(ctx, protector, how),
            }
        })
        .collect()
}

/// Whether the move gives check and the defender has an answer after which the target keeps
/// a real root (or the attack is gone): the check binds the defender for one move only, and
/// the attacker takes, if at all, after the answer.
fn root_survives_check(ctx: &MoveContext<'_>, attacker: PieceAt, target: PieceAt) -> bool {
    let take = Move {
        from: attacker.square,
        to: target.square,
    };
    ctx.after.legal_moves().iter().any(|&answer| {
        let mut answered = *ctx.after;
        answered.play_unchecked(answer);
        if !answered.is_legal(take) {
            return true;
        }
        answered.play_unchecked(take);
        can_move_to(&answered, target.square)
    })
}

/// Whether the protector's recapture was cut, in the way `how`, by a move that also ended the
/// protector's own attack on a piece of the mover (or its king): it was cut off (blocked, or
/// its screen moved away), and it attacked a piece before the move that neither moved nor was
/// taken, and does not after it.
fn parried(ctx: &MoveContext<'_>, protector: PieceAt, how: ProtectionLoss) -> bool {
    if !matches!(how, ProtectionLoss::Blocked | ProtectionLoss::ScreenRemoved) {
        return false;
    }
    let from = protector.square;
    let after = ctx.after.reach(from);
    ctx.before.reach(from).iter().any(|sq| {
        sq != ctx.mv.from
            && ctx
                .before
                .piece_at(sq)
                .is_some_and(|p| p.color == ctx.mover)
            && !after.contains(sq)
    })
}

/// The defender's piece that stood on `sq` before the move, where it stands after it (or
/// where it stood, if the move took it).
fn protector_at(ctx: &MoveContext<'_>, sq: Square) -> Option<PieceAt> {
    match ctx.captured {
        Some(c) if c.square == sq => Some(c),
        _ => ctx.ids.piece_at(ctx.after, sq),
    }
}

/// Why `protector`, which could take back on `target` before the move, cannot after it.
/// `attacker_from` is the attacker's square after the move, which the capture empties.
fn how_lost(
    ctx: &MoveContext<'_>,
    taken: &Position,
    protector: PieceAt,
    attacker_from: Square,
    target: Square,
) -> ProtectionLoss {
    let (from, role) = (protector.square, protector.piece.role);
    if ctx.captured.is_some_and(|c| c.square == from) {
        return ProtectionLoss::Captured;
    }
    // The recapture no longer reaches the target: something changed on its path. The move
    // empties `mv.from` and fills `mv.to`; only a cannon can lose its reach by an emptied
    // point.
    if !taken.reach(from).contains(target) {
        let way = path(role, from, target);
        return if role == Role::Cannon && way.contains(&ctx.mv.from) {
            ProtectionLoss::ScreenRemoved
        } else if way.contains(&ctx.mv.to) {
            ProtectionLoss::Blocked
        } else {
            ProtectionLoss::Other
        };
    }
    let defender = ctx.mover.other();
    // A check after the capture that the recapture does not remove (the attacker's own check
    // from the target square is removed by taking it).
    let checks: Vec<Square> = taken
        .attackers_of(taken.king(defender), ctx.mover)
        .into_iter()
        .filter(|&c| c != target)
        .collect();
    if !checks.is_empty() {
        let checked_by_move = ctx.after.checkers();
        return if checks.iter().any(|c| checked_by_move.contains(c)) {
            ProtectionLoss::Checked
        } else {
            // Not there after the move, there after the capture: the attacker's leaving
            // opened the line of a piece lined up behind it.
            ProtectionLoss::XRay
        };
    }
    // The recapture itself exposes the king: along a line through the attacker's old square
    // (an x-ray), through the protector's old square (a pin), or, for the king, onto a square
    // another piece guards.
    let mut retaken = *taken;
    retaken.play_unchecked(Move { from, to: target });
    let king = retaken.king(defender);
    let exposers = retaken.attackers_of(king, ctx.mover);
    let through = |sq: Square| {
        exposers.iter().any(|&c| {
            retaken
                .piece_at(c)
                .is_some_and(|p| path(p.role, c, king).contains(&sq))
        })
    };
    if through(attacker_from) {
        ProtectionLoss::XRay
    } else if role == Role::King {
        ProtectionLoss::Covered
    } else if through(from) {
        ProtectionLoss::Pinned
    } else {
        ProtectionLoss::Other
    }
}

/// The points whose occupancy decides whether a `role` on `from` reaches `to`: the points
/// between them on a line (rook, cannon, the kings facing each other), a horse's leg, an
/// elephant's eye. Empty for any other pair.
fn path(role: Role, from: Square, to: Square) -> Vec<Square> {
    let df = i8::try_from(to.file()).unwrap_or(0) - i8::try_from(from.file()).unwrap_or(0);
    let dr = i8::try_from(to.rank()).unwrap_or(0) - i8::try_from(from.rank()).unwrap_or(0);
    let (fs, rs) = (df.signum(), dr.signum());
    match role {
        Role::Rook | Role::Cannon | Role::King if df == 0 || dr == 0 => (1..df.abs().max(dr.abs()))
            .filter_map(|k| from.offset(fs * k, rs * k))
            .collect(),
        Role::Horse if df.abs() + dr.abs() == 3 && df != 0 && dr != 0 => {
            let leg = if df.abs() == 2 { (fs, 0) } else { (0, rs) };
            from.offset(leg.0, leg.1).into_iter().collect()
        }
        Role::Elephant if df.abs() == 2 && dr.abs() == 2 => {
            from.offset(fs, rs).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use crate::facts::threats::tests::ply;
    use crate::facts::{PlyFacts, ProtectionLoss, Threat, ThreatFact};

    /// The threat of the piece on `attacker` against the piece on `target`.
    fn threat<'a>(ply: &'a PlyFacts, attacker: &str, target: &str) -> &'a Threat {
        ply.threats
            .iter()
            .find(|t| {
                t.attacker.square.to_string() == attacker && t.target.square.to_string() == target
            })
            .unwrap()
    }

    /// Asserts that the move took away the root of the target, by the one protector on
    /// `protector`, in the way `how`, and that the threat is no new one.
    fn assert_lost(t: &Threat, protector: &str, how: ProtectionLoss) {
        assert!(t.has(ThreatFact::ProtectionRemoved), "{:?}", t.facts);
        assert!(!t.has(ThreatFact::New) && !t.has(ThreatFact::ReallyProtected));
        assert_eq!(t.protection_lost.len(), 1, "{:?}", t.protection_lost);
        assert_eq!(t.protection_lost[0].protector.square.to_string(), protector);
        assert_eq!(t.protection_lost[0].how, how);
    }

    #[test]
    fn pinning_the_protector_takes_the_root_away() {
        // The red rook on a7 attacks the black cannon on c7, which the black rook on e7 guards
        // along the rank. The other red rook comes to e2 and pins the guard to its king.
        let p = ply("4k4/9/R1c1r4/9/9/9/9/3R5/9/3K5 w", "d2e2");
        assert_lost(threat(&p, "a7", "c7"), "e7", ProtectionLoss::Pinned);
        // The threat is the rook's on a7, not the moved rook's.
        assert!(threat(&p, "a7", "c7").has(ThreatFact::Discovered));
    }

    #[test]
    fn standing_in_the_protectors_way_takes_the_root_away() {
        // The red cannon steps between the cannon on c7 and its guard on e7.
        let p = ply("4k4/9/R1c1r4/9/9/9/9/3C5/9/3K5 w", "d2d7");
        assert_lost(threat(&p, "a7", "c7"), "e7", ProtectionLoss::Blocked);
    }

    #[test]
    fn moving_away_the_screen_of_a_protecting_cannon_takes_the_root_away() {
        // The black cannon on g7 guards the horse on c7 over the red cannon on e7, its screen.
        let p = ply("4k4/9/R1h1C1c2/9/9/9/9/9/9/3K5 w", "e7e4");
        assert_lost(threat(&p, "a7", "c7"), "g7", ProtectionLoss::ScreenRemoved);
    }

    #[test]
    fn a_rook_lined_up_behind_the_attacker_takes_the_kings_root_away() {
        // The rook on f5 attacks the cannon on f9, which only the king guards. With the other
        // rook behind it on f2, the king could not take back: f9 would be in the second
        // rook's line once the first has left f5.
        let p = ply("4kc3/9/9/9/5R3/9/9/R8/9/3K5 w", "a2f2");
        assert_lost(threat(&p, "f5", "f9"), "e9", ProtectionLoss::XRay);
    }

    #[test]
    fn a_check_that_only_the_king_can_answer_takes_the_kings_root_away() {
        // The rook on f4 attacks the horse on f9, guarded by the king. The check along rank 9
        // leaves the king one answer, e8, from where it guards nothing; taking back on f9
        // would leave it on the checking rook's rank.
        let p = ply("4kh3/9/9/9/9/5R3/9/9/R8/3K5 w", "a1a9");
        assert!(p.has(crate::facts::MoveFact::Check));
        assert_lost(threat(&p, "f4", "f9"), "e9", ProtectionLoss::Checked);
    }

    #[test]
    fn a_check_that_can_be_answered_keeping_the_root_takes_nothing_away() {
        // As above, with an advisor on e8 that can answer the check by stepping to d9; the
        // king stays beside the cannon. The check binds Black for one move, not the root.
        let p = ply("4kh3/4a4/9/9/9/5R3/9/9/R8/3K5 w", "a1a9");
        assert!(p.has(crate::facts::MoveFact::Check));
        let t = threat(&p, "f4", "f9");
        assert!(
            !t.has(ThreatFact::ProtectionRemoved),
            "{:?}",
            t.protection_lost
        );
        assert!(t.protection_lost.is_empty());
    }

    #[test]
    fn a_block_that_cuts_a_root_says_it_also_parried_the_protectors_attack() {
        // The black rook on a5 attacks the red rook on e5 and guards the black horse on f5
        // behind it. The pawn that blocks the black rook's attack also cuts its guard of f5.
        let p = ply("5k3/9/9/9/r3Rh3/2P6/9/9/9/3K5 w", "c4c5");
        assert!(p.has(crate::facts::MoveFact::Block));
        let t = threat(&p, "e5", "f5");
        assert_lost(t, "a5", ProtectionLoss::Blocked);
        assert!(t.protection_lost[0].parry);
        assert!(t.has(ThreatFact::ProtectionCutByParry));
    }

    #[test]
    fn a_block_that_parries_nothing_is_no_parry() {
        // The red cannon steps between the cannon on c7 and its guard on e7, which attacked
        // nothing of Red's.
        let p = ply("4k4/9/R1c1r4/9/9/9/9/3C5/9/3K5 w", "d2d7");
        let t = threat(&p, "a7", "c7");
        assert!(!t.protection_lost[0].parry);
        assert!(!t.has(ThreatFact::ProtectionCutByParry));
    }

    #[test]
    fn a_target_that_keeps_its_root_is_no_chase() {
        // The reverse case: the other rook moves, and the cannon's guard, the horse on b9,
        // can still take back.
        let p = ply("1h2k4/9/R1c6/9/9/9/9/3R5/9/3K5 w", "d2d3");
        let t = threat(&p, "a7", "c7");
        assert!(t.has(ThreatFact::ReallyProtected));
        assert!(!t.has(ThreatFact::ProtectionRemoved) && !t.has(ThreatFact::New));
    }

    #[test]
    fn taking_the_protector_takes_the_root_away() {
        // The black rook on e7 guards the cannon on c7; the red horse takes it.
        let p = ply("4k4/9/R1c1r4/9/3H5/9/9/9/9/3K5 w", "d5e7");
        assert_lost(threat(&p, "a7", "c7"), "e7", ProtectionLoss::Captured);
    }
}
