//! Every REPL command and subcommand with bad and extreme words (none, huge, control bytes,
//! non-ASCII, invalid IDs, missing paths, numbers out of range), in states that stress the
//! rules (no game, a money game, a finished match, the Crawford game, the cube at 64, a double
//! waiting): through a pipe, each rejected command leaves the session as it was (what the
//! `show` commands and `list game` report before and after it is the same), nothing panics
//! and every line gets its answer; on a pseudo-terminal (through `script(1)`), the same
//! commands typed at once are all answered, the last one included, within a time limit.

use crate::support::terminal::{on_a_pseudo_terminal, shell_line};
use crate::support::{output_within, tavli_binary};
use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The states, each set up by its lines from a fresh REPL.
const STATES: [(&str, &[&str]); 6] = [
    ("no game", &[]),
    (
        "money game",
        &["set seed 1", "set player 0 human", "new session"],
    ),
    (
        "finished match",
        &[
            "set seed 1",
            "set player 0 human",
            "new match 1",
            "resign b",
            "accept",
        ],
    ),
    (
        "Crawford game",
        &[
            "set seed 2",
            "set player 0 human",
            "new match 3",
            "set score 2 0",
            "set crawford on",
        ],
    ),
    (
        "cube at 64",
        &[
            "set seed 3",
            "set player 0 human",
            "new session",
            "set cube value 64",
            "set cube owner 1",
        ],
    ),
    (
        "double waiting",
        &[
            "set seed 4",
            "set player 0 human",
            "set player 1 human",
            "new match 7",
            "set matchid cAmgAAAAAAAE",
            "double",
        ],
    ),
];

/// The commands of `help`, with the subcommands of those that have them.
fn commands() -> Vec<String> {
    let top = [
        "accept", "analyse", "agree", "beaver", "decline", "double", "drop", "end", "eval",
        "export", "first", "help", "hint", "import", "list", "load", "move", "new", "next", "pass",
        "play", "previous", "redouble", "reject", "resign", "roll", "rollout", "save", "set",
        "show", "swap", "take",
    ];
    let subcommands = |command: &str| -> Vec<&str> {
        match command {
            "set" => vec![
                "analysis",
                "automatic",
                "beavers",
                "board",
                "clockwise",
                "crawford",
                "cube",
                "defaultnames",
                "dice",
                "evaluation",
                "gnubgid",
                "jacoby",
                "matchid",
                "matchlength",
                "player",
                "postcrawford",
                "rng",
                "rollout",
                "score",
                "seed",
                "turn",
                "variation",
                "xgid",
            ],
            "show" => vec![
                "analysis",
                "automatic",
                "beavers",
                "board",
                "crawford",
                "cube",
                "dice",
                "evaluation",
                "jacoby",
                "matchlength",
                "pipcount",
                "postcrawford",
                "rng",
                "score",
                "statistics",
                "turn",
                "variation",
                "version",
            ],
            "new" => vec!["game", "match", "session"],
            "export" => vec!["match mat", "position svg", "position png"],
            "import" => vec!["mat"],
            "load" | "save" => vec!["match", "position"],
            "list" => vec!["game"],
            _ => vec![""],
        }
    };
    top.iter()
        .flat_map(|command| {
            subcommands(command)
                .into_iter()
                .map(move |sub| format!("{command} {sub}").trim().to_string())
        })
        .collect()
}

/// Bad or extreme words to follow a command.
fn bad_words() -> Vec<String> {
    [
        String::new(),
        "x".repeat(3000),
        "\u{1}\u{2}\u{7f}\u{1b}[A".to_string(),
        "é中💥".to_string(),
        "-1".to_string(),
        "99999999999999999999999".to_string(),
        "65".to_string(),
        "AAAAAAAAAAAAAA".to_string(),
        "4HPwATDgc/ABMA:zzzzzzzzzzzz".to_string(),
        "/nonexistent/tavli/x".to_string(),
        ";; 6 6 6".to_string(),
    ]
    .to_vec()
}

