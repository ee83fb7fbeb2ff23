//! Tests of the cube report: gnubg 1.07's wordings, orders and percentages from its `hint` figures.

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
        jacoby_applies: false,
        from_taker: false,
    }
}

/// `report` where the doubler wins for sure and can win no gammon (gnubg's figures `1.000
/// 0.000 0.000 - 0.000 0.000 0.000`).
fn sure_win(report: CubeReport) -> CubeReport {
    CubeReport {
        probabilities: [1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        ..report
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
        let report = sure_win(report(no_double, 2.293, CubeAnswer::Pass));
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
        ..sure_win(report(1.0, 2.0, CubeAnswer::Pass))
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

/// The engine's answer ([`CubeAnalysis::answer`], gnubg's rule) to a double whose doubler's
/// equities are `no_double`, `double_take` and `double_pass`, in gnubg's words.
fn engine_answer(
    no_double: f64,
    double_take: f64,
    double_pass: f64,
    beaver_allowed: bool,
) -> CubeAnswer {
    CubeAnalysis {
        no_double,
        double_take,
        double_pass,
        double_allowed: true,
    }
    .answer(beaver_allowed)
    .into()
}

/// The wording of `no_double`, `double_take` (double/pass +1), the answer the engine's:
/// gnubg's rule with beavers allowed or not.
fn worded(no_double: f64, double_take: f64, beaver_allowed: bool) -> String {
    let answer = engine_answer(no_double, double_take, 1.0, beaver_allowed);
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
    assert_eq!(engine_answer(0.9, 1.2, 1.0, true), CubeAnswer::Pass);
    // Too good to double, take: no double above double/pass, double/take below it.
    assert_eq!(engine_answer(1.2, -0.5, 1.0, true), CubeAnswer::Take);
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

/// gnubg 1.07, money, Jacoby on, the cube centred, `b7cNAAAdAAAAAA` (0-ply): a sure win with
/// 13.9% gammons, "1. No double +1.000, 2. Double, take +2.278, 3. Double, pass +1.000": the
/// Jacoby rule leaves no double at the pass's +1, so the double is not optional. (gnubg words
/// this one "Too good to double, pass (0.0%)": its no double a rounding error above +1.)
#[test]
fn a_pass_tied_with_no_double_is_optional_only_without_the_jacoby_rule() {
    let jacoby = CubeReport {
        probabilities: [1.0, 0.139, 0.0, 0.0, 0.0, 0.0],
        jacoby_applies: true,
        ..report(1.0, 2.278, CubeAnswer::Pass)
    };
    assert!(!jacoby.is_optional());
    assert_eq!(jacoby.proper_action_text(), "Double, pass");
    // Without the rule (match play, the cube owned, the rule off) it is optional: no double,
    // double/take, double/pass, the differences from double/pass.
    let optional = CubeReport {
        jacoby_applies: false,
        ..jacoby.clone()
    };
    assert!(optional.is_optional());
    assert_eq!(optional.action(), CubeAction::Double);
    assert_eq!(optional.proper_action_text(), "Optional double, pass");
    assert_eq!(
        options(&optional),
        [
            CubeOption::NoDouble,
            CubeOption::DoubleTake,
            CubeOption::DoublePass
        ]
    );
    let lines = optional.lines();
    assert!((lines[1].difference.unwrap_or(0.0) - 1.278).abs() < 1e-9);
    assert_eq!(lines[2].difference, Some(0.0));
    assert_eq!(optional.percentage(), None);
    let redouble = CubeReport {
        redouble: true,
        no_double: 1.0 - 5e-6,
        ..optional.clone()
    };
    assert_eq!(redouble.proper_action_text(), "Optional redouble, pass");
    // Beyond 1e-5, or where the doubler can win no gammon, it is a plain double.
    let apart = CubeReport {
        no_double: 1.0 - 2e-5,
        ..optional.clone()
    };
    assert_eq!(apart.proper_action_text(), "Double, pass");
    assert_eq!(sure_win(optional).proper_action_text(), "Double, pass");
}

/// Too good where the doubler can win no gammon is worded as a double passed or no double
/// taken (the figures made up: tavli's ties keep a sure win's no double at the pass).
#[test]
fn too_good_needs_a_gammon_to_play_on_for() {
    let passed = sure_win(report(1.01, 1.5, CubeAnswer::Pass));
    assert_eq!(passed.action(), CubeAction::Double);
    assert_eq!(passed.proper_action_text(), "Double, pass");
    assert_eq!(
        options(&passed),
        [
            CubeOption::DoublePass,
            CubeOption::DoubleTake,
            CubeOption::NoDouble
        ]
    );
    // The differences are still from no double, the best action.
    let lines = passed.lines();
    assert!((lines[1].difference.unwrap_or(0.0) - 0.49).abs() < 1e-9);
    assert_eq!(lines[2].difference, Some(0.0));
    assert_eq!(passed.percentage(), None);
    let taken = CubeReport {
        redouble: true,
        ..sure_win(report(1.2, 0.8, CubeAnswer::Take))
    };
    assert_eq!(taken.action(), CubeAction::NoDouble);
    assert_eq!(taken.proper_action_text(), "No redouble, take");
    assert_eq!(
        options(&taken),
        [
            CubeOption::NoDouble,
            CubeOption::DoublePass,
            CubeOption::DoubleTake
        ]
    );
    // The share of no double over double/take: above 100%.
    assert_eq!(format!("{:.1}", taken.percentage().unwrap_or(0.0)), "200.0");
    // The taker sees the doubler's gammons as his own gammon losses.
    let seen_by_taker = CubeReport {
        from_taker: true,
        probabilities: [0.0, 0.0, 0.0, 1.0, 0.1, 0.0],
        ..report(1.2, 0.8, CubeAnswer::Take)
    };
    assert_eq!(seen_by_taker.action(), CubeAction::TooGood);
}
