//! The registry of fact names the rule language may use, with their subjects and parameters.
//!
//! The rule compiler checks every name against this table (with a did-you-mean), so a typo in
//! a rule file is an error at its span, never a silently false predicate.

use super::model::{MoveFact, PlyFacts, RoleSet, Threat, ThreatFact};
use crate::vocab::Subject;

/// The parameters a fact takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Params {
    /// None: the fact is written as a bare name, `check`.
    None,
    /// A non-empty list of piece kinds: `attacker(horse, cannon)`.
    Roles,
}

/// How a registered fact is read off the computed facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FactKind {
    /// A flag of the move.
    Move(MoveFact),
    /// The kind of the moved piece is one of the parameters.
    MovedRole,
    /// A flag of the threat.
    Threat(ThreatFact),
    /// The attacker's kind is one of the parameters.
    AttackerRole,
    /// The target's kind is one of the parameters.
    TargetRole,
}

/// One entry of the registry.
#[derive(Debug, Clone, Copy)]
pub struct FactSpec {
    /// The name rule files use.
    pub name: &'static str,
    /// What it is said of.
    pub subject: Subject,
    /// Its parameters.
    pub params: Params,
    /// How to read it.
    pub kind: FactKind,
    /// One line for the documentation.
    pub doc: &'static str,
}

impl FactSpec {
    /// Evaluates a move fact. Threat facts are false here.
    pub fn eval_move(&self, ply: &PlyFacts, roles: RoleSet) -> bool {
        match self.kind {
            FactKind::Move(fact) => ply.has(fact),
            FactKind::MovedRole => roles.contains(ply.piece.piece.role),
            _ => false,
        }
    }

    /// Evaluates a threat fact. Move facts are false here.
    pub fn eval_threat(&self, threat: &Threat, roles: RoleSet) -> bool {
        match self.kind {
            FactKind::Threat(fact) => threat.has(fact),
            FactKind::AttackerRole => roles.contains(threat.attacker.piece.role),
            FactKind::TargetRole => roles.contains(threat.target.piece.role),
            _ => false,
        }
    }
}

macro_rules! move_fact {
    ($name:literal, $fact:ident, $doc:literal) => {
        FactSpec {
            name: $name,
            subject: Subject::Move,
            params: Params::None,
            kind: FactKind::Move(MoveFact::$fact),
            doc: $doc,
        }
    };
}

macro_rules! threat_fact {
    ($name:literal, $fact:ident, $doc:literal) => {
        FactSpec {
            name: $name,
            subject: Subject::Threat,
            params: Params::None,
            kind: FactKind::Threat(ThreatFact::$fact),
            doc: $doc,
        }
    };
}

