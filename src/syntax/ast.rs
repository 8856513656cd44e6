//! The syntax tree of a rule file, with spans.
//!
//! The tree says what was written, not what it means: names are not resolved and subjects
//! are not checked (that is the compiler's job: [`compile_str`](crate::compile_str)). Every
//! name and sub-expression is a [`Node`] so diagnostics can point at it.

use crate::source::Node;
use crate::vocab::{Outcome, Party, Quantifier, RowResult, Subject, TargetClause};

mod standings;
pub use standings::{Clause, CriterionRef, Fraction, ScoreUnit, Standings};

/// A whole rule file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// The `rules …` header.
    pub header: Header,
    /// The definitions, in file order.
    pub items: Vec<Node<Item>>,
}

/// `rules NAME`, with `title`, `source`, `extends` and `amends`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// Doc comment lines before `rules`.
    pub docs: Vec<String>,
    /// The rule set's name.
    pub name: Node<String>,
    /// `title "…"`.
    pub title: Option<Node<String>>,
    /// `source "…"`.
    pub source: Option<Node<String>>,
    /// `extends NAME`.
    pub extends: Option<Node<String>>,
    /// `amends NAME`: the rule set this complete copy amends (it inherits nothing).
    pub amends: Option<Node<String>>,
}

/// One definition of a rule file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// `setting NAME = N`.
    Setting(Setting),
    /// `term …`.
    Term(Term),
    /// `ruling …`.
    Ruling(Ruling),
    /// `remove term|ruling|standings NAME`.
    Remove(Remove),
    /// `verdict …`.
    Verdict(VerdictTable),
    /// `standings …`: scoring and tie-breaks.
    Standings(Standings),
    /// `unencoded …`: sentences nothing encodes, and why.
    Unencoded(Unencoded),
}

/// Why the sentences of an `unencoded` item are not encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnencodedReason {
    /// `prose`: a definition used only in the prose of other sentences.
    Prose,
    /// `aside`: set aside; the doc comment gives the DECISION.
    Aside,
    /// `pending`: not yet encoded.
    Pending,
}

impl UnencodedReason {
    /// The word a rule file writes.
    pub fn keyword(self) -> &'static str {
        match self {
            UnencodedReason::Prose => "prose",
            UnencodedReason::Aside => "aside",
            UnencodedReason::Pending => "pending",
        }
    }
}

/// `unencoded REASON ATTRS`: sentences of the law nothing in the rule set encodes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unencoded {
    /// Doc comment lines (a DECISION, for `aside`).
    pub docs: Vec<String>,
    /// Why.
    pub reason: Node<UnencodedReason>,
    /// The sentences (`sentence "…"`) and what is said of them (`gloss`).
    pub attrs: Attrs,
}

/// `setting NAME = N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setting {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// The setting's name.
    pub name: Node<String>,
    /// Its value.
    pub value: Node<u64>,
    /// Descriptive attributes: the sentences it rests on.
    pub attrs: Attrs,
}

/// Descriptive attributes of a term, a ruling, a setting, a verdict row or a part of a
/// standings form.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Attrs {
    /// `name "…"`: the Vietnamese name.
    pub name: Option<Node<String>>,
    /// `article "…"`: where the definition comes from.
    pub article: Option<Node<String>>,
    /// `sentence "…"`: the ids of the law's sentences it encodes, separated by commas
    /// (`"23.3:1, 23.3:2"`); its `quote` stands verbatim in them.
    pub sentence: Option<Node<String>>,
    /// `quote "…"`: the words of the law.
    pub quote: Option<Node<String>>,
    /// `gloss "…"`: an English gloss.
    pub gloss: Option<Node<String>>,
    /// `provisional "…"`: the reading is not confirmed by an official text; says why, and the
    /// source it rests on.
    pub provisional: Option<Node<String>>,
}

impl Attrs {
    /// The ids `sentence "…"` names, in order, each with where it stands in `text` (the whole
    /// file the attributes were read from; the span of the whole string when the id cannot be
    /// found in it, as when `text` is empty). Ids are separated by commas; spaces around them
    /// do not count, and empty ones are dropped.
    pub fn sentence_ids(&self, text: &str) -> Vec<Node<String>> {
        let Some(sentence) = &self.sentence else {
            return Vec::new();
        };
        let written = text.get(sentence.loc.start..sentence.loc.end).unwrap_or("");
        let mut from = 0;
        sentence
            .node
            .split(',')
            .map(str::trim)
            .filter(|id| !id.is_empty())
            .map(|id| {
                let found = written.get(from..).and_then(|w| w.find(id));
                let loc = match found {
                    Some(i) => {
                        from += i + id.len();
                        let start = sentence.loc.start + from - id.len();
                        crate::source::Loc::new(start, start + id.len())
                    }
                    None => sentence.loc,
                };
                Node::new(id.to_owned(), loc)
            })
            .collect()
    }
}

