//! What a network sees of a position: for each side, from the side on roll first, truncated
//! unary counts of its checkers on each point and the bar, its borne-off checkers, and a few
//! hand-made features.
//!
//! The point and bar inputs are TD-Gammon's: for `n` checkers, `n >= 1`, `n >= 2`, `n >= 3`
//! and `(n - 3) / 2` beyond three. The hand-made features, per side:
//! - its pip count (scaled by the starting 167);
//! - its back checkers (on its points 19-24 or the bar), its blots, and its home-board points;
//! - its longest prime (run of consecutive points held by two or more);
//! - its exposure: the share of the 36 rolls with which the other side could hit one of its
//!   blots, directly or through open intermediate points (an estimate: the other side's
//!   checkers on the bar are not required to enter first);
//! - its distance to break contact: the pips its checkers still have to travel to pass the
//!   other side's rearmost checker;
//! - when all its checkers are on its home points: a flag and the exact expected number of
//!   rolls to bear them off (from [`crate::engine::bearoff_database`]);
//! - (encoding 2) its expected pip loss: over the 36 rolls, the pips the other side would send
//!   back with its most costly hit (a blot on point `p` loses `25 - p` pips);
//! - (encoding 2) the freedom of its rearmost checker: the share of the 36 rolls it could play
//!   whole (every step landing on a point the other side does not hold), zero without contact;
//! - (encoding 2) its chance to dance when it has checkers on the bar: the square of the share
//!   of the other side's home points that are closed;
//! - (encoding 2) its anchors: points it holds in the other side's home board.
//!
//! A net trained on encoding 1 reads as an encoding-2 net whose weights from the new inputs are
//! zero (see [`upgrade_index`]): the same function, and the start of training with them.

use crate::engine::bearoff_database::{self, BearoffDatabase};
use crate::rules::{Board, Side, BAR};
use std::sync::OnceLock;

/// Inputs per side.
pub const INPUTS_PER_SIDE: usize = 25 * 4 + 14;
/// Inputs of a network: the side on roll first, then the other.
pub const INPUTS: usize = 2 * INPUTS_PER_SIDE;
/// The version of this encoding, written into weight files so that a net trained on another
/// encoding is refused.
pub const ENCODING_VERSION: u32 = 2;
/// Inputs per side of encoding 1 (the first ten hand-made features).
const INPUTS_PER_SIDE_1: usize = 25 * 4 + 10;
/// Inputs of a net trained on encoding 1.
pub const INPUTS_1: usize = 2 * INPUTS_PER_SIDE_1;

/// Where input `index` of encoding 1 sits in this encoding (each side's block keeps its first
/// inputs in order; the new features follow them).
#[must_use]
pub fn upgrade_index(index: usize) -> usize {
    let (side, within) = (index / INPUTS_PER_SIDE_1, index % INPUTS_PER_SIDE_1);
    side * INPUTS_PER_SIDE + within
}

/// The non-zero inputs of one position, as (index, value) pairs in increasing index order.
#[derive(Clone, Debug)]
pub struct SparseInputs {
    indices: [u16; INPUTS],
    values: [f32; INPUTS],
    len: usize,
}

impl Default for SparseInputs {
    fn default() -> Self {
        SparseInputs {
            indices: [0; INPUTS],
            values: [0.0; INPUTS],
            len: 0,
        }
    }
}

impl SparseInputs {
    fn push(&mut self, index: usize, value: f32) {
        if value != 0.0 {
            self.push_non_zero(index, value);
        }
    }

    /// Appends an input known to be non-zero.
    #[inline(always)]
    fn push_non_zero(&mut self, index: usize, value: f32) {
        self.indices[self.len] = index as u16;
        self.values[self.len] = value;
        self.len += 1;
    }

    /// Appends an input of value one.
    #[inline(always)]
    fn push_one(&mut self, index: usize) {
        self.push_non_zero(index, 1.0);
    }

