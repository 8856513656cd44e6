//! Lowering of standings forms: one `lower_<rule>` per grammar rule of the standings section.

use pest::iterators::Pair;

use super::super::ast::{Attrs, Clause, CriterionRef, Fraction, ScoreUnit, Standings};
use super::super::parser::Rule;
use super::{Lowerer, inner};
use crate::source::Node;

impl Lowerer<'_> {
    /// `standings = { doc* ~ replace? ~ kw_standings ~ ident ~ attr* ~ standings_clause* }`
    pub(super) fn lower_standings(&mut self, pair: Pair<'_, Rule>) -> Option<Standings> {
        let mut docs = Vec::new();
        let mut replace = false;
        let mut id = None;
        let mut attrs = Attrs::default();
        let mut clauses = Vec::new();
        for p in inner(pair) {
            let loc = self.loc(&p);
            let clause = match p.as_rule() {
                Rule::doc => {
                    docs.push(self.lower_doc(p));
                    continue;
                }
                Rule::replace => {
                    replace = self.lower_replace(p);
                    continue;
                }
                Rule::kw_standings => continue,
                Rule::ident => {
                    id = Some(self.lower_ident(p));
                    continue;
                }
                Rule::attr => {
                    self.lower_attr(p, &mut attrs)?;
                    continue;
                }
                Rule::system_clause => self.lower_system_clause(p)?,
                Rule::match_clause => self.lower_match_clause(p)?,
                Rule::score_clause => self.lower_score_clause(p)?,
                Rule::forfeit_clause => self.lower_forfeit_clause(p)?,
                Rule::withdrawal_clause => self.lower_withdrawal_clause(p)?,
                Rule::split_clause => self.lower_split_clause(p)?,
                Rule::rank_clause => self.lower_rank_clause(p)?,
                _ => return None,
            };
            clauses.push(Node::new(clause, loc));
        }
        Some(Standings {
            docs,
            replace,
            id: id?,
            attrs,
            clauses,
        })
    }

    /// The name and the attributes of a clause `KEYWORD NAME ATTRS`.
    fn lower_named_clause(&mut self, pair: Pair<'_, Rule>) -> Option<(Node<String>, Attrs)> {
        let mut name = None;
        let mut attrs = Attrs::default();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident => name = Some(self.lower_ident(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => {}
            }
        }
        Some((name?, attrs))
    }

    /// `system_clause = { kw_system ~ ident ~ attr* }`
    fn lower_system_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let (name, attrs) = self.lower_named_clause(pair)?;
        Some(Clause::System { name, attrs })
    }

    /// `withdrawal_clause = { kw_withdrawal ~ ident ~ attr* }`
    fn lower_withdrawal_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let (rule, attrs) = self.lower_named_clause(pair)?;
        Some(Clause::Withdrawal { rule, attrs })
    }

    /// `split_clause = { kw_split ~ ident ~ attr* }`
    fn lower_split_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let (rule, attrs) = self.lower_named_clause(pair)?;
        Some(Clause::Split { rule, attrs })
    }

    /// `match_clause = { kw_match ~ integer ~ kw_games ~ attr* }`
    fn lower_match_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let mut games = None;
        let mut attrs = Attrs::default();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::integer => games = Some(self.lower_integer(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => {}
            }
        }
        Some(Clause::Match {
            games: games?,
            attrs,
        })
    }

    /// `score_clause = { kw_score ~ score_unit ~ kw_win ~ number ~ kw_draw ~ number ~ kw_loss ~
    /// number ~ attr* }`
    fn lower_score_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let mut unit = None;
        let mut numbers = Vec::new();
        let mut attrs = Attrs::default();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::score_unit => unit = Some(self.lower_score_unit(p)?),
                Rule::number => numbers.push(self.lower_number(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => {}
            }
        }
        let [win, draw, loss]: [Node<Fraction>; 3] = numbers.try_into().ok()?;
        Some(Clause::Score {
            unit: unit?,
            win,
            draw,
            loss,
            attrs,
        })
    }

    /// `score_unit = { kw_game | kw_match }`
    fn lower_score_unit(&mut self, pair: Pair<'_, Rule>) -> Option<ScoreUnit> {
        Some(match pair.into_inner().next()?.as_rule() {
            Rule::kw_game => ScoreUnit::Game,
            Rule::kw_match => ScoreUnit::Match,
            _ => return None,
        })
    }

    /// `forfeit_clause = { kw_forfeit ~ kw_game ~ number ~ (kw_match ~ number)? ~ attr* }`
    fn lower_forfeit_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let mut numbers = Vec::new();
        let mut attrs = Attrs::default();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::number => numbers.push(self.lower_number(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => {}
            }
        }
        let mut numbers = numbers.into_iter();
        let game = numbers.next()?;
        let matches = numbers.next();
        Some(Clause::Forfeit {
            game,
            matches,
            attrs,
        })
    }

    /// `rank_clause = { kw_rank ~ attr* ~ criterion+ }`
    fn lower_rank_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Clause> {
        let mut attrs = Attrs::default();
        let mut criteria = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                Rule::criterion => criteria.push(self.lower_criterion(p)?),
                _ => {}
            }
        }
        Some(Clause::Rank { attrs, criteria })
    }

    /// `criterion = { !standings_keyword ~ ident ~ attr* }`
    fn lower_criterion(&mut self, pair: Pair<'_, Rule>) -> Option<CriterionRef> {
        let mut pairs = inner(pair);
        let id = self.lower_ident(pairs.next()?);
        let mut attrs = Attrs::default();
        for p in pairs {
            self.lower_attr(p, &mut attrs)?;
        }
        Some(CriterionRef { id, attrs })
    }

    /// `number = @{ ASCII_DIGIT+ ~ ("/" ~ ASCII_DIGIT+ | "." ~ ASCII_DIGIT+)? }`: `1/2` as
    /// written, `0.25` as `25/100`.
    fn lower_number(&mut self, pair: Pair<'_, Rule>) -> Node<Fraction> {
        let loc = self.loc(&pair);
        let text = pair.as_str();
        let parsed = match text.split_once(['/', '.']) {
            None => text.parse().ok().map(|n| (n, 1)),
            Some((whole, rest)) if text.contains('/') => {
                whole.parse().ok().zip(rest.parse::<u64>().ok())
            }
            Some((whole, decimals)) => {
                let scale = u32::try_from(decimals.len())
                    .ok()
                    .and_then(|d| 10u64.checked_pow(d));
                let digits = format!("{whole}{decimals}").parse::<u64>().ok();
                digits.zip(scale)
            }
        };
        match parsed {
            Some((numerator, denominator)) => Node::new(
                Fraction {
                    numerator,
                    denominator,
                },
                loc,
            ),
            None => {
                self.integer_too_large(loc);
                Node::new(
                    Fraction {
                        numerator: 0,
                        denominator: 1,
                    },
                    loc,
                )
            }
        }
    }
}
