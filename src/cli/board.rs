//! `tavli board`: gnubg's `show board` diagram of a position, or a picture of it (SVG, PNG).

use super::exit::Outcome;
use super::login::login_name;
use super::position_arg::{position_text, read_arguments};
use crate::codec::match_id;
use crate::protocol::json::BoardObject;
use crate::render::picture::{position_png, position_svg, PictureOptions, Theme, SIZE_RANGE};
use crate::render::{render_board, BoardView};
use crate::rules::Side;
use std::io::Write;

/// What `tavli board` writes.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardFormat {
    /// gnubg's text diagram.
    #[default]
    Text,
    /// A self-contained SVG picture.
    Svg,
    /// A PNG picture.
    Png,
}

/// A colour scheme named on the command line.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ThemeArg {
    /// A wooden board.
    #[default]
    Light,
    /// A dark board.
    Dark,
    /// Black, white and strong colours.
    HighContrast,
}

impl From<ThemeArg> for Theme {
    fn from(theme: ThemeArg) -> Theme {
        match theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
            ThemeArg::HighContrast => Theme::HighContrast,
        }
    }
}

/// A side named on the command line.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideArg {
    /// Player 1, drawn at the bottom.
    #[value(name = "X", alias = "x")]
    X,
    /// Player 0, drawn on top.
    #[value(name = "O", alias = "o")]
    O,
}

impl From<SideArg> for Side {
    fn from(side: SideArg) -> Side {
        match side {
            SideArg::X => Side::X,
            SideArg::O => Side::O,
        }
    }
}

/// Arguments of `tavli board`.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  tavli board start\n  tavli board 4HPwATDgc/ABMA:cIkFAAAAAAAA\n  \
    tavli board start --format png --size 800 > start.png\n  \
    tavli board start --json\n  \
    tavli board plakoto:O=24x15:X=24x15 --format svg --theme dark > plakoto.svg"
)]
pub struct BoardArgs {
    /// The position: a Position ID, a GNUbg ID, an XGID, a FIBS board string or `start`.
    pub position: String,
    /// The variant of the position.
    #[arg(long, default_value = "standard", value_parser = super::position_arg::VariantName)]
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
    /// Output: gnubg's text diagram, or a picture (SVG text or PNG bytes on standard output).
    #[arg(long, value_enum, default_value_t = BoardFormat::Text)]
    pub format: BoardFormat,
    /// Width of the picture in pixels (SVG, PNG); the height follows (0.784 of it).
    #[arg(long, default_value_t = 800, value_name = "PIXELS")]
    pub size: u32,
    /// Colours of the picture.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    pub theme: ThemeArg,
    /// Number the points for this player (default: the player on roll).
    #[arg(long, value_enum, value_name = "X|O")]
    pub from: Option<SideArg>,
    /// Leave the point numbers out of the picture.
    #[arg(long)]
    pub no_numbers: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// The board as JSON data: its Position ID, Match ID, state and the players' names (the
    /// board object of every JSON output, see docs/json.md).
    #[arg(long, conflicts_with_all = ["format", "size", "theme", "from", "no_numbers", "clockwise"])]
    pub json: bool,
}

/// `tavli board --json`: the board object and the players' names.
#[derive(serde::Serialize)]
struct BoardRecord<'a> {
    #[serde(flatten)]
    board: BoardObject,
    names: [&'a str; 2],
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
    if args.json {
        let record = BoardRecord {
            board: BoardObject::new(&state),
            names: [args.o_name.as_str(), x_name.as_str()],
        };
        let mut bytes = serde_json::to_vec_pretty(&record)?;
        bytes.push(b'\n');
        return write_output(args, &bytes, out, err);
    }
    if args.format != BoardFormat::Text {
        if !SIZE_RANGE.contains(&args.size) {
            writeln!(
                err,
                "tavli: --size {} is out of range: a picture is {} to {} pixels wide",
                args.size,
                SIZE_RANGE.start(),
                SIZE_RANGE.end()
            )?;
            return Ok(Outcome::Failure);
        }
        let options = PictureOptions {
            names: [args.o_name.clone(), x_name],
            numbers_for: args.from.map(Side::from),
            numbers: !args.no_numbers,
            theme: args.theme.into(),
            width: args.size,
            clockwise: args.clockwise,
        };
        let bytes = if args.format == BoardFormat::Svg {
            position_svg(&state, &options).into_bytes()
        } else {
            match position_png(&state, &options) {
                Ok(bytes) => bytes,
                Err(error) => {
                    writeln!(err, "tavli: {error}")?;
                    return Ok(Outcome::Failure);
                }
            }
        };
        return write_output(args, &bytes, out, err);
    }
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

/// Writes a picture to `--output` or standard output; PNG bytes are not sent to a terminal.
fn write_output(
    args: &BoardArgs,
    bytes: &[u8],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    use anyhow::Context;
    use std::io::IsTerminal;
    match &args.output {
        Some(path) => {
            std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))?
        }
        None => {
            if args.format == BoardFormat::Png && std::io::stdout().is_terminal() {
                writeln!(
                    err,
                    "tavli: not writing PNG bytes to a terminal: redirect standard output \
                     (`> board.png`) or give --output FILE"
                )?;
                return Ok(Outcome::Failure);
            }
            out.write_all(bytes)?;
            out.flush()?;
        }
    }
    Ok(Outcome::Success)
}
