//! What keeps a piece where it stands: the enemy pieces that pin it, the line its standing
//! moves keep to, and the lines along which it shields a friendly piece from an enemy rook or
//! cannon.
//!
//! Everything here is asked of the position's standing constraints, with the piece's own side
//! to move: a check of the moment binds a side for one move and keeps no piece anywhere (a
//! piece that cannot answer a check may still move once the check is met). The rule files
//! read these observations as the law's "bị giam" (held) and "bị ghim" (pinned); this module
//! says only what the board shows.

use super::identity::Identities;
use super::mobility::{StandingMoves, can_move_to, with_turn};
use super::model::{PieceAt, PieceId, Threat, ThreatFact};
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

    /// The line through `sq` that a move from `from` to `sq` ran along, if it ran along one.
    fn of_move(from: Square, sq: Square) -> Option<Line> {
        if from.file() == sq.file() {
            Some(Line::File)
        } else if from.rank() == sq.rank() {
            Some(Line::Rank)
        } else {
            None
        }
    }
}

/// What restrains the piece on a square, every part at once (the tests ask for it whole; a
/// ply asks each part of [`Restraints`] only when a threat needs it).
#[cfg(test)]
#[derive(Debug, Clone, Default)]
struct Restraint {
    /// The enemy pieces that would attack its king were it to make some move it reaches: the
    /// pieces that pin it (a rook, a cannon through a screen, a horse whose leg it is, the
    /// other king across an open file).
    pinners: Vec<Square>,
    /// The line its standing moves all keep to while what it reaches leaves that line, if there
    /// is one (no standing move at all keeps to every line).
    confined: Option<Line>,
    /// The lines along which it shields: a rook, a cannon or a pawn with standing moves off the
    /// line, every one of which would let an enemy rook or cannon on that line take a friendly
    /// piece it cannot take now, winning material by it (see [`exposes_shielded`]).
    shields: Vec<Line>,
}

/// The restraints on the pieces of one position, each part found when first asked and only
/// then: every threat asks for the pins of its target and attacker and whether its target
/// shields along some line, but only a threat of the piece that moved along a line asks
/// whether that piece is confined to that line or shields along it.
struct Restraints<'a, 's> {
    pos: &'a Position,
    /// The standing moves of `pos` asked so far.
    standing: &'a mut StandingMoves<'s>,
    /// The pinners found so far, by square.
    pinners: Vec<(Square, Vec<Square>)>,
    /// The lines asked so far, by square: whether the piece there shields along them.
    shields: Vec<(Square, Line, bool)>,
}

impl<'a, 's> Restraints<'a, 's> {
    /// Nothing asked yet in `pos`, whose standing moves `standing` holds.
    fn new(pos: &'a Position, standing: &'a mut StandingMoves<'s>) -> Self {
        Restraints {
            pos,
            standing,
            pinners: Vec::new(),
            shields: Vec::new(),
        }
    }

    /// The enemy pieces that would attack the king of the piece on `sq` were it to make some
    /// move it reaches: the pieces that pin it (a rook, a cannon through a screen, a horse
    /// whose leg it is, the other king across an open file).
    fn pinners(&mut self, sq: Square) -> Vec<Square> {
        if let Some((_, found)) = self.pinners.iter().find(|(s, _)| *s == sq) {
            return found.clone();
        }
        let barred = self.pos.reach(sq).minus(self.standing.of(sq));
        let found = pinners(self.pos, sq, barred);
        self.pinners.push((sq, found.clone()));
        found
    }

    /// The line through `sq` that the standing moves of the piece there all keep to while
    /// what it reaches leaves that line, if there is one (no standing move at all keeps to
    /// every line).
    fn confined(&mut self, sq: Square) -> Option<Line> {
        // An empty square holds nothing to confine.
        self.pos.piece_at(sq)?;
        confined_line(sq, self.pos.reach(sq), self.standing.of(sq))
    }

