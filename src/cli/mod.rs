//! The command line: clap definitions and dispatch. The only layer that writes to a terminal.

pub mod board;
pub mod exit;
pub mod id;
pub mod login;
pub mod moves;
pub mod position_arg;
pub mod repl;

use clap::{Parser, Subcommand};
pub use exit::Outcome;
use std::io::Write;

/// tavli: a backgammon command-line tool that speaks GNU Backgammon's text protocol.
///
/// Exit codes: 0 success; 1 some input was rejected or invalid; 2 usage, I/O or internal error.
#[derive(Parser, Debug)]
#[command(name = "tavli", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every legal play of a position and roll, in gnubg notation.
    Moves(moves::MovesArgs),
    /// Draw a position as gnubg's `show board` does.
    Board(board::BoardArgs),
    /// Convert a position between Position ID, Match ID, GNUbg ID, XGID and FIBS board.
    Id(id::IdArgs),
}

/// Runs the parsed command line, writing data to `out` and diagnostics to `err`.
///
/// # Errors
/// I/O errors and internal failures; the binary reports them and exits with 2.
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    match cli.command {
        Some(Command::Moves(args)) => moves::run(&args, out, err),
        Some(Command::Board(args)) => board::run(&args, out, err),
        Some(Command::Id(args)) => id::run(&args, out, err),
        None => {
            writeln!(err, "tavli: the REPL is not built yet; see `tavli --help`")?;
            Ok(Outcome::Failure)
        }
    }
}
