//! Errors and warnings of the compile stage: rule files that parse but do not make sense.
//!
//! Each kind of problem is one variant of [`CompileErrorKind`] (or [`CompileWarningKind`]),
//! which owns its message, code, help and labels; the checks only choose a kind and fill in the
//! names. The file and the span a problem is about are carried once, beside its kind, in the
//! one carrier of errors about a place ([`SourceError`]).

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceCode};
use thiserror::Error;

use crate::disk::ReadError;
use crate::source::{ErrorKind, Loc, NonEmpty, SourceError, SourceFile};
use crate::syntax::ParseError;
use crate::vocab::Subject;
use crate::words::{Said, suggestion};

mod vi;
use vi::kind_vi;

/// The help shared by the two subject mismatches inside a threat expression.
const THREAT_EXPRESSION: &str = "a threat expression (in a term `on threat`, after `any \
    threat`, or before `on same target`) uses only threat facts and threat terms";

/// One problem that stops a rule set from compiling.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileError {
    /// A rule file cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Unreadable(ReadError),
    /// A rule file does not parse.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Parse(ParseError),
    /// A standings form that does not make sense.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Standings(crate::standings::FormError),
    /// Compilation failed without saying why: a bug in xqlaw.
    #[error("the rule set could not be compiled, but no error was recorded (a bug in xqlaw)")]
    #[diagnostic(code("xqlaw::internal"))]
    Internal,
    /// A problem at a place in a rule file: its kind, and the file and span it is about.
    #[error(transparent)]
    #[diagnostic(transparent)]
    At(SourceError<CompileErrorKind>),
}

