//! Engine protocols end to end: gnubg transcript replays, live gnubg matches through the
//! external-player socket, 10,000 malformed requests to both protocols, UBGI games with cube
//! actions, and the latency of a move reply.
//!
//! The servers run in-process (the library's `serve` and `ubgi::run`, which `tavli external`
//! and `tavli ubgi` wrap) so the tests need no CLI wiring.

use crate::support::{gnubg_available, unrepr, GNUBG};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use tavli::codec::gnubg_id;
use tavli::engine::cube::Stakes;
use tavli::engine::Pubeval;
use tavli::rules::{legal_plays, Dice, MatchState, Side, Variant};
use tavli::wire::external::server::{serve, Address, Listener, ServerOptions};
use tavli::wire::external::{
    parse_request, read_board, ExternalSession, Reply, ReplyStyle, Request, SessionDefaults,
    BOARD_NUMBERS,
};
use tavli::wire::ubgi::{self, UbgiSession};

// ---------------------------------------------------------------------------------------
// Helpers

/// Starts an external-player server on a free local port serving `clients` clients; returns
/// the address and a handle yielding the server's events.
fn start_server(clients: usize) -> (String, thread::JoinHandle<Vec<String>>) {
    start_server_at("127.0.0.1:0", clients)
}

/// Like [`start_server`] at a given address (TCP or Unix socket path).
fn start_server_at(address: &str, clients: usize) -> (String, thread::JoinHandle<Vec<String>>) {
    let address = Address::parse(address).expect("address");
    let listener = Listener::bind(&address).expect("bind");
    let local = listener.local_address();
    let handle = thread::spawn(move || {
        let options = ServerOptions {
            max_clients: Some(clients),
            ..ServerOptions::default()
        };
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut events = Vec::new();
        let result = serve(&listener, &Pubeval, &options, &stop, &mut |event| {
            events.push(format!("{event:?}"));
        });
        events.push(format!("end {result:?}"));
        events
    });
    (local, handle)
}

/// The kind of a reply line, for "same kind" comparisons.
fn kind(reply: &str) -> &'static str {
    let last = reply.lines().last().unwrap_or("");
    let trimmed = last.trim();
    if reply.is_empty() || reply == "\n" {
        return "move";
    }
    match trimmed {
        "double" | "roll" => "cube",
        "take" | "drop" | "beaver" | "pass" => "response",
        "accept" | "reject" => "resignation",
        _ if trimmed.starts_with("Error") => "error",
        _ if trimmed.split(' ').all(|pair| pair.contains('/')) => "move",
        _ if trimmed.split(' ').count() == 6
            && trimmed.split(' ').all(|n| n.parse::<f64>().is_ok()) =>
        {
            "evaluation"
        }
        _ => "text",
    }
}

/// Checks that `reply` is a legal play for the board request `line` (decider and dice as
/// the board says). Steps are compared as a multiset of `from/to` pairs.
fn assert_legal_reply(line: &str, reply: &str, numbers: &mut [i64; BOARD_NUMBERS]) {
    let Ok(Request::Board(board)) = parse_request(line) else {
        panic!("not a board request: {line}");
    };
    for (slot, value) in numbers.iter_mut().zip(&board.numbers) {
        *slot = *value;
    }
    let question = read_board(numbers, &board, SessionDefaults::default()).expect("board reads");
    let state = question.state;
    let dice = state.dice.expect("dice");
    let plays = legal_plays(&state.board, state.on_roll, dice);
    let mut ours: Vec<(u8, u8)> = reply
        .split_whitespace()
        .map(|pair| {
            let pair = pair.trim_end_matches('*');
            let (from, to) = pair.split_once('/').expect("from/to");
            (from.parse().expect("from"), to.parse().expect("to"))
        })
        .collect();
    ours.sort_unstable();
    if plays.is_empty() {
        assert!(ours.is_empty(), "no legal play, yet {reply:?} for {line}");
        return;
    }
    let found = plays.iter().any(|play| {
        let mut steps: Vec<(u8, u8)> = play.steps().iter().map(|s| (s.from, s.to)).collect();
        steps.sort_unstable();
        steps == ours
    });
    assert!(found, "illegal play {reply:?} for {line}");
}

// ---------------------------------------------------------------------------------------
// Transcript replays

