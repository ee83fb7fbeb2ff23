//! Helpers shared by the integration tests: running gnubg as an oracle, and the tavli binary.

pub mod engines;
pub mod json_schema;
pub mod random_commands;
pub mod random_position;
pub mod repl;
pub mod terminal;

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The SGF files of `fixtures/sgf` (not its `corrupt/` folder), sorted by name.
#[allow(dead_code)]
pub fn sgf_fixtures() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sgf");
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("fixtures/sgf")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    files
}

/// A number from the environment variable `name` (`TAVLI_DIFF_SEED`, `TAVLI_DIFF_POSITIONS`...),
/// or `default` when it is unset or not a number.
pub fn env_number<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(default)
}

/// Where Debian installs gnubg.
pub const GNUBG: &str = "/usr/games/gnubg";

/// Whether the gnubg oracle is installed; differential tests skip (and say so) without it.
pub fn gnubg_available() -> bool {
    std::path::Path::new(GNUBG).exists()
}

/// Runs `gnubg -t -q` on `script` and returns its standard output.
pub fn run_gnubg(script: &str) -> String {
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gnubg starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let output = child.wait_with_output().expect("gnubg runs");
    writer.join().expect("writer thread");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The path of the built `tavli` binary.
#[allow(dead_code)]
pub fn tavli_binary() -> &'static str {
    env!("CARGO_BIN_EXE_tavli")
}

/// Runs `gnubg -t -q` in the C locale on `input`; returns (stdout without the start-up
/// banner, stderr).
#[allow(dead_code)]
pub fn run_gnubg_transcript(input: &str) -> (String, String) {
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .env("LANG", "C")
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|error| panic!("gnubg does not start: {error}"));
    let input = input.to_string();
    let mut stdin = child.stdin.take();
    let writer = std::thread::spawn(move || {
        if let Some(stdin) = stdin.as_mut() {
            let _ = stdin.write_all(input.as_bytes());
        }
    });
    let output = child
        .wait_with_output()
        .unwrap_or_else(|error| panic!("gnubg does not run: {error}"));
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let marker = "`show copying' for details.\n\n";
    let start = stdout.find(marker).map_or(0, |index| index + marker.len());
    (
        stdout[start..].to_string(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs tavli's REPL in-process on `input`; returns (stdout, stderr, the session after it),
/// having checked that the session is still consistent.
#[allow(dead_code)]
pub fn run_tavli_transcript(input: &str) -> (String, String, tavli::protocol::Session) {
    let mut session = tavli::protocol::Session::new("root");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let summary = tavli::protocol::run(
        &mut session,
        &mut std::io::Cursor::new(input.as_bytes().to_vec()),
        &mut out,
        &mut err,
        tavli::protocol::ReplOptions::default(),
    );
    assert!(summary.is_ok());
    assert_eq!(session.check_consistency(), Ok(()));
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        session,
    )
}

/// Runs the tavli binary with `args`, `stdin` written to its standard input.
pub fn tavli(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(tavli_binary())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tavli starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    child.wait_with_output().expect("tavli runs")
}

/// `text` with the one line of a rollout's output that changes from run to run,
/// `Time elapsed ...` (gnubg's layout), reduced to its label.
pub fn without_timings(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.starts_with("Time elapsed ") {
                "Time elapsed ..."
            } else {
                line
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Undoes Python's `repr` of a str or bytes value (the transcripts' and
/// recordings' quoting): the quotes, `\n`, `\t`, `\r`, `\xNN` and an escaped character itself.
pub fn unrepr(text: &str) -> String {
    let text = text.strip_prefix('b').unwrap_or(text);
    let inner = &text[1..text.len() - 1];
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(char::from(
                    u8::from_str_radix(&hex, 16).expect("hex escape"),
                ));
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

/// Waits for `child` (standard output piped) at most `limit`, reading what it writes
/// meanwhile, and kills it after that: its exit code (`None` when it was killed) and its
/// output. For runs on a pseudo-terminal through `script(1)`, which may never end.
pub fn output_within(mut child: Child, limit: Duration) -> (Option<i32>, String) {
    let mut stdout = child.stdout.take().expect("stdout piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child runs") {
            break status.code();
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    (status, reader.join().expect("reader thread"))
}
