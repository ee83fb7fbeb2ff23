//! Tests of `mat.rs`.

use super::*;

fn kinds(line: &str) -> Vec<(usize, Action)> {
    let mut cells = Vec::new();
    let mut diagnostics = Vec::new();
    move_line(
        line,
        0,
        &mut cells,
        &mut diagnostics,
        false,
        MoveSyntax::Gnubg,
    );
    assert!(
        diagnostics
            .iter()
            .all(|d| d.severity == crate::matchfile::diagnostic::Severity::Warning),
        "{diagnostics:?}"
    );
    cells
        .into_iter()
        .map(|cell| (cell.column, cell.action))
        .collect()
}

#[test]
fn score_lines_with_colons_in_names() {
    let line = " a:b : 3                        x:y : 12";
    let score = score_line(line, 0).unwrap();
    assert_eq!(score.names[0].value, "a:b");
    assert_eq!(score.names[1].value, "x:y");
    assert_eq!((score.scores[0].value, score.scores[1].value), (3, 12));
    let plain = score_line(" gnubg : 0                      root : 1", 0).unwrap();
    assert_eq!(plain.names[0].value, "gnubg");
    assert!(score_line(" a:b c : 0", 0).is_none());
}

#[test]
fn columns_by_position() {
    let cells = kinds("  1)                             64: 24/18 18/14 ");
    assert_eq!(cells.len(), 1);
    assert_eq!(cells[0].0, 1);
    let cells = kinds(" 19)  Doubles => 2                Drops");
    assert_eq!(cells, vec![(0, Action::Double(Some(2))), (1, Action::Drop)]);
    let cells = kinds("  9) 11: 25/24 23/22 22/21* 13/12 61: 25/24 20/14 ");
    assert_eq!(cells.len(), 2);
    assert_eq!(cells[1].0, 1);
    let cells = kinds("      Wins 1 point");
    assert_eq!(cells[0].0, 0);
    let cells = kinds("                                  Wins 2 points");
    assert_eq!(cells[0].0, 1);
}

#[test]
fn stray_move_number_restarts_columns() {
    let cells = kinds(
        " 24) 43: 21/18 18/14              24)  Losses 2 point                                               Wins 2 point and the match",
    );
    let columns: Vec<usize> = cells.iter().map(|cell| cell.0).collect();
    assert_eq!(columns, vec![0, 0, 1]);
    assert_eq!(cells[1].1, Action::Losses(2));
}

#[test]
fn header_and_games() {
    let text = "; [Site \"Here\"]\n; [Player 1 \"a b\"]\n\n 3 point match\n\n Game 1\n a b : 0     c : 0\n  1) 31: 8/5 6/5    42: 8/4 6/4\n";
    let (file, diagnostics) = parse_mat(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    assert_eq!(file.length.map(|l| l.value), Some(3));
    assert_eq!(file.header[0].key.as_deref(), Some("Site"));
    assert_eq!(file.header[1].key.as_deref(), Some("Player 1"));
    assert_eq!(file.header[1].value, "a b");
    let score = file.games[0].score_line.clone().unwrap();
    assert_eq!(score.names[0].value, "a b");
    assert_eq!(score.names[1].value, "c");
    assert_eq!(file.games[0].cells.len(), 2);
}

#[test]
fn a_miswritten_first_game_header_starts_game_one() {
    let text = " 3 point match\n\n Gmae 1\n a : 0     c : 0\n  1) 31: 8/5 6/5    42: 8/4 6/4\n";
    let (file, diagnostics) = parse_mat(text);
    assert_eq!(file.games.len(), 1);
    let game = &file.games[0];
    assert_eq!(game.number.value, 1);
    assert_eq!(
        &text[game.number.span.start..game.number.span.end],
        " Gmae 1"
    );
    assert!(game.score_line.is_some());
    assert_eq!(game.cells.len(), 2);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].kind, DiagnosticKind::Syntax);
    assert_eq!(diagnostics[0].span, game.number.span);
    assert!(diagnostics[0]
        .message
        .contains("`Gmae 1` is not a game header"));
}

