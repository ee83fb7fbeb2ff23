//! Unit tests of the REPL's bridge to the judge: hints, `eval`, cube reports and the
//! computer's decisions.

use super::*;
use crate::engine::cube::DoubleAction;
use crate::engine::Pubeval;
use crate::protocol::cube_report::CubeAction;
use crate::rules::{Board, GameState, Variant};

fn money(board: Board, on_roll: Side) -> MatchState {
    MatchState {
        board,
        game_state: GameState::Playing,
        jacoby: false,
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    }
}

/// `side` has `own` checkers on its own points (1-based), the opponent `theirs` likewise.
fn board(side: Side, own: &[(usize, u8)], theirs: &[(usize, u8)]) -> Board {
    let mut slots = [[0u8; 25]; 2];
    for &(point, count) in own {
        slots[side.index()][point - 1] = count;
    }
    for &(point, count) in theirs {
        slots[side.opponent().index()][point - 1] = count;
    }
    Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!())
}

/// A pure race, all checkers home, money play: X (30 pips) on roll against O (75 pips), a
/// near-certain single win for X (double/pass).
fn strong_race() -> MatchState {
    money(
        board(
            Side::X,
            &[(1, 5), (2, 5), (3, 5)],
            &[(4, 5), (5, 5), (6, 5)],
        ),
        Side::X,
    )
}

/// The judge's view of X's own redouble of the cube O beavered in `beavered` (see
/// [`beavered`]): how gnubg's computer answers the beaver.
fn redouble_decision(beavered: MatchState) -> CubeDecision {
    let redouble = MatchState {
        cube_owner: Some(Side::X),
        double_offered: false,
        ..beavered
    };
    Judge::new(&Pubeval, 0).cube_decision(&redouble, Side::X, true)
}

#[test]
fn first_ranked_play_is_best_play_and_all_plays_are_listed() {
    let state = money(Board::start(Variant::Standard), Side::X);
    for dice in Dice::all_rolls() {
        let ranked = ranked_plays(&Pubeval, &state, dice, 0);
        assert_eq!(
            ranked.len(),
            crate::rules::count_legal_plays(&state.board, Side::X, dice)
        );
        assert_eq!(
            ranked.first().map(|entry| entry.play),
            computer_play(&Pubeval, &state, dice, 0)
        );
    }
}

#[test]
fn hint_figures_are_the_movers_probabilities() {
    let state = money(Board::start(Variant::Standard), Side::O);
    let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
    let ranked = ranked_plays(&Pubeval, &state, dice, 0);
    let best = &ranked[0];
    let figures = gnubg_figures(&best.probabilities);
    assert!((figures[0] + figures[3] - 1.0).abs() < 1e-12);
    assert!(figures[0] > 0.45 && figures[0] < 0.7, "{figures:?}");
    // 31 at the start: the engine makes the 5 point.
    assert_eq!(best.play.result.slots[Side::O.index()][4], 2);
}

#[test]
fn match_play_hints_are_normalised_equities_as_gnubg_shows_them() {
    // 3-point match at 0-0: the judge ranks in match-winning chances, hint shows gnubg's
    // normalised equity (its default `set output mwc off`), ranked the same way.
    let state = MatchState {
        match_length: 3,
        ..money(Board::start(Variant::Standard), Side::O)
    };
    let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
    let ranked = ranked_plays(&Pubeval, &state, dice, 0);
    let chances: Vec<f64> = ranked.iter().map(|play| play.equity).collect();
    let entries = hint_entries(&state, dice, ranked, usize::MAX);
    let stakes = Stakes::from_state(&state);
    for (entry, chance) in entries.iter().zip(&chances) {
        assert!((0.0..=1.0).contains(chance), "{chance}");
        let expected = stakes.equity_in_units(Side::O, *chance);
        assert!((entry.equity - expected).abs() < 1e-12);
        assert!(entry.equity.abs() < 3.0, "{}", entry.equity);
    }
    assert!(entries
        .windows(2)
        .all(|pair| pair[0].equity >= pair[1].equity));
    // A match-winning chance above one half is a positive equity.
    assert_eq!(chances[0] > 0.5, entries[0].equity > 0.0);
}

