//! One analysed decision of a match: a chequer play (with the luck of its roll) or a cube
//! action, with the position before it and the equity it lost.

use super::details::DecisionDetails;
use super::marks::{LuckMark, Mark};
use crate::engine::Stakes;
use crate::rules::{Dice, MatchState, Side};
use serde::Serialize;

/// Equity lost or won, in normalised money equity (EMG: a single game at the current cube is
/// worth 1) and, beside it as gnubg's statistics show it, in match-winning chance (match play)
/// or in points (money play: the EMG times the cube).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Equity {
    /// Normalised equity (EMG).
    pub emg: f64,
    /// Match-winning chance (match play; 0 in money play).
    pub mwc: f64,
    /// Points: the normalised equity times the cube (money play; 0 in match play).
    pub points: f64,
}

impl Equity {
    /// The difference `better - worse` of two equities of `side` in `state` (money: per unit
    /// cube; match: match-winning chance, as the judge gives them).
    #[must_use]
    pub fn between(state: &MatchState, side: Side, better: f64, worse: f64) -> Equity {
        let stakes = Stakes::from_state(state);
        if !stakes.is_match() {
            return Equity::money(&stakes, better - worse);
        }
        Equity {
            emg: stakes.equity_in_units(side, better) - stakes.equity_in_units(side, worse),
            mwc: better - worse,
            points: 0.0,
        }
    }

    /// A difference of `units` in normalised equity (at the current cube) of `side` in
    /// `state`, with its match-winning chance.
    #[must_use]
    pub fn from_units(state: &MatchState, side: Side, units: f64) -> Equity {
        let stakes = Stakes::from_state(state);
        if !stakes.is_match() {
            return Equity::money(&stakes, units);
        }
        let cube = i64::from(stakes.cube_value);
        let win = stakes.match_winning_chance(side, cube);
        let lose = stakes.match_winning_chance(side, -cube);
        Equity {
            emg: units,
            mwc: units / 2.0 * (win - lose),
            points: 0.0,
        }
    }

    /// `units` of money equity per unit cube, with its points at the cube of `stakes`.
    fn money(stakes: &Stakes, units: f64) -> Equity {
        Equity {
            emg: units,
            mwc: 0.0,
            points: units * f64::from(stakes.cube_value),
        }
    }

    /// The sum of two equities.
    #[must_use]
    pub fn plus(self, other: Equity) -> Equity {
        Equity {
            emg: self.emg + other.emg,
            mwc: self.mwc + other.mwc,
            points: self.points + other.points,
        }
    }
}

/// The cube actions a decision can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeAction {
    /// Rolled without doubling.
    NoDouble,
    /// Doubled.
    Double,
    /// Took a double.
    Take,
    /// Passed (dropped) a double.
    Pass,
    /// Took and redoubled at once (money play).
    Beaver,
}

impl CubeAction {
    /// The action in words.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            CubeAction::NoDouble => "no double",
            CubeAction::Double => "double",
            CubeAction::Take => "take",
            CubeAction::Pass => "pass",
            CubeAction::Beaver => "beaver",
        }
    }
}

/// The kinds of cube error gnubg's statistics count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeError {
    /// Did not double where double/take was best.
    MissedDoubleBelowCashPoint,
    /// Did not double where double/pass was best.
    MissedDoubleAboveCashPoint,
    /// Doubled where no double was best and a take was right.
    WrongDoubleBelowDoublePoint,
    /// Doubled where the position was too good to double.
    WrongDoubleAboveTooGood,
    /// Took where the double should have been passed.
    WrongTake,
    /// Passed where the double should have been taken.
    WrongPass,
}

/// What was decided.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DecisionKind {
    /// A roll and the play made with it.
    Chequer {
        /// The dice.
        dice: Dice,
        /// Whether the roll left one play at most (no choice: not counted as unforced).
        forced: bool,
        /// The luck of the roll for the roller.
        luck: Equity,
        /// The mark of the roll's luck.
        luck_mark: LuckMark,
    },
    /// A cube action.
    Cube {
        /// The action taken.
        action: CubeAction,
        /// The best action.
        best_action: CubeAction,
        /// Whether it counts in the cube statistics (gnubg's "close or actual"): every double,
        /// take and pass, and a no-double only when doubling was close.
        close: bool,
        /// The error kind, when the action lost equity.
        error: Option<CubeError>,
    },
}

/// One decision of a match, analysed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The game (1-based).
    pub game: usize,
    /// The player deciding.
    pub player: Side,
    /// The position before the decision (with the dice of a chequer play).
    #[serde(skip)]
    pub state: MatchState,
    /// gnubg's `POSITIONID:MATCHID` of that position.
    pub gnubg_id: String,
    /// The XGID of that position ("" when it has none).
    pub xgid: String,
    /// What was decided.
    #[serde(flatten)]
    pub kind: DecisionKind,
    /// What was played (gnubg notation) or the cube action.
    pub played: String,
    /// The best play or cube action by the judge.
    pub best: String,
    /// The equity lost against the best (0 when the decision was the best).
    pub loss: Equity,
    /// The mark of the loss.
    pub mark: Mark,
    /// What a report shows beside the figures (not in the JSON).
    #[serde(skip)]
    pub details: DecisionDetails,
}

impl Decision {
    /// Whether this decision counts in the error rates: an unforced play or a close or
    /// actual cube decision.
    #[must_use]
    pub fn counts(&self) -> bool {
        match self.kind {
            DecisionKind::Chequer { forced, .. } => !forced,
            DecisionKind::Cube { close, .. } => close,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn money_equity_is_its_own_normalised_equity() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let loss = Equity::between(&state, Side::X, 0.25, 0.1);
        assert!((loss.emg - 0.15).abs() < 1e-12);
        assert_eq!(loss.mwc, 0.0);
        assert!((loss.points - 0.15).abs() < 1e-12);
    }

    #[test]
    fn money_points_are_the_normalised_equity_times_the_cube() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        state.cube_value = 4;
        let loss = Equity::between(&state, Side::X, 0.25, 0.1);
        assert!((loss.emg - 0.15).abs() < 1e-12);
        assert!((loss.points - 0.6).abs() < 1e-12);
        let luck = Equity::from_units(&state, Side::X, -0.5);
        assert!((luck.points + 2.0).abs() < 1e-12);
        let total = loss.plus(luck);
        assert!((total.points + 1.4).abs() < 1e-12);
    }

    #[test]
    fn match_losses_are_normalised_by_the_single_game() {
        let state = MatchState {
            match_length: 5,
            ..MatchState::new_money_game(Variant::Standard, Side::X)
        };
        // Winning one game minus losing one is two units of normalised equity.
        let stakes = Stakes::from_state(&state);
        let win = stakes.match_winning_chance(Side::X, 1);
        let lose = stakes.match_winning_chance(Side::X, -1);
        let whole = Equity::between(&state, Side::X, win, lose);
        assert!((whole.emg - 2.0).abs() < 1e-9);
        assert_eq!(whole.points, 0.0);
        let back = Equity::from_units(&state, Side::X, 2.0);
        assert!((back.mwc - (win - lose)).abs() < 1e-12);
    }
}
