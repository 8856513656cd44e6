//! Facts about a whole move: blocks, what the opponent can do to the moved piece, discovered
//! attacks set up, evasions.

use std::cmp::Ordering;

use super::identity::Identities;
use super::material::capture_outcome;
use super::mobility::with_turn;
use super::model::PieceAt;
use crate::xiangqi::{Color, Move, Position, Role, Square, SquareSet};

/// The (attacker, target) squares of `side`'s captures and checks in `pos`, given
/// `side_captures`, the legal captures of `side` there (as if it were to move, see
/// `Position::legal_captures`).
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

/// What the opponent can do to the moved piece on its new square `to`. `after` has the
/// opponent to move.
#[derive(Debug, Clone, Copy, Default)]
pub struct MovedPiece {
    /// The opponent can legally take it.
    pub attacked: bool,
    /// It can be taken, and every legal capture of it can be legally taken back.
    pub really_protected: bool,
    /// Some capture of it, with the captures that follow, wins the opponent material.
    pub capture_wins: bool,
    /// It can be taken, and every capture of it, with the captures that follow, loses the
    /// opponent material.
    pub capture_loses: bool,
}

impl MovedPiece {
    /// The moved piece on `to`, the opponent to move in `after`.
    pub fn on(after: &Position, to: Square) -> MovedPiece {
        let takes: Vec<Move> = after
            .legal_movers_to(to)
            .iter()
            .map(|from| Move { from, to })
            .collect();
        let outcomes: Vec<Ordering> = takes.iter().map(|&t| capture_outcome(after, t)).collect();
        MovedPiece {
            attacked: !takes.is_empty(),
            really_protected: !takes.is_empty()
                && takes.iter().all(|&take| {
                    let mut next = *after;
                    next.play_unchecked(take);
                    next.has_legal_move_to(to)
                }),
            capture_wins: outcomes.iter().any(|o| o.is_gt()),
            capture_loses: !outcomes.is_empty() && outcomes.iter().all(|o| o.is_lt()),
        }
    }
}

/// One discovered attack the mover has set up: (screen or blocker, attacker, victim) squares.
pub type Setup = (Square, Square, Square);

/// The discovered attacks the mover has set up in `pos`: (screen or blocker, attacker, victim)
/// squares such that some legal move of the blocker (the mover to move) would let the attacker
/// take the victim (or check the king) where it cannot now.
pub fn uncovering_setups(pos: &Position, mover: Color) -> Vec<Setup> {
    setups_asking(pos, mover, may_uncover)
}

/// Whether moving the blocker on the last square away may let the piece of the given role on
/// the first square reach further (see [`may_uncover`]).
type Relation = fn(&Position, Square, Role, Square) -> bool;

