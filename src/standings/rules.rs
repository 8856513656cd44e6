//! The compile pass of standings forms: the forms of an `extends` chain merged (`replace`
//! changes only the clauses it writes, `remove` deletes), and each form checked against the
//! criteria registry and compiled into a [`Form`].

use std::collections::BTreeMap;

use super::criteria::{CRITERIA, CriterionKind, criterion};
use super::err::{FormError, FormErrorKind};
use super::form::{Citation, Cited, Criterion, Form, Points, Split, System, Withdrawal};
use super::score::Score;
use crate::source::{Loc, Node, SourceFile};
use crate::syntax::ast::{self, Attrs, Clause, Fraction};
use crate::words::{Said, suggestion};

/// A standings form, or the removal of one, as one file of a chain wrote it.
#[derive(Debug, Clone)]
pub(crate) struct FormDef {
    file: SourceFile,
    rule_set: String,
    item: FormItem,
}

#[derive(Debug, Clone)]
enum FormItem {
    Define(Box<ast::Standings>),
    Remove(Node<String>),
}

impl FormDef {
    /// `standings NAME …` written in `file`, of the rule set `rule_set`.
    pub(crate) fn define(file: &SourceFile, rule_set: &str, form: ast::Standings) -> FormDef {
        FormDef {
            file: file.clone(),
            rule_set: rule_set.to_owned(),
            item: FormItem::Define(Box::new(form)),
        }
    }

    /// `remove standings NAME` written in `file`.
    pub(crate) fn remove(file: &SourceFile, rule_set: &str, name: Node<String>) -> FormDef {
        FormDef {
            file: file.clone(),
            rule_set: rule_set.to_owned(),
            item: FormItem::Remove(name),
        }
    }
}

/// A clause with the file and rule set that wrote it.
#[derive(Debug, Clone)]
struct Written {
    clause: Node<Clause>,
    file: SourceFile,
    rule_set: String,
    /// For a `rank` clause: the rule set whose citation each criterion carries.
    cited_by: Vec<String>,
}

/// A form being merged.
#[derive(Debug, Clone)]
struct Partial {
    id: Node<String>,
    file: SourceFile,
    rule_set: String,
    docs: Vec<String>,
    attrs: Attrs,
    attrs_by: String,
    clauses: BTreeMap<&'static str, Written>,
}

/// Merges the forms of a chain and compiles them; problems (and warnings) go to `problems`.
pub(crate) fn compile_forms(defs: &[FormDef], problems: &mut Vec<FormError>) -> Vec<Form> {
    let mut forms: Vec<Partial> = Vec::new();
    for def in defs {
        match &def.item {
            FormItem::Define(form) => define(&mut forms, def, form, problems),
            FormItem::Remove(name) => {
                let found = forms.iter().position(|f| f.id.node == name.node);
                match found {
                    Some(i) if !same_file(&forms[i].file, &def.file) => {
                        forms.remove(i);
                    }
                    _ => problems.push(FormError::new(
                        nothing_to_change(&forms, &name.node, "remove"),
                        &def.file,
                        name.loc,
                    )),
                }
            }
        }
    }
    forms
        .iter()
        .filter_map(|partial| Checker { problems }.form(partial))
        .collect()
}

fn same_file(a: &SourceFile, b: &SourceFile) -> bool {
    std::sync::Arc::ptr_eq(&a.text, &b.text) && a.name == b.name
}

fn nothing_to_change(forms: &[Partial], name: &str, verb: &'static str) -> FormErrorKind {
    let names = forms.iter().map(|f| f.id.node.as_str());
    let help = suggestion(name, names).unwrap_or_else(|| {
        if forms.is_empty() {
            Said::new(
                format!(
                    "`{verb} standings` changes a form inherited through `extends`, and none is"
                ),
                format!(
                    "`{verb} standings` sửa một bảng xếp hạng thừa kế qua `extends`, mà không có bảng nào được thừa kế"
                ),
            )
        } else {
            let all: Vec<String> = forms.iter().map(|f| format!("`{}`", f.id.node)).collect();
            Said::new(
                format!("the forms inherited are {}", all.join(", ")),
                format!("các bảng được thừa kế là {}", all.join(", ")),
            )
        }
    });
    FormErrorKind::NothingToChange {
        name: name.to_owned(),
        verb,
        help,
    }
}