/// Every fact a rule file may name.
pub const REGISTRY: &[FactSpec] = &[
    move_fact!("check", Check, "the move gives check"),
    move_fact!("double-check", DoubleCheck, "two pieces give check at once"),
    move_fact!(
        "discovered-check",
        DiscoveredCheck,
        "a piece other than the moved one gives check"
    ),
    move_fact!("checkmate", Checkmate, "the move checkmates"),
    move_fact!(
        "mate-threat",
        MateThreat,
        "if the opponent passed, the mover could force mate by checks"
    ),
    move_fact!("capture", Capture, "the move captures a piece"),
    move_fact!(
        "answers-check",
        AnswersCheck,
        "the mover was in check before the move"
    ),
    move_fact!(
        "block",
        Block,
        "the move interposes on an enemy line of attack"
    ),
    move_fact!(
        "parries-mate-threat",
        ParriesMateThreat,
        "the opponent threatened mate before the move and not after it"
    ),
    move_fact!(
        "sacrifice",
        Sacrifice,
        "the moved piece can be taken and nothing can take back"
    ),
    move_fact!(
        "exchange-offer",
        ExchangeOffer,
        "the moved piece attacks a piece of its own kind that can take it back"
    ),
    move_fact!(
        "uncovers-threat",
        UncoversThreat,
        "the move sets up a discovered capture"
    ),
    move_fact!(
        "evasion",
        Evasion,
        "the moved piece was threatened before the move and is not after it"
    ),
    move_fact!(
        "idle",
        Idle,
        "none of check, mate threat, new threat (or protection taken away), capture, block, parry of a mate threat, sacrifice, exchange offer"
    ),
    FactSpec {
        name: "moved",
        subject: Subject::Move,
        params: Params::Roles,
        kind: FactKind::MovedRole,
        doc: "the moved piece is of one of the given kinds",
    },
    threat_fact!("new", New, "the threat did not exist before the move"),
    threat_fact!(
        "discovered",
        Discovered,
        "the attacker is not the piece that moved"
    ),
    threat_fact!("protected", Protected, "the target has a protector"),
    threat_fact!(
        "really-protected",
        ReallyProtected,
        "after the capture a protector can legally take back"
    ),
    threat_fact!(
        "target-crossed",
        TargetCrossed,
        "the target is a pawn across the river"
    ),
    threat_fact!(
        "target-pinned",
        TargetPinned,
        "pinned: the target has moves, but each would uncover an attack on its own king (a check of the moment does not pin)"
    ),
    threat_fact!(
        "target-immobile",
        TargetImmobile,
        "the target has no move its standing constraints allow (pinned or boxed in; a check of the moment does not count)"
    ),
    threat_fact!(
        "target-confined",
        TargetConfined,
        "every move the target's standing constraints allow stays on one line through it"
    ),
    threat_fact!(
        "target-can-capture-attacker",
        TargetCanCaptureAttacker,
        "the target could legally take the attacker"
    ),
    threat_fact!(
        "attacker-really-protected",
        AttackerReallyProtected,
        "if the target took the attacker, the mover could legally take back"
    ),
    threat_fact!(
        "same-kind",
        SameKind,
        "attacker and target are of the same kind"
    ),
    threat_fact!(
        "attacker-horse-unanswerable",
        AttackerHorseUnanswerable,
        "a horse attacks a horse that is blocked from taking back"
    ),
    threat_fact!(
        "attacker-confined",
        AttackerConfined,
        "every legal move of the attacker stays on one line"
    ),
    threat_fact!(
        "target-held",
        TargetHeld,
        "held to its line (leaving it would uncover its king or lose what it shields) and unable to take the attacker at no cost (bị giam)"
    ),
    threat_fact!(
        "attacker-held",
        AttackerHeld,
        "the threat comes from a piece held to its line moving along that line"
    ),
    threat_fact!(
        "target-moved-in",
        TargetMovedIn,
        "the target walked into an existing line of attack"
    ),
    threat_fact!(
        "target-more-valuable",
        TargetMoreValuable,
        "the target is worth more than the attacker"
    ),
    threat_fact!(
        "protection-removed",
        ProtectionRemoved,
        "the attack stood before the move, and the move took away the target's real protection (the protector pinned, blocked, captured or checked, its cannon screen moved away, or an x-ray)"
    ),
    threat_fact!(
        "shared-target",
        SharedTarget,
        "another piece of the mover also threatens the target after the move"
    ),
    FactSpec {
        name: "attacker",
        subject: Subject::Threat,
        params: Params::Roles,
        kind: FactKind::AttackerRole,
        doc: "the attacker is of one of the given kinds",
    },
    FactSpec {
        name: "target",
        subject: Subject::Threat,
        params: Params::Roles,
        kind: FactKind::TargetRole,
        doc: "the target is of one of the given kinds",
    },
];

/// Finds a fact by name.
pub fn lookup(name: &str) -> Option<&'static FactSpec> {
    REGISTRY.iter().find(|spec| spec.name == name)
}

/// Names of the piece kinds as rule files write them.
pub const ROLE_NAMES: &[(&str, crate::xiangqi::Role)] = &[
    ("king", crate::xiangqi::Role::King),
    ("advisor", crate::xiangqi::Role::Advisor),
    ("elephant", crate::xiangqi::Role::Elephant),
    ("horse", crate::xiangqi::Role::Horse),
    ("rook", crate::xiangqi::Role::Rook),
    ("cannon", crate::xiangqi::Role::Cannon),
    ("pawn", crate::xiangqi::Role::Pawn),
];
