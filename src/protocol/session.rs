//! The session: match state, names, settings and dice; applies commands and returns responses.
//!
//! `apply` works on a copy of the session and keeps it only when the command succeeds, so a
//! rejected command leaves the session exactly as it was.

mod variant_play;

use super::ast::{
    AutomaticSetting, Command, CubeSetting, NewCommand, PlayerKind, PlayerSetting, RngChoice,
    SetCommand, ShowCommand, Toggle,
};
use super::evaluate::{self, SessionEvaluator};
use super::response::{BoardSnapshot, CommandError, ErrorKind, HintEntry, Output, Response};
use super::rng::DiceRng;
use crate::codec::{gnubg_id, match_id, position_id};
use crate::engine::cube::TakeAction;
use crate::engine::evaluator::Evaluator;
use crate::notation::format_play;
use crate::render::render_pipcount;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Resignation, Side, Step, Variant};
use std::sync::Arc;

mod files;

mod cube_hint;

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
        }
    }
}

/// One entry of the game record (`list game`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record {
    /// A roll made by `side` (opening or later), not yet played.
    Rolled(Side, Dice),
    /// A play by `side` with `dice`, in gnubg notation, and its single-die steps in the order
    /// gnubg records them (written by `export match mat`).
    Moved(Side, Dice, String, Vec<Step>),
    /// The position was edited (`set board`) to this board, with `side` on roll.
    SetBoard(Side, Board),
    /// `side` resigned and the resignation was accepted (a game read from a file).
    Resign(Side),
    /// `side` dropped the cube (a game read from a file).
    Drop(Side),
    /// `side` doubled (or beavered) to `value`.
    Double(Side, u32),
    /// `side` took the cube.
    Take(Side),
    /// The cube value was set with `side` on roll (gnubg lists it as `Unhandled movetype 8`).
    SetCubeValue(Side),
    /// The cube owner was set or the cube centred (`Unhandled movetype 9`).
    SetCubeOwner(Side),
}

/// A gnubg-style session.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    state: MatchState,
    names: [String; 2],
    default_names: [String; 2],
    players: [PlayerKind; 2],
    settings: Settings,
    rng: DiceRng,
    games_played: u32,
    post_crawford: bool,
    beavers_used: u32,
    declined: Option<Resignation>,
    record: Vec<Record>,
    match_over: bool,
    /// The last opening roll (player 0's die, player 1's die).
    last_opening: Option<(u8, u8)>,
    /// Whether the dice were rolled or the cube offered since the last opening roll.
    rolled_since_opening: bool,
    /// Whether the next automatic game repeats the last opening roll (see `start_game`).
    repeat_opening: bool,
    /// `post_crawford` as it was when the current game started.
    post_crawford_at_start: bool,
    /// The last roll drawn from the generator and by whom, until a move or a double.
    last_roll: Option<(Side, Dice)>,
    /// tavli's own variants: rotation and the starter of the next game.
    variants: variant_play::VariantPlay,
    /// The finished games of this match and its file information, for the file commands.
    archive: files::Archive,
    /// What judges positions for hints, `eval` and the computer player.
    evaluator: SessionEvaluator,
}

fn plural(count: u32, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

fn result_word(result: Resignation) -> &'static str {
    match result {
        Resignation::Single => "single game",
        Resignation::Gammon => "gammon",
        Resignation::Backgammon => "backgammon",
    }
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

fn on_off(value: bool) -> &'static str {
    if value {
        "On"
    } else {
        "Off"
    }
}

impl Session {
    /// A fresh session: no game, player 0 named `gnubg` (played by the computer) and player 1
    /// named `user_name` (human), gnubg's default settings, dice seeded from the system.
    #[must_use]
    pub fn new(user_name: &str) -> Session {
        let default_names = ["gnubg".to_string(), user_name.to_string()];
        let mut state = MatchState::new_money_game(Variant::Standard, Side::O);
        state.game_state = GameState::NoGame;
        Session {
            state,
            names: default_names.clone(),
            default_names,
            players: [PlayerKind::Computer, PlayerKind::Human],
            settings: Settings::default(),
            rng: DiceRng::from_entropy(),
            games_played: 0,
            post_crawford: false,
            beavers_used: 0,
            declined: None,
            record: Vec::new(),
            match_over: false,
            last_opening: None,
            rolled_since_opening: false,
            repeat_opening: false,
            last_roll: None,
            post_crawford_at_start: false,
            variants: variant_play::VariantPlay::default(),
            archive: files::Archive::default(),
            evaluator: SessionEvaluator::default(),
        }
    }

    /// [`Session::new`] judging with `evaluator` instead of tavli's pubeval baseline.
    #[must_use]
    pub fn with_evaluator(user_name: &str, evaluator: Arc<dyn Evaluator + Send + Sync>) -> Session {
        let mut session = Session::new(user_name);
        session.set_evaluator(evaluator);
        session
    }

    /// From now on judges positions (hints, `eval`, the computer's plays and cube and
    /// resignation decisions) with `evaluator`.
    pub fn set_evaluator(&mut self, evaluator: Arc<dyn Evaluator + Send + Sync>) {
        self.evaluator = SessionEvaluator::new(evaluator);
    }

    /// The evaluator the session judges with.
    #[must_use]
    pub fn evaluator(&self) -> &dyn Evaluator {
        self.evaluator.get()
    }

