//! How a game of each variant ends and what it scores: single, gammon and backgammon values,
//! Plakoto's mother rule and draw, and the cube (for variants that use one) with Jacoby.

use crate::rules::board::{Board, BAR};
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use serde::{Deserialize, Serialize};

/// What kind of win a finished game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinKind {
    /// A single game: 1 point.
    Single,
    /// The loser bore off no checker: 2 points.
    Gammon,
    /// A gammon with a loser's checker on the bar or in the winner's home board: 3 points
    /// (only in the variants with a triple game).
    Backgammon,
    /// Plakoto: the loser's mother checker is pinned and the winner's start is empty: 2 points.
    Mother,
}

impl WinKind {
    /// The points the win is worth before the cube.
    #[must_use]
    pub fn points(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon | WinKind::Mother => 2,
            WinKind::Backgammon => 3,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// `winner` won a game of kind `kind`.
    Win {
        /// The winner.
        winner: Side,
        /// Single, gammon, backgammon or (Plakoto) mother.
        kind: WinKind,
    },
    /// Plakoto: both mothers are pinned; nobody scores.
    Draw,
}

impl GameResult {
    /// The points the result is worth before the cube (0 for a draw).
    #[must_use]
    pub fn points(self) -> u32 {
        match self {
            GameResult::Win { kind, .. } => kind.points(),
            GameResult::Draw => 0,
        }
    }
}

/// The kind of win when `winner` has borne off all checkers in `variant`. The tavli games
/// and Athroisma have no triple game (PO3, PL7, F7, A13); Athroisma's captured checkers are
/// not "taken off".
#[must_use]
pub fn win_kind(variant: Variant, board: &Board, winner: Side) -> WinKind {
    // The winner has no checker left, so none of the loser's can still be hit.
    largest_reachable_win(variant, board, winner)
}

/// The largest win `winner` can still reach on `board` in gnubg's variations (standard,
/// nackgammon, hypergammon), whatever the dice: a loser that has borne off a checker can no
/// longer lose a gammon, and one with no checker on the bar or in the winner's home board can
/// no longer lose a backgammon once the winner cannot hit any of its checkers (the winner's
/// rearmost checker has passed the loser's rearmost). Evaluators use it to clear figures a
/// network gives for results that cannot happen.
#[must_use]
pub fn largest_reachable_win(variant: Variant, board: &Board, winner: Side) -> WinKind {
    let loser = winner.opponent();
    if board.borne_off(loser) > 0 {
        return WinKind::Single;
    }
    if !variant.has_backgammon() {
        return WinKind::Gammon;
    }
    let slots = &board.slots[loser.index()];
    if slots[BAR] > 0 || slots[18..24].iter().any(|&n| n > 0) {
        return WinKind::Backgammon;
    }
    // The winner can still hit one of the loser's checkers.
    if board.in_contact() {
        WinKind::Backgammon
    } else {
        WinKind::Gammon
    }
}

/// Whether the game is over at the end of a turn, and how. Checks bearing off (either side)
/// and, in Plakoto, the mother rule (PL6 with decisions PL-a and PL-b: at the end of every
/// turn; both mothers pinned is a draw).
#[must_use]
pub fn game_result(variant: Variant, board: &Board) -> Option<GameResult> {
    let total = variant.checkers();
    for side in Side::BOTH {
        if board.borne_off(side) >= total && board.checkers_in_play(side) == 0 {
            return Some(GameResult::Win {
                winner: side,
                kind: win_kind(variant, board, side),
            });
        }
    }
    if variant == Variant::Plakoto {
        let mother_pinned = |side: Side| board.on_point(side, 24) == 1 && board.is_pinned(side, 24);
        let (o_pinned, x_pinned) = (mother_pinned(Side::O), mother_pinned(Side::X));
        if o_pinned && x_pinned {
            return Some(GameResult::Draw);
        }
        for side in Side::BOTH {
            let winner = side.opponent();
            if mother_pinned(side) && board.on_point(winner, 24) == 0 {
                return Some(GameResult::Win {
                    winner,
                    kind: WinKind::Mother,
                });
            }
        }
    }
    None
}

/// The points a win scores with the cube: the kind's points times the cube value, except
/// that under the Jacoby rule (money play, Jacoby on, cube centred: never turned, even if
/// automatic doubles raised it) gammons and backgammons count as single games (R9.4).
/// Variants without a cube ignore `cube_value` and `jacoby`.
#[must_use]
pub fn points_scored(
    variant: Variant,
    result: GameResult,
    cube_value: u32,
    cube_centred: bool,
    jacoby: bool,
) -> u32 {
    let GameResult::Win { kind, .. } = result else {
        return 0;
    };
    if !variant.uses_cube() {
        return kind.points();
    }
    let base = if jacoby && cube_centred {
        1
    } else {
        kind.points()
    };
    base.saturating_mul(cube_value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_result_at_the_start() {
        for variant in Variant::ALL {
            assert_eq!(game_result(variant, &Board::start(variant)), None);
        }
    }

    /// A board from each side's (own point, checkers) list; the rest borne off.
    fn board(x: &[(usize, u8)], o: &[(usize, u8)]) -> Board {
        let mut slots = [[0u8; 25]; 2];
        for (side, checkers) in [(Side::X, x), (Side::O, o)] {
            for &(point, count) in checkers {
                slots[side.index()][point - 1] = count;
            }
        }
        Board::from_slots(slots, Variant::Standard).expect("a valid board")
    }

    #[test]
    fn every_result_is_reachable_at_the_start() {
        let start = Board::start(Variant::Standard);
        for side in Side::BOTH {
            let reachable = largest_reachable_win(Variant::Standard, &start, side);
            assert_eq!(reachable, WinKind::Backgammon);
        }
    }

    #[test]
    fn a_loser_that_has_borne_off_can_lose_only_a_single_game() {
        // X bears off with five checkers left; O has borne off one and has 14 on its 7-point.
        let position = board(&[(6, 1), (4, 2), (2, 1), (1, 1)], &[(7, 14)]);
        assert_eq!(
            largest_reachable_win(Variant::Standard, &position, Side::X),
            WinKind::Single
        );
        // X has borne off ten: O cannot be gammoned either way round.
        assert_eq!(
            largest_reachable_win(Variant::Standard, &position, Side::O),
            WinKind::Single
        );
    }

    #[test]
    fn a_backgammon_needs_a_checker_in_the_winners_home_or_one_it_can_still_hit() {
        // A race: O's rearmost checker on its 18-point (X's 7-point), X all home.
        let race = board(&[(6, 15)], &[(18, 15)]);
        assert_eq!(
            largest_reachable_win(Variant::Standard, &race, Side::X),
            WinKind::Gammon
        );
        // O's checker on its 20-point is in X's home board (X's 5-point).
        let in_home = board(&[(6, 15)], &[(20, 1), (18, 14)]);
        assert_eq!(
            largest_reachable_win(Variant::Standard, &in_home, Side::X),
            WinKind::Backgammon
        );
        // X still has a checker on its 8-point, behind O's on X's 7-point: a hit is possible.
        let contact = board(&[(8, 1), (6, 14)], &[(18, 15)]);
        assert_eq!(
            largest_reachable_win(Variant::Standard, &contact, Side::X),
            WinKind::Backgammon
        );
        // Without a triple game the most is a gammon.
        assert_eq!(
            largest_reachable_win(Variant::Portes, &in_home, Side::X),
            WinKind::Gammon
        );
    }
}
