//! Errors and warnings of the compile stage: rule files that parse but do not make sense.
//!
//! Each kind of problem is one variant, which carries its own message, code, help and labels;
//! the checks only choose a variant and fill in the names. Every variant about some text holds
//! the file (`file`) and the span it is about (`at`).

use std::fmt;

use miette::{Diagnostic, LabeledSpan, SourceCode};
use thiserror::Error;

use crate::source::{Loc, NonEmpty, SourceFile};
use crate::syntax::ParseError;
use crate::vocab::Subject;
use crate::words::did_you_mean;

/// The help shared by the two subject mismatches inside a threat expression.
const THREAT_EXPRESSION: &str = "a threat expression (in a term `on threat`, after `any \
    threat`, or before `on same target`) uses only threat facts and threat terms";

/// One problem that stops a rule set from compiling.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum CompileError {
    /// A rule file cannot be read.
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(code("xqlaw::io"))]
    Unreadable {
        /// The path, as given.
        path: String,
        /// Why, in lowercase.
        reason: String,
    },
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

    // `extends` chains.
    /// The file `extends NAME` reads declares another rule set.
    #[error("`{}` declares the rule set `{declared}`, not `{expected}`", file.name)]
    #[diagnostic(
        code("xqlaw::extends::name"),
        help(
            "`extends {expected}` in `{child}` reads `{expected}.rules`; rename the rule set or the file"
        )
    )]
    ExtendsMisnamed {
        /// The file read.
        #[source_code]
        file: SourceFile,
        /// The name it declares.
        #[label(primary, "declared here")]
        at: Loc,
        /// That name.
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The `extends` that closes the circle.
        #[label(primary, "extended here")]
        at: Loc,
        /// The rule set extended.
        name: String,
        /// The chain, `a → b → a`.
        chain: String,
    },
    /// The file of an extended rule set exists but cannot be read.
    #[error("cannot read `{path}`: {reason}")]
    #[diagnostic(code("xqlaw::extends::io"))]
    ExtendsUnreadable {
        /// The file that says `extends`.
        #[source_code]
        file: SourceFile,
        /// The `extends`.
        #[label(primary, "extended here")]
        at: Loc,
        /// The file that cannot be read.
        path: String,
        /// Why, in lowercase.
        reason: String,
    },
    /// There is no file for an extended rule set.
    #[error("there is no rule set `{name}`")]
    #[diagnostic(code("xqlaw::extends::missing"))]
    ExtendsMissing {
        /// The file that says `extends`.
        #[source_code]
        file: SourceFile,
        /// The `extends`.
        #[label(primary, "extended here")]
        at: Loc,
        /// The rule set named.
        name: String,
        /// A close name, or where rule sets are looked for.
        #[help]
        help: String,
    },

    // Definitions given twice.
    /// A term or ruling has the name of a fact.
    #[error("{kind} `{name}` has the name of a fact")]
    #[diagnostic(
        code("xqlaw::duplicate::fact"),
        help("facts, terms and rulings share one namespace; choose another name")
    )]
    NamedLikeFact {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The definition's name.
        #[label(primary, "defined here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The second definition.
        #[label(primary, "defined again here")]
        at: Loc,
        /// The first definition.
        #[label("first defined here")]
        first: Loc,
        /// The name.
        name: String,
    },
    /// A file defines, without `replace`, a name its ancestors define.
    #[error("`{name}` is already defined in `{rule_set}`")]
    #[diagnostic(code("xqlaw::duplicate::inherited"))]
    AlreadyDefined {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The new definition.
        #[label(primary, "defined again here")]
        at: Loc,
        /// The name.
        name: String,
        /// The rule set that defines it.
        rule_set: String,
        /// Write `replace`, or choose another name.
        #[help]
        help: String,
    },
    /// A setting is given twice in one file.
    #[error("setting `{name}` is given twice")]
    #[diagnostic(code("xqlaw::duplicate::setting"), help("keep one of the two lines"))]
    SettingTwice {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The second line.
        #[label(primary, "given again here")]
        at: Loc,
        /// The first line.
        #[label("first given here")]
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The second `verdict`.
        #[label(primary, "second verdict")]
        at: Loc,
        /// The first `verdict`.
        #[label("first verdict")]
        first: Loc,
    },

    // `replace` and `remove`.
    /// A file removes a name it defines itself.
    #[error("cannot remove `{name}`, which this file defines")]
    #[diagnostic(code("xqlaw::remove::local"), help("delete the definition instead"))]
    RemoveLocal {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The `remove`.
        #[label(primary, "removed here")]
        at: Loc,
        /// The definition.
        #[label("defined here")]
        defined: Loc,
        /// The name.
        name: String,
    },
    /// A `replace` or `remove` of something the ancestors do not define.
    #[error("there is no {kind} `{name}`{inherited} to {verb}")]
    #[diagnostic(code("xqlaw::nothing-to-change"))]
    NothingToChange {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name replaced or removed.
        #[label(primary, "{verb}d here")]
        at: Loc,
        /// `term` or `ruling`.
        kind: &'static str,
        /// The name.
        name: String,
        /// ` in `PARENT`` when the rule set extends one.
        inherited: String,
        /// `replace` or `remove`.
        verb: &'static str,
        /// What to write instead, or a close name.
        #[help]
        help: Option<String>,
    },

    // Names in expressions and patterns.
    /// A name that is neither a fact nor a term.
    #[error("unknown fact or term `{name}`")]
    #[diagnostic(code("xqlaw::unknown::name"))]
    UnknownName {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "not defined")]
        at: Loc,
        /// The name.
        name: String,
        /// A close name.
        #[help]
        suggestion: Option<String>,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "a ruling")]
        at: Loc,
        /// The name.
        name: String,
    },
    /// A name after `overrides` or `by` that is no ruling.
    #[error("unknown ruling `{name}`")]
    #[diagnostic(code("xqlaw::unknown::ruling"))]
    UnknownRuling {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "not a ruling")]
        at: Loc,
        /// The name.
        name: String,
        /// A close ruling name.
        #[help]
        suggestion: Option<String>,
    },
    /// A fact named after `overrides` or `by`.
    #[error("`{name}` is a fact, not a ruling")]
    #[diagnostic(code("xqlaw::unknown::ruling"))]
    FactNotRuling {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "not a ruling")]
        at: Loc,
        /// The name.
        name: String,
        /// A close ruling name.
        #[help]
        suggestion: Option<String>,
    },
    /// A term named after `overrides` or `by`.
    #[error("`{name}` is a term, not a ruling")]
    #[diagnostic(code("xqlaw::not-a-ruling"), help("only rulings can be named here"))]
    TermNotRuling {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "a term")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name after `overrides`.
        #[label(primary, "overridden here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name after `restates`.
        #[label(primary, "restated here")]
        at: Loc,
        /// The ruling.
        name: String,
    },
    // Piece kinds.
    /// A fact without parameters is given piece kinds.
    #[error("`{name}` takes no piece kinds")]
    #[diagnostic(code("xqlaw::params"), help("write `{name}`"))]
    FactWithPieceKinds {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The call.
        #[label(primary, "given piece kinds here")]
        at: Loc,
        /// The fact.
        name: String,
    },
    /// A term is given piece kinds.
    #[error("term `{name}` takes no piece kinds")]
    #[diagnostic(code("xqlaw::params"), help("write `{name}`"))]
    TermWithPieceKinds {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The call.
        #[label(primary, "given piece kinds here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "no piece kinds")]
        at: Loc,
        /// The fact.
        name: String,
        /// The piece kinds, `king, advisor, …`.
        kinds: String,
    },
    /// A word in a list of piece kinds that is none.
    #[error("unknown piece kind `{name}`")]
    #[diagnostic(code("xqlaw::unknown::role"))]
    UnknownPieceKind {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The word.
        #[label(primary, "not a piece kind")]
        at: Loc,
        /// The word.
        name: String,
        /// A close kind, or the list of kinds.
        #[help]
        help: String,
    },

    // Subjects: moves and threats.
    /// `any threat` or `no threat` inside a threat expression.
    #[error("`{quantifier} threat` is said of a move, not a threat")]
    #[diagnostic(
        code("xqlaw::subject"),
        help("inside a threat expression, write `{inner}` directly")
    )]
    ThreatsOfThreat {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The `any threat …` expression.
        #[label(primary, "in a threat expression")]
        at: Loc,
        /// `any` or `no`.
        quantifier: &'static str,
        /// The expression after `threat`.
        inner: String,
    },
    /// A threat fact in a move expression.
    #[error("`{name}` is said of a threat, not a move")]
    #[diagnostic(code("xqlaw::subject"), help("use `any threat {name}`"))]
    ThreatFactOnMove {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The fact.
        #[label(primary, "in a move expression")]
        at: Loc,
        /// The fact.
        name: String,
    },
    /// A move fact in a threat expression.
    #[error("`{name}` is said of a move, not a threat")]
    #[diagnostic(code("xqlaw::subject"), help("{THREAT_EXPRESSION}"))]
    MoveFactOnThreat {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The fact.
        #[label(primary, "in a threat expression")]
        at: Loc,
        /// The fact.
        name: String,
    },
    /// A term on threats in a move expression.
    #[error("`{name}` is a term on threats, not on moves")]
    #[diagnostic(code("xqlaw::subject"), help("use `any threat {name}`"))]
    ThreatTermOnMove {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The term.
        #[label(primary, "in a move expression")]
        at: Loc,
        /// The term.
        name: String,
    },
    /// A term on moves in a threat expression.
    #[error("`{name}` is a term on moves, not on threats")]
    #[diagnostic(code("xqlaw::subject"), help("{THREAT_EXPRESSION}"))]
    MoveTermOnThreat {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The term.
        #[label(primary, "in a threat expression")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The target clause.
        #[label(primary, "target clause")]
        at: Loc,
        /// The quantifier.
        #[label("quantifier")]
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The target clause.
        #[label(primary, "target clause")]
        at: Loc,
        /// The quantifier.
        #[label("quantifier")]
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
    AtLeastZero {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The quantifier.
        #[label(primary, "always true")]
        at: Loc,
    },

    // Cycles.
    /// Terms defined in terms of themselves.
    #[error("term `{name}` is defined in terms of itself")]
    #[diagnostic(code("xqlaw::cycle::term"), help("the definitions go round: {chain}"))]
    TermCycle {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The term's name.
        #[label(primary, "defined here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// Its first `overrides`.
        #[label(primary, "overrides here")]
        at: Loc,
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
        /// The root file.
        #[source_code]
        file: SourceFile,
        /// The rule set's name.
        #[label(primary, "declared here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The condition.
        #[label(primary, "never holds")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The word `graver`.
        #[label(primary, "only a forbidding ruling can be graver")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The condition.
        #[label(primary, "never holds")]
        at: Loc,
        /// `side` or `other`.
        party: &'static str,
    },
    /// A setting outside the range the fact computation accepts.
    #[error("setting `{name}` cannot be `{value}`: it must be between {min} and {max}")]
    #[diagnostic(code("xqlaw::setting::range"), help("{why}"))]
    SettingOutOfRange {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The value.
        #[label(primary, "out of range")]
        at: Loc,
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
    },
    /// A setting that does not exist.
    #[error("unknown setting `{name}`")]
    #[diagnostic(code("xqlaw::unknown::setting"))]
    UnknownSetting {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name.
        #[label(primary, "not a setting")]
        at: Loc,
        /// The name.
        name: String,
        /// A close name, or the list of settings.
        #[help]
        help: String,
    },
}

