//! Unit and property tests of the game state machine.

use super::*;
use crate::rules::variant::Variant;
use crate::rules::variants::cube::CubeRefusal;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn dice(first: u8, second: u8) -> Dice {
    Dice::new(first, second).unwrap_or_else(|_| unreachable!())
}

fn standard_money() -> Game {
    Game::new(
        RuleSet::new(Variant::Standard),
        MatchContext::money(),
        Side::X,
    )
}

#[test]
fn a_turn_is_roll_then_play() {
    let mut game = standard_money();
    assert_eq!(
        game.apply(Action::Play(Play::new(&[], *game.board()))),
        Err(GameError::MustRoll)
    );
    game.apply(Action::Roll(dice(3, 1))).ok();
    assert_eq!(
        game.apply(Action::Roll(dice(3, 1))),
        Err(GameError::AlreadyRolled)
    );
    assert_eq!(game.apply(Action::CannotMove), Err(GameError::MustPlay));
    assert_eq!(
        game.apply(Action::Play(Play::new(&[], *game.board()))),
        Err(GameError::IllegalPlay)
    );
    let before = game.clone();
    assert_eq!(
        game.apply(Action::Double),
        Err(GameError::Cube(CubeRefusal::NotYourTurn))
    );
    assert_eq!(game, before, "a refused action changes nothing");
    let play = game.legal_plays()[0];
    let events = game.apply(Action::Play(play)).unwrap_or_default();
    assert_eq!(
        events,
        [Event::Played {
            side: Side::X,
            dice: dice(3, 1),
            play
        }]
    );
    assert_eq!((game.on_roll(), game.dice()), (Side::O, None));
}

#[test]
fn double_take_beaver_and_drop() {
    let mut game = standard_money();
    assert_eq!(
        game.apply(Action::Double),
        Ok(vec![Event::Doubled {
            side: Side::X,
            value: 2
        }])
    );
    assert_eq!(game.turn(), Side::O);
    assert_eq!(
        game.apply(Action::Roll(dice(2, 1))),
        Err(GameError::DoublePending)
    );
    assert_eq!(
        game.apply(Action::Beaver),
        Ok(vec![Event::Beavered {
            side: Side::O,
            value: 4
        }])
    );
    assert_eq!(game.turn(), Side::X);
    assert_eq!(
        game.apply(Action::Drop),
        Ok(vec![
            Event::Dropped { side: Side::X },
            Event::Won {
                winner: Side::O,
                ending: WinEnding::Dropped,
                points: 2
            }
        ])
    );
    assert_eq!(
        game.apply(Action::Roll(dice(2, 1))),
        Err(GameError::GameOver)
    );

    let mut game = standard_money();
    game.apply(Action::Double).ok();
    assert_eq!(
        game.apply(Action::Take),
        Ok(vec![Event::Took {
            side: Side::O,
            value: 2
        }])
    );
    assert_eq!(game.cube().owner, Some(Side::O));
    assert_eq!(
        game.apply(Action::Double),
        Err(GameError::Cube(CubeRefusal::NotOwner))
    );
}

#[test]
fn resignations_are_offered_declined_and_accepted() {
    let mut game = standard_money();
    game.apply(Action::Resign {
        side: Side::X,
        kind: Resignation::Single,
    })
    .ok();
    assert_eq!(game.turn(), Side::O);
    assert_eq!(
        game.apply(Action::Reject),
        Ok(vec![Event::ResignationDeclined {
            side: Side::O,
            kind: Resignation::Single
        }])
    );
    assert_eq!(
        game.apply(Action::Resign {
            side: Side::X,
            kind: Resignation::Single
        }),
        Err(GameError::AlreadyDeclined(Resignation::Single))
    );
    game.apply(Action::Resign {
        side: Side::X,
        kind: Resignation::Gammon,
    })
    .ok();
    // Money play with the Jacoby rule and a centred cube: a gammon resigned still scores
    // two points (SC21, as gnubg).
    assert_eq!(
        game.apply(Action::Accept),
        Ok(vec![Event::Won {
            winner: Side::O,
            ending: WinEnding::Resigned(Resignation::Gammon),
            points: 2
        }])
    );
}

