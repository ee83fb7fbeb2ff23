//! One game as a state machine: rules, board, cube, turn, dice, pending offer and result,
//! changed only through [`Game::apply`], which answers with typed events or a typed error.
//! No text: callers turn events and errors into gnubg's wording or into diagnostics.
//!
//! ```
//! use tavli::rules::game::{Action, Event, Game, MatchContext};
//! use tavli::rules::{Dice, RuleSet, Side, Variant};
//! let mut game = Game::new(RuleSet::new(Variant::Standard), MatchContext::money(), Side::X);
//! let dice = Dice::new(3, 1).unwrap();
//! let events = game.apply(Action::Roll(dice)).unwrap();
//! assert_eq!(events, [Event::Rolled { side: Side::X, dice }]);
//! let play = game.legal_plays()[0];
//! assert!(game.apply(Action::Play(play)).is_ok());
//! assert_eq!(game.turn(), Side::O);
//! ```

mod context;
mod edit;
mod error;
mod event;
mod match_play;
mod opening;
mod resume;
mod written;

pub use context::MatchContext;
pub use error::GameError;
pub use event::{Edit, Event, Opening, WinEnding};
pub use match_play::{CrawfordMark, GameOutcome, Match, RecordedGame};
pub use resume::GameInProgress;

use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::play::Play;
use crate::rules::resignation::Resignation;
use crate::rules::rule_set::RuleSet;
use crate::rules::side::Side;
use crate::rules::variants::cube::{self, Cube, CubeContext};
use crate::rules::variants::GameResult;

/// What the player to act does, or an edit of the position (as the REPL allows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Before the game's first roll (see [`Game::opening`]): the opening roll, one die each,
    /// [`Dice::first`] player 0's ([`Side::O`]) and [`Dice::second`] player 1's; `repeated`
    /// when they are an earlier opening roll given again rather than rolled. Equal dice tie
    /// ([`Event::OpeningTied`]) and are rolled again; otherwise the higher die's player
    /// starts ([`Event::Opened`]): where the rules play the opening dice he is on roll with
    /// them (his [`Event::Rolled`] follows), elsewhere he rolls both dice afresh.
    OpeningRoll {
        /// Player 0's die, then player 1's.
        dice: Dice,
        /// Whether they are an earlier opening roll given again.
        repeated: bool,
    },
    /// Before the game's first roll: `side`, the winner of the previous game, starts
    /// without an opening roll ([`Event::Opened`]) and rolls both dice afresh.
    PreviousWinnerStarts(Side),
    /// The player on roll rolls these dice.
    Roll(Dice),
    /// The player on roll plays this play with the dice rolled.
    Play(Play),
    /// The player on roll has no legal play and passes the dice.
    CannotMove,
    /// The player on roll doubles before rolling.
    Double,
    /// The doubled player takes.
    Take,
    /// The doubled player drops and loses the game.
    Drop,
    /// The doubled player takes and redoubles at once (money play).
    Beaver,
    /// `side` offers to resign `kind`: either player, at any moment of the game (R11.3, as
    /// gnubg), also the doubled player instead of answering or the player offered a
    /// resignation, whose offer then stands in its place.
    Resign {
        /// The resigner.
        side: Side,
        /// What he gives up.
        kind: Resignation,
    },
    /// The player offered a resignation accepts it.
    Accept,
    /// The player offered a resignation refuses it.
    Reject,
    /// Edit: the checkers.
    SetBoard(Board),
    /// Edit: the dice of the player on roll (a pending double or resignation is withdrawn).
    SetDice(Dice),
    /// Edit: the cube's value and owner (a pending double stays pending, at the new value;
    /// a refused resignation may be offered again).
    SetCube {
        /// The value (1, 2, 4, ...).
        value: u32,
        /// The owner, `None` for centred.
        owner: Option<Side>,
    },
    /// Edit: the cube's value, its owner and a pending double staying (see
    /// [`Action::SetCube`]).
    SetCubeValue(u32),
    /// Edit: the cube's owner (`None`: centred), its value and a pending double staying
    /// (see [`Action::SetCube`]).
    SetCubeOwner(Option<Side>),
    /// Edit: who is on roll (the dice and any pending decision are cleared).
    SetTurn(Side),
    /// Edit: the player on roll's checkers end as `play` leaves them although it is no legal
    /// play (a recorded play set up as written once its refusal is reported): the turn
    /// passes, and the game ends if the rules say this position ends it.
    PlayUnchecked(Play),
    /// Edit: the game ends as a record declares, where the position cannot tell (also over
    /// a drawn game).
    SetResult {
        /// The winner.
        winner: Side,
        /// How the game ended.
        ending: WinEnding,
        /// The points scored.
        points: u32,
    },
}

