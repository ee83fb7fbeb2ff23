//! Running a command on a pseudo-terminal through `script(1)`, as a user at a terminal runs it:
//! the one place that knows how `script` is called.

use std::process::Command;

/// A `script(1)` command that runs the shell command line `command_line` on a new
/// pseudo-terminal, quietly (`-q`), with the command's exit code as its own (`-e`), keeping no
/// typescript (`/dev/null`). The caller sets the environment, directory and standard streams.
pub fn on_a_pseudo_terminal(command_line: &str) -> Command {
    let mut command = Command::new("script");
    command.args(["-qec", command_line, "/dev/null"]);
    command
}

/// `words` as one shell command line, each word single-quoted.
pub fn shell_line<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    words
        .into_iter()
        .map(|word| format!("'{}'", word.replace('\'', r"'\''")))
        .collect::<Vec<_>>()
        .join(" ")
}
