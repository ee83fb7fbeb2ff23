//! Fills a [`Report`] from a checked match file: the header, every game's moves and final
//! board, and one note per diagnostic with the board before the offending record (as many
//! as the text report lists; a long run of unreadable lines is one row).

use super::{plural, GameSection, MoveRow, Note, NoteKind, Report};
use crate::matchfile::diagnostic::{DiagnosticKind, Severity};
use crate::matchfile::positions::{closest_legal_plays, place_diagnostic, Turn};
use crate::matchfile::record::{RecordedEnding, RecordedResult};
use crate::matchfile::written::{
    written_match, BoardKnowledge, RecordKind, WrittenEnding, WrittenGame,
};
use crate::matchfile::{match_input, CheckedFile, Verdict};
use crate::rules::{GameState, MatchState, Resignation, Side, Variant};

/// Diagnostics placed on the board at most on one page (a badly broken file has many, and
/// each is placed by replaying the file up to it); later ones are listed without a board.
pub const MAX_DIAGNOSTIC_BOARDS: usize = 100;

/// Unreadable records of one run shown on rows of their own: the rest of the run is one
/// row saying how many lines it holds (a file of many bad lines would make a page of them).
pub const UNREADABLE_ROWS: usize = 3;

fn name(names: &[String; 2], side: Side) -> String {
    let name = names[side.index()].trim();
    if name.is_empty() {
        format!("player {}", side.index())
    } else {
        name.to_string()
    }
}

fn result_words(names: &[String; 2], result: &RecordedResult) -> String {
    let how = match result.ending {
        RecordedEnding::BearOff => "by bearing off".to_string(),
        RecordedEnding::Dropped => "when the double was dropped".to_string(),
        RecordedEnding::Resigned(resignation) => {
            let what = match resignation {
                Resignation::Single => "a single game",
                Resignation::Gammon => "a gammon",
                Resignation::Backgammon => "a backgammon",
            };
            format!("by resignation ({what})")
        }
        RecordedEnding::Mother => "by pinning the mother checker".to_string(),
    };
    format!(
        "{} wins {} point{} {how}.",
        name(names, result.winner),
        result.points,
        plural(result.points as usize)
    )
}

/// The variant in words for the header.
fn variant_words(variant: Variant) -> String {
    match variant {
        Variant::Standard => "standard backgammon".to_string(),
        other => other.name().replace('-', " "),
    }
}

/// The report of `checked` (from [`crate::matchfile::check_bytes`]), with a note for each
/// of the diagnostics the text report lists ([`crate::matchfile::LISTED_DIAGNOSTICS`]).
#[must_use]
pub fn report_of(checked: &CheckedFile) -> Report {
    report_listing(checked, crate::matchfile::LISTED_DIAGNOSTICS)
}

/// [`report_of`] with a note for each of the first `limit` diagnostics (0: every one), as
/// `tavli validate --max-diagnostics` lists them; one note about the file counts the rest.
#[must_use]
pub fn report_listing(checked: &CheckedFile, limit: usize) -> Report {
    let file = &checked.report;
    let names = checked
        .record
        .as_ref()
        .map_or_else(|| file.players.clone(), |record| record.players.clone());
    let display = [name(&names, Side::O), name(&names, Side::X)];
    let errors = file
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    let warnings = file.diagnostics.len() - errors;
    let verdict_class = match file.verdict {
        Verdict::Valid => "valid",
        Verdict::ValidWithWarnings => "valid-with-warnings",
        Verdict::Invalid => "invalid",
    };
    let mut report = Report {
        title: file.file.clone(),
        verdict: (
            format!(
                "{}: {errors} error{}, {warnings} warning{}",
                file.verdict,
                plural(errors),
                plural(warnings)
            ),
            verdict_class.to_string(),
        ),
        final_score: format!(
            "Final score: {} {}, {} {}",
            display[0], file.final_score[0], display[1], file.final_score[1]
        ),
        names: display.clone(),
        ..Report::default()
    };
    let Some(record) = &checked.record else {
        report
            .header
            .push(format!("{} file", checked.format.name()));
        add_diagnostic_notes(checked, &[], limit, &mut report);
        return report;
    };
    let length = if record.length == 0 {
        "Money session".to_string()
    } else {
        format!("{}-point match", record.length)
    };
    report.header.push(format!(
        "{length} of {}: {} (O) against {} (X); {} game{}, {} finished ({} file)",
        variant_words(record.variant),
        display[0],
        display[1],
        record.games.len(),
        plural(record.games.len()),
        record.finished_games(),
        checked.format.name()
    ));
    for (key, value) in &record.info {
        report.header.push(format!("{key}: {value}"));
    }
    for line in record.comment.iter().filter(|line| !line.trim().is_empty()) {
        report.header.push(line.trim().to_string());
    }
    let written = written_match(&checked.text, checked.format);
    let last_game = written.games.len().saturating_sub(1);
    let mut rows_of_records = Vec::new();
    for (index, game) in written.games.iter().enumerate() {
        let replayed = written.record.games.get(index);
        let score = replayed.map(|g| g.score).or(game.score).unwrap_or([0, 0]);
        let mut heading = format!(
            "Game {}: {} {}, {} {}",
            index + 1,
            display[0],
            score[0],
            display[1],
            score[1]
        );
        if replayed.is_some_and(|g| g.crawford) {
            heading.push_str(" (Crawford game)");
        }
        if !game.replayed {
            heading.push_str(" (not replayed)");
        }
        let turns = written.turns.get(index).map_or(&[][..], Vec::as_slice);
        let (moves, rows) = move_rows(game, turns);
        rows_of_records.push(rows);
        report.games.push(GameSection {
            heading,
            moves,
            result: ending_words(&display, game, index == last_game),
            result_written: game
                .ending
                .as_ref()
                .map(|ending| (ending.text.clone(), ending.line)),
            notes: Vec::new(),
            final_board: final_board(&display, index, game, turns),
            graph: None,
        });
    }
    add_diagnostic_notes(checked, &rows_of_records, limit, &mut report);
    report
}

