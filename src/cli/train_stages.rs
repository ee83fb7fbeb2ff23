//! `tavli train sample`, `label`, `fit` and `calibrate`: the supervised stages, each
//! resumable, with a progress bar and both cores in use where the work splits.

use anyhow::Context;
use rand::SeedableRng;
use std::io::Write;
use std::path::Path;
use std::time::Instant;

use super::exit::Outcome;
use super::train::{progress_bar, write_weights, CalibrateArgs, FitArgs, LabelArgs, SampleArgs};
use crate::engine::choice::{self, EvaluatorKind, SharedEvaluator};
use crate::engine::net::{weights_file, NetEvaluator, NetSet};
use crate::rules::{Side, Variant};
use crate::train::calibrate::{self, Tally};
use crate::train::data;
use crate::train::fit::{self, FitConfig, TypeWeights};
use crate::train::label::{rollout, RolloutConfig};
use crate::train::sample::{self, SampleConfig};

pub(crate) fn load_nets(weights: Option<&Path>) -> anyhow::Result<NetSet> {
    match weights {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            weights_file::read(&bytes).with_context(|| format!("cannot use {}", path.display()))
        }
        None => Ok(NetEvaluator::embedded().nets().clone()),
    }
}

/// Most siblings a line of `--groups-out` holds: a line of a data file is at most
/// [`data::MAX_LINE_BYTES`] long, and a Position ID and its space take 15.
const MAX_GROUP_SIBLINGS: usize = data::MAX_LINE_BYTES / 15 - 1;

fn evaluator(weights: Option<&Path>) -> anyhow::Result<SharedEvaluator> {
    choice::build(EvaluatorKind::Net, weights).map_err(|e| anyhow::anyhow!("{e}"))
}

