//! Cube analysis as gnubg reports it: the proper action, its wording, the order of the three
//! cubeful equities and the percentage printed after some actions (values, no I/O).
//!
//! The rules were found by comparing with gnubg 1.07's `hint` output:
//! * the line of the proper action comes first, the other two follow in a fixed order for
//!   each wording (by falling equity of the doubler wherever the doubler's choice is clear);
//! * the number in parentheses is the line's equity minus the equity of the best action;
//! * doubling is proper when it is worth at least no double (a tie is a double: the engine's
//!   rule, [`CubeAnalysis::doubling_is_proper`]);
//! * the action is worded "Double", "No double" or "Too good to double" ("Redouble", "No
//!   redouble", "Too good to redouble" when the doubler owns the cube), then the answer
//!   ("take", "pass", "beaver");
//! * a percentage follows "No double" (how far no double is above double/take, as a share of
//!   the gap between double/take and double/pass) and "Too good ..., pass" (how far no double
//!   is above double/pass, as a share of the gap between double/pass and double/take);
//! * the player answering a double sees the same lines in the same order with his own
//!   (negated) equities;
//! * a double worth no more than no double (within 1e-5) and taken is "Optional double, take"
//!   ("Optional redouble", "..., beaver"), no double listed first;
//! * a double passed with no double within 1e-5 of double/pass is "Optional double, pass"
//!   (no double, double/take, double/pass), but only where the doubler can win a gammon and
//!   the Jacoby rule does not apply (match play, the cube owned or the rule off);
//! * "Too good" only when the doubler can win a gammon (his win-gammon chance above 0): else
//!   too good and passed is "Double, pass" (double/pass, double/take, no double; the
//!   differences still from no double), too good and taken "No double, take" (these two
//!   rules are gnubg's as its authors describe them; not met live in 4,860 random cases, the
//!   tie of a sure win aside);
//! * the answer is the engine's ([`CubeAnalysis::answer`], gnubg's rule on the three
//!   equities, double/pass +1): "pass" when double/take is above double/pass; in money play
//!   with beavers allowed, "beaver" when double/take is between -2 and 0 and the double is
//!   proper or not doubling is below double/pass, and then a proper double whose beaver leaves
//!   the doubler below no double (twice double/take below no double) is "No double, beaver"
//!   ([`CubeAnalysis::double_action_against`]); else "take".

use crate::engine::cube::{CubeAnalysis, DoubleAction, TakeAction, TIE};
use serde::Serialize;

/// The answer to a double the analysis recommends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeAnswer {
    /// Accept the cube.
    Take,
    /// Refuse it.
    Pass,
    /// Accept and redouble at once (money play with beavers allowed).
    Beaver,
}

impl From<TakeAction> for CubeAnswer {
    /// The engine's answer ([`CubeAnalysis::answer`]) in gnubg's words.
    fn from(action: TakeAction) -> CubeAnswer {
        match action {
            TakeAction::Take => CubeAnswer::Take,
            TakeAction::Drop => CubeAnswer::Pass,
            TakeAction::Beaver => CubeAnswer::Beaver,
        }
    }
}

impl From<CubeAnswer> for TakeAction {
    /// A worded answer as the engine's action.
    fn from(answer: CubeAnswer) -> TakeAction {
        match answer {
            CubeAnswer::Take => TakeAction::Take,
            CubeAnswer::Pass => TakeAction::Drop,
            CubeAnswer::Beaver => TakeAction::Beaver,
        }
    }
}

impl CubeAnswer {
    fn word(self) -> &'static str {
        match self {
            CubeAnswer::Take => "take",
            CubeAnswer::Pass => "pass",
            CubeAnswer::Beaver => "beaver",
        }
    }
}

/// How close double/take and no double must be for gnubg to call the double optional.
const OPTIONAL_WITHIN: f64 = 1e-5;

/// What the player on roll should do with the cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeAction {
    /// Doubling is best.
    Double,
    /// Not doubling is best and doubling would not lose the opponent's pass.
    NoDouble,
    /// Not doubling is better than the opponent passing: play on for more.
    TooGood,
}

/// One of the three cubeful equities of a cube analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CubeOption {
    /// Roll without doubling.
    NoDouble,
    /// Double and the opponent takes.
    DoubleTake,
    /// Double and the opponent passes.
    DoublePass,
}

