//! Diagnostics about a match file: kind, severity, byte span, and their `file:line:col` rendering.

use super::style::{paint, ReportStyle};
use serde::Serialize;
use std::borrow::Cow;
use std::fmt;

pub use crate::notation::Span;

/// How bad a problem is: errors make a file invalid, warnings do not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A doubtful record that gnubg and tavli still read the same way.
    Warning,
    /// A record that is wrong: the file does not describe a legal match.
    Error,
}

/// What is wrong.
/// In JSON in snake case (`illegal_move`); the text form writes `illegal-move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DiagnosticKind {
    /// A line that is not part of the file format.
    Syntax,
    /// A missing or malformed match header (length, names, score line).
    BadHeader,
    /// Bytes that are not valid text in the expected encoding.
    Encoding,
    /// A written play that is not legal for the dice and position.
    IllegalMove,
    /// Dice that are not two numbers 1..6.
    BadRoll,
    /// An action by the player whose turn it is not.
    WrongPlayer,
    /// A double when no double may be offered (not this player's turn, Crawford game, cube
    /// owned by the opponent).
    CubeNotAllowed,
    /// A take, drop or beaver with no double pending.
    NoDouble,
    /// A cube value that is not twice the current one.
    WrongCubeValue,
    /// A game result that does not follow from the play (winner or points).
    WrongResult,
    /// A score line that disagrees with the results of the earlier games.
    WrongScore,
    /// A match that stops before the match length or goes on after it.
    MatchLength,
    /// A file that ends in the middle of a game or a record.
    Truncated,
    /// A .mat move line whose number does not follow the line before (a line lost, written
    /// twice or swapped).
    MoveNumber,
    /// A file that cannot be read at all (I/O, binary, too large).
    Unreadable,
}

impl DiagnosticKind {
    /// The kebab-case name used in rendered diagnostics.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DiagnosticKind::Syntax => "syntax",
            DiagnosticKind::BadHeader => "bad-header",
            DiagnosticKind::Encoding => "encoding",
            DiagnosticKind::IllegalMove => "illegal-move",
            DiagnosticKind::BadRoll => "bad-roll",
            DiagnosticKind::WrongPlayer => "wrong-player",
            DiagnosticKind::CubeNotAllowed => "cube-not-allowed",
            DiagnosticKind::NoDouble => "no-double",
            DiagnosticKind::WrongCubeValue => "wrong-cube-value",
            DiagnosticKind::WrongResult => "wrong-result",
            DiagnosticKind::WrongScore => "wrong-score",
            DiagnosticKind::MatchLength => "match-length",
            DiagnosticKind::Truncated => "truncated",
            DiagnosticKind::MoveNumber => "move-number",
            DiagnosticKind::Unreadable => "unreadable",
        }
    }
}

impl fmt::Display for DiagnosticKind {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem.
    pub kind: DiagnosticKind,
    /// Where in the source text.
    pub span: Span,
    /// What is wrong, in words.
    pub message: String,
}

impl Diagnostic {
    /// An error.
    #[must_use]
    pub fn error(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            kind,
            span,
            message: message.into(),
        }
    }

    /// A warning.
    #[must_use]
    pub fn warning(kind: DiagnosticKind, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            kind,
            span,
            message: message.into(),
        }
    }
}

/// Maps byte offsets to 1-based lines and columns (columns count characters).
///
/// A column costs a binary search and the count of at most [`CHECKPOINT`] bytes of
/// characters, however long its line: a file of one huge line with many problems is placed
/// in linear time.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// `(byte offset, characters before it)` at a character boundary every [`CHECKPOINT`]
    /// bytes or so, from `(0, 0)`.
    checkpoints: Vec<(usize, usize)>,
}

/// Bytes between two character-count checkpoints of a [`LineIndex`].
const CHECKPOINT: usize = 1024;