/// What is wrong at a place in a rule file, for [`CompileError::At`]: each kind owns its
/// message, code, help and labels, and the place is carried once beside it.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileErrorKind {
    // `extends` chains.
    /// The file `extends NAME` reads declares another rule set.
    #[error("`{read}` declares the rule set `{declared}`, not `{expected}`")]
    #[diagnostic(
        code("xqlaw::extends::name"),
        help(
            "`extends {expected}` in `{child}` reads `{expected}.rules`; rename the rule set or the file"
        )
    )]
    ExtendsMisnamed {
        /// The name of the file read.
        read: String,
        /// The name it declares.
        declared: String,
        /// The name `extends` gave.
        expected: String,
        /// The name of the file that says `extends`.
        child: String,
    },
    /// A rule set extends itself, directly or through others.
    #[error("rule set `{name}` extends itself")]
    #[diagnostic(
        code("xqlaw::extends::cycle"),
        help("the chain of `extends` goes round: {chain}")
    )]
    ExtendsCycle {
        /// The rule set extended.
        name: String,
        /// The chain, `a → b → a`.
        chain: String,
    },
    /// The file of an extended rule set exists but cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    ExtendsUnreadable(ReadError),
    /// There is no file for an extended rule set.
    #[error("there is no rule set `{name}`")]
    #[diagnostic(code("xqlaw::extends::missing"))]
    ExtendsMissing {
        /// The rule set named.
        name: String,
        /// A close name, or where rule sets are looked for.
        #[help]
        help: Said,
    },
    /// There is no file for the rule set a file amends (`rules NAME extends NAME`).
    #[error("there is no rule set `{name}`")]
    #[diagnostic(
        code("xqlaw::extends::missing"),
        help(
            "`rules {name} extends {name}` amends the project's `rules/{name}.rules`, and none was found in {searched}: run xqlaw inside the project"
        )
    )]
    AmendedMissing {
        /// The rule set amended.
        name: String,
        /// The folders looked in, or `no folder`.
        searched: String,
    },

    // Definitions given twice.
    /// A term or ruling has the name of a fact.
    #[error("{kind} `{name}` has the name of a fact")]
    #[diagnostic(
        code("xqlaw::duplicate::fact"),
        help("facts, terms and rulings share one namespace; choose another name")
    )]
    NamedLikeFact {
        /// `term` or `ruling`.
        kind: &'static str,
        /// The name.
        name: String,
    },
    /// A file defines a name twice.
    #[error("`{name}` is defined twice")]
    #[diagnostic(
        code("xqlaw::duplicate::name"),
        help("terms and rulings share one namespace; rename one of them")
    )]
    DefinedTwice {
        /// The first definition.
        first: Loc,
        /// The name.
        name: String,
    },
    /// A file defines, without `replace`, a name its ancestors define.
    #[error("`{name}` is already defined in `{rule_set}`")]
    #[diagnostic(code("xqlaw::duplicate::inherited"))]
    AlreadyDefined {
        /// The name.
        name: String,
        /// The rule set that defines it.
        rule_set: String,
        /// Write `replace`, or choose another name.
        #[help]
        help: Said,
    },
    /// A setting is given twice in one file.
    #[error("setting `{name}` is given twice")]
    #[diagnostic(code("xqlaw::duplicate::setting"), help("keep one of the two lines"))]
    SettingTwice {
        /// The first line.
        first: Loc,
        /// The setting.
        name: String,
    },
    /// A file has two verdict blocks.
    #[error("the verdict is given twice")]
    #[diagnostic(
        code("xqlaw::duplicate::verdict"),
        help("a rule file has one verdict block; merge the rows")
    )]
    VerdictTwice {
        /// The first `verdict`.
        first: Loc,
    },

    // `replace` and `remove`.
    /// A file removes a name it defines itself.
    #[error("cannot remove `{name}`, which this file defines")]
    #[diagnostic(code("xqlaw::remove::local"), help("delete the definition instead"))]
    RemoveLocal {
        /// The definition.
        defined: Loc,
        /// The name.
        name: String,
    },
    /// A `replace` or `remove` of something the ancestors do not define.
    #[error("there is no {kind} `{name}`{} to {verb}", InParent(parent.as_deref()))]
    #[diagnostic(code("xqlaw::nothing-to-change"))]
    NothingToChange {
        /// `term` or `ruling`.
        kind: &'static str,
        /// The name.
        name: String,
        /// The rule set extended, when there is one.
        parent: Option<String>,
        /// `replace` or `remove`.
        verb: &'static str,
        /// What to write instead, or a close name.
        #[help]
        help: Option<Said>,
    },

    // Names in expressions and patterns.
    /// A name that is neither a fact nor a term.
    #[error("unknown fact or term `{name}`")]
    #[diagnostic(code("xqlaw::unknown::name"))]
    UnknownName {
        /// The name.
        name: String,
        /// A close name.
        #[help]
        suggestion: Option<Said>,
    },
    /// A ruling named where a fact or a term belongs.
    #[error("`{name}` is a ruling, not a fact or a term")]
    #[diagnostic(
        code("xqlaw::ruling-in-expression"),
        help(
            "expressions use facts and terms; define a term for the condition and use it in both places"
        )
    )]
    RulingInExpression {
        /// The name.
        name: String,
    },
    /// A name after `overrides` or `by` that is no ruling.
    #[error("unknown ruling `{name}`")]
    #[diagnostic(code("xqlaw::unknown::ruling"))]
    UnknownRuling {
        /// The name.
        name: String,
        /// A close ruling name.
        #[help]
        suggestion: Option<Said>,
    },
    /// A fact named after `overrides` or `by`.
    #[error("`{name}` is a fact, not a ruling")]
    #[diagnostic(code("xqlaw::unknown::ruling"))]
    FactNotRuling {
        /// The name.
        name: String,
        /// A close ruling name.
        #[help]
        suggestion: Option<Said>,
    },
    /// A term named after `overrides` or `by`.
    #[error("`{name}` is a term, not a ruling")]
    #[diagnostic(code("xqlaw::not-a-ruling"), help("only rulings can be named here"))]
    TermNotRuling {
        /// The name.
        name: String,
    },
    /// A ruling overrides itself.
    #[error("ruling `{name}` overrides itself")]
    #[diagnostic(
        code("xqlaw::overrides::self"),
        help("a ruling can only set aside other rulings")
    )]
    OverridesItself {
        /// The ruling.
        name: String,
    },
    /// A ruling restates itself.
    #[error("ruling `{name}` restates itself")]
    #[diagnostic(
        code("xqlaw::restates::self"),
        help("a ruling can only restate other rulings")
    )]
    RestatesItself {
        /// The ruling.
        name: String,
    },
    // Piece kinds.
    /// A fact without parameters is given piece kinds.
    #[error("`{name}` takes no piece kinds")]
    #[diagnostic(code("xqlaw::params"), help("write `{name}`"))]
    FactWithPieceKinds {
        /// The fact.
        name: String,
    },
    /// A term is given piece kinds.
    #[error("term `{name}` takes no piece kinds")]
    #[diagnostic(code("xqlaw::params"), help("write `{name}`"))]
    TermWithPieceKinds {
        /// The term.
        name: String,
    },
    /// A fact that needs piece kinds is written without them.
    #[error("`{name}` needs piece kinds")]
    #[diagnostic(
        code("xqlaw::params"),
        help("write e.g. `{name}(horse, cannon)`; the kinds are {kinds}")
    )]
    NoPieceKinds {
        /// The fact.
        name: String,
        /// The piece kinds, `king, advisor, …`.
        kinds: String,
    },
    /// A word in a list of piece kinds that is none.
    #[error("unknown piece kind `{name}`")]
    #[diagnostic(code("xqlaw::unknown::role"))]
    UnknownPieceKind {
        /// The word.
        name: String,
        /// A close kind, or the list of kinds.
        #[help]
        help: Said,
    },

    // Subjects: moves and threats.
    /// `any threat` or `no threat` inside a threat expression.
    #[error("`{quantifier} threat` is said of a move, not a threat")]
    #[diagnostic(
        code("xqlaw::subject"),
        help("inside a threat expression, write `{inner}` directly")
    )]
    ThreatsOfThreat {
        /// `any` or `no`.
        quantifier: &'static str,
        /// The expression after `threat`.
        inner: String,
    },
    /// A threat fact in a move expression.
    #[error("`{name}` is said of a threat, not a move")]
    #[diagnostic(code("xqlaw::subject"), help("use `any threat {name}`"))]
    ThreatFactOnMove {
        /// The fact.
        name: String,
    },
    /// A move fact in a threat expression.
    #[error("`{name}` is said of a move, not a threat")]
    #[diagnostic(code("xqlaw::subject"), help("{THREAT_EXPRESSION}"))]
    MoveFactOnThreat {
        /// The fact.
        name: String,
    },
    /// A term on threats in a move expression.
    #[error("`{name}` is a term on threats, not on moves")]
    #[diagnostic(code("xqlaw::subject"), help("use `any threat {name}`"))]
    ThreatTermOnMove {
        /// The term.
        name: String,
    },
    /// A term on moves in a threat expression.
    #[error("`{name}` is a term on moves, not on threats")]
    #[diagnostic(code("xqlaw::subject"), help("{THREAT_EXPRESSION}"))]
    MoveTermOnThreat {
        /// The term.
        name: String,
    },

    // Patterns.
    /// `on changing targets` after another quantifier than `every move`.
    #[error("`on changing targets` cannot follow `{quantifier}`")]
    #[diagnostic(
        code("xqlaw::target-clause"),
        help("`on changing targets` follows `every move`")
    )]
    ChangingTargetsAfter {
        /// The quantifier.
        quantifier_at: Loc,
        /// The quantifier, `some move`.
        quantifier: String,
    },
    /// `on same target` after `some move` or `no move`.
    #[error("`{clause}` cannot follow `{quantifier}`")]
    #[diagnostic(
        code("xqlaw::target-clause"),
        help(
            "`on same target` follows `every move` or `at least N moves`; for one move write `some move any threat …`"
        )
    )]
    SameTargetAfter {
        /// The quantifier.
        quantifier_at: Loc,
        /// The clause, `on same target`.
        clause: &'static str,
        /// The quantifier, `some move`.
        quantifier: String,
    },
    /// `at least 0 moves`.
    #[error("`at least 0 moves` always holds")]
    #[diagnostic(
        code("xqlaw::at-least-zero"),
        help("count from 1, or drop the pattern")
    )]
    AtLeastZero,

    // Cycles.
    /// Terms defined in terms of themselves.
    #[error("term `{name}` is defined in terms of itself")]
    #[diagnostic(code("xqlaw::cycle::term"), help("the definitions go round: {chain}"))]
    TermCycle {
        /// The term.
        name: String,
        /// The circle, `a → b → a`.
        chain: String,
    },
    /// Rulings overriding each other in a circle.
    #[error("ruling `{name}` overrides itself through other rulings")]
    #[diagnostic(
        code("xqlaw::cycle::overrides"),
        help("the overrides go round: {chain}")
    )]
    OverrideCycle {
        /// The ruling.
        name: String,
        /// The circle, `a → b → a`.
        chain: String,
    },

    // The verdict and the settings.
    /// A rule set without a verdict.
    #[error("rule set `{name}` has no verdict")]
    #[diagnostic(
        code("xqlaw::verdict::missing"),
        help("add a `verdict` block, e.g. `verdict side forbidden → side loses otherwise → draw`")
    )]
    NoVerdict {
        /// The rule set.
        name: String,
    },
    /// A verdict condition `… by RULING` with another outcome than the ruling's.
    #[error("ruling `{ruling}` rules `{rules}`, not `{wanted}`")]
    #[diagnostic(
        code("xqlaw::verdict::outcome"),
        help("write `{party} {rules} by {ruling}`")
    )]
    NeverHolds {
        /// The ruling.
        ruling: String,
        /// What it rules.
        rules: &'static str,
        /// What the condition asks for.
        wanted: &'static str,
        /// `side` or `other`.
        party: &'static str,
    },
    /// `graver` on a ruling that allows: only a violation can weigh more than another.
    #[error("ruling `{name}` rules `allowed`, which cannot be graver")]
    #[diagnostic(
        code("xqlaw::graver::allowed"),
        help(
            "`graver` weighs a violation against the other side's: write it after `forbidden`, or delete it"
        )
    )]
    GraverAllowed {
        /// The ruling.
        name: String,
    },
    /// A verdict condition `… allowed graver`.
    #[error("a side's play that is allowed cannot be forbidden by a graver ruling")]
    #[diagnostic(
        code("xqlaw::verdict::graver"),
        help("write `{party} forbidden graver`")
    )]
    GraverCondAllowed {
        /// `side` or `other`.
        party: &'static str,
    },
    /// A setting outside the range the fact computation accepts.
    #[error("setting `{name}` cannot be `{value}`: it must be between {min} and {max}")]
    #[diagnostic(code("xqlaw::setting::range"), help("{why}"))]
    SettingOutOfRange {
        /// The setting.
        name: &'static str,
        /// The value.
        value: u64,
        /// The least value allowed.
        min: u64,
        /// The greatest value allowed.
        max: u64,
        /// What bounds it.
        why: &'static str,
        /// What bounds it, in the law's language.
        why_vi: &'static str,
    },
    /// A setting that does not exist.
    #[error("unknown setting `{name}`")]
    #[diagnostic(code("xqlaw::unknown::setting"))]
    UnknownSetting {
        /// The name.
        name: String,
        /// A close name, or the list of settings.
        #[help]
        help: Said,
    },
}

