//! The type of a position, as the training history classes them to find where the net errs:
//! race, early, backgame, crashed, bear-off with contact, priming or other contact (session
//! 22's rules, kept here so that every analysis classes positions the same way).

use crate::rules::{Board, Side};
use std::fmt;
use std::str::FromStr;

/// The type of a position; in contact, the first of the rules (in this order) that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionType {
    /// No contact (or the game is over).
    Race,
    /// Both pip counts at least [`EARLY_PIPS`].
    Early,
    /// A side holds two or more points in the other's home board and is behind by
    /// [`BACKGAME_DEFICIT`] pips or more.
    Backgame,
    /// A side has [`CRASHED_CHECKERS`] or more checkers on its 1 to 3 points.
    Crashed,
    /// A side has borne off.
    BearOffContact,
    /// A side has four made points in a row on its 2 to 12 points.
    Priming,
    /// Any other contact position.
    Other,
}

/// Pip count of each side at or above which a contact position is early.
pub const EARLY_PIPS: u32 = 150;

/// Pips behind at or beyond which a side holding two points in the other's home board plays
/// a backgame.
pub const BACKGAME_DEFICIT: u32 = 40;

/// Checkers on the 1 to 3 points from which a side is crashed.
pub const CRASHED_CHECKERS: u32 = 6;

impl PositionType {
    /// Every type, in the order of the rules.
    pub const ALL: [PositionType; 7] = [
        PositionType::Race,
        PositionType::Early,
        PositionType::Backgame,
        PositionType::Crashed,
        PositionType::BearOffContact,
        PositionType::Priming,
        PositionType::Other,
    ];

    /// The type of `board` (either side may be on roll: every rule looks at both sides).
    #[must_use]
    pub fn of(board: &Board) -> PositionType {
        let over = Side::BOTH
            .iter()
            .any(|&side| board.checkers_in_play(side) == 0);
        if over || !board.in_contact() {
            return PositionType::Race;
        }
        let any = |rule: &dyn Fn(Side) -> bool| Side::BOTH.iter().any(|&side| rule(side));
        if Side::BOTH
            .iter()
            .all(|&side| board.pips(side) >= EARLY_PIPS)
        {
            PositionType::Early
        } else if any(&|side| is_backgame(board, side)) {
            PositionType::Backgame
        } else if any(&|side| {
            (1..=3)
                .map(|point| u32::from(board.on_point(side, point)))
                .sum::<u32>()
                >= CRASHED_CHECKERS
        }) {
            PositionType::Crashed
        } else if any(&|side| board.borne_off(side) > 0) {
            PositionType::BearOffContact
        } else if any(&|side| longest_prime(board, side) >= 4) {
            PositionType::Priming
        } else {
            PositionType::Other
        }
    }

    /// The name used on the command line and in reports.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            PositionType::Race => "race",
            PositionType::Early => "early",
            PositionType::Backgame => "backgame",
            PositionType::Crashed => "crashed",
            PositionType::BearOffContact => "bearoff-contact",
            PositionType::Priming => "priming",
            PositionType::Other => "other",
        }
    }
}

/// Whether `side` holds two or more points in the other side's home board (its own 19 to 24
/// points) and is behind in the race by [`BACKGAME_DEFICIT`] pips or more.
fn is_backgame(board: &Board, side: Side) -> bool {
    let anchors = (19..=24)
        .filter(|&point| board.on_point(side, point) >= 2)
        .count();
    anchors >= 2 && board.pips(side) >= board.pips(side.opponent()) + BACKGAME_DEFICIT
}

/// The longest run of made points (two or more checkers) of `side` on its 2 to 12 points.
fn longest_prime(board: &Board, side: Side) -> u32 {
    let mut longest = 0;
    let mut run = 0;
    for point in 2..=12 {
        if board.on_point(side, point) >= 2 {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

impl fmt::Display for PositionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a position type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionTypeError(pub String);

impl fmt::Display for ParsePositionTypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = PositionType::ALL.iter().map(|t| t.name()).collect();
        write!(
            f,
            "`{}` is not a position type (one of {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for ParsePositionTypeError {}

impl FromStr for PositionType {
    type Err = ParsePositionTypeError;

    fn from_str(text: &str) -> Result<PositionType, ParsePositionTypeError> {
        PositionType::ALL
            .into_iter()
            .find(|t| t.name() == text)
            .ok_or_else(|| ParsePositionTypeError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    /// A board from each side's own points (1..=24, 25 the bar): `(point, checkers)`; the rest
    /// of each side's fifteen are borne off.
    fn board(x: &[(usize, u8)], o: &[(usize, u8)]) -> Board {
        let mut slots = [[0u8; 25]; 2];
        for (side, placed) in [x, o].into_iter().enumerate() {
            for &(point, count) in placed {
                slots[side][point - 1] = count;
            }
        }
        Board::from_slots(slots, Variant::Standard).unwrap()
    }

    #[test]
    fn the_start_is_early_and_a_race_is_a_race() {
        assert_eq!(
            PositionType::of(&Board::start(Variant::Standard)),
            PositionType::Early
        );
        let race = board(&[(6, 5), (5, 5), (4, 5)], &[(6, 5), (5, 5), (4, 5)]);
        assert_eq!(PositionType::of(&race), PositionType::Race);
    }

    #[test]
    fn each_contact_rule_in_order() {
        // X holds O's 1 and 3 points (its own 24 and 22) far behind: a backgame.
        let backgame = board(
            &[(24, 2), (22, 2), (13, 5), (8, 3), (6, 3)],
            &[(6, 4), (5, 4), (4, 3), (2, 4)],
        );
        assert_eq!(PositionType::of(&backgame), PositionType::Backgame);
        // O has seven checkers on its 1 to 3 points, X an anchor: crashed.
        let crashed = board(
            &[(20, 2), (13, 4), (8, 3), (6, 4), (5, 2)],
            &[(13, 2), (8, 2), (6, 2), (3, 3), (2, 2), (1, 2), (7, 2)],
        );
        assert_eq!(PositionType::of(&crashed), PositionType::Crashed);
        // X has borne off two, O still has a checker back.
        let bearing_off = board(
            &[(6, 4), (5, 4), (4, 3), (3, 2)],
            &[(24, 1), (13, 4), (8, 4), (6, 3), (5, 3)],
        );
        assert_eq!(PositionType::of(&bearing_off), PositionType::BearOffContact);
        // X has made its 4 to 7 points, O has checkers back.
        let priming = board(
            &[(13, 5), (8, 2), (7, 2), (6, 2), (5, 2), (4, 2)],
            &[(24, 2), (13, 5), (8, 3), (6, 5)],
        );
        assert_eq!(PositionType::of(&priming), PositionType::Priming);
        // Three points in a row are not a prime.
        let other = board(
            &[(13, 7), (8, 2), (6, 2), (5, 2), (4, 2)],
            &[(24, 2), (13, 5), (8, 3), (6, 5)],
        );
        assert_eq!(PositionType::of(&other), PositionType::Other);
    }

    #[test]
    fn names_round_trip_and_a_bad_name_is_refused() {
        for kind in PositionType::ALL {
            assert_eq!(kind.name().parse::<PositionType>(), Ok(kind));
        }
        let error = "crash".parse::<PositionType>().unwrap_err();
        assert!(error.to_string().contains("bearoff-contact"), "{error}");
    }
}
