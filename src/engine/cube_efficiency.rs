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
//!
//! In match play a position of the exact two-sided bear-off database
//! ([`crate::engine::bearoff::two_sided`]) gets the efficiency its money equities imply, as
//! gnubg's manual says gnubg does ("instead of using a fixed value of x ... an effective value
//! based on the cubeful money equity"): for each cube position (centred, owned by the player
//! on roll, owned by his opponent) `x = (cubeful - dead) / (live - dead)`, the database's
//! no-double money equity against the cubeless one and Janowski's perfectly live one (no
//! gammons: the take point 20%, the cash point 80%), kept between 0 and 0.6. The bounds are
//! gnubg 1.07's as measured on its own 0-ply figures (49 positions at 33 scores and cubes of
//! a 7-point match, every cubeful match equity reproduced to 4e-5): where the formula gives
//! more than 0.6, gnubg uses 0.6.

use crate::engine::bearoff::two_sided::{self, TwoSidedDatabase, TwoSidedEntry};
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
    /// In match play, a position of the two-sided bear-off database: an efficiency for each
    /// cube position, from the database's money equities.
    TwoSided(TwoSidedEfficiency),
}

/// The efficiencies of a two-sided bear-off position, one for each cube position of the
/// player on roll (kept as `f32` bits, so that the class compares exactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoSidedEfficiency {
    on_roll: Side,
    centred: u32,
    owned: u32,
    opponent_owns: u32,
}

impl TwoSidedEfficiency {
    /// The efficiencies the database's `entry` implies for `on_roll`.
    #[must_use]
    pub fn of(entry: &TwoSidedEntry, on_roll: Side) -> TwoSidedEfficiency {
        let win = f64::from(entry.win);
        let x = |cubeful: f32, live: fn(f64) -> f64| {
            (effective(win, f64::from(cubeful), live(win)) as f32).to_bits()
        };
        TwoSidedEfficiency {
            on_roll,
            centred: x(entry.centred_no_double, |p| {
                (-1.0 + (p - 0.2) / 0.3).clamp(-1.0, 1.0)
            }),
            owned: x(entry.owned_no_double, |p| (-1.0 + p / 0.4).min(1.0)),
            opponent_owns: x(entry.opponent_owns, |p| (-1.0 + (p - 0.2) / 0.4).max(-1.0)),
        }
    }

    /// The efficiency with the cube owned by `owner` (`None`: centred).
    #[must_use]
    pub fn value(&self, owner: Option<Side>) -> f64 {
        let bits = match owner {
            None => self.centred,
            Some(owner) if owner == self.on_roll => self.owned,
            Some(_) => self.opponent_owns,
        };
        f64::from(f32::from_bits(bits))
    }
}

/// The efficiency at which Janowski's money equity of a gammonless position with winning
/// chance `win` equals `cubeful`, `live` being its perfectly live value: between 0 and
/// [`BEAR_OFF`] (the one-sided figure, also where the two values cannot tell).
fn effective(win: f64, cubeful: f64, live: f64) -> f64 {
    let dead = 2.0 * win - 1.0;
    if (live - dead).abs() < 1e-9 {
        return BEAR_OFF;
    }
    ((cubeful - dead) / (live - dead)).clamp(0.0, BEAR_OFF)
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

    /// The class of `board` with `on_roll` to roll in match play: as [`CubeEfficiency::of`],
    /// but a position of the two-sided bear-off database gets the efficiencies its money
    /// equities imply.
    #[must_use]
    pub fn of_match(board: &Board, variant: Variant, on_roll: Side) -> CubeEfficiency {
        if matches!(variant, Variant::Standard | Variant::Nackgammon) && two_sided::covers(board) {
            if let Some(entry) = TwoSidedDatabase::get().covering(board, on_roll) {
                return CubeEfficiency::TwoSided(TwoSidedEfficiency::of(&entry, on_roll));
            }
        }
        CubeEfficiency::of(board, variant, on_roll)
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
            CubeEfficiency::TwoSided(efficiency) => efficiency.value(None),
        }
    }

    /// The efficiency `x` with the cube owned by `owner` (`None`: centred): the class's
    /// figure, or a two-sided bear-off position's for that cube position.
    #[must_use]
    pub fn value_for(self, owner: Option<Side>) -> f64 {
        match self {
            CubeEfficiency::TwoSided(efficiency) => efficiency.value(owner),
            class => class.value(),
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

    /// gnubg 1.07.001's money figures (0-ply `eval`, `set output digits 5`, Jacoby off) of two
    /// two-sided bear-offs, its Position IDs with the player on roll: the efficiencies they
    /// imply, `(cubeful - cubeless) / (live - cubeless)` for the cube centred, owned by the
    /// player on roll and by his opponent, are what tavli's database gives. `SQEAIFUAAAAAAA`
    /// (wins 0.52938; cubeless +0.05876; no double +0.07494, owned +0.18325, the opponent's
    /// -0.05080): 0.4130, 0.4703, 0.4656. `qQIAQLIBAAAAAA` (wins 0.33271; cubeless -0.33458;
    /// -0.61114, -0.28066, -0.63033): 1.2399, 0.3241, 0.8864, of which gnubg's match figures
    /// show it uses 0.6, 0.3241 and 0.6 (its cubeful match equities at 33 scores and cubes
    /// of a 7-point match reproduced to 4e-5 that way).
    #[test]
    fn two_sided_bear_offs_take_the_efficiency_their_money_equities_imply() {
        let cases = [
            ("SQEAIFUAAAAAAA", [0.4130, 0.4703, 0.4656]),
            ("qQIAQLIBAAAAAA", [0.6, 0.3241, 0.6]),
        ];
        for (id, expected) in cases {
            let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
                .expect("a Position ID");
            let class = CubeEfficiency::of_match(&board, Variant::Standard, Side::X);
            assert!(
                matches!(class, CubeEfficiency::TwoSided(_)),
                "{id}: {class:?}"
            );
            let found = [
                class.value_for(None),
                class.value_for(Some(Side::X)),
                class.value_for(Some(Side::O)),
            ];
            for (found, expected) in found.into_iter().zip(expected) {
                assert!((found - expected).abs() < 2e-3, "{id}: {found} {expected}");
            }
            // Money play keeps the class's figure.
            assert_eq!(
                CubeEfficiency::of(&board, Variant::Standard, Side::X),
                CubeEfficiency::BearOff
            );
        }
    }
}
