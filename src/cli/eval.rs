//! `tavli eval POSITION`: the judge's probabilities, cubeless and cubeful equity of a position
//! at every depth, and the cube decision, as the REPL's `eval` reports them (text or JSON).

use super::exit::Outcome;
use super::judge_args::JudgeArgs;
use crate::engine::cube::Stakes;
use crate::protocol::evaluate::evaluation_report;
use crate::protocol::json::EvaluationJson;
use crate::protocol::response::{EvaluationReport, Output, Response};
use crate::protocol::text::{position_text, render_response};
use crate::rules::MatchState;
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

/// Whether the player on roll in `state` may double now, and so whether `eval` shows the
/// cube decision; with it, whether a beaver of the double would be allowed.
fn cube_question(state: &MatchState, beavers: bool) -> Option<bool> {
    let may_double =
        state.rules().cube_in_use() && Stakes::from_state(state).may_double(state.on_roll);
    may_double.then_some(beavers && !state.is_match())
}

/// `tavli eval --json`: the REPL's evaluation object (the one shape of an evaluation) with the
/// position's variant and the player on roll; the Position ID is tavli's position text in the
/// variants without a gnubg Position ID.
fn record<'a>(state: &MatchState, report: &'a EvaluationReport) -> EvaluationJson<'a> {
    EvaluationJson {
        position_id: position_text(state),
        variant: Some(state.variant),
        player: Some(state.on_roll),
        ..EvaluationJson::of(report)
    }
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
        if report.deepest().is_none() {
            anyhow::bail!("the search answered no depth");
        }
        serde_json::to_writer_pretty(&mut *out, &record(&state, &report))?;
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
    use crate::rules::{Side, Variant};

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
