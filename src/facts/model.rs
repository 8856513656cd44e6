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
    /// flying-general rule and checks respected.
    ReallyProtected,
    /// The target is a pawn that has crossed the river.
    TargetCrossed,
    /// The target has no move that the standing constraints of the position allow (pinned or
    /// boxed in). A check of the moment is no such constraint: a piece that cannot answer it
    /// may still move once the check is met.
    TargetImmobile,
    /// The target is pinned and cannot move: it has moves, but each would uncover an attack
    /// on its own king (a rook, a horse whose leg it is, a cannon screen, the flying general).
    TargetPinned,
    /// Every move the standing constraints allow the target keeps to one line (rank or file)
    /// through its square, while the squares it reaches leave that line: it cannot legally
    /// leave the line (a piece with no standing move at all keeps to every line).
    TargetConfined,
    /// The target could legally capture the attacker (the defender being to move).
    TargetCanCaptureAttacker,
    /// The target could take the attacker and, if it did, the mover could legally take back.
    AttackerReallyProtected,
    /// The target is of the same kind as the attacker.
    SameKind,
    /// The attacker is a horse whose leg toward the target is free while the target horse's
    /// leg toward the attacker is blocked: the target horse does not reach the attacker.
    AttackerHorseUnanswerable,
    /// Every legal move of the attacker (the mover to move) keeps to one line through it,
    /// while the squares it reaches leave that line.
    AttackerConfined,
    /// The attacker could not take the target before this move either, but only because the
    /// target was elsewhere: the target moved into the attack (the opponent's own doing).
    TargetMovedIn,
    /// The target is worth more than the attacker (rook > horse = cannon > advisor = elephant
    /// = crossed pawn > uncrossed pawn).
    TargetMoreValuable,
    /// The target, a rook, cannon or pawn, shields along one of its lines: it has standing
    /// moves off that line, and every one of them would let an enemy rook or cannon standing
    /// on the line legally take a friendly piece (not the king) it cannot take now, and win
    /// material by it (the piece worth more than its taker, or nothing to take back).
    TargetShields,
    /// The attacker is the piece that moved, it moved along a line, and its standing moves
    /// all keep to that line while the squares it reaches leave it ([`Threat::attacker_pinners`]
    /// names what keeps it there).
    AttackerConfinedToMoveLine,
    /// The attacker is the piece that moved, it moved along a line, and it shields along that
    /// line (as [`ThreatFact::TargetShields`] says of a target).
    AttackerShieldsMoveLine,
    /// Taking the target would give check, by the taker or by a piece its leaving uncovers.
    CaptureChecks,
    /// Taking the target would uncover a check by another piece of the mover: the attacker
    /// stands in the line of that piece to the enemy king, and the capture moves it out.
    CaptureDiscoversCheck,
    /// Taking the target, then the best sequence of captures that follows (each side taking
    /// or stopping at will, a few plies), leaves the mover ahead in material.
    CaptureWins,
    /// The target could legally take the attacker, and that capture, with the best sequence
    /// of captures that follows, leaves the defender ahead in material.
    TargetCaptureWins,
    /// The target could legally take the attacker, and that capture, with the best sequence
    /// of captures that follows, leaves the defender behind in material.
    TargetCaptureLoses,
    /// The attacker and the target are of equal value.
    EqualValue,
    /// The attack stood before the move and still stands, but the move took away the target's
    /// real protection: before it some protector could take back after the capture, after it
    /// none can. The threat is the attacking piece's, whichever piece moved;
    /// [`Threat::protection_lost`] says which protector was lost and how.
    ProtectionRemoved,
    /// Every protector the move took away (see [`ThreatFact::ProtectionRemoved`]) was cut off
    /// by a move that also ended that protector's own attack on a piece of the mover: the
    /// moved piece stepped into its line, or took away its cannon screen.
    ProtectionCutByParry,
    /// Another piece of the mover also threatens this target after the move.
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

    /// How the law's language says it, for the explanation in Vietnamese: a cannon's screen is
    /// its `ngòi`.
    pub fn name_vi(self) -> &'static str {
        match self {
            ProtectionLoss::Captured => "bị ăn",
            ProtectionLoss::Blocked => "bị cản",
            ProtectionLoss::ScreenRemoved => "mất ngòi",
            ProtectionLoss::Pinned => "bị ghim",
            ProtectionLoss::XRay => "ăn lại thì lộ mặt Tướng",
            ProtectionLoss::Covered => "ô đã bị kiểm soát",
            ProtectionLoss::Checked => "đang bị chiếu",
            ProtectionLoss::Other => "lý do khác",
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
    /// Whether the move that cut it off (by standing in its line or moving its cannon screen
    /// away) also ended its own attack on a piece of the mover.
    pub parry: bool,
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
    /// The enemy pieces that pin the target: each would attack the target's king were the
    /// target to make some move it reaches.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub target_pinners: Vec<PieceAt>,
    /// The pieces that pin the attacker, in the same sense.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attacker_pinners: Vec<PieceAt>,
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
    /// The move gives check.
    Check,
    /// Two pieces give check at once.
    DoubleCheck,
    /// A piece other than the one that moved gives check.
    DiscoveredCheck,
    /// The move checkmates.
    Checkmate,
    /// If the opponent passed, the mover could force checkmate by continuous checks within the
    /// rule set's search depth.
    MateThreat,
    /// The move captures a piece.
    Capture,
    /// The mover was in check before the move.
    AnswersCheck,
    /// The move interposes on an enemy line of attack (a check or a capture threat) that
    /// existed before it: the attack is gone, and neither its attacker nor its target moved.
    Block,
    /// The opponent threatened mate before the move and no longer does after it.
    ParriesMateThreat,
    /// The opponent can legally take the moved piece on its new square.
    MovedAttacked,
    /// The opponent can take the moved piece, and whichever legal capture of it the opponent
    /// makes, the mover can legally take back.
    MovedReallyProtected,
    /// Some legal capture of the moved piece, with the best sequence of captures that
    /// follows, leaves the opponent ahead in material.
    MovedCaptureWins,
    /// The moved piece can be taken, and every legal capture of it, with the best sequence of
    /// captures that follows, leaves the opponent behind in material.
    MovedCaptureLoses,
    /// The move set up a discovered attack: a piece of the mover now stands where one of its
    /// legal moves would let another piece of the mover take an enemy piece, or give check,
    /// that it cannot now; the setup was not there before the move.
    UncoversThreat,
    /// The moved piece was under a capture threat before the move and is not after it.
    Evasion,
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