#[test]
fn a_lost_first_game_header_starts_game_one_at_its_score_line() {
    let text = " 3 point match\n\n a : 0     c : 0\n  1) 31: 8/5 6/5    42: 8/4 6/4\n";
    let (file, diagnostics) = parse_mat(text);
    assert_eq!(file.games.len(), 1);
    assert_eq!(file.games[0].cells.len(), 2);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0].kind, DiagnosticKind::BadHeader);
    // Junk lines that start no game stay file-level errors.
    let (file, diagnostics) = parse_mat(" 3 point match\nsome words\n");
    assert!(file.games.is_empty());
    assert_eq!(diagnostics[0].kind, DiagnosticKind::BadHeader);
}

#[test]
fn move_numbers_out_of_order_are_errors_on_the_lines_first_record() {
    let text = " 3 point match\n\n Game 1\n a : 0     c : 0\n  1) 31: 8/5 6/5    42: 8/4 6/4\n  3) 31: 8/5 6/5    42: 8/4 6/4\n  2) 31: 8/5 6/5    42: 8/4 6/4\n\n Game 2\n a : 0     c : 1\n  1) 31: 8/5 6/5\n";
    let (_, diagnostics) = parse_mat(text);
    let found: Vec<(&str, &str)> = diagnostics
        .iter()
        .map(|d| (&text[d.span.start..d.span.end], d.message.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                "31: 8/5 6/5",
                "move 3 where move 2 belongs: a line is missing, repeated or out of order"
            ),
            (
                "31: 8/5 6/5",
                "move 2 where move 4 belongs: a line is missing, repeated or out of order"
            ),
        ]
    );
    assert!(diagnostics
        .iter()
        .all(|d| d.kind == DiagnosticKind::MoveNumber
            && d.severity == super::super::diagnostic::Severity::Error));
    // A game numbered from 2 has lost its first line.
    let (_, diagnostics) =
        parse_mat(" 1 point match\n\n Game 1\n a : 0     c : 0\n  2) 31: 8/5 6/5\n");
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    // The stray second number of a result line is not a line of its own.
    let (_, diagnostics) = parse_mat(
        " 1 point match\n\n Game 1\n a : 0     c : 0\n  1) 31: 8/5 6/5    1)  Losses 1 point\n",
    );
    assert!(
        diagnostics
            .iter()
            .all(|d| d.severity != super::super::diagnostic::Severity::Error),
        "{diagnostics:?}"
    );
}

/// gnubg 1.07 exports a game resigned right after its first roll with the winner's line run
/// on after the roll; a `Wins` far to the right after a cell stays in the right column.
#[test]
fn a_wins_run_on_after_the_first_roll_is_the_left_columns() {
    let run_on = kinds("  1) 31:       Wins 2 points");
    assert!(matches!(run_on[0], (0, Action::Roll { .. })), "{run_on:?}");
    assert!(
        matches!(
            run_on[1],
            (
                0,
                Action::Wins {
                    points: 2,
                    and_match: false
                }
            )
        ),
        "{run_on:?}"
    );
    let dropped = kinds(" 20)  Drops                       Wins 2 points ");
    assert!(
        matches!(dropped[1], (1, Action::Wins { points: 2, .. })),
        "{dropped:?}"
    );
}

/// gnubg's .mat of a money session played with the Jacoby rule off (seed 550245 of
/// tests/gnubg_fresh_matches.rs): its second game is a gammon with the cube centred, `Wins 2`.
const MONEY_JACOBY_OFF: &str = include_str!("../../fixtures/jacoby/money-session-off.mat");

#[test]
fn a_money_session_that_counts_a_centred_gammon_in_full_is_read_with_the_jacoby_rule_off() {
    use crate::matchfile::diagnostic::{DiagnosticKind, Severity};
    let (record, diagnostics) =
        crate::matchfile::check_text(MONEY_JACOBY_OFF, crate::matchfile::Format::Mat);
    assert!(!record.jacoby);
    let found: Vec<(Severity, DiagnosticKind)> =
        diagnostics.iter().map(|d| (d.severity, d.kind)).collect();
    assert_eq!(
        found,
        vec![(Severity::Warning, DiagnosticKind::WrongResult)],
        "{diagnostics:?}"
    );
    // A file that says the rule is on keeps it on: the same result is then an error.
    let declared = format!("; [Jacoby \"On\"]\n{MONEY_JACOBY_OFF}");
    let (record, diagnostics) =
        crate::matchfile::check_text(&declared, crate::matchfile::Format::Mat);
    assert!(record.jacoby);
    assert!(diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error && d.kind == DiagnosticKind::WrongResult));
}

