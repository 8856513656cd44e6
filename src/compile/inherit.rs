//! Inheritance: loading a rule set with the rule sets it `extends`, and merging them into one
//! list of definitions (`replace`, `remove`, settings and verdict overrides applied).

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use super::err::{self, CompileError, CompileErrorKind};
use super::ir::Meta;
use crate::disk::ReadError;
use crate::source::{Loc, Node, SourceFile};
use crate::syntax::{self, ast};

/// The rule files (`*.rules`) in `dir`, in name order.
///
/// # Errors
///
/// The folder cannot be read.
pub fn rule_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    Ok(files)
}

/// Where `extends NAME` looks for `NAME.rules`.
pub(crate) enum Loader {
    /// In folders, in order, after the folder of the file that says `extends`: the first
    /// `NAME.rules` that is not the root file itself. So the root may `extends` the name it
    /// declares (an amendment of that rule set, by its changes alone), and a file outside the
    /// project finds the project's rule sets.
    Dirs {
        /// The folders searched after the extending file's own.
        dirs: Vec<PathBuf>,
        /// The root file, when it is one (never its own parent).
        root: Option<PathBuf>,
    },
    /// Nowhere (a rule set given as a string).
    Nowhere,
}

impl Loader {
    /// The folders to search for a parent of a file in `from` (its folder, if a file).
    fn search<'a>(&'a self, from: Option<&'a Path>) -> Vec<&'a Path> {
        let mut found: Vec<&Path> = Vec::new();
        if let Loader::Dirs { dirs, .. } = self {
            for dir in from.into_iter().chain(dirs.iter().map(PathBuf::as_path)) {
                if !found.iter().any(|d| crate::project::same_file(d, dir)) {
                    found.push(dir);
                }
            }
        }
        found
    }

    /// The file `NAME.rules` a file in folder `from` extends, if one is found.
    fn load(
        &self,
        name: &str,
        from: Option<&Path>,
    ) -> Option<Result<SourceFile, (String, std::io::Error)>> {
        let root = match self {
            Loader::Dirs { root, .. } => root.as_deref(),
            Loader::Nowhere => None,
        };
        let path = self
            .search(from)
            .into_iter()
            .map(|dir| dir.join(format!("{name}.rules")))
            .find(|p| p.is_file() && !root.is_some_and(|r| crate::project::same_file(r, p)))?;
        let shown = path.display().to_string();
        Some(match crate::disk::read_text(&path) {
            Ok(text) => Ok(SourceFile::new(shown, text)),
            Err(e) => Err((shown, e)),
        })
    }

    /// The rule sets that could be extended from folder `from`.
    fn names(&self, from: Option<&Path>) -> Vec<String> {
        let mut names: Vec<String> = self
            .search(from)
            .into_iter()
            .flat_map(|dir| rule_files(dir).unwrap_or_default())
            .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Where the folders searched are, for a message.
    fn shown(&self, from: Option<&Path>) -> Vec<String> {
        self.search(from)
            .into_iter()
            .map(|d| format!("`{}`", d.display()))
            .collect()
    }
}

/// The folder of a file as its diagnostics name it (`.` for a bare file name).
fn folder_of(file: &SourceFile) -> Option<PathBuf> {
    let parent = Path::new(&file.name).parent()?;
    Some(if parent.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        parent.to_path_buf()
    })
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

