//! UBGI as controllers speak it: the exact inputs of issue 12's ten points, and whole games
//! played through `tavli ubgi` the way bgci's duel loop plays them, in v0.1 and v0.2.

use crate::support::engines::{random_case, External, Ubgi};
use crate::support::{env_number, tavli_binary};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::codec::{gnubg_id, position_id};
use tavli::engine::{Pubeval, Stakes};
use tavli::rules::{legal_plays, Board, Dice, MatchState, Side, Variant};
use tavli::wire::ubgi::{UbgiSession, MAX_LINE};

fn session() -> UbgiSession<Pubeval> {
    UbgiSession::new(Pubeval, "tavli")
}

/// Sends each line and returns all reply lines.
fn send(session: &mut UbgiSession<Pubeval>, lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .flat_map(|line| session.handle_line(line))
        .collect()
}

/// The value after `key` on an `info` line.
fn info_value(info: &str, key: &str) -> f64 {
    let words: Vec<&str> = info.split(' ').collect();
    let index = words
        .iter()
        .position(|w| *w == key)
        .expect("key on the line");
    words[index + 1].parse().expect("a number")
}

#[test]
fn item_1_bare_go_is_go_chequer() {
    let mut s = session();
    assert_eq!(
        send(&mut s, &["position gnubgid 4HPwATDgc/ABMA", "go"]),
        ["error bad_state missing dice"]
    );
    let reply = send(&mut s, &["dice 3 1", "go"]);
    assert_eq!(reply.last().unwrap(), "bestmove 8/5 6/5");
}

#[test]
fn item_2_dice_before_position_are_kept() {
    let mut s = session();
    assert!(s.handle_line("dice 6 1").is_empty());
    assert!(s.handle_line("position gnubgid 4HPwATDgc/ABMA").is_empty());
    assert_eq!(s.handle_line("go").last().unwrap(), "bestmove 13/7 8/7");
    // They stay for the next position too, until `newgame` or new dice.
    assert!(s.handle_line("position gnubgid 4HPwATDgc/ABMA").is_empty());
    assert_eq!(s.handle_line("go").last().unwrap(), "bestmove 13/7 8/7");
    assert!(s.handle_line("newgame").is_empty());
    assert!(s.handle_line("position gnubgid 4HPwATDgc/ABMA").is_empty());
    assert_eq!(s.handle_line("go"), ["error bad_state missing dice"]);
}

#[test]
fn item_3_v01_forms_are_accepted() {
    let mut s = session();
    send(&mut s, &["position gnubgid 4HPwATDgc/ABMA", "dice 6 1"]);
    let chequer = s.handle_line("go role chequer");
    assert_eq!(chequer.last().unwrap(), "bestmove 13/7 8/7");
    assert_eq!(
        s.handle_line("go role cube").last().unwrap(),
        "bestcube nodouble"
    );
    assert_eq!(
        s.handle_line("go role turn").last().unwrap(),
        "bestturn cube=nodouble move=13/7 8/7"
    );
    assert_eq!(s.handle_line("go chequer movetime 100"), chequer);
    let deep = s.handle_line("go depth 2");
    assert!(deep[0].starts_with("info depth 2 "), "{deep:?}");
    assert!(deep[1].starts_with("bestmove "), "{deep:?}");
    assert!(s.handle_line("setoption name Ply value 2").is_empty());
    assert_eq!(s.handle_line("get engine.ply"), ["value engine.ply 2"]);
}

#[test]
fn item_4_info_describes_the_chosen_play() {
    let mut s = session();
    let five_three = send(
        &mut s,
        &["position gnubgid Np7BQSCYZ/AAWA", "dice 5 3", "go"],
    );
    let dance = send(&mut s, &["dice 6 6", "go"]);
    assert_eq!(dance[1], "bestmove pass");
    assert_ne!(five_three[0], dance[0]);
    // Before the roll: the figures the issue saw for both.
    let before = "score -0.9986 win 0.2882";
    assert!(!five_three[0].contains(before) && !dance[0].contains(before));
    // Entering from the bar is better for the mover than dancing.
    assert!(info_value(&five_three[0], "win") > info_value(&dance[0], "win"));
    assert!(info_value(&five_three[0], "score") > info_value(&dance[0], "score"));
}