impl LineIndex {
    /// Indexes the line starts of `text`.
    #[must_use]
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr_newlines(text.as_bytes()));
        let mut checkpoints = vec![(0, 0)];
        let mut next = CHECKPOINT;
        for (characters, (offset, _)) in text.char_indices().enumerate() {
            if offset >= next {
                checkpoints.push((offset, characters));
                next = offset + CHECKPOINT;
            }
        }
        LineIndex {
            starts,
            checkpoints,
        }
    }

    /// The characters of `text` before byte `offset` (a character boundary).
    fn characters_before(&self, text: &str, offset: usize) -> usize {
        let index = match self
            .checkpoints
            .binary_search_by_key(&offset, |&(at, _)| at)
        {
            Ok(index) => index,
            Err(next) => next.saturating_sub(1),
        };
        let (at, characters) = self.checkpoints.get(index).copied().unwrap_or((0, 0));
        characters + text.get(at..offset).map_or(0, |part| part.chars().count())
    }

    /// The 1-based line and column of `offset` in `text`.
    #[must_use]
    pub fn line_column(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = match self.starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column = if text.get(start..offset).is_some() {
            self.characters_before(text, offset) - self.characters_before(text, start)
        } else {
            offset - start
        };
        (line + 1, column + 1)
    }

    /// The text of 1-based line `line` without its line ending.
    #[must_use]
    pub fn line_text<'a>(&self, text: &'a str, line: usize) -> &'a str {
        let start = self
            .starts
            .get(line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        let end = self.starts.get(line).copied().unwrap_or(text.len());
        text.get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r'])
    }
}

fn memchr_newlines(bytes: &[u8]) -> impl Iterator<Item = usize> + '_ {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, &byte)| byte == b'\n')
        .map(|(index, _)| index + 1)
}

/// A diagnostic placed in a named file: line, column and the offending line's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Located {
    /// The file name as given.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub column: usize,
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem.
    pub kind: DiagnosticKind,
    /// What is wrong.
    pub message: String,
    /// The offending line (shortened to 200 characters).
    pub source_line: String,
    /// Carets under the offending part of the line, from column 1.
    #[serde(skip)]
    pub caret: String,
}

/// `text` of a file as a diagnostic shows it, in the text report and in JSON alike: each
/// control character but the tab (C0, DEL, and the C1 controls a Latin-1 file's bytes 0x80 to
/// 0x9F become) is one visible character in its place, its Unicode control picture (`␛` for
/// ESC, `␍` for a carriage return, `␡` for DEL) or, for a C1 control, which has none, `�`.
/// So a file's bytes cannot act on the terminal (an ESC starting a colour, a carriage return
/// overwriting the line), columns still count characters (the caret stays under its column,
/// which a `\u{1b}` or `^[` would shift), and nothing reads as the file's own text (a `^` is
/// a move mark in tavli's variants). rustc shows control characters in its snippets so.
#[must_use]
pub fn printable(text: &str) -> Cow<'_, str> {
    let hidden = |c: char| c != '\t' && c.is_control();
    if !text.contains(hidden) {
        return Cow::Borrowed(text);
    }
    text.chars()
        .map(|c| match c {
            '\t' => c,
            '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'),
            '\u{7f}' => '\u{2421}',
            c if c.is_control() => '\u{fffd}',
            c => c,
        })
        .collect::<String>()
        .into()
}

/// Longest source line shown under a diagnostic.
const SHOWN_LINE: usize = 200;

impl Located {
    /// Places `diagnostic` from `text` (indexed by `index`) in `file`.
    #[must_use]
    pub fn new(file: &str, text: &str, index: &LineIndex, diagnostic: &Diagnostic) -> Located {
        let (line, column) = index.line_column(text, diagnostic.span.start);
        let (end_line, end_column) = index.line_column(text, diagnostic.span.end);
        let full_line = index.line_text(text, line);
        let shortened: String = full_line.chars().take(SHOWN_LINE).collect();
        let source_line = printable(&shortened).into_owned();
        let shown = source_line.chars().count();
        let width = if end_line == line && end_column > column {
            end_column - column
        } else {
            1
        };
        let start = (column - 1).min(shown);
        let width = width.min(shown.saturating_sub(start).max(1));
        let caret = format!("{}{}", " ".repeat(start), "^".repeat(width));
        Located {
            file: file.to_string(),
            line,
            column,
            severity: diagnostic.severity,
            kind: diagnostic.kind,
            message: printable(&diagnostic.message).into_owned(),
            source_line,
            caret,
        }
    }
}

