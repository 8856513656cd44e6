//! The syntax of rule files: text → [`ast::File`].
//!
//! The grammar lives in `syntax/grammar.pest`; pest's types never leave this module. Syntax
//! errors are reported in plain words ("expected an outcome such as `forbidden` after `→`")
//! with byte spans over the whole file, and the parser skips to the next item after an error
//! so one run reports every broken item.

pub mod ast;
mod depth;
mod err;
mod format;
mod lower;
pub mod print;

use pest::Parser as _;

use crate::source::{Loc, NonEmpty, SourceFile};
pub use depth::MAX_NESTING;
pub use err::{Hint, ParseError, ParseErrorKind, ParseErrors};
pub use format::format;

mod parser {
    #![allow(missing_docs)]
    //! The pest parser generated from `grammar.pest`.

    /// The generated parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "syntax/grammar.pest"]
    pub(crate) struct RuleParser;
}

use parser::{Rule, RuleParser};

/// Parses a whole rule file.
///
/// # Examples
///
/// ```
/// use xqlaw::SourceFile;
/// let file = SourceFile::new("t.rules", "rules t\nterm c on move = check\n");
/// let ast = xqlaw::syntax::parse(&file).unwrap();
/// assert_eq!(ast.header.name.node, "t");
/// assert_eq!(ast.items.len(), 1);
/// ```
pub fn parse(file: &SourceFile) -> Result<ast::File, ParseErrors> {
    if let Some(error) = depth::too_deep(file) {
        return Err(ParseErrors::one(error));
    }
    match RuleParser::parse(Rule::file, &file.text) {
        Ok(mut pairs) => {
            let mut lowerer = lower::Lowerer::new(file);
            let ast = pairs.next().and_then(|pair| lowerer.lower_file(pair));
            let mut errors = lowerer.errors;
            match ast {
                Some(ast) => match NonEmpty::from_vec(errors) {
                    None => Ok(ast),
                    Some(errors) => Err(ParseErrors::new(errors)),
                },
                None => {
                    if errors.is_empty() {
                        errors.push(internal_error(file));
                    }
                    let errors = NonEmpty::from_vec(errors)
                        .unwrap_or_else(|| NonEmpty::singleton(internal_error(file)));
                    Err(ParseErrors::new(errors))
                }
            }
        }
        Err(first) => {
            let mut errors = NonEmpty::singleton(friendly(file, &first, 0));
            recover(file, &first, &mut errors);
            Err(ParseErrors::new(errors))
        }
    }
}

fn internal_error(file: &SourceFile) -> ParseError {
    ParseError::new(ParseErrorKind::Internal, file, Loc::new(0, 0))
}

/// After a syntax error, skips to the next line that starts an item and parses from there,
/// collecting further errors.
fn recover(file: &SourceFile, first: &pest::error::Error<Rule>, errors: &mut NonEmpty<ParseError>) {
    let mut pos = error_pos(first);
    // INVARIANT: every iteration strictly increases `pos`, so the loop ends.
    while let Some(start) = next_item_start(&file.text, pos) {
        let Some(rest) = file.text.get(start..) else {
            return;
        };
        match RuleParser::parse(Rule::items, rest) {
            Ok(_) => return,
            Err(e) => {
                errors.push(friendly(file, &e, start));
                let next = start + error_pos(&e);
                if next <= pos {
                    return;
                }
                pos = next;
            }
        }
    }
}

/// The byte position of a pest error (relative to the text pest was given).
fn error_pos(e: &pest::error::Error<Rule>) -> usize {
    match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    }
}

/// Words that start an item at the beginning of a line.
const ITEM_STARTS: &[&str] = &[
    "term",
    "ruling",
    "verdict",
    "setting",
    "replace",
    "remove",
    "standings",
    "///",
];

/// The start of the first line after the one containing `pos` that begins (after
/// indentation) with an item keyword; a doc comment block counts from its first line.
fn next_item_start(text: &str, pos: usize) -> Option<usize> {
    let mut offset = text.get(pos..)?.find('\n').map(|i| pos + i + 1)?;
    loop {
        let line_end = text
            .get(offset..)?
            .find('\n')
            .map_or(text.len(), |i| offset + i);
        let line = text.get(offset..line_end)?;
        let trimmed = line.trim_start();
        let starts_item = ITEM_STARTS.iter().any(|kw| {
            trimmed.strip_prefix(kw).is_some_and(|after| {
                *kw == "///" || after.is_empty() || after.starts_with([' ', '\t', '\r'])
            })
        });
        if starts_item {
            return Some(offset + (line.len() - trimmed.len()));
        }
        if line_end >= text.len() {
            return None;
        }
        offset = line_end + 1;
    }
}

