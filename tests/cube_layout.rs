//! `eval` and cube `hint` against gnubg: the layout (labels, columns, lines, order of the cube
//! lines) must be gnubg's with every decimal number masked, since tavli's evaluator gives other
//! numbers; tavli's own output is kept as insta snapshots.

use crate::support::gnubg_available;
use std::io::Write;
use std::process::{Command, Stdio};

/// Lines run before every script by both programs: both players human, fixed names.
const PRELUDE: &str =
    "set player 0 human\nset player 1 human\nset defaultnames gnubg root\nset player 1 name root\n";

/// Lines run before every script by both programs: evaluate at 0 plies (gnubg's default;
/// tavli's is 2), so that the tables have the same rows (their answers are removed before
/// comparing).
const DEPTH_PRELUDE: &str = "set evaluation chequerplay evaluation plies 0\n\
                             set evaluation cubedecision evaluation plies 0\n";

/// Scripted situations; every one is chosen so that tavli's and gnubg's evaluators agree on
/// the proper cube action (the order of the lines depends on it).
const SCRIPTS: &[(&str, &str)] = &[
    (
        "money-centred",
        "set seed 1\nnew game\nmove 24/15\nhint\neval\ndouble\nhint\neval\ntake\neval\n",
    ),
    (
        "money-owned-cube",
        "set seed 1\nnew game\nmove 24/15\nset cube value 2\nset cube owner 1\nhint\neval\n\
         set cube owner 0\nhint\neval\nset beavers 0\nset cube value 4096\nhint\neval\n",
    ),
    (
        "money-beavers-jacoby",
        "set seed 1\nnew game\nmove 24/15\nset jacoby off\nhint\nset beavers 0\nhint\neval\n\
         set cube use off\nhint\neval\nset jacoby on\nhint\n",
    ),
    (
        "money-race-double-pass",
        "set seed 1\nnew game\nset xgid XGID=-EEE-----------e----dd----:0:0:1:00:0:0:3:0:10\nhint\neval\n\
         double\nhint\neval\n",
    ),
    (
        "money-too-good",
        "set seed 1\nnew game\nset xgid XGID=bBBBBBB-C----------edd----:0:0:1:00:0:0:3:0:10\nhint\neval\n\
         set cube value 2\nset cube owner 1\nhint\neval\n",
    ),
    (
        "money-after-roll",
        "set seed 5\nset beavers 0\nnew game\neval\nset cube value 2\nset cube owner 0\neval\n",
    ),
    (
        "match-start",
        "set seed 3\nnew match 5\nset turn 0\nhint\neval\ndouble\nhint\neval\n",
    ),
    (
        "match-crawford",
        "set seed 3\nnew match 5\nset score 4* 2\nset turn 0\nhint\neval\nset turn 1\nhint\neval\n",
    ),
    (
        "match-post-crawford",
        "set seed 3\nnew match 5\nset score 4p 2\nset turn 0\nhint\neval\n\
         set turn 1\nhint\neval\ndouble\nhint\n",
    ),
    (
        "match-cube-owned",
        "set seed 3\nnew match 5\nset score 2 2\nset turn 1\nset cube value 2\n\
         set cube owner 1\nhint\neval\nset cube value 4\nhint\neval\nset cube owner 0\nhint\n\
         eval\n",
    ),
    (
        "resignation-hint",
        "set seed 3\nnew session\nresign 2\nhint\nreject\nresign 3\nhint\naccept\n\
         set jacoby off\nnew game\nset cube value 2\nresign 1\nhint\n",
    ),
    (
        "resignation-hint-match",
        "set seed 3\nnew match 5\nset score 2 3\nresign 2\nhint\nreject\nset turn 1\nresign 1\nhint\n",
    ),
    (
        "no-game",
        "hint\neval\n",
    ),
];

/// tavli's (stdout, stderr) for `script` after the prelude.
fn run_tavli(script: &str) -> (String, String) {
    let (out, err, _) =
        crate::support::run_tavli_transcript(&format!("{DEPTH_PRELUDE}{PRELUDE}{script}"));
    (without_depth_answers(&out), err)
}

/// `text` without the answers to [`DEPTH_PRELUDE`].
fn without_depth_answers(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|line| !line.starts_with("`eval' and `hint'"))
        .collect()
}

