//! Helpers shared by the integration tests: running gnubg as an oracle, and the tavli binary.

use std::io::Write;
use std::process::{Command, Stdio};

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
