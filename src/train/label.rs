//! Labels for supervised training from tavli's own rollouts: each sampled position is played
//! out by the networks at 0 ply, from the player on roll, and the results averaged.
//!
//! Two kinds, both truncated after `truncate` plies (the leaf judged by the networks, or exactly
//! when the game is over):
//! - `trials = 0`: every roll sequence of the first `truncate` plies, each with its probability
//!   (the exhaustive rollout: no variance; at 2 plies the same as gnubg's 2-ply evaluation);
//! - `trials = n`: n games of the shared rollout core ([`crate::engine::rollout`]), cubeless,
//!   with the dice labels have always had: trial `t` starts with the ordered roll `t mod 36`,
//!   later rolls come from one generator seeded by `seed` and drawn game after game (so a
//!   seed gives the labels it gave before the core was shared). With variance reduction (the
//!   default) every ply also plays all 21 rolls, and the luck of the roll drawn (its result's
//!   value less the average over the 21) is taken off the trial's result: the estimate stays
//!   unbiased, and most of the dice's noise goes, at about 21 times the cost per trial.

use crate::engine::choice::SharedEvaluator;
use crate::engine::rollout::dice::{ordered_roll, random_roll};
use crate::engine::rollout::statistics::Sums;
use crate::engine::rollout::{Rollout, RolloutSettings};
use crate::engine::search::Search;
use crate::engine::{Evaluator, Probabilities};
use crate::rules::{Board, MatchState, Side, Variant};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// How positions are rolled out.
#[derive(Clone, Copy, Debug)]
pub struct RolloutConfig {
    /// Games per position; 0 for the exhaustive rollout.
    pub trials: u32,
    /// Plies played before the networks judge the position.
    pub truncate: u32,
    /// Take each roll's luck off the trial's result (trials > 0 only).
    pub variance_reduction: bool,
}

/// The rollout result of `board` for `on_roll` (about to roll).
#[must_use]
pub fn rollout(
    evaluator: &SharedEvaluator,
    board: &Board,
    on_roll: Side,
    config: RolloutConfig,
    seed: u64,
) -> Probabilities {
    if config.trials == 0 {
        return Search::new(&**evaluator, config.truncate).probabilities(
            board,
            Variant::Standard,
            on_roll,
        );
    }
    let mut state = MatchState::new_money_game(Variant::Standard, on_roll);
    state.board = *board;
    let settings = RolloutSettings {
        truncation: Some(config.truncate),
        cubeful: false,
        variance_reduction: config.variance_reduction,
        plies: 0,
        seed,
        cube_decision_at_start: false,
    };
    let Ok(rollout) = Rollout::new(&**evaluator, &state, settings) else {
        // A finished game: nothing to roll out, the networks' (exact) judgement stands.
        return evaluator.probabilities(board, Variant::Standard, on_roll);
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sums = Sums::default();
    for number in 0..config.trials {
        let mut first = Some(ordered_roll((number % 36) as u8));
        let result =
            rollout.trial_with_dice(&mut || first.take().unwrap_or_else(|| random_roll(&mut rng)));
        if !config.variance_reduction && result.truncated && result.plies > 0 {
            // Labels drew the dice of the ply after the last one too: kept, so that a seed's
            // later trials keep their dice.
            random_roll(&mut rng);
        }
        sums.add(&rollout.figures(&result));
    }
    Probabilities {
        win: sums.mean(0),
        win_gammon: sums.mean(1),
        win_backgammon: sums.mean(2),
        lose_gammon: sums.mean(3),
        lose_backgammon: sums.mean(4),
    }
    .normalised()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::choice::embedded_net;

    #[test]
    fn rollouts_give_consistent_probabilities() {
        let evaluator: SharedEvaluator = embedded_net();
        let board = Board::start(Variant::Standard);
        for config in [
            RolloutConfig {
                trials: 0,
                truncate: 1,
                variance_reduction: false,
            },
            RolloutConfig {
                trials: 36,
                truncate: 4,
                variance_reduction: false,
            },
            RolloutConfig {
                trials: 36,
                truncate: 4,
                variance_reduction: true,
            },
        ] {
            let p = rollout(&evaluator, &board, Side::X, config, 3);
            assert!(
                p.win >= 0.0 && p.win <= 1.0 && p.win_gammon <= p.win,
                "{p:?}"
            );
            assert!(p.lose_gammon <= 1.0 - p.win);
        }
    }

    #[test]
    fn a_reduced_rollout_of_one_ply_is_the_exact_one_ply_value_whatever_the_dice() {
        let evaluator: SharedEvaluator = embedded_net();
        let board = Board::start(Variant::Standard);
        let exact = rollout(
            &evaluator,
            &board,
            Side::O,
            RolloutConfig {
                trials: 0,
                truncate: 1,
                variance_reduction: false,
            },
            1,
        );
        for seed in [1, 2] {
            let reduced = rollout(
                &evaluator,
                &board,
                Side::O,
                RolloutConfig {
                    trials: 3,
                    truncate: 1,
                    variance_reduction: true,
                },
                seed,
            );
            assert!(
                (reduced.money_equity() - exact.money_equity()).abs() < 1e-9,
                "{reduced:?} against {exact:?}"
            );
        }
    }

    #[test]
    fn variance_reduction_narrows_the_spread_of_rollouts() {
        let evaluator: SharedEvaluator = embedded_net();
        let board = Board::start(Variant::Standard);
        let spread = |variance_reduction| {
            let equities: Vec<f64> = (0..6)
                .map(|seed| {
                    rollout(
                        &evaluator,
                        &board,
                        Side::X,
                        RolloutConfig {
                            trials: 6,
                            truncate: 3,
                            variance_reduction,
                        },
                        seed,
                    )
                    .money_equity()
                })
                .collect();
            let mean = equities.iter().sum::<f64>() / equities.len() as f64;
            equities.iter().map(|e| (e - mean).powi(2)).sum::<f64>()
        };
        let (plain, reduced) = (spread(false), spread(true));
        assert!(reduced < plain, "reduced {reduced} against plain {plain}");
    }
}
