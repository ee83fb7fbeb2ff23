//! The session's record of the game in progress (what `list game` lists and the file commands
//! write), read off the game's log: every roll, play, cube action, accepted resignation and
//! edit gnubg records is an event of the game, and [`LoadedRecord::record`] turns the events
//! into the match-file model's actions in this one place. A game read from a file starts from
//! the record the file gave it.

use crate::matchfile::record::GameAction;
use crate::rules::game::{Edit, Event, WinEnding};

/// Where the record of the game in progress starts: empty for a game begun in the session;
/// for a game read from a file, the file's record of it (as the session keeps it) and the
/// length of the game's log when it was taken up, the events after which it goes on with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct LoadedRecord {
    /// The actions read from the file.
    actions: Vec<GameAction>,
    /// How many events of the game's log came before (the game as it was before loading).
    log_from: usize,
}

impl LoadedRecord {
    /// The record `actions` of a game read from a file, taken up after `log_from` events of
    /// the game's log.
    pub(super) fn new(actions: Vec<GameAction>, log_from: usize) -> LoadedRecord {
        LoadedRecord { actions, log_from }
    }

    /// The record of the game whose log is `log`: the actions read, then what the events
    /// since record.
    pub(super) fn record(&self, log: &[Event]) -> Vec<GameAction> {
        let events = log.get(self.log_from..).unwrap_or_default();
        let mut actions = self.actions.clone();
        for (index, event) in events.iter().enumerate() {
            note(&mut actions, event, events.get(index + 1));
        }
        actions
    }

    /// The same with the players' places exchanged (`swap players`).
    pub(super) fn swapped(&self) -> LoadedRecord {
        LoadedRecord {
            actions: self.actions.iter().map(GameAction::swapped).collect(),
            log_from: self.log_from,
        }
    }
}

