//! `tavli rollout POSITION`: a rollout as gnubg's `rollout` does it (cubeful or cubeless,
//! truncated or not, quasi-random dice, variance reduction), on all cores, in gnubg's layout
//! or as JSON; `--trials A..B` rolls out one part, and `--merge` joins parts rolled out apart.

use super::exit::Outcome;
use super::position_arg::read_position;
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::rollout::{
    self, text, Rollout, RolloutEstimate, RolloutFigures, RolloutPart, RolloutSettings,
};
use crate::engine::search::MAX_PLIES;
use crate::engine::Probabilities;
use crate::rules::{MatchState, Variant};
use anyhow::Context;
use serde::Serialize;
use serde_json::Value;
use std::io::{IsTerminal, Write};
use std::ops::Range;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `tavli rollout`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  tavli rollout 4HPwATDgc/ABMA --trials 1296 --truncate 11\n  \
                  tavli rollout XGID=-a-B--E-B-a-dDB--b-bcb----:0:0:1:00:0:0:0:0:10 --json\n  \
                  tavli rollout start --trials 0..648 --json > a.json   # one machine\n  \
                  tavli rollout start --trials 648..1296 --json > b.json   # another\n  \
                  tavli rollout --merge a.json b.json"
)]
pub struct RolloutArgs {
    /// The position: a Position ID, a GNUbg ID (POSITION:MATCH, with cube and score), an
    /// XGID, a FIBS board string or `start`. The player on roll rolls first.
    #[arg(required_unless_present = "merge")]
    pub position: Option<String>,
    /// The variant of the position (rollouts: standard or nackgammon; any other variant's
    /// position is refused).
    #[arg(long, default_value = "standard", value_parser = super::position_arg::VariantName)]
    pub variant: String,
    /// Trials: a number N (trials 0..N) or a range A..B (that part of the rollout only).
    #[arg(long, default_value = "1296", value_parser = parse_trials)]
    pub trials: TrialRange,
    /// Plies played before the evaluator judges the position (default: games played out).
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..))]
    pub truncate: Option<u32>,
    /// Seed of the dice: the same seed and trials give the same result on any machine.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
    /// Leave the cube alone (cubeless rollout); by default the cube is played.
    #[arg(long)]
    pub cubeless: bool,
    /// Keep each roll's luck in the result (plain rollout, noisier).
    #[arg(long)]
    pub no_variance_reduction: bool,
    /// Plies the evaluator searches inside the rollout (plays, cube, judgement).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PLIES)))]
    pub plies: u32,
    /// The evaluator: `net` (tavli's networks) or `pubeval`.
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub evaluator: EvaluatorKind,
    /// Networks from this weight file instead of the built-in ones.
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// One JSON document: probabilities, equities, standard errors, and the part's sums.
    #[arg(long)]
    pub json: bool,
    /// Merge the JSON outputs of parts of one rollout (each `--json` output of a range).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with = "position")]
    pub merge: Vec<PathBuf>,
}

/// The trials of `--trials`: `first..end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrialRange(pub Range<u64>);

/// Reads `N` or `A..B`.
///
/// # Errors
/// Not a number or range; no trial in it.
pub fn parse_trials(text: &str) -> Result<TrialRange, String> {
    let number = |text: &str| {
        text.trim()
            .parse::<u64>()
            .map_err(|_| format!("`{text}` is not a number of trials"))
    };
    let range = match text.split_once("..") {
        Some((first, end)) => number(first)?..number(end)?,
        None => 0..number(text)?,
    };
    if range.end <= range.start {
        return Err(format!(
            "`{text}` holds no trial: give N > 0 or A..B with A < B"
        ));
    }
    Ok(TrialRange(range))
}

/// The standard errors, under the same keys as the figures.
#[derive(Serialize)]
struct ErrorsJson {
    #[serde(flatten)]
    probabilities: Probabilities,
    cubeless_equity: f64,
    cubeful_equity: Option<f64>,
}

/// The JSON document of a rollout (whole, a part or parts merged).
#[derive(Serialize)]
struct ReportJson<'a> {
    /// The position rolled out: its GNUbg ID (`POSITION:MATCH`).
    gnubg_id: &'a str,
    trials: u64,
    probabilities: Probabilities,
    cubeless_equity: f64,
    cubeful_equity: Option<f64>,
    standard_errors: ErrorsJson,
    settings: &'a RolloutSettings,
    /// The part's ranges and sums, for `--merge`.
    part: &'a RolloutPart,
}

fn report_json<'a>(estimate: &RolloutEstimate, part: &'a RolloutPart) -> ReportJson<'a> {
    let errors: &RolloutFigures = &estimate.standard_errors;
    ReportJson {
        gnubg_id: &part.gnubg_id,
        trials: estimate.trials,
        probabilities: estimate.figures.probabilities,
        cubeless_equity: estimate.figures.cubeless_equity,
        cubeful_equity: estimate.figures.cubeful_equity,
        standard_errors: ErrorsJson {
            probabilities: errors.probabilities,
            cubeless_equity: errors.cubeless_equity,
            cubeful_equity: errors.cubeful_equity,
        },
        settings: &part.settings,
        part,
    }
}