/// What is looked at before and after each command: the board, score, cube, dice, turn,
/// game record and the settings a `set` could change.
const LOOKS: [&str; 9] = [
    "show board",
    "show score",
    "show cube",
    "show dice",
    "show turn",
    "list game",
    "show crawford",
    "show evaluation",
    "show automatic",
];

/// A directory of its own for a test's run (the file commands' paths are relative to it).
fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tavli-bad-input-{}-{test}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

#[test]
fn rejected_commands_leave_every_state_as_it_was_through_a_pipe() {
    let commands = commands();
    let words = bad_words();
    let dir = scratch("pipe");
    let mut rejected = 0;
    for (name, setup) in STATES {
        let mut lines: Vec<String> = setup.iter().map(|line| line.to_string()).collect();
        let mut tried = Vec::new();
        for command in &commands {
            for word in &words {
                lines.extend(LOOKS.iter().map(|look| look.to_string()));
                tried.push((lines.len(), format!("{command} {word}")));
                lines.push(format!("{command} {word}"));
                lines.extend(LOOKS.iter().map(|look| look.to_string()));
            }
        }
        let mut child = Command::new(tavli_binary())
            .args(["-q", "--json"])
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("tavli starts");
        let mut stdin = child.stdin.take().expect("stdin");
        let input = lines.join("\n") + "\n";
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        let output = child.wait_with_output().expect("tavli runs");
        let _ = writer.join();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
        assert_eq!(
            output.status.code(),
            Some(1),
            "{name}: commands were rejected"
        );
        let answers: Vec<Value> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object a line"))
            .collect();
        assert_eq!(answers.len(), lines.len(), "{name}: one answer a line");
        for (index, command) in tried {
            if answers[index]["ok"] == Value::Bool(true) {
                continue;
            }
            rejected += 1;
            let seen = |range: std::ops::Range<usize>| -> Vec<String> {
                answers[range]
                    .iter()
                    .map(|answer| {
                        answer
                            .get("outputs")
                            .unwrap_or(&answer["error"])
                            .to_string()
                    })
                    .collect()
            };
            let before = seen(index - LOOKS.len()..index);
            let after = seen(index + 1..index + 1 + LOOKS.len());
            assert_eq!(
                before, after,
                "{name}: the rejected `{command}` changed the session"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(rejected > 1000, "only {rejected} commands rejected");
}

#[test]
fn every_command_typed_at_once_on_a_terminal_is_answered() {
    let commands = commands();
    let words: Vec<String> = bad_words().into_iter().step_by(2).collect();
    let dir = scratch("terminal");
    for (name, setup) in STATES {
        let mut typed: Vec<String> = setup.iter().map(|line| line.to_string()).collect();
        for command in &commands {
            typed.extend(words.iter().map(|word| format!("{command} {word}")));
        }
        typed.extend(["show version".to_string(), "quit".to_string()]);
        let mut child = on_a_pseudo_terminal(&shell_line([tavli_binary(), "-q"]))
            .current_dir(&dir)
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("script(1) (util-linux) is installed");
        let mut stdin = child.stdin.take().expect("stdin");
        let input = typed.join("\n") + "\n";
        let writer = std::thread::spawn(move || {
            // Typed once the editor is up (keys typed before its first prompt go to the
            // terminal's own echo), then the terminal kept open until `quit` is read.
            std::thread::sleep(Duration::from_millis(500));
            let _ = stdin.write_all(input.as_bytes());
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_secs(5));
        });
        let (status, shown) = output_within(child, Duration::from_secs(240));
        let _ = writer.join();
        let tail = &shown[shown.len().saturating_sub(1500)..];
        assert!(!shown.contains("panicked"), "{name}: {tail}");
        assert!(
            tail.contains(&format!("tavli {}\r\n", env!("CARGO_PKG_VERSION"))),
            "{name}: the last lines were not answered: {tail}"
        );
        assert_eq!(status, Some(1), "{name}: {tail}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