/// One game: rules, board, cube, turn, dice, a pending resignation and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: RuleSet,
    context: MatchContext,
    board: Board,
    cube: Cube,
    on_roll: Side,
    dice: Option<Dice>,
    resignation: Option<(Side, Resignation)>,
    declined: Option<Resignation>,
    result: Option<Event>,
    /// The opening roll is still to come: either player may roll first (see
    /// [`Game::opening`]).
    opening: bool,
    /// Every event of the game so far, in order (see [`Game::log`]).
    log: Vec<Event>,
    /// The first roll of the log was the opening roll (see [`Game::opening_roll`]).
    opened: bool,
}

impl Game {
    /// A game at the starting position of `rules`, `on_roll` to roll, cube centred.
    #[must_use]
    pub fn new(rules: RuleSet, context: MatchContext, on_roll: Side) -> Game {
        Game {
            rules,
            context,
            board: rules.start(),
            cube: Cube::centred(),
            on_roll,
            dice: None,
            resignation: None,
            declined: None,
            result: None,
            opening: false,
            log: Vec::new(),
            opened: false,
        }
    }

    /// What has happened in the game, in order: the events of every action applied, and
    /// [`Edit::Resumed`] where the game was taken up from a record of where it stood (the
    /// events before it are those of the game as it was before). A game's record is read
    /// off it.
    #[must_use]
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The match this game belongs to.
    #[must_use]
    pub fn context(&self) -> &MatchContext {
        &self.context
    }

    /// The checkers.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cube (value, owner, pending double).
    #[must_use]
    pub fn cube(&self) -> &Cube {
        &self.cube
    }

    /// The player whose turn it is to roll and move.
    #[must_use]
    pub fn on_roll(&self) -> Side {
        self.on_roll
    }

    /// The player who must act now: the player on roll, or his opponent while a double or a
    /// resignation waits for an answer.
    #[must_use]
    pub fn turn(&self) -> Side {
        if let Some((resigner, _)) = self.resignation {
            return resigner.opponent();
        }
        match self.cube.offer {
            Some(offer) => offer.from.opponent(),
            None => self.on_roll,
        }
    }

    /// The dice rolled by the player on roll, if rolled.
    #[must_use]
    pub fn dice(&self) -> Option<Dice> {
        self.dice
    }

    /// A pending resignation: who offers it and how much.
    #[must_use]
    pub fn resignation(&self) -> Option<(Side, Resignation)> {
        self.resignation
    }

    /// How the game ended (a [`Event::Won`] or [`Event::Drawn`]), once it has.
    #[must_use]
    pub fn result(&self) -> Option<Event> {
        self.result
    }

    /// Whether the game has ended.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The legal plays of the player on roll with the dice rolled (empty before rolling).
    #[must_use]
    pub fn legal_plays(&self) -> Vec<Play> {
        self.dice.map_or_else(Vec::new, |dice| {
            self.rules.legal_plays(&self.board, self.on_roll, dice)
        })
    }

    /// Whether the player on roll may double now.
    ///
    /// # Errors
    /// Why not.
    pub fn may_double(&self) -> Result<(), GameError> {
        self.require_playing()?;
        if self.resignation.is_some() {
            return Err(GameError::ResignationPending);
        }
        self.cube
            .may_double(&self.cube_context(), self.on_roll)
            .map_err(GameError::Cube)
    }

    fn cube_context(&self) -> CubeContext {
        CubeContext {
            variant: self.rules.variant(),
            match_length: self.context.length,
            score: self.context.score,
            crawford: self.context.crawford,
            on_roll: self.on_roll,
            rolled: self.dice.is_some(),
            beavers: self.context.beavers,
        }
    }

    fn require_playing(&self) -> Result<(), GameError> {
        if self.is_over() {
            Err(GameError::GameOver)
        } else {
            Ok(())
        }
    }