#[test]
fn item_5_a_pending_double_is_described_by_the_taker() {
    let mut s = session();
    // O on roll, before doubling; then O has doubled and X must answer.
    let doubler = send(
        &mut s,
        &["position gnubgid sGfwATDgc/ABMA:MAEAAAAAAAAA", "go cube"],
    );
    let taker = send(
        &mut s,
        &["position gnubgid sGfwATDgc/ABMA:MBkAAAAAAAAA", "go cube"],
    );
    let answer = taker[1].as_str();
    assert!(
        ["bestcube take", "bestcube drop", "bestcube beaver"].contains(&answer),
        "{answer}"
    );
    let sum = info_value(&doubler[0], "win") + info_value(&taker[0], "win");
    assert!((sum - 1.0).abs() < 1e-3, "{doubler:?} {taker:?}");
    assert_eq!(info_value(&doubler[0], "wg"), info_value(&taker[0], "lg"));
    // The taker's equity after its answer is above a drop's -1 when it takes or beavers.
    let score = info_value(&taker[0], "score");
    if answer == "bestcube drop" {
        assert_eq!(score, -1.0);
    } else {
        assert!(score > -1.0, "{taker:?}");
    }
}

#[test]
fn item_6_no_double_after_the_roll() {
    let mut s = session();
    let reply = send(
        &mut s,
        &[
            "position xgid XGID=-BBBCCC----------bbcccb---:0:0:1:65:0:0:0:0:10",
            "go cube",
        ],
    );
    assert_eq!(reply[1], "bestcube nodouble");
    // The same position before the roll is a double.
    let before = send(
        &mut s,
        &[
            "position xgid XGID=-BBBCCC----------bbcccb---:0:0:1:00:0:0:0:0:10",
            "go cube",
        ],
    );
    assert_eq!(before[1], "bestcube double");
    let turn = send(
        &mut s,
        &[
            "position xgid XGID=-BBBCCC----------bbcccb---:0:0:1:65:0:0:0:0:10",
            "go turn",
        ],
    );
    assert!(
        turn[1].starts_with("bestturn cube=nodouble move="),
        "{turn:?}"
    );
}

#[test]
fn item_7_a_refused_position_clears_the_old_one() {
    let mut s = session();
    send(&mut s, &["position gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA"]);
    assert_eq!(s.handle_line("go").len(), 2);
    let refused = s.handle_line("position xgid XGID=garbage");
    assert!(
        refused[0].starts_with("error bad_value xgid "),
        "{refused:?}"
    );
    assert_eq!(s.handle_line("go"), ["error bad_state missing position"]);
    assert!(s.state().is_none());
    for bad in ["position fen x", "position gnubgid", "position"] {
        send(
            &mut s,
            &["position gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA", bad],
        );
        assert!(s.state().is_none(), "{bad}");
    }
}

#[test]
fn item_8_error_details_are_whole() {
    let mut s = session();
    let reply = send(
        &mut s,
        &[
            "set game.variant hypergammon1",
            "position gnubgid 4HPwATDgc/ABMA",
        ],
    );
    assert_eq!(reply.len(), 1);
    assert!(
        reply[0].starts_with("error bad_value gnubgid "),
        "{reply:?}"
    );
    assert!(
        reply[0].ends_with("player O has 15 checkers on the board, more than 1"),
        "{reply:?}"
    );
    // An echoed word is cut only when it is very long (over 64 characters, the REPL's rule),
    // and then marked.
    let long = format!("x{}", "y".repeat(200));
    let reply = s.handle_line(&long);
    assert_eq!(
        reply,
        [format!(
            "error bad_command unknown command x{}...",
            "y".repeat(63)
        )]
    );
}

#[test]
fn item_9_one_rule_for_extra_words() {
    let mut s = session();
    let cases = [
        (
            "set engine.ply 2 extra",
            "error bad_command expected: set <key> <value>",
        ),
        (
            "get engine.ply extra",
            "error bad_command expected: get <key>",
        ),
        ("isready extra", "error bad_command expected: isready"),
        ("ubgi extra", "error bad_command expected: ubgi"),
        ("newgame extra", "error bad_command expected: newgame"),
        ("keys extra", "error bad_command expected: keys"),
        ("quit extra", "error bad_command expected: quit"),
        (
            "dice 6 1 extra",
            "error bad_command expected: dice <d1> <d2>",
        ),
        (
            "set game.jacoby on",
            "error bad_value game.jacoby must_be true|false",
        ),
    ];
    for (line, expected) in cases {
        assert_eq!(s.handle_line(line), [expected], "{line}");
    }
    assert!(!s.finished());
    assert_eq!(s.handle_line("get engine.ply"), ["value engine.ply 1"]);
    assert_eq!(
        s.handle_line("get game.jacoby"),
        ["value game.jacoby false"]
    );
    assert!(s.handle_line("set game.jacoby true").is_empty());
}

