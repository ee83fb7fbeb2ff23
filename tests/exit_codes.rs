//! Every case of the exit-code table (docs/positions.md, README, `tavli man`'s EXIT STATUS)
//! run on the binary: 0 success; 1 input rejected or invalid (a position, a roll, a match
//! file, a REPL command), whichever command reads the position; 2 usage, a path that gives no
//! file, I/O.

use crate::support::tavli;
use std::path::PathBuf;

fn fixture(path: &str) -> String {
    format!("{}/fixtures/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A directory holding no match file (only notes), made once for the cases below.
fn directory_without_match_files() -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("exit-codes-no-match-files");
    std::fs::create_dir_all(&path).unwrap();
    std::fs::write(path.join("notes.md"), "not a match\n").unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn every_documented_exit_code_is_what_the_binary_returns() {
    let good = fixture("mat/seed08-1pt.mat");
    let invalid = fixture("mat/corrupt/illegal-blocked.mat");
    let empty = directory_without_match_files();
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let converted = scratch
        .join("exit-codes-out.sgf")
        .to_string_lossy()
        .into_owned();
    let missing = "/nonexistent/tavli-exit-codes.mat";
    let cases: Vec<(Vec<&str>, &str, i32)> = vec![
        // 0: success.
        (vec!["moves", "start", "31"], "", 0),
        (vec!["board", "start"], "", 0),
        (vec!["id", "start"], "", 0),
        (vec!["hint", "start", "31", "--plies", "0"], "", 0),
        (vec!["eval", "start", "--plies", "0"], "", 0),
        (vec!["validate", &good], "", 0),
        (vec!["convert", &good, &converted], "", 0),
        (vec!["-t", "-q"], "", 0),
        (vec!["man"], "", 0),
        // 1: a bad position, roll or batch line; an invalid match file; a rejected command.
        (vec!["moves", "garbage", "31"], "", 1),
        (vec!["moves", "start", "71"], "", 1),
        (vec!["moves", "AAAAAAAAAAAAAA", "31"], "", 1),
        (vec!["moves", "--batch", "-"], "not-a-position 3 1\n", 1),
        (vec!["board", "garbage"], "", 1),
        (vec!["id", "garbage"], "", 1),
        (vec!["hint", "garbage", "31"], "", 1),
        (vec!["hint", "start"], "", 1),
        (vec!["eval", "garbage"], "", 1),
        (vec!["rollout", "garbage"], "", 1),
        // A finished game: no checker of O's left to play.
        (vec!["eval", "AAAAAAAAAAAAAA"], "", 1),
        (vec!["hint", "AAAAAAAAAAAAAA", "31"], "", 1),
        (vec!["rollout", "AAAAAAAAAAAAAA"], "", 1),
        // A variant without an evaluator (hint, eval) or rollouts.
        (vec!["eval", "start", "--variant", "plakoto"], "", 1),
        (vec!["rollout", "start", "--variant", "plakoto"], "", 1),
        (vec!["validate", &invalid], "", 1),
        (vec!["analyse", &invalid], "", 1),
        (vec!["convert", &invalid, &converted], "", 1),
        (vec!["-t", "-q"], "frobnicate\n", 1),
        // 2: usage, a path that gives no file, I/O.
        (vec!["moves", "--no-such-flag"], "", 2),
        (vec!["no-such-subcommand"], "", 2),
        (vec!["completions", "no-such-shell"], "", 2),
        (vec!["-p"], "", 2),
        (vec!["validate", missing], "", 2),
        (vec!["validate", &empty], "", 2),
        (vec!["validate", &empty, &good], "", 2),
        (vec!["analyse", missing], "", 2),
        (vec!["analyse", &empty], "", 2),
        (vec!["convert", missing, &converted], "", 2),
        (vec!["rollout", "start", "--trials", "0"], "", 2),
        (
            vec!["rollout", "start", "--variant", "no-such-variant"],
            "",
            2,
        ),
        (vec!["eval", "start", "--variant", "no-such-variant"], "", 2),
    ];
    let mut wrong = Vec::new();
    for (args, stdin, expected) in &cases {
        let output = tavli(args, stdin);
        if output.status.code() != Some(*expected) {
            wrong.push(format!(
                "tavli {}: {:?}, documented {expected}: {}",
                args.join(" "),
                output.status.code(),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
