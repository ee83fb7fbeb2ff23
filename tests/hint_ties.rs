//! Ties in `hint` and `eval`: a play or cube action as good as the best is printed
//! `(-0.000)`, as gnubg prints it, never `(+0.000)`. The positions are decided (every play
//! and every cube action wins a single game for sure), so tavli's figures are gnubg's to the
//! last digit and the lines that carry differences are compared byte for byte.

use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};

const PRELUDE: &str =
    "set seed 1\nset player 0 human\nset player 1 human\nset defaultnames gnubg root\n";

/// Three checkers on the ace, deuce and three points against fourteen on the opponent's six
/// point, one borne off: 21 has three plays (`2/off 1/off`, `3/off`, `3/1 2/1`), all a
/// certain single win; the cube is a cash, `No double` ties with `Double, pass`. `set turn 1`
/// first: after `new game` the opening roll (each program's own dice) chooses who is on roll.
const SCRIPTS: &[(&str, &str)] = &[
    (
        "doubler",
        "new game\nset turn 1\nset board 4P8HAIAKAAAAAA\nset dice 2 1\nhint\neval\n",
    ),
    (
        "taker",
        "new game\nset turn 1\nset board 4P8HAIAKAAAAAA\ndouble\nhint\n",
    ),
    (
        "match",
        "new match 7\nset score 2 3\nset turn 1\nset board 4P8HAIAKAAAAAA\nset dice 2 1\nhint\neval\n",
    ),
];

/// The lines that print a difference to the best: a ranked play from `Eq.:` on (the
/// evaluator's name and the order of tied plays are each program's own), a cube line whole;
/// and the proper cube action (a tie of no double with double/pass is a double, as gnubg
/// words it).
fn difference_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .filter_map(|line| {
            if let Some(index) = line.find("Eq.:") {
                Some(line[index..].to_string())
            } else if is_cube_line(line) || line.starts_with("Proper cube action") {
                Some(line.to_string())
            } else {
                None
            }
        })
        .collect();
    lines.sort();
    lines
}

/// `2. Double, take        +2.000  (+1.000)`: a line of the cubeful equities.
fn is_cube_line(line: &str) -> bool {
    let mut words = line.splitn(2, ". ");
    let rank = words.next().unwrap_or("");
    let rest = words.next().unwrap_or("");
    ["1", "2", "3"].contains(&rank) && (rest.starts_with("Double") || rest.starts_with("No double"))
}

#[test]
fn tied_plays_and_cube_actions_print_minus_zero_as_gnubg() {
    let live = gnubg_available();
    let mut transcripts = Vec::new();
    for (name, script) in SCRIPTS {
        let input = format!("{PRELUDE}{script}");
        let (out, err, _) = run_tavli_transcript(&input);
        let ours = difference_lines(&out);
        assert!(
            ours.iter().any(|line| line.ends_with("(-0.000)")),
            "{name}: no tie printed:\n{out}"
        );
        assert!(
            !ours.iter().any(|line| line.contains("(+0.000)")),
            "{name}: a tie printed with a plus sign:\n{out}"
        );
        if live {
            let (gnubg_out, _) = run_gnubg_transcript(&input);
            assert_eq!(difference_lines(&gnubg_out), ours, "{name}: against gnubg");
        }
        transcripts.push(format!("=== {name}\n{out}--- stderr ---\n{err}"));
    }
    insta::assert_snapshot!("hint_ties", transcripts.join("\n"));
}
