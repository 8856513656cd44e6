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
    /// A piece that pins the target is of one of the parameters' kinds.
    TargetPinnerRole,
    /// A piece that pins the attacker is of one of the parameters' kinds.
    AttackerPinnerRole,
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
            FactKind::TargetPinnerRole => threat
                .target_pinners
                .iter()
                .any(|p| roles.contains(p.piece.role)),
            FactKind::AttackerPinnerRole => threat
                .attacker_pinners
                .iter()
                .any(|p| roles.contains(p.piece.role)),
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

/// Every fact a rule file may name. Each one line says what the board shows, and nothing of
/// what the law makes of it: that is the rule files' to say, in terms.
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
        "if the opponent passed, the mover could force mate by checks (within the rule set's `mate-plies`)"
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
        "an enemy attack (a capture or a check) that stood before the move is gone, and neither its attacker nor its target moved: the moved piece stands in its way"
    ),
    move_fact!(
        "parries-mate-threat",
        ParriesMateThreat,
        "the opponent threatened mate before the move and not after it"
    ),
    move_fact!(
        "moved-attacked",
        MovedAttacked,
        "the opponent can legally take the moved piece on its new square"
    ),
    move_fact!(
        "moved-really-protected",
        MovedReallyProtected,
        "the opponent can take the moved piece, and whichever legal capture of it the opponent makes, the mover can legally take back"
    ),
    move_fact!(
        "moved-capture-wins",
        MovedCaptureWins,
        "some legal capture of the moved piece, with the best captures that follow, leaves the opponent ahead in material"
    ),
    move_fact!(
        "moved-capture-loses",
        MovedCaptureLoses,
        "the moved piece can be taken, and every legal capture of it, with the best captures that follow, leaves the opponent behind in material"
    ),
    move_fact!(
        "uncovers-threat",
        UncoversThreat,
        "the move set up a discovered attack: some legal move of a piece of the mover would now let another of its pieces take an enemy piece, or give check, that it cannot now"
    ),
    move_fact!(
        "evasion",
        Evasion,
        "the moved piece could be taken before the move and cannot after it"
    ),
    FactSpec {
        name: "moved",
        subject: Subject::Move,
        params: Params::Roles,
        kind: FactKind::MovedRole,
        doc: "the moved piece is of one of the given kinds",
    },
    threat_fact!(
        "new",
        New,
        "the attacker did not attack the target before the move (by the board's geometry: an attack only suspended by a check or a pin stood)"
    ),
    threat_fact!(
        "discovered",
        Discovered,
        "the attacker is not the piece that moved"
    ),
    threat_fact!(
        "protected",
        Protected,
        "some piece of the target's side attacks the target's square"
    ),
    threat_fact!(
        "really-protected",
        ReallyProtected,
        "after the attacker takes the target, some piece of the target's side can legally take back"
    ),
    threat_fact!(
        "target-crossed",
        TargetCrossed,
        "the target is a pawn across the river"
    ),
    threat_fact!(
        "target-pinned",
        TargetPinned,
        "the target has moves, but each would uncover an attack on its own king (a check of the moment does not count)"
    ),
    threat_fact!(
        "target-immobile",
        TargetImmobile,
        "the target has no move that uncovers no attack on its own king (a check of the moment does not count)"
    ),
    threat_fact!(
        "target-confined",
        TargetConfined,
        "every move of the target that uncovers no attack on its own king keeps to one line (file or rank) through it, while the squares it reaches leave that line: it cannot legally leave the line"
    ),
    FactSpec {
        name: "target-pinned-by",
        subject: Subject::Threat,
        params: Params::Roles,
        kind: FactKind::TargetPinnerRole,
        doc: "an enemy piece of one of the given kinds would attack the target's king were the target to make some move it reaches",
    },
    threat_fact!(
        "target-shields",
        TargetShields,
        "the target (a rook, cannon or pawn) has moves off one of its lines that uncover no attack on its king, and each would let an enemy rook or cannon on that line legally take a piece of the target's side it cannot take now, winning material by it"
    ),
    threat_fact!(
        "target-can-capture-attacker",
        TargetCanCaptureAttacker,
        "the target could legally take the attacker"
    ),
    threat_fact!(
        "target-capture-wins",
        TargetCaptureWins,
        "the target taking the attacker, with the best captures that follow, leaves the target's side ahead in material"
    ),
    threat_fact!(
        "target-capture-loses",
        TargetCaptureLoses,
        "the target taking the attacker, with the best captures that follow, leaves the target's side behind in material"
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
        "equal-value",
        EqualValue,
        "attacker and target are of equal value (rook 9; horse, cannon 4; advisor, elephant, crossed pawn 2; pawn 1)"
    ),
    threat_fact!(
        "target-more-valuable",
        TargetMoreValuable,
        "the target is worth more than the attacker (by the same values)"
    ),
    threat_fact!(
        "attacker-horse-unanswerable",
        AttackerHorseUnanswerable,
        "a horse attacks a horse whose leg toward it is blocked"
    ),
    threat_fact!(
        "attacker-confined",
        AttackerConfined,
        "every legal move of the attacker keeps to one line through it, while the squares it reaches leave that line"
    ),
    threat_fact!(
        "attacker-confined-to-move-line",
        AttackerConfinedToMoveLine,
        "the attacker is the moved piece, it moved along a line, and every move of it that uncovers no attack on its king keeps to that line"
    ),
    threat_fact!(
        "attacker-shields-move-line",
        AttackerShieldsMoveLine,
        "the attacker is the moved piece, it moved along a line, and it shields along that line (as `target-shields` says of a target)"
    ),
    FactSpec {
        name: "attacker-pinned-by",
        subject: Subject::Threat,
        params: Params::Roles,
        kind: FactKind::AttackerPinnerRole,
        doc: "an enemy piece of one of the given kinds would attack the attacker's king were the attacker to make some move it reaches",
    },
    threat_fact!(
        "target-moved-in",
        TargetMovedIn,
        "the target was the piece moved on the previous ply, and it moved into an attack that stood"
    ),
    threat_fact!(
        "protection-removed",
        ProtectionRemoved,
        "the attack stood before the move, and the move took away every legal recapture the target had (a protector pinned, blocked, captured or checked, its cannon screen moved away, or an x-ray)"
    ),
    threat_fact!(
        "protection-cut-by-parry",
        ProtectionCutByParry,
        "every recapture the move took away (see `protection-removed`) was cut by the moved piece standing in the protector's line or taking away its screen, while that protector attacked a piece of the mover before the move and does not after it"
    ),
    threat_fact!(
        "capture-checks",
        CaptureChecks,
        "taking the target would give check"
    ),
    threat_fact!(
        "capture-discovers-check",
        CaptureDiscoversCheck,
        "taking the target would uncover a check by another piece of the mover"
    ),
    threat_fact!(
        "capture-wins",
        CaptureWins,
        "taking the target, with the best captures that follow, leaves the mover ahead in material"
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

#[cfg(test)]
mod tests {
    use super::REGISTRY;

    /// Facts observe the board and judge nothing: no fact's name or documentation uses a word
    /// of the law's readings, which are terms of the rule files.
    #[test]
    fn no_fact_judges() {
        const READINGS: &[&str] = &[
            "held",
            "chase",
            "sacrific",
            "exchange",
            "idle",
            "waiting",
            "forbid",
            "allow",
            "violat",
            "perpetual",
            "harmless",
            "offer",
            "root",
        ];
        for spec in REGISTRY {
            let doc = spec.doc.to_lowercase();
            for word in READINGS {
                assert!(
                    !doc.contains(word) && !spec.name.contains(word),
                    "`{}` says `{word}`: {}",
                    spec.name,
                    spec.doc
                );
            }
        }
    }
}
