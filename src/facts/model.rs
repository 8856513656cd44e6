//! The facts of a disputed sequence, as plain data.
//!
//! Everything a ruling may speak about is here, per ply, with the pieces and squares it names,
//! so a verdict can be explained in words and the rule language never looks at a board.

use crate::xiangqi::{Color, Move, Piece, Role, Square};

/// The identity of a piece through a sequence: a chased piece that flees is the same piece on
/// its new square (Điều 23 point 3 speaks of "the same piece on every move").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct PieceId(pub u8);

/// A piece with its identity and the square it stands on at the moment a fact speaks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceAt {
    /// Identity through the sequence.
    pub id: PieceId,
    /// Colour and kind.
    pub piece: Piece,
    /// Where it stands.
    pub square: Square,
}

/// Facts about one capture threat: `attacker` (a piece of the mover) could legally capture
/// `target` (an enemy piece other than the king) on the mover's next turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreatFact {
    /// The threat did not exist before the move: this attacker did not attack this target (by
    /// the geometry of the board; a capture only suspended by a check or a pin was there).
    New,
    /// The attacker is not the piece that moved: the move uncovered the attack (a leg or eye
    /// freed, a line opened, a cannon screen moved in or out).
    Discovered,
    /// The target has at least one protector (a friendly piece that attacks its square).
    Protected,
    /// After the attacker takes the target, some protector can legally take back: pins, the
    /// flying-general rule and checks respected (Điều 22.15, căn thật).
    ReallyProtected,
    /// The target is a pawn that has crossed the river.
    TargetCrossed,
    /// The target has no move that the standing constraints of the position allow (pinned or
    /// boxed in). A check of the moment is no such constraint: a piece that cannot answer it
    /// may still move once the check is met.
    TargetImmobile,
    /// The target is pinned and cannot move: it has moves, but each would uncover an attack
    /// on its own king (a rook, a horse whose leg it is, a cannon screen, the flying general)
    /// (Điều 23 point 7, "bị ghim không dịch chuyển được").
    TargetPinned,
    /// Every move the standing constraints allow the target stays on one line (rank or file)
    /// through its square: a rook held to its line by a cannon (Điều 24.23).
    TargetConfined,
    /// The target could legally capture the attacker (basis of exchange offers, Điều 24.20).
    TargetCanCaptureAttacker,
    /// The target could take the attacker and, if it did, the mover could legally take back:
    /// answering the threat by capturing would only be an exchange.
    AttackerReallyProtected,
    /// The target is of the same kind as the attacker.
    SameKind,
    /// The attacker is a horse whose leg toward the target is free while the target horse's
    /// leg toward the attacker is blocked: the target cannot take back (Điều 23 point 7).
    AttackerHorseUnanswerable,
    /// Every legal move of the attacker stays on one line (see `TargetConfined`).
    AttackerConfined,
    /// The attacker could not take the target before this move either, but only because the
    /// target was elsewhere: the target moved into the attack (the opponent's own doing).
    TargetMovedIn,
    /// The target is worth more than the attacker (rook > horse = cannon > advisor = elephant
    /// = crossed pawn > uncrossed pawn).
    TargetMoreValuable,
    /// The target is held to a line (bị giam) and cannot take the attacker at no cost: the
    /// attacker stands off that line, so taking it would mean leaving it, or taking it would
    /// uncover the target's own king. Held: leaving the line would uncover its king or lose a
    /// piece it shields to the enemy rook or cannon on the line (Điều 24.20, 24.23: "không thể
    /// rời tuyến ăn quân"). Standing constraints only, as for pins; only a rook, cannon or pawn
    /// has a line to be held to.
    TargetHeld,
    /// The attacker is the piece that moved, it is held to a line, and it moved along that line:
    /// the threat comes from a held piece's movement on its own line (Điều 24.23: "sự di động
    /// của nó trên tuyến đó").
    AttackerHeld,
    /// The attack stood before the move and still stands, but the move took away the target's
    /// real protection: before it some protector could take back after the capture, after it
    /// none can (Điều 22.15–22.16, căn thật and căn giả; Điều 23 point 6). The threat is the
    /// attacking piece's, whichever piece moved; [`Threat::protection_lost`] says which
    /// protector was lost and how.
    ProtectionRemoved,
    /// Another piece of the mover also threatens this target after the move: several pieces
    /// on one piece (Điều 23 point 3, "Hai quân hoặc nhiều quân bắt mãi một quân"; Điều 24.26,
    /// a king or pawn "phối hợp với quân khác bắt mãi một quân").
    SharedTarget,
}

/// How a move took away a protector's recapture (see [`ThreatFact::ProtectionRemoved`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProtectionLoss {
    /// The moved piece took the protector.
    Captured,
    /// The moved piece now stands in the protector's way: on its line, on its horse leg or
    /// elephant eye, or as a second screen of a protecting cannon.
    Blocked,
    /// The moved piece was the screen a protecting cannon needed to take back.
    ScreenRemoved,
    /// Taking back would leave the protector's king attacked along a line the protector shields
    /// (a rook, a cannon, a horse whose leg it is, the facing kings): the protector is pinned.
    Pinned,
    /// A piece lined up behind the attacker would attack the protector's king once the
    /// attacker leaves its square (the capture uncovers check, or the king that takes back
    /// steps into the line): an x-ray.
    XRay,
    /// The protector is the king and the target's square is now guarded by another piece of
    /// the mover, so the king may not step there.
    Covered,
    /// The move gives check, and taking back does not answer it: the protector is tied to the
    /// defence of its king.
    Checked,
    /// None of the above (kept so that no loss goes unreported).
    Other,
}