/// Runs `tavli ubgi` on `input` and returns its standard output.
fn run_binary(input: &[u8]) -> String {
    run_binary_with(&[], input)
}

/// Runs `tavli ubgi ARGS` on `input` and returns its standard output.
fn run_binary_with(args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(tavli_binary())
        .arg("ubgi")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("tavli ubgi starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("tavli ubgi runs");
    writer.join().expect("writer");
    assert!(output.status.success());
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn item_10_the_line_limit_and_the_silent_commands() {
    let mut input = Vec::new();
    let mut line = |text: &[u8]| {
        input.extend_from_slice(text);
        input.push(b'\n');
    };
    // 4 KiB is accepted (an unknown command of that length), 5 KB is refused.
    line(&vec![b'a'; MAX_LINE]);
    line(&vec![b'a'; 5000]);
    line(b"position gnubgid 4HPwATDgc/ABMA");
    line(b"dice 3 1");
    line(b"set engine.ply 1");
    line(b"newgame");
    line(b"isready");
    line(b"quit");
    let output = run_binary(&input);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), 3, "{output}");
    assert!(lines[0].starts_with("error bad_command unknown command aaaa"));
    assert_eq!(
        lines[1],
        "error bad_command line too long (limit 4096 bytes)"
    );
    assert_eq!(lines[2], "readyok");
}

#[test]
fn the_baseline_plays_unsearched_unless_told() {
    let ply = |args: &[&str]| run_binary_with(args, b"get engine.ply\nquit\n");
    assert_eq!(
        ply(&[]),
        "value engine.ply 3\n",
        "the networks: gnubg's 2-ply"
    );
    assert_eq!(ply(&["--evaluator", "pubeval"]), "value engine.ply 1\n");
    assert_eq!(
        ply(&["--evaluator", "pubeval", "--ply", "2"]),
        "value engine.ply 2\n"
    );
    // The handshake declares the starting depth as the key's default.
    let keys = run_binary_with(&["--evaluator", "pubeval"], b"ubgi\nquit\n");
    assert!(
        keys.contains("key engine.ply int 1..3 1 root-inclusive"),
        "{keys}"
    );
}

// ---------------------------------------------------------------------------------------
// Whole games, as bgci's duel loop plays them

/// Reads `engine`'s reply up to the line `done` accepts and returns that line; an `error`
/// line fails the game, showing the last lines both ways.
fn expect(engine: &mut Ubgi, done: impl Fn(&str) -> bool) -> String {
    let reply = engine.read_until(done);
    let last = reply.last().cloned().unwrap_or_default();
    assert!(!last.starts_with("error"), "{}", engine.tail());
    last
}

/// The protocol dialect a controller speaks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dialect {
    /// bgci's v0.1 runner: `setoption`, `go role chequer`.
    V01,
    /// v0.2: `set`, bare `go`, and (to exercise the kept dice) `dice` before `position`.
    V02,
}

/// Parses a `bestmove` payload into sorted (from, to) pairs (bar = 25, off = 0).
fn steps_of(payload: &str) -> Vec<(u8, u8)> {
    if payload == "pass" {
        return Vec::new();
    }
    let point = |text: &str| -> u8 {
        match text {
            "bar" => 25,
            "off" => 0,
            number => number.parse().expect("a point number"),
        }
    };
    let mut steps: Vec<(u8, u8)> = payload
        .split(' ')
        .map(|pair| {
            let (from, to) = pair.split_once('/').expect("from/to");
            (point(from), point(to))
        })
        .collect();
    steps.sort_unstable();
    steps
}

