//! A game followed record by record, as a match file writes it: each action is written for
//! a named player, so [`Game::apply_by`] also checks whose turn it is; the game may start
//! before its opening roll, which either player can make; and every rule a written double
//! breaks can be listed, not only the first.

use super::{Action, Event, Game, GameError, MatchContext};
use crate::rules::dice::Dice;
use crate::rules::rule_set::RuleSet;
use crate::rules::side::Side;
use crate::rules::variants::cube::CubeRefusal;

impl Game {
    /// A game at the starting position of `rules` before its opening roll: the first roll,
    /// by either player (the winner of the opening roll), starts it, and nobody may double
    /// before it.
    #[must_use]
    pub fn opening(rules: RuleSet, context: MatchContext) -> Game {
        let mut game = Game::new(rules, context, Side::X);
        game.opening = true;
        game
    }

    /// Whether the opening roll is still to come (see [`Game::opening`]).
    #[must_use]
    pub fn is_opening(&self) -> bool {
        self.opening
    }

    /// The opening roll, once made: who won it and the dice he plays (the first roll of the
    /// log, when the game began before its opening roll, see [`Game::opening`]).
    #[must_use]
    pub fn opening_roll(&self) -> Option<(Side, Dice)> {
        if !self.opened {
            return None;
        }
        self.log.iter().find_map(|event| match *event {
            Event::Rolled { side, dice } => Some((side, dice)),
            _ => None,
        })
    }

    /// Whether `side` may roll now: in the opening either player may, later only the player
    /// on roll with no double waiting for an answer.
    ///
    /// # Errors
    /// [`GameError::GameOver`], [`GameError::DoublePending`],
    /// [`GameError::ResignationPending`] or [`GameError::NotYourTurn`] with the player on
    /// roll.
    pub fn may_roll(&self, side: Side) -> Result<(), GameError> {
        self.require_playing()?;
        if self.opening {
            return Ok(());
        }
        self.require_no_decision()?;
        if side != self.on_roll {
            return Err(GameError::NotYourTurn(self.on_roll));
        }
        Ok(())
    }

    /// Whether `side` may answer a double now (take, drop or beaver): a double must wait
    /// for his answer.
    ///
    /// # Errors
    /// [`CubeRefusal::NothingToAnswer`] without a double, [`GameError::NotYourTurn`] with the
    /// doubled player when `side` is the doubler.
    pub fn may_answer(&self, side: Side) -> Result<(), GameError> {
        let offer = self
            .cube
            .offer
            .ok_or(GameError::Cube(CubeRefusal::NothingToAnswer))?;
        if offer.from.opponent() != side {
            return Err(GameError::NotYourTurn(offer.from.opponent()));
        }
        Ok(())
    }

    /// Every rule a double by `side` breaks now, the most basic first: no cube in the
    /// variant; the turn (before the opening roll, a double or a resignation waiting, not
    /// `side`'s turn or rolled already); the Crawford game, or else the opponent owning the
    /// cube; a dead cube. Empty when `side` may double.
    #[must_use]
    pub fn double_refusals(&self, side: Side) -> Vec<GameError> {
        let mut refusals = Vec::new();
        if self.is_over() {
            return vec![GameError::GameOver];
        }
        if !self.rules.cube_in_use() {
            refusals.push(GameError::Cube(CubeRefusal::NoCube));
        }
        if self.opening {
            refusals.push(GameError::BeforeOpeningRoll);
        } else if self.cube.offer.is_some() {
            refusals.push(GameError::Cube(CubeRefusal::Pending));
        } else if self.resignation.is_some() {
            refusals.push(GameError::ResignationPending);
        } else if side != self.on_roll {
            refusals.push(GameError::NotYourTurn(self.on_roll));
        } else if self.dice.is_some() {
            refusals.push(GameError::Cube(CubeRefusal::NotYourTurn));
        }
        if self.context.length > 0 && self.context.crawford {
            refusals.push(GameError::Cube(CubeRefusal::Crawford));
        } else if self.cube.owner == Some(side.opponent()) {
            refusals.push(GameError::Cube(CubeRefusal::NotOwner));
        }
        if self.context.length > 0 {
            let needed = self
                .context
                .length
                .saturating_sub(self.context.score[side.index()]);
            if self.cube.value >= needed {
                refusals.push(GameError::Cube(CubeRefusal::Dead));
            }
        }
        refusals
    }

