//! A game rebuilt part-way through from a record of where it stands, and read back (also as
//! a [`MatchState`]): how the REPL takes up a position read from an ID or a match file, after
//! which [`Game::apply`] decides every change.

use super::{Edit, Event, Game, MatchContext};
use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::match_state::{GameState, MatchState};
use crate::rules::resignation::Resignation;
use crate::rules::rule_set::RuleSet;
use crate::rules::side::Side;
use crate::rules::variants::cube::Cube;

/// Where a game that has not ended stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInProgress {
    /// The checkers.
    pub board: Board,
    /// The cube, with the double waiting for an answer, if any.
    pub cube: Cube,
    /// The player whose turn it is to roll and move.
    pub on_roll: Side,
    /// The dice rolled by the player on roll, if rolled.
    pub dice: Option<Dice>,
    /// A pending resignation: who offers it and how much.
    pub resignation: Option<(Side, Resignation)>,
    /// The resignation declined since the game last moved on (a smaller or equal one may not
    /// be offered again until then).
    pub declined: Option<Resignation>,
    /// The opening roll is still to come: either player may roll first.
    pub opening: bool,
}

impl Game {
    /// The game of `rules` in `context` standing at `progress` (not ended), with nothing in
    /// its log.
    #[must_use]
    pub fn resume(rules: RuleSet, context: MatchContext, progress: GameInProgress) -> Game {
        Game {
            rules,
            context,
            board: progress.board,
            cube: progress.cube,
            on_roll: progress.on_roll,
            dice: progress.dice,
            resignation: progress.resignation,
            declined: progress.declined,
            result: None,
            opening: progress.opening,
            log: Vec::new(),
            opened: false,
        }
    }

    /// The game as a [`MatchState`] in play: its board, cube, offers, dice and match, with
    /// the player on roll and the player to act as the game has them. Callers that show a
    /// finished game set its [`GameState`] and where gnubg leaves the players.
    #[must_use]
    pub fn match_state(&self) -> MatchState {
        MatchState {
            board: self.board,
            variant: self.rules.variant(),
            cube_value: self.cube.value,
            cube_owner: self.cube.owner,
            on_roll: self.on_roll,
            turn: self.turn(),
            crawford: self.context.crawford,
            game_state: GameState::Playing,
            double_offered: self.cube.offer.is_some(),
            resignation: self.resignation.map(|(_, kind)| kind),
            dice: self.dice,
            match_length: self.context.length,
            score: self.context.score,
            jacoby: self.context.jacoby,
        }
    }

    /// The game goes on from `progress` (a record followed where the rules refused it, a
    /// cube taken out of use): rules, match and log stay.
    pub fn go_on_from(&mut self, progress: GameInProgress) {
        self.take_up(self.rules, self.context, progress);
        self.log.pop();
    }

    /// The game is taken up at `progress` from a record of where it stands (an ID, a file),
    /// in `rules` and `context`: its log goes on, marked [`Edit::Resumed`].
    pub fn take_up(&mut self, rules: RuleSet, context: MatchContext, progress: GameInProgress) {
        let mut log = std::mem::take(&mut self.log);
        log.push(Event::Edited(Edit::Resumed));
        let opened = self.opened;
        *self = Game::resume(rules, context, progress);
        self.log = log;
        self.opened = opened;
    }

    /// Where the game stands, as [`Game::resume`] takes it.
    #[must_use]
    pub fn in_progress(&self) -> GameInProgress {
        GameInProgress {
            board: self.board,
            cube: self.cube,
            on_roll: self.on_roll,
            dice: self.dice,
            resignation: self.resignation,
            declined: self.declined,
            opening: self.opening,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Action;
    use crate::rules::variant::Variant;

    #[test]
    fn a_resumed_game_goes_on_where_it_stood() {
        let mut game = Game::new(
            RuleSet::new(Variant::Standard),
            MatchContext::money(),
            Side::X,
        );
        game.apply(Action::Double).ok();
        game.apply(Action::Beaver).ok();
        let mut resumed = Game::resume(game.rules(), *game.context(), game.in_progress());
        assert_eq!(
            (resumed.rules(), resumed.context(), resumed.in_progress()),
            (game.rules(), game.context(), game.in_progress())
        );
        assert!(resumed.log().is_empty() && game.log().len() == 2);
        assert_eq!(
            resumed.apply(Action::Take),
            game.clone().apply(Action::Take)
        );
        assert_eq!(resumed.cube().value, 4);
        assert_eq!(resumed.cube().owner, Some(Side::O));
    }

    #[test]
    fn the_doubled_player_may_resign_instead_of_answering() {
        let mut game = Game::new(
            RuleSet::new(Variant::Standard),
            MatchContext::money(),
            Side::X,
        );
        game.apply(Action::Double).ok();
        assert_eq!(
            game.apply(Action::Resign {
                side: Side::O,
                kind: Resignation::Single
            }),
            Ok(vec![Event::ResignationOffered {
                side: Side::O,
                kind: Resignation::Single
            }])
        );
        // The double stays pending under the resignation (gnubg's Match ID cDk..., both
        // offers set); declined, the resignation leaves it to be answered.
        assert!(game.cube().offer.is_some());
        assert_eq!(game.turn(), Side::X);
        game.apply(Action::Reject).ok();
        assert_eq!(game.turn(), Side::O);
        assert_eq!(
            game.apply(Action::Take),
            Ok(vec![Event::Took {
                side: Side::O,
                value: 2
            }])
        );
    }
}
