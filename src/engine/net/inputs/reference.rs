//! The first, plain way of computing the inputs, point by point and roll by roll: the oracle
//! that the fast encoder of the parent module is tested against on random boards.

use super::{SparseInputs, INPUTS_PER_SIDE};
use crate::engine::bearoff::{self, BearoffDatabase};
use crate::rules::{Board, Side, BAR};
use std::sync::OnceLock;

/// Writes the inputs of `board` with `on_roll` about to roll into `inputs`. `contact` says
/// whether the sides can still hit each other (the exposure features are zero otherwise).
pub fn encode(board: &Board, on_roll: Side, contact: bool, inputs: &mut SparseInputs) {
    inputs.len = 0;
    inputs.on_roll = None;
    for (offset, side) in [(0, on_roll), (INPUTS_PER_SIDE, on_roll.opponent())] {
        encode_side(board, side, contact, offset, inputs);
    }
}

fn encode_side(board: &Board, side: Side, contact: bool, offset: usize, inputs: &mut SparseInputs) {
    let own = &board.slots[side.index()];
    let other = &board.slots[side.opponent().index()];
    encode_points(own, offset, inputs);
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
    if let Some(counts) = bearoff::home_counts(board, side) {
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

/// TD-Gammon's truncated unary counts of each point and the bar, the non-zero ones.
fn encode_points(own: &[u8; 25], offset: usize, inputs: &mut SparseInputs) {
    for (slot, &count) in own.iter().enumerate() {
        let base = offset + slot * 4;
        for (step, at_least) in (1..=3).enumerate() {
            if count >= at_least {
                inputs.push(base + step, 1.0);
            }
        }
        if count > 3 {
            inputs.push(base + 3, (f32::from(count) - 3.0) / 2.0);
        }
    }
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

pub fn pips_to_break_contact(own: &[u8; 25], other: &[u8; 25]) -> u32 {
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
pub struct Shots {
    /// How many of the 36 rolls hit a blot.
    pub rolls: u32,
    /// Over the 36 rolls, the sum of the pips lost to the most costly hit of each roll.
    pub pip_loss: u32,
}

/// `own`'s blots and held points as masks of positions in its numbering (bit `p` for its
/// point `p`; the other side moves upwards from 0, its bar).
pub fn blots_and_held(own: &[u8; 25]) -> (u32, u32) {
    let mut blots = 0u32;
    let mut blocked = 0u32;
    for (slot, &count) in own[..24].iter().enumerate() {
        match count {
            1 => blots |= 1 << (slot + 1),
            n if n >= 2 => blocked |= 1 << (slot + 1),
            _ => {}
        }
    }
    (blots, blocked)
}

/// The other side's shots at the blots of `own` (see the module docs).
pub fn shots(own: &[u8; 25], other: &[u8; 25]) -> Shots {
    let (blots, blocked) = blots_and_held(own);
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
pub fn rearmost_freedom(own: &[u8; 25], other: &[u8; 25]) -> u32 {
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
