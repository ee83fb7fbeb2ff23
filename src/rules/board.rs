//! The checkers on the board: per side, counts on its own points 1..24, its bar, and borne off.

use super::side::Side;
use super::variant::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of the bar in a side's slot array (points 1..24 are indices 0..23).
pub const BAR: usize = 24;

/// Checkers of both sides. Each side's array is in **its own numbering**: index `i` (0..23)
/// is that side's point `i + 1` (its home board is points 1..6, it moves from 24 towards 1);
/// index 24 is its bar. Borne-off checkers are counted in `off`.
///
/// In standard backgammon a side's point `p` is the opponent's point `25 - p`; in Fevga it is
/// the opponent's point `p + 12` or `p - 12` (see `Variant::opposite_index`).
///
/// Plakoto pins: a pinned checker stays counted in `slots`, and its point also holds the
/// opponent's pinning checkers. Always construct boards with `Board::empty()`, `start` or
/// `from_slots` so that fields added later get their neutral value.
///
/// In JSON a board is [`BoardData`]'s shape: `points`, `bar`, `off` and (Plakoto) `pinned`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "BoardData", try_from = "BoardData")]
pub struct Board {
    /// `slots[side][i]`: checkers of `side` on its point `i + 1`, or on its bar for `i == 24`.
    /// In Athroisma the bar holds a side's captured checkers waiting to re-enter.
    pub slots: [[u8; 25]; 2],
    /// Checkers each side has borne off.
    pub off: [u8; 2],
    /// Plakoto only: bit `i` of `pinned[side]` is set when the single checker of `side` on its
    /// own point `i + 1` is pinned by the opponent. Zero in every other variant.
    pub pinned: [u32; 2],
}

/// The JSON shape of a [`Board`]: each player's checkers in **his own numbering**, as he
/// moves (his home board is his points 1..6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardData {
    /// `points[player][i]`: checkers of `player` on his own point `i + 1`.
    pub points: [[u8; 24]; 2],
    /// Checkers of each player on his bar (in Athroisma: captured, waiting to re-enter).
    pub bar: [u8; 2],
    /// Checkers each player has borne off.
    pub off: [u8; 2],
    /// Plakoto only (absent otherwise): each player's own points where his single checker is
    /// pinned by the opponent.
    #[serde(default, skip_serializing_if = "no_pinned_points")]
    pub pinned: [Vec<u8>; 2],
}

fn no_pinned_points(pinned: &[Vec<u8>; 2]) -> bool {
    pinned.iter().all(Vec::is_empty)
}

impl From<Board> for BoardData {
    fn from(board: Board) -> BoardData {
        let mut points = [[0; 24]; 2];
        for (points, slots) in points.iter_mut().zip(&board.slots) {
            points.copy_from_slice(&slots[..BAR]);
        }
        let pinned = board.pinned.map(|mask| {
            (1..=24u8)
                .filter(|point| mask & (1 << (point - 1)) != 0)
                .collect()
        });
        BoardData {
            points,
            bar: [board.slots[0][BAR], board.slots[1][BAR]],
            off: board.off,
            pinned,
        }
    }
}

impl TryFrom<BoardData> for Board {
    type Error = String;

    fn try_from(data: BoardData) -> Result<Board, String> {
        let mut board = Board::empty();
        for side in 0..2 {
            board.slots[side][..BAR].copy_from_slice(&data.points[side]);
            board.slots[side][BAR] = data.bar[side];
            for &point in &data.pinned[side] {
                if !(1..=24).contains(&point) {
                    return Err(format!("pinned point {point} is not 1 to 24"));
                }
                board.pinned[side] |= 1 << (point - 1);
            }
        }
        board.off = data.off;
        Ok(board)
    }
}

