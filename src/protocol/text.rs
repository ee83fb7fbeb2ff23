//! Renders responses and errors as gnubg's exact text (stdout and stderr parts).

use super::cube_report::CubeReport;
use super::evaluate::evaluator_column;
use super::event_text::event_sentence;
use super::reply_text::reply_text;
use super::response::{
    BoardSnapshot, CommandError, ErrorKind, EvaluationReport, HintEntry, Output, Response,
};
use crate::codec::tavli_position::encode_position;
use crate::codec::{match_id, position_id};
use crate::render::{render_board, BoardView};
use crate::rules::{MatchState, Side};

/// Text for standard output and standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rendered {
    /// What goes to standard output.
    pub stdout: String,
    /// What goes to standard error.
    pub stderr: String,
}

/// The position shown where gnubg shows its Position ID: the Position ID where it can hold
/// the position, tavli's position string in Plakoto and Fevga (pins, Fevga's geometry).
#[must_use]
pub fn position_text(state: &MatchState) -> String {
    if state.variant.has_gnubg_position_id() && state.board.pinned == [0, 0] {
        position_id::encode(&state.board, state.on_roll)
    } else {
        encode_position(state.variant, &state.board)
    }
}

/// The board exactly as gnubg prints it, with the empty line gnubg adds after it.
#[must_use]
pub fn board_text(snapshot: &BoardSnapshot) -> String {
    let state = &snapshot.state;
    // `show board POSITION-ID` (unannotated) is drawn for `X` on roll, as its ID was read.
    let position = if snapshot.annotated {
        position_text(state)
    } else {
        position_text(&MatchState {
            on_roll: Side::X,
            ..*state
        })
    };
    let matchid = match_id::encode(state);
    let names = [snapshot.names[0].as_str(), snapshot.names[1].as_str()];
    let mut text = render_board(&BoardView {
        state,
        names,
        position_id: &position,
        match_id: &matchid,
        clockwise: snapshot.clockwise,
        annotated: snapshot.annotated,
    });
    text.push('\n');
    text
}

/// A difference to the best play or the proper cube action as gnubg's `hint` and `eval`
/// print it: three decimals with a sign, where a tie is `-0.000` (it is below the best, by
/// nothing), not `+0.000`.
pub(crate) fn difference_text(difference: f64) -> String {
    let shown = if difference == 0.0 { -0.0 } else { difference };
    format!("{shown:+.3}")
}

pub(crate) fn hint_text(evaluator: &str, entries: &[HintEntry]) -> String {
    let mut text = String::new();
    let best = entries.first().map_or(0.0, |entry| entry.equity);
    for (rank, entry) in entries.iter().enumerate() {
        let difference = if rank == 0 {
            String::new()
        } else {
            format!(" ({})", difference_text(entry.equity - best))
        };
        text.push_str(&format!(
            " {:>4}. {:<14}   {:<28} Eq.: {:+.3}{}\n",
            rank + 1,
            super::evaluate::evaluator_column(evaluator, entry.plies),
            entry.notation,
            entry.equity,
            difference
        ));
        let p = entry.probabilities;
        text.push_str(&format!(
            "       {:.3} {:.3} {:.3} - {:.3} {:.3} {:.3}\n",
            p[0], p[1], p[2], p[3], p[4], p[5]
        ));
        text.push_str(&format!(
            "        {}-ply cubeful [tavli {evaluator}]\n",
            entry.plies
        ));
    }
    text
}

/// gnubg's cube analysis block: an empty line, `Cube analysis`, the cubeless figures, the
/// three cubeful equities and the proper action, then an empty line.
fn cube_analysis_text(report: &CubeReport) -> String {
    let mut text = String::from("\nCube analysis\n");
    text.push_str(&format!(
        "{} cubeless equity {:+.3}",
        evaluator_column(&report.evaluator, report.plies),
        report.cubeless_equity
    ));
    if let Some(money) = report.money_equity {
        text.push_str(&format!(" (Money: {money:+.3})"));
    }
    text.push('\n');
    let p = report.probabilities;
    text.push_str(&format!(
        "  {:.3} {:.3} {:.3} - {:.3} {:.3} {:.3}\n",
        p[0], p[1], p[2], p[3], p[4], p[5]
    ));
    text.push_str("Cubeful equities:\n");
    for (index, line) in report.lines().iter().enumerate() {
        text.push_str(&format!(
            "{}. {:<20}{:+.3}",
            index + 1,
            line.option.label(),
            line.equity
        ));
        if let Some(difference) = line.difference {
            text.push_str(&format!("  ({})", difference_text(difference)));
        }
        text.push('\n');
    }
    text.push_str(&format!(
        "Proper cube action: {}",
        report.proper_action_text()
    ));
    if let Some(percentage) = report.percentage() {
        text.push_str(&format!(" ({percentage:.1}%)"));
    }
    text.push_str("\n\n");
    text
}

