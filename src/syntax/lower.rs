//! From pest pairs to the typed syntax tree: one `lower_<rule>` function per grammar rule.
//!
//! The grammar guarantees the shape of the pairs; the functions still return `Option` rather
//! than index or unwrap, and a shape they do not expect surfaces as an internal error.

use crate::vocab::{Outcome, Party, Quantifier, RowResult, Subject, TargetClause};
use pest::iterators::Pair;

use super::ast::*;
use super::depth::MAX_NESTING;
use super::err::{ParseError, ParseErrorKind};
use super::parser::Rule;
use crate::source::{Loc, Node, SourceFile};

mod standings;

/// Lowering state: the file (for spans in errors) and the errors found so far.
pub(super) struct Lowerer<'f> {
    file: &'f SourceFile,
    /// Errors found while lowering (integers too large, duplicated attributes).
    pub(super) errors: Vec<ParseError>,
    /// How many nested parts enclose the one being lowered.
    depth: usize,
}

/// Whether a pair is punctuation or a keyword that carries no information of its own.
fn is_noise(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::arrow
            | Rule::equals
            | Rule::comma
            | Rule::lparen
            | Rule::rparen
            | Rule::EOI
            | Rule::kw_rules
            | Rule::kw_title
            | Rule::kw_source
            | Rule::kw_extends
            | Rule::kw_amends
            | Rule::kw_setting
            | Rule::kw_term
            | Rule::kw_ruling
            | Rule::kw_remove
            | Rule::kw_verdict
            | Rule::kw_unencoded
            | Rule::kw_on
            | Rule::kw_when
            | Rule::kw_unless
            | Rule::kw_overrides
            | Rule::kw_restates
            | Rule::kw_and
            | Rule::kw_or
            | Rule::kw_not
            | Rule::kw_threat
            | Rule::kw_opponent
            | Rule::kw_by
    )
}

/// The pairs inside `pair` that carry information.
fn inner(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| !is_noise(p.as_rule()))
}

