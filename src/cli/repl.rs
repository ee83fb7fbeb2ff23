//! `tavli repl` and `tavli` with no subcommand: gnubg's text protocol on standard input or a
//! command file; line editing and gnubg's prompt only when standard input is a terminal.

use super::exit::Outcome;
use super::line_editor::bounded_editor;
use super::login::login_name;
use crate::engine::choice::{self, EvaluatorKind};
use crate::protocol::ast::FileCommand;
use crate::protocol::json;
use crate::protocol::repl::{line_too_long, MAX_LINE_BYTES};
use crate::protocol::response::{CommandError, Response};
use crate::protocol::text::{render_error, render_response};
use crate::protocol::{run as run_loop, run_line, Command, ReplOptions, Session};
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
    /// gnubg's command-line options, so that a script can call `tavli` where it called `gnubg`.
    #[command(flatten)]
    pub gnubg: GnubgOptions,
}

/// The options of `gnubg --help` (1.07), accepted so that `gnubg -t -q < script` can become
/// `tavli -t -q < script`. `-c FILE`, `-v` and `[FILE]` are honoured; the others concern
/// gnubg's GUI, sound, rc files, translations, data folders or debugging, and have no effect.
#[derive(Args, Debug, Default, Clone)]
#[command(next_help_heading = "gnubg's options (for scripts written for gnubg)")]
pub struct GnubgOptions {
    /// A match to load first (gnubg's `[file.sgf]`): an .sgf file as `load match`, any other
    /// as `import mat`; the board is shown as gnubg shows it.
    /// (More than one is refused: the words after a mistyped subcommand land here.)
    #[arg(value_name = "FILE", num_args = 0..)]
    pub files: Vec<PathBuf>,
    /// No effect: tavli always runs on the command line (gnubg: no GUI).
    #[arg(short = 't', long = "tty", hide_short_help = true)]
    pub tty: bool,
    /// No effect: tavli plays no sound (gnubg: disable sound effects).
    #[arg(short = 'q', long = "quiet", hide_short_help = true)]
    pub quiet: bool,
    /// No effect: tavli reads no rc files (gnubg: do not read .gnubgrc).
    #[arg(short = 'r', long = "no-rc", hide_short_help = true)]
    pub no_rc: bool,
    /// No effect: tavli speaks English only, numbers without locale (gnubg: set language).
    #[arg(
        short = 'l',
        long = "lang",
        hide_short_help = true,
        value_name = "LANG"
    )]
    pub lang: Option<String>,
    /// No effect: tavli's evaluator always uses its bear-off database (gnubg: do not use it).
    #[arg(short = 'b', long = "no-bearoff", hide_short_help = true)]
    pub no_bearoff: bool,
    /// Refused: tavli has no Python (gnubg: Python mode or a Python file).
    #[arg(short = 'p', long = "python", hide_short_help = true, value_name = "FILE", num_args = 0..=1)]
    pub python: Option<Option<PathBuf>>,
    /// No effect: no GUI (gnubg: show the splash screen).
    #[arg(short = 'S', long = "splash", hide_short_help = true)]
    pub splash: bool,
    /// No effect: no GUI (gnubg: ignore tty input in the GUI).
    #[arg(short = 'w', long = "window-system-only", hide_short_help = true)]
    pub window_system_only: bool,
    /// No effect (gnubg: turn on debug).
    #[arg(short = 'd', long = "debug", hide_short_help = true)]
    pub debug: bool,
    /// No effect: tavli's data is built in (gnubg: location of general data).
    #[arg(
        short = 'D',
        long = "datadir",
        hide_short_help = true,
        value_name = "DIR"
    )]
    pub datadir: Option<PathBuf>,
    /// No effect: tavli's data is built in (gnubg: location of program data).
    #[arg(
        short = 'P',
        long = "pkgdatadir",
        hide_short_help = true,
        value_name = "DIR"
    )]
    pub pkgdatadir: Option<PathBuf>,
    /// No effect (gnubg: location of the documentation).
    #[arg(
        short = 'O',
        long = "docdir",
        hide_short_help = true,
        value_name = "DIR"
    )]
    pub docdir: Option<PathBuf>,
    /// No effect: tavli keeps no preferences (gnubg: preferences folder).
    #[arg(
        short = 's',
        long = "prefsdir",
        hide_short_help = true,
        value_name = "DIR"
    )]
    pub prefsdir: Option<PathBuf>,
    /// No effect: no GUI (gnubg: X display to use).
    #[arg(long = "display", value_name = "DISPLAY", hide_short_help = true)]
    pub display: Option<String>,
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
    if args.gnubg.python.is_some() {
        writeln!(
            err,
            "tavli: -p/--python: tavli has no Python interpreter (gnubg's Python mode)"
        )?;
        return Ok(Outcome::Failure);
    }
    let options = ReplOptions {
        json: args.json,
        stop_on_error: args.stop_on_error,
    };
    let mut start_failed = false;
    if let Some(file) = args.gnubg.files.first() {
        if let Some(outcome) = refuse_subcommand_typo(file, err)? {
            return Ok(outcome);
        }
        if args.gnubg.files.len() > 1 {
            writeln!(
                err,
                "tavli: one match file to load at the start, and {} were given",
                args.gnubg.files.len()
            )?;
            return Ok(Outcome::Failure);
        }
        let (line, result) = load_start_file(&mut session, file);
        start_failed = result.is_err();
        write_result(&line, &result, options, out, err)?;
        if start_failed && options.stop_on_error {
            return Ok(Outcome::Rejected);
        }
    }
    let summary = if let Some(path) = &args.commands {
        let file = std::fs::File::open(path)
            .with_context(|| format!("cannot read commands from {}", path.display()))?;
        run_loop(&mut session, &mut BufReader::new(file), out, err, options)?
    } else if std::io::stdin().is_terminal() {
        let outcome = interactive(&mut session, options, out, err)?;
        return Ok(if start_failed {
            outcome.worst(Outcome::Rejected)
        } else {
            outcome
        });
    } else {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        run_loop(&mut session, &mut input, out, err, options)?
    };
    Ok(if summary.errors > 0 || start_failed {
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
    let mut editor = bounded_editor().context("cannot set up line editing")?;
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
        // The pipe's bound holds on a terminal too: an overlong line is refused, not run (and
        // not kept in the history). The editor stops taking characters just past the bound
        // (line_editor.rs), so the line it returns is over it.
        let (line, result) = if line.len() > MAX_LINE_BYTES {
            (String::new(), Err(line_too_long()))
        } else {
            if !line.trim().is_empty() {
                let _ = editor.add_history_entry(line.as_str());
            }
            let result = run_line(session, &line);
            (line, result)
        };
        write_result(&line, &result, options, out, err)?;
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

/// Writes the reply to `line` as the loop does: one JSON object, or gnubg's text.
fn write_result(
    line: &str,
    result: &Result<Response, CommandError>,
    options: ReplOptions,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<()> {
    if options.json {
        writeln!(out, "{}", json::render_result(line, result))
    } else {
        let rendered = match result {
            Ok(response) => render_response(response),
            Err(error) => render_error(error),
        };
        out.write_all(rendered.stdout.as_bytes())?;
        err.write_all(rendered.stderr.as_bytes())
    }
}

/// Loads gnubg's start-up `[file.sgf]`: an .sgf file as `load match`, any other as
/// `import mat`. Returns the command as typed (for `--json`) and its result.
fn load_start_file(
    session: &mut Session,
    file: &std::path::Path,
) -> (String, Result<Response, CommandError>) {
    let name = file.display().to_string();
    let sgf = file
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("sgf"));
    let (line, command) = if sgf {
        (
            format!("load match {name}"),
            FileCommand::LoadMatch(Some(name)),
        )
    } else {
        (
            format!("import mat {name}"),
            FileCommand::ImportMat(Some(name)),
        )
    };
    (line, session.apply(Command::File(command)))
}

/// A missing start-up file named like a word (`tavli mvoes`) is a mistyped subcommand more
/// likely than a match: refused with the nearest subcommand (exit status 2).
fn refuse_subcommand_typo(
    file: &std::path::Path,
    err: &mut dyn Write,
) -> std::io::Result<Option<Outcome>> {
    let word = file.to_string_lossy();
    if file.exists() || word.contains(['.', '/']) {
        return Ok(None);
    }
    let command = <super::Cli as clap::CommandFactory>::command();
    let nearest = command
        .get_subcommands()
        .map(clap::Command::get_name)
        .min_by_key(|name| edit_distance(name, &word))
        .filter(|name| edit_distance(name, &word) <= 2);
    write!(
        err,
        "tavli: `{word}` is neither a subcommand nor a match file"
    )?;
    match nearest {
        Some(name) => writeln!(err, " (did you mean `{name}`?); see `tavli --help`")?,
        None => writeln!(err, "; see `tavli --help`")?,
    }
    Ok(Some(Outcome::Failure))
}

/// Levenshtein distance between two words (characters).
fn edit_distance(left: &str, right: &str) -> usize {
    let right: Vec<char> = right.chars().collect();
    let mut previous: Vec<usize> = (0..=right.len()).collect();
    for (i, a) in left.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, &b) in right.iter().enumerate() {
            let substitution = previous[j] + usize::from(a != b);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[right.len()]
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