    /// Whether the piece on `sq` shields along `line`: a rook, a cannon or a pawn with
    /// standing moves off the line, every one of which would let an enemy rook or cannon on
    /// that line take a friendly piece it cannot take now, winning material by it (see
    /// [`exposes_shielded`]).
    fn shields_along(&mut self, sq: Square, line: Line) -> bool {
        if let Some(&(_, _, known)) = self.shields.iter().find(|(s, l, _)| *s == sq && *l == line) {
            return known;
        }
        let shields = match self.pos.piece_at(sq) {
            Some(piece) if matches!(piece.role, Role::Rook | Role::Cannon | Role::Pawn) => {
                shields_along(self.pos, sq, piece.color, self.standing.of(sq), line)
            }
            _ => false,
        };
        self.shields.push((sq, line, shields));
        shields
    }

    /// Whether the piece on `sq` shields along its file or its rank.
    fn shields_any(&mut self, sq: Square) -> bool {
        [Line::File, Line::Rank]
            .into_iter()
            .any(|line| self.shields_along(sq, line))
    }
}

/// The enemy pieces that would newly attack the king of the piece on `sq` after one of its
/// moves to `barred` (the squares it reaches that its standing constraints forbid).
fn pinners(pos: &Position, sq: Square, barred: SquareSet) -> Vec<Square> {
    let Some(piece) = pos.piece_at(sq) else {
        return Vec::new();
    };
    if barred.is_empty() || piece.role == Role::King {
        return Vec::new();
    }
    let (owner, enemy) = (piece.color, piece.color.other());
    let own = with_turn(pos, owner);
    let king = own.king(owner);
    let before = own.attackers(king, enemy);
    let mut found: Vec<Square> = Vec::new();
    for to in barred.iter() {
        let mut next = own;
        next.play_unchecked(Move { from: sq, to });
        for p in next.attackers(king, enemy).minus(before).iter() {
            if !found.contains(&p) {
                found.push(p);
            }
        }
    }
    found
}

/// The line through `sq` that every square of `free` keeps to while `reach` leaves it.
fn confined_line(sq: Square, reach: SquareSet, free: SquareSet) -> Option<Line> {
    [Line::File, Line::Rank].into_iter().find(|&line| {
        free.iter().all(|to| line.joins(sq, to)) && !reach.iter().all(|to| line.joins(sq, to))
    })
}

/// Whether the piece of `owner` on `sq`, whose standing moves are `free`, shields along
/// `line` (see [`Restraints::shields_along`]).
fn shields_along(pos: &Position, sq: Square, owner: Color, free: SquareSet, line: Line) -> bool {
    let off: Vec<Square> = free.iter().filter(|&to| !line.joins(sq, to)).collect();
    if off.is_empty() {
        return false;
    }
    // Found once per line, not once per destination.
    let holders = holders_on(pos, sq, owner.other(), line);
    !holders.is_empty()
        && off
            .iter()
            .all(|&to| exposes_shielded(pos, sq, to, &holders))
}

/// The pieces of `enemy` that stand on `line` through `sq`: its rooks and cannons there,
/// each with the squares it reaches now.
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

/// Whether moving the piece on `sq` to `to` would let an enemy rook or cannon of `holders`
/// legally take a friendly piece (not the king) it cannot take now, winning material: the
/// piece is worth more than its taker, or nothing can legally take back.
fn exposes_shielded(
    pos: &Position,
    sq: Square,
    to: Square,
    holders: &[(Square, SquareSet)],
) -> bool {
    let Some(piece) = pos.piece_at(sq) else {
        return false;
    };
    let (owner, enemy) = (piece.color, piece.color.other());
    let mut left = with_turn(pos, owner);
    left.play_unchecked(Move { from: sq, to });
    let enemy_to_move = with_turn(&left, enemy);
    let victims = left.occupied(owner).without(left.king(owner));
    // King safety is asked only of the captures the move opened onto a victim (most moves
    // open none), and once for all of them.
    let mut legality = None;
    holders.iter().any(|&(holder, before)| {
        SquareSet::intersection(left.reach(holder).minus(before).without(to), victims)
            .iter()
            .any(|victim| {
                let take = Move {
                    from: holder,
                    to: victim,
                };
                legality
                    .get_or_insert_with(|| enemy_to_move.legality())
                    .allows(&enemy_to_move, take)
                    && wins_material(&left, take)
            })
    })
}

