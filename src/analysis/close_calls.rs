//! Close calls settled by rollouts (`tavli analyse --rollout-close`): where the play made and
//! the best play (or, when the play made was the best, the best two) are within a threshold
//! of each other at the analysis' depth, both positions are rolled out on the same dice with
//! the engine's rollout, and the rollout's equities decide the loss and so the mark.

use crate::engine::rollout::{Rollout, RolloutSettings};
use crate::engine::{Evaluator, Stakes};
use crate::rules::{Board, MatchState};

/// gnubg's trials come in multiples of 36 (the first roll rotated over the trials).
pub const DEFAULT_TRIALS: u64 = 144;

/// Default threshold (EMG): plays this close at the analysis' depth are rolled out.
pub const DEFAULT_THRESHOLD: f64 = 0.04;

/// Which close calls are rolled out, and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CloseCalls {
    /// Two plays within this much normalised equity (EMG) of each other are rolled out.
    pub threshold: f64,
    /// Trials of each rollout.
    pub trials: u64,
    /// The seed of the rollouts' dice (the same for both plays of a call: their difference
    /// is measured on the same dice).
    pub seed: u64,
}

impl Default for CloseCalls {
    fn default() -> CloseCalls {
        CloseCalls {
            threshold: DEFAULT_THRESHOLD,
            trials: DEFAULT_TRIALS,
            seed: 1,
        }
    }
}

impl CloseCalls {
    /// The normalised equity (EMG at the cube of `state`) of the player on roll in `state`
    /// after playing to `after`, rolled out (cubeful, variance reduction, 0 ply) from the
    /// opponent's turn; `None` when the play ended the game (nothing to roll out).
    #[must_use]
    pub fn equity_after(
        &self,
        evaluator: &dyn Evaluator,
        state: &MatchState,
        after: &Board,
    ) -> Option<f64> {
        let next = state.after_play(after);
        // The opponent on roll after the play may double at once: that decision is part of
        // the play's value.
        let settings = RolloutSettings {
            seed: self.seed,
            cube_decision_at_start: true,
            ..RolloutSettings::default()
        };
        let rollout = Rollout::new(evaluator, &next, settings).ok()?;
        let sums = rollout.run(0..self.trials.max(1), 1, &mut |_| {});
        let figures = rollout.estimate(&sums).figures;
        // The opponent's normalised equity is the negative of the mover's.
        Some(-figures.cubeful_equity.unwrap_or(figures.cubeless_equity))
    }

    /// Whether two plays whose equities (the judge's units in `state`: money per unit cube,
    /// match-winning chance in a match) are `better` and `worse` make a close call.
    #[must_use]
    pub fn is_close(&self, state: &MatchState, better: f64, worse: f64) -> bool {
        let stakes = Stakes::from_state(state);
        let mover = state.on_roll;
        stakes.equity_in_units(mover, better) - stakes.equity_in_units(mover, worse)
            < self.threshold
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pubeval;
    use crate::rules::{Dice, GameState, Side, Variant};

    #[test]
    fn a_rollout_prefers_the_better_of_two_plays_by_the_judges_own_measure() {
        let state = MatchState {
            game_state: GameState::Playing,
            ..MatchState::new_money_game(Variant::Standard, Side::X)
        };
        let dice = Dice::new(6, 6).unwrap_or_else(|_| unreachable!());
        let plays = state.rules().legal_plays(&state.board, Side::X, dice);
        let judge = crate::engine::Judge::new(&Pubeval, 0);
        let ranked = judge.ranked_plays(&state, dice);
        let (best, worst) = (&ranked[0], &ranked[ranked.len() - 1]);
        assert!(plays.len() > 2);
        let calls = CloseCalls {
            trials: 36,
            ..CloseCalls::default()
        };
        let good = calls
            .equity_after(&Pubeval, &state, &best.play.result)
            .unwrap();
        let bad = calls
            .equity_after(&Pubeval, &state, &worst.play.result)
            .unwrap();
        assert!(good > bad, "{good} {bad}");
        assert!(calls.is_close(&state, 0.30, 0.28));
        assert!(!calls.is_close(&state, 0.30, 0.2));
    }
}
