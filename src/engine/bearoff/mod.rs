//! tavli's bear-off tables. The exact two-sided database ([`two_sided`]: up to six checkers a
//! side, cubeless and money cubeful) judges the smallest endgames; the one-sided database,
//! here, every other bear-off. For every way of
//! placing up to 15 checkers on a side's six home points (54,264 positions) it holds the
//! distribution of the number of rolls needed to bear them all off, and of the rolls needed to
//! bear off the first of them (what decides gammons).
//!
//! Each distribution follows the policy that minimises its own expected number of rolls (the
//! one-sided policy every bear-off database uses). Two distributions, one per side, give the
//! race's win and gammon chances under the assumption that the sides do not affect each other,
//! which is exact when there is no contact. The networks, their inputs, rollouts, self-play and
//! pubeval's race model all read it.
//!
//! The table is tavli's own computation ([`generate`], about a tenth of a second optimised),
//! shipped in the crate compressed ([`shipped`]): the first use in a process decompresses it in
//! a few milliseconds instead of computing it.

mod generate;
mod shipped;
pub mod two_sided;
mod two_sided_cache;
mod two_sided_generate;
#[cfg(test)]
mod two_sided_tests;

use crate::engine::evaluator::Probabilities;
use crate::rules::{Board, Side};
use std::sync::OnceLock;

/// The most checkers on a side that the database covers.
pub const MAX_CHECKERS: usize = 15;
/// Positions in the database: at most 15 checkers on six points, C(21, 6).
pub const POSITIONS: usize = 54_264;
/// Length of a bear-off distribution: fifteen checkers never need more than 30 rolls.
pub const MAX_ROLLS: usize = 32;
/// Length of a first-checker-off distribution (the last entry is checked to stay empty).
pub const MAX_FIRST_ROLLS: usize = 16;

/// Checkers on points 1..6 of one side (index 0 is the one-point).
pub type HomeCounts = [u8; 6];

/// The probability of needing exactly `n` rolls, for `n` in `0..MAX_ROLLS`.
pub type Distribution = [f32; MAX_ROLLS];

/// The database: both distributions of every position, by [`index`].
pub struct BearoffDatabase {
    all_off: Vec<Distribution>,
    first_off: Vec<[f32; MAX_FIRST_ROLLS]>,
    all_off_mean: Vec<f32>,
}

/// `POSITIONS_AT_MOST[k][n]`: ways to place at most `n` checkers on `k` points, C(k + n, k).
const POSITIONS_AT_MOST: [[u32; MAX_CHECKERS + 1]; 7] = {
    let mut table = [[0u32; MAX_CHECKERS + 1]; 7];
    table[0] = [1; MAX_CHECKERS + 1];
    let mut k = 1;
    while k < 7 {
        let mut n = 0;
        while n <= MAX_CHECKERS {
            // Choose how many sit on the first of the k points, the rest on k - 1 points.
            let mut first = 0;
            while first <= n {
                table[k][n] += table[k - 1][n - first];
                first += 1;
            }
            n += 1;
        }
        k += 1;
    }
    table
};

/// `RANK_BEFORE[later][remaining][count]`: how many positions come before those with `count`
/// checkers on a point followed by `later` points, `remaining` checkers being left for them
/// all (the sum over every smaller count of the ways to place the rest).
const RANK_BEFORE: [[[u32; MAX_CHECKERS + 1]; MAX_CHECKERS + 1]; 6] = {
    let mut table = [[[0u32; MAX_CHECKERS + 1]; MAX_CHECKERS + 1]; 6];
    let mut later = 0;
    while later < 6 {
        let mut remaining = 0;
        while remaining <= MAX_CHECKERS {
            let mut count = 1;
            while count <= remaining {
                table[later][remaining][count] = table[later][remaining][count - 1]
                    + POSITIONS_AT_MOST[later][remaining - (count - 1)];
                count += 1;
            }
            remaining += 1;
        }
        later += 1;
    }
    table
};

/// The position's index in `0..POSITIONS`, or `None` with more than 15 checkers.
#[must_use]
pub fn index(counts: HomeCounts) -> Option<usize> {
    let mut remaining = MAX_CHECKERS;
    let mut rank = 0u32;
    for (point, &count) in counts.iter().enumerate() {
        let count = usize::from(count);
        if count > remaining {
            return None;
        }
        rank += RANK_BEFORE[5 - point][remaining][count];
        remaining -= count;
    }
    Some(rank as usize)
}

/// The home counts of `side` when every checker it has left is on its home points.
#[must_use]
pub fn home_counts(board: &Board, side: Side) -> Option<HomeCounts> {
    let slots = &board.slots[side.index()];
    if slots[6..].iter().any(|&n| n > 0) {
        return None;
    }
    let mut counts = [0u8; 6];
    counts.copy_from_slice(&slots[..6]);
    (counts.iter().map(|&n| usize::from(n)).sum::<usize>() <= MAX_CHECKERS).then_some(counts)
}