/// Converts a pest error on `text[offset..]` to a plain-words syntax error.
fn friendly(file: &SourceFile, e: &pest::error::Error<Rule>, offset: usize) -> ParseError {
    let pos = offset + error_pos(e);
    let text = &file.text;
    let found = token_at(text, pos);
    let loc = match found {
        Some(tok) => Loc::new(pos, pos + tok.len()),
        None => Loc::new(pos, pos),
    };
    let mut expected: Vec<&'static str> = Vec::new();
    let mut rules: Vec<Rule> = Vec::new();
    if let pest::error::ErrorVariant::ParsingError { positives, .. } = &e.variant {
        for rule in positives {
            let name = renamed(*rule);
            if !expected.contains(&name) {
                expected.push(name);
            }
            rules.push(*rule);
        }
    }
    let after = token_before(text, pos).map(str::to_owned);
    let hint = hint(found, &rules, &expected);
    let found = found.map(str::to_owned);
    let kind = if expected.is_empty() {
        ParseErrorKind::Unexpected { found, after, hint }
    } else {
        ParseErrorKind::Expected {
            expected,
            found,
            after,
            hint,
        }
    };
    ParseError::new(kind, file, loc)
}

/// A help line for common mistakes.
fn hint(found: Option<&str>, rules: &[Rule], expected: &[&str]) -> Option<Hint> {
    let found = found?;
    // A misspelled word the parser expected here (`forbiden`, `overides`): the words named in
    // the expected tokens (`an outcome such as `forbidden`` names both outcomes).
    if found.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && !is_keyword(found) {
        let mut words: Vec<&str> = expected
            .iter()
            .flat_map(|e| e.split('`').skip(1).step_by(2))
            .collect();
        if expected.iter().any(|e| e.contains("outcome")) {
            words.extend(["forbidden", "allowed"]);
        }
        if let Some(near) = crate::words::suggestion(found, words) {
            return Some(Hint::Near(near));
        }
    }
    let wants_ident = rules.contains(&Rule::ident);
    if wants_ident && is_keyword(found) {
        return Some(Hint::Reserved(found.to_owned()));
    }
    if wants_ident && found.chars().next().is_some_and(|c| c.is_alphabetic()) {
        return Some(Hint::KebabCase);
    }
    if rules.contains(&Rule::arrow) && found == "=>" {
        return Some(Hint::Arrow);
    }
    if rules.contains(&Rule::quantifier) && !rules.contains(&Rule::expr) {
        return Some(Hint::Quantifier);
    }
    if rules.contains(&Rule::string) && !found.starts_with('"') {
        return Some(Hint::Quotes);
    }
    None
}

/// The words reserved by the grammar (the `keyword` rule of `grammar.pest`, which a test
/// holds this list and `docs/language.md` to).
pub const KEYWORDS: &[&str] = &[
    "and",
    "or",
    "not",
    "any",
    "no",
    "every",
    "some",
    "at",
    "opponent",
    "on",
    "by",
    "move",
    "moves",
    "threat",
    "when",
    "unless",
    "overrides",
    "restates",
    "term",
    "ruling",
    "verdict",
    "replace",
    "remove",
    "setting",
    "rules",
    "extends",
    "side",
    "other",
    "otherwise",
    "forbidden",
    "allowed",
    "loses",
    "draw",
    "standings",
    "unencoded",
];

