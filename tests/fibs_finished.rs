//! The FIBS board gnubg writes after the last game of a match (the winner's score equal to
//! the match length) is read by `tavli id`, `moves` and `board`, checked live against gnubg:
//! tavli shows gnubg's own board and IDs for it. (gnubg's own `set gnubgid` of that ID in a
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
        let (moves, ok) = tavli(&["moves", &fibs, "21"]);
        assert!(ok, "seed {seed}: tavli moves {fibs}: {moves}");
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
