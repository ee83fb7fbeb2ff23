//! Match files: reading .mat and SGF, replaying them on the rules core, validation, writing.
//!
//! Reading is in two steps: a reader ([`mat`], [`sgf`]) builds a syntax tree with spans and
//! touches no game state; [`replay`] plays every game on the rules core and reports each
//! problem as a [`diagnostic::Diagnostic`] (kind, severity, span). The final score follows
//! gnubg's `import mat`: each game starts from its written score line and the last game's
//! result is added, with bear-off results computed from the board (so a `Wins` capped at the
//! points needed does not change the score).
//!
//! Where tavli and gnubg 1.07 read a file differently, tavli follows the file:
//! * a move line that repeats its move number (`24) 43: .. 24)  Losses 2 point  Wins 2 point
//!   and the match`, Backgammon Galaxy) is split at the second number; gnubg cannot split it
//!   and leaves the game unfinished;
//! * a game resigned or forfeited before its first roll counts; gnubg prints
//!   `No game in progress` and drops it (a warning says so);
//! * gnubg's `WARNING: Invalid move` on Galaxy files that contain `Losses` lines comes from
//!   its retry of the import as other variants ("import had errors as: ... Nackgammon,
//!   hypergammon"); the same file cut before the `Losses` line imports without it, and the
//!   moves are legal in standard backgammon.
//!
//! ```
//! use tavli::matchfile::{read_match_text, write_mat, Format};
//! let text = " 1 point match\n\n Game 1\n a : 0    b : 0\n  1) 31: 8/5 6/5\n";
//! let record = read_match_text(text, Format::Mat).unwrap();
//! assert_eq!(record.games.len(), 1);
//! assert!(write_mat(&record).contains("31: 8/5 6/5"));
//! ```

pub mod ast;
pub mod bench;
pub mod diagnostic;
pub mod input;
pub mod mat;
pub mod positions;
pub mod record;
pub mod replay;
pub mod sgf;
pub mod style;
mod text_report;
pub mod write_mat;
pub mod write_sgf;
pub mod written;

pub use record::MatchRecord;
pub use style::ReportStyle;
pub use text_report::{listed_diagnostics, render_text, render_text_styled, LISTED_DIAGNOSTICS};
pub use write_mat::write_mat;
pub use write_sgf::{write_sgf, SgfOptions, TailNode};

use crate::rules::Side;
use ast::{Action, MatFile};
use diagnostic::{printable, Diagnostic, DiagnosticKind, LineIndex, Located, Severity, Span};
use replay::{Event, EventKind, GameInput, MatchInput};
use serde::Serialize;
use std::fmt;
use std::path::Path;

pub use input::{io_reason, read_bounded, read_file, InputError, MAX_FILE_SIZE};

/// A match-file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Jellyfish .mat text (also `.txt` exports).
    Mat,
    /// gnubg SGF.
    Sgf,
}

impl Format {
    /// The format named by a file's extension (`.sgf` is SGF, anything else is .mat).
    #[must_use]
    pub fn from_path(path: &Path) -> Format {
        match path.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("sgf") => Format::Sgf,
            _ => Format::Mat,
        }
    }

    /// The format the text looks like: SGF starts with `(;`.
    #[must_use]
    pub fn sniff(text: &str) -> Format {
        if text.trim_start().starts_with("(;") {
            Format::Sgf
        } else {
            Format::Mat
        }
    }

    /// `mat` or `sgf`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Format::Mat => "mat",
            Format::Sgf => "sgf",
        }
    }
}

/// Decodes file bytes: skips a UTF-8 BOM, reads UTF-8, falls back to Latin-1 (with a
/// warning); binary data (NUL bytes) and oversized files are errors.
pub fn decode(bytes: &[u8]) -> Result<(String, Vec<Diagnostic>), Diagnostic> {
    if bytes.len() > MAX_FILE_SIZE {
        return Err(Diagnostic::error(
            DiagnosticKind::Unreadable,
            Span::at(0),
            input::too_large_message(),
        ));
    }
    if let Some(position) = bytes.iter().position(|&b| b == 0) {
        return Err(Diagnostic::error(
            DiagnosticKind::Unreadable,
            Span::at(0),
            format!("binary data (a NUL byte at offset {position}): not a match file"),
        ));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok((text.to_string(), Vec::new())),
        Err(error) => {
            let valid = error.valid_up_to();
            let text: String = bytes.iter().map(|&b| char::from(b)).collect();
            // Offset in the decoded text of the first byte that is not UTF-8.
            let offset: usize = bytes[..valid]
                .iter()
                .map(|&b| char::from(b).len_utf8())
                .sum();
            Ok((
                text,
                vec![Diagnostic::warning(
                    DiagnosticKind::Encoding,
                    Span::new(offset, offset + char::from(bytes[valid]).len_utf8()),
                    format!(
                        "byte 0x{:02X} is not UTF-8: the file is read as Latin-1",
                        bytes[valid]
                    ),
                )],
            ))
        }
    }
}

