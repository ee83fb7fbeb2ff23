//! The exact one-sided bear-off database: for every way of placing up to 15 checkers on a
//! side's six home points (54,264 positions), the distribution of the number of rolls needed to
//! bear them all off, and of the rolls needed to bear off the first of them (what decides
//! gammons).
//!
//! Each distribution follows the policy that minimises its own expected number of rolls (the
//! one-sided policy every bear-off database uses). Two distributions, one per side, give the
//! race's win and gammon chances under the assumption that the sides do not affect each other,
//! which is exact when there is no contact. The database is computed by tavli itself on first
//! use (about a quarter of a second), positions in increasing order of pip count, from a
//! bear-off move generator for checkers that are all home.

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

/// `positions_at_most[k][n]`: ways to place at most `n` checkers on `k` points, C(k + n, k).
fn positions_at_most() -> &'static [[u32; MAX_CHECKERS + 1]; 7] {
    static TABLE: OnceLock<[[u32; MAX_CHECKERS + 1]; 7]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [[0u32; MAX_CHECKERS + 1]; 7];
        table[0] = [1; MAX_CHECKERS + 1];
        for k in 1..7 {
            for n in 0..=MAX_CHECKERS {
                // Choose how many sit on the first of the k points, the rest on k - 1 points.
                table[k][n] = (0..=n).map(|first| table[k - 1][n - first]).sum();
            }
        }
        table
    })
}

