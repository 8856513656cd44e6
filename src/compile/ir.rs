//! The compiled rule set: terms and rulings with their names resolved, in evaluation order,
//! the verdict table, and the predicate graph.

use super::err::CompileWarning;
use super::graph::RuleGraph;
use crate::facts::{FactSpec, RoleSet, Settings};
use crate::source::Site;
use crate::vocab::{Outcome, Subject};
use crate::vocab::{Party, Quantifier, RowResult, TargetClause};

/// Index of a term in [`CompiledRules::terms`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub usize);

/// Index of a ruling in [`CompiledRules::rulings`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulingId(pub usize);

/// The descriptive attributes of a term or ruling.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Meta {
    /// Vietnamese name.
    pub name: Option<String>,
    /// Where it comes from.
    pub article: Option<String>,
    /// The ids of the law's sentences it encodes (`sentence "23.3:1, 23.3:2"`), in the order
    /// written; `xqlaw check` finds its quote in them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sentences: Vec<String>,
    /// The words of the law.
    pub quote: Option<String>,
    /// English gloss.
    pub gloss: Option<String>,
    /// Why the reading is provisional and what it rests on (`provisional "…"`), if it is.
    pub provisional: Option<String>,
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// The rule set (file) that defined it.
    pub defined_in: String,
}

/// A resolved expression over a move or a threat.
#[derive(Debug, Clone)]
pub enum Expr {
    /// All hold.
    And(Vec<Expr>),
    /// One holds.
    Or(Vec<Expr>),
    /// Does not hold.
    Not(Box<Expr>),
    /// A registered fact, with its piece kinds (empty for facts without parameters).
    Fact(&'static FactSpec, RoleSet),
    /// A term of the same subject.
    Term(TermId),
    /// In a move expression: some threat of the move satisfies the threat expression.
    AnyThreat(Box<Expr>),
    /// In a move expression: no threat of the move satisfies the threat expression.
    NoThreat(Box<Expr>),
}

/// A resolved pattern over one side's moves.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// All hold.
    And(Vec<Pattern>),
    /// One holds.
    Or(Vec<Pattern>),
    /// Does not hold.
    Not(Box<Pattern>),
    /// The pattern over the other side's moves.
    Opponent(Box<Pattern>),
    /// A quantified pattern.
    Moves {
        /// How many moves.
        quantifier: Quantifier,
        /// Over moves if `targets` is `None`, over threats otherwise.
        body: Expr,
        /// The target clause.
        targets: Option<TargetClause>,
    },
}

/// A compiled term.
#[derive(Debug, Clone)]
pub struct Term {
    /// Its name.
    pub id: String,
    /// What it is said of.
    pub subject: Subject,
    /// Descriptive attributes.
    pub meta: Meta,
    /// Its definition.
    pub body: Expr,
    /// The definition as written (canonical text).
    pub text: String,
}

/// A compiled ruling.
#[derive(Debug, Clone)]
pub struct Ruling {
    /// Its name.
    pub id: String,
    /// Descriptive attributes.
    pub meta: Meta,
    /// When it fires.
    pub when: Pattern,
    /// Exceptions.
    pub unless: Vec<Pattern>,
    /// What it rules.
    pub outcome: Outcome,
    /// Written `graver`: a violation it finds weighs more than one found only by rulings
    /// without it (the verdict table's `forbidden graver`).
    pub graver: bool,
    /// Rulings it sets aside when both fire.
    pub overrides: Vec<RulingId>,
    /// Rulings it only restates (`restates`): wherever it fires, they fire with its outcome.
    pub restates: Vec<RulingId>,
    /// The `when` pattern as written (canonical text).
    pub when_text: String,
    /// The `unless` patterns as written.
    pub unless_text: Vec<String>,
    /// Where its name stands in the file that defines it (for diagnostics about it).
    pub site: Site,
}

/// Sentences of the law nothing in the rule set encodes (`unencoded`), and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unencoded {
    /// Why.
    pub reason: crate::syntax::ast::UnencodedReason,
    /// The sentences (`meta.sentences`), what is said of them and the doc comment.
    pub meta: Meta,
}

/// One condition of a verdict row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cond {
    /// Whose outcome.
    pub party: Party,
    /// Which outcome.
    pub outcome: Outcome,
    /// That a ruling written `graver` must be in force for that party.
    pub graver: bool,
    /// The ruling that must be in force for that party.
    pub by: Option<RulingId>,
}

/// One verdict row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictRow {
    /// The conditions (all must hold); empty for `otherwise`.
    pub conds: Vec<Cond>,
    /// What the row decides.
    pub result: RowResult,
    /// The row as written (canonical text).
    pub text: String,
    /// The sentences it encodes, with its other attributes.
    pub meta: Meta,
}