/// `[replace] term NAME on SUBJECT ATTRS = EXPR`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// Written with `replace`.
    pub replace: bool,
    /// The term's name.
    pub id: Node<String>,
    /// What it is said of.
    pub subject: Node<Subject>,
    /// Descriptive attributes.
    pub attrs: Attrs,
    /// The definition.
    pub body: Node<Expr>,
}

/// `any` or `no` before `threat`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThreatQuantifier {
    /// Some threat satisfies the expression.
    Any,
    /// No threat satisfies the expression.
    No,
}

/// An expression over a move or a threat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// `a and b and …` (at least two operands).
    And(Vec<Node<Expr>>),
    /// `a or b or …` (at least two operands).
    Or(Vec<Node<Expr>>),
    /// `not a`.
    Not(Box<Node<Expr>>),
    /// `any threat E` / `no threat E`.
    Threats(ThreatQuantifier, Box<Node<Expr>>),
    /// A fact or term name, with role arguments if written with parentheses.
    Call(Node<String>, Option<Vec<Node<String>>>),
}

/// A pattern over one side's moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// `p and q and …` (at least two operands).
    And(Vec<Node<Pattern>>),
    /// `p or q or …` (at least two operands).
    Or(Vec<Node<Pattern>>),
    /// `not p`.
    Not(Box<Node<Pattern>>),
    /// `opponent p`.
    Opponent(Box<Node<Pattern>>),
    /// `QUANTIFIER EXPR [TARGET-CLAUSE]`.
    Quantified {
        /// How many moves.
        quantifier: Node<Quantifier>,
        /// The expression (over threats if there is a target clause, else over moves).
        body: Node<Expr>,
        /// The target clause.
        targets: Option<Node<TargetClause>>,
    },
}

/// `[replace] ruling NAME ATTRS when P (unless P)* → OUTCOME [graver] [overrides NAMES]
/// [restates NAMES]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// Written with `replace`.
    pub replace: bool,
    /// The ruling's name.
    pub id: Node<String>,
    /// Descriptive attributes.
    pub attrs: Attrs,
    /// When it fires.
    pub when: Node<Pattern>,
    /// Exceptions.
    pub unless: Vec<Node<Pattern>>,
    /// What it rules.
    pub outcome: Node<Outcome>,
    /// Where `graver` stands, if written: a violation it finds weighs more than one found only
    /// by rulings without it.
    pub graver: Option<Node<()>>,
    /// Rulings it sets aside.
    pub overrides: Vec<Node<String>>,
    /// Rulings it only restates: wherever it fires, they fire with its outcome.
    pub restates: Vec<Node<String>>,
}

/// What a `remove` deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RemovedKind {
    /// `remove term`.
    Term,
    /// `remove ruling`.
    Ruling,
    /// `remove standings`.
    Standings,
}

/// `remove term|ruling|standings NAME`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remove {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// What kind of definition.
    pub kind: RemovedKind,
    /// Its name.
    pub id: Node<String>,
}

/// `PARTY OUTCOME [graver | by RULING]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictCond {
    /// Whose outcome.
    pub party: Node<Party>,
    /// The outcome asked for.
    pub outcome: Node<Outcome>,
    /// `graver`: that a ruling written `graver` decided it.
    pub graver: bool,
    /// The ruling that must have decided it.
    pub by: Option<Node<String>>,
}

/// The left side of a verdict row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guard {
    /// `otherwise`.
    Otherwise,
    /// `C and C and …`.
    All(Vec<Node<VerdictCond>>),
}

/// `GUARD → RESULT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictRow {
    /// When the row matches.
    pub guard: Node<Guard>,
    /// What it decides.
    pub result: Node<RowResult>,
    /// Descriptive attributes: the sentences it encodes.
    pub attrs: Attrs,
}

/// `verdict` and its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictTable {
    /// Doc comment lines.
    pub docs: Vec<String>,
    /// The rows, tried top to bottom.
    pub rows: Vec<Node<VerdictRow>>,
}

impl Item {
    /// The defined or removed name, if the item has one.
    pub fn id(&self) -> Option<&Node<String>> {
        match self {
            Item::Setting(s) => Some(&s.name),
            Item::Term(t) => Some(&t.id),
            Item::Ruling(r) => Some(&r.id),
            Item::Remove(r) => Some(&r.id),
            Item::Standings(s) => Some(&s.id),
            Item::Verdict(_) | Item::Unencoded(_) => None,
        }
    }
}
