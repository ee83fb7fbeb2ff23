//! Unit tests of the cube model shared by money and match play (src/engine/cube.rs).

use super::test_support::{money, plain};
use super::*;
use crate::engine::match_equity::match_equity;

#[test]
fn table_is_symmetric_and_sensible() {
    assert!((match_equity(2, 2, false) - 0.5).abs() < 1e-12);
    // Kazaross-XG2: 1-away/2-away Crawford, 2-away/1-away post-Crawford (free drop).
    assert!((match_equity(1, 2, true) - 0.67736).abs() < 1e-9);
    assert!((match_equity(2, 1, false) - 0.48803).abs() < 1e-9);
    assert!((match_equity(5, 3, false) - 0.35205).abs() < 1e-9);
    for a in 1..12 {
        for b in 1..12 {
            let sum = match_equity(a, b, false) + match_equity(b, a, false);
            assert!((sum - 1.0).abs() < 1e-9, "{a} {b}");
            if a >= 2 && b >= 2 {
                assert!(match_equity(a, b + 1, false) >= match_equity(a, b, false));
            }
        }
    }
}

/// Take points where the cube is dead after the take equal the table's: at 2-away/2-away
/// the taker needs `ME(2-away vs 1-away Crawford)` = 0.32264; with the doubler 4 away and
/// the taker 2 away, `(ME(2, 3) - ME(2, 2)) / (1 - ME(2, 2))` = 0.19894.
#[test]
fn dead_cube_take_points_are_the_tables() {
    let context = |length: u32, score: [u32; 2]| Stakes {
        match_length: length,
        score,
        jacoby: false,
        beavers: false,
        ..money()
    };
    let cases = [
        (context(3, [1, 1]), 0.32264),
        // X (index 1) doubles needing 4; O (index 0) takes needing 2.
        (context(5, [3, 1]), (0.59947 - 0.5) / (1.0 - 0.5)),
    ];
    for (context, take_point) in cases {
        for (taker_wins, expected) in [
            (take_point + 0.01, TakeAction::Take),
            (take_point - 0.01, TakeAction::Drop),
        ] {
            let doubler = plain(1.0 - taker_wins);
            assert_eq!(
                context.take_action(&doubler, Side::X),
                expected,
                "{context:?} taker wins {taker_wins}"
            );
        }
    }
}

fn at(length: u32, score: [u32; 2], crawford: bool) -> Stakes {
    Stakes {
        match_length: length,
        score,
        crawford,
        jacoby: false,
        beavers: false,
        ..money()
    }
}

/// The Crawford game: nobody may double, and the value is the cubeless match-winning
/// chance.
#[test]
fn in_the_crawford_game_the_cube_is_dead() {
    // 5-point match, O (index 0) 4, X 2: X needs 3, O needs 1.
    let context = at(5, [4, 2], true);
    let doubler = plain(0.9);
    let analysis = context.analyse_double(&doubler, Side::X);
    assert!(!analysis.double_allowed);
    assert_eq!(analysis.double_action(), DoubleAction::NoDouble);
    let cubeless = context.cubeless_equity(&doubler, Side::X);
    assert!((cubeful_equity(&context, &doubler, Side::X) - cubeless).abs() < 1e-12);
}

/// Post-Crawford, the trailer 2 away and the leader 1 away: the trailer doubles at once
/// (winning a single game gives him only 1-away/1-away), and the leader's drop is free:
/// passing leaves 1-away/1-away (0.5), taking plays the match on one game, so he takes
/// with more than half the games and passes with less, gammons or not.
#[test]
fn post_crawford_the_trailer_doubles_and_the_leader_has_a_free_drop() {
    // 5-point match, O (index 0) 4 after the Crawford game, X 3.
    let context = at(5, [4, 3], false);
    for trailer_wins in [0.3, 0.5, 0.7] {
        let doubler = Probabilities {
            win_gammon: 0.1,
            lose_gammon: 0.1,
            ..plain(trailer_wins)
        };
        let analysis = context.analyse_double(&doubler, Side::X);
        assert_eq!(
            analysis.double_action(),
            DoubleAction::Double,
            "{trailer_wins}"
        );
        // The leader cannot double back: needing 1, any cube is dead for him.
        assert!(!context.may_double(Side::O));
    }
    assert_eq!(context.take_action(&plain(0.55), Side::X), TakeAction::Drop);
    assert_eq!(context.take_action(&plain(0.45), Side::X), TakeAction::Take);
}