/// The grammar's other words: they have a meaning in one place (`title`, `same target`,
/// `graver`) and may still name a term or a ruling. A test holds this list and [`KEYWORDS`]
/// to every word of `grammar.pest`; the workbench's editor highlights both.
pub const CONTEXT_WORDS: &[&str] = &[
    "title",
    "source",
    "amends",
    "name",
    "article",
    "sentence",
    "quote",
    "prose",
    "aside",
    "pending",
    "gloss",
    "provisional",
    "graver",
    "least",
    "same",
    "target",
    "attacker",
    "changing",
    "targets",
    "system",
    "match",
    "games",
    "game",
    "score",
    "win",
    "loss",
    "forfeit",
    "withdrawal",
    "split",
    "rank",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.contains(&word)
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// The token starting at `pos`: a word, a string, `->`, or one character.
fn token_at(text: &str, pos: usize) -> Option<&str> {
    let rest = text.get(pos..)?;
    let first = rest.chars().next()?;
    let len = if is_word_char(first) {
        rest.find(|c: char| !is_word_char(c)).unwrap_or(rest.len())
    } else if first == '"' {
        rest.get(1..)
            .and_then(|r| r.find(['"', '\n']))
            .map_or(rest.len(), |i| {
                if rest.get(i + 1..i + 2) == Some("\"") {
                    i + 2
                } else {
                    i + 1
                }
            })
    } else if rest.starts_with("->") || rest.starts_with("=>") || rest.starts_with("//") {
        2
    } else {
        first.len_utf8()
    };
    rest.get(..len).map(|t| t.trim_end_matches(['\n', '\r']))
}

/// The token ending just before `pos` (skipping whitespace), if any.
fn token_before(text: &str, pos: usize) -> Option<&str> {
    let before = text.get(..pos)?.trim_end();
    let last = before.chars().next_back()?;
    let start = if is_word_char(last) {
        before
            .rfind(|c: char| !is_word_char(c))
            .map_or(0, |i| i + 1)
    } else if before.ends_with("->") {
        before.len() - 2
    } else if last == '"' {
        before
            .get(..before.len() - 1)
            .and_then(|b| b.rfind('"'))
            .unwrap_or(before.len() - 1)
    } else {
        before.len() - last.len_utf8()
    };
    let tok = before.get(start..)?;
    (tok.chars().count() <= 40).then_some(tok)
}

/// The plain-words name of a grammar rule, for "expected …" messages.
fn renamed(rule: Rule) -> &'static str {
    match rule {
        Rule::file | Rule::items => "a rule file",
        Rule::header => "the header `rules NAME`",
        Rule::header_attr => "a header line",
        Rule::title => "`title`",
        Rule::source => "`source`",
        Rule::extends => "`extends`",
        Rule::amends => "`amends`",
        Rule::item => "an item such as `term` or `ruling`",
        Rule::standings => "`standings`",
        Rule::unencoded => "`unencoded`",
        Rule::unencoded_reason => "`prose`, `aside` or `pending`",
        Rule::standings_clause | Rule::standings_keyword => {
            "a clause such as `score`, `withdrawal` or `rank`"
        }
        Rule::system_clause => "`system`",
        Rule::match_clause => "`match N games`",
        Rule::score_clause => "`score game` or `score match`",
        Rule::score_unit => "`game` or `match`",
        Rule::forfeit_clause => "`forfeit`",
        Rule::withdrawal_clause => "`withdrawal`",
        Rule::split_clause => "`split`",
        Rule::rank_clause => "`rank`",
        Rule::criterion => "a criterion such as `points`",
        Rule::number => "a number such as `1`, `1/2` or `0.5`",
        Rule::setting => "`setting`",
        Rule::term => "`term`",
        Rule::subject => "`move` or `threat`",
        Rule::ruling => "`ruling`",
        Rule::when_clause => "`when`",
        Rule::unless_clause => "`unless`",
        Rule::overrides => "`overrides`",
        Rule::restates => "`restates`",
        Rule::graver => "`graver`",
        Rule::remove => "`remove`",
        Rule::removed_kind => "`term`, `ruling` or `standings`",
        Rule::replace => "`replace`",
        Rule::outcome => "an outcome such as `forbidden`",
        Rule::attr => "an attribute such as `article \"…\"`",
        Rule::attr_key => "an attribute such as `article`",
        Rule::expr | Rule::and_expr | Rule::not_expr | Rule::primary => "an expression",
        Rule::threats => "`any threat` or `no threat`",
        Rule::threat_quantifier => "`any` or `no`",
        Rule::call => "a fact or term name",
        Rule::pattern | Rule::pattern_and | Rule::pattern_not | Rule::pattern_primary => {
            "a pattern such as `every move …`"
        }
        Rule::opponent => "`opponent`",
        Rule::quantified | Rule::quantifier => "a pattern such as `every move …`",
        Rule::every_move => "`every move`",
        Rule::some_move => "`some move`",
        Rule::no_move => "`no move`",
        Rule::at_least => "`at least N moves`",
        Rule::target_clause => "`on same target`",
        Rule::same_target => "`same target`",
        Rule::by_same_attacker => "`by same attacker`",
        Rule::changing_targets => "`changing targets`",
        Rule::verdict => "`verdict`",
        Rule::verdict_row => "a verdict row such as `side forbidden → side loses`",
        Rule::verdict_conds | Rule::verdict_cond => "a condition such as `side forbidden`",
        Rule::party => "`side` or `other`",
        Rule::verdict_result => "a result such as `side loses` or `draw`",
        Rule::doc => "a doc comment",
        Rule::ident | Rule::word | Rule::word_char => "a name",
        Rule::text | Rule::string | Rule::string_inner => "a text in double quotes",
        Rule::integer => "a whole number",
        Rule::arrow => "`→`",
        Rule::equals => "`=`",
        Rule::comma => "`,`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::keyword => "a keyword",
        Rule::kw_rules => "`rules`",
        Rule::kw_title => "`title`",
        Rule::kw_source => "`source`",
        Rule::kw_extends => "`extends`",
        Rule::kw_amends => "`amends`",
        Rule::kw_setting => "`setting`",
        Rule::kw_term => "`term`",
        Rule::kw_ruling => "`ruling`",
        Rule::kw_replace => "`replace`",
        Rule::kw_remove => "`remove`",
        Rule::kw_verdict => "`verdict`",
        Rule::kw_on => "`on`",
        Rule::kw_move => "`move`",
        Rule::kw_moves => "`moves`",
        Rule::kw_threat => "`threat`",
        Rule::kw_name => "`name`",
        Rule::kw_article => "`article`",
        Rule::kw_quote => "`quote`",
        Rule::kw_sentence => "`sentence`",
        Rule::kw_unencoded => "`unencoded`",
        Rule::kw_prose => "`prose`",
        Rule::kw_aside => "`aside`",
        Rule::kw_pending => "`pending`",
        Rule::kw_gloss => "`gloss`",
        Rule::kw_provisional => "`provisional`",
        Rule::kw_when => "`when`",
        Rule::kw_unless => "`unless`",
        Rule::kw_overrides => "`overrides`",
        Rule::kw_restates => "`restates`",
        Rule::kw_graver => "`graver`",
        Rule::kw_forbidden => "`forbidden`",
        Rule::kw_allowed => "`allowed`",
        Rule::kw_and => "`and`",
        Rule::kw_or => "`or`",
        Rule::kw_not => "`not`",
        Rule::kw_any => "`any`",
        Rule::kw_no => "`no`",
        Rule::kw_every => "`every`",
        Rule::kw_some => "`some`",
        Rule::kw_at => "`at`",
        Rule::kw_least => "`least`",
        Rule::kw_opponent => "`opponent`",
        Rule::kw_same => "`same`",
        Rule::kw_target => "`target`",
        Rule::kw_by => "`by`",
        Rule::kw_attacker => "`attacker`",
        Rule::kw_changing => "`changing`",
        Rule::kw_targets => "`targets`",
        Rule::kw_side => "`side`",
        Rule::kw_other => "`other`",
        Rule::kw_otherwise => "`otherwise`",
        Rule::kw_loses => "`loses`",
        Rule::kw_draw => "`draw`",
        Rule::kw_standings => "`standings`",
        Rule::kw_system => "`system`",
        Rule::kw_match => "`match`",
        Rule::kw_games => "`games`",
        Rule::kw_game => "`game`",
        Rule::kw_score => "`score`",
        Rule::kw_win => "`win`",
        Rule::kw_loss => "`loss`",
        Rule::kw_forfeit => "`forfeit`",
        Rule::kw_withdrawal => "`withdrawal`",
        Rule::kw_split => "`split`",
        Rule::kw_rank => "`rank`",
        Rule::EOI => "the end of the file",
        Rule::WHITESPACE | Rule::COMMENT => "a space or a comment",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miette::Diagnostic;

    #[test]
    fn every_plain_words_name_of_a_rule_has_its_vietnamese() {
        for &rule in Rule::all_rules() {
            let name = renamed(rule);
            assert!(
                name.starts_with('`') || err::vi::phrase_vi(name).is_some(),
                "{rule:?}: {name}"
            );
        }
    }

    fn parse_str(text: &str) -> Result<ast::File, ParseErrors> {
        parse(&SourceFile::new("test.rules", text))
    }

    fn first_error(text: &str) -> (String, Option<String>, String) {
        let errors = parse_str(text).unwrap_err();
        let e = errors.first();
        let loc = e.loc();
        (
            e.to_string(),
            e.help().map(|h| h.to_string()),
            text[loc.start..loc.end].to_owned(),
        )
    }

    #[test]
    fn parses_a_small_file() {
        let text = r#"
/// The test rules.
rules t
title "T — thử"
source "nowhere"
setting mate-plies = 5
/// A term.
term chase on threat name "đuổi bắt" article "Điều 22.4"
    = new and not attacker(king, pawn) and (not really-protected or target-immobile)
term checking on move = check
ruling perpetual-check article "Điều 23" quote "Chiếu mãi" "bị xử thua." gloss "x"
    when every move checking unless opponent every move checking → forbidden
ruling r2 when every move chase on same target by same attacker -> allowed overrides perpetual-check
verdict
    side forbidden by perpetual-check and other allowed → side loses
    otherwise → draw
"#;
        let file = parse_str(text).unwrap();
        assert_eq!(file.header.docs, vec!["The test rules."]);
        assert_eq!(file.header.title.as_ref().unwrap().node, "T — thử");
        assert_eq!(file.items.len(), 6);
        let ast::Item::Ruling(r) = &file.items[3].node else {
            panic!()
        };
        assert_eq!(
            r.attrs.quote.as_ref().unwrap().node,
            "Chiếu mãi bị xử thua."
        );
        assert_eq!(r.unless.len(), 1);
    }

    #[test]
    fn outcome_missing_after_arrow() {
        let (_, help, found) = first_error("rules t\nruling r when every move check → forbiden\n");
        assert_eq!(found, "forbiden");
        assert_eq!(help.as_deref(), Some("did you mean `forbidden`?"));
        let (_, help, found) =
            first_error("rules t\nruling r when every move check → allowed overides x\n");
        assert_eq!(found, "overides");
        assert_eq!(help.as_deref(), Some("did you mean `overrides`?"));
        // The suggestion is said in the law's language too.
        let errors = parse_str("rules t\nruling r when every move check → allowed overides x\n")
            .unwrap_err();
        assert_eq!(
            crate::words::Localized::vi_help(errors.first()).as_deref(),
            Some("có phải `overrides`?")
        );
        let (msg, _, found) = first_error("rules t\nruling r when every move check → sometimes\n");
        assert_eq!(msg, "expected an outcome such as `forbidden` after `→`");
        assert_eq!(found, "sometimes");
    }

    /// The quoted words of the `keyword` rule of the grammar.
    fn grammar_keywords() -> Vec<String> {
        let grammar = include_str!("syntax/grammar.pest");
        let rule = grammar
            .split("\nkeyword = @{")
            .nth(1)
            .and_then(|rest| rest.split("\n}").next())
            .unwrap();
        rule.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn the_reserved_words_agree_with_the_grammar_and_the_language_reference() {
        let mut grammar = grammar_keywords();
        let mut ours: Vec<String> = KEYWORDS.iter().map(|k| (*k).to_owned()).collect();
        grammar.sort();
        ours.sort();
        assert_eq!(
            ours, grammar,
            "KEYWORDS and grammar.pest's `keyword` rule differ"
        );
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md");
        let reference = std::fs::read_to_string(path).unwrap();
        let listed = reference
            .split("Reserved words (not usable as names): `")
            .nth(1)
            .and_then(|rest| rest.split('`').next())
            .unwrap();
        let mut documented: Vec<String> = listed.split_whitespace().map(str::to_owned).collect();
        documented.sort();
        assert_eq!(
            documented, grammar,
            "docs/language.md lists other reserved words"
        );
    }

    #[test]
    fn every_word_of_the_grammar_is_a_keyword_or_a_context_word() {
        let grammar = include_str!("syntax/grammar.pest");
        let mut words: Vec<&str> = grammar
            .lines()
            .filter(|l| l.starts_with("kw_"))
            .filter_map(|l| l.split('"').nth(1))
            .collect();
        let mut ours: Vec<&str> = KEYWORDS.iter().chain(CONTEXT_WORDS).copied().collect();
        words.sort_unstable();
        ours.sort_unstable();
        assert_eq!(ours, words);
    }

    #[test]
    fn keyword_as_name() {
        let (msg, help, found) = first_error("rules t\nterm draw on move = check\n");
        assert_eq!(msg, "expected a name after `term`");
        assert_eq!(
            help.unwrap(),
            "`draw` is a reserved word and cannot be used as a name"
        );
        assert_eq!(found, "draw");
    }

    #[test]
    fn reports_errors_in_several_items() {
        let text = "rules t\nterm a on move = \nterm b on move = check\nterm c on mvoe = check\n";
        let errors = parse_str(text).unwrap_err();
        assert_eq!(errors.len(), 2);
    }

    #[test]
    fn end_of_file() {
        let (msg, _, found) = first_error("rules t\nterm a on move =");
        assert_eq!(msg, "expected an expression after `=`");
        assert_eq!(found, "");
    }

    #[test]
    fn duplicate_attribute() {
        let (msg, _, found) =
            first_error("rules t\nterm a on move article \"x\" article \"y\" = check\n");
        assert_eq!(msg, "`article` is given twice");
        assert_eq!(found, "article \"y\"");
    }

    #[test]
    fn integer_too_large() {
        let (msg, _, found) =
            first_error("rules t\nsetting mate-nodes = 99999999999999999999999\n");
        assert_eq!(msg, "integer `99999999999999999999999` is too large");
        assert_eq!(found, "99999999999999999999999");
    }
}
