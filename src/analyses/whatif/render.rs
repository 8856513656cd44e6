//! An amendment's comparison in words (`xqlaw whatif`) and as Markdown
//! (`xqlaw whatif --markdown`).

use std::fmt::Write as _;

use super::WhatIf;
use crate::analyses::diff::Change;
use crate::analyses::{CaseRow, Decided};
use crate::markdown::cell;

/// What the amendment rewrote, in one line: "changed term `chase`; removed ruling `x`". Names
/// are identifiers, safe in Markdown code spans.
fn amended_line(w: &WhatIf) -> String {
    let d = &w.definitions;
    let mut parts = Vec::new();
    for (what, list) in [("term", &d.terms), ("ruling", &d.rulings)] {
        for c in list {
            let verb = match c {
                Change::Added { .. } => "added",
                Change::Removed { .. } => "removed",
                Change::Changed { .. } => "changed",
            };
            parts.push(format!("{verb} {what} `{}`", c.id()));
        }
    }
    for s in &d.settings {
        parts.push(format!("setting `{}` {} → {}", s.name, s.before, s.after));
    }
    if d.verdict.is_some() {
        parts.push("changed the verdict table".to_owned());
    }
    if parts.is_empty() {
        "nothing: the amended text defines what the base defines".to_owned()
    } else {
        parts.join("; ")
    }
}

/// `expected red_loses`, or that the spec file states no expectation for the base.
fn expected(w: &WhatIf, c: &CaseRow) -> String {
    match c.expected {
        Some(v) => format!("{} expects {}", w.base, v.as_str()),
        None => format!("no expectation for {}", w.base),
    }
}

/// The last line: `2 of 80 cases change verdict`.
fn total(w: &WhatIf) -> String {
    format!("{} of {} cases change verdict", w.changed(), w.cases.len())
}

impl WhatIf {
    /// The comparison in words, as `xqlaw whatif` prints it: what was amended, every case
    /// whose verdict changes with both decisions, the precedence lines, and the total.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{} amended, against {}", self.amended, self.base);
        let _ = writeln!(s, "amended: {}", amended_line(self));
        if !self.reasons.is_empty() {
            let _ = writeln!(
                s,
                "\nvì sao bản sửa không có hiệu lực ở đâu đó (why the edit does not take effect everywhere):"
            );
            for r in &self.reasons {
                let _ = writeln!(s, "  {}", r.line());
            }
        }
        for c in self.changes() {
            let _ = writeln!(
                s,
                "\n{} (Điều {}), {}\n    before: {}\n    after:  {}",
                c.case.title,
                c.case.article,
                expected(self, c),
                Decided::in_words(c.before.as_ref()),
                Decided::in_words(c.after.as_ref())
            );
        }
        if !self.precedences.is_empty() {
            let _ = writeln!(s, "\nprecedence:");
            for p in &self.precedences {
                let _ = writeln!(s, "  {}", p.line());
            }
            if self.precedences_cut {
                let _ = writeln!(s, "  {}", cut_line());
            }
        }
        let _ = writeln!(s, "\n{}", total(self));
        s
    }

    /// The comparison as a Markdown section (headed `##`).
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "## `{}` amended, against `{}`\n\nAmended: {}.\n",
            self.amended,
            self.base,
            amended_line(self)
        );
        if !self.reasons.is_empty() {
            let _ = writeln!(
                s,
                "### Vì sao bản sửa không có hiệu lực ở đâu đó (why the edit does not take effect everywhere)\n"
            );
            for r in &self.reasons {
                let _ = writeln!(s, "- {}", cell(&r.line().replace("\n    ", " — ")));
            }
            s.push('\n');
        }
        if self.changed() > 0 {
            let _ = writeln!(
                s,
                "| case | article | expected ({}) | before | after |\n|---|---|---|---|---|",
                cell(&self.base)
            );
            for c in self.changes() {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} |",
                    cell(&c.case.title),
                    cell(&c.case.article),
                    c.expected.map_or("–", |v| v.as_str()),
                    cell(&Decided::in_words(c.before.as_ref())),
                    cell(&Decided::in_words(c.after.as_ref()))
                );
            }
            s.push('\n');
        }
        if !self.precedences.is_empty() {
            let _ = writeln!(s, "### Precedence\n");
            for p in &self.precedences {
                let on = cell(&crate::words::title_ranges(&p.cases));
                let _ = writeln!(s, "- {}", p.saying(&on));
            }
            if self.precedences_cut {
                let _ = writeln!(s, "- {}", cut_line());
            }
            s.push('\n');
        }
        let _ = writeln!(s, "{}.", total(self));
        s
    }
}

/// The line that ends precedence lines cut at their bound.
fn cut_line() -> String {
    format!(
        "… and more: the amended rulings meet the others in more than {} ways, and only that many are listed",
        super::MAX_PRECEDENCE_PAIRS
    )
}
