//! Runs every example of README.md: console blocks (`$ tavli ...` and its exact output) and the
//! quick-start `cargo run --release -- ...` line.

use crate::support::tavli_binary;
use std::process::Command;

const README: &str = include_str!("../README.md");

fn run_tavli(command_line: &str) -> (String, Option<i32>) {
    let arguments: Vec<&str> = command_line.split_whitespace().collect();
    let output = Command::new(tavli_binary())
        .args(&arguments)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("LC_ALL", "de_DE.UTF-8")
        .output()
        .expect("tavli runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        output.status.code(),
    )
}

#[test]
fn console_examples_print_what_the_readme_says() {
    let mut examples = 0;
    let mut in_console = false;
    let lines: Vec<&str> = README.lines().collect();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index];
        index += 1;
        if line.starts_with("```console") {
            in_console = true;
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        let Some(command) = line.strip_prefix("$ tavli ") else {
            continue;
        };
        assert!(
            in_console,
            "a `$ tavli` line outside a console block: {line}"
        );
        // The output runs to the next command or the end of the block; blank lines at its
        // end separate examples and are not compared.
        let mut expected = String::new();
        while index < lines.len()
            && !lines[index].starts_with("$ tavli ")
            && !lines[index].starts_with("```")
        {
            expected.push_str(lines[index]);
            expected.push('\n');
            index += 1;
        }
        let (actual, _status) = run_tavli(command);
        assert_eq!(
            actual.trim_end_matches('\n'),
            expected.trim_end_matches('\n'),
            "README example `tavli {command}`"
        );
        examples += 1;
    }
    assert!(examples >= 5, "only {examples} README examples found");
}

#[test]
fn quick_start_command_works() {
    let line = README
        .lines()
        .find_map(|line| line.strip_prefix("cargo run --release -- "))
        .expect("the README has a quick-start cargo run line");
    let (output, status) = run_tavli(line);
    assert_eq!(status, Some(0));
    assert!(output.lines().count() > 5, "{output}");
}