#[test]
fn computer_takes_an_even_double_and_drops_a_hopeless_one() {
    // Opening position, doubler on roll: an easy take.
    let even = money(Board::start(Variant::Standard), Side::X);
    assert_ne!(
        computer_take_action(&Pubeval, &even, false, 0),
        TakeAction::Drop
    );
    // The doubler bears off from two checkers on his 1 point against a full board far
    // from home: a certain loss for the taker.
    let hopeless = money(board(Side::X, &[(1, 2)], &[(22, 10), (21, 5)]), Side::X);
    assert_eq!(
        computer_take_action(&Pubeval, &hopeless, true, 0),
        TakeAction::Drop
    );
    // Too good to double: playing on wins a backgammon (O's checkers are in X's home).
    assert!(!computer_doubles(&Pubeval, &hopeless, true, 0));
}

#[test]
fn computer_doubles_a_strong_race_lead_but_not_the_opening() {
    let opening = money(Board::start(Variant::Standard), Side::X);
    assert!(!computer_doubles(&Pubeval, &opening, true, 0));
    let race = strong_race();
    // A near-certain single win for X, no gammon: double, and O must drop.
    assert!(computer_doubles(&Pubeval, &race, true, 0));
    assert_eq!(
        computer_take_action(&Pubeval, &race, false, 0),
        TakeAction::Drop
    );
}

/// States of the test race and the opening: the cube centred, the cube the roller's, the
/// opponent's (no double possible) and a 5-point match.
fn cube_states() -> Vec<MatchState> {
    let race = money(
        board(
            Side::X,
            &[(1, 3), (2, 4), (3, 4), (4, 4)],
            &[(4, 5), (5, 5), (6, 5)],
        ),
        Side::X,
    );
    let opening = money(Board::start(Variant::Standard), Side::X);
    let mut states = Vec::new();
    for state in [race, opening] {
        states.push(state);
        states.push(MatchState {
            cube_value: 2,
            cube_owner: Some(Side::X),
            ..state
        });
        states.push(MatchState {
            cube_value: 2,
            cube_owner: Some(Side::O),
            ..state
        });
        states.push(MatchState {
            match_length: 5,
            score: [1, 2],
            ..state
        });
    }
    states
}

/// gnubg's `eval` rows are its cube decisions at each depth, the Cubeful column the no
/// double line; its cube section is `hint`'s.
#[test]
fn eval_rows_are_the_judges_cube_decisions_and_the_cube_section_is_hints() {
    let evaluator = SessionEvaluator::new(Arc::new(Pubeval), "pubeval");
    for state in cube_states() {
        let report = evaluation_report(&evaluator, &state, Some(true), 2);
        assert_eq!(report.rows.len(), 3);
        for (row, depth) in report.rows.iter().zip(0..) {
            let decision = Judge::new(&Pubeval, depth).cube_decision(&state, Side::X, true);
            assert_eq!(row.plies, depth);
            assert_eq!(row.cubeful_equity, decision.analysis.no_double, "{state:?}");
            assert_eq!(row.probabilities, gnubg_figures(&decision.probabilities));
        }
        let hint = cube_report(&evaluator, &state, Side::X, true, 2);
        assert_eq!(report.cube.as_ref(), Some(&hint));
        let deepest = report.deepest().unwrap_or_else(|| unreachable!());
        assert_eq!(deepest.cubeful_equity, hint.no_double);
        assert!((deepest.cubeless_equity - hint.cubeless_equity).abs() < 1e-12);
        // Where no double is possible there is no cube section and the rows stay.
        let without = evaluation_report(&evaluator, &state, None, 2);
        assert_eq!(without.cube, None);
        assert_eq!(without.rows, report.rows);
    }
}

/// Post-Crawford states of the test race and the opening, the trailer (X) on roll 3 and 5
/// away: his double is often worth no more than not doubling ("Optional double").
fn post_crawford_states() -> Vec<MatchState> {
    let [race, .., opening, _, _, _] = cube_states()[..] else {
        unreachable!()
    };
    let mut states = Vec::new();
    for state in [race, opening] {
        for away in [3, 5] {
            states.push(post_crawford_state(state, away));
        }
    }
    states
}