/// Plays `games` games of tavli against itself through one engine process; returns the
/// number of plies played.
fn duel(dialect: Dialect, games: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut engine = Ubgi::start(&[]);
    engine.send("ubgi");
    expect(&mut engine, |line| line == "ubgiok");
    engine.send(match dialect {
        Dialect::V01 => "setoption name Variant value backgammon",
        Dialect::V02 => "set game.variant backgammon",
    });
    engine.send("isready");
    expect(&mut engine, |line| line == "readyok");
    let mut plies = 0;
    for _ in 0..games {
        engine.send("newgame");
        engine.send("isready");
        expect(&mut engine, |line| line == "readyok");
        let mut board = Board::start(Variant::Standard);
        let mut mover = if rng.gen_bool(0.5) { Side::X } else { Side::O };
        let mut ended = false;
        for ply in 0..512 {
            let (a, b) = loop {
                let (a, b) = (rng.gen_range(1..=6u8), rng.gen_range(1..=6u8));
                // The opening roll is never a double.
                if ply > 0 || a != b {
                    break (a.max(b), a.min(b));
                }
            };
            let dice = Dice::new(a, b).expect("dice");
            let id = position_id::encode(&board, mover);
            if dialect == Dialect::V02 && ply % 2 == 1 {
                engine.send(&format!("dice {a} {b}"));
                engine.send(&format!("position gnubgid {id}"));
            } else {
                engine.send(&format!("position gnubgid {id}"));
                engine.send(&format!("dice {a} {b}"));
            }
            engine.send(match dialect {
                Dialect::V01 => "go role chequer",
                Dialect::V02 => "go",
            });
            let reply = expect(&mut engine, |line| line.starts_with("best"));
            let payload = reply
                .strip_prefix("bestmove ")
                .unwrap_or_else(|| panic!("{reply}\n{}", engine.tail()));
            let ours = steps_of(payload);
            let plays = legal_plays(&board, mover, dice);
            let chosen = plays.iter().find(|play| {
                let mut steps: Vec<(u8, u8)> =
                    play.steps().iter().map(|s| (s.from, s.to)).collect();
                steps.sort_unstable();
                steps == ours
            });
            match chosen {
                Some(play) => board = play.result,
                None => assert!(
                    plays.iter().all(|play| play.steps().is_empty()) && ours.is_empty(),
                    "illegal bestmove {payload} for {id} {a}{b}\n{}",
                    engine.tail()
                ),
            }
            plies += 1;
            if board.checkers_in_play(mover) == 0 {
                ended = true;
                break;
            }
            mover = mover.opponent();
        }
        assert!(ended, "a game did not end in 512 plies");
    }
    plies
}

#[test]
#[ignore = "slow: 12 whole games at 3 plies through the engine (minutes); CI runs it with --ignored"]
fn whole_games_as_bgci_plays_them_in_v01() {
    let plies = duel(Dialect::V01, 12, 1201);
    assert!(plies > 12 * 20, "{plies} plies");
}

#[test]
#[ignore = "slow: 12 whole games at 3 plies through the engine (minutes); CI runs it with --ignored"]
fn whole_games_as_bgci_plays_them_in_v02() {
    let plies = duel(Dialect::V02, 12, 1202);
    assert!(plies > 12 * 20, "{plies} plies");
}

