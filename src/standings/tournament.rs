//! A results file read and checked: players known, rounds in range, each game given once, each
//! result possible. What a standings form adds (match sizes, the withdrawal rule) is checked
//! when the results are scored (`scoring`).

use std::collections::BTreeMap;

use super::err::{ResultsError, ResultsErrorKind, ResultsErrors};
use super::form::System;
use crate::source::{Loc, NonEmpty, SourceFile};
use crate::spec::results::{Absent, GameEntry, LostBy, ResultsFile, Step, locate};
use crate::words::did_you_mean;

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Player {
    /// The id the results file names them by.
    pub id: String,
    /// The full name, if given.
    pub name: Option<String>,
}

impl Player {
    /// The name to show: the full name, else the id.
    pub fn shown(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }
}

/// The result of a game played over the board (or decided by the arbiter).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// Both players lost by faults (the second Điều 15.7 b).
    BothLose,
}

/// What happened to a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Played (or decided by faults): the result, and whether faults decided it.
    Played(GameResult, bool),
    /// Not played: a player did not come.
    Absent(Absent),
    /// Not played because a player had withdrawn; the form's withdrawal rule says what it
    /// gives.
    AfterWithdrawal,
}

/// One game of the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Its index in the file's `games`.
    pub entry: usize,
    /// The round.
    pub round: u32,
    /// The player with Red.
    pub red: usize,
    /// The player with Black.
    pub black: usize,
    /// What happened.
    pub outcome: Outcome,
}

/// The games two players played in one round: one game, or a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// The round.
    pub round: u32,
    /// The two players, in the order of the first game (Red first).
    pub players: [usize; 2],
    /// The games, in file order (indices into [`Tournament::games`]).
    pub games: Vec<usize>,
}

/// A withdrawal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Withdrawn {
    /// The player.
    pub player: usize,
    /// The last round they played.
    pub after_round: u32,
    /// Its index in the file's `withdrawals`.
    pub entry: usize,
}

/// A tournament's results, checked.
#[derive(Debug, Clone)]
pub struct Tournament {
    /// The results file.
    pub source: SourceFile,
    /// The event's name.
    pub event: Option<String>,
    /// The system.
    pub system: System,
    /// The form the file asks for.
    pub form: Option<String>,
    /// Rounds.
    pub rounds: u32,
    /// Cycles of a round robin.
    pub cycles: u32,
    /// The players, in file order.
    pub players: Vec<Player>,
    /// The games, in file order.
    pub games: Vec<Game>,
    /// The pairings, in round order.
    pub pairings: Vec<Pairing>,
    /// The withdrawals.
    pub withdrawals: Vec<Withdrawn>,
    /// Orders drawn by lots, best first.
    pub lots: Vec<Vec<usize>>,
}

impl Tournament {
    /// Reads and checks a results file.
    ///
    /// # Errors
    ///
    /// Every problem of the file, each at its place.
    pub fn read(source: SourceFile) -> Result<Tournament, ResultsErrors> {
        let file = ResultsFile::from_yaml(&source.text).map_err(|p| {
            let kind = ResultsErrorKind::Yaml { message: p.message };
            ResultsErrors::one(ResultsError::new(kind, &source, p.loc))
        })?;
        let mut reader = Reader {
            source: &source,
            errors: Vec::new(),
        };
        let tournament = reader.check(file);
        let mut errors = reader.errors;
        errors.sort_by_key(|e| e.0);
        match NonEmpty::from_vec(errors.into_iter().map(|(_, e)| e).collect()) {
            None => Ok(tournament),
            Some(errors) => Err(ResultsErrors::new(errors)),
        }
    }