/// The rows of `game`'s records, and for each record the index of its row: each record has
/// a row, but after [`UNREADABLE_ROWS`] unreadable records in a run the rest of the run is
/// one row (`1,800 more lines the reader could not read: lines 78 to 1877`).
fn move_rows(game: &WrittenGame, turns: &[Turn]) -> (Vec<MoveRow>, Vec<usize>) {
    let mut rows: Vec<MoveRow> = Vec::new();
    let mut row_of_record = Vec::with_capacity(game.records.len());
    // The unreadable records of the current run, and the first one grouped with its count.
    let mut run = 0;
    let mut grouped: Option<(usize, usize)> = None;
    for (index, record) in game.records.iter().enumerate() {
        if record.kind == RecordKind::Unreadable {
            run += 1;
        } else {
            run = 0;
        }
        if run > UNREADABLE_ROWS {
            let (first, count) = grouped.get_or_insert((index, 0));
            *count += 1;
            let first = &game.records[*first];
            let words = format!(
                "{} more line{} the reader could not read: {}",
                count,
                plural(*count),
                if *count == 1 {
                    format!("line {}", first.line)
                } else {
                    format!("lines {} to {}", first.line, record.line)
                }
            );
            if *count == 1 {
                rows.push(MoveRow {
                    side: None,
                    text: words.clone(),
                    written: words,
                    line: record.line,
                    board: record.board,
                });
            } else if let Some(row) = rows.last_mut() {
                row.text.clone_from(&words);
                row.written = words;
            }
            row_of_record.push(rows.len() - 1);
            continue;
        }
        grouped = None;
        row_of_record.push(rows.len());
        rows.push(MoveRow {
            side: record.side,
            text: match record.turn {
                Some(turn) => turns[turn].text.clone(),
                None => record.readable.clone(),
            },
            written: record.text.clone(),
            line: record.line,
            board: record.board,
        });
    }
    (rows, row_of_record)
}

/// The words of a game's ending: the replay's result where the replay followed the whole
/// game on the board, the file's written ending otherwise (said to be unchecked).
fn ending_words(names: &[String; 2], game: &WrittenGame, last_game: bool) -> String {
    let unknown = game
        .records
        .iter()
        .find(|record| record.board == BoardKnowledge::Unknown);
    if let (Some(result), None) = (game.replayed_result, unknown) {
        let mut words = result_words(names, &result);
        if let Some(written) = &game.ending {
            if written.winner != result.winner || written.points != result.points {
                words.push_str(&format!(
                    " The file writes otherwise: {} wins {} point{} (`{}`, line {}).",
                    name(names, written.winner),
                    written.points,
                    plural(written.points as usize),
                    written.text,
                    written.line
                ));
            }
        }
        return words;
    }
    let Some(written) = &game.ending else {
        return if last_game {
            "The record stops here: the file ends before this game's result.".to_string()
        } else {
            "The record stops here, without a result.".to_string()
        };
    };
    let mut words = format!(
        "{} wins {} point{}{}{}, as the file writes (`{}`, line {}).",
        name(names, written.winner),
        written.points,
        plural(written.points as usize),
        if written.and_match {
            " and the match"
        } else {
            ""
        },
        written_how(game, written),
        written.text,
        written.line
    );
    if let Some(unknown) = unknown {
        words.push_str(&format!(
            " The board is not known from line {} on: this ending is not checked on the board.",
            unknown.line
        ));
    } else if !game.replayed {
        words.push_str(" The replay did not reach this game.");
    } else {
        words.push_str(" The replay does not end the game so (see the notes).");
    }
    words
}

