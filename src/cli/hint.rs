//! `tavli hint POSITION [DICE]`: the legal plays of a position and roll ranked by the judge,
//! with probabilities and equities, as the REPL's `hint` lists them (text or JSON).

use super::exit::Outcome;
use super::judge_args::JudgeArgs;
use crate::codec::match_id;
use crate::engine::judge::Judge;
use crate::engine::Probabilities;
use crate::protocol::evaluate::{hint_entries, resignation_value};
use crate::protocol::json::labelled;
use crate::protocol::reply::Reply;
use crate::protocol::response::{Output, Response};
use crate::protocol::text::{position_text, render_response};
use crate::rules::{Dice, MatchState, Resignation, Side, Variant};
use serde::Serialize;
use std::io::Write;

/// How many plays `hint` lists unless told: gnubg's and the REPL's ten.
pub const DEFAULT_COUNT: u32 = 10;

/// Arguments of `tavli hint`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  tavli hint start 31\n  \
                  tavli hint 4HPwATDgc/ABMA:cAkAAAAAAAAA 6-4 --plies 1\n  \
                  tavli hint XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10 --json\n  \
                  tavli hint 4HPwATDgc/ABMA 21 --match-length 7 --score 2-4 --all\n\n\
                  Exit status: 0 the plays were ranked (or there is none); 1 a bad position or \
                  dice, or a finished game; 2 usage, a weight file or an I/O error.")]
pub struct HintArgs {
    /// The position: a Position ID, a GNUbg ID (POSITION:MATCH), an XGID, a FIBS board
    /// string or `start`. A bare Position ID is seen from the player on roll.
    pub position: String,
    /// The roll: `31`, `3-1` or `3 1`. May be left out when the position carries dice; given,
    /// it replaces them.
    #[arg(num_args = 0..=2)]
    pub dice: Vec<String>,
    /// How many plays to list, best first.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COUNT,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub count: u32,
    /// List every legal play.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,
    /// The judge, the output form and the match context.
    #[command(flatten)]
    pub judge: JudgeArgs,
}

/// `tavli hint --json`.
#[derive(Serialize)]
struct HintRecord {
    position_id: String,
    match_id: String,
    variant: Variant,
    player: Side,
    dice: Dice,
    evaluator: String,
    plies: u32,
    plays: Vec<PlayRecord>,
}

/// `tavli hint --json` on a pending resignation: the answering player's equities (gnubg's
/// normalised units) and his right answer, as the REPL's `resignation_hint` event.
#[derive(Serialize)]
struct ResignationRecord {
    position_id: String,
    match_id: String,
    variant: Variant,
    /// The player who must answer.
    player: Side,
    resignation: Resignation,
    evaluator: String,
    plies: u32,
    equity_before: f64,
    equity_after: f64,
    accept: bool,
}

/// One ranked play.
#[derive(Serialize)]
struct PlayRecord {
    play: String,
    equity: f64,
    cubeless_equity: f64,
    plies: u32,
    probabilities: Probabilities,
}

/// The roll: the DICE words, or the position's own.
fn resolve_dice(state: &MatchState, words: &[String]) -> Result<Dice, String> {
    if words.is_empty() {
        return state.dice.ok_or_else(|| {
            "no dice given and the position has none (`tavli eval` judges the position before \
             the roll, with the cube decision)"
                .to_string()
        });
    }
    Dice::parse(&words.join(" ")).map_err(|error| error.to_string())
}

/// Runs `tavli hint`.
///
/// # Errors
/// I/O errors on the output.
pub fn run(
    args: &HintArgs,
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
    if let Some(offer) = state.resignation {
        // gnubg's `hint` (and the REPL's) weighs a pending offer whatever the dice: DICE, if
        // given, is checked and not used.
        if !args.dice.is_empty() {
            if let Err(message) = resolve_dice(&state, &args.dice) {
                return Ok(refuse(err, (Outcome::Rejected, message))?);
            }
        }
        let evaluator = match args.judge.evaluator() {
            Ok(evaluator) => evaluator,
            Err(refusal) => return Ok(refuse(err, refusal)?),
        };
        return resignation_hint(args, &state, offer, &evaluator, out);
    }
    let dice = match resolve_dice(&state, &args.dice) {
        Ok(dice) => dice,
        Err(message) => return Ok(refuse(err, (Outcome::Rejected, message))?),
    };
    let evaluator = match args.judge.evaluator() {
        Ok(evaluator) => evaluator,
        Err(refusal) => return Ok(refuse(err, refusal)?),
    };
    let state = MatchState {
        dice: Some(dice),
        ..state
    };
    let ranked = Judge::new(evaluator.get(), args.judge.plies).ranked_plays(&state, dice);
    let limit = if args.all {
        usize::MAX
    } else {
        args.count as usize
    };
    let cubeless: Vec<f64> = ranked.iter().map(|play| play.cubeless_equity).collect();
    let entries = hint_entries(&state, dice, ranked, limit);
    if args.judge.json {
        let record = HintRecord {
            position_id: position_text(&state),
            match_id: match_id::encode(&state),
            variant: state.variant,
            player: state.on_roll,
            dice,
            evaluator: evaluator.label().to_string(),
            plies: args.judge.plies,
            plays: entries
                .iter()
                .zip(cubeless)
                .map(|(entry, cubeless_equity)| PlayRecord {
                    play: entry.notation.clone(),
                    equity: entry.equity,
                    cubeless_equity,
                    plies: entry.plies,
                    probabilities: labelled(&entry.probabilities),
                })
                .collect(),
        };
        serde_json::to_writer_pretty(&mut *out, &record)?;
        writeln!(out)?;
        return Ok(Outcome::Success);
    }
    let mut response = Response::new();
    if entries.is_empty() {
        response.reply(Reply::NoLegalMoves);
    } else {
        response.outputs.push(Output::Hints {
            evaluator: evaluator.label().to_string(),
            entries,
        });
    }
    let text = render_response(&response).stdout;
    let text = super::colour::headings(&text, super::colour::TextOutput::Hint, colours.stdout);
    out.write_all(text.as_bytes())?;
    Ok(Outcome::Success)
}

/// `tavli hint` on a position with a resignation offered to the player who must answer
/// (`state.turn`): his equity playing on and after accepting, and the right answer, as the
/// REPL's `hint` (gnubg's layout) or as one JSON document.
fn resignation_hint(
    args: &HintArgs,
    state: &MatchState,
    offer: Resignation,
    evaluator: &crate::protocol::evaluate::SessionEvaluator,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let value = resignation_value(
        evaluator.get(),
        state,
        state.turn,
        offer.points(),
        args.judge.plies,
    );
    if args.judge.json {
        let record = ResignationRecord {
            position_id: position_text(state),
            match_id: match_id::encode(state),
            variant: state.variant,
            player: state.turn,
            resignation: offer,
            evaluator: evaluator.label().to_string(),
            plies: args.judge.plies,
            equity_before: value.playing_on,
            equity_after: value.accepted,
            accept: value.should_accept(),
        };
        serde_json::to_writer_pretty(&mut *out, &record)?;
        writeln!(out)?;
        return Ok(Outcome::Success);
    }
    let mut response = Response::new();
    response.reply(Reply::ResignationHint {
        equity_before: value.playing_on,
        equity_after: value.accepted,
        accept: value.should_accept(),
    });
    out.write_all(render_response(&response).stdout.as_bytes())?;
    Ok(Outcome::Success)
}