/// What makes a board impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A side has more checkers than the variant allows.
    TooManyCheckers {
        /// The side.
        side: Side,
        /// How many it has on the board, the bar and borne off together.
        count: u32,
        /// How many the variant allows.
        limit: u8,
    },
    /// Both sides have checkers on the same point.
    SharedPoint {
        /// The point in `X`'s numbering.
        point: u8,
    },
    /// A pin that the variant cannot have: a pin outside Plakoto, a pinned checker that is
    /// not alone or has no pinner over it, or two pins on one point.
    BadPin {
        /// The point in `X`'s numbering.
        point: u8,
    },
    /// Checkers on the bar in a variant without one (Plakoto, Fevga).
    NoBar {
        /// The side with checkers on the bar.
        side: Side,
        /// The variant.
        variant: Variant,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooManyCheckers { side, count, limit } => write!(
                f,
                "player {} has {count} checkers, more than the {limit} allowed",
                side.letter()
            ),
            BoardError::SharedPoint { point } => write!(
                f,
                "both players have checkers on point {point} (numbered from X's side)"
            ),
            BoardError::BadPin { point } => write!(
                f,
                "impossible pin on point {point} (numbered from X's side): a pinned checker \
                 must be alone under at least one opposing checker, and only in plakoto"
            ),
            BoardError::NoBar { side, variant } => write!(
                f,
                "player {} has checkers on the bar, but {variant} has no bar",
                side.letter()
            ),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// A board with no checkers at all.
    #[must_use]
    pub fn empty() -> Board {
        Board {
            slots: [[0; 25]; 2],
            off: [0; 2],
            pinned: [0; 2],
        }
    }

    /// The starting position of `variant` (in Fevga O's own 24-point is X's 12-point).
    #[must_use]
    pub fn start(variant: Variant) -> Board {
        let mut board = Board::empty();
        for side in Side::BOTH {
            for &(point, count) in variant.start_layout() {
                board.slots[side.index()][usize::from(point) - 1] = count;
            }
        }
        board
    }

    /// Builds a board from the on-board slots of each side (points and bar); the rest of the
    /// variant's checkers are borne off. Checks the checker count and shared points.
    pub fn from_slots(slots: [[u8; 25]; 2], variant: Variant) -> Result<Board, BoardError> {
        let limit = variant.checkers();
        let mut off = [0u8; 2];
        for side in Side::BOTH {
            let count: u32 = slots[side.index()].iter().map(|&n| u32::from(n)).sum();
            if count > u32::from(limit) {
                return Err(BoardError::TooManyCheckers { side, count, limit });
            }
            off[side.index()] = limit - count as u8;
        }
        let mut board = Board::empty();
        board.slots = slots;
        board.off = off;
        board.check_points(variant)?;
        Ok(board)
    }

    /// Checks that no point is shared, except (Plakoto) a point where one side's single
    /// checker is pinned under the other's, and that variants without a bar have none.
    fn check_points(&self, variant: Variant) -> Result<(), BoardError> {
        if matches!(variant, Variant::Plakoto | Variant::Fevga) {
            if let Some(side) = Side::BOTH.into_iter().find(|&side| self.bar(side) > 0) {
                return Err(BoardError::NoBar { side, variant });
            }
        }
        if self.pinned != [0, 0] && variant != Variant::Plakoto {
            let point = if self.pinned[1] != 0 {
                self.pinned[1].trailing_zeros() as u8 + 1
            } else {
                variant.opposite_index(self.pinned[0].trailing_zeros() as usize) as u8 + 1
            };
            return Err(BoardError::BadPin { point });
        }
        for index in 0..24 {
            let other = variant.opposite_index(index);
            let x_count = self.slots[1][index];
            let o_count = self.slots[0][other];
            let x_pinned = self.pinned[1] & (1 << index) != 0;
            let o_pinned = self.pinned[0] & (1 << other) != 0;
            let point = index as u8 + 1;
            if x_pinned || o_pinned {
                let (pinned_count, pinner_count) = if x_pinned {
                    (x_count, o_count)
                } else {
                    (o_count, x_count)
                };
                if (x_pinned && o_pinned) || pinned_count != 1 || pinner_count == 0 {
                    return Err(BoardError::BadPin { point });
                }
            } else if x_count > 0 && o_count > 0 {
                return Err(BoardError::SharedPoint { point });
            }
        }
        Ok(())
    }

    /// Whether the checker of `side` on its own point `point` (1..=24) is pinned (Plakoto).
    #[must_use]
    pub fn is_pinned(&self, side: Side, point: u8) -> bool {
        (1..=24).contains(&point) && self.pinned[side.index()] & (1 << (point - 1)) != 0
    }

    /// Marks the single checker of `side` on its own point `point` (1..=24) as pinned or free.
    /// `validate` checks that the result is a possible Plakoto position.
    pub fn set_pinned(&mut self, side: Side, point: u8, pinned: bool) {
        if (1..=24).contains(&point) {
            let bit = 1u32 << (point - 1);
            if pinned {
                self.pinned[side.index()] |= bit;
            } else {
                self.pinned[side.index()] &= !bit;
            }
        }
    }

    /// Checks that the board could occur in `variant`: checker counts, shared points and pins.
    pub fn validate(&self, variant: Variant) -> Result<(), BoardError> {
        let limit = variant.checkers();
        for side in Side::BOTH {
            let count: u32 = self.slots[side.index()]
                .iter()
                .map(|&n| u32::from(n))
                .sum::<u32>()
                + u32::from(self.off[side.index()]);
            if count > u32::from(limit) {
                return Err(BoardError::TooManyCheckers { side, count, limit });
            }
        }
        self.check_points(variant)
    }

    /// Checkers of `side` on its own point `point` (1..=24), or on its bar for 25.
    #[must_use]
    pub fn on_point(&self, side: Side, point: u8) -> u8 {
        match point {
            1..=24 => self.slots[side.index()][usize::from(point) - 1],
            25 => self.slots[side.index()][BAR],
            _ => 0,
        }
    }

    /// Checkers of `side` on its bar.
    #[must_use]
    pub fn bar(&self, side: Side) -> u8 {
        self.slots[side.index()][BAR]
    }

    /// Checkers `side` has borne off.
    #[must_use]
    pub fn borne_off(&self, side: Side) -> u8 {
        self.off[side.index()]
    }

    /// The pip count of `side`: each checker counts its point number, 25 on the bar.
    #[must_use]
    pub fn pips(&self, side: Side) -> u32 {
        self.slots[side.index()]
            .iter()
            .enumerate()
            .map(|(index, &count)| (index as u32 + 1) * u32::from(count))
            .sum()
    }

    /// Checkers of `side` still on the board or the bar.
    #[must_use]
    pub fn checkers_in_play(&self, side: Side) -> u32 {
        self.slots[side.index()].iter().map(|&n| u32::from(n)).sum()
    }

    /// The point of `side`'s rearmost checker in its own numbering (1..=24, 25 for the bar),
    /// or 0 when it has none in play.
    #[must_use]
    pub fn rearmost_point(&self, side: Side) -> usize {
        let slots = &self.slots[side.index()];
        (0..=BAR)
            .rev()
            .find(|&index| slots[index] > 0)
            .map_or(0, |index| index + 1)
    }

    /// Whether the sides can still hit each other: a checker of one side is behind one of
    /// the other's (a checker on its own point `p` meets the other's on its point `q` while
    /// `p + q > 25`).
    #[must_use]
    pub fn in_contact(&self) -> bool {
        self.rearmost_point(Side::X) + self.rearmost_point(Side::O) > 25
    }

    /// The same board with the sides' roles exchanged (`O`'s checkers become `X`'s).
    #[must_use]
    pub fn swapped(&self) -> Board {
        Board {
            slots: [self.slots[1], self.slots[0]],
            off: [self.off[1], self.off[0]],
            pinned: [self.pinned[1], self.pinned[0]],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_board_has_points_bar_off_and_pins_in_own_numbering() {
        let mut board = Board::start(Variant::Standard);
        board.slots[1][BAR] = 1;
        board.slots[1][23] = 1;
        let value = serde_json::to_value(board).unwrap_or_default();
        assert_eq!(value["points"][1][23], 1);
        assert_eq!(value["points"][0][5], 5);
        assert_eq!(value["bar"], serde_json::json!([0, 1]));
        assert!(value.get("pinned").is_none());
        assert_eq!(serde_json::from_value::<Board>(value).ok(), Some(board));
        let mut pinned = Board::empty();
        pinned.pinned[0] = 1 << 23;
        let value = serde_json::to_value(pinned).unwrap_or_default();
        assert_eq!(value["pinned"], serde_json::json!([[24], []]));
        assert_eq!(serde_json::from_value::<Board>(value).ok(), Some(pinned));
    }

    #[test]
    fn start_position_pips() {
        let board = Board::start(Variant::Standard);
        assert_eq!(board.pips(Side::O), 167);
        assert_eq!(board.pips(Side::X), 167);
        assert!(board.validate(Variant::Standard).is_ok());
        let nack = Board::start(Variant::Nackgammon);
        assert_eq!(nack.pips(Side::X), 2 * 24 + 2 * 23 + 4 * 13 + 3 * 8 + 4 * 6);
    }

    #[test]
    fn from_slots_rejects_impossible_boards() {
        let mut slots = [[0u8; 25]; 2];
        slots[0][5] = 16;
        assert!(matches!(
            Board::from_slots(slots, Variant::Standard),
            Err(BoardError::TooManyCheckers { .. })
        ));
        let mut slots = [[0u8; 25]; 2];
        slots[1][0] = 1; // X's point 1
        slots[0][23] = 1; // O's point 24 = X's point 1
        assert_eq!(
            Board::from_slots(slots, Variant::Standard),
            Err(BoardError::SharedPoint { point: 1 })
        );
    }
}