/// Adds or merges one `standings` item.
fn define(
    forms: &mut Vec<Partial>,
    def: &FormDef,
    form: &ast::Standings,
    problems: &mut Vec<FormError>,
) {
    let existing = forms.iter().position(|f| f.id.node == form.id.node);
    let error = |kind| FormError::new(kind, &def.file, form.id.loc);
    let mut clauses: BTreeMap<&'static str, Written> = BTreeMap::new();
    for clause in &form.clauses {
        let keyword = clause.node.keyword();
        if clauses.contains_key(keyword) {
            problems.push(FormError::new(
                FormErrorKind::ClauseTwice { clause: keyword },
                &def.file,
                clause.loc,
            ));
            continue;
        }
        let cited_by = match &clause.node {
            Clause::Rank { criteria, .. } => vec![def.rule_set.clone(); criteria.len()],
            _ => Vec::new(),
        };
        clauses.insert(
            keyword,
            Written {
                clause: clause.clone(),
                file: def.file.clone(),
                rule_set: def.rule_set.clone(),
                cited_by,
            },
        );
    }
    match (existing, form.replace) {
        (Some(i), _) if same_file(&forms[i].file, &def.file) => {
            problems.push(error(FormErrorKind::DefinedTwice {
                name: form.id.node.clone(),
            }));
        }
        (Some(i), false) => problems.push(error(FormErrorKind::AlreadyDefined {
            name: form.id.node.clone(),
            rule_set: forms[i].rule_set.clone(),
        })),
        (None, true) => problems.push(error(nothing_to_change(forms, &form.id.node, "replace"))),
        (None, false) => forms.push(Partial {
            id: form.id.clone(),
            file: def.file.clone(),
            rule_set: def.rule_set.clone(),
            docs: form.docs.clone(),
            attrs: form.attrs.clone(),
            attrs_by: def.rule_set.clone(),
            clauses,
        }),
        (Some(i), true) => {
            let partial = &mut forms[i];
            partial.id = form.id.clone();
            partial.file = def.file.clone();
            partial.rule_set = def.rule_set.clone();
            if !form.docs.is_empty() {
                partial.docs = form.docs.clone();
            }
            if form.attrs != Attrs::default() {
                partial.attrs = form.attrs.clone();
                partial.attrs_by = def.rule_set.clone();
            }
            for (keyword, mut written) in clauses {
                if let (Some(old), Clause::Rank { criteria, .. }) =
                    (partial.clauses.get(keyword), &mut written.clause.node)
                {
                    inherit_citations(old, criteria, &mut written.cited_by);
                }
                partial.clauses.insert(keyword, written);
            }
        }
    }
}

/// A criterion a replacing `rank` lists without a citation keeps the one the inherited list
/// gave it: moving `head-to-head` does not change the sentence it rests on.
fn inherit_citations(old: &Written, criteria: &mut [ast::CriterionRef], cited_by: &mut [String]) {
    let Clause::Rank {
        criteria: old_criteria,
        ..
    } = &old.clause.node
    else {
        return;
    };
    for (criterion, by) in criteria.iter_mut().zip(cited_by.iter_mut()) {
        if criterion.attrs != Attrs::default() {
            continue;
        }
        let inherited = old_criteria
            .iter()
            .zip(&old.cited_by)
            .find(|(c, _)| c.id.node == criterion.id.node);
        if let Some((c, old_by)) = inherited {
            criterion.attrs = c.attrs.clone();
            by.clone_from(old_by);
        }
    }
}

fn citation(attrs: &Attrs, defined_in: &str) -> Citation {
    let text = |a: &Option<Node<String>>| a.as_ref().map(|n| n.node.clone());
    Citation {
        name: text(&attrs.name),
        article: text(&attrs.article),
        sentences: attrs.sentence_ids("").into_iter().map(|n| n.node).collect(),
        quote: text(&attrs.quote),
        gloss: text(&attrs.gloss),
        provisional: text(&attrs.provisional),
        defined_in: defined_in.to_owned(),
    }
}

/// Checks a merged form and compiles it.
struct Checker<'p> {
    problems: &'p mut Vec<FormError>,
}

