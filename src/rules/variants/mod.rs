//! The rules of every variant behind one seam: legal plays, rerolls and game results
//! dispatched on `Variant`. The standard family (and Portes) use the gnubg-exact generator.
//!
//! Decisions (variants.md, every "recommended" reading): OE-a (a) free use of the dice,
//! OE-b standard scoring and cube; T-a the tavli starter rolls afresh (the caller's concern);
//! PL-a and PL-b the mother rule is checked at the end of every turn; F-a the runner must pass
//! point 12 (stand on 11 or lower); F-b a six-point block along the opponent's path is
//! illegal while no opposing checker is ahead of it; F-c Fevga's rules are checked after every
//! step; Athroisma AD-1..AD-15 all (a). README.md (appendix) describes the rules for users.
//!
//! ```
//! use tavli::notation::format_play;
//! use tavli::rules::{Dice, RuleSet, Side, Variant};
//! let plakoto = RuleSet::new(Variant::Plakoto);
//! let board = plakoto.start();
//! let dice = Dice::new(6, 5).unwrap();
//! let mut plays: Vec<String> = plakoto
//!     .legal_plays(&board, Side::X, dice)
//!     .iter()
//!     .map(|play| format_play(plakoto, &board, Side::X, dice, play.steps()))
//!     .collect();
//! plays.sort();
//! assert_eq!(plays, ["24/13", "24/19 24/18"]);
//! ```

pub mod athroisma;
mod contact;
pub mod cube;
mod fevga;
mod key_set;
pub mod scoring;

use crate::rules::board::Board;
use crate::rules::dice::Dice;
use crate::rules::movegen;
use crate::rules::play::Play;
use crate::rules::side::Side;
use crate::rules::variant::Variant;
use contact::Family;

pub use scoring::{GameResult, WinKind};

/// Old English: the most checkers of one side a point may hold (rule OE1).
pub const OLD_ENGLISH_POINT_LIMIT: u8 = 5;

/// Every legal play of `mover` with `dice` in `variant`, one per distinct resulting position.
/// Empty when no checker can move, and in Athroisma also when the roll must be rolled again
/// (check `requires_reroll` first).
#[must_use]
pub fn legal_plays_in(variant: Variant, board: &Board, mover: Side, dice: Dice) -> Vec<Play> {
    match variant {
        Variant::Standard
        | Variant::Nackgammon
        | Variant::Hypergammon1
        | Variant::Hypergammon2
        | Variant::Hypergammon3
        | Variant::Portes => movegen::legal_plays(board, mover, dice),
        Variant::OldEnglish => contact::legal_plays(Family::OldEnglish, board, mover, dice),
        Variant::Plakoto => contact::legal_plays(Family::Plakoto, board, mover, dice),
        Variant::Fevga => contact::legal_plays(Family::Fevga, board, mover, dice),
        Variant::Athroisma => athroisma::legal_plays(board, mover, dice),
    }
}

/// The number of legal plays of `mover` with `dice` in `variant`.
#[must_use]
pub fn count_legal_plays_in(variant: Variant, board: &Board, mover: Side, dice: Dice) -> usize {
    match variant {
        Variant::OldEnglish => contact::count_legal_plays(Family::OldEnglish, board, mover, dice),
        Variant::Plakoto => contact::count_legal_plays(Family::Plakoto, board, mover, dice),
        Variant::Fevga => contact::count_legal_plays(Family::Fevga, board, mover, dice),
        Variant::Athroisma => athroisma::legal_plays(board, mover, dice).len(),
        _ => movegen::count_legal_plays(board, mover, dice),
    }
}

/// Whether `mover` must roll `dice` again instead of playing them (Athroisma A10: a
/// non-double over 6 in the bear-off phase). Always false in the other variants.
#[must_use]
pub fn requires_reroll(variant: Variant, board: &Board, mover: Side, dice: Dice) -> bool {
    variant == Variant::Athroisma && athroisma::requires_reroll(board, mover, dice)
}

/// Whether a starting roll of a game is played by the winner of the opening roll with the
/// two opening dice (gnubg's variations and Old English), or the starter rolls both dice
/// afresh (the tavli games and Athroisma: T-a and AD-14).
#[must_use]
pub fn opening_dice_are_played(variant: Variant) -> bool {
    variant.uses_cube()
}

