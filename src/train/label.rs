//! Labels for supervised training from tavli's own rollouts: each sampled position is played
//! out by the networks at 0 ply, from the player on roll, and the results averaged.
//!
//! Two kinds, both truncated after `truncate` plies (the leaf judged by the networks, or exactly
//! when the game is over or both sides are bearing off):
//! - `trials = 0`: every roll sequence of the first `truncate` plies, each with its probability
//!   (the exhaustive rollout: no variance; at 2 plies the same as gnubg's 2-ply evaluation);
//! - `trials = n`: n games, the first roll stratified over the 36 (trial `t` starts with roll
//!   `t mod 36`), later rolls random.

use crate::engine::choice::SharedEvaluator;
use crate::engine::search::Search;
use crate::engine::{best_play, Evaluator, Probabilities};
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
    let mut rng = StdRng::seed_from_u64(seed);
    let mut total = Probabilities::ZERO;
    for trial in 0..config.trials {
        let first = trial % 36;
        let mut dice =
            Dice::new((first / 6 + 1) as u8, (first % 6 + 1) as u8).expect("dice in range");
        let mut state = MatchState::new_money_game(Variant::Standard, on_roll);
        state.board = *board;
        let mut finished = None;
        for _ply in 0..config.truncate {
            let mover = state.on_roll;
            if let Some(play) = best_play(&**evaluator, &state, dice) {
                state.board = play.result;
            }
            if state.board.checkers_in_play(mover) == 0 {
                // The exact result, from the mover's side.
                finished = Some(
                    evaluator
                        .probabilities(&state.board, Variant::Standard, mover)
                        .seen_by(mover, on_roll),
                );
                break;
            }
            state.on_roll = mover.opponent();
            state.turn = state.on_roll;
            dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice in range");
        }
        let result = finished.unwrap_or_else(|| {
            evaluator
                .probabilities(&state.board, Variant::Standard, state.on_roll)
                .seen_by(state.on_roll, on_roll)
        });
        total.add_weighted(1.0, &result);
    }
    total.divided_by(f64::from(config.trials)).normalised()
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
            },
            RolloutConfig {
                trials: 36,
                truncate: 4,
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
}
