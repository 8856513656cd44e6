//! Diagnostics rendered as text: with miette's graphical report, the source line underlined.
//!
//! Every diagnostic the crate prints goes through [`render_with`], which first elides source
//! lines longer than [`LONG_LINE`] bytes (see the `clamp` module): miette pads its underlines with
//! format widths, and a label beyond column 65,535 makes it panic ("Formatting argument out of
//! range"); a megabyte of one-line input is unreadable anyway.

mod clamp;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme};

pub use clamp::LONG_LINE;

/// The handler for text without colours (files, pipes, snapshots), 80 columns wide; narrow
/// or widen it with [`GraphicalReportHandler::with_width`].
#[must_use]
pub fn plain() -> GraphicalReportHandler {
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
}

/// `diagnostic` as text without colours (see [`plain`]).
///
/// ```
/// let errors = xqlaw::compile_str("t.rules", "rules t\nruling r when every move chek → forbidden\n")
///     .unwrap_err();
/// let text = xqlaw::render(&errors);
/// assert!(text.contains("unknown fact or term `chek`"));
/// assert!(text.contains("did you mean `check`?"));
/// ```
pub fn render(diagnostic: &dyn Diagnostic) -> String {
    render_with(diagnostic, &plain())
}

/// `diagnostic` as text drawn by `handler`, long source lines elided around their labels; its
/// message alone if the handler fails.
pub fn render_with(diagnostic: &dyn Diagnostic, handler: &GraphicalReportHandler) -> String {
    let clamped = clamp::Clamped::new(diagnostic);
    let mut out = String::new();
    if handler.render_report(&mut out, &clamped).is_err() {
        out = format!("{diagnostic}\n");
    }
    out
}