    /// The index of the player `id`.
    pub fn player(&self, id: &str) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// The place of the node at `path` in the file (its start if it cannot be found).
    pub(crate) fn place(&self, path: &[Step<'_>]) -> Loc {
        locate(&self.source.text, path).unwrap_or_default()
    }

    /// An error at the node at `path`.
    pub(crate) fn error(&self, kind: ResultsErrorKind, path: &[Step<'_>]) -> ResultsError {
        ResultsError::new(kind, &self.source, self.place(path))
    }

    /// The withdrawal of `player`, if they withdrew.
    pub fn withdrawal_of(&self, player: usize) -> Option<&Withdrawn> {
        self.withdrawals.iter().find(|w| w.player == player)
    }
}

/// Whether `id` is a plain name: lowercase ASCII letters, digits and `-`, not empty.
fn is_plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The checks, collecting every error with its place.
struct Reader<'s> {
    source: &'s SourceFile,
    /// Errors with their offset, for sorting into file order.
    errors: Vec<(usize, ResultsError)>,
}

impl Reader<'_> {
    fn push(&mut self, kind: ResultsErrorKind, path: &[Step<'_>]) {
        let loc = locate(&self.source.text, path).unwrap_or_default();
        self.errors
            .push((loc.start, ResultsError::new(kind, self.source, loc)));
    }

    fn check(&mut self, file: ResultsFile) -> Tournament {
        let players = self.players(&file);
        let ids: BTreeMap<&str, usize> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.as_str(), i))
            .collect();
        let withdrawals = self.withdrawals(&file, &ids);
        let games: Vec<Game> = (file.games.iter().enumerate())
            .filter_map(|(i, g)| self.game(&file, i, g, &ids, &withdrawals))
            .collect();
        let pairings = self.pairings(&file, &games, &players);
        let lots = self.lots(&file, &ids);
        Tournament {
            source: self.source.clone(),
            event: file.event.clone(),
            system: file.system,
            form: file.form.clone(),
            rounds: file.rounds,
            cycles: file.cycles.unwrap_or(1),
            players,
            games,
            pairings,
            withdrawals,
            lots,
        }
    }

    fn players(&mut self, file: &ResultsFile) -> Vec<Player> {
        let mut players: Vec<Player> = Vec::new();
        for (i, p) in file.players.iter().enumerate() {
            let path = [Step::Key("players"), Step::Index(i), Step::Key("id")];
            if !is_plain_id(&p.id) {
                self.push(ResultsErrorKind::PlayerId { id: p.id.clone() }, &path);
            }
            if players.iter().any(|q| q.id == p.id) {
                self.push(ResultsErrorKind::PlayerTwice { id: p.id.clone() }, &path);
                continue;
            }
            players.push(Player {
                id: p.id.clone(),
                name: p.name.clone(),
            });
        }
        players
    }

    /// The index of player `id`, or an "unknown player" error at `path`.
    fn known(&mut self, ids: &BTreeMap<&str, usize>, id: &str, path: &[Step<'_>]) -> Option<usize> {
        if let Some(i) = ids.get(id) {
            return Some(*i);
        }
        let help = did_you_mean(id, ids.keys().copied()).unwrap_or_else(|| {
            let all: Vec<String> = ids.keys().map(|k| format!("`{k}`")).collect();
            format!("the players are {}", all.join(", "))
        });
        let kind = ResultsErrorKind::UnknownPlayer {
            id: id.to_owned(),
            help,
        };
        self.push(kind, path);
        None
    }

    fn withdrawals(&mut self, file: &ResultsFile, ids: &BTreeMap<&str, usize>) -> Vec<Withdrawn> {
        let mut out: Vec<Withdrawn> = Vec::new();
        for (i, w) in file.withdrawals.iter().enumerate() {
            let at = |key| [Step::Key("withdrawals"), Step::Index(i), Step::Key(key)];
            let Some(player) = self.known(ids, &w.player, &at("player")) else {
                continue;
            };
            if w.after_round > file.rounds {
                self.no_such_round(file, w.after_round, &at("after_round"));
                continue;
            }
            if out.iter().any(|o| o.player == player) {
                let kind = ResultsErrorKind::WithdrawalTwice {
                    id: w.player.clone(),
                };
                self.push(kind, &at("player"));
                continue;
            }
            out.push(Withdrawn {
                player,
                after_round: w.after_round,
                entry: i,
            });
        }
        out
    }

    fn no_such_round(&mut self, file: &ResultsFile, round: u32, path: &[Step<'_>]) {
        let help = format!(
            "the tournament has {} round{} (`rounds: {}`), numbered from 1",
            file.rounds,
            crate::words::plural(file.rounds as usize),
            file.rounds
        );
        self.push(ResultsErrorKind::NoSuchRound { round, help }, path);
    }

    fn game(
        &mut self,
        file: &ResultsFile,
        i: usize,
        g: &GameEntry,
        ids: &BTreeMap<&str, usize>,
        withdrawals: &[Withdrawn],
    ) -> Option<Game> {
        let at = |key| [Step::Key("games"), Step::Index(i), Step::Key(key)];
        let red = self.known(ids, &g.red, &at("red"));
        let black = self.known(ids, &g.black, &at("black"));
        if g.round == 0 || g.round > file.rounds {
            self.no_such_round(file, g.round, &at("round"));
            return None;
        }
        let (red, black) = (red?, black?);
        if red == black {
            self.push(
                ResultsErrorKind::SelfGame { id: g.red.clone() },
                &at("black"),
            );
            return None;
        }
        let withdrawn_before = [red, black].into_iter().find_map(|p| {
            withdrawals
                .iter()
                .find(|w| w.player == p && w.after_round < g.round)
        });
        let outcome = match (&g.result, g.absent, withdrawn_before) {
            (Some(_), Some(_), _) => {
                self.push(ResultsErrorKind::ResultAndAbsent, &at("absent"));
                return None;
            }
            (Some(text), None, None) => {
                Outcome::Played(self.result(text, g.by, &at)?, g.by.is_some())
            }
            (None, Some(absent), None) => Outcome::Absent(absent),
            (None, None, Some(_)) => Outcome::AfterWithdrawal,
            (_, _, Some(w)) => {
                let id = &file
                    .players
                    .get(w.player)
                    .map(|p| p.id.clone())
                    .unwrap_or_default();
                let kind = ResultsErrorKind::AfterWithdrawal {
                    id: id.clone(),
                    after: w.after_round,
                    round: g.round,
                    help: "list the game without `result` or `absent`: the form's withdrawal rule says what it gives".to_owned(),
                };
                let key = if g.result.is_some() {
                    "result"
                } else {
                    "absent"
                };
                self.push(kind, &at(key));
                return None;
            }
            (None, None, None) => {
                let kind = ResultsErrorKind::NoResult {
                    red: g.red.clone(),
                    black: g.black.clone(),
                };
                self.push(kind, &[Step::Key("games"), Step::Index(i)]);
                return None;
            }
        };
        Some(Game {
            entry: i,
            round: g.round,
            red,
            black,
            outcome,
        })
    }

    /// A result as written: `1-0`, `0-1`, `1/2-1/2` (`½-½`), `0-0` by faults.
    fn result(
        &mut self,
        text: &str,
        by: Option<LostBy>,
        at: &dyn Fn(&'static str) -> [Step<'static>; 3],
    ) -> Option<GameResult> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let result = match compact.replace('–', "-").as_str() {
            "1-0" => Some(GameResult::RedWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" | "½-½" => Some(GameResult::Draw),
            "0-0" => Some(GameResult::BothLose),
            _ => None,
        };
        let problem = match (result, by) {
            (None, _) => Some(
                "a game ends `1-0` (Red wins), `0-1` (Black wins) or `1/2-1/2` (a draw); `0-0` when both lose by faults",
            ),
            (Some(GameResult::BothLose), None) => Some(
                "`0-0` is a result only when the arbiter declares both players lost by faults (Điều 15.7 b): add `by: faults`",
            ),
            (Some(GameResult::Draw), Some(LostBy::Faults)) => {
                Some("faults lose a game (Điều 16.1 c, 20.4 b.9): a draw cannot be `by: faults`")
            }
            _ => None,
        };
        if let Some(help) = problem {
            let kind = ResultsErrorKind::ImpossibleResult {
                result: text.to_owned(),
                help,
            };
            self.push(kind, &at("result"));
            return None;
        }
        result
    }

    fn pairings(&mut self, file: &ResultsFile, games: &[Game], players: &[Player]) -> Vec<Pairing> {
        let mut pairings: Vec<Pairing> = Vec::new();
        let id = |p: usize| players.get(p).map(|p| p.id.clone()).unwrap_or_default();
        for (k, game) in games.iter().enumerate() {
            let pair = [game.red, game.black];
            let same = |p: &Pairing| {
                p.round == game.round && (p.players == pair || p.players == [pair[1], pair[0]])
            };
            if let Some(p) = pairings.iter_mut().find(|p| same(p)) {
                p.games.push(k);
                continue;
            }
            // A player in another pairing of the same round.
            let clash = pairings
                .iter()
                .find(|p| p.round == game.round && pair.iter().any(|x| p.players.contains(x)));
            if let Some(other) = clash {
                let player = if other.players.contains(&game.red) {
                    game.red
                } else {
                    game.black
                };
                let first = other.games.first().and_then(|g| games.get(*g));
                let help = first.map_or_else(String::new, |f| {
                    format!(
                        "round {} already pairs them: {} against {} (game {} of the file)",
                        game.round,
                        id(f.red),
                        id(f.black),
                        f.entry + 1
                    )
                });
                let kind = ResultsErrorKind::PairedTwice {
                    id: id(player),
                    round: game.round,
                    help,
                };
                self.push(kind, &[Step::Key("games"), Step::Index(game.entry)]);
                continue;
            }
            pairings.push(Pairing {
                round: game.round,
                players: pair,
                games: vec![k],
            });
        }
        if file.system == System::RoundRobin {
            self.meetings(file, &mut pairings, games, players);
        }
        pairings.sort_by_key(|p| p.round);
        pairings
    }

    /// In a round robin, two players meet once a cycle: a further pairing is an error.
    fn meetings(
        &mut self,
        file: &ResultsFile,
        pairings: &mut Vec<Pairing>,
        games: &[Game],
        players: &[Player],
    ) {
        let cycles = file.cycles.unwrap_or(1);
        let mut met: BTreeMap<[usize; 2], u32> = BTreeMap::new();
        let mut keep = Vec::new();
        let mut sorted = std::mem::take(pairings);
        sorted.sort_by_key(|p| p.round);
        for p in sorted {
            let mut key = p.players;
            key.sort_unstable();
            let times = met.entry(key).or_default();
            *times += 1;
            if *times > cycles {
                let id = |i: usize| players.get(i).map(|p| p.id.clone()).unwrap_or_default();
                let kind = ResultsErrorKind::MetTooOften {
                    a: id(key[0]),
                    b: id(key[1]),
                    times: *times,
                    cycles,
                    plural: crate::words::plural(cycles as usize),
                };
                let entry = p
                    .games
                    .first()
                    .and_then(|g| games.get(*g))
                    .map_or(0, |g| g.entry);
                self.push(kind, &[Step::Key("games"), Step::Index(entry)]);
                continue;
            }
            keep.push(p);
        }
        *pairings = keep;
    }

    fn lots(&mut self, file: &ResultsFile, ids: &BTreeMap<&str, usize>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, order) in file.lots.iter().enumerate() {
            let mut drawn: Vec<usize> = Vec::new();
            for (j, id) in order.iter().enumerate() {
                let path = [Step::Key("lots"), Step::Index(i), Step::Index(j)];
                let Some(p) = self.known(ids, id, &path) else {
                    continue;
                };
                if drawn.contains(&p) {
                    self.push(ResultsErrorKind::LotsTwice { id: id.clone() }, &path);
                    continue;
                }
                drawn.push(p);
            }
            out.push(drawn);
        }
        out
    }
}