impl ErrorKind for CompileErrorKind {
    fn label(&self) -> String {
        match self {
            CompileErrorKind::ExtendsMisnamed { .. } => "declared here".to_owned(),
            CompileErrorKind::ExtendsCycle { .. } => "extended here".to_owned(),
            CompileErrorKind::ExtendsUnreadable(_) => "extended here".to_owned(),
            CompileErrorKind::ExtendsMissing { .. } => "extended here".to_owned(),
            CompileErrorKind::AmendedMissing { .. } => "extended here".to_owned(),
            CompileErrorKind::NamedLikeFact { .. } => "defined here".to_owned(),
            CompileErrorKind::DefinedTwice { .. } => "defined again here".to_owned(),
            CompileErrorKind::AlreadyDefined { .. } => "defined again here".to_owned(),
            CompileErrorKind::SettingTwice { .. } => "given again here".to_owned(),
            CompileErrorKind::VerdictTwice { .. } => "second verdict".to_owned(),
            CompileErrorKind::RemoveLocal { .. } => "removed here".to_owned(),
            CompileErrorKind::NothingToChange { verb, .. } => format!("{verb}d here"),
            CompileErrorKind::UnknownName { .. } => "not defined".to_owned(),
            CompileErrorKind::RulingInExpression { .. } => "a ruling".to_owned(),
            CompileErrorKind::UnknownRuling { .. } => "not a ruling".to_owned(),
            CompileErrorKind::FactNotRuling { .. } => "not a ruling".to_owned(),
            CompileErrorKind::TermNotRuling { .. } => "a term".to_owned(),
            CompileErrorKind::OverridesItself { .. } => "overridden here".to_owned(),
            CompileErrorKind::RestatesItself { .. } => "restated here".to_owned(),
            CompileErrorKind::FactWithPieceKinds { .. } => "given piece kinds here".to_owned(),
            CompileErrorKind::TermWithPieceKinds { .. } => "given piece kinds here".to_owned(),
            CompileErrorKind::NoPieceKinds { .. } => "no piece kinds".to_owned(),
            CompileErrorKind::UnknownPieceKind { .. } => "not a piece kind".to_owned(),
            CompileErrorKind::ThreatsOfThreat { .. } => "in a threat expression".to_owned(),
            CompileErrorKind::ThreatFactOnMove { .. } => "in a move expression".to_owned(),
            CompileErrorKind::MoveFactOnThreat { .. } => "in a threat expression".to_owned(),
            CompileErrorKind::ThreatTermOnMove { .. } => "in a move expression".to_owned(),
            CompileErrorKind::MoveTermOnThreat { .. } => "in a threat expression".to_owned(),
            CompileErrorKind::ChangingTargetsAfter { .. } => "target clause".to_owned(),
            CompileErrorKind::SameTargetAfter { .. } => "target clause".to_owned(),
            CompileErrorKind::AtLeastZero => "always true".to_owned(),
            CompileErrorKind::TermCycle { .. } => "defined here".to_owned(),
            CompileErrorKind::OverrideCycle { .. } => "overrides here".to_owned(),
            CompileErrorKind::NoVerdict { .. } => "declared here".to_owned(),
            CompileErrorKind::NeverHolds { .. } => "never holds".to_owned(),
            CompileErrorKind::GraverAllowed { .. } => {
                "only a forbidding ruling can be graver".to_owned()
            }
            CompileErrorKind::GraverCondAllowed { .. } => "never holds".to_owned(),
            CompileErrorKind::SettingOutOfRange { .. } => "out of range".to_owned(),
            CompileErrorKind::UnknownSetting { .. } => "not a setting".to_owned(),
        }
    }