    /// The match state.
    #[must_use]
    pub fn state(&self) -> &MatchState {
        &self.state
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
            self.name(self.state.turn)
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
        let state = &self.state;
        state
            .board
            .validate(state.variant)
            .map_err(|error| format!("board: {error}"))?;
        if !state.cube_value.is_power_of_two() || state.cube_value > MAX_MONEY_CUBE {
            return Err(format!("cube value {}", state.cube_value));
        }
        if state.double_offered && state.resignation.is_some() {
            return Err("double and resignation pending together".into());
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
        if state.is_match() && state.crawford && self.post_crawford {
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
        match command {
            Command::Nothing => Ok(()),
            Command::Quit => {
                out.quit = true;
                Ok(())
            }
            Command::New(new) => self.new_command(new, out),
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
                if self.state.resignation.is_some() {
                    self.require_game()?;
                    self.agree_command(out)
                } else if self.playing() && self.state.double_offered {
                    self.take_command(out)
                } else {
                    Err(CommandError::not_now(
                        "You can only accept if the cube or a resignation has been offered.",
                    ))
                }
            }
            Command::Reject => {
                if self.state.resignation.is_some() {
                    self.require_game()?;
                    self.decline_command(out)
                } else if self.playing() && self.state.double_offered {
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
            Command::ListGame => {
                self.list_game(out);
                Ok(())
            }
            Command::File(file) => self.file_command(file, out),
            Command::Help(words) => {
                super::help::help(&words, out)?;
                Ok(())
            }
        }
    }

    // ----- helpers -----

    fn playing(&self) -> bool {
        self.state.game_state == GameState::Playing
    }

    fn require_game(&self) -> Result<(), CommandError> {
        if self.playing() {
            Ok(())
        } else {
            Err(CommandError::not_now(NO_GAME))
        }
    }

    fn require_human_turn(&self) -> Result<(), CommandError> {
        if self.players[self.state.turn.index()] == PlayerKind::Computer {
            Err(CommandError::not_now(COMPUTER_TURN))
        } else {
            Ok(())
        }
    }

    fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    fn snapshot(&self) -> BoardSnapshot {
        BoardSnapshot {
            state: self.state,
            names: self.names.clone(),
            clockwise: self.settings.clockwise,
            annotated: true,
        }
    }

    fn board(&self, out: &mut Response) {
        out.board(self.snapshot());
    }

    fn max_cube(&self) -> u32 {
        if self.state.is_match() {
            MAX_MATCH_CUBE
        } else {
            MAX_MONEY_CUBE
        }
    }

    /// Whether `side` could double now (ignoring whether the dice are rolled): gnubg's test
    /// for rolling automatically.
    fn can_double(&self, side: Side) -> bool {
        let state = &self.state;
        if !self.settings.cube_use || state.crawford || !state.variant.uses_cube() {
            return false;
        }
        if state.cube_owner.is_some_and(|owner| owner != side) {
            return false;
        }
        if state.cube_value >= self.max_cube() {
            return false;
        }
        if state.is_match() && state.score[side.index()] + state.cube_value >= state.match_length {
            return false;
        }
        true
    }

    fn roll_dice(&mut self) -> Dice {
        let side = self.state.on_roll;
        // gnubg quirk (found by experiment): a player who rolls again before any move or
        // double (possible after `set turn`) gets the dice of his last roll back, even if
        // `set dice` changed them in between; the generator is not drawn.
        let dice = match self.last_roll {
            Some((owner, dice)) if owner == side => dice,
            _ => {
                let (first, second) = self.rng.pair();
                Dice::new(first.max(second), first.min(second))
                    .unwrap_or_else(|_| unreachable_dice())
            }
        };
        self.last_roll = Some((side, dice));
        self.declined = None;
        self.state.dice = Some(dice);
        self.record.push(Record::Rolled(self.state.on_roll, dice));
        self.rolled_since_opening = true;
        dice
    }

    fn switch_turn(&mut self) {
        let next = self.state.on_roll.opponent();
        self.state.on_roll = next;
        self.state.turn = next;
        self.state.dice = None;
        self.declined = None;
        self.beavers_used = 0;
    }

    /// Makes `play` for the player on roll; returns true when it ended the game.
    fn make_play(&mut self, play: &Play, out: &mut Response) -> bool {
        let mover = self.state.on_roll;
        let Some(dice) = self.state.dice else {
            return false;
        };
        let notation = self.play_notation(mover, dice, play);
        if let Some(Record::Rolled(side, rolled)) = self.record.last().cloned() {
            if side == mover && rolled == dice {
                self.record.pop();
            }
        }
        self.record
            .push(Record::Moved(mover, dice, notation, play.steps().to_vec()));
        self.last_roll = None;
        self.state.board = play.result;
        if self.end_variant_game(out) {
            return true;
        }
        if self.state.board.borne_off(mover) >= self.state.variant.checkers() {
            self.game_won_by_bearing_off(mover, out);
            return true;
        }
        self.switch_turn();
        false
    }

    /// After the dice are rolled for the player on roll: handles "cannot move" and forced
    /// moves. Returns true when the turn passed (or the game ended) without the user.
    fn settle_roll(&mut self, out: &mut Response) -> bool {
        self.reroll_if_required(out);
        let Some(dice) = self.state.dice else {
            return false;
        };
        let mover = self.state.on_roll;
        let plays = self.legal_plays_now(mover, dice);
        if plays.is_empty() {
            out.line(format!("{} cannot move.", self.name(mover)));
            self.record_no_move(mover, dice);
            self.switch_turn();
            return true;
        }
        let computer = self.players[mover.index()] == PlayerKind::Computer;
        if computer || (self.settings.automatic.moves && plays.len() == 1) {
            let play = if computer {
                self.computer_play_now(dice)
            } else {
                plays.into_iter().next()
            };
            let Some(play) = play else {
                return false;
            };
            let notation = self.play_notation(mover, dice, &play);
            out.line(format!("{} moves {notation}.", self.name(mover)));
            // When the play ended the game, the next game (if any) has been handed over already.
            return !self.make_play(&play, out);
        }
        false
    }

    fn record_no_move(&mut self, mover: Side, dice: Dice) {
        if let Some(Record::Rolled(side, rolled)) = self.record.last().cloned() {
            if side == mover && rolled == dice {
                self.record.pop();
            }
        }
        self.record
            .push(Record::Moved(mover, dice, String::new(), Vec::new()));
    }

    /// Hands the turn to the player on roll: prints the boards gnubg prints, rolls for a player
    /// who cannot double, plays for the computer, until a human must act or the game ends.
    fn hand_over(&mut self, out: &mut Response) {
        for _ in 0..1000 {
            if !self.playing() {
                return;
            }
            let side = self.state.turn;
            let computer = self.players[side.index()] == PlayerKind::Computer;
            if self.state.double_offered || self.state.resignation.is_some() {
                self.board(out);
                return;
            }
            if computer {
                if self.state.dice.is_none() {
                    // gnubg prints no board before the computer's double (checked live).
                    if self.can_double(side)
                        && evaluate::computer_doubles(self.evaluator.get(), &self.state)
                    {
                        self.offer_double(out);
                        return;
                    }
                    self.board(out);
                    self.roll_dice();
                    self.board(out);
                }
                if !self.settle_roll(out) {
                    return;
                }
                continue;
            }
            self.board(out);
            // Dice already on the board (the opening roll, `set dice`) wait for the user.
            if self.state.dice.is_some() || !self.settings.automatic.roll || self.can_double(side) {
                return;
            }
            self.roll_dice();
            self.board(out);
            if !self.settle_roll(out) {
                return;
            }
        }
    }

    // ----- games, matches, sessions -----

    fn new_command(&mut self, new: NewCommand, out: &mut Response) -> Result<(), CommandError> {
        match new {
            NewCommand::Game => {
                if self.match_over {
                    return Err(CommandError::not_now("The match is already over."));
                }
                if self.state.game_state == GameState::NoGame && self.games_played == 0 {
                    self.start_session(0, out);
                }
                self.start_game(out, false);
                Ok(())
            }
            NewCommand::Session => {
                out.line("A new session has been started.");
                self.start_session(0, out);
                self.start_game(out, false);
                Ok(())
            }
            NewCommand::Match(length) => {
                let length = match length {
                    None => self.settings.match_length,
                    Some(Ok(length)) => length,
                    Some(Err(_)) => {
                        return Err(CommandError::bad_argument(format!(
                            "GNU Backgammon is compiled with support only for matches of length {MAX_MATCH_LENGTH}\nand below"
                        )))
                    }
                };
                if length == 0 {
                    out.line("A new session has been started.");
                } else {
                    out.line(format!(
                        "A new {} match has been started.",
                        plural(length, "point")
                    ));
                    self.names = self.default_names.clone();
                }
                self.start_session(length, out);
                self.start_game(out, false);
                Ok(())
            }
        }
    }

    fn start_session(&mut self, length: u32, _out: &mut Response) {
        self.state.match_length = length;
        self.state.score = [0, 0];
        self.state.variant = self.settings.variation;
        self.state.jacoby = self.settings.jacoby && length == 0;
        self.start_variant_session();
        self.games_played = 0;
        self.post_crawford = false;
        self.post_crawford_at_start = false;
        // The game of the previous match or session is over for good.
        self.state.game_state = GameState::NoGame;
        self.state.crawford = false;
        self.match_over = false;
        self.archive = files::Archive::default();
    }

    fn start_game(&mut self, out: &mut Response, automatic: bool) {
        self.choose_game_variant();
        // A game abandoned by `new game` after an earlier game of the match does not count:
        // its Crawford settings go back to what that earlier game left (gnubg recomputes them
        // from the game record; with no earlier game it keeps the current ones).
        if self.playing() && self.games_played > 0 {
            self.post_crawford = self.post_crawford_at_start;
        } else if self.playing() && self.state.crawford {
            // Abandoning a Crawford game that no earlier game led to counts as having played it.
            self.post_crawford = true;
        }
        self.post_crawford_at_start = self.post_crawford;
        let state = &mut self.state;
        state.board = Board::start(state.variant);
        state.cube_value = 1;
        state.cube_owner = None;
        state.double_offered = false;
        state.resignation = None;
        state.dice = None;
        state.game_state = GameState::Playing;
        self.update_crawford_flags();
        self.declined = None;
        self.beavers_used = 0;
        self.last_roll = None;
        self.record.clear();
        if self.start_fresh_roll_game(out) {
            return;
        }
        let mut automatic_doubles = 0;
        // gnubg quirk (found by experiment): a game started automatically after a game in
        // which nobody rolled or doubled after the opening (it ended by a resignation or by
        // bearing off from a `set board` position) repeats that opening roll without drawing.
        let repeat = if automatic && self.repeat_opening {
            self.last_opening
        } else {
            None
        };
        let (first, second) = if let Some((first, second)) = repeat {
            out.line(format!(
                "{} rolls {first}, {} rolls {second}.",
                self.names[0], self.names[1]
            ));
            (first, second)
        } else {
            loop {
                let (first, second) = self.rng.pair();
                out.line(format!(
                    "{} rolls {first}, {} rolls {second}.",
                    self.names[0], self.names[1]
                ));
                if first != second {
                    break (first, second);
                }
                if !self.state.is_match()
                    && self.settings.cube_use
                    && automatic_doubles < self.settings.automatic.doubles
                    && self.state.cube_value < MAX_MONEY_CUBE
                {
                    automatic_doubles += 1;
                    self.state.cube_value *= 2;
                    out.line(format!("The cube is now at {}.", self.state.cube_value));
                }
            }
        };
        self.last_opening = Some((first, second));
        self.rolled_since_opening = false;
        let winner = if first > second { Side::O } else { Side::X };
        self.state.on_roll = winner;
        self.state.turn = winner;
        let dice =
            Dice::new(first.max(second), first.min(second)).unwrap_or_else(|_| unreachable_dice());
        self.state.dice = Some(dice);
        self.record.push(Record::Rolled(winner, dice));
        self.board(out);
        if automatic && self.players[winner.index()] == PlayerKind::Human {
            self.board(out);
        }
        self.hand_over(out);
    }

    /// Points for a game won by `winner` with result `result` (before the cube), gnubg's
    /// Jacoby rule applied: (the word printed, the points).
    fn scored(&self, result: Resignation) -> Resignation {
        if !self.state.is_match()
            && self.state.jacoby
            && self.state.cube_owner.is_none()
            && self.state.variant.uses_cube()
        {
            Resignation::Single
        } else {
            result
        }
    }

    fn game_won_by_bearing_off(&mut self, winner: Side, out: &mut Response) {
        let loser = winner.opponent();
        let board = &self.state.board;
        let result = if board.borne_off(loser) > 0 {
            Resignation::Single
        } else {
            let in_winner_home = (18..25).any(|index| board.slots[loser.index()][index] > 0);
            if in_winner_home {
                Resignation::Backgammon
            } else {
                Resignation::Gammon
            }
        };
        let word = self.scored(result);
        let points = word.points() * self.state.cube_value;
        self.state.game_state = GameState::Over;
        self.finish_game(winner, word, points, out);
    }

    /// Records the end of a game: result lines, score, match end, next game.
    fn finish_game(&mut self, winner: Side, word: Resignation, points: u32, out: &mut Response) {
        self.archive_game(winner, points);
        let loser = winner.opponent();
        self.repeat_opening = !self.rolled_since_opening;
        // What gnubg leaves in the Match ID of a finished game (found by experiment): after
        // bearing off the loser is "on roll" with no dice; after a drop the doubler stays on
        // roll and the dropper on turn; after a resignation everything stays, the accepted
        // offer included.
        match self.state.game_state {
            GameState::Over => {
                self.state.on_roll = loser;
                self.state.turn = loser;
                self.state.dice = None;
            }
            GameState::Dropped => self.state.double_offered = false,
            _ => {}
        }
        out.line(format!(
            "{} wins a {} and {}.",
            self.name(winner),
            result_word(word),
            plural(points, "point")
        ));
        self.state.score[winner.index()] += points;
        self.record_winner(winner);
        self.games_played += 1;
        let length = self.state.match_length;
        let over = length > 0 && self.state.score[winner.index()] >= length;
        if over {
            self.state.crawford = false;
        } else if length > 0 {
            if self.state.crawford {
                self.post_crawford = true;
            }
            self.update_crawford_flags();
        }
        if length > 0 {
            out.partial(self.score_line());
        } else {
            out.line(self.score_line());
        }
        if over {
            self.match_over = true;
            out.line(format!("{} has won the match.", self.name(winner)));
            self.board(out);
            return;
        }
        if self.settings.automatic.game && self.starts_next_game_automatically() {
            self.start_game(out, true);
        }
    }

    /// gnubg's Crawford flags for the game about to be played: the Crawford game when exactly
    /// one player is 1-away for the first time, post-Crawford play once anybody is 1-away
    /// otherwise (a 1-point match is post-Crawford from the start).
    fn update_crawford_flags(&mut self) {
        let state = &mut self.state;
        if !state.is_match() || !state.variant.uses_cube() {
            state.crawford = false;
            return;
        }
        let length = state.match_length;
        let one_away = state
            .score
            .iter()
            .filter(|&&score| score + 1 == length)
            .count();
        state.crawford = self.settings.automatic.crawford && !self.post_crawford && one_away == 1;
        if !state.crawford && one_away > 0 {
            self.post_crawford = true;
        }
    }

    fn score_line(&self) -> String {
        let state = &self.state;
        let games = plural(self.games_played, "game");
        let scores = format!(
            "{} {}, {} {}",
            self.names[0], state.score[0], self.names[1], state.score[1]
        );
        if state.is_match() {
            let length = state.match_length;
            let suffix = if state.crawford {
                ", Crawford game"
            } else if self.post_crawford {
                ", post-Crawford play"
            } else {
                ""
            };
            format!(
                "The score (after {games}) is: {scores} (match to {}{suffix})",
                plural(length, "point")
            )
        } else {
            format!(
                "The score (after {games}) is: {scores} (money session, {} Jacoby rule).",
                if state.jacoby { "with" } else { "without" }
            )
        }
    }

    // ----- dice and moves -----

    fn roll_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        if self.state.double_offered {
            return Err(CommandError::not_now(format!(
                "Please wait for {} to consider the cube before moving.",
                self.name(self.state.turn)
            )));
        }
        if self.state.resignation.is_some() {
            return Err(CommandError::not_now(
                "Please resolve the resignation first.",
            ));
        }
        if self.state.dice.is_some() {
            return Err(CommandError::not_now("You have already rolled the dice."));
        }
        self.roll_dice();
        self.board(out);
        if self.settle_roll(out) {
            self.hand_over(out);
        }
        Ok(())
    }

    fn move_command(&mut self, text: Option<&str>, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        let Some(dice) = self.state.dice.filter(|_| !self.state.double_offered) else {
            return Err(CommandError::not_now(
                "You must roll the dice before you can move.",
            ));
        };
        if self.state.resignation.is_some() {
            return Err(CommandError::not_now(format!(
                "Please wait for {} to consider the resignation before moving.",
                self.name(self.state.turn)
            )));
        }
        let mover = self.state.on_roll;
        let play = match text {
            None => {
                let plays = self.legal_plays_now(mover, dice);
                match plays.as_slice() {
                    [] => {
                        out.line(format!("{} cannot move.", self.name(mover)));
                        self.record_no_move(mover, dice);
                        self.switch_turn();
                        self.hand_over(out);
                        return Ok(());
                    }
                    [only] => {
                        let notation = self.play_notation(mover, dice, only);
                        out.line(format!("{} moves {notation}.", self.name(mover)));
                        *only
                    }
                    _ => {
                        return Err(CommandError::not_now(
                            "You must specify a move (type `help move' for instructions).",
                        ))
                    }
                }
            }
            Some(text) => self.resolve_typed_move(text, mover, dice)?,
        };
        if !self.make_play(&play, out) {
            self.hand_over(out);
        }
        Ok(())
    }

    fn play_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        let side = self.state.turn;
        if self.players[side.index()] != PlayerKind::Computer {
            return Err(CommandError::not_now(
                "It's not the computer's turn to play.",
            ));
        }
        if self.state.double_offered {
            self.computer_answers_double(out);
            return Ok(());
        }
        if self.state.resignation.is_some() {
            self.computer_answers_resignation(out);
            return Ok(());
        }
        self.hand_over(out);
        Ok(())
    }

    /// `end game`: the computer plays both sides to the end of the game without printing the
    /// moves (as gnubg does), then reports `Game complete.`, the winner and the final board;
    /// the next game starts as usual. The plays are tavli's evaluator's, so they differ from
    /// gnubg's own.
    fn end_game_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        let players = self.players;
        let automatic_game = self.settings.automatic.game;
        let score_before = self.state.score;
        self.players = [PlayerKind::Computer; 2];
        self.settings.automatic.game = false;
        let mut silent = Response::new();
        for _ in 0..10_000 {
            if !self.playing() {
                break;
            }
            if self.state.double_offered {
                self.computer_answers_double(&mut silent);
            } else if self.state.resignation.is_some() {
                self.computer_answers_resignation(&mut silent);
            } else {
                self.hand_over(&mut silent);
            }
        }
        self.players = players;
        self.settings.automatic.game = automatic_game;
        out.line("Game complete.");
        let gained = |side: Side| self.state.score[side.index()] - score_before[side.index()];
        if let Some(winner) = Side::BOTH.into_iter().find(|&side| gained(side) > 0) {
            out.line(format!(
                "{} wins {}",
                self.name(winner),
                plural(gained(winner), "point")
            ));
            self.board(out);
            if self.match_over {
                out.line(format!("{} has won the match.", self.name(winner)));
            } else if automatic_game {
                self.start_game(out, true);
            }
        }
        Ok(())
    }

