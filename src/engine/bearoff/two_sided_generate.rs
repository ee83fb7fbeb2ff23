//! Computes the two-sided bear-off database by recursion over the 21 rolls: every pair of
//! home positions of up to six checkers, in increasing order of the two sides' pip counts
//! together (a play always lowers its side's count, so every position a pair leads to is
//! already known), the side on roll choosing for each roll the play that is best for the
//! quantity computed (the most wins cubeless; the most equity for each cube state).
//!
//! The cube recursion is the optimal one for money with no gammons (none are possible: see
//! [`super::two_sided`]), equities per unit of the cube as it stands, the cube unlimited:
//!
//! - rolling with the cube centred is worth the average over the rolls of the best play's
//!   `-centred(after)` (the opponent then on roll with the cube centred);
//! - rolling with the cube owned is worth the average of `-opponent_owns(after)`;
//! - with the opponent owning the cube the side cannot double: the average of `-owned(after)`;
//! - where the side may double, its equity is the larger of rolling and of doubling, and a
//!   double is worth `min(1, 2 * opponent_owns)`: the opponent passes (1) or takes and owns
//!   the doubled cube, whichever is less for the doubler.

use super::generate::{checkers, Plays};
use super::two_sided::{TwoSidedDatabase, TwoSidedEntry, SIDE_POSITIONS, TWO_SIDED_CHECKERS};
use super::{index, HomeCounts, POSITIONS};

/// Every home position of at most six checkers, by increasing pip count: the order of the
/// two-sided index of one side. The same order as the one-sided generator's
/// (`positions_by_pips`, a test checks it), enumerated over 7^6 counts instead of 16^6 so
/// that a process reading the disk cache spends microseconds here, not tens of milliseconds.
pub(super) fn side_positions() -> Vec<HomeCounts> {
    let mut positions = Vec::with_capacity(SIDE_POSITIONS);
    let mut counts = [0u8; 6];
    loop {
        if checkers(&counts) <= TWO_SIDED_CHECKERS {
            positions.push(counts);
        }
        // Odometer over 0..=6 per point, the first point turning fastest.
        let mut digit = 0;
        while digit < 6 {
            counts[digit] += 1;
            if usize::from(counts[digit]) <= TWO_SIDED_CHECKERS {
                break;
            }
            counts[digit] = 0;
            digit += 1;
        }
        if digit == 6 {
            break;
        }
    }
    // A stable sort, as the one-sided generator's.
    positions.sort_by_key(pips);
    positions
}

/// `side_index[one-sided index]`: the two-sided index of a position of up to six checkers.
pub(super) fn side_indices(positions: &[HomeCounts]) -> Vec<u16> {
    let mut side_index = vec![u16::MAX; POSITIONS];
    for (rank, &counts) in positions.iter().enumerate() {
        let at = index(counts).expect("at most six checkers");
        side_index[at] = u16::try_from(rank).expect("924 positions");
    }
    side_index
}

fn pips(counts: &HomeCounts) -> usize {
    counts
        .iter()
        .enumerate()
        .map(|(point, &n)| (point + 1) * usize::from(n))
        .sum()
}

/// The positions one side reaches from each of its positions with each roll, as two-sided
/// indices: `targets[offsets[position * 21 + roll]..offsets[position * 21 + roll + 1]]`.
struct Successors {
    offsets: Vec<usize>,
    targets: Vec<u16>,
}

/// The 21 rolls as (high, low, weight in 36ths).
pub(super) fn rolls() -> impl Iterator<Item = (u8, u8, f64)> {
    (1..=6u8).flat_map(|high| {
        (1..=high).map(move |low| (high, low, if high == low { 1.0 } else { 2.0 }))
    })
}

impl Successors {
    fn new(positions: &[HomeCounts], side_index: &[u16]) -> Successors {
        let mut plays = Plays::new();
        let mut offsets = vec![0];
        let mut targets = Vec::new();
        for &counts in positions {
            for (high, low, _) in rolls() {
                plays.reach(counts, high, low);
                targets.extend(
                    plays.found.iter().map(|&after| {
                        side_index[index(after).expect("a play never adds checkers")]
                    }),
                );
                offsets.push(targets.len());
            }
        }
        Successors { offsets, targets }
    }