/// A rule set ready to judge plays.
///
/// Its fields are read through accessors: the evaluator relies on the order of
/// [`terms`](Self::terms) and [`rulings`](Self::rulings), which only the compiler establishes.
#[derive(Debug, Clone)]
pub struct CompiledRules {
    /// The rule set's name.
    pub(crate) name: String,
    /// Its title.
    pub(crate) title: Option<String>,
    /// The document it transcribes.
    pub(crate) source: Option<String>,
    /// Its doc comment.
    pub(crate) docs: Vec<String>,
    /// The rule sets it extends, nearest first.
    pub(crate) extends: Vec<String>,
    /// The rule set it says it amends (`amends NAME`): a complete copy compared with `NAME`.
    pub(crate) amends: Option<String>,
    /// Settings for the fact computation.
    pub(crate) settings: Settings,
    /// The settings written up the `extends` chain (the nearest of each name), in name order,
    /// each with its attributes and doc comment: the sentences it rests on.
    pub(crate) setting_meta: Vec<(String, Meta)>,
    /// Which occurrence of a position an arbiter rules on (`setting ruling-occurrence`): 2
    /// for its first return, 3 for the third time it stands. A game record's repetitions are
    /// judged there; a play given as its cycle is judged whatever it says.
    pub(crate) ruling_occurrence: u32,
    // INVARIANT: every term comes after the terms it uses, so one pass in this order
    // evaluates each term once, after its inputs.
    /// Terms, in evaluation order.
    pub(crate) terms: Vec<Term>,
    // INVARIANT: a ruling comes after every ruling that overrides it, so one pass in this
    // order knows, for each ruling, whether something set it aside.
    /// Rulings, in evaluation order.
    pub(crate) rulings: Vec<Ruling>,
    /// Verdict rows, top to bottom.
    pub(crate) verdict: Vec<VerdictRow>,
    /// The sentences of the law nothing encodes, with why (`unencoded`), up the chain.
    pub(crate) unencoded: Vec<Unencoded>,
    /// The standings forms (Điều 21): how a tournament's results are scored and ranked.
    pub(crate) standings: Vec<crate::standings::Form>,
    /// The predicate graph.
    pub(crate) graph: RuleGraph,
    /// Warnings found while compiling (see [`CompiledRules::warnings`]).
    pub(crate) warnings: std::sync::Arc<Vec<CompileWarning>>,
}

impl CompiledRules {
    /// The rule set's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its title (`title "…"`), if it has one.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The document it transcribes (`source "…"`), if it names one.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// Its doc comment, line by line.
    pub fn docs(&self) -> &[String] {
        &self.docs
    }

    /// The rule sets it extends, nearest first.
    pub fn extends(&self) -> &[String] {
        &self.extends
    }

    /// The rule set it says it amends (`amends NAME`): a complete copy compared with `NAME`.
    pub fn amends(&self) -> Option<&str> {
        self.amends.as_deref()
    }

    /// The settings it gives the fact computation.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The settings written up the `extends` chain (the nearest of each name), in name order,
    /// each with its attributes and doc comment: the sentences it rests on.
    pub fn setting_meta(&self) -> &[(String, Meta)] {
        &self.setting_meta
    }

    /// Which occurrence of a position an arbiter rules on (`setting ruling-occurrence`).
    pub fn ruling_occurrence(&self) -> u32 {
        self.ruling_occurrence
    }

    /// The terms, in evaluation order: every term comes after the terms it uses.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The rulings, in evaluation order: a ruling comes after every ruling that overrides it.
    pub fn rulings(&self) -> &[Ruling] {
        &self.rulings
    }

    /// The verdict rows, top to bottom.
    pub fn verdict_rows(&self) -> &[VerdictRow] {
        &self.verdict
    }

    /// The sentences of the law nothing encodes, with why (`unencoded`).
    pub fn unencoded(&self) -> &[Unencoded] {
        &self.unencoded
    }

    /// The standings forms (Điều 21).
    pub fn standings_forms(&self) -> &[crate::standings::Form] {
        &self.standings
    }

    /// The predicate graph.
    pub fn graph(&self) -> &RuleGraph {
        &self.graph
    }

    /// The same rule set under another name (an amended copy shown beside its base).
    pub fn renamed(mut self, name: String) -> CompiledRules {
        self.name = name;
        self
    }

    /// The term named `id`.
    pub fn term(&self, id: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.id == id)
    }

    /// The ruling named `id`.
    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.iter().find(|r| r.id == id)
    }

    /// A copy in which the rulings named `ids` never fire, as if they were removed: they set
    /// no ruling aside, and a verdict row that names one (`by …`) never matches. Used to
    /// measure what rulings decide. The predicate graph is left as it is.
    pub fn silencing(&self, ids: &[&str]) -> CompiledRules {
        let mut rules = self.clone();
        for r in rules
            .rulings
            .iter_mut()
            .filter(|r| ids.contains(&r.id.as_str()))
        {
            // An empty disjunction holds of no play.
            r.when = Pattern::Or(Vec::new());
        }
        rules
    }

    /// The standings form named `id`.
    pub fn standings_form(&self, id: &str) -> Option<&crate::standings::Form> {
        self.standings.iter().find(|f| f.id == id)
    }

    /// The warnings found while compiling.
    pub fn warnings(&self) -> &[CompileWarning] {
        &self.warnings
    }
}
