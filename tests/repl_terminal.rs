//! The REPL on a pseudo-terminal (through `script(1)`, as a user types at a terminal, line
//! editing on): a line over the REPL's 64 KiB bound is refused there as it is from a pipe, and
//! not run.

use crate::support::{output_within, tavli_binary};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs `tavli -q` on a pseudo-terminal with `typed` as the keys typed, one line at a time
/// (the line editor drops keys typed ahead of its prompt), killed after `limit`; returns the
/// exit code (`None` when it was killed) and what the terminal showed.
fn typed_at_a_terminal(typed: &[String], limit: Duration) -> (Option<i32>, String) {
    let mut child = Command::new("script")
        .args(["-qec", &format!("'{}' -q", tavli_binary()), "/dev/null"])
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script(1) (util-linux) is installed");
    let mut stdin = child.stdin.take().expect("stdin");
    let typed = typed.to_vec();
    let writer = std::thread::spawn(move || {
        for line in typed {
            let _ = stdin.write_all(line.as_bytes());
            let _ = stdin.write_all(b"\n");
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(700));
        }
        // Keep the terminal open until tavli has read `quit`.
        std::thread::sleep(Duration::from_secs(1));
    });
    let shown = output_within(child, limit);
    let _ = writer.join();
    shown
}

#[test]
fn an_overlong_typed_line_is_refused_not_run() {
    // 70,000 bytes: over the bound, under the length at which the line editor's redrawing
    // makes typing take minutes (about 400 kB on this machine, docs/repl.md).
    let long = format!("set board {}", "A".repeat(70_000));
    let typed = [
        "new session".to_string(),
        long,
        "show turn".into(),
        "quit".into(),
    ];
    let (_status, shown) = typed_at_a_terminal(&typed, Duration::from_secs(60));
    assert!(
        shown.contains("Line too long (more than 65536 bytes); ignored."),
        "{}",
        &shown[shown.len().saturating_sub(2000)..]
    );
    assert!(
        !shown.contains("Illegal position."),
        "the long line was run"
    );
    // Not asserted: what the terminal does with the lines typed after it (on this pseudo-
    // terminal, through script(1), they were neither echoed nor answered: not understood yet).
}
