//! Facts about a whole move: check, blocks, sacrifices, exchange offers, evasions, idle moves.

use super::identity::Identities;
use super::lines::with_turn;
use super::model::{MoveFact, PieceAt, Threat, ThreatFact};
use crate::xiangqi::{Color, Move, Position, Role, Square, SquareSet};

/// The (attacker, target) squares of `side`'s captures and checks in `pos`, given
/// `side_captures`, the legal captures of `side` there (as if it were to move, see
/// `lines::legal_captures`).
fn attack_lines(pos: &Position, side: Color, side_captures: &[Move]) -> Vec<(Square, Square)> {
    let mut lines: Vec<(Square, Square)> = side_captures.iter().map(|m| (m.from, m.to)).collect();
    let enemy_king = pos.king(side.other());
    for checker in pos.attackers(enemy_king, side).iter() {
        lines.push((checker, enemy_king));
    }
    lines
}

/// Whether the move interposed on an enemy line of attack: an enemy attack (a capture threat
/// or a check) that existed before the move is gone after it although neither its attacker nor
/// its target moved or was taken. `enemy_before` and `enemy_after` are the enemy's legal captures
/// before and after the move (as if it were to move).
pub fn is_block(
    before: &Position,
    after: &Position,
    mv: Move,
    mover: Color,
    enemy_before: &[Move],
    enemy_after: &[Move],
) -> bool {
    let enemy = mover.other();
    let old = attack_lines(before, enemy, enemy_before);
    let new = attack_lines(after, enemy, enemy_after);
    old.iter().any(|&(from, to)| {
        from != mv.to
            && to != mv.from
            && !new.contains(&(from, to))
            && after.piece_at(from) == before.piece_at(from)
            && after.piece_at(to) == before.piece_at(to)
    })
}

/// Whether the moved piece can be taken on its new square and, whichever capture the opponent
/// chooses, the mover cannot take back. `after` has the opponent to move.
pub fn is_sacrifice(after: &Position, to: Square) -> bool {
    let takers = after.legal_movers_to(to);
    !takers.is_empty()
        && takers.iter().any(|from| {
            let mut next = *after;
            next.play_unchecked(Move { from, to });
            !next.has_legal_move_to(to)
        })
}

/// Whether the moved piece newly attacks an enemy piece of its own kind that can take it back.
pub fn is_exchange_offer(threats: &[Threat], moved: &PieceAt) -> bool {
    threats.iter().any(|t| {
        t.attacker.id == moved.id
            && t.has(ThreatFact::New)
            && t.has(ThreatFact::SameKind)
            && t.has(ThreatFact::TargetCanCaptureAttacker)
    })
}

/// One discovered attack the mover has set up: (screen or blocker, attacker, victim) squares.
pub type Setup = (Square, Square, Square);

/// The discovered attacks the mover has set up in `pos`: (screen or blocker, attacker, victim)
/// squares such that moving the blocker away would let the attacker take the victim (or check
/// the king) where it cannot now. The blocker moves away by its first legal move in `pos`, the
/// mover to move (in the order of [`Position::legal_moves`]).
pub fn uncovering_setups(pos: &Position, mover: Color) -> Vec<Setup> {
    let p = with_turn(pos, mover);
    // Asked only once some blocker has a line piece behind it.
    let mut legality = None;
    let mut setups = Vec::new();
    let friends: Vec<(Square, Role)> = p
        .pieces()
        .filter(|(_, pc)| pc.color == mover)
        .map(|(sq, pc)| (sq, pc.role))
        .collect();
    // The line pieces with what each reaches now.
    let line_pieces: Vec<(Square, SquareSet)> = friends
        .iter()
        .filter(|(_, r)| matches!(r, Role::Rook | Role::Cannon | Role::Horse | Role::Elephant))
        .map(|&(sq, _)| (sq, p.reach(sq)))
        .collect();
    let enemies = p.occupied(mover.other());
    for &(blocker, role) in &friends {
        if role == Role::King {
            continue;
        }
        let mut related = line_pieces
            .iter()
            .filter(|&&(x, _)| x != blocker && related_by_line(x, blocker))
            .peekable();
        if related.peek().is_none() {
            continue;
        }
        let legality = legality.get_or_insert_with(|| p.legality());
        let Some(&away) = p.legal_moves_from(blocker, legality).first() else {
            continue;
        };
        let mut moved = p;
        moved.play_unchecked(away);
        for &(x, before) in related {
            let uncovered = moved.reach(x).minus(before).without(away.to);
            for victim in SquareSet::intersection(uncovered, enemies).iter() {
                let setup = (blocker, x, victim);
                if !setups.contains(&setup) {
                    setups.push(setup);
                }
            }
        }
    }
    setups
}