#[test]
fn either_player_may_resign_and_a_counter_offer_stands_in_place_of_the_first() {
    let mut game = standard_money();
    game.apply(Action::Resign {
        side: Side::X,
        kind: Resignation::Single,
    })
    .ok();
    assert_eq!(
        game.apply(Action::Resign {
            side: Side::O,
            kind: Resignation::Gammon
        }),
        Ok(vec![Event::ResignationOffered {
            side: Side::O,
            kind: Resignation::Gammon
        }])
    );
    assert_eq!(game.turn(), Side::X);
    game.apply(Action::Reject).ok();
    // The game goes on with X on roll; O may still offer more than was declined.
    assert_eq!(game.turn(), Side::X);
    assert_eq!(
        game.apply(Action::Resign {
            side: Side::O,
            kind: Resignation::Single
        }),
        Err(GameError::AlreadyDeclined(Resignation::Gammon))
    );
    game.apply(Action::Resign {
        side: Side::O,
        kind: Resignation::Backgammon,
    })
    .ok();
    assert_eq!(
        game.apply(Action::Accept),
        Ok(vec![Event::Won {
            winner: Side::X,
            ending: WinEnding::Resigned(Resignation::Backgammon),
            points: 3
        }])
    );
}

#[test]
fn tavli_games_have_no_cube_and_no_triple_game() {
    let mut game = Game::new(
        RuleSet::new(Variant::Plakoto),
        MatchContext::match_game(5, [0, 0], false),
        Side::O,
    );
    assert_eq!(
        game.apply(Action::Double),
        Err(GameError::Cube(CubeRefusal::NoCube))
    );
    game.apply(Action::Resign {
        side: Side::O,
        kind: Resignation::Backgammon,
    })
    .ok();
    assert_eq!(game.resignation(), Some((Side::O, Resignation::Gammon)));
}

/// Plays one random game of `variant` through `apply` to its end: every roll, play and pass
/// the rules offer is accepted, and the result is one the rules give.
fn random_game(variant: Variant, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = RuleSet::new(variant);
    let mut game = Game::new(rules, MatchContext::money(), Side::X);
    for _ in 0..5_000 {
        if game.is_over() {
            break;
        }
        if rules.cube_in_use() && game.may_double().is_ok() && rng.gen_bool(0.02) {
            game.apply(Action::Double)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let answer = if rng.gen_bool(0.5) {
                Action::Take
            } else {
                Action::Drop
            };
            game.apply(answer)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            continue;
        }
        let roll = dice(rng.gen_range(1..=6), rng.gen_range(1..=6));
        let events = game
            .apply(Action::Roll(roll))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        if matches!(events[..], [Event::Rolled { .. }, Event::Rerolled { .. }]) {
            prop_assert!(game.dice().is_none());
            continue;
        }
        let plays = game.legal_plays();
        let action = if plays.is_empty() {
            Action::CannotMove
        } else {
            Action::Play(plays[rng.gen_range(0..plays.len())])
        };
        game.apply(action)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(game.board().validate(variant).is_ok());
    }
    prop_assert!(game.is_over(), "{variant}: no result after 5000 turns");
    match game.result() {
        Some(Event::Won { points, .. }) => prop_assert!(points >= 1),
        Some(Event::Drawn) => prop_assert_eq!(variant, Variant::Plakoto),
        other => prop_assert!(false, "{variant}: result {other:?}"),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn random_legal_games_end_with_a_result_in_every_variant(seed in any::<u64>()) {
        for variant in Variant::ALL {
            random_game(variant, seed)?;
        }
    }
}

#[test]
fn in_gnubgs_variations_only_the_movers_bearing_off_ends_the_game() {
    // An edited board: O has borne off every checker, X still has his all on the board.
    let mut slots = [[0; 25]; 2];
    slots[Side::X.index()] = Board::start(Variant::Standard).slots[Side::X.index()];
    let board = Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!());
    let mut game = standard_money();
    game.apply(Action::SetBoard(board)).ok();
    game.apply(Action::Roll(dice(3, 1))).ok();
    let play = game.legal_plays()[0];
    assert!(game.apply(Action::Play(play)).is_ok());
    assert!(!game.is_over());
    assert_eq!(game.turn(), Side::O);
}

