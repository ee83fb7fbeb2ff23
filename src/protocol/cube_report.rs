//! Cube analysis as gnubg reports it: the proper action, its wording, the order of the three
//! cubeful equities and the percentage printed after some actions (values, no I/O).
//!
//! The rules were found by comparing with gnubg 1.07's `hint` output:
//! * the line of the proper action comes first, the other two follow by falling equity of the
//!   doubler;
//! * the number in parentheses is the line's equity minus the equity of the proper action;
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
//! * the answer is worded from the three equities as printed (double/pass +1): "pass" when
//!   double/take is above double/pass; in money play with beavers allowed, "beaver" when
//!   double/take is between -2 and 0 and the double is proper or not doubling is below
//!   double/pass, and then a proper double whose beaver leaves the doubler below no double
//!   (twice double/take below no double) is "No double, beaver"; else "take"
//!   ([`CubeAnswer::from_equities`]).

use crate::engine::cube::{CubeAnalysis, TIE};
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

impl CubeAnswer {
    /// The answer to a double whose doubler's equities are `no_double`, `double_take` and
    /// `double_pass` (units of the current cube), `beaver_allowed` saying whether the session
    /// would permit a beaver of it (money play): gnubg's rule, as its `hint` words it (see the
    /// module notes). A beaver is answered when double/take is between -2 and 0 (within the
    /// engine's [`TIE`]) and either the double is proper or not doubling is below double/pass
    /// (not when the doubler is too good).
    #[must_use]
    pub fn from_equities(
        no_double: f64,
        double_take: f64,
        double_pass: f64,
        beaver_allowed: bool,
    ) -> CubeAnswer {
        let analysis = CubeAnalysis {
            no_double,
            double_take,
            double_pass,
            double_allowed: true,
        };
        if double_take > double_pass {
            CubeAnswer::Pass
        } else if beaver_allowed
            // Within the engine's tie of the bounds: a sure single loss after the take is
            // double/take -2, a rounding error below it in tavli's figures, and a beaver in
            // gnubg's.
            && (-2.0 - TIE..=TIE).contains(&double_take)
            && (analysis.doubling_is_proper() || no_double < double_pass)
        {
            CubeAnswer::Beaver
        } else {
            CubeAnswer::Take
        }
    }

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
    /// Whether the viewer is the player answering a double (equities shown negated).
    pub from_taker: bool,
}

impl CubeReport {
    /// The proper action for the doubler.
    #[must_use]
    pub fn action(&self) -> CubeAction {
        // The engine's rule, so the printed action is the one the engine plays: a tie is a
        // double, as gnubg words it (a sure win: no double and double/pass +1.000).
        let analysis = CubeAnalysis {
            no_double: self.no_double,
            double_take: self.double_take,
            double_pass: self.double_pass,
            double_allowed: true,
        };
        if analysis.doubling_is_proper() {
            // A beavered double costs the doubler twice double/take: below no double, he
            // should not double (gnubg's "No double, beaver" where double/take >= no double).
            if self.answer == CubeAnswer::Beaver && 2.0 * self.double_take < self.no_double - TIE {
                CubeAction::NoDouble
            } else {
                CubeAction::Double
            }
        } else if self.answer == CubeAnswer::Pass || self.no_double > self.double_pass {
            CubeAction::TooGood
        } else {
            CubeAction::NoDouble
        }
    }

    /// Whether doubling is proper but worth no more than not doubling (double/take within
    /// 1e-5 of no double, and taking is the answer): gnubg words it "Optional double, take"
    /// and lists no double first. It happens where the cube is worth nothing to the doubler
    /// now, as for the trailer after the Crawford game, who can as well double a roll later.
    #[must_use]
    pub fn is_optional(&self) -> bool {
        self.action() == CubeAction::Double
            && self.answer != CubeAnswer::Pass
            && (self.double_take - self.no_double).abs() <= OPTIONAL_WITHIN
    }