/// PO5: the games of a tavli match, which plays Portes, Plakoto and Fevga in rotation, in
/// this order.
pub const TAVLI_ROTATION: [Variant; 3] = [Variant::Portes, Variant::Plakoto, Variant::Fevga];

/// PO5: the variant of the game a tavli match plays after `games_played` finished games (a
/// game abandoned unfinished is played again).
#[must_use]
pub fn tavli_game(games_played: u32) -> Variant {
    TAVLI_ROTATION[games_played as usize % TAVLI_ROTATION.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tavli_rotation() {
        let games: Vec<Variant> = (0..4).map(tavli_game).collect();
        assert_eq!(
            games,
            [
                Variant::Portes,
                Variant::Plakoto,
                Variant::Fevga,
                Variant::Portes
            ]
        );
        assert!(!opening_dice_are_played(Variant::Plakoto));
        assert!(opening_dice_are_played(Variant::OldEnglish));
    }

    #[test]
    fn portes_is_standard_play() {
        let board = Board::start(Variant::Portes);
        for dice in Dice::all_rolls() {
            assert_eq!(
                legal_plays_in(Variant::Portes, &board, Side::X, dice),
                movegen::legal_plays(&board, Side::X, dice)
            );
        }
    }

    #[test]
    fn counts_match_lists() {
        for variant in Variant::ALL {
            let board = Board::start(variant);
            for dice in Dice::all_rolls() {
                assert_eq!(
                    count_legal_plays_in(variant, &board, Side::O, dice),
                    legal_plays_in(variant, &board, Side::O, dice).len(),
                    "{variant} {dice}"
                );
            }
        }
    }
}

/// What stands on one physical point, for drawing a board of any variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointContents {
    /// X's checkers on the point (a pinned one included).
    pub x: u8,
    /// O's checkers on the point (a pinned one included).
    pub o: u8,
    /// Plakoto: the side whose single checker on the point is pinned under the other's.
    pub pinned: Option<Side>,
}

/// The checkers on `point` (1..=24, numbered from X's side as gnubg draws the board) in
/// `variant`: it takes care of Fevga's geometry (O's own point `k` is X's `k + 12` or
/// `k - 12`) and of Plakoto pins. Checkers on the bar (in Athroisma: captured, waiting to
/// re-enter) are `Board::bar`. Returns empty contents for a point outside 1..=24.
#[must_use]
pub fn point_contents(variant: Variant, board: &Board, point: u8) -> PointContents {
    if !(1..=24).contains(&point) {
        return PointContents {
            x: 0,
            o: 0,
            pinned: None,
        };
    }
    let index = usize::from(point) - 1;
    let o_point = variant.opposite_index(index) as u8 + 1;
    let pinned = if board.is_pinned(Side::X, point) {
        Some(Side::X)
    } else if board.is_pinned(Side::O, o_point) {
        Some(Side::O)
    } else {
        None
    };
    PointContents {
        x: board.on_point(Side::X, point),
        o: board.on_point(Side::O, o_point),
        pinned,
    }
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn fevga_and_plakoto_points() {
        let fevga = Board::start(Variant::Fevga);
        assert_eq!(point_contents(Variant::Fevga, &fevga, 12).o, 15);
        assert_eq!(point_contents(Variant::Fevga, &fevga, 24).x, 15);
        let mut plakoto = Board::start(Variant::Plakoto);
        plakoto.slots[Side::X.index()][23] = 14;
        plakoto.slots[Side::X.index()][9] = 1; // X's 10
        plakoto.slots[Side::O.index()][14] = 1; // O's 15 = X's 10
        plakoto.slots[Side::O.index()][23] = 14;
        plakoto.set_pinned(Side::O, 15, true);
        assert_eq!(plakoto.validate(Variant::Plakoto), Ok(()));
        assert_eq!(
            point_contents(Variant::Plakoto, &plakoto, 10),
            PointContents {
                x: 1,
                o: 1,
                pinned: Some(Side::O)
            }
        );
        assert_eq!(point_contents(Variant::Plakoto, &plakoto, 0).x, 0);
    }
}
