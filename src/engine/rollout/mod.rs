//! Rollouts: a position played out many times by the evaluator, the results averaged, as
//! gnubg's `rollout` does. Cubeless or cubeful, truncated or to the end, with quasi-random dice
//! ([`dice`]), luck-based variance reduction ([`trial`]) and exact running sums
//! ([`statistics`]): every trial's dice depend on the seed and the trial's index alone, so any
//! range of trials can be rolled out on its own (another thread, another machine) and the
//! parts merged into exactly the result of the whole.

pub mod cube_play;
pub mod dice;
pub mod statistics;
pub mod text;
pub mod trial;

use crate::engine::cube::Stakes;
use crate::engine::{Evaluator, Probabilities};
use crate::rules::{MatchState, Variant};
use dice::QuasiRandomDice;
use serde::{Deserialize, Serialize};
use statistics::{Sums, CUBEFUL, CUBELESS};
use std::fmt;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use trial::{TrialPlayer, TrialResult, TrialRules};

/// gnubg's default number of trials.
pub const DEFAULT_TRIALS: u64 = 1_296;

/// How a position is rolled out (everything but the range of trials and the threads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolloutSettings {
    /// Plies played before the evaluator judges (`None`: every game to its end).
    pub truncation: Option<u32>,
    /// Whether the cube is played during the trials.
    pub cubeful: bool,
    /// Whether each roll's luck is taken off the trial's result.
    pub variance_reduction: bool,
    /// Plies the evaluator searches to choose plays, decide the cube and judge positions.
    pub plies: u32,
    /// The seed of the dice.
    pub seed: u64,
    /// Whether the player on roll may double before the first roll of each trial. `false` (the
    /// default) rolls the position out as gnubg's `rollout` does, with no double at the start:
    /// the cubeful figure is the equity of rolling (gnubg's "no double"). The analysis rolls out
    /// the position after a play with the opponent's cube decision first (`true`). Part files
    /// written before this setting existed were rolled out with it, so they read as `true`.
    #[serde(default = "cube_decision_at_start_of_older_parts")]
    pub cube_decision_at_start: bool,
}

/// Rollouts written before `cube_decision_at_start` existed made the first cube decision.
fn cube_decision_at_start_of_older_parts() -> bool {
    true
}

impl Default for RolloutSettings {
    /// gnubg's defaults where tavli has them: cubeful, untruncated, variance reduction, the
    /// evaluator at 0 plies.
    fn default() -> Self {
        RolloutSettings {
            truncation: None,
            cubeful: true,
            variance_reduction: true,
            plies: 0,
            seed: 1,
            cube_decision_at_start: false,
        }
    }
}

/// Why a position cannot be rolled out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RolloutError {
    /// The variant moves or scores unlike backgammon.
    Variant(Variant),
    /// A side has no checker left: the game is over.
    GameOver,
}

impl fmt::Display for RolloutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RolloutError::Variant(variant) => {
                write!(
                    f,
                    "rollouts are for backgammon and nackgammon, not {variant}"
                )
            }
            RolloutError::GameOver => f.write_str("the game is over: there is nothing to roll out"),
        }
    }
}

impl std::error::Error for RolloutError {}

/// The figures of a rollout (or their standard errors), for the player on roll at the start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutFigures {
    /// The five cubeless probabilities.
    pub probabilities: Probabilities,
    /// Cubeless equity (money: per unit cube; match: gnubg's normalised equity).
    pub cubeless_equity: f64,
    /// Cubeful equity in the same units (`None` in a cubeless rollout).
    pub cubeful_equity: Option<f64>,
}

/// What a rollout found: the means, their standard errors and the trials behind them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutEstimate {
    /// Trials rolled out.
    pub trials: u64,
    /// The means.
    pub figures: RolloutFigures,
    /// The standard error of each mean.
    pub standard_errors: RolloutFigures,
}

/// A position ready to be rolled out.
pub struct Rollout<'a> {
    player: TrialPlayer<'a>,
    dice: QuasiRandomDice,
    settings: RolloutSettings,
}

impl<'a> Rollout<'a> {
    /// The rollout of `state` (its board, player on roll, cube and score; dice already rolled
    /// are ignored: the player on roll rolls first) with `settings`.
    ///
    /// # Errors
    /// A variant other than backgammon and nackgammon; a finished game.
    pub fn new(
        evaluator: &'a dyn Evaluator,
        state: &MatchState,
        settings: RolloutSettings,
    ) -> Result<Rollout<'a>, RolloutError> {
        if !matches!(state.variant, Variant::Standard | Variant::Nackgammon) {
            return Err(RolloutError::Variant(state.variant));
        }
        let side = state.on_roll;
        if state.board.checkers_in_play(side) == 0
            || state.board.checkers_in_play(side.opponent()) == 0
        {
            return Err(RolloutError::GameOver);
        }
        let rules = TrialRules {
            truncation: settings.truncation,
            cubeful: settings.cubeful,
            variance_reduction: settings.variance_reduction,
            cube_decision_at_start: settings.cube_decision_at_start,
        };
        let start = Stakes::from_state(state);
        Ok(Rollout {
            player: TrialPlayer::new(evaluator, settings.plies, state.board, side, start, rules),
            dice: QuasiRandomDice::new(settings.seed),
            settings,
        })
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &RolloutSettings {
        &self.settings
    }

    /// Trial number `index`, its dice the quasi-random dice of that index.
    #[must_use]
    pub fn trial(&self, index: u64) -> TrialResult {
        let mut dice = self.dice.trial(index);
        self.player.play(&mut || dice.next_roll())
    }

