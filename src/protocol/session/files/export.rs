//! `export match mat`, `save match`, `save position` and `export position svg|png`: the
//! session's match as a match record (the archive plus the game in progress, both kept in
//! the library's model), written by the library's writers with the options that give
//! gnubg's layout, and pictures.

use super::{file_error, io_message, write_file};
use crate::matchfile::record::{
    pending_roll, GameAction, GameRecord, MatchRecord, RecordedEnding, RecordedResult,
};
use crate::matchfile::{write_sgf, SgfOptions, TailNode};
use crate::protocol::response::{CommandError, ExportFormat, Response};
use crate::protocol::session::Session;
use crate::render::picture::{position_png, position_svg, PictureOptions};
use crate::rules::{GameState, Resignation, Side};

/// Today's date (UTC) as `YYYY.MM.DD`, gnubg's `EventDate` of a new match.
fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let days = i64::try_from(seconds / 86_400).unwrap_or(0);
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

impl Session {
    /// Records the game that just ended (called by `finish_game` before the score changes).
    pub(in crate::protocol::session) fn archive_game(&mut self, winner: Side, points: u32) {
        let ending = match self.match_play.state() {
            GameState::Dropped => RecordedEnding::Dropped,
            GameState::Resigned => {
                RecordedEnding::Resigned(self.state().resignation.unwrap_or(Resignation::Single))
            }
            _ => RecordedEnding::BearOff,
        };
        let mut game = self.current_game();
        game.result = Some(RecordedResult {
            winner,
            points,
            ending,
        });
        self.archive.games.push(game);
    }

    /// The game in progress (or the one just finished) as a game record: its actions as the
    /// session keeps them, with the score and Crawford flag it is played at (the game's, not
    /// the match's, which has counted a finished game already).
    fn current_game(&self) -> GameRecord {
        let context = self.game().context();
        GameRecord {
            score: context.score,
            crawford: context.crawford,
            actions: self.record(),
            result: None,
        }
    }

    /// The session's match as a record: finished games, then the game in progress.
    pub(in crate::protocol::session) fn match_record(&self) -> MatchRecord {
        let mut games = self.archive.games.clone();
        if self.playing() {
            games.push(self.current_game());
        }
        let info = self
            .archive
            .info
            .clone()
            .unwrap_or_else(|| vec![("EventDate".to_string(), today())]);
        MatchRecord {
            length: self.match_play.context().length,
            players: self.names.clone(),
            variant: self.game().rules().variant(),
            jacoby: self.match_play.context().jacoby,
            crawford_rule: self.archive.crawford_rule,
            info,
            comment: self.archive.comment.clone(),
            games,
        }
    }

    /// gnubg's `save match` file: the library's SGF with gnubg's statistics property on each
    /// game's root node, the last node closed on its own line, and a roll drawn by `roll` and
    /// not played yet in the game in progress also written as a move (`;PL[W]DI[52]`, then
    /// `;W[52]`), as gnubg does (not for the opening roll, nor for dice set by `set dice`,
    /// nor for the roll of a game resigned after it: gnubg 1.07 writes that one as dice
    /// alone, checked live).
    pub(super) fn match_sgf(&self) -> String {
        let record = self.record();
        let in_progress = self.match_play.state() == GameState::Playing;
        let rolled_not_played = match pending_roll(&record).map(|at| &record[at]) {
            Some(GameAction::Roll { side, dice }) if in_progress => {
                record.len() > 1 && self.last_roll() == Some((*side, *dice))
            }
            _ => false,
        };
        let options = SgfOptions {
            statistics: true,
            close_on_last_node: true,
            pending_roll_as_move: rolled_not_played,
            tail: Vec::new(),
        };
        write_sgf(&self.match_record(), &options)
    }

