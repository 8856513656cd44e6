//! The ranking: the criteria applied in order to the players level so far, and for every two
//! adjacent players the criterion that separated them, or why nothing did.

use std::collections::BTreeMap;

use super::criteria::CriterionKind;
use super::form::{Citation, Split};
use super::score::Score;
use super::scoring::{Scored, Unit};

/// One line of the table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Row {
    /// The place, from 1; players level share the place of the first of them.
    pub place: usize,
    /// Whether the place is shared.
    pub shared: bool,
    /// The player's id.
    pub player: String,
    /// The name shown.
    pub name: String,
    /// Each criterion's value, in the form's order (`None` where it was never computed: a
    /// criterion among level players for a player never level, or lots not drawn).
    pub values: Vec<Option<Score>>,
    /// The round after which the player withdrew, if they did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub withdrew_after: Option<u32>,
}

/// What lies between two adjacent lines of the table.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Gap {
    /// The player above.
    pub upper: String,
    /// The player below.
    pub lower: String,
    /// The criterion that separated them (its id), or `None` when nothing did.
    pub decided_by: Option<String>,
    /// The sentence that criterion rests on.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sentence: Option<Citation>,
    /// The values that separated them (above, below).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub values: Option<(Score, Score)>,
    /// The level players the criterion was computed among, when it depends on them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub among: Vec<String>,
    /// Nothing separated them and the form's last resort is lots, which the results do not
    /// record: they must be drawn.
    pub lots_needed: bool,
}

/// A tournament ranked.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Ranking {
    /// The rows, best first.
    pub rows: Vec<Row>,
    /// Between row `i` and row `i + 1`.
    pub gaps: Vec<Gap>,
    /// Players not ranked: their games were annulled by a withdrawal (Điều 21.5.1).
    pub annulled: Vec<String>,
}

/// Ranks a scored tournament.
pub fn rank(scored: &Scored) -> Ranking {
    let ranker = Ranker::new(scored);
    let players: Vec<usize> = (0..scored.tournament.players.len())
        .filter(|p| scored.is_ranked(*p))
        .collect();
    let mut relative: BTreeMap<(usize, usize), Score> = BTreeMap::new();
    let mut order = Vec::new();
    ranker.order(players, 0, &mut order, &mut relative);
    ranker.table(&order, &relative)
}

/// A boundary found by the ranking: between the last player placed and the next.
#[derive(Debug, Clone)]
enum Boundary {
    /// A criterion separated them.
    By {
        criterion: usize,
        values: (Score, Score),
        among: Vec<usize>,
    },
    /// Nothing did.
    Level { lots_needed: bool },
}

/// The work left to [`Ranker::order`]: a group to rank, or the boundary to write after the
/// player last placed.
enum Task {
    Order { group: Vec<usize>, from: usize },
    Boundary(Boundary),
}

struct Ranker<'s> {
    scored: &'s Scored,
    /// Each player's final score, for the opponents' criteria.
    scores: Vec<Score>,
}