impl CompileError {
    /// A rule file that cannot be read.
    pub(crate) fn unreadable(path: &std::path::Path, e: &std::io::Error) -> CompileError {
        CompileError::Unreadable {
            path: path.display().to_string(),
            reason: e.to_string().to_lowercase(),
        }
    }

    /// `name`, defined at `at` without `replace`, is already a `kind` in the ancestor
    /// `rule_set`; `same_kind` when the new definition is a `kind` too.
    pub(crate) fn already_defined(
        file: &SourceFile,
        at: Loc,
        name: &str,
        kind: &'static str,
        same_kind: bool,
        rule_set: String,
    ) -> CompileError {
        let help = if same_kind {
            format!("write `replace {kind} {name}` to replace the inherited definition")
        } else {
            format!("`{name}` is a {kind} in `{rule_set}`; choose another name")
        };
        CompileError::AlreadyDefined {
            file: file.clone(),
            at,
            name: name.to_owned(),
            rule_set,
            help,
        }
    }

    /// `name`, said of `said_of`, is used where the other subject is wanted; `term` when it
    /// names a term, not a fact.
    pub(crate) fn wrong_subject(
        file: &SourceFile,
        at: Loc,
        name: &str,
        term: bool,
        said_of: Subject,
    ) -> CompileError {
        let (file, name) = (file.clone(), name.to_owned());
        match (term, said_of) {
            (false, Subject::Threat) => CompileError::ThreatFactOnMove { file, at, name },
            (false, Subject::Move) => CompileError::MoveFactOnThreat { file, at, name },
            (true, Subject::Threat) => CompileError::ThreatTermOnMove { file, at, name },
            (true, Subject::Move) => CompileError::MoveTermOnThreat { file, at, name },
        }
    }