#[test]
fn a_cube_edit_lets_a_refused_resignation_be_offered_again() {
    let mut game = standard_money();
    let resign = Action::Resign {
        side: Side::X,
        kind: Resignation::Single,
    };
    game.apply(resign).ok();
    game.apply(Action::Reject).ok();
    assert_eq!(
        game.apply(resign),
        Err(GameError::AlreadyDeclined(Resignation::Single))
    );
    game.apply(Action::SetCube {
        value: 2,
        owner: Some(Side::O),
    })
    .ok();
    assert!(game.apply(resign).is_ok());
}

#[test]
fn a_board_edit_withdraws_a_pending_resignation_and_keeps_a_pending_double() {
    let mut game = standard_money();
    game.apply(Action::Resign {
        side: Side::X,
        kind: Resignation::Gammon,
    })
    .ok();
    let board = *game.board();
    assert!(game.apply(Action::SetBoard(board)).is_ok());
    assert_eq!(game.resignation(), None);
    assert_eq!(game.apply(Action::Accept), Err(GameError::NoResignation));
    assert!(game.apply(Action::Double).is_ok());
    assert!(game.apply(Action::SetBoard(board)).is_ok());
    assert!(game.apply(Action::Take).is_ok());
}

#[test]
fn the_log_keeps_every_event_of_the_actions_applied_and_none_of_a_refusal() {
    let mut game = standard_money();
    let mut expected = game.apply(Action::Roll(dice(3, 1))).unwrap_or_default();
    assert_eq!(
        game.apply(Action::Roll(dice(3, 1))),
        Err(GameError::AlreadyRolled)
    );
    let play = game.legal_plays()[0];
    expected.extend(game.apply(Action::Play(play)).unwrap_or_default());
    expected.extend(game.apply(Action::Double).unwrap_or_default());
    expected.extend(game.apply(Action::Take).unwrap_or_default());
    assert_eq!(game.log(), expected);
    assert_eq!(expected.len(), 4);
}

#[test]
fn edits_say_what_they_set() {
    let mut game = standard_money();
    let board = *game.board();
    assert_eq!(
        game.apply(Action::SetBoard(board)),
        Ok(vec![Event::Edited(Edit::SameBoard)])
    );
    let mut slots = board.slots;
    slots[Side::X.index()][23] -= 1;
    slots[Side::X.index()][22] += 1;
    let moved = Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!());
    assert_eq!(
        game.apply(Action::SetBoard(moved)),
        Ok(vec![Event::Edited(Edit::Board {
            board: moved,
            on_roll: Side::X
        })])
    );
    assert_eq!(
        game.apply(Action::SetDice(dice(6, 2))),
        Ok(vec![Event::Edited(Edit::Dice {
            side: Side::X,
            dice: dice(6, 2)
        })])
    );
    assert_eq!(
        game.apply(Action::SetCubeValue(4)),
        Ok(vec![Event::Edited(Edit::CubeValue {
            value: 4,
            on_roll: Side::X
        })])
    );
    assert_eq!(
        game.apply(Action::SetCubeOwner(Some(Side::O))),
        Ok(vec![Event::Edited(Edit::CubeOwner {
            owner: Some(Side::O),
            on_roll: Side::X
        })])
    );
    assert_eq!((game.cube().value, game.cube().owner), (4, Some(Side::O)));
    assert_eq!(
        game.apply(Action::SetCubeValue(3)),
        Err(GameError::InvalidCube)
    );
    assert_eq!(game.log().len(), 5);
}

#[test]
fn a_game_taken_up_keeps_its_log_marked_and_a_swapped_game_swaps_it() {
    let mut game = standard_money();
    game.apply(Action::Roll(dice(5, 2))).ok();
    let progress = game.in_progress();
    game.take_up(game.rules(), *game.context(), progress);
    assert_eq!(
        game.log(),
        [
            Event::Rolled {
                side: Side::X,
                dice: dice(5, 2)
            },
            Event::Edited(Edit::Resumed)
        ]
    );
    game.go_on_from(progress);
    assert_eq!(game.log().len(), 2);
    let swapped: Vec<Event> = game.log().iter().map(Event::swapped).collect();
    assert_eq!(game.swapped().log(), swapped);
}