    /// The non-zero inputs.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.indices[..self.len]
            .iter()
            .zip(&self.values[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// The inputs as a dense vector (for tests and tools).
    #[must_use]
    pub fn dense(&self) -> Vec<f32> {
        let mut dense = vec![0.0; INPUTS];
        for (i, v) in self.iter() {
            dense[i] = v;
        }
        dense
    }
}

/// Writes the inputs of `board` with `on_roll` about to roll into `inputs`. `contact` says
/// whether the sides can still hit each other (the exposure features are zero otherwise).
pub fn encode(board: &Board, on_roll: Side, contact: bool, inputs: &mut SparseInputs) {
    inputs.len = 0;
    for (offset, side) in [(0, on_roll), (INPUTS_PER_SIDE, on_roll.opponent())] {
        encode_side(board, side, contact, offset, inputs);
    }
}

fn encode_side(board: &Board, side: Side, contact: bool, offset: usize, inputs: &mut SparseInputs) {
    let own = &board.slots[side.index()];
    let other = &board.slots[side.opponent().index()];
    for (slot, &count) in own.iter().enumerate() {
        // Most points are empty: nothing to write for them.
        if count == 0 {
            continue;
        }
        let base = offset + slot * 4;
        inputs.push_one(base);
        if count >= 2 {
            inputs.push_one(base + 1);
        }
        if count >= 3 {
            inputs.push_one(base + 2);
        }
        if count > 3 {
            inputs.push_non_zero(base + 3, (f32::from(count) - 3.0) / 2.0);
        }
    }
    let base = offset + 100;
    inputs.push(base, f32::from(board.off[side.index()]) / 15.0);
    inputs.push(base + 1, board.pips(side) as f32 / 167.0);
    let back: u8 = own[18..=BAR].iter().sum();
    inputs.push(base + 2, f32::from(back) / 5.0);
    let blots = own[..24].iter().filter(|&&n| n == 1).count();
    inputs.push(base + 3, blots as f32 / 5.0);
    let home_points = own[..6].iter().filter(|&&n| n >= 2).count();
    inputs.push(base + 4, home_points as f32 / 6.0);
    inputs.push(base + 5, longest_prime(own) as f32 / 6.0);
    let shots = if contact {
        shots(own, other)
    } else {
        Shots::default()
    };
    inputs.push(base + 6, shots.rolls as f32 / 36.0);
    inputs.push(base + 7, pips_to_break_contact(own, other) as f32 / 60.0);
    if let Some(counts) = bearoff_database::home_counts(board, side) {
        let expected = BearoffDatabase::get()
            .expected_rolls(counts)
            .unwrap_or_default();
        inputs.push(base + 8, 1.0);
        inputs.push(base + 9, expected / 10.0);
    }
    inputs.push(base + 10, shots.pip_loss as f32 / (36.0 * 10.0));
    if contact {
        inputs.push(base + 11, rearmost_freedom(own, other) as f32 / 36.0);
    }
    if own[BAR] > 0 {
        let closed = other[..6].iter().filter(|&&n| n >= 2).count() as f32 / 6.0;
        inputs.push(base + 12, closed * closed);
    }
    let anchors = own[18..24].iter().filter(|&&n| n >= 2).count();
    inputs.push(base + 13, anchors as f32 / 2.0);
}

fn longest_prime(own: &[u8; 25]) -> usize {
    let mut longest = 0;
    let mut run = 0;
    for &count in &own[..24] {
        if count >= 2 {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    longest
}

/// The other side's rearmost checker as a position in `own`'s numbering: 0 for its bar, else
/// `25 - q` for its point `q`; `None` when it has no checker left in play.
fn rearmost_of_other(other: &[u8; 25]) -> Option<usize> {
    if other[BAR] > 0 {
        return Some(0);
    }
    (0..24).rev().find(|&i| other[i] > 0).map(|i| 24 - i)
}

fn pips_to_break_contact(own: &[u8; 25], other: &[u8; 25]) -> u32 {
    let Some(rearmost) = rearmost_of_other(other) else {
        return 0;
    };
    own.iter()
        .enumerate()
        .map(|(slot, &count)| {
            let point = slot + 1; // 25 for the bar
            if point > rearmost {
                (point - rearmost) as u32 * u32::from(count)
            } else {
                0
            }
        })
        .sum()
}

/// One way a roll moves a checker exactly `distance` pips: the roll (an index into the 21
/// rolls) and the points it lands on first, as offsets from the start (each must be open).
#[derive(Clone, Copy)]
struct Path {
    roll: u8,
    stops: [u8; 3],
    stop_count: u8,
}

/// The 21 rolls, larger die first, in the order of `Dice::all_rolls`.
fn rolls() -> impl Iterator<Item = (usize, usize, usize)> {
    (1..=6usize)
        .flat_map(|high| (1..=high).map(move |low| (high, low)))
        .enumerate()
        .map(|(index, (high, low))| (index, high, low))
}

/// `PATHS[d]`: every path of exactly `d` pips, for `d` in 1..=24.
fn paths() -> &'static [Vec<Path>; 25] {
    static PATHS: OnceLock<[Vec<Path>; 25]> = OnceLock::new();
    PATHS.get_or_init(|| {
        let mut paths: [Vec<Path>; 25] = Default::default();
        for (roll, high, low) in rolls() {
            let roll = roll as u8;
            if high == low {
                for steps in 1..=4usize {
                    let mut stops = [0u8; 3];
                    for (j, stop) in stops.iter_mut().enumerate().take(steps - 1) {
                        *stop = (high * (j + 1)) as u8;
                    }
                    let path = Path {
                        roll,
                        stops,
                        stop_count: (steps - 1) as u8,
                    };
                    paths[high * steps].push(path);
                }
            } else {
                for die in [high, low] {
                    paths[die].push(Path {
                        roll,
                        stops: [0; 3],
                        stop_count: 0,
                    });
                }
                for first in [high, low] {
                    let path = Path {
                        roll,
                        stops: [first as u8, 0, 0],
                        stop_count: 1,
                    };
                    paths[high + low].push(path);
                }
            }
        }
        paths
    })
}

/// What the other side's next roll threatens against `own`'s blots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Shots {
    /// How many of the 36 rolls hit a blot.
    rolls: u32,
    /// Over the 36 rolls, the sum of the pips lost to the most costly hit of each roll.
    pip_loss: u32,
}

/// The other side's shots at the blots of `own` (see the module docs).
fn shots(own: &[u8; 25], other: &[u8; 25]) -> Shots {
    // Positions in own's numbering: blots on 1..24; the other side moves upwards from 0 (its bar).
    let mut blots = 0u32;
    let mut blocked = 0u32;
    for (slot, &count) in own[..24].iter().enumerate() {
        match count {
            1 => blots |= 1 << (slot + 1),
            n if n >= 2 => blocked |= 1 << (slot + 1),
            _ => {}
        }
    }
    if blots == 0 {
        return Shots::default();
    }
    let paths = paths();
    let mut hitting_rolls = 0u32;
    // The largest loss each of the 21 rolls can inflict.
    let mut loss = [0u8; 21];
    let mut sources = u32::from(other[BAR] > 0);
    for (q, &count) in other[..24].iter().enumerate() {
        if count > 0 {
            sources |= 1 << (24 - q);
        }
    }
    let mut remaining_sources = sources;
    while remaining_sources != 0 {
        let from = remaining_sources.trailing_zeros() as usize;
        remaining_sources &= remaining_sources - 1;
        let mut targets = blots & !((2u32 << from) - 1);
        while targets != 0 {
            let blot = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let distance = blot - from;
            if distance > 24 {
                continue;
            }
            for path in &paths[distance] {
                let open = path.stops[..usize::from(path.stop_count)]
                    .iter()
                    .all(|&stop| blocked & (1 << (from + usize::from(stop))) == 0);
                if open {
                    hitting_rolls |= 1 << path.roll;
                    let roll_loss = &mut loss[usize::from(path.roll)];
                    *roll_loss = (*roll_loss).max((25 - blot) as u8);
                }
            }
        }
    }
    // Doubles count once, other rolls twice.
    let mut shots = Shots::default();
    for (roll, high, low) in rolls() {
        if hitting_rolls & (1 << roll) != 0 {
            let weight = if high == low { 1 } else { 2 };
            shots.rolls += weight;
            shots.pip_loss += weight * u32::from(loss[roll]);
        }
    }
    shots
}

/// How many of the 36 rolls `own`'s rearmost checker could play whole, every step landing on a
/// point the other side does not hold (a checker borne off lands nowhere and is free).
fn rearmost_freedom(own: &[u8; 25], other: &[u8; 25]) -> u32 {
    let Some(rearmost) = (0..=BAR).rev().find(|&slot| own[slot] > 0) else {
        return 0;
    };
    // Positions in own's numbering (pips to go): the checker starts at `rearmost + 1`; own
    // point `p` is the other side's slot `24 - p`.
    let start = rearmost as i32 + 1;
    let open = |position: i32| position <= 0 || other[(24 - position) as usize] < 2;
    let mut free = 0;
    for (_, high, low) in rolls() {
        let (high, low) = (high as i32, low as i32);
        if high == low {
            if (1..=4).all(|step| open(start - step * high)) {
                free += 1;
            }
        } else {
            let through = |first: i32| open(start - first) && open(start - high - low);
            if through(high) || through(low) {
                free += 2;
            }
        }
    }
    free
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn the_starting_position_is_symmetric() {
        let board = Board::start(Variant::Standard);
        let mut inputs = SparseInputs::default();
        encode(&board, Side::X, true, &mut inputs);
        let dense = inputs.dense();
        assert_eq!(dense[..INPUTS_PER_SIDE], dense[INPUTS_PER_SIDE..]);
        // Two checkers on the 24-point, five on the 13, three on the 8, five on the 6.
        assert_eq!(dense[23 * 4..23 * 4 + 4], [1.0, 1.0, 0.0, 0.0]);
        assert_eq!(dense[12 * 4..12 * 4 + 4], [1.0, 1.0, 1.0, 1.0]);
        assert!((dense[101] - 1.0).abs() < 1e-6);
    }

    /// The first way of counting exposure, roll by roll: the oracle of the fast one.
    fn exposure_by_rolls(own: &[u8; 25], other: &[u8; 25]) -> u32 {
        // Positions in own's numbering: blots on 1..24; the other side moves upwards from 0 (its bar).
        let mut blots = 0u32;
        let mut blocked = 0u32;
        for (slot, &count) in own[..24].iter().enumerate() {
            match count {
                1 => blots |= 1 << (slot + 1),
                n if n >= 2 => blocked |= 1 << (slot + 1),
                _ => {}
            }
        }
        if blots == 0 {
            return 0;
        }
        let mut sources = [0usize; 25];
        let mut source_count = 0;
        if other[BAR] > 0 {
            sources[0] = 0;
            source_count = 1;
        }
        for (q, &count) in other[..24].iter().enumerate() {
            let position = 24 - q;
            if count > 0 && (blots >> (position + 1)) != 0 {
                sources[source_count] = position;
                source_count += 1;
            }
        }
        let sources = &sources[..source_count];
        let open = |point: usize| point <= 24 && blocked & (1 << point) == 0;
        let mut hits = 0;
        for high in 1..=6usize {
            for low in 1..=high {
                let weight = if high == low { 1 } else { 2 };
                let hit = sources.iter().any(|&from| {
                    let mut reach = 0u32;
                    if high == low {
                        let mut at = from;
                        for _ in 0..4 {
                            at += high;
                            if !open(at) {
                                break;
                            }
                            reach |= 1 << at;
                        }
                    } else {
                        for (first, second) in [(high, low), (low, high)] {
                            if open(from + first) {
                                reach |= 1 << (from + first);
                                if open(from + first + second) {
                                    reach |= 1 << (from + first + second);
                                }
                            }
                        }
                    }
                    reach & blots != 0
                });
                if hit {
                    hits += weight;
                }
            }
        }
        hits
    }

    #[test]
    fn exposure_equals_the_roll_by_roll_count_on_random_boards() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..20_000 {
            let mut own = [0u8; 25];
            let mut other = [0u8; 25];
            for slot in 0..24 {
                match rng.gen_range(0..6) {
                    0 => own[slot] = 1,
                    1 => own[slot] = rng.gen_range(2..5),
                    2 => other[23 - slot] = rng.gen_range(1..4),
                    _ => {}
                }
            }
            other[BAR] = rng.gen_range(0..2);
            assert_eq!(shots(&own, &other).rolls, exposure_by_rolls(&own, &other));
        }
    }

    #[test]
    fn a_blot_six_away_is_hit_by_seventeen_rolls() {
        let mut own = [0u8; 25];
        own[9] = 1; // blot on own 10-point
        let mut other = [0u8; 25];
        other[24 - 4] = 2; // other's 21-point = own 4-point, six pips behind the blot
        assert_eq!(shots(&own, &other).rolls, 17);
        // A blot on the 10-point sent back loses 15 pips, with each of the 17 rolls.
        assert_eq!(shots(&own, &other).pip_loss, 17 * 15);
        // Points 5 to 9 made: every indirect path is blocked, only the 11 rolls with a six hit.
        own[4..9].fill(2);
        assert_eq!(shots(&own, &other).rolls, 11);
    }

    #[test]
    fn a_closed_board_holds_a_checker_on_the_bar() {
        let (me, them) = (Side::X.index(), Side::O.index());
        let mut board = Board::empty();
        board.slots[me][BAR] = 1;
        board.slots[me][5] = 14;
        board.slots[them][..6].fill(2);
        board.slots[them][10] = 3;
        assert_eq!(rearmost_freedom(&board.slots[me], &board.slots[them]), 0);
        let mut inputs = SparseInputs::default();
        encode(&board, Side::X, true, &mut inputs);
        let dense = inputs.dense();
        assert_eq!(dense[100 + 11], 0.0, "no roll frees it");
        assert_eq!(dense[100 + 12], 1.0, "every roll dances");
        // Open the 6-point (own 19): the 6s enter, and go on unless they land on a held point.
        board.slots[them][5] = 0;
        // 6-6 enters and runs 19, 13, 7, 1: all open. 6-x enters with the 6, then x from 19
        // lands on 19 - x: open for x = 1..=4, but 14 is held (the other side's 11-point), so
        // 6-5 is not free: 1 + 2 * 4 = 9 rolls.
        assert_eq!(rearmost_freedom(&board.slots[me], &board.slots[them]), 9);
    }

    #[test]
    fn anchors_count_points_held_in_the_other_home_board() {
        let board = Board::start(Variant::Standard);
        let mut inputs = SparseInputs::default();
        encode(&board, Side::X, true, &mut inputs);
        assert_eq!(inputs.dense()[100 + 13], 0.5, "the 24-point anchor");
    }

    #[test]
    fn contact_distance_counts_checkers_behind_the_rearmost() {
        let mut own = [0u8; 25];
        own[23] = 2; // own 24-point
        let mut other = [0u8; 25];
        other[23] = 1; // other's 24-point = own 1-point
        assert_eq!(pips_to_break_contact(&own, &other), 2 * 23);
    }
}
