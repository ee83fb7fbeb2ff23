//! Terminal manners: a man page per command (`tavli man`), colour on a terminal only
//! (`--color`, `NO_COLOR`; never in the REPL), checked through the binary.

use crate::support::{tavli, tavli_binary};
use std::collections::BTreeSet;
use std::process::Command;

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn temporary_directory(name: &str) -> std::path::PathBuf {
    let directory =
        std::env::temp_dir().join(format!("tavli-manners-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&directory);
    std::fs::create_dir_all(&directory).expect("a temporary directory");
    directory
}

/// The `name(1)` references of a roff page.
fn references(roff: &str) -> BTreeSet<String> {
    let plain = roff
        .replace("\\fB", "")
        .replace("\\fR", "")
        .replace("\\-", "-");
    plain
        .match_indices("(1)")
        .map(|(index, _)| {
            let start = plain[..index]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(0, |position| position + 1);
            plain[start..index].to_string()
        })
        .collect()
}

#[test]
fn man_dir_writes_a_page_per_command_and_every_reference_exists() {
    let directory = temporary_directory("pages");
    let output = tavli(&["man", "--dir", directory.to_str().expect("UTF-8")], "");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let written: BTreeSet<String> = std::fs::read_dir(&directory)
        .expect("the folder")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(stdout(&output).lines().count(), written.len());
    for page in [
        "tavli.1",
        "tavli-moves.1",
        "tavli-validate.1",
        "tavli-man.1",
        "tavli-train.1",
        "tavli-train-fit.1",
        "tavli-bench-strength.1",
    ] {
        assert!(written.contains(page), "{page} not in {written:?}");
    }
    // Every subcommand of `tavli --help` has its page.
    let help = stdout(&tavli(&["--help"], ""));
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .expect("a Commands section")
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help");
    for command in commands {
        assert!(
            written.contains(&format!("tavli-{command}.1")),
            "no page for {command}"
        );
    }
    for file in &written {
        let roff = std::fs::read_to_string(directory.join(file)).expect("a page");
        assert!(roff.contains("\n.TH tavli"), "{file}");
        for section in [
            ".SH NAME",
            ".SH SYNOPSIS",
            ".SH EXAMPLES",
            ".SH \"EXIT STATUS\"",
        ] {
            assert!(roff.contains(section), "{file} lacks {section}");
        }
        for reference in references(&roff) {
            assert!(
                written.contains(&format!("{reference}.1")),
                "{file} refers to {reference}(1), which was not written"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&directory);
}

#[test]
fn man_prints_one_page_and_man_renders_it() {
    let output = tavli(&["man", "validate"], "");
    assert_eq!(output.status.code(), Some(0));
    let roff = stdout(&output);
    assert!(roff.contains("\n.TH tavli-validate 1 "), "{roff}");
    let output = tavli(&["man", "train", "fit"], "");
    assert!(stdout(&output).contains("\n.TH tavli-train-fit 1 "));
    let output = tavli(&["man", "frobnicate"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no page for `frobnicate`"));
    if !std::path::Path::new("/usr/bin/man").exists() {
        eprintln!("man(1) not installed: rendering not checked");
        return;
    }
    let path = std::env::temp_dir().join(format!("tavli-validate-{}.1", std::process::id()));
    std::fs::write(&path, &roff).expect("a page");
    let rendered = Command::new("man")
        .arg("-l")
        .arg(&path)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
        .expect("man runs");
    let _ = std::fs::remove_file(&path);
    let text = String::from_utf8_lossy(&rendered.stdout);
    for heading in [
        "NAME",
        "SYNOPSIS",
        "OPTIONS",
        "EXAMPLES",
        "EXIT STATUS",
        "SEE ALSO",
    ] {
        assert!(
            text.lines().any(|line| line == heading),
            "no {heading}:\n{text}"
        );
    }
    assert!(
        text.contains("tavli validate fixtures/mat/seed08-1pt.mat"),
        "{text}"
    );
    assert!(text.contains("tavli(1)"), "{text}");
}

const ESCAPE: char = '\u{1b}';
const CORRUPT: &str = "fixtures/mat/corrupt/illegal-blocked.mat";

fn run_in_root(args: &[&str], environment: &[(&str, &str)]) -> std::process::Output {
    let mut command = Command::new(tavli_binary());
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null());
    for (name, value) in environment {
        command.env(name, value);
    }
    command.output().expect("tavli runs")
}

#[test]
fn color_always_colours_a_diagnostic_and_an_error_even_through_a_pipe() {
    let output = run_in_root(&["--color", "always", "validate", CORRUPT], &[]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    // The location bold, the kind of the error red.
    assert!(
        text.contains("\u{1b}[1mfixtures/mat/corrupt/illegal-blocked.mat:9:10\u{1b}[0m"),
        "{text:?}"
    );
    assert!(text.contains("\u{1b}[31millegal-move"), "{text:?}");
    // `always` wins over NO_COLOR, as in ripgrep and cargo; the subcommand's place is free.
    let output = run_in_root(
        &["validate", "--color=always", CORRUPT],
        &[("NO_COLOR", "1")],
    );
    assert!(stdout(&output).contains(ESCAPE));
    let output = run_in_root(&["--color", "always", "man", "--dir", "/dev/null/x"], &[]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.starts_with("tavli: \u{1b}["), "{message:?}");
    // clap's own help follows the flag.
    assert!(stdout(&run_in_root(&["--color", "always", "--help"], &[])).contains(ESCAPE));
    assert!(!stdout(&run_in_root(&["--color", "never", "--help"], &[])).contains(ESCAPE));
}

#[test]
fn no_colour_through_a_pipe_by_default_nor_with_never() {
    for args in [
        vec!["validate", CORRUPT],
        vec!["--color", "never", "validate", CORRUPT],
        vec!["--color", "auto", "man", "--dir", "/dev/null/x"],
        vec!["--help"],
    ] {
        let output = run_in_root(&args, &[]);
        assert!(!stdout(&output).contains(ESCAPE), "{args:?}");
        assert!(
            !String::from_utf8_lossy(&output.stderr).contains(ESCAPE),
            "{args:?}"
        );
    }
    let output = run_in_root(&["--color", "never", "validate", CORRUPT], &[]);
    assert!(stdout(&output)
        .starts_with("fixtures/mat/corrupt/illegal-blocked.mat:9:10: illegal-move: "));
}

#[test]
fn the_gnubg_compatible_repl_is_never_coloured() {
    for args in [
        vec!["--color", "always"],
        vec!["--color", "always", "-t", "-q"],
    ] {
        let output = crate::support::tavli(&args, "new game\nshow board\nfrobnicate\nmove 9/2\n");
        assert!(!stdout(&output).contains(ESCAPE), "{args:?}");
        assert!(
            !String::from_utf8_lossy(&output.stderr).contains(ESCAPE),
            "{args:?}"
        );
    }
}

/// Runs `tavli validate CORRUPT` on a pseudo-terminal (script(1)) with `environment` set.
fn validate_on_a_terminal(color: &str, environment: &str) -> String {
    let command = format!(
        "env {environment} TERM=xterm '{}' --color {color} validate {CORRUPT}",
        tavli_binary()
    );
    let output = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script(1) (util-linux) is installed");
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(shown.contains("illegal-blocked.mat"), "{shown}");
    shown
}

#[test]
fn on_a_terminal_auto_colours_unless_no_color_is_set() {
    // The control: the same run on a terminal without NO_COLOR is coloured.
    assert!(validate_on_a_terminal("auto", "").contains(ESCAPE));
    assert!(!validate_on_a_terminal("auto", "NO_COLOR=1").contains(ESCAPE));
    assert!(!validate_on_a_terminal("never", "").contains(ESCAPE));
    // An empty NO_COLOR does not count (no-color.org).
    assert!(validate_on_a_terminal("auto", "NO_COLOR=").contains(ESCAPE));
}