/// The outcome of checking one file.
/// In JSON: `valid`, `valid_with_warnings`, `invalid`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// No problems.
    Valid,
    /// Only warnings.
    ValidWithWarnings,
    /// At least one error.
    Invalid,
}

impl fmt::Display for Verdict {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Verdict::Valid => "valid",
            Verdict::ValidWithWarnings => "valid with warnings",
            Verdict::Invalid => "invalid",
        })
    }
}

/// The report on one file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FileReport {
    /// The file name as given.
    pub file: String,
    /// The format read.
    pub format: Format,
    /// The verdict.
    pub verdict: Verdict,
    /// Player names, player 0 first (`names` in JSON, as in every output).
    #[serde(rename = "names")]
    pub players: [String; 2],
    /// Match length (0 = money); `match_length` in JSON, as in every output.
    #[serde(rename = "match_length")]
    pub length: u32,
    /// Games in the file (replayed ones).
    pub games: usize,
    /// Games with a result.
    pub finished_games: usize,
    /// Score after the last game, as gnubg's import computes it.
    pub final_score: [u32; 2],
    /// Problems, in file order.
    pub diagnostics: Vec<Located>,
    /// File size in bytes.
    pub bytes: usize,
}

impl FileReport {
    /// One-line summary: games, final score, verdict.
    #[must_use]
    pub fn summary(&self) -> String {
        self.summary_styled(&ReportStyle::plain())
    }

    /// The summary line with its file name and verdict marked by `style`.
    #[must_use]
    pub fn summary_styled(&self, style: &ReportStyle) -> String {
        let errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        let warnings = self.diagnostics.len() - errors;
        let length = if self.length == 0 {
            "money session".to_string()
        } else {
            format!("{}-point match", self.length)
        };
        format!(
            "{}: {}, {} game(s), final score {} {}, {} {}: {} ({} error(s), {} warning(s))",
            style::paint(style.location, printable(&self.file)),
            length,
            self.games,
            printable(&self.players[0]),
            self.final_score[0],
            printable(&self.players[1]),
            self.final_score[1],
            style::paint(style.verdict(self.verdict), self.verdict),
            errors,
            warnings
        )
    }
}

/// Why a match could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The errors (with line and column when they come from the text).
    pub diagnostics: Vec<Located>,
}

impl fmt::Display for ReadError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.diagnostics.first() {
            Some(first) => write!(
                formatter,
                "{}:{}:{}: {}: {}",
                first.file, first.line, first.column, first.kind, first.message
            )?,
            None => write!(formatter, "the match cannot be read")?,
        }
        if self.diagnostics.len() > 1 {
            write!(formatter, " (and {} more)", self.diagnostics.len() - 1)?;
        }
        Ok(())
    }
}

impl std::error::Error for ReadError {}

/// Reads, checks and replays `text` in `format`: the record (if any game could be read) and
/// all diagnostics, sorted by position.
#[must_use]
pub fn check_text(text: &str, format: Format) -> (MatchRecord, Vec<Diagnostic>) {
    let (input, mut diagnostics) = match_input(text, format);
    let (record, mut replayed) = replay::replay(&input);
    diagnostics.append(&mut replayed);
    diagnostics.sort_by_key(|d| (d.span.start, std::cmp::Reverse(d.severity)));
    (record, diagnostics)
}

/// Reads `text` in `format` into the replay's input (the written events with their spans)
/// and the reader's diagnostics, without replaying it.
#[must_use]
pub fn match_input(text: &str, format: Format) -> (MatchInput, Vec<Diagnostic>) {
    match format {
        Format::Mat => {
            let (file, syntax) = mat::parse_mat(text);
            let (input, mut more) = mat_input(&file);
            let mut all = syntax;
            all.append(&mut more);
            (input, all)
        }
        Format::Sgf => sgf::sgf_input(text),
    }
}

/// Reads a match from text; fails when the text has errors.
pub fn read_match_text(text: &str, format: Format) -> Result<MatchRecord, ReadError> {
    let (record, diagnostics) = check_text(text, format);
    let index = LineIndex::new(text);
    let errors: Vec<Located> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| Located::new("<text>", text, &index, d))
        .collect();
    if errors.is_empty() {
        Ok(record)
    } else {
        Err(ReadError {
            diagnostics: errors,
        })
    }
}

