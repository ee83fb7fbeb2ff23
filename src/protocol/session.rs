//! The session: the game in progress and its match, names, settings and dice; applies
//! commands and returns responses.
//!
//! `apply` works on a copy of the session and keeps it only when the command succeeds, so a
//! rejected command leaves the session exactly as it was.

mod variant_play;

use super::ast::{
    AutomaticSetting, Command, CubeSetting, NewCommand, PlayerKind, PlayerSetting, RngChoice,
    SetCommand, ShowCommand, Toggle,
};
use super::evaluate::{self, SearchDepth, SessionEvaluator};
use super::event_text::resignation_word;
use super::reply::{
    FilterReport, GameWinner, NamedSide, OfferedResignation, PlayerDepthReport, Reply, ScoreReport,
};
use super::response::{BoardSnapshot, CommandError, ErrorKind, Output, Response};
use super::rng::DiceRng;
use crate::codec::{gnubg_id, match_id, position_id};
use crate::engine::cube::TakeAction;
use crate::engine::evaluator::Evaluator;
use crate::matchfile::record::GameAction;
use crate::rules::game::{Game, Match, MatchContext};
use crate::rules::RuleSet;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Resignation, Side, Variant};
use std::sync::Arc;

mod analysis;
mod cube;
mod files;
mod games;
mod match_state;
mod navigation;
mod position;
mod record;
mod rollout;
pub use rollout::{rollout_text, RolloutErrors, RolloutReport};
mod settings;
mod show;
mod stored_analysis;
mod stored_move;
mod turn;

mod cube_hint;
mod evaluation_settings;

/// The largest cube gnubg allows in money play.
const MAX_MONEY_CUBE: u32 = 4096;
/// The largest cube gnubg allows in match play.
const MAX_MATCH_CUBE: u32 = 64;
/// The longest match gnubg supports.
const MAX_MATCH_LENGTH: u32 = 64;

const NO_GAME: &str = "No game in progress (type `new game' to start one).";
const COMPUTER_TURN: &str =
    "It is the computer's turn -- type `play' to force it to move immediately.";

/// gnubg's `set automatic ...` settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automatic {
    /// Bear off automatically (accepted and shown; tavli does not act on it).
    pub bearoff: bool,
    /// Make the game after a player reaches 1-away the Crawford game.
    pub crawford: bool,
    /// Turn the cube on tied opening rolls, up to this many times (money).
    pub doubles: u32,
    /// Start the next game after one ends.
    pub game: bool,
    /// Play forced moves.
    pub moves: bool,
    /// Roll for a player who cannot double.
    pub roll: bool,
}

/// Settings that are not part of the match state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Automatic actions.
    pub automatic: Automatic,
    /// The Jacoby rule for new money sessions.
    pub jacoby: bool,
    /// Beavers allowed per double in money play.
    pub beavers: u32,
    /// Length of a `new match` without a number.
    pub match_length: u32,
    /// Variant of new matches and sessions.
    pub variation: Variant,
    /// Mirror the board.
    pub clockwise: bool,
    /// Whether the doubling cube is used.
    pub cube_use: bool,
    /// How deep `hint` and `eval` search (`set evaluation ...`).
    pub evaluation: SearchDepth,
    /// How deep the computer searches for each player (`set player N chequerplay|cubedecision
    /// evaluation plies N`), by player index.
    pub player_depth: [SearchDepth; 2],
    /// `set rollout ...`.
    pub rollout: rollout::RolloutOptions,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            automatic: Automatic {
                bearoff: false,
                crawford: true,
                doubles: 0,
                game: true,
                moves: false,
                roll: true,
            },
            jacoby: true,
            beavers: 3,
            match_length: 7,
            variation: Variant::Standard,
            clockwise: false,
            cube_use: true,
            evaluation: SearchDepth::DEFAULT,
            player_depth: [SearchDepth::DEFAULT; 2],
            rollout: rollout::RolloutOptions::default(),
        }
    }
}