/// 2-away/2-away: after a take the cube (2) is dead and the game decides the match, so the
/// take point is the table's 1 - ME(1-away vs 2-away, Crawford) = 0.32264, gammons or not
/// (they only matter to a cube worth 1 here); and the doubler with a market-losing lead
/// doubles.
#[test]
fn two_away_two_away_takes_at_the_tables_point() {
    let context = at(5, [3, 3], false);
    for gammons in [0.0, 0.2] {
        for (taker_wins, expected) in [(0.33, TakeAction::Take), (0.31, TakeAction::Drop)] {
            let doubler = Probabilities {
                win_gammon: gammons,
                lose_gammon: gammons.min(taker_wins),
                ..plain(1.0 - taker_wins)
            };
            assert_eq!(
                context.take_action(&doubler, Side::X),
                expected,
                "gammons {gammons} taker wins {taker_wins}"
            );
        }
    }
    let strong = context.analyse_double(&plain(0.72), Side::X);
    assert_eq!(strong.double_action(), DoubleAction::Double);
}

/// Gammon-go: needing 2 at cube 1 against 5 away, a gammon wins the match, so with many
/// gammons the favourite plays on rather than doubling his opponent out; with none, the
/// same winning chance is a double (and a pass).
#[test]
fn gammon_go_plays_on_for_the_gammon() {
    // 7-point match: X (index 1) 5, O 2.
    let context = at(7, [2, 5], false);
    let gammonish = Probabilities {
        win_gammon: 0.45,
        ..plain(0.8)
    };
    let analysis = context.analyse_double(&gammonish, Side::X);
    assert!(analysis.no_double > analysis.double_pass, "{analysis:?}");
    assert_eq!(analysis.double_action(), DoubleAction::NoDouble);
    let singles = context.analyse_double(&plain(0.8), Side::X);
    assert_eq!(singles.double_action(), DoubleAction::Double, "{singles:?}");
    assert_eq!(context.take_action(&plain(0.8), Side::X), TakeAction::Drop);
}

/// A sure win without gammons: no double and double/pass are both +1, a tie, and a tie
/// is a double (gnubg: "Proper cube action: Double, pass"), in money and match play, the
/// cube centred or owned; equities a rounding apart are tied too, a real edge is not.
#[test]
fn a_sure_win_is_a_double_and_a_pass() {
    let match_play = Stakes {
        match_length: 7,
        score: [2, 3],
        beavers: false,
        ..money()
    };
    let owned = Stakes {
        cube_value: 2,
        cube_owner: Some(Side::X),
        ..match_play
    };
    for stakes in [money(), match_play, owned] {
        let analysis = stakes.analyse_double(&plain(1.0), Side::X);
        assert_eq!(analysis.double_action(), DoubleAction::Double, "{stakes:?}");
        assert_eq!(stakes.answer(&analysis), TakeAction::Drop, "{stakes:?}");
        assert!((analysis.best_equity() - 1.0).abs() < TIE);
    }
    let rounded = CubeAnalysis {
        no_double: 1.000_000_4,
        double_take: 2.0,
        double_pass: 1.0,
        double_allowed: true,
    };
    assert_eq!(rounded.double_action(), DoubleAction::Double);
    let too_good = CubeAnalysis {
        no_double: 1.001,
        ..rounded
    };
    assert_eq!(too_good.double_action(), DoubleAction::NoDouble);
    let not_allowed = CubeAnalysis {
        double_allowed: false,
        ..rounded
    };
    assert_eq!(not_allowed.double_action(), DoubleAction::NoDouble);
}

#[test]
fn money_cube_follows_the_market() {
    let context = money();
    assert_eq!(
        context
            .analyse_double(&plain(0.55), Side::X)
            .double_action(),
        DoubleAction::NoDouble
    );
    assert_eq!(
        context
            .analyse_double(&plain(0.75), Side::X)
            .double_action(),
        DoubleAction::Double
    );
    assert_eq!(context.take_action(&plain(0.70), Side::X), TakeAction::Take);
    assert_eq!(context.take_action(&plain(0.90), Side::X), TakeAction::Drop);
    assert_eq!(
        context.take_action(&plain(0.30), Side::X),
        TakeAction::Beaver
    );
    // Opponent owns the cube: no double possible.
    let owned = Stakes {
        cube_owner: Some(Side::O),
        cube_value: 2,
        ..money()
    };
    assert!(!owned.may_double(Side::X));
}

