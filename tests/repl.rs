//! The REPL against gnubg: scripted sessions in `fixtures/protocol/*.in` and random legal
//! sessions must give gnubg's exact output (live when gnubg is installed, insta snapshots
//! otherwise); random token lines must never break the session.

use crate::support::{gnubg_available, GNUBG};
use std::io::Write;
use std::process::{Command, Stdio};
use tavli::protocol::{run, ReplOptions, Session};

/// Lines run before every script, by both programs: both players human, fixed names.
const PRELUDE: &str =
    "set player 0 human\nset player 1 human\nset defaultnames gnubg root\nset player 1 name root\n";

/// tavli's (stdout, stderr) for `script` (after the prelude).
fn run_tavli(script: &str) -> (String, String) {
    let mut session = Session::new("root");
    let input = format!("{PRELUDE}{script}");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let summary = run(
        &mut session,
        &mut std::io::Cursor::new(input.into_bytes()),
        &mut out,
        &mut err,
        ReplOptions::default(),
    );
    assert!(summary.is_ok());
    assert_eq!(session.check_consistency(), Ok(()));
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
    )
}

/// gnubg's (stdout, stderr) for `script` (after the prelude), banner removed.
fn run_gnubg(script: &str) -> (String, String) {
    let mut child = match Command::new(GNUBG)
        .args(["-t", "-q"])
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(error) => panic!("gnubg does not start: {error}"),
    };
    let input = format!("{PRELUDE}{script}");
    let mut stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(input.as_bytes());
        }
    });
    let output = match child.wait_with_output() {
        Ok(output) => output,
        Err(error) => panic!("gnubg does not run: {error}"),
    };
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let banner_end = stdout
        .find("`show copying' for details.\n\n")
        .map_or(0, |index| index + "`show copying' for details.\n\n".len());
    (
        stdout[banner_end..].to_string(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The first differing line of two transcripts, with context, for failure messages.
fn first_difference(expected: &str, actual: &str) -> String {
    let expected_lines: Vec<&str> = expected.split('\n').collect();
    let actual_lines: Vec<&str> = actual.split('\n').collect();
    for index in 0..expected_lines.len().max(actual_lines.len()) {
        let want = expected_lines.get(index);
        let got = actual_lines.get(index);
        if want != got {
            let start = index.saturating_sub(3);
            let context: Vec<&str> =
                expected_lines[start..index.min(expected_lines.len())].to_vec();
            return format!(
                "line {}:\n  context: {:?}\n  gnubg: {:?}\n  tavli: {:?}",
                index + 1,
                context,
                want,
                got
            );
        }
    }
    String::new()
}

fn fixture_scripts() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/protocol");
    let mut scripts: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "in"))
                .filter_map(|path| {
                    let name = path.file_stem()?.to_string_lossy().into_owned();
                    let text = std::fs::read_to_string(&path).ok()?;
                    Some((name, text))
                })
                .collect()
        })
        .unwrap_or_default();
    scripts.sort();
    scripts
}

#[test]
fn scripted_sessions_match_gnubg() {
    let scripts = fixture_scripts();
    let live = gnubg_available();
    if !live {
        eprintln!("gnubg not installed: comparing with recorded snapshots only");
    }
    let mut failures = Vec::new();
    for (name, script) in &scripts {
        let (out, err) = run_tavli(script);
        let transcript = format!("{out}--- stderr ---\n{err}");
        if live {
            let (gnubg_out, gnubg_err) = run_gnubg(script);
            let expected = format!("{gnubg_out}--- stderr ---\n{gnubg_err}");
            if expected != transcript {
                save_mismatch(name, &expected, &transcript);
                failures.push(format!(
                    "{name}: {}",
                    first_difference(&expected, &transcript)
                ));
                continue;
            }
        }
        insta::assert_snapshot!(format!("protocol_{name}"), transcript);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(scripts.len() >= 30, "only {} scripts", scripts.len());
}

/// Keeps both transcripts of a mismatch in `target/protocol-mismatch/` for `diff`.
fn save_mismatch(name: &str, expected: &str, actual: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/protocol-mismatch");
    let _ = std::fs::create_dir_all(dir);
    let _ = std::fs::write(format!("{dir}/{name}.gnubg"), expected);
    let _ = std::fs::write(format!("{dir}/{name}.tavli"), actual);
}
