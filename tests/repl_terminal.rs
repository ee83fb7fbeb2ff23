//! The REPL on a pseudo-terminal (through `script(1)`, as a user types at a terminal, line
//! editing on): a line over the REPL's 64 KiB bound is refused there as it is from a pipe, and
//! not run; the lines typed after it are answered, and a line of a megabyte takes seconds, not
//! the minutes of redrawing an unbounded line editor would take.

use crate::support::terminal::{on_a_pseudo_terminal, shell_line};
use crate::support::{output_within, tavli_binary};
use std::io::Write;
use std::process::Stdio;
use std::time::Duration;

/// Runs `tavli -q` on a pseudo-terminal with `typed` as the keys typed, one line at a time
/// (the line editor drops keys typed ahead of its prompt), killed after `limit`; returns the
/// exit code (`None` when it was killed) and what the terminal showed.
fn typed_at_a_terminal(typed: &[String], limit: Duration) -> (Option<i32>, String) {
    let mut child = on_a_pseudo_terminal(&shell_line([tavli_binary(), "-q"]))
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
    // 70,000 bytes: over the bound; typed at once (as a paste without bracketed-paste marks),
    // so that the next lines arrive while the editor is still taking it in.
    let long = format!("set board {}", "A".repeat(70_000));
    let typed = [
        "new session".to_string(),
        long,
        "show turn".into(),
        "quit".into(),
    ];
    let (status, shown) = typed_at_a_terminal(&typed, Duration::from_secs(60));
    let tail = &shown[shown.len().saturating_sub(2000)..];
    assert!(
        shown.contains("Line too long (more than 65536 bytes); ignored."),
        "{tail}"
    );
    assert!(
        !shown.contains("Illegal position."),
        "the long line was run"
    );
    // The lines typed while the editor read the long one are kept, not dropped with its
    // read-ahead buffer: `show turn` is answered and `quit` ends the session (exit status 1,
    // as a command was rejected).
    assert!(shown.contains(" in on "), "{tail}");
    assert_eq!(status, Some(1), "{tail}");
}

#[test]
fn a_megabyte_typed_line_is_refused_in_seconds() {
    // The line editor stops taking characters past the bound: what it redraws stays bounded
    // (each wrap redraws the whole line), so a megabyte is refused in seconds and the session
    // goes on.
    let long = format!("set board {}", "A".repeat(1_000_000));
    let typed = [
        "new session".to_string(),
        long,
        "show turn".into(),
        "quit".into(),
    ];
    let (status, shown) = typed_at_a_terminal(&typed, Duration::from_secs(60));
    let tail = &shown[shown.len().saturating_sub(2000)..];
    assert!(
        shown.contains("Line too long (more than 65536 bytes); ignored."),
        "{tail}"
    );
    assert!(shown.contains(" in on "), "{tail}");
    assert_eq!(status, Some(1), "{tail}");
    // Drawn: at most the bound's worth of line at each of its wraps, not the megabyte's.
    assert!(shown.len() < 64 << 20, "{} bytes drawn", shown.len());
}
