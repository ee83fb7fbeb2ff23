//! Reads Jellyfish .mat text into a [`MatFile`] syntax tree with spans (no game state).
//!
//! The file is line based (see `grammar/mat.ebnf`). Move lines are split into cells by
//! position: the first action of a line is in the right column when it starts far from the
//! move number, and a stray second move number (`24) ... 24)  Losses`) restarts the columns.

use super::ast::{Action, Cell, HeaderLine, MatFile, MatGame, ScoreLine, Spanned};
use super::diagnostic::{Diagnostic, DiagnosticKind, Span};
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::map_res;
use nom::sequence::{pair, preceded, terminated, tuple};
use nom::IResult;

mod actions;

use actions::{action, MoveSyntax};

/// A first action starting more than this many characters after the move number is in the
/// right column.
const LEFT_COLUMN_SLACK: usize = 8;
/// On a line without a move number, text starting before this column is in the left column.
const RESULT_SPLIT_COLUMN: usize = 20;

/// Parses .mat `text`; returns the tree and the syntax problems found (the parser goes on
/// after each one with the next line). After a `; [Variation "..."]` header naming one of
/// tavli's own variants (Old English, Portes, Plakoto, Fevga, Athroisma) moves may also carry
/// the variant marks `^` and `x` and an Athroisma bear-off label (grammar/variant-moves.ebnf).
#[must_use]
pub fn parse_mat(text: &str) -> (MatFile, Vec<Diagnostic>) {
    let mut file = MatFile::default();
    let mut diagnostics = Vec::new();
    let mut expect_score_line = false;
    let mut syntax = MoveSyntax::Gnubg;
    // The diagnostic of the unreadable line just before, while no game has started.
    let mut misread_header: Option<usize> = None;
    // The games read so far and the number of the last numbered move line among them.
    let mut last_numbered: (usize, u32) = (0, 0);
    for (offset, raw_line) in lines(text) {
        let written = raw_line.trim_end_matches(['\r', '\n']);
        let span = Span::new(offset, offset + written.len());
        let (spaced, no_break) = no_break_spaces_as_spaces(written, offset);
        let line = spaced.as_ref();
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let trimmed = trimmed.trim_end();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(game) = file.games.last_mut() {
            game.end = span;
        }
        if expect_score_line {
            expect_score_line = false;
            // The names as written (a no-break space inside one is part of it).
            match score_line(written, offset) {
                Some(score) => {
                    if let Some(game) = file.games.last_mut() {
                        game.score_line = Some(score);
                    }
                    continue;
                }
                None => diagnostics.push(Diagnostic::error(
                    DiagnosticKind::BadHeader,
                    span,
                    "expected the score line `name : score   name : score` after the game header",
                )),
            }
        }
        if let Some(warning) = no_break {
            // gnubg reads a score line's no-break space as a space; nothing else.
            let game_one_score = file.games.is_empty()
                && game_header(trimmed).is_err()
                && score_line(written, offset).is_some();
            if !game_one_score {
                diagnostics.push(warning);
            }
        }
        if let Ok((_, number)) = game_header(trimmed) {
            file.games.push(MatGame {
                number: Spanned::new(number, span),
                score_line: None,
                cells: Vec::new(),
                end: span,
            });
            expect_score_line = true;
            continue;
        }
        if file.games.is_empty() {
            let score = score_line(written, offset);
            if score.is_none() && move_number(trimmed).is_err() {
                let errors = diagnostics.len();
                header_line(&mut file, &mut diagnostics, trimmed, offset + indent, span);
                // An unreadable line may be game 1's header, written wrong.
                misread_header = (diagnostics.len() > errors).then_some(errors);
                if let Some(last) = file.header.last() {
                    if last.key.as_deref() == Some("Variation") {
                        syntax = MoveSyntax::for_variation(&last.value);
                    }
                }
                continue;
            }
            // A score line or a move line: game 1 has begun without its `Game 1` line.
            let header = start_game_one(&mut diagnostics, misread_header.take(), text, span);
            file.games.push(MatGame {
                number: Spanned::new(1, header),
                score_line: score,
                cells: Vec::new(),
                end: span,
            });
            if file.games[0].score_line.is_some() {
                continue;
            }
        }
        if trimmed.starts_with(';') || trimmed.starts_with('#') {
            // Comments inside games (XG `; Set Pos=` and the like) carry no moves.
            continue;
        }
        let misnumbered = check_move_number(trimmed, file.games.len(), &mut last_numbered);
        let game_index = file.games.len() - 1;
        let cells = &mut file.games[game_index].cells;
        let first_cell = cells.len();
        move_line(
            line,
            offset,
            cells,
            &mut diagnostics,
            !raw_line.ends_with('\n'),
            syntax,
        );
        if let Some(message) = misnumbered {
            // On the line's first record (the row a report marks), else on its number.
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let span = file.games[game_index].cells.get(first_cell).map_or(
                Span::new(offset + indent, offset + indent + digits),
                |cell| cell.span,
            );
            diagnostics.push(Diagnostic::error(DiagnosticKind::MoveNumber, span, message));
        }
    }
    (file, diagnostics)
}