#[test]
fn gnubg_engine_transcript_replays_with_the_same_kinds() {
    let text = include_str!("../fixtures/external/external-command-client.transcript");
    let mut pairs: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with("----") {
            break;
        }
        if let Some(request) = line.strip_prefix("client -> gnubg: ") {
            pairs.push((unrepr(request), String::new()));
        } else if let Some(reply) = line.strip_prefix("gnubg -> client: ") {
            pairs.last_mut().expect("a request first").1 += &unrepr(reply);
        }
    }
    assert!(pairs.len() >= 25, "transcript read: {} pairs", pairs.len());
    let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
    let mut numbers = [0i64; BOARD_NUMBERS];
    let mut checked = 0;
    for (request, gnubg) in &pairs {
        let line = request.trim_end_matches('\n');
        let ours = match session.handle_line(line) {
            Reply::Send(text) => text,
            Reply::Close => {
                assert_eq!(line, "exit");
                continue;
            }
        };
        // gnubg's debug lines (after `set debug on`) are reproduced exactly; the reply
        // after them is compared by kind.
        let split = |text: &str| -> (String, String) {
            let (debug, answer): (Vec<&str>, Vec<&str>) =
                text.lines().partition(|l| l.starts_with("DBG:"));
            let join = |lines: Vec<&str>| lines.iter().map(|l| format!("{l}\n")).collect();
            (join(debug), join(answer))
        };
        let (gnubg_debug, gnubg_answer) = split(gnubg);
        let (our_debug, ours) = split(&ours);
        assert_eq!(our_debug, gnubg_debug, "{line}");
        assert_eq!(
            kind(&ours),
            kind(&gnubg_answer),
            "{line}: {ours:?} vs {gnubg:?}"
        );
        match kind(&gnubg_answer) {
            "move" => assert_legal_reply(line, &ours, &mut numbers),
            "text" | "error" => assert_eq!(ours, gnubg_answer, "{line}"),
            _ => {}
        }
        if let Ok(Request::Board(board) | Request::Evaluation(board, _)) = parse_request(line) {
            for (slot, value) in numbers.iter_mut().zip(&board.numbers) {
                *slot = *value;
            }
        }
        checked += 1;
    }
    assert!(checked >= 25);
}

#[test]
fn gnubg_client_transcript_replays_get_the_kind_gnubg_expects() {
    let files = [
        include_str!("../fixtures/external/p0-money-double.transcript"),
        include_str!("../fixtures/external/p1-double-always.transcript"),
        include_str!("../fixtures/external/p1-error.transcript"),
        include_str!("../fixtures/external/p1-match.transcript"),
        include_str!("../fixtures/external/p1-resign.transcript"),
    ];
    let mut total = 0;
    let mut agreeing = 0;
    for text in files {
        let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
        session.set_style(ReplyStyle { gnubg_client: true });
        let mut numbers = [0i64; BOARD_NUMBERS];
        let mut pending: Option<String> = None;
        for line in text.lines() {
            if let Some(request) = line.strip_prefix("gnubg -> player: ") {
                let request = unrepr(request).replace('\0', "");
                let request = request.trim_end_matches('\n');
                if !request.is_empty() {
                    pending = Some(request.to_string());
                }
                continue;
            }
            let Some(player) = line.strip_prefix("player -> gnubg: ") else {
                continue;
            };
            let Some(request) = pending.take() else {
                continue;
            };
            let Reply::Send(ours) = session.handle_line(&request) else {
                panic!("closed on {request}");
            };
            let Ok(Request::Board(board)) = parse_request(&request) else {
                panic!("not a board: {request}");
            };
            let mut probe = numbers;
            for (slot, value) in probe.iter_mut().zip(&board.numbers) {
                *slot = *value;
            }
            let question = read_board(&probe, &board, SessionDefaults::default())
                .expect("gnubg's board reads");
            let expected = if question.state.double_offered {
                "response"
            } else if question.state.dice.is_some() {
                "move"
            } else {
                "cube"
            };
            assert_eq!(kind(&ours), expected, "{request} -> {ours:?}");
            if expected == "move" {
                assert_legal_reply(&request, &ours, &mut numbers);
            }
            numbers = probe;
            total += 1;
            if kind(&format!("{}\n", unrepr(player).trim_end())) == expected {
                agreeing += 1;
            }
        }
    }
    assert!(total >= 80, "{total} requests replayed");
    // The recorded replies come from scripted fake players, some deliberately wrong
    // (`double` after the roll, `Error: cannot think`); most are of the expected kind.
    assert!(agreeing * 10 >= total * 8, "{agreeing} of {total}");
}