/// The `--move-time` example of docs/engine-protocols.md, run as written: the `printf` input
/// to `tavli ubgi` with the arguments shown, and the reply lines below it.
#[test]
fn the_move_time_example_of_the_manual_prints_what_it_says() {
    let page = include_str!("../docs/engine-protocols.md");
    let mut lines = page.lines().skip_while(|line| {
        !(line.starts_with("$ printf '")
            && line.contains("tavli ubgi")
            && line.contains("--move-time"))
    });
    let command = lines.next().expect("the example in the manual");
    let (input, arguments) = command["$ printf '".len()..]
        .split_once("' | tavli ubgi ")
        .expect("printf INPUT | tavli ubgi ARGS");
    let expected: Vec<&str> = lines.take_while(|line| !line.starts_with("```")).collect();
    let arguments: Vec<&str> = arguments.split_whitespace().collect();
    let output = run_binary_with(&arguments, input.replace("\\n", "\n").as_bytes());
    assert_eq!(output.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn move_time_is_a_number_of_milliseconds() {
    let refused = |value: &str| {
        Command::new(tavli_binary())
            .args(["ubgi", &format!("--move-time={value}")])
            .stdin(Stdio::null())
            .output()
            .expect("tavli ubgi runs")
    };
    for value in ["x", "-5", "1.5"] {
        let output = refused(value);
        assert_eq!(output.status.code(), Some(2), "--move-time {value}");
        assert!(String::from_utf8_lossy(&output.stderr).contains("--move-time"));
    }
    // A time limit does not change what a request within it answers.
    let go = b"position gnubgid 4HPwATDgc/ABMA\ndice 6 1\ngo\nquit\n";
    let free = run_binary_with(&["--evaluator", "pubeval", "--move-time", "0"], go);
    let timed = run_binary_with(&["--evaluator", "pubeval", "--move-time", "2000"], go);
    assert_eq!(free, timed);
    assert!(free.ends_with("bestmove 13/7 8/7\n"), "{free}");
}

/// UBGI's cube answers are `tavli external`'s at the same plies and budget (none, so that the
/// machine's load cannot change an answer): on random positions (money, with and without
/// the Jacoby rule, and 7-point matches at any score, the cube centred or owned by either
/// player, beavers allowed or not) `go cube` before the roll (`double`/`nodouble`) is
/// external's `double`/`roll` for the same board, and where the player on roll may double,
/// `go cube` with his double pending is external's `take`/`drop`/`beaver`. At UBGI's ply 1
/// and 2 on `TAVLI_CUBE_AGREE_CASES` positions each (100 by default), at ply 3 on a quarter as
/// many, seed `TAVLI_CUBE_AGREE_SEED`.
#[test]
fn cube_answers_are_tavli_externals() {
    let seed = env_number("TAVLI_CUBE_AGREE_SEED", 34u64);
    let cases = env_number("TAVLI_CUBE_AGREE_CASES", 100usize);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (plies, cases) in [(0u32, cases), (1, cases), (2, cases / 4)] {
        let mut rng = StdRng::seed_from_u64(seed + u64::from(plies));
        let ply = (plies + 1).to_string();
        let mut ubgi = Ubgi::start(&["--ply", &ply, "--move-time", "0"]);
        let plies_text = plies.to_string();
        let mut external = External::start(&["--plies", &plies_text, "--move-time", "0"]);
        let mut checked = 0;
        while checked < cases {
            let Some((rolled, _)) = random_case(&mut rng) else {
                continue;
            };
            let beavers = rng.gen_bool(0.5);
            let state = MatchState {
                dice: None,
                jacoby: !rolled.is_match() && rng.gen_bool(0.5),
                ..rolled
            };
            let on_off = |on: bool| if on { "on" } else { "off" };
            let options = format!(
                "jacobyrule {} beavers {}",
                on_off(state.jacoby),
                on_off(beavers)
            );
            let mut ask_both = |state: &MatchState| {
                let by_ubgi = ubgi.answer(
                    &format!(
                        "set game.beavers {beavers}\nposition gnubgid {}\ngo cube\n",
                        gnubg_id::encode(state)
                    ),
                    "bestcube ",
                );
                let board = fibs::encode(state, ["O", "X"], FibsFlavour::ShowBoard);
                let by_external = external.ask(&format!("{board} {options}"));
                let case = format!(
                    "{} beavers {beavers} at {plies} plies",
                    gnubg_id::encode(state)
                );
                (by_ubgi, by_external, case)
            };
            let (ubgi_action, external_action, case) = ask_both(&state);
            let worded = if external_action == "roll" {
                "nodouble"
            } else {
                external_action.as_str()
            };
            assert_eq!(ubgi_action, worded, "{case}: external {external_action}");
            *seen.entry(ubgi_action).or_default() += 1;
            if Stakes::from_state(&state).may_double(state.on_roll) {
                let offered = MatchState {
                    double_offered: true,
                    turn: state.on_roll.opponent(),
                    ..state
                };
                let (ubgi_answer, external_answer, case) = ask_both(&offered);
                assert_eq!(ubgi_answer, external_answer, "{case} (double pending)");
                *seen.entry(ubgi_answer).or_default() += 1;
            }
            checked += 1;
        }
    }
    // Every answer was given somewhere, or the agreement says little.
    for answer in ["double", "nodouble", "take", "drop", "beaver"] {
        assert!(seen.get(answer).is_some_and(|&count| count > 0), "{seen:?}");
    }
}
