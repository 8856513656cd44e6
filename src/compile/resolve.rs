//! Loading a rule set with the rule sets it `extends`, and merging them into one list of
//! definitions (`replace`, `remove`, settings and verdict overrides applied).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use super::err::{CompileError, Problem};
use crate::source::{Loc, SourceFile};
use crate::syntax::{self, ast};
use crate::words::did_you_mean;

/// Where `extends NAME` looks for `NAME.rules`.
pub(crate) enum Loader {
    /// In a directory.
    Dir(PathBuf),
    /// Nowhere (a rule set given as a string).
    Nowhere,
}

impl Loader {
    fn load(&self, name: &str) -> Option<Result<SourceFile, (String, std::io::Error)>> {
        match self {
            Loader::Dir(dir) => {
                let path = dir.join(format!("{name}.rules"));
                if !path.is_file() {
                    return None;
                }
                let shown = path.display().to_string();
                Some(match std::fs::read_to_string(&path) {
                    Ok(text) => Ok(SourceFile::new(shown, text)),
                    Err(e) => Err((shown, e)),
                })
            }
            Loader::Nowhere => None,
        }
    }

    fn names(&self) -> Vec<String> {
        let Loader::Dir(dir) = self else {
            return Vec::new();
        };
        super::rule_files(dir)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
            .collect()
    }
}

/// A definition with the file it was written in.
#[derive(Debug, Clone)]
pub(crate) struct Def<T> {
    /// The file.
    pub(crate) file: SourceFile,
    /// The rule set the file defines.
    pub(crate) rule_set: String,
    /// The definition.
    pub(crate) item: T,
}

impl<T> Def<T> {
    fn new(file: &SourceFile, rule_set: &str, item: T) -> Def<T> {
        Def {
            file: file.clone(),
            rule_set: rule_set.to_owned(),
            item,
        }
    }
}

/// The definitions of a rule set once its parents are merged in.
#[derive(Debug)]
pub(crate) struct Merged {
    /// The root file.
    pub(crate) root: SourceFile,
    /// The rule set's name (of the root file).
    pub(crate) name: String,
    /// The span of the root's name.
    pub(crate) name_loc: Loc,
    /// The title (the nearest one up the chain).
    pub(crate) title: Option<String>,
    /// The source document (the nearest one up the chain).
    pub(crate) source: Option<String>,
    /// The doc comment of the root.
    pub(crate) docs: Vec<String>,
    /// The rule sets extended, nearest first.
    pub(crate) extends: Vec<String>,
    /// Settings by name (the nearest one wins).
    pub(crate) settings: BTreeMap<String, Def<ast::Setting>>,
    /// Terms in definition order.
    pub(crate) terms: Vec<Def<ast::Term>>,
    /// Rulings in definition order.
    pub(crate) rulings: Vec<Def<ast::Ruling>>,
    /// The verdict.
    pub(crate) verdict: Option<Def<ast::Verdict>>,
}

/// One parsed file of the chain.
struct Link {
    file: SourceFile,
    ast: ast::File,
}

/// Loads `root` and its ancestors and merges them. Pushes every problem to `errors`; returns
/// `None` if the chain could not be loaded or parsed.
pub(crate) fn resolve(
    root: SourceFile,
    loader: &Loader,
    errors: &mut Vec<CompileError>,
) -> Option<Merged> {
    let chain = load_chain(root, loader, errors)?;
    let mut links = chain.into_iter().rev();
    let first = links.next()?;
    let mut merged = Merged {
        root: first.file.clone(),
        name: first.ast.header.name.node.clone(),
        name_loc: first.ast.header.name.loc,
        title: None,
        source: None,
        docs: Vec::new(),
        extends: Vec::new(),
        settings: BTreeMap::new(),
        terms: Vec::new(),
        rulings: Vec::new(),
        verdict: None,
    };
    apply(&mut merged, first, errors);
    for link in links {
        merged.extends.insert(0, merged.name.clone());
        merged.root = link.file.clone();
        merged.name = link.ast.header.name.node.clone();
        merged.name_loc = link.ast.header.name.loc;
        apply(&mut merged, link, errors);
    }
    Some(merged)
}