impl Located {
    /// The diagnostic as [`Display`](fmt::Display) writes it, its parts marked by `style`.
    #[must_use]
    pub fn styled(&self, style: &ReportStyle) -> String {
        let mark = style.severity(self.severity);
        let level = match self.severity {
            Severity::Error => String::new(),
            Severity::Warning => format!("{}: ", paint(mark, "warning")),
        };
        format!(
            "{}: {}: {}{}\n    {}\n    {}",
            paint(
                style.location,
                format_args!("{}:{}:{}", printable(&self.file), self.line, self.column)
            ),
            paint(mark, self.kind),
            level,
            self.message,
            self.source_line,
            paint(mark, &self.caret)
        )
    }
}

impl fmt::Display for Located {
    /// `file:line:col: kind: message` (`kind: warning: message` for warnings), then the line
    /// and a caret under the problem.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.styled(&ReportStyle::plain()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_of_offsets() {
        let text = "ab\ncdé\nf";
        let index = LineIndex::new(text);
        assert_eq!(index.line_column(text, 0), (1, 1));
        assert_eq!(index.line_column(text, 3), (2, 1));
        assert_eq!(index.line_column(text, 7), (2, 4));
        assert_eq!(index.line_column(text, 8), (3, 1));
        assert_eq!(index.line_text(text, 2), "cdé");
    }

    #[test]
    fn columns_of_a_long_line_count_characters_across_checkpoints() {
        let line = "é".repeat(3 * CHECKPOINT) + "x" + &"a".repeat(CHECKPOINT);
        let text = format!("first\n{line}\nlast");
        let index = LineIndex::new(&text);
        assert!(index.checkpoints.len() > 4);
        for (offset, _) in text.char_indices().step_by(97) {
            let line_start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
            let expected = text[line_start..offset].chars().count() + 1;
            assert_eq!(index.line_column(&text, offset).1, expected, "at {offset}");
        }
    }

    /// A file's control characters reach neither the terminal nor a JSON reader as they are:
    /// each is one visible character in its place, so the caret stays under its column.
    #[test]
    fn control_characters_of_the_file_are_shown_as_pictures_in_their_column() {
        let text = "x\n  3) 53: 8/3\u{1b}[31m 6/3\u{7}\r\u{7f}\u{9b}\t  62: 13/7 7/5\n";
        let index = LineIndex::new(text);
        let start = text.find("8/3").unwrap();
        let end = text.find("\t").unwrap();
        let diagnostic = Diagnostic::error(
            DiagnosticKind::Syntax,
            Span::new(start, end),
            format!("unrecognised text `{}`", &text[start..end]),
        );
        let located = Located::new("f.mat", text, &index, &diagnostic);
        assert_eq!(
            located.message,
            "unrecognised text `8/3\u{241b}[31m 6/3\u{2407}\u{240d}\u{2421}\u{fffd}`"
        );
        assert_eq!(
            located.source_line,
            "  3) 53: 8/3\u{241b}[31m 6/3\u{2407}\u{240d}\u{2421}\u{fffd}\t  62: 13/7 7/5"
        );
        let caret_at = located.caret.find('^').unwrap();
        assert_eq!(&located.source_line[caret_at..caret_at + 3], "8/3");
        assert_eq!(located.caret.chars().count() - caret_at, 16);
        // Text without them is kept as it is, a tab and a no-break space included.
        assert!(matches!(printable("a\tb\u{a0}é"), Cow::Borrowed(_)));
    }

    #[test]
    fn rendering_has_caret_under_span() {
        let text = "x\n  1) 31: 8/5 6/5\n";
        let index = LineIndex::new(text);
        let diagnostic = Diagnostic::error(DiagnosticKind::IllegalMove, Span::new(11, 18), "no");
        let located = Located::new("f.mat", text, &index, &diagnostic);
        assert_eq!(
            located.to_string(),
            "f.mat:2:10: illegal-move: no\n      1) 31: 8/5 6/5\n             ^^^^^^^"
        );
    }
}