/// `line` with each no-break space (U+00A0: Latin-1's byte 0xA0, or UTF-8's C2 A0) outside a
/// comment read as the space it stands for, and the warning for the first on the line: gnubg's
/// import does not take it for a space (`Unrecognised move "53: 8/3\u{a0}6/3"`, a game header
/// read as a move) except between a score line's colon and score. The text keeps its length
/// (` \t`, two bytes as the character), so spans hold.
fn no_break_spaces_as_spaces(
    line: &str,
    offset: usize,
) -> (std::borrow::Cow<'_, str>, Option<Diagnostic>) {
    let trimmed = line.trim_start();
    let first = line.find('\u{a0}');
    match first {
        Some(first) if !trimmed.starts_with(';') && !trimmed.starts_with('#') => {
            let start = offset + first;
            let warning = Diagnostic::warning(
                DiagnosticKind::Encoding,
                Span::new(start, start + '\u{a0}'.len_utf8()),
                "a no-break space (U+00A0, byte 0xA0 in Latin-1) read as a space: gnubg does \
                 not take it for one and misreads this line",
            );
            (line.replace('\u{a0}', " \t").into(), Some(warning))
        }
        _ => (line.into(), None),
    }
}

/// A move line's number must follow the last one of game `games` (1 on a game's first
/// numbered line): a line lost, written twice or swapped with another is a `move-number`
/// error, though its moves may still be legal (a race); returns its message.
/// `last_numbered` is the game and number of the last numbered line; it becomes this line's.
fn check_move_number(
    trimmed: &str,
    games: usize,
    last_numbered: &mut (usize, u32),
) -> Option<String> {
    let (_, number) = move_number(trimmed).ok()?;
    let expected = if last_numbered.0 == games {
        last_numbered.1.saturating_add(1)
    } else {
        1
    };
    *last_numbered = (games, number);
    (number != expected).then(|| {
        format!(
            "move {number} where move {expected} belongs: a line is missing, repeated or out \
             of order"
        )
    })
}

/// Game 1 starts at the line `span` (a score line or a move line) without its `Game 1`
/// line: when the line before was unreadable (its diagnostic is `misread`), that line is the
/// game's header written wrong and becomes a record of game 1 (a syntax error on it);
/// otherwise the header is missing. Returns the span that stands for the game's header.
fn start_game_one(
    diagnostics: &mut Vec<Diagnostic>,
    misread: Option<usize>,
    text: &str,
    span: Span,
) -> Span {
    if let Some(diagnostic) = misread.and_then(|index| diagnostics.get_mut(index)) {
        let header = diagnostic.span;
        let written = text.get(header.start..header.end).unwrap_or("").trim();
        *diagnostic = Diagnostic::error(
            DiagnosticKind::Syntax,
            header,
            format!(
                "`{written}` is not a game header (`Game 1`): the lines after it are read as game 1"
            ),
        );
        return header;
    }
    diagnostics.push(Diagnostic::error(
        DiagnosticKind::BadHeader,
        span,
        "game 1 starts here without its `Game 1` line",
    ));
    span
}

/// The lines of `text` with the byte offset of each.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n').map(move |line| {
        let start = offset;
        offset += line.len();
        (start, line)
    })
}

fn header_line(
    file: &mut MatFile,
    diagnostics: &mut Vec<Diagnostic>,
    trimmed: &str,
    start: usize,
    span: Span,
) {
    if let Ok((_, length)) = length_line(trimmed) {
        if file.length.is_some() {
            diagnostics.push(Diagnostic::error(
                DiagnosticKind::BadHeader,
                span,
                "a second match length line",
            ));
        }
        file.length = Some(Spanned::new(length, Span::new(start, span.end)));
        return;
    }
    let comment = trimmed
        .strip_prefix(';')
        .or_else(|| trimmed.strip_prefix('#'));
    match comment {
        Some(body) => {
            let body = body.trim();
            let (key, value) = match key_value(body) {
                Ok((_, (key, value))) => (Some(key.to_string()), value.to_string()),
                Err(_) => (None, body.to_string()),
            };
            file.header.push(HeaderLine { key, value, span });
        }
        None => diagnostics.push(Diagnostic::error(
            DiagnosticKind::BadHeader,
            span,
            "text before the first game that is neither a comment nor ` N point match`",
        )),
    }
}

