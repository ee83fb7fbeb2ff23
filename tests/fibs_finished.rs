//! The FIBS board gnubg writes after the last game of a match (the winner's score equal to
//! the match length) is read by `tavli id` and `board` (`moves` refuses it: no game to play),
//! checked live against gnubg: tavli shows gnubg's own board and IDs for it. (gnubg's own `set gnubgid` of that ID in a
//! fresh session sets up a new game instead, so it is no reference for reading.)

use crate::support::{gnubg_available, run_gnubg_transcript, tavli_binary};
use std::process::Command;

/// Plays a 1-point match gnubg against gnubg with `seed` and returns (the `board:` line,
/// the ASCII board) gnubg shows at its end.
fn finished_match(seed: u32) -> (String, String) {
    let script = format!(
        "set player 0 gnubg\nset player 1 gnubg\n\
         set player 0 chequerplay evaluation plies 0\nset player 1 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\nset player 1 cubedecision evaluation plies 0\n\
         set seed {seed}\nnew match 1\nset output rawboard on\nshow board\n\
         set output rawboard off\nshow board\n"
    );
    let (out, _) = run_gnubg_transcript(&script);
    let fibs = out
        .lines()
        .rev()
        .find(|line| line.starts_with("board:"))
        .unwrap_or_else(|| panic!("no board line\n{out}"))
        .to_string();
    (fibs, last_board(&out))
}

/// The last ASCII board (15 lines from ` GNU Backgammon  Position ID:`) in `text`.
fn last_board(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .rposition(|line| line.starts_with(" GNU Backgammon  Position ID:"))
        .unwrap_or_else(|| panic!("no board\n{text}"));
    lines[start..(start + 15).min(lines.len())].join("\n")
}

fn tavli(arguments: &[&str]) -> (String, bool) {
    let output = Command::new(tavli_binary())
        .args(arguments)
        .output()
        .expect("tavli runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        output.status.success(),
    )
}

#[test]
fn finished_match_boards_read_as_gnubg_shows_them() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: finished-match FIBS test skipped");
        return;
    }
    // Seed 13 ends by bearing off (score 1 of 1), seed 3 by a resigned single game.
    for seed in [13, 3] {
        let (fibs, gnubg_board) = finished_match(seed);
        let (board, ok) = tavli(&["board", &fibs, "--x-name", "root"]);
        assert!(ok, "seed {seed}: tavli board {fibs}");
        let (id, ok) = tavli(&["id", &fibs, "--to", "gnubgid"]);
        assert!(ok, "seed {seed}: tavli id {fibs}");
        let id = id.trim();
        // The game is over: no play to list, refused (an empty list means no legal play).
        let (moves, ok) = tavli(&["moves", &fibs, "21"]);
        assert!(
            !ok && moves.is_empty(),
            "seed {seed}: tavli moves {fibs}: {moves}"
        );
        let (round_trip, _) = tavli(&["id", id, "--to", "fibs"]);
        assert_eq!(round_trip.trim(), fibs, "seed {seed}");
        if seed == 13 {
            // A game won by bearing off: board and IDs are gnubg's own.
            assert_eq!(board.trim_end(), gnubg_board.trim_end(), "seed {seed}");
        } else {
            // A resignation is not in a board line: the same position, without the offer.
            let position = |text: &str| text.lines().next().map(str::to_string);
            assert_eq!(position(&board), position(&gnubg_board), "seed {seed}");
        }
    }
}

#[test]
fn a_score_above_the_match_length_is_refused_like_its_match_id() {
    // gnubg writes this after a resigned gammon ends a 1-point match (seed 11).
    let fibs = "board:root:gnubg:1:2:0:0:2:2:1:0:0:0:0:-1:0:0:0:0:0:0:0:0:0:0:-1:-3:-1:-4:-2:-3:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:10:0:0:0:0:0:1:1";
    let output = Command::new(tavli_binary())
        .args(["id", fibs, "--to", "gnubgid"])
        .output()
        .expect("tavli runs");
    assert!(!output.status.success());
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("score 2 does not fit a 1-point match"),
        "{message}"
    );
}

