//! The one place a rollout meets the engine's cube decisions and cubeful values (the exact
//! two-sided bear-off database where it covers a money position, [`judge::exact_cube`] and
//! [`judge::cubeful_equity`], else the cube model's [`Stakes::analyse_double`],
//! [`Stakes::answer`] and Janowski's [`cube::cubeful_equity`]): a small adapter, so the
//! rollout can be wired to another decision interface by changing this file alone.

use crate::engine::cube::{self, DoubleAction, Stakes, TakeAction};
use crate::engine::judge;
use crate::engine::Probabilities;
use crate::rules::{Board, Side};

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

/// The cube play of `mover`, about to roll at `board` with `probabilities` (his own), and the
/// answer of his opponent ([`Stakes::answer`], the judge's rule): on the database's exact
/// figures where it covers `board`, else the cube model's.
#[must_use]
pub fn cube_turn(
    context: &Stakes,
    board: &Board,
    probabilities: &Probabilities,
    mover: Side,
) -> CubeTurn {
    if !context.may_double(mover) {
        return CubeTurn::Rolled;
    }
    let analysis = exact(context, board, mover)
        .unwrap_or_else(|| context.analyse_double(probabilities, mover));
    let answer = context.answer(&analysis);
    if analysis.double_action_against(answer) == DoubleAction::NoDouble {
        return CubeTurn::Rolled;
    }
    let (factor, owner) = match answer {
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

/// The database's exact cube figures of `on_roll` at `board` (`None` for a finished game: the
/// database covers only boards where both sides have checkers in play, and the cube model's
/// value of a finished game is exact already).
fn exact(context: &Stakes, board: &Board, on_roll: Side) -> Option<cube::CubeAnalysis> {
    judge::exact_cube(context, board, on_roll).map(|(_, analysis)| analysis)
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
    /// The cubeful value for the viewer of `board` with `on_roll` about to roll (and take his
    /// best cube action), `probabilities` the viewer's, and the cube of `context`: exact where
    /// the two-sided bear-off database covers a money position, else Janowski's model, exact
    /// when the game is over.
    #[must_use]
    pub fn value(
        &self,
        context: &Stakes,
        board: &Board,
        on_roll: Side,
        probabilities: &Probabilities,
    ) -> f64 {
        let equity = match exact(context, board, on_roll) {
            Some(analysis) => {
                let best = analysis.best_equity();
                if on_roll == self.viewer {
                    best
                } else {
                    -best
                }
            }
            None => cube::cubeful_equity(context, probabilities, self.viewer),
        };
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
    use crate::engine::bearoff::bear_off_board as bear_off;
    use crate::rules::{MatchState, Variant};

    fn plain(win: f64) -> Probabilities {
        Probabilities {
            win,
            ..Probabilities::ZERO
        }
    }

    #[test]
    fn a_big_favourite_doubles_and_is_dropped_an_underdog_rolls() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let (context, board) = (Stakes::from_state(&state), state.board);
        assert_eq!(
            cube_turn(&context, &board, &plain(0.95), Side::X),
            CubeTurn::Dropped
        );
        assert_eq!(
            cube_turn(&context, &board, &plain(0.40), Side::X),
            CubeTurn::Rolled
        );
        match cube_turn(&context, &board, &plain(0.72), Side::X) {
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
        // X has borne off every checker, O none.
        let mut board = Board::empty();
        board.off[Side::X.index()] = 15;
        board.slots[Side::O.index()][20] = 15;
        assert!((scale.value(&context, &board, Side::O, &gammon) - 4.0).abs() < 1e-9);
        assert!((scale.result(&context, Side::O, 1) + 2.0).abs() < 1e-12);
    }

    /// gnubg's `eval` of `qQIAQLIBAAAAAA` (X six checkers against O's five, X on roll): no
    /// double -0.611, double/take -1.261, where the cube model on the net says -0.469 and
    /// -1.070. Whatever probabilities the rollout brings, the database decides and values.
    #[test]
    fn a_covered_money_bear_off_is_decided_and_valued_by_the_database() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let context = Stakes::from_state(&state);
        let board = bear_off([1, 0, 1, 0, 2, 2], [1, 0, 1, 1, 1, 1]);
        // Probabilities that would make the cube model double and see a pass.
        assert_eq!(
            cube_turn(&context, &board, &plain(0.95), Side::X),
            CubeTurn::Rolled
        );
        let scale = CubefulScale {
            viewer: Side::X,
            start_cube: 1,
        };
        for probabilities in [plain(0.95), plain(0.05)] {
            let x_on_roll = scale.value(&context, &board, Side::X, &probabilities);
            assert!((x_on_roll - -0.611).abs() < 5e-4, "{x_on_roll}");
        }
        // Seen by O, and at twice the starting cube owned by O: twice the database's figure.
        let seen_by_o = CubefulScale {
            viewer: Side::O,
            ..scale
        };
        let o_view = seen_by_o.value(&context, &board, Side::X, &plain(0.5));
        assert!((o_view - 0.611).abs() < 5e-4, "{o_view}");
        // O owns a cube of 2: X cannot double, and the value is the database's "opponent
        // owns" figure, counted twice in units of the starting cube.
        let doubled = Stakes {
            cube_value: 2,
            cube_owner: Some(Side::O),
            ..context
        };
        assert_eq!(
            cube_turn(&doubled, &board, &plain(0.95), Side::X),
            CubeTurn::Rolled
        );
        let owned = scale.value(&doubled, &board, Side::X, &plain(0.5));
        assert!((owned - 2.0 * (-1.261 / 2.0)).abs() < 1e-3, "{owned}");
    }
}