    /// The trial playing `roll`'s dice (for callers with dice of their own).
    pub fn trial_with_dice(&self, roll: &mut dyn FnMut() -> crate::rules::Dice) -> TrialResult {
        self.player.play(roll)
    }

    /// The figures the statistics keep of a trial.
    #[must_use]
    pub fn figures(&self, result: &TrialResult) -> [f64; statistics::FIGURES] {
        self.player.figures(result)
    }

    /// Rolls out the trials of `trials` on `threads` threads, calling `progress` with the
    /// number of trials done from the calling thread (which only watches while helpers
    /// work, so whatever `progress` draws is drawn from the caller's thread). The sums do not
    /// depend on the threads.
    pub fn run(&self, trials: Range<u64>, threads: usize, progress: &mut dyn FnMut(u64)) -> Sums {
        let count = trials.end.saturating_sub(trials.start);
        let threads = threads.clamp(1, usize::try_from(count).unwrap_or(usize::MAX).max(1));
        if threads == 1 {
            let mut sums = Sums::default();
            for index in trials {
                sums.add(&self.figures(&self.trial(index)));
                progress(sums.trials);
            }
            return sums;
        }
        let next = AtomicU64::new(trials.start);
        let done = AtomicU64::new(0);
        let work = || {
            let mut sums = Sums::default();
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= trials.end {
                    return sums;
                }
                sums.add(&self.figures(&self.trial(index)));
                done.fetch_add(1, Ordering::Relaxed);
            }
        };
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
            while !workers
                .iter()
                .all(std::thread::ScopedJoinHandle::is_finished)
            {
                progress(done.load(Ordering::Relaxed));
                std::thread::sleep(Duration::from_millis(25));
            }
            let mut total = Sums::default();
            for worker in workers {
                match worker.join() {
                    Ok(sums) => total.merge(&sums),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            progress(total.trials);
            total
        })
    }

    /// The means and standard errors of `sums` (trials of this rollout).
    #[must_use]
    pub fn estimate(&self, sums: &Sums) -> RolloutEstimate {
        let start = self.player.start();
        let scale = self.player.scale();
        let slope = scale.normalised_slope(start).abs();
        let probabilities = |value: &dyn Fn(usize) -> f64| Probabilities {
            win: value(0),
            win_gammon: value(1),
            win_backgammon: value(2),
            lose_gammon: value(3),
            lose_backgammon: value(4),
        };
        let cubeful = self.settings.cubeful;
        RolloutEstimate {
            trials: sums.trials,
            figures: RolloutFigures {
                // Variance reduction can carry a rare outcome's mean a little below zero
                // (or a gammon above its win) over few trials: the probabilities are shown
                // clamped into a consistent set, the equities stay the unbiased means.
                probabilities: probabilities(&|index| sums.mean(index)).normalised(),
                cubeless_equity: scale.normalised(start, sums.mean(CUBELESS)),
                cubeful_equity: cubeful.then(|| scale.normalised(start, sums.mean(CUBEFUL))),
            },
            standard_errors: RolloutFigures {
                probabilities: probabilities(&|index| sums.standard_error(index)),
                cubeless_equity: slope * sums.standard_error(CUBELESS),
                cubeful_equity: cubeful.then(|| slope * sums.standard_error(CUBEFUL)),
            },
        }
    }
}

/// Part of a rollout: its settings, the ranges of trials done and their sums; parts of one
/// rollout (same position and settings, disjoint ranges) merge exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolloutPart {
    /// The position rolled out: its GNUbg ID (for checking that parts belong together). Part
    /// files written before the shared JSON vocabulary call it `position`: they still merge.
    #[serde(alias = "position")]
    pub gnubg_id: String,
    /// The settings.
    pub settings: RolloutSettings,
    /// The ranges of trials done, `[first, end)`.
    pub ranges: Vec<[u64; 2]>,
    /// The sums of their figures.
    pub sums: Sums,
}

/// Why parts of rollouts cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// Nothing to merge.
    Empty,
    /// The parts roll out different positions or use different settings.
    Different,
    /// Two parts share trials.
    Overlap([u64; 2], [u64; 2]),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Empty => f.write_str("no rollout to merge"),
            MergeError::Different => {
                f.write_str("the rollouts are of different positions or settings")
            }
            MergeError::Overlap(a, b) => write!(
                f,
                "trials {}..{} and {}..{} overlap: each trial may be counted once",
                a[0], a[1], b[0], b[1]
            ),
        }
    }
}

impl std::error::Error for MergeError {}

/// The parts merged into one.
///
/// # Errors
/// No parts, parts of different rollouts, overlapping ranges.
pub fn merge(parts: &[RolloutPart]) -> Result<RolloutPart, MergeError> {
    let (first, rest) = parts.split_first().ok_or(MergeError::Empty)?;
    let mut merged = first.clone();
    for part in rest {
        if part.gnubg_id != merged.gnubg_id || part.settings != merged.settings {
            return Err(MergeError::Different);
        }
        for range in &part.ranges {
            if let Some(other) = merged
                .ranges
                .iter()
                .find(|other| range[0] < other[1] && other[0] < range[1])
            {
                return Err(MergeError::Overlap(*other, *range));
            }
        }
        merged.ranges.extend(&part.ranges);
        merged.sums.merge(&part.sums);
    }
    merged.ranges.sort_unstable();
    // Adjacent ranges join.
    let mut joined: Vec<[u64; 2]> = Vec::with_capacity(merged.ranges.len());
    for range in merged.ranges {
        match joined.last_mut() {
            Some(last) if last[1] == range[0] => last[1] = range[1],
            _ => joined.push(range),
        }
    }
    merged.ranges = joined;
    Ok(merged)
}

#[cfg(test)]
mod tests;
