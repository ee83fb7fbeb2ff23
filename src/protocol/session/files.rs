//! The REPL's file commands: `import mat`, `export match mat`, `save match|position` and
//! `load match|position`, as gnubg 1.07 does them, on top of the match-file library.
//!
//! The session keeps the finished games of its match as [`GameRecord`]s (the [`Archive`]);
//! `export` and `save` build a [`MatchRecord`] from them plus the game in progress and hand it
//! to the library's writers; `import` and `load` read a file with the library and adopt the
//! replayed match: finished games go to the archive, the last game becomes the session's
//! game (board, cube, turn, dice, its `list game` records), as gnubg leaves it after loading.
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

use super::{Record, Session, NO_GAME};
use crate::matchfile::diagnostic::Severity;
use crate::matchfile::record::{Ending, GameAction, GameRecord, GameResult, MatchRecord};
use crate::matchfile::{
    check_text, decode, write_mat, write_sgf, Format, MatOptions, SgfOptions, TailNode,
};
use crate::notation::{apply_written_steps, format_play};
use crate::protocol::ast::FileCommand;
use crate::protocol::response::{CommandError, ErrorKind, Response};
use crate::render::picture::{position_png, position_svg, PictureOptions};
use crate::rules::game::RuleSet;
use crate::rules::{Board, Dice, GameState, MatchState, Resignation, Side, Step, Variant};
use std::path::Path;

/// The longest match gnubg supports (a longer one in a file is refused).
const MAX_MATCH_LENGTH: u32 = 64;

/// gnubg's two lines when a game with board edits is exported as .mat.
const EDITED_WARNING: &str = "Warning: this game was edited during play and cannot be exported correctly in this format.\nUse Snowie text format instead.";

/// How many times gnubg 1.07 reports a file that is not a .mat (once per variation it tries).
const MAT_RETRIES: usize = 6;

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

/// The steps of `steps` in gnubg's canonical order (highest source first, then highest
/// destination), with the hit marks they have when made in that order from `board`.
fn canonical_steps(board: &Board, side: Side, steps: &[Step]) -> Vec<Step> {
    let mut sorted = steps.to_vec();
    sorted.sort_by_key(|step| std::cmp::Reverse((step.from, step.to)));
    let mut current = *board;
    for step in &mut sorted {
        step.hit = step.to != 0
            && step.to < 25
            && current.slots[side.opponent().index()][usize::from(24 - step.to)] == 1;
        if let Ok(after) = apply_written_steps(&current, side, &[(step.from, step.to)]) {
            current = after;
        }
    }
    sorted
}

/// The board after `steps` (unchanged when they cannot be made, which replay has excluded).
fn after_steps(board: &Board, side: Side, steps: &[Step]) -> Board {
    let pairs: Vec<(u8, u8)> = steps.iter().map(|step| (step.from, step.to)).collect();
    apply_written_steps(board, side, &pairs).unwrap_or(*board)
}

/// The notation of a recorded play and the board after it. gnubg's variations use gnubg's
/// notation and the written steps; tavli's own variants (pins, captures, Athroisma's actions)
/// take the legal play with exactly those steps, which the match-file replay has checked.
fn recorded_play(
    variant: Variant,
    board: &Board,
    side: Side,
    dice: Dice,
    steps: &[Step],
) -> (String, Board) {
    let rules = RuleSet::new(variant);
    let notation = format_play(rules, board, side, dice, steps);
    if variant.is_gnubg_variation() {
        return (notation, after_steps(board, side, steps));
    }
    let result = rules
        .legal_plays(board, side, dice)
        .into_iter()
        .find(|play| play.steps() == steps)
        .map_or(*board, |play| play.result);
    (notation, result)
}

/// A replayed game adopted by the session: its final state and `list game` records.
struct AdoptedGame {
    state: MatchState,
    record: Vec<Record>,
}