/// gnubg's `eval` layout: IDs, evaluator, the table of figures, then the cube analysis.
fn evaluation_text(report: &EvaluationReport) -> String {
    let mut text = format!(
        "Position ID:\t{}\nMatch ID:\t{}\n\nEvaluator: \t{}, {}\n\n\n",
        report.position_id,
        report.match_id,
        evaluator_column(&report.evaluator, report.plies),
        report.position_class
    );
    text.push_str("        Win     W(g)    W(bg)   L(g)    L(bg)   Equity    Cubeful  \n");
    for row in &report.rows {
        let p = row.probabilities;
        let label = if row.plies == 0 {
            "static:".to_string()
        } else {
            format!("{:>2} ply:", row.plies)
        };
        text.push_str(&format!(
            "{label} {:<8}{:<8}{:<8}{:<8}{:<8}{:<10}{:<10}\n",
            format!("{:.3}", p[0]),
            format!("{:.3}", p[1]),
            format!("{:.3}", p[2]),
            format!("{:.3}", p[4]),
            format!("{:.3}", p[5]),
            format!("{:+.3}", row.cubeless_equity),
            format!("{:+.3}", row.cubeful_equity),
        ));
    }
    text.push('\n');
    if let Some(cube) = &report.cube {
        text.push('\n');
        text.push_str(&cube_analysis_text(cube));
    }
    text
}

/// Appends a line (with its newline) or partial text; other outputs add nothing.
fn push_text(stdout: &mut String, output: &Output) {
    match output {
        Output::Line { text } => {
            stdout.push_str(text);
            stdout.push('\n');
        }
        Output::Partial { text } | Output::Export { text, .. } => stdout.push_str(text),
        _ => {}
    }
}

/// gnubg's text for an accepted command.
#[must_use]
pub fn render_response(response: &Response) -> Rendered {
    let mut stdout = String::new();
    for (index, output) in response.outputs.iter().enumerate() {
        match output {
            Output::Line { .. } | Output::Partial { .. } | Output::Export { .. } => {
                push_text(&mut stdout, output);
            }
            Output::Board { board } => stdout.push_str(&board_text(board)),
            Output::Hints { evaluator, entries } => stdout.push_str(&hint_text(evaluator, entries)),
            Output::CubeAnalysis { report } => stdout.push_str(&cube_analysis_text(report)),
            Output::Evaluation { report } => stdout.push_str(&evaluation_text(report)),
            Output::Rollout { report } => {
                stdout.push_str(&super::session::rollout_text(report));
            }
            Output::Statistics { report } => {
                stdout.push_str(&super::statistics_text::statistics_text(report));
            }
            Output::Reply { reply } => {
                for piece in reply_text(reply) {
                    push_text(&mut stdout, &piece);
                }
            }
            Output::Event { event } => {
                let following = &response.outputs[index + 1..];
                if let Some((sentence, _)) = event_sentence(event, following) {
                    stdout.push_str(&sentence);
                    stdout.push('\n');
                }
            }
        }
    }
    Rendered {
        stdout,
        stderr: String::new(),
    }
}

/// gnubg's text for a rejected command: unknown keywords and illegal moves go to standard
/// error (an unknown keyword is followed by an empty line), everything else to standard output.
#[must_use]
pub fn render_error(error: &CommandError) -> Rendered {
    let mut text = error.message.clone();
    text.push('\n');
    match error.kind {
        ErrorKind::UnknownKeyword | ErrorKind::AmbiguousKeyword => {
            text.push('\n');
            Rendered {
                stdout: String::new(),
                stderr: text,
            }
        }
        ErrorKind::IllegalMove
        | ErrorKind::BadId
        | ErrorKind::LineTooLong
        | ErrorKind::File
        | ErrorKind::Unsupported
        | ErrorKind::CubeUnavailable => Rendered {
            stdout: String::new(),
            stderr: text,
        },
        ErrorKind::Incomplete | ErrorKind::BadArgument | ErrorKind::NotNow => Rendered {
            stdout: text,
            stderr: String::new(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Play, Variant};

    #[test]
    fn hint_lines_follow_gnubg_layout() {
        let play = Play::new(&[], Board::start(Variant::Standard));
        let entry = |notation: &str, equity: f64| HintEntry {
            notation: notation.to_string(),
            equity,
            probabilities: [0.5, 0.1, 0.0, 0.5, 0.1, 0.0],
            plies: 0,
            play,
        };
        let text = hint_text(
            "net",
            &[entry("24/23 13/9", -0.006), entry("24/23 24/20", -0.021)],
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "    1. net 0-ply        24/23 13/9                   Eq.: -0.006"
        );
        assert_eq!(lines[1], "       0.500 0.100 0.000 - 0.500 0.100 0.000");
        assert_eq!(
            lines[3],
            "    2. net 0-ply        24/23 24/20                  Eq.: -0.021 (-0.015)"
        );
    }

    #[test]
    fn a_tie_with_the_best_is_minus_zero_as_gnubg_prints_it() {
        assert_eq!(difference_text(0.0), "-0.000");
        assert_eq!(difference_text(-0.0), "-0.000");
        assert_eq!(difference_text(-0.0004), "-0.000");
        assert_eq!(difference_text(-0.015), "-0.015");
        assert_eq!(difference_text(1.0), "+1.000");
    }

    #[test]
    fn errors_go_where_gnubg_writes_them() {
        let unknown = CommandError::new(ErrorKind::UnknownKeyword, "Unknown keyword `x'.");
        assert_eq!(render_error(&unknown).stderr, "Unknown keyword `x'.\n\n");
        let state = CommandError::not_now("You have already rolled the dice.");
        assert_eq!(
            render_error(&state).stdout,
            "You have already rolled the dice.\n"
        );
        let illegal = CommandError::new(ErrorKind::IllegalMove, "Illegal or unparsable move.");
        assert_eq!(
            render_error(&illegal).stderr,
            "Illegal or unparsable move.\n"
        );
    }
}
