//! Move-relation facts: what every move of a disputed sequence does.
//!
//! [`compute`] replays a sequence and returns, per ply, the facts the rulings speak of (check,
//! capture threats and their protection, mate threats, blocks, sacrifices…). The
//! [`registry`] names them for the rule language, which never looks at a board.

mod classify;
mod compute;
mod err;
mod fast_map;
mod identity;
mod mate;
mod material;
mod mobility;
pub mod model;
mod move_context;
mod protection_lost;
pub mod registry;
mod repetition;
mod restraint;
mod table;
mod threats;
mod to_text;
pub mod value;

pub use compute::compute;
pub use err::FactsError;
pub use mate::MateSearch;
pub use model::{
    LostProtector, MoveFact, PieceAt, PieceId, PlyFacts, ProtectionLoss, RoleSet, SequenceFacts,
    Threat, ThreatFact,
};
pub use registry::{FactKind, FactSpec, Params, REGISTRY};
pub use repetition::{Repetition, last_cycle};
pub use table::{describe_loss, render_table};
pub(crate) use to_text::{losses_as_text, piece_as_text, some_piece_as_text};

/// Settings the rule set gives the fact computation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Plies of the mate-threat search after the opponent's pass (the mover's checks and the
    /// defender's replies; Hình 9's threat is a four-move mate, seven plies).
    pub mate_plies: u32,
    /// Node budget of one mate-threat search, so it can never hang.
    pub mate_nodes: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mate_plies: 7,
            mate_nodes: 200_000,
        }
    }
}