impl ProtectionLoss {
    /// The name facts tables, explanations and JSON use.
    pub fn name(self) -> &'static str {
        match self {
            ProtectionLoss::Captured => "captured",
            ProtectionLoss::Blocked => "blocked",
            ProtectionLoss::ScreenRemoved => "screen-removed",
            ProtectionLoss::Pinned => "pinned",
            ProtectionLoss::XRay => "x-ray",
            ProtectionLoss::Covered => "covered",
            ProtectionLoss::Checked => "checked",
            ProtectionLoss::Other => "other",
        }
    }
}

/// A protector whose recapture the move took away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct LostProtector {
    /// The protector, where it stands after the move (where it stood, if the move took it).
    pub protector: PieceAt,
    /// How its recapture was taken away.
    pub how: ProtectionLoss,
}

/// One capture threat after a move.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Threat {
    /// The mover's piece that could capture.
    pub attacker: PieceAt,
    /// The enemy piece it could capture.
    pub target: PieceAt,
    /// The target's protectors (friendly pieces attacking its square).
    pub protectors: Vec<PieceAt>,
    /// Which facts hold.
    pub facts: Vec<ThreatFact>,
    /// The protectors whose recapture the move took away, when
    /// [`ThreatFact::ProtectionRemoved`] holds; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub protection_lost: Vec<LostProtector>,
}

impl Threat {
    /// Whether `fact` holds of this threat.
    pub fn has(&self, fact: ThreatFact) -> bool {
        self.facts.contains(&fact)
    }
}

/// Facts about a whole move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveFact {
    /// The move gives check (Điều 22.2, chiếu).
    Check,
    /// Two pieces give check at once (lưỡng chiếu).
    DoubleCheck,
    /// A piece other than the one that moved gives check.
    DiscoveredCheck,
    /// The move checkmates.
    Checkmate,
    /// If the opponent passed, the mover could force checkmate by continuous checks within the
    /// rule set's search depth (Điều 22.3, dọa hết).
    MateThreat,
    /// The move captures a piece.
    Capture,
    /// The mover was in check before the move (the move answers a check, nước đỡ).
    AnswersCheck,
    /// The move interposes on an enemy line of attack (a check or a capture threat) that
    /// existed before it (Điều 22.6, cản).
    Block,
    /// The opponent threatened mate before the move and no longer does after it (nước đỡ dọa
    /// hết, Điều 24.6).
    ParriesMateThreat,
    /// The moved piece can be taken on its new square and no friendly piece can legally take
    /// back (Điều 22.7, thí).
    Sacrifice,
    /// The moved piece attacks an enemy piece of its own kind that can take it back (Điều
    /// 22.5, đổi quân; Điều 24.20).
    ExchangeOffer,
    /// The move sets up a discovered capture: a piece of the mover now stands as a screen or
    /// blocker whose removal would uncover a capture (đòi rút ăn quân).
    UncoversThreat,
    /// The moved piece was under a capture threat before the move and is not after it.
    Evasion,
    /// None of: check, mate threat, new capture threat (or protection taken away from a target
    /// under standing attack), capture, block, parry of a mate threat, sacrifice, exchange
    /// offer (Điều 22.8, nước chờ).
    Idle,
}

/// Everything known about one ply of the sequence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PlyFacts {
    /// Index of the ply in the sequence, from 0.
    pub ply: usize,
    /// Who moved.
    #[serde(serialize_with = "super::to_text::color")]
    pub mover: Color,
    /// The move played.
    #[serde(serialize_with = "super::to_text::display")]
    pub mv: Move,
    /// The moved piece, on its destination square.
    pub piece: PieceAt,
    /// The piece taken, if any (on the destination square, before the move).
    pub captured: Option<PieceAt>,
    /// Pieces of the mover giving check after the move.
    pub checkers: Vec<PieceAt>,
    /// Every capture threat of the mover after the move, new or old.
    pub threats: Vec<Threat>,
    /// A mating line found by the mate-threat search, if any (moves after the opponent's pass).
    #[serde(serialize_with = "super::to_text::display_all")]
    pub mate_line: Vec<Move>,
    /// Which move facts hold.
    pub facts: Vec<MoveFact>,
}

impl PlyFacts {
    /// Whether `fact` holds of this move.
    pub fn has(&self, fact: MoveFact) -> bool {
        self.facts.contains(&fact)
    }
}

/// The facts of every ply of a sequence.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SequenceFacts {
    /// The FEN of the start position.
    pub start_fen: String,
    /// One entry per ply, in order.
    pub plies: Vec<PlyFacts>,
    /// Whether and where the play repeats a position; the rulings judge only repeated play.
    pub repetition: super::Repetition,
}

/// A set of piece kinds, the parameter of `attacker(...)` / `target(...)` facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RoleSet(u8);

impl RoleSet {
    /// The empty set.
    pub const EMPTY: RoleSet = RoleSet(0);
    /// Adds a role.
    pub fn with(self, role: Role) -> RoleSet {
        RoleSet(self.0 | (1 << role as u8))
    }
    /// Whether `role` is in the set.
    pub fn contains(self, role: Role) -> bool {
        self.0 & (1 << role as u8) != 0
    }
}
