//! The one door of the stage: a tournament's results ranked by a form of a rule set, into a
//! [`Table`] that renders as text, Markdown or JSON.

use super::err::{ResultsErrorKind, ResultsErrors};
use super::form::{Form, System};
use super::ranking::{Ranking, rank};
use super::scoring::Scored;
use super::tournament::Tournament;
use crate::spec::results::Step;
use crate::words::did_you_mean;

/// A tournament's standings under one form.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Table {
    /// The rule set whose form ranked it.
    pub rule_set: String,
    /// The form.
    pub form: Form,
    /// The event's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The system.
    pub system: System,
    /// Rounds.
    pub rounds: u32,
    /// The ranking.
    #[serde(flatten)]
    pub ranking: Ranking,
}

/// What to rank: results, and the forms of a rule set to rank them by.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The rule set's name.
    pub rule_set: &'a str,
    /// Its standings forms.
    pub forms: &'a [Form],
    /// The results.
    pub tournament: &'a Tournament,
    /// The form to use; by default the one the results name (`form:`), else the one named
    /// like the results' system.
    pub form: Option<&'a str>,
}

/// Ranks the results of a request.
///
/// # Errors
///
/// The rule set has no such form, or the results do not fit it; each error is at its place in
/// the results file.
pub fn standings(request: Request<'_>) -> Result<Table, ResultsErrors> {
    let t = request.tournament;
    let (wanted, path): (&str, &[Step<'_>]) = match (request.form, &t.form) {
        (Some(f), _) => (f, &[]),
        (None, Some(f)) => (f.as_str(), &[Step::Key("form")]),
        (None, None) => (t.system.name(), &[Step::Key("system")]),
    };
    let Some(form) = request.forms.iter().find(|f| f.id == wanted) else {
        let names = request.forms.iter().map(|f| f.id.as_str());
        let rule_set = request.rule_set.to_owned();
        let form = wanted.to_owned();
        let help = did_you_mean(wanted, names).or_else(|| {
            request
                .forms
                .is_empty()
                .then(|| "it defines no standings form (`standings NAME …`)".to_owned())
        });
        let kind = match help {
            Some(help) => ResultsErrorKind::NoForm {
                rule_set,
                form,
                help,
            },
            None => {
                let all: Vec<String> = request
                    .forms
                    .iter()
                    .map(|f| format!("`{}`", f.id))
                    .collect();
                ResultsErrorKind::NotAForm {
                    rule_set,
                    form,
                    forms: all.join(", "),
                }
            }
        };
        return Err(ResultsErrors::one(t.error(kind, path)));
    };
    let scored = Scored::new(form, t)?;
    Ok(Table {
        rule_set: request.rule_set.to_owned(),
        form: form.clone(),
        event: t.event.clone(),
        system: t.system,
        rounds: t.rounds,
        ranking: rank(&scored),
    })
}

impl Table {
    /// The place of `player`, if ranked.
    pub fn place_of(&self, player: &str) -> Option<usize> {
        self.ranking
            .rows
            .iter()
            .find(|r| r.player == player)
            .map(|r| r.place)
    }
}