    fn of(&self, position: usize, roll: usize) -> &[u16] {
        let at = position * 21 + roll;
        &self.targets[self.offsets[at]..self.offsets[at + 1]]
    }
}

/// The pair's entry once the side on roll `mine` faces `theirs`, from the entries of the
/// pairs it leads to (`table[theirs * SIDE_POSITIONS + after]`).
fn entry(
    table: &[TwoSidedEntry],
    successors: &Successors,
    mine: usize,
    theirs: usize,
) -> TwoSidedEntry {
    let row = &table[theirs * SIDE_POSITIONS..(theirs + 1) * SIDE_POSITIONS];
    let (mut win, mut centred, mut owned, mut opponent_owns) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (roll, (_, _, weight)) in rolls().enumerate() {
        let (mut best_win, mut best_centred, mut best_owned, mut best_opponent_owns) =
            (f64::MIN, f64::MIN, f64::MIN, f64::MIN);
        for &after in successors.of(mine, roll) {
            let next = &row[usize::from(after)];
            best_win = best_win.max(1.0 - f64::from(next.win));
            best_centred = best_centred.max(-next.centred());
            best_owned = best_owned.max(-f64::from(next.opponent_owns));
            best_opponent_owns = best_opponent_owns.max(-next.owned());
        }
        win += weight * best_win;
        centred += weight * best_centred;
        owned += weight * best_owned;
        opponent_owns += weight * best_opponent_owns;
    }
    TwoSidedEntry {
        win: (win / 36.0) as f32,
        centred_no_double: (centred / 36.0) as f32,
        owned_no_double: (owned / 36.0) as f32,
        opponent_owns: (opponent_owns / 36.0) as f32,
    }
}

/// Computes the whole database.
pub(crate) fn generate() -> TwoSidedDatabase {
    let positions = side_positions();
    assert_eq!(positions.len(), SIDE_POSITIONS);
    let side_index = side_indices(&positions);
    let successors = Successors::new(&positions, &side_index);
    let pip_counts: Vec<usize> = positions.iter().map(pips).collect();
    let most_pips = pip_counts.last().copied().unwrap_or(0);
    // The positions of each pip count: a range of the sorted list.
    let mut with_pips = vec![(0usize, 0usize); most_pips + 1];
    for (rank, &count) in pip_counts.iter().enumerate() {
        if with_pips[count].1 == 0 {
            with_pips[count].0 = rank;
        }
        with_pips[count].1 = rank + 1;
    }
    let mut table = vec![TwoSidedEntry::LOST; SIDE_POSITIONS * SIDE_POSITIONS];
    // The empty position (index 0) has borne everything off: on roll with it, the side has won.
    table[..SIDE_POSITIONS].fill(TwoSidedEntry::WON);
    for total in 1..=2 * most_pips {
        for mine in 1..SIDE_POSITIONS {
            let Some(their_pips) = total.checked_sub(pip_counts[mine]) else {
                continue;
            };
            // The pairs where the other side has borne off are lost (the initial value).
            if their_pips == 0 || their_pips > most_pips {
                continue;
            }
            let (from, to) = with_pips[their_pips];
            for theirs in from..to {
                table[mine * SIDE_POSITIONS + theirs] = entry(&table, &successors, mine, theirs);
            }
        }
    }
    TwoSidedDatabase::from_entries(table, side_index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bearoff::generate::positions_by_pips;

    #[test]
    fn side_positions_keep_the_one_sided_generators_order() {
        let expected: Vec<HomeCounts> = positions_by_pips()
            .into_iter()
            .filter(|counts| checkers(counts) <= TWO_SIDED_CHECKERS)
            .collect();
        assert_eq!(side_positions(), expected);
        assert_eq!(expected.len(), SIDE_POSITIONS);
    }
}
