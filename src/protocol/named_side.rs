//! A side as the replies name it in JSON: gnubg's player number with the player's name
//! beside it, alone or in the roles where a reply names a side (an owner, a winner, who
//! offered a resignation).

use crate::rules::{Resignation, Side};
use serde::Serialize;

/// A side as every reply spells it: gnubg's player number (`player`: 0 or 1) with the
/// player's name beside it (`name`). A reply about the side has these two keys itself
/// (flattened); a side in a role of another reply (the cube's owner, `end game`'s winner, who
/// offered a resignation) is this object under the role's key.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedSide {
    /// gnubg's number of the player (0 or 1).
    pub player: Side,
    /// The player's name.
    pub name: String,
}

impl NamedSide {
    /// The side `player`, called `name`.
    #[must_use]
    pub fn new(player: Side, name: &str) -> NamedSide {
        NamedSide {
            player,
            name: name.to_string(),
        }
    }
}

/// A resignation offered to the player on turn (`show turn`): who offered it and its kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OfferedResignation {
    /// The player who offered it.
    #[serde(flatten)]
    pub side: NamedSide,
    /// What he offered to resign.
    pub resignation: Resignation,
}

/// The winner of a game ended by `end game`, and the points he gained.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameWinner {
    /// The winner.
    #[serde(flatten)]
    pub side: NamedSide,
    /// The points he gained.
    pub points: u32,
}