/// The board of a bear-off: `x`'s and `o`'s checkers on their home points (index 0 the
/// one-point), the rest of each side's fifteen borne off (none off when the counts pass
/// fifteen); the inverse of [`home_counts`]. Tests, benches and examples build their
/// bear-offs with it.
#[must_use]
pub fn bear_off_board(x: HomeCounts, o: HomeCounts) -> Board {
    let mut board = Board::empty();
    for (side, counts) in [(Side::X, x), (Side::O, o)] {
        board.slots[side.index()][..6].copy_from_slice(&counts);
        let on_board: usize = counts.iter().map(|&n| usize::from(n)).sum();
        board.off[side.index()] = u8::try_from(MAX_CHECKERS.saturating_sub(on_board)).unwrap_or(0);
    }
    board
}

fn mean(distribution: &[f32]) -> f32 {
    distribution
        .iter()
        .enumerate()
        .map(|(rolls, &p)| rolls as f32 * p)
        .sum()
}

/// Reads the tables now (the one-sided table in a few milliseconds, the two-sided one from
/// its disk cache, or computed once when the cache has none): servers call it on a
/// background thread at start so that no reply waits for it.
pub fn warm_up() {
    let _ = BearoffDatabase::get();
    two_sided::TwoSidedDatabase::warm_up();
}

/// Exact cubeless probabilities for `on_roll` when both sides have every checker left on
/// their home points (`None` otherwise): the two-sided database's winning chance where it
/// covers the position (at most six checkers a side, each side with one borne off: no
/// gammons), else the one-sided database's race model (with gammons). `checkers` is the
/// variant's count per side.
#[must_use]
pub fn probabilities(board: &Board, on_roll: Side, checkers: u8) -> Option<Probabilities> {
    if two_sided::covers(board) {
        if let Some(entry) = two_sided::TwoSidedDatabase::get().covering(board, on_roll) {
            return Some(entry.probabilities());
        }
    }
    BearoffDatabase::get().probabilities(board, on_roll, checkers)
}

