//! `tavli id`: converts a position between Position ID, Match ID, GNUbg ID, XGID and FIBS.

use super::exit::Outcome;
use super::login::login_name;
use super::position_arg::read_arguments;
use crate::codec::fibs::{self, FibsFlavour};
use crate::codec::{gnubg_id, match_id, position_id, xgid};
use crate::protocol::json::BoardObject;
use serde::Serialize;
use std::io::Write;

/// The forms `tavli id` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdForm {
    /// gnubg's 14-character Position ID (seen from the player on roll).
    Posid,
    /// gnubg's 12-character Match ID.
    Matchid,
    /// `POSITIONID:MATCHID`.
    Gnubgid,
    /// eXtreme Gammon's XGID.
    Xgid,
    /// The FIBS `board:` line as gnubg's `show board` writes it with `set output rawboard on`.
    Fibs,
    /// Every form above plus the decoded state, as one JSON document.
    Json,
}

/// Arguments of `tavli id`.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:\n  tavli id start --to xgid\n  \
                        tavli id 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10' --to gnubgid")]
pub struct IdArgs {
    /// The position: a Position ID, a GNUbg ID, an XGID, a FIBS board string or `start`.
    pub position: String,
    /// The form to write.
    #[arg(long, value_enum, default_value = "gnubgid")]
    pub to: IdForm,
    /// The variant of the position.
    #[arg(long, default_value = "standard", value_parser = super::position_arg::VariantName)]
    pub variant: String,
    /// Name of player 0 (O) in the FIBS form.
    #[arg(long, default_value = "gnubg")]
    pub o_name: String,
    /// Name of player 1 (X) in the FIBS form; defaults to the login name, as gnubg.
    #[arg(long)]
    pub x_name: Option<String>,
}

/// `tavli id --to json`: the board object (Position ID, Match ID, state) and the other forms.
#[derive(Serialize)]
struct IdRecord {
    #[serde(flatten)]
    board: BoardObject,
    gnubg_id: String,
    xgid: Option<String>,
    fibs: String,
}

/// Runs `tavli id`.
///
/// # Errors
/// I/O errors on the output.
pub fn run(args: &IdArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let state = match read_arguments(&args.position, &args.variant) {
        Ok(state) => state,
        Err((outcome, message)) => {
            writeln!(err, "tavli: {message}")?;
            return Ok(outcome);
        }
    };
    let x_name = args.x_name.clone().unwrap_or_else(login_name);
    let names = [args.o_name.as_str(), x_name.as_str()];
    match args.to {
        IdForm::Posid => writeln!(out, "{}", position_id::encode(&state.board, state.on_roll))?,
        IdForm::Matchid => writeln!(out, "{}", match_id::encode(&state))?,
        IdForm::Gnubgid => writeln!(out, "{}", gnubg_id::encode(&state))?,
        IdForm::Xgid => match xgid::encode(&state) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(error) => {
                writeln!(err, "tavli: {error}")?;
                return Ok(Outcome::Rejected);
            }
        },
        IdForm::Fibs => writeln!(
            out,
            "{}",
            fibs::encode(&state, names, FibsFlavour::ShowBoard)
        )?,
        IdForm::Json => {
            let record = IdRecord {
                board: BoardObject::new(&state),
                gnubg_id: gnubg_id::encode(&state),
                xgid: xgid::encode(&state).ok(),
                fibs: fibs::encode(&state, names, FibsFlavour::ShowBoard),
            };
            serde_json::to_writer_pretty(&mut *out, &record)?;
            writeln!(out)?;
        }
    }
    Ok(Outcome::Success)
}
