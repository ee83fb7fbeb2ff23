//! The game's events as JSON: `{"type": "event", "event": "rolled", "player": 1, ...}`.

use crate::protocol::response::GameEvent;
use crate::rules::game::{Event, Opening, WinEnding};
use crate::rules::{Resignation, Side};
use serde_json::{json, Value};

/// A game event as data: `{"type": "event", "event": "rolled", "player": 1, ...}`, players
/// numbered as gnubg numbers them (0 and 1).
pub(super) fn event_json(event: &GameEvent) -> Value {
    let player = |side: Side| side.index();
    let mut value = match event.event {
        Event::Rolled { side, dice: rolled } => {
            json!({"event": "rolled", "player": player(side), "dice": rolled})
        }
        Event::Rerolled { side, dice: rolled } => {
            json!({"event": "rerolled", "player": player(side), "dice": rolled})
        }
        Event::Played {
            side,
            dice: rolled,
            play,
        } => json!({
            "event": "played",
            "player": player(side),
            "dice": rolled,
            "play": event.notation,
            "steps": play.steps().iter().map(|step| json!({
                "from": step.from,
                "to": step.to,
                "hit": step.hit,
            })).collect::<Vec<_>>(),
        }),
        Event::CannotMove { side, dice: rolled } => {
            json!({"event": "cannot_move", "player": player(side), "dice": rolled})
        }
        Event::Doubled { side, value } => {
            json!({"event": "doubled", "player": player(side), "cube": value})
        }
        Event::Took { side, value } => {
            json!({"event": "took", "player": player(side), "cube": value})
        }
        Event::Beavered { side, value } => {
            json!({"event": "beavered", "player": player(side), "cube": value})
        }
        Event::Dropped { side } => json!({"event": "dropped", "player": player(side)}),
        Event::ResignationOffered { side, kind } => json!({
            "event": "resignation_offered",
            "player": player(side),
            "resignation": kind,
        }),
        Event::ResignationDeclined { side, kind } => json!({
            "event": "resignation_declined",
            "player": player(side),
            "resignation": kind,
        }),
        Event::Won {
            winner,
            ending,
            points,
        } => {
            let (how, kind) = match ending {
                WinEnding::Played(kind) => ("played", json!(kind)),
                WinEnding::Dropped => ("dropped", json!(Resignation::Single)),
                WinEnding::Resigned(kind) => ("resigned", json!(kind)),
            };
            json!({
                "event": "won",
                "player": player(winner),
                "ending": how,
                "result": kind,
                "points": points,
            })
        }
        Event::Drawn => json!({"event": "drawn"}),
        Event::MatchWon { winner } => json!({"event": "match_won", "player": player(winner)}),
        Event::Edited(_) => json!({"event": "edited"}),
        // The REPL reports the opening roll as replies and passes these two on to nobody.
        Event::OpeningTied { die } => json!({"event": "opening_tied", "dice": [die, die]}),
        Event::Opened { starter, opening } => match opening {
            Opening::Rolled { dice: rolled, .. } => {
                json!({"event": "opened", "player": player(starter), "dice": rolled})
            }
            Opening::PreviousWinner => json!({"event": "opened", "player": player(starter)}),
        },
    };
    value["type"] = json!("event");
    value
}
