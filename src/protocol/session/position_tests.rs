//! Unit tests of `set matchid` (and `set gnubgid`) as gnubg 1.07 takes it (each case checked
//! live): no ID, a dice field with one die 0, a pending resignation; and `show turn` while a
//! double waits.

use super::*;
use crate::protocol::parser::parse_line;

fn session() -> Session {
    let mut session = Session::new("root");
    for line in [
        "set player 0 human",
        "set player 1 human",
        "set seed 3",
        "new match 5",
    ] {
        let applied = parse_line(line).map(|command| session.apply(command));
        assert!(matches!(applied, Ok(Ok(_))), "{line}");
    }
    session
}

fn run(session: &mut Session, line: &str) -> Result<Response, CommandError> {
    parse_line(line).and_then(|command| session.apply(command))
}

/// The replies of a response, as gnubg's lines.
fn reply_lines(response: &Response) -> Vec<String> {
    response
        .outputs
        .iter()
        .filter_map(|output| match output {
            Output::Reply { reply } => Some(crate::protocol::reply_text::reply_text(reply)),
            _ => None,
        })
        .flatten()
        .filter_map(|piece| match piece {
            Output::Line { text } | Output::Partial { text } => Some(text),
            _ => None,
        })
        .collect()
}

#[test]
fn set_matchid_without_an_id_does_nothing_and_says_nothing() {
    let mut session = session();
    let before = session.state();
    let response = run(&mut session, "set matchid").expect("accepted");
    assert!(response.outputs.is_empty(), "{:?}", response.outputs);
    assert_eq!(session.state(), before);
    // Also while looking back at a stored move, where a new action is refused.
    run(&mut session, "move 13/9 24/23").expect("the opening 41 played");
    run(&mut session, "previous").expect("back one move");
    let response = run(&mut session, "set matchid").expect("accepted while looking back");
    assert!(response.outputs.is_empty(), "{:?}", response.outputs);
}

#[test]
fn a_dice_field_with_one_die_zero_is_not_rolled() {
    // 5-point match, X on roll: dice 6 and 0, then 0 and 3 (otherwise cAmgAAAAAAAE's fields).
    let mut session = session();
    let response = run(&mut session, "set matchid MAGjAAAAAAAE").expect("accepted");
    assert_eq!(session.state().dice, None);
    assert_eq!(
        reply_lines(&response),
        ["You must specify two numbers from 1 to 6 for the dice."]
    );
    let response = run(&mut session, "set matchid MAGsAAAAAAAE").expect("accepted");
    assert_eq!(session.state().dice, None);
    assert!(reply_lines(&response).is_empty());
    // A die above 6 is still refused.
    assert!(run(&mut session, "set matchid MIGvAAAAAAAE").is_err());
    // `set gnubgid` takes the Match ID as `set matchid` does.
    let response = run(&mut session, "set gnubgid 4HPwATDgc/ABMA:MAGjAAAAAAAE").expect("accepted");
    assert_eq!(session.state().dice, None);
    assert_eq!(
        reply_lines(&response)[0],
        "You must specify two numbers from 1 to 6 for the dice."
    );
}

#[test]
fn a_pending_resignation_in_a_match_id_leaves_the_player_on_roll_to_decide() {
    // X (player 1) on roll, the turn bit with O, a single game resigned, no dice, cube 1.
    let mut session = session();
    run(&mut session, "set matchid cCFAAAAACAAE").expect("accepted");
    let state = session.state();
    assert_eq!(state.resignation, None);
    assert_eq!(state.on_roll, Side::X);
    let response = run(&mut session, "show turn").expect("accepted");
    assert_eq!(reply_lines(&response), ["root in on roll."]);
}

#[test]
fn show_turn_names_the_doubler_while_the_double_waits() {
    // 5-point match at 0-0, X (root) on roll before rolling.
    let mut session = session();
    run(&mut session, "set matchid cAmgAAAAAAAE").expect("accepted");
    run(&mut session, "double").expect("a double");
    assert_eq!(session.state().turn, Side::O);
    let response = run(&mut session, "show turn").expect("accepted");
    assert_eq!(reply_lines(&response), ["root in on roll."]);
}

#[test]
fn an_id_with_a_cube_in_the_crawford_game_says_the_cube_is_disabled() {
    // gnubg 1.07, checked live: a 3-point match, O 2-away, X 1-away (Crawford flag), cube 4
    // owned by X, dice 31. The cube drops to 1 with "The cube is disabled during the
    // Crawford game." where "The cube has been set to 4." would be, also with the cube off.
    let mut session = session();
    let dice_then_refused = [
        "The dice have been set to 3 and 1.",
        "The cube is disabled during the Crawford game.",
    ];
    for line in [
        "set matchid 0omlAEAAAAAA",
        "set gnubgid 4HPwATDgc/ABMA:0omlAEAAAAAA",
    ] {
        let response = run(&mut session, line).expect("accepted");
        assert_eq!(reply_lines(&response)[..2], dice_then_refused, "{line}");
        assert_eq!(session.state().cube_value, 1);
        assert!(session.state().crawford);
    }
    let response = run(
        &mut session,
        "set xgid XGID=-b----E-C---eE---c-e----B-:2:1:1:00:2:0:1:3:10",
    )
    .expect("accepted");
    assert_eq!(
        reply_lines(&response)[0],
        "The cube is disabled during the Crawford game."
    );
    run(&mut session, "set cube use off").expect("accepted");
    let response = run(&mut session, "set matchid 0omlAEAAAAAA").expect("accepted");
    assert_eq!(reply_lines(&response)[..2], dice_then_refused);
    // Without the Crawford game (nobody 1-away) the cube is set as usual.
    run(&mut session, "set cube use on").expect("accepted");
    let response = run(&mut session, "set matchid 0omlACAAAAAA").expect("accepted");
    assert_eq!(reply_lines(&response)[1], "The cube has been set to 4.");
}