/// The stakes of a state carry the cube efficiency of its board: a long race is valued
/// with a more efficient cube (0.7 at 120 pips and more) than contact (0.68), a bear-off
/// with a less efficient one (0.6); the live cube is worth more to its centred holder the
/// more efficient it is.
#[test]
fn the_cube_efficiency_follows_the_position() {
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    assert_eq!(
        Stakes::from_state(&state).efficiency,
        CubeEfficiency::Contact
    );
    let mut home = crate::rules::Board::empty();
    home.slots[Side::X.index()][5] = 15;
    home.slots[Side::O.index()][4] = 15;
    let mut race = home;
    race.slots[Side::X.index()][5] = 0;
    race.slots[Side::X.index()][7] = 15;
    let stakes = money();
    assert_eq!(
        stakes.at_position(&race, Side::X).efficiency,
        CubeEfficiency::Race { pips: 120 }
    );
    let bear_off = stakes.at_position(&home, Side::X);
    assert_eq!(bear_off.efficiency, CubeEfficiency::BearOff);
    let long_race = stakes.at_position(&race, Side::X);
    let position = plain(0.6);
    let value = |stakes: &Stakes| cubeful_equity(stakes, &position, Side::X);
    assert!(value(&long_race) > value(&stakes) && value(&stakes) > value(&bear_off));
    let in_a_state = MatchState {
        board: race,
        ..state
    };
    assert_eq!(
        Stakes::from_state(&in_a_state).efficiency,
        CubeEfficiency::Race { pips: 120 }
    );
}

#[test]
fn crawford_forbids_doubling() {
    let context = Stakes {
        match_length: 5,
        score: [4, 2],
        crawford: true,
        beavers: false,
        ..money()
    };
    assert!(!context.may_double(Side::X));
}

fn analysis(no_double: f64, double_take: f64) -> CubeAnalysis {
    CubeAnalysis {
        no_double,
        double_take,
        double_pass: 1.0,
        double_allowed: true,
    }
}

/// The one answer rule, gnubg's: no margin below zero (the former engine rule beavered only
/// below -0.2), inclusive bounds at -2 and 0 within [`TIE`], a take below -2 (gnubg 1.07,
/// money, `tm0FASHe3wAAUA`: double/take -2.462 at 0 plies, "No double, take"), no beaver of a
/// doubler too good to double, none where beavers are not allowed, and a pass above +1.
#[test]
fn the_answer_is_gnubgs_rule_on_the_three_equities() {
    let beaver = |no_double: f64, double_take: f64| analysis(no_double, double_take).answer(true);
    assert_eq!(beaver(0.3, -0.1), TakeAction::Beaver);
    assert_eq!(beaver(0.3, 0.0), TakeAction::Beaver);
    assert_eq!(beaver(0.3, 0.01), TakeAction::Take);
    assert_eq!(beaver(-0.943, -2.462), TakeAction::Take);
    assert_eq!(beaver(-1.0, -2.0 - 4e-16), TakeAction::Beaver);
    assert_eq!(beaver(0.9, 1.2), TakeAction::Drop);
    // Too good to double (no double above double/pass), taken: no beaver.
    assert_eq!(beaver(1.2, -0.5), TakeAction::Take);
    assert_eq!(analysis(0.3, -0.1).answer(false), TakeAction::Take);
    // The stakes allow a beaver in money play only, and only with beavers on.
    let money = money();
    assert_eq!(money.answer(&analysis(0.3, -0.1)), TakeAction::Beaver);
    let no_beavers = Stakes {
        beavers: false,
        ..money
    };
    assert_eq!(no_beavers.answer(&analysis(0.3, -0.1)), TakeAction::Take);
    let in_match = Stakes {
        match_length: 7,
        ..money
    };
    assert_eq!(in_match.answer(&analysis(0.3, -0.1)), TakeAction::Take);
}

/// A proper double that is beavered costs the doubler twice double/take: he keeps the cube
/// when that is below no double (gnubg's "No double, beaver"), and doubles otherwise.
#[test]
fn a_double_beavered_to_the_doublers_loss_is_not_offered() {
    let costly = analysis(-0.3, -0.2);
    assert_eq!(costly.double_action(), DoubleAction::Double);
    assert_eq!(
        costly.double_action_against(TakeAction::Beaver),
        DoubleAction::NoDouble
    );
    assert_eq!(
        costly.double_action_against(TakeAction::Take),
        DoubleAction::Double
    );
    let worth_it = analysis(-0.3, -0.1);
    assert_eq!(
        worth_it.double_action_against(TakeAction::Beaver),
        DoubleAction::Double
    );
    let not_allowed = CubeAnalysis {
        double_allowed: false,
        ..worth_it
    };
    assert_eq!(
        not_allowed.double_action_against(TakeAction::Take),
        DoubleAction::NoDouble
    );
}
