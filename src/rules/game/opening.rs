//! The start of a game: who plays first, decided by the opening roll (one die each, ties
//! rolled again) or given to the winner of the previous game, and kept in the game's log as
//! its [`Event::Opened`].

use super::{Action, Event, Game, GameError, Opening};
use crate::rules::dice::Dice;
use crate::rules::side::Side;

impl Game {
    /// [`Action::OpeningRoll`]: `dice` are player 0's die and player 1's.
    pub(super) fn roll_opening(
        &mut self,
        dice: Dice,
        repeated: bool,
    ) -> Result<Vec<Event>, GameError> {
        self.require_opening()?;
        if dice.is_double() {
            return Ok(vec![Event::OpeningTied { die: dice.first() }]);
        }
        let starter = if dice.first() > dice.second() {
            Side::O
        } else {
            Side::X
        };
        let opened = Event::Opened {
            starter,
            opening: Opening::Rolled { dice, repeated },
        };
        self.on_roll = starter;
        if !self.rules.opening_dice_are_played() {
            self.opening = false;
            return Ok(vec![opened]);
        }
        // The starter plays the two opening dice: the game's opening roll, his.
        let mut events = vec![opened];
        events.extend(self.execute(Action::Roll(dice.high_first()))?);
        Ok(events)
    }

    /// [`Action::PreviousWinnerStarts`].
    pub(super) fn start_without_opening_roll(
        &mut self,
        starter: Side,
    ) -> Result<Vec<Event>, GameError> {
        self.require_opening()?;
        self.on_roll = starter;
        self.opening = false;
        Ok(vec![Event::Opened {
            starter,
            opening: Opening::PreviousWinner,
        }])
    }

    /// Refuses a decision of who starts once it has been made, or while an offer waits.
    fn require_opening(&self) -> Result<(), GameError> {
        if !self.opening {
            return Err(GameError::OpeningDecided);
        }
        self.require_no_decision()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::MatchContext;
    use crate::rules::rule_set::RuleSet;
    use crate::rules::variant::Variant;

    fn dice(first: u8, second: u8) -> Dice {
        Dice::new(first, second).unwrap_or_else(|_| unreachable!())
    }

    fn opening(variant: Variant) -> Game {
        Game::opening(RuleSet::new(variant), MatchContext::money())
    }

    fn rolled(first: u8, second: u8, repeated: bool) -> Opening {
        Opening::Rolled {
            dice: dice(first, second),
            repeated,
        }
    }

    #[test]
    fn a_tie_is_rolled_again_and_the_higher_die_plays_the_opening_dice() {
        let mut game = opening(Variant::Standard);
        assert_eq!(
            game.apply(Action::OpeningRoll {
                dice: dice(4, 4),
                repeated: false
            }),
            Ok(vec![Event::OpeningTied { die: 4 }])
        );
        assert!(game.is_opening());
        let events = game.apply(Action::OpeningRoll {
            dice: dice(2, 5),
            repeated: false,
        });
        assert_eq!(
            events,
            Ok(vec![
                Event::Opened {
                    starter: Side::X,
                    opening: rolled(2, 5, false)
                },
                Event::Rolled {
                    side: Side::X,
                    dice: dice(5, 2)
                }
            ])
        );
        assert!(!game.is_opening());
        assert_eq!(game.on_roll(), Side::X);
        assert_eq!(game.dice(), Some(dice(5, 2)));
        assert_eq!(game.opening_roll(), Some((Side::X, dice(5, 2))));
        assert_eq!(game.log().len(), 3);
        assert_eq!(
            game.apply(Action::OpeningRoll {
                dice: dice(6, 1),
                repeated: true
            }),
            Err(GameError::OpeningDecided)
        );
    }

    #[test]
    fn where_the_starter_rolls_afresh_the_opening_roll_only_decides_who_starts() {
        let mut game = opening(Variant::Plakoto);
        let events = game.apply(Action::OpeningRoll {
            dice: dice(6, 1),
            repeated: true,
        });
        assert_eq!(
            events,
            Ok(vec![Event::Opened {
                starter: Side::O,
                opening: rolled(6, 1, true)
            }])
        );
        assert_eq!((game.on_roll(), game.dice()), (Side::O, None));
        assert_eq!(game.opening_roll(), None);
        assert!(game.apply(Action::Roll(dice(3, 2))).is_ok());
    }

    #[test]
    fn the_previous_winner_starts_without_an_opening_roll() {
        let mut game = opening(Variant::Fevga);
        assert_eq!(
            game.apply(Action::PreviousWinnerStarts(Side::X)),
            Ok(vec![Event::Opened {
                starter: Side::X,
                opening: Opening::PreviousWinner
            }])
        );
        assert_eq!((game.on_roll(), game.is_opening()), (Side::X, false));
        assert_eq!(
            game.apply(Action::PreviousWinnerStarts(Side::O)),
            Err(GameError::OpeningDecided)
        );
    }

    #[test]
    fn swapping_keeps_the_dice_where_they_lie() {
        let opened = Event::Opened {
            starter: Side::O,
            opening: rolled(5, 3, false),
        };
        assert_eq!(
            opened.swapped(),
            Event::Opened {
                starter: Side::X,
                opening: rolled(5, 3, false)
            }
        );
    }
}
