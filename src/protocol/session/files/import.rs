//! `import mat`, `load match` and `load position`: a file read and checked by the library,
//! then adopted as the session's match (finished games to the archive, the last game
//! replayed to where it ends, its actions the game in progress), as gnubg leaves a loaded
//! match.

use super::{after_steps, file_error, io_message, Archive};
use crate::matchfile::diagnostic::Severity;
use crate::matchfile::record::{Ending, GameAction, GameRecord, GameResult, MatchRecord};
use crate::matchfile::{check_text, decode, Format};
use crate::notation::apply_written_steps;
use crate::protocol::response::{CommandError, ErrorKind, Response};
use crate::protocol::session::Session;
use crate::rules::game::{GameOutcome, RecordedGame, RuleSet};
use crate::rules::{Board, Dice, GameState, MatchState, Resignation, Side, Step, Variant};
use std::path::Path;

/// The longest match gnubg supports (a longer one in a file is refused).
const MAX_MATCH_LENGTH: u32 = 64;

/// How many times gnubg 1.07 reports a file that is not a .mat (once per variation it tries).
const MAT_RETRIES: usize = 6;

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

/// The board after a recorded play: the legal play with exactly the written steps (pins,
/// captures and Athroisma's actions come with it), or, where the steps are written in another
/// order than the one the generator keeps (gnubg's variations), the written steps applied as
/// they stand. The match-file replay has checked the play.
fn board_after_play(
    variant: Variant,
    board: &Board,
    side: Side,
    dice: Dice,
    steps: &[Step],
) -> Board {
    let rules = RuleSet::new(variant);
    rules
        .legal_plays(board, side, dice)
        .into_iter()
        .find(|play| play.steps() == steps)
        .map_or_else(|| after_steps(board, side, steps), |play| play.result)
}

/// A replayed game adopted by the session: its final state and its actions as the session
/// keeps them (a roll not played yet as a [`GameAction::Roll`], an accepted resignation as a
/// [`GameAction::Resign`], each set-up with the player on roll).
struct AdoptedGame {
    state: MatchState,
    actions: Vec<GameAction>,
}

/// Plays `game` on a fresh board and returns where it ends, as gnubg leaves a loaded game.
fn replay_game(
    game: &GameRecord,
    length: u32,
    variant: Variant,
    jacoby: bool,
    last: bool,
) -> AdoptedGame {
    let first =
        game.actions
            .iter()
            .find_map(|action| match action {
                GameAction::Play { side, .. }
                | GameAction::Double { side, .. }
                | GameAction::Take { side }
                | GameAction::Drop { side }
                | GameAction::Beaver { side, .. }
                | GameAction::Roll { side, .. }
                | GameAction::Resign { side } => Some(*side),
                GameAction::SetBoard { on_roll, .. } => *on_roll,
                GameAction::SetCubeValue { on_roll, .. }
                | GameAction::SetCubeOwner { on_roll, .. } => Some(*on_roll),
            })
            .unwrap_or(Side::O);
    let mut state = MatchState::new_money_game(variant, first);
    state.match_length = length;
    state.score = game.score;
    state.crawford = game.crawford;
    state.jacoby = jacoby && length == 0;
    let mut actions = Vec::new();
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
                    actions.push(GameAction::Roll {
                        side: *side,
                        dice: *dice,
                    });
                    continue;
                }
                state.board = board_after_play(variant, &state.board, *side, *dice, steps);
                actions.push(action.clone());
                state.on_roll = side.opponent();
                state.turn = side.opponent();
                state.dice = None;
            }
            GameAction::Double { side, .. } => {
                actions.push(action.clone());
                state.on_roll = *side;
                state.turn = side.opponent();
                state.double_offered = true;
                state.dice = None;
            }
            GameAction::Beaver { side, .. } => {
                actions.push(action.clone());
                state.cube_value *= 2;
                state.cube_owner = Some(state.on_roll.opponent());
                state.turn = side.opponent();
            }
            GameAction::Take { .. } => {
                actions.push(action.clone());
                state.cube_value *= 2;
                state.cube_owner = Some(state.on_roll.opponent());
                state.double_offered = false;
                state.turn = state.on_roll;
            }
            GameAction::Drop { .. } => actions.push(action.clone()),
            GameAction::SetBoard { board, on_roll } => {
                actions.push(GameAction::SetBoard {
                    board: *board,
                    on_roll: Some(on_roll.unwrap_or(state.on_roll)),
                });
                state.board = *board;
                if let Some(side) = on_roll {
                    state.on_roll = *side;
                    state.turn = *side;
                }
            }
            // The file readers record none of these; kept as they are.
            GameAction::Roll { side, dice } => {
                state.dice = Some(*dice);
                state.on_roll = *side;
                state.turn = *side;
                actions.push(action.clone());
            }
            GameAction::SetCubeValue { value, .. } => {
                state.cube_value = *value;
                actions.push(action.clone());
            }
            GameAction::SetCubeOwner { owner, .. } => {
                state.cube_owner = *owner;
                actions.push(action.clone());
            }
            GameAction::Resign { .. } => actions.push(action.clone()),
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
                actions.push(GameAction::Resign { side: loser });
                state.game_state = GameState::Resigned;
                state.resignation = Some(level);
                state.double_offered = false;
                // gnubg leaves the resigner on roll and on turn (checked with Match IDs).
                state.on_roll = loser;
                state.turn = loser;
            }
        }
    }
    AdoptedGame { state, actions }
}

impl Session {
    /// `import mat` / `load match|position`: reads `path` in `format` and adopts the match.
    pub(super) fn import_file(
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
        // gnubg reads a .mat play written in its notation into its canonical step order.
        if format == Format::Mat && RuleSet::new(record.variant).uses_gnubg_notation() {
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
        let mut finished: Vec<GameRecord> = record.games[..record.games.len() - 1]
            .iter()
            .filter(|game| game.result.is_some())
            .cloned()
            .collect();
        if last.result.is_some() {
            // The last game, over, is archived as the session keeps it (its roll not played
            // and its resignation as actions).
            finished.push(GameRecord {
                actions: adopted.actions.clone(),
                ..last.clone()
            });
        }
        self.names = record.players.clone();
        // The file's variant becomes the session's (as `set variation` would make it).
        self.settings.variation = record.variant;
        self.adopt_variant_match(last.result.map(|result| result.winner));
        self.adopt_state(&adopted.state);
        // The match counts the file's games and keeps the Crawford state playing them here
        // would have left.
        let history: Vec<RecordedGame> = record
            .games
            .iter()
            .map(|game| RecordedGame {
                score: game.score,
                crawford: game.crawford,
                outcome: game.result.map(|result| GameOutcome {
                    winner: Some(result.winner),
                    points: result.points,
                    counted_as: match result.ending {
                        Ending::Resigned(kind) => kind,
                        _ => Resignation::Single,
                    },
                }),
            })
            .collect();
        self.match_play.adopt_history(&history);
        self.actions = adopted.actions;
        self.last_roll = None;
        self.archive = Archive {
            games: finished,
            info: Some(record.info.clone()),
            comment: record.comment.clone(),
        };
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
