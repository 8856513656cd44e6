//! Errors of the standings stage, in one style: an error is a kind (which owns its message,
//! code and help) and the place it is about, carried once beside the kind.
//!
//! - [`FormError`]: a standings form of a rule file that parses but does not make sense.
//! - [`ResultsError`]: a results file that does not describe a tournament the form can rank.

use miette::Diagnostic;
use thiserror::Error;

use crate::source::{ErrorKind, Errors, SourceError};
use crate::words::Said;

/// A problem in a standings form: its kind and where it is.
pub type FormError = SourceError<FormErrorKind>;

/// The kinds of problem a standings form can have.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum FormErrorKind {
    /// A form defined twice in one file.
    #[error("standings `{name}` is defined twice")]
    #[diagnostic(code("xqlaw::standings::duplicate"), help("keep one of them"))]
    DefinedTwice {
        /// The form.
        name: String,
    },
    /// A form with the name of an inherited one, without `replace`.
    #[error("standings `{name}` is already defined in `{rule_set}`")]
    #[diagnostic(
        code("xqlaw::standings::inherited"),
        help(
            "write `replace standings {name}` to change the inherited form (the clauses written replace its own, the others are kept), or choose another name"
        )
    )]
    AlreadyDefined {
        /// The form.
        name: String,
        /// The rule set that defines it.
        rule_set: String,
    },
    /// `replace` or `remove` of a form nobody defined.
    #[error("there is no standings `{name}` to {verb}")]
    #[diagnostic(code("xqlaw::standings::nothing-to-change"), help("{help}"))]
    NothingToChange {
        /// The form.
        name: String,
        /// `replace` or `remove`.
        verb: &'static str,
        /// The forms there are.
        help: Said,
    },
    /// A clause given twice in one form.
    #[error("`{clause}` is given twice")]
    #[diagnostic(
        code("xqlaw::standings::clause-twice"),
        help("keep one `{clause}` line")
    )]
    ClauseTwice {
        /// The clause's keyword.
        clause: &'static str,
    },
    /// A clause the form needs and does not have.
    #[error("standings `{name}` has no `{clause}`")]
    #[diagnostic(code("xqlaw::standings::missing"), help("{help}"))]
    Missing {
        /// The form.
        name: String,
        /// The clause's keyword.
        clause: &'static str,
        /// What it says, in English and in the law's language.
        help: Said,
    },
    /// A name that is not one of the choices of its clause.
    #[error("unknown {what} `{name}`")]
    #[diagnostic(code("xqlaw::standings::unknown"), help("{help}"))]
    Unknown {
        /// `system`, `withdrawal rule`, `split rule` or `criterion`.
        what: &'static str,
        /// The name written.
        name: String,
        /// "did you mean", or the choices.
        help: Said,
    },
    /// A number of points that is not one.
    #[error("`{text}` is not a number of points a rule file may write")]
    #[diagnostic(
        code("xqlaw::standings::number"),
        help(
            "write a whole number, a fraction such as `1/2` or a decimal such as `0.5`, with a denominator other than 0; numerator and denominator at most 1000000"
        )
    )]
    BadNumber {
        /// The number as written.
        text: String,
    },
    /// A match of no game, or of too many.
    #[error("a match of {games} games")]
    #[diagnostic(code("xqlaw::standings::match"), help("a match has 1 to 20 games"))]
    BadMatch {
        /// The number written.
        games: u64,
    },
    /// A clause that needs matches of several games, in a form of single games.
    #[error("`{clause}` needs matches of several games")]
    #[diagnostic(
        code("xqlaw::standings::not-a-match"),
        help("add `match N games` to the form, or delete this")
    )]
    NeedsMatches {
        /// What needs them.
        clause: String,
    },
    /// A withdrawal rule that needs another system.
    #[error("withdrawal rule `{rule}` is for a round robin, and this form ranks a `{system}`")]
    #[diagnostic(
        code("xqlaw::standings::withdrawal-system"),
        help(
            "`annul-up-to-half` counts the games a player had left in a round robin; a Swiss uses `keep-results`"
        )
    )]
    WithdrawalSystem {
        /// The rule.
        rule: String,
        /// The form's system.
        system: String,
    },
    /// A criterion listed twice.
    #[error("criterion `{name}` is listed twice")]
    #[diagnostic(
        code("xqlaw::standings::criterion-twice"),
        help("the second time it can separate no one the first did not")
    )]
    CriterionTwice {
        /// The criterion.
        name: String,
    },
    /// A criterion after `lots`, which it can never reach.
    #[error("criterion `{name}` comes after `lots`")]
    #[diagnostic(
        code("xqlaw::standings::after-lots"),
        help(
            "lots leave no two players level, so nothing after them is ever asked; move `lots` to the end"
        )
    )]
    AfterLots {
        /// The criterion.
        name: String,
    },
    /// A criterion, scoring or rule that cites no sentence (a warning).
    #[error("{what} cites no sentence")]
    #[diagnostic(
        code("xqlaw::standings::uncited"),
        severity(Warning),
        help(
            "add `article \"…\"` and `quote \"…\"`: the standings table names the sentence that separated each two players"
        )
    )]
    Uncited {
        /// What it is: "criterion `buchholz`".
        what: String,
    },
}

