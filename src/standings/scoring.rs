//! Results scored by a form: each player's part in each pairing (game points, match points,
//! won, drawn or lost), after the form's rules for forfeits and withdrawals.

use super::err::{ResultsError, ResultsErrorKind, ResultsErrors};
use super::form::{Form, Withdrawal};
use super::score::Score;
use super::tournament::{GameResult, Outcome, Pairing, Tournament};
use crate::source::NonEmpty;
use crate::spec::results::{Absent, Step};

/// How a pairing (a game, or a match) ended for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// One player's part in one pairing, as scored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Record {
    /// The round; `None` for a game the withdrawal rule gives that was never paired.
    pub round: Option<u32>,
    /// The opponent.
    pub opponent: usize,
    /// Game points.
    pub game_points: Score,
    /// Match points (zero in a form of single games).
    pub match_points: Score,
    /// How the pairing ended.
    pub unit: Unit,
    /// Games won (a forfeit wins every game of the pairing).
    pub games_won: u32,
    /// Games won with Black over the board.
    pub black_wins: u32,
    /// Not played: a forfeit.
    pub forfeit: bool,
    /// The mark of the score table: `X` for a win against a withdrawn player (Điều 21.5.2),
    /// `O` for the withdrawn player.
    pub mark: Option<&'static str>,
}

/// A tournament scored by a form.
#[derive(Debug, Clone)]
pub struct Scored {
    /// The form.
    pub form: Form,
    /// The results.
    pub tournament: Tournament,
    /// Each player's records, in round order.
    pub records: Vec<Vec<Record>>,
    /// Players whose games are all annulled (Điều 21.5.1: withdrew having played half or
    /// fewer); they are not ranked.
    pub annulled: Vec<usize>,
}

impl Scored {
    /// Scores `tournament` by `form`.
    ///
    /// # Errors
    ///
    /// The results do not fit the form: another system, matches of another size, the same
    /// game twice, a withdrawal the form has no rule for.
    pub fn new(form: &Form, tournament: &Tournament) -> Result<Scored, ResultsErrors> {
        let mut errors: Vec<ResultsError> = Vec::new();
        if let Some(system) = &form.system {
            if system.value != tournament.system {
                errors.push(tournament.error(
                    ResultsErrorKind::SystemMismatch {
                        results: tournament.system.name().to_owned(),
                        form: form.id.clone(),
                        system: system.value.name().to_owned(),
                    },
                    &[Step::Key("system")],
                ));
            }
        }
        if form.withdrawal.is_none() {
            for w in &tournament.withdrawals {
                errors.push(tournament.error(
                    ResultsErrorKind::NoWithdrawalRule {
                        form: form.id.clone(),
                    },
                    &[Step::Key("withdrawals"), Step::Index(w.entry)],
                ));
            }
        }
        let mut scorer = Scorer {
            form,
            tournament,
            records: vec![Vec::new(); tournament.players.len()],
        };
        for pairing in &tournament.pairings {
            if let Err(e) = scorer.pairing(pairing) {
                errors.push(e);
            }
        }
        if let Some(errors) = NonEmpty::from_vec(errors) {
            return Err(ResultsErrors::new(errors));
        }
        let annulled = scorer.withdrawals();
        let mut records = scorer.records;
        for r in &mut records {
            r.sort_by_key(|r| r.round.unwrap_or(u32::MAX));
        }
        Ok(Scored {
            form: form.clone(),
            tournament: tournament.clone(),
            records,
            annulled,
        })
    }

    /// The score that opponents' criteria add up: match points in a form of matches, game
    /// points otherwise.
    pub fn unit_score(&self, r: &Record) -> Score {
        if self.form.is_match() {
            r.match_points
        } else {
            r.game_points
        }
    }

    /// A player's final score (see [`Scored::unit_score`]).
    pub fn score(&self, player: usize) -> Score {
        self.records
            .get(player)
            .map(|rs| rs.iter().map(|r| self.unit_score(r)).sum())
            .unwrap_or_default()
    }

    /// Whether `player` is ranked (not annulled by a withdrawal).
    pub fn is_ranked(&self, player: usize) -> bool {
        !self.annulled.contains(&player)
    }
}

