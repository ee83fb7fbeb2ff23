//! Cube efficiency by position class: how much of a perfectly live cube's value Janowski's
//! model credits (`x` in `x * live + (1 - x) * dead`), by the kind of position on the board.
//!
//! The figures are the ones gnubg publishes for its cubeful evaluations, after Rick Janowski's
//! suggested 0.6 to 0.7 (GNU Backgammon manual, section 11.5.5.5 "The cube efficiency",
//! <https://www.gnu.org/software/gnubg/manual/html_node/The-cube-efficiency.html>), written
//! here from that table, not from gnubg's code:
//! * contact (and crashed) positions: 0.68;
//! * races: linear in the pip count of the player on roll, 0.6 at 40 pips to 0.7 at 120 pips
//!   (`0.55 + pips / 800`), and no lower or higher outside that range: in a long race the cube
//!   keeps its value, near the end the last rolls decide and the cube is used less well;
//! * both sides bearing off (the one-sided bear-off database's positions): 0.6.
//!
//! Variants whose geometry the classes do not describe (hypergammon aside, the other games
//! of the family) keep the contact figure.

use crate::engine::net::PositionClass;
use crate::rules::{Board, Side, Variant};

/// Cube efficiency of a contact position.
pub const CONTACT: f64 = 0.68;
/// Cube efficiency of a position where both sides are bearing off.
pub const BEAR_OFF: f64 = 0.6;
/// The least cube efficiency of a race (at 40 pips and fewer).
pub const RACE_LEAST: f64 = 0.6;
/// The most cube efficiency of a race (at 120 pips and more).
pub const RACE_MOST: f64 = 0.7;

/// The kind of position the cube's efficiency depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CubeEfficiency {
    /// The sides can still hit each other (or a variant the classes do not describe).
    Contact,
    /// No contact; `pips` is the pip count of the player on roll.
    Race {
        /// Pips the player on roll needs to bear off every checker.
        pips: u32,
    },
    /// No contact and both sides with every checker on their home points.
    BearOff,
}

impl CubeEfficiency {
    /// The class of `board` with `on_roll` to roll, in `variant`.
    #[must_use]
    pub fn of(board: &Board, variant: Variant, on_roll: Side) -> CubeEfficiency {
        if !matches!(variant, Variant::Standard | Variant::Nackgammon) {
            return CubeEfficiency::Contact;
        }
        match PositionClass::of(board) {
            PositionClass::Contact => CubeEfficiency::Contact,
            PositionClass::Race => CubeEfficiency::Race {
                pips: board.pips(on_roll),
            },
            PositionClass::BearOff | PositionClass::Over => CubeEfficiency::BearOff,
        }
    }

    /// The efficiency `x` of Janowski's model for this class.
    #[must_use]
    pub fn value(self) -> f64 {
        match self {
            CubeEfficiency::Contact => CONTACT,
            CubeEfficiency::Race { pips } => {
                (0.55 + f64::from(pips) / 800.0).clamp(RACE_LEAST, RACE_MOST)
            }
            CubeEfficiency::BearOff => BEAR_OFF,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published landmarks: 0.6 at 40 pips, 0.7 at 120, linear between, flat outside.
    #[test]
    fn race_efficiency_runs_from_forty_to_a_hundred_and_twenty_pips() {
        let race = |pips| CubeEfficiency::Race { pips }.value();
        assert!((race(40) - 0.6).abs() < 1e-12);
        assert!((race(80) - 0.65).abs() < 1e-12);
        assert!((race(120) - 0.7).abs() < 1e-12);
        assert!((race(10) - 0.6).abs() < 1e-12);
        assert!((race(160) - 0.7).abs() < 1e-12);
    }

    #[test]
    fn positions_fall_in_their_classes() {
        let start = Board::start(Variant::Standard);
        assert_eq!(
            CubeEfficiency::of(&start, Variant::Standard, Side::X),
            CubeEfficiency::Contact
        );
        assert!((CubeEfficiency::Contact.value() - 0.68).abs() < 1e-12);
        // X with 15 checkers on his six-point, O on his five-point: both bearing off.
        let mut home = Board::empty();
        home.slots[Side::X.index()][5] = 15;
        home.slots[Side::O.index()][4] = 15;
        assert_eq!(
            CubeEfficiency::of(&home, Variant::Standard, Side::X),
            CubeEfficiency::BearOff
        );
        // X's checkers moved out to his eight-point: a race of 120 pips for X.
        let mut race = home;
        race.slots[Side::X.index()][5] = 0;
        race.slots[Side::X.index()][7] = 15;
        assert_eq!(
            CubeEfficiency::of(&race, Variant::Standard, Side::X),
            CubeEfficiency::Race { pips: 120 }
        );
        assert_eq!(
            CubeEfficiency::of(&race, Variant::Standard, Side::O),
            CubeEfficiency::Race { pips: 75 }
        );
    }
}