    /// There is no file for the rule set `name` extended at `at`. `names` are the rule sets
    /// that do exist; `dir` says whether rule sets are looked for in a folder at all.
    pub(crate) fn extends_missing(
        file: &SourceFile,
        at: Loc,
        name: &str,
        names: &[String],
        searched: &[String],
        amends_itself: bool,
    ) -> CompileError {
        let help = if amends_itself {
            format!(
                "`rules {name} extends {name}` amends the project's `rules/{name}.rules`, and none was found in {}: run xqlaw inside the project, or give `--base PATH/rules/{name}.rules`",
                if searched.is_empty() {
                    "no folder".to_owned()
                } else {
                    searched.join(", ")
                }
            )
        } else if let Some(near) = did_you_mean(name, names.iter().map(String::as_str)) {
            near
        } else if searched.is_empty() {
            "a rule set given as text cannot extend another; load it from a file".to_owned()
        } else {
            format!(
                "rule sets are looked up as `{name}.rules` in {}",
                searched.join(", ")
            )
        };
        CompileError::ExtendsMissing {
            file: file.clone(),
            at,
            name: name.to_owned(),
            help,
        }
    }

    /// A `replace` or `remove` (`verb`) of the `kind` `name`, which the ancestors do not
    /// define. `existing` is the kind the name has if it is defined as the other kind;
    /// `parent` the rule set extended; `names` the inherited names of `kind`.
    #[expect(
        clippy::too_many_arguments,
        reason = "what was written, and what exists"
    )]
    pub(crate) fn nothing_to_change<'a>(
        file: &SourceFile,
        at: Loc,
        kind: &'static str,
        verb: &'static str,
        name: &str,
        existing: Option<&'static str>,
        parent: Option<&str>,
        names: impl IntoIterator<Item = &'a str>,
    ) -> CompileError {
        let help = match (existing, parent) {
            (Some(k), _) => Some(format!("`{name}` is a {k}; write `{verb} {k} {name}`")),
            (None, None) => Some(format!(
                "`{verb}` changes a definition inherited through `extends`, and this rule set extends none"
            )),
            (None, Some(_)) => did_you_mean(name, names),
        };
        CompileError::NothingToChange {
            file: file.clone(),
            at,
            kind,
            name: name.to_owned(),
            inherited: parent.map(|p| format!(" in `{p}`")).unwrap_or_default(),
            verb,
            help,
        }
    }

    /// The word `name` in a list of piece kinds is none of `kinds`.
    pub(crate) fn unknown_piece_kind(
        file: &SourceFile,
        at: Loc,
        name: &str,
        kinds: &[&str],
    ) -> CompileError {
        CompileError::UnknownPieceKind {
            file: file.clone(),
            at,
            name: name.to_owned(),
            help: did_you_mean(name, kinds.iter().copied())
                .unwrap_or_else(|| format!("the kinds are {}", kinds.join(", "))),
        }
    }

    /// The setting `name` is none of `settings`.
    pub(crate) fn unknown_setting(
        file: &SourceFile,
        at: Loc,
        name: &str,
        settings: &[&str],
    ) -> CompileError {
        CompileError::UnknownSetting {
            file: file.clone(),
            at,
            name: name.to_owned(),
            help: did_you_mean(name, settings.iter().copied())
                .unwrap_or_else(|| format!("the settings are {}", settings.join(", "))),
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
    /// A term no other term and no ruling uses.
    #[error("term `{name}` is never used")]
    #[diagnostic(
        code("xqlaw::unused-term"),
        severity(Warning),
        help("use it in a ruling or another term, or delete it")
    )]
    UnusedTerm {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The term's name.
        #[label(primary, "defined here")]
        at: Loc,
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The row.
        #[label(primary, "unreachable")]
        at: Loc,
        /// The `otherwise` before it.
        #[label("this row always matches")]
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
    NoGraverRuling {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The condition.
        #[label(primary, "never holds")]
        at: Loc,
    },
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
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The name after `restates`.
        #[label(primary, "rules {other}")]
        at: Loc,
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
    NoOtherwise {
        /// The file.
        #[source_code]
        file: SourceFile,
        /// The last row.
        #[label(primary, "last row")]
        at: Loc,
    },
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
        let e = CompileError::UnknownName {
            file: file(),
            at: Loc::new(24, 28),
            name: "chek".to_owned(),
            suggestion: Some("did you mean `check`?".to_owned()),
        };
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
        let e = CompileError::nothing_to_change(
            &file(),
            Loc::new(13, 14),
            "term",
            "replace",
            "a",
            None,
            None,
            [],
        );
        assert_eq!(e.to_string(), "there is no term `a` to replace");
        assert_eq!(
            e.help().unwrap().to_string(),
            "`replace` changes a definition inherited through `extends`, and this rule set extends none"
        );
        let label = e.labels().unwrap().next().unwrap();
        assert_eq!(label.label(), Some("replaced here"));
    }

    #[test]
    fn a_warning_has_warning_severity() {
        let w = CompileWarning::UnusedTerm {
            file: file(),
            at: Loc::new(13, 14),
            name: "a".to_owned(),
        };
        assert_eq!(w.severity(), Some(miette::Severity::Warning));
        assert_eq!(w.code().unwrap().to_string(), "xqlaw::unused-term");
    }

    #[test]
    fn an_error_about_no_text_sorts_first() {
        let e = CompileError::Internal;
        assert_eq!(position(&e), (String::new(), 0));
    }
}