/// Plays `game` on a fresh board and returns where it ends, as gnubg leaves a loaded game.
fn replay_game(
    game: &GameRecord,
    length: u32,
    variant: Variant,
    jacoby: bool,
    last: bool,
) -> AdoptedGame {
    let first = game
        .actions
        .iter()
        .find_map(|action| match action {
            GameAction::Play { side, .. }
            | GameAction::Double { side, .. }
            | GameAction::Take { side }
            | GameAction::Drop { side }
            | GameAction::Beaver { side, .. } => Some(*side),
            GameAction::SetBoard { on_roll, .. } => *on_roll,
        })
        .unwrap_or(Side::O);
    let mut state = MatchState::new_money_game(variant, first);
    state.match_length = length;
    state.score = game.score;
    state.crawford = game.crawford;
    state.jacoby = jacoby && length == 0;
    let mut record = Vec::new();
    let count = game.actions.len();
    for (index, action) in game.actions.iter().enumerate() {
        match action {
            GameAction::Play { side, dice, steps } => {
                state.on_roll = *side;
                state.turn = *side;
                state.double_offered = false;
                let unplayed = steps.is_empty()
                    && index + 1 == count
                    && last
                    && !matches!(
                        game.result,
                        Some(GameResult {
                            ending: Ending::BearOff | Ending::Dropped,
                            ..
                        })
                    )
                    && RuleSet::new(variant)
                        .legal_plays(&state.board, *side, *dice)
                        .iter()
                        .any(|play| play.dice_used() > 0);
                if unplayed {
                    // A roll not played yet: the dice stay on the board (`list game`: Rolled).
                    state.dice = Some(*dice);
                    record.push(Record::Rolled(*side, *dice));
                    continue;
                }
                let (notation, after) = recorded_play(variant, &state.board, *side, *dice, steps);
                record.push(Record::Moved(*side, *dice, notation, steps.clone()));
                state.board = after;
                state.on_roll = side.opponent();
                state.turn = side.opponent();
                state.dice = None;
            }
            GameAction::Double { side, value } => {
                record.push(Record::Double(*side, *value));
                state.on_roll = *side;
                state.turn = side.opponent();
                state.double_offered = true;
                state.dice = None;
            }
            GameAction::Beaver { side, value } => {
                record.push(Record::Double(*side, *value));
                state.cube_value *= 2;
                state.cube_owner = Some(state.on_roll.opponent());
                state.turn = side.opponent();
            }
            GameAction::Take { side } => {
                record.push(Record::Take(*side));
                state.cube_value *= 2;
                state.cube_owner = Some(state.on_roll.opponent());
                state.double_offered = false;
                state.turn = state.on_roll;
            }
            GameAction::Drop { side } => {
                record.push(Record::Drop(*side));
            }
            GameAction::SetBoard { board, on_roll } => {
                record.push(Record::SetBoard(on_roll.unwrap_or(state.on_roll), *board));
                state.board = *board;
                if let Some(side) = on_roll {
                    state.on_roll = *side;
                    state.turn = *side;
                }
            }
        }
    }
    if let Some(result) = game.result {
        let loser = result.winner.opponent();
        match result.ending {
            Ending::BearOff | Ending::Mother => {
                state.game_state = GameState::Over;
                state.on_roll = loser;
                state.turn = loser;
                state.dice = None;
            }
            Ending::Dropped => {
                state.game_state = GameState::Dropped;
                state.double_offered = false;
            }
            Ending::Resigned(level) => {
                record.push(Record::Resign(loser));
                state.game_state = GameState::Resigned;
                state.resignation = Some(level);
                state.double_offered = false;
                // gnubg leaves the resigner on roll and on turn (checked with Match IDs).
                state.on_roll = loser;
                state.turn = loser;
            }
        }
    }
    AdoptedGame { state, record }
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
            FileCommand::ImportMat(Some(path)) => self.import_file(&path, Format::Mat, out),
            FileCommand::LoadMatch(None) => Err(CommandError::bad_argument(
                "You must specify a file to load from (see `help load match').",
            )),
            FileCommand::LoadPosition(None) => Err(CommandError::bad_argument(
                "You must specify a file to load from (see `help load position').",
            )),
            FileCommand::LoadMatch(Some(path)) | FileCommand::LoadPosition(Some(path)) => {
                self.import_file(&path, Format::Sgf, out)
            }
            FileCommand::ExportMatchMat(path) => {
                if self.state.game_state == GameState::NoGame {
                    return Err(CommandError::not_now("No game in progress."));
                }
                let path = path.ok_or_else(|| {
                    CommandError::bad_argument("You must specify a file to export to.")
                })?;
                self.refuse_mixed_variants()?;
                let record = self.match_record();
                if self
                    .record
                    .iter()
                    .any(|r| matches!(r, Record::SetBoard(..)))
                    && self.playing()
                {
                    for line in EDITED_WARNING.lines() {
                        out.line(line);
                    }
                }
                let options = MatOptions {
                    open_game_as_gnubg_exports_it: self.playing(),
                };
                write_file(&path, &write_mat(&record, options), out)
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
                write_file(&path, &text, out)
            }
            FileCommand::SavePosition(path) => {
                self.require_any_game()?;
                let path = path.ok_or_else(|| {
                    CommandError::bad_argument(
                        "You must specify a file to save to (see `help save position').",
                    )
                })?;
                let text = self.position_sgf();
                write_file(&path, &text, out)
            }
        }
    }

    /// gnubg saves a finished game too; only "no game at all" is refused.
    /// A tavli rotation match (Portes, Plakoto, Fevga) holds games of several variants, and a
    /// match file records one variant for the whole match: refuse rather than write a file
    /// whose games cannot be replayed.
    fn refuse_mixed_variants(&self) -> Result<(), CommandError> {
        if self.rotating_variants() && self.games_played > 0 {
            return Err(CommandError::new(
                ErrorKind::Unsupported,
                "A tavli match changes variant each game, and a match file holds one variant: nothing written (`save position` writes the current game).",
            ));
        }
        Ok(())
    }

    fn require_any_game(&self) -> Result<(), CommandError> {
        if self.state.game_state == GameState::NoGame {
            Err(CommandError::not_now(NO_GAME))
        } else {
            Ok(())
        }
    }

    /// Records the game that just ended (called by `finish_game` before the score changes).
    pub(super) fn archive_game(&mut self, winner: Side, points: u32) {
        let ending = match self.state.game_state {
            GameState::Dropped => Ending::Dropped,
            GameState::Resigned => {
                Ending::Resigned(self.state.resignation.unwrap_or(Resignation::Single))
            }
            _ => Ending::BearOff,
        };
        let mut game = self.current_game();
        game.result = Some(GameResult {
            winner,
            points,
            ending,
        });
        self.archive.games.push(game);
    }

    /// The game in progress as a game record (its actions from the `list game` records).
    fn current_game(&self) -> GameRecord {
        let mut actions = Vec::new();
        let mut last_double: Option<Side> = None;
        let mut board = Board::start(self.state.variant);
        for entry in &self.record {
            match entry {
                Record::Rolled(side, dice) => actions.push(GameAction::Play {
                    side: *side,
                    dice: *dice,
                    steps: Vec::new(),
                }),
                Record::Moved(side, dice, _, steps) => {
                    board = after_steps(&board, *side, steps);
                    actions.push(GameAction::Play {
                        side: *side,
                        dice: *dice,
                        steps: steps.clone(),
                    });
                }
                Record::Double(side, value) => {
                    if last_double.is_some_and(|doubler| doubler != *side) {
                        actions.push(GameAction::Beaver {
                            side: *side,
                            value: *value,
                        });
                    } else {
                        actions.push(GameAction::Double {
                            side: *side,
                            value: *value,
                        });
                    }
                    last_double = Some(*side);
                }
                Record::Take(side) => {
                    last_double = None;
                    actions.push(GameAction::Take { side: *side });
                }
                Record::Drop(side) => actions.push(GameAction::Drop { side: *side }),
                Record::SetBoard(_, set) => {
                    board = *set;
                    actions.push(GameAction::SetBoard {
                        board,
                        on_roll: Some(self.state.on_roll),
                    });
                }
                Record::Resign(_) | Record::SetCubeValue(_) | Record::SetCubeOwner(_) => {}
            }
        }
        let _ = board;
        GameRecord {
            score: self.state.score,
            crawford: self.state.crawford,
            actions,
            result: None,
        }
    }

    /// The session's match as a record: finished games, then the game in progress.
    fn match_record(&self) -> MatchRecord {
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
            length: self.state.match_length,
            players: self.names.clone(),
            variant: self.state.variant,
            jacoby: self.state.jacoby,
            info,
            comment: self.archive.comment.clone(),
            games,
        }
    }

    /// gnubg's `save match` file: the library's SGF with gnubg's statistics property on each
    /// game's root node, the last node closed on its own line, and a roll not played yet
    /// written as gnubg does (`;PL[W]DI[52]`, then `;W[52]` unless it is the opening roll).
    fn match_sgf(&self) -> String {
        let mut record = self.match_record();
        let mut options = SgfOptions {
            statistics: true,
            close_on_last_node: true,
            tail: Vec::new(),
        };
        // The last game's roll not played yet (also when the game then ended by resigning).
        let unplayed = self
            .record
            .iter()
            .rev()
            .find(|entry| !matches!(entry, Record::Resign(_)));
        if let Some(Record::Rolled(side, dice)) = unplayed {
            if let Some(game) = record.games.last_mut() {
                if matches!(game.actions.last(), Some(GameAction::Play { steps, .. }) if steps.is_empty())
                {
                    game.actions.pop();
                    options.tail.push(TailNode::Turn(*side, Some(*dice)));
                    if self.record.len() > 1 && self.last_roll == Some((*side, *dice)) {
                        options.tail.push(TailNode::Roll(*side, *dice));
                    }
                }
            }
        }
        write_sgf(&record, &options)
    }

    /// gnubg's `save position` file: one game tree with the score, the board set up, the
    /// cube and the dice.
    fn position_sgf(&self) -> String {
        let state = &self.state;
        let record = MatchRecord {
            length: state.match_length,
            players: self.names.clone(),
            variant: state.variant,
            jacoby: state.jacoby,
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
            tail: vec![
                TailNode::CubeValue(state.cube_value),
                TailNode::CubeOwner(state.cube_owner),
                TailNode::Turn(state.on_roll, state.dice),
            ],
        };
        write_sgf(&record, &options)
    }

    /// `import mat` / `load match|position`: reads `path` in `format` and adopts the match.
    fn import_file(
        &mut self,
        path: &str,
        format: Format,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let not_valid = || match format {
            Format::Mat => CommandError::new(
                ErrorKind::File,
                vec![format!("{path}: not a valid .mat file"); MAT_RETRIES].join("\n"),
            ),
            Format::Sgf => file_error(path, "syntax error"),
        };
        if Path::new(path).is_dir() {
            return Err(match format {
                Format::Mat => not_valid(),
                Format::Sgf => file_error(path, "input in flex scanner failed"),
            });
        }
        let bytes = std::fs::read(path).map_err(|error| file_error(path, &io_message(&error)))?;
        let (text, _) = decode(&bytes).map_err(|_| not_valid())?;
        if format == Format::Sgf && !text.contains(['(', ';', '[']) {
            return Err(file_error(path, "warning: no backgammon games in SGF file"));
        }
        let (record, diagnostics) = check_text(&text, format);
        if record.games.is_empty() {
            return Err(not_valid());
        }
        if let Some(error) = diagnostics
            .iter()
            .find(|diagnostic| diagnostic.severity == Severity::Error)
        {
            // gnubg imports what it can; tavli refuses a file with errors and says why.
            let index = crate::matchfile::diagnostic::LineIndex::new(&text);
            let located = crate::matchfile::diagnostic::Located::new(path, &text, &index, error);
            return Err(file_error(
                path,
                &format!(
                    "line {}: {}: {} (nothing loaded; `tavli validate` lists every problem)",
                    located.line, located.kind, located.message
                ),
            ));
        }
        if record.length > MAX_MATCH_LENGTH {
            return Err(file_error(
                path,
                "the match is longer than 64 points; nothing loaded",
            ));
        }
        let mut record = record;
        if format == Format::Sgf {
            add_pending_roll(&text, &mut record);
        }
        self.adopt(record, format);
        self.board(out);
        Ok(())
    }

    /// Makes `record` the session's match, at the end of its last game.
    fn adopt(&mut self, mut record: MatchRecord, format: Format) {
        let length = record.length;
        if format == Format::Mat && record.variant.is_gnubg_variation() {
            for game in &mut record.games {
                let mut board = Board::start(record.variant);
                for action in &mut game.actions {
                    match action {
                        GameAction::Play { side, steps, .. } => {
                            let sorted = canonical_steps(&board, *side, steps);
                            board = after_steps(&board, *side, &sorted);
                            *steps = sorted;
                        }
                        GameAction::SetBoard { board: set, .. } => board = *set,
                        _ => {}
                    }
                }
            }
        }
        let Some(last) = record.games.last().cloned() else {
            return;
        };
        let adopted = replay_game(&last, length, record.variant, record.jacoby, true);
        let finished: Vec<GameRecord> = record
            .games
            .iter()
            .filter(|game| game.result.is_some())
            .cloned()
            .collect();
        // Crawford bookkeeping as if the games had been played here.
        let mut post_crawford = false;
        for game in &record.games[..record.games.len() - 1] {
            if game.crawford {
                post_crawford = true;
            }
            if length > 0 && game.score.iter().any(|&score| score + 1 == length) && !game.crawford {
                post_crawford = true;
            }
        }
        if length > 0 && last.score.iter().any(|&score| score + 1 == length) && !last.crawford {
            post_crawford = true;
        }
        self.names = record.players.clone();
        // The file's variant becomes the session's (as `set variation` would make it).
        self.settings.variation = record.variant;
        self.adopt_variant_match(last.result.map(|result| result.winner));
        self.state = adopted.state;
        self.record = adopted.record;
        self.games_played = u32::try_from(finished.len()).unwrap_or(u32::MAX);
        self.post_crawford = post_crawford;
        self.post_crawford_at_start = post_crawford;
        self.declined = None;
        self.beavers_used = 0;
        self.last_roll = None;
        self.match_over = false;
        self.archive = Archive {
            games: finished,
            info: Some(record.info.clone()),
            comment: record.comment.clone(),
        };
        if let Some(result) = last.result {
            let winner = result.winner.index();
            self.state.score[winner] = self.state.score[winner].saturating_add(result.points);
            if length > 0 && self.state.score[winner] >= length {
                // gnubg keeps the Crawford flag of the match's last game.
                self.match_over = true;
            } else if length > 0 {
                if self.state.crawford {
                    self.post_crawford = true;
                }
                self.update_crawford_flags();
            }
        }
    }
}

