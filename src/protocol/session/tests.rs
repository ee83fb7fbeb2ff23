//! Unit tests of the session: dice, rejected commands, the computer player, hints and the
//! cube decisions, each through `Session::apply` as the REPL drives it.

use super::*;
use crate::protocol::parser::parse_line;

fn session() -> Session {
    let mut session = Session::new("root");
    for line in ["set player 0 human", "set seed 1"] {
        let applied = parse_line(line).map(|command| session.apply(command));
        assert!(matches!(applied, Ok(Ok(_))), "{line}");
    }
    session
}

fn run(session: &mut Session, line: &str) -> Result<Response, CommandError> {
    parse_line(line).and_then(|command| session.apply(command))
}

/// The text lines of a response (the boards left out), events as their gnubg sentences.
fn lines(response: &Response) -> Vec<String> {
    let outputs = &response.outputs;
    outputs
        .iter()
        .enumerate()
        .flat_map(|(index, output)| match output {
            Output::Line { text } | Output::Partial { text } | Output::Export { text, .. } => {
                vec![text.clone()]
            }
            Output::Event { event } => {
                crate::protocol::event_text::event_sentence(event, &outputs[index + 1..])
                    .map(|(sentence, _)| sentence)
                    .into_iter()
                    .collect()
            }
            Output::Reply { reply } => crate::protocol::reply_text::reply_text(reply)
                .into_iter()
                .filter_map(|piece| match piece {
                    Output::Line { text } | Output::Partial { text } => Some(text),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        })
        .collect()
}

#[test]
fn opening_roll_comes_from_gnubg_dice() {
    let mut session = session();
    let response = run(&mut session, "new session").unwrap_or_default();
    assert_eq!(
        lines(&response),
        [
            "A new session has been started.",
            "gnubg rolls 3, root rolls 6."
        ]
    );
    assert_eq!(session.state().on_roll, Side::X);
    assert_eq!(
        session
            .state()
            .dice
            .map(|dice| (dice.first(), dice.second())),
        Some((6, 3))
    );
}

#[test]
fn rejected_commands_leave_the_session_unchanged() {
    let mut session = session();
    assert!(run(&mut session, "new session").is_ok());
    let before = session.clone();
    for line in [
        "roll",
        "double",
        "take",
        "move 24/21",
        "set dice 7",
        "resign 4",
        "set turn 2",
    ] {
        assert!(run(&mut session, line).is_err(), "{line}");
        assert!(session == before, "{line} changed the session");
    }
    assert_eq!(
        run(&mut session, "roll").map_err(|error| error.message),
        Err("You have already rolled the dice.".to_string())
    );
}

#[test]
fn a_second_roll_after_set_turn_gives_the_same_dice() {
    let mut session = session();
    for line in [
        "new session",
        "move 24/18 13/10",
        "roll",
        "set turn 0",
        "roll",
    ] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    // gnubg: the roll after `set turn 0` repeats 65 instead of drawing 11.
    assert_eq!(
        session
            .state()
            .dice
            .map(|dice| (dice.first(), dice.second())),
        Some((6, 5))
    );
}

#[test]
fn the_last_roll_given_back_is_read_off_the_game_and_the_opening_roll_is_none() {
    let mut session = session();
    assert!(run(&mut session, "new session").is_ok());
    assert_eq!(session.last_roll(), None, "the opening roll");
    for line in ["move 24/18 13/10", "roll"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    let rolled = session
        .state()
        .dice
        .map(|dice| (session.state().on_roll, dice));
    assert!(rolled.is_some());
    assert_eq!(session.last_roll(), rolled);
    let rolled_on = *session.game().board();
    // Dice set by hand and a turn set by hand leave it; the same board set leaves it; a
    // board edit ends it.
    for line in ["set dice 11", "set turn 0", "set turn 1"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
        assert_eq!(session.last_roll(), rolled, "{line}");
    }
    let id = position_id::encode(session.game().board(), session.state().on_roll);
    assert!(run(&mut session, &format!("set board {id}")).is_ok());
    assert_eq!(session.last_roll(), rolled, "the same board");
    assert!(run(&mut session, "set board 4HPwATDgc/ABMA").is_ok());
    assert_eq!(session.last_roll(), None, "a board edit");
    // The board set back to where the roll was rolled gives it back again.
    let roller = rolled.map_or(Side::O, |(side, _)| side);
    let turn = format!("set turn {}", roller.index());
    assert!(run(&mut session, &turn).is_ok());
    let back = position_id::encode(&rolled_on, roller);
    assert!(run(&mut session, &format!("set board {back}")).is_ok());
    assert_eq!(session.last_roll(), rolled, "the board set back");
}

/// An evaluator that counts the positions it is asked about.
struct Counting(std::sync::atomic::AtomicUsize);

impl Evaluator for Counting {
    fn name(&self) -> &str {
        "counting"
    }

    fn probabilities(
        &self,
        board: &Board,
        variant: Variant,
        on_roll: Side,
    ) -> crate::engine::Probabilities {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        crate::engine::Pubeval.probabilities(board, variant, on_roll)
    }
}

#[test]
fn the_session_judges_with_the_evaluator_it_is_given() {
    let counting = Arc::new(Counting(std::sync::atomic::AtomicUsize::new(0)));
    let mut session = Session::with_evaluator("root", counting.clone(), "counting");
    assert_eq!(session.evaluator().name(), "counting");
    for line in ["set player 0 human", "set seed 1", "new session", "hint"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    assert!(counting.0.load(std::sync::atomic::Ordering::Relaxed) > 10);
    // A copy shares the evaluator; another evaluator makes another session.
    let copy = session.clone();
    assert!(copy == session);
    session.set_evaluator(Arc::new(crate::engine::Pubeval), "pubeval");
    assert!(copy != session);
}

#[test]
fn computer_player_moves_by_itself() {
    let mut session = Session::new("root");
    assert!(run(&mut session, "set seed 3").is_ok());
    // Player 0 is the computer: with seed 3 it wins the opening (4-1) and moves.
    let response = run(&mut session, "new session").unwrap_or_default();
    let text = lines(&response);
    assert!(
        text.iter().any(|line| line.starts_with("gnubg moves ")),
        "{text:?}"
    );
    assert_eq!(session.state().turn, Side::X);
    assert_eq!(
        run(&mut session, "play").map_err(|error| error.message),
        Err("It's not the computer's turn to play.".to_string())
    );
}

#[test]
#[ignore = "slow: the computer plays a whole 3-point match at 2 plies (minutes); CI runs it with --ignored"]
fn computer_on_both_sides_plays_a_whole_match_but_one_money_game_at_a_time() {
    let mut session = Session::new("root");
    for line in ["set seed 11", "set player 1 gnubg", "new match 3"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    let response = run(&mut session, "show score").unwrap_or_default();
    assert!(!lines(&response).is_empty());
    let state = session.state();
    assert!(
        state.score[0] >= 3 || state.score[1] >= 3,
        "{:?}",
        state.score
    );
    assert!(session.check_consistency().is_ok());

    let mut session = Session::new("root");
    for line in ["set seed 11", "set player 1 gnubg", "new session"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    // One game is played and scored, then the session waits for `new game`.
    assert!(!session.playing());
    assert_eq!(session.match_play.games_played(), 1);
    let state = session.state();
    assert!(state.score[0] + state.score[1] > 0);
    assert!(session.check_consistency().is_ok());
    assert!(run(&mut session, "new game").is_ok());
    assert_eq!(session.match_play.games_played(), 2);
}

#[test]
fn hint_lists_every_legal_play_best_first() {
    let mut session = session();
    assert!(run(&mut session, "new session").is_ok());
    let response = run(&mut session, "hint 9999").unwrap_or_default();
    let Some(Output::Hints { evaluator, entries }) = response.outputs.first() else {
        panic!("no hint list: {response:?}");
    };
    assert_eq!(evaluator, "net");
    let state = session.state();
    let all = state.dice.map_or(0, |dice| {
        crate::rules::count_legal_plays(&state.board, state.on_roll, dice)
    });
    assert!(all > 10);
    assert_eq!(entries.len(), all);
    // The engine's choice comes first.
    let best = state.dice.and_then(|dice| {
        evaluate::computer_play(
            session.evaluator(),
            &state,
            dice,
            session.settings().player_depth[0].chequerplay,
        )
    });
    assert_eq!(entries.first().map(|entry| entry.play), best);
    // Deeper-judged plays first, and within a depth in the order of the equity shown.
    for pair in entries.windows(2) {
        assert!(
            pair[0].plies > pair[1].plies
                || (pair[0].plies == pair[1].plies && pair[0].equity >= pair[1].equity),
            "{pair:?}"
        );
    }
}

/// A money session in a given position, cube centred, no Jacoby, `on_roll` to roll, with
/// player 0 (O) played by the computer. Points are each side's own (1-based).
fn position_session(o: &[(usize, u8)], x: &[(usize, u8)], on_roll: Side) -> Session {
    let mut session = session();
    assert!(run(&mut session, "new session").is_ok());
    let mut slots = [[0u8; 25]; 2];
    for &(point, count) in o {
        slots[Side::O.index()][point - 1] = count;
    }
    for &(point, count) in x {
        slots[Side::X.index()][point - 1] = count;
    }
    let mut state = session.state();
    state.board = Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!());
    state.on_roll = on_roll;
    state.turn = on_roll;
    state.dice = None;
    state.jacoby = false;
    session.adopt_state(&state);
    assert!(run(&mut session, "set player 0 gnubg").is_ok());
    session
}

#[test]
#[ignore = "slow: `end game` plays a whole game at 2 plies (minutes); CI runs it with --ignored"]
fn end_game_plays_to_the_end_and_reports_the_winner() {
    let mut session = session();
    run(&mut session, "set player 0 human").expect("accepted");
    run(&mut session, "set seed 7").expect("accepted");
    run(&mut session, "new match 3").expect("accepted");
    let response = run(&mut session, "end game").expect("end game runs");
    let text = lines(&response).join("\n");
    assert!(text.starts_with("Game complete.\n"), "{text}");
    assert!(text.contains(" wins "), "{text}");
    let total: u32 = session.state().score.iter().sum();
    assert!(total >= 1, "a point was scored");
    assert_eq!(session.players[0], PlayerKind::Human, "players restored");
    assert!(run(&mut session, "end game").is_ok() || session.match_play.winner().is_some());
}

#[test]
fn computer_drops_a_hopeless_double() {
    // X (human, 30 pips) against O (computer, 75 pips), all home, X on roll.
    let mut session = position_session(
        &[(4, 5), (5, 5), (6, 5)],
        &[(1, 5), (2, 5), (3, 5)],
        Side::X,
    );
    let text = lines(&run(&mut session, "double").unwrap_or_default());
    assert!(
        text.iter()
            .any(|line| line == "gnubg refuses the cube and gives up 1 point."),
        "{text:?}"
    );
    assert_eq!(session.state().score, [0, 1]);
}

#[test]
fn computer_takes_an_even_double() {
    // An even race (45 pips each), X (human) on roll.
    let mut session = position_session(
        &[(4, 5), (5, 5), (6, 5)],
        &[(4, 5), (5, 5), (6, 5)],
        Side::X,
    );
    let text = lines(&run(&mut session, "double").unwrap_or_default());
    assert!(
        text.iter()
            .any(|line| line == "gnubg accepts the cube at 2."),
        "{text:?}"
    );
    assert_eq!(session.state().cube_value, 2);
    assert_eq!(session.state().cube_owner, Some(Side::O));
}

#[test]
fn computer_doubles_a_winning_race() {
    // O (computer, 30 pips) against X (human, 75 pips), O to roll.
    let mut session = position_session(
        &[(1, 5), (2, 5), (3, 5)],
        &[(4, 5), (5, 5), (6, 5)],
        Side::O,
    );
    let text = lines(&run(&mut session, "play").unwrap_or_default());
    assert_eq!(text, ["gnubg doubles."]);
    assert!(session.state().double_offered);
    assert_eq!(session.state().turn, Side::X);
}

#[test]
fn computer_wants_the_gammon_it_is_sure_of() {
    // O (computer) bears off his last two checkers next turn; X (human) has all fifteen
    // on his 12 point and cannot save the gammon.
    let mut session = position_session(&[(1, 2)], &[(12, 15)], Side::X);
    let text = lines(&run(&mut session, "resign single").unwrap_or_default());
    assert!(
        text.iter()
            .any(|line| line == "gnubg declines the single game."),
        "{text:?}"
    );
    let text = lines(&run(&mut session, "resign gammon").unwrap_or_default());
    assert!(
        text.iter()
            .any(|line| line == "gnubg accepts and wins a gammon."),
        "{text:?}"
    );
}

/// The end of a game is an event in every variant (`--json` carries it): one `won` with the
/// points scored, or Plakoto's `drawn`; Athroisma's rerolls are `rerolled` events.
#[test]
#[ignore = "slow: whole games of every variant played by the computer (minutes); CI runs it with --ignored"]
fn every_variant_reports_the_end_of_its_games_as_events() {
    use crate::protocol::response::Output;
    use crate::rules::game::Event;
    for variant in Variant::ALL {
        for seed in 1..4 {
            let mut session = session();
            run(&mut session, &format!("set variation {}", variant.name())).expect("accepted");
            run(&mut session, &format!("set seed {seed}")).expect("accepted");
            run(&mut session, "set player both gnubg").expect("accepted");
            // With the computer on both sides a money game is played to its end at once.
            let response = run(&mut session, "new session").expect("the game is played");
            let events: Vec<Event> = response
                .outputs
                .iter()
                .filter_map(|output| match output {
                    Output::Event { event } => Some(event.event),
                    _ => None,
                })
                .collect();
            let ends: Vec<&Event> = events
                .iter()
                .filter(|event| matches!(event, Event::Won { .. } | Event::Drawn))
                .collect();
            assert_eq!(ends.len(), 1, "{variant} seed {seed}: {events:?}");
            if let Event::Won { points, .. } = ends[0] {
                let total: u32 = session.state().score.iter().sum();
                assert_eq!(*points, total, "{variant} seed {seed}");
            }
            let rerolls = events
                .iter()
                .filter(|event| matches!(event, Event::Rerolled { .. }))
                .count();
            let text = lines(&response).join("\n");
            assert_eq!(
                rerolls,
                text.matches("and rolls again.").count(),
                "{variant}"
            );
        }
    }
}

#[test]
fn a_double_withdrawn_by_set_dice_and_a_later_double_export_as_two_doubles() {
    let mut session = session();
    for line in [
        "new session",
        "move 24/18 13/10",
        "double",
        "set dice 31",
        "move 8/5 6/5",
        "double",
    ] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    let exported = run(&mut session, "export match mat -")
        .map(|response| lines(&response).concat())
        .unwrap_or_default();
    assert_eq!(exported.matches(" Doubles => 2").count(), 2, "{exported}");
    assert!(!exported.contains("Beavers"), "{exported}");
}

/// A human-against-human game where X, on turn but not on roll (O is), offered to resign
/// and O declined: gnubg then hands the turn to the resigner.
fn after_a_declined_resignation() -> Session {
    let mut session = session();
    for line in [
        "set player 1 human",
        "new game",
        "set turn 0",
        "resign normal",
        "resign normal",
        "decline",
    ] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    session
}

#[test]
fn the_dice_and_cube_edits_give_the_turn_back_to_the_player_on_roll() {
    // After a declined resignation gnubg hands the turn to the resigner, here the player not
    // on roll; `set dice` and `set cube ...` give it back to the player on roll (gnubg's
    // Match IDs MIEF... and MgE..., checked live), `set board` does not.
    for edit in [
        "set dice 31",
        "set cube value 4",
        "set cube owner 0",
        "set cube centre",
    ] {
        let mut session = after_a_declined_resignation();
        assert_eq!(session.state().on_roll, Side::O);
        assert_eq!(session.state().turn, Side::X);
        assert!(run(&mut session, edit).is_ok(), "{edit}");
        assert_eq!(session.state().turn, Side::O, "{edit}");
    }
    let mut session = after_a_declined_resignation();
    assert!(run(&mut session, "set board 4HPwATDgc/ABMB").is_ok());
    assert_eq!(session.state().turn, Side::X);
}

#[test]
fn a_resigner_handed_the_turn_may_not_double() {
    // gnubg's turn after a declined resignation is the resigner's, here the player not on
    // roll: he may not double ("You are only allowed to double if you are on roll.", gnubg,
    // checked live).
    let mut session = after_a_declined_resignation();
    let refused = run(&mut session, "double").map(|response| lines(&response));
    assert_eq!(
        refused.map_err(|error| error.to_string()),
        Err("You are only allowed to double if you are on roll.".to_string())
    );
    assert!(!session.state().double_offered);
}

#[test]
fn a_resigner_handed_the_turn_rolls_as_the_player_on_roll() {
    // gnubg rolls for the player on turn, here the resigner handed the turn by a declined
    // resignation (Match ID cAkX..., checked live).
    let mut session = after_a_declined_resignation();
    assert!(run(&mut session, "roll").is_ok());
    assert_eq!(session.state().on_roll, Side::X);
    assert_eq!(session.state().turn, Side::X);
    assert!(session.state().dice.is_some());
}

/// A game in progress with the automatic next game off.
fn playing_session() -> Session {
    let mut session = session();
    for line in ["set automatic game off", "new session"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    session
}

#[test]
fn an_adopted_state_reads_back_the_same_also_with_a_turn_the_game_does_not_hold() {
    let mut session = playing_session();
    let mut state = session.state();
    state.dice = None;
    state.turn = state.on_roll.opponent();
    state.cube_value = 4;
    state.cube_owner = Some(state.on_roll);
    session.adopt_state(&state);
    assert_eq!(session.shown.turn, Some(state.turn));
    assert_eq!(session.state(), state);
}

#[test]
fn a_dropped_game_shows_the_dropper_on_turn_and_no_double() {
    let mut session = playing_session();
    let mut state = session.state();
    state.dice = None;
    state.turn = state.on_roll;
    session.adopt_state(&state);
    for line in ["double", "drop"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    let after = session.state();
    assert_eq!(after.game_state, GameState::Dropped);
    assert_eq!(
        (after.on_roll, after.turn),
        (state.on_roll, state.on_roll.opponent())
    );
    assert!(!after.double_offered);
}

#[test]
fn the_computer_s_roll_is_shown_in_the_order_rolled_before_its_move() {
    // gnubg 1.07, seed 1 (checked live): root opens with 63 and plays 24/15; the dice then
    // come 5 and 6, and the board before the computer's move shows `Rolled 56` (a human's
    // roll of them shows `Rolled 65`). Its record and its events keep them high die first
    // (`list game`: `65     : 24/13`).
    let mut session = session();
    for line in ["set player 0 gnubg", "new game"] {
        assert!(run(&mut session, line).is_ok(), "{line}");
    }
    let response = run(&mut session, "move 24/15").unwrap_or_default();
    let shown: Vec<(u8, u8)> = response
        .outputs
        .iter()
        .filter_map(|output| match output {
            Output::Board { board } => board.state.dice,
            _ => None,
        })
        .map(|dice| (dice.first(), dice.second()))
        .collect();
    assert_eq!(shown, [(5, 6)]);
    // The rolled event is data, not the picture: the game's dice, high die first.
    let rolled: Vec<(u8, u8)> = response
        .outputs
        .iter()
        .filter_map(|output| match output {
            Output::Event { event } => match event.event {
                crate::rules::game::Event::Rolled { dice, .. } => {
                    Some((dice.first(), dice.second()))
                }
                _ => None,
            },
            _ => None,
        })
        .collect();
    assert_eq!(rolled, [(6, 5)]);
    assert!(
        matches!(session.record().last(), Some(GameAction::Play { side: Side::O, dice, .. }) if (dice.first(), dice.second()) == (6, 5)),
        "{:?}",
        session.record().last()
    );
    assert_eq!(session.state().dice, None);
}
