//! Unit tests of gnubg's external-player protocol: boards read, commands answered.

use super::*;
use crate::engine::Pubeval;

const START_52: &str = "board:You:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0";

fn session() -> ExternalSession<Pubeval> {
    ExternalSession::new(Pubeval, SessionDefaults::default())
}

fn send(session: &mut ExternalSession<Pubeval>, line: &str) -> String {
    match session.handle_line(line) {
        Reply::Send(text) => text,
        Reply::Close => "<close>".to_string(),
    }
}

/// Money, the cube at 2 offered at 4 to a side that wins 62%: session 21's strength run,
/// where tavli answered `beaver` and gnubg, its beavers off, stopped the game there.
const DOUBLED_FAVOURITE: &str = "board:root:gnubg:0:873:860:0:0:0:2:2:3:2:0:0:0:0:0:0:0:0:0:0:1:0:-5:0:1:0:2:2:0:1:0:0:0:0:2:1:0:1:1:-1:0:25:0:10:0:0:0:0:0:1";

fn question_with(line: &str, defaults: SessionDefaults) -> BoardQuestion {
    let Ok(Request::Board(board)) = parse_request(line) else {
        panic!("not a board request: {line}");
    };
    let mut numbers = [0; BOARD_NUMBERS];
    for (slot, value) in numbers.iter_mut().zip(&board.numbers) {
        *slot = *value;
    }
    read_board(&numbers, &board, defaults).expect("board reads")
}

#[test]
fn beavers_follow_the_request_then_the_session_default() {
    let off = SessionDefaults {
        beavers: false,
        ..SessionDefaults::default()
    };
    let on = SessionDefaults::default();
    assert!(question_with(DOUBLED_FAVOURITE, on).may_beaver());
    assert!(!question_with(DOUBLED_FAVOURITE, off).may_beaver());
    // What the request says wins over the default.
    let line = format!("{DOUBLED_FAVOURITE} beavers on");
    assert!(question_with(&line, off).may_beaver());
    let line = format!("{DOUBLED_FAVOURITE} beavers off");
    assert!(!question_with(&line, on).may_beaver());
}

/// A 7-point match after the Crawford game, the cube centred, before the roll: "you" (X,
/// tavli) trail 0-6 and double when the cube is in use.
const TRAILING: &str = "board:root:gnubg:7:0:6:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1";

/// `SessionDefaults::cube` off (`tavli external --cube false`): the double question is
/// answered `roll` and the roll is played by the cubeless search.
#[test]
fn without_the_cube_nobody_doubles_and_the_play_is_cubeless() {
    let cube_off = SessionDefaults {
        cube: false,
        ..SessionDefaults::default()
    };
    assert_eq!(send(&mut session(), TRAILING), "double\n");
    let mut off = ExternalSession::new(Pubeval, cube_off);
    assert_eq!(send(&mut off, TRAILING), "roll\n");
    let rolled = TRAILING.replacen(":2:0:1:0:0:0:0:1:", ":2:0:1:3:1:0:0:1:", 1);
    let question = question_with(&rolled, cube_off);
    assert!(!question.cube_in_use);
    let dice = Dice::new(3, 1).unwrap();
    let play = Judge::new(&Pubeval, 0)
        .cubeless_best_play(&question.state, dice)
        .unwrap();
    assert_eq!(
        send(&mut off, &rolled),
        format!("{}\n", format_external_play(&play))
    );
}

/// gnubg 1.07 refuses a beaver that would take the cube past 4096 (the board's cube 2048
/// offered at 4096: a pubeval cube war in the strength bench with beavers on, where tavli
/// answered `beaver` and the game stopped); at 1024 the beaver makes 4096 and is allowed.
#[test]
fn no_beaver_beyond_gnubgs_largest_cube() {
    let at = |cube: u32| {
        DOUBLED_FAVOURITE.replacen(":0:0:0:0:2:1:0:1:", &format!(":0:0:0:0:{cube}:1:0:1:"), 1)
    };
    let on = SessionDefaults::default();
    for (cube, allowed) in [(2, true), (1024, true), (2048, false)] {
        let question = question_with(&at(cube), on);
        assert_eq!(question.state.cube_value, cube);
        assert_eq!(question.may_beaver(), allowed, "cube {cube}");
    }
    // The answer to the double at 2048 is then a take or a pass, never a beaver.
    let mut s = session();
    let answer = send(&mut s, &at(2048));
    assert!(
        ["take\n", "drop\n"].contains(&answer.as_str()),
        "{answer:?}"
    );
}