/// gnubg ends a game whose roll was not played yet with `;PL[B]DI[63]`; the library's reader
/// skips that node, so the roll is added here as a play without steps (shown as `Rolled`).
fn add_pending_roll(text: &str, record: &mut MatchRecord) {
    let collection = match crate::matchfile::sgf::parse_sgf(text) {
        Ok(collection) => collection,
        Err(_) => return,
    };
    let Some(node) = collection.trees.last().and_then(|tree| tree.nodes.last()) else {
        return;
    };

    let value = |identifier: &str| {
        node.property(identifier)
            .and_then(|property| property.values.first())
            .map(|value| value.value.clone())
    };
    // The property's own text: the digits inside `DI[..]`.
    let digits: String = node.property("DI").map_or(String::new(), |property| {
        text.get(property.span.start..property.span.end)
            .unwrap_or("")
            .chars()
            .filter(char::is_ascii_digit)
            .collect()
    });
    let Some(player) = value("PL") else {
        return;
    };
    let side = if player == "W" { Side::O } else { Side::X };
    let bytes = digits.as_bytes();
    if bytes.len() != 2 {
        return;
    }
    let Ok(dice) =
        crate::rules::Dice::new(bytes[0].wrapping_sub(b'0'), bytes[1].wrapping_sub(b'0'))
    else {
        return;
    };
    if let Some(game) = record.games.last_mut() {
        game.actions.push(GameAction::Play {
            side,
            dice,
            steps: Vec::new(),
        });
    }
}

