//! Running the measuring stick: gnubg in text mode on a script, its standard output back.
//! Shared by the benches that ask gnubg for judgements (never for training data).

use std::io::Write;
use std::process::{Command, Stdio};

/// Where Debian's package installs gnubg.
pub const GNUBG: &str = "/usr/games/gnubg";

/// Runs gnubg on `script` and returns its standard output.
///
/// # Panics
/// gnubg is not installed (`apt-get install gnubg`) or cannot be run.
pub fn run(script: &str) -> String {
    let mut child = Command::new(GNUBG)
        .args(["-t", "-q"])
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg starts (apt-get install gnubg)");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let output = child.wait_with_output().expect("gnubg runs");
    let _ = writer.join();
    String::from_utf8_lossy(&output.stdout).into_owned()
}