/// [`uncovering_setups`], asking only the (line piece, blocker) pairs `related` admits.
fn setups_asking(pos: &Position, mover: Color, related: Relation) -> Vec<Setup> {
    let p = with_turn(pos, mover);
    // Asked only once some blocker has a line piece behind it.
    let mut legality = None;
    let mut setups = Vec::new();
    // The line pieces with what each reaches now.
    let line_pieces: Vec<(Square, Role, SquareSet)> = p
        .pieces()
        .filter(|(_, pc)| {
            pc.color == mover
                && matches!(
                    pc.role,
                    Role::Rook | Role::Cannon | Role::Horse | Role::Elephant
                )
        })
        .map(|(sq, pc)| (sq, pc.role, p.reach(sq)))
        .collect();
    let enemies = p.occupied(mover.other());
    for (blocker, piece) in p.pieces() {
        if piece.color != mover || piece.role == Role::King {
            continue;
        }
        // The line pieces this blocker may stand in the way of, as a set: no list to build
        // for each blocker.
        let behind: SquareSet = line_pieces
            .iter()
            .filter(|&&(x, role, _)| x != blocker && related(&p, x, role, blocker))
            .map(|&(x, _, _)| x)
            .collect();
        if behind.is_empty() {
            continue;
        }
        let legality = legality.get_or_insert_with(|| p.legality());
        let uncoverable = line_pieces.iter().filter(|(x, _, _)| behind.contains(*x));
        for &away in p.legal_moves_from(blocker, legality).iter() {
            let mut moved = p;
            moved.play_unchecked(away);
            for &(x, _, before) in uncoverable.clone() {
                let uncovered = moved.reach(x).minus(before).without(away.to);
                for victim in SquareSet::intersection(uncovered, enemies).iter() {
                    let setup = (blocker, x, victim);
                    if !setups.contains(&setup) {
                        setups.push(setup);
                    }
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

/// Whether moving `blocker` away may let the `role` on `x` reach a square it cannot reach now
/// ([`related_by_line`], narrowed where the geometry allows). A rook reaches further only
/// through the point its line's first piece leaves; a horse only through a freed leg, an
/// elephant through a freed eye (a piece arriving only shortens their reach). A cannon may
/// also gain a screen where the blocker arrives, so for it the relation stays whole.
fn may_uncover(p: &Position, x: Square, role: Role, blocker: Square) -> bool {
    let df = x.file().abs_diff(blocker.file());
    let dr = x.rank().abs_diff(blocker.rank());
    match role {
        Role::Rook => (df == 0 || dr == 0) && nothing_between(p, x, blocker),
        Role::Horse => df + dr == 1,
        Role::Elephant => df == 1 && dr == 1,
        _ => related_by_line(x, blocker),
    }
}

/// Whether no piece stands between `a` and `b`, two different points of one rank or file.
fn nothing_between(p: &Position, a: Square, b: Square) -> bool {
    let step = |from: u8, to: u8| match to.cmp(&from) {
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Greater => 1,
    };
    let (sf, sr) = (step(a.file(), b.file()), step(a.rank(), b.rank()));
    let mut at = a.offset(sf, sr);
    while let Some(sq) = at {
        if sq == b {
            return true;
        }
        if p.piece_at(sq).is_some() {
            return false;
        }
        at = sq.offset(sf, sr);
    }
    false
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
    fn the_narrowed_relation_finds_every_setup_the_whole_one_finds() {
        // `may_uncover` skips pairs whose geometry cannot uncover anything; on positions of
        // every kind the setups must be those of asking every pair on a line or next to it.
        let fens = [
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w",
            "2e1ka3/4a4/4e4/p8/2h6/6R2/P3c4/4C4/4A4/2EK1AE2 w",
            "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w",
            "2baka3/C4rN2/4b1n2/1Rp5p/6p2/2P6/4c1P1c/4B3C/4A4/4KAB2 w",
            "5k3/r8/9/P8/9/H8/9/C8/9/3K5 w",
        ];
        let whole: super::Relation = |_, x, _, blocker| super::related_by_line(x, blocker);
        let mut found = 0;
        for pos in crate::xiangqi::random_walks(&fens, 0x2b99_2ddf_a232_49d6, 12, 2) {
            for mover in crate::xiangqi::Color::ALL {
                let narrowed = super::uncovering_setups(&pos, mover);
                assert_eq!(
                    narrowed,
                    super::setups_asking(&pos, mover, whole),
                    "{pos:?}"
                );
                found += narrowed.len();
            }
        }
        assert!(found > 20, "{found}");
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
    }

    #[test]
    fn interposing_is_a_block_and_leaves_the_piece_to_be_taken_for_nothing() {
        // The horse steps between the black rook and the red cannon it attacked.
        let p = &plies("5k3/r8/9/9/9/2H6/9/C8/9/3K5 w", "c4a5")[0];
        assert!(p.has(MoveFact::Block));
        assert!(p.has(MoveFact::MovedAttacked) && p.has(MoveFact::MovedCaptureWins));
        // The cannon behind it has no screen to take back with.
        assert!(!p.has(MoveFact::MovedReallyProtected));
    }

    #[test]
    fn a_piece_offered_for_nothing_is_not_really_protected() {
        // The red rook steps beside the black rook, which can take it, and nothing guards it.
        let p = &plies("4k4/9/9/r8/9/9/9/2R6/9/3K5 w", "c2a2")[0];
        assert!(p.has(MoveFact::MovedAttacked) && !p.has(MoveFact::MovedReallyProtected));
        assert!(p.has(MoveFact::MovedCaptureWins) && !p.has(MoveFact::MovedCaptureLoses));
    }

    #[test]
    fn a_piece_offered_in_an_even_trade_neither_wins_nor_loses() {
        // Guarded by the cannon behind the horse on a1: taking it is a rook for a rook.
        let p = &plies("4k4/9/9/r8/9/9/9/2R6/H8/C2K5 w", "c2a2")[0];
        assert!(p.has(MoveFact::MovedAttacked) && p.has(MoveFact::MovedReallyProtected));
        assert!(!p.has(MoveFact::MovedCaptureWins) && !p.has(MoveFact::MovedCaptureLoses));
    }

    #[test]
    fn fleeing_is_an_evasion_and_answering_a_check_is_said() {
        let ps = plies("4k4/9/9/9/9/9/9/9/4A4/r2K5 w", "d0d1 e9e8");
        assert!(ps[0].has(MoveFact::AnswersCheck));
        assert!(!ps[1].has(MoveFact::AnswersCheck));
    }

    #[test]
    fn a_step_that_leaves_the_mate_standing_parries_nothing() {
        // Red threatens Rb9 mate; the black king's step to f9 leaves it standing (rank 8 is
        // the rook's on a8).
        let ps = plies("4k4/R8/9/9/9/9/9/1R7/9/3K5 w", "d0d1 e9f9");
        assert!(ps[0].has(MoveFact::MateThreat));
        assert!(!ps[1].has(MoveFact::ParriesMateThreat));
    }
}