impl BearoffDatabase {
    /// The database, read from the shipped table on first use and kept for the process.
    #[must_use]
    pub fn get() -> &'static BearoffDatabase {
        static DATABASE: OnceLock<BearoffDatabase> = OnceLock::new();
        DATABASE.get_or_init(|| {
            // The shipped table is checked by a test; should it ever fail to decode, computing
            // the same table is slower but gives the same answers.
            shipped::load().unwrap_or_else(|_| generate::generate())
        })
    }

    /// Computes the database from scratch (what the shipped table was made from; a tenth of a
    /// second to a few seconds). [`BearoffDatabase::get`] is the way to use it.
    #[must_use]
    pub fn compute() -> BearoffDatabase {
        generate::generate()
    }

    /// The distribution of rolls to bear off every checker of `counts`.
    #[must_use]
    pub fn rolls_to_finish(&self, counts: HomeCounts) -> Option<&Distribution> {
        index(counts).map(|i| &self.all_off[i])
    }

    /// The expected number of rolls to bear off every checker of `counts`.
    #[must_use]
    pub fn expected_rolls(&self, counts: HomeCounts) -> Option<f32> {
        index(counts).map(|i| self.all_off_mean[i])
    }

    /// The distribution of rolls to bear off the first of the checkers of `counts`.
    #[must_use]
    pub fn rolls_to_first_off(&self, counts: HomeCounts) -> Option<&[f32; MAX_FIRST_ROLLS]> {
        index(counts).map(|i| &self.first_off[i])
    }

    /// Exact cubeless probabilities for `on_roll` when both sides have every checker left on
    /// their home points (`None` otherwise). `checkers` is the variant's count per side (a
    /// side that has borne off none of them can lose a gammon).
    #[must_use]
    pub fn probabilities(
        &self,
        board: &Board,
        on_roll: Side,
        checkers: u8,
    ) -> Option<Probabilities> {
        let mine = home_counts(board, on_roll)?;
        let theirs = home_counts(board, on_roll.opponent())?;
        let my_rolls = self.rolls_to_finish(mine)?;
        let their_rolls = self.rolls_to_finish(theirs)?;
        // I win when I finish in n rolls and the opponent needs at least n (he rolls second).
        let at_least = |distribution: &[f32], n: usize| -> f64 {
            distribution.iter().skip(n).map(|&p| f64::from(p)).sum()
        };
        let win: f64 = (0..MAX_ROLLS)
            .map(|n| f64::from(my_rolls[n]) * at_least(their_rolls, n))
            .sum();
        let none_off = |side: Side, counts: HomeCounts| {
            board.borne_off(side) == 0
                && counts.iter().map(|&n| u32::from(n)).sum::<u32>() == u32::from(checkers)
        };
        let gammon_chance = |winner: &Distribution, loser: HomeCounts, loser_moves_first: bool| {
            let Some(loser_first) = self.rolls_to_first_off(loser) else {
                return 0.0;
            };
            (0..MAX_ROLLS)
                .map(|n| {
                    let needed = if loser_moves_first { n + 1 } else { n };
                    f64::from(winner[n]) * at_least(loser_first, needed)
                })
                .sum::<f64>()
        };
        let win_gammon = if none_off(on_roll.opponent(), theirs) {
            gammon_chance(my_rolls, theirs, false)
        } else {
            0.0
        };
        let lose_gammon = if none_off(on_roll, mine) {
            gammon_chance(their_rolls, mine, true)
        } else {
            0.0
        };
        Some(Probabilities {
            win,
            win_gammon,
            win_backgammon: 0.0,
            lose_gammon,
            lose_backgammon: 0.0,
        })
    }

    /// The chance that the player on roll with `mine` left beats the opponent with `theirs`
    /// left, both bearing off to minimise their expected number of rolls (no gammons: pubeval's
    /// race model asks when both sides have borne off a checker). `None` over 15 checkers.
    #[must_use]
    pub fn win_chance(&self, mine: HomeCounts, theirs: HomeCounts) -> Option<f64> {
        let me = self.rolls_to_finish(mine)?;
        let them = self.rolls_to_finish(theirs)?;
        // I win if I finish on my roll n while the opponent needs at least n rolls.
        let mut at_least = [0.0f64; MAX_ROLLS + 1];
        for rolls in (0..MAX_ROLLS).rev() {
            at_least[rolls] = at_least[rolls + 1] + f64::from(them[rolls]);
        }
        Some(
            (1..MAX_ROLLS)
                .map(|rolls| f64::from(me[rolls]) * at_least[rolls])
                .sum(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_a_bijection() {
        let mut seen = vec![false; POSITIONS];
        let mut total = 0;
        for a in 0..=15u8 {
            for b in 0..=15 - a {
                for c in 0..=15 - a - b {
                    for d in 0..=15 - a - b - c {
                        for e in 0..=15 - a - b - c - d {
                            for f in 0..=15 - a - b - c - d - e {
                                let i = index([a, b, c, d, e, f]).unwrap();
                                assert!(!seen[i]);
                                seen[i] = true;
                                total += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(total, POSITIONS);
        assert_eq!(index([0; 6]), Some(0));
        assert!(index([15, 1, 0, 0, 0, 0]).is_none());
        assert!(index([0, 0, 0, 0, 0, 16]).is_none());
    }

    #[test]
    fn distributions_sum_to_one() {
        let database = BearoffDatabase::get();
        assert_eq!(database.all_off.len(), POSITIONS);
        for distribution in &database.all_off {
            let sum: f32 = distribution.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{sum}");
            assert!(distribution[MAX_ROLLS - 1] == 0.0);
        }
        for first in &database.first_off {
            assert!((first.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            assert_eq!(first[MAX_FIRST_ROLLS - 1], 0.0);
        }
    }

    #[test]
    fn one_checker_on_the_ace_point_wins_on_roll() {
        let mut board = Board::empty();
        board.slots[0][0] = 1;
        board.slots[1][5] = 1;
        board.off = [14, 14];
        let p = BearoffDatabase::get()
            .probabilities(&board, Side::from_index(0).unwrap(), 15)
            .unwrap();
        assert!((p.win - 1.0).abs() < 1e-6);
        assert_eq!(p.win_gammon, 0.0);
    }

    #[test]
    fn win_chances_of_small_bear_offs_are_exact() {
        let database = BearoffDatabase::get();
        // One checker on the ace point: always one roll.
        let one_on_the_ace = database.rolls_to_finish([1, 0, 0, 0, 0, 0]).unwrap();
        assert!((one_on_the_ace[1] - 1.0).abs() < 1e-6);
        // Against a sure one-roll finish, the player on roll wins only by finishing now.
        let chance = database
            .win_chance([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0])
            .unwrap();
        assert!((chance - 4.0 / 36.0).abs() < 1e-7, "{chance}");
        let chance = database
            .win_chance([2, 2, 2, 2, 1, 1], [1, 1, 2, 2, 2, 2])
            .unwrap();
        assert!(chance > 0.5 && chance < 1.0, "{chance}");
        assert_eq!(
            database.win_chance([0, 0, 0, 0, 0, 16], [1, 0, 0, 0, 0, 0]),
            None
        );
    }

    #[test]
    fn home_counts_need_every_checker_home() {
        let mut board = Board::empty();
        board.slots[Side::X.index()][..6].copy_from_slice(&[3, 2, 0, 0, 1, 4]);
        assert_eq!(home_counts(&board, Side::X), Some([3, 2, 0, 0, 1, 4]));
        board.slots[Side::X.index()][6] = 1;
        assert_eq!(home_counts(&board, Side::X), None);
    }
}