/// Reads a match file (format from the extension); fails on I/O errors or errors in the file.
pub fn read_match(path: &Path) -> Result<MatchRecord, ReadError> {
    let name = path.display().to_string();
    let unreadable = |message: String| ReadError {
        diagnostics: vec![Located::new(
            &name,
            "",
            &LineIndex::new(""),
            &Diagnostic::error(DiagnosticKind::Unreadable, Span::at(0), message),
        )],
    };
    let bytes = read_file(path).map_err(|error| unreadable(error.to_string()))?;
    let (text, _) = decode(&bytes).map_err(|d| unreadable(d.message))?;
    let format = Format::from_path(path);
    read_match_text(&text, format).map_err(|mut error| {
        for located in &mut error.diagnostics {
            located.file.clone_from(&name);
        }
        error
    })
}

/// One file read and checked: its text, the replayed record, the diagnostics with their
/// spans, and the report `tavli validate` prints.
#[derive(Clone, Debug)]
pub struct CheckedFile {
    /// The decoded text ("" when the bytes could not be decoded).
    pub text: String,
    /// The format read.
    pub format: Format,
    /// The replayed match; `None` when the bytes could not be decoded.
    pub record: Option<MatchRecord>,
    /// Every diagnostic with its span in `text`, in the order of `report.diagnostics`.
    pub diagnostics: Vec<Diagnostic>,
    /// The report.
    pub report: FileReport,
}

/// Checks the bytes of one file called `name`; `format` `None` picks by extension and content.
#[must_use]
pub fn validate_bytes(name: &str, bytes: &[u8], format: Option<Format>) -> FileReport {
    check_bytes(name, bytes, format).report
}

/// As [`validate_bytes`], keeping the text, the record and the diagnostics' spans.
#[must_use]
pub fn check_bytes(name: &str, bytes: &[u8], format: Option<Format>) -> CheckedFile {
    let (text, mut diagnostics) = match decode(bytes) {
        Ok(decoded) => decoded,
        Err(diagnostic) => {
            let index = LineIndex::new("");
            let format = format.unwrap_or(Format::Mat);
            return CheckedFile {
                text: String::new(),
                format,
                record: None,
                report: FileReport {
                    file: name.to_string(),
                    format,
                    verdict: Verdict::Invalid,
                    players: [String::new(), String::new()],
                    length: 0,
                    games: 0,
                    finished_games: 0,
                    final_score: [0, 0],
                    diagnostics: vec![Located::new(name, "", &index, &diagnostic)],
                    bytes: bytes.len(),
                },
                diagnostics: vec![diagnostic],
            };
        }
    };
    let format = format.unwrap_or_else(|| {
        let by_name = Format::from_path(Path::new(name));
        if by_name == Format::Sgf {
            by_name
        } else {
            Format::sniff(&text)
        }
    });
    let (record, mut found) = check_text(&text, format);
    diagnostics.append(&mut found);
    diagnostics.sort_by_key(|d| (d.span.start, std::cmp::Reverse(d.severity)));
    let located: Vec<Located> = if diagnostics.is_empty() {
        Vec::new()
    } else {
        let index = LineIndex::new(&text);
        diagnostics
            .iter()
            .map(|d| Located::new(name, &text, &index, d))
            .collect()
    };
    let verdict = if located.iter().any(|d| d.severity == Severity::Error) {
        Verdict::Invalid
    } else if located.is_empty() {
        Verdict::Valid
    } else {
        Verdict::ValidWithWarnings
    };
    let report = FileReport {
        file: name.to_string(),
        format,
        verdict,
        players: record.players.clone(),
        length: record.length,
        games: record.games.len(),
        finished_games: record.finished_games(),
        final_score: record.final_score(),
        diagnostics: located,
        bytes: bytes.len(),
    };
    CheckedFile {
        text,
        format,
        record: Some(record),
        diagnostics,
        report,
    }
}

/// Checks the file at `path` (I/O errors become an `unreadable` diagnostic).
#[must_use]
pub fn validate_path(path: &Path) -> FileReport {
    let name = path.display().to_string();
    match read_file(path) {
        Ok(bytes) => validate_bytes(&name, &bytes, None),
        Err(error) => unreadable_report(&name, Format::from_path(path), &error),
    }
}

/// The report of a file or stream `name` that could not be read (or was too large).
#[must_use]
pub fn unreadable_report(name: &str, format: Format, error: &InputError) -> FileReport {
    let message = match error {
        InputError::TooLarge => error.to_string(),
        InputError::Io(error) => format!("cannot read the file: {}", io_reason(error)),
    };
    let diagnostic = Diagnostic::error(DiagnosticKind::Unreadable, Span::at(0), message);
    FileReport {
        file: name.to_string(),
        format,
        verdict: Verdict::Invalid,
        players: [String::new(), String::new()],
        length: 0,
        games: 0,
        finished_games: 0,
        final_score: [0, 0],
        diagnostics: vec![Located::new(name, "", &LineIndex::new(""), &diagnostic)],
        bytes: 0,
    }
}