/// gnubg's (stdout, stderr) for `script` after both preludes, banner and the answers to
/// [`DEPTH_PRELUDE`] removed. Run in the C locale, so its numbers have decimal points.
fn run_gnubg(script: &str) -> (String, String) {
    let (stdout, stderr) =
        crate::support::run_gnubg_transcript(&format!("{DEPTH_PRELUDE}{PRELUDE}{script}"));
    (without_depth_answers(&stdout), stderr)
}

/// Replaces every number with a decimal point (with its sign) by `#`.
fn mask_numbers(text: &str) -> String {
    let mut masked = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut index = 0;
    while index < chars.len() {
        let start = index;
        let mut end = index;
        if matches!(chars[end], '+' | '-') {
            end += 1;
        }
        let digits_start = end;
        while end < chars.len() && chars[end].is_ascii_digit() {
            end += 1;
        }
        let has_digits = end > digits_start;
        if has_digits
            && end + 1 < chars.len()
            && chars[end] == '.'
            && chars[end + 1].is_ascii_digit()
        {
            end += 1;
            while end < chars.len() && chars[end].is_ascii_digit() {
                end += 1;
            }
            masked.push('#');
            index = end;
        } else {
            masked.push(chars[start]);
            index = start + 1;
        }
    }
    masked
}

/// tavli's text with its evaluator names put back to gnubg's wording at 0 plies: tavli
/// prints `net 0-ply` where gnubg prints `0-ply`, and its evaluator before the position
/// class.
fn as_gnubg_words(text: &str) -> String {
    text.replace("net 0-ply cubeless", "0-ply cubeless")
        .replace("Evaluator: \tnet 0-ply, ", "Evaluator: \t")
}

fn first_difference(expected: &str, actual: &str) -> String {
    let expected_lines: Vec<&str> = expected.split('\n').collect();
    let actual_lines: Vec<&str> = actual.split('\n').collect();
    for index in 0..expected_lines.len().max(actual_lines.len()) {
        if expected_lines.get(index) != actual_lines.get(index) {
            return format!(
                "line {}: gnubg {:?} / tavli {:?}",
                index + 1,
                expected_lines.get(index),
                actual_lines.get(index)
            );
        }
    }
    String::new()
}

#[test]
fn masking_hides_every_decimal_number_and_nothing_else() {
    assert_eq!(
        mask_numbers("1. No double           +0.084\nstatic: 0.522   -1.000  (25.4%) 4096 Cube: 2"),
        "1. No double           #\nstatic: #   #  (#%) 4096 Cube: 2"
    );
    assert_eq!(mask_numbers("24/15 6-3 x.y 3."), "24/15 6-3 x.y 3.");
}

#[test]
fn eval_and_cube_hint_have_gnubgs_layout() {
    let live = gnubg_available();
    if !live {
        eprintln!("gnubg not installed: checking tavli's snapshots only");
    }
    let mut failures = Vec::new();
    let mut transcripts = Vec::new();
    for (name, script) in SCRIPTS {
        let (out, err) = run_tavli(script);
        let transcript = format!("{out}--- stderr ---\n{err}");
        if live {
            let (gnubg_out, gnubg_err) = run_gnubg(script);
            let expected = mask_numbers(&format!("{gnubg_out}--- stderr ---\n{gnubg_err}"));
            let actual = mask_numbers(&as_gnubg_words(&transcript));
            if expected != actual {
                failures.push(format!("{name}: {}", first_difference(&expected, &actual)));
            }
        }
        transcripts.push((name, transcript));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (name, transcript) in transcripts {
        insta::assert_snapshot!(format!("cube_layout_{name}"), transcript);
    }
}

#[test]
fn numbers_ignore_the_locale() {
    // tavli formats numbers itself; a locale with decimal commas must change nothing.
    let script = format!("{DEPTH_PRELUDE}{PRELUDE}set seed 1\nnew game\neval\n");
    let run_with = |locale: &str| -> String {
        let mut child = match Command::new(crate::support::tavli_binary())
            .arg("repl")
            .env("LC_ALL", locale)
            .env("LANG", locale)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(error) => panic!("tavli does not start: {error}"),
        };
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(script.as_bytes());
        }
        match child.wait_with_output() {
            Ok(output) => String::from_utf8_lossy(&output.stdout).into_owned(),
            Err(error) => panic!("tavli does not run: {error}"),
        }
    };
    let german = run_with("de_DE.UTF-8");
    assert_eq!(german, run_with("C"));
    assert!(german.contains("static: 0."), "{german}");
    assert!(german.contains("Proper cube action: "), "{german}");
}