    fn require_no_decision(&self) -> Result<(), GameError> {
        if self.cube.offer.is_some() {
            return Err(GameError::DoublePending);
        }
        if self.resignation.is_some() {
            return Err(GameError::ResignationPending);
        }
        Ok(())
    }

    /// Applies `action`. On error the game is unchanged.
    ///
    /// # Errors
    /// The typed reason the action is not allowed now.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        if !matches!(action, Action::SetResult { .. }) {
            self.require_playing()?;
        }
        self.transact(|next| next.execute(action))
    }

    /// Runs `change` on a copy of the game (without its log), keeps the copy when it
    /// succeeds and logs its events; on error the game is unchanged.
    fn transact(
        &mut self,
        change: impl FnOnce(&mut Game) -> Result<Vec<Event>, GameError>,
    ) -> Result<Vec<Event>, GameError> {
        let log = std::mem::take(&mut self.log);
        let mut next = self.clone();
        let result = change(&mut next);
        if result.is_ok() {
            *self = next;
        }
        self.log = log;
        let events = result?;
        self.log.extend_from_slice(&events);
        Ok(events)
    }

    fn execute(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let side = self.turn();
        match action {
            Action::OpeningRoll { dice, repeated } => self.roll_opening(dice, repeated),
            Action::PreviousWinnerStarts(starter) => self.start_without_opening_roll(starter),
            Action::Roll(dice) => {
                self.require_no_decision()?;
                if self.dice.is_some() {
                    return Err(GameError::AlreadyRolled);
                }
                self.declined = None;
                self.opened |= self.opening;
                self.opening = false;
                if self.rules.requires_reroll(&self.board, side, dice) {
                    return Ok(vec![
                        Event::Rolled { side, dice },
                        Event::Rerolled { side, dice },
                    ]);
                }
                self.dice = Some(dice);
                Ok(vec![Event::Rolled { side, dice }])
            }
            Action::Play(play) => {
                self.require_no_decision()?;
                let dice = self.dice.ok_or(GameError::MustRoll)?;
                if !self.rules.is_legal_play(&self.board, side, dice, &play) {
                    return Err(GameError::IllegalPlay);
                }
                self.board = play.result;
                let mut events = vec![Event::Played { side, dice, play }];
                match self.rules.result_after_play(&self.board, side) {
                    Some(result) => events.push(self.finish_played(result)),
                    None => self.pass_turn(),
                }
                Ok(events)
            }
            Action::CannotMove => {
                self.require_no_decision()?;
                let dice = self.dice.ok_or(GameError::MustRoll)?;
                if !self.legal_plays().is_empty() {
                    return Err(GameError::MustPlay);
                }
                self.pass_turn();
                Ok(vec![Event::CannotMove { side, dice }])
            }
            Action::Double => {
                self.may_double()?;
                let context = self.cube_context();
                self.cube = self.cube.double(&context, side).map_err(GameError::Cube)?;
                self.declined = None;
                Ok(vec![Event::Doubled {
                    side,
                    value: self.cube.value.saturating_mul(2),
                }])
            }
            Action::Take => {
                self.cube = self.cube.take().map_err(GameError::Cube)?;
                Ok(vec![Event::Took {
                    side,
                    value: self.cube.value,
                }])
            }
            Action::Beaver => {
                let context = self.cube_context();
                self.cube = self.cube.beaver(&context).map_err(GameError::Cube)?;
                Ok(vec![Event::Beavered {
                    side,
                    value: self.cube.value.saturating_mul(2),
                }])
            }
            Action::Drop => {
                let (winner, points) = self.cube.drop_double().map_err(GameError::Cube)?;
                self.cube.offer = None;
                let won = Event::Won {
                    winner,
                    ending: WinEnding::Dropped,
                    points,
                };
                self.result = Some(won);
                Ok(vec![Event::Dropped { side }, won])
            }
            Action::Resign { side, kind } => {
                // A resignation waiting for an answer is withdrawn; a double stays pending
                // (gnubg): declined, the resignation leaves the double to be answered.
                self.resignation = None;
                let kind = kind.min(self.rules.largest_resignation());
                if let Some(declined) = self.declined.filter(|&declined| kind <= declined) {
                    return Err(GameError::AlreadyDeclined(declined));
                }
                self.resignation = Some((side, kind));
                Ok(vec![Event::ResignationOffered { side, kind }])
            }
            Action::Accept => {
                let (resigner, kind) = self.resignation.ok_or(GameError::NoResignation)?;
                let points = self.rules.resignation_points(kind, &self.cube);
                let won = Event::Won {
                    winner: resigner.opponent(),
                    ending: WinEnding::Resigned(kind),
                    points,
                };
                self.result = Some(won);
                Ok(vec![won])
            }
            Action::Reject => {
                let (_, kind) = self.resignation.take().ok_or(GameError::NoResignation)?;
                self.declined = Some(kind);
                Ok(vec![Event::ResignationDeclined { side, kind }])
            }
            Action::SetBoard(board) => {
                board
                    .validate(self.rules.variant())
                    .map_err(|_| GameError::InvalidBoard)?;
                // A pending resignation is withdrawn, even by the same board (gnubg's `set
                // board`, checked live); a pending double stays.
                self.resignation = None;
                self.declined = None;
                if board == self.board {
                    return Ok(vec![Event::Edited(Edit::SameBoard)]);
                }
                self.board = board;
                Ok(vec![Event::Edited(Edit::Board {
                    board,
                    on_roll: self.on_roll,
                })])
            }
            Action::SetDice(dice) => {
                self.dice = Some(dice);
                self.cube.offer = None;
                self.resignation = None;
                self.declined = None;
                Ok(vec![Event::Edited(Edit::Dice {
                    side: self.on_roll,
                    dice,
                })])
            }
            Action::SetCube { value, owner } => {
                self.set_cube(value, owner)?;
                Ok(vec![Event::Edited(Edit::Cube { value, owner })])
            }
            // Setting the cube's value or owner withdraws a pending double, as gnubg's `set
            // cube value|owner|centre` do (checked live): the doubler is on turn again.
            Action::SetCubeValue(value) => {
                self.set_cube(value, self.cube.owner)?;
                self.cube.offer = None;
                Ok(vec![Event::Edited(Edit::CubeValue {
                    value,
                    on_roll: self.on_roll,
                })])
            }
            Action::SetCubeOwner(owner) => {
                self.set_cube(self.cube.value, owner)?;
                self.cube.offer = None;
                Ok(vec![Event::Edited(Edit::CubeOwner {
                    owner,
                    on_roll: self.on_roll,
                })])
            }
            Action::SetTurn(side) => {
                self.on_roll = side;
                self.opening = false;
                self.dice = None;
                self.cube.offer = None;
                self.resignation = None;
                Ok(vec![Event::Edited(Edit::Turn(side))])
            }
            Action::PlayUnchecked(play) => {
                self.board = play.result;
                let mut events = vec![Event::Edited(Edit::Unchecked(play))];
                match self.rules.result_after_play(&self.board, self.on_roll) {
                    Some(result) => events.push(self.finish_played(result)),
                    None => self.pass_turn(),
                }
                Ok(events)
            }
            Action::SetResult {
                winner,
                ending,
                points,
            } => {
                let won = Event::Won {
                    winner,
                    ending,
                    points,
                };
                self.result = Some(won);
                self.cube.offer = None;
                self.resignation = None;
                Ok(vec![won])
            }
        }
    }

    /// The cube edit: `value` (a power of two) owned by `owner`, a pending double staying.
    fn set_cube(&mut self, value: u32, owner: Option<Side>) -> Result<(), GameError> {
        if !self.rules.cube_in_use() {
            return Err(GameError::Cube(cube::CubeRefusal::NoCube));
        }
        if !value.is_power_of_two() {
            return Err(GameError::InvalidCube);
        }
        self.cube = Cube {
            value,
            owner,
            offer: self.cube.offer,
        };
        self.declined = None;
        Ok(())
    }

    fn pass_turn(&mut self) {
        self.on_roll = self.on_roll.opponent();
        self.dice = None;
        self.declined = None;
    }

    fn finish_played(&mut self, result: GameResult) -> Event {
        let event = match result {
            GameResult::Win { winner, kind } => Event::Won {
                winner,
                ending: WinEnding::Played(kind),
                points: self
                    .rules
                    .points(result, &self.cube, self.context.money_jacoby()),
            },
            GameResult::Draw => Event::Drawn,
        };
        self.dice = None;
        self.result = Some(event);
        event
    }
}

#[cfg(test)]
mod tests;