impl Checker<'_> {
    fn error(&mut self, kind: FormErrorKind, file: &SourceFile, loc: Loc) {
        self.problems.push(FormError::new(kind, file, loc));
    }

    fn missing(&mut self, form: &Partial, clause: &'static str, [help, vi]: [&'static str; 2]) {
        let kind = FormErrorKind::Missing {
            name: form.id.node.clone(),
            clause,
            help: Said::new(help, vi),
        };
        self.error(kind, &form.file, form.id.loc);
    }

    fn form(&mut self, form: &Partial) -> Option<Form> {
        let before = self.problems.iter().filter(|p| !p.is_warning()).count();
        let system = form.clauses.get("system").and_then(|w| self.system(w));
        let games = match form.clauses.get("match") {
            Some(w) => self.games(w),
            None => Some(Cited {
                value: 1,
                citation: Citation::default(),
            }),
        };
        let game_points = match form.clauses.get("score game") {
            Some(w) => self.points(w),
            None => {
                self.missing(
                    form,
                    "score game",
                    [
                        "say what a game scores: `score game win 1 draw 1/2 loss 0` (Điều 21.1)",
                        "nói một ván được mấy điểm: `score game win 1 draw 1/2 loss 0` (Điều 21.1)",
                    ],
                );
                None
            }
        };
        let is_match = games.as_ref().is_some_and(|g| g.value > 1);
        let match_points = match form.clauses.get("score match") {
            Some(w) if !is_match => {
                self.needs_matches(w, "score match");
                None
            }
            Some(w) => self.points(w),
            None if is_match => {
                self.missing(
                    form,
                    "score match",
                    [
                        "a form of matches says what a match scores: `score match win 1 draw 1/2 loss 0` (Điều 21.2)",
                        "bảng xếp hạng theo trận nói một trận được mấy điểm: `score match win 1 draw 1/2 loss 0` (Điều 21.2)",
                    ],
                );
                None
            }
            None => None,
        };
        let forfeit = form
            .clauses
            .get("forfeit")
            .and_then(|w| self.forfeit(w, is_match));
        let withdrawal = form
            .clauses
            .get("withdrawal")
            .and_then(|w| self.withdrawal(w, system.as_ref().map(|s| s.value)));
        let split = match form.clauses.get("split") {
            Some(w) => self.split(w),
            None => Some(Cited {
                value: Split::Continue,
                citation: Citation::default(),
            }),
        };
        let (order, criteria) = match form.clauses.get("rank") {
            Some(w) => self.rank(w, is_match),
            None => {
                self.missing(
                    form,
                    "rank",
                    [
                        "list the criteria that rank the players: `rank points head-to-head …` (Điều 21.3)",
                        "liệt kê các tiêu chí xếp hạng đấu thủ: `rank points head-to-head …` (Điều 21.3)",
                    ],
                );
                (Citation::default(), Vec::new())
            }
        };
        let after = self.problems.iter().filter(|p| !p.is_warning()).count();
        if after > before {
            return None;
        }
        Some(Form {
            id: form.id.node.clone(),
            citation: citation(&form.attrs, &form.attrs_by),
            docs: form.docs.clone(),
            system,
            games: games?,
            game_points: game_points?,
            match_points,
            forfeit,
            withdrawal,
            split: split?,
            order,
            criteria,
        })
    }

    fn needs_matches(&mut self, w: &Written, what: &str) {
        let kind = FormErrorKind::NeedsMatches {
            clause: what.to_owned(),
        };
        self.error(kind, &w.file, w.clause.loc);
    }

    /// A name among `choices`, or an "unknown" error at it.
    fn choose<T: Copy>(
        &mut self,
        w: &Written,
        name: &Node<String>,
        what: &'static str,
        choices: &[(T, &'static str)],
    ) -> Option<T> {
        if let Some((value, _)) = choices.iter().find(|(_, n)| *n == name.node) {
            return Some(*value);
        }
        let names = choices.iter().map(|(_, n)| *n);
        let help = suggestion(&name.node, names.clone()).unwrap_or_else(|| {
            let all: Vec<String> = names.map(|n| format!("`{n}`")).collect();
            Said::new(
                format!("the choices are {}", all.join(", ")),
                format!("các lựa chọn là {}", all.join(", ")),
            )
        });
        let kind = FormErrorKind::Unknown {
            what,
            name: name.node.clone(),
            help,
        };
        self.error(kind, &w.file, name.loc);
        None
    }

    fn system(&mut self, w: &Written) -> Option<Cited<System>> {
        let Clause::System { name, attrs } = &w.clause.node else {
            return None;
        };
        let value = self.choose(w, name, "system", &System::ALL)?;
        Some(Cited {
            value,
            citation: citation(attrs, &w.rule_set),
        })
    }

    fn games(&mut self, w: &Written) -> Option<Cited<u32>> {
        let Clause::Match { games, attrs } = &w.clause.node else {
            return None;
        };
        match u32::try_from(games.node) {
            Ok(n @ 1..=20) => Some(Cited {
                value: n,
                citation: citation(attrs, &w.rule_set),
            }),
            _ => {
                let kind = FormErrorKind::BadMatch { games: games.node };
                self.error(kind, &w.file, games.loc);
                None
            }
        }
    }

    fn number(&mut self, w: &Written, f: &Node<Fraction>) -> Option<Score> {
        let Fraction {
            numerator,
            denominator,
        } = f.node;
        let fits = numerator <= Score::MAX_WRITTEN && denominator <= Score::MAX_WRITTEN;
        match Score::new(i128::from(numerator), i128::from(denominator)) {
            Some(score) if fits => Some(score),
            _ => {
                let kind = FormErrorKind::BadNumber {
                    text: w.file.slice(f.loc).to_owned(),
                };
                self.error(kind, &w.file, f.loc);
                None
            }
        }
    }

    fn points(&mut self, w: &Written) -> Option<Cited<Points>> {
        let Clause::Score {
            unit: _,
            win,
            draw,
            loss,
            attrs,
        } = &w.clause.node
        else {
            return None;
        };
        let (win, draw, loss) = (
            self.number(w, win),
            self.number(w, draw),
            self.number(w, loss),
        );
        Some(Cited {
            value: Points {
                win: win?,
                draw: draw?,
                loss: loss?,
            },
            citation: citation(attrs, &w.rule_set),
        })
    }

    fn forfeit(&mut self, w: &Written, is_match: bool) -> Option<Cited<(Score, Option<Score>)>> {
        let Clause::Forfeit {
            game,
            matches,
            attrs,
        } = &w.clause.node
        else {
            return None;
        };
        let game = self.number(w, game);
        let matches = match matches {
            Some(m) if !is_match => {
                let kind = FormErrorKind::NeedsMatches {
                    clause: "forfeit … match".to_owned(),
                };
                self.error(kind, &w.file, m.loc);
                return None;
            }
            Some(m) => Some(self.number(w, m)?),
            None => None,
        };
        Some(Cited {
            value: (game?, matches),
            citation: citation(attrs, &w.rule_set),
        })
    }

    fn withdrawal(&mut self, w: &Written, system: Option<System>) -> Option<Cited<Withdrawal>> {
        let Clause::Withdrawal { rule, attrs } = &w.clause.node else {
            return None;
        };
        let value = self.choose(w, rule, "withdrawal rule", &Withdrawal::ALL)?;
        if value == Withdrawal::AnnulUpToHalf && system == Some(System::Swiss) {
            let kind = FormErrorKind::WithdrawalSystem {
                rule: rule.node.clone(),
                system: System::Swiss.name().to_owned(),
            };
            self.error(kind, &w.file, rule.loc);
            return None;
        }
        Some(Cited {
            value,
            citation: citation(attrs, &w.rule_set),
        })
    }

    fn split(&mut self, w: &Written) -> Option<Cited<Split>> {
        let Clause::Split { rule, attrs } = &w.clause.node else {
            return None;
        };
        let value = self.choose(w, rule, "split rule", &Split::ALL)?;
        Some(Cited {
            value,
            citation: citation(attrs, &w.rule_set),
        })
    }

    fn rank(&mut self, w: &Written, is_match: bool) -> (Citation, Vec<Criterion>) {
        let Clause::Rank { attrs, criteria } = &w.clause.node else {
            return (Citation::default(), Vec::new());
        };
        let mut out: Vec<Criterion> = Vec::new();
        for (c, by) in criteria.iter().zip(&w.cited_by) {
            let Some(spec) = criterion(&c.id.node) else {
                let help =
                    suggestion(&c.id.node, CRITERIA.iter().map(|c| c.id)).unwrap_or_else(|| {
                        let all: Vec<String> =
                            CRITERIA.iter().map(|c| format!("`{}`", c.id)).collect();
                        Said::new(
                            format!("the criteria are {}", all.join(", ")),
                            format!("các tiêu chí là {}", all.join(", ")),
                        )
                    });
                let kind = FormErrorKind::Unknown {
                    what: "criterion",
                    name: c.id.node.clone(),
                    help,
                };
                self.error(kind, &w.file, c.id.loc);
                continue;
            };
            if out.iter().any(|o| o.kind == spec.kind) {
                let kind = FormErrorKind::CriterionTwice {
                    name: c.id.node.clone(),
                };
                self.error(kind, &w.file, c.id.loc);
                continue;
            }
            if out.iter().any(|o| o.kind == CriterionKind::Lots) {
                let kind = FormErrorKind::AfterLots {
                    name: c.id.node.clone(),
                };
                self.error(kind, &w.file, c.id.loc);
                continue;
            }
            if spec.kind.needs_matches() && !is_match {
                let kind = FormErrorKind::NeedsMatches {
                    clause: format!("criterion `{}`", c.id.node),
                };
                self.error(kind, &w.file, c.id.loc);
                continue;
            }
            let citation = citation(&c.attrs, by);
            if !citation.cites() {
                let kind = FormErrorKind::Uncited {
                    what: format!("criterion `{}`", c.id.node),
                };
                self.error(kind, &w.file, c.id.loc);
            }
            out.push(Criterion {
                id: c.id.node.clone(),
                kind: spec.kind,
                citation,
            });
        }
        (citation(attrs, &w.rule_set), out)
    }
}