/// The standings forms' errors in the law's language, each kind wording its Vietnamese beside
/// its English (the English, the gloss, names the kind of word an unknown name is meant to be).
impl crate::words::Localized for FormErrorKind {
    fn vi(&self) -> String {
        use FormErrorKind as K;
        match self {
            K::DefinedTwice { name } => format!("bảng xếp hạng `{name}` được định nghĩa hai lần"),
            K::AlreadyDefined { name, rule_set } => {
                format!("bảng xếp hạng `{name}` đã được định nghĩa trong `{rule_set}`")
            }
            K::NothingToChange { name, verb, .. } => {
                format!("không có bảng xếp hạng `{name}` để `{verb}`")
            }
            K::ClauseTwice { clause } => format!("`{clause}` được cho hai lần"),
            K::Missing { name, clause, .. } => {
                format!("bảng xếp hạng `{name}` thiếu `{clause}`")
            }
            K::Unknown { name, .. } => format!("không biết `{name}`"),
            K::BadNumber { text } => {
                format!("`{text}` không phải số điểm mà tệp luật có thể ghi")
            }
            K::BadMatch { games } => format!("một trận đấu {games} ván"),
            K::NeedsMatches { clause } => format!("`{clause}` cần các trận đấu nhiều ván"),
            K::WithdrawalSystem { rule, system } => format!(
                "quy định bỏ cuộc `{rule}` dành cho thi đấu vòng tròn, mà bảng này xếp theo `{system}`"
            ),
            K::CriterionTwice { name } => format!("tiêu chí `{name}` được liệt kê hai lần"),
            K::AfterLots { name } => format!("tiêu chí `{name}` đứng sau `lots`"),
            K::Uncited { .. } => "không dẫn câu nào của luật".to_owned(),
        }
    }

    fn vi_help(&self) -> Option<String> {
        use FormErrorKind as K;
        Some(match self {
            K::DefinedTwice { .. } => "giữ một trong hai".to_owned(),
            K::ClauseTwice { clause } => format!("giữ một dòng `{clause}`"),
            K::BadMatch { .. } => "một trận đấu có từ 1 đến 20 ván".to_owned(),
            K::NeedsMatches { .. } => "thêm `match N games` vào bảng, hoặc xóa dòng này".to_owned(),
            K::AfterLots { .. } => "bốc thăm không để hai người nào bằng nhau, nên sau đó không còn gì được xét; chuyển `lots` xuống cuối".to_owned(),
            K::AlreadyDefined { name, .. } => format!(
                "viết `replace standings {name}` để sửa bảng được thừa kế (các mệnh đề viết ra thay các mệnh đề của nó, các mệnh đề khác được giữ), hoặc chọn tên khác"
            ),
            K::NothingToChange { help, .. } | K::Missing { help, .. } | K::Unknown { help, .. } => {
                help.vi().to_owned()
            }
            K::BadNumber { .. } => "viết một số nguyên, một phân số như `1/2` hoặc một số thập phân như `0.5`, mẫu số khác 0; tử số và mẫu số không quá 1000000".to_owned(),
            K::WithdrawalSystem { .. } => "`annul-up-to-half` đếm các ván một đấu thủ còn lại trong thi đấu vòng tròn; thi đấu hệ Thụy Sĩ dùng `keep-results`".to_owned(),
            K::CriterionTwice { .. } => {
                "lần thứ hai nó không tách được ai mà lần đầu chưa tách".to_owned()
            }
            K::Uncited { .. } => "thêm `article \"…\"` và `quote \"…\"`: bảng xếp hạng ghi câu luật đã tách mỗi hai đấu thủ".to_owned(),
        })
    }
}