#[test]
fn a_score_line_naming_other_players_than_game_one_is_a_warning_at_the_name() {
    let text = include_str!("../../fixtures/mat/seed07-3pt.mat");
    let renamed = text.replace(
        " gnubg : 1                      user : 0",
        " gnubx : 1                      user : 0",
    );
    let (_, diagnostics) = crate::matchfile::check_text(&renamed, crate::matchfile::Format::Mat);
    let at = renamed.find("gnubx").unwrap();
    let warning = diagnostics
        .iter()
        .find(|d| d.span.start == at)
        .unwrap_or_else(|| panic!("{diagnostics:?}"));
    assert_eq!(warning.kind, DiagnosticKind::BadHeader);
    assert_eq!(
        warning.severity,
        crate::matchfile::diagnostic::Severity::Warning
    );
    assert!(warning.message.contains("`gnubx`") && warning.message.contains("`gnubg`"));
    // Names swapped between the columns: said as such.
    let swapped = text.replace(
        " gnubg : 1                      user : 0",
        " user : 1                       gnubg : 0",
    );
    let (_, diagnostics) = crate::matchfile::check_text(&swapped, crate::matchfile::Format::Mat);
    assert!(
        diagnostics
            .iter()
            .any(|d| d.kind == DiagnosticKind::BadHeader && d.message.contains("swapped")),
        "{diagnostics:?}"
    );
    // The same names in every game: nothing said.
    let (_, diagnostics) = crate::matchfile::check_text(text, crate::matchfile::Format::Mat);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
}

/// A no-break space (Latin-1 byte 0xA0, or U+00A0 in UTF-8) where a space belongs: read as
/// the space it stands for, with a warning on its line (gnubg's import does not take it for
/// a space: `Unrecognised move "53: 8/3\xA06/3"`, and the game goes wrong after it).
#[test]
fn a_no_break_space_is_read_as_a_space_with_a_warning_where_it_stands() {
    use crate::matchfile::{check_bytes, Format};
    let original = include_bytes!("../../fixtures/mat/seed07-3pt.mat");
    let line = b"  3) 53: 8/3 6/3                 62: 13/7 7/5 ";
    let at = original
        .windows(line.len())
        .position(|window| window == line)
        .unwrap();
    let clean = check_bytes("seed07.mat", original, Some(Format::Mat));
    assert!(clean.diagnostics.is_empty(), "{:?}", clean.diagnostics);
    // Between two steps and in the gap before the right column; Latin-1, then UTF-8.
    for (offset, no_break) in [(12, &b"\xA0"[..]), (31, b"\xA0"), (12, b"\xC2\xA0")] {
        let mut bytes = original.to_vec();
        bytes.splice(at + offset..=at + offset, no_break.iter().copied());
        let checked = check_bytes("damaged.mat", &bytes, Some(Format::Mat));
        let report = &checked.report;
        assert_eq!(report.verdict, super::super::Verdict::ValidWithWarnings);
        assert_eq!(checked.record, clean.record, "{:?}", report.diagnostics);
        let warnings: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("no-break space"))
            .collect();
        assert_eq!(warnings.len(), 1, "{:?}", report.diagnostics);
        let warning = warnings[0];
        assert_eq!(
            (warning.line, warning.column),
            (9, offset + 1),
            "{warning:?}"
        );
        assert!(warning.message.contains("gnubg"), "{warning:?}");
        // Latin-1 is said once, where it starts; nothing else is found.
        let others: Vec<_> = report
            .diagnostics
            .iter()
            .filter(|d| !d.message.contains("no-break space"))
            .collect();
        let latin_1 = usize::from(no_break.len() == 1);
        assert_eq!(others.len(), latin_1, "{:?}", report.diagnostics);
    }
    // gnubg reads one between a score line's colon and score as a space: only Latin-1 is said.
    let score = b" gnubg : 0                      user : 0";
    let at = original
        .windows(score.len())
        .position(|window| window == score)
        .unwrap();
    let mut bytes = original.to_vec();
    bytes[at + 8] = 0xA0;
    let checked = check_bytes("score.mat", &bytes, Some(Format::Mat));
    assert_eq!(checked.record, clean.record);
    let messages: Vec<&str> = checked
        .report
        .diagnostics
        .iter()
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        messages,
        ["byte 0xA0 is not UTF-8: the file is read as Latin-1"]
    );
}
