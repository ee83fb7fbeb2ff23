//! The luck of a roll, as gnubg defines it: the roller's equity after the best play of the
//! roll minus the average, over the 21 rolls weighted by their chances (36 in all), of the
//! equity after each roll's best play (the opening roll: over its 30 outcomes, either player
//! moving first, [`average_equity`]). Normalised equity (EMG), judged by the judge at the luck
//! analysis' depth.
//!
//! That average is a one-ply look-ahead: every play of every roll judged, twenty times the
//! work of judging the play made. [`LuckEstimate::Position`] takes the judge's own equity of
//! the position before the roll as the average instead (what the evaluator was trained to
//! predict), so the luck of a roll costs one evaluation more than the play's analysis.

use crate::engine::{Evaluator, Judge, Stakes};
use crate::rules::{Dice, MatchState};
use choice::{chosen, chosen_for_rolls};

mod choice;

/// How the average over the rolls, which a roll's luck is measured against, is found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LuckEstimate {
    /// gnubg's way: the best play of each of the 21 rolls judged and averaged.
    #[default]
    Rolls,
    /// gnubg's way, each roll's best play chosen among the [`LEADERS`] plays pubeval ranks
    /// first (the judge ranking those only): a roll with more plays than that may miss the
    /// judge's best by pubeval's misjudgement.
    Leaders,
    /// The judge's equity of the position before the roll, for the player about to roll
    /// (about twenty times faster; the opening roll, whose outcomes are not the 21 rolls, is
    /// still averaged over its 30 outcomes, as [`average_equity`] does).
    Position,
}

/// With [`LuckEstimate::Leaders`], the plays of each roll (pubeval's first, distinct
/// positions) among which the judge chooses. Measured on the 74 real fixtures against the
/// exact average (per player luck rate, mEMG): 4 leaders differ by 4.5 on average (at most
/// 16.9), 6 by 2.1 (10.3), 8 by 1.2 (7.6); the luck reads higher when a best play is missed.
pub const LEADERS: usize = 6;

/// What the analysis of the roll made has already judged, so that the luck need not judge
/// it again (each figure exactly the one the luck would compute).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Known {
    /// The judge's no double equity of the position before the roll for the player on roll
    /// (normalised): the cube decision's at the luck's depth ([`luck_against_position`]).
    pub before_roll: Option<f64>,
    /// The roller's cubeful equity (the judge's units, not normalised) after the play the
    /// estimate takes for the roll made.
    pub rolled: Option<f64>,
}

/// The luck of a roll whose best play leaves the roller `rolled` (normalised equity, as
/// [`equity_of_roll`] gives it) in `state` (the player on roll, before rolling), measured
/// against the judge's equity of `state` itself, his no double equity
/// ([`LuckEstimate::Position`]).
#[must_use]
pub fn luck_against_position<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    rolled: f64,
) -> f64 {
    against_position(judge, state, rolled, None)
}

/// [`luck_against_position`], the judge's no double equity of `state` taken from
/// `before_roll` when given.
fn against_position<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    rolled: f64,
    before_roll: Option<f64>,
) -> f64 {
    rolled - before_roll.unwrap_or_else(|| no_double_equity(judge, state))
}

/// What the rolls of the player on roll in `state` are measured against by
/// [`LuckEstimate::Position`]: the judge's cubeful value of rolling with the cube where it is
/// (its cube decision's no double equity, normalised), the figure the average over the rolls
/// estimates and gnubg's `eval` shows as `Cubeful`. Not his best cube action: once he rolls he
/// has not doubled (on 10 real matches, `scripts/luck-vs-gnubg.py --luck position`, the best
/// action's equity read every luck rate 3.5 mEMG lower, 10.15 mEMG from gnubg's on average,
/// against 6.99 with the cube model's figure before).
fn no_double_equity<E: Evaluator + ?Sized>(judge: &Judge<'_, E>, state: &MatchState) -> f64 {
    judge
        .cube_decision(state, state.on_roll, false)
        .analysis
        .no_double
}