/// Writes `text` to `path` (`-` is standard output, as in gnubg's `export match mat -`).
impl Session {
    /// `export position svg|png FILE`: the board as tavli draws it (`tavli board --format`),
    /// with the players' names; an SVG may go to standard output (`-`), a PNG only to a file.
    fn export_picture(
        &self,
        path: Option<String>,
        png: bool,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if self.state.game_state == GameState::NoGame {
            return Err(CommandError::not_now("No game in progress."));
        }
        let path = path
            .ok_or_else(|| CommandError::bad_argument("You must specify a file to export to."))?;
        let options = PictureOptions {
            names: self.names().clone(),
            ..PictureOptions::default()
        };
        if !png {
            return write_file(&path, &position_svg(&self.state, &options), out);
        }
        if path == "-" {
            return Err(CommandError::bad_argument(
                "A PNG picture cannot be written to standard output; name a file.",
            ));
        }
        let bytes = position_png(&self.state, &options)
            .map_err(|error| CommandError::bad_argument(error.to_string()))?;
        std::fs::write(&path, bytes).map_err(|error| file_error(&path, &io_message(&error)))
    }
}

fn write_file(path: &str, text: &str, out: &mut Response) -> Result<(), CommandError> {
    if path == "-" {
        out.partial(text);
        return Ok(());
    }
    std::fs::write(path, text).map_err(|error| file_error(path, &io_message(&error)))
}
