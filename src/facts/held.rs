//! A piece held to its line (bị giam), as Điều 24.20 and 24.23 use the word.
//!
//! "Khi Xe bị Pháo giam không thể rời tuyến được" (Điều 24.23): the rook cannot leave its line.
//! What keeps it there is what leaving would cost: its own king uncovered (a pin, through a
//! cannon screen too, or the flying general), or a piece it shields lost to the enemy rook or
//! cannon standing on that line. Both are standing constraints of the position: a check of the
//! moment holds nothing (a piece that cannot answer a check may still leave its line once the
//! check is met), so they are asked of the board with the held piece's side to move.
//!
//! The facts derived here are `target-held` (the target would have to leave a line it is held
//! to in order to take the attacker: it "không thể rời tuyến ăn quân", Hình 64–65) and
//! `attacker-held` (the threat comes from a held piece moving along its own line: "sự di động
//! của nó trên tuyến đó", Điều 24.23's first clause).

use super::mobility::{StandingMoves, can_move_to, with_turn};
use super::model::{PieceId, Threat, ThreatFact};
use super::value::value;
use crate::xiangqi::{Color, Move, Position, Role, Square, SquareSet};

/// A line through a square: its file or its rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// The file (column) through the square.
    File,
    /// The rank (row) through the square.
    Rank,
}

impl Line {
    /// Whether `other` lies on this line through `sq`.
    fn joins(self, sq: Square, other: Square) -> bool {
        match self {
            Line::File => sq.file() == other.file(),
            Line::Rank => sq.rank() == other.rank(),
        }
    }
}

/// What holds the piece on a square: the lines it is held to, its destinations, and those its
/// standing constraints allow (those that uncover no attack on its own king).
#[derive(Debug, Clone, Default)]
pub struct Hold {
    /// The lines it is held to; empty when it is free.
    pub lines: Vec<Line>,
    /// Its destinations, ignoring the safety of its own king.
    pub reach: SquareSet,
    /// Its destinations that uncover no attack on its own king.
    pub free: SquareSet,
}

impl Hold {
    /// Whether the hold keeps the piece on `sq` from taking the piece on `other`: `other`
    /// stands off a line it is held to (taking it means leaving the line), or it could take
    /// `other` but only by uncovering its own king. An attacker on its line that it cannot
    /// reach at all (a cannon with no screen) is not kept from it by the hold.
    fn keeps_from(&self, sq: Square, other: Square) -> bool {
        !self.lines.is_empty()
            && (self.lines.iter().any(|line| !line.joins(sq, other))
                || (self.reach.contains(other) && !self.free.contains(other)))
    }
}

/// The [`Hold`] on the piece on `sq`: the lines it is held to.
///
/// A piece is held to a line when it moves along lines (a rook, a cannon or a pawn: a horse,
/// elephant or advisor has no line of its own to keep to), it has destinations both on the line
/// and off it, and every destination off the line would uncover an attack on its own king or
/// lose a piece it shields (see [`loses_shielded`]). A piece held to both lines cannot move at
/// all without such a cost; it is held to each. `standing` (of `pos`) gives the piece's
/// standing moves.
fn hold_with(pos: &Position, sq: Square, standing: &mut StandingMoves<'_>) -> Hold {
    let Some(piece) = pos.piece_at(sq) else {
        return Hold::default();
    };
    if !matches!(piece.role, Role::Rook | Role::Cannon | Role::Pawn) {
        return Hold::default();
    }
    let reach = pos.reach(sq);
    let free = standing.of(sq);
    let lines = [Line::File, Line::Rank]
        .into_iter()
        .filter(|&line| {
            let on: SquareSet = reach.iter().filter(|&to| line.joins(sq, to)).collect();
            let off = reach.minus(on);
            if on.is_empty() || off.is_empty() {
                return false;
            }
            // Found once per line, not once per destination.
            let holders = holders_on(pos, sq, piece.color.other(), line);
            off.iter()
                .all(|to| !free.contains(to) || loses_shielded(pos, sq, to, &holders))
        })
        .collect();
    Hold { lines, reach, free }
}

/// The pieces of `enemy` that may hold the piece on `sq` to `line`: its rooks and cannons on
/// that line, each with the squares it reaches now.
fn holders_on(pos: &Position, sq: Square, enemy: Color, line: Line) -> Vec<(Square, SquareSet)> {
    pos.pieces()
        .filter(|&(h, pc)| {
            pc.color == enemy
                && matches!(pc.role, Role::Rook | Role::Cannon)
                && h != sq
                && line.joins(sq, h)
        })
        .map(|(h, _)| (h, pos.reach(h)))
        .collect()
}

