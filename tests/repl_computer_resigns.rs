//! The computer player resigns a race it cannot win, as gnubg 1.07's does: through the binary
//! and against gnubg's REPL where it is installed.

use crate::support::{gnubg_available, run_gnubg_transcript, tavli};

/// Player 0 (`gnubg`) on roll in `setup` made a computer judging at 0 plies, then `play`,
/// then `rest`.
fn script(setup: &str, rest: &str) -> String {
    format!(
        "set seed 3\nset defaultnames gnubg root\nset player 0 human\nset player 1 human\n\
         {setup}set player 0 gnubg\nset player 0 chequerplay evaluation plies 0\n\
         set player 0 cubedecision evaluation plies 0\nplay\n{rest}"
    )
}

/// The lines of `output` that offer, accept or decline a resignation.
fn resignations(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|line| {
            ["offers to resign", "declines the", "accepts and wins"]
                .iter()
                .any(|words| line.contains(words))
        })
        .map(str::to_string)
        .collect()
}

fn resigns_as_gnubg(input: &str, expected: &[&str]) {
    let output = tavli(&[], input);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(resignations(&stdout), expected, "{input}\n{stdout}");
    if gnubg_available() {
        let (gnubg_out, _) = run_gnubg_transcript(input);
        assert_eq!(
            resignations(&gnubg_out),
            expected,
            "gnubg: {input}\n{gnubg_out}"
        );
    }
}

#[test]
fn the_computer_resigns_a_race_it_cannot_win() {
    // Money, the Jacoby rule on and the cube centred: the gammon would not count, so a
    // single game; declined, it rolls and plays on.
    resigns_as_gnubg(
        &script(
            "new session\nset jacoby on\nset turn 0\nset board 3QAAgDLvTgAAAA\n",
            "reject\n",
        ),
        &[
            "gnubg offers to resign a single game.",
            "root declines the single game.",
        ],
    );
    // The trailer at 1-6 in a 7-point match after the Crawford game: every loss loses the
    // match, so the gammon he might lose.
    resigns_as_gnubg(
        &script(
            "new match 7\nset score 1 6\nset crawford off\nset postcrawford on\nset turn 0\n\
             set board awAAwN22kAAAAA\n",
            "accept\n",
        ),
        &[
            "gnubg offers to resign a gammon.",
            "root accepts and wins a gammon.",
        ],
    );
    // The Jacoby rule off: a gammon is likely but not certain, so it plays on.
    resigns_as_gnubg(
        &script(
            "new session\nset jacoby off\nset turn 0\nset board 3QAAgDLvTgAAAA\n",
            "",
        ),
        &[],
    );
}
