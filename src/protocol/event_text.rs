//! gnubg's sentences for the steps of a game, made from the session's events: the text
//! renderer prints them and the JSON renderer sets them beside the events as `line` outputs,
//! where gnubg prints them (most before the step's board, a few after the event).

use super::response::{GameEvent, Output};
use crate::rules::game::{Event, WinEnding};
use crate::rules::Resignation;
use crate::rules::WinKind;

/// Where an event's sentence stands among the outputs in `--json`: before or after the event
/// object (the text renderer prints it where the event is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The sentence comes first (gnubg prints it as the step happens).
    BeforeEvent,
    /// The event comes first (tavli's own variants: the sentence explains the event).
    AfterEvent,
}

/// gnubg's word for a resignation (`resign`, `accept`, `decline`).
#[must_use]
pub fn resignation_word(kind: Resignation) -> &'static str {
    match kind {
        Resignation::Single => "single game",
        Resignation::Gammon => "gammon",
        Resignation::Backgammon => "backgammon",
    }
}

/// `count` with `word`, in the plural unless it is one (`1 point`, `2 points`).
#[must_use]
pub fn counted(count: u32, word: &str) -> String {
    if count == 1 {
        format!("{count} {word}")
    } else {
        format!("{count} {word}s")
    }
}

/// The sentence gnubg prints for `event` and where it stands, or `None` when gnubg prints
/// none (a roll, a human's play, a game won by bearing off: the board and the score say
/// those);
/// `following` are the outputs after the event (a drop's points are in the win after it).
#[must_use]
pub fn event_sentence(event: &GameEvent, following: &[Output]) -> Option<(String, Placement)> {
    let name = |side: crate::rules::Side| event.names[side.index()].as_str();
    let before = |text: String| Some((text, Placement::BeforeEvent));
    match event.event {
        Event::Played { side, .. } if event.announced => before(format!(
            "{} moves {}.",
            name(side),
            event.notation.as_deref()?
        )),
        Event::CannotMove { side, .. } => before(format!("{} cannot move.", name(side))),
        Event::Doubled { side, .. } => before(format!("{} doubles.", name(side))),
        Event::Took { side, value } => {
            before(format!("{} accepts the cube at {value}.", name(side)))
        }
        Event::Beavered { side, value } => before(format!(
            "{} accepts and immediately redoubles to {value}.",
            name(side)
        )),
        Event::Dropped { side } => {
            let points = following.iter().find_map(|output| match output {
                Output::Event { event } => match event.event {
                    Event::Won { points, .. } => Some(points),
                    _ => None,
                },
                _ => None,
            })?;
            before(format!(
                "{} refuses the cube and gives up {}.",
                name(side),
                counted(points, "point")
            ))
        }
        Event::ResignationOffered { side, kind } => before(format!(
            "{} offers to resign a {}.",
            name(side),
            resignation_word(kind)
        )),
        Event::ResignationDeclined { side, kind } => before(format!(
            "{} declines the {}.",
            name(side),
            resignation_word(kind)
        )),
        Event::Won {
            winner,
            ending: WinEnding::Resigned(kind),
            ..
        } => before(format!(
            "{} accepts and wins a {}.",
            name(winner),
            resignation_word(kind)
        )),
        Event::Won {
            winner,
            ending: WinEnding::Played(WinKind::Mother),
            ..
        } => before(format!(
            "{}'s mother checker is pinned.",
            name(winner.opponent())
        )),
        Event::MatchWon { winner } => before(format!("{} has won the match.", name(winner))),
        Event::Rerolled { side, dice } => Some((
            format!(
                "{} rolled {} and {}, a non-double over 6 in the bear-off, and rolls again.",
                name(side),
                dice.first(),
                dice.second()
            ),
            Placement::AfterEvent,
        )),
        Event::Drawn => Some((
            "Both mother checkers are pinned: the game is a draw and nobody scores.".to_string(),
            Placement::AfterEvent,
        )),
        // The session words the opening roll as replies (one line per roll of a die each).
        Event::OpeningTied { .. }
        | Event::Opened { .. }
        | Event::Rolled { .. }
        | Event::Played { .. }
        | Event::Won { .. }
        | Event::Edited(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Dice, Side};

    fn named(event: Event) -> GameEvent {
        GameEvent {
            event,
            notation: None,
            names: ["gnubg".to_string(), "user".to_string()],
            announced: false,
        }
    }

    #[test]
    fn a_drop_names_the_points_of_the_win_after_it() {
        let won = Output::Event {
            event: named(Event::Won {
                winner: Side::X,
                ending: WinEnding::Dropped,
                points: 2,
            }),
        };
        let dropped = named(Event::Dropped { side: Side::O });
        assert_eq!(
            event_sentence(&dropped, &[won]),
            Some((
                "gnubg refuses the cube and gives up 2 points.".to_string(),
                Placement::BeforeEvent
            ))
        );
        assert_eq!(event_sentence(&dropped, &[]), None);
    }

    #[test]
    fn only_an_announced_play_has_a_sentence() {
        let mut played = named(Event::Played {
            side: Side::X,
            dice: Dice::new(6, 4).unwrap(),
            play: crate::rules::Play::new(
                &[],
                crate::rules::Board::start(crate::rules::Variant::Standard),
            ),
        });
        played.notation = Some("24/14".to_string());
        assert_eq!(event_sentence(&played, &[]), None);
        played.announced = true;
        assert_eq!(
            event_sentence(&played, &[]).map(|(text, _)| text),
            Some("user moves 24/14.".to_string())
        );
    }

    #[test]
    fn a_reroll_is_explained_after_the_event() {
        let rerolled = named(Event::Rerolled {
            side: Side::O,
            dice: Dice::new(5, 3).unwrap(),
        });
        assert_eq!(
            event_sentence(&rerolled, &[]),
            Some((
                "gnubg rolled 5 and 3, a non-double over 6 in the bear-off, and rolls again."
                    .to_string(),
                Placement::AfterEvent
            ))
        );
    }
}