/// `state` in a 7-point match after the Crawford game, O 1 away and X `away`.
fn post_crawford_state(state: MatchState, away: u32) -> MatchState {
    let mut score = [0; 2];
    score[Side::O.index()] = 6;
    score[Side::X.index()] = 7 - away;
    MatchState {
        match_length: 7,
        score,
        crawford: false,
        ..state
    }
}

/// The computer answers as `hint` words it, and doubles when the judge's decision doubles
/// (inside gnubg's market window), an optional double only at 0 plies.
#[test]
fn the_computer_plays_what_hint_recommends() {
    let evaluator = SessionEvaluator::new(Arc::new(Pubeval), "pubeval");
    let mut optional = 0;
    let mut doubled = 0;
    for state in cube_states().into_iter().chain(post_crawford_states()) {
        for (beaver_allowed, plies) in [(false, 0), (true, 1), (false, 2), (true, 2)] {
            let hint = cube_report(&evaluator, &state, Side::X, beaver_allowed, plies);
            let answer = computer_take_action(&Pubeval, &state, beaver_allowed, plies);
            assert_eq!(answer, TakeAction::from(hint.answer), "{state:?}");
            let decision =
                Judge::new(&Pubeval, plies).cube_decision(&state, Side::X, beaver_allowed);
            let (shallower, _) =
                Judge::new(&Pubeval, plies.saturating_sub(1)).probabilities(&state);
            let in_window =
                shallower.win >= dead_cube_double_point(&state, beaver_allowed, &shallower);
            let judge_doubles = decision.double() == DoubleAction::Double;
            // The judge's decision is what `hint` words.
            let may_double = Stakes::from_state(&state).may_double(Side::X);
            assert_eq!(
                judge_doubles,
                may_double && hint.action() == CubeAction::Double,
                "{state:?}"
            );
            let expected = in_window
                && judge_doubles
                && (!hint.is_optional() || (plies == 0 && shallower.win > 0.001));
            let doubles = computer_doubles(&Pubeval, &state, beaver_allowed, plies);
            assert_eq!(doubles, expected, "{state:?} at {plies} plies");
            if judge_doubles && hint.is_optional() && plies > 0 {
                // gnubg's computer doubles an optional double at 0 plies only.
                optional += 1;
                assert!(!doubles, "{state:?}");
            }
            doubled += usize::from(doubles);
        }
    }
    // The states hold optional doubles (the race at 2 plies) and doubles.
    assert!(optional > 0);
    assert!(doubled > 0);
}

/// gnubg's doubling points of a dead cube: 50% without gammons, lower the more of the
/// doubler's wins are gammons; at 2-away 2-away higher the more are gammons (they win the
/// match undoubled).
#[test]
fn dead_cube_double_point_is_where_a_last_double_starts_to_gain() {
    let state = money(Board::start(Variant::Standard), Side::X);
    let plain = Probabilities {
        win: 0.6,
        win_gammon: 0.0,
        win_backgammon: 0.0,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    };
    let gammonish = Probabilities {
        win_gammon: 0.3,
        ..plain
    };
    let jacoby = MatchState {
        jacoby: true,
        ..state
    };
    for (state, beavers) in [(state, false), (jacoby, false), (jacoby, true)] {
        assert!((dead_cube_double_point(&state, beavers, &plain) - 0.5).abs() < 1e-12);
    }
    // Wins worth 1.5 cubes on average, losses 1: money 1 / 2.5; the Jacoby rule with the
    // cube centred 0.5 / 1.5 (beavers 0.75 / 2).
    assert!((dead_cube_double_point(&state, false, &gammonish) - 0.4).abs() < 1e-12);
    assert!((dead_cube_double_point(&jacoby, false, &gammonish) - 1.0 / 3.0).abs() < 1e-12);
    assert!((dead_cube_double_point(&jacoby, true, &gammonish) - 0.375).abs() < 1e-12);
    // The Jacoby rule does not touch an owned cube.
    let owned = MatchState {
        cube_value: 2,
        cube_owner: Some(Side::X),
        ..jacoby
    };
    assert!((dead_cube_double_point(&owned, false, &gammonish) - 0.4).abs() < 1e-12);
    // 2-away 2-away: doubling turns the game into the match.
    let two_away = MatchState {
        match_length: 7,
        score: [5, 5],
        ..state
    };
    // Without gammons a half; when half the wins are gammons, which win the match undoubled,
    // only the singles gain: risk M against gain M / 2, 2/3.
    for (probabilities, expected) in [(plain, 0.5), (gammonish, 2.0 / 3.0)] {
        let point = dead_cube_double_point(&two_away, false, &probabilities);
        assert!((point - expected).abs() < 1e-12, "{point}");
    }
    // The trailer after the Crawford game risks nothing by doubling: the point is 0.
    let post_crawford = post_crawford_state(state, 4);
    assert!(dead_cube_double_point(&post_crawford, false, &plain).abs() < 1e-12);
}