/// How the file's records before its written ending end the game: a drop, a resignation,
/// or the winner's last play bearing off; empty when they do not say.
fn written_how(game: &WrittenGame, written: &WrittenEnding) -> &'static str {
    let last = game
        .records
        .iter()
        .rev()
        // SGF declares the result in the root node, before the records.
        .filter(|record| {
            record.span.start < written.span.start || written.span.start <= game.header.end
        })
        .find(|record| record.kind != RecordKind::Result);
    match last.map(|record| (record.kind, record.side)) {
        Some((RecordKind::Cube { drop: true }, _)) => " when the double was dropped",
        _ if written.resigned => " by resignation",
        Some((RecordKind::Roll { bears_off: true }, Some(side))) if side == written.winner => {
            " by bearing off (the last play as written)"
        }
        _ => "",
    }
}

/// The board after the last record of the game the replay followed on the board, and its
/// caption; after the end the state shows nobody on roll.
fn final_board(
    display: &[String; 2],
    index: usize,
    game: &WrittenGame,
    turns: &[Turn],
) -> Option<(MatchState, String)> {
    let (at, record) = game
        .records
        .iter()
        .enumerate()
        .rev()
        .find(|(_, record)| record.turn.is_some())?;
    let turn = &turns[record.turn?];
    let mut state: MatchState = turn.before;
    state.board = turn.after;
    state.dice = None;
    state.double_offered = false;
    state.on_roll = turn.side.opponent();
    let unknown = game.records[at..]
        .iter()
        .find(|record| record.board == BoardKnowledge::Unknown);
    if let Some(unknown) = unknown {
        let caption = format!(
            "The last board known in game {}: after line {} ({} by {}). The records from line {} on cannot be set up on a board.",
            index + 1,
            record.line,
            turn.text,
            display[turn.side.index()],
            unknown.line
        );
        return Some((state, caption));
    }
    // A game that ended shows nobody on roll.
    if let Some(result) = &game.replayed_result {
        state.game_state = match result.ending {
            RecordedEnding::BearOff | RecordedEnding::Mother => GameState::Over,
            RecordedEnding::Dropped => GameState::Dropped,
            RecordedEnding::Resigned(_) => GameState::Resigned,
        };
    }
    let caption = format!(
        "After the last move of game {} ({} by {}).",
        index + 1,
        turn.text,
        display[turn.side.index()]
    );
    Some((state, caption))
}

/// The row of game `game` whose record holds the offset `at`.
fn row_at(report: &Report, game: usize, rows: &[(usize, usize)], at: usize) -> Option<usize> {
    report.games.get(game)?;
    rows.iter()
        .position(|&(start, end)| start <= at && at < end.max(start + 1))
}