#[test]
fn fixed_replies_match_gnubg() {
    let mut s = session();
    assert_eq!(
        send(&mut s, "VERSION"),
        "Interface: 2\nRFBF: 0\nEngine: 1.00\nSoftware: 1.07.001\n"
    );
    assert_eq!(send(&mut s, "help"), "\tNo help information available\n");
    assert_eq!(send(&mut s, "  "), "Error: no command given\n");
    assert_eq!(
        send(&mut s, "set prompt 'foo'"),
        "Error: set option 'prompt' not supported\n"
    );
    assert_eq!(send(&mut s, "set interface new"), "New interface ON\n");
    assert_eq!(send(&mut s, "set debug yes"), "Debug output ON\n");
    assert_eq!(
        send(&mut s, "hello world"),
        "Error: syntax error, unexpected E_CHARACTER\n"
    );
    assert_eq!(send(&mut s, "Exit"), "<close>");
}

#[test]
fn syntax_errors_are_worded_like_gnubg() {
    let mut s = session();
    let cases = [
        ("version extra", "unexpected E_CHARACTER, expecting EOL"),
        ("board", "unexpected E_CHARACTER"),
        ("board:", "unexpected FIBSBOARDEND, expecting E_STRING"),
        ("board:You", "unexpected FIBSBOARDEND, expecting ':'"),
        ("board:You:Opp", "unexpected FIBSBOARDEND, expecting ':'"),
        (
            "board:You:Opp:3:",
            "unexpected FIBSBOARDEND, expecting E_INTEGER",
        ),
        (
            "board:You:Opp:3:x",
            "unexpected E_CHARACTER, expecting E_INTEGER",
        ),
        ("evaluation", "unexpected EOL, expecting FIBSBOARD"),
        (
            "evaluation fibsboard",
            "unexpected EOL, expecting FIBSBOARD",
        ),
        (
            "evaluation board:a:b:1",
            "unexpected E_STRING, expecting FIBSBOARD",
        ),
        (
            "set",
            "unexpected EOL, expecting DEBUG or E_INTERFACE or PROMPT",
        ),
        (
            "set foo bar",
            "unexpected E_CHARACTER, expecting DEBUG or E_INTERFACE or PROMPT",
        ),
        ("set interface", "unexpected EOL, expecting NEW or OLD"),
        ("set prompt", "unexpected EOL, expecting E_STRING"),
        (
            "set debug maybe",
            "unexpected E_CHARACTER, expecting E_BOOLEAN",
        ),
    ];
    for (line, message) in cases {
        assert_eq!(
            send(&mut s, line),
            format!("Error: syntax error, {message}\n"),
            "{line}"
        );
    }
    assert_eq!(
        send(&mut s, &format!("{START_52} jacobyrule")),
        "Error: syntax error, unexpected EOL, expecting E_BOOLEAN\n"
    );
    assert_eq!(
        send(&mut s, &format!("{START_52} foo")),
        "Error: syntax error, unexpected E_CHARACTER, expecting EOL\n"
    );
    assert_eq!(
        send(&mut s, &format!("{START_52}:0")),
        "Error: Invalid board. Maximum number of elements is 52\n"
    );
}

#[test]
fn opening_move_and_truncated_board_reuse_previous_numbers() {
    let mut s = session();
    let full = send(&mut s, START_52);
    assert!(full == "13/8 24/22 \n" || full == "13/8 13/11 \n", "{full}");
    assert_eq!(send(&mut s, "board:You:Opp:3:0:0:0:-2:0:0"), full);
    let bad_score = START_52.replacen("Opp:3:0", "Opp:3:5", 1);
    assert_eq!(send(&mut s, &bad_score), "Error: badly formed board\n");
    let quoted = START_52.replacen("You:Opp", "'a b':\"c\"", 1);
    assert_eq!(send(&mut s, &quoted), full);
}