// ---------------------------------------------------------------------------------------
// Live gnubg

struct GnubgRun {
    output: String,
    success: bool,
    events: Vec<String>,
}

/// Runs gnubg on a script that makes `tavli_player` external (connecting to an in-process
/// server) and gnubg (0-ply) the other player.
fn gnubg_against_tavli(tavli_player: usize, games: &str, seed: u32, unix: bool) -> GnubgRun {
    let socket_path = std::env::temp_dir().join(format!(
        "tavli-engine-test-{}-{seed}.socket",
        std::process::id()
    ));
    let (address, server) = if unix {
        start_server_at(&socket_path.display().to_string(), 1)
    } else {
        start_server(1)
    };
    let gnubg_player = 1 - tavli_player;
    let names = if tavli_player == 0 {
        "tavli gnubg"
    } else {
        "gnubg tavli"
    };
    let script = format!(
        "set player {gnubg_player} gnubg\n\
         set player {gnubg_player} chequerplay evaluation plies 0\n\
         set player {gnubg_player} cubedecision evaluation plies 0\n\
         set defaultnames {names}\n\
         set seed {seed}\n\
         set player {tavli_player} external {address}\n\
         {games}"
    );
    // `timeout` keeps a hung run from hanging the suite (it then fails as unclean).
    let mut child = Command::new("timeout")
        .args(["600", GNUBG, "-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let output = child.wait_with_output().expect("gnubg runs");
    writer.join().expect("writer");
    if !server.is_finished() {
        // gnubg never connected: release the server's accept with a client of our own.
        if unix {
            let _ = std::os::unix::net::UnixStream::connect(&socket_path);
        } else {
            let _ = TcpStream::connect(&address);
        }
    }
    let events = server.join().expect("server thread");
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    GnubgRun {
        output: text,
        success: output.status.success(),
        events,
    }
}

fn assert_clean(run: &GnubgRun, what: &str) {
    assert!(
        run.success,
        "{what}: gnubg did not exit cleanly\n{}",
        tail(&run.output)
    );
    for bad in [
        "Error",
        "illegal",
        "Illegal",
        "badly formed",
        "not a legal move",
    ] {
        assert!(
            !run.output.contains(bad),
            "{what}: gnubg printed {bad:?}\n{}",
            tail(&run.output)
        );
    }
    assert!(
        !run.events.iter().any(|e| e.starts_with("Failed")),
        "{what}: server events {:?}",
        run.events
    );
}

fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

#[test]
fn gnubg_plays_seven_point_matches_and_money_games_against_tavli() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: live external-player test skipped");
        return;
    }
    // Money games one at a time (`automatic game off`); a match runs its games itself.
    // gnubg 1.07 stops automatic play after an external player accepts a beaver; `play`
    // makes it go on (with no game in progress it only says so).
    let money: String = "set automatic game off\nnew session\n".to_string()
        + &format!("new game\n{}", "play\n".repeat(12)).repeat(20);
    let jobs = [
        (
            "match, tavli player 1",
            1,
            "new match 7\n".to_string(),
            11,
            false,
        ),
        (
            "match, tavli player 0",
            0,
            "new match 7\n".to_string(),
            12,
            false,
        ),
        ("money, tavli player 1", 1, money.clone(), 13, false),
        ("money, tavli player 0", 0, money, 14, false),
        (
            "match over a Unix socket, tavli player 1",
            1,
            "new match 3\n".to_string(),
            15,
            true,
        ),
    ];
    let runs: Vec<(String, GnubgRun)> = thread::scope(|scope| {
        // Two at a time: the machine has two cores.
        let mut results = Vec::new();
        for pair in jobs.chunks(2) {
            let handles: Vec<_> = pair
                .iter()
                .map(|(name, player, games, seed, unix)| {
                    let games = games.clone();
                    let name = name.to_string();
                    scope.spawn(move || (name, gnubg_against_tavli(*player, &games, *seed, *unix)))
                })
                .collect();
            results.extend(handles.into_iter().map(|h| h.join().expect("run")));
        }
        results
    });
    for (name, run) in &runs {
        assert_clean(run, name);
        if name.contains("match") {
            assert!(
                run.output.contains("has won the match"),
                "{name}: match unfinished\n{}",
                tail(&run.output)
            );
        } else {
            let games = run.output.lines().filter(|l| l.contains(" wins a")).count();
            assert!(
                games >= 20,
                "{name}: {games} games finished\n{}",
                tail(&run.output)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Robustness

const VALID_BOARD: &str = "board:You:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:5:2:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0";

fn garbage(rng: &mut StdRng, corpus: &[&str]) -> Vec<u8> {
    let mut bytes: Vec<u8> = match rng.gen_range(0..6) {
        0 => (0..rng.gen_range(0..300))
            .map(|_| rng.gen::<u8>())
            .collect(),
        1 => {
            let line = corpus[rng.gen_range(0..corpus.len())].as_bytes();
            line[..rng.gen_range(0..=line.len())].to_vec()
        }
        2 => vec![b"xyz:-9"[rng.gen_range(0..6)]; rng.gen_range(4000..20000)],
        3 => {
            // A board with one field replaced by something odd.
            let mut fields: Vec<String> = VALID_BOARD.split(':').map(str::to_string).collect();
            let index = rng.gen_range(1..fields.len());
            let odd = [
                "99999999999999999999999",
                "-16",
                "16",
                "7",
                "",
                "'",
                "+",
                "-",
                "0",
                "9999",
            ];
            fields[index] = odd[rng.gen_range(0..odd.len())].to_string();
            if rng.gen_bool(0.3) {
                fields.truncate(rng.gen_range(1..fields.len()));
            }
            fields.join(":").into_bytes()
        }
        4 => {
            let words = [
                "evaluation",
                "fibsboard",
                "set",
                "debug",
                "interface",
                "prompt",
                "plies",
                "noise",
                "cube",
                "on",
                "jacobyrule",
                "resignation",
                "beavers",
                "cubeful",
                "'",
                "\"",
                "board:",
                "board:a:b:",
                "-1",
                "1e9",
                "\t",
                "prune",
            ];
            let count = rng.gen_range(1..8);
            (0..count)
                .map(|_| words[rng.gen_range(0..words.len())])
                .collect::<Vec<_>>()
                .join(" ")
                .into_bytes()
        }
        _ => {
            let line = corpus[rng.gen_range(0..corpus.len())];
            let mut bytes = line.as_bytes().to_vec();
            for _ in 0..rng.gen_range(1..5) {
                if bytes.is_empty() {
                    break;
                }
                let at = rng.gen_range(0..bytes.len());
                bytes[at] = rng.gen();
            }
            bytes
        }
    };
    for byte in &mut bytes {
        if *byte == b'\n' {
            *byte = b' ';
        }
    }
    bytes
}

/// Whether a garbage line would be one of the requests that do not get exactly one line
/// back (`version` answers four, `exit`/`quit` close).
fn multi_line_request(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes).replace('\0', "");
    let text = text.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\r');
    let lower = text.to_ascii_lowercase();
    lower == "version" || lower == "exit" || lower == "quit"
}

#[test]
fn ten_thousand_malformed_requests_leave_the_external_server_answering() {
    let (address, server) = start_server(usize::MAX);
    let mut rng = StdRng::seed_from_u64(6);
    let corpus = [
        VALID_BOARD,
        "version",
        "set debug on",
        "set interface old",
        "evaluation fibsboard board:You:Opp:3:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0 plies 0 cubeful",
        "board:You:Opp:0:0:0:0:2:2:2:3:3:3:-3:-3:-3:-3:-3:0:0:0:0:0:0:0:0:0:0:0:0:0:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0 resignation 2",
    ];
    let connect = || {
        let stream = TcpStream::connect(&address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        let reader = BufReader::new(stream.try_clone().expect("clone"));
        (stream, reader)
    };
    let (mut stream, mut reader) = connect();
    // A reply line, past the `DBG:` lines a `set debug on` in the garbage turns on.
    let read_line = |reader: &mut BufReader<TcpStream>| loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a reply");
        if !line.starts_with("DBG:") {
            break line;
        }
    };
    let mut sent = 0;
    let mut errors = 0;
    while sent < 10_000 {
        let mut bytes = garbage(&mut rng, &corpus);
        if multi_line_request(&bytes) {
            continue;
        }
        bytes.push(b'\n');
        stream.write_all(&bytes).expect("send");
        let reply = read_line(&mut reader);
        assert!(reply.ends_with('\n'), "reply {reply:?}");
        if reply.starts_with("Error: ") {
            errors += 1;
        }
        sent += 1;
        if sent % 1000 == 0 {
            // Valid requests are still answered correctly.
            stream.write_all(b"version\n").expect("send");
            assert_eq!(read_line(&mut reader), "Interface: 2\n");
            for _ in 0..3 {
                read_line(&mut reader);
            }
            stream
                .write_all(format!("{VALID_BOARD}\n").as_bytes())
                .expect("send");
            let reply = read_line(&mut reader);
            let mut numbers = [0i64; BOARD_NUMBERS];
            assert_legal_reply(VALID_BOARD, &reply, &mut numbers);
        }
        if sent % 2500 == 0 {
            // Drop the client mid-request; the server must take the next one.
            stream.write_all(b"board:You:Opp:3:0").expect("send");
            drop(stream);
            drop(reader);
            (stream, reader) = connect();
        }
    }
    assert!(errors > 5000, "{errors} error replies");
    stream.write_all(b"exit\n").expect("send");
    // The listener is still alive: a new client is served.
    let (mut last, mut last_reader) = connect();
    last.write_all(b"help\n").expect("send");
    assert_eq!(
        read_line(&mut last_reader),
        "\tNo help information available\n"
    );
    drop(last);
    drop(last_reader);
    drop(server); // serves forever; the thread ends with the test process
}

#[test]
fn ten_thousand_malformed_ubgi_lines_leave_the_session_answering() {
    let mut rng = StdRng::seed_from_u64(7);
    let corpus = [
        "ubgi",
        "isready",
        "position gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA",
        "position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
        "position gnubgid 4HPwATDgc/ABMA",
        "dice 3 1",
        "go",
        "go chequer",
        "go cube",
        "go turn",
        "set engine.ply 1",
        "get game.variant",
        "setoption name Ply value 1",
        "keys",
        "newgame",
    ];
    let mut input = Vec::new();
    let mut count = 0;
    while count < 10_000 {
        let mut bytes = garbage(&mut rng, &corpus);
        let text = String::from_utf8_lossy(&bytes);
        if text.split_whitespace().next() == Some("quit") {
            continue;
        }
        bytes.push(b'\n');
        input.extend(bytes);
        count += 1;
    }
    input.extend(
        b"newgame\nposition gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA\ngo chequer\nisready\nquit\n",
    );
    let mut session = UbgiSession::new(Pubeval, "tavli");
    let mut output = Vec::new();
    ubgi::run(&mut session, &input[..], &mut output).expect("runs to the end");
    let output = String::from_utf8(output).expect("UTF-8 output");
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.last(), Some(&"readyok"));
    assert_eq!(lines[lines.len() - 2], "bestmove 8/5 6/5");
    let errors = lines.iter().filter(|l| l.starts_with("error ")).count();
    assert!(errors > 3000, "{errors} error lines");
    for line in &lines {
        assert!(
            !line.chars().any(|c| c.is_control()),
            "control characters in {line:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// UBGI games driven through the protocol

/// A controller that keeps the game itself and asks the engine everything through UBGI.
struct Controller {
    session: UbgiSession<Pubeval>,
    rng: StdRng,
    cube_actions: Vec<String>,
}

impl Controller {
    fn ask(&mut self, line: &str) -> String {
        let replies = self.session.handle_line(line);
        for reply in &replies {
            assert!(!reply.starts_with("error"), "{line} -> {reply}");
        }
        replies.last().cloned().unwrap_or_default()
    }

    fn send_position(&mut self, state: &MatchState) {
        let id = gnubg_id::encode(state);
        let reply = self.ask(&format!("position gnubgid {id}"));
        assert!(reply.is_empty(), "position {id} -> {reply}");
    }

    /// Plays one game from `state` (start position, no dice); returns (winner, points).
    fn play_game(&mut self, mut state: MatchState) -> (Side, u32) {
        for _turn in 0..2000 {
            let context = Stakes::from_state(&state);
            let mover = state.on_roll;
            if context.may_double(mover) {
                self.send_position(&state);
                let answer = self.ask("go cube");
                if answer == "bestcube double" {
                    state.double_offered = true;
                    state.turn = mover.opponent();
                    self.send_position(&state);
                    let response = self.ask("go cube");
                    self.cube_actions.push(format!("double/{response}"));
                    state.double_offered = false;
                    state.turn = mover;
                    match response.as_str() {
                        "bestcube drop" => return (mover, state.cube_value),
                        "bestcube take" => {
                            state.cube_value *= 2;
                            state.cube_owner = Some(mover.opponent());
                        }
                        "bestcube beaver" => {
                            state.cube_value *= 4;
                            state.cube_owner = Some(mover.opponent());
                        }
                        other => panic!("cube response {other}"),
                    }
                } else {
                    assert_eq!(answer, "bestcube nodouble");
                }
            }
            let dice =
                Dice::new(self.rng.gen_range(1..=6), self.rng.gen_range(1..=6)).expect("dice");
            self.send_position(&state);
            assert!(self
                .ask(&format!("dice {} {}", dice.first(), dice.second()))
                .is_empty());
            let reply = if self.rng.gen_bool(0.5) {
                self.ask("go chequer")
            } else {
                let turn = self.ask("go turn");
                let (_, play) = turn.split_once(" move=").expect("bestturn payload");
                format!("bestmove {play}")
            };
            let payload = reply.strip_prefix("bestmove ").expect("bestmove");
            let plays = legal_plays(&state.board, mover, dice);
            let point = |text: &str| -> u8 {
                match text {
                    "bar" => 25,
                    "off" => 0,
                    number => number.parse().expect("point"),
                }
            };
            let mut ours: Vec<(u8, u8)> = if payload == "pass" {
                Vec::new()
            } else {
                payload
                    .split(' ')
                    .map(|pair| {
                        let (from, to) = pair.split_once('/').expect("from/to");
                        (point(from), point(to))
                    })
                    .collect()
            };
            ours.sort_unstable();
            if plays.is_empty() {
                assert_eq!(payload, "pass");
            } else {
                let play = plays
                    .iter()
                    .find(|play| {
                        let mut steps: Vec<(u8, u8)> =
                            play.steps().iter().map(|s| (s.from, s.to)).collect();
                        steps.sort_unstable();
                        steps == ours
                    })
                    .unwrap_or_else(|| panic!("illegal bestmove {payload}"));
                state.board = play.result;
            }
            if state.board.checkers_in_play(mover) == 0 {
                let loser = mover.opponent();
                let points = if state.board.borne_off(loser) > 0 {
                    1
                } else if (18..=24).any(|i| state.board.slots[loser.index()][i] > 0) {
                    3
                } else {
                    2
                };
                let points = if state.jacoby && state.cube_owner.is_none() && !state.is_match() {
                    1
                } else {
                    points
                };
                return (mover, points * state.cube_value);
            }
            state.dice = None;
            state.on_roll = mover.opponent();
            state.turn = state.on_roll;
        }
        panic!("game did not end");
    }
}

#[test]
fn ubgi_drives_a_money_game_and_a_match_with_cube_actions() {
    let mut controller = Controller {
        session: UbgiSession::new(Pubeval, "tavli"),
        rng: StdRng::seed_from_u64(42),
        cube_actions: Vec::new(),
    };
    let lines = controller.session.handle_line("ubgi");
    assert_eq!(lines.last().map(String::as_str), Some("ubgiok"));
    assert_eq!(controller.ask("isready"), "readyok");
    assert!(controller.ask("newgame").is_empty());

    // A money game.
    let (_, points) = controller.play_game(MatchState::new_money_game(Variant::Standard, Side::X));
    assert!(points >= 1);

    // A 5-point match with the Crawford rule.
    let mut score = [0u32; 2];
    let length = 5;
    let mut crawford_played = false;
    let mut games = 0;
    while score[0] < length && score[1] < length {
        assert!(controller.ask("newgame").is_empty());
        let crawford = !crawford_played && (score[0] == length - 1 || score[1] == length - 1);
        crawford_played |= crawford;
        let first = if games % 2 == 0 { Side::X } else { Side::O };
        let state = MatchState {
            match_length: length,
            score,
            crawford,
            jacoby: false,
            ..MatchState::new_money_game(Variant::Standard, first)
        };
        let (winner, points) = controller.play_game(state);
        score[winner.index()] += points;
        games += 1;
        assert!(games < 60, "match too long");
    }
    assert!(
        !controller.cube_actions.is_empty(),
        "no cube action in a money game and a 5-point match"
    );
    assert!(controller.session.handle_line("quit").is_empty());
    assert!(controller.session.finished());
}

// ---------------------------------------------------------------------------------------
// Latency

#[test]
fn move_replies_are_fast() {
    let (address, server) = start_server(1);
    let text = include_str!("../fixtures/external/p1-match.transcript");
    let boards: Vec<String> = text
        .lines()
        .filter_map(|line| line.strip_prefix("gnubg -> player: "))
        .map(|request| unrepr(request).replace('\0', ""))
        .map(|request| request.trim_end().to_string())
        .filter(|request| request.split(':').nth(34).is_some_and(|die| die != "0"))
        .collect();
    assert!(boards.len() >= 20, "{} boards with dice", boards.len());
    let stream = TcpStream::connect(&address).expect("connect");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut stream = stream;
    let mut times: Vec<Duration> = Vec::new();
    for _round in 0..5 {
        for board in &boards {
            let started = Instant::now();
            stream
                .write_all(format!("{board}\n").as_bytes())
                .expect("send");
            let mut reply = String::new();
            reader.read_line(&mut reply).expect("reply");
            times.push(started.elapsed());
            assert_eq!(kind(&reply), "move", "{board} -> {reply:?}");
        }
    }
    stream.write_all(b"exit\n").expect("send");
    server.join().expect("server");
    times.sort_unstable();
    let count = times.len();
    let mean = times.iter().sum::<Duration>() / u32::try_from(count).expect("count");
    let p99 = times[count * 99 / 100];
    let worst = times[count - 1];
    eprintln!(
        "move reply latency over {count} requests: mean {mean:?}, 99th percentile {p99:?}, worst {worst:?}"
    );
    // The limit is for optimised builds; unoptimised test builds get five times the room.
    let limit = if cfg!(debug_assertions) {
        Duration::from_millis(50)
    } else {
        Duration::from_millis(10)
    };
    assert!(mean < limit, "mean {mean:?}");
    if !cfg!(debug_assertions) {
        assert!(p99 < limit, "99th percentile {p99:?}");
    }
}

// ---------------------------------------------------------------------------------------
// Grammar examples

#[test]
fn grammar_examples_are_accepted_or_are_responses() {
    let grammar = include_str!("../grammar/engine.ebnf");
    let examples: Vec<&str> = grammar
        .lines()
        .filter_map(|line| line.trim().strip_prefix("(* example: "))
        .filter_map(|line| line.strip_suffix(" *)"))
        .collect();
    assert!(examples.len() >= 25, "{} examples", examples.len());
    let ubgi_commands = ["ubgi", "position", "dice", "go", "set", "setoption", "get"];
    let mut requests = 0;
    for example in examples {
        let first = example.split_whitespace().next().unwrap_or("");
        if ubgi_commands.contains(&first)
            && !example.contains("debug")
            && !example.contains("interface")
        {
            let mut session = UbgiSession::new(Pubeval, "tavli");
            session.handle_line("position gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA");
            let replies = session.handle_line(example);
            assert!(
                replies.iter().all(|r| !r.starts_with("error")),
                "{example}: {replies:?}"
            );
            requests += 1;
        } else if parse_request(example).is_ok() {
            requests += 1;
        } else {
            let response = format!("{example}\n");
            assert!(
                kind(&response) != "text"
                    || ["best", "error ", "Error"]
                        .iter()
                        .any(|p| example.starts_with(p)),
                "{example} is neither a request nor a known response"
            );
        }
    }
    assert!(requests >= 12);
}

/// Random positions reached by random play, as gnubg would send them to an external player.
fn random_external_board(rng: &mut StdRng) -> String {
    let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
    let mut side = if rng.gen_bool(0.5) { Side::O } else { Side::X };
    for _ in 0..rng.gen_range(0..40) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let plays = legal_plays(&state.board, side, dice);
        if let Some(play) = plays.get(rng.gen_range(0..plays.len().max(1))) {
            let next = play.result;
            if next.off[0] >= 14 || next.off[1] >= 14 {
                break;
            }
            state.board = next;
        }
        side = side.opponent();
    }
    state.on_roll = side;
    state.turn = side;
    state.match_length = [0, 0, 3, 5, 7][rng.gen_range(0..5)];
    if state.match_length > 0 {
        let length = state.match_length;
        state.score = [rng.gen_range(0..length), rng.gen_range(0..length)];
        state.jacoby = false;
    }
    state.cube_value = [1, 2, 4, 8][rng.gen_range(0..4)];
    state.cube_owner = match (state.cube_value, rng.gen_range(0..3)) {
        (1, _) | (_, 0) => None,
        (_, 1) => Some(Side::O),
        _ => Some(Side::X),
    };
    if rng.gen_bool(0.25) && state.cube_owner != Some(side.opponent()) {
        state.double_offered = true;
        state.turn = side.opponent();
    } else {
        state.dice = Some(Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice"));
    }
    let board = tavli::codec::fibs::encode(
        &state,
        ["Opp", "You"],
        tavli::codec::fibs::FibsFlavour::ExternalPlayer,
    );
    let mut line = board;
    let options = [
        "jacobyrule on",
        "jacobyrule off",
        "crawfordrule off",
        "crawfordrule on",
        "beavers off",
        "beavers on",
        "resignation 1",
        "resignation 2",
        "resignation 0",
    ];
    for _ in 0..rng.gen_range(0..4) {
        line.push(' ');
        line.push_str(options[rng.gen_range(0..options.len())]);
    }
    if rng.gen_bool(0.3) {
        let evaluation = [
            "plies 0",
            "plies 1",
            "cube on",
            "cube off",
            "cubeful",
            "cubeless",
            "noise 0.0",
            "noise 250",
            "prune",
            "deterministic off",
        ];
        let mut request = format!("evaluation fibsboard {line}");
        for _ in 0..rng.gen_range(0..3) {
            request.push(' ');
            request.push_str(evaluation[rng.gen_range(0..evaluation.len())]);
        }
        line = request;
    }
    line
}

/// Lines up to and including the first one that is not a `DBG:` line.
fn read_reply(reader: &mut BufReader<TcpStream>) -> Option<String> {
    let mut reply = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.replace('\0', "");
        let done = !line.starts_with("DBG:");
        reply.push_str(&line);
        if done {
            return Some(reply);
        }
    }
}

#[test]
fn debug_lines_equal_gnubgs_on_random_boards() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: debug-line comparison skipped");
        return;
    }
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
        probe.local_addr().expect("address").port()
    };
    let mut gnubg_process = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg starts");
    let mut stdin = gnubg_process.stdin.take().expect("stdin");
    writeln!(stdin, "external 127.0.0.1:{port}").expect("command");
    let mut stream = None;
    for _ in 0..100 {
        if let Ok(connected) = TcpStream::connect(("127.0.0.1", port)) {
            stream = Some(connected);
            break;
        }
        thread::sleep(Duration::from_millis(100));
    }
    let stream = stream.expect("gnubg listens");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let mut writer = stream.try_clone().expect("clone");
    let mut reader = BufReader::new(stream);
    let mut session = ExternalSession::new(Pubeval, SessionDefaults::default());
    let mut ask = |line: &str| -> (String, String) {
        writeln!(writer, "{line}").expect("send");
        let gnubg = read_reply(&mut reader).expect("gnubg replies");
        let ours = match session.handle_line(line) {
            Reply::Send(text) => text,
            Reply::Close => String::new(),
        };
        (gnubg, ours)
    };
    let (gnubg, ours) = ask("set debug on");
    assert_eq!(gnubg, ours);
    let seed: u64 = std::env::var("TAVLI_DIFF_SEED")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| Instant::now().elapsed().as_nanos() as u64 ^ 0x5eed);
    let mut rng = StdRng::seed_from_u64(seed);
    let debug = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("DBG:"))
            .map(str::to_string)
            .collect()
    };
    let mut compared = 0;
    for _ in 0..150 {
        let line = random_external_board(&mut rng);
        let (gnubg, ours) = ask(&line);
        if gnubg.starts_with("Error") || ours.starts_with("Error") {
            continue;
        }
        assert_eq!(debug(&ours), debug(&gnubg), "seed {seed}: {line}");
        compared += 1;
    }
    let _ = writeln!(writer, "exit");
    drop(stdin);
    let _ = gnubg_process.kill();
    let _ = gnubg_process.wait();
    assert!(
        compared >= 100,
        "only {compared} boards compared (seed {seed})"
    );
}
