//! `tavli train ...`: the training stages of tavli's networks, with a progress bar, an ETA and
//! checkpoints that a later run resumes from.

use anyhow::Context;
use rand::SeedableRng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::exit::Outcome;
use super::train_stages as stages;
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
    /// Sample positions from self-play games of a net (appended to `--out`).
    Sample(SampleArgs),
    /// Label sampled positions with rollouts (resumes where `--out` stops).
    Label(LabelArgs),
    /// Supervised training on labels (minibatch Adam, validation loss per epoch).
    Fit(FitArgs),
    /// Average nets of one shape, weight by weight (nets trained from one start).
    Average(AverageArgs),
    /// Move the networks' output biases until their mean predictions match what happens in
    /// their own self-play games.
    Calibrate(CalibrateArgs),
    /// The type of each position of a file (race, early, backgame, crashed, bearoff-contact,
    /// priming, other): each line with its type, only the lines of some types, or the counts.
    Classify(ClassifyArgs),
}

/// Arguments of `tavli train classify`.
#[derive(clap::Args, Debug, Clone)]
pub struct ClassifyArgs {
    /// A positions, labels or other text file (`.gz`: compressed) whose lines hold a Position
    /// ID (seen from the player on roll), or a gnubg ID `POSITION:MATCH`.
    #[arg(value_name = "PATH")]
    pub input: PathBuf,
    /// The ID is this tab-separated field of each line (1-based), instead of its first word.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub field: Option<u32>,
    /// Print only the lines of this type, unchanged (repeat for several types).
    #[arg(long = "only", value_name = "TYPE")]
    pub only: Vec<crate::train::position_type::PositionType>,
    /// Print how many lines of each type instead of the lines.
    #[arg(long, conflicts_with = "only")]
    pub counts: bool,
}