    fn also_at(&self) -> Vec<(Loc, String)> {
        match self {
            CompileErrorKind::DefinedTwice { first, .. } => {
                vec![(*first, "first defined here".to_owned())]
            }
            CompileErrorKind::SettingTwice { first, .. } => {
                vec![(*first, "first given here".to_owned())]
            }
            CompileErrorKind::VerdictTwice { first, .. } => {
                vec![(*first, "first verdict".to_owned())]
            }
            CompileErrorKind::RemoveLocal { defined, .. } => {
                vec![(*defined, "defined here".to_owned())]
            }
            CompileErrorKind::ChangingTargetsAfter { quantifier_at, .. }
            | CompileErrorKind::SameTargetAfter { quantifier_at, .. } => {
                vec![(*quantifier_at, "quantifier".to_owned())]
            }
            _ => Vec::new(),
        }
    }
}

impl CompileError {
    /// A problem of kind `kind` at `at` in `file`.
    pub(crate) fn at(file: &SourceFile, at: Loc, kind: CompileErrorKind) -> CompileError {
        CompileError::At(SourceError::new(kind, file, at))
    }

    /// What is wrong, when the problem is at a place in a rule file.
    pub fn kind(&self) -> Option<&CompileErrorKind> {
        match self {
            CompileError::At(e) => Some(e.kind()),
            _ => None,
        }
    }

