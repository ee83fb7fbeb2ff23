//! The engines play what `hint` lists first: on random positions (money and match scores,
//! the cube centred or owned by either player) `tavli ubgi`'s `bestmove` and `tavli external`'s
//! reply are the first play of `tavli hint` at the same plies, every process run as a user
//! runs it (no budget, so that the load of the machine cannot change a choice).

use crate::support::random_position::random_walk;
use crate::support::{env_number, tavli_binary};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::codec::gnubg_id;
use tavli::notation::format_play;
use tavli::rules::{Board, Dice, GameState, MatchState, Side, Variant};
use tavli::wire::external::format_external_play;
use tavli::wire::ubgi::format_ubgi_play;

/// A random position with the player on roll, a random match context and dice: money or a
/// 7-point match at any score (the Crawford game included), the cube centred at 1 or owned
/// at 2 or 4 by either player. `None` when the walk ended the game.
fn random_case(rng: &mut StdRng) -> Option<(MatchState, Dice)> {
    let first = if rng.gen_bool(0.5) { Side::O } else { Side::X };
    let (board, on_roll) = random_walk(rng, Variant::Standard, first)?;
    let match_length = if rng.gen_bool(0.4) { 0 } else { 7 };
    let score = if match_length == 0 {
        [0, 0]
    } else {
        [rng.gen_range(0..7), rng.gen_range(0..7)]
    };
    let one_away = match_length > 0 && score.contains(&6);
    let crawford = one_away && rng.gen_bool(0.5);
    let (cube_value, cube_owner) = match rng.gen_range(0..6) {
        _ if crawford => (1, None),
        0 => (2, Some(Side::O)),
        1 => (2, Some(Side::X)),
        2 => (4, Some(on_roll)),
        _ => (1, None),
    };
    // High die first, as the engines are told the roll (the order of a play's moves follows).
    let (first_die, second_die) = (rng.gen_range(1..=6), rng.gen_range(1..=6));
    let dice = Dice::new(first_die.max(second_die), first_die.min(second_die)).ok()?;
    let state = MatchState {
        board,
        game_state: GameState::Playing,
        match_length,
        score,
        crawford,
        cube_value,
        cube_owner,
        jacoby: false,
        dice: Some(dice),
        ..MatchState::new_money_game(Variant::Standard, on_roll)
    };
    Some((state, dice))
}

/// The result of the legal play of `state` with `dice` that `written` (by `format`) names,
/// its moves in any order.
fn result_named(
    state: &MatchState,
    dice: Dice,
    written: &str,
    format: &dyn Fn(&MatchState, &tavli::rules::Play) -> String,
) -> Option<Board> {
    let moves = |text: &str| {
        let mut moves: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        moves.sort_unstable();
        moves
    };
    let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
    plays
        .iter()
        .find(|play| moves(&format(state, play)) == moves(written))
        .map(|play| play.result)
}

/// The first play `tavli hint` lists for `state` at `plies`.
fn hint_first(state: &MatchState, dice: Dice, plies: u32) -> String {
    let output = Command::new(tavli_binary())
        .args(["hint", &gnubg_id::encode(state)])
        .arg(format!("{}{}", dice.high(), dice.low()))
        .args(["--plies", &plies.to_string(), "--json"])
        .output()
        .expect("tavli hint runs");
    assert!(output.status.success(), "{output:?}");
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    document["plays"][0]["play"]
        .as_str()
        .expect("a first play")
        .to_string()
}

