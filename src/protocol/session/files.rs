//! The REPL's file commands: `import mat`, `export match mat`, `save match|position` and
//! `load match|position`, as gnubg 1.07 does them, on top of the match-file library.
//!
//! The session keeps its match in the library's model: the finished games as [`GameRecord`]s
//! (the [`Archive`]), the game in progress as its [`GameAction`]s (read off the game's log). `export` and `save` hand
//! them as one [`MatchRecord`](crate::matchfile::MatchRecord) to the library's writers, with
//! the writers' options for gnubg's layout; `import` and `load` read a file with the library
//! and adopt the replayed match: finished games go to the archive, the last game's actions
//! become the game in progress, replayed to where it ends (board, cube, turn, dice), as gnubg
//! leaves it after loading.
//! The file I/O is here (`std::fs`), errors are [`CommandError`]s of kind
//! [`ErrorKind::File`]; a failed command leaves the session unchanged (gnubg 1.07 instead
//! discards the game in progress when an import fails).
//!
//! gnubg behaviours followed (checked live): an existing file is overwritten without a
//! question; a missing file gives `FILE: No such file or directory` on standard error; a file
//! that is not a .mat gives `FILE: not a valid .mat file` six times (gnubg retries the import
//! as each of its variations); an SGF without a game tree gives
//! `FILE: warning: no backgammon games in SGF file`, a broken one `FILE: syntax error`, a
//! directory `FILE: input in flex scanner failed`; plays read from a .mat are stored with
//! their half-moves in gnubg's canonical order (highest source first), so `export match mat`
//! after `import mat` gives gnubg's re-export, not the original text.

pub(super) mod adopted_game;
mod export;
mod import;
use import::Games;

use super::{Session, NO_GAME};
use crate::matchfile::record::{GameAction, GameRecord};
use crate::matchfile::{write_mat, Format};
use crate::notation::apply_written_steps;
use crate::protocol::ast::FileCommand;
use crate::protocol::reply::Reply;
use crate::protocol::response::{CommandError, ErrorKind, ExportFormat, Response};
use crate::rules::{Board, GameState, Side, Step};

/// The finished games of the session's match and the match information read from a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Archive {
    /// Finished games in order, each with its score before the game and its result.
    games: Vec<GameRecord>,
    /// Match information from an imported file (`None`: a match started in the session,
    /// dated today as gnubg dates new matches).
    info: Option<Vec<(String, String)>>,
    /// The match comment from an imported file.
    comment: Vec<String>,
    /// Whether the match has the Crawford rule as gnubg records it (`RU[Crawford]`).
    crawford_rule: bool,
}

impl Archive {
    /// The archive of a new match: no games, no information, the Crawford rule as gnubg's
    /// `new match` sets it (`set automatic crawford` on and more than 1 point).
    pub(super) fn new_match(crawford_rule: bool) -> Archive {
        Archive {
            crawford_rule,
            ..Archive::default()
        }
    }

    /// Exchanges the players' places in every finished game (`swap players`).
    pub(super) fn swap_sides(&mut self) {
        self.games = self.games.iter().map(GameRecord::swapped).collect();
    }
}

fn file_error(path: &str, message: &str) -> CommandError {
    CommandError::new(ErrorKind::File, format!("{path}: {message}"))
}

/// The C library's text for an I/O error, as gnubg prints it after the file name.
fn io_message(error: &std::io::Error) -> String {
    use std::io::ErrorKind as Kind;
    match error.kind() {
        Kind::NotFound => "No such file or directory".to_string(),
        Kind::PermissionDenied => "Permission denied".to_string(),
        _ => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(end) => text[..end].to_string(),
                None => text,
            }
        }
    }
}

/// The board after `steps` (unchanged when they cannot be made, which replay has excluded).
fn after_steps(board: &Board, side: Side, steps: &[Step]) -> Board {
    let pairs: Vec<(u8, u8)> = steps.iter().map(|step| (step.from, step.to)).collect();
    apply_written_steps(board, side, &pairs).unwrap_or(*board)
}

