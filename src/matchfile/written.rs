//! The match as written, record by record, beside what the replay made of each: a report
//! lists every record of the file once, in file order, with the replay's turn where it has
//! one and the written text where the replay could not follow (after an unreadable or
//! unusable record the board is no longer known), and each game's ending as the file
//! writes it. Nothing here changes how a file is replayed or judged.

use super::diagnostic::{Diagnostic, DiagnosticKind, LineIndex, Severity, Span};
use super::positions::{game_turns, Turn};
use super::record::{MatchRecord, RecordedResult};
use super::replay::{replay_traced, EventKind, EventTrace, GameInput};
use super::{match_input, Format};
use crate::rules::Side;

/// A match file read record by record, and its replay.
#[derive(Clone, Debug)]
pub struct WrittenMatch {
    /// The games as written, in file order (also those the replay did not reach).
    pub games: Vec<WrittenGame>,
    /// The replayed match (its games are the first of [`WrittenMatch::games`]).
    pub record: MatchRecord,
    /// The replay's turns of each replayed game ([`game_turns`]).
    pub turns: Vec<Vec<Turn>>,
}

/// One game as written.
#[derive(Clone, Debug)]
pub struct WrittenGame {
    /// The game's header (the ` Game N` line, or the SGF root node).
    pub header: Span,
    /// The score before the game as written.
    pub score: Option<[u32; 2]>,
    /// Every record, in file order.
    pub records: Vec<WrittenRecord>,
    /// The ending as the file writes it (its first `Wins 2 points`, else its first `Losses 1
    /// point`, or `RE[W+2]`).
    pub ending: Option<WrittenEnding>,
    /// How the replay ended the game, when it reached the game and the game ended there.
    pub replayed_result: Option<RecordedResult>,
    /// Whether the replay reached this game (not after the match was won).
    pub replayed: bool,
}

/// What the replay knew of the board at a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardKnowledge {
    /// The replay followed the record on the board.
    Known,
    /// An earlier record could not be set up on the board: this one is kept as written.
    Unknown,
    /// The replay's game was already over (the record is written after the end).
    AfterEnd,
    /// The replay did not reach this game.
    NotReplayed,
}

/// What kind of record it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// A roll and its play.
    Roll {
        /// Whether the written play bears a checker off.
        bears_off: bool,
    },
    /// A double, take, drop or beaver.
    Cube {
        /// Whether it is a drop (the game ends there).
        drop: bool,
    },
    /// `Wins N points` or `Losses N points`.
    Result,
    /// A board set up by editing (SGF).
    SetBoard,
    /// Text the reader could not read as a record.
    Unreadable,
}

/// One written record.
#[derive(Clone, Debug)]
pub struct WrittenRecord {
    /// The column or colour it is written under (`None` for unreadable text the reader could
    /// not place).
    pub side: Option<Side>,
    /// Where it is: from its first character to the last of its text.
    pub span: Span,
    /// Its line (1-based).
    pub line: usize,
    /// The text as written: a .mat cell (`53: 24/19 6/3`), an SGF move value (`53lqdg`).
    pub text: String,
    /// The record in words where the format is not readable as is (an SGF move in gnubg's
    /// notation, as written: `53: 24/19 6/3`); the text otherwise.
    pub readable: String,
    /// What it is.
    pub kind: RecordKind,
    /// The index in the game's turns of the turn the replay made of it, if any.
    pub turn: Option<usize>,
    /// What the replay knew of the board there.
    pub board: BoardKnowledge,
}

/// A game's ending as the file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenEnding {
    /// The winner.
    pub winner: Side,
    /// The points written.
    pub points: u32,
    /// `and the match` was written.
    pub and_match: bool,
    /// Written as a resignation or forfeit (`Losses`, `RE[W+2R]`).
    pub resigned: bool,
    /// The text as written.
    pub text: String,
    /// Where.
    pub span: Span,
    /// Its line (1-based).
    pub line: usize,
}

/// Reads `text` in `format` record by record and replays it.
#[must_use]
pub fn written_match(text: &str, format: Format) -> WrittenMatch {
    let (input, reader) = match_input(text, format);
    let (record, _, traces) = replay_traced(&input);
    let turns = game_turns(&record);
    let index = LineIndex::new(text);
    let line_of = |offset: usize| index.line_column(text, offset).0;
    let unreadable: Vec<&Diagnostic> = reader
        .iter()
        .filter(|d| {
            d.severity == Severity::Error
                && matches!(d.kind, DiagnosticKind::Syntax | DiagnosticKind::Truncated)
        })
        .collect();
    let game_ends: Vec<usize> = input
        .games
        .iter()
        .skip(1)
        .map(|game| game.header.start)
        .chain([text.len()])
        .collect();
    let games = input
        .games
        .iter()
        .enumerate()
        .map(|(number, game)| {
            let trace = traces.get(number).map(Vec::as_slice);
            let game_turns = turns.get(number).map_or(&[][..], Vec::as_slice);
            let mut records = game_records(text, format, game, trace, game_turns, &line_of);
            // An SGF game is its tree; a .mat game runs to the next game's header.
            let end = match format {
                Format::Sgf => game.end.end,
                Format::Mat => game_ends[number],
            };
            let extent = Span::new(game.header.start, end);
            add_unreadable(
                text,
                &unreadable,
                extent,
                trace.is_some(),
                &mut records,
                &line_of,
            );
            WrittenGame {
                header: game.header,
                score: game.score.map(|(score, _)| score),
                ending: ending(text, game, &line_of),
                replayed_result: record.games.get(number).and_then(|g| g.result),
                replayed: trace.is_some(),
                records,
            }
        })
        .collect();
    WrittenMatch {
        games,
        record,
        turns,
    }
}