impl CubeOption {
    /// gnubg's label of the option.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            CubeOption::NoDouble => "No double",
            CubeOption::DoubleTake => "Double, take",
            CubeOption::DoublePass => "Double, pass",
        }
    }
}

/// One line of the "Cubeful equities" list, as shown to the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CubeLine {
    /// Which option.
    pub option: CubeOption,
    /// The viewer's cubeful equity for it.
    pub equity: f64,
    /// The equity minus that of the proper action, seen by the viewer (`None` on the first
    /// line).
    pub difference: Option<f64>,
}

/// A cube analysis: the evaluator's cubeless figures for the viewer and the doubler's three
/// cubeful equities, in units where a single game at the current cube is worth 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CubeReport {
    /// The evaluator's short name (`net`, `pubeval`).
    pub evaluator: String,
    /// Plies searched (gnubg prints them beside the evaluator: `net 0-ply`).
    pub plies: u32,
    /// The viewer's cubeless equity (match play: normalised match-winning chance).
    pub cubeless_equity: f64,
    /// The viewer's cubeless money equity, printed in match play only.
    pub money_equity: Option<f64>,
    /// The viewer's win, win gammon, win backgammon, lose, lose gammon, lose backgammon (in
    /// JSON the labelled object of the five, lose implied).
    #[serde(serialize_with = "super::json::labelled_probabilities")]
    pub probabilities: [f64; 6],
    /// The doubler's equity for not doubling.
    pub no_double: f64,
    /// The doubler's equity for double, take.
    pub double_take: f64,
    /// The doubler's equity for double, pass.
    pub double_pass: f64,
    /// The recommended answer to a double.
    pub answer: CubeAnswer,
    /// Whether the doubler owns the cube (a redouble).
    pub redouble: bool,
    /// Whether the Jacoby rule applies to the game as it stands (money play, the cube
    /// centred, the rule on): gammons count only once the cube is turned.
    pub jacoby_applies: bool,
    /// Whether the viewer is the player answering a double (equities shown negated).
    pub from_taker: bool,
}

impl CubeReport {
    /// The proper action for the doubler, as gnubg words it: too good only when he can win a
    /// gammon (playing on for a gammon that cannot come is no reason to keep the cube), else a
    /// double when passed, no double when taken.
    #[must_use]
    pub fn action(&self) -> CubeAction {
        match self.engine_action() {
            CubeAction::TooGood if !self.doubler_can_win_gammon() => {
                if self.answer == CubeAnswer::Pass {
                    CubeAction::Double
                } else {
                    CubeAction::NoDouble
                }
            }
            action => action,
        }
    }

    /// Whether the doubler's win-gammon chance is above 0 (gnubg's test for "Too good" and
    /// "Optional double, pass").
    #[must_use]
    pub fn doubler_can_win_gammon(&self) -> bool {
        let win_gammon = if self.from_taker {
            self.probabilities[4]
        } else {
            self.probabilities[1]
        };
        win_gammon > 0.0
    }

    /// The engine's action from the three equities alone.
    fn engine_action(&self) -> CubeAction {
        // The engine's rule, so the printed action is the one the engine plays: a tie is a
        // double, as gnubg words it (a sure win: no double and double/pass +1.000).
        let analysis = CubeAnalysis {
            no_double: self.no_double,
            double_take: self.double_take,
            double_pass: self.double_pass,
            double_allowed: true,
        };
        if analysis.doubling_is_proper() {
            // The engine's rule for a double that is beavered: gnubg's "No double, beaver"
            // where double/take >= no double but twice double/take is below it.
            match analysis.double_action_against(self.answer.into()) {
                DoubleAction::Double => CubeAction::Double,
                DoubleAction::NoDouble => CubeAction::NoDouble,
            }
        } else if self.answer == CubeAnswer::Pass || self.no_double > self.double_pass {
            CubeAction::TooGood
        } else {
            CubeAction::NoDouble
        }
    }

    /// Whether doubling is proper but worth no more than not doubling: gnubg words it
    /// "Optional double" and lists no double first. Taken, double/take within 1e-5 of no
    /// double: it happens where the cube is worth nothing to the doubler now, as for the
    /// trailer after the Crawford game, who can as well double a roll later. Passed, no double
    /// within 1e-5 of double/pass, where the doubler can win a gammon and the Jacoby rule does
    /// not apply.
    #[must_use]
    pub fn is_optional(&self) -> bool {
        if self.engine_action() != CubeAction::Double {
            return false;
        }
        if self.answer == CubeAnswer::Pass {
            (self.double_pass - self.no_double).abs() <= OPTIONAL_WITHIN
                && self.doubler_can_win_gammon()
                && !self.jacoby_applies
        } else {
            (self.double_take - self.no_double).abs() <= OPTIONAL_WITHIN
        }
    }