    /// Applies `action` written for `side`: refused, as [`Game::apply`] refuses, and also
    /// when `side` is not the player to act ([`GameError::NotYourTurn`] names that player;
    /// an answer with no double offered is [`CubeRefusal::NothingToAnswer`]). In the opening
    /// `side`'s roll starts the game with `side` on roll. On error the game is unchanged.
    ///
    /// # Errors
    /// The first reason the action is not allowed now.
    pub fn apply_by(&mut self, side: Side, action: Action) -> Result<Vec<Event>, GameError> {
        if matches!(action, Action::SetResult { .. }) {
            return self.apply(action);
        }
        self.require_playing()?;
        match action {
            Action::Roll(_) => self.may_roll(side)?,
            Action::Double => {
                if let Some(&refusal) = self.double_refusals(side).first() {
                    return Err(refusal);
                }
            }
            Action::Take | Action::Drop | Action::Beaver => self.may_answer(side)?,
            Action::Play(_) | Action::CannotMove if side != self.on_roll => {
                return Err(GameError::NotYourTurn(self.on_roll));
            }
            _ => {}
        }
        self.transact(|next| {
            if next.opening && matches!(action, Action::Roll(_)) {
                next.on_roll = side;
            }
            next.execute(action)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::{Edit, WinEnding};
    use crate::rules::play::Play;
    use crate::rules::variant::Variant;
    use crate::rules::variants::WinKind;

    fn dice(first: u8, second: u8) -> Dice {
        Dice::new(first, second).unwrap_or_else(|_| unreachable!())
    }

    fn standard(context: MatchContext) -> Game {
        Game::opening(RuleSet::new(Variant::Standard), context)
    }

    #[test]
    fn either_player_makes_the_opening_roll() {
        for side in Side::BOTH {
            let mut game = standard(MatchContext::money());
            assert!(game.is_opening());
            assert_eq!(game.may_roll(side.opponent()), Ok(()));
            assert_eq!(
                game.apply_by(side, Action::Roll(dice(3, 1))),
                Ok(vec![Event::Rolled {
                    side,
                    dice: dice(3, 1)
                }])
            );
            assert!(!game.is_opening());
            assert_eq!(game.on_roll(), side);
            assert_eq!(game.opening_roll(), Some((side, dice(3, 1))));
            assert_eq!(
                game.apply_by(side.opponent(), Action::CannotMove),
                Err(GameError::NotYourTurn(side))
            );
        }
        // A game whose first player was set by hand has no opening roll.
        let mut game = standard(MatchContext::money());
        game.apply(Action::SetTurn(Side::O)).ok();
        game.apply(Action::Roll(dice(4, 2))).ok();
        assert_eq!(game.opening_roll(), None);
    }

    #[test]
    fn a_roll_out_of_turn_names_the_player_to_act() {
        let mut game = standard(MatchContext::money());
        game.apply_by(Side::X, Action::Roll(dice(3, 1))).ok();
        let play = game.legal_plays()[0];
        game.apply_by(Side::X, Action::Play(play)).ok();
        assert_eq!(
            game.apply_by(Side::X, Action::Roll(dice(5, 2))),
            Err(GameError::NotYourTurn(Side::O))
        );
        game.apply_by(Side::O, Action::Double).ok();
        assert_eq!(game.may_roll(Side::X), Err(GameError::DoublePending));
        assert_eq!(
            game.apply_by(Side::O, Action::Take),
            Err(GameError::NotYourTurn(Side::X))
        );
        assert!(game.apply_by(Side::X, Action::Take).is_ok());
        assert_eq!(
            game.apply_by(Side::X, Action::Drop),
            Err(GameError::Cube(CubeRefusal::NothingToAnswer))
        );
    }

    #[test]
    fn every_rule_a_double_breaks_is_listed() {
        let context = MatchContext::match_game(5, [4, 2], true);
        let game = standard(context);
        assert_eq!(
            game.double_refusals(Side::X),
            [
                GameError::BeforeOpeningRoll,
                GameError::Cube(CubeRefusal::Crawford)
            ]
        );
        let plakoto = Game::opening(RuleSet::new(Variant::Plakoto), MatchContext::money());
        assert_eq!(
            plakoto.double_refusals(Side::X),
            [
                GameError::Cube(CubeRefusal::NoCube),
                GameError::BeforeOpeningRoll
            ]
        );
        let mut game = standard(MatchContext::match_game(5, [0, 3], false));
        game.apply_by(Side::X, Action::Roll(dice(3, 1))).ok();
        let play = game.legal_plays()[0];
        game.apply_by(Side::X, Action::Play(play)).ok();
        assert_eq!(
            game.double_refusals(Side::X),
            [GameError::NotYourTurn(Side::O)]
        );
        assert!(game.double_refusals(Side::O).is_empty());
        game.apply(Action::SetCube {
            value: 2,
            owner: Some(Side::X),
        })
        .ok();
        assert_eq!(
            game.double_refusals(Side::O),
            [GameError::Cube(CubeRefusal::NotOwner)]
        );
        game.apply(Action::SetCube {
            value: 2,
            owner: None,
        })
        .ok();
        assert_eq!(
            game.double_refusals(Side::X),
            [
                GameError::NotYourTurn(Side::O),
                GameError::Cube(CubeRefusal::Dead)
            ]
        );
    }

    #[test]
    fn a_play_set_up_as_written_ends_the_game_when_the_rules_say_so() {
        let mut game = standard(MatchContext::money());
        game.apply_by(Side::X, Action::Roll(dice(6, 6))).ok();
        let mut board = *game.board();
        board.slots = [[0; 25]; 2];
        board.slots[Side::O.index()][5] = 15;
        board.off[Side::X.index()] = 15;
        let play = Play::new(&[], board);
        assert_eq!(
            game.apply_by(Side::X, Action::Play(play)),
            Err(GameError::IllegalPlay)
        );
        let events = game.apply(Action::PlayUnchecked(play)).unwrap_or_default();
        assert!(matches!(
            events[..],
            [
                Event::Edited(Edit::Unchecked(_)),
                Event::Won {
                    winner: Side::X,
                    ending: WinEnding::Played(WinKind::Gammon),
                    points: 1
                }
            ]
        ));
        assert!(game.is_over());
    }

    #[test]
    fn a_play_set_up_as_written_passes_the_turn() {
        let mut game = standard(MatchContext::money());
        game.apply_by(Side::X, Action::Roll(dice(2, 1))).ok();
        let play = Play::new(&[], *game.board());
        assert_eq!(
            game.apply(Action::PlayUnchecked(play)),
            Ok(vec![Event::Edited(Edit::Unchecked(play))])
        );
        assert_eq!((game.on_roll(), game.dice()), (Side::O, None));
    }

    #[test]
    fn a_declared_result_ends_the_game_whatever_its_state() {
        let mut game = standard(MatchContext::money());
        let declared = Action::SetResult {
            winner: Side::O,
            ending: WinEnding::Played(WinKind::Single),
            points: 3,
        };
        let won = Event::Won {
            winner: Side::O,
            ending: WinEnding::Played(WinKind::Single),
            points: 3,
        };
        assert_eq!(game.apply(declared), Ok(vec![won]));
        assert_eq!(game.result(), Some(won));
        assert_eq!(game.apply(Action::Double), Err(GameError::GameOver));
        assert_eq!(
            game.apply(declared),
            Ok(vec![won]),
            "a result may be restated"
        );
    }
}
