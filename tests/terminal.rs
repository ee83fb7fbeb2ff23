//! The long commands on a pseudo-terminal (through `script(1)`, as a user at a terminal runs
//! them): each finishes within a time limit and draws its progress bar. They once hung for ever
//! at 0% CPU there, `main` holding the standard error lock that the bar's threads waited for.

use crate::support::terminal::{on_a_pseudo_terminal, shell_line};
use crate::support::{output_within, tavli_binary};
use std::process::Stdio;
use std::time::Duration;

/// Runs tavli with `args` on a pseudo-terminal (standard input, output and error), killed
/// after `limit`; returns the exit code (`None` when it was killed) and what the terminal showed.
pub fn on_terminal(args: &[&str], limit: Duration) -> (Option<i32>, String) {
    let line = shell_line(std::iter::once(tavli_binary()).chain(args.iter().copied()));
    let child = on_a_pseudo_terminal(&line)
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script(1) (util-linux) is installed");
    output_within(child, limit)
}

/// Asserts that the run ended with 0 and that the terminal showed a bar counting `unit`.
fn assert_finished_with_a_bar(args: &[&str], unit: &str) {
    assert_ended_with_a_bar(args, unit, 0);
}

/// Asserts that the run ended with `code` and that the terminal showed a bar counting `unit`.
fn assert_ended_with_a_bar(args: &[&str], unit: &str, code: i32) {
    let (status, shown) = on_terminal(args, Duration::from_secs(60));
    assert_eq!(status, Some(code), "tavli {args:?} on a terminal: {shown}");
    assert!(
        shown.contains('█') || shown.contains('░'),
        "tavli {args:?} drew no bar: {shown}"
    );
    assert!(shown.contains(unit), "tavli {args:?}: {shown}");
}

fn temporary_directory(name: &str) -> std::path::PathBuf {
    let directory =
        std::env::temp_dir().join(format!("tavli-terminal-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

#[test]
fn bench_strength_finishes_on_a_terminal_and_draws_a_bar() {
    assert_finished_with_a_bar(
        &["bench", "strength", "--games", "2", "--threads", "2"],
        "games",
    );
}

#[test]
fn train_sample_finishes_on_a_terminal_and_draws_a_bar() {
    let directory = temporary_directory("sample");
    let out = directory.join("positions.txt");
    for threads in ["1", "2"] {
        assert_finished_with_a_bar(
            &[
                "train",
                "sample",
                "--games",
                "2",
                "--threads",
                threads,
                "--out",
                out.to_str().expect("UTF-8 path"),
            ],
            "games",
        );
    }
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn train_calibrate_finishes_on_a_terminal_and_draws_a_bar() {
    let directory = temporary_directory("calibrate");
    let out = directory.join("calibrated.tnet");
    assert_finished_with_a_bar(
        &[
            "train",
            "calibrate",
            "--games",
            "4",
            "--rounds",
            "1",
            "--threads",
            "2",
            "--out",
            out.to_str().expect("UTF-8 path"),
        ],
        "games",
    );
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn train_td_label_and_fit_finish_on_a_terminal_and_draw_bars() {
    let directory = temporary_directory("stages");
    let path = |name: &str| {
        directory
            .join(name)
            .to_str()
            .expect("UTF-8 path")
            .to_string()
    };
    assert_finished_with_a_bar(
        &[
            "train",
            "td",
            "--games",
            "4",
            "--contact-hidden",
            "8",
            "--race-hidden",
            "4",
            "--out",
            &path("td.tnet"),
        ],
        "games",
    );
    std::fs::write(
        directory.join("positions.txt"),
        "4HPwATDgc/ABMA\n4HPwATDgc/ABMA\n",
    )
    .expect("positions written");
    assert_finished_with_a_bar(
        &[
            "train",
            "label",
            "--positions",
            &path("positions.txt"),
            "--truncate",
            "0",
            "--out",
            &path("labels.txt"),
        ],
        "positions",
    );
    let labels = "4HPwATDgc/ABMA 0.50000 0.14000 0.01000 0.14000 0.01000\n".repeat(40);
    std::fs::write(directory.join("labels.txt"), labels).expect("labels written");
    assert_finished_with_a_bar(
        &[
            "train",
            "fit",
            "--data",
            &path("labels.txt"),
            "--epochs",
            "2",
            "--out",
            &path("fit.tnet"),
        ],
        "epochs",
    );
    std::fs::remove_dir_all(&directory).expect("cleaned up");
}

#[test]
fn validate_of_many_files_finishes_on_a_terminal_and_draws_a_bar() {
    // Some of these files are corrupt on purpose: exit status 1.
    assert_ended_with_a_bar(&["validate", "--jobs", "2", "fixtures/mat"], "files", 1);
}

#[test]
fn analyse_of_several_files_finishes_on_a_terminal_and_draws_a_bar() {
    assert_finished_with_a_bar(
        &[
            "analyse",
            "--jobs",
            "2",
            "fixtures/mat/seed07-1pt.mat",
            "fixtures/mat/seed08-1pt.mat",
            "fixtures/mat/seed07-3pt.mat",
        ],
        "files",
    );
}

#[test]
fn rollout_finishes_on_a_terminal_and_draws_a_bar() {
    assert_finished_with_a_bar(
        &["rollout", "start", "--trials", "36", "--truncate", "2"],
        "trials",
    );
}
