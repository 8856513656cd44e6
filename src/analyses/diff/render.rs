//! A comparison in words (`xqlaw diff`) and as Markdown (`xqlaw diff --markdown`, the docs'
//! pair pages).

use std::fmt::Write as _;

use crate::analyses::Decided;
use crate::markdown::cell;

use super::Comparison;
use super::definitions::Change;

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("")
}

/// The lines of `before` missing from `after` and the reverse.
fn changed_lines<'a>(before: &'a str, after: &'a str) -> (Vec<&'a str>, Vec<&'a str>) {
    let (old, new): (Vec<&str>, Vec<&str>) = (before.lines().collect(), after.lines().collect());
    (
        old.iter()
            .filter(|l| !new.contains(l))
            .map(|l| l.trim())
            .collect(),
        new.iter()
            .filter(|l| !old.contains(l))
            .map(|l| l.trim())
            .collect(),
    )
}

/// Which rulings a changed term can move: named when few, counted when many.
fn affects_note(change: &Change) -> String {
    match change.affects() {
        [] => String::new(),
        few @ [_, ..] if few.len() <= 6 => format!(" (used by {})", few.join(", ")),
        many => format!(" (used by {} rulings)", many.len()),
    }
}

impl Comparison {
    /// The comparison in words, as `xqlaw diff` prints it.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{} → {}", self.first, self.second);
        if self.diff.is_empty() {
            let _ = writeln!(
                s,
                "\nthe two rule sets define the same terms, rulings, settings and verdict"
            );
        }
        if !self.diff.settings.is_empty() {
            let _ = writeln!(s, "\nsettings:");
            for c in &self.diff.settings {
                let _ = writeln!(s, "  ~ {}: {} → {}", c.name, c.before, c.after);
            }
        }
        for (title, list) in [("terms", &self.diff.terms), ("rulings", &self.diff.rulings)] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(s, "\n{title}:");
            for change in list {
                let note = affects_note(change);
                match change {
                    Change::Added { id, text, .. } => {
                        let _ = writeln!(s, "  + {id} {}{note}", first_line(text));
                    }
                    Change::Removed { id, .. } => {
                        let _ = writeln!(s, "  - {id}{note}");
                    }
                    Change::Changed {
                        id, before, after, ..
                    } => {
                        let _ = writeln!(s, "  ~ {id}{note}");
                        let (old, new) = changed_lines(before, after);
                        for line in old {
                            let _ = writeln!(s, "      was: {line}");
                        }
                        for line in new {
                            let _ = writeln!(s, "      now: {line}");
                        }
                    }
                }
            }
        }
        if let Some((x, y)) = &self.diff.verdict {
            let indent = |t: &str| {
                t.lines()
                    .map(|l| format!("    {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            let _ = writeln!(
                s,
                "\nverdict:\n  was:\n{}\n  now:\n{}",
                indent(x),
                indent(y)
            );
        }
        let _ = writeln!(
            s,
            "\n{} of {} diagrams change verdict{}",
            self.changes.len(),
            self.diagrams,
            if self.changes.is_empty() { "" } else { ":" }
        );
        for c in &self.changes {
            let _ = writeln!(
                s,
                "  {} (Điều {})\n      {}: {}\n      {}: {}",
                c.case.title,
                c.case.article,
                self.first,
                Decided::in_words(c.before.as_ref()),
                self.second,
                Decided::in_words(c.after.as_ref())
            );
        }
        s
    }

    /// The comparison as a Markdown section (headed `##`). With `diagrams`, the path of the
    /// diagram pages' folder relative to the page, each diagram links to its page.
    pub fn to_markdown(&self, diagrams: Option<&str>) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "## `{}` → `{}`\n", self.first, self.second);
        if self.diff.is_empty() {
            let _ = writeln!(
                s,
                "The two rule sets define the same terms, rulings, settings and verdict.\n"
            );
        }
        if !self.diff.settings.is_empty() {
            let _ = writeln!(
                s,
                "### Settings\n\n| setting | {} | {} |\n|---|---|---|",
                self.first, self.second
            );
            for c in &self.diff.settings {
                let _ = writeln!(s, "| `{}` | {} | {} |", c.name, c.before, c.after);
            }
            s.push('\n');
        }
        for (title, list) in [("Terms", &self.diff.terms), ("Rulings", &self.diff.rulings)] {
            if list.is_empty() {
                continue;
            }
            let _ = writeln!(s, "### {title}\n");
            for change in list {
                let note = affects_note(change);
                match change {
                    Change::Added { id, text, .. } => {
                        let _ = writeln!(
                            s,
                            "- added `{id}`{note}\n\n  ```text\n  {}\n  ```",
                            text.replace('\n', "\n  ")
                        );
                    }
                    Change::Removed { id, .. } => {
                        let _ = writeln!(s, "- removed `{id}`{note}");
                    }
                    Change::Changed {
                        id, before, after, ..
                    } => {
                        let _ = writeln!(s, "- changed `{id}`{note}\n\n  ```diff");
                        let (old, new) = changed_lines(before, after);
                        for line in old {
                            let _ = writeln!(s, "  - {line}");
                        }
                        for line in new {
                            let _ = writeln!(s, "  + {line}");
                        }
                        let _ = writeln!(s, "  ```");
                    }
                }
            }
            s.push('\n');
        }
        if let Some((x, y)) = &self.diff.verdict {
            let _ = writeln!(
                s,
                "### Verdict table\n\n`{}`:\n\n```text\n{x}\n```\n\n`{}`:\n\n```text\n{y}\n```\n",
                self.first, self.second
            );
        }
        let _ = writeln!(
            s,
            "### Diagrams\n\n{} of {} diagrams change verdict.\n",
            self.changes.len(),
            self.diagrams
        );
        if !self.changes.is_empty() {
            let _ = writeln!(
                s,
                "| diagram | article | {} | {} |\n|---|---|---|---|",
                self.first, self.second
            );
            for c in &self.changes {
                // Spec-file text, escaped so it cannot become markup or split the row.
                let title = match diagrams {
                    Some(dir) => format!(
                        "[{}]({dir}/{}/{}.md)",
                        cell(&c.case.title),
                        c.case.topic,
                        c.case.id
                    ),
                    None => cell(&c.case.title),
                };
                let _ = writeln!(
                    s,
                    "| {title} | {} | {} | {} |",
                    cell(&c.case.article),
                    Decided::in_words(c.before.as_ref()),
                    Decided::in_words(c.after.as_ref())
                );
            }
        }
        s
    }
}
