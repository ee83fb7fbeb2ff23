//! What a game answers to an action: its events, in order, which the game also keeps as its
//! log ([`Game::log`](super::Game::log)), and the edits of a game in progress among them.

use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::play::Play;
use crate::rules::resignation::Resignation;
use crate::rules::side::Side;
use crate::rules::variants::WinKind;

/// What happened, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `side` rolled `dice`.
    Rolled {
        /// Who rolled.
        side: Side,
        /// The dice.
        dice: Dice,
    },
    /// `side` must roll `dice` again (Athroisma): it follows the [`Event::Rolled`] of those
    /// dice, which the game does not keep (the same player rolls again).
    Rerolled {
        /// Who rolls again.
        side: Side,
        /// The dice that may not be played.
        dice: Dice,
    },
    /// `side` played `play` with `dice`.
    Played {
        /// Who played.
        side: Side,
        /// The dice played.
        dice: Dice,
        /// The play.
        play: Play,
    },
    /// `side` could not move with `dice`.
    CannotMove {
        /// Who passed.
        side: Side,
        /// The dice.
        dice: Dice,
    },
    /// `side` doubled to `value`.
    Doubled {
        /// The doubler.
        side: Side,
        /// The cube's value if taken.
        value: u32,
    },
    /// `side` took; the cube is now at `value`.
    Took {
        /// The taker.
        side: Side,
        /// The new value.
        value: u32,
    },
    /// `side` beavered: took and redoubled to `value`.
    Beavered {
        /// The beaverer.
        side: Side,
        /// The cube's value if this redouble is taken.
        value: u32,
    },
    /// `side` dropped.
    Dropped {
        /// The dropper.
        side: Side,
    },
    /// `side` offered to resign `kind`.
    ResignationOffered {
        /// The resigner.
        side: Side,
        /// What is given up.
        kind: Resignation,
    },
    /// `side` declined a resignation of `kind`.
    ResignationDeclined {
        /// The decliner.
        side: Side,
        /// What was offered.
        kind: Resignation,
    },
    /// The game was won.
    Won {
        /// The winner.
        winner: Side,
        /// How (for a drop: a single game; for a resignation: what was resigned).
        ending: WinEnding,
        /// The points scored, cube included.
        points: u32,
    },
    /// Plakoto: both mothers are pinned and nobody scores.
    Drawn,
    /// The opening roll tied: both players rolled `die`, and they roll again.
    OpeningTied {
        /// The die both rolled.
        die: u8,
    },
    /// The game's first player was decided: `starter` starts, as `opening` says. A game
    /// started at its beginning logs one (see [`Game::opening`](super::Game::opening)).
    Opened {
        /// Who starts.
        starter: Side,
        /// How it was decided.
        opening: Opening,
    },
    /// The position was edited (see [`Edit`]).
    Edited(Edit),
    /// The game won has won the match ([`Match::apply`](super::Match::apply)).
    MatchWon {
        /// The winner of the match.
        winner: Side,
    },
}

/// How the first player of a game was decided ([`Event::Opened`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// By the opening roll, one die each, the higher die starting.
    Rolled {
        /// The two dice in the order they lie: [`Dice::first`] is player 0's ([`Side::O`])
        /// and [`Dice::second`] player 1's as the players stood when they rolled. They stay
        /// so when the players exchange places (see [`Event::swapped`]): gnubg repeats an
        /// opening roll after `swap players` with the first die for the new player 0
        /// (checked live).
        dice: Dice,
        /// Whether the dice are an earlier opening roll given again rather than rolled
        /// (gnubg's repeated opening roll, see [`Action::OpeningRoll`](super::Action)).
        repeated: bool,
    },
    /// Without an opening roll: the winner of the previous game starts (tavli's own
    /// variants, PO4).
    PreviousWinner,
}

/// How a won game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinEnding {
    /// By bearing off (or Plakoto's mother rule), of this kind.
    Played(WinKind),
    /// The loser dropped a double.
    Dropped,
    /// The loser resigned this much.
    Resigned(Resignation),
}