/// A gnubg-style session.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The match or money session: the game in progress, or the last one played (board,
    /// cube with the pending double, turn, dice and resignations), the match's length,
    /// score, Crawford game, post-Crawford play, Jacoby rule and beavers, where it stands
    /// and the games' results. The one place these are kept; gnubg's [`MatchState`] is read
    /// off it (see `match_state.rs`).
    match_play: Match,
    /// gnubg's view of the game where it differs from the rules' game, which the game's log
    /// cannot give back (so it is kept here, not read off the log): gnubg's player on turn
    /// where the rules have none other than the player to act (a resigner handed the turn
    /// back by a declined resignation, the turn a Match ID names, the player asked to
    /// answer a double withdrawn by `set cube use off`), which the Match ID and boards show
    /// and whom gnubg's commands then wait for; and the computer's roll in the order the
    /// dice came, which the game keeps high die first. Both last until the next action on
    /// the game (see [`match_state::Shown`]).
    shown: match_state::Shown,
    names: [String; 2],
    default_names: [String; 2],
    players: [PlayerKind; 2],
    settings: Settings,
    rng: DiceRng,
    /// Where the record of the game in progress starts (see [`Session::record`]): empty,
    /// or the record of a game read from a file.
    loaded: record::LoadedRecord,
    /// tavli's own variants: rotation and the starter of the next game.
    variants: variant_play::VariantPlay,
    /// The finished games of this match and its file information, for the file commands.
    archive: files::Archive,
    /// What judges positions for hints, `eval` and the computer player.
    evaluator: SessionEvaluator,
    /// `set analysis ...` and the analysed games (see `analysis.rs`).
    analysis: analysis::SessionAnalysis,
    /// The stored move looked at, after `previous` and its kin (see `navigation.rs`).
    navigation: navigation::Navigation,
    /// The seat that last drew the dice by `roll` and the Position ID it rolled at (in its
    /// own view): gnubg gives that roll back to the seat when the checkers stand so again
    /// (see `last_roll`), which the game's log cannot tell once a play, an edit or an
    /// exchange of the seats followed the roll.
    rolled_on: Option<(Side, String)>,
}

fn variant_title(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "Standard backgammon",
        Variant::Nackgammon => "Nackgammon",
        Variant::Hypergammon1 => "1-chequer hypergammon",
        Variant::Hypergammon2 => "2-chequer hypergammon",
        Variant::Hypergammon3 => "3-chequer hypergammon",
        // tavli's own variants.
        other => variant_play::title(other),
    }
}

impl Session {
    /// A fresh session: no game, player 0 named `gnubg` (played by the computer) and player 1
    /// named `user_name` (human), gnubg's default settings, dice seeded from the system.
    #[must_use]
    pub fn new(user_name: &str) -> Session {
        let default_names = ["gnubg".to_string(), user_name.to_string()];
        Session {
            match_play: Match::new(
                RuleSet::new(Variant::Standard),
                MatchContext::money(),
                Side::O,
            ),
            shown: match_state::Shown::default(),
            names: default_names.clone(),
            default_names,
            players: [PlayerKind::Computer, PlayerKind::Human],
            settings: Settings::default(),
            rng: DiceRng::from_entropy(),
            loaded: record::LoadedRecord::default(),
            variants: variant_play::VariantPlay::default(),
            archive: files::Archive::default(),
            evaluator: SessionEvaluator::default(),
            analysis: analysis::SessionAnalysis::default(),
            navigation: navigation::Navigation::default(),
            rolled_on: None,
        }
    }

    /// [`Session::new`] judging with `evaluator`, shown as `label` (`net`, `pubeval`), instead
    /// of tavli's built-in networks.
    #[must_use]
    pub fn with_evaluator(
        user_name: &str,
        evaluator: Arc<dyn Evaluator + Send + Sync>,
        label: &str,
    ) -> Session {
        let mut session = Session::new(user_name);
        session.set_evaluator(evaluator, label);
        session
    }

    /// From now on judges positions (hints, `eval`, the computer's plays and cube and
    /// resignation decisions) with `evaluator`, shown as `label`.
    pub fn set_evaluator(&mut self, evaluator: Arc<dyn Evaluator + Send + Sync>, label: &str) {
        self.evaluator = SessionEvaluator::new(evaluator, label);
    }

    /// The evaluator the session judges with.
    #[must_use]
    pub fn evaluator(&self) -> &dyn Evaluator {
        self.evaluator.get()
    }