impl<'s> Ranker<'s> {
    fn new(scored: &'s Scored) -> Ranker<'s> {
        let scores = (0..scored.tournament.players.len())
            .map(|p| scored.score(p))
            .collect();
        Ranker { scored, scores }
    }

    /// Ranks `group` from criterion `from` on, appending `(player, boundary after it)`.
    ///
    /// The groups a criterion splits are ranked one after another from an explicit stack, not
    /// by recursion: each split makes a smaller group, so the nesting is as deep as there are
    /// players, and a hostile results file must not be able to overflow the call stack.
    fn order(
        &self,
        group: Vec<usize>,
        from: usize,
        out: &mut Vec<(usize, Option<Boundary>)>,
        relative: &mut BTreeMap<(usize, usize), Score>,
    ) {
        let mut tasks = vec![Task::Order { group, from }];
        while let Some(task) = tasks.pop() {
            match task {
                Task::Order { group, from } => {
                    self.order_one(group, from, out, relative, &mut tasks);
                }
                Task::Boundary(boundary) => {
                    if let Some(last) = out.last_mut() {
                        last.1 = Some(boundary);
                    }
                }
            }
        }
    }

    /// One step of [`Ranker::order`]: places `group` at once when one player or nothing
    /// separates them; otherwise pushes, in reverse, each part the first separating criterion
    /// makes and the boundary to write after it.
    fn order_one(
        &self,
        group: Vec<usize>,
        from: usize,
        out: &mut Vec<(usize, Option<Boundary>)>,
        relative: &mut BTreeMap<(usize, usize), Score>,
        tasks: &mut Vec<Task>,
    ) {
        if let [only] = group.as_slice() {
            out.push((*only, None));
            return;
        }
        let criteria = &self.scored.form.criteria;
        for (k, criterion) in criteria.iter().enumerate().skip(from) {
            let Some(values) = self.values(criterion.kind, &group) else {
                continue;
            };
            if criterion.kind.is_relative() {
                for (p, v) in group.iter().zip(&values) {
                    relative.entry((*p, k)).or_insert(*v);
                }
            }
            let mut sorted: Vec<(usize, Score)> = group.iter().copied().zip(values).collect();
            sorted.sort_by_key(|a| std::cmp::Reverse(a.1));
            let first = sorted.first().map(|s| s.1);
            if sorted.iter().all(|s| Some(s.1) == first) {
                continue;
            }
            let mut parts: Vec<Vec<(usize, Score)>> = Vec::new();
            for entry in sorted {
                match parts.last_mut() {
                    Some(part) if part.first().map(|p| p.1) == Some(entry.1) => part.push(entry),
                    _ => parts.push(vec![entry]),
                }
            }
            let next = match self.scored.form.split.value {
                Split::Restart => 0,
                Split::Continue => k + 1,
            };
            let among = if criterion.kind.is_relative() {
                group.clone()
            } else {
                Vec::new()
            };
            let part_values: Vec<Score> = parts
                .iter()
                .map(|part| part.first().map_or(Score::ZERO, |p| p.1))
                .collect();
            for (i, part) in parts.into_iter().enumerate().rev() {
                if let (Some(upper), Some(lower)) = (part_values.get(i), part_values.get(i + 1)) {
                    tasks.push(Task::Boundary(Boundary::By {
                        criterion: k,
                        values: (*upper, *lower),
                        among: among.clone(),
                    }));
                }
                let members: Vec<usize> = part.iter().map(|p| p.0).collect();
                tasks.push(Task::Order {
                    group: members,
                    from: next,
                });
            }
            return;
        }
        // Nothing separates them: they stay level, in the order of the results file.
        let lots_needed = criteria.iter().any(|c| c.kind == CriterionKind::Lots);
        let mut level = group;
        level.sort_unstable();
        let n = level.len();
        for (i, p) in level.into_iter().enumerate() {
            let boundary = (i + 1 < n).then_some(Boundary::Level { lots_needed });
            out.push((p, boundary));
        }
    }

    /// The values of a criterion for the players of `group`, or `None` when it cannot be
    /// computed among them (head-to-head when not all of them met, lots not drawn).
    fn values(&self, kind: CriterionKind, group: &[usize]) -> Option<Vec<Score>> {
        match kind {
            CriterionKind::HeadToHead => self.head_to_head(group),
            CriterionKind::Lots => self.lots(group),
            _ => Some(group.iter().map(|p| self.absolute(kind, *p)).collect()),
        }
    }

    fn absolute(&self, kind: CriterionKind, p: usize) -> Score {
        let s = self.scored;
        let records = s.records.get(p).map(Vec::as_slice).unwrap_or_default();
        let opponent = |o: usize| self.scores.get(o).copied().unwrap_or_default();
        let count = |n: u32| Score::whole(i128::from(n));
        match kind {
            CriterionKind::Points => records.iter().map(|r| r.game_points).sum(),
            CriterionKind::MatchPoints => records.iter().map(|r| r.match_points).sum(),
            CriterionKind::SonnebornBerger => records
                .iter()
                .map(|r| match r.unit {
                    Unit::Win => opponent(r.opponent),
                    Unit::Draw => opponent(r.opponent).half(),
                    Unit::Loss => Score::ZERO,
                })
                .sum(),
            CriterionKind::Buchholz => records.iter().map(|r| opponent(r.opponent)).sum(),
            CriterionKind::BuchholzCut1 => {
                let all: Vec<Score> = records.iter().map(|r| opponent(r.opponent)).collect();
                let lowest = all.iter().min().copied().unwrap_or_default();
                all.into_iter().sum::<Score>() - lowest
            }
            CriterionKind::Progressive => {
                let rounds = s.tournament.rounds;
                (1..=rounds)
                    .map(|round| {
                        records
                            .iter()
                            .filter(|r| r.round.is_some_and(|x| x <= round))
                            .map(|r| s.unit_score(r))
                            .sum::<Score>()
                    })
                    .sum::<Score>()
                    + records
                        .iter()
                        .filter(|r| r.round.is_none())
                        .map(|r| s.unit_score(r))
                        .sum::<Score>()
            }
            CriterionKind::Wins => count(records.iter().map(|r| r.games_won).sum()),
            CriterionKind::BlackWins => count(records.iter().map(|r| r.black_wins).sum()),
            CriterionKind::HeadToHead | CriterionKind::Lots => Score::ZERO,
        }
    }

    /// The score each made against the others of `group`, when every two of them met.
    fn head_to_head(&self, group: &[usize]) -> Option<Vec<Score>> {
        let s = self.scored;
        let met = |a: usize, b: usize| {
            s.records
                .get(a)
                .is_some_and(|rs| rs.iter().any(|r| r.opponent == b))
        };
        let all_met = group
            .iter()
            .all(|a| group.iter().all(|b| a == b || met(*a, *b)));
        if !all_met {
            return None;
        }
        Some(
            group
                .iter()
                .map(|p| {
                    s.records
                        .get(*p)
                        .map(|rs| {
                            rs.iter()
                                .filter(|r| group.contains(&r.opponent))
                                .map(|r| s.unit_score(r))
                                .sum()
                        })
                        .unwrap_or_default()
                })
                .collect(),
        )
    }

    /// The order lots drew among `group`, from the first recorded order naming them all.
    fn lots(&self, group: &[usize]) -> Option<Vec<Score>> {
        let order = self
            .scored
            .tournament
            .lots
            .iter()
            .find(|o| group.iter().all(|p| o.contains(p)))?;
        let n = i128::try_from(order.len()).unwrap_or(0);
        Some(
            group
                .iter()
                .map(|p| {
                    let at = order.iter().position(|x| x == p).unwrap_or(0);
                    Score::whole(n - i128::try_from(at).unwrap_or(0))
                })
                .collect(),
        )
    }

    /// The table from the order found.
    fn table(
        &self,
        order: &[(usize, Option<Boundary>)],
        relative: &BTreeMap<(usize, usize), Score>,
    ) -> Ranking {
        let s = self.scored;
        let players = &s.tournament.players;
        let id = |p: usize| players.get(p).map(|p| p.id.clone()).unwrap_or_default();
        let criteria = &s.form.criteria;
        let mut rows: Vec<Row> = Vec::new();
        let mut gaps: Vec<Gap> = Vec::new();
        let mut place = 1;
        for (i, (p, _)) in order.iter().enumerate() {
            let level_with_previous =
                i > 0 && matches!(order.get(i - 1), Some((_, Some(Boundary::Level { .. }))));
            if !level_with_previous {
                place = i + 1;
            }
            let level_with_next = matches!(order.get(i), Some((_, Some(Boundary::Level { .. }))));
            let values = criteria
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    if c.kind.is_relative() {
                        relative.get(&(*p, k)).copied()
                    } else {
                        Some(self.absolute(c.kind, *p))
                    }
                })
                .collect();
            let player = players.get(*p);
            rows.push(Row {
                place,
                shared: level_with_previous || level_with_next,
                player: id(*p),
                name: player.map(|x| x.shown().to_owned()).unwrap_or_default(),
                values,
                withdrew_after: s.tournament.withdrawal_of(*p).map(|w| w.after_round),
            });
        }
        for pair in order.windows(2) {
            let [(upper, boundary), (lower, _)] = pair else {
                continue;
            };
            let gap = match boundary {
                Some(Boundary::By {
                    criterion,
                    values,
                    among,
                }) => {
                    let c = criteria.get(*criterion);
                    Gap {
                        upper: id(*upper),
                        lower: id(*lower),
                        decided_by: c.map(|c| c.id.clone()),
                        sentence: c.map(|c| c.citation.clone()),
                        values: Some(*values),
                        among: among.iter().map(|p| id(*p)).collect(),
                        lots_needed: false,
                    }
                }
                Some(Boundary::Level { .. }) | None => Gap {
                    upper: id(*upper),
                    lower: id(*lower),
                    decided_by: None,
                    sentence: None,
                    values: None,
                    among: Vec::new(),
                    lots_needed: matches!(boundary, Some(Boundary::Level { lots_needed: true })),
                },
            };
            gaps.push(gap);
        }
        Ranking {
            rows,
            gaps,
            annulled: s.annulled.iter().map(|p| id(*p)).collect(),
        }
    }
}
