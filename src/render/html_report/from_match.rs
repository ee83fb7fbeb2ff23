//! Fills a [`Report`] from a checked match file: the header, every game's moves and final
//! board, and one note per diagnostic with the board before the offending record.

use super::{plural, GameSection, Note, NoteKind, Report};
use crate::matchfile::diagnostic::Span;
use crate::matchfile::diagnostic::{DiagnosticKind, Severity};
use crate::matchfile::positions::{
    closest_legal_plays, game_turns, place_diagnostic, DiagnosticPlace,
};
use crate::matchfile::record::{RecordedEnding, RecordedResult};
use crate::matchfile::{match_input, CheckedFile, Verdict};
use crate::rules::{GameState, MatchState, Resignation, Side, Variant};

/// Diagnostics placed on the board at most on one page (a badly broken file has many, and
/// each is placed by replaying the file up to it); later ones are listed without a board.
pub const MAX_DIAGNOSTIC_BOARDS: usize = 100;

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

/// The report of `checked` (from [`crate::matchfile::check_bytes`]).
#[must_use]
pub fn report_of(checked: &CheckedFile) -> Report {
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
        add_diagnostic_notes(checked, &mut report);
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
    for (index, (game, turns)) in record.games.iter().zip(game_turns(record)).enumerate() {
        let mut heading = format!(
            "Game {}: {} {}, {} {}",
            index + 1,
            display[0],
            game.score[0],
            display[1],
            game.score[1]
        );
        if game.crawford {
            heading.push_str(" (Crawford game)");
        }
        let final_board = turns.last().map(|turn| {
            let mut state: MatchState = turn.before;
            state.board = turn.after;
            state.dice = None;
            state.double_offered = false;
            state.on_roll = turn.side.opponent();
            // A game that ended shows nobody on roll.
            if let Some(result) = &game.result {
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
            (state, caption)
        });
        report.games.push(GameSection {
            heading,
            moves: turns
                .iter()
                .map(|turn| (turn.side, turn.text.clone()))
                .collect(),
            result: game
                .result
                .map_or_else(String::new, |result| result_words(&display, &result)),
            notes: Vec::new(),
            final_board,
        });
    }
    add_diagnostic_notes(checked, &mut report);
    report
}

/// One note per diagnostic, with the board before the record it is about where it has one.
fn add_diagnostic_notes(checked: &CheckedFile, report: &mut Report) {
    let (input, _) = match_input(&checked.text, checked.format);
    let mut boards = 0;
    let mut placed = 0;
    let mut last_record = None;
    for (located, diagnostic) in checked.report.diagnostics.iter().zip(&checked.diagnostics) {
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
            board: None,
        };
        // Placing a diagnostic replays the file up to it: only the first ones get a board.
        let place = if checked.record.is_some() && placed < MAX_DIAGNOSTIC_BOARDS {
            placed += 1;
            place_diagnostic(&input, diagnostic)
        } else {
            None
        };
        let Some(place) = place else {
            note.details
                .push(("Line".to_string(), located.source_line.clone()));
            note.details
                .push(("Why".to_string(), located.message.clone()));
            let game = input
                .games
                .iter()
                .rposition(|game| game.header.start <= diagnostic.span.start);
            match game {
                Some(game) if checked.record.is_some() => report.add_note(game, note),
                _ => report.file_notes.push(note),
            }
            continue;
        };
        if let Some(previous) = merge_into(report, &place, &last_record) {
            previous
                .details
                .push((format!("Also ({})", kind.class()), located.message.clone()));
            continue;
        }
        last_record = Some((place.game, place.record));
        let written = checked
            .text
            .get(place.record.start..place.record.end)
            .unwrap_or("")
            .trim()
            .to_string();
        note.turn = Some(place.turn);
        note.on_move = place.recorded;
        note.details.push(("Written".to_string(), written.clone()));
        if let Some(dice) = place.dice {
            note.details.push((
                "Dice".to_string(),
                format!("{}-{}", dice.first(), dice.second()),
            ));
        }
        note.details
            .push(("Why".to_string(), located.message.clone()));
        if diagnostic.kind == DiagnosticKind::IllegalMove {
            if let Some(dice) = place.dice {
                let moves = written.split_once(':').map_or(written.as_str(), |(_, m)| m);
                let closest = closest_legal_plays(&place.before, dice, moves, 3);
                let label = if closest.is_empty() {
                    "No legal play: the roll cannot be played".to_string()
                } else {
                    "The legal plays that come closest".to_string()
                };
                note.lists.push((label, closest));
            }
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
        report.add_note(place.game, note);
    }
}

/// The note already made for the record `place` is about, when the previous placed
/// diagnostic was about the same record (one card per record).
fn merge_into<'a>(
    report: &'a mut Report,
    place: &DiagnosticPlace,
    last: &Option<(usize, Span)>,
) -> Option<&'a mut Note> {
    if *last != Some((place.game, place.record)) {
        return None;
    }
    report
        .games
        .get_mut(place.game)?
        .notes
        .iter_mut()
        .rev()
        .find(|note| note.turn == Some(place.turn))
}
