//! A roll of two dice, kept in the order rolled (gnubg shows `Rolled 13` after `set dice 1 3`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Two dice in the order they were rolled or set. Both are in `1..=6`.
/// In JSON a roll is an array of its two dice in this order, `[6, 4]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "[u8; 2]", try_from = "[u8; 2]")]
pub struct Dice {
    first: u8,
    second: u8,
}

/// Why a text or pair of numbers is not a roll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceError {
    /// A die outside `1..=6`.
    OutOfRange(u32),
    /// The text is not two digits (`31`, `3-1`, `3 1`, `3,1`).
    Malformed(String),
}

impl fmt::Display for DiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiceError::OutOfRange(value) => write!(f, "a die must be 1 to 6, not {value}"),
            DiceError::Malformed(text) => write!(
                f,
                "`{text}` is not a roll: write two dice from 1 to 6, as `31`, `3-1` or `3 1`"
            ),
        }
    }
}

impl std::error::Error for DiceError {}

impl Dice {
    /// A roll from two dice values, checked to be in `1..=6`.
    pub fn new(first: u8, second: u8) -> Result<Dice, DiceError> {
        for value in [first, second] {
            if !(1..=6).contains(&value) {
                return Err(DiceError::OutOfRange(u32::from(value)));
            }
        }
        Ok(Dice { first, second })
    }

    /// The die rolled (or set) first.
    #[must_use]
    pub fn first(self) -> u8 {
        self.first
    }

    /// The die rolled (or set) second.
    #[must_use]
    pub fn second(self) -> u8 {
        self.second
    }

    /// The larger die.
    #[must_use]
    pub fn high(self) -> u8 {
        self.first.max(self.second)
    }

    /// The smaller die.
    #[must_use]
    pub fn low(self) -> u8 {
        self.first.min(self.second)
    }

    /// Whether both dice show the same number.
    #[must_use]
    pub fn is_double(self) -> bool {
        self.first == self.second
    }

    /// How likely this roll is in one throw of two dice when the order does not count: 1/36
    /// for a double, 2/36 for the others (each comes two ways).
    #[must_use]
    pub fn chance(self) -> f64 {
        if self.is_double() {
            1.0 / 36.0
        } else {
            2.0 / 36.0
        }
    }

    /// The same dice with the larger first, as gnubg stores them in a Match ID.
    #[must_use]
    pub fn high_first(self) -> Dice {
        Dice {
            first: self.high(),
            second: self.low(),
        }
    }

    /// The 21 distinct rolls, larger die first: 11, 21, 22, 31, ... 66.
    #[must_use]
    pub fn all_rolls() -> Vec<Dice> {
        let mut rolls = Vec::with_capacity(21);
        for high in 1..=6 {
            for low in 1..=high {
                rolls.push(Dice {
                    first: high,
                    second: low,
                });
            }
        }
        rolls
    }

    /// Reads `31`, `3-1`, `3 1`, `3,1` or `3/1` (surrounding blanks allowed).
    pub fn parse(text: &str) -> Result<Dice, DiceError> {
        let digits: Vec<char> = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '\t' | '-' | ',' | '/'))
            .collect();
        let trimmed = text.trim();
        let separators_ok = trimmed
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '\t' | '-' | ',' | '/'));
        if digits.len() != 2 || !separators_ok || !digits.iter().all(char::is_ascii_digit) {
            return Err(DiceError::Malformed(text.to_string()));
        }
        let first = digits[0] as u8 - b'0';
        let second = digits[1] as u8 - b'0';
        Dice::new(first, second)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.first, self.second)
    }
}

impl std::str::FromStr for Dice {
    type Err = DiceError;
    fn from_str(text: &str) -> Result<Dice, DiceError> {
        Dice::parse(text)
    }
}

impl From<Dice> for [u8; 2] {
    fn from(dice: Dice) -> [u8; 2] {
        [dice.first, dice.second]
    }
}

impl TryFrom<[u8; 2]> for Dice {
    type Error = DiceError;

    fn try_from([first, second]: [u8; 2]) -> Result<Dice, DiceError> {
        Dice::new(first, second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_spells_a_roll_as_an_array() {
        let dice = Dice::new(6, 4).ok();
        let text = dice.and_then(|dice| serde_json::to_string(&dice).ok());
        assert_eq!(text.as_deref(), Some("[6,4]"));
        assert_eq!(serde_json::from_str::<Dice>("[6,4]").ok(), dice);
        assert!(serde_json::from_str::<Dice>("[7,4]").is_err());
    }

    #[test]
    fn parses_the_usual_forms() {
        for text in ["31", "3-1", "3 1", " 3,1 ", "3/1"] {
            let dice = Dice::parse(text).unwrap();
            assert_eq!((dice.first(), dice.second()), (3, 1), "{text}");
        }
        assert_eq!(Dice::parse("13").unwrap().high_first().to_string(), "31");
    }

    #[test]
    fn rejects_bad_rolls() {
        for text in ["", "3", "371", "07", "70", "a1", "3--", "3+1"] {
            assert!(Dice::parse(text).is_err(), "{text}");
        }
    }

    #[test]
    fn twenty_one_rolls() {
        let rolls = Dice::all_rolls();
        assert_eq!(rolls.len(), 21);
        assert_eq!(rolls.iter().filter(|d| d.is_double()).count(), 6);
    }
}