/// An edit of a game in progress (the REPL's `set` commands, a record followed as written),
/// with what was set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The checkers were set up as `board` (other than they stood), `on_roll` on roll.
    Board {
        /// The checkers.
        board: Board,
        /// The player on roll.
        on_roll: Side,
    },
    /// The checkers were set as they already stood: only a refused resignation may be
    /// offered again.
    SameBoard,
    /// The dice of `side`, on roll, were set.
    Dice {
        /// The player on roll.
        side: Side,
        /// The dice.
        dice: Dice,
    },
    /// The cube's value was set, `on_roll` on roll.
    CubeValue {
        /// The value.
        value: u32,
        /// The player on roll.
        on_roll: Side,
    },
    /// The cube's owner was set (`None`: centred), `on_roll` on roll.
    CubeOwner {
        /// The owner.
        owner: Option<Side>,
        /// The player on roll.
        on_roll: Side,
    },
    /// The cube was set as a whole, value and owner.
    Cube {
        /// The value.
        value: u32,
        /// The owner, `None` for centred.
        owner: Option<Side>,
    },
    /// `side` was set on roll.
    Turn(Side),
    /// The player on roll's checkers were set as `play` leaves them, although it is no
    /// legal play.
    Unchecked(Play),
    /// The game was taken up from a record of where it stands (an ID, a file): what
    /// happened before is the game's past, not a turn still running.
    Resumed,
}

impl Event {
    /// The same event with the two players' places exchanged: sides, winners, cube owners
    /// and boards (a play keeps its steps, which are in the mover's numbering).
    #[must_use]
    pub fn swapped(&self) -> Event {
        let play = |play: &Play| Play::new(play.steps(), play.result.swapped());
        match *self {
            Event::Rolled { side, dice } => Event::Rolled {
                side: side.opponent(),
                dice,
            },
            Event::Rerolled { side, dice } => Event::Rerolled {
                side: side.opponent(),
                dice,
            },
            Event::Played {
                side,
                dice,
                play: played,
            } => Event::Played {
                side: side.opponent(),
                dice,
                play: play(&played),
            },
            Event::CannotMove { side, dice } => Event::CannotMove {
                side: side.opponent(),
                dice,
            },
            Event::Doubled { side, value } => Event::Doubled {
                side: side.opponent(),
                value,
            },
            Event::Took { side, value } => Event::Took {
                side: side.opponent(),
                value,
            },
            Event::Beavered { side, value } => Event::Beavered {
                side: side.opponent(),
                value,
            },
            Event::Dropped { side } => Event::Dropped {
                side: side.opponent(),
            },
            Event::ResignationOffered { side, kind } => Event::ResignationOffered {
                side: side.opponent(),
                kind,
            },
            Event::ResignationDeclined { side, kind } => Event::ResignationDeclined {
                side: side.opponent(),
                kind,
            },
            Event::Won {
                winner,
                ending,
                points,
            } => Event::Won {
                winner: winner.opponent(),
                ending,
                points,
            },
            Event::Drawn => Event::Drawn,
            Event::OpeningTied { die } => Event::OpeningTied { die },
            // The dice stay as they lie (see `Opening::Rolled`).
            Event::Opened { starter, opening } => Event::Opened {
                starter: starter.opponent(),
                opening,
            },
            Event::Edited(edit) => Event::Edited(match edit {
                Edit::Board { board, on_roll } => Edit::Board {
                    board: board.swapped(),
                    on_roll: on_roll.opponent(),
                },
                Edit::Dice { side, dice } => Edit::Dice {
                    side: side.opponent(),
                    dice,
                },
                Edit::CubeValue { value, on_roll } => Edit::CubeValue {
                    value,
                    on_roll: on_roll.opponent(),
                },
                Edit::CubeOwner { owner, on_roll } => Edit::CubeOwner {
                    owner: owner.map(Side::opponent),
                    on_roll: on_roll.opponent(),
                },
                Edit::Cube { value, owner } => Edit::Cube {
                    value,
                    owner: owner.map(Side::opponent),
                },
                Edit::Turn(side) => Edit::Turn(side.opponent()),
                Edit::Unchecked(played) => Edit::Unchecked(play(&played)),
                Edit::SameBoard | Edit::Resumed => edit,
            }),
            Event::MatchWon { winner } => Event::MatchWon {
                winner: winner.opponent(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swapping_twice_gives_the_event_back() {
        let dice = Dice::new(6, 5).unwrap_or_else(|_| unreachable!());
        let mut board = Board::empty();
        board.slots[Side::X.index()][23] = 2;
        let events = [
            Event::Played {
                side: Side::X,
                dice,
                play: Play::new(&[], board),
            },
            Event::Edited(Edit::Board {
                board,
                on_roll: Side::O,
            }),
            Event::Edited(Edit::CubeOwner {
                owner: Some(Side::X),
                on_roll: Side::X,
            }),
        ];
        for event in events {
            assert_ne!(event.swapped(), event);
            assert_eq!(event.swapped().swapped(), event);
        }
        assert_eq!(
            Event::Rolled {
                side: Side::O,
                dice
            }
            .swapped(),
            Event::Rolled {
                side: Side::X,
                dice
            }
        );
    }
}
