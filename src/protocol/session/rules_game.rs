//! The session's match state seen as a rules [`Game`], so that [`Game::apply`] decides the
//! doubles, takes, beavers and drops, the resignations offered, accepted and declined, the
//! plays and the passes, and the game's new state is written back. (One gnubg turn stays in
//! the session: after a declined resignation gnubg hands the turn back to the resigner, also
//! when he is not on roll; see `cube.rs`.)

use super::*;
use crate::rules::game::{Action, Event, Game, GameError, GameInProgress, MatchContext};
use crate::rules::variants::cube::{Cube, CubeContext, Offer};

impl Session {
    /// The cube of the current game, with the pending double (after `beavers_used` beavers).
    pub(super) fn cube(&self) -> Cube {
        let state = &self.state;
        Cube {
            value: state.cube_value,
            owner: state.cube_owner,
            offer: state.double_offered.then(|| Offer {
                // The player to answer is on turn; the last to double is his opponent.
                from: state.turn.opponent(),
                redoubles: self.beavers_used,
                // gnubg gives the cube to the player who was doubled first, also on a raccoon.
                beaverer: (self.beavers_used > 0).then(|| state.on_roll.opponent()),
            }),
        }
    }

    /// What the cube rules need to know about the current game and the match.
    pub(super) fn cube_context(&self) -> CubeContext {
        let state = &self.state;
        CubeContext {
            variant: state.variant,
            match_length: state.match_length,
            score: state.score,
            crawford: state.crawford,
            on_roll: state.on_roll,
            rolled: state.dice.is_some(),
            beavers: self.settings.beavers,
        }
    }

    /// The current game as the rules see it.
    fn game(&self) -> Game {
        let state = &self.state;
        let context = MatchContext {
            length: state.match_length,
            score: state.score,
            crawford: state.crawford,
            jacoby: state.jacoby,
            beavers: self.settings.beavers,
        };
        Game::resume(
            state.rules(),
            context,
            GameInProgress {
                board: state.board,
                cube: self.cube(),
                on_roll: state.on_roll,
                dice: state.dice,
                resignation: state.resignation.map(|kind| (state.turn.opponent(), kind)),
                declined: self.declined,
                opening: false,
            },
        )
    }

    /// Applies `action` to the current game and, while the game goes on, writes its new
    /// state back (of an ended game only the board: the rest is left for `finish_game`,
    /// which keeps what gnubg keeps).
    pub(super) fn apply_to_game(&mut self, action: Action) -> Result<Vec<Event>, GameError> {
        let mut game = self.game();
        let events = game.apply(action)?;
        if game.is_over() {
            self.state.board = *game.board();
        } else {
            self.adopt_game(&game);
        }
        Ok(events)
    }

    /// [`Session::apply_to_game`] for an action the session has checked is allowed.
    pub(super) fn apply_checked(&mut self, action: Action) -> Vec<Event> {
        let result = self.apply_to_game(action);
        debug_assert!(result.is_ok(), "{action:?} refused: {result:?}");
        result.unwrap_or_default()
    }

    fn adopt_game(&mut self, game: &Game) {
        let progress = game.in_progress();
        let state = &mut self.state;
        state.board = progress.board;
        state.cube_value = progress.cube.value;
        state.cube_owner = progress.cube.owner;
        state.double_offered = progress.cube.offer.is_some();
        state.on_roll = progress.on_roll;
        state.turn = game.turn();
        state.dice = progress.dice;
        state.resignation = progress.resignation.map(|(_, kind)| kind);
        self.beavers_used = progress.cube.offer.map_or(0, |offer| offer.redoubles);
        self.declined = progress.declined;
    }
}