    /// A rule file that cannot be read.
    pub(crate) fn unreadable(path: &std::path::Path, e: &std::io::Error) -> CompileError {
        CompileError::Unreadable(ReadError::new(path, e))
    }
}

impl CompileErrorKind {
    /// `name`, defined without `replace`, is already a `kind` in the ancestor `rule_set`;
    /// `same_kind` when the new definition is a `kind` too.
    pub(crate) fn already_defined(
        name: &str,
        kind: &'static str,
        same_kind: bool,
        rule_set: String,
    ) -> CompileErrorKind {
        let help = if same_kind {
            Said::new(
                format!("write `replace {kind} {name}` to replace the inherited definition"),
                format!("viết `replace {kind} {name}` để thay định nghĩa được thừa kế"),
            )
        } else {
            Said::new(
                format!("`{name}` is a {kind} in `{rule_set}`; choose another name"),
                format!(
                    "`{name}` là một {} trong `{rule_set}`; chọn tên khác",
                    kind_vi(kind)
                ),
            )
        };
        CompileErrorKind::AlreadyDefined {
            name: name.to_owned(),
            rule_set,
            help,
        }
    }

    /// `name`, said of `said_of`, is used where the other subject is wanted; `term` when it
    /// names a term, not a fact.
    pub(crate) fn wrong_subject(name: &str, term: bool, said_of: Subject) -> CompileErrorKind {
        let name = name.to_owned();
        match (term, said_of) {
            (false, Subject::Threat) => CompileErrorKind::ThreatFactOnMove { name },
            (false, Subject::Move) => CompileErrorKind::MoveFactOnThreat { name },
            (true, Subject::Threat) => CompileErrorKind::ThreatTermOnMove { name },
            (true, Subject::Move) => CompileErrorKind::MoveTermOnThreat { name },
        }
    }

