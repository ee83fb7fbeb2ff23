//! `tavli eval POSITION`: the judge's probabilities, cubeless and cubeful equity of a position
//! at every depth, and the cube decision, as the REPL's `eval` reports them (text or JSON).

use super::exit::Outcome;
use super::judge_args::JudgeArgs;
use crate::engine::cube::Stakes;
use crate::protocol::cube_report::{CubeAction, CubeAnswer, CubeReport};
use crate::protocol::evaluate::evaluation_report;
use crate::protocol::response::{EvaluationReport, Output, Response};
use crate::protocol::text::{position_text, render_response};
use crate::rules::{MatchState, Side};
use serde::Serialize;
use std::io::Write;

/// Arguments of `tavli eval`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  tavli eval start\n  \
                  tavli eval 4HPwATDgc/ABMA:cAkAAAAAAAAA --plies 1\n  \
                  tavli eval XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10 --json\n  \
                  tavli eval 4HPwATDgc/ABMA --match-length 7 --score 2-4 --cube 2 \
                  --cube-owner opponent\n\n\
                  Exit status: 0 the position was judged; 1 a bad position or a finished game; \
                  2 usage, a weight file or an I/O error.")]
pub struct EvalArgs {
    /// The position: a Position ID, a GNUbg ID (POSITION:MATCH), an XGID, a FIBS board
    /// string or `start`. A bare Position ID is seen from the player on roll.
    pub position: String,
    /// Whether a double may be beavered (money play; the REPL allows beavers by default).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub beavers: bool,
    /// The judge, the output form and the match context.
    #[command(flatten)]
    pub judge: JudgeArgs,
}

/// Probabilities for one player, labelled (the JSON vocabulary; losing is `1 - win`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ProbabilitiesRecord {
    /// Chance of winning.
    pub win: f64,
    /// Chance of winning a gammon or a backgammon.
    pub win_gammon: f64,
    /// Chance of winning a backgammon.
    pub win_backgammon: f64,
    /// Chance of losing a gammon or a backgammon.
    pub lose_gammon: f64,
    /// Chance of losing a backgammon.
    pub lose_backgammon: f64,
}

impl ProbabilitiesRecord {
    /// From gnubg's six figures (win, win gammon, win backgammon, lose, lose gammon, lose
    /// backgammon), as the REPL prints them.
    #[must_use]
    pub fn from_figures(figures: &[f64; 6]) -> ProbabilitiesRecord {
        ProbabilitiesRecord {
            win: figures[0],
            win_gammon: figures[1],
            win_backgammon: figures[2],
            lose_gammon: figures[4],
            lose_backgammon: figures[5],
        }
    }
}

/// gnubg's number of a player (0 for `O`, 1 for `X`).
#[must_use]
pub fn player_number(side: Side) -> usize {
    side.index()
}

/// `tavli eval --json`.
#[derive(Serialize)]
struct EvalRecord {
    position_id: String,
    match_id: String,
    variant: &'static str,
    player: usize,
    evaluator: String,
    plies: u32,
    probabilities: ProbabilitiesRecord,
    cubeless_equity: f64,
    cubeful_equity: f64,
    by_depth: Vec<DepthRecord>,
    cube: Option<CubeRecord>,
}

/// The position judged at one depth.
#[derive(Serialize)]
struct DepthRecord {
    plies: u32,
    probabilities: ProbabilitiesRecord,
    cubeless_equity: f64,
    cubeful_equity: f64,
}

/// The cube decision of the player on roll.
#[derive(Serialize)]
struct CubeRecord {
    action: CubeAction,
    answer: CubeAnswer,
    proper_action: String,
    no_double: f64,
    double_take: f64,
    double_pass: f64,
    redouble: bool,
}

impl CubeRecord {
    fn of(report: &CubeReport) -> CubeRecord {
        CubeRecord {
            action: report.action(),
            answer: report.answer,
            proper_action: report.proper_action_text(),
            no_double: report.no_double,
            double_take: report.double_take,
            double_pass: report.double_pass,
            redouble: report.redouble,
        }
    }
}

