//! `tavli` as a drop-in for `gnubg` in scripts: the same script run as `tavli -t -q < script`
//! and as `gnubg -t -q < script` (and with `-c FILE`, and gnubg's other options) gives the same
//! output; a match named on the command line is loaded and shown as gnubg shows it. Compared
//! with live gnubg when it is installed, with the in-process REPL (whose transcripts are
//! pinned by snapshots) otherwise.

use crate::support::tavli_binary;
use crate::support::{gnubg_available, run_gnubg_transcript, run_tavli_transcript, GNUBG};
use std::io::Write;
use std::process::{Command, Stdio};

/// Lines run before every script by both programs (as in the REPL's differential tests).
const PRELUDE: &str =
    "set player 0 human\nset player 1 human\nset defaultnames gnubg root\nset player 1 name root\n";

/// Scripts of `fixtures/protocol` run through the drop-in flags.
const SCRIPTS: &[&str] = &[
    "money-basic",
    "match-score",
    "cube-errors",
    "bear-off-win",
    "no-game-errors",
    "list-game",
];

/// Runs the tavli binary with `args` and `input` on standard input; (stdout, stderr, status).
fn run_binary(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(tavli_binary())
        .args(args)
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tavli starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("tavli runs");
    writer.join().expect("writer thread");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// gnubg's (stdout without the banner, stderr) for `args` and `input`.
fn run_gnubg_with(args: &[&str], input: &str) -> (String, String) {
    let output = Command::new(GNUBG)
        .args(args)
        .env("LANG", "C")
        .env("LC_ALL", "C")
        .stdin(Stdio::from(tempfile_with(
            &format!("gnubg-stdin-{}", args.len()),
            input,
        )))
        .output()
        .expect("gnubg runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let marker = "`show copying' for details.\n\n";
    let start = stdout.find(marker).map_or(0, |index| index + marker.len());
    (
        stdout[start..].to_string(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file holding `text`, opened for reading.
fn tempfile_with(name: &str, text: &str) -> std::fs::File {
    let path = scratch().join(name);
    std::fs::write(&path, text).expect("written");
    std::fs::File::open(&path).expect("opened")
}

fn scratch() -> std::path::PathBuf {
    let directory = std::env::temp_dir().join(format!("tavli-drop-in-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

fn script(name: &str) -> String {
    let path = format!("{}/fixtures/protocol/{name}.in", env!("CARGO_MANIFEST_DIR"));
    format!(
        "{PRELUDE}{}",
        std::fs::read_to_string(path).expect("a fixture script")
    )
}

#[test]
fn a_script_gives_gnubgs_output_through_the_drop_in_flags() {
    let live = gnubg_available();
    if !live {
        eprintln!("gnubg not installed: comparing with the in-process REPL only");
    }
    for name in SCRIPTS {
        let input = script(name);
        let (expected_out, expected_err) = if live {
            run_gnubg_transcript(&input)
        } else {
            let (out, err, _) = run_tavli_transcript(&input);
            (out, err)
        };
        let (out, err, _) = run_binary(&["-t", "-q"], &input);
        assert_eq!(out, expected_out, "{name}: tavli -t -q < script");
        assert_eq!(err, expected_err, "{name}: stderr of tavli -t -q < script");
        // The other options a script passes change nothing either.
        let (out, err, _) = run_binary(
            &["--tty", "--quiet", "-r", "-l", "C", "-b", "-d", "-w"],
            &input,
        );
        assert_eq!(out, expected_out, "{name}: with gnubg's other options");
        assert_eq!(
            err, expected_err,
            "{name}: stderr with gnubg's other options"
        );
    }
}

/// `-c FILE` reads the file as standard input would be read. (gnubg 1.07 runs a `-c` file in
/// a batch mode of its own, without the board after each move and with other replies: tavli
/// does not copy that mode, see the README.)
#[test]
fn a_command_file_is_read_as_standard_input_is() {
    for name in &SCRIPTS[..2] {
        let input = script(name);
        let path = scratch().join(format!("{name}.commands"));
        std::fs::write(&path, &input).expect("written");
        let path = path.to_str().expect("UTF-8 path");
        let (out, err, status) = run_binary(&["-t", "-q", "-c", path], "");
        let (stdin_out, stdin_err, stdin_status) = run_binary(&["-t", "-q"], &input);
        assert_eq!(
            (out, err, status),
            (stdin_out, stdin_err, stdin_status),
            "{name}"
        );
    }
}

#[test]
fn a_match_named_on_the_command_line_is_loaded_and_shown_as_gnubg_does() {
    for file in ["fixtures/mat/seed08-1pt.mat", "fixtures/sgf/seed08-1pt.sgf"] {
        let (out, err, status) = run_binary(&["-t", "-q", file], "show score\n");
        assert_eq!(status, Some(0), "{file}: {err}");
        assert!(out.contains("Position ID: CAAA/F0bAAAAAA"), "{file}: {out}");
        assert!(
            out.contains("The score (after 1 game) is: gnubg 0, user 1"),
            "{out}"
        );
        if gnubg_available() {
            let (gnubg_out, _) = run_gnubg_with(&["-t", "-q", file], "show score\n");
            assert_eq!(out, gnubg_out, "tavli -t -q {file}");
        }
    }
}

#[test]
fn empty_input_ends_quietly_with_status_zero_as_gnubg_does() {
    let (out, err, status) = run_binary(&["-t", "-q"], "");
    assert_eq!((out.as_str(), err.as_str(), status), ("", "", Some(0)));
    if gnubg_available() {
        // gnubg prints only its start-up banner (which tavli does not copy) and exits 0.
        let (gnubg_out, gnubg_err) = run_gnubg_with(&["-t", "-q"], "");
        assert_eq!((gnubg_out.as_str(), gnubg_err.as_str()), ("", ""));
    }
}

#[test]
fn version_python_and_mistyped_subcommands() {
    let (out, _, status) = run_binary(&["-v"], "");
    assert_eq!(status, Some(0));
    assert!(out.starts_with("tavli "), "{out}");
    let (_, err, status) = run_binary(&["-t", "-q", "-p", "script.py"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("no Python"), "{err}");
    let (_, err, status) = run_binary(&["mvoes", "start", "31"], "");
    assert_eq!(status, Some(2));
    assert!(err.contains("did you mean `moves`?"), "{err}");
}
