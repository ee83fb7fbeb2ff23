//! The session: match state, names, settings and dice; applies commands and returns responses.
//!
//! `apply` works on a copy of the session and keeps it only when the command succeeds, so a
//! rejected command leaves the session exactly as it was.

mod variant_play;

use super::ast::{
    AutomaticSetting, Command, CubeSetting, NewCommand, PlayerKind, PlayerSetting, RngChoice,
    SetCommand, ShowCommand, Toggle,
};
use super::evaluate::{self, SearchDepth, SessionEvaluator};
use super::response::{BoardSnapshot, CommandError, ErrorKind, HintEntry, Output, Response};
use super::rng::DiceRng;
use crate::codec::{gnubg_id, match_id, position_id};
use crate::engine::cube::TakeAction;
use crate::engine::evaluator::Evaluator;
use crate::notation::format_play;
use crate::render::render_pipcount;
use crate::rules::{Board, Dice, GameState, MatchState, Play, Resignation, Side, Step, Variant};
use std::sync::Arc;

mod cube;
mod files;
mod games;
mod position;
mod settings;
mod show;
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

    /// Refuses with gnubg's `message` when no game is being played.
    fn require_playing(&self, message: &str) -> Result<(), CommandError> {
        if self.playing() {
            Ok(())
        } else {
            Err(CommandError::not_now(message))
        }
    }

    fn require_human_turn(&self) -> Result<(), CommandError> {
        if self.players[self.state.turn.index()] == PlayerKind::Computer {
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
        let mut session = Session::with_evaluator("root", counting.clone(), "counting");
        assert_eq!(session.evaluator().name(), "counting");
        for line in ["set player 0 human", "set seed 1", "new session", "hint"] {
            assert!(run(&mut session, line).is_ok(), "{line}");
        }
        assert!(counting.0.load(std::sync::atomic::Ordering::Relaxed) > 10);
        // A copy shares the evaluator; another evaluator makes another session.
        let copy = session.clone();
        assert!(copy == session);
        session.set_evaluator(Arc::new(crate::engine::Pubeval), "pubeval");
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
        assert_eq!(evaluator, "net");
        let state = session.state();
        let all = state.dice.map_or(0, |dice| {
            crate::rules::count_legal_plays(&state.board, state.on_roll, dice)
        });
        assert!(all > 10);
        assert_eq!(entries.len(), all);
        // The engine's choice comes first.
        let best = state.dice.and_then(|dice| {
            evaluate::computer_play(
                session.evaluator(),
                state,
                dice,
                session.settings().player_depth[0].chequerplay,
            )
        });
        assert_eq!(entries.first().map(|entry| entry.play), best);
        // Deeper-judged plays first, and within a depth in the order of the equity shown.
        for pair in entries.windows(2) {
            assert!(
                pair[0].plies > pair[1].plies
                    || (pair[0].plies == pair[1].plies && pair[0].equity >= pair[1].equity),
                "{pair:?}"
            );
        }
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