/// Parses `root` and follows `extends` up the chain; the root comes first.
fn load_chain(
    root: SourceFile,
    loader: &Loader,
    errors: &mut Vec<CompileError>,
) -> Option<Vec<Link>> {
    let mut chain: Vec<Link> = Vec::new();
    let mut next = Some(root);
    let mut expected_name: Option<(String, SourceFile, Loc)> = None;
    while let Some(file) = next.take() {
        let ast = match syntax::parse(&file) {
            Ok(ast) => ast,
            Err(parse_errors) => {
                errors.extend((*parse_errors.0).into_iter().map(CompileError::Parse));
                return None;
            }
        };
        let name = &ast.header.name;
        if let Some((expected, child, loc)) = &expected_name {
            if name.node != *expected {
                errors.push(CompileError::Invalid(
                    Problem::at(
                        "xqlaw::extends::name",
                        &file,
                        name.loc,
                        format!("`{}` declares the rule set `{}`, not `{expected}`", file.name, name.node),
                        "declared here",
                    )
                    .help(format!(
                        "`extends {expected}` in `{}` reads `{expected}.rules`; rename the rule set or the file",
                        child.name
                    )),
                ));
                let _ = loc;
                return None;
            }
        }
        if let Some(parent) = &ast.header.extends {
            if chain.iter().any(|l| l.ast.header.name.node == parent.node)
                || parent.node == name.node
            {
                let mut path: Vec<&str> = chain
                    .iter()
                    .map(|l| l.ast.header.name.node.as_str())
                    .collect();
                path.push(&name.node);
                path.push(&parent.node);
                errors.push(CompileError::Cycle(
                    Problem::at(
                        "xqlaw::extends::cycle",
                        &file,
                        parent.loc,
                        format!("rule set `{}` extends itself", parent.node),
                        "extended here",
                    )
                    .help(format!(
                        "the chain of `extends` goes round: {}",
                        path.join(" → ")
                    )),
                ));
                return None;
            }
            match loader.load(&parent.node) {
                Some(Ok(parent_file)) => {
                    expected_name = Some((parent.node.clone(), file.clone(), parent.loc));
                    next = Some(parent_file);
                }
                Some(Err((shown, e))) => {
                    errors.push(CompileError::Io(Problem::at(
                        "xqlaw::extends::io",
                        &file,
                        parent.loc,
                        format!("cannot read `{shown}`: {}", e.to_string().to_lowercase()),
                        "extended here",
                    )));
                    return None;
                }
                None => {
                    let names = loader.names();
                    let help = did_you_mean(&parent.node, names.iter().map(String::as_str))
                        .unwrap_or_else(|| match loader {
                            Loader::Dir(_) => format!(
                                "rule sets are looked up as `{}.rules` in the same directory",
                                parent.node
                            ),
                            Loader::Nowhere => {
                                "a rule set given as text cannot extend another; load it from a file"
                                    .to_owned()
                            }
                        });
                    errors.push(CompileError::UnknownName(
                        Problem::at(
                            "xqlaw::extends::missing",
                            &file,
                            parent.loc,
                            format!("there is no rule set `{}`", parent.node),
                            "extended here",
                        )
                        .help(help),
                    ));
                    return None;
                }
            }
        }
        chain.push(Link { file, ast });
    }
    Some(chain)
}

/// Which kind of definition a name has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Term,
    Ruling,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Term => "term",
            Kind::Ruling => "ruling",
        }
    }
}