#[test]
fn computer_accepts_a_resignation_only_when_it_gives_enough() {
    // X (receiver) is about to bear off his last two checkers; O has all fifteen far away
    // (on his own 24 point is impossible without contact, so in his outer board).
    let state = money(board(Side::X, &[(1, 2)], &[(12, 15)]), Side::O);
    // O resigns; X receives. O has borne off nothing and is not in X's home board: a
    // gammon is what X wins, so a single is not enough and a gammon is.
    assert!(!computer_accepts_resignation(
        &Pubeval,
        &state,
        Side::X,
        1,
        0
    ));
    assert!(computer_accepts_resignation(
        &Pubeval,
        &state,
        Side::X,
        2,
        0
    ));
    assert!(computer_accepts_resignation(
        &Pubeval,
        &state,
        Side::X,
        3,
        0
    ));
    // With the Jacoby rule and a centred cube gammons do not count: a single is enough.
    let jacoby = MatchState {
        jacoby: true,
        ..state
    };
    assert!(computer_accepts_resignation(
        &Pubeval,
        &jacoby,
        Side::X,
        1,
        0
    ));
}

/// `state` after X doubled and O beavered: the cube at twice its value, O's, offered back at
/// twice that; X, on roll, answers.
fn beavered(state: MatchState) -> MatchState {
    MatchState {
        cube_value: state.cube_value * 2,
        cube_owner: Some(Side::O),
        double_offered: true,
        turn: Side::X,
        ..state
    }
}

/// gnubg's computer answers a beaver of its double by judging its own redouble of the
/// beavered cube: a raccoon where the redouble is right (the beaver was a mistake), a drop
/// where taking costs more than the beavered cube, else a take.
#[test]
fn the_computer_raccoons_a_mistaken_beaver_and_drops_a_costly_one() {
    // Double/pass, so O's beaver is a mistake.
    let race = beavered(strong_race());
    assert_eq!(
        computer_answers_beaver(&Pubeval, &race, true, true, 0),
        TakeAction::Beaver
    );
    // No beaver left, or the raccoon past gnubg's largest cube: a take, never a drop.
    assert_eq!(
        computer_answers_beaver(&Pubeval, &race, true, false, 0),
        TakeAction::Take
    );
    // X doubled a lost position: O bears off from two checkers on his 1 point, X's fifteen
    // are far from home. Taking loses more than the beavered cube: X drops.
    let lost = beavered(money(
        board(Side::X, &[(22, 10), (21, 5)], &[(1, 2)]),
        Side::X,
    ));
    let decision = redouble_decision(lost);
    assert!(decision.analysis.double_take < -2.0, "{decision:?}");
    for beavers in [true, false] {
        assert_eq!(
            computer_answers_beaver(&Pubeval, &lost, beavers, true, 0),
            TakeAction::Drop
        );
    }
}