/// One note per diagnostic, on the row of the record it is about (`rows`: each game's row of
/// each record; with the board before it where the replay knows it), or on the game or the
/// file; after the first `limit` (0: no limit), one note about the file counts the rest.
fn add_diagnostic_notes(
    checked: &CheckedFile,
    rows: &[Vec<usize>],
    limit: usize,
    report: &mut Report,
) {
    let (input, _) = match_input(&checked.text, checked.format);
    let written = checked
        .record
        .as_ref()
        .map(|_| written_match(&checked.text, checked.format));
    let spans: Vec<Vec<(usize, usize)>> = written.as_ref().map_or_else(Vec::new, |written| {
        written
            .games
            .iter()
            .map(|game| {
                game.records
                    .iter()
                    .map(|record| (record.span.start, record.span.end))
                    .collect()
            })
            .collect()
    });
    let mut boards = 0;
    let mut placed = 0;
    let mut last_row: Option<(usize, usize)> = None;
    let mut unlisted = [0usize; 2];
    let listed = checked.report.diagnostics.iter().zip(&checked.diagnostics);
    for (index, (located, diagnostic)) in listed.enumerate() {
        if limit != 0 && index >= limit {
            unlisted[usize::from(located.severity == Severity::Warning)] += 1;
            continue;
        }
        let kind = match located.severity {
            Severity::Error => NoteKind::Error,
            Severity::Warning => NoteKind::Warning,
        };
        let mut note = Note {
            kind,
            turn: None,
            on_move: false,
            heading: format!(
                "Line {}, column {}: {} ({})",
                located.line,
                located.column,
                located.kind,
                kind.class()
            ),
            details: Vec::new(),
            lists: Vec::new(),
            tables: Vec::new(),
            mark: String::new(),
            board: None,
        };
        let at = diagnostic.span.start;
        let game = input
            .games
            .iter()
            .rposition(|game| game.header.start <= at)
            .filter(|_| written.is_some());
        let row = game.and_then(|game| {
            let record = row_at(report, game, spans.get(game)?, at)?;
            Some((game, record, *rows.get(game)?.get(record)?))
        });
        let Some((game, record, row)) = row else {
            note.details
                .push(("Line".to_string(), located.source_line.clone()));
            note.details
                .push(("Why".to_string(), located.message.clone()));
            match game {
                Some(game) => report.add_note(game, note),
                None => report.file_notes.push(note),
            }
            continue;
        };
        if last_row == Some((game, row)) {
            if let Some(previous) = report.games[game]
                .notes
                .iter_mut()
                .rev()
                .find(|note| note.turn == Some(row))
            {
                previous
                    .details
                    .push((format!("Also ({})", kind.class()), located.message.clone()));
                // The card and its row show the worst of what is said about the record.
                if kind == NoteKind::Error && previous.kind == NoteKind::Warning {
                    previous.kind = NoteKind::Error;
                    previous.heading = previous
                        .heading
                        .replace("(warning)", "(warning, and an error)");
                }
                continue;
            }
        }
        last_row = Some((game, row));
        let (start, end) = spans[game][record];
        let text = checked
            .text
            .get(start..end)
            .unwrap_or("")
            .trim()
            .to_string();
        note.turn = Some(row);
        note.on_move = true;
        note.details.push(("Written".to_string(), text.clone()));
        // Placing a diagnostic replays the file up to it: only the first ones get a board,
        // and only where the replay knows the board.
        let board = written
            .as_ref()
            .map_or(BoardKnowledge::NotReplayed, |written| {
                written.games[game].records[record].board
            });
        let known = board == BoardKnowledge::Known;
        let place = if known && placed < MAX_DIAGNOSTIC_BOARDS {
            placed += 1;
            place_diagnostic(&input, diagnostic).filter(|place| place.game == game)
        } else {
            None
        };
        if let Some(dice) = place.as_ref().and_then(|place| place.dice) {
            note.details.push((
                "Dice".to_string(),
                format!("{}-{}", dice.first(), dice.second()),
            ));
        }
        note.details
            .push(("Why".to_string(), located.message.clone()));
        if let Some(place) = place {
            if let (DiagnosticKind::IllegalMove, Some(dice)) = (diagnostic.kind, place.dice) {
                let moves = text.split_once(':').map_or(text.as_str(), |(_, m)| m);
                let closest = closest_legal_plays(&place.before, dice, moves, 3);
                let label = if closest.is_empty() {
                    "No legal play: the roll cannot be played".to_string()
                } else {
                    "The legal plays that come closest".to_string()
                };
                note.lists.push((label, closest));
            }
            if boards < MAX_DIAGNOSTIC_BOARDS {
                boards += 1;
                let side = place.before.on_roll;
                let doing = match place.dice {
                    Some(dice) => format!("to play {}-{}", dice.first(), dice.second()),
                    None => "to act".to_string(),
                };
                let caption = format!(
                    "Before line {}: {} {doing}.",
                    located.line,
                    report.names[side.index()]
                );
                note.board = Some((place.before, caption));
            }
        } else {
            let why = match board {
                BoardKnowledge::Known => None,
                BoardKnowledge::Unknown => {
                    Some("not known here: an earlier record could not be set up on the board")
                }
                BoardKnowledge::AfterEnd => Some("the replay's game was over before this record"),
                BoardKnowledge::NotReplayed => Some("not replayed: this game is not checked"),
            };
            if let Some(why) = why {
                note.details.push(("Board".to_string(), why.to_string()));
            }
        }
        report.add_note(game, note);
    }
    if let Some(note) = unlisted_note(unlisted, limit) {
        report.file_notes.push(note);
    }
}

/// The note about the diagnostics past the first `limit` (`unlisted`: errors, warnings), in
/// the words of the text report; `None` when every one has its note.
fn unlisted_note(unlisted: [usize; 2], limit: usize) -> Option<Note> {
    let counted = |count: usize, noun: &str| format!("{count} more {noun}{}", plural(count));
    let (left, kind) = match unlisted {
        [0, 0] => return None,
        [errors, 0] => (counted(errors, "error"), NoteKind::Error),
        [0, warnings] => (counted(warnings, "warning"), NoteKind::Warning),
        [errors, warnings] => (
            format!(
                "{} and {}",
                counted(errors, "error"),
                counted(warnings, "warning")
            ),
            NoteKind::Error,
        ),
    };
    Some(Note {
        kind,
        turn: None,
        on_move: false,
        heading: format!("... and {left} not listed"),
        details: vec![(
            "Why".to_string(),
            format!(
                "the page has a note for each of the first {limit} diagnostics, as the text \
                 report lists them; `tavli validate --max-diagnostics 0` lists them all"
            ),
        )],
        lists: Vec::new(),
        tables: Vec::new(),
        mark: String::new(),
        board: None,
    })
}