    /// gnubg's `save position` file: one game tree with the score, the board set up, the
    /// cube and the dice.
    pub(super) fn position_sgf(&self) -> String {
        let state = &self.state();
        let record = MatchRecord {
            length: state.match_length,
            players: self.names.clone(),
            variant: state.variant,
            jacoby: state.jacoby,
            crawford_rule: self.archive.crawford_rule,
            info: self
                .archive
                .info
                .clone()
                .unwrap_or_else(|| vec![("EventDate".to_string(), today())]),
            comment: Vec::new(),
            games: vec![GameRecord {
                score: state.score,
                crawford: state.crawford,
                actions: vec![GameAction::SetBoard {
                    board: state.board,
                    on_roll: Some(state.on_roll),
                }],
                result: None,
            }],
        };
        let options = SgfOptions {
            statistics: true,
            close_on_last_node: true,
            pending_roll_as_move: false,
            tail: vec![
                TailNode::CubeValue(state.cube_value),
                TailNode::CubeOwner(state.cube_owner),
                TailNode::Turn(state.on_roll, state.dice),
            ],
        };
        write_sgf(&record, &options)
    }

    /// `export position svg|png FILE`: the board as tavli draws it (`tavli board --format`),
    /// with the players' names; an SVG may go to standard output (`-`), a PNG only to a file.
    pub(super) fn export_picture(
        &self,
        path: Option<String>,
        png: bool,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if self.match_play.state() == GameState::NoGame {
            return Err(CommandError::not_now("No game in progress."));
        }
        let path = path
            .ok_or_else(|| CommandError::bad_argument("You must specify a file to export to."))?;
        let options = PictureOptions {
            names: self.names().clone(),
            ..PictureOptions::default()
        };
        if !png {
            return write_file(
                &path,
                ExportFormat::Svg,
                &position_svg(&self.state(), &options),
                out,
            );
        }
        if path == "-" {
            return Err(CommandError::bad_argument(
                "A PNG picture cannot be written to standard output; name a file.",
            ));
        }
        let bytes = position_png(&self.state(), &options)
            .map_err(|error| CommandError::bad_argument(error.to_string()))?;
        std::fs::write(&path, bytes).map_err(|error| file_error(&path, &io_message(&error)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parser::parse_line;

    fn session(lines: &[&str]) -> Session {
        let mut session = Session::new("root");
        for line in lines {
            let applied = parse_line(line).and_then(|command| session.apply(command));
            assert!(applied.is_ok(), "{line}");
        }
        session
    }

    /// The nodes after each game's root node.
    fn nodes(text: &str) -> Vec<&str> {
        text.lines()
            .filter(|line| line.starts_with(';'))
            .map(|line| line.trim_end_matches(')'))
            .collect()
    }

    /// gnubg 1.07 (live): `set dice 31`, `move 8/5 6/5` (the next roll, 52, drawn as
    /// `roll` draws it), `save match` ends the game on `;PL[W]DI[52]` then `;W[52]`; after `resign normal` and `accept` it ends on
    /// the dice alone, also when that ends the match or no new game follows.
    #[test]
    fn a_roll_resigned_on_is_saved_as_dice_alone() {
        let start = [
            "set player 0 human",
            "set player 1 human",
            "set seed 7",
            "new match 1",
            "set dice 31",
            "move 8/5 6/5",
        ];
        let rolled = session(&start);
        let dice = rolled.last_roll().expect("rolled").1;
        let (high, low) = (dice.high(), dice.low());
        let (first, second) = (dice.first(), dice.second());
        let text = rolled.match_sgf();
        assert_eq!(
            nodes(&text)[1..],
            [
                format!(";PL[W]DI[{first}{second}]"),
                format!(";W[{high}{low}]")
            ]
        );
        let resigned = session(&[&start[..], &["resign normal", "accept"]].concat());
        let text = resigned.match_sgf();
        assert_eq!(nodes(&text)[1..], [format!(";PL[W]DI[{first}{second}]")]);
        assert!(text.contains("RE[B+1R]"), "{text}");
    }
}