impl ErrorKind for FormErrorKind {
    fn label(&self) -> String {
        match self {
            FormErrorKind::DefinedTwice { .. } => "second definition".to_owned(),
            FormErrorKind::AlreadyDefined { .. } => "defined again here".to_owned(),
            FormErrorKind::NothingToChange { verb, .. } => format!("{verb}d here"),
            FormErrorKind::ClauseTwice { .. } => "second one".to_owned(),
            FormErrorKind::Missing { .. } => "this form".to_owned(),
            FormErrorKind::Unknown { .. } => "not known".to_owned(),
            FormErrorKind::BadNumber { .. } => "this number".to_owned(),
            FormErrorKind::BadMatch { .. } => "this many".to_owned(),
            FormErrorKind::NeedsMatches { .. } => "needs matches".to_owned(),
            FormErrorKind::WithdrawalSystem { .. } => "this rule".to_owned(),
            FormErrorKind::CriterionTwice { .. } => "listed again".to_owned(),
            FormErrorKind::AfterLots { .. } => "never reached".to_owned(),
            FormErrorKind::Uncited { .. } => "no `article` or `quote`".to_owned(),
        }
    }
}

/// A problem in a results file: its kind and where it is.
pub type ResultsError = SourceError<ResultsErrorKind>;

/// The kinds of problem a results file can have.
#[derive(Debug, Error, Diagnostic)]
#[non_exhaustive]
pub enum ResultsErrorKind {
    /// Not YAML, or not the schema.
    #[error("invalid results file: {message}")]
    #[diagnostic(
        code("xqlaw::results::yaml"),
        help(
            "the results file is described in `docs/language.md` (Standings); unknown fields are rejected"
        )
    )]
    Yaml {
        /// The parser's message.
        message: String,
    },
    /// A player id given twice.
    #[error("player `{id}` is listed twice")]
    #[diagnostic(code("xqlaw::results::player-twice"), help("give each player one id"))]
    PlayerTwice {
        /// The id.
        id: String,
    },
    /// A player id that is not a plain name.
    #[error("player id `{id}` is not a plain name")]
    #[diagnostic(
        code("xqlaw::results::player-id"),
        help(
            "ids are lowercase letters, digits and `-` (e.g. `nguyen-van-a`); the full name goes in `name`"
        )
    )]
    PlayerId {
        /// The id.
        id: String,
    },
    /// A player the players list does not have.
    #[error("unknown player `{id}`")]
    #[diagnostic(code("xqlaw::results::unknown-player"), help("{help}"))]
    UnknownPlayer {
        /// The id written.
        id: String,
        /// "did you mean", or the players.
        help: String,
    },
    /// A round outside `1..=rounds`.
    #[error("round {round} does not exist")]
    #[diagnostic(code("xqlaw::results::round"), help("{help}"))]
    NoSuchRound {
        /// The round written.
        round: u32,
        /// How many there are.
        help: String,
    },
    /// A player paired with themself.
    #[error("`{id}` plays against themself")]
    #[diagnostic(code("xqlaw::results::self"), help("a game has two different players"))]
    SelfGame {
        /// The player.
        id: String,
    },
    /// The same game listed twice.
    #[error("the same game is given twice: {red} against {black}, round {round}")]
    #[diagnostic(code("xqlaw::results::game-twice"), help("{help}"))]
    GameTwice {
        /// The player with Red.
        red: String,
        /// The player with Black.
        black: String,
        /// The round.
        round: u32,
        /// Where the first one is.
        help: String,
    },
    /// A player in two pairings of one round.
    #[error("`{id}` is paired twice in round {round}")]
    #[diagnostic(code("xqlaw::results::paired-twice"), help("{help}"))]
    PairedTwice {
        /// The player.
        id: String,
        /// The round.
        round: u32,
        /// Where the first pairing is.
        help: String,
    },
    /// Two players meeting more often than the round robin has them meet.
    #[error("{a} and {b} meet {times} times in a round robin of {cycles} cycle{plural}")]
    #[diagnostic(
        code("xqlaw::results::met-twice"),
        help(
            "in a round robin every two players meet once a cycle; set `cycles: 2` for a double round robin"
        )
    )]
    MetTooOften {
        /// One player.
        a: String,
        /// The other.
        b: String,
        /// How often they meet.
        times: u32,
        /// Cycles of the round robin.
        cycles: u32,
        /// Plural ending of cycles.
        plural: &'static str,
    },
    /// A result that no game can have.
    #[error("impossible result `{result}`")]
    #[diagnostic(code("xqlaw::results::score"), help("{help}"))]
    ImpossibleResult {
        /// As written.
        result: String,
        /// What may be written.
        help: &'static str,
    },
    /// A game with neither a result nor an absence.
    #[error("the game {red} against {black} has no result")]
    #[diagnostic(
        code("xqlaw::results::no-result"),
        help(
            "write `result: 1-0`, `0-1` or `1/2-1/2`, or `absent: red|black|both`; a game after a player's withdrawal needs neither"
        )
    )]
    NoResult {
        /// Red.
        red: String,
        /// Black.
        black: String,
    },
    /// Both a result and an absence.
    #[error("a game cannot both have a result and an absent player")]
    #[diagnostic(
        code("xqlaw::results::result-and-absent"),
        help("an absent player's game is not played: keep `absent` or `result`")
    )]
    ResultAndAbsent,
    /// A result after the player withdrew.
    #[error("`{id}` withdrew after round {after}, so this game of round {round} was not played")]
    #[diagnostic(code("xqlaw::results::after-withdrawal"), help("{help}"))]
    AfterWithdrawal {
        /// The player.
        id: String,
        /// The last round they played.
        after: u32,
        /// The game's round.
        round: u32,
        /// What the rule does with it.
        help: String,
    },
    /// A player withdrawing twice.
    #[error("`{id}` withdraws twice")]
    #[diagnostic(code("xqlaw::results::withdrawal-twice"), help("keep one withdrawal"))]
    WithdrawalTwice {
        /// The player.
        id: String,
    },
    /// A match with another number of games than the form's.
    #[error(
        "the match {a} – {b} of round {round} has {found} game{plural}, and the form's matches have {wanted}"
    )]
    #[diagnostic(
        code("xqlaw::results::match-size"),
        help("list every game of the match, or mark the absent player with `absent`")
    )]
    MatchSize {
        /// One player.
        a: String,
        /// The other.
        b: String,
        /// The round.
        round: u32,
        /// Games found.
        found: usize,
        /// Plural ending of found.
        plural: &'static str,
        /// Games of the form's matches.
        wanted: u32,
    },
    /// A lots order that names a player twice.
    #[error("`{id}` is drawn twice in one order of lots")]
    #[diagnostic(
        code("xqlaw::results::lots"),
        help("an order drawn by lots names each player once")
    )]
    LotsTwice {
        /// The player.
        id: String,
    },
    /// The results and the form disagree on the system.
    #[error("the results are of a `{results}`, and standings `{form}` ranks a `{system}`")]
    #[diagnostic(
        code("xqlaw::results::system"),
        help("choose a form for this system with `form:`")
    )]
    SystemMismatch {
        /// The results' system.
        results: String,
        /// The form.
        form: String,
        /// The form's system.
        system: String,
    },
    /// A withdrawal and a form with no withdrawal rule.
    #[error("standings `{form}` states no withdrawal rule")]
    #[diagnostic(
        code("xqlaw::results::no-withdrawal-rule"),
        help(
            "the law states one for a round robin (Điều 21.5.1) and a Swiss (Điều 21.5.2); rank with a form that has `withdrawal`"
        )
    )]
    NoWithdrawalRule {
        /// The form.
        form: String,
    },
    /// The rule set has no form of that name.
    #[error("rule set `{rule_set}` has no standings `{form}`")]
    #[diagnostic(code("xqlaw::results::no-form"), help("{help}"))]
    NoForm {
        /// The rule set.
        rule_set: String,
        /// The form asked for.
        form: String,
        /// A close name, or that the rule set defines none.
        help: String,
    },
    /// No standings form of the name asked for, nor one close to it.
    #[error("rule set `{rule_set}` has no standings `{form}`")]
    #[diagnostic(
        code("xqlaw::results::no-form"),
        help("its forms are {forms}; choose one with `form:`")
    )]
    NotAForm {
        /// The rule set.
        rule_set: String,
        /// The form asked for.
        form: String,
        /// The forms there are, each in backticks.
        forms: String,
    },
}

impl ErrorKind for ResultsErrorKind {
    fn label(&self) -> String {
        "here".to_owned()
    }
}

/// Every problem of a results file; the first is the main diagnostic, the others are related.
pub type ResultsErrors = Errors<ResultsError>;