/// Whether `blocker` can stand in the way of the piece on `x`: same rank or file (rook and
/// cannon lines, cannon screens) or next to it diagonally or orthogonally (horse legs and
/// elephant eyes).
fn related_by_line(x: Square, blocker: Square) -> bool {
    let df = x.file().abs_diff(blocker.file());
    let dr = x.rank().abs_diff(blocker.rank());
    x.file() == blocker.file() || x.rank() == blocker.rank() || (df <= 1 && dr <= 1)
}

/// Whether the moved piece was under a capture threat before the move and is not after it.
/// `enemy_before` and `enemy_after` are the enemy's legal captures before and after the move
/// (as if it were to move).
pub fn is_evasion(
    before: &Position,
    after: &Position,
    mv: Move,
    mover: Color,
    enemy_before: &[Move],
    enemy_after: &[Move],
) -> bool {
    let enemy = mover.other();
    let takes = |pos: &Position, moves: &[Move], sq: Square| {
        moves.iter().any(|m| {
            m.to == sq
                && pos
                    .piece_at(sq)
                    .is_some_and(|t| t.color != enemy && t.role != Role::King)
        })
    };
    takes(before, enemy_before, mv.from) && !takes(after, enemy_after, mv.to)
}

/// Whether a move with the given facts is idle (Điều 22.8, nước chờ).
pub fn is_idle(facts: &[MoveFact], threats: &[Threat]) -> bool {
    const ACTIVE: [MoveFact; 8] = [
        MoveFact::Check,
        MoveFact::MateThreat,
        MoveFact::Capture,
        MoveFact::Block,
        MoveFact::ParriesMateThreat,
        MoveFact::Sacrifice,
        MoveFact::ExchangeOffer,
        MoveFact::Checkmate,
    ];
    // A move that takes away the real protection of a target it keeps attacking threatens to
    // win that piece as much as a new attack does (see `ThreatFact::ProtectionRemoved`).
    !ACTIVE.iter().any(|f| facts.contains(f))
        && !threats
            .iter()
            .any(|t| t.has(ThreatFact::New) || t.has(ThreatFact::ProtectionRemoved))
}

/// The checking pieces of the mover after the move.
pub fn checkers(after: &Position, ids: &Identities) -> Vec<PieceAt> {
    after
        .checkers()
        .into_iter()
        .filter_map(|sq| ids.piece_at(after, sq))
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::facts::{MoveFact, PlyFacts, Settings, compute};
    use crate::xiangqi::Position;

    fn plies(fen: &str, moves: &str) -> Vec<PlyFacts> {
        let pos = Position::from_fen(fen).unwrap();
        let moves: Vec<_> = moves
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        compute(&pos, &moves, &Settings::default()).unwrap().plies
    }

    #[test]
    fn double_and_discovered_check() {
        let p = &plies("4k4/9/9/9/4H4/9/9/9/4R4/3K5 w", "e5f7")[0];
        assert!(p.has(MoveFact::Check) && p.has(MoveFact::DoubleCheck));
        assert!(p.has(MoveFact::DiscoveredCheck));
        assert_eq!(p.checkers.len(), 2);
    }

    #[test]
    fn a_quiet_move_can_threaten_mate() {
        // With the rook on a8 holding rank 8, the rook on b2 mates on b9 whenever it is red's
        // turn: the king's step makes that a threat.
        let p = &plies("4k4/R8/9/9/9/9/9/1R7/9/3K5 w", "d0d1")[0];
        assert!(p.has(MoveFact::MateThreat));
        assert_eq!(p.mate_line.len(), 1);
        assert!(!p.has(MoveFact::Idle));
    }

    #[test]
    fn interposing_is_a_block_and_a_sacrifice_when_unguarded() {
        // The horse steps between the black rook and the red cannon it attacked.
        let p = &plies("5k3/r8/9/9/9/2H6/9/C8/9/3K5 w", "c4a5")[0];
        assert!(p.has(MoveFact::Block));
        assert!(p.has(MoveFact::Sacrifice));
    }

    #[test]
    fn fleeing_is_an_evasion_and_shuffling_is_idle() {
        let ps = plies("4k4/9/9/9/9/9/9/9/4A4/r2K5 w", "d0d1 e9e8");
        assert!(ps[0].has(MoveFact::AnswersCheck));
        assert!(ps[1].has(MoveFact::Idle));
    }

    #[test]
    fn answering_a_mate_threat_parries_it() {
        // Red threatens Rb9 mate; black's king steps out of the net.
        let ps = plies("4k4/R8/9/9/9/9/9/1R7/9/3K5 w", "d0d1 e9f9");
        assert!(ps[0].has(MoveFact::MateThreat));
        assert_eq!(
            ps[1].has(MoveFact::ParriesMateThreat),
            !ps[1].has(MoveFact::Idle)
        );
    }

    #[test]
    fn an_exchange_offer_attacks_a_piece_of_the_same_kind_that_can_take_back() {
        let p = &plies("4k4/9/9/r8/9/9/9/2R6/H8/C2K5 w", "c2a2")[0];
        assert!(p.has(MoveFact::ExchangeOffer));
    }
}
