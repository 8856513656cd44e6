//! A compiled standings form: the scoring of games and matches, what forfeits and withdrawals
//! do, and the criteria that rank the players, each with the sentence it rests on.

use super::criteria::CriterionKind;
use super::score::Score;

/// The sentence a part of a form rests on (the `name`, `article`, `quote`, `gloss` and
/// `provisional` written on it), and the rule set that wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Citation {
    /// The Vietnamese name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Where it comes from: `Điều 21.3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub article: Option<String>,
    /// The ids of the law's sentences it encodes (`sentence "21.3:2"`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sentences: Vec<String>,
    /// The words of the law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quote: Option<String>,
    /// An English gloss.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gloss: Option<String>,
    /// Why the reading is provisional, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provisional: Option<String>,
    /// The rule set that wrote it.
    pub defined_in: String,
}

impl Citation {
    /// Whether it cites anything (an article, a sentence or a quote).
    pub fn cites(&self) -> bool {
        self.article.is_some() || self.quote.is_some() || !self.sentences.is_empty()
    }

    /// `Điều 21.3 “…”`, or what there is of it.
    pub fn sentence(&self) -> String {
        match (&self.article, &self.quote) {
            (Some(a), Some(q)) => format!("{a} “{q}”"),
            (Some(a), None) => a.clone(),
            (None, Some(q)) => format!("“{q}”"),
            (None, None) => format!("(no sentence cited, {})", self.defined_in),
        }
    }
}

/// A tournament system (thể thức).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Đấu vòng tròn: every player meets every other (once a cycle).
    RoundRobin,
    /// Hệ Thụy Sĩ: players of like scores are paired each round.
    Swiss,
}

impl System {
    /// Every system, with the name a file writes.
    pub const ALL: [(System, &'static str); 2] = [
        (System::RoundRobin, "round-robin"),
        (System::Swiss, "swiss"),
    ];

    /// The name a file writes.
    pub fn name(self) -> &'static str {
        match self {
            System::RoundRobin => "round-robin",
            System::Swiss => "swiss",
        }
    }
}

/// Win, draw and loss points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Points {
    /// A win.
    pub win: Score,
    /// A draw.
    pub draw: Score,
    /// A loss.
    pub loss: Score,
}

/// What a withdrawal does to the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Withdrawal {
    /// Round robin (Điều 21.5.1): a player who withdraws having played half their games or
    /// fewer has every game annulled, their opponents' points included (marked X); one who
    /// played more keeps their results, and the games left go to the opponents.
    AnnulUpToHalf,
    /// Swiss (Điều 21.5.2): the results stand, and whoever is paired with the player later
    /// wins by forfeit (the player marked O, the opponent X).
    KeepResults,
}

impl Withdrawal {
    /// Every rule, with the name a file writes.
    pub const ALL: [(Withdrawal, &'static str); 2] = [
        (Withdrawal::AnnulUpToHalf, "annul-up-to-half"),
        (Withdrawal::KeepResults, "keep-results"),
    ];
}

/// How a group of level players that a criterion splits goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Split {
    /// The players still level are ranked again from the first criterion, so a criterion
    /// computed among the level players (head-to-head) is asked again among fewer.
    Restart,
    /// The players still level go on with the next criterion.
    Continue,
}

impl Split {
    /// Every rule, with the name a file writes.
    pub const ALL: [(Split, &'static str); 2] =
        [(Split::Restart, "restart"), (Split::Continue, "continue")];
}

/// A value with the sentence it rests on.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Cited<T> {
    /// The value.
    pub value: T,
    /// The sentence.
    pub citation: Citation,
}

/// One criterion of the ranking.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Criterion {
    /// Its name in the rule file.
    pub id: String,
    /// What it measures.
    pub kind: CriterionKind,
    /// The sentence it rests on.
    pub citation: Citation,
}

/// A standings form, compiled: everything needed to rank a tournament's results.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Form {
    /// Its name.
    pub id: String,
    /// The sentence the whole form rests on.
    pub citation: Citation,
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// The system it ranks, if it says (any system otherwise).
    pub system: Option<Cited<System>>,
    /// Games per pairing: 1, or the games of a match.
    pub games: Cited<u32>,
    /// The points of one game.
    pub game_points: Cited<Points>,
    /// The points of a match, when pairings are matches of several games.
    pub match_points: Option<Cited<Points>>,
    /// What the present player of a forfeited pairing scores: game points and match points.
    /// `None`: as if they won every game.
    pub forfeit: Option<Cited<(Score, Option<Score>)>>,
    /// What a withdrawal does, if the form says.
    pub withdrawal: Option<Cited<Withdrawal>>,
    /// How a split group goes on.
    pub split: Cited<Split>,
    /// The sentence that sets the order of the criteria.
    pub order: Citation,
    /// The criteria, in order.
    pub criteria: Vec<Criterion>,
}

impl Form {
    /// Every part's citation with the part's name: the form, its clauses (`system`,
    /// `score game`, …, `rank`) and each criterion.
    pub fn citations(&self) -> Vec<(String, &Citation)> {
        let mut out: Vec<(String, &Citation)> = vec![("form".to_owned(), &self.citation)];
        let clauses = [
            ("system", self.system.as_ref().map(|c| &c.citation)),
            ("match", Some(&self.games.citation)),
            ("score game", Some(&self.game_points.citation)),
            (
                "score match",
                self.match_points.as_ref().map(|c| &c.citation),
            ),
            ("forfeit", self.forfeit.as_ref().map(|c| &c.citation)),
            ("withdrawal", self.withdrawal.as_ref().map(|c| &c.citation)),
            ("split", Some(&self.split.citation)),
            ("rank", Some(&self.order)),
        ];
        for (part, citation) in clauses {
            out.extend(citation.map(|c| (part.to_owned(), c)));
        }
        for c in &self.criteria {
            out.push((format!("criterion {}", c.id), &c.citation));
        }
        out
    }

    /// Whether pairings are matches of several games.
    pub fn is_match(&self) -> bool {
        self.games.value > 1
    }

    /// What the present player of a forfeited pairing scores: game points, match points.
    pub fn forfeit_scores(&self) -> (Score, Score) {
        let games = Score::whole(i128::from(self.games.value));
        let match_win = self
            .match_points
            .as_ref()
            .map_or(Score::ZERO, |m| m.value.win);
        match &self.forfeit {
            Some(f) => (f.value.0, f.value.1.unwrap_or(match_win)),
            None => (self.game_points.value.win * games, match_win),
        }
    }

    /// The criterion named `id`.
    pub fn criterion(&self, id: &str) -> Option<&Criterion> {
        self.criteria.iter().find(|c| c.id == id)
    }
}