/// `tavli ubgi` (jacoby off, its default) at `ply` (root-inclusive), no budget.
struct Ubgi {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Ubgi {
    fn start(ply: u32) -> Ubgi {
        let mut child = Command::new(tavli_binary())
            .args(["ubgi", "--ply", &ply.to_string(), "--move-time", "0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("tavli ubgi starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Ubgi {
            child,
            input,
            output,
        }
    }

    fn best_move(&mut self, state: &MatchState, dice: Dice) -> String {
        let request = format!(
            "position gnubgid {}\ndice {} {}\ngo\n",
            gnubg_id::encode(state),
            dice.high(),
            dice.low()
        );
        self.input.write_all(request.as_bytes()).expect("send");
        loop {
            let mut line = String::new();
            let read = self.output.read_line(&mut line).expect("reply");
            assert!(read > 0, "tavli ubgi closed after {request}");
            assert!(!line.starts_with("error"), "{request} -> {line}");
            if let Some(play) = line.trim_end().strip_prefix("bestmove ") {
                return play.to_string();
            }
        }
    }
}

impl Drop for Ubgi {
    fn drop(&mut self) {
        let _ = self.input.write_all(b"quit\n");
        let _ = self.child.wait();
    }
}

/// `tavli external` (jacoby off) at `plies` with no budget, serving one client.
fn start_external(plies: u32) -> (Child, TcpStream, BufReader<TcpStream>) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let address = format!("127.0.0.1:{port}");
    let child = Command::new(tavli_binary())
        .args(["external", &address, "--quiet", "--clients", "1"])
        .args(["--plies", &plies.to_string(), "--move-time", "0"])
        .args(["--jacoby", "false"])
        .stdin(Stdio::null())
        .spawn()
        .expect("tavli external starts");
    let stream = (0..200)
        .find_map(|_| {
            TcpStream::connect(&address).ok().or_else(|| {
                std::thread::sleep(Duration::from_millis(25));
                None
            })
        })
        .expect("tavli external listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let reader = BufReader::new(stream.try_clone().expect("clone"));
    (child, stream, reader)
}

/// The engines' choice is `hint`'s first play, at 1 ply on `TAVLI_CHOICE_CASES` cases (40 by
/// default) and at 2 plies on a quarter as many, seed `TAVLI_CHOICE_SEED`.
#[test]
fn the_engines_play_hints_first_play() {
    let seed = env_number("TAVLI_CHOICE_SEED", 32u64);
    let cases = env_number("TAVLI_CHOICE_CASES", 40usize);
    for (plies, cases) in [(1, cases), (2, cases / 4)] {
        let mut rng = StdRng::seed_from_u64(seed + u64::from(plies));
        let mut ubgi = Ubgi::start(plies + 1);
        let (mut server, mut stream, mut reader) = start_external(plies);
        let mut checked = 0;
        while checked < cases {
            let Some((state, dice)) = random_case(&mut rng) else {
                continue;
            };
            let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
            if plays.is_empty() {
                continue;
            }
            let gnubg_words = |state: &MatchState, play: &tavli::rules::Play| -> String {
                format_play(
                    state.rules(),
                    &state.board,
                    state.on_roll,
                    dice,
                    play.steps(),
                )
            };
            let hint = hint_first(&state, dice, plies);
            let expected = result_named(&state, dice, &hint, &gnubg_words);
            assert!(expected.is_some(), "hint's {hint} is not a legal play");
            let case = format!("{} {dice:?} at {plies} plies", gnubg_id::encode(&state));

            let ubgi_play = ubgi.best_move(&state, dice);
            let by_ubgi = result_named(&state, dice, &ubgi_play, &|_, play| format_ubgi_play(play));
            assert_eq!(by_ubgi, expected, "{case}: ubgi {ubgi_play}, hint {hint}");

            let board = fibs::encode(&state, ["O", "X"], FibsFlavour::ShowBoard);
            stream
                .write_all(format!("{board}\n").as_bytes())
                .expect("send");
            let mut reply = String::new();
            reader.read_line(&mut reply).expect("reply");
            let reply = reply.trim_end();
            let by_external = result_named(&state, dice, reply, &|_, play| {
                format_external_play(play).trim_end().to_string()
            });
            assert_eq!(
                by_external, expected,
                "{case}: external {reply}, hint {hint}"
            );
            checked += 1;
        }
        stream.write_all(b"exit\n").expect("send");
        let _ = server.wait();
    }
}