fn number(input: &str) -> IResult<&str, u32> {
    map_res(digit1, str::parse::<u32>)(input)
}

/// `Game N`.
fn game_header(input: &str) -> IResult<&str, u32> {
    terminated(preceded(pair(tag("Game"), space1), number), space0)(input)
}

/// `N point match`.
fn length_line(input: &str) -> IResult<&str, u32> {
    terminated(
        number,
        tuple((space1, tag_no_case("point"), space1, tag_no_case("match"))),
    )(input)
}

/// `[Key "value"]`; keys may be several words (`[Player 1 "name"]`), quotes are optional.
fn key_value(input: &str) -> IResult<&str, (&str, &str)> {
    let failure = || nom::Err::Error(nom::error::Error::new(input, nom::error::ErrorKind::Char));
    let inner = input
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or_else(failure)?;
    match inner.find('"') {
        Some(quote) => {
            let key = inner[..quote].trim();
            let value = inner[quote + 1..].trim_end().trim_end_matches('"');
            Ok(("", (key, value)))
        }
        None => {
            let (key, value) = inner.split_once(' ').ok_or_else(failure)?;
            Ok(("", (key.trim(), value.trim())))
        }
    }
}

/// `name : score   name : score` (names may contain spaces; the right name runs to its last
/// `:`). A colon inside the left name is skipped: the separator is the first colon followed by
/// a score and a readable right half (such files come from writers that keep the name as is).
fn score_line(line: &str, offset: usize) -> Option<ScoreLine> {
    line.match_indices(':')
        .find_map(|(colon, _)| score_line_at(line, offset, colon))
}

