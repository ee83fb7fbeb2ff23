//! Computes the one-sided bear-off database from the rules of the bear-off: every position of
//! up to 15 checkers in increasing order of pip count, each roll played to minimise the
//! expected number of rolls (and, separately, the rolls to bear off the first checker).
//!
//! This is what the shipped table ([`super::shipped`]) was made from; a test regenerates it and
//! compares. Speed comes from two things: a position's index doubles as its mark in "already
//! found" arrays (no search through the plays found so far), and a partial play that reaches a
//! position already reached after as many steps is not followed again (its plays are found).

use super::{index, mean, BearoffDatabase, HomeCounts, MAX_CHECKERS, MAX_FIRST_ROLLS, MAX_ROLLS};
use super::{Distribution, POSITIONS};

/// Every home position of at most 15 checkers, by increasing pip count.
pub(super) fn positions_by_pips() -> Vec<HomeCounts> {
    let mut positions: Vec<HomeCounts> = Vec::with_capacity(POSITIONS);
    let mut counts = [0u8; 6];
    loop {
        if checkers(&counts) <= MAX_CHECKERS {
            positions.push(counts);
        }
        // Odometer over 0..=15 per point.
        let mut digit = 0;
        while digit < 6 {
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
    positions
}

pub(super) fn checkers(counts: &HomeCounts) -> usize {
    counts.iter().map(|&n| usize::from(n)).sum()
}

/// The index of a position the generator made (never more than 15 checkers).
fn index_of(counts: HomeCounts) -> usize {
    index(counts).expect("a bear-off play never adds checkers")
}

/// The plays of one roll: the positions reached (each once, in the order a depth-first walk
/// over the dice orders and points 1..6 first reaches them) and their indices.
pub(super) struct Plays {
    pub(super) found: Vec<HomeCounts>,
    targets: Vec<usize>,
    /// `reached[target] == stamp`: the position is in `found` for this roll.
    reached: Vec<u32>,
    /// `walked[order][steps][position] == stamp`: the walk has been at this position after
    /// `steps` dice of this dice order, for this roll.
    walked: [[Vec<u32>; 4]; 2],
    stamp: u32,
}

impl Plays {
    pub(super) fn new() -> Plays {
        let marks = || vec![0u32; POSITIONS];
        Plays {
            found: Vec::new(),
            targets: Vec::new(),
            reached: marks(),
            walked: std::array::from_fn(|_| std::array::from_fn(|_| marks())),
            stamp: 0,
        }
    }

    /// Every home position one roll reaches from `counts`, playing the dice in either order,
    /// all four steps of a double, and stopping when the last checker is off.
    pub(super) fn reach(&mut self, counts: HomeCounts, high: u8, low: u8) {
        self.found.clear();
        self.targets.clear();
        self.stamp += 1;
        if high == low {
            self.walk(counts, &[high; 4], 0, 0);
        } else {
            self.walk(counts, &[high, low], 0, 0);
            self.walk(counts, &[low, high], 1, 0);
        }
    }

    fn record(&mut self, counts: HomeCounts, at: usize) {
        if self.reached[at] != self.stamp {
            self.reached[at] = self.stamp;
            self.found.push(counts);
            self.targets.push(at);
        }
    }

    fn walk(&mut self, counts: HomeCounts, dice: &[u8], order: usize, steps: usize) {
        let at = index_of(counts);
        let Some(&die) = dice.get(steps) else {
            self.record(counts, at);
            return;
        };
        if counts.iter().all(|&n| n == 0) {
            self.record(counts, at);
            return;
        }
        // Everything reachable from here with the dice left has been found already.
        if self.walked[order][steps][at] == self.stamp {
            return;
        }
        self.walked[order][steps][at] = self.stamp;
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
            self.walk(next, dice, order, steps + 1);
        }
    }
}

/// Computes the whole database (both distributions of every position).
pub(crate) fn generate() -> BearoffDatabase {
    let mut all_off = vec![[0f32; MAX_ROLLS]; POSITIONS];
    let mut first_off = vec![[0f32; MAX_FIRST_ROLLS]; POSITIONS];
    let mut all_off_mean = vec![0f32; POSITIONS];
    let mut first_mean = vec![0f32; POSITIONS];
    let mut plays = Plays::new();
    for position in positions_by_pips() {
        let this = index_of(position);
        let count = checkers(&position);
        if count == 0 {
            all_off[this][0] = 1.0;
            first_off[this][0] = 1.0;
            continue;
        }
        let mut distribution: Distribution = [0f32; MAX_ROLLS];
        let mut first = [0f32; MAX_FIRST_ROLLS];
        for high in 1..=6u8 {
            for low in 1..=high {
                let weight = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
                plays.reach(position, high, low);
                // The first of the equally good plays, as the walk found them.
                let best_all = plays
                    .targets
                    .iter()
                    .copied()
                    .min_by(|&a, &b| all_off_mean[a].total_cmp(&all_off_mean[b]))
                    .expect("a roll always reaches a position");
                for n in 0..MAX_ROLLS - 1 {
                    distribution[n + 1] += weight * all_off[best_all][n];
                }
                // The first checker off: a play that bears one off is worth 0 more rolls.
                let first_cost = |target: usize, counts: &HomeCounts| {
                    if checkers(counts) < count {
                        0.0
                    } else {
                        first_mean[target]
                    }
                };
                let (best_first, best_counts) = plays
                    .targets
                    .iter()
                    .copied()
                    .zip(plays.found.iter())
                    .min_by(|a, b| first_cost(a.0, a.1).total_cmp(&first_cost(b.0, b.1)))
                    .expect("a roll always reaches a position");
                if checkers(best_counts) < count {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{legal_plays, Board, Dice, Side, Variant};
    use std::collections::HashMap;

    /// An independent exact enumeration: every roll played with the full rules engine's move
    /// generator (not this module's bear-off walk), in f64, minimising the expected rolls.
    fn reference(counts: HomeCounts, memo: &mut HashMap<HomeCounts, Vec<f64>>) -> Vec<f64> {
        if let Some(found) = memo.get(&counts) {
            return found.clone();
        }
        let mut distribution = vec![0.0; MAX_ROLLS];
        if counts.iter().all(|&n| n == 0) {
            distribution[0] = 1.0;
            return distribution;
        }
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][..6].copy_from_slice(&counts);
        let board = Board::from_slots(slots, Variant::Standard).expect("a home board");
        for high in 1..=6u8 {
            for low in 1..=high {
                let dice = Dice::new(high, low).expect("two dice");
                let weight = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
                let best = legal_plays(&board, Side::X, dice)
                    .iter()
                    .map(|play| {
                        let mut next = [0u8; 6];
                        next.copy_from_slice(&play.result.slots[Side::X.index()][..6]);
                        reference(next, memo)
                    })
                    .min_by(|a, b| expected(a).total_cmp(&expected(b)))
                    .expect("a bear-off roll always has a play");
                for n in 0..MAX_ROLLS - 1 {
                    distribution[n + 1] += weight * best[n];
                }
            }
        }
        memo.insert(counts, distribution.clone());
        distribution
    }

    fn expected(distribution: &[f64]) -> f64 {
        distribution
            .iter()
            .enumerate()
            .map(|(rolls, p)| rolls as f64 * p)
            .sum()
    }

    #[test]
    fn distributions_equal_an_independent_enumeration() {
        let database = BearoffDatabase::get();
        let mut memo = HashMap::new();
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
            let expected = reference(counts, &mut memo);
            let found = database
                .rolls_to_finish(counts)
                .expect("at most 15 checkers");
            for (n, &p) in expected.iter().enumerate() {
                let q = f64::from(found[n]);
                assert!((p - q).abs() < 1e-5, "{counts:?} rolls {n}: {p} vs {q}");
            }
        }
        // Two on the six point: only 6-6, 5-5, 4-4 and 3-3 bear both off at once.
        let two_on_six = database.rolls_to_finish([0, 0, 0, 0, 0, 2]).expect("two");
        assert!((two_on_six[1] - 4.0 / 36.0).abs() < 1e-7);
    }

    #[test]
    fn the_walk_finds_each_position_once_in_the_order_first_reached() {
        let mut plays = Plays::new();
        // 2-1 with checkers on the two and six points: 2/off 6/5 first, then 6/4 2/1, then
        // 6/4/3 (the 1-2 order reaches the same three positions again).
        plays.reach([0, 1, 0, 0, 0, 1], 2, 1);
        assert_eq!(
            plays.found,
            vec![[0, 0, 0, 0, 1, 0], [1, 0, 0, 1, 0, 0], [0, 1, 1, 0, 0, 0]]
        );
        let indices: Vec<usize> = plays.found.iter().map(|&c| index_of(c)).collect();
        assert_eq!(plays.targets, indices);
        // A double from fifteen checkers on the six point: 6-6 bears off four.
        plays.reach([0, 0, 0, 0, 0, 15], 6, 6);
        assert_eq!(plays.found, vec![[0, 0, 0, 0, 0, 11]]);
    }

    /// Every home position of at most `most` checkers but the empty one.
    fn positions_up_to(most: usize) -> Vec<HomeCounts> {
        positions_by_pips()
            .into_iter()
            .filter(|counts| (1..=most).contains(&checkers(counts)))
            .collect()
    }

    /// pubeval's race model reads this f32 table up to ten checkers where it read an f64
    /// table of its own before: the numbers move by f32 rounding only, and a play chosen from
    /// them differs only between plays whose exact chances are equal to that rounding.
    /// Prints the figures.
    #[test]
    #[ignore = "slow: an exact f64 enumeration of every position of up to ten checkers"]
    #[allow(clippy::print_stderr)] // the figures are the point of this test
    fn pubeval_figures_move_by_rounding_only() {
        let database = BearoffDatabase::get();
        let mut memo = HashMap::new();
        let positions = positions_up_to(10);
        let mut largest = 0f64;
        for &counts in &positions {
            let exact = reference(counts, &mut memo);
            let found = database.rolls_to_finish(counts).expect("ten checkers");
            for (n, &p) in exact.iter().enumerate() {
                largest = largest.max((p - f64::from(found[n])).abs());
            }
        }
        // The old table's win chance, from the f64 distributions.
        let exact_win = |mine: &[f64], theirs: &[f64]| -> f64 {
            let mut at_least = [0.0f64; MAX_ROLLS + 1];
            for rolls in (0..MAX_ROLLS).rev() {
                at_least[rolls] = at_least[rolls + 1] + theirs[rolls];
            }
            (1..MAX_ROLLS).map(|n| mine[n] * at_least[n]).sum()
        };
        let mut largest_win = 0f64;
        let mut pairs = 0;
        for (i, &mine) in positions.iter().enumerate() {
            for &theirs in positions.iter().skip(i % 11).step_by(11) {
                let exact = exact_win(&memo[&mine], &memo[&theirs]);
                let found = database.win_chance(mine, theirs).expect("ten checkers");
                largest_win = largest_win.max((exact - found).abs());
                pairs += 1;
            }
        }
        // The play pubeval's table chooses: the one leaving the opponent the least chance.
        let (mut decisions, mut choices, mut different) = (0, 0, 0);
        let mut largest_gap = 0f64;
        for (i, &mine) in positions.iter().enumerate().step_by(3) {
            let theirs = positions[(i * 7919) % positions.len()];
            let mut slots = [[0u8; 25]; 2];
            slots[Side::X.index()][..6].copy_from_slice(&mine);
            slots[Side::O.index()][..6].copy_from_slice(&theirs);
            let board = Board::from_slots(slots, Variant::Standard).expect("a race");
            for high in 1..=6u8 {
                for low in 1..=high {
                    let dice = Dice::new(high, low).expect("two dice");
                    let (mut exact_best, mut found_best) = ((f64::MAX, 0), (f64::MAX, 0));
                    let mut found_choice_exact = f64::MAX;
                    let mut candidates = 0;
                    for (k, play) in legal_plays(&board, Side::X, dice).iter().enumerate() {
                        let mut after = [0u8; 6];
                        after.copy_from_slice(&play.result.slots[Side::X.index()][..6]);
                        if checkers(&after) == 0 {
                            continue;
                        }
                        candidates += 1;
                        let after_exact = reference(after, &mut memo);
                        let exact = exact_win(&memo[&theirs], &after_exact);
                        let found = database.win_chance(theirs, after).expect("ten checkers");
                        largest_win = largest_win.max((exact - found).abs());
                        if exact < exact_best.0 {
                            exact_best = (exact, k);
                        }
                        if found < found_best.0 {
                            found_best = (found, k);
                            found_choice_exact = exact;
                        }
                    }
                    decisions += 1;
                    if candidates > 1 {
                        choices += 1;
                    }
                    if exact_best.1 != found_best.1 {
                        different += 1;
                        largest_gap = largest_gap.max(found_choice_exact - exact_best.0);
                    }
                }
            }
        }
        eprintln!(
            "positions {}: largest difference of a distribution entry {largest:e}; of a win \
             chance {largest_win:e} over {pairs} pairs; {decisions} rolls ({choices} with a \
             choice), {different} chosen differently, the exact chances of the two plays at most \
             {largest_gap:e} apart",
            positions.len()
        );
        assert!(
            largest < 1e-6 && largest_win < 2e-6,
            "{largest} {largest_win}"
        );
        assert!(choices > 1000);
        // A play chosen differently is worse by at most the rounding of the two chances.
        assert!(largest_gap <= 2.0 * largest_win, "{largest_gap}");
    }
}