/// Applies one file of the chain on top of what its ancestors defined.
fn apply(merged: &mut Merged, link: Link, errors: &mut Vec<CompileError>) {
    let Link { file, ast } = link;
    let rule_set = ast.header.name.node.clone();
    if let Some(t) = &ast.header.title {
        merged.title = Some(t.node.clone());
    }
    if let Some(s) = &ast.header.source {
        merged.source = Some(s.node.clone());
    }
    merged.docs = ast.header.docs.clone();
    let parent = ast.header.extends.as_ref().map(|e| e.node.clone());
    // Names defined in this file, with the span of their definition.
    let mut local: HashMap<String, Loc> = HashMap::new();
    let mut local_settings: HashMap<String, Loc> = HashMap::new();
    let mut local_verdict: Option<Loc> = None;

    for item in ast.items {
        let item_loc = item.loc;
        match item.node {
            ast::Item::Setting(s) => {
                if let Some(first) = local_settings.get(&s.name.node) {
                    errors.push(CompileError::Duplicate(
                        Problem::at(
                            "xqlaw::duplicate::setting",
                            &file,
                            s.name.loc,
                            format!("setting `{}` is given twice", s.name.node),
                            "given again here",
                        )
                        .label(*first, "first given here")
                        .help("keep one of the two lines"),
                    ));
                    continue;
                }
                local_settings.insert(s.name.node.clone(), s.name.loc);
                merged
                    .settings
                    .insert(s.name.node.clone(), Def::new(&file, &rule_set, s));
            }
            ast::Item::Term(t) => {
                let (id, replace) = (t.id.clone(), t.replace);
                if define(
                    merged,
                    &file,
                    &local,
                    parent.as_deref(),
                    Kind::Term,
                    &id.node,
                    id.loc,
                    replace,
                    errors,
                ) {
                    local.insert(id.node.clone(), id.loc);
                    match merged.terms.iter_mut().find(|d| d.item.id.node == id.node) {
                        Some(slot) => *slot = Def::new(&file, &rule_set, t),
                        None => merged.terms.push(Def::new(&file, &rule_set, t)),
                    }
                }
            }
            ast::Item::Ruling(r) => {
                let (id, replace) = (r.id.clone(), r.replace);
                if define(
                    merged,
                    &file,
                    &local,
                    parent.as_deref(),
                    Kind::Ruling,
                    &id.node,
                    id.loc,
                    replace,
                    errors,
                ) {
                    local.insert(id.node.clone(), id.loc);
                    match merged
                        .rulings
                        .iter_mut()
                        .find(|d| d.item.id.node == id.node)
                    {
                        Some(slot) => *slot = Def::new(&file, &rule_set, r),
                        None => merged.rulings.push(Def::new(&file, &rule_set, r)),
                    }
                }
            }
            ast::Item::Remove(r) => {
                let kind = match r.kind {
                    ast::RemovedKind::Term => Kind::Term,
                    ast::RemovedKind::Ruling => Kind::Ruling,
                };
                if let Some(first) = local.get(&r.id.node) {
                    errors.push(CompileError::NothingToChange(
                        Problem::at(
                            "xqlaw::remove::local",
                            &file,
                            r.id.loc,
                            format!("cannot remove `{}`, which this file defines", r.id.node),
                            "removed here",
                        )
                        .label(*first, "defined here")
                        .help("delete the definition instead"),
                    ));
                    continue;
                }
                let found = match kind {
                    Kind::Term => {
                        let before = merged.terms.len();
                        merged.terms.retain(|d| d.item.id.node != r.id.node);
                        before != merged.terms.len()
                    }
                    Kind::Ruling => {
                        let before = merged.rulings.len();
                        merged.rulings.retain(|d| d.item.id.node != r.id.node);
                        // The ancestors' `overrides` of the removed ruling lapse with it. This
                        // file's own are left, to be reported: they name a ruling it removed.
                        for def in merged.rulings.iter_mut().filter(|d| d.rule_set != rule_set) {
                            def.item.overrides.retain(|o| o.node != r.id.node);
                        }
                        before != merged.rulings.len()
                    }
                };
                if !found {
                    errors.push(nothing_to_change(
                        merged,
                        &file,
                        parent.as_deref(),
                        kind,
                        "remove",
                        &r.id.node,
                        r.id.loc,
                    ));
                }
            }
            ast::Item::Verdict(v) => {
                if let Some(first) = local_verdict {
                    errors.push(CompileError::Duplicate(
                        Problem::at(
                            "xqlaw::duplicate::verdict",
                            &file,
                            Loc::new(item_loc.start, item_loc.start + "verdict".len()),
                            "the verdict is given twice",
                            "second verdict",
                        )
                        .label(first, "first verdict")
                        .help("a rule file has one verdict block; merge the rows"),
                    ));
                    continue;
                }
                local_verdict = Some(Loc::new(item_loc.start, item_loc.start + "verdict".len()));
                merged.verdict = Some(Def::new(&file, &rule_set, v));
            }
        }
    }
}

