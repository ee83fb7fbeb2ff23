//! Terminal manners: a man page per command (`tavli man`), colour on a terminal only
//! (`--color`, `NO_COLOR`; never in the REPL), checked through the binary.

use crate::support::terminal::on_a_pseudo_terminal;
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
    let shown = on_a_terminal(&format!("--color {color} validate {CORRUPT}"), environment);
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

/// The outputs of tavli's own commands whose headings and labels are coloured, each with a
/// word that is painted (bold or cyan) when coloured.
const HEADED: [(&[&str], &str); 4] = [
    (&["hint", "start", "31"], "\u{1b}[1mEq.:\u{1b}[0m"),
    (&["eval", "start"], "Cube analysis\u{1b}[0m"),
    (
        &["analyse", "fixtures/mat/seed08-1pt.mat", "--worst", "1"],
        "Worst decisions:\u{1b}[0m",
    ),
    (
        &["validate", "fixtures/mat/seed08-1pt.mat", CORRUPT],
        "\u{1b}[1m2 files\u{1b}[0m",
    ),
];

/// `args` with `--color WHEN` first.
fn with_colour<'a>(when: &'a str, args: &[&'a str]) -> Vec<&'a str> {
    let mut words = vec!["--color", when];
    words.extend_from_slice(args);
    words
}

#[test]
fn headings_of_hint_eval_analyse_and_validate_totals_are_coloured_only_when_asked() {
    for (args, painted) in HEADED {
        let always = stdout(&run_in_root(&with_colour("always", args), &[]));
        assert!(always.contains(painted), "{args:?}: {always:?}");
        let never = stdout(&run_in_root(&with_colour("never", args), &[]));
        assert!(!never.contains(ESCAPE), "{args:?}: {never:?}");
        // Through a pipe `auto` is plain, and colour only adds escapes: the same text.
        let auto = stdout(&run_in_root(args, &[]));
        assert_eq!(auto, never, "{args:?}");
        let plain: String = always
            .split(ESCAPE)
            .enumerate()
            .map(|(index, part)| {
                if index == 0 {
                    part
                } else {
                    part.split_once('m').map_or("", |(_, rest)| rest)
                }
            })
            .collect();
        assert_eq!(plain, never, "{args:?}");
    }
    // JSON and a file written by `--output` are never coloured.
    let json = stdout(&run_in_root(
        &["--color", "always", "hint", "start", "31", "--json"],
        &[],
    ));
    assert!(!json.contains(ESCAPE), "{json}");
}

/// Runs `tavli ARGS` on a pseudo-terminal (script(1)) with `environment` set; what the
/// terminal shows.
fn on_a_terminal(args: &str, environment: &str) -> String {
    let command = format!("env {environment} TERM=xterm '{}' {args}", tavli_binary());
    let output = on_a_pseudo_terminal(&command)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script(1) (util-linux) is installed");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn on_a_terminal_headings_are_coloured_unless_no_color_is_set() {
    let shown = on_a_terminal("eval start", "");
    assert!(shown.contains("Cube analysis\u{1b}[0m"), "{shown:?}");
    let shown = on_a_terminal("eval start", "NO_COLOR=1");
    assert!(shown.contains("Cube analysis"), "{shown:?}");
    assert!(!shown.contains(ESCAPE), "{shown:?}");
    let shown = on_a_terminal("--color never hint start 31", "");
    assert!(
        shown.contains("Eq.:") && !shown.contains(ESCAPE),
        "{shown:?}"
    );
}

#[test]
fn man_on_a_terminal_is_formatted_and_raw_roff_through_a_pipe() {
    // Through a pipe (or into a file): roff, as `man -l` and installers want it.
    let roff = stdout(&tavli(&["man", "analyse"], ""));
    assert!(roff.contains("\n.SH \"EXIT STATUS\""), "{roff}");
    // On a terminal without man(1) on the PATH: plain text, no roff requests.
    let plain = on_a_terminal("man analyse", "PATH=/nonexistent");
    assert!(plain.contains("EXIT STATUS"), "{plain}");
    assert!(plain.contains("EXAMPLES"), "{plain}");
    assert!(!plain.contains(".SH") && !plain.contains("\\f"), "{plain}");
    assert!(plain.contains("tavli analyse --worst 1 fixtures/mat/seed08-1pt.mat"));
    if !std::path::Path::new("/usr/bin/man").exists() {
        eprintln!("man(1) not installed: its rendering not checked");
        return;
    }
    // With man(1): its rendering (MANPAGER=cat so that no pager waits).
    let shown = on_a_terminal("man rollout", "MANPAGER=cat MANWIDTH=100");
    // man(1) on a terminal writes bold as `X\bX` and underlines as `_\bX`: keep the letters.
    let mut letters: Vec<char> = Vec::new();
    for c in shown.chars() {
        if c == '\u{8}' {
            letters.pop();
        } else {
            letters.push(c);
        }
    }
    let shown: String = letters.into_iter().collect();
    assert!(!shown.contains(".SH"), "{shown}");
    assert!(
        shown.lines().any(|line| line.contains("EXIT STATUS")),
        "{shown}"
    );
    assert!(shown.contains("tavli-rollout(1)"), "{shown}");
}

#[test]
fn analyse_hint_eval_and_rollout_have_pages_with_exit_status_and_examples() {
    for command in ["analyse", "hint", "eval", "rollout"] {
        let roff = stdout(&tavli(&["man", command], ""));
        for section in [".SH EXAMPLES", ".SH \"EXIT STATUS\""] {
            assert!(roff.contains(section), "tavli-{command} lacks {section}");
        }
        let examples = roff.split(".SH EXAMPLES").nth(1).unwrap_or("");
        assert!(
            examples.contains(&format!("tavli {command}")),
            "tavli-{command}'s examples: {examples}"
        );
    }
}
