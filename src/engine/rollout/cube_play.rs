//! The one place a rollout meets the engine's cube decisions and cubeful values (today
//! [`Stakes::analyse_double`], [`Stakes::take_action`] and Janowski's
//! [`cube::cubeful_equity`]): a small adapter, so the rollout can be wired to another decision
//! interface by changing this file alone.

use crate::engine::cube::{self, DoubleAction, Stakes, TakeAction};
use crate::engine::Probabilities;
use crate::rules::Side;

/// What happened to the cube before a roll.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CubeTurn {
    /// No double (or none allowed): the cube stays as it is.
    Rolled,
    /// Doubled and taken (or beavered): the game goes on with this cube.
    Taken(Stakes),
    /// Doubled and dropped: the doubler wins the cube's value before the double.
    Dropped,
}

/// The cube play of `mover`, about to roll with `probabilities` (his own), and the answer of
/// his opponent.
#[must_use]
pub fn cube_turn(context: &Stakes, probabilities: &Probabilities, mover: Side) -> CubeTurn {
    if !context.may_double(mover) {
        return CubeTurn::Rolled;
    }
    if context.analyse_double(probabilities, mover).double_action() == DoubleAction::NoDouble {
        return CubeTurn::Rolled;
    }
    let (factor, owner) = match context.take_action(probabilities, mover) {
        TakeAction::Drop => return CubeTurn::Dropped,
        TakeAction::Take => (2, mover.opponent()),
        // The taker redoubles at once and keeps the cube.
        TakeAction::Beaver => (4, mover.opponent()),
    };
    CubeTurn::Taken(Stakes {
        cube_value: context.cube_value.saturating_mul(factor),
        cube_owner: Some(owner),
        ..*context
    })
}

/// Where cubeful values are measured: money in units of the cube at the start of the
/// rollout, match play in match-winning chance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubefulScale {
    /// The player whose values are measured.
    pub viewer: Side,
    /// The cube value at the start.
    pub start_cube: u32,
}

impl CubefulScale {
    /// The cubeful value for the viewer of a position with `probabilities` (the viewer's)
    /// and the cube of `context`: Janowski's model, exact when the game is over.
    #[must_use]
    pub fn value(&self, context: &Stakes, probabilities: &Probabilities) -> f64 {
        let equity = cube::cubeful_equity(context, probabilities, self.viewer);
        self.in_starting_units(context, equity)
    }

    /// The value for the viewer of `winner` winning `points` times the cube of `context`
    /// (a dropped double wins one).
    #[must_use]
    pub fn result(&self, context: &Stakes, winner: Side, points: u32) -> f64 {
        let points = i64::from(points) * i64::from(context.cube_value);
        let signed = if winner == self.viewer {
            points
        } else {
            -points
        };
        if context.is_match() {
            context.match_winning_chance(self.viewer, signed)
        } else {
            signed as f64 / f64::from(self.start_cube)
        }
    }

    fn in_starting_units(&self, context: &Stakes, equity: f64) -> f64 {
        if context.is_match() {
            equity
        } else {
            equity * f64::from(context.cube_value) / f64::from(self.start_cube)
        }
    }

    /// A mean value turned into gnubg's normalised equity at the start (money: unchanged;
    /// match: match-winning chance to units where a single game at the cube is worth 1).
    #[must_use]
    pub fn normalised(&self, start: &Stakes, value: f64) -> f64 {
        start.equity_in_units(self.viewer, value)
    }

    /// How much one unit of value is worth in normalised equity (the factor of standard
    /// errors).
    #[must_use]
    pub fn normalised_slope(&self, start: &Stakes) -> f64 {
        start.equity_in_units(self.viewer, 1.0) - start.equity_in_units(self.viewer, 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MatchState, Variant};

    fn plain(win: f64) -> Probabilities {
        Probabilities {
            win,
            ..Probabilities::ZERO
        }
    }

    #[test]
    fn a_big_favourite_doubles_and_is_dropped_an_underdog_rolls() {
        let context = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        assert_eq!(
            cube_turn(&context, &plain(0.95), Side::X),
            CubeTurn::Dropped
        );
        assert_eq!(cube_turn(&context, &plain(0.40), Side::X), CubeTurn::Rolled);
        match cube_turn(&context, &plain(0.72), Side::X) {
            CubeTurn::Taken(after) => {
                assert_eq!(after.cube_value, 2);
                assert_eq!(after.cube_owner, Some(Side::O));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_finished_game_is_worth_its_points_at_the_cube() {
        let mut context =
            Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        context.cube_value = 2;
        context.cube_owner = Some(Side::O);
        let scale = CubefulScale {
            viewer: Side::X,
            start_cube: 1,
        };
        let gammon = Probabilities {
            win: 1.0,
            win_gammon: 1.0,
            ..Probabilities::ZERO
        };
        assert!((scale.value(&context, &gammon) - 4.0).abs() < 1e-9);
        assert!((scale.result(&context, Side::O, 1) + 2.0).abs() < 1e-12);
    }
}
