//! The verdict table: its rows checked and compiled, top to bottom.

use super::err::{CompileError, CompileErrorKind, CompileWarning, CompileWarningKind};
use super::inherit::Merged;
use super::ir::{Cond, Ruling, VerdictRow};
use super::resolver::Resolver;
use super::scope::Scope;
use crate::source::{Loc, Node, SourceFile};
use crate::syntax::ast::{Guard, VerdictCond};
use crate::syntax::print;
use crate::vocab::Outcome;

/// Checks the verdict block and compiles its rows (ruling ids in definition order, as in
/// `rulings`).
pub(super) fn verdict(
    merged: &Merged,
    scope: &Scope,
    rulings: &[Ruling],
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) -> Vec<VerdictRow> {
    let Some(def) = &merged.verdict else {
        errors.push(CompileError::at(
            &merged.root,
            merged.name_loc,
            CompileErrorKind::NoVerdict {
                name: merged.name.clone(),
            },
        ));
        return Vec::new();
    };
    let mut rows = Vec::new();
    let mut otherwise: Option<Loc> = None;
    for row in &def.item.rows {
        if let Some(first) = otherwise {
            warnings.push(CompileWarning::at(
                &def.file,
                row.loc,
                CompileWarningKind::UnreachableRow { otherwise: first },
            ));
        }
        let mut conds = Vec::new();
        match &row.guard.node {
            Guard::Otherwise => {
                otherwise.get_or_insert(row.guard.loc);
            }
            Guard::All(cs) => {
                for c in cs {
                    let by = c
                        .by
                        .as_ref()
                        .and_then(|name| Resolver::new(scope, &def.file, errors).ruling_ref(name));
                    let ruling = by.and_then(|id| rulings.get(id.0));
                    if let Some(r) = ruling.filter(|r| r.outcome != c.outcome.node) {
                        errors.push(CompileError::at(
                            &def.file,
                            c.loc,
                            CompileErrorKind::NeverHolds {
                                ruling: r.id.clone(),
                                rules: r.outcome.keyword(),
                                wanted: c.outcome.node.keyword(),
                                party: print::party(c.party.node),
                            },
                        ));
                    }
                    if c.graver {
                        graver_cond(c, rulings, &def.file, errors, warnings);
                    }
                    conds.push(Cond {
                        party: c.party.node,
                        outcome: c.outcome.node,
                        graver: c.graver,
                        by,
                    });
                }
            }
        }
        rows.push(VerdictRow {
            conds,
            result: row.result.node,
            text: print::verdict_row(&row.node),
            meta: def.meta(&row.node.attrs, &[]),
        });
    }
    if otherwise.is_none() {
        warnings.push(CompileWarning::at(
            &def.file,
            def.item.rows.last().map_or(Loc::default(), |r| r.loc),
            CompileWarningKind::NoOtherwise,
        ));
    }
    rows
}

/// Checks a condition `… graver`: it must ask for `forbidden`, and some ruling must be written
/// `graver` for it ever to hold (a committee that makes the graver ruling allow leaves the row
/// in place, and is told it no longer matches).
fn graver_cond(
    c: &Node<VerdictCond>,
    rulings: &[Ruling],
    file: &SourceFile,
    errors: &mut Vec<CompileError>,
    warnings: &mut Vec<CompileWarning>,
) {
    if c.outcome.node == Outcome::Allowed {
        errors.push(CompileError::at(
            file,
            c.loc,
            CompileErrorKind::GraverCondAllowed {
                party: print::party(c.party.node),
            },
        ));
    } else if !rulings.iter().any(|r| r.graver) {
        warnings.push(CompileWarning::at(
            file,
            c.loc,
            CompileWarningKind::NoGraverRuling,
        ));
    }
}
