//! `tavli train ...`: the training stages of tavli's networks, with a progress bar, an ETA and
//! checkpoints that a later run resumes from.

use anyhow::Context;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::exit::Outcome;
use crate::engine::net::weights_file;
use crate::train::td::{self, TdConfig};

/// Arguments of `tavli train`.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// The stage to run.
    #[command(subcommand)]
    pub stage: Stage,
}

/// The training stages.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum Stage {
    /// TD(0) self-play from random weights (or from `--resume`).
    Td(TdArgs),
}

/// Arguments of `tavli train td`.
#[derive(clap::Args, Debug, Clone)]
pub struct TdArgs {
    /// Where to write the weights (rewritten at every checkpoint).
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Go on from these weights (their game count goes on too) instead of random ones.
    #[arg(long, value_name = "PATH")]
    pub resume: Option<PathBuf>,
    /// Games to play in this run.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Seed of the dice (and of the random start weights).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Learning rate at the start of the run.
    #[arg(long, default_value_t = 0.05)]
    pub rate: f32,
    /// Learning rate at the end of the run (linear in between; default: the start rate).
    #[arg(long)]
    pub final_rate: Option<f32>,
    /// Worker threads (their copies are averaged after every round).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Games per thread in a round.
    #[arg(long, default_value_t = 1000)]
    pub round: u64,
    /// Hidden units of a new contact network.
    #[arg(long, default_value_t = 128)]
    pub contact_hidden: usize,
    /// Hidden units of a new race network.
    #[arg(long, default_value_t = 64)]
    pub race_hidden: usize,
    /// Write the weights every this many games.
    #[arg(long, default_value_t = 10_000)]
    pub checkpoint_every: u64,
}

/// Runs `tavli train`.
///
/// # Errors
/// Unreadable or unusable weights to resume from, or weights that cannot be written.
pub fn run(args: &TrainArgs, _out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    match &args.stage {
        Stage::Td(td_args) => run_td(td_args, err),
    }
}

fn write_weights(path: &Path, nets: &crate::engine::net::NetSet) -> anyhow::Result<()> {
    let temporary = path.with_extension("tnet.partial");
    std::fs::write(&temporary, weights_file::write(nets))
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

fn run_td(args: &TdArgs, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut nets = match &args.resume {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            weights_file::read(&bytes)
                .with_context(|| format!("cannot resume from {}", path.display()))?
        }
        None => td::random_nets(args.contact_hidden, args.race_hidden, args.seed),
    };
    let config = TdConfig {
        games: args.games,
        seed: args.seed,
        rate: args.rate,
        final_rate: args.final_rate.unwrap_or(args.rate),
        threads: args.threads,
        round: args.round,
    };
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(args.games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games {elapsed} ETA {eta} {msg}",
        ) {
            bar.set_style(style);
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let started = Instant::now();
    let mut last_checkpoint = 0;
    let mut failure = None;
    td::train(&mut nets, &config, &mut |progress, nets| {
        bar.set_position(progress.games);
        bar.set_message(format!("TD error {:.4}", progress.win_error));
        if progress.games - last_checkpoint >= args.checkpoint_every || progress.games == args.games
        {
            last_checkpoint = progress.games;
            if let Err(error) = write_weights(&args.out, nets) {
                failure.get_or_insert(error);
            }
            let line = format!(
                "td games {} (total {}) seconds {:.0} td-error {:.4}",
                progress.games,
                progress.total_games,
                started.elapsed().as_secs_f64(),
                progress.win_error
            );
            bar.suspend(|| {
                let _ = writeln!(err, "{line}");
            });
        }
    });
    bar.finish_and_clear();
    if let Some(error) = failure {
        return Err(error);
    }
    Ok(Outcome::Success)
}
