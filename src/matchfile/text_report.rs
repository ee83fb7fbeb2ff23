//! The text report of `tavli validate` (and of the files `tavli analyse` cannot analyse): each
//! file's diagnostics, at most a limit of them, its summary line, and a total line.

use super::diagnostic::{Located, Severity};
use super::style;
use super::{FileReport, ReportStyle, Verdict};

/// How many diagnostics of one file the text reports list, in file order, before saying how
/// many more there are (`... and 400 more errors`), as a compiler stops listing; the JSON
/// reports list every one. `tavli validate --max-diagnostics N` changes it (0: no limit).
pub const LISTED_DIAGNOSTICS: usize = 200;

/// The text report of `tavli validate`: for each file its diagnostics (when `diagnostics`;
/// warnings only when `warnings`; at most [`LISTED_DIAGNOSTICS`]) and its summary line, then a
/// total line when there are several files.
#[must_use]
pub fn render_text(reports: &[FileReport], diagnostics: bool, warnings: bool) -> String {
    render_text_styled(
        reports,
        diagnostics,
        warnings,
        LISTED_DIAGNOSTICS,
        &ReportStyle::plain(),
    )
}

/// [`render_text`] listing at most `limit` diagnostics a file (0: every one), with the
/// locations, severities and verdicts marked by `style`.
#[must_use]
pub fn render_text_styled(
    reports: &[FileReport],
    diagnostics: bool,
    warnings: bool,
    limit: usize,
    style: &ReportStyle,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for report in reports {
        if diagnostics {
            let shown = report
                .diagnostics
                .iter()
                .filter(|diagnostic| warnings || diagnostic.severity == Severity::Error);
            text.push_str(&listed_diagnostics(shown, limit, &report.file, style));
        }
        let _ = writeln!(text, "{}", report.summary_styled(style));
    }
    if reports.len() > 1 {
        // Each count in its verdict's style when there is any of it.
        let count = |verdict| {
            let count = reports.iter().filter(|r| r.verdict == verdict).count();
            let marked = if count > 0 {
                style.verdict(verdict)
            } else {
                anstyle::Style::new()
            };
            style::paint(marked, count)
        };
        let _ = writeln!(
            text,
            "{}: {} valid, {} valid with warnings, {} invalid",
            style::paint(style.location, format!("{} files", reports.len())),
            count(Verdict::Valid),
            count(Verdict::ValidWithWarnings),
            count(Verdict::Invalid)
        );
    }
    text
}

/// `diagnostics` of `file`, one after the other, the first `limit` of them (0: every one), and
/// then, if some are left, one line saying how many: `file: ... and 400 more errors and 2
/// more warnings not listed (`tavli validate --max-diagnostics 0` lists them all)`.
#[must_use]
pub fn listed_diagnostics<'a>(
    diagnostics: impl Iterator<Item = &'a Located>,
    limit: usize,
    file: &str,
    style: &ReportStyle,
) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    let (mut errors, mut warnings) = (0usize, 0usize);
    for (index, diagnostic) in diagnostics.enumerate() {
        if limit == 0 || index < limit {
            let _ = writeln!(text, "{}", diagnostic.styled(style));
        } else if diagnostic.severity == Severity::Error {
            errors += 1;
        } else {
            warnings += 1;
        }
    }
    let counted = |count: usize, noun: &str| {
        format!("{count} more {noun}{}", if count == 1 { "" } else { "s" })
    };
    let left = match (errors, warnings) {
        (0, 0) => return text,
        (errors, 0) => counted(errors, "error"),
        (0, warnings) => counted(warnings, "warning"),
        (errors, warnings) => format!(
            "{} and {}",
            counted(errors, "error"),
            counted(warnings, "warning")
        ),
    };
    let _ = writeln!(
        text,
        "{}: ... and {left} not listed (`tavli validate --max-diagnostics 0` lists them all)",
        style::paint(style.location, file)
    );
    text
}
