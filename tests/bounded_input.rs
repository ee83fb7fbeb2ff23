//! Endless or huge inputs end with a clear error naming the limit, within seconds and in
//! bounded memory: `tavli validate /dev/urandom` once never ended (737 MB after 6 s) and an
//! endless standard input held 2.2 GB after 6 s.

use crate::support::tavli_binary;
use std::io::Write;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Address space allowed to tavli in these tests (KiB): 200 MB, under which it must finish.
const MEMORY_LIMIT_KIB: u32 = 200 * 1000;

/// Starts tavli with `args` under a 200 MB address-space limit (`ulimit -v`).
fn start_bounded(args: &[&str], stdin: Stdio) -> Child {
    Command::new("bash")
        .arg("-c")
        .arg(format!(
            "ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(tavli_binary())
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tavli starts")
}

/// Waits for `child` at most `limit`, killing it after that.
fn finish_within(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().expect("tavli runs").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("tavli did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("tavli's output")
}

fn assert_refused_at_the_limit(output: &Output, code: i32) {
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.status.code(), Some(code), "{text}");
    assert!(
        text.contains("more than 4194304 bytes (4 MiB)"),
        "the error names the limit: {text}"
    );
}

/// Feeds `line` to `child`'s standard input for ever (until it closes the pipe).
fn feed_for_ever(child: &mut Child, line: &'static str) -> std::thread::JoinHandle<()> {
    let mut stdin = child.stdin.take().expect("stdin");
    std::thread::spawn(move || {
        let block = line.repeat(4096);
        while stdin.write_all(block.as_bytes()).is_ok() {}
    })
}

#[test]
fn validating_dev_urandom_ends_with_the_limit_in_bounded_memory() {
    let child = start_bounded(&["validate", "/dev/urandom"], Stdio::null());
    let output = finish_within(child, Duration::from_secs(20));
    assert_refused_at_the_limit(&output, 1);
}

#[test]
fn validating_an_endless_standard_input_ends_with_the_limit_in_bounded_memory() {
    for args in [&["validate", "-"][..], &["validate", "--json", "-"][..]] {
        let mut child = start_bounded(args, Stdio::piped());
        let feeder = feed_for_ever(&mut child, "1) 31: 8/5 6/5\n");
        let output = finish_within(child, Duration::from_secs(20));
        feeder.join().expect("feeder");
        assert_refused_at_the_limit(&output, 1);
    }
}

#[test]
fn converting_an_endless_standard_input_ends_with_the_limit_in_bounded_memory() {
    let directory = std::env::temp_dir().join(format!("tavli-bounded-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    let out = directory.join("out.sgf");
    let mut child = start_bounded(
        &["convert", "-", out.to_str().expect("UTF-8 path")],
        Stdio::piped(),
    );
    let feeder = feed_for_ever(&mut child, "1) 31: 8/5 6/5\n");
    let output = finish_within(child, Duration::from_secs(20));
    feeder.join().expect("feeder");
    assert_refused_at_the_limit(&output, 1);
    assert!(!out.exists(), "nothing written");
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn importing_an_endless_device_in_the_repl_is_refused_with_the_limit() {
    let mut child = start_bounded(&[], Stdio::piped());
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"import mat /dev/zero\n")
        .expect("script written");
    let output = finish_within(child, Duration::from_secs(20));
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(text.contains("more than 4194304 bytes (4 MiB)"), "{text}");
}

#[test]
fn a_batch_line_without_end_is_refused_in_bounded_memory() {
    let mut child = start_bounded(&["moves", "--batch", "-"], Stdio::piped());
    let feeder = feed_for_ever(&mut child, "y");
    let output = finish_within(child, Duration::from_secs(20));
    feeder.join().expect("feeder");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("longer than 4096 bytes"), "{stderr}");
}
