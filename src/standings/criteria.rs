//! The criteria a `rank` clause may name: what each one measures, in one registry, as the
//! facts registry does for the rulings.

/// What a criterion measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CriterionKind {
    /// The sum of the game points.
    Points,
    /// The sum of the match points (matches of several games).
    MatchPoints,
    /// The score made in the pairings among the players still level.
    HeadToHead,
    /// The scores of the opponents beaten, plus half those of the opponents drawn with.
    SonnebornBerger,
    /// The scores of all the opponents.
    Buchholz,
    /// The scores of all the opponents but the lowest.
    BuchholzCut1,
    /// The running score after each round, added up.
    Progressive,
    /// The games won.
    Wins,
    /// The games won with Black, over the board.
    BlackWins,
    /// An order drawn by lots, recorded in the results.
    Lots,
}

/// A criterion of the registry.
#[derive(Debug, Clone, Copy)]
pub struct CriterionSpec {
    /// The name a rule file writes.
    pub id: &'static str,
    /// What it measures.
    pub kind: CriterionKind,
    /// What it measures, in a sentence, for the docs and `--help`.
    pub summary: &'static str,
}

impl CriterionKind {
    /// Whether the value depends on which players are still level (it is computed among them).
    pub fn is_relative(self) -> bool {
        matches!(self, CriterionKind::HeadToHead | CriterionKind::Lots)
    }

    /// Whether it needs matches of several games.
    pub fn needs_matches(self) -> bool {
        self == CriterionKind::MatchPoints
    }

    /// The registry entry.
    pub fn spec(self) -> &'static CriterionSpec {
        CRITERIA
            .iter()
            .find(|c| c.kind == self)
            .unwrap_or(&CRITERIA[0])
    }
}

/// Every criterion, in the order the docs list them.
pub const CRITERIA: &[CriterionSpec] = &[
    CriterionSpec {
        id: "points",
        kind: CriterionKind::Points,
        summary: "the sum of the player's game points, forfeits included",
    },
    CriterionSpec {
        id: "match-points",
        kind: CriterionKind::MatchPoints,
        summary: "the sum of the player's match points (only in a form of matches of several games)",
    },
    CriterionSpec {
        id: "head-to-head",
        kind: CriterionKind::HeadToHead,
        summary: "the score the player made in the pairings among the players still level; it separates only when every two of them have met",
    },
    CriterionSpec {
        id: "sonneborn-berger",
        kind: CriterionKind::SonnebornBerger,
        summary: "the final scores of the opponents the player beat, plus half the final scores of those the player drew with",
    },
    CriterionSpec {
        id: "buchholz",
        kind: CriterionKind::Buchholz,
        summary: "the final scores of all the player's opponents",
    },
    CriterionSpec {
        id: "buchholz-cut-1",
        kind: CriterionKind::BuchholzCut1,
        summary: "the final scores of the player's opponents, the lowest left out",
    },
    CriterionSpec {
        id: "progressive",
        kind: CriterionKind::Progressive,
        summary: "the player's running score after each round, added up over the rounds",
    },
    CriterionSpec {
        id: "wins",
        kind: CriterionKind::Wins,
        summary: "the games the player won, forfeits included",
    },
    CriterionSpec {
        id: "black-wins",
        kind: CriterionKind::BlackWins,
        summary: "the games the player won with Black, over the board",
    },
    CriterionSpec {
        id: "lots",
        kind: CriterionKind::Lots,
        summary: "an order drawn by lots among the players still level, as the results file records it; the tool never draws one",
    },
];

/// The criterion named `id`.
pub fn criterion(id: &str) -> Option<&'static CriterionSpec> {
    CRITERIA.iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_entry() {
        for c in CRITERIA {
            assert_eq!(c.kind.spec().id, c.id);
            assert_eq!(criterion(c.id).map(|x| x.kind), Some(c.kind));
        }
    }
}