/// The state rolled out, canonical text for checking that parts belong together.
///
/// # Errors
/// An unknown variant name (a usage error, status 2; clap refuses it first on the command
/// line); a position that cannot be read (rejected input, status 1, as `hint` and `eval`
/// answer it).
fn read_state(position: &str, variant: &str) -> Result<(MatchState, String), (Outcome, String)> {
    let variant = Variant::from_name(variant).map_err(|e| (Outcome::Failure, e.to_string()))?;
    let mut state =
        read_position(position, variant).map_err(|e| (Outcome::Rejected, e.to_string()))?;
    state.dice = None;
    let key = if variant.has_gnubg_position_id() {
        crate::codec::gnubg_id::encode(&state)
    } else {
        position.trim().to_string()
    };
    Ok((state, key))
}

/// Runs `tavli rollout`.
///
/// # Errors
/// I/O errors on the output; unreadable parts to merge.
pub fn run(
    args: &RolloutArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let evaluator = match choice::build_static(args.evaluator, args.weights.as_deref()) {
        Ok(evaluator) => evaluator,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    if !args.merge.is_empty() {
        return run_merge(args, evaluator, out, err);
    }
    let position = args.position.as_deref().unwrap_or_default();
    let (state, key) = match read_state(position, &args.variant) {
        Ok(read) => read,
        Err((outcome, message)) => {
            writeln!(err, "tavli: {message}")?;
            return Ok(outcome);
        }
    };
    let settings = RolloutSettings {
        truncation: args.truncate,
        cubeful: !args.cubeless,
        variance_reduction: !args.no_variance_reduction,
        plies: args.plies,
        seed: args.seed,
        // gnubg's `rollout`: the position is rolled out with no double before the first roll.
        cube_decision_at_start: false,
    };
    // A finished game or a variant without rollouts: the position given is refused, as
    // `hint` and `eval` refuse it (status 1).
    let rollout = match Rollout::new(evaluator, &state, settings) {
        Ok(rollout) => rollout,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Rejected);
        }
    };
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        |threads| threads as usize,
    );
    let range = args.trials.0.clone();
    let started = Instant::now();
    let bar = progress_bar(range.end - range.start);
    let sums = rollout.run(range.clone(), threads, &mut |done| bar.set_position(done));
    bar.finish_and_clear();
    let part = RolloutPart {
        gnubg_id: key,
        settings,
        ranges: vec![[range.start, range.end]],
        sums,
    };
    write_report(&rollout, &part, evaluator.name(), started, args.json, out)?;
    Ok(Outcome::Success)
}

fn write_report(
    rollout: &Rollout<'_>,
    part: &RolloutPart,
    evaluator: &str,
    started: Instant,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<()> {
    let estimate = rollout.estimate(&part.sums);
    if json {
        serde_json::to_writer_pretty(&mut *out, &report_json(&estimate, part))?;
        writeln!(out)?;
    } else {
        let settings = rollout.settings();
        write!(
            out,
            "{}",
            text::report(&estimate, settings, evaluator, started.elapsed())
        )?;
    }
    Ok(())
}

fn run_merge(
    args: &RolloutArgs,
    evaluator: choice::StaticEvaluator,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let started = Instant::now();
    let mut parts = Vec::new();
    for path in &args.merge {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let document: Value = match serde_json::from_str(&text) {
            Ok(document) => document,
            Err(error) => {
                writeln!(
                    err,
                    "tavli: {}: not a rollout's JSON: {error}",
                    path.display()
                )?;
                return Ok(Outcome::Failure);
            }
        };
        match document
            .get("part")
            .cloned()
            .map(serde_json::from_value::<RolloutPart>)
        {
            Some(Ok(part)) => parts.push(part),
            _ => {
                writeln!(
                    err,
                    "tavli: {}: no rollout part in it (write it with `tavli rollout --json`)",
                    path.display()
                )?;
                return Ok(Outcome::Failure);
            }
        }
    }
    let merged = match rollout::merge(&parts) {
        Ok(merged) => merged,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    // The merged parts name a position that cannot be read: the files are not rollouts of
    // tavli's (status 2, as any unreadable part).
    let (state, _) = match read_state(&merged.gnubg_id, &args.variant) {
        Ok(read) => read,
        Err((_, message)) => {
            writeln!(err, "tavli: {message}")?;
            return Ok(Outcome::Failure);
        }
    };
    let rollout = match Rollout::new(evaluator, &state, merged.settings) {
        Ok(rollout) => rollout,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    write_report(&rollout, &merged, evaluator.name(), started, args.json, out)?;
    Ok(Outcome::Success)
}

/// A progress bar on standard error when it is a terminal (hidden otherwise), drawn by
/// whichever thread moves it: the rollout moves it from the calling (main) thread only.
fn progress_bar(trials: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(trials);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} trials {elapsed} ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trials_are_a_number_or_a_range_holding_some() {
        assert_eq!(parse_trials("36"), Ok(TrialRange(0..36)));
        assert_eq!(parse_trials("648..1296"), Ok(TrialRange(648..1296)));
        assert!(parse_trials("0").is_err());
        assert!(parse_trials("5..3").is_err());
        assert!(parse_trials("5..5").is_err());
        assert!(parse_trials("many").is_err());
    }
}
