//! How the text report of `validate` marks its parts: plain by default, coloured when the
//! command line asks (a terminal, `--color always`); the library only formats.

use super::diagnostic::Severity;
use super::Verdict;
use anstyle::{AnsiColor, Style};

/// The look of each part of a text report. `Style::new()` (the default) writes nothing, so
/// the default report is plain text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReportStyle {
    /// `file:line:col` of a diagnostic, and the file name of a summary.
    pub location: Style,
    /// The kind of an error (`illegal-move`), its carets and the word `invalid`.
    pub error: Style,
    /// The kind and the word `warning` of a warning, its carets and `valid with warnings`.
    pub warning: Style,
    /// The word `valid`.
    pub valid: Style,
}

impl ReportStyle {
    /// Plain text: no escape sequences at all.
    #[must_use]
    pub fn plain() -> ReportStyle {
        ReportStyle::default()
    }

    /// The colours of a terminal: bold locations, red errors, yellow warnings, green `valid`.
    #[must_use]
    pub fn coloured() -> ReportStyle {
        ReportStyle {
            location: Style::new().bold(),
            error: AnsiColor::Red.on_default().bold(),
            warning: AnsiColor::Yellow.on_default().bold(),
            valid: AnsiColor::Green.on_default().bold(),
        }
    }

    /// The style of a severity.
    #[must_use]
    pub fn severity(&self, severity: Severity) -> Style {
        match severity {
            Severity::Error => self.error,
            Severity::Warning => self.warning,
        }
    }

    /// The style of a verdict.
    #[must_use]
    pub fn verdict(&self, verdict: Verdict) -> Style {
        match verdict {
            Verdict::Valid => self.valid,
            Verdict::ValidWithWarnings => self.warning,
            Verdict::Invalid => self.error,
        }
    }
}

/// `text` between `style`'s opening and closing sequences (none for a plain style).
#[must_use]
pub fn paint(style: Style, text: impl std::fmt::Display) -> String {
    if style == Style::new() {
        text.to_string()
    } else {
        format!("{style}{text}{style:#}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_writes_no_escapes_and_coloured_does() {
        assert_eq!(paint(ReportStyle::plain().error, "invalid"), "invalid");
        let red = paint(ReportStyle::coloured().error, "invalid");
        assert!(
            red.starts_with("\u{1b}[") && red.ends_with("\u{1b}[0m"),
            "{red:?}"
        );
        assert!(red.contains("invalid"));
    }
}
