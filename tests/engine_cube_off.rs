//! The engines told that the cube is off, as gnubg's `set cube use off` plays
//! (`tavli external --cube false`, UBGI's `set game.cube false`): on random positions they
//! play the cubeless search's choice (the built-in net's [`Judge::cubeless_best_play`] at the
//! same plies) and never double; a pending double is answered as with the cube on; a bad
//! value is refused and changes nothing. Every engine runs without a time budget, so that
//! the load of the machine cannot change a choice.

use crate::support::engines::{random_case, result_named, External, Ubgi};
use crate::support::{env_number, tavli_binary};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::process::{Command, Stdio};
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::codec::gnubg_id;
use tavli::engine::choice::{build_static, EvaluatorKind};
use tavli::engine::Judge;
use tavli::rules::{MatchState, Variant};
use tavli::wire::external::format_external_play;
use tavli::wire::ubgi::format_ubgi_play;

/// A 7-point match after the Crawford game, before the roll, the cube centred: tavli ("you",
/// X, the first name of a FIBS board) trails 0-6 and doubles when the cube is in use.
const TRAILING: &str = "board:root:gnubg:7:0:6:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1";

/// Without the cube, both engines' play is the cubeless search's, and no position is
/// doubled (where the engine with the cube doubles some of them): at 1 ply on
/// `TAVLI_CHOICE_CASES` random cases (40 by default) and at 2 plies on a quarter as many,
/// seed `TAVLI_CHOICE_SEED`.
#[test]
fn without_the_cube_the_engines_play_cubeless_and_never_double() {
    let seed = env_number("TAVLI_CHOICE_SEED", 33u64);
    let cases = env_number("TAVLI_CHOICE_CASES", 40usize);
    let net = build_static(EvaluatorKind::Net, None).expect("the built-in net");
    let mut doubled_with_the_cube = 0;
    for (plies, cases) in [(1, cases), (2, cases / 4)] {
        let mut rng = StdRng::seed_from_u64(seed + u64::from(plies));
        let judge = Judge::new(net, plies);
        let ply = (plies + 1).to_string();
        let mut ubgi = Ubgi::start(&["--ply", &ply, "--move-time", "0"]);
        let cube = ubgi.ask("set game.cube false\nget game.cube\n");
        assert_eq!(cube, ["value game.cube false"]);
        let plies = plies.to_string();
        let search = ["--plies", &plies, "--move-time", "0", "--jacoby", "false"];
        let mut cube_off = External::start(&[&search[..], &["--cube", "false"]].concat());
        let mut cube_on = External::start(&search);
        let mut checked = 0;
        while checked < cases {
            let Some((state, dice)) = random_case(&mut rng) else {
                continue;
            };
            if state
                .rules()
                .legal_plays(&state.board, state.on_roll, dice)
                .is_empty()
            {
                continue;
            }
            let case = format!("{} {dice:?} at {plies} plies", gnubg_id::encode(&state));
            let expected = judge
                .cubeless_best_play(&state, dice)
                .map(|play| play.result);

            let ubgi_play = ubgi.best_move(&state, dice);
            let by_ubgi = result_named(&state, dice, &ubgi_play, &|_, play| format_ubgi_play(play));
            assert_eq!(by_ubgi, expected, "{case}: ubgi {ubgi_play}");
            let reply = cube_off.answer(&state);
            let by_external = result_named(&state, dice, &reply, &|_, play| {
                format_external_play(play).trim_end().to_string()
            });
            assert_eq!(by_external, expected, "{case}: external {reply}");

            // Before the roll: never a double without the cube.
            let before = MatchState {
                dice: None,
                ..state
            };
            assert_eq!(cube_off.answer(&before), "roll", "{case}");
            let cube = ubgi.answer("go cube\n", "bestcube ");
            assert_eq!(cube, "nodouble", "{case}");
            let turn = ubgi.answer("go turn\n", "bestturn ");
            assert!(turn.starts_with("cube=nodouble move="), "{case}: {turn}");
            if cube_on.answer(&before) == "double" {
                doubled_with_the_cube += 1;
            }
            checked += 1;
        }
    }
    assert!(
        doubled_with_the_cube > 0,
        "no case was a double with the cube: the test shows nothing"
    );
}

/// The doubling position of [`TRAILING`] through both protocols: `double` with the cube,
/// `roll` without; the same double offered is answered alike either way.
#[test]
fn the_cube_option_turns_the_double_off_and_leaves_the_answer_to_one() {
    let trailing = fibs::decode(TRAILING, Variant::Standard, FibsFlavour::ShowBoard)
        .expect("a board")
        .state;
    let offered = MatchState {
        double_offered: true,
        turn: trailing.on_roll.opponent(),
        ..trailing
    };
    let search = ["--evaluator", "pubeval", "--move-time", "0"];
    let mut cube_on = External::start(&search);
    let mut cube_off = External::start(&[&search[..], &["--cube", "false"]].concat());
    assert_eq!(cube_on.ask(TRAILING), "double");
    assert_eq!(cube_off.ask(TRAILING), "roll");
    let answer = cube_on.answer(&offered);
    assert!(["take", "drop"].contains(&answer.as_str()), "{answer}");
    assert_eq!(cube_off.answer(&offered), answer);

    let (trailing, offered) = (gnubg_id::encode(&trailing), gnubg_id::encode(&offered));
    let mut ubgi = Ubgi::start(&search);
    let go_cube = |id: &str| format!("position gnubgid {id}\ngo cube\n");
    assert_eq!(ubgi.answer(&go_cube(&trailing), "bestcube "), "double");
    let taken = ubgi.answer(&go_cube(&offered), "bestcube ");
    assert_eq!(taken, answer);
    let cube = ubgi.ask("set game.cube false\nget game.cube\n");
    assert_eq!(cube, ["value game.cube false"]);
    assert_eq!(ubgi.answer(&go_cube(&trailing), "bestcube "), "nodouble");
    assert_eq!(ubgi.answer(&go_cube(&offered), "bestcube "), answer);
}

/// `--cube` takes `true` or `false` (clap's error, exit status 2); `game.cube` the same
/// (`bad_value`, the option unchanged), also through v0.1's `setoption name Cube`.
#[test]
fn bad_cube_values_are_refused() {
    for arguments in [&["--cube", "maybe"][..], &["--cube"], &["--cube", "0"]] {
        let output = Command::new(tavli_binary())
            .args(["external", "127.0.0.1:0", "--quiet", "--clients", "0"])
            .args(arguments)
            .stdin(Stdio::null())
            .output()
            .expect("tavli external runs");
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains("--cube"), "{arguments:?}: {error}");
    }
    let mut ubgi = Ubgi::start(&["--evaluator", "pubeval"]);
    let refused = ubgi.ask("set game.cube maybe\n");
    assert_eq!(refused, ["error bad_value game.cube must_be true|false"]);
    assert_eq!(
        ubgi.ask("setoption name Cube value off\n"),
        ["error bad_value game.cube must_be true|false"]
    );
    assert_eq!(ubgi.ask("get game.cube\n"), ["value game.cube true"]);
    assert_eq!(
        ubgi.ask("setoption name Cube value false\nget game.cube\n"),
        ["value game.cube false"]
    );
}
