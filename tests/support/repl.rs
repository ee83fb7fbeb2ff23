//! Helpers shared by the REPL's tests (tests/repl*.rs): the preludes both programs run, the
//! scripted transcripts of tavli and gnubg after them, the masking of the figures that
//! differ between the two evaluators, a line-by-line comparison with gnubg, and scratch
//! directories for the files the REPL writes.

use super::{run_gnubg_transcript, run_tavli_transcript};
use std::path::PathBuf;
use tavli::protocol::Session;

/// Lines run before a script by both programs: both players human, fixed names.
pub const HUMAN_PLAYERS: &str =
    "set player 0 human\nset player 1 human\nset defaultnames gnubg root\nset player 1 name root\n";

/// Lines run before an analysis script by both programs: both players human, the analysis
/// at 0 plies.
pub const ANALYSIS_PRELUDE: &str = "set player 0 human\nset player 1 human\n\
set analysis chequerplay evaluation plies 0\nset analysis cubedecision evaluation plies 0\n";

/// Real matches gnubg imports without a message, of several lengths and game counts.
pub const MATCHES: &[&str] = &[
    "mat/real/backgammon-galaxy/gnubg-scripts_match1486073.txt",
    "mat/real/backgammon-galaxy/match1709865.txt",
    "mat/real/backgammon-galaxy/match11274186.txt",
];

/// The path of `fixtures/PATH` in the repository.
pub fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// tavli's (stdout, stderr, session) for `script` after [`HUMAN_PLAYERS`].
pub fn tavli_with_human_players(script: &str) -> (String, String, Session) {
    run_tavli_transcript(&format!("{HUMAN_PLAYERS}{script}"))
}

/// gnubg's (stdout, stderr) for `script` after [`HUMAN_PLAYERS`], banner removed.
pub fn gnubg_with_human_players(script: &str) -> (String, String) {
    run_gnubg_transcript(&format!("{HUMAN_PLAYERS}{script}"))
}

/// A directory of this test process for the files a test `name` writes (made if missing).
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tavli-repl-{}-{name}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// `text` with every number (a sign before a digit, digits and decimal points) as `#`.
pub fn numbers_masked(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let signed =
            (c == '+' || c == '-') && chars.peek().is_some_and(|next| next.is_ascii_digit());
        if c.is_ascii_digit() || signed {
            while chars
                .peek()
                .is_some_and(|next| next.is_ascii_digit() || *next == '.')
            {
                chars.next();
            }
            out.push('#');
        } else {
            out.push(c);
        }
    }
    out
}

/// `text` with every number (and a count's equity beside it) as `#`, every rating word as
/// `<rating>`, the marks of `list game` dropped and runs of blanks as one: what stays is
/// gnubg's lines and labels.
pub fn masked(text: &str) -> String {
    let ratings = [
        "Chequerplay rating",
        "Luck rating",
        "Cube decision rating",
        "Overall rating",
    ];
    text.lines()
        .map(|line| {
            if let Some(label) = ratings.iter().find(|label| line.starts_with(*label)) {
                return format!("{label} <rating>");
            }
            let out = numbers_masked(line);
            // The marks gnubg writes in `list game` after an analysis: `?!`, `?` and `??` after
            // a play, `+`, `++`, `-` and `--` after the dice (the numbers are `#` by now).
            let words: Vec<String> = out
                .split_whitespace()
                .map(|word| {
                    let word = word.replace(['?', '!'], "");
                    match word.strip_prefix('#') {
                        Some(rest)
                            if !rest.is_empty() && rest.chars().all(|c| c == '-' || c == '+') =>
                        {
                            "#".to_string()
                        }
                        _ => word,
                    }
                })
                .filter(|word| !word.is_empty())
                .collect();
            words
                .join(" ")
                .replace("( ", "(")
                .replace("[ ", "[")
                .replace(", ", ",")
                .replace("# (# (#%))", "#")
                .replace("# (# (#))", "#")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `script` after [`ANALYSIS_PRELUDE`] in gnubg and in tavli and asserts that both give
/// the same stdout once `mask` has masked it (the first differing line named) and the same
/// stderr; returns both unmasked stdouts (tavli's, gnubg's) for further checks.
pub fn compare_analysis_with_gnubg(script: &str, mask: fn(&str) -> String) -> (String, String) {
    let script = format!("{ANALYSIS_PRELUDE}{script}");
    let (gnubg_out, gnubg_err) = run_gnubg_transcript(&script);
    let (tavli_out, tavli_err, _) = run_tavli_transcript(&script);
    let (tavli_lines, gnubg_lines) = (mask(&tavli_out), mask(&gnubg_out));
    if let Some(index) = tavli_lines
        .lines()
        .zip(gnubg_lines.lines())
        .position(|(tavli, gnubg)| tavli != gnubg)
    {
        panic!(
            "line {} of\n{script}\ntavli: {:?}\ngnubg: {:?}",
            index + 1,
            tavli_lines.lines().nth(index),
            gnubg_lines.lines().nth(index)
        );
    }
    assert_eq!(tavli_lines, gnubg_lines, "stdout of\n{script}");
    assert_eq!(tavli_err, gnubg_err, "stderr of\n{script}");
    (tavli_out, gnubg_out)
}
