//! The state a GNUbg ID describes: board, who is on roll, dice, cube, score and match settings.

use super::board::Board;
use super::dice::Dice;
use super::resignation::Resignation;
use super::rule_set::RuleSet;
use super::side::Side;
use super::variant::Variant;
use serde::{Deserialize, Serialize};

/// Where a game stands (gnubg's game-state field of the Match ID).
/// In JSON: `"no_game"`, `"playing"`, `"over"`, `"resigned"`, `"dropped"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameState {
    /// No game has been started.
    NoGame,
    /// A game is being played.
    Playing,
    /// The game ended by bearing off.
    Over,
    /// The game ended by an accepted resignation.
    Resigned,
    /// The game ended by a dropped cube.
    Dropped,
}

/// Everything a GNUbg ID (`POSITION:MATCH`) holds, plus the variant, in absolute terms
/// (sides are `O` = player 0 and `X` = player 1, not "on roll" and "opponent").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatchState {
    /// The checkers.
    pub board: Board,
    /// The variant being played.
    pub variant: Variant,
    /// The cube's value (1, 2, 4, ...).
    pub cube_value: u32,
    /// Who owns the cube; `None` when it is centred.
    pub cube_owner: Option<Side>,
    /// The player whose turn it is to roll and move (gnubg's dice owner, `fMove`).
    pub on_roll: Side,
    /// The player who must make the next decision (gnubg's `fTurn`): differs from `on_roll`
    /// while a double or a resignation waits for an answer.
    pub turn: Side,
    /// Whether this game is the Crawford game.
    pub crawford: bool,
    /// Where the game stands.
    pub game_state: GameState,
    /// Whether a double has been offered and not yet answered.
    pub double_offered: bool,
    /// A pending resignation offer.
    pub resignation: Option<Resignation>,
    /// The dice rolled by the player on roll, if rolled.
    pub dice: Option<Dice>,
    /// The match length; 0 for a money session.
    pub match_length: u32,
    /// Points of `O` (index 0) and `X` (index 1).
    pub score: [u32; 2],
    /// Whether the Jacoby rule is in force (money play).
    pub jacoby: bool,
}

impl MatchState {
    /// A money game at the starting position of `variant`, `on_roll` to roll, cube centred.
    #[must_use]
    pub fn new_money_game(variant: Variant, on_roll: Side) -> MatchState {
        MatchState {
            board: Board::start(variant),
            variant,
            cube_value: 1,
            cube_owner: None,
            on_roll,
            turn: on_roll,
            crawford: false,
            game_state: GameState::Playing,
            double_offered: false,
            resignation: None,
            dice: None,
            match_length: 0,
            score: [0, 0],
            jacoby: true,
        }
    }

    /// The rules of the variant being played.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        RuleSet::new(self.variant)
    }

    /// Whether this is match play (a match length is set).
    #[must_use]
    pub fn is_match(&self) -> bool {
        self.match_length > 0
    }

    /// The same state with the two players' places exchanged: checkers, scores, who is on
    /// roll and on turn, and the cube's owner.
    #[must_use]
    pub fn swapped(&self) -> MatchState {
        MatchState {
            board: self.board.swapped(),
            cube_owner: self.cube_owner.map(Side::opponent),
            on_roll: self.on_roll.opponent(),
            turn: self.turn.opponent(),
            score: [self.score[1], self.score[0]],
            ..*self
        }
    }

    /// The state once the player on roll has played to `after`: the opponent on roll and on
    /// turn, no dice, no double or resignation pending; cube and score unchanged.
    #[must_use]
    pub fn after_play(&self, after: &Board) -> MatchState {
        MatchState {
            board: *after,
            on_roll: self.on_roll.opponent(),
            turn: self.on_roll.opponent(),
            dice: None,
            double_offered: false,
            resignation: None,
            ..*self
        }
    }
}
