//! The boards gnubg shows around its computer player's turns (found in session 37, each
//! against live gnubg): a game started automatically is shown twice whoever won its opening
//! roll and whatever ended the game before; the board after a play is shown before the
//! computer's double or resignation that follows it; `end game` starts the next game before
//! its last board, or, without a next game, ends with the game's result and the score. Both
//! programs run the same scripts over seeds 1 to 6 (so that either player wins the next
//! opening roll) and must print the same bytes (the computer's few plays there are the same
//! in both programs at these seeds; other seeds may reach plays the evaluators differ on).

use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};

/// Player 0 the computer at 0 plies, player 1 (`root`) human.
const COMPUTER_AND_HUMAN: &str = "set defaultnames gnubg root\nset player 1 name root\n\
    set player 0 gnubg\nset player 0 chequerplay evaluation plies 0\n\
    set player 0 cubedecision evaluation plies 0\nset player 1 human\n";

/// Scripts (after [`COMPUTER_AND_HUMAN`] and a seed), each naming what it shows.
const SCRIPTS: &[(&str, &str)] = &[
    (
        // root's last checker borne off, the next game started automatically.
        "bear-off-then-automatic-game",
        "set automatic roll off\nnew session\nset xgid XGID=-A-----------------ccccc--:0:0:1:00:0:0:3:0:10\nroll\nmove 1/off\nshow score\n",
    ),
    (
        // The computer accepts root's resignation; the next game starts automatically.
        "accepted-resignation-then-automatic-game",
        "new session\nset xgid XGID=-EEE-----------e----dd----:0:0:1:00:0:0:3:0:10\nresign normal\nshow score\n",
    ),
    (
        // The computer drops root's double; the next game starts automatically.
        "dropped-double-then-automatic-game",
        "set automatic roll off\nnew session\nset xgid XGID=-EEE-----------e----dd----:0:0:1:00:0:0:3:0:10\ndouble\nshow score\n",
    ),
    (
        // root plays; the computer, far ahead, doubles.
        "play-then-computer-double",
        "set automatic roll off\nnew session\nset xgid XGID=-------------CCCCC------a-:0:0:1:00:0:0:3:0:10\nroll\nhint 1\n",
    ),
    (
        // root plays; the computer, far behind, resigns.
        "play-then-computer-resignation",
        "set automatic roll off\nnew session\nset xgid XGID=------B-ccccc-------------:1:1:1:00:0:0:3:0:10\nroll\nmove\nshow board\n",
    ),
    (
        "end-game-then-automatic-game",
        "set automatic roll off\nnew session\nset xgid XGID=-A-----------------ccccc--:0:0:1:00:0:0:3:0:10\nend game\nshow score\n",
    ),
    (
        "end-game-without-automatic-game",
        "set automatic game off\nnew session\nset xgid XGID=-A-----------------ccccc--:0:0:1:00:0:0:3:0:10\nend game\nshow score\n",
    ),
];

/// `script` with its `hint 1` replaced by a `move` of the play gnubg's hint ranks first (so
/// that both programs make the same play).
fn with_gnubg_play(prelude: &str, script: &str) -> String {
    let Some((before, after)) = script.split_once("hint 1\n") else {
        return script.to_string();
    };
    let (hint, _) = run_gnubg_transcript(&format!("{prelude}{before}hint 1\n"));
    let play = hint
        .lines()
        .find(|line| line.starts_with("    1. "))
        .and_then(|line| line.split_once("-ply"))
        .and_then(|(_, rest)| rest.split_once("Eq.:"))
        .map(|(play, _)| play.trim().to_string())
        .unwrap_or_else(|| panic!("no play in gnubg's hint:\n{hint}"));
    format!("{before}move {play}\n{after}")
}

#[test]
fn boards_around_the_computers_turns_are_gnubgs() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: skipped");
        return;
    }
    for (name, script) in SCRIPTS {
        for seed in 1..=6 {
            for players in [
                COMPUTER_AND_HUMAN.to_string(),
                COMPUTER_AND_HUMAN.replace("set player 0 gnubg\n", "set player 0 human\n"),
            ] {
                if players.contains("player 0 human") && !name.starts_with("end-game") {
                    continue;
                }
                let prelude = format!("{players}set seed {seed}\n");
                let script = with_gnubg_play(&prelude, script);
                let input = format!("{prelude}{script}");
                let (tavli_out, tavli_err, _) = run_tavli_transcript(&input);
                let (gnubg_out, gnubg_err) = run_gnubg_transcript(&input);
                assert_eq!(tavli_err, gnubg_err, "{name}, seed {seed}:\n{input}");
                assert_eq!(tavli_out, gnubg_out, "{name}, seed {seed}:\n{input}");
            }
        }
    }
}
