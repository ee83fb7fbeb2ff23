//! The luck of a roll, as gnubg defines it: the roller's equity after the best play of the
//! roll minus the average, over the 21 rolls weighted by their chances (36 in all), of the
//! equity after each roll's best play. Normalised equity (EMG), judged by the judge at the
//! luck analysis' depth.
//!
//! That average is a one-ply look-ahead: every play of every roll judged, twenty times the
//! work of judging the play made. [`LuckEstimate::Position`] takes the judge's own equity of
//! the position before the roll as the average instead (what the evaluator was trained to
//! predict), so the luck of a roll costs one evaluation more than the play's analysis.

use crate::engine::{Evaluator, Judge, Stakes};
use crate::rules::{Dice, MatchState};

/// How the average over the rolls, which a roll's luck is measured against, is found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LuckEstimate {
    /// gnubg's way: the best play of each of the 21 rolls judged and averaged.
    #[default]
    Rolls,
    /// The judge's equity of the position before the roll, for the player about to roll
    /// (about twenty times faster; the opening roll, whose rolls exclude doubles, is still
    /// averaged over its 15 rolls).
    Position,
}

/// The luck of a roll whose best play leaves the roller `rolled` (normalised equity, as
/// [`equity_of_roll`] gives it) in `state` (the player on roll, before rolling), measured
/// against the judge's equity of `state` itself ([`LuckEstimate::Position`]).
#[must_use]
pub fn luck_against_position<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    rolled: f64,
) -> f64 {
    let mover = state.on_roll;
    let before = judge.evaluate(state, mover).cubeful_equity;
    rolled - Stakes::from_state(state).equity_in_units(mover, before)
}

/// The roller's normalised equity after the best play of `dice` in `state` (the player on
/// roll, before rolling); a roll with no legal play leaves the board as it is.
#[must_use]
pub fn equity_of_roll<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
) -> f64 {
    let mover = state.on_roll;
    // The judge's choice (one evaluation per play), then the one position after it judged.
    let after = judge
        .best_play(state, dice)
        .map_or(state.board, |play| play.result);
    let equity = judge.evaluate_after(state, &after, mover).cubeful_equity;
    Stakes::from_state(state).equity_in_units(mover, equity)
}

/// The average of [`equity_of_roll`] over the rolls possible in `state`: all 21 (doubles
/// counting once, the others twice), or the 15 mixed rolls of an opening roll.
#[must_use]
pub fn average_equity<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    opening: bool,
) -> f64 {
    average_over_rolls(judge, state, opening, |_, _| {})
}

/// [`average_equity`], showing each roll's equity to `seen` on the way.
fn average_over_rolls<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    opening: bool,
    mut seen: impl FnMut(Dice, f64),
) -> f64 {
    let mut total = 0.0;
    let mut weight = 0.0;
    for dice in Dice::all_rolls() {
        if opening && dice.is_double() {
            continue;
        }
        let chance = dice.chance();
        let equity = equity_of_roll(judge, state, dice);
        seen(dice, equity);
        total += chance * equity;
        weight += chance;
    }
    if weight > 0.0 {
        total / weight
    } else {
        0.0
    }
}

/// The luck of rolling `dice` in `state`: [`equity_of_roll`] minus [`average_equity`]. The
/// roll's own equity is the one computed for the average (the same number, judged once).
#[must_use]
pub fn luck<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
    opening: bool,
) -> f64 {
    let mut rolled = None;
    let average = average_over_rolls(judge, state, opening, |roll, equity| {
        if roll == dice {
            rolled = Some(equity);
        }
    });
    rolled.unwrap_or_else(|| equity_of_roll(judge, state, dice)) - average
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pubeval;
    use crate::rules::{GameState, Side, Variant};

    fn opening_state() -> MatchState {
        MatchState {
            game_state: GameState::Playing,
            ..MatchState::new_money_game(Variant::Standard, Side::X)
        }
    }

    #[test]
    fn luck_averages_to_nothing_over_the_rolls() {
        let judge = Judge::new(&Pubeval, 0);
        let state = opening_state();
        let average: f64 = Dice::all_rolls()
            .into_iter()
            .map(|dice| dice.chance() * luck(&judge, &state, dice, false))
            .sum::<f64>()
            / Dice::all_rolls().iter().map(|d| d.chance()).sum::<f64>();
        assert!(average.abs() < 1e-9, "{average}");
    }

    #[test]
    fn luck_is_the_rolls_equity_minus_the_average_to_the_bit() {
        let judge = Judge::new(&Pubeval, 0);
        let state = opening_state();
        for (high, low) in [(3, 1), (1, 3), (6, 6)] {
            let dice = Dice::new(high, low).unwrap_or_else(|_| unreachable!());
            let expected =
                equity_of_roll(&judge, &state, dice) - average_equity(&judge, &state, false);
            assert_eq!(luck(&judge, &state, dice, false), expected, "{high}{low}");
        }
    }

    #[test]
    fn luck_against_the_position_is_near_the_average_over_the_rolls() {
        let judge = Judge::new(&Pubeval, 0);
        let state = opening_state();
        let six_six = Dice::new(6, 6).unwrap_or_else(|_| unreachable!());
        let rolled = equity_of_roll(&judge, &state, six_six);
        let exact = luck(&judge, &state, six_six, false);
        let estimate = luck_against_position(&judge, &state, rolled);
        // Pubeval's own equity of the start is not its one-ply average, but close to it.
        assert!((exact - estimate).abs() < 0.25, "{exact} {estimate}");
        let average = average_equity(&judge, &state, false);
        assert!(
            (luck_against_position(&judge, &state, average)
                - (average - judge.evaluate(&state, Side::X).cubeful_equity))
                .abs()
                < 1e-12
        );
    }

    #[test]
    fn a_big_double_is_lucky_and_a_bad_roll_unlucky_at_the_start() {
        let judge = Judge::new(&Pubeval, 0);
        let state = opening_state();
        let six_six = Dice::new(6, 6).unwrap_or_else(|_| unreachable!());
        let six_five = Dice::new(6, 5).unwrap_or_else(|_| unreachable!());
        assert!(luck(&judge, &state, six_six, false) > 0.0);
        assert!(luck(&judge, &state, six_six, false) > luck(&judge, &state, six_five, false));
    }
}