/// Sends each line to an external-player server at `address` and returns its one-line replies.
fn ask(address: &str, lines: &[String]) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    let started = std::time::Instant::now();
    let stream = loop {
        match std::net::TcpStream::connect(address) {
            Ok(stream) => break stream,
            Err(error) if started.elapsed() < std::time::Duration::from_secs(20) => {
                let _ = error;
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
            Err(error) => panic!("no server at {address}: {error}"),
        }
    };
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(30)))
        .expect("a timeout");
    let mut writer = stream.try_clone().expect("a second handle");
    let mut reader = BufReader::new(stream);
    lines
        .iter()
        .map(|line| {
            writeln!(writer, "{line}").expect("the request is sent");
            let mut reply = String::new();
            reader.read_line(&mut reply).expect("a reply");
            reply.trim_end().to_string()
        })
        .collect()
}

/// A free local port (bound, then released for the server to take).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// gnubg reads a FIBS board in one place only, its external-player interface (`external
/// ADDRESS`; `set board` reads Position IDs and the `simple` form, not FIBS lines). There it
/// refuses every board gnubg writes after a match's last game, the winner's score at the match
/// length or above it ("Error: badly formed board"), and reads the same board a game earlier.
/// tavli's `external` answers the same; `tavli id`, `board` and `moves` go further and read the
/// boards with the score at the length (as gnubg reads the GNUbg ID it shows there, above).
#[test]
fn gnubg_reads_no_finished_match_board_and_tavli_external_agrees() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: external-player FIBS test skipped");
        return;
    }
    let finished = [
        // Seed 13 (bearing off, score 1 of 1), seed 11 (a resigned gammon: 2 of 1), and the
        // same position with a backgammon's 3 and a 5-point match's 7.
        "board:root:gnubg:1:1:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:0:-2:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:15:13:0:0:0:0:1:1",
        "board:root:gnubg:1:2:0:0:2:2:1:0:0:0:0:-1:0:0:0:0:0:0:0:0:0:0:-1:-3:-1:-4:-2:-3:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:10:0:0:0:0:0:1:1",
        "board:root:gnubg:1:0:3:0:2:2:1:0:0:0:0:-1:0:0:0:0:0:0:0:0:0:0:-1:-3:-1:-4:-2:-3:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:10:0:0:0:0:0:1:1",
        "board:root:gnubg:5:7:2:0:2:2:1:0:0:0:0:-1:0:0:0:0:0:0:0:0:0:0:-1:-3:-1:-4:-2:-3:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:10:0:0:0:0:0:1:1",
    ];
    // The opening of a 5-point match at 4-2 with 3-1 to play, and without dice.
    let playing = [
        "board:root:gnubg:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        "board:root:gnubg:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
    ];
    let lines: Vec<String> = finished
        .iter()
        .chain(playing.iter())
        .map(|line| (*line).to_string())
        .collect();

    let port = free_port();
    let mut gnubg = Command::new(crate::support::GNUBG)
        .args(["-t", "-q"])
        .env("LC_ALL", "C")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("gnubg starts");
    {
        use std::io::Write;
        let stdin = gnubg.stdin.as_mut().expect("gnubg's stdin");
        writeln!(
            stdin,
            "set player 0 chequerplay evaluation plies 0\nexternal localhost:{port}"
        )
        .expect("gnubg reads its script");
    }
    let gnubg_replies = ask(&format!("127.0.0.1:{port}"), &lines);
    let _ = gnubg.kill();
    let _ = gnubg.wait();

    let port = free_port();
    let mut server = Command::new(tavli_binary())
        .args(["external", &format!("127.0.0.1:{port}")])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("tavli external starts");
    let tavli_replies = ask(&format!("127.0.0.1:{port}"), &lines);
    let _ = server.kill();
    let _ = server.wait();

    for (index, line) in lines.iter().enumerate() {
        let refused = |reply: &str| reply == "Error: badly formed board";
        assert_eq!(
            refused(&gnubg_replies[index]),
            index < finished.len(),
            "gnubg on {line}: {}",
            gnubg_replies[index]
        );
        assert_eq!(
            refused(&tavli_replies[index]),
            refused(&gnubg_replies[index]),
            "{line}: gnubg {:?}, tavli {:?}",
            gnubg_replies[index],
            tavli_replies[index]
        );
    }
    // Where gnubg reads the board, both answer the same kind of thing: a play with dice, a
    // cube action (`roll` or `double`) without.
    for replies in [&gnubg_replies, &tavli_replies] {
        assert!(replies[finished.len()].contains('/'), "{replies:?}");
        let cube_action = &replies[finished.len() + 1];
        assert!(
            cube_action == "roll" || cube_action == "double",
            "{replies:?}"
        );
    }
}