/// Turns a .mat syntax tree into replay input (header meaning, players, columns as sides).
fn mat_input(file: &MatFile) -> (MatchInput, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let mut input = MatchInput {
        length: file.length.as_ref().map(|l| (l.value, l.span)),
        jacoby: true,
        jacoby_assumed: true,
        crawford_rule: true,
        drops_opening_resignations: true,
        ..MatchInput::default()
    };
    if file.length.is_none() {
        let span = file.games.first().map_or(Span::at(0), |g| g.number.span);
        diagnostics.push(Diagnostic::error(
            DiagnosticKind::BadHeader,
            span,
            "no ` N point match` line before the first game",
        ));
    }
    for line in &file.header {
        match line.key.as_deref() {
            Some(key @ ("Site" | "Event" | "Round" | "EventDate" | "Transcriber")) => {
                input.info.push((key.to_string(), line.value.clone()));
            }
            Some("Variation") => match replay::variant_from_header(&line.value) {
                Some(variant) => input.variant = variant,
                None => diagnostics.push(Diagnostic::error(
                    DiagnosticKind::BadHeader,
                    line.span,
                    format!("variation `{}` is not supported (standard, nackgammon, hypergammon, Old English, Portes, Plakoto, Fevga and Athroisma are)", line.value),
                )),
            },
            Some("Jacoby") => {
                input.jacoby = !line.value.eq_ignore_ascii_case("off");
                input.jacoby_assumed = false;
            }
            Some(_) => {}
            None => input.comment.push(line.value.clone()),
        }
    }
    if file.games.is_empty() {
        diagnostics.push(Diagnostic::error(
            DiagnosticKind::Truncated,
            file.length.as_ref().map_or(Span::at(0), |l| l.span),
            "the file has no games",
        ));
    }
    for (index, game) in file.games.iter().enumerate() {
        if game.number.value as usize != index + 1 {
            diagnostics.push(Diagnostic::warning(
                DiagnosticKind::BadHeader,
                game.number.span,
                format!("game {} is numbered {}", index + 1, game.number.value),
            ));
        }
        if let Some(score) = &game.score_line {
            let names = [&score.names[0].value, &score.names[1].value];
            if index == 0 {
                input.players = [names[0].clone(), names[1].clone()];
            } else if names[0] == &input.players[1] && names[1] == &input.players[0] {
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::BadHeader,
                    score.names[0].span,
                    "the players' names are swapped from game 1's: the columns are read as in game 1",
                ));
            } else {
                for (name, first) in score.names.iter().zip(&input.players) {
                    if !first.is_empty() && &name.value != first {
                        diagnostics.push(Diagnostic::warning(
                            DiagnosticKind::BadHeader,
                            name.span,
                            format!(
                                "`{}` where game 1 names `{first}` in this column: read as the same player",
                                name.value
                            ),
                        ));
                    }
                }
            }
            if score.names[0].value.is_empty() {
                diagnostics.push(Diagnostic::error(
                    DiagnosticKind::BadHeader,
                    Span::at(score.names[0].span.start),
                    "player 0's name is empty (gnubg rejects the file)",
                ));
            }
            if score.names[1].value.is_empty() {
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::BadHeader,
                    Span::at(score.names[1].span.start),
                    "player 1's name is empty (gnubg misreads the score line)",
                ));
            }
        }
        let events = game
            .cells
            .iter()
            .filter_map(|cell| {
                let side = Side::from_index(cell.column)?;
                let kind = match &cell.action {
                    Action::Roll {
                        dice,
                        moves,
                        cannot_move,
                        label,
                    } => EventKind::Roll {
                        dice: dice.value,
                        dice_span: dice.span,
                        moves: moves.iter().map(|m| (m.value.clone(), m.span)).collect(),
                        cannot_move: *cannot_move,
                        label: *label,
                        dice_only: false,
                    },
                    Action::Double(value) => EventKind::Double(*value),
                    Action::Take => EventKind::Take,
                    Action::Drop => EventKind::Drop,
                    Action::Beaver(value) | Action::Raccoon(value) => EventKind::Beaver(*value),
                    Action::Wins { points, and_match } => EventKind::Wins {
                        points: *points,
                        and_match: *and_match,
                    },
                    Action::Losses(points) => EventKind::Losses(*points),
                    Action::Unreadable => EventKind::Unreadable,
                };
                Some(Event {
                    side,
                    kind,
                    span: cell.span,
                })
            })
            .collect();
        input.games.push(GameInput {
            header: game.number.span,
            score: game
                .score_line
                .as_ref()
                .map(|s| ([s.scores[0].value, s.scores[1].value], s.span)),
            events,
            declared: None,
            end: game.end,
            declared_crawford: None,
        });
    }
    (input, diagnostics)
}