impl<'f> Lowerer<'f> {
    pub(super) fn new(file: &'f SourceFile) -> Lowerer<'f> {
        Lowerer {
            file,
            errors: Vec::new(),
            depth: 0,
        }
    }

    /// Records an integer literal at `loc` that does not fit in 64 bits.
    fn integer_too_large(&mut self, loc: Loc) {
        let text = self.file.slice(loc).to_owned();
        let kind = ParseErrorKind::IntegerTooLarge { text };
        self.errors.push(ParseError::new(kind, self.file, loc));
    }

    /// Lowers a nested part with `lower`, counting the nesting (see [`super::depth`]): past
    /// [`MAX_NESTING`] levels it is an error and nothing deeper is visited.
    fn nested<T>(&mut self, loc: Loc, lower: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        if self.depth >= MAX_NESTING {
            let kind = ParseErrorKind::TooDeep { limit: MAX_NESTING };
            self.errors.push(ParseError::new(kind, self.file, loc));
            return None;
        }
        self.depth += 1;
        let lowered = lower(self);
        self.depth -= 1;
        lowered
    }

    fn loc(&self, pair: &Pair<'_, Rule>) -> Loc {
        // Spans of non-atomic rules can end with skipped whitespace; diagnostics should
        // underline the text only.
        let start = pair.as_span().start();
        Loc::new(start, start + pair.as_str().trim_end().len())
    }

    /// `file = { SOI ~ header ~ item* ~ EOI }`
    pub(super) fn lower_file(&mut self, pair: Pair<'_, Rule>) -> Option<File> {
        let mut pairs = inner(pair);
        let header = self.lower_header(pairs.next()?)?;
        let mut items = Vec::new();
        for p in pairs {
            items.push(self.lower_item(p)?);
        }
        Some(File { header, items })
    }

    /// `header = { doc* ~ kw_rules ~ ident ~ header_attr* }`
    fn lower_header(&mut self, pair: Pair<'_, Rule>) -> Option<Header> {
        let mut docs = Vec::new();
        let mut name = None;
        let mut title: Option<Node<String>> = None;
        let mut source: Option<Node<String>> = None;
        let mut extends: Option<Node<String>> = None;
        let mut amends: Option<Node<String>> = None;
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::ident => name = Some(self.lower_ident(p)),
                Rule::title => {
                    let loc = self.loc(&p);
                    let value = self.lower_title(p)?;
                    self.set_once(&mut title, "title", value, loc);
                }
                Rule::source => {
                    let loc = self.loc(&p);
                    let value = self.lower_source(p)?;
                    self.set_once(&mut source, "source", value, loc);
                }
                Rule::extends => {
                    let loc = self.loc(&p);
                    let value = self.lower_extends(p)?;
                    self.set_once(&mut extends, "extends", value, loc);
                }
                Rule::amends => {
                    let loc = self.loc(&p);
                    let value = self.lower_amends(p)?;
                    self.set_once(&mut amends, "amends", value, loc);
                }
                _ => return None,
            }
        }
        Some(Header {
            docs,
            name: name?,
            title,
            source,
            extends,
            amends,
        })
    }

    /// Stores an attribute given at `loc`, reporting a second one.
    fn set_once(
        &mut self,
        slot: &mut Option<Node<String>>,
        key: &str,
        value: Node<String>,
        loc: Loc,
    ) {
        match slot {
            Some(first) => {
                let first = first.loc;
                let kind = ParseErrorKind::Duplicate {
                    key: key.to_owned(),
                    first,
                };
                self.errors.push(ParseError::new(kind, self.file, loc));
            }
            None => *slot = Some(value),
        }
    }

    /// `title = { kw_title ~ text }`
    fn lower_title(&mut self, pair: Pair<'_, Rule>) -> Option<Node<String>> {
        self.lower_text(inner(pair).next()?)
    }

    /// `source = { kw_source ~ text }`
    fn lower_source(&mut self, pair: Pair<'_, Rule>) -> Option<Node<String>> {
        self.lower_text(inner(pair).next()?)
    }

    /// `extends = { kw_extends ~ ident }`
    fn lower_extends(&mut self, pair: Pair<'_, Rule>) -> Option<Node<String>> {
        Some(self.lower_ident(inner(pair).next()?))
    }

    /// `amends = { kw_amends ~ ident }`
    fn lower_amends(&mut self, pair: Pair<'_, Rule>) -> Option<Node<String>> {
        Some(self.lower_ident(inner(pair).next()?))
    }

    /// `item = _{ setting | term | ruling | remove | verdict | standings }`
    fn lower_item(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Item>> {
        let loc = self.loc(&pair);
        let item = match pair.as_rule() {
            Rule::setting => Item::Setting(self.lower_setting(pair)?),
            Rule::term => Item::Term(self.lower_term(pair)?),
            Rule::ruling => Item::Ruling(self.lower_ruling(pair)?),
            Rule::remove => Item::Remove(self.lower_remove(pair)?),
            Rule::verdict => Item::Verdict(self.lower_verdict(pair)?),
            Rule::standings => Item::Standings(self.lower_standings(pair)?),
            Rule::unencoded => Item::Unencoded(self.lower_unencoded(pair)?),
            _ => return None,
        };
        Some(Node::new(item, loc))
    }

    /// `setting = { doc* ~ kw_setting ~ ident ~ equals ~ integer ~ attr* }`
    fn lower_setting(&mut self, pair: Pair<'_, Rule>) -> Option<Setting> {
        let mut docs = Vec::new();
        let mut name = None;
        let mut value = None;
        let mut attrs = Attrs::default();
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::ident => name = Some(self.lower_ident(p)),
                Rule::integer => value = Some(self.lower_integer(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => return None,
            }
        }
        Some(Setting {
            docs,
            name: name?,
            value: value?,
            attrs,
        })
    }

    /// `unencoded = { doc* ~ kw_unencoded ~ unencoded_reason ~ attr* }`
    fn lower_unencoded(&mut self, pair: Pair<'_, Rule>) -> Option<Unencoded> {
        let mut docs = Vec::new();
        let mut reason = None;
        let mut attrs = Attrs::default();
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::unencoded_reason => reason = Some(self.lower_unencoded_reason(p)?),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                _ => return None,
            }
        }
        Some(Unencoded {
            docs,
            reason: reason?,
            attrs,
        })
    }

    /// `unencoded_reason = { kw_prose | kw_aside | kw_pending }`
    fn lower_unencoded_reason(&mut self, pair: Pair<'_, Rule>) -> Option<Node<UnencodedReason>> {
        let loc = self.loc(&pair);
        let reason = match pair.into_inner().next()?.as_rule() {
            Rule::kw_prose => UnencodedReason::Prose,
            Rule::kw_aside => UnencodedReason::Aside,
            Rule::kw_pending => UnencodedReason::Pending,
            _ => return None,
        };
        Some(Node::new(reason, loc))
    }

    /// `term = { doc* ~ replace? ~ kw_term ~ ident ~ kw_on ~ subject ~ attr* ~ equals ~ expr }`
    fn lower_term(&mut self, pair: Pair<'_, Rule>) -> Option<Term> {
        let mut docs = Vec::new();
        let mut replace = false;
        let mut id = None;
        let mut subject = None;
        let mut attrs = Attrs::default();
        let mut body = None;
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::replace => replace = self.lower_replace(p),
                Rule::ident => id = Some(self.lower_ident(p)),
                Rule::subject => subject = Some(self.lower_subject(p)?),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                Rule::expr => body = Some(self.lower_expr(p)?),
                _ => return None,
            }
        }
        Some(Term {
            docs,
            replace,
            id: id?,
            subject: subject?,
            attrs,
            body: body?,
        })
    }

    /// `subject = { kw_move | kw_threat }`
    fn lower_subject(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Subject>> {
        let loc = self.loc(&pair);
        let subject = match pair.into_inner().next()?.as_rule() {
            Rule::kw_move => Subject::Move,
            Rule::kw_threat => Subject::Threat,
            _ => return None,
        };
        Some(Node::new(subject, loc))
    }

    /// `replace = { kw_replace }`
    fn lower_replace(&mut self, _pair: Pair<'_, Rule>) -> bool {
        true
    }

    /// `attr = { attr_key ~ text }`
    fn lower_attr(&mut self, pair: Pair<'_, Rule>, attrs: &mut Attrs) -> Option<()> {
        let loc = self.loc(&pair);
        let mut pairs = inner(pair);
        let key = self.lower_attr_key(pairs.next()?)?;
        let value = self.lower_text(pairs.next()?)?;
        let slot = match key {
            "name" => &mut attrs.name,
            "article" => &mut attrs.article,
            "sentence" => &mut attrs.sentence,
            "quote" => &mut attrs.quote,
            "provisional" => &mut attrs.provisional,
            _ => &mut attrs.gloss,
        };
        self.set_once(slot, key, value, loc);
        Some(())
    }

    /// `attr_key = { kw_name | kw_article | kw_sentence | kw_quote | kw_gloss | kw_provisional }`
    fn lower_attr_key(&mut self, pair: Pair<'_, Rule>) -> Option<&'static str> {
        Some(match pair.into_inner().next()?.as_rule() {
            Rule::kw_name => "name",
            Rule::kw_article => "article",
            Rule::kw_sentence => "sentence",
            Rule::kw_quote => "quote",
            Rule::kw_gloss => "gloss",
            Rule::kw_provisional => "provisional",
            _ => return None,
        })
    }

    /// `ruling = { doc* ~ replace? ~ kw_ruling ~ ident ~ attr* ~ when_clause ~ unless_clause* ~
    /// arrow ~ outcome ~ graver? ~ overrides? ~ restates? }`
    fn lower_ruling(&mut self, pair: Pair<'_, Rule>) -> Option<Ruling> {
        let mut docs = Vec::new();
        let mut replace = false;
        let mut id = None;
        let mut attrs = Attrs::default();
        let mut when = None;
        let mut unless = Vec::new();
        let mut outcome = None;
        let mut graver = None;
        let mut overrides = Vec::new();
        let mut restates = Vec::new();
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::replace => replace = self.lower_replace(p),
                Rule::ident => id = Some(self.lower_ident(p)),
                Rule::attr => self.lower_attr(p, &mut attrs)?,
                Rule::when_clause => when = Some(self.lower_when_clause(p)?),
                Rule::unless_clause => unless.push(self.lower_unless_clause(p)?),
                Rule::outcome => outcome = Some(self.lower_outcome(p)?),
                Rule::graver => graver = Some(Node::new((), self.loc(&p))),
                Rule::overrides => overrides = self.lower_overrides(p),
                Rule::restates => restates = self.lower_restates(p),
                _ => return None,
            }
        }
        Some(Ruling {
            docs,
            replace,
            id: id?,
            attrs,
            when: when?,
            unless,
            outcome: outcome?,
            graver,
            overrides,
            restates,
        })
    }

    /// `when_clause = { kw_when ~ pattern }`
    fn lower_when_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        self.lower_pattern(inner(pair).next()?)
    }

    /// `unless_clause = { kw_unless ~ pattern }`
    fn lower_unless_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        self.lower_pattern(inner(pair).next()?)
    }

    /// `overrides = { kw_overrides ~ ident ~ (comma ~ ident)* }`
    fn lower_overrides(&mut self, pair: Pair<'_, Rule>) -> Vec<Node<String>> {
        inner(pair).map(|p| self.lower_ident(p)).collect()
    }

    /// `restates = { kw_restates ~ ident ~ (comma ~ ident)* }`
    fn lower_restates(&mut self, pair: Pair<'_, Rule>) -> Vec<Node<String>> {
        inner(pair).map(|p| self.lower_ident(p)).collect()
    }

    /// `remove = { doc* ~ kw_remove ~ removed_kind ~ ident }`
    fn lower_remove(&mut self, pair: Pair<'_, Rule>) -> Option<Remove> {
        let mut docs = Vec::new();
        let mut kind = None;
        let mut id = None;
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::removed_kind => kind = Some(self.lower_removed_kind(p)?),
                Rule::ident => id = Some(self.lower_ident(p)),
                _ => return None,
            }
        }
        Some(Remove {
            docs,
            kind: kind?,
            id: id?,
        })
    }

    /// `removed_kind = { kw_term | kw_ruling | kw_standings }`
    fn lower_removed_kind(&mut self, pair: Pair<'_, Rule>) -> Option<RemovedKind> {
        Some(match pair.into_inner().next()?.as_rule() {
            Rule::kw_term => RemovedKind::Term,
            Rule::kw_ruling => RemovedKind::Ruling,
            Rule::kw_standings => RemovedKind::Standings,
            _ => return None,
        })
    }

    /// `outcome = { kw_forbidden | kw_allowed }`
    fn lower_outcome(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Outcome>> {
        let loc = self.loc(&pair);
        let outcome = match pair.into_inner().next()?.as_rule() {
            Rule::kw_forbidden => Outcome::Forbidden,
            Rule::kw_allowed => Outcome::Allowed,
            _ => return None,
        };
        Some(Node::new(outcome, loc))
    }

    /// `expr = { and_expr ~ (kw_or ~ and_expr)* }`
    fn lower_expr(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let loc = self.loc(&pair);
        let mut operands = Vec::new();
        for p in inner(pair) {
            operands.push(self.lower_and_expr(p)?);
        }
        join(operands, loc, Expr::Or)
    }

    /// `and_expr = { not_expr ~ (kw_and ~ not_expr)* }`
    fn lower_and_expr(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let loc = self.loc(&pair);
        let mut operands = Vec::new();
        for p in inner(pair) {
            operands.push(self.lower_not_expr(p)?);
        }
        join(operands, loc, Expr::And)
    }

    /// `not_expr = { kw_not ~ not_expr | primary }`
    fn lower_not_expr(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let loc = self.loc(&pair);
        let p = inner(pair).next()?;
        match p.as_rule() {
            Rule::not_expr => {
                let operand = self.nested(loc, |l| l.lower_not_expr(p))?;
                Some(Node::new(Expr::Not(Box::new(operand)), loc))
            }
            Rule::primary => self.lower_primary(p),
            _ => None,
        }
    }

    /// `primary = { lparen ~ expr ~ rparen | threats | call }`
    fn lower_primary(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let p = inner(pair).next()?;
        match p.as_rule() {
            Rule::expr => {
                let loc = self.loc(&p);
                self.nested(loc, |l| l.lower_expr(p))
            }
            Rule::threats => self.lower_threats(p),
            Rule::call => self.lower_call(p),
            _ => None,
        }
    }

    /// `threats = { threat_quantifier ~ kw_threat ~ not_expr }`
    fn lower_threats(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let loc = self.loc(&pair);
        let mut pairs = inner(pair);
        let quantifier = self.lower_threat_quantifier(pairs.next()?)?;
        let body = pairs.next()?;
        let body = self.nested(loc, |l| l.lower_not_expr(body))?;
        Some(Node::new(Expr::Threats(quantifier, Box::new(body)), loc))
    }

    /// `threat_quantifier = { kw_any | kw_no }`
    fn lower_threat_quantifier(&mut self, pair: Pair<'_, Rule>) -> Option<ThreatQuantifier> {
        Some(match pair.into_inner().next()?.as_rule() {
            Rule::kw_any => ThreatQuantifier::Any,
            Rule::kw_no => ThreatQuantifier::No,
            _ => return None,
        })
    }

    /// `call = { ident ~ (lparen ~ ident ~ (comma ~ ident)* ~ rparen)? }`
    fn lower_call(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Expr>> {
        let loc = self.loc(&pair);
        let has_args = pair
            .clone()
            .into_inner()
            .any(|p| p.as_rule() == Rule::lparen);
        let mut names = inner(pair).map(|p| self.lower_ident(p));
        let name = names.next()?;
        let args: Vec<_> = names.collect();
        Some(Node::new(Expr::Call(name, has_args.then_some(args)), loc))
    }

    /// `pattern = { pattern_and ~ (kw_or ~ pattern_and)* }`
    fn lower_pattern(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let loc = self.loc(&pair);
        let mut operands = Vec::new();
        for p in inner(pair) {
            operands.push(self.lower_pattern_and(p)?);
        }
        join(operands, loc, Pattern::Or)
    }

    /// `pattern_and = { pattern_not ~ (kw_and ~ pattern_not)* }`
    fn lower_pattern_and(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let loc = self.loc(&pair);
        let mut operands = Vec::new();
        for p in inner(pair) {
            operands.push(self.lower_pattern_not(p)?);
        }
        join(operands, loc, Pattern::And)
    }

    /// `pattern_not = { kw_not ~ pattern_not | pattern_primary }`
    fn lower_pattern_not(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let loc = self.loc(&pair);
        let p = inner(pair).next()?;
        match p.as_rule() {
            Rule::pattern_not => {
                let operand = self.nested(loc, |l| l.lower_pattern_not(p))?;
                Some(Node::new(Pattern::Not(Box::new(operand)), loc))
            }
            Rule::pattern_primary => self.lower_pattern_primary(p),
            _ => None,
        }
    }

    /// `pattern_primary = { lparen ~ pattern ~ rparen | opponent | quantified }`
    fn lower_pattern_primary(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let p = inner(pair).next()?;
        match p.as_rule() {
            Rule::pattern => {
                let loc = self.loc(&p);
                self.nested(loc, |l| l.lower_pattern(p))
            }
            Rule::opponent => self.lower_opponent(p),
            Rule::quantified => self.lower_quantified(p),
            _ => None,
        }
    }

    /// `opponent = { kw_opponent ~ pattern_not }`
    fn lower_opponent(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let loc = self.loc(&pair);
        let body = inner(pair).next()?;
        let body = self.nested(loc, |l| l.lower_pattern_not(body))?;
        Some(Node::new(Pattern::Opponent(Box::new(body)), loc))
    }

    /// `quantified = { quantifier ~ expr ~ target_clause? }`
    fn lower_quantified(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Pattern>> {
        let loc = self.loc(&pair);
        let mut pairs = inner(pair);
        let quantifier = self.lower_quantifier(pairs.next()?)?;
        let body = self.lower_expr(pairs.next()?)?;
        let targets = match pairs.next() {
            Some(p) => Some(self.lower_target_clause(p)?),
            None => None,
        };
        Some(Node::new(
            Pattern::Quantified {
                quantifier,
                body,
                targets,
            },
            loc,
        ))
    }

    /// `quantifier = { every_move | some_move | no_move | at_least }`
    fn lower_quantifier(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Quantifier>> {
        let loc = self.loc(&pair);
        let p = pair.into_inner().next()?;
        let quantifier = match p.as_rule() {
            Rule::every_move => Quantifier::Every,
            Rule::some_move => Quantifier::Some,
            Rule::no_move => Quantifier::No,
            Rule::at_least => self.lower_at_least(p)?,
            _ => return None,
        };
        Some(Node::new(quantifier, loc))
    }

    /// `at_least = { kw_at ~ kw_least ~ integer ~ (kw_moves | kw_move) }`
    fn lower_at_least(&mut self, pair: Pair<'_, Rule>) -> Option<Quantifier> {
        let n = pair.into_inner().find(|p| p.as_rule() == Rule::integer)?;
        Some(Quantifier::AtLeast(self.lower_integer(n).node))
    }

    /// `target_clause = { kw_on ~ (same_target | changing_targets) }`
    fn lower_target_clause(&mut self, pair: Pair<'_, Rule>) -> Option<Node<TargetClause>> {
        let loc = self.loc(&pair);
        let p = inner(pair).next()?;
        let clause = match p.as_rule() {
            Rule::same_target => self.lower_same_target(p),
            Rule::changing_targets => self.lower_changing_targets(p),
            _ => return None,
        };
        Some(Node::new(clause, loc))
    }

    /// `same_target = { kw_same ~ kw_target ~ by_same_attacker? }`
    fn lower_same_target(&mut self, pair: Pair<'_, Rule>) -> TargetClause {
        let by_same_attacker = pair
            .into_inner()
            .find(|p| p.as_rule() == Rule::by_same_attacker)
            .map(|p| self.lower_by_same_attacker(p));
        match by_same_attacker {
            Some(()) => TargetClause::SameTargetSameAttacker,
            None => TargetClause::SameTarget,
        }
    }

    /// `by_same_attacker = { kw_by ~ kw_same ~ kw_attacker }`
    fn lower_by_same_attacker(&mut self, _pair: Pair<'_, Rule>) {}

    /// `changing_targets = { kw_changing ~ kw_targets }`
    fn lower_changing_targets(&mut self, _pair: Pair<'_, Rule>) -> TargetClause {
        TargetClause::ChangingTargets
    }

    /// `verdict = { doc* ~ kw_verdict ~ verdict_row+ }`
    fn lower_verdict(&mut self, pair: Pair<'_, Rule>) -> Option<VerdictTable> {
        let mut docs = Vec::new();
        let mut rows = Vec::new();
        for p in inner(pair) {
            match p.as_rule() {
                Rule::doc => docs.push(self.lower_doc(p)),
                Rule::verdict_row => rows.push(self.lower_verdict_row(p)?),
                _ => return None,
            }
        }
        Some(VerdictTable { docs, rows })
    }

    /// `verdict_row = { (kw_otherwise | verdict_conds) ~ arrow ~ verdict_result ~ attr* }`
    fn lower_verdict_row(&mut self, pair: Pair<'_, Rule>) -> Option<Node<VerdictRow>> {
        let loc = self.loc(&pair);
        let mut pairs = inner(pair);
        let first = pairs.next()?;
        let guard_loc = self.loc(&first);
        let guard = match first.as_rule() {
            Rule::kw_otherwise => Guard::Otherwise,
            Rule::verdict_conds => Guard::All(self.lower_verdict_conds(first)?),
            _ => return None,
        };
        let result = self.lower_verdict_result(pairs.next()?)?;
        let mut attrs = Attrs::default();
        for p in pairs {
            self.lower_attr(p, &mut attrs)?;
        }
        Some(Node::new(
            VerdictRow {
                guard: Node::new(guard, guard_loc),
                result,
                attrs,
            },
            loc,
        ))
    }

    /// `verdict_conds = { verdict_cond ~ (kw_and ~ verdict_cond)* }`
    fn lower_verdict_conds(&mut self, pair: Pair<'_, Rule>) -> Option<Vec<Node<VerdictCond>>> {
        inner(pair).map(|p| self.lower_verdict_cond(p)).collect()
    }

    /// `verdict_cond = { party ~ outcome ~ (graver | kw_by ~ ident)? }`
    fn lower_verdict_cond(&mut self, pair: Pair<'_, Rule>) -> Option<Node<VerdictCond>> {
        let loc = self.loc(&pair);
        let mut pairs = inner(pair);
        let party = self.lower_party(pairs.next()?)?;
        let outcome = self.lower_outcome(pairs.next()?)?;
        let (mut graver, mut by) = (false, None);
        if let Some(p) = pairs.next() {
            if p.as_rule() == Rule::graver {
                graver = true;
            } else {
                by = Some(self.lower_ident(p));
            }
        }
        Some(Node::new(
            VerdictCond {
                party,
                outcome,
                graver,
                by,
            },
            loc,
        ))
    }

    /// `party = { kw_side | kw_other }`
    fn lower_party(&mut self, pair: Pair<'_, Rule>) -> Option<Node<Party>> {
        let loc = self.loc(&pair);
        let party = match pair.into_inner().next()?.as_rule() {
            Rule::kw_side => Party::Side,
            Rule::kw_other => Party::Other,
            _ => return None,
        };
        Some(Node::new(party, loc))
    }

    /// `verdict_result = { party ~ kw_loses | kw_draw }`
    fn lower_verdict_result(&mut self, pair: Pair<'_, Rule>) -> Option<Node<RowResult>> {
        let loc = self.loc(&pair);
        let p = pair.into_inner().next()?;
        let result = match p.as_rule() {
            Rule::party => RowResult::Loses(self.lower_party(p)?.node),
            Rule::kw_draw => RowResult::Draw,
            _ => return None,
        };
        Some(Node::new(result, loc))
    }

    /// `doc = @{ "///" ~ !"/" ~ (!NEWLINE ~ ANY)* }`: the text after `///` and one space.
    fn lower_doc(&mut self, pair: Pair<'_, Rule>) -> String {
        let text = pair.as_str();
        let text = text.strip_prefix("///").unwrap_or(text);
        let text = text.strip_prefix(' ').unwrap_or(text);
        text.trim_end().to_owned()
    }

    /// `ident = @{ !keyword ~ word }`
    fn lower_ident(&mut self, pair: Pair<'_, Rule>) -> Node<String> {
        Node::new(pair.as_str().to_owned(), self.loc(&pair))
    }

    /// `text = { string+ }`: the strings joined with single spaces.
    fn lower_text(&mut self, pair: Pair<'_, Rule>) -> Option<Node<String>> {
        let loc = self.loc(&pair);
        let parts: Option<Vec<String>> = pair.into_inner().map(|p| self.lower_string(p)).collect();
        Some(Node::new(parts?.join(" "), loc))
    }

    /// `string = ${ "\"" ~ string_inner ~ "\"" }`
    fn lower_string(&mut self, pair: Pair<'_, Rule>) -> Option<String> {
        Some(self.lower_string_inner(pair.into_inner().next()?))
    }

    /// `string_inner = @{ … }`: the text with escapes resolved.
    fn lower_string_inner(&mut self, pair: Pair<'_, Rule>) -> String {
        let mut out = String::new();
        let mut chars = pair.as_str().chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some('n') => out.push('\n'),
                    Some(other) => out.push(other),
                    None => {}
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    /// `integer = @{ ASCII_DIGIT+ }`
    fn lower_integer(&mut self, pair: Pair<'_, Rule>) -> Node<u64> {
        let loc = self.loc(&pair);
        match pair.as_str().parse() {
            Ok(n) => Node::new(n, loc),
            Err(_) => {
                self.integer_too_large(loc);
                Node::new(u64::MAX, loc)
            }
        }
    }
}

/// One operand stays itself; more become `make(operands)` spanning `loc`.
fn join<T>(mut operands: Vec<Node<T>>, loc: Loc, make: fn(Vec<Node<T>>) -> T) -> Option<Node<T>> {
    if operands.len() == 1 {
        operands.pop()
    } else if operands.is_empty() {
        None
    } else {
        Some(Node::new(make(operands), loc))
    }
}
