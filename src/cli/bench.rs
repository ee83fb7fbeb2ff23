//! `tavli bench strength`: money games (cube off, duplicate dice) between two evaluators, in
//! parallel, from the opening or from a file of positions, reported as points per game with a
//! 95% confidence interval.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use super::exit::Outcome;
use crate::engine::choice::{self, EvaluatorKind};
use crate::engine::search::Search;
use crate::engine::strength;
use crate::engine::Evaluator;

/// Arguments of `tavli bench`.
#[derive(clap::Args, Debug, Clone)]
pub struct BenchArgs {
    /// What to measure.
    #[command(subcommand)]
    pub what: BenchCommand,
}

/// The measurements.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum BenchCommand {
    /// Points per game of evaluator A against evaluator B (cube off, duplicate dice).
    Strength(StrengthArgs),
}

/// Arguments of `tavli bench strength`.
#[derive(clap::Args, Debug, Clone)]
pub struct StrengthArgs {
    /// Evaluator A (the one whose points are reported).
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub a: EvaluatorKind,
    /// Weight file for A (a `net`), instead of the built-in networks.
    #[arg(long, value_name = "PATH")]
    pub weights_a: Option<PathBuf>,
    /// Plies A searches (0: the evaluator alone; gnubg's counting).
    #[arg(long, default_value_t = 0)]
    pub plies_a: u32,
    /// Evaluator B, the opponent.
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Pubeval)]
    pub b: EvaluatorKind,
    /// Weight file for B (a `net`).
    #[arg(long, value_name = "PATH")]
    pub weights_b: Option<PathBuf>,
    /// Plies B searches.
    #[arg(long, default_value_t = 0)]
    pub plies_b: u32,
    /// Games to play (rounded up to an even number: each dice sequence is played twice).
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Start the games from these positions instead of the opening: a file (`.gz` read as
    /// gzip) whose lines begin with a Position ID (or a GNUbg ID, whose match part is
    /// ignored), the player on roll to move with any roll;
    /// pair k of games starts from line k (round the file again when it runs out). Other
    /// fields on a line (labels, say) are ignored.
    #[arg(long, value_name = "PATH")]
    pub positions: Option<PathBuf>,
    /// Worker threads (default: the number of CPUs).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `tavli bench`.
///
/// # Errors
/// A weight file that cannot be used.
pub fn run(args: &BenchArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let BenchCommand::Strength(args) = &args.what;
    let a = match choice::build(args.a, args.weights_a.as_deref()) {
        Ok(a) => a,
        Err(error) => {
            writeln!(err, "tavli: evaluator A: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    let b = match choice::build(args.b, args.weights_b.as_deref()) {
        Ok(b) => b,
        Err(error) => {
            writeln!(err, "tavli: evaluator B: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    let starts = match &args.positions {
        Some(path) => match read_starts(path) {
            Ok(starts) => starts,
            Err(error) => {
                writeln!(err, "tavli: --positions {}: {error}", path.display())?;
                return Ok(Outcome::Failure);
            }
        },
        None => Vec::new(),
    };
    let a = Search::new(&*a, args.plies_a);
    let b = Search::new(&*b, args.plies_b);
    let pairs = args.games.div_ceil(2);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(pairs * 2);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {elapsed} ETA {eta}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let started = Instant::now();
    let report = strength::duplicate_series(&a, &b, pairs, args.seed, &starts, threads, &|done| {
        bar.set_position(done * 2);
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let value = serde_json::json!({
            "a": a.name(),
            "b": b.name(),
            "games": report.games,
            "seed": args.seed,
            "positions": args.positions.as_ref().map(|path| path.display().to_string()),
            "points_per_game": report.points_per_game,
            "confidence_95": report.confidence_95,
            "wins": report.wins,
            "gammons_won": report.gammons_won,
            "gammons_lost": report.gammons_lost,
            "seconds": seconds,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(
            out,
            "{} against {}: {:+.3} ± {:.3} points per game (95%), {} games (duplicate dice, seed {}), \
             {} won ({} gammons), {} gammons lost, {:.0} s",
            a.name(),
            b.name(),
            report.points_per_game,
            report.confidence_95,
            report.games,
            args.seed,
            report.wins,
            report.gammons_won,
            report.gammons_lost,
            seconds
        )?;
    }
    Ok(Outcome::Success)
}

/// The start positions of a `--positions` file: the Position ID at the start of each line that
/// is not blank, from the side on roll's point of view; an error names the first bad line.
fn read_starts(path: &std::path::Path) -> anyhow::Result<Vec<crate::rules::Board>> {
    if !path.exists() {
        anyhow::bail!("no such file");
    }
    let lines = crate::train::data::read_lines(path)?;
    let rules = crate::rules::RuleSet::new(crate::rules::Variant::Standard);
    let mut starts = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let Some(field) = line.split_whitespace().next() else {
            continue;
        };
        // A GNUbg ID's Position ID is already from the side on roll's point of view.
        let id = field.split(':').next().unwrap_or(field);
        let board = crate::codec::position_id::decode(
            id,
            crate::rules::Side::X,
            crate::rules::Variant::Standard,
        )
        .map_err(|error| anyhow::anyhow!("line {}: `{id}`: {error}", index + 1))?;
        if rules.result(&board).is_some() {
            anyhow::bail!("line {}: `{id}`: the game is over there", index + 1);
        }
        starts.push(board);
    }
    if starts.is_empty() {
        anyhow::bail!("no positions");
    }
    Ok(starts)
}