/// Whether the player on roll in `state` may double now, and so whether `eval` shows the
/// cube decision; with it, whether a beaver of the double would be allowed.
fn cube_question(state: &MatchState, beavers: bool) -> Option<bool> {
    let may_double =
        state.rules().cube_in_use() && Stakes::from_state(state).may_double(state.on_roll);
    may_double.then_some(beavers && !state.is_match())
}

fn record(state: &MatchState, report: &EvaluationReport, label: &str) -> Option<EvalRecord> {
    let deepest = report.deepest()?;
    Some(EvalRecord {
        position_id: position_text(state),
        match_id: report.match_id.clone(),
        variant: state.variant.name(),
        player: player_number(state.on_roll),
        evaluator: label.to_string(),
        plies: deepest.plies,
        probabilities: ProbabilitiesRecord::from_figures(&deepest.probabilities),
        cubeless_equity: deepest.cubeless_equity,
        cubeful_equity: deepest.cubeful_equity,
        by_depth: report
            .rows
            .iter()
            .map(|row| DepthRecord {
                plies: row.plies,
                probabilities: ProbabilitiesRecord::from_figures(&row.probabilities),
                cubeless_equity: row.cubeless_equity,
                cubeful_equity: row.cubeful_equity,
            })
            .collect(),
        cube: report.cube.as_ref().map(CubeRecord::of),
    })
}

/// Runs `tavli eval`.
///
/// # Errors
/// I/O errors on the output; an evaluation with no row (a search that answered nothing).
pub fn run(
    args: &EvalArgs,
    colours: super::colour::Colours,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let refuse = |err: &mut dyn Write, (outcome, message): (Outcome, String)| {
        writeln!(err, "tavli: {message}").map(|()| outcome)
    };
    let state = match args.judge.read_state(&args.position) {
        Ok(state) => state,
        Err(refusal) => return Ok(refuse(err, refusal)?),
    };
    let evaluator = match args.judge.evaluator() {
        Ok(evaluator) => evaluator,
        Err(refusal) => return Ok(refuse(err, refusal)?),
    };
    let report = evaluation_report(
        &evaluator,
        &state,
        cube_question(&state, args.beavers),
        args.judge.plies,
    );
    if args.judge.json {
        let record = record(&state, &report, evaluator.label())
            .ok_or_else(|| anyhow::anyhow!("the search answered no depth"))?;
        serde_json::to_writer_pretty(&mut *out, &record)?;
        writeln!(out)?;
        return Ok(Outcome::Success);
    }
    let mut response = Response::new();
    response.outputs.push(Output::Evaluation {
        report: Box::new(report),
    });
    let text = render_response(&response).stdout;
    let text = super::colour::headings(&text, super::colour::TextOutput::Eval, colours.stdout);
    out.write_all(text.as_bytes())?;
    Ok(Outcome::Success)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn figures_are_labelled_in_gnubg_order() {
        let record = ProbabilitiesRecord::from_figures(&[0.6, 0.2, 0.01, 0.4, 0.1, 0.02]);
        assert_eq!(record.win, 0.6);
        assert_eq!(record.win_gammon, 0.2);
        assert_eq!(record.win_backgammon, 0.01);
        assert_eq!(record.lose_gammon, 0.1);
        assert_eq!(record.lose_backgammon, 0.02);
    }

    #[test]
    fn the_cube_question_follows_the_cube_rules() {
        let money = MatchState::new_money_game(Variant::Standard, Side::X);
        assert_eq!(cube_question(&money, true), Some(true));
        assert_eq!(cube_question(&money, false), Some(false));
        let theirs = MatchState {
            cube_value: 2,
            cube_owner: Some(Side::O),
            ..money
        };
        assert_eq!(cube_question(&theirs, true), None);
        let crawford = MatchState {
            match_length: 5,
            score: [4, 0],
            crawford: true,
            ..money
        };
        assert_eq!(cube_question(&crawford, true), None);
    }
}
