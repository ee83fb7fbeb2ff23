//! `tavli repl` and `tavli` with no subcommand: gnubg's text protocol on standard input or a
//! command file; line editing and gnubg's prompt only when standard input is a terminal.

use super::exit::Outcome;
use super::login::login_name;
use crate::engine::choice::{self, EvaluatorKind};
use crate::protocol::json;
use crate::protocol::text::{render_error, render_response};
use crate::protocol::{run as run_loop, run_line, ReplOptions, Session};
use anyhow::Context;
use clap::Args;
use std::io::{BufReader, IsTerminal, Write};
use std::path::PathBuf;

/// Options of the REPL.
#[derive(Args, Debug, Default, Clone)]
pub struct ReplArgs {
    /// Read commands from FILE instead of standard input.
    #[arg(short = 'c', long = "commands", value_name = "FILE")]
    pub commands: Option<PathBuf>,
    /// Answer each command with one NDJSON object (board as data, plays, errors with a kind).
    #[arg(long)]
    pub json: bool,
    /// Stop at the first rejected command (exit status 1).
    #[arg(long)]
    pub stop_on_error: bool,
    /// The evaluator of hints, `eval` and the computer player: `net` (tavli's networks) or
    /// `pubeval` (the baseline); `set evaluation evaluator NAME` changes it in the session.
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub evaluator: EvaluatorKind,
    /// Networks from this weight file instead of the built-in ones (`--evaluator net`).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<PathBuf>,
}

/// Runs the REPL: exit status 0 when every command succeeded, 1 when any was rejected.
///
/// # Errors
/// A command file that cannot be read, or an I/O error on the output.
pub fn run(args: &ReplArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut session = Session::new(&login_name());
    match choice::build(args.evaluator, args.weights.as_deref()) {
        Ok(evaluator) => session.set_evaluator(evaluator, args.evaluator.name()),
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    }
    let options = ReplOptions {
        json: args.json,
        stop_on_error: args.stop_on_error,
    };
    let summary = if let Some(path) = &args.commands {
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read commands from {}", path.display()))?;
        run_loop(&mut session, &mut BufReader::new(file), out, err, options)?
    } else if std::io::stdin().is_terminal() {
        return interactive(&mut session, options, out, err);
    } else {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        run_loop(&mut session, &mut input, out, err, options)?
    };
    Ok(if summary.errors > 0 {
        Outcome::Rejected
    } else {
        Outcome::Success
    })
}

/// The terminal loop: rustyline editing and history, gnubg's prompt (`(No game) `, or the
/// name of the player to act).
fn interactive(
    session: &mut Session,
    options: ReplOptions,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut editor = rustyline::DefaultEditor::new().context("cannot set up line editing")?;
    writeln!(
        out,
        "tavli {}: GNU Backgammon's text commands; type `help' for a list, `quit' to leave.",
        env!("CARGO_PKG_VERSION")
    )?;
    let mut outcome = Outcome::Success;
    loop {
        out.flush()?;
        let prompt = format!("({}) ", session.prompt_name());
        let line = match editor.readline(&prompt) {
            Ok(line) => line,
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(rustyline::error::ReadlineError::Eof) => break,
            Err(error) => return Err(error).context("cannot read from the terminal"),
        };
        if !line.trim().is_empty() {
            let _ = editor.add_history_entry(line.as_str());
        }
        let result = run_line(session, &line);
        if options.json {
            writeln!(out, "{}", json::render_result(&line, &result))?;
        } else {
            let rendered = match &result {
                Ok(response) => render_response(response),
                Err(error) => render_error(error),
            };
            out.write_all(rendered.stdout.as_bytes())?;
            err.write_all(rendered.stderr.as_bytes())?;
        }
        match result {
            Ok(response) if response.quit => break,
            Ok(_) => {}
            Err(_) => {
                outcome = Outcome::Rejected;
                if options.stop_on_error {
                    break;
                }
            }
        }
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_file(name: &str, script: &str, json: bool, stop_on_error: bool) -> (Outcome, String) {
        let path =
            std::env::temp_dir().join(format!("tavli-repl-{}-{name}.txt", std::process::id()));
        let written = std::fs::write(&path, script);
        assert!(written.is_ok());
        let args = ReplArgs {
            commands: Some(path.clone()),
            json,
            stop_on_error,
            ..ReplArgs::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let outcome = run(&args, &mut out, &mut err).unwrap_or(Outcome::Failure);
        let _ = std::fs::remove_file(path);
        (outcome, String::from_utf8_lossy(&out).into_owned())
    }

    #[test]
    fn exit_status_follows_rejected_commands() {
        let (outcome, out) = run_file("ok", "show rng\nshow beavers\n", false, false);
        assert_eq!(outcome, Outcome::Success);
        assert_eq!(
            out,
            "You are using the Mersenne Twister generator.\n3 beavers/raccoons allowed in money sessions.\n"
        );
        let (outcome, out) = run_file("rejected", "roll\nshow rng\n", false, false);
        assert_eq!(outcome, Outcome::Rejected);
        assert!(out.ends_with("generator.\n"), "{out}");
        let (outcome, out) = run_file("stop", "roll\nshow rng\n", false, true);
        assert_eq!(outcome, Outcome::Rejected);
        assert!(!out.contains("generator"), "{out}");
    }

    #[test]
    fn json_gives_one_object_per_command() {
        let (outcome, out) = run_file("json", "set seed 1\nnew session\nxyzzy\n", true, false);
        assert_eq!(outcome, Outcome::Rejected);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect();
        assert_eq!(lines.len(), 3);
        let board = lines[1]["outputs"]
            .as_array()
            .and_then(|outputs| outputs.iter().find(|output| output["type"] == "board"));
        assert_eq!(
            board.map(|board| &board["board"]["position_id"]),
            Some(&serde_json::json!("4HPwATDgc/ABMA"))
        );
        assert_eq!(lines[2]["error"]["kind"], "unknown_keyword");
    }

    #[test]
    fn missing_command_file_is_an_error() {
        let args = ReplArgs {
            commands: Some(PathBuf::from("/nonexistent/tavli-commands")),
            ..ReplArgs::default()
        };
        assert!(run(&args, &mut Vec::new(), &mut Vec::new()).is_err());
    }
}