    // ----- cube -----

    fn double_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_game()?;
        self.require_human_turn()?;
        self.refuse_without_cube()?;
        if self.state.double_offered {
            return self.beaver_command(out);
        }
        if self.state.resignation.is_some() {
            return Err(CommandError::not_now(
                "You are only allowed to double if you are on roll.",
            ));
        }
        if self.state.crawford {
            return Err(CommandError::not_now(
                "Doubling is forbidden by the Crawford rule (see `help set crawford').",
            ));
        }
        if !self.settings.cube_use {
            return Err(CommandError::not_now(
                "The doubling cube has been disabled (see `help set cube use').",
            ));
        }
        if self.state.cube_value >= self.max_cube() {
            return Err(CommandError::not_now(
                "The cube is already at its highest supported value ; you can't double any more.",
            ));
        }
        if self.state.dice.is_some() {
            return Err(CommandError::not_now(
                "You can't double after rolling the dice -- wait until your next turn.",
            ));
        }
        let doubler = self.state.on_roll;
        if self.state.cube_owner.is_some_and(|owner| owner != doubler) {
            return Err(CommandError::not_now("You do not own the cube."));
        }
        if self.state.is_match()
            && self.state.score[doubler.index()] + self.state.cube_value >= self.state.match_length
        {
            return Err(CommandError::not_now(
                "The cube is dead; you can't double any more.",
            ));
        }
        self.offer_double(out);
        Ok(())
    }

    /// The player on roll doubles (already checked to be allowed); a computer opponent answers.
    fn offer_double(&mut self, out: &mut Response) {
        let doubler = self.state.on_roll;
        self.state.double_offered = true;
        self.rolled_since_opening = true;
        self.last_roll = None;
        // A refused resignation may be offered again once the game has moved on.
        self.declined = None;
        self.record
            .push(Record::Double(doubler, self.state.cube_value * 2));
        self.state.turn = doubler.opponent();
        self.beavers_used = 0;
        out.line(format!("{} doubles.", self.name(doubler)));
        self.board(out);
        if self.players[self.state.turn.index()] == PlayerKind::Computer {
            self.computer_answers_double(out);
        }
    }

    fn take_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if !self.playing() || !self.state.double_offered {
            return Err(CommandError::not_now(
                "The cube must have been offered before you can take it.",
            ));
        }
        self.take(out);
        Ok(())
    }

    fn take(&mut self, out: &mut Response) {
        let taker = self.state.turn;
        self.record.push(Record::Take(taker));
        self.state.cube_value *= 2;
        self.state.cube_owner = Some(self.state.on_roll.opponent());
        self.state.double_offered = false;
        self.state.turn = self.state.on_roll;
        self.beavers_used = 0;
        out.line(format!(
            "{} accepts the cube at {}.",
            self.name(taker),
            self.state.cube_value
        ));
        self.hand_over(out);
    }

    fn drop_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if !self.playing() || !self.state.double_offered {
            return Err(CommandError::not_now(
                "The cube must have been offered before you can drop it.",
            ));
        }
        self.drop_cube(out);
        Ok(())
    }

    fn drop_cube(&mut self, out: &mut Response) {
        let dropper = self.state.turn;
        let winner = dropper.opponent();
        let points = self.state.cube_value;
        out.line(format!(
            "{} refuses the cube and gives up {}.",
            self.name(dropper),
            plural(points, "point")
        ));
        self.record.push(Record::Drop(dropper));
        self.state.game_state = GameState::Dropped;
        self.finish_game(winner, Resignation::Single, points, out);
    }

    fn beaver_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if self.playing() {
            self.require_human_turn()?;
        }
        if let Some(error) = self.beaver_refusal() {
            return Err(error);
        }
        self.beaver(out);
        Ok(())
    }

    /// Why a beaver is not allowed now, or `None` when it is.
    fn beaver_refusal(&self) -> Option<CommandError> {
        if self.state.is_match() {
            return Some(CommandError::not_now(
                "Beavers and Raccoons are not permitted during match play.",
            ));
        }
        if self.settings.beavers == 0 {
            return Some(CommandError::not_now(
                "Beavers are disabled (see `help set beavers').",
            ));
        }
        if !self.playing() || !self.state.double_offered {
            return Some(CommandError::not_now(
                "The cube must have been offered before you can redouble it.",
            ));
        }
        if self.beavers_used >= self.settings.beavers {
            return Some(CommandError::not_now(if self.settings.beavers == 1 {
                "Only one beaver is permitted (see `help set beavers').".to_string()
            } else {
                format!(
                    "Only {} beavers are permitted (see `help set beavers').",
                    self.settings.beavers
                )
            }));
        }
        if self.state.cube_value * 2 >= MAX_MONEY_CUBE {
            return Some(CommandError::not_now(
                "The cube is already at its highest supported value ; you can't double any more.",
            ));
        }
        None
    }

    fn beaver(&mut self, out: &mut Response) {
        let beaverer = self.state.turn;
        self.record
            .push(Record::Double(beaverer, self.state.cube_value * 4));
        self.beavers_used += 1;
        self.state.cube_value *= 2;
        // gnubg gives the cube to the player who was doubled first, also on a raccoon.
        self.state.cube_owner = Some(self.state.on_roll.opponent());
        self.state.turn = beaverer.opponent();
        out.line(format!(
            "{} accepts and immediately redoubles to {}.",
            self.name(beaverer),
            self.state.cube_value * 2
        ));
        self.board(out);
        if self.players[self.state.turn.index()] == PlayerKind::Computer {
            self.computer_answers_double(out);
        }
    }

    fn computer_answers_double(&mut self, out: &mut Response) {
        // After a beaver the original doubler answers: he thought himself the favourite, so he
        // takes (the engine's take analysis is stated for the player not on roll).
        if self.state.turn == self.state.on_roll {
            self.take(out);
            return;
        }
        let beaver_allowed = self.beaver_refusal().is_none();
        match evaluate::computer_take_action(self.evaluator.get(), &self.state, beaver_allowed) {
            TakeAction::Take => self.take(out),
            TakeAction::Drop => self.drop_cube(out),
            TakeAction::Beaver => self.beaver(out),
        }
    }

    // ----- resignations -----

    fn resign_command(
        &mut self,
        word: Option<&str>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now(
                "You must be playing a game if you want to resign it.",
            ));
        }
        self.require_human_turn()?;
        let level = match word.map(str::to_ascii_lowercase).as_deref() {
            None => Resignation::Single,
            Some(word) => {
                let matches = |full: &str| !word.is_empty() && full.starts_with(word);
                if word == "1" || matches("single") || matches("normal") {
                    Resignation::Single
                } else if word == "2" || matches("gammon") {
                    Resignation::Gammon
                } else if word == "3" || matches("backgammon") {
                    Resignation::Backgammon
                } else {
                    return Err(CommandError::bad_argument(format!(
                        "Unknown keyword `{}' (see `help resign').",
                        word
                    )));
                }
            }
        };
        self.check_variant_resignation(level)?;
        let resigner = self.state.turn;
        if let Some(declined) = self.declined {
            if level <= declined {
                return Err(CommandError::not_now(format!(
                    "{} has already declined your offer of a {}.",
                    self.name(resigner.opponent()),
                    result_word(declined)
                )));
            }
        }
        self.state.double_offered = false;
        self.state.resignation = Some(level);
        self.state.turn = resigner.opponent();
        out.line(format!(
            "{} offers to resign a {}.",
            self.name(resigner),
            result_word(level)
        ));
        self.board(out);
        if self.players[self.state.turn.index()] == PlayerKind::Computer {
            self.computer_answers_resignation(out);
        }
        Ok(())
    }

    fn agree_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_human_turn()?;
        if self.state.resignation.is_none() {
            return Err(CommandError::not_now("No resignation was offered."));
        }
        self.accept_resignation(out);
        Ok(())
    }

    fn accept_resignation(&mut self, out: &mut Response) {
        let Some(level) = self.state.resignation else {
            return;
        };
        let winner = self.state.turn;
        out.line(format!(
            "{} accepts and wins a {}.",
            self.name(winner),
            result_word(level)
        ));
        let points = level.points() * self.state.cube_value;
        let word = self.scored(level);
        self.record.push(Record::Resign(winner.opponent()));
        self.state.game_state = GameState::Resigned;
        self.finish_game(winner, word, points, out);
    }

    fn decline_command(&mut self, out: &mut Response) -> Result<(), CommandError> {
        self.require_human_turn()?;
        if self.state.resignation.is_none() {
            return Err(CommandError::not_now("No resignation was offered."));
        }
        self.decline_resignation(out);
        Ok(())
    }

    fn decline_resignation(&mut self, out: &mut Response) {
        let Some(level) = self.state.resignation else {
            return;
        };
        let decliner = self.state.turn;
        out.line(format!(
            "{} declines the {}.",
            self.name(decliner),
            result_word(level)
        ));
        self.declined = Some(level);
        self.state.resignation = None;
        self.state.turn = decliner.opponent();
        self.hand_over(out);
    }

    fn computer_answers_resignation(&mut self, out: &mut Response) {
        let Some(level) = self.state.resignation else {
            return;
        };
        let receiver = self.state.turn;
        if self.computer_accepts_now(receiver, level.points()) {
            self.accept_resignation(out);
        } else {
            self.decline_resignation(out);
        }
    }

    fn swap_players(&mut self, out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now("No game in progress."));
        }
        self.swap_sides();
        self.board(out);
        self.board(out);
        Ok(())
    }

    /// Exchanges the two players: names, who plays them, scores, checkers, turn and cube.
    fn swap_sides(&mut self) {
        self.names.swap(0, 1);
        self.players.swap(0, 1);
        self.state = self.state.swapped();
        self.last_roll = self.last_roll.map(|(side, dice)| (side.opponent(), dice));
    }

    // ----- set -----

    fn set_command(&mut self, set: SetCommand, out: &mut Response) -> Result<(), CommandError> {
        match set {
            SetCommand::Automatic(which, value) => self.set_automatic(which, value, out),
            SetCommand::Beavers(count) => {
                let count = count.ok_or_else(|| {
                    CommandError::bad_argument("You must specify the number of beavers to allow.")
                })?;
                self.settings.beavers = count;
                out.line(beavers_text(count));
                Ok(())
            }
            SetCommand::Board(words) => self.set_board(&words, out),
            SetCommand::Clockwise(value) => {
                let on = require_toggle(value, "clockwise")?;
                self.settings.clockwise = on;
                out.line(if on {
                    "Player 1 moves clockwise (and player 0 moves anticlockwise)."
                } else {
                    "Player 1 moves anticlockwise (and player 0 moves clockwise)."
                });
                Ok(())
            }
            SetCommand::Crawford(value) => self.set_crawford(value, false, out),
            SetCommand::PostCrawford(value) => self.set_crawford(value, true, out),
            SetCommand::Cube(cube) => self.set_cube(cube, out),
            SetCommand::DefaultNames(names) => {
                let [first, second, ..] = names.as_slice() else {
                    return Err(CommandError::bad_argument(
                        "You must specify two player names.",
                    ));
                };
                let names = [first.clone(), second.clone()];
                if names == self.default_names {
                    // gnubg says nothing when the names do not change.
                    return Ok(());
                }
                self.default_names = names;
                out.line(format!(
                    "Players will be known as `{first}' and `{second}'."
                ));
                out.line(" This setting will take effect when a new match is started.");
                Ok(())
            }
            SetCommand::Dice(words) => self.set_dice(&words, out),
            SetCommand::GnubgId(text) => self.set_gnubg_id(&text, out),
            SetCommand::Jacoby(value) => {
                let on = require_toggle(value, "jacoby")?;
                self.settings.jacoby = on;
                if !self.state.is_match() {
                    self.state.jacoby = on;
                }
                out.line(if on {
                    "Will use the Jacoby rule for money sessions."
                } else {
                    "Will not use the Jacoby rule for money sessions."
                });
                Ok(())
            }
            SetCommand::MatchId(text) => self.set_match_id(&text, out),
            SetCommand::MatchLength(length) => {
                let length = length.ok_or_else(|| {
                    CommandError::bad_argument(
                        "Match length must be between 0 (unlimited session) and 64",
                    )
                })?;
                self.settings.match_length = length;
                out.line(format!(
                    "New matches default to {}.",
                    plural(length, "point")
                ));
                Ok(())
            }
            SetCommand::Player(player, setting) => self.set_player(player, setting, out),
            SetCommand::Rng(choice) => match choice {
                RngChoice::Mersenne => Err(CommandError::not_now(
                    "You are already using the Mersenne Twister generator.",
                )),
                RngChoice::Manual => Err(CommandError::new(
                    ErrorKind::Unsupported,
                    "tavli has no manual dice generator; use `set dice'.",
                )),
            },
            SetCommand::Score(words) => self.set_score(&words, out),
            SetCommand::Seed(seed) => match seed {
                None => {
                    self.rng = DiceRng::from_entropy();
                    out.line("Seed initialised from system random data.");
                    Ok(())
                }
                Some(Ok(seed)) => {
                    self.rng = DiceRng::seeded(seed);
                    out.line(format!("Seed set to {seed}."));
                    Ok(())
                }
                Some(Err(_)) => Err(CommandError::bad_argument(
                    "You must specify a valid seed (see `help set seed').",
                )),
            },
            SetCommand::Turn(word) => self.set_turn(word.as_deref(), out),
            SetCommand::Variation(name) => {
                self.set_variation(name, out);
                Ok(())
            }
            SetCommand::Xgid(text) => self.set_xgid(&text, out),
        }
    }

    fn set_automatic(
        &mut self,
        which: AutomaticSetting,
        value: Option<String>,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let automatic = &mut self.settings.automatic;
        if which == AutomaticSetting::Doubles {
            let count = value.and_then(|word| word.parse::<u32>().ok()).ok_or_else(|| {
                CommandError::bad_argument(
                    "You must specify how many automatic doubles to use (see `help set automatic double').",
                )
            })?;
            automatic.doubles = count;
            out.line(match count {
                0 => "Automatic doubles will not be used.".to_string(),
                1 => "A single automatic double will be permitted.".to_string(),
                _ => format!("Automatic doubles will be used (up to a limit of {count})."),
            });
            if count > 0 && self.state.is_match() {
                out.line(
                    "(Note that automatic doubles will have no effect until you start session play.)",
                );
            } else if count > 0 && !self.settings.cube_use {
                out.line(
                    "Note that automatic doubles will have no effect until you enable cube use",
                );
                out.line("(see `help set cube use').");
            }
            return Ok(());
        }
        let (name, on_text, off_text) = match which {
            AutomaticSetting::Bearoff => (
                "bearoff",
                "Will automatically bear off as many chequers as possible.",
                "Will not automatically bear off chequers.",
            ),
            AutomaticSetting::Crawford => (
                "crawford",
                "Will enable the Crawford game according to match score.",
                "Will not enable the Crawford game according to match score.",
            ),
            AutomaticSetting::Game => (
                "game",
                "Will automatically start games after wins.",
                "Will not automatically start games.",
            ),
            AutomaticSetting::Move => (
                "move",
                "Forced moves will be made automatically.",
                "Forced moves will not be made automatically.",
            ),
            AutomaticSetting::Roll | AutomaticSetting::Doubles => (
                "roll",
                "Will automatically roll the dice when no cube action is possible.",
                "Will not automatically roll the dice.",
            ),
        };
        let on = match value.as_deref() {
            Some("on") => true,
            Some("off") => false,
            _ => {
                return Err(CommandError::bad_argument(format!(
                    "You must specify whether to set 'automatic {name}' on or off."
                )))
            }
        };
        let slot = match which {
            AutomaticSetting::Bearoff => &mut automatic.bearoff,
            AutomaticSetting::Crawford => &mut automatic.crawford,
            AutomaticSetting::Game => &mut automatic.game,
            AutomaticSetting::Move => &mut automatic.moves,
            AutomaticSetting::Roll | AutomaticSetting::Doubles => &mut automatic.roll,
        };
        *slot = on;
        out.line(if on { on_text } else { off_text });
        Ok(())
    }

    fn set_board(&mut self, words: &[String], out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now(
                "There must be a game in progress to set the board.",
            ));
        }
        let Some(first) = words.first() else {
            return Err(CommandError::bad_argument(
                "You must specify a position (see `help set board').",
            ));
        };
        let on_roll = self.state.on_roll;
        let board = if let Some(board) = self.variant_board_text(first)? {
            board
        } else if "simple".starts_with(&first.to_ascii_lowercase()) && first.len() >= 2 {
            let numbers: Vec<i32> = words[1..]
                .iter()
                .map_while(|word| word.parse::<i32>().ok())
                .collect();
            if numbers.len() < 26 {
                return Err(CommandError::bad_argument(format!(
                    "`simple' must be followed by 26 integers; found only {}",
                    numbers.len()
                )));
            }
            simple_board(&numbers, on_roll, self.state.variant)
                .ok_or_else(|| CommandError::bad_argument("Illegal position."))?
        } else {
            position_id::decode_lenient(first, on_roll, self.state.variant)
                .map_err(|_| CommandError::bad_argument("Illegal position."))?
        };
        self.check_variant_board(&board)?;
        // Any `set board`, even to the same position, lets a refused resignation be offered
        // again (gnubg, checked live); `set turn` and `set crawford` do not.
        self.declined = None;
        // Setting the position it already has is no edit for gnubg: no record, and a player's
        // last roll is still given back (found by experiment).
        if board != self.state.board {
            self.state.board = board;
            self.last_roll = None;
            self.push_edit_record(Record::SetBoard(self.state.on_roll, board));
        }
        self.board(out);
        Ok(())
    }

    fn set_crawford(
        &mut self,
        value: Toggle,
        post: bool,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let name = if post { "postcrawford" } else { "crawford" };
        self.refuse_without_cube()?;
        if !self.state.is_match() {
            return Err(CommandError::not_now(if post {
                "Cannot set post-Crawford play for money sessions."
            } else {
                "Cannot set Crawford play for money sessions."
            }));
        }
        let on = require_toggle(value, name)?;
        let length = self.state.match_length;
        if !self.state.score.iter().any(|&score| score + 1 == length) {
            return Err(CommandError::not_now(if post {
                "Cannot set whether this is post-Crawford play\nas none of the players are 1-away from winning."
            } else {
                "Cannot set whether this is the Crawford game\nas none of the players are 1-away from winning."
            }));
        }
        let crawford = if post { !on } else { on };
        self.state.crawford = crawford;
        self.post_crawford = !crawford;
        out.line(match (post, on) {
            (false, true) => "This game is the Crawford game (no doubling allowed).",
            (false, false) => "This game is not the Crawford game.",
            (true, true) => "This is post-Crawford play (doubling allowed).",
            (true, false) => "This is not post-Crawford play.",
        });
        Ok(())
    }

    fn set_cube(&mut self, cube: CubeSetting, out: &mut Response) -> Result<(), CommandError> {
        if let CubeSetting::Use(value) = cube {
            let on = require_toggle(value, "cube use")?;
            self.settings.cube_use = on;
            if !on && self.playing() {
                self.state.cube_value = 1;
                self.state.cube_owner = None;
            }
            out.line(if on {
                "Use of the doubling cube is permitted."
            } else {
                "Use of the doubling cube is disabled."
            });
            if on && self.playing() && self.state.crawford {
                out.line(
                    "(But the Crawford rule is in effect, so you won't be able to use it during",
                );
                out.line("this game.)");
            }
            if !on && self.state.jacoby && !self.state.is_match() {
                out.line(
                    "Note that you'll have to disable the Jacoby rule if you want gammons and",
                );
                out.line("backgammons to be scored (see `help set jacoby').");
            }
            return Ok(());
        }
        if !self.playing() {
            return Err(CommandError::not_now(
                "There must be a game in progress to set the cube.",
            ));
        }
        self.refuse_without_cube()?;
        if self.state.crawford {
            return Err(CommandError::not_now(
                "The cube is disabled during the Crawford game.",
            ));
        }
        if !self.settings.cube_use {
            return Err(CommandError::not_now(
                "The cube is disabled (see `help set cube use').",
            ));
        }
        match cube {
            CubeSetting::Value(word) => {
                let value = word
                    .and_then(|word| word.parse::<u32>().ok())
                    .filter(|value| value.is_power_of_two() && *value <= MAX_MONEY_CUBE)
                    .ok_or_else(|| {
                        CommandError::bad_argument(
                            "You must specify a legal cube value (see `help set cube value').",
                        )
                    })?;
                self.state.cube_value = value;
                self.push_edit_record(Record::SetCubeValue(self.state.on_roll));
                out.line(format!("The cube has been set to {value}."));
            }
            CubeSetting::Owner(word) => {
                let side = word.as_deref().and_then(|word| self.player_by_word(word)).ok_or_else(
                    || {
                        CommandError::bad_argument(
                            "You must specify which player owns the cube (see `help set cube owner').",
                        )
                    },
                )?;
                self.state.cube_owner = Some(side);
                self.push_edit_record(Record::SetCubeOwner(self.state.on_roll));
                out.line(format!("{} now owns the cube.", self.name(side)));
            }
            CubeSetting::Centre | CubeSetting::Use(_) => {
                self.state.cube_owner = None;
                self.push_edit_record(Record::SetCubeOwner(self.state.on_roll));
                out.line("The cube has been centred.");
            }
        }
        self.declined = None;
        Ok(())
    }

    /// `0`, `1` or a player's name (any case), as gnubg's `set turn` and `set cube owner`.
    fn player_by_word(&self, word: &str) -> Option<Side> {
        match word {
            "0" => Some(Side::O),
            "1" => Some(Side::X),
            _ => Side::BOTH
                .into_iter()
                .find(|side| self.names[side.index()].eq_ignore_ascii_case(word)),
        }
    }

    fn set_dice(&mut self, words: &[String], out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now(
                "There must be a game in progress to set the dice.",
            ));
        }
        let bad =
            || CommandError::bad_argument("You must specify two numbers from 1 to 6 for the dice.");
        let digits: Vec<u8> = match words {
            [one] if one.len() == 2 => one.bytes().map(|b| b.wrapping_sub(b'0')).collect(),
            [first, second, ..] => vec![
                first.parse::<u8>().map_err(|_| bad())?,
                second.parse::<u8>().map_err(|_| bad())?,
            ],
            _ => return Err(bad()),
        };
        let [first, second] = digits.as_slice() else {
            return Err(bad());
        };
        let dice = Dice::new(*first, *second).map_err(|_| bad())?;
        self.check_variant_dice(dice)?;
        self.state.dice = Some(dice);
        // gnubg drops a pending resignation (and any earlier refusal) when the dice are set.
        self.declined = None;
        if self.state.resignation.take().is_some() {
            self.state.turn = self.state.on_roll;
        }
        // A pending double is withdrawn: the doubler has rolled instead, the cube stays where
        // it was and `list game` keeps the double (gnubg, checked live).
        if self.state.double_offered {
            self.state.double_offered = false;
            self.state.turn = self.state.on_roll;
        }
        if matches!(self.record.last(), Some(Record::Rolled(side, _)) if *side == self.state.on_roll)
        {
            self.record.pop();
        }
        self.record.push(Record::Rolled(self.state.on_roll, dice));
        out.line(format!(
            "The dice have been set to {} and {}.",
            dice.first(),
            dice.second()
        ));
        Ok(())
    }

    fn set_match_id(&mut self, text: &str, out: &mut Response) -> Result<(), CommandError> {
        let fields = match_id::decode(text)
            .map_err(|_| CommandError::bad_argument(format!("Illegal match ID '{text}'")))?;
        let mut state = fields
            .into_state(self.state.board, self.state.variant)
            .map_err(|_| CommandError::bad_argument(format!("Illegal match ID '{text}'")))?;
        self.load_state(&mut state, out);
        Ok(())
    }

    fn set_gnubg_id(&mut self, text: &str, out: &mut Response) -> Result<(), CommandError> {
        self.refuse_gnubg_position()?;
        let mut state = gnubg_id::apply_lenient(text, &self.state)
            .map_err(|_| CommandError::new(ErrorKind::BadId, "No valid IDs found"))?;
        let board = state.board;
        state.board = self.state.board;
        self.load_state(&mut state, out);
        self.state.board = board;
        self.board(out);
        let id = gnubg_id::encode(&self.state);
        out.line(format!("Setting GNUbg ID {id}"));
        Ok(())
    }

    fn set_xgid(&mut self, text: &str, out: &mut Response) -> Result<(), CommandError> {
        self.refuse_gnubg_position()?;
        let xgid = crate::codec::xgid::parse(text, self.state.variant).map_err(|_| {
            CommandError::new(ErrorKind::BadId, format!("Not a valid XGID '{text}'"))
        })?;
        let mut state = xgid.to_match_state(self.state.variant);
        // Like `set gnubgid`: the match fields first (two boards of the old position), then
        // the position (one board).
        let board = state.board;
        state.board = self.state.board;
        if state.match_length == 0 {
            // The rules field also sets the beaver setting for money play.
            if !xgid.beavers() {
                self.settings.beavers = 0;
            } else if self.settings.beavers == 0 {
                self.settings.beavers = 3;
            }
        }
        self.load_state(&mut state, out);
        self.state.board = board;
        self.board(out);
        if self.state.on_roll == Side::O {
            // gnubg swaps the players so that the player on roll is player 1 (no question is
            // printed when stdin is not a terminal).
            self.swap_sides();
            self.board(out);
            self.board(out);
        }
        Ok(())
    }

    fn load_state(&mut self, state: &mut MatchState, out: &mut Response) {
        // gnubg keeps its board relative to the player on roll: a new player on roll sees the
        // same Position ID, so in absolute terms the checkers change sides.
        if state.on_roll != self.state.on_roll && state.board == self.state.board {
            state.board = state.board.swapped();
        }
        if state.double_offered {
            out.line("SetMatchID cannot handle positions where a double has been offered.");
            out.partial("Stepping back to the offering of the cube. ");
            state.double_offered = false;
            state.turn = state.on_roll;
            state.dice = None;
        }
        state.resignation = None;
        if state.game_state == GameState::NoGame {
            state.game_state = GameState::Playing;
        }
        if let Some(dice) = state.dice {
            out.line(format!(
                "The dice have been set to {} and {}.",
                dice.first(),
                dice.second()
            ));
        }
        if state.cube_value != 1 {
            if self.settings.cube_use {
                out.line(format!("The cube has been set to {}.", state.cube_value));
            } else {
                out.line("The cube is disabled (see `help set cube use').");
                state.cube_value = 1;
            }
        }
        self.normalise_cubeless(state, out);
        self.state = *state;
        self.match_over = false;
        self.last_roll = None;
        self.declined = None;
        // gnubg starts a new match record from the ID: no games played yet.
        self.games_played = 0;
        self.board(out);
        self.board(out);
    }

    fn set_player(
        &mut self,
        player: Option<String>,
        setting: PlayerSetting,
        out: &mut Response,
    ) -> Result<(), CommandError> {
        let Some(player) = player else {
            return Err(CommandError::bad_argument(
                "You must specify a player (see `help set player').",
            ));
        };
        let sides: Vec<Side> = match player.as_str() {
            "0" => vec![Side::O],
            "1" => vec![Side::X],
            word if "both".starts_with(&word.to_ascii_lowercase()) && !word.is_empty() => {
                vec![Side::O, Side::X]
            }
            _ => {
                return Err(CommandError::bad_argument(format!(
                    "Unknown player `{player}' (see `help set player')."
                )))
            }
        };
        match setting {
            PlayerSetting::Missing => Err(CommandError::new(
                ErrorKind::Incomplete,
                "Incomplete command.",
            )),
            PlayerSetting::Unknown(word) => Err(CommandError::new(
                ErrorKind::UnknownKeyword,
                format!("Unknown keyword `{word}'."),
            )),
            PlayerSetting::Name(None) => Err(CommandError::bad_argument(
                "You must specify a name to use.",
            )),
            PlayerSetting::Name(Some(name)) => {
                for side in sides {
                    self.names[side.index()] = name.clone();
                    out.line(format!("Player {} is now known as `{name}'.", side.index()));
                }
                Ok(())
            }
            PlayerSetting::Kind(kind) => {
                for side in sides {
                    self.players[side.index()] = kind;
                    out.line(match kind {
                        PlayerKind::Human => {
                            format!(
                                "Moves for {} must now be entered manually.",
                                self.name(side)
                            )
                        }
                        PlayerKind::Computer => format!(
                            "Moves for {} will now be played by GNU Backgammon.",
                            self.name(side)
                        ),
                    });
                }
                Ok(())
            }
        }
    }

    fn set_score(&mut self, words: &[String], out: &mut Response) -> Result<(), CommandError> {
        let two_scores = || CommandError::bad_argument("You must specify two valid scores.");
        let [first, second, rest @ ..] = words else {
            return Err(two_scores());
        };
        let length = match rest.first() {
            None => self.state.match_length,
            Some(word) => word
                .parse::<u32>()
                .ok()
                .filter(|length| *length <= MAX_MATCH_LENGTH)
                .ok_or_else(|| {
                    CommandError::bad_argument(
                        "Match length must be between 0 (unlimited session) and 64",
                    )
                })?,
        };
        let (score0, mark0) = parse_score(first, length).ok_or_else(two_scores)?;
        let (score1, mark1) = parse_score(second, length).ok_or_else(two_scores)?;
        if length > 0 && (score0 >= length || score1 >= length) {
            return Err(CommandError::bad_argument(
                "You cannot set a score where the match is already over.",
            ));
        }
        let crawford_rule_error = || {
            CommandError::bad_argument(
                "The Crawford rule applies only in match play when a player's score is 1-away.",
            )
        };
        for (score, mark) in [(score0, mark0), (score1, mark1)] {
            if mark.is_some() && (length == 0 || score + 1 != length) {
                return Err(crawford_rule_error());
            }
        }
        let mark = mark0.or(mark1);
        self.state.match_length = length;
        self.state.score = [score0, score1];
        let one_away = [score0, score1].map(|score| length > 0 && score + 1 == length);
        match mark {
            Some(ScoreMark::Crawford) => {
                self.state.crawford = true;
                self.post_crawford = false;
            }
            Some(ScoreMark::PostCrawford) => {
                self.state.crawford = false;
                self.post_crawford = true;
            }
            None => match one_away {
                [true, true] => {
                    // Both 1-away: post-Crawford, except 0-0 in a 1-point match (gnubg).
                    self.state.crawford = false;
                    self.post_crawford = score0 + score1 > 0;
                }
                [true, false] | [false, true] => {
                    let other = if one_away[0] { score1 } else { score0 };
                    if other == 0 {
                        self.state.crawford = true;
                        self.post_crawford = false;
                    } else {
                        self.post_crawford = !self.state.crawford;
                    }
                }
                [false, false] => {
                    self.state.crawford = false;
                    self.post_crawford = false;
                }
            },
        }
        // A new score also sets what an abandoned game goes back to (see `start_game`).
        self.post_crawford_at_start = self.post_crawford;
        self.clear_crawford_without_cube();
        if length == 0 {
            self.state.crawford = false;
            out.line(self.score_line());
        } else {
            self.state.jacoby = false;
            out.partial(self.score_line());
        }
        self.match_over = false;
        Ok(())
    }

    fn set_turn(&mut self, word: Option<&str>, out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now(
                "There must be a game in progress to set a player on roll.",
            ));
        }
        let Some(word) = word else {
            return Err(CommandError::bad_argument(
                "Which player do you want to set on roll?",
            ));
        };
        let side = self.player_by_word(word).ok_or_else(|| {
            CommandError::bad_argument(format!("Unknown player `{word}' (see `help set turn')."))
        })?;
        // gnubg clears the dice and any pending decision even when the player is already on
        // roll (his next `roll` then gives the same dice back, see `roll_dice`).
        self.state.on_roll = side;
        self.state.turn = side;
        self.state.dice = None;
        self.state.double_offered = false;
        self.state.resignation = None;
        // A refused resignation stays refused (gnubg, checked live).
        out.line(format!("`{}' is now on roll.", self.name(side)));
        Ok(())
    }

    // ----- show -----

    fn show_command(&mut self, show: ShowCommand, out: &mut Response) -> Result<(), CommandError> {
        let state = &self.state;
        let no_position =
            || CommandError::not_now("No position specified and no game in progress.");
        match show {
            ShowCommand::Automatic => {
                let automatic = &self.settings.automatic;
                out.line(format!(
                    "bearoff \t(Play certain non-contact bearoff moves):      \t{}",
                    on_off(automatic.bearoff)
                ));
                out.line(format!(
                    "crawford\t(Enable the Crawford rule as appropriate):     \t{}",
                    on_off(automatic.crawford)
                ));
                out.line(format!(
                    "doubles \t(Turn the cube when opening roll is a double): \t{}",
                    automatic.doubles
                ));
                out.line(format!(
                    "game    \t(Start a new game after each one is completed):\t{}",
                    on_off(automatic.game)
                ));
                out.line(format!(
                    "move    \t(Play the forced move when there is no choice):\t{}",
                    on_off(automatic.moves)
                ));
                out.line(format!(
                    "roll    \t(Roll the dice if no double is possible):      \t{}",
                    on_off(automatic.roll)
                ));
            }
            ShowCommand::Beavers => out.line(beavers_text(self.settings.beavers)),
            ShowCommand::Board(None) => {
                if state.game_state == GameState::NoGame {
                    return Err(no_position());
                }
                self.board(out);
            }
            ShowCommand::Board(Some(id)) => {
                let (variant, board) = match self.shown_position(&id)? {
                    Some(shown) => shown,
                    None => (
                        state.variant,
                        position_id::decode_lenient(&id, Side::X, state.variant)
                            .map_err(|_| CommandError::bad_argument("Illegal position."))?,
                    ),
                };
                let mut shown = *state;
                shown.variant = variant;
                shown.board = board;
                shown.on_roll = Side::X;
                shown.turn = Side::X;
                out.board(BoardSnapshot {
                    state: shown,
                    names: self.names.clone(),
                    clockwise: self.settings.clockwise,
                    annotated: false,
                });
            }
            ShowCommand::Crawford => {
                if !state.is_match() {
                    out.line("Crawford rule is not used in money sessions.");
                } else if state.crawford {
                    out.line("This game is the Crawford game.");
                } else {
                    out.line("This game is not the Crawford game");
                }
            }
            ShowCommand::PostCrawford => {
                if !state.is_match() {
                    out.line("Crawford rule is not used in money sessions.");
                } else if !state.crawford && self.post_crawford {
                    out.line("This is post-Crawford play.");
                } else {
                    out.line("This is not post-Crawford play.");
                }
            }
            ShowCommand::Cube => {
                if !self.playing() {
                    return Err(CommandError::not_now("There is no game in progress."));
                }
                if !state.variant.uses_cube() {
                    out.line(format!(
                        "{} is played without the doubling cube.",
                        variant_title(state.variant)
                    ));
                } else if state.crawford {
                    out.line("The cube is disabled during the Crawford game.");
                } else if !self.settings.cube_use {
                    out.line("The doubling cube is disabled.");
                } else {
                    match state.cube_owner {
                        None => out.partial(format!(
                            "The cube is at {}, and is centred.",
                            state.cube_value
                        )),
                        Some(owner) => out.partial(format!(
                            "The cube is at {}, and is owned by {}.",
                            state.cube_value,
                            self.name(owner)
                        )),
                    }
                }
            }
            ShowCommand::Dice => {
                if !self.playing() {
                    out.line("The dice will not be rolled until a game is started.");
                } else {
                    let name = self.name(state.on_roll);
                    match state.dice {
                        Some(dice) => out.line(format!(
                            "{name} has rolled {} and {}.",
                            dice.first(),
                            dice.second()
                        )),
                        None => out.line(format!("{name} has not yet rolled the dice.")),
                    }
                }
            }
            ShowCommand::Jacoby => {
                let with = |on: bool| if on { "with" } else { "without" };
                if !state.is_match() {
                    out.line(format!(
                        "This money session is played {} the Jacoby rule.",
                        with(state.jacoby)
                    ));
                }
                out.line(format!(
                    "New money sessions are played {} the Jacoby rule.",
                    with(self.settings.jacoby)
                ));
            }
            ShowCommand::MatchLength => out.line(format!(
                "New matches default to {}.",
                plural(self.settings.match_length, "point")
            )),
            ShowCommand::PipCount(id) => {
                let names = [self.names[0].as_str(), self.names[1].as_str()];
                let text = match id {
                    None => {
                        if state.game_state == GameState::NoGame {
                            return Err(no_position());
                        }
                        render_pipcount(&state.board, state.on_roll, names)
                    }
                    Some(id) => {
                        let board = match self.shown_position(&id)? {
                            Some((_, board)) => board,
                            None => position_id::decode_lenient(&id, state.on_roll, state.variant)
                                .map_err(|_| CommandError::bad_argument("Illegal position."))?,
                        };
                        render_pipcount(&board, state.on_roll, names)
                    }
                };
                out.line(text.trim_end_matches('\n'));
            }
            ShowCommand::Rng => out.line("You are using the Mersenne Twister generator."),
            ShowCommand::Score => {
                if state.is_match() {
                    out.partial(self.score_line());
                } else {
                    out.line(self.score_line());
                }
            }
            ShowCommand::Turn => {
                if !self.playing() {
                    out.line("No game is being played.");
                } else {
                    let side = if state.resignation.is_some() {
                        state.on_roll
                    } else {
                        state.turn
                    };
                    if state.dice.is_some() {
                        out.line(format!("{} in on move.", self.name(side)));
                    } else {
                        out.line(format!("{} in on roll.", self.name(side)));
                    }
                    if let Some(level) = state.resignation {
                        out.line(format!(
                            "{} has offered to resign a {}.",
                            self.name(state.on_roll),
                            result_word(level)
                        ));
                    }
                }
            }
            ShowCommand::Variation => self.show_variation(out),
            ShowCommand::Version => {
                out.line(format!("tavli {}", env!("CARGO_PKG_VERSION")));
                out.line(
                    "A command-line backgammon tool that speaks GNU Backgammon's text protocol.",
                );
            }
        }
        Ok(())
    }

    // ----- hint and list -----

    fn hint_command(&mut self, count: Option<u32>, out: &mut Response) -> Result<(), CommandError> {
        if !self.playing() {
            return Err(CommandError::not_now("You must set up a board first."));
        }
        if self.state.resignation.is_some() && self.playing() {
            return self.resignation_hint(out);
        }
        if self.state.dice.is_none() || self.state.double_offered {
            return self.cube_hint(out);
        }
        // Past the cases above, the dice are rolled and no decision is pending; only a
        // finished game is left to refuse.
        let Some(dice) = self.state.dice.filter(|_| self.playing()) else {
            return Err(CommandError::new(
                ErrorKind::Unsupported,
                "tavli cannot analyse cube or resignation decisions yet.",
            ));
        };
        if !self.state.variant.is_gnubg_variation() {
            return self.variant_hint(dice, count, out);
        }
        let ranked = evaluate::ranked_plays(self.evaluator.get(), &self.state, dice);
        if ranked.is_empty() {
            out.line("There are no legal moves.");
            return Ok(());
        }
        let limit = count.filter(|count| *count > 0).unwrap_or(10) as usize;
        let entries = ranked
            .into_iter()
            .take(limit)
            .map(|ranked| HintEntry {
                notation: format_play(&self.state.board, self.state.on_roll, ranked.play.steps()),
                equity: ranked.equity,
                probabilities: evaluate::gnubg_figures(&ranked.probabilities),
                play: ranked.play,
            })
            .collect();
        out.outputs.push(Output::Hints {
            evaluator: evaluate::EVALUATOR_NAME.to_string(),
            entries,
        });
        Ok(())
    }

    /// Records an edit; gnubg keeps one record for consecutive edits of the same kind by the
    /// same player on roll (the last board of consecutive `set board`s).
    fn push_edit_record(&mut self, record: Record) {
        match (self.record.last_mut(), &record) {
            (Some(Record::SetBoard(last_side, last)), Record::SetBoard(side, board))
                if last_side == side =>
            {
                *last = *board;
            }
            (Some(last), _) if *last == record => {}
            _ => self.record.push(record),
        }
    }

    fn list_game(&self, out: &mut Response) {
        if self.state.game_state == GameState::NoGame {
            return;
        }
        // gnubg writes player 0's records in a left column and ends the line after player 1's
        // (and after edits), so one line is "player 0, then player 1" when play alternates.
        // An edit belongs to the player on roll: player 1's also leaves an empty line after it.
        let mut line = String::new();
        let mut open = false;
        let mut after_player_1 = false;
        for record in &self.record {
            let edit = |number: u8, side: &Side| {
                (
                    format!("Unhandled movetype {number}{:22}", ""),
                    Some(*side),
                    true,
                )
            };
            let (entry, side, is_edit) = match record {
                Record::Rolled(side, dice) => (
                    format!("{}{}     : Rolled{:27}", dice.first(), dice.second(), ""),
                    Some(*side),
                    false,
                ),
                Record::Moved(side, dice, notation, _) => (
                    format!(
                        "{}{}     : {notation:<19}{:16}",
                        dice.first(),
                        dice.second(),
                        ""
                    ),
                    Some(*side),
                    false,
                ),
                Record::Double(side, value) => {
                    (format!("Doubles to {value:4}{:30}", ""), Some(*side), false)
                }
                Record::Take(side) => (format!("Takes{:39}", ""), Some(*side), false),
                Record::SetBoard(side, _) => edit(6, side),
                // Like an edit, these end their line; player 1's starts in the right column.
                Record::Resign(side) | Record::Drop(side) => {
                    let word = if matches!(record, Record::Resign(_)) {
                        "Resigns"
                    } else {
                        "Drops"
                    };
                    let indent = if *side == Side::X && line.is_empty() {
                        42
                    } else {
                        0
                    };
                    (format!("{:indent$}{word}", ""), None, true)
                }
                Record::SetCubeValue(side) => edit(8, side),
                Record::SetCubeOwner(side) => edit(9, side),
            };
            // Player 1's second entry in a row (a roll after his own double) keeps the right
            // column on a line of its own (gnubg).
            if side == Some(Side::X) && after_player_1 {
                line.push_str(&" ".repeat(42));
            }
            after_player_1 = side == Some(Side::X);
            line.push_str(&entry);
            match side {
                // Player 1's edit ends its line and leaves an empty one (gnubg).
                Some(Side::X) if is_edit => {
                    out.line(std::mem::take(&mut line));
                    out.line("");
                    open = false;
                }
                // Another edit ends its line itself and leaves a new one open (gnubg).
                _ if is_edit => {
                    out.line(std::mem::take(&mut line));
                    open = true;
                }
                Some(Side::O) | None => open = true,
                Some(Side::X) => {
                    out.line(std::mem::take(&mut line));
                    open = false;
                }
            }
        }
        if open {
            out.line(line);
        }
    }
}