/// Runs `tavli train sample`.
///
/// # Errors
/// Unusable weights, or an output file that cannot be written.
pub fn run_sample(args: &SampleArgs, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.groups_out.is_some() && args.siblings < 2 {
        anyhow::bail!("--groups-out writes the groups of --siblings N (2 or more)");
    }
    if args.groups_out.is_some() && args.siblings > MAX_GROUP_SIBLINGS {
        anyhow::bail!(
            "--groups-out holds at most {MAX_GROUP_SIBLINGS} siblings a line, not --siblings {}",
            args.siblings
        );
    }
    let nets = load_nets(args.weights.as_deref())?;
    let shared = evaluator(args.weights.as_deref())?;
    let threads = args.threads.max(1) as u64;
    let bar = progress_bar(args.games, "games");
    let started = Instant::now();
    let per_thread = args.games.div_ceil(threads);
    let done = std::sync::atomic::AtomicU64::new(0);
    let sampled: Vec<sample::Sampled> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|thread| {
                let config = SampleConfig {
                    games: per_thread.min(args.games.saturating_sub(thread * per_thread)),
                    seed: args.seed,
                    exploration: args.exploration,
                    base_keep: args.base_keep,
                    keep_per_disagreement: args.keep_per_disagreement,
                    decision_plies: args.decision_plies,
                    siblings: args.siblings,
                    sibling_window: args.sibling_window,
                };
                let (nets, shared, bar, done) = (&nets, &shared, &bar, &done);
                scope.spawn(move || {
                    let first = args.first_game + thread * per_thread;
                    sample::sample(nets, shared, &config, first, &mut |_, _| {
                        let games = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        bar.set_position(games);
                    })
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a sampling thread does not panic"))
            .collect()
    });
    bar.finish_and_clear();
    let positions: Vec<String> = sampled
        .iter()
        .flat_map(|part| part.positions.iter().cloned())
        .collect();
    data::append_lines(&args.out, &positions)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    let mut groups_written = String::new();
    if let Some(path) = &args.groups_out {
        let groups: Vec<String> = sampled
            .iter()
            .flat_map(|part| part.groups.iter().map(|group| group.join(" ")))
            .collect();
        data::append_lines(path, &groups)
            .with_context(|| format!("cannot write {}", path.display()))?;
        groups_written = format!(" groups {} -> {}", groups.len(), path.display());
    }
    writeln!(
        err,
        "sample games {} positions {} seconds {:.0} -> {}{groups_written}",
        args.games,
        positions.len(),
        started.elapsed().as_secs_f64(),
        args.out.display()
    )?;
    Ok(Outcome::Success)
}

/// Runs `tavli train label`.
///
/// # Errors
/// Unusable weights or positions, or an output file that cannot be written.
pub fn run_label(args: &LabelArgs, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let shared = evaluator(args.weights.as_deref())?;
    let positions = data::read_lines(&args.positions)
        .with_context(|| format!("cannot read {}", args.positions.display()))?;
    let done = data::read_lines(&args.out)
        .with_context(|| format!("cannot read {}", args.out.display()))?
        .len();
    let todo: Vec<&String> = positions
        .iter()
        .skip(done)
        .take(args.limit.unwrap_or(usize::MAX))
        .collect();
    let config = RolloutConfig {
        trials: args.trials,
        truncate: args.truncate,
        variance_reduction: !args.no_variance_reduction,
    };
    let bar = progress_bar(todo.len() as u64, "positions");
    let started = Instant::now();
    let threads = args.threads.max(1);
    for (chunk_number, chunk) in todo.chunks(500).enumerate() {
        let per_thread = chunk.len().div_ceil(threads);
        let labelled: Vec<anyhow::Result<Vec<String>>> = std::thread::scope(|scope| {
            let handles: Vec<_> = chunk
                .chunks(per_thread.max(1))
                .enumerate()
                .map(|(part, lines)| {
                    let shared = &shared;
                    scope.spawn(move || {
                        lines
                            .iter()
                            .enumerate()
                            .map(|(i, id)| {
                                let board = crate::codec::position_id::decode(
                                    id,
                                    Side::X,
                                    Variant::Standard,
                                )
                                .map_err(|e| anyhow::anyhow!("bad Position ID {id}: {e}"))?;
                                let seed = args.seed
                                    ^ ((done + chunk_number * 500 + part * per_thread + i) as u64);
                                let p = rollout(shared, &board, Side::X, config, seed);
                                Ok(data::label_line(id, &p))
                            })
                            .collect()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a labelling thread does not panic"))
                .collect()
        });
        let mut lines = Vec::with_capacity(chunk.len());
        for part in labelled {
            lines.extend(part?);
        }
        data::append_lines(&args.out, &lines)
            .with_context(|| format!("cannot write {}", args.out.display()))?;
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    writeln!(
        err,
        "label positions {} (of {}, {} labelled before) trials {} truncate {}{} seconds {:.0} -> {}",
        todo.len(),
        positions.len(),
        done,
        args.trials,
        args.truncate,
        if args.trials > 0 && !args.no_variance_reduction {
            " variance-reduced"
        } else {
            ""
        },
        started.elapsed().as_secs_f64(),
        args.out.display()
    )?;
    Ok(Outcome::Success)
}

/// Runs `tavli train fit`.
///
/// # Errors
/// Unusable weights or labels, or weights that cannot be written.
pub fn run_fit(args: &FitArgs, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.order_weight > 0.0 && args.sibling_groups.is_empty() {
        anyhow::bail!("--order-weight trains the order of --sibling-groups: give a groups file");
    }
    let mut nets = load_nets(args.resume.as_deref())?;
    if let Some(hidden) = args.contact_hidden {
        let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed);
        nets.contact = nets.contact.widened(hidden, 0.01, &mut rng);
    }
    if let Some(second) = args.contact_second {
        let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed.wrapping_add(1));
        nets.contact = nets.contact.deepened(second, &mut rng);
    }
    if let Some(hidden) = args.race_hidden {
        let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed.wrapping_add(2));
        nets.race = nets.race.widened(hidden, 0.01, &mut rng);
    }
    if let Some(second) = args.race_second {
        let mut rng = rand::rngs::StdRng::seed_from_u64(args.seed.wrapping_add(3));
        nets.race = nets.race.deepened(second, &mut rng);
    }
    let mut examples = Vec::new();
    for path in &args.data {
        let lines =
            data::read_lines(path).with_context(|| format!("cannot read {}", path.display()))?;
        for (i, line) in lines.iter().enumerate() {
            examples
                .push(data::parse_label(line, i + 1).with_context(|| path.display().to_string())?);
        }
    }
    let mut groups = Vec::new();
    for path in &args.sibling_groups {
        let lines =
            data::read_lines(path).with_context(|| format!("cannot read {}", path.display()))?;
        if lines.is_empty() {
            anyhow::bail!(
                "{}: no sibling groups (a missing or empty file)",
                path.display()
            );
        }
        for (i, line) in lines.iter().enumerate() {
            groups
                .push(data::parse_group(line, i + 1).with_context(|| path.display().to_string())?);
        }
    }
    let mut type_weights = TypeWeights::default();
    for &(kind, weight) in &args.type_weights {
        type_weights.set(kind, weight);
    }
    let config = FitConfig {
        epochs: args.epochs,
        batch: args.batch,
        rate: args.rate,
        final_rate: args.final_rate.unwrap_or(args.rate),
        seed: args.seed,
        type_weights,
        order_weight: args.order_weight,
    };
    let started = Instant::now();
    let classes = fit::classes_present(&examples).len() as u64;
    let bar = progress_bar(classes * u64::from(config.epochs), "epochs");
    fit::fit(&mut nets, &examples, &groups, &config, &mut |report| {
        let mut line = epoch_line(report, started.elapsed().as_secs_f64());
        if report.sizes.1 == 0 && report.epoch == 1 {
            line.push_str(&format!(
                "\ntavli train fit: warning: only {} {} example{}: one in 20 is held back for \
                 validation, so none is, and the validation loss is not measured",
                report.sizes.0,
                report.class.name(),
                if report.sizes.0 == 1 { "" } else { "s" }
            ));
        }
        bar.suspend(|| {
            let _ = writeln!(err, "{line}");
        });
        if report.epoch > 0 {
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    write_weights(&args.out, &nets)?;
    Ok(Outcome::Success)
}

/// The log line of a fit's epoch: the losses, the sizes, the order of the sibling groups
/// where the fit has them, and the seconds since the start. Epoch 0 (with groups) is before
/// any training and has no training figures.
fn epoch_line(report: &fit::EpochReport, seconds: f64) -> String {
    // One example in twenty is held back: a class with fewer than twenty has no validation
    // set, and its loss is not a number to print; the same for the groups.
    let figure = |value: f64, decimals: usize| {
        if value.is_nan() {
            "none".to_string()
        } else {
            format!("{value:.decimals$}")
        }
    };
    let mut line = format!("fit {} epoch {}", report.class.name(), report.epoch);
    if report.epoch > 0 {
        line.push_str(&format!(" train-loss {:.5}", report.training_loss));
    }
    line.push_str(&format!(
        " validation-loss {} examples {}+{}",
        figure(report.validation_loss, 5),
        report.sizes.0,
        report.sizes.1
    ));
    if let Some(order) = &report.order {
        if let Some(training) = &order.training {
            line.push_str(&format!(" order-train-rms {}", figure(training.rms(), 5)));
        }
        line.push_str(&format!(
            " order-validation-rms {} best-sibling {} groups {}+{}",
            figure(order.validation.rms(), 5),
            figure(order.validation.best_share(), 4),
            order.groups.0,
            order.groups.1
        ));
    }
    line.push_str(&format!(" seconds {seconds:.0}"));
    line
}

/// Runs `tavli train calibrate`: rounds of self-play, each followed by a bias move, the
/// weights written after every round.
///
/// # Errors
/// Unusable weights, or an output file that cannot be written.
pub fn run_calibrate(args: &CalibrateArgs, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut nets = load_nets(args.weights.as_deref())?;
    let threads = args.threads.max(1) as u64;
    let started = Instant::now();
    for round in 0..args.rounds {
        let bar = progress_bar(args.games, "games");
        let per_thread = args.games.div_ceil(threads);
        let first_round_game = u64::from(round) * args.games;
        let tally = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|thread| {
                    let first = thread * per_thread;
                    let games = per_thread.min(args.games.saturating_sub(first));
                    let (nets, bar) = (&nets, &bar);
                    scope.spawn(move || {
                        calibrate::play(
                            nets,
                            args.seed,
                            first_round_game + first,
                            games,
                            &mut || {
                                bar.inc(1);
                            },
                        )
                    })
                })
                .collect();
            let mut tally = Tally::default();
            for handle in handles {
                tally.merge(&handle.join().expect("a calibration thread does not panic"));
            }
            tally
        });
        bar.finish_and_clear();
        let shifts = tally.shifts();
        let errors = tally.mean_error();
        for (row, class) in calibrate::CLASSES.iter().enumerate() {
            let figures: Vec<String> = (0..crate::engine::net::OUTPUTS)
                .map(|output| format!("{:+.4}/{:+.3}", errors[row][output], shifts[row][output]))
                .collect();
            writeln!(
                err,
                "calibrate round {} games {} {class:?} positions {} error/shift {} seconds {:.0}",
                round + 1,
                tally.games,
                tally.positions[row],
                figures.join(" "),
                started.elapsed().as_secs_f64()
            )?;
        }
        calibrate::apply(&mut nets, &shifts);
        write_weights(&args.out, &nets)?;
    }
    Ok(Outcome::Success)
}
