//! The same results ranked under two rule sets (a regulation and the law, say): which players
//! change place, and what separates them now.

use super::ranking::Gap;
use super::table::Table;

/// A player whose place differs.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Move {
    /// The player.
    pub player: String,
    /// The place before (`None`: not ranked).
    pub before: Option<usize>,
    /// The place after.
    pub after: Option<usize>,
}

/// Two rankings of the same results compared.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    /// The form's name.
    pub form: String,
    /// The rule set of the first ranking.
    pub before: String,
    /// The rule set of the second.
    pub after: String,
    /// Players ranked in either.
    pub players: usize,
    /// The players whose place changes, in the second ranking's order.
    pub moves: Vec<Move>,
    /// The gaps of the second ranking that differ from the first's: other neighbours, or
    /// another criterion between the same ones.
    pub gaps_after: Vec<Gap>,
}

/// Compares two rankings of the same results.
pub fn compare(before: &Table, after: &Table) -> Comparison {
    let mut players: Vec<&str> = after
        .ranking
        .rows
        .iter()
        .map(|r| r.player.as_str())
        .collect();
    for r in &before.ranking.rows {
        if !players.contains(&r.player.as_str()) {
            players.push(&r.player);
        }
    }
    let moves = players
        .iter()
        .filter_map(|p| {
            let (b, a) = (before.place_of(p), after.place_of(p));
            (b != a).then(|| Move {
                player: (*p).to_owned(),
                before: b,
                after: a,
            })
        })
        .collect();
    let gaps_after =
        after
            .ranking
            .gaps
            .iter()
            .filter(|g| {
                !before.ranking.gaps.iter().any(|b| {
                    b.upper == g.upper && b.lower == g.lower && b.decided_by == g.decided_by
                })
            })
            .cloned()
            .collect();
    Comparison {
        form: after.form.id.clone(),
        before: before.rule_set.clone(),
        after: after.rule_set.clone(),
        players: players.len(),
        moves,
        gaps_after,
    }
}
