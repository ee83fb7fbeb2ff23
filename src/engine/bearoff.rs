//! A one-sided bear-off table, built lazily: for a side with all its checkers (at most
//! [`MAX_CHECKERS`]) in its home board, the exact distribution of the number of rolls it needs
//! to bear them all off, playing each roll to minimise the expected number of rolls.
//!
//! Two such distributions give the race's win chance exactly under that policy (the one-sided
//! approximation every bear-off database uses): the player on roll wins when it needs no more
//! rolls than the opponent. Positions are computed on first use and kept for the process.

use crate::rules::{legal_plays, Board, Dice, Side, Variant};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// The most checkers a side may have left for the table to be used.
pub const MAX_CHECKERS: u32 = 10;
/// Distributions are cut at this many rolls (more is impossible with ten checkers).
const MAX_ROLLS: usize = 32;

type Distribution = [f64; MAX_ROLLS];
type Table = HashMap<[u8; 6], Distribution>;

fn table() -> &'static Mutex<Table> {
    static TABLE: OnceLock<Mutex<Table>> = OnceLock::new();
    TABLE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The home-board counts of `side` (points 1..6) if every checker it has left is there and
/// there are at most [`MAX_CHECKERS`] of them.
#[must_use]
pub fn home_counts(board: &Board, side: Side) -> Option<[u8; 6]> {
    let slots = &board.slots[side.index()];
    if slots[6..].iter().any(|&n| n > 0) || board.checkers_in_play(side) > MAX_CHECKERS {
        return None;
    }
    let mut counts = [0u8; 6];
    counts.copy_from_slice(&slots[..6]);
    Some(counts)
}

fn expected(distribution: &Distribution) -> f64 {
    distribution
        .iter()
        .enumerate()
        .map(|(rolls, p)| rolls as f64 * p)
        .sum()
}

fn compute(table: &mut Table, counts: [u8; 6]) -> Distribution {
    if let Some(found) = table.get(&counts) {
        return *found;
    }
    let mut distribution = [0.0; MAX_ROLLS];
    if counts.iter().all(|&n| n == 0) {
        distribution[0] = 1.0;
        table.insert(counts, distribution);
        return distribution;
    }
    let mut slots = [[0u8; 25]; 2];
    slots[Side::X.index()][..6].copy_from_slice(&counts);
    let Ok(board) = Board::from_slots(slots, Variant::Standard) else {
        distribution[MAX_ROLLS - 1] = 1.0;
        return distribution;
    };
    for first in 1..=6u8 {
        for second in first..=6u8 {
            let Ok(dice) = Dice::new(second, first) else {
                continue;
            };
            let weight = if first == second {
                1.0 / 36.0
            } else {
                2.0 / 36.0
            };
            let mut best: Option<(f64, Distribution)> = None;
            for play in legal_plays(&board, Side::X, dice) {
                let mut next = [0u8; 6];
                next.copy_from_slice(&play.result.slots[Side::X.index()][..6]);
                let after = compute(table, next);
                let mean = expected(&after);
                if best.is_none_or(|(best_mean, _)| mean < best_mean) {
                    best = Some((mean, after));
                }
            }
            let after = best.map_or_else(
                || {
                    // No legal play (cannot happen with checkers home); stay put.
                    let mut same = [0.0; MAX_ROLLS];
                    same[MAX_ROLLS - 1] = 1.0;
                    same
                },
                |(_, after)| after,
            );
            for rolls in 0..MAX_ROLLS - 1 {
                distribution[rolls + 1] += weight * after[rolls];
            }
            distribution[MAX_ROLLS - 1] += weight * after[MAX_ROLLS - 1];
        }
    }
    table.insert(counts, distribution);
    distribution
}

/// The distribution of the number of rolls needed to bear off `counts` (home points 1..6).
#[must_use]
pub fn rolls_to_finish(counts: [u8; 6]) -> Vec<f64> {
    let mut table = table()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    compute(&mut table, counts).to_vec()
}

/// Fills the whole table (every home-board position of up to [`MAX_CHECKERS`] checkers),
/// one position per lock so that lookups can run meanwhile. Servers call it on a background
/// thread at start so that no reply waits for the table.
pub fn warm_up() {
    fn fill(counts: &mut [u8; 6], point: usize, left: u8) {
        if point == 5 {
            counts[5] = left;
            let mut table = table()
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            compute(&mut table, *counts);
            return;
        }
        for here in 0..=left {
            counts[point] = here;
            fill(counts, point + 1, left - here);
        }
    }
    for checkers in 1..=MAX_CHECKERS as u8 {
        fill(&mut [0; 6], 0, checkers);
    }
}

/// The chance that the player on roll with `mine` left beats the opponent with `theirs` left,
/// both bearing off to minimise their expected number of rolls.
#[must_use]
pub fn win_chance(mine: [u8; 6], theirs: [u8; 6]) -> f64 {
    let me = rolls_to_finish(mine);
    let them = rolls_to_finish(theirs);
    // I win if I finish on my roll i while the opponent needs at least i rolls.
    let mut at_least = vec![0.0; MAX_ROLLS + 1];
    for rolls in (0..MAX_ROLLS).rev() {
        at_least[rolls] = at_least[rolls + 1] + them[rolls];
    }
    (1..MAX_ROLLS)
        .map(|rolls| me[rolls] * at_least[rolls])
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_bear_offs_are_exact() {
        // One checker on the ace point: always one roll.
        assert!((rolls_to_finish([1, 0, 0, 0, 0, 0])[1] - 1.0).abs() < 1e-12);
        // Two on the six point: only doubles of 3 or more... 6-6, 5-5, 4-4, 3-3 do it at once.
        let two_on_six = rolls_to_finish([0, 0, 0, 0, 0, 2]);
        assert!((two_on_six[1] - 4.0 / 36.0).abs() < 1e-12);
        // Against a sure one-roll finish, the player on roll wins only by finishing now.
        let chance = win_chance([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]);
        assert!((chance - 4.0 / 36.0).abs() < 1e-12);
        let total: f64 = rolls_to_finish([2, 1, 3, 0, 2, 2]).iter().sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_full_ten_checker_table_builds_quickly_enough() {
        let started = std::time::Instant::now();
        let chance = win_chance([2, 2, 2, 2, 1, 1], [1, 1, 2, 2, 2, 2]);
        assert!(chance > 0.5 && chance < 1.0, "{chance}");
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
    }
}
