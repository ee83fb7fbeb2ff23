//! Editing the cube while a double waits, and doubling at the largest cube, byte for byte
//! against gnubg's REPL (found by the session 24 sweep): `set cube value|owner|centre`
//! withdraw the pending double (the doubler is on turn again, a `take` is refused), and a
//! double at a 64 cube is refused for the roll taken or the opponent's cube before the
//! largest-cube refusal.

use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript};

const PRELUDE: &str =
    "set seed 3\nset player 0 human\nset player 1 human\nset defaultnames gnubg root\n";

const WITHDRAWN: &str = "new session\nset turn 1\ndouble\nset cube centre\nshow board\ntake\n\
     new session\nset turn 1\ndouble\nset cube value 4\nshow board\ntake\n\
     new session\nset turn 1\ndouble\nset cube owner 0\nshow board\ntake\n";

const LARGEST: &str = "new session\nset turn 1\nset cube value 64\nset cube owner 0\ndouble\n\
     set cube owner 1\ndouble\nset cube centre\ndouble\nset dice 3 1\ndouble\n\
     set cube owner 0\ndouble\nnew match 3\nset turn 1\nset cube value 64\ndouble\n\
     set cube owner 0\ndouble\n";

#[test]
fn cube_edits_and_doubles_at_the_largest_cube_answer_as_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: cube edit test skipped");
        return;
    }
    for script in [WITHDRAWN, LARGEST] {
        let input = format!("{PRELUDE}{script}");
        let (gnubg_out, gnubg_err) = run_gnubg_transcript(&input);
        let (out, err, _) = run_tavli_transcript(&input);
        assert_eq!(out, gnubg_out, "{script}");
        assert_eq!(err, gnubg_err, "{script}");
    }
}

#[test]
fn a_cube_edit_withdraws_the_pending_double() {
    let (out, err, session) = run_tavli_transcript(&format!(
        "{PRELUDE}new session\nset turn 1\ndouble\nset cube value 4\ntake\n"
    ));
    // gnubg prints this refusal on standard output.
    assert!(
        out.ends_with("The cube has been set to 4.\nThe cube must have been offered before you can take it.\n"),
        "{out}{err}"
    );
    assert!(!session.state().double_offered);
    assert_eq!(session.state().cube_value, 4);
}