/// The roller's normalised equity after the best play of `dice` in `state` (the player on
/// roll, before rolling); a roll with no legal play leaves the board as it is.
#[must_use]
pub fn equity_of_roll<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
) -> f64 {
    equity_of_choice(judge, state, dice, None)
}

/// [`equity_of_roll`], the best play chosen among `leaders` of pubeval's ranking when given.
fn equity_of_choice<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
    leaders: Option<usize>,
) -> f64 {
    let mover = state.on_roll;
    // The judge's choice, and the position after it judged (once, unless the ranking did).
    let (after, equity) = chosen(judge, state, dice, leaders);
    let equity =
        equity.unwrap_or_else(|| judge.evaluate_after(state, &after, mover).cubeful_equity);
    Stakes::from_state(state).equity_in_units(mover, equity)
}

/// The average of [`equity_of_roll`] over the rolls possible in `state`: all 21 (doubles
/// counting once, the others twice); or, for the opening roll, its 30 outcomes: each of the
/// 15 mixed rolls played by the player on roll or by his opponent, the opponent's in the
/// player's units (his match-winning chance after the opponent's play).
#[must_use]
pub fn average_equity<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    opening: bool,
) -> f64 {
    average_over_rolls(judge, state, opening, None, |_| None, |_, _| {})
}

/// [`average_equity`], each roll's best play chosen as [`equity_of_choice`] does with
/// `leaders`, the player on roll's equity after a roll (the judge's units, as
/// [`Known::rolled`]) taken from `known` when it gives one, and each of his rolls' normalised
/// equity shown to `seen` on the way. The rolls' choices are made together
/// ([`choice::chosen_for_rolls`]); the equities are summed in roll order.
///
/// The opening roll is the only one either player may make: who moves first is the roll's
/// outcome too. Averaged over the mover's 15 rolls only, the first move's advantage (about
/// +0.06 in money) would read as bad luck; over all 30 it is nothing in money (the start is
/// symmetric), and at an uneven match score what the score makes of moving first.
fn average_over_rolls<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    opening: bool,
    leaders: Option<usize>,
    known: impl Fn(Dice) -> Option<f64>,
    mut seen: impl FnMut(Dice, f64),
) -> f64 {
    let rolls: Vec<Dice> = Dice::all_rolls()
        .into_iter()
        .filter(|dice| !(opening && dice.is_double()))
        .collect();
    let mover = state.on_roll;
    let stakes = Stakes::from_state(state);
    let mut total = 0.0;
    let mut weight = 0.0;
    let equities = equities_of_rolls(judge, state, &rolls, leaders, known);
    for (&dice, equity) in rolls.iter().zip(equities) {
        let equity = stakes.equity_in_units(mover, equity);
        seen(dice, equity);
        total += dice.chance() * equity;
        weight += dice.chance();
    }
    if opening {
        let opponent = mover.opponent();
        let other = MatchState {
            on_roll: opponent,
            turn: opponent,
            ..*state
        };
        let equities = equities_of_rolls(judge, &other, &rolls, leaders, |_| None);
        for (&dice, equity) in rolls.iter().zip(equities) {
            // The opponent's equity after his play, complemented: the mover's (on roll next).
            total += dice.chance() * stakes.equity_in_units(mover, stakes.for_opponent(equity));
            weight += dice.chance();
        }
    }
    if weight > 0.0 {
        total / weight
    } else {
        0.0
    }
}