/// The records of `game`, each with the replay's turn and knowledge of the board.
fn game_records(
    text: &str,
    format: Format,
    game: &GameInput,
    trace: Option<&[EventTrace]>,
    turns: &[Turn],
    line_of: &dyn Fn(usize) -> usize,
) -> Vec<WrittenRecord> {
    let events = &game.events;
    events
        .iter()
        .enumerate()
        .map(|(at, event)| {
            let end = match format {
                Format::Mat => mat_cell_end(text, event.span, events.get(at + 1).map(|e| e.span)),
                Format::Sgf => event.span.end,
            };
            let span = Span::new(event.span.start, end.max(event.span.start));
            let written = collapse(text.get(span.start..span.end).unwrap_or(""));
            let readable = match (format, &event.kind) {
                (Format::Sgf, kind) => sgf_words(kind, &written),
                (Format::Mat, _) => written.clone(),
            };
            let kind = match &event.kind {
                EventKind::Roll { moves, .. } => RecordKind::Roll {
                    bears_off: moves
                        .iter()
                        .any(|(text, _)| text.points.iter().skip(1).any(|&point| point == 0)),
                },
                EventKind::Double(_) | EventKind::Take | EventKind::Beaver(_) => {
                    RecordKind::Cube { drop: false }
                }
                EventKind::Drop => RecordKind::Cube { drop: true },
                EventKind::Wins { .. } | EventKind::Losses(_) => RecordKind::Result,
                EventKind::Unreadable => RecordKind::Unreadable,
                EventKind::SetBoard { .. } => RecordKind::SetBoard,
            };
            let traced = trace.and_then(|trace| trace.get(at));
            let board = match traced {
                None => BoardKnowledge::NotReplayed,
                // A result is written after the end.
                Some(traced) if traced.after_end && kind != RecordKind::Result => {
                    BoardKnowledge::AfterEnd
                }
                Some(traced) if traced.board_known => BoardKnowledge::Known,
                Some(_) => BoardKnowledge::Unknown,
            };
            let turn = traced.and_then(|traced| {
                turns
                    .iter()
                    .position(|turn| traced.actions.contains(&turn.action))
            });
            WrittenRecord {
                side: Some(event.side),
                span,
                line: line_of(span.start),
                text: written,
                readable,
                kind,
                turn: turn.filter(|_| board == BoardKnowledge::Known),
                board,
            }
        })
        .collect()
}

/// Where a .mat cell's text ends: at the next cell of its line or at the line's end (text
/// the reader left unread after an error belongs to the cell before it), without a stray
/// second move number (`24)`) at its end.
fn mat_cell_end(text: &str, span: Span, next: Option<Span>) -> usize {
    let line_end = text[span.start.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |at| span.start + at);
    let end = match next {
        Some(next) if next.start < line_end && next.start >= span.end => next.start,
        _ => line_end,
    };
    let mut cell = text[span.start..end].trim_end();
    if let Some((before, last)) = cell.rsplit_once(char::is_whitespace) {
        if is_move_number(last) {
            cell = before.trim_end();
        }
    }
    (span.start + cell.len()).max(span.end.min(end))
}

/// `24)`: a move number.
fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix(')')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
}

/// `text` with every run of white space made one space.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An SGF event in gnubg's words: `53: 24/19 6/3`, `Doubles`, `Takes`, `Drops`.
fn sgf_words(kind: &EventKind, written: &str) -> String {
    let point = |point: u8| match point {
        25 => "bar".to_string(),
        0 => "off".to_string(),
        point => point.to_string(),
    };
    match kind {
        EventKind::Roll { dice, moves, .. } => {
            let moves: Vec<String> = moves
                .iter()
                .map(|(text, _)| {
                    text.points
                        .iter()
                        .map(|&p| point(p))
                        .collect::<Vec<_>>()
                        .join("/")
                })
                .collect();
            format!("{}{}: {}", dice[0], dice[1], moves.join(" "))
                .trim_end()
                .to_string()
        }
        EventKind::Double(_) => "Doubles".to_string(),
        EventKind::Beaver(_) => "Beavers".to_string(),
        EventKind::Take => "Takes".to_string(),
        EventKind::Drop => "Drops".to_string(),
        EventKind::SetBoard { .. } => "(board set up)".to_string(),
        EventKind::Wins { .. } | EventKind::Losses(_) | EventKind::Unreadable => {
            written.to_string()
        }
    }
}