struct Scorer<'a> {
    form: &'a Form,
    tournament: &'a Tournament,
    records: Vec<Vec<Record>>,
}

impl Scorer<'_> {
    fn points(&self, unit: Unit) -> (Score, Score) {
        let pick = |p: &super::form::Points| match unit {
            Unit::Win => p.win,
            Unit::Draw => p.draw,
            Unit::Loss => p.loss,
        };
        let game = pick(&self.form.game_points.value);
        let matches = self
            .form
            .match_points
            .as_ref()
            .map_or(Score::ZERO, |m| pick(&m.value));
        (game, matches)
    }

    fn entry_error(&self, kind: ResultsErrorKind, game: usize) -> ResultsError {
        let entry = self.tournament.games.get(game).map_or(0, |g| g.entry);
        self.tournament
            .error(kind, &[Step::Key("games"), Step::Index(entry)])
    }

    /// Scores one pairing into both players' records.
    fn pairing(&mut self, pairing: &Pairing) -> Result<(), ResultsError> {
        let t = self.tournament;
        let games: Vec<_> = pairing
            .games
            .iter()
            .filter_map(|g| t.games.get(*g))
            .collect();
        let id = |p: usize| t.players.get(p).map(|p| p.id.clone()).unwrap_or_default();
        let [a, b] = pairing.players;
        let wanted = self.form.games.value;
        let unplayed = games
            .iter()
            .find(|g| !matches!(g.outcome, Outcome::Played(..)));
        if let Some(first) = unplayed {
            if games.len() > 1 {
                let kind = ResultsErrorKind::MatchSize {
                    a: id(a),
                    b: id(b),
                    round: pairing.round,
                    found: games.len(),
                    plural: crate::words::plural(games.len()),
                    wanted,
                };
                return Err(self.entry_error(kind, pairing.games[1]));
            }
            self.unplayed(pairing, first.red, first.black, first.outcome);
            return Ok(());
        }
        if games.len() != wanted as usize {
            let at = pairing
                .games
                .get(wanted as usize)
                .copied()
                .unwrap_or(pairing.games[0]);
            let kind = if wanted == 1 {
                let g = games.get(1).unwrap_or(&games[0]);
                ResultsErrorKind::GameTwice {
                    red: id(g.red),
                    black: id(g.black),
                    round: pairing.round,
                    help: format!(
                        "round {} already has a game between them (game {} of the file); a form of single games has one game a pairing",
                        pairing.round,
                        games[0].entry + 1
                    ),
                }
            } else {
                ResultsErrorKind::MatchSize {
                    a: id(a),
                    b: id(b),
                    round: pairing.round,
                    found: games.len(),
                    plural: crate::words::plural(games.len()),
                    wanted,
                }
            };
            return Err(self.entry_error(kind, at));
        }
        let mut points = [Score::ZERO; 2];
        let mut won = [0u32; 2];
        let mut black_won = [0u32; 2];
        let mut units = [Unit::Draw; 2];
        for g in &games {
            let Outcome::Played(result, _) = g.outcome else {
                continue;
            };
            let side = |p: usize| usize::from(p == b);
            let (red, black) = (side(g.red), side(g.black));
            let (red_unit, black_unit) = match result {
                GameResult::RedWins => (Unit::Win, Unit::Loss),
                GameResult::BlackWins => (Unit::Loss, Unit::Win),
                GameResult::Draw => (Unit::Draw, Unit::Draw),
                GameResult::BothLose => (Unit::Loss, Unit::Loss),
            };
            points[red] = points[red] + self.points(red_unit).0;
            points[black] = points[black] + self.points(black_unit).0;
            if red_unit == Unit::Win {
                won[red] += 1;
            }
            if black_unit == Unit::Win {
                won[black] += 1;
                black_won[black] += 1;
            }
            units = [red_unit, black_unit];
            if red == 1 {
                units.swap(0, 1);
            }
        }
        if self.form.is_match() {
            units = match points[0].cmp(&points[1]) {
                std::cmp::Ordering::Greater => [Unit::Win, Unit::Loss],
                std::cmp::Ordering::Less => [Unit::Loss, Unit::Win],
                std::cmp::Ordering::Equal => [Unit::Draw, Unit::Draw],
            };
        }
        for (side, (player, opponent)) in [(a, b), (b, a)].into_iter().enumerate() {
            let record = Record {
                round: Some(pairing.round),
                opponent,
                game_points: points[side],
                match_points: self.points(units[side]).1,
                unit: units[side],
                games_won: won[side],
                black_wins: black_won[side],
                forfeit: false,
                mark: None,
            };
            if let Some(r) = self.records.get_mut(player) {
                r.push(record);
            }
        }
        Ok(())
    }

    /// A pairing not played: an absence, or a game after a withdrawal.
    fn unplayed(&mut self, pairing: &Pairing, red: usize, black: usize, outcome: Outcome) {
        let withdrawn = |p: usize| self.tournament.withdrawal_of(p).is_some();
        let (absent_red, absent_black, marks) = match outcome {
            Outcome::Absent(Absent::Red) => (true, false, false),
            Outcome::Absent(Absent::Black) => (false, true, false),
            Outcome::Absent(Absent::Both) => (true, true, false),
            Outcome::AfterWithdrawal => (withdrawn(red), withdrawn(black), true),
            Outcome::Played(..) => (false, false, false),
        };
        self.forfeit(
            Some(pairing.round),
            red,
            absent_red,
            black,
            absent_black,
            marks,
        );
    }

    /// Records a forfeit between `a` and `b`; the one who is `away` loses it.
    fn forfeit(
        &mut self,
        round: Option<u32>,
        a: usize,
        a_away: bool,
        b: usize,
        b_away: bool,
        marks: bool,
    ) {
        let (win_game, win_match) = self.form.forfeit_scores();
        let (loss_game, loss_match) = self.points(Unit::Loss);
        let games = Score::whole(i128::from(self.form.games.value));
        for (player, away, opponent) in [(a, a_away, b), (b, b_away, a)] {
            let record = if away {
                Record {
                    round,
                    opponent,
                    game_points: loss_game * games,
                    match_points: loss_match,
                    unit: Unit::Loss,
                    games_won: 0,
                    black_wins: 0,
                    forfeit: true,
                    mark: marks.then_some("O"),
                }
            } else {
                Record {
                    round,
                    opponent,
                    game_points: win_game,
                    match_points: win_match,
                    unit: Unit::Win,
                    games_won: self.form.games.value,
                    black_wins: 0,
                    forfeit: true,
                    mark: marks.then_some("X"),
                }
            };
            if let Some(r) = self.records.get_mut(player) {
                r.push(record);
            }
        }
    }

    /// Applies the form's withdrawal rule; returns the players whose games are annulled.
    fn withdrawals(&mut self) -> Vec<usize> {
        let Some(rule) = self.form.withdrawal.as_ref().map(|w| w.value) else {
            return Vec::new();
        };
        let t = self.tournament;
        let mut annulled = Vec::new();
        for w in &t.withdrawals {
            if rule != Withdrawal::AnnulUpToHalf {
                continue;
            }
            let played = self
                .records
                .get(w.player)
                .map_or(0, |rs| rs.iter().filter(|r| !r.forfeit).count());
            let scheduled = t.players.len().saturating_sub(1) * t.cycles as usize;
            if played * 2 <= scheduled {
                annulled.push(w.player);
                continue;
            }
            // More than half played: the games not played go to the opponents.
            for opponent in 0..t.players.len() {
                if opponent == w.player || annulled.contains(&opponent) {
                    continue;
                }
                let met = self
                    .records
                    .get(w.player)
                    .map_or(0, |rs| rs.iter().filter(|r| r.opponent == opponent).count());
                for _ in met..t.cycles as usize {
                    self.forfeit(None, w.player, true, opponent, false, false);
                }
            }
        }
        // Annulled games count for no one (Điều 21.5.1).
        for r in &mut self.records {
            r.retain(|rec| !annulled.contains(&rec.opponent));
        }
        for p in &annulled {
            if let Some(r) = self.records.get_mut(*p) {
                r.clear();
            }
        }
        annulled
    }
}