impl Session {
    pub(super) fn file_command(
        &mut self,
        command: FileCommand,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        match command {
            FileCommand::ImportMat(None) => Err(CommandError::bad_argument(
                "You must specify a match file to import (see `help import mat').",
            )),
            FileCommand::ImportMat(Some(path)) => {
                self.import_file(&path, Format::Mat, Games::All, out)
            }
            FileCommand::LoadMatch(None) => Err(CommandError::bad_argument(
                "You must specify a file to load from (see `help load match').",
            )),
            FileCommand::LoadPosition(None) => Err(CommandError::bad_argument(
                "You must specify a file to load from (see `help load position').",
            )),
            FileCommand::LoadGame(None) => Err(CommandError::bad_argument(
                "You must specify a file to load from (see `help load game').",
            )),
            FileCommand::LoadMatch(Some(path)) | FileCommand::LoadPosition(Some(path)) => {
                self.import_file(&path, Format::Sgf, Games::All, out)
            }
            FileCommand::LoadGame(Some(path)) => {
                self.import_file(&path, Format::Sgf, Games::First, out)
            }
            FileCommand::ExportMatchMat(path) => {
                if self.match_play.state() == GameState::NoGame {
                    return Err(CommandError::not_now("No game in progress."));
                }
                let path = path.ok_or_else(|| {
                    CommandError::bad_argument("You must specify a file to export to.")
                })?;
                self.refuse_mixed_variants()?;
                let record = self.match_record();
                if self
                    .record()
                    .iter()
                    .any(|action| matches!(action, GameAction::SetBoard { .. }))
                    && self.playing()
                {
                    out.reply(Reply::EditedGameExport);
                }
                write_file(&path, ExportFormat::Mat, &write_mat(&record), out)
            }
            FileCommand::ExportPositionSvg(path) => self.export_picture(path, false, out),
            FileCommand::ExportPositionPng(path) => self.export_picture(path, true, out),
            FileCommand::SaveMatch(path) => {
                self.require_any_game()?;
                let path = path.ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a file to save to (see `help save match').",
                    )
                })?;
                self.refuse_mixed_variants()?;
                let text = self.match_sgf();
                write_file(&path, ExportFormat::Sgf, &text, out)
            }
            FileCommand::SavePosition(path) => {
                self.require_any_game()?;
                let path = path.ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a file to save to (see `help save position').",
                    )
                })?;
                let text = self.position_sgf();
                write_file(&path, ExportFormat::Sgf, &text, out)
            }
        }
    }

    /// gnubg saves a finished game too; only "no game at all" is refused.
    /// A tavli rotation match (Portes, Plakoto, Fevga) holds games of several variants, and a
    /// match file records one variant for the whole match: refuse rather than write a file
    /// whose games cannot be replayed.
    fn refuse_mixed_variants(&self) -> Result<(), CommandError> {
        if self.rotating_variants() && self.match_play.games_played() > 0 {
            return Err(CommandError::new(
                ErrorKind::Unsupported,
                "A tavli match changes variant each game, and a match file holds one variant: nothing written (`save position` writes the current game).",
            ));
        }
        Ok(())
    }

    fn require_any_game(&self) -> Result<(), CommandError> {
        if self.match_play.state() == GameState::NoGame {
            Err(CommandError::not_now(NO_GAME))
        } else {
            Ok(())
        }
    }
}

/// Writes `text` to `path` (`-` is standard output, as in gnubg's `export match mat -`).
fn write_file(
    path: &str,
    format: ExportFormat,
    text: &str,
    out: &mut Response,
) -> Result<(), CommandError> {
    if path == "-" {
        out.export(format, text);
        return Ok(());
    }
    std::fs::write(path, text).map_err(|error| file_error(path, &io_message(&error)))
}