/// A right beaver (the doubler is the underdog, his redouble taken worth between -2 and 0 to
/// him) is taken; with beavers off the same figures are a plain no redouble, taken unless
/// taking costs more than dropping.
#[test]
fn the_computer_takes_a_right_beaver() {
    // A race, all checkers home: X on roll with 75 pips against O's 60.
    let race = beavered(money(
        board(
            Side::X,
            &[(4, 5), (5, 5), (6, 5)],
            &[(3, 5), (4, 5), (5, 5)],
        ),
        Side::X,
    ));
    let decision = redouble_decision(race);
    assert_eq!(decision.take, TakeAction::Beaver, "{decision:?}");
    assert_eq!(
        computer_answers_beaver(&Pubeval, &race, true, true, 0),
        TakeAction::Take
    );
    let expected = if decision.analysis.double_take <= -1.0 {
        TakeAction::Drop
    } else {
        TakeAction::Take
    };
    assert_eq!(
        computer_answers_beaver(&Pubeval, &race, false, true, 0),
        expected
    );
}

/// An evaluator that gives every position the same `0` probabilities.
struct Fixed(Probabilities);

impl Evaluator for Fixed {
    fn name(&self) -> &str {
        "fixed"
    }

    fn probabilities(&self, _: &Board, _: Variant, _: Side) -> Probabilities {
        self.0
    }
}

/// gnubg's computer resigns a race it cannot win: the most it is sure to lose, weighed by
/// what the results are worth to it, and nothing where another result keeps a chance or in
/// contact. The evaluator is fixed, the race one no database knows (fifteen checkers each
/// outside home, past each other).
#[test]
fn the_computer_resigns_a_certain_loss_in_a_race() {
    let race = money(
        board(Side::X, &[(8, 8), (9, 7)], &[(10, 8), (11, 7)]),
        Side::X,
    );
    let resigns = |state: &MatchState, outputs: [f64; 5]| {
        computer_resignation(&Fixed(Probabilities::from(outputs)), state)
    };
    assert_eq!(resigns(&race, [0.0; 5]), Some(Resignation::Single));
    assert_eq!(
        resigns(&race, [1e-6, 0.0, 0.0, 0.0, 0.0]),
        Some(Resignation::Single)
    );
    assert_eq!(resigns(&race, [1e-4, 0.0, 0.0, 0.0, 0.0]), None);
    assert_eq!(
        resigns(&race, [0.0, 0.0, 0.0, 1.0, 0.0]),
        Some(Resignation::Gammon)
    );
    assert_eq!(resigns(&race, [0.0, 0.0, 0.0, 0.9, 0.0]), None);
    assert_eq!(
        resigns(&race, [0.0, 0.0, 0.0, 1.0, 1.0]),
        Some(Resignation::Backgammon)
    );
    assert_eq!(resigns(&race, [0.0, 0.0, 0.0, 1.0, 0.5]), None);
    // The Jacoby rule, the cube centred: gammons do not count, a single game is resigned.
    let jacoby = MatchState {
        jacoby: true,
        ..race
    };
    assert_eq!(
        resigns(&jacoby, [0.0, 0.0, 0.0, 0.9, 0.0]),
        Some(Resignation::Single)
    );
    let owned = MatchState {
        cube_value: 2,
        cube_owner: Some(Side::O),
        ..jacoby
    };
    assert_eq!(resigns(&owned, [0.0, 0.0, 0.0, 0.9, 0.0]), None);
    assert_eq!(
        resigns(&owned, [0.0, 0.0, 0.0, 1.0, 0.0]),
        Some(Resignation::Gammon)
    );
    // O is 1 away after the Crawford game: every loss loses the match, so X resigns the
    // most he may lose (gnubg 1.07: `awAAwN22kAAAAA` at 1-6 in 7, "resigns gammon").
    let post_crawford = post_crawford_state(race, 6);
    assert_eq!(
        resigns(&post_crawford, [0.0, 0.0, 0.0, 0.3, 0.0]),
        Some(Resignation::Gammon)
    );
    assert_eq!(
        resigns(&post_crawford, [0.0, 0.0, 0.0, 0.3, 0.1]),
        Some(Resignation::Backgammon)
    );
    assert_eq!(resigns(&post_crawford, [0.0; 5]), Some(Resignation::Single));
    // In contact the computer plays on, whatever its evaluation.
    let opening = money(Board::start(Variant::Standard), Side::X);
    assert_eq!(resigns(&opening, [0.0; 5]), None);
}
