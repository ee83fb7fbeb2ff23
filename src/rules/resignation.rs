//! A resignation offer: how much of the game the resigning player gives up.

use serde::{Deserialize, Serialize};

/// A resignation offer: how much the resigning player gives up.
/// In JSON: `"single"`, `"gammon"`, `"backgammon"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resignation {
    /// A single game (1 point times the cube).
    Single = 1,
    /// A gammon (2 points times the cube).
    Gammon = 2,
    /// A backgammon (3 points times the cube).
    Backgammon = 3,
}

impl Resignation {
    /// The multiple of the cube it gives up (1, 2 or 3).
    #[must_use]
    pub fn points(self) -> u32 {
        self as u32
    }

    /// From gnubg's 1..3 code.
    #[must_use]
    pub fn from_points(points: u32) -> Option<Resignation> {
        match points {
            1 => Some(Resignation::Single),
            2 => Some(Resignation::Gammon),
            3 => Some(Resignation::Backgammon),
            _ => None,
        }
    }
}