/// Checks that `name` may be (re)defined as a `kind` in this file; reports why not.
#[expect(clippy::too_many_arguments, reason = "the context of one definition")]
fn define(
    merged: &Merged,
    file: &SourceFile,
    local: &HashMap<String, Loc>,
    parent: Option<&str>,
    kind: Kind,
    name: &str,
    loc: Loc,
    replace: bool,
    errors: &mut Vec<CompileError>,
) -> bool {
    if let Some(first) = local.get(name) {
        errors.push(CompileError::Duplicate(
            Problem::at(
                "xqlaw::duplicate::name",
                file,
                loc,
                format!("`{name}` is defined twice"),
                "defined again here",
            )
            .label(*first, "first defined here")
            .help("terms and rulings share one namespace; rename one of them"),
        ));
        return false;
    }
    let existing = existing_kind(merged, name);
    match (replace, existing) {
        (false, None) => true,
        (false, Some((k, set))) => {
            errors.push(CompileError::Duplicate(
                Problem::at(
                    "xqlaw::duplicate::inherited",
                    file,
                    loc,
                    format!("`{name}` is already defined in `{set}`"),
                    "defined again here",
                )
                .help(if k == kind {
                    format!(
                        "write `replace {} {name}` to replace the inherited definition",
                        k.word()
                    )
                } else {
                    format!("`{name}` is a {} in `{set}`; choose another name", k.word())
                }),
            ));
            false
        }
        (true, Some((k, _))) if k == kind => true,
        (true, _) => {
            errors.push(nothing_to_change(
                merged, file, parent, kind, "replace", name, loc,
            ));
            false
        }
    }
}

/// The kind of an inherited definition of `name` and the rule set that made it.
fn existing_kind(merged: &Merged, name: &str) -> Option<(Kind, String)> {
    if let Some(d) = merged.terms.iter().find(|d| d.item.id.node == name) {
        return Some((Kind::Term, d.rule_set.clone()));
    }
    merged
        .rulings
        .iter()
        .find(|d| d.item.id.node == name)
        .map(|d| (Kind::Ruling, d.rule_set.clone()))
}

/// "there is no term `x` to replace", with the best help available.
fn nothing_to_change(
    merged: &Merged,
    file: &SourceFile,
    parent: Option<&str>,
    kind: Kind,
    verb: &str,
    name: &str,
    loc: Loc,
) -> CompileError {
    let help = match (existing_kind(merged, name), parent) {
        (Some((k, _)), _) => Some(format!(
            "`{name}` is a {}; write `{verb} {} {name}`",
            k.word(),
            k.word()
        )),
        (None, None) => Some(format!(
            "`{verb}` changes a definition inherited through `extends`, and this rule set extends none"
        )),
        (None, Some(_)) => {
            let names: Vec<&str> = match kind {
                Kind::Term => merged
                    .terms
                    .iter()
                    .map(|d| d.item.id.node.as_str())
                    .collect(),
                Kind::Ruling => merged
                    .rulings
                    .iter()
                    .map(|d| d.item.id.node.as_str())
                    .collect(),
            };
            did_you_mean(name, names)
        }
    };
    let inherited = parent.map(|p| format!(" in `{p}`")).unwrap_or_default();
    CompileError::NothingToChange(
        Problem::at(
            "xqlaw::nothing-to-change",
            file,
            loc,
            format!("there is no {} `{name}`{inherited} to {verb}", kind.word()),
            format!("{verb}d here"),
        )
        .maybe_help(help),
    )
}
