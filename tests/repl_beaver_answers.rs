//! Beavers and raccoons at every cube up to gnubg's largest, through the binary and against
//! gnubg 1.07's REPL: a beaver or raccoon that would take the cube past 4096 is refused and
//! changes nothing, and the computer player (`set player N gnubg`) answers a double with a
//! beaver only within 4096, and a beaver of its own double as gnubg's does: a raccoon where
//! the beaver was a mistake (within 4096), a drop where taking costs more than the beavered
//! cube, else a take.

use crate::support::{gnubg_available, run_gnubg_transcript, tavli};

const PRELUDE: &str = "set seed 3\nset defaultnames gnubg root\nset player 0 human\n\
     set player 1 human\nnew session\nset beavers 3\nset turn 0\n";

/// Player 0 (`gnubg`) made a computer player judging at 0 plies, then `play`.
const COMPUTER_0: &str = "set player 0 gnubg\nset player 0 chequerplay evaluation plies 0\n\
     set player 0 cubedecision evaluation plies 0\nplay\n";

/// The lines of `output` that answer a double, a beaver or a raccoon, or refuse one (`show
/// cube` ends its sentence without a newline, as gnubg's does: the answer after it is split
/// off).
fn cube_answers(output: &str) -> Vec<String> {
    let answer = ["accepts", "refuses the cube", "highest supported value"];
    output
        .lines()
        .map(|line| match line.strip_prefix("The cube is at ") {
            Some(rest) => rest.split_once('.').map_or("", |(_, after)| after),
            None => line,
        })
        .filter(|line| answer.iter().any(|word| line.contains(word)))
        .map(str::to_string)
        .collect()
}

/// Runs `script` after [`PRELUDE`] through the tavli binary; checks its cube answers are
/// `expected` and, where gnubg is installed, gnubg's; returns tavli's standard output.
fn answers_as_gnubg(script: &str, expected: &[&str]) -> String {
    let input = format!("{PRELUDE}{script}");
    let output = tavli(&[], &input);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(cube_answers(&stdout), expected, "{script}\n{stdout}");
    if gnubg_available() {
        let (gnubg_out, _) = run_gnubg_transcript(&input);
        assert_eq!(
            cube_answers(&gnubg_out),
            expected,
            "gnubg: {script}\n{gnubg_out}"
        );
    }
    stdout
}

#[test]
fn no_beaver_or_raccoon_past_the_largest_cube_and_the_cube_stays() {
    // At 2048 a double makes 4096 and its beaver would make 8192: refused, the cube as it
    // was (centred or the doubler's), and the take still open.
    for cube in ["set cube centre", "set cube owner 0"] {
        let stdout = answers_as_gnubg(
            &format!(
                "set board 4HPwATDgc/ABMA\nset cube value 2048\n{cube}\n\
                 double\nbeaver\nshow cube\nredouble\ntake\nshow cube\n"
            ),
            &[
                "The cube is already at its highest supported value ; you can't double any more.",
                "The cube is already at its highest supported value ; you can't double any more.",
                "root accepts the cube at 4096.",
            ],
        );
        let before = if cube.ends_with('0') {
            "The cube is at 2048, and is owned by gnubg."
        } else {
            "The cube is at 2048, and is centred."
        };
        assert!(stdout.contains(before), "{stdout}");
        assert!(
            stdout.ends_with("The cube is at 4096, and is owned by root."),
            "{stdout}"
        );
    }
    // At 1024 the beaver makes 4096; the raccoon would pass it.
    answers_as_gnubg(
        "set board 4HPwATDgc/ABMA\nset cube value 1024\ndouble\nbeaver\nbeaver\ntake\n",
        &[
            "root accepts and immediately redoubles to 4096.",
            "The cube is already at its highest supported value ; you can't double any more.",
            "gnubg accepts the cube at 4096.",
        ],
    );
}

#[test]
fn the_computer_beavers_a_double_only_within_the_largest_cube() {
    // The opening position, player 0 on roll: "No double, beaver" for both evaluators.
    let computer_1 = "set player 1 gnubg\nset player 1 chequerplay evaluation plies 0\n\
         set player 1 cubedecision evaluation plies 0\nset board 4HPwATDgc/ABMA\n";
    answers_as_gnubg(
        &format!("{computer_1}set cube value 1024\ndouble\n"),
        &["root accepts and immediately redoubles to 4096."],
    );
    answers_as_gnubg(
        &format!("{computer_1}set cube value 2048\ndouble\n"),
        &["root accepts the cube at 4096."],
    );
}

#[test]
fn the_computer_answers_a_beaver_of_its_double_as_gnubgs() {
    // Double/pass for player 0 (his redouble too): root's beaver is a mistake, so the
    // computer raccoons it, unless the raccoon would pass 4096.
    let double_pass = "set board YefBA0Bsm4oJCA\n";
    answers_as_gnubg(
        &format!("{double_pass}double\nbeaver\n{COMPUTER_0}"),
        &[
            "root accepts and immediately redoubles to 4.",
            "gnubg accepts and immediately redoubles to 8.",
        ],
    );
    answers_as_gnubg(
        &format!("{double_pass}set cube value 512\ndouble\nbeaver\n{COMPUTER_0}"),
        &[
            "root accepts and immediately redoubles to 2048.",
            "gnubg accepts and immediately redoubles to 4096.",
        ],
    );
    answers_as_gnubg(
        &format!("{double_pass}set cube value 1024\ndouble\nbeaver\n{COMPUTER_0}"),
        &[
            "root accepts and immediately redoubles to 4096.",
            "gnubg accepts the cube at 4096.",
        ],
    );
    // Player 0 doubled a position where its redouble taken is worth below -2 (gnubg 0-ply
    // -2.462): taking the beaver costs more than the beavered cube, so it drops.
    answers_as_gnubg(
        &format!("set board tm0FASHe3wAAUA\ndouble\nbeaver\n{COMPUTER_0}"),
        &[
            "root accepts and immediately redoubles to 4.",
            "gnubg refuses the cube and gives up 2 points.",
        ],
    );
}
