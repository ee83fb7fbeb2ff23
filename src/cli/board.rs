//! `tavli board`: gnubg's `show board` diagram of a position.

use super::exit::Outcome;
use super::login::login_name;
use super::position_arg::{position_text, read_arguments};
use crate::codec::match_id;
use crate::render::{render_board, BoardView};
use std::io::Write;

/// Arguments of `tavli board`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  tavli board start\n  tavli board 4HPwATDgc/ABMA:cIkFAAAAAAAA")]
pub struct BoardArgs {
    /// The position: a Position ID, a GNUbg ID, an XGID, a FIBS board string or `start`.
    pub position: String,
    /// The variant of the position.
    #[arg(long, default_value = "standard")]
    pub variant: String,
    /// Name of player 0 (O, drawn on top).
    #[arg(long, default_value = "gnubg")]
    pub o_name: String,
    /// Name of player 1 (X, drawn at the bottom); defaults to the login name, as gnubg.
    #[arg(long)]
    pub x_name: Option<String>,
    /// Mirror the board left-right, as gnubg's `set clockwise on`.
    #[arg(long)]
    pub clockwise: bool,
}

/// Runs `tavli board`.
///
/// # Errors
/// I/O errors on the output.
pub fn run(args: &BoardArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let state = match read_arguments(&args.position, &args.variant) {
        Ok(state) => state,
        Err((outcome, message)) => {
            writeln!(err, "tavli: {message}")?;
            return Ok(outcome);
        }
    };
    let x_name = args.x_name.clone().unwrap_or_else(login_name);
    let position = position_text(state.variant, &state.board, state.on_roll);
    let matchid = match_id::encode(&state);
    let view = BoardView {
        state: &state,
        names: [args.o_name.as_str(), x_name.as_str()],
        position_id: &position,
        match_id: &matchid,
        clockwise: args.clockwise,
        annotated: true,
    };
    write!(out, "{}", render_board(&view))?;
    Ok(Outcome::Success)
}