    fn proper_option(&self) -> CubeOption {
        match (self.action(), self.answer) {
            _ if self.is_optional() => CubeOption::NoDouble,
            (CubeAction::Double, CubeAnswer::Pass) => CubeOption::DoublePass,
            (CubeAction::Double, _) => CubeOption::DoubleTake,
            _ => CubeOption::NoDouble,
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
        let proper = self.proper_option();
        let mut others: Vec<CubeOption> = [
            CubeOption::NoDouble,
            CubeOption::DoublePass,
            CubeOption::DoubleTake,
        ]
        .into_iter()
        .filter(|option| *option != proper)
        .collect();
        others.sort_by(|a, b| self.doubler_equity(*b).total_cmp(&self.doubler_equity(*a)));
        let sign = if self.from_taker { -1.0 } else { 1.0 };
        let best = self.doubler_equity(proper);
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
        [
            line(proper, true),
            line(others[0], false),
            line(others[1], false),
        ]
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
mod tests {
    use super::*;

    fn report(no_double: f64, double_take: f64, answer: CubeAnswer) -> CubeReport {
        CubeReport {
            evaluator: "test".to_string(),
            plies: 0,
            cubeless_equity: 0.0,
            money_equity: None,
            probabilities: [0.5, 0.1, 0.0, 0.5, 0.1, 0.0],
            no_double,
            double_take,
            double_pass: 1.0,
            answer,
            redouble: false,
            from_taker: false,
        }
    }

    fn options(report: &CubeReport) -> Vec<CubeOption> {
        report.lines().iter().map(|line| line.option).collect()
    }

    /// gnubg 1.07, 5-point match, 2-4 after the Crawford game, the trailer on roll at the
    /// opening position: "1. No double +0.380, 2. Double, pass +1.000 (+0.620), 3. Double,
    /// take +0.380 (-0.000)", "Proper cube action: Optional double, take".
    #[test]
    fn a_double_worth_no_more_than_no_double_is_optional() {
        let optional = report(0.380, 0.380, CubeAnswer::Take);
        assert!(optional.is_optional());
        assert_eq!(optional.action(), CubeAction::Double);
        assert_eq!(
            options(&optional),
            [
                CubeOption::NoDouble,
                CubeOption::DoublePass,
                CubeOption::DoubleTake
            ]
        );
        assert_eq!(optional.proper_action_text(), "Optional double, take");
        assert_eq!(optional.percentage(), None);
        let redouble = CubeReport {
            redouble: true,
            ..report(0.380, 0.380 + 5e-6, CubeAnswer::Take)
        };
        assert_eq!(redouble.proper_action_text(), "Optional redouble, take");
        // Beyond 1e-5 it is a double; a pass is never optional here.
        assert_eq!(
            report(0.380, 0.380 + 2e-5, CubeAnswer::Take).proper_action_text(),
            "Double, take"
        );
        assert!(!report(0.380, 0.380, CubeAnswer::Pass).is_optional());
    }

    #[test]
    fn no_double_take_lists_no_double_then_pass_then_take() {
        // gnubg: No double -0.609, Double, pass +1.000 (+1.609), Double, take -1.504 (-0.896);
        // "No double, take (35.8%)".
        let report = report(-0.609, -1.504, CubeAnswer::Take);
        assert_eq!(report.action(), CubeAction::NoDouble);
        assert_eq!(
            options(&report),
            [
                CubeOption::NoDouble,
                CubeOption::DoublePass,
                CubeOption::DoubleTake
            ]
        );
        let lines = report.lines();
        assert_eq!(lines[0].difference, None);
        assert!((lines[1].difference.unwrap_or(0.0) - 1.609).abs() < 1e-9);
        assert!((lines[2].difference.unwrap_or(0.0) + 0.895).abs() < 1e-9);
        assert_eq!(report.proper_action_text(), "No double, take");
        // gnubg's 35.8 comes from its unrounded equities.
        assert_eq!(format!("{:.1}", report.percentage().unwrap_or(0.0)), "35.7");
        // gnubg: No double -0.019, Double, take -0.370: "No double, take (25.6%)".
        let money = CubeReport {
            no_double: -0.019,
            double_take: -0.370,
            ..report
        };
        assert_eq!(format!("{:.1}", money.percentage().unwrap_or(0.0)), "25.6");
    }

    #[test]
    fn double_take_lists_take_then_pass_then_no_double() {
        let report = report(0.476, 0.483, CubeAnswer::Take);
        assert_eq!(report.action(), CubeAction::Double);
        assert_eq!(
            options(&report),
            [
                CubeOption::DoubleTake,
                CubeOption::DoublePass,
                CubeOption::NoDouble
            ]
        );
        assert_eq!(report.proper_action_text(), "Double, take");
        assert_eq!(report.percentage(), None);
    }

    #[test]
    fn double_pass_lists_pass_then_take_then_no_double() {
        let report = report(0.988, 1.928, CubeAnswer::Pass);
        assert_eq!(report.action(), CubeAction::Double);
        assert_eq!(
            options(&report),
            [
                CubeOption::DoublePass,
                CubeOption::DoubleTake,
                CubeOption::NoDouble
            ]
        );
        assert_eq!(report.proper_action_text(), "Double, pass");
        assert_eq!(report.percentage(), None);
    }

    #[test]
    fn too_good_to_redouble_pass_has_a_percentage() {
        // gnubg: No double +1.410, Double, take +2.744 (+1.334), Double, pass +1.000 (-0.410);
        // "Too good to redouble, pass (23.5%)".
        let report = CubeReport {
            redouble: true,
            ..report(1.410, 2.744, CubeAnswer::Pass)
        };
        assert_eq!(report.action(), CubeAction::TooGood);
        assert_eq!(
            options(&report),
            [
                CubeOption::NoDouble,
                CubeOption::DoubleTake,
                CubeOption::DoublePass
            ]
        );
        assert_eq!(report.proper_action_text(), "Too good to redouble, pass");
        assert_eq!(format!("{:.1}", report.percentage().unwrap_or(0.0)), "23.5");
    }

    /// gnubg, X's 5 and 2 against O's four checkers, 7-point match at 3-2: "1. Double, pass
    /// +1.000, 2. Double, take +2.293 (+1.293), 3. No double +1.000 (-0.000)", "Proper cube
    /// action: Double, pass"; tavli's no double came out a rounding error above 1.
    #[test]
    fn a_sure_win_a_rounding_error_above_the_pass_is_a_double_pass() {
        for no_double in [1.000_000_000_000_001_3, 1.000_000_403_6] {
            let report = report(no_double, 2.293, CubeAnswer::Pass);
            assert_eq!(report.action(), CubeAction::Double);
            assert_eq!(report.proper_action_text(), "Double, pass");
            assert_eq!(
                options(&report),
                [
                    CubeOption::DoublePass,
                    CubeOption::DoubleTake,
                    CubeOption::NoDouble
                ]
            );
            // No double is tied with the pass: its difference is printed `(-0.000)`.
            assert_eq!(report.lines()[2].difference, Some(0.0));
        }
        // A real margin is still too good.
        assert_eq!(
            report(1.001, 2.293, CubeAnswer::Pass).action(),
            CubeAction::TooGood
        );
    }

    #[test]
    fn a_sure_win_is_a_double_pass() {
        // gnubg, one checker on the ace point against a bear-off, the cube owned: "1. Double,
        // pass +1.000, 2. Double, take +2.000 (+1.000), 3. No double +1.000 (0.000)",
        // "Proper cube action: Redouble, pass".
        let report = CubeReport {
            redouble: true,
            ..report(1.0, 2.0, CubeAnswer::Pass)
        };
        assert_eq!(report.action(), CubeAction::Double);
        assert_eq!(
            options(&report),
            [
                CubeOption::DoublePass,
                CubeOption::DoubleTake,
                CubeOption::NoDouble
            ]
        );
        assert_eq!(report.proper_action_text(), "Redouble, pass");
        assert_eq!(report.percentage(), None);
    }

    #[test]
    fn too_good_to_double_take_has_no_percentage() {
        let report = report(1.2, 0.8, CubeAnswer::Take);
        assert_eq!(report.action(), CubeAction::TooGood);
        assert_eq!(report.proper_action_text(), "Too good to double, take");
        assert_eq!(report.percentage(), None);
    }

    /// The wording of `no_double`, `double_take` (double/pass +1), the answer found by
    /// gnubg's rule with beavers allowed or not.
    fn worded(no_double: f64, double_take: f64, beaver_allowed: bool) -> String {
        let answer = CubeAnswer::from_equities(no_double, double_take, 1.0, beaver_allowed);
        let report = report(no_double, double_take, answer);
        match report.percentage() {
            Some(share) => format!("{} ({share:.1}%)", report.proper_action_text()),
            None => report.proper_action_text(),
        }
    }

    /// gnubg 1.07, money, `tm0FASHe3wAAUA` (2-ply): no double -0.998, double/take -2.454:
    /// "No double, take (42.1%)" (42.2 from the rounded figures); beyond -2 a double is
    /// taken, not beavered.
    #[test]
    fn no_double_beavers_only_a_double_take_between_minus_two_and_zero() {
        assert_eq!(worded(-0.998, -2.454, true), "No double, take (42.2%)");
        assert_eq!(worded(-0.998, -2.0, true), "No double, beaver (33.4%)");
        // gnubg 1.07, money, a sure single loss (`tm0qIATPcwAAFA`, 2 plies): no double -1.000,
        // double/take -2.000, "No double, beaver (33.3%)"; tavli's -2 came out a rounding
        // error below.
        assert_eq!(
            worded(-1.0, -2.0 - 4e-16, true),
            "No double, beaver (33.3%)"
        );
        assert_eq!(worded(-1.0, -2.001, true), "No double, take (33.4%)");
        // gnubg 1.07, money, 0-ply: No double +0.009, Double, take -0.332: "No double,
        // beaver (25.6%)"; in match play (no beavers) the same figures are a take.
        assert_eq!(worded(0.009, -0.332, true), "No double, beaver (25.6%)");
        assert_eq!(worded(0.009, -0.332, false), "No double, take (25.6%)");
        // Above zero the doubler is the favourite after the take: no beaver.
        assert_eq!(worded(0.3, 0.1, true), "No double, take (22.2%)");
        assert_eq!(worded(0.3, 0.0, true), "No double, beaver (30.0%)");
    }

    /// gnubg's rule where the double is proper and taken: with double/take between -2 and 0 it
    /// is beavered, and the doubler should not double when the beaver (twice double/take)
    /// leaves him below no double; gnubg prints no (negative) percentage then.
    #[test]
    fn a_proper_double_with_the_doubler_below_zero_is_beavered() {
        assert_eq!(worded(-0.3, -0.2, true), "No double, beaver");
        assert_eq!(worded(-0.3, -0.1, true), "Double, beaver");
        assert_eq!(worded(-0.3, -0.1, false), "Double, take");
        assert_eq!(worded(0.0, 0.0, true), "Optional double, beaver");
        assert_eq!(worded(0.4, 0.5, true), "Double, take");
        let no_double = report(-0.3, -0.2, CubeAnswer::Beaver);
        assert_eq!(no_double.action(), CubeAction::NoDouble);
        assert_eq!(
            options(&no_double),
            [
                CubeOption::NoDouble,
                CubeOption::DoublePass,
                CubeOption::DoubleTake
            ]
        );
        assert_eq!(no_double.percentage(), None);
    }

    #[test]
    fn a_pass_and_too_good_are_never_beavered() {
        assert_eq!(
            CubeAnswer::from_equities(0.9, 1.2, 1.0, true),
            CubeAnswer::Pass
        );
        // Too good to double, take: no double above double/pass, double/take below it.
        assert_eq!(
            CubeAnswer::from_equities(1.2, -0.5, 1.0, true),
            CubeAnswer::Take
        );
        assert_eq!(worded(1.2, 0.8, true), "Too good to double, take");
    }

    #[test]
    fn the_taker_sees_negated_equities_in_the_doublers_order() {
        // gnubg, taker's view: No double +0.022, Double, pass -1.000 (-1.022),
        // Double, take +0.370 (+0.348); "No double, beaver (25.4%)".
        let doubler = report(-0.022, -0.370, CubeAnswer::Beaver);
        let taker = CubeReport {
            from_taker: true,
            ..doubler.clone()
        };
        assert_eq!(options(&doubler), options(&taker));
        let lines = taker.lines();
        assert!((lines[0].equity - 0.022).abs() < 1e-9);
        assert!((lines[1].equity + 1.0).abs() < 1e-9);
        assert!((lines[1].difference.unwrap_or(0.0) + 1.022).abs() < 1e-9);
        assert!((lines[2].difference.unwrap_or(0.0) - 0.348).abs() < 1e-9);
        assert_eq!(taker.proper_action_text(), "No double, beaver");
        assert_eq!(format!("{:.1}", taker.percentage().unwrap_or(0.0)), "25.4");
    }
}