fn unreachable_dice() -> Dice {
    // Dice drawn by the generator are always 1..=6; this is the documented fallback.
    Dice::all_rolls()
        .first()
        .copied()
        .unwrap_or_else(|| Dice::parse("11").unwrap_or_else(|_| unreachable!("11 is a roll")))
}

fn beavers_text(count: u32) -> String {
    match count {
        0 => "No beavers allowed in money sessions.".to_string(),
        1 => "1 beaver allowed in money sessions.".to_string(),
        _ => format!("{count} beavers/raccoons allowed in money sessions."),
    }
}

fn require_toggle(value: Toggle, name: &str) -> Result<bool, CommandError> {
    value.ok_or_else(|| {
        CommandError::bad_argument(format!(
            "You must specify whether to set '{name}' on or off."
        ))
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ScoreMark {
    Crawford,
    PostCrawford,
}

/// A `set score` word: a number, or a negative number meaning "away", with an optional
/// Crawford (`*`, a prefix of `crawford`) or post-Crawford (a prefix of `postcrawford`) mark.
fn parse_score(word: &str, length: u32) -> Option<(u32, Option<ScoreMark>)> {
    let digits_end = word
        .char_indices()
        .find(|&(index, c)| !(c.is_ascii_digit() || (index == 0 && c == '-')))
        .map_or(word.len(), |(index, _)| index);
    let (number, suffix) = word.split_at(digits_end);
    let value: i64 = number.parse().ok()?;
    let suffix = suffix.to_ascii_lowercase();
    let mark = if suffix.is_empty() {
        None
    } else if suffix == "*" || "crawford".starts_with(&suffix) {
        Some(ScoreMark::Crawford)
    } else if "postcrawford".starts_with(&suffix) {
        Some(ScoreMark::PostCrawford)
    } else {
        return None;
    };
    let score = if value < 0 {
        i64::from(length) + value
    } else {
        value
    };
    u32::try_from(score).ok().map(|score| (score, mark))
}

/// gnubg's `set board simple`: 26 integers from the side on roll (own bar, points 1..24,
/// opponent's bar), positive = own checkers, negative = opponent's.
fn simple_board(numbers: &[i32], on_roll: Side, variant: Variant) -> Option<Board> {
    let mut slots = [[0u8; 25]; 2];
    let own = on_roll.index();
    let other = on_roll.opponent().index();
    let get = |index: usize| numbers.get(index).copied().unwrap_or(0);
    slots[own][24] = u8::try_from(get(0).unsigned_abs()).ok()?;
    for point in 1..=24usize {
        let value = get(point);
        let count = u8::try_from(value.unsigned_abs()).ok()?;
        if value > 0 {
            slots[own][point - 1] = count;
        } else if value < 0 {
            slots[other][24 - point] = count;
        }
    }
    slots[other][24] = u8::try_from(get(25).unsigned_abs()).ok()?;
    position_id::board_from_slots(slots, variant).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parser::parse_line;

    fn session() -> Session {
        let mut session = Session::new("root");
        for line in ["set player 0 human", "set seed 1"] {
            let applied = parse_line(line).map(|command| session.apply(command));
            assert!(matches!(applied, Ok(Ok(_))), "{line}");
        }
        session
    }

    fn run(session: &mut Session, line: &str) -> Result<Response, CommandError> {
        parse_line(line).and_then(|command| session.apply(command))
    }

    fn lines(response: &Response) -> Vec<String> {
        response
            .outputs
            .iter()
            .filter_map(|output| match output {
                Output::Line { text } | Output::Partial { text } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn opening_roll_comes_from_gnubg_dice() {
        let mut session = session();
        let response = run(&mut session, "new session").unwrap_or_default();
        assert_eq!(
            lines(&response),
            [
                "A new session has been started.",
                "gnubg rolls 3, root rolls 6."
            ]
        );
        assert_eq!(session.state().on_roll, Side::X);
        assert_eq!(
            session
                .state()
                .dice
                .map(|dice| (dice.first(), dice.second())),
            Some((6, 3))
        );
    }

    #[test]
    fn rejected_commands_leave_the_session_unchanged() {
        let mut session = session();
        assert!(run(&mut session, "new session").is_ok());
        let before = session.clone();
        for line in [
            "roll",
            "double",
            "take",
            "move 24/21",
            "set dice 7",
            "resign 4",
            "set turn 2",
        ] {
            assert!(run(&mut session, line).is_err(), "{line}");
            assert!(session == before, "{line} changed the session");
        }
        assert_eq!(
            run(&mut session, "roll").map_err(|error| error.message),
            Err("You have already rolled the dice.".to_string())
        );
    }

    #[test]
    fn a_second_roll_after_set_turn_gives_the_same_dice() {
        let mut session = session();
        for line in [
            "new session",
            "move 24/18 13/10",
            "roll",
            "set turn 0",
            "roll",
        ] {
            assert!(run(&mut session, line).is_ok(), "{line}");
        }
        // gnubg: the roll after `set turn 0` repeats 65 instead of drawing 11.
        assert_eq!(
            session
                .state()
                .dice
                .map(|dice| (dice.first(), dice.second())),
            Some((6, 5))
        );
    }

    /// An evaluator that counts the positions it is asked about.
    struct Counting(std::sync::atomic::AtomicUsize);

    impl Evaluator for Counting {
        fn name(&self) -> &str {
            "counting"
        }

        fn probabilities(
            &self,
            board: &Board,
            variant: Variant,
            on_roll: Side,
        ) -> crate::engine::Probabilities {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            crate::engine::Pubeval.probabilities(board, variant, on_roll)
        }
    }

    #[test]
    fn the_session_judges_with_the_evaluator_it_is_given() {
        let counting = Arc::new(Counting(std::sync::atomic::AtomicUsize::new(0)));
        let mut session = Session::with_evaluator("root", counting.clone());
        assert_eq!(session.evaluator().name(), "counting");
        for line in ["set player 0 human", "set seed 1", "new session", "hint"] {
            assert!(run(&mut session, line).is_ok(), "{line}");
        }
        assert!(counting.0.load(std::sync::atomic::Ordering::Relaxed) > 10);
        // A copy shares the evaluator; another evaluator makes another session.
        let copy = session.clone();
        assert!(copy == session);
        session.set_evaluator(Arc::new(crate::engine::Pubeval));
        assert!(copy != session);
    }

    #[test]
    fn computer_player_moves_by_itself() {
        let mut session = Session::new("root");
        assert!(run(&mut session, "set seed 3").is_ok());
        // Player 0 is the computer: with seed 3 it wins the opening (4-1) and moves.
        let response = run(&mut session, "new session").unwrap_or_default();
        let text = lines(&response);
        assert!(
            text.iter().any(|line| line.starts_with("gnubg moves ")),
            "{text:?}"
        );
        assert_eq!(session.state().turn, Side::X);
        assert_eq!(
            run(&mut session, "play").map_err(|error| error.message),
            Err("It's not the computer's turn to play.".to_string())
        );
    }

    #[test]
    fn computer_on_both_sides_plays_a_whole_match_but_one_money_game_at_a_time() {
        let mut session = Session::new("root");
        for line in ["set seed 11", "set player 1 gnubg", "new match 3"] {
            assert!(run(&mut session, line).is_ok(), "{line}");
        }
        let response = run(&mut session, "show score").unwrap_or_default();
        assert!(!lines(&response).is_empty());
        let state = session.state();
        assert!(
            state.score[0] >= 3 || state.score[1] >= 3,
            "{:?}",
            state.score
        );
        assert!(session.check_consistency().is_ok());

        let mut session = Session::new("root");
        for line in ["set seed 11", "set player 1 gnubg", "new session"] {
            assert!(run(&mut session, line).is_ok(), "{line}");
        }
        // One game is played and scored, then the session waits for `new game`.
        assert!(!session.playing());
        assert_eq!(session.games_played, 1);
        let state = session.state();
        assert!(state.score[0] + state.score[1] > 0);
        assert!(session.check_consistency().is_ok());
        assert!(run(&mut session, "new game").is_ok());
        assert_eq!(session.games_played, 2);
    }

    #[test]
    fn hint_lists_every_legal_play_best_first() {
        let mut session = session();
        assert!(run(&mut session, "new session").is_ok());
        let response = run(&mut session, "hint 9999").unwrap_or_default();
        let Some(Output::Hints { evaluator, entries }) = response.outputs.first() else {
            panic!("no hint list: {response:?}");
        };
        assert_eq!(evaluator, evaluate::EVALUATOR_NAME);
        let state = session.state();
        let all = state.dice.map_or(0, |dice| {
            crate::rules::count_legal_plays(&state.board, state.on_roll, dice)
        });
        assert!(all > 10);
        assert_eq!(entries.len(), all);
        // The engine's choice comes first.
        let best = state
            .dice
            .and_then(|dice| evaluate::computer_play(session.evaluator(), state, dice));
        assert_eq!(entries.first().map(|entry| entry.play), best);
    }

    /// A money session in a given position, cube centred, no Jacoby, `on_roll` to roll, with
    /// player 0 (O) played by the computer. Points are each side's own (1-based).
    fn position_session(o: &[(usize, u8)], x: &[(usize, u8)], on_roll: Side) -> Session {
        let mut session = session();
        assert!(run(&mut session, "new session").is_ok());
        let mut slots = [[0u8; 25]; 2];
        for &(point, count) in o {
            slots[Side::O.index()][point - 1] = count;
        }
        for &(point, count) in x {
            slots[Side::X.index()][point - 1] = count;
        }
        session.state.board =
            Board::from_slots(slots, Variant::Standard).unwrap_or_else(|_| unreachable!());
        session.state.on_roll = on_roll;
        session.state.turn = on_roll;
        session.state.dice = None;
        session.state.jacoby = false;
        session.last_roll = None;
        assert!(run(&mut session, "set player 0 gnubg").is_ok());
        session
    }

    #[test]
    fn end_game_plays_to_the_end_and_reports_the_winner() {
        let mut session = session();
        run(&mut session, "set player 0 human").expect("accepted");
        run(&mut session, "set seed 7").expect("accepted");
        run(&mut session, "new match 3").expect("accepted");
        let response = run(&mut session, "end game").expect("end game runs");
        let text = lines(&response).join("\n");
        assert!(text.starts_with("Game complete.\n"), "{text}");
        assert!(text.contains(" wins "), "{text}");
        let total: u32 = session.state.score.iter().sum();
        assert!(total >= 1, "a point was scored");
        assert_eq!(session.players[0], PlayerKind::Human, "players restored");
        assert!(run(&mut session, "end game").is_ok() || session.match_over);
    }

    #[test]
    fn computer_drops_a_hopeless_double() {
        // X (human, 30 pips) against O (computer, 75 pips), all home, X on roll.
        let mut session = position_session(
            &[(4, 5), (5, 5), (6, 5)],
            &[(1, 5), (2, 5), (3, 5)],
            Side::X,
        );
        let text = lines(&run(&mut session, "double").unwrap_or_default());
        assert!(
            text.iter()
                .any(|line| line == "gnubg refuses the cube and gives up 1 point."),
            "{text:?}"
        );
        assert_eq!(session.state().score, [0, 1]);
    }

    #[test]
    fn computer_takes_an_even_double() {
        // An even race (45 pips each), X (human) on roll.
        let mut session = position_session(
            &[(4, 5), (5, 5), (6, 5)],
            &[(4, 5), (5, 5), (6, 5)],
            Side::X,
        );
        let text = lines(&run(&mut session, "double").unwrap_or_default());
        assert!(
            text.iter()
                .any(|line| line == "gnubg accepts the cube at 2."),
            "{text:?}"
        );
        assert_eq!(session.state().cube_value, 2);
        assert_eq!(session.state().cube_owner, Some(Side::O));
    }

    #[test]
    fn computer_doubles_a_winning_race() {
        // O (computer, 30 pips) against X (human, 75 pips), O to roll.
        let mut session = position_session(
            &[(1, 5), (2, 5), (3, 5)],
            &[(4, 5), (5, 5), (6, 5)],
            Side::O,
        );
        let text = lines(&run(&mut session, "play").unwrap_or_default());
        assert_eq!(text, ["gnubg doubles."]);
        assert!(session.state().double_offered);
        assert_eq!(session.state().turn, Side::X);
    }

    #[test]
    fn computer_wants_the_gammon_it_is_sure_of() {
        // O (computer) bears off his last two checkers next turn; X (human) has all fifteen
        // on his 12 point and cannot save the gammon.
        let mut session = position_session(&[(1, 2)], &[(12, 15)], Side::X);
        let text = lines(&run(&mut session, "resign single").unwrap_or_default());
        assert!(
            text.iter()
                .any(|line| line == "gnubg declines the single game."),
            "{text:?}"
        );
        let text = lines(&run(&mut session, "resign gammon").unwrap_or_default());
        assert!(
            text.iter()
                .any(|line| line == "gnubg accepts and wins a gammon."),
            "{text:?}"
        );
    }
}