/// Whether moving the piece on `sq` to `to`, off its line, would lose a piece it shields: an
/// enemy rook or cannon standing on that line (`holders`, see [`holders_on`]) could then
/// legally take a friendly piece it cannot take now, and the taking would be a loss (nothing
/// can legally take back, or the piece is worth more than its taker). The king is not asked
/// here: uncovering it is a pin ([`super::mobility::standing_moves`]).
///
/// DECISION: "what it shields" is a loss, not any uncovered attack: a really protected piece
/// of no more worth than the holder may be left to it, for taking it would be an exchange.
fn loses_shielded(pos: &Position, sq: Square, to: Square, holders: &[(Square, SquareSet)]) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    let (owner, enemy) = (piece.color, piece.color.other());
    if holders.is_empty() {
        return false;
    }
    let mut left = with_turn(pos, owner);
    left.play_unchecked(Move { from: sq, to });
    let enemy_to_move = with_turn(&left, enemy);
    holders.iter().any(|&(holder, before)| {
        enemy_to_move
            .legal_targets_from(holder)
            .minus(before)
            .without(to)
            .iter()
            .any(|victim| {
                left.piece_at(victim)
                    .is_some_and(|v| v.color == owner && v.role != Role::King)
                    && is_loss(
                        &left,
                        Move {
                            from: holder,
                            to: victim,
                        },
                    )
            })
    })
}

/// Whether the capture `take` in `pos` wins material: the victim is worth more than its taker,
/// or after the capture nothing can legally take back.
fn is_loss(pos: &Position, take: Move) -> bool {
    let (Some(taker), Some(victim)) = (pos.piece_at(take.from), pos.piece_at(take.to)) else {
        return false;
    };
    if value(victim, take.to) > value(taker, take.from) {
        return true;
    }
    let mut taken = with_turn(pos, taker.color);
    taken.play_unchecked(take);
    !can_move_to(&taken, take.to)
}

/// The [`Hold`] on the piece on `sq` (see [`hold_with`]).
#[cfg(test)]
fn hold(pos: &Position, sq: Square) -> Hold {
    hold_with(pos, sq, &mut StandingMoves::new(pos))
}