    /// There is no file for the extended rule set `name`. `names` are the rule sets that do
    /// exist; `searched` the folders rule sets are looked for in (none for a rule set given
    /// as text); `amends_itself` when the rule set extends its own name.
    pub(crate) fn extends_missing(
        name: &str,
        names: &[String],
        searched: &[String],
        amends_itself: bool,
    ) -> CompileErrorKind {
        if amends_itself {
            return CompileErrorKind::AmendedMissing {
                name: name.to_owned(),
                searched: if searched.is_empty() {
                    "no folder".to_owned()
                } else {
                    searched.join(", ")
                },
            };
        }
        let help = if let Some(near) = suggestion(name, names.iter().map(String::as_str)) {
            near
        } else if searched.is_empty() {
            Said::new(
                "a rule set given as text cannot extend another; load it from a file",
                "một bộ luật cho dưới dạng văn bản không mở rộng được bộ luật khác; hãy nạp nó từ một tệp",
            )
        } else {
            Said::new(
                format!(
                    "rule sets are looked up as `{name}.rules` in {}",
                    searched.join(", ")
                ),
                format!(
                    "bộ luật được tìm dưới tên `{name}.rules` trong {}",
                    searched.join(", ")
                ),
            )
        };
        CompileErrorKind::ExtendsMissing {
            name: name.to_owned(),
            help,
        }
    }

    /// A `replace` or `remove` (`verb`) of the `kind` `name`, which the ancestors do not
    /// define. `existing` is the kind the name has if it is defined as the other kind;
    /// `parent` the rule set extended; `names` the inherited names of `kind`.
    pub(crate) fn nothing_to_change<'a>(
        kind: &'static str,
        verb: &'static str,
        name: &str,
        existing: Option<&'static str>,
        parent: Option<&str>,
        names: impl IntoIterator<Item = &'a str>,
    ) -> CompileErrorKind {
        let help = match (existing, parent) {
            (Some(k), _) => Some(Said::new(
                format!("`{name}` is a {k}; write `{verb} {k} {name}`"),
                format!("`{name}` là một {}; viết `{verb} {k} {name}`", kind_vi(k)),
            )),
            (None, None) => Some(Said::new(
                format!(
                    "`{verb}` changes a definition inherited through `extends`, and this rule set extends none"
                ),
                format!(
                    "`{verb}` thay đổi một định nghĩa thừa kế qua `extends`, mà bộ luật này không mở rộng bộ luật nào"
                ),
            )),
            (None, Some(_)) => suggestion(name, names),
        };
        CompileErrorKind::NothingToChange {
            kind,
            name: name.to_owned(),
            parent: parent.map(str::to_owned),
            verb,
            help,
        }
    }

    /// The word `name` in a list of piece kinds is none of `kinds`.
    pub(crate) fn unknown_piece_kind(name: &str, kinds: &[&str]) -> CompileErrorKind {
        CompileErrorKind::UnknownPieceKind {
            name: name.to_owned(),
            help: suggestion(name, kinds.iter().copied()).unwrap_or_else(|| {
                Said::new(
                    format!("the kinds are {}", kinds.join(", ")),
                    format!("các loại quân là {}", kinds.join(", ")),
                )
            }),
        }
    }

    /// The setting `name` is none of `settings`.
    pub(crate) fn unknown_setting(name: &str, settings: &[&str]) -> CompileErrorKind {
        CompileErrorKind::UnknownSetting {
            name: name.to_owned(),
            help: suggestion(name, settings.iter().copied()).unwrap_or_else(|| {
                Said::new(
                    format!("the settings are {}", settings.join(", ")),
                    format!("các thiết lập là {}", settings.join(", ")),
                )
            }),
        }
    }
}

/// The rule set a name was looked for in, in a message: `` in `PARENT` ``, or nothing.
struct InParent<'a>(Option<&'a str>);

impl fmt::Display for InParent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(parent) => write!(f, " in `{parent}`"),
            None => Ok(()),
        }
    }
}

/// A chain of names that goes round, `a → b → a`.
pub(crate) fn chain(names: &[&str]) -> String {
    names.join(" → ")
}