    /// The three options in gnubg's order for the wording: the proper one first.
    fn ordered_options(&self) -> [CubeOption; 3] {
        use CubeOption::{DoublePass, DoubleTake, NoDouble};
        let passed = self.answer == CubeAnswer::Pass;
        match self.action() {
            _ if self.is_optional() && passed => [NoDouble, DoubleTake, DoublePass],
            _ if self.is_optional() => [NoDouble, DoublePass, DoubleTake],
            CubeAction::Double if passed => [DoublePass, DoubleTake, NoDouble],
            CubeAction::Double => [DoubleTake, DoublePass, NoDouble],
            CubeAction::TooGood if passed => [NoDouble, DoubleTake, DoublePass],
            CubeAction::TooGood | CubeAction::NoDouble => [NoDouble, DoublePass, DoubleTake],
        }
    }

    /// The option the differences are measured from: the best action's (no double where the
    /// doubler is too good, however it is worded; double/pass for an optional double passed),
    /// else the first line's.
    fn best_option(&self) -> CubeOption {
        if self.engine_action() == CubeAction::TooGood {
            CubeOption::NoDouble
        } else if self.is_optional() && self.answer == CubeAnswer::Pass {
            CubeOption::DoublePass
        } else {
            self.ordered_options()[0]
        }
    }

    fn doubler_equity(&self, option: CubeOption) -> f64 {
        match option {
            CubeOption::NoDouble => self.no_double,
            CubeOption::DoubleTake => self.double_take,
            CubeOption::DoublePass => self.double_pass,
        }
    }

    /// The three lines in gnubg's order with the viewer's equities.
    #[must_use]
    pub fn lines(&self) -> [CubeLine; 3] {
        let [first, second, third] = self.ordered_options();
        let sign = if self.from_taker { -1.0 } else { 1.0 };
        let best = self.doubler_equity(self.best_option());
        // Equities within the engine's tie of the proper action's are tied with it (a sure
        // win's no double a rounding error above double/pass): printed `(-0.000)`, as gnubg.
        let difference = |option: CubeOption| {
            let difference = self.doubler_equity(option) - best;
            if difference.abs() <= TIE {
                0.0
            } else {
                sign * difference
            }
        };
        let line = |option: CubeOption, first: bool| CubeLine {
            option,
            equity: sign * self.doubler_equity(option),
            difference: (!first).then(|| difference(option)),
        };
        [line(first, true), line(second, false), line(third, false)]
    }

    /// The percentage gnubg prints after the proper action, when it prints one (never a
    /// negative one: "No double, beaver" where double/take is above no double has none).
    #[must_use]
    pub fn percentage(&self) -> Option<f64> {
        let (above, low, high) = match (self.action(), self.answer) {
            (CubeAction::NoDouble, _) => (self.no_double, self.double_take, self.double_pass),
            (CubeAction::TooGood, CubeAnswer::Pass) => {
                (self.no_double, self.double_pass, self.double_take)
            }
            _ => return None,
        };
        let gap = high - low;
        let share = 100.0 * (above - low) / gap;
        (gap > 1e-12 && share >= 0.0).then_some(share)
    }

    /// The words after `Proper cube action: `, without the percentage.
    #[must_use]
    pub fn proper_action_text(&self) -> String {
        let verb = match (self.action(), self.redouble) {
            (CubeAction::Double, true) if self.is_optional() => "Optional redouble",
            (CubeAction::Double, false) if self.is_optional() => "Optional double",
            (CubeAction::Double, false) => "Double",
            (CubeAction::Double, true) => "Redouble",
            (CubeAction::NoDouble, false) => "No double",
            (CubeAction::NoDouble, true) => "No redouble",
            (CubeAction::TooGood, false) => "Too good to double",
            (CubeAction::TooGood, true) => "Too good to redouble",
        };
        format!("{verb}, {}", self.answer.word())
    }
}

#[cfg(test)]
mod tests;