/// The position's index in `0..POSITIONS`, or `None` with more than 15 checkers.
#[must_use]
pub fn index(counts: HomeCounts) -> Option<usize> {
    let table = positions_at_most();
    let mut remaining = MAX_CHECKERS;
    let mut rank = 0u32;
    for (point, &count) in counts.iter().enumerate() {
        let count = usize::from(count);
        if count > remaining {
            return None;
        }
        let later_points = 5 - point;
        for smaller in 0..count {
            rank += table[later_points][remaining - smaller];
        }
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

/// Every home position that one roll can reach from `counts` (each once), playing the dice in
/// either order, all four steps of a double, and stopping when the last checker is off.
fn reachable(counts: HomeCounts, high: u8, low: u8, found: &mut Vec<HomeCounts>) {
    found.clear();
    let orders: &[[u8; 4]] = if high == low {
        &[[high, high, high, high]]
    } else {
        &[[high, low, 0, 0], [low, high, 0, 0]]
    };
    for dice in orders {
        let steps = dice.iter().take_while(|&&d| d > 0).count();
        play_steps(counts, &dice[..steps], found);
    }
}

fn play_steps(counts: HomeCounts, dice: &[u8], found: &mut Vec<HomeCounts>) {
    let Some((&die, rest)) = dice.split_first() else {
        if !found.contains(&counts) {
            found.push(counts);
        }
        return;
    };
    if counts.iter().all(|&n| n == 0) {
        if !found.contains(&counts) {
            found.push(counts);
        }
        return;
    }
    let highest = counts.iter().rposition(|&n| n > 0).map_or(0, |i| i + 1);
    for point in 1..=6u8 {
        let from = usize::from(point - 1);
        if counts[from] == 0 {
            continue;
        }
        let mut next = counts;
        next[from] -= 1;
        if point > die {
            next[usize::from(point - die - 1)] += 1;
        } else if point < die && usize::from(point) != highest {
            // Bearing off with a larger die only from the highest occupied point.
            continue;
        }
        play_steps(next, rest, found);
    }
}

fn mean(distribution: &[f32]) -> f32 {
    distribution
        .iter()
        .enumerate()
        .map(|(rolls, &p)| rolls as f32 * p)
        .sum()
}

impl BearoffDatabase {
    /// The database, computed on first use and kept for the process.
    #[must_use]
    pub fn get() -> &'static BearoffDatabase {
        static DATABASE: OnceLock<BearoffDatabase> = OnceLock::new();
        DATABASE.get_or_init(BearoffDatabase::generate)
    }

    fn generate() -> BearoffDatabase {
        let mut positions: Vec<HomeCounts> = Vec::with_capacity(POSITIONS);
        let mut counts = [0u8; 6];
        loop {
            if counts.iter().map(|&n| usize::from(n)).sum::<usize>() <= MAX_CHECKERS {
                positions.push(counts);
            }
            // Odometer over 0..=15 per point.
            let mut digit = 0;
            loop {
                if digit == 6 {
                    break;
                }
                counts[digit] += 1;
                if usize::from(counts[digit]) <= MAX_CHECKERS {
                    break;
                }
                counts[digit] = 0;
                digit += 1;
            }
            if digit == 6 {
                break;
            }
        }
        let pips = |c: &HomeCounts| -> u32 {
            c.iter()
                .enumerate()
                .map(|(i, &n)| (i as u32 + 1) * u32::from(n))
                .sum()
        };
        positions.sort_by_key(pips);
        let mut all_off = vec![[0f32; MAX_ROLLS]; POSITIONS];
        let mut first_off = vec![[0f32; MAX_FIRST_ROLLS]; POSITIONS];
        let mut all_off_mean = vec![0f32; POSITIONS];
        let mut first_mean = vec![0f32; POSITIONS];
        let mut found = Vec::new();
        for &position in &positions {
            let this = index(position).expect("enumerated positions hold at most 15 checkers");
            let checkers: usize = position.iter().map(|&n| usize::from(n)).sum();
            if checkers == 0 {
                all_off[this][0] = 1.0;
                first_off[this][0] = 1.0;
                continue;
            }
            let mut distribution = [0f32; MAX_ROLLS];
            let mut first = [0f32; MAX_FIRST_ROLLS];
            for high in 1..=6u8 {
                for low in 1..=high {
                    let weight = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
                    reachable(position, high, low, &mut found);
                    let targets: Vec<usize> = found
                        .iter()
                        .map(|&c| index(c).expect("a play never adds checkers"))
                        .collect();
                    let best_all = targets
                        .iter()
                        .copied()
                        .min_by(|&a, &b| all_off_mean[a].total_cmp(&all_off_mean[b]))
                        .expect("a roll always reaches a position");
                    for n in 0..MAX_ROLLS - 1 {
                        distribution[n + 1] += weight * all_off[best_all][n];
                    }
                    // The first checker off: a play that bears one off is worth 0 more rolls.
                    let checkers_of =
                        |c: &HomeCounts| -> usize { c.iter().map(|&n| usize::from(n)).sum() };
                    let first_cost = |target: usize, c: &HomeCounts| {
                        if checkers_of(c) < checkers {
                            0.0
                        } else {
                            first_mean[target]
                        }
                    };
                    let (best_first, best_counts) = targets
                        .iter()
                        .copied()
                        .zip(found.iter())
                        .min_by(|a, b| first_cost(a.0, a.1).total_cmp(&first_cost(b.0, b.1)))
                        .expect("a roll always reaches a position");
                    if checkers_of(best_counts) < checkers {
                        first[1] += weight;
                    } else {
                        for n in 0..MAX_FIRST_ROLLS - 1 {
                            first[n + 1] += weight * first_off[best_first][n];
                        }
                    }
                }
            }
            all_off_mean[this] = mean(&distribution);
            first_mean[this] = mean(&first);
            all_off[this] = distribution;
            first_off[this] = first;
        }
        BearoffDatabase {
            all_off,
            first_off,
            all_off_mean,
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bearoff as small_table;

    #[test]
    fn indices_are_a_bijection() {
        let mut seen = vec![false; POSITIONS];
        let db = BearoffDatabase::get();
        assert_eq!(db.all_off.len(), POSITIONS);
        let mut counts = [0u8; 6];
        let mut total = 0;
        for a in 0..=15u8 {
            for b in 0..=15 - a {
                for c in 0..=15 - a - b {
                    for d in 0..=15 - a - b - c {
                        for e in 0..=15 - a - b - c - d {
                            for f in 0..=15 - a - b - c - d - e {
                                counts = [a, b, c, d, e, f];
                                let i = index(counts).unwrap();
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
        assert!(index([15, 1, 0, 0, 0, 0]).is_none());
        let _ = counts;
    }

    #[test]
    fn distributions_sum_to_one() {
        let db = BearoffDatabase::get();
        for distribution in &db.all_off {
            let sum: f32 = distribution.iter().sum();
            assert!((sum - 1.0).abs() < 1e-4, "{sum}");
            assert!(distribution[MAX_ROLLS - 1] == 0.0);
        }
        for first in &db.first_off {
            assert!((first.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            assert_eq!(first[MAX_FIRST_ROLLS - 1], 0.0);
        }
    }

    /// Ten positions checked against an independent exact enumeration: the small table of
    /// `engine::bearoff`, which plays every roll with the full rules engine's move generator.
    #[test]
    fn expected_rolls_equal_an_independent_enumeration() {
        let db = BearoffDatabase::get();
        let cases: [HomeCounts; 10] = [
            [1, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 1],
            [2, 2, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 2],
            [1, 1, 1, 1, 1, 1],
            [3, 0, 2, 0, 0, 1],
            [0, 0, 0, 3, 3, 0],
            [4, 0, 0, 0, 0, 4],
            [2, 2, 2, 2, 1, 1],
            [0, 1, 0, 2, 0, 3],
        ];
        for counts in cases {
            let mine: Vec<f64> = db
                .rolls_to_finish(counts)
                .unwrap()
                .iter()
                .map(|&p| f64::from(p))
                .collect();
            let theirs = small_table::rolls_to_finish(counts);
            for (n, &p) in theirs.iter().enumerate() {
                assert!(
                    (p - mine[n]).abs() < 1e-5,
                    "{counts:?} rolls {n}: {p} vs {}",
                    mine[n]
                );
            }
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
}