/// Something suspicious that does not stop a rule set from compiling.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileWarning {
    /// A standings form with something suspicious (a criterion that cites no sentence).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Standings(crate::standings::FormError),
    /// Something suspicious at a place in a rule file: its kind, and the file and span it is
    /// about.
    #[error(transparent)]
    #[diagnostic(transparent)]
    At(SourceError<CompileWarningKind>),
}

impl CompileWarning {
    /// A warning of kind `kind` at `at` in `file`.
    pub(crate) fn at(file: &SourceFile, at: Loc, kind: CompileWarningKind) -> CompileWarning {
        CompileWarning::At(SourceError::new(kind, file, at))
    }
}

/// What is suspicious at a place in a rule file, for [`CompileWarning::At`]: each kind owns
/// its message, code, help and labels, and the place is carried once beside it.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileWarningKind {
    /// A term no other term and no ruling uses.
    #[error("term `{name}` is never used")]
    #[diagnostic(
        code("xqlaw::unused-term"),
        severity(Warning),
        help("use it in a ruling or another term, or delete it")
    )]
    UnusedTerm {
        /// The term.
        name: String,
    },
    /// A verdict row after `otherwise`, which is never reached.
    #[error("this verdict row is never reached")]
    #[diagnostic(
        code("xqlaw::verdict::unreachable"),
        severity(Warning),
        help("rows are tried top to bottom; move `otherwise` to the end")
    )]
    UnreachableRow {
        /// The `otherwise` before it.
        otherwise: Loc,
    },
    /// A verdict condition `… forbidden graver` when no ruling is written `graver`.
    #[error("no ruling is graver, so this verdict condition never holds")]
    #[diagnostic(
        code("xqlaw::verdict::no-graver"),
        severity(Warning),
        help(
            "write `graver` after `forbidden` on the ruling whose violation weighs more, or delete the row"
        )
    )]
    NoGraverRuling,
    /// A ruling restates one of the other outcome.
    /// The claim lapses, as it does when the restated ruling is removed: a committee that
    /// changes what a ruling rules leaves a rule set that compiles, and the restating ruling
    /// then stands on its own (`xqlaw check` says whether it decides anything).
    #[error("ruling `{name}` rules {outcome} but restates `{restated}`, which rules {other}")]
    #[diagnostic(
        code("xqlaw::restates::outcome"),
        severity(Warning),
        help(
            "a ruling restates only rulings with its own outcome, so this claim lapses: delete it, or the restating ruling if it should go with `{restated}`"
        )
    )]
    RestatesOtherOutcome {
        /// The restating ruling.
        name: String,
        /// Its outcome.
        outcome: &'static str,
        /// The restated ruling.
        restated: String,
        /// Its outcome.
        other: &'static str,
    },
    /// A verdict without `otherwise`.
    #[error("the verdict has no `otherwise` row")]
    #[diagnostic(
        code("xqlaw::verdict::no-otherwise"),
        severity(Warning),
        help("plays no row matches are draws; end the verdict with `otherwise → draw` to say so")
    )]
    NoOtherwise,
}

impl ErrorKind for CompileWarningKind {
    fn label(&self) -> String {
        match self {
            CompileWarningKind::UnusedTerm { .. } => "defined here".to_owned(),
            CompileWarningKind::UnreachableRow { .. } => "unreachable".to_owned(),
            CompileWarningKind::NoGraverRuling => "never holds".to_owned(),
            CompileWarningKind::RestatesOtherOutcome { other, .. } => format!("rules {other}"),
            CompileWarningKind::NoOtherwise => "last row".to_owned(),
        }
    }

    fn also_at(&self) -> Vec<(Loc, String)> {
        match self {
            CompileWarningKind::UnreachableRow { otherwise, .. } => {
                vec![(*otherwise, "this row always matches".to_owned())]
            }
            _ => Vec::new(),
        }
    }
}

/// Where a diagnostic is: the name of its file and the start of its main span, for sorting
/// diagnostics into source order (file by file). Empty and 0 when it is about no text.
pub(crate) fn position(diagnostic: &dyn Diagnostic) -> (String, usize) {
    let labels: Vec<LabeledSpan> = diagnostic.labels().into_iter().flatten().collect();
    let Some(main) = labels.iter().find(|l| l.primary()).or(labels.first()) else {
        return (String::new(), 0);
    };
    let name = diagnostic
        .source_code()
        .and_then(|src| src.read_span(main.inner(), 0, 0).ok())
        .and_then(|contents| contents.name().map(str::to_owned))
        .unwrap_or_default();
    (name, main.offset())
}