/// The cubeful equity of the player on roll in `state` (the judge's units: money per unit
/// cube, or match-winning chance) after the judge's choice of play for each of `rolls`, in
/// order; `known` gives a roll's instead when it has one.
fn equities_of_rolls<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    rolls: &[Dice],
    leaders: Option<usize>,
    known: impl Fn(Dice) -> Option<f64>,
) -> Vec<f64> {
    let known: Vec<Option<f64>> = rolls.iter().map(|&dice| known(dice)).collect();
    let unknown: Vec<Dice> = rolls
        .iter()
        .zip(&known)
        .filter(|(_, equity)| equity.is_none())
        .map(|(&dice, _)| dice)
        .collect();
    let mut choices = chosen_for_rolls(judge, state, &unknown, leaders).into_iter();
    let mover = state.on_roll;
    known
        .into_iter()
        .map(|equity| {
            equity.unwrap_or_else(|| {
                let (after, equity) = choices.next().unwrap_or((state.board, None));
                equity.unwrap_or_else(|| judge.evaluate_after(state, &after, mover).cubeful_equity)
            })
        })
        .collect()
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
    luck_by(
        judge,
        state,
        dice,
        opening,
        LuckEstimate::Rolls,
        Known::default(),
    )
}

/// The luck of rolling `dice` in `state` by `estimate` (the opening roll always averaged
/// over its 30 outcomes, [`average_equity`]), with what the analysis of the roll already
/// `known`: the same figures as judging everything again, to the bit.
#[must_use]
pub fn luck_by<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
    opening: bool,
    estimate: LuckEstimate,
    known: Known,
) -> f64 {
    let leaders = (estimate == LuckEstimate::Leaders).then_some(LEADERS);
    if estimate == LuckEstimate::Position && !opening {
        let stakes = Stakes::from_state(state);
        let rolled = known.rolled.map_or_else(
            || equity_of_choice(judge, state, dice, leaders),
            |equity| stakes.equity_in_units(state.on_roll, equity),
        );
        return against_position(judge, state, rolled, known.before_roll);
    }
    let mut rolled = None;
    let average = average_over_rolls(
        judge,
        state,
        opening,
        leaders,
        |roll| known.rolled.filter(|_| roll == dice),
        |roll, equity| {
            if roll == dice {
                rolled = Some(equity);
            }
        },
    );
    rolled.unwrap_or_else(|| equity_of_choice(judge, state, dice, leaders)) - average
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
                - (average - no_double_equity(&judge, &state)))
            .abs()
                < 1e-12
        );
    }

    #[test]
    fn the_leaders_luck_is_gnubgs_where_pubeval_keeps_the_best_plays() {
        let evaluator = crate::engine::net::NetEvaluator::embedded();
        let judge = Judge::new(&evaluator, 0);
        let state = opening_state();
        for dice in Dice::all_rolls() {
            let exact = luck(&judge, &state, dice, false);
            let leaders = luck_by(
                &judge,
                &state,
                dice,
                false,
                LuckEstimate::Leaders,
                Known::default(),
            );
            // A roll's best play missed lowers the average: the luck can only read higher,
            // and by little at the start (pubeval's leaders hold good plays). Each roll's
            // choice is judged with the probabilities of the batch that ranked it, and the
            // two batches carry the network's sums through other positions: equal choices
            // agree to the batch's rounding, not to the bit. The quantised second layer turns
            // that rounding into at most a few of its 1/4096 steps (the evaluator is within
            // 1e-3 of the f32 networks, docs/evaluator.md): 2e-3 of equity.
            assert!(leaders - exact > -2e-3, "{dice:?}: {leaders} {exact}");
            assert!(leaders - exact < 0.02, "{dice:?}: {leaders} {exact}");
        }
        let rolled = equity_of_roll(&judge, &state, Dice::new(6, 6).unwrap());
        let known = Known {
            before_roll: None,
            rolled: Some(0.0),
        };
        // A known equity of the roll made stands for the judge's (here a false one, to see it).
        let six_six = Dice::new(6, 6).unwrap();
        let with_known = luck_by(&judge, &state, six_six, false, LuckEstimate::Rolls, known);
        let average = average_equity(&judge, &state, false);
        let chance = six_six.chance() / Dice::all_rolls().iter().map(|d| d.chance()).sum::<f64>();
        let expected = 0.0 - (average + chance * (0.0 - rolled));
        // `rolled` judged alone, the average's figure of 66 from its batch: equal to the
        // batch's rounding (through the quantised layer, as above).
        assert!(
            (with_known - expected).abs() < 2e-3,
            "{with_known} {expected}"
        );
    }

    /// The opening of a 5-point match, `mover` to roll, O 3-away and X 5-away (or `crawford`
    /// with O 1-away).
    fn match_opening(mover: Side, crawford: bool) -> MatchState {
        MatchState {
            match_length: 5,
            score: if crawford { [4, 2] } else { [2, 0] },
            crawford,
            jacoby: false,
            ..MatchState::new_money_game(Variant::Standard, mover)
        }
    }

    fn mixed_rolls() -> Vec<Dice> {
        Dice::all_rolls()
            .into_iter()
            .filter(|dice| !dice.is_double())
            .collect()
    }

    #[test]
    fn the_opening_roll_is_measured_against_both_players_opening_rolls() {
        let evaluator = crate::engine::net::NetEvaluator::embedded();
        let judge = Judge::new(&evaluator, 0);
        for state in [
            opening_state(),
            match_opening(Side::O, false),
            match_opening(Side::X, false),
            match_opening(Side::O, true),
        ] {
            let mover = state.on_roll;
            let other = MatchState {
                on_roll: mover.opponent(),
                turn: mover.opponent(),
                ..state
            };
            let stakes = Stakes::from_state(&state);
            // The 30 outcomes, the opponent's through his match-winning chance (his
            // normalised equity negated is the same number with the cube centred).
            let mut expected = 0.0;
            for dice in mixed_rolls() {
                expected += equity_of_roll(&judge, &state, dice);
                // His choice is the judge's (cubeful), as the mover's is.
                let theirs = judge.ranked_plays(&other, dice)[0].play.result;
                let equity = judge.evaluate_after(&other, &theirs, other.on_roll);
                let mine = equity.for_opponent(&other).cubeful_equity;
                expected += stakes.equity_in_units(mover, mine);
                let negated = -equity_of_roll(&judge, &other, dice);
                assert!((stakes.equity_in_units(mover, mine) - negated).abs() < 1e-9);
            }
            expected /= 30.0;
            let average = average_equity(&judge, &state, true);
            // The batch's rounding (see choice's the_rolls_chosen_together_are_those_chosen_one_by_one).
            assert!((average - expected).abs() < 1e-4, "{average} {expected}");
            // Seen by the other player, the same average negated.
            let theirs = average_equity(&judge, &other, true);
            assert!((average + theirs).abs() < 1e-4, "{average} {theirs}");
            let twenty_one = Dice::new(2, 1).unwrap();
            assert!(
                (luck(&judge, &state, twenty_one, true)
                    - (equity_of_roll(&judge, &state, twenty_one) - average))
                    .abs()
                    < 1e-4
            );
            if state.is_match() {
                // At an uneven score, moving first is worth what the score makes of it.
                assert!(average.abs() > 0.01, "{average}");
            } else {
                // In money the start is symmetric: the first move's advantage is no luck.
                assert!(average.abs() < 1e-9, "{average}");
            }
        }
    }

    #[test]
    fn opening_luck_in_money_is_the_rolls_equity() {
        // The start is symmetric: the 30 outcomes average nothing, so the first move's
        // advantage (the mover's 15 rolls average it) is not booked as his bad luck.
        let judge = Judge::new(&Pubeval, 0);
        let state = opening_state();
        let mut advantage = 0.0;
        for dice in mixed_rolls() {
            let luck = luck(&judge, &state, dice, true);
            let equity = equity_of_roll(&judge, &state, dice);
            assert!((luck - equity).abs() < 1e-9, "{dice:?}: {luck} {equity}");
            advantage += equity / 15.0;
        }
        assert!(advantage > 0.01, "{advantage}");
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
