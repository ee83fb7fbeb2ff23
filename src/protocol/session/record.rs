//! The session's record of the game in progress (what `list game` lists and the file commands
//! write), kept from the events the game emits: every roll, play, cube action and accepted
//! resignation enters it here, in one place. Edits of the position are recorded by the
//! commands that make them (see `push_edit` and `set_dice`), as gnubg records them per command.

use crate::matchfile::record::GameAction;
use crate::rules::game::{Event, WinEnding};

/// Adds what `events` (the game's answer to one action) record to `actions`: a roll waits as
/// a [`GameAction::Roll`] until the play (or the pass) that takes its place; a roll the rules
/// roll again (Athroisma) leaves no record.
pub(super) fn note(actions: &mut Vec<GameAction>, events: &[Event]) {
    for (index, event) in events.iter().enumerate() {
        let recorded = match *event {
            Event::Rolled { side, dice } => {
                let rolled_again = matches!(events.get(index + 1), Some(Event::Rerolled { .. }));
                (!rolled_again).then_some(GameAction::Roll { side, dice })
            }
            Event::Played { side, dice, play } => {
                forget_roll(actions, event);
                Some(GameAction::Play {
                    side,
                    dice,
                    steps: play.steps().to_vec(),
                })
            }
            Event::CannotMove { side, dice } => {
                forget_roll(actions, event);
                Some(GameAction::Play {
                    side,
                    dice,
                    steps: Vec::new(),
                })
            }
            Event::Doubled { side, value } => Some(GameAction::Double { side, value }),
            Event::Took { side, .. } => Some(GameAction::Take { side }),
            Event::Beavered { side, value } => Some(GameAction::Beaver { side, value }),
            Event::Dropped { side } => Some(GameAction::Drop { side }),
            Event::Won {
                winner,
                ending: WinEnding::Resigned(_),
                ..
            } => Some(GameAction::Resign {
                side: winner.opponent(),
            }),
            Event::Rerolled { .. }
            | Event::ResignationOffered { .. }
            | Event::ResignationDeclined { .. }
            | Event::Won { .. }
            | Event::Drawn
            | Event::Edited(_)
            | Event::MatchWon { .. } => None,
        };
        actions.extend(recorded);
    }
}

/// Drops the record of the roll a play or a pass (`event`) takes the place of: the last
/// action, when it is that player's roll of those dice.
fn forget_roll(actions: &mut Vec<GameAction>, event: &Event) {
    let (Event::Played { side, dice, .. } | Event::CannotMove { side, dice }) = *event else {
        return;
    };
    if matches!(actions.last(), Some(GameAction::Roll { side: roller, dice: rolled }) if *roller == side && *rolled == dice)
    {
        actions.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Dice, Play, Side};

    #[test]
    fn a_play_takes_the_place_of_its_roll() {
        let dice = Dice::new(3, 1).unwrap_or_else(|_| unreachable!());
        let mut actions = Vec::new();
        note(
            &mut actions,
            &[Event::Rolled {
                side: Side::X,
                dice,
            }],
        );
        assert_eq!(
            actions,
            [GameAction::Roll {
                side: Side::X,
                dice
            }]
        );
        let play = Play::new(&[], crate::rules::Board::empty());
        note(
            &mut actions,
            &[Event::Played {
                side: Side::X,
                dice,
                play,
            }],
        );
        assert_eq!(
            actions,
            [GameAction::Play {
                side: Side::X,
                dice,
                steps: Vec::new()
            }]
        );
    }

    #[test]
    fn a_roll_rolled_again_leaves_no_record() {
        let dice = Dice::new(5, 4).unwrap_or_else(|_| unreachable!());
        let mut actions = Vec::new();
        note(
            &mut actions,
            &[
                Event::Rolled {
                    side: Side::O,
                    dice,
                },
                Event::Rerolled {
                    side: Side::O,
                    dice,
                },
            ],
        );
        assert!(actions.is_empty());
    }
}