/// Unreadable text the reader reported inside a game but made no record of (an SGF value
/// that is no move), as records of its own, in file order.
fn add_unreadable(
    text: &str,
    unreadable: &[&Diagnostic],
    extent: Span,
    replayed: bool,
    records: &mut Vec<WrittenRecord>,
    line_of: &dyn Fn(usize) -> usize,
) {
    for diagnostic in unreadable {
        let at = diagnostic.span.start;
        if at < extent.start || at >= extent.end {
            continue;
        }
        if records.iter().any(|record| {
            record.span.start <= at && at < record.span.end.max(record.span.start + 1)
        }) {
            continue;
        }
        let end = diagnostic.span.end.max(at);
        let written = collapse(text.get(at..end).unwrap_or(""));
        if written.is_empty() {
            // Nothing written there (the file ends inside an annotation): no record, the
            // diagnostic is about the game.
            continue;
        }
        let place = records.partition_point(|record| record.span.start < at);
        records.insert(
            place,
            WrittenRecord {
                side: None,
                span: Span::new(at, end),
                line: line_of(at),
                readable: written.clone(),
                text: written,
                kind: RecordKind::Unreadable,
                turn: None,
                board: if !replayed {
                    BoardKnowledge::NotReplayed
                } else if at == extent.start {
                    // The game's header written wrong: the game starts after it as usual.
                    BoardKnowledge::Known
                } else {
                    BoardKnowledge::Unknown
                },
            },
        );
    }
}

/// The game's ending as written: its first `Wins` line (or, without one, its first `Losses`
/// line; what follows is written after the end), or the SGF `RE[]` value.
fn ending(text: &str, game: &GameInput, line_of: &dyn Fn(usize) -> usize) -> Option<WrittenEnding> {
    let written = |span: Span| collapse(text.get(span.start..span.end).unwrap_or(""));
    if let Some((winner, points, resigned, span)) = game.declared {
        return Some(WrittenEnding {
            winner,
            points,
            and_match: false,
            resigned,
            text: written(span),
            span,
            line: line_of(span.start),
        });
    }
    let wins = game.events.iter().find_map(|event| match event.kind {
        EventKind::Wins { points, and_match } => Some(WrittenEnding {
            winner: event.side,
            points,
            and_match,
            resigned: false,
            text: written(event.span),
            span: event.span,
            line: line_of(event.span.start),
        }),
        _ => None,
    });
    let losses = || {
        game.events.iter().find_map(|event| match event.kind {
            EventKind::Losses(points) => Some(WrittenEnding {
                winner: event.side.opponent(),
                points,
                and_match: false,
                resigned: true,
                text: written(event.span),
                span: event.span,
                line: line_of(event.span.start),
            }),
            _ => None,
        })
    };
    wins.or_else(losses)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCKED: &str = " 3 point match\n\n Game 1\n a : 0                      b : 0\n  1)                             21: 13/11 24/23\n  2) 52: 13/8 24/22              63: 8/5 11/5\n  3) 53: 24/19 6/3               62: 13/7 7/5\n      Wins 1 point\n";

    #[test]
    fn every_record_once_and_the_board_unknown_after_an_unusable_play() {
        let written = written_match(BLOCKED, Format::Mat);
        let game = &written.games[0];
        let texts: Vec<&str> = game.records.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "21: 13/11 24/23",
                "52: 13/8 24/22",
                "63: 8/5 11/5",
                "53: 24/19 6/3",
                "62: 13/7 7/5",
                "Wins 1 point"
            ]
        );
        let boards: Vec<BoardKnowledge> = game.records.iter().map(|r| r.board).collect();
        assert_eq!(boards[..4], [BoardKnowledge::Known; 4]);
        assert_eq!(boards[4], BoardKnowledge::Unknown);
        assert_eq!(game.records[2].turn, Some(2));
        assert_eq!(game.records[3].turn, None, "the unusable play made no turn");
        let ending = game.ending.as_ref().expect("written");
        assert_eq!((ending.winner, ending.points, ending.line), (Side::O, 1, 8));
    }

    #[test]
    fn text_left_unread_on_a_line_stays_with_its_record() {
        let text = " 1 point match\n\n Game 1\n a : 0                      b : 0\n  1) 31: 8/5 6/5  zz 9/9       42: 8/4 6/4\n";
        let written = written_match(text, Format::Mat);
        let joined: Vec<&str> = written.games[0]
            .records
            .iter()
            .map(|r| r.text.as_str())
            .collect();
        assert_eq!(joined.join(" "), "31: 8/5 6/5 zz 9/9 42: 8/4 6/4");
        assert!(is_move_number("24)") && !is_move_number(")") && !is_move_number("2a)"));
    }
}