/// Boards gnubg 1.07 sent `tavli external` in gnubg's player 1 seat of a 7-point match
/// (logged by a proxy on the socket), gnubg's log saying "The score (after 1 game) is:
/// gnubg 0, root 2" (root: tavli, X, the side of `colour`): on roll, gnubg writes player
/// 0's score first; answering gnubg's redouble, player 1's. Read either way, tavli has 2.
#[test]
fn gnubg_clients_boards_are_read_with_gnubgs_score_order() {
    let on_roll = "board:gnubg:root:7:0:2:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:-1:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    let take = "board:root:gnubg:7:2:0:0:2:2:2:0:-2:2:0:0:2:0:0:-2:3:-1:0:0:-3:0:-3:-2:0:2:0:-2:0:-1:0:0:0:0:2:0:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
    let mut s = session();
    s.set_style(ReplyStyle { gnubg_client: true });
    for (line, expected_turn) in [(on_roll, Side::X), (take, Side::X)] {
        let Ok(Request::Board(board)) = parse_request(line) else {
            panic!("{line}");
        };
        let mut question = s.question(&board).unwrap();
        s.correct_for_gnubg(&mut question);
        assert_eq!(question.state.turn, expected_turn, "{line}");
        assert_eq!(question.state.score, [0, 2], "{line}");
    }
    // A FIBS client writes "you" (X) first whatever is pending.
    let mut fibs = session();
    let Ok(Request::Board(board)) = parse_request(on_roll) else {
        panic!("{on_roll}");
    };
    assert_eq!(fibs.question(&board).unwrap().state.score, [2, 0]);
}

/// Both may-double flags 0 without was-doubled: FIBS's way of showing a double to answer,
/// and gnubg's external server answers it (`take` at 6-2 and money, `drop` at 2-6, the
/// 7-point match post-Crawford with the cube at 2, on these boards); in the Crawford game
/// and with dice nobody is doubling.
#[test]
fn both_may_double_flags_cleared_are_a_pending_double() {
    let board = |score: &str, dice: &str, cube: u32, last: &str| {
        format!(
            "board:You:Opp:{score}:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:{dice}:{cube}:0:0:0:1:-1:0:25:0:0:0:0:0:0:{last}"
        )
    };
    let mut s = session();
    for (line, answers) in [
        (board("7:6:2", "0:0:0:0", 2, "1:1"), &["take", "drop"][..]),
        (board("7:2:6", "0:0:0:0", 2, "1:1"), &["take", "drop"]),
        (
            board("9999:0:0", "0:0:0:0", 1, "0:1"),
            &["take", "drop", "beaver"],
        ),
    ] {
        let reply = send(&mut s, &line);
        assert!(answers.contains(&reply.trim_end()), "{line}: {reply}");
        assert!(
            question_with(&line, SessionDefaults::default())
                .state
                .double_offered,
            "{line}"
        );
    }
    // The Crawford game: nobody may double, nothing is pending.
    let crawford = board("7:6:2", "0:0:0:0", 1, "0:0");
    assert_eq!(send(&mut s, &crawford), "roll\n");
    assert!(
        !question_with(&crawford, SessionDefaults::default())
            .state
            .double_offered
    );
    // With dice the roll is played.
    let with_dice = board("7:6:2", "3:1:0:0", 2, "1:1");
    let play = send(&mut s, &with_dice);
    assert!(play.contains('/'), "{play}");
}

#[test]
fn evaluation_prints_six_numbers() {
    let mut s = session();
    let line = format!("evaluation fibsboard {START_52} plies 0 cubeful noise 0.0 prune");
    let reply = send(&mut s, &line);
    let numbers: Vec<f64> = reply
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(numbers.len(), 6, "{reply}");
    assert!(numbers[0] > 0.4 && numbers[0] < 0.7);
}