    /// The descriptive attributes of the definition, as the compiled rule set carries them.
    pub(crate) fn meta(&self, attrs: &ast::Attrs, docs: &[String]) -> Meta {
        let get = |a: &Option<Node<String>>| a.as_ref().map(|n| n.node.clone());
        Meta {
            name: get(&attrs.name),
            article: get(&attrs.article),
            sentences: attrs.sentence_ids("").into_iter().map(|n| n.node).collect(),
            quote: get(&attrs.quote),
            gloss: get(&attrs.gloss),
            provisional: get(&attrs.provisional),
            docs: docs.to_vec(),
            defined_in: self.rule_set.clone(),
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
    /// The rule set the root says it amends (`amends NAME`).
    pub(crate) amends: Option<String>,
    /// Settings by name (the nearest one wins).
    pub(crate) settings: BTreeMap<String, Def<ast::Setting>>,
    /// Terms in definition order.
    pub(crate) terms: Vec<Def<ast::Term>>,
    /// Rulings in definition order.
    pub(crate) rulings: Vec<Def<ast::Ruling>>,
    /// The verdict.
    pub(crate) verdict: Option<Def<ast::VerdictTable>>,
    /// The standings forms and their removals, in file order up the chain (ancestors first),
    /// merged by [`crate::standings`].
    pub(crate) standings: Vec<crate::standings::FormDef>,
    /// The `unencoded` items, in file order up the chain (ancestors first).
    pub(crate) unencoded: Vec<Def<ast::Unencoded>>,
    /// The place of each name in `terms` and in `rulings`: looking names up by scanning
    /// made a file of 50,000 rulings compile in quadratic time.
    positions: Positions,
}

/// Where each term and ruling stands in [`Merged`]'s lists.
#[derive(Debug, Clone, Default)]
struct Positions {
    terms: HashMap<String, usize>,
    rulings: HashMap<String, usize>,
}

impl Merged {
    /// The position of the term `name` in `terms`.
    fn term_at(&self, name: &str) -> Option<usize> {
        self.positions.terms.get(name).copied()
    }

    /// The position of the ruling `name` in `rulings`.
    fn ruling_at(&self, name: &str) -> Option<usize> {
        self.positions.rulings.get(name).copied()
    }

    /// Recomputes the positions after a removal shifted the lists.
    fn reindex(&mut self) {
        self.positions.terms = (self.terms.iter().enumerate())
            .map(|(i, d)| (d.item.id.node.clone(), i))
            .collect();
        self.positions.rulings = (self.rulings.iter().enumerate())
            .map(|(i, d)| (d.item.id.node.clone(), i))
            .collect();
    }
}

/// One parsed file of the chain.
struct Link {
    file: SourceFile,
    ast: ast::File,
}

/// Loads `root` and its ancestors and merges them. Pushes every problem to `errors`; returns
/// `None` if the chain could not be loaded or parsed.
pub(crate) fn inherit(
    root: SourceFile,
    loader: &Loader,
    errors: &mut Vec<CompileError>,
) -> Option<Merged> {
    let chain = load_chain(root, loader, errors)?;
    let amends = chain
        .first()
        .and_then(|l| l.ast.header.amends.as_ref())
        .map(|a| a.node.clone());
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
        amends,
        settings: BTreeMap::new(),
        terms: Vec::new(),
        rulings: Vec::new(),
        verdict: None,
        standings: Vec::new(),
        unencoded: Vec::new(),
        positions: Positions::default(),
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
    // The name the next file must declare, and the file whose `extends` named it.
    let mut expected_name: Option<(String, SourceFile)> = None;
    while let Some(file) = next.take() {
        let ast = match syntax::parse(&file) {
            Ok(ast) => ast,
            Err(parse_errors) => {
                errors.extend(parse_errors.into_iter().map(CompileError::Parse));
                return None;
            }
        };
        let name = &ast.header.name;
        if let Some((expected, child)) = &expected_name {
            if name.node != *expected {
                errors.push(CompileError::at(
                    &file,
                    name.loc,
                    CompileErrorKind::ExtendsMisnamed {
                        read: file.name.clone(),
                        declared: name.node.clone(),
                        expected: expected.clone(),
                        child: child.name.clone(),
                    },
                ));
                return None;
            }
        }
        if let Some(parent) = &ast.header.extends {
            // An amendment may extend the project's rule set of its own name (the loader
            // never gives the root file back as its own parent).
            let amends_itself = chain.is_empty()
                && matches!(loader, Loader::Dirs { .. })
                && parent.node == name.node;
            if chain.iter().any(|l| l.ast.header.name.node == parent.node)
                || (parent.node == name.node && !amends_itself)
            {
                let mut path: Vec<&str> = chain
                    .iter()
                    .map(|l| l.ast.header.name.node.as_str())
                    .collect();
                path.push(&name.node);
                path.push(&parent.node);
                errors.push(CompileError::at(
                    &file,
                    parent.loc,
                    CompileErrorKind::ExtendsCycle {
                        name: parent.node.clone(),
                        chain: err::chain(&path),
                    },
                ));
                return None;
            }
            // The root's folder is searched only when it is a file (not an edited text).
            let from = match loader {
                Loader::Dirs { root: None, .. } if chain.is_empty() => None,
                _ => folder_of(&file),
            };
            match loader.load(&parent.node, from.as_deref()) {
                Some(Ok(parent_file)) => {
                    expected_name = Some((parent.node.clone(), file.clone()));
                    next = Some(parent_file);
                }
                Some(Err((shown, e))) => {
                    errors.push(CompileError::at(
                        &file,
                        parent.loc,
                        CompileErrorKind::ExtendsUnreadable(ReadError::shown(shown, &e)),
                    ));
                    return None;
                }
                None => {
                    let kind = CompileErrorKind::extends_missing(
                        &parent.node,
                        &loader.names(from.as_deref()),
                        &loader.shown(from.as_deref()),
                        amends_itself,
                    );
                    errors.push(CompileError::at(&file, parent.loc, kind));
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
                    errors.push(CompileError::at(
                        &file,
                        s.name.loc,
                        CompileErrorKind::SettingTwice {
                            first: *first,
                            name: s.name.node.clone(),
                        },
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
                    let def = Def::new(&file, &rule_set, t);
                    match merged
                        .term_at(&id.node)
                        .and_then(|i| merged.terms.get_mut(i))
                    {
                        Some(slot) => *slot = def,
                        None => {
                            merged
                                .positions
                                .terms
                                .insert(id.node.clone(), merged.terms.len());
                            merged.terms.push(def);
                        }
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
                    let def = Def::new(&file, &rule_set, r);
                    match merged
                        .ruling_at(&id.node)
                        .and_then(|i| merged.rulings.get_mut(i))
                    {
                        Some(slot) => *slot = def,
                        None => {
                            merged
                                .positions
                                .rulings
                                .insert(id.node.clone(), merged.rulings.len());
                            merged.rulings.push(def);
                        }
                    }
                }
            }
            ast::Item::Unencoded(u) => merged.unencoded.push(Def::new(&file, &rule_set, u)),
            ast::Item::Standings(form) => merged
                .standings
                .push(crate::standings::FormDef::define(&file, &rule_set, form)),
            ast::Item::Remove(r) => {
                let kind = match r.kind {
                    ast::RemovedKind::Term => Kind::Term,
                    ast::RemovedKind::Ruling => Kind::Ruling,
                    ast::RemovedKind::Standings => {
                        let removal = crate::standings::FormDef::remove(&file, &rule_set, r.id);
                        merged.standings.push(removal);
                        continue;
                    }
                };
                if let Some(first) = local.get(&r.id.node) {
                    errors.push(CompileError::at(
                        &file,
                        r.id.loc,
                        CompileErrorKind::RemoveLocal {
                            defined: *first,
                            name: r.id.node.clone(),
                        },
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
                        // The ancestors' `overrides` and `restates` of the removed ruling lapse
                        // with it. This
                        // file's own are left, to be reported: they name a ruling it removed.
                        // (Files, not names, tell them apart: an amended copy may bear the
                        // name of the rule set it extends.)
                        let ancestors = merged
                            .rulings
                            .iter_mut()
                            .filter(|d| !std::sync::Arc::ptr_eq(&d.file.text, &file.text));
                        for def in ancestors {
                            def.item.overrides.retain(|o| o.node != r.id.node);
                            def.item.restates.retain(|o| o.node != r.id.node);
                        }
                        before != merged.rulings.len()
                    }
                };
                if found {
                    merged.reindex();
                } else {
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
                let keyword = Loc::new(item_loc.start, item_loc.start + "verdict".len());
                if let Some(first) = local_verdict {
                    errors.push(CompileError::at(
                        &file,
                        keyword,
                        CompileErrorKind::VerdictTwice { first },
                    ));
                    continue;
                }
                local_verdict = Some(keyword);
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
        errors.push(CompileError::at(
            file,
            loc,
            CompileErrorKind::DefinedTwice {
                first: *first,
                name: name.to_owned(),
            },
        ));
        return false;
    }
    let existing = existing_kind(merged, name);
    match (replace, existing) {
        (false, None) => true,
        (false, Some((k, rule_set))) => {
            let problem = CompileErrorKind::already_defined(name, k.word(), k == kind, rule_set);
            errors.push(CompileError::at(file, loc, problem));
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
    if let Some(d) = merged.term_at(name).and_then(|i| merged.terms.get(i)) {
        return Some((Kind::Term, d.rule_set.clone()));
    }
    merged
        .ruling_at(name)
        .and_then(|i| merged.rulings.get(i))
        .map(|d| (Kind::Ruling, d.rule_set.clone()))
}

/// "there is no term `x` to replace", with the best help available.
fn nothing_to_change(
    merged: &Merged,
    file: &SourceFile,
    parent: Option<&str>,
    kind: Kind,
    verb: &'static str,
    name: &str,
    loc: Loc,
) -> CompileError {
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
    let problem = CompileErrorKind::nothing_to_change(
        kind.word(),
        verb,
        name,
        existing_kind(merged, name).map(|(k, _)| k.word()),
        parent,
        names,
    );
    CompileError::at(file, loc, problem)
}

/// Merges a rule set given as text, for the tests of the later passes: the merged
/// definitions, and the errors found so far.
#[cfg(test)]
pub(super) fn inherit_str(text: &str) -> (Merged, Vec<CompileError>) {
    let mut errors = Vec::new();
    let root = SourceFile::new("t.rules", text);
    let merged = inherit(root, &Loader::Nowhere, &mut errors).unwrap();
    (merged, errors)
}