/// Adds `target-held` and `attacker-held` to the threats of a ply.
///
/// `after` is the position after the move `mv`, which moved the piece `moved`.
/// `standing` holds the standing moves of `after` asked so far.
pub fn mark_held(
    threats: &mut [Threat],
    after: &Position,
    mv: Move,
    moved: PieceId,
    standing: &mut StandingMoves<'_>,
) {
    // The holds asked about so far: a ply has a handful of threats, on fewer pieces.
    let mut known: Vec<(Square, Hold)> = Vec::new();
    let mut hold_on = |sq: Square| -> Hold {
        if let Some((_, h)) = known.iter().find(|(s, _)| *s == sq) {
            return h.clone();
        }
        let h = hold_with(after, sq, standing);
        known.push((sq, h.clone()));
        h
    };
    for threat in threats.iter_mut() {
        let (target, attacker) = (threat.target.square, threat.attacker.square);
        // Held, and taking the attacker would cost it: the attacker stands off a line it is
        // held to, or taking it would uncover its king (Hình 39: the rook is a horse's leg).
        if hold_on(target).keeps_from(target, attacker) {
            threat.facts.push(ThreatFact::TargetHeld);
        }
        // The held piece's own move along its line made the threat.
        if threat.attacker.id == moved
            && hold_on(attacker)
                .lines
                .iter()
                .any(|line| line.joins(attacker, mv.from))
        {
            threat.facts.push(ThreatFact::AttackerHeld);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, hold};
    use crate::facts::{Settings, Threat, ThreatFact, compute};
    use crate::xiangqi::{Position, Square};

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn held(fen: &str, sq: &str) -> Vec<Line> {
        hold(&Position::from_fen(fen).unwrap(), square(sq)).lines
    }

    /// The threats on the piece on `target` after the last of `moves` from `fen`.
    fn threats_on(fen: &str, moves: &str, target: &str) -> Vec<Threat> {
        let pos = Position::from_fen(fen).unwrap();
        let moves: Vec<_> = moves
            .split_whitespace()
            .map(|m| m.parse().unwrap())
            .collect();
        let facts = compute(&pos, &moves, &Settings::default()).unwrap();
        facts.plies[moves.len() - 1]
            .threats
            .iter()
            .filter(|t| t.target.square.to_string() == target)
            .cloned()
            .collect()
    }

    #[test]
    fn a_rook_pinned_through_a_cannon_screen_is_held_to_its_file() {
        // Hình 63's hold: the red cannon on e2 aims at the black king through the rook on e6
        // and the advisor on e8; the rook leaving the e-file would leave the advisor as the
        // screen of a check.
        let fen = "4ka3/4a4/9/4r4/9/9/9/1C2C4/p3A4/3K1AB1n w";
        assert_eq!(held(fen, "e6"), [Line::File]);
    }

    #[test]
    fn a_rook_that_shields_an_unprotected_piece_is_held() {
        // The red cannon on e1 and the black pawn on e3 (its screen) aim at nothing: the rook on
        // e6 stands between them and the black horse on e8, which nothing protects. The black
        // king is off the file, so only the horse holds the rook to it. (The red king stands
        // behind its cannon, so that no square the rook leaves to gives check.)
        let fen = "3k5/4n4/9/4r4/9/9/4p4/9/4C4/4K4 w";
        assert_eq!(held(fen, "e6"), [Line::File]);
    }

    #[test]
    fn a_rook_that_shields_a_really_protected_equal_piece_is_free() {
        // The same, with the black advisor on d9 and the king on e9 guarding the horse: the
        // cannon taking it would be taken back, so leaving the file costs an exchange at worst.
        let fen = "3ak4/4n4/9/4r4/9/9/4p4/9/4C4/4K4 w";
        assert!(held(fen, "e6").is_empty());
    }

    #[test]
    fn a_free_rook_is_not_held() {
        let fen = "3k5/9/9/4r4/9/9/9/9/4C4/5K3 w";
        assert!(held(fen, "e6").is_empty());
    }

    #[test]
    fn a_horse_is_never_held_to_a_line() {
        // The horse on e8 is pinned (cannon screen): it is pinned, not held to a line.
        let fen = "4k4/4n4/9/4p4/9/9/9/9/4C4/R2K5 w";
        assert!(held(fen, "e8").is_empty());
    }

    #[test]
    fn a_check_of_the_moment_holds_nothing() {
        // Red checks with the horse; the black rook on a2 cannot answer it (it has no legal
        // move), but nothing keeps it on the a-file or the second rank once the check is met.
        let fen = "4k4/9/9/9/4H4/9/9/r8/9/3K5 w";
        let pos = Position::from_fen(fen).unwrap();
        let mut after = pos;
        after.play_unchecked("e5f7".parse().unwrap());
        assert!(after.is_check());
        assert!(hold(&after, square("a2")).lines.is_empty());
    }

    #[test]
    fn a_rook_attacked_off_its_line_is_held_and_on_it_is_not() {
        // Hình 64's first move: the red rook comes to b7 and attacks the black rook on e7, held
        // to the e-file by the red cannon on e2 (through the black cannon on e8 to the king).
        let fen = "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w";
        let on_rook = threats_on(fen, "b3b7", "e7");
        assert_eq!(on_rook.len(), 1);
        assert!(on_rook[0].has(ThreatFact::TargetHeld));
        // The red cannon on e2 attacks the black cannon on e8 through the rook. The black cannon
        // is held to the e-file too, but its attacker stands on that file: it may take it
        // without leaving its line.
        let on_cannon = threats_on(fen, "b3b7", "e8");
        assert!(!on_cannon[0].has(ThreatFact::TargetHeld));
    }

    #[test]
    fn a_rook_held_to_its_rank_by_a_horse_leg_cannot_take_along_it() {
        // Hình 39: the black rook on f8 is the leg of the red horse on g8 aimed at the black
        // king. Every move but taking the horse uncovers a check: it is held to rank 8, and
        // the red rook that comes to b8 on that rank cannot be taken.
        let fen = "2baka3/C4rN2/4b1n2/1Rp5p/6p2/2P6/4c1P1c/4B3C/4A4/4KAB2 w";
        let t = threats_on(fen, "b6b8", "f8");
        let by_rook = t
            .iter()
            .find(|t| t.attacker.square.to_string() == "b8")
            .unwrap();
        assert!(by_rook.has(ThreatFact::TargetHeld));
    }

    #[test]
    fn a_held_rook_moving_along_its_line_makes_held_threats() {
        // Hình 64's answer: the held black rook runs down the e-file; its threat on the red
        // cannon comes from a move along the line it is held to.
        let fen = "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w";
        let t = threats_on(fen, "b3b7 e7e3", "e2");
        let by_rook = t
            .iter()
            .find(|t| t.attacker.square.to_string() == "e3")
            .unwrap();
        assert!(by_rook.has(ThreatFact::AttackerHeld));
        // The red rook that attacks it is free: its threat is no held piece's.
        let t = threats_on(fen, "b3b7 e7e3 b7b3", "e3");
        assert!(t[0].has(ThreatFact::TargetHeld) && !t[0].has(ThreatFact::AttackerHeld));
    }
}
