//! gnubg's match state and the session's match: [`Session::state`] reads the [`MatchState`]
//! gnubg would show off the rules [`Match`] and its game (for IDs, boards, evaluators and
//! `show`), `adopt_state` takes one read from an ID or a file as the match and its game, and
//! the session changes them through [`Match::apply`] and the match's edits. What gnubg shows
//! that the game does not model is kept in [`Shown`].

use super::*;
use crate::rules::game::{Action, Event, GameError, GameInProgress, MatchContext, WinEnding};
use crate::rules::{Cube, CubeContext, Offer};

/// What gnubg shows that the rules' game does not hold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Shown {
    /// gnubg's player on turn where it is not the game's: after a declined resignation gnubg
    /// hands the turn back to the resigner, also when he is not on roll (see
    /// `decline_resignation`), and a Match ID may name such a turn. It lasts until the next
    /// action on the game other than a board edit (gnubg's `set board` leaves it).
    pub(super) turn: Option<Side>,
    /// The computer's roll in the order the two dice came: gnubg shows it so on the board
    /// before the computer's move (checked live: `Rolled 56` where a human's roll of the
    /// same dice shows `Rolled 65`), while the game, its records and the Match ID keep
    /// every roll drawn from the generator high die first. Only in gnubg's variations
    /// (tavli's own variants show every roll high die first); it lasts until the next action
    /// on the game.
    pub(super) dice: Option<Dice>,
}

impl Session {
    /// The match state gnubg would show: the game's board, cube, turn, dice and offers, the
    /// match's length, score, Crawford flag and Jacoby rule, and where the game stands.
    #[must_use]
    pub fn state(&self) -> MatchState {
        let game = self.game();
        let context = self.match_play.context();
        let mut on_roll = game.on_roll();
        let mut turn = self.shown.turn.unwrap_or_else(|| game.turn());
        // What gnubg leaves in the Match ID of a finished game (found by experiment): after
        // bearing off the loser is "on roll" (with no dice); after a drop the doubler stays
        // on roll and the dropper on turn; after a resignation everything stays, the
        // accepted offer included.
        match game.result() {
            Some(Event::Won {
                winner,
                ending: WinEnding::Played(_),
                ..
            }) => {
                on_roll = winner.opponent();
                turn = on_roll;
            }
            Some(Event::Won {
                winner,
                ending: WinEnding::Dropped,
                ..
            }) => turn = winner.opponent(),
            _ => {}
        }
        // The match's own context: the game's keeps the score it started at.
        MatchState {
            on_roll,
            turn,
            crawford: context.crawford,
            game_state: self.match_play.state(),
            dice: self.shown.dice.or(game.dice()),
            match_length: context.length,
            score: context.score,
            jacoby: context.jacoby,
            ..game.match_state()
        }
    }

    /// Takes `state` (read from an ID or a match file) as the game and the match: the game
    /// resumes there, with no beaver and no refused resignation, and no game has been
    /// finished in the match yet.
    pub(super) fn adopt_state(&mut self, state: &MatchState) {
        let context = MatchContext {
            length: state.match_length,
            score: state.score,
            crawford: state.crawford,
            jacoby: state.jacoby,
            beavers: self.settings.beavers,
        };
        let cube = Cube {
            value: state.cube_value,
            owner: state.cube_owner,
            offer: state.double_offered.then(|| Offer {
                // The player to answer is on turn; the doubler is his opponent.
                from: state.turn.opponent(),
                redoubles: 0,
                beaverer: None,
            }),
        };
        self.match_play.resume(
            state.rules(),
            context,
            GameInProgress {
                board: state.board,
                cube,
                on_roll: state.on_roll,
                dice: state.dice,
                resignation: state.resignation.map(|kind| (state.turn.opponent(), kind)),
                declined: None,
                opening: false,
            },
            state.game_state,
        );
        self.shown.turn = (state.turn != self.game().turn()).then_some(state.turn);
        self.shown.dice = None;
    }

    /// Whether this is match play (a match length is set).
    pub(super) fn is_match(&self) -> bool {
        self.match_play.context().length > 0
    }

    /// The beaver setting, which the game's money play follows at once.
    pub(super) fn set_beavers(&mut self, count: u32) {
        self.settings.beavers = count;
        self.match_play.set_beavers(count);
    }

    /// `set cube use off` in a game: the cube goes back to 1, centred, and a pending double
    /// is withdrawn; a refused resignation stays refused. Returns whether a double was
    /// withdrawn. As gnubg's `CancelCubeAction` does (checked live), the player who was to
    /// answer stays on turn, also when he is not on roll, until the next action.
    pub(super) fn centre_cube_at_one(&mut self) -> bool {
        let turn = self.state().turn;
        let mut progress = self.game().in_progress();
        let withdrawn = progress.cube.offer.take().is_some();
        progress.cube.value = 1;
        progress.cube.owner = None;
        self.match_play.resume_game(progress);
        self.shown.turn = (turn != self.game().turn()).then_some(turn);
        withdrawn
    }

    /// How many beavers (and raccoons) the pending double has had.
    pub(super) fn beavers_used(&self) -> u32 {
        self.game().cube().offer.map_or(0, |offer| offer.redoubles)
    }

    /// What the cube rules need to know about the current game and the match.
    pub(super) fn cube_context(&self) -> CubeContext {
        let game = self.game();
        let context = self.match_play.context();
        CubeContext {
            variant: game.rules().variant(),
            match_length: context.length,
            score: context.score,
            crawford: context.crawford,
            on_roll: game.on_roll(),
            rolled: game.dice().is_some(),
            beavers: context.beavers,
        }
    }

    /// Applies `action` to the current game; a game that ends counts in the match (its
    /// events end with [`Event::MatchWon`] when it wins the match), and the game logs them
    /// (its record is read off the log, see `record.rs`). Every action ends the
    /// dice shown as rolled (see [`Shown::dice`]), every action but a board edit gnubg's own
    /// turn (see [`Shown::turn`]).
    pub(super) fn apply_to_game(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let events = self.match_play.apply(action)?;
        self.shown.dice = None;
        if !matches!(action, Action::SetBoard(_)) {
            self.shown.turn = None;
        }
        Ok(events)
    }

    /// [`Session::apply_to_game`] for an action the session has checked is allowed.
    pub(super) fn apply_checked(&mut self, action: Action) -> Vec<Event> {
        let result = self.apply_to_game(action);
        debug_assert!(result.is_ok(), "{action:?} refused: {result:?}");
        result.unwrap_or_default()
    }
}