/// Whether the capture `take` in `pos` wins material: the victim is worth more than its
/// taker, or after the capture nothing can legally take back.
fn wins_material(pos: &Position, take: Move) -> bool {
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

/// The [`Restraint`] on the piece on `sq`, every part asked.
#[cfg(test)]
fn restraint(pos: &Position, sq: Square) -> Restraint {
    let mut standing = StandingMoves::new(pos);
    let mut parts = Restraints::new(pos, &mut standing);
    Restraint {
        pinners: parts.pinners(sq),
        confined: parts.confined(sq),
        shields: [Line::File, Line::Rank]
            .into_iter()
            .filter(|&line| parts.shields_along(sq, line))
            .collect(),
    }
}

/// Adds the restraint facts to the threats of a ply: `target-shields`, the pieces that pin
/// the target and the attacker, and, for a threat of the piece that moved along a line,
/// whether that line is one it is confined to or shields along.
///
/// `after` is the position after the move `mv`, which moved the piece `moved`; `ids` are the
/// identities after it. `standing` holds the standing moves of `after` asked so far.
pub fn mark_restraints(
    threats: &mut [Threat],
    after: &Position,
    ids: &Identities,
    mv: Move,
    moved: PieceId,
    standing: &mut StandingMoves<'_>,
) {
    let mut restraints = Restraints::new(after, standing);
    let pieces = |squares: &[Square]| -> Vec<PieceAt> {
        squares
            .iter()
            .filter_map(|&sq| ids.piece_at(after, sq))
            .collect()
    };
    for threat in threats.iter_mut() {
        let (target, attacker) = (threat.target.square, threat.attacker.square);
        if restraints.shields_any(target) {
            threat.facts.push(ThreatFact::TargetShields);
        }
        threat.target_pinners = pieces(&restraints.pinners(target));
        threat.attacker_pinners = pieces(&restraints.pinners(attacker));
        let move_line = Line::of_move(mv.from, attacker).filter(|_| threat.attacker.id == moved);
        if let Some(line) = move_line {
            if restraints.confined(attacker) == Some(line) {
                threat.facts.push(ThreatFact::AttackerConfinedToMoveLine);
            }
            if restraints.shields_along(attacker, line) {
                threat.facts.push(ThreatFact::AttackerShieldsMoveLine);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, restraint};
    use crate::facts::{Settings, Threat, ThreatFact, compute};
    use crate::xiangqi::{Position, Role, Square};

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn shields(fen: &str, sq: &str) -> Vec<Line> {
        restraint(&Position::from_fen(fen).unwrap(), square(sq)).shields
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
    fn a_rook_pinned_through_a_cannon_screen_is_confined_and_names_the_cannon() {
        // Hình 63's pin: the red cannon on e2 aims at the black king through the rook on e6
        // and the advisor on e8; the rook leaving the e-file would leave the advisor as the
        // screen of a check.
        let pos = Position::from_fen("4ka3/4a4/9/4r4/9/9/9/1C2C4/p3A4/3K1AB1n w").unwrap();
        let r = restraint(&pos, square("e6"));
        assert_eq!(r.confined, Some(Line::File));
        assert_eq!(r.pinners, [square("e2")]);
        assert_eq!(pos.piece_at(r.pinners[0]).unwrap().role, Role::Cannon);
        assert!(r.shields.is_empty());
    }

    #[test]
    fn a_rook_that_shields_an_unprotected_piece_shields_along_its_file() {
        // The red cannon on e1 and the black pawn on e3 (its screen) aim at nothing: the rook
        // on e6 stands between them and the black horse on e8, which nothing protects. The
        // black king is off the file, so nothing pins the rook: it is free to leave, at the
        // cost of the horse.
        let fen = "3k5/4n4/9/4r4/9/9/4p4/9/4C4/4K4 w";
        assert_eq!(shields(fen, "e6"), [Line::File]);
        let r = restraint(&Position::from_fen(fen).unwrap(), square("e6"));
        assert!(r.pinners.is_empty() && r.confined.is_none());
    }

    #[test]
    fn a_rook_before_a_really_protected_equal_piece_shields_nothing() {
        // The same, with the black advisor on d9 and the king on e9 guarding the horse: the
        // cannon taking it would be taken back, so leaving the file costs an exchange at worst.
        assert!(shields("3ak4/4n4/9/4r4/9/9/4p4/9/4C4/4K4 w", "e6").is_empty());
    }

    #[test]
    fn a_free_rook_is_free() {
        let pos = Position::from_fen("3k5/9/9/4r4/9/9/9/9/4C4/5K3 w").unwrap();
        let r = restraint(&pos, square("e6"));
        assert!(r.shields.is_empty() && r.pinners.is_empty() && r.confined.is_none());
    }

    #[test]
    fn a_pinned_horse_names_its_pinner_and_shields_no_line() {
        // The horse on e8 is pinned through a cannon screen (the pawn on e6).
        let pos = Position::from_fen("4k4/4n4/9/4p4/9/9/9/9/4C4/R2K5 w").unwrap();
        let r = restraint(&pos, square("e8"));
        assert!(r.shields.is_empty());
        assert_eq!(r.pinners, [square("e1")]);
    }

    #[test]
    fn a_check_of_the_moment_restrains_nothing() {
        // Red checks with the horse; the black rook on a2 cannot answer it (it has no legal
        // move), but nothing keeps it on the a-file or the second rank once the check is met.
        let pos = Position::from_fen("4k4/9/9/9/4H4/9/9/r8/9/3K5 w").unwrap();
        let mut after = pos;
        after.play_unchecked("e5f7".parse().unwrap());
        assert!(after.is_check());
        let r = restraint(&after, square("a2"));
        assert!(r.shields.is_empty() && r.pinners.is_empty() && r.confined.is_none());
    }

    #[test]
    fn a_rook_attacked_off_its_line_is_confined_there_and_cannot_take() {
        // Hình 64's first move: the red rook comes to b7 and attacks the black rook on e7,
        // pinned to the e-file by the red cannon on e2 (through the black cannon on e8 to the
        // king): it cannot take the rook on b7.
        let fen = "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w";
        let on_rook = threats_on(fen, "b3b7", "e7");
        assert_eq!(on_rook.len(), 1);
        assert!(on_rook[0].has(ThreatFact::TargetConfined));
        assert!(!on_rook[0].has(ThreatFact::TargetCanCaptureAttacker));
        assert_eq!(on_rook[0].target_pinners.len(), 1);
        assert_eq!(on_rook[0].target_pinners[0].piece.role, Role::Cannon);
        // The red cannon on e2 attacks the black cannon on e8 through the rook; the black
        // cannon may take it along the file.
        let on_cannon = threats_on(fen, "b3b7", "e8");
        assert!(on_cannon[0].has(ThreatFact::TargetCanCaptureAttacker));
    }

    #[test]
    fn a_rook_held_to_its_rank_by_a_horse_leg_cannot_take_along_it() {
        // Hình 39: the black rook on f8 is the leg of the red horse on g8 aimed at the black
        // king. Every move but taking the horse uncovers a check: it is confined to rank 8,
        // and the red rook that comes to b8 on that rank cannot be taken.
        let fen = "2baka3/C4rN2/4b1n2/1Rp5p/6p2/2P6/4c1P1c/4B3C/4A4/4KAB2 w";
        let t = threats_on(fen, "b6b8", "f8");
        let by_rook = t
            .iter()
            .find(|t| t.attacker.square.to_string() == "b8")
            .unwrap();
        assert!(by_rook.has(ThreatFact::TargetConfined));
        assert!(!by_rook.has(ThreatFact::TargetCanCaptureAttacker));
        assert_eq!(by_rook.target_pinners[0].piece.role, Role::Horse);
    }

    #[test]
    fn a_pinned_rook_moving_along_its_file_makes_threats_from_its_line() {
        // Hình 64's answer: the pinned black rook runs down the e-file; its threat on the red
        // cannon comes from a move along the line it is confined to.
        let fen = "3aka3/4c4/4r4/9/9/9/PR7/2p1CA3/7p1/2B2K3 w";
        let t = threats_on(fen, "b3b7 e7e3", "e2");
        let by_rook = t
            .iter()
            .find(|t| t.attacker.square.to_string() == "e3")
            .unwrap();
        assert!(by_rook.has(ThreatFact::AttackerConfinedToMoveLine));
        // The red rook that attacks it is free.
        let t = threats_on(fen, "b3b7 e7e3 b7b3", "e3");
        assert!(
            t[0].has(ThreatFact::TargetConfined)
                && !t[0].has(ThreatFact::AttackerConfinedToMoveLine)
        );
    }
}