    /// The players' names (index = side).
    #[must_use]
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// What gnubg's prompt shows: the name of the player to act, or `No game`.
    #[must_use]
    pub fn prompt_name(&self) -> &str {
        if self.playing() {
            self.name(self.state().turn)
        } else {
            "No game"
        }
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Checks the invariants a session keeps after every command (for tests and fuzzing).
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_consistency(&self) -> Result<(), String> {
        let state = &self.state();
        state
            .board
            .validate(state.variant)
            .map_err(|error| format!("board: {error}"))?;
        if !state.cube_value.is_power_of_two() || state.cube_value > MAX_MONEY_CUBE {
            return Err(format!("cube value {}", state.cube_value));
        }
        // gnubg lets the doubled player resign instead of answering; the double then waits
        // under the resignation, which the doubler (on roll) answers. Once the resignation is
        // accepted the game is over and gnubg's Match ID keeps both offers as they stood.
        if state.game_state == GameState::Playing
            && state.double_offered
            && state.resignation.is_some()
            && state.turn != state.on_roll
        {
            return Err("a resignation against a double not answered by the doubler".into());
        }
        if state.double_offered && state.dice.is_some() {
            return Err("double pending after rolling".into());
        }
        if state.match_length > 0
            && state
                .score
                .iter()
                .any(|&score| score > state.match_length + MAX_MONEY_CUBE * 3)
        {
            return Err("score out of range".into());
        }
        if state.is_match() && state.crawford && self.match_play.is_post_crawford() {
            return Err("Crawford game and post-Crawford play together".into());
        }
        self.check_variant_consistency()
    }

    /// Applies one command. On error the session is unchanged.
    ///
    /// # Errors
    /// The [`CommandError`] with gnubg's message when gnubg would refuse the command.
    pub fn apply(&mut self, command: Command) -> Result<Response, CommandError> {
        let mut draft = self.clone();
        let mut response = Response::new();
        draft.execute(command, &mut response)?;
        *self = draft;
        Ok(response)
    }

    fn execute(&mut self, command: Command, out: &mut Response) -> Result<(), CommandError> {
        if self.navigation.looking_back() {
            self.refuse_while_looking_back(&command)?;
            if navigation::starts_another_match(&command) {
                self.navigation = navigation::Navigation::default();
            } else if let Some(done) = self.at_stored_move(&command, out) {
                return done;
            }
        }
        match command {
            Command::Nothing => Ok(()),
            Command::Quit => {
                out.quit = true;
                Ok(())
            }
            Command::New(new) => self.new_command(new, out),
            Command::Analyse(scope) => self.analyse_command(scope, out),
            Command::Roll => self.roll_command(out),
            Command::Move(text) => self.move_command(text.as_deref(), out),
            Command::Play => self.play_command(out),
            Command::EndGame => self.end_game_command(out),
            Command::Double => self.double_command(out),
            Command::Take => self.take_command(out),
            Command::Drop => self.drop_command(out),
            Command::Beaver => self.beaver_command(out),
            Command::Resign(word) => self.resign_command(word.as_deref(), out),
            // gnubg keeps an accepted resignation after the game: `accept` and `reject` then
            // go to `agree` and `decline`, which find no game in progress.
            Command::Accept => {
                if self.game().resignation().is_some() {
                    self.require_game()?;
                    self.agree_command(out)
                } else if self.playing() && self.game().cube().offer.is_some() {
                    self.take_command(out)
                } else {
                    Err(CommandError::not_now(
                        "You can only accept if the cube or a resignation has been offered.",
                    ))
                }
            }
            Command::Reject => {
                if self.game().resignation().is_some() {
                    self.require_game()?;
                    self.decline_command(out)
                } else if self.playing() && self.game().cube().offer.is_some() {
                    self.drop_command(out)
                } else {
                    Err(CommandError::not_now(
                        "You can only reject if the cube or a resignation has been offered.",
                    ))
                }
            }
            Command::Agree => {
                self.require_game()?;
                self.agree_command(out)
            }
            Command::Decline => {
                self.require_game()?;
                self.decline_command(out)
            }
            Command::SwapPlayers => self.swap_players(out),
            Command::Set(set) => self.set_command(set, out),
            Command::Show(show) => self.show_command(show, out),
            Command::Hint(count) => self.hint_command(count, out),
            Command::Eval(position) => self.eval_command(position.as_deref(), out),
            Command::Rollout => self.rollout_command(out),
            Command::ListGame => {
                self.list_game(out);
                Ok(())
            }
            Command::Navigate(navigate) => self.navigate_command(navigate, out),
            Command::File(file) => self.file_command(file, out),
            Command::Help(words) => {
                super::help::help(&words, out)?;
                Ok(())
            }
        }
    }

    // ----- helpers -----

    fn playing(&self) -> bool {
        self.match_play.state() == GameState::Playing
    }

    /// The game in progress, or the last one played.
    fn game(&self) -> &Game {
        self.match_play.game()
    }

    /// The record of the game in progress (or the last one played) in the match-file model:
    /// what `list game` lists, what the file commands write and what they read back
    /// (finished games go to the archive). Read off the game's log (see `record.rs`).
    fn record(&self) -> Vec<GameAction> {
        self.loaded.record(self.game().log())
    }

    fn require_game(&self) -> Result<(), CommandError> {
        if self.playing() {
            Ok(())
        } else {
            Err(CommandError::not_now(NO_GAME))
        }
    }

    /// Refuses with gnubg's `message` when no game is being played.
    fn require_playing(&self, message: &str) -> Result<(), CommandError> {
        if self.playing() {
            Ok(())
        } else {
            Err(CommandError::not_now(message))
        }
    }

    fn require_human_turn(&self) -> Result<(), CommandError> {
        if self.players[self.state().turn.index()] == PlayerKind::Computer {
            Err(CommandError::not_now(COMPUTER_TURN))
        } else {
            Ok(())
        }
    }

    /// How deep the computer searches when it plays for `side`.
    fn computer_depth(&self, side: Side) -> SearchDepth {
        self.settings.player_depth[side.index()]
    }

    fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    fn snapshot(&self) -> BoardSnapshot {
        BoardSnapshot {
            state: self.state(),
            names: self.names.clone(),
            clockwise: self.settings.clockwise,
            annotated: true,
        }
    }

    fn board(&self, out: &mut Response) {
        out.board(self.snapshot());
    }

    fn max_cube(&self) -> u32 {
        if self.is_match() {
            MAX_MATCH_CUBE
        } else {
            MAX_MONEY_CUBE
        }
    }
}

#[cfg(test)]
mod tests;