/// [`score_line`] with the left name ending at the colon at byte `first_colon`.
fn score_line_at(line: &str, offset: usize, first_colon: usize) -> Option<ScoreLine> {
    let name0_raw = &line[..first_colon];
    let after = &line[first_colon + 1..];
    let digits_start = first_colon + 1 + (after.len() - after.trim_start().len());
    let digits_len = line[digits_start..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits_len == 0 {
        return None;
    }
    let score0: u32 = line[digits_start..digits_start + digits_len].parse().ok()?;
    let rest_start = digits_start + digits_len;
    let rest = &line[rest_start..];
    let second_colon = rest_start + rest.rfind(':')?;
    let name1_raw = &line[rest_start..second_colon];
    let after1 = &line[second_colon + 1..];
    let digits1_start = second_colon + 1 + (after1.len() - after1.trim_start().len());
    let digits1_len = line[digits1_start..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    if digits1_len == 0 || !line[digits1_start + digits1_len..].trim().is_empty() {
        return None;
    }
    let score1: u32 = line[digits1_start..digits1_start + digits1_len]
        .parse()
        .ok()?;
    let name_span = |raw: &str, base: usize| {
        let lead = raw.len() - raw.trim_start().len();
        let name = raw.trim();
        Spanned::new(
            name.to_string(),
            Span::new(offset + base + lead, offset + base + lead + name.len()),
        )
    };
    Some(ScoreLine {
        names: [name_span(name0_raw, 0), name_span(name1_raw, rest_start)],
        scores: [
            Spanned::new(
                score0,
                Span::new(offset + digits_start, offset + digits_start + digits_len),
            ),
            Spanned::new(
                score1,
                Span::new(offset + digits1_start, offset + digits1_start + digits1_len),
            ),
        ],
        span: Span::new(offset, offset + line.len()),
    })
}

/// `N)` with optional spaces before the parenthesis.
fn move_number(input: &str) -> IResult<&str, u32> {
    terminated(number, preceded(space0, char(')')))(input)
}

/// Splits one move line (or a result line without a number) into cells.
fn move_line(
    line: &str,
    offset: usize,
    cells: &mut Vec<Cell>,
    diagnostics: &mut Vec<Diagnostic>,
    unterminated: bool,
    syntax: MoveSyntax,
) {
    let mut position = line.len() - line.trim_start().len();
    let mut base: Option<usize> = None;
    let mut number_seen: Option<u32> = None;
    let mut previous_column: Option<usize> = None;
    let end = line.trim_end().len();
    while position < end {
        let rest = &line[position..end];
        let skipped = rest.len() - rest.trim_start().len();
        position += skipped;
        let rest = &line[position..end];
        if rest.is_empty() {
            break;
        }
        if let Ok((after, number)) = move_number(rest) {
            if number_seen.is_some() {
                diagnostics.push(Diagnostic::warning(
                    DiagnosticKind::Syntax,
                    Span::new(offset + position, offset + position + (rest.len() - after.len())),
                    "a second move number inside the line (gnubg cannot read the rest of this line)",
                ));
            }
            number_seen = Some(number);
            position += rest.len() - after.len();
            base = Some(position);
            previous_column = None;
            continue;
        }
        match action(rest, syntax) {
            Ok((after, parsed)) => {
                let consumed = rest.len() - after.len();
                let text_len = rest[..consumed].trim_end().len();
                // gnubg 1.07 writes a game resigned right after its first roll as
                // `  1) 31:       Wins 2 points`: the left column's `Wins` line run on.
                let run_on = previous_column.is_some()
                    && matches!(parsed, Action::Wins { .. })
                    && base.is_some_and(|base| position - base < RESULT_SPLIT_COLUMN);
                if run_on {
                    diagnostics.push(Diagnostic::warning(
                        DiagnosticKind::Syntax,
                        Span::new(offset + position, offset + position + consumed),
                        "a left-column `Wins` run on after the roll, as gnubg writes a game \
                         resigned right after its first roll (gnubg cannot read it back)",
                    ));
                }
                let column = match previous_column {
                    Some(_) if run_on => 0,
                    Some(_) => 1,
                    None => match base {
                        Some(base) => usize::from(position - base > LEFT_COLUMN_SLACK),
                        None => usize::from(position >= RESULT_SPLIT_COLUMN),
                    },
                };
                cells.push(Cell {
                    column,
                    move_number: number_seen,
                    action: shift_spans(parsed, offset + position),
                    span: Span::new(offset + position, offset + position + text_len),
                });
                previous_column = Some(column);
                position += consumed;
            }
            Err(_) => {
                let token_end = rest.find("  ").unwrap_or(rest.len());
                let at_end_of_file = unterminated && position + token_end >= end;
                let kind = if at_end_of_file {
                    DiagnosticKind::Truncated
                } else {
                    DiagnosticKind::Syntax
                };
                let error_span = Span::new(offset + position, offset + position + token_end);
                diagnostics.push(Diagnostic::error(
                    kind,
                    error_span,
                    format!("unrecognised text `{}`", &rest[..token_end]),
                ));
                // Tell the replay that a record stands here: a roll whose moves run into the
                // bad text is unreadable as a whole; otherwise the bad text takes a column.
                let joins_roll = previous_column.is_some()
                    && cells.last().is_some_and(|cell| {
                        matches!(cell.action, Action::Roll { .. })
                            && error_span.start.saturating_sub(cell.span.end) <= 2
                    });
                if joins_roll {
                    if let Some(cell) = cells.last_mut() {
                        cell.action = Action::Unreadable;
                        cell.span = Span::new(cell.span.start, error_span.end);
                    }
                    position += token_end;
                    continue;
                } else {
                    let column = match (previous_column, base) {
                        (Some(_), _) => 1,
                        (None, Some(base)) => usize::from(position - base > LEFT_COLUMN_SLACK),
                        (None, None) => usize::from(position >= RESULT_SPLIT_COLUMN),
                    };
                    cells.push(Cell {
                        column,
                        move_number: number_seen,
                        action: Action::Unreadable,
                        span: error_span,
                    });
                    if column == 0 {
                        // The right column may still be readable.
                        previous_column = Some(column);
                        position += token_end;
                        continue;
                    }
                }
                break;
            }
        }
    }
}

/// Moves the spans of an action parsed from a slice to absolute offsets.
fn shift_spans(action: Action, base: usize) -> Action {
    match action {
        Action::Roll {
            dice,
            moves,
            cannot_move,
            label,
        } => Action::Roll {
            dice: Spanned::new(
                dice.value,
                Span::new(dice.span.start + base, dice.span.end + base),
            ),
            moves: moves
                .into_iter()
                .map(|text| {
                    Spanned::new(
                        text.value,
                        Span::new(text.span.start + base, text.span.end + base),
                    )
                })
                .collect(),
            cannot_move,
            label,
        },
        other => other,
    }
}

#[cfg(test)]
#[path = "mat_tests.rs"]
mod tests;
