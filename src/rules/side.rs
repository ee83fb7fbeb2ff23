//! The two players, `O` (gnubg's player 0, drawn on top) and `X` (player 1, bottom).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One of the two players. The numbering is gnubg's: `O` is player 0, `X` is player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// gnubg's player 0, drawn with `O` at the top of the board.
    O = 0,
    /// gnubg's player 1, drawn with `X` at the bottom of the board.
    X = 1,
}

impl Side {
    /// Both sides in gnubg's order (player 0, player 1).
    pub const BOTH: [Side; 2] = [Side::O, Side::X];

    /// The other player.
    #[must_use]
    pub fn opponent(self) -> Side {
        match self {
            Side::O => Side::X,
            Side::X => Side::O,
        }
    }

    /// gnubg's player number: 0 for `O`, 1 for `X`.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with gnubg's player number `index` (0 or 1); anything else is `None`.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::O),
            1 => Some(Side::X),
            _ => None,
        }
    }

    /// The letter the board diagram draws this side's checkers with.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Side::O => 'O',
            Side::X => 'X',
        }
    }
}

/// In JSON a side is gnubg's player number, `0` or `1` (the `"player"` of every output).
impl Serialize for Side {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(*self as u8)
    }
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Side, D::Error> {
        let number = u8::deserialize(deserializer)?;
        Side::from_index(number.into())
            .ok_or_else(|| serde::de::Error::custom(format!("player {number} is neither 0 nor 1")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_spells_a_side_as_its_player_number() {
        assert_eq!(serde_json::to_string(&Side::O).ok().as_deref(), Some("0"));
        assert_eq!(serde_json::to_string(&Side::X).ok().as_deref(), Some("1"));
        assert_eq!(serde_json::from_str::<Side>("1").ok(), Some(Side::X));
        assert!(serde_json::from_str::<Side>("2").is_err());
    }

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::BOTH {
            assert_eq!(side.opponent().opponent(), side);
            assert_ne!(side.opponent(), side);
            assert_eq!(Side::from_index(side.index()), Some(side));
        }
        assert_eq!(Side::from_index(2), None);
    }
}