/// A `TYPE=WEIGHT` pair of `--type-weight`.
fn type_weight(text: &str) -> Result<(crate::train::position_type::PositionType, f32), String> {
    let (kind, weight) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}` is not TYPE=WEIGHT"))?;
    let kind = kind.parse().map_err(|e| format!("{e}"))?;
    let weight: f32 = weight
        .parse()
        .map_err(|_| format!("`{weight}` is not a number"))?;
    if weight.is_finite() && weight >= 0.0 {
        Ok((kind, weight))
    } else {
        Err(format!(
            "a weight must be a finite number, 0 or more, not {weight}"
        ))
    }
}

/// Arguments of `tavli train average`.
#[derive(clap::Args, Debug, Clone)]
pub struct AverageArgs {
    /// A weights file to average (give two or more).
    #[arg(long = "weights", value_name = "PATH", required = true, num_args = 1)]
    pub weights: Vec<PathBuf>,
    /// Where to write the averaged weights.
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
}

/// Arguments of `tavli train calibrate`.
#[derive(clap::Args, Debug, Clone)]
pub struct CalibrateArgs {
    /// The networks to calibrate (default: the built-in ones).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// Where to write the calibrated weights.
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Self-play games per round.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Rounds of games and bias moves (each round's games are new).
    #[arg(long, default_value_t = 3)]
    pub rounds: u32,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// Arguments of `tavli train sample`.
#[derive(clap::Args, Debug, Clone)]
pub struct SampleArgs {
    /// The networks that play (default: the built-in ones).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// Positions file to append to (`.gz`: compressed).
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Games to play.
    #[arg(long, default_value_t = 10_000)]
    pub games: u64,
    /// Seed of the games (game numbers go on from `--first-game`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of the first game (to continue a sampling run with new games).
    #[arg(long, default_value_t = 0)]
    pub first_game: u64,
    /// Chance that a turn plays a random legal play.
    #[arg(long, default_value_t = 0.05)]
    pub exploration: f64,
    /// Chance of keeping a position on which 0-ply and 1-ply agree.
    #[arg(long, default_value_t = 0.15)]
    pub base_keep: f64,
    /// Extra keep chance per unit of equity between 0-ply and 1-ply.
    #[arg(long, default_value_t = 8.0)]
    pub keep_per_disagreement: f64,
    /// Also search every decision this many plies deep and, where that search and the
    /// network alone choose different plays, keep the positions after both (0: off).
    #[arg(long, value_name = "PLIES", default_value_t = 0)]
    pub decision_plies: u32,
    /// Also keep the positions after the network's this many best plays of every decision
    /// (within `--sibling-window` of the best, two at least; 0: off): siblings that a deeper
    /// label puts in order.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub siblings: usize,
    /// How far below the best play's equity a sibling may be (a finite number, 0 or more).
    #[arg(long, value_name = "EQUITY", default_value_t = 0.1, value_parser = non_negative::<f64>)]
    pub sibling_window: f64,
    /// With `--siblings`: also append each decision's siblings to this file, one line a
    /// decision (their Position IDs as in `--out`, the network's best play first), for
    /// `train fit --sibling-groups`. The positions written to `--out` stay the same.
    #[arg(long, value_name = "PATH")]
    pub groups_out: Option<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// Arguments of `tavli train label`.
#[derive(clap::Args, Debug, Clone)]
pub struct LabelArgs {
    /// The networks that roll out (default: the built-in ones).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
    /// Positions file.
    #[arg(long, value_name = "PATH")]
    pub positions: PathBuf,
    /// Labels file to append to; positions it already holds are skipped.
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Games per position (0: every roll sequence of the truncated plies, exactly).
    #[arg(long, default_value_t = 0)]
    pub trials: u32,
    /// Plies before the networks judge the position.
    #[arg(long, default_value_t = 2)]
    pub truncate: u32,
    /// With `--trials`: keep each roll's luck in the result (plain rollouts, noisier).
    #[arg(long)]
    pub no_variance_reduction: bool,
    /// Label at most this many positions in this run.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Seed of the rollout dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// A finite number, zero or more (NaN compares false everywhere, so a window or weight of NaN
/// would keep or weigh nothing without a word).
fn non_negative<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + Into<f64> + Copy,
{
    let value: T = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    let wide: f64 = value.into();
    if wide.is_finite() && wide >= 0.0 {
        Ok(value)
    } else {
        Err(format!("must be a finite number, 0 or more, not {text}"))
    }
}

/// A learning rate: a finite number above zero (a zero or negative rate would leave the
/// weights where they are or walk them uphill, and a schedule cannot fall to it).
fn positive_rate(text: &str) -> Result<f32, String> {
    let rate: f32 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if rate.is_finite() && rate > 0.0 {
        Ok(rate)
    } else {
        Err(format!(
            "a rate must be a finite number above 0, not {text}"
        ))
    }
}

/// Arguments of `tavli train fit`.
#[derive(clap::Args, Debug, Clone)]
pub struct FitArgs {
    /// Labels files.
    #[arg(long = "data", value_name = "PATH", required = true)]
    pub data: Vec<PathBuf>,
    /// Start from these weights (default: the built-in ones).
    #[arg(long, value_name = "PATH")]
    pub resume: Option<PathBuf>,
    /// Where to write the trained weights.
    #[arg(long, value_name = "PATH")]
    pub out: PathBuf,
    /// Passes over the data.
    #[arg(long, default_value_t = 10)]
    pub epochs: u32,
    /// Examples per step.
    #[arg(long, default_value_t = 128)]
    pub batch: usize,
    /// Adam's step size at the start (a positive number).
    #[arg(long, default_value_t = 0.001, value_parser = positive_rate)]
    pub rate: f32,
    /// Adam's step size at the end (geometric in between; default: the start rate).
    #[arg(long, value_parser = positive_rate)]
    pub final_rate: Option<f32>,
    /// Widen the contact network to this many hidden units before training (each new unit
    /// a nudged copy of an existing one, the function kept), to give it more capacity.
    #[arg(long, value_name = "N")]
    pub contact_hidden: Option<usize>,
    /// Give the contact network a second hidden layer of this many units, between its hidden
    /// layer and its outputs (the first layer kept, the new layer and the outputs random to
    /// start), unless it has one already.
    #[arg(long, value_name = "N")]
    pub contact_second: Option<usize>,
    /// Widen the race network to this many hidden units before training, as
    /// `--contact-hidden` does the contact network.
    #[arg(long, value_name = "N")]
    pub race_hidden: Option<usize>,
    /// Give the race network a second hidden layer of this many units, as `--contact-second`
    /// does the contact network.
    #[arg(long, value_name = "N")]
    pub race_second: Option<usize>,
    /// Count the training examples of a position type this many times (`crashed=3`,
    /// `backgame=2.5`; repeat for several types; the validation set is not weighted).
    #[arg(long = "type-weight", value_name = "TYPE=WEIGHT", value_parser = type_weight)]
    pub type_weights: Vec<(crate::train::position_type::PositionType, f32)>,
    /// Sibling groups file (from `train sample --groups-out`; repeat for several): the
    /// order of each group whose positions all have labels is measured after every epoch,
    /// and trained with `--order-weight`.
    #[arg(long = "sibling-groups", value_name = "PATH")]
    pub sibling_groups: Vec<PathBuf>,
    /// Weight of the order term of the sibling groups beside the cross-entropy: a group's
    /// term counts this many times one example's loss (0: measured only, the fit unchanged).
    #[arg(long, value_name = "W", default_value_t = 0.0, value_parser = non_negative::<f32>)]
    pub order_weight: f32,
    /// Seed of the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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
    /// Learning rate at the start of the run (a positive number).
    #[arg(long, default_value_t = 0.05, value_parser = positive_rate)]
    pub rate: f32,
    /// Learning rate at the end of the run (linear in between; default: the start rate).
    #[arg(long, value_parser = positive_rate)]
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
    /// Give the contact network a second hidden layer of this many units, between its hidden
    /// layer and its outputs (the first layer kept, the new layer and the outputs random to
    /// start), unless it has one already.
    #[arg(long, value_name = "N")]
    pub contact_second: Option<usize>,
    /// Write the weights every this many games.
    #[arg(long, default_value_t = 10_000)]
    pub checkpoint_every: u64,
}

/// A progress bar with an ETA on a terminal, hidden otherwise.
pub(crate) fn progress_bar(length: u64, unit: &str) -> indicatif::ProgressBar {
    super::progress::bar(length, unit)
}

/// Runs `tavli train`.
///
/// # Errors
/// Unreadable or unusable weights to resume from, or weights that cannot be written.
pub fn run(args: &TrainArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    match &args.stage {
        Stage::Td(td_args) => run_td(td_args, err),
        Stage::Sample(sample_args) => stages::run_sample(sample_args, err),
        Stage::Label(label_args) => stages::run_label(label_args, err),
        Stage::Fit(fit_args) => stages::run_fit(fit_args, err),
        Stage::Average(average_args) => run_average(average_args),
        Stage::Calibrate(calibrate_args) => stages::run_calibrate(calibrate_args, err),
        Stage::Classify(classify_args) => run_classify(classify_args, out),
    }
}

fn run_classify(args: &ClassifyArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    use crate::codec::position_id;
    use crate::rules::{Side, Variant};
    use crate::train::position_type::PositionType;
    let lines = crate::train::data::read_lines(&args.input)
        .with_context(|| format!("cannot read {}", args.input.display()))?;
    let mut counts = [0usize; PositionType::ALL.len()];
    let mut text = String::new();
    for (number, line) in lines.iter().enumerate() {
        let word = match args.field {
            Some(field) => line.split('\t').nth(field as usize - 1),
            None => line.split_whitespace().next(),
        };
        let Some(word) = word else {
            anyhow::bail!("{} line {}: no ID in it", args.input.display(), number + 1);
        };
        let id = word.split(':').next().unwrap_or(word);
        let board = position_id::decode(id, Side::X, Variant::Standard).with_context(|| {
            format!(
                "{} line {}: bad Position ID `{id}`",
                args.input.display(),
                number + 1
            )
        })?;
        let kind = PositionType::of(&board);
        counts[kind as usize] += 1;
        if args.counts {
            continue;
        }
        if args.only.is_empty() {
            text.push_str(&format!("{kind}\t{line}\n"));
        } else if args.only.contains(&kind) {
            text.push_str(line);
            text.push('\n');
        }
    }
    if args.counts {
        for kind in PositionType::ALL {
            text.push_str(&format!("{kind}\t{}\n", counts[kind as usize]));
        }
    }
    out.write_all(text.as_bytes())?;
    Ok(Outcome::Success)
}

/// Writes weights through a temporary file, so that a checkpoint is never half written. A path
/// that is not a regular file (`/dev/null`, a pipe) is written directly: renaming over it
/// would replace the device or pipe with a file.
pub(crate) fn write_weights(path: &Path, nets: &crate::engine::net::NetSet) -> anyhow::Result<()> {
    let bytes = weights_file::write(nets);
    if std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()) {
        return std::fs::write(path, bytes)
            .with_context(|| format!("cannot write {}", path.display()));
    }
    let temporary = path.with_extension("tnet.partial");
    std::fs::write(&temporary, bytes)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| format!("cannot write {}", path.display()))
}

fn run_average(args: &AverageArgs) -> anyhow::Result<Outcome> {
    let sets = args
        .weights
        .iter()
        .map(|path| stages::load_nets(Some(path)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mean = crate::train::average::average(&sets)?;
    write_weights(&args.out, &mean)?;
    Ok(Outcome::Success)
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
    if let Some(second) = args.contact_second {
        let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
        nets.contact = nets.contact.deepened(second, &mut rng);
    }
    let config = TdConfig {
        games: args.games,
        seed: args.seed,
        rate: args.rate,
        final_rate: args.final_rate.unwrap_or(args.rate),
        threads: args.threads,
        round: args.round,
    };
    let bar = progress_bar(args.games, "games");
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `--out /dev/null` discards the weights and leaves the device as it was (it once renamed
    /// a file over it, which turned /dev/null into a regular file for the whole machine).
    #[test]
    fn weights_to_a_device_leave_the_device_in_place() {
        use std::os::unix::fs::FileTypeExt;
        let nets = crate::train::td::random_nets(2, 2, 1);
        write_weights(Path::new("/dev/null"), &nets).unwrap();
        let kind = std::fs::metadata("/dev/null").unwrap().file_type();
        assert!(kind.is_char_device());
        assert!(!Path::new("/dev/null.tnet.partial").exists());
        let directory = std::env::temp_dir().join(format!("tavli-weights-{}", std::process::id()));
        std::fs::create_dir_all(&directory).unwrap();
        let file = directory.join("w.tnet");
        write_weights(&file, &nets).unwrap();
        assert_eq!(
            weights_file::read(&std::fs::read(&file).unwrap()).unwrap(),
            nets
        );
        std::fs::remove_dir_all(&directory).unwrap();
    }

    #[test]
    fn a_rate_must_be_a_finite_number_above_zero() {
        assert_eq!(positive_rate("0.002"), Ok(0.002));
        for bad in ["0", "-0.001", "nan", "inf", "fast", ""] {
            assert!(positive_rate(bad).is_err(), "{bad} accepted");
        }
    }
}