/// Adds what `event` records to `actions` (`next`: the event after it). A roll waits as a
/// [`GameAction::Roll`] until the play (or the pass) that takes its place; a roll the rules
/// roll again (Athroisma) leaves no record; dice set by hand are recorded as a roll, in place
/// of the same player's roll waiting; the edits of the board and the cube as gnubg records
/// them (see [`push_edit`]).
fn note(actions: &mut Vec<GameAction>, event: &Event, next: Option<&Event>) {
    let recorded = match *event {
        Event::Rolled { side, dice } => {
            let rolled_again = matches!(next, Some(Event::Rerolled { .. }));
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
        Event::Edited(Edit::Dice { side, dice }) => {
            if matches!(actions.last(), Some(GameAction::Roll { side: roller, .. }) if *roller == side)
            {
                actions.pop();
            }
            Some(GameAction::Roll { side, dice })
        }
        Event::Edited(Edit::Board { board, on_roll }) => {
            push_edit(
                actions,
                GameAction::SetBoard {
                    board,
                    on_roll: Some(on_roll),
                },
            );
            None
        }
        Event::Edited(Edit::CubeValue { value, on_roll }) => {
            push_edit(actions, GameAction::SetCubeValue { on_roll, value });
            None
        }
        Event::Edited(Edit::CubeOwner { owner, on_roll }) => {
            push_edit(actions, GameAction::SetCubeOwner { on_roll, owner });
            None
        }
        // gnubg records no setting of the checkers as they stood, no turn set by hand, no
        // cube set as a whole (the opening's automatic doubles) and no position taken up;
        // of the opening, only the starter's roll of the opening dice (its `Rolled`).
        Event::OpeningTied { .. }
        | Event::Opened { .. }
        | Event::Edited(
            Edit::SameBoard
            | Edit::Turn(_)
            | Edit::Cube { .. }
            | Edit::Unchecked(_)
            | Edit::Resumed,
        )
        | Event::Rerolled { .. }
        | Event::ResignationOffered { .. }
        | Event::ResignationDeclined { .. }
        | Event::Won { .. }
        | Event::Drawn
        | Event::MatchWon { .. } => None,
    };
    actions.extend(recorded);
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

/// Records an edit; gnubg keeps one record for consecutive edits of the same kind by the
/// same player on roll (the last board of consecutive `set board`s; the cube edits list no
/// value).
fn push_edit(actions: &mut Vec<GameAction>, edit: GameAction) {
    let kind = |action: &GameAction| match action {
        GameAction::SetBoard { on_roll, .. } => Some((6, *on_roll)),
        GameAction::SetCubeValue { on_roll, .. } => Some((8, Some(*on_roll))),
        GameAction::SetCubeOwner { on_roll, .. } => Some((9, Some(*on_roll))),
        _ => None,
    };
    match actions.last_mut() {
        Some(last) if kind(last).is_some() && kind(last) == kind(&edit) => *last = edit,
        _ => actions.push(edit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, Dice, Play, Side};

    fn dice(first: u8, second: u8) -> Dice {
        Dice::new(first, second).unwrap_or_else(|_| unreachable!())
    }

    fn record(log: &[Event]) -> Vec<GameAction> {
        LoadedRecord::default().record(log)
    }

    #[test]
    fn a_play_takes_the_place_of_its_roll() {
        let dice = dice(3, 1);
        let rolled = Event::Rolled {
            side: Side::X,
            dice,
        };
        assert_eq!(
            record(&[rolled]),
            [GameAction::Roll {
                side: Side::X,
                dice
            }]
        );
        let play = Play::new(&[], Board::empty());
        let played = Event::Played {
            side: Side::X,
            dice,
            play,
        };
        assert_eq!(
            record(&[rolled, played]),
            [GameAction::Play {
                side: Side::X,
                dice,
                steps: Vec::new()
            }]
        );
    }

    #[test]
    fn a_roll_rolled_again_leaves_no_record() {
        let dice = dice(5, 4);
        let log = [
            Event::Rolled {
                side: Side::O,
                dice,
            },
            Event::Rerolled {
                side: Side::O,
                dice,
            },
        ];
        assert!(record(&log).is_empty());
    }

    #[test]
    fn dice_set_take_the_place_of_the_roll_waiting_and_edits_of_a_kind_merge() {
        let mut board = Board::empty();
        board.slots[Side::X.index()][23] = 2;
        let log = [
            Event::Rolled {
                side: Side::X,
                dice: dice(3, 1),
            },
            Event::Edited(Edit::Dice {
                side: Side::X,
                dice: dice(6, 6),
            }),
            Event::Edited(Edit::Board {
                board,
                on_roll: Side::X,
            }),
            Event::Edited(Edit::Turn(Side::X)),
            Event::Edited(Edit::Board {
                board: board.swapped(),
                on_roll: Side::X,
            }),
            Event::Edited(Edit::CubeValue {
                value: 2,
                on_roll: Side::X,
            }),
            Event::Edited(Edit::CubeOwner {
                owner: None,
                on_roll: Side::X,
            }),
        ];
        assert_eq!(
            record(&log),
            [
                GameAction::Roll {
                    side: Side::X,
                    dice: dice(6, 6)
                },
                GameAction::SetBoard {
                    board: board.swapped(),
                    on_roll: Some(Side::X)
                },
                GameAction::SetCubeValue {
                    on_roll: Side::X,
                    value: 2
                },
                GameAction::SetCubeOwner {
                    on_roll: Side::X,
                    owner: None
                },
            ]
        );
    }

    #[test]
    fn a_loaded_record_goes_on_with_the_events_after_it() {
        let waiting = GameAction::Roll {
            side: Side::O,
            dice: dice(4, 2),
        };
        let earlier = Event::Doubled {
            side: Side::X,
            value: 2,
        };
        let loaded = LoadedRecord::new(vec![waiting.clone()], 1);
        let played = Event::CannotMove {
            side: Side::O,
            dice: dice(4, 2),
        };
        assert_eq!(loaded.record(&[earlier]), [waiting]);
        assert_eq!(
            loaded.record(&[earlier, played]),
            [GameAction::Play {
                side: Side::O,
                dice: dice(4, 2),
                steps: Vec::new()
            }]
        );
    }
}