/// Every error found while compiling a rule set (and the warnings found on the way); the
/// first error is the main diagnostic and the others are related diagnostics.
#[derive(Debug, Error)]
#[error("{}", .errors.first)]
pub struct CompileErrors {
    errors: Box<NonEmpty<CompileError>>,
    warnings: Vec<CompileWarning>,
}

impl CompileErrors {
    pub(crate) fn new(errors: NonEmpty<CompileError>, warnings: Vec<CompileWarning>) -> Self {
        CompileErrors {
            errors: Box::new(errors),
            warnings,
        }
    }

    /// Every error, in source order.
    pub fn errors(&self) -> impl Iterator<Item = &CompileError> {
        self.errors.iter()
    }

    /// The warnings found before compilation stopped.
    pub fn warnings(&self) -> &[CompileWarning] {
        &self.warnings
    }

    /// Number of errors.
    pub fn len(&self) -> usize {
        self.errors.len()
    }

    /// Always false: there is at least one error.
    pub fn is_empty(&self) -> bool {
        false
    }
}

impl Diagnostic for CompileErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.errors.first.code()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.errors.first.help()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.errors.first.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.errors.first.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        let rest = self.errors.rest.iter().map(|e| e as &dyn Diagnostic);
        let warnings = self.warnings.iter().map(|w| w as &dyn Diagnostic);
        Some(Box::new(rest.chain(warnings)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> SourceFile {
        SourceFile::new("t.rules", "rules t\nterm a on move = chek\n")
    }

    #[test]
    fn a_variant_carries_its_message_code_help_and_label() {
        let kind = CompileErrorKind::UnknownName {
            name: "chek".to_owned(),
            suggestion: Some(Said::new("did you mean `check`?", "có phải `check`?")),
        };
        let e = CompileError::at(&file(), Loc::new(24, 28), kind);
        assert!(matches!(
            e.kind(),
            Some(CompileErrorKind::UnknownName { .. })
        ));
        assert_eq!(e.to_string(), "unknown fact or term `chek`");
        assert_eq!(e.code().unwrap().to_string(), "xqlaw::unknown::name");
        assert_eq!(e.help().unwrap().to_string(), "did you mean `check`?");
        let label = e.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("not defined"));
        assert!(label.primary());
        assert_eq!(position(&e), ("t.rules".to_owned(), 24));
    }

    #[test]
    fn help_and_labels_name_what_was_written() {
        let kind = CompileErrorKind::nothing_to_change("term", "replace", "a", None, None, []);
        let e = CompileError::at(&file(), Loc::new(13, 14), kind);
        assert_eq!(e.to_string(), "there is no term `a` to replace");
        assert_eq!(
            e.help().unwrap().to_string(),
            "`replace` changes a definition inherited through `extends`, and this rule set extends none"
        );
        let label = e.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("replaced here"));
    }

    #[test]
    fn the_kind_labels_its_second_place() {
        let kind = CompileErrorKind::DefinedTwice {
            first: Loc::new(13, 14),
            name: "a".to_owned(),
        };
        let e = CompileError::at(&file(), Loc::new(24, 28), kind);
        assert_eq!(e.to_string(), "`a` is defined twice");
        let labels: Vec<LabeledSpan> = e.labels().unwrap().collect();
        assert_eq!(labels.len(), 2);
        assert_eq!(labels[0].label(), Some("defined again here"));
        assert!(labels[0].primary());
        assert_eq!(labels[1].label(), Some("first defined here"));
        assert_eq!(labels[1].offset(), 13);
        assert!(!labels[1].primary());
    }

    #[test]
    fn a_warning_has_warning_severity() {
        let kind = CompileWarningKind::UnusedTerm {
            name: "a".to_owned(),
        };
        let w = CompileWarning::at(&file(), Loc::new(13, 14), kind);
        assert_eq!(w.severity(), Some(miette::Severity::Warning));
        assert_eq!(w.code().unwrap().to_string(), "xqlaw::unused-term");
    }

    #[test]
    fn an_error_about_no_text_sorts_first() {
        let e = CompileError::Internal;
        assert_eq!(position(&e), (String::new(), 0));
        assert!(e.kind().is_none());
    }
}
