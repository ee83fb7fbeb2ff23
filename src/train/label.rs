//! Labels for supervised training from tavli's own rollouts: each sampled position is played
//! out by the networks at 0 ply, from the player on roll, and the results averaged.
//!
//! Two kinds, both truncated after `truncate` plies (the leaf judged by the networks, or exactly
//! when the game is over or both sides are bearing off):
//! - `trials = 0`: every roll sequence of the first `truncate` plies, each with its probability
//!   (the exhaustive rollout: no variance; at 2 plies the same as gnubg's 2-ply evaluation);
//! - `trials = n`: n games, the first roll stratified over the 36 (trial `t` starts with roll
//!   `t mod 36`), later rolls random. With variance reduction (the default) every ply also
//!   plays all 21 rolls, and the luck of the roll drawn (its result's value less the average
//!   over the 21) is taken off the trial's result: the estimate stays unbiased, and most of the
//!   dice's noise goes, at about 21 times the cost per trial.

use crate::engine::choice::SharedEvaluator;
use crate::engine::cube::Stakes;
use crate::engine::search::Search;
use crate::engine::{Evaluator, Probabilities};
use crate::rules::{Board, Dice, MatchState, Side, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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
    let trial = Trial {
        search: Search::new(&**evaluator, 0),
        contexts: [Side::X, Side::O]
            .map(|side| Stakes::from_state(&MatchState::new_money_game(Variant::Standard, side))),
        root: on_roll,
        truncate: config.truncate,
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut total = Probabilities::ZERO;
    for number in 0..config.trials {
        let first = number % 36;
        let first = Dice::new((first / 6 + 1) as u8, (first % 6 + 1) as u8).expect("dice in range");
        let result = if config.variance_reduction {
            trial.reduced(board, first, &mut rng)
        } else {
            trial.plain(board, first, &mut rng)
        };
        total.add_weighted(1.0, &result);
    }
    total.divided_by(f64::from(config.trials)).normalised()
}

/// A random roll of two dice.
fn random_dice(rng: &mut StdRng) -> Dice {
    Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice in range")
}

/// One rollout's games: each side plays the networks' 0-ply best play, money cube.
struct Trial<'a> {
    search: Search<'a, dyn Evaluator + Send + Sync>,
    /// The money context of each side on roll, by side index.
    contexts: [Stakes; 2],
    /// The player on roll at the start, whose view every result takes.
    root: Side,
    truncate: u32,
}

impl Trial<'_> {
    fn context(&self, side: Side) -> &Stakes {
        &self.contexts[side.index()]
    }

    /// The value for the root player of `after`, just played to by `mover`: exact when the
    /// mover has borne off its last checker, else the networks' judgement.
    fn value_after(&self, after: &Board, mover: Side) -> Probabilities {
        self.search
            .probabilities_after(after, mover, 0, self.context(mover))
            .seen_by(mover, self.root)
    }

    /// One game of `truncate` plies from `board`, the first roll `first`.
    fn plain(&self, board: &Board, first: Dice, rng: &mut StdRng) -> Probabilities {
        let mut board = *board;
        let mut mover = self.root;
        let mut dice = first;
        for _ply in 0..self.truncate {
            board = self
                .search
                .best_result(&board, mover, dice, self.context(mover));
            if board.checkers_in_play(mover) == 0 {
                return self.value_after(&board, mover);
            }
            mover = mover.opponent();
            dice = random_dice(rng);
        }
        self.search
            .probabilities_at(&board, mover, 0, self.context(mover))
            .seen_by(mover, self.root)
    }

    /// One game like [`Trial::plain`] (at least one ply), less the luck of every roll: at each
    /// ply the mover's best play for each of the 21 rolls is judged, and the difference between
    /// the drawn roll's value and their average is subtracted. The last ply's average is the
    /// leaf.
    fn reduced(&self, board: &Board, first: Dice, rng: &mut StdRng) -> Probabilities {
        let rolls = Dice::all_rolls();
        let drawn_roll = |dice: Dice| {
            rolls
                .iter()
                .position(|&roll| roll == dice.high_first())
                .expect("the drawn roll is one of the 21")
        };
        let mut board = *board;
        let mut mover = self.root;
        let mut luck = Probabilities::ZERO;
        let mut drawn = drawn_roll(first);
        let mut ply = 1;
        loop {
            let mut average = Probabilities::ZERO;
            let mut drawn_result = (board, Probabilities::ZERO);
            for (index, &roll) in rolls.iter().enumerate() {
                let after = self
                    .search
                    .best_result(&board, mover, roll, self.context(mover));
                let value = self.value_after(&after, mover);
                average.add_weighted(roll.chance(), &value);
                if index == drawn {
                    drawn_result = (after, value);
                }
            }
            let (after, value) = drawn_result;
            if ply >= self.truncate || after.checkers_in_play(mover) == 0 {
                // The average is the unbiased value here; what came before is corrected by luck.
                average.add_weighted(-1.0, &luck);
                return average;
            }
            luck.add_weighted(1.0, &value);
            luck.add_weighted(-1.0, &average);
            board = after;
            mover = mover.opponent();
            drawn = drawn_roll(random_dice(rng));
            ply += 1;
        }
    }
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
