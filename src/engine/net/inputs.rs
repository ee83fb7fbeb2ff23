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
//!   rolls to bear them off (from [`crate::engine::bearoff`]);
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

mod hits;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

use crate::engine::bearoff::{BearoffDatabase, MAX_CHECKERS};
use crate::rules::{Board, Side, BAR};

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
    /// The summary of the side on roll last encoded, whose point inputs are the first
    /// `on_roll_points` entries (none kept when `None`): the next position keeps them if that
    /// side's checkers stand where they stood (the plays of a roll move the other side's, and
    /// hit rarely).
    on_roll: Option<Checkers>,
    on_roll_points: usize,
}

impl Default for SparseInputs {
    fn default() -> Self {
        SparseInputs {
            indices: [0; INPUTS],
            values: [0.0; INPUTS],
            len: 0,
            on_roll: None,
            on_roll_points: 0,
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

    /// The non-zero inputs.
    pub fn iter(&self) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.indices[..self.len]
            .iter()
            .zip(&self.values[..self.len])
            .map(|(&i, &v)| (usize::from(i), v))
    }

    /// The indices of the non-zero inputs, increasing.
    #[must_use]
    pub fn indices(&self) -> &[u16] {
        &self.indices[..self.len]
    }

    /// The values of the non-zero inputs, in the order of [`SparseInputs::indices`].
    #[must_use]
    pub fn values(&self) -> &[f32] {
        &self.values[..self.len]
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
    let mover = on_roll;
    let waiting = on_roll.opponent();
    let slots = &board.slots[mover.index()];
    // The side on roll's point inputs come first: kept from the last position when its
    // checkers have not moved (the same entries, already in place).
    let mover_checkers = match inputs.on_roll {
        Some(kept) if kept.slots == *slots => {
            inputs.len = inputs.on_roll_points;
            kept
        }
        _ => {
            let checkers = Checkers::of(slots);
            inputs.len = 0;
            encode_points(&checkers.slots, 0, inputs);
            inputs.on_roll = Some(checkers);
            inputs.on_roll_points = inputs.len;
            checkers
        }
    };
    let sides = [mover_checkers, Checkers::of(&board.slots[waiting.index()])];
    encode_features(board, mover, &sides[0], &sides[1], contact, 0, inputs);
    encode_points(&sides[1].slots, INPUTS_PER_SIDE, inputs);
    encode_features(
        board,
        waiting,
        &sides[1],
        &sides[0],
        contact,
        INPUTS_PER_SIDE,
        inputs,
    );
}

/// What one pass over a side's checkers tells, in the numberings both sides need. Bit `p` of
/// a mask stands for the point `p` pips from bearing off in that side's own numbering, or, in
/// the masks named "for the other", the same point in the other side's numbering (`25 - p`).
#[derive(Clone, Copy, Debug, Default)]
struct Checkers {
    slots: [u8; 25],
    pips: u32,
    /// On its points 19-24 and the bar.
    back: u8,
    blots: u32,
    /// Its blots, by point.
    blot_mask: u32,
    /// Its points held by two or more, by point.
    held_mask: u32,
    /// Its held points as the other side counts them.
    held_for_other: u32,
    /// Where the other side would hit from: bit 0 for its bar, bit `25 - p` for its point `p`.
    sources_for_other: u32,
    home_points: u32,
    longest_prime: u32,
    anchors: u32,
    /// The slot of its rearmost checker (24 for the bar), none when all are off.
    rearmost: Option<usize>,
}

impl Checkers {
    /// The summary of a side's `slots`, without a branch on the counts: the masks of its
    /// occupied and held points eight points at a time (a byte per point in a 64-bit word).
    fn of(slots: &[u8; 25]) -> Checkers {
        let mut summary = Checkers {
            slots: *slots,
            ..Checkers::default()
        };
        // Bit `s`: slot `s` (point `s + 1`).
        let (mut occupied, mut held) = (0u32, 0u32);
        for (word, bytes) in slots[..24].chunks_exact(8).enumerate() {
            let counts = u64::from_le_bytes(bytes.try_into().expect("eight points"));
            occupied |= byte_mask(non_zero_bytes(counts)) << (8 * word);
            held |= byte_mask(non_zero_bytes(counts & 0xFEFE_FEFE_FEFE_FEFE)) << (8 * word);
        }
        let blots = occupied & !held;
        summary.pips = slots[..24]
            .iter()
            .zip(1u32..)
            .map(|(&count, point)| u32::from(count) * point)
            .sum();
        summary.sources_for_other = occupied.reverse_bits() >> 7;
        summary.blots = blots.count_ones();
        summary.blot_mask = blots << 1;
        summary.held_mask = held << 1;
        summary.held_for_other = held.reverse_bits() >> 7;
        // The longest run of held points: how many times the run can shrink by one point.
        let mut run = held;
        while run != 0 {
            run &= run << 1;
            summary.longest_prime += 1;
        }
        // The rearmost point is the lowest bit of the points as the other side counts them.
        if summary.sources_for_other != 0 {
            summary.rearmost = Some(24 - summary.sources_for_other.trailing_zeros() as usize);
        }
        let bar = slots[BAR];
        summary.pips += 25 * u32::from(bar);
        if bar > 0 {
            summary.rearmost = Some(BAR);
            summary.sources_for_other |= 1;
        }
        summary.back = slots[18..=BAR].iter().sum();
        summary.home_points = (summary.held_mask & HOME).count_ones();
        summary.anchors = (summary.held_mask & OTHER_HOME).count_ones();
        summary
    }

    /// Whether every checker still in play is on its home points (and no more than the
    /// bear-off database holds).
    fn all_home(&self) -> bool {
        self.rearmost.is_none_or(|slot| slot < 6)
            && self.slots[..6]
                .iter()
                .map(|&n| usize::from(n))
                .sum::<usize>()
                <= MAX_CHECKERS
    }
}

/// The high bit of each byte of `word` set where the byte is not zero (no carry crosses a
/// byte: a byte's low seven bits plus 0x7F stay below 0x100).
fn non_zero_bytes(word: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    (((word & LOW) + LOW) | word) & !LOW
}

/// The high bits of the eight bytes of `word` (as [`non_zero_bytes`] sets them) gathered
/// into eight bits, bit `i` from byte `i`.
fn byte_mask(word: u64) -> u32 {
    let bits = (word >> 7) & 0x0101_0101_0101_0101;
    (bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Points 1-6 as mask bits.
const HOME: u32 = 0x3F << 1;
/// Points 19-24 as mask bits.
const OTHER_HOME: u32 = 0x3F << 19;

/// A side's inputs after its points: borne off and the hand-made features.
fn encode_features(
    board: &Board,
    side: Side,
    own: &Checkers,
    other: &Checkers,
    contact: bool,
    offset: usize,
    inputs: &mut SparseInputs,
) {
    let base = offset + 100;
    inputs.push(base, FIFTEENTHS.of(u32::from(board.off[side.index()])));
    inputs.push(base + 1, PIP_COUNTS.of(own.pips));
    inputs.push(base + 2, FIFTHS.of(u32::from(own.back)));
    inputs.push(base + 3, FIFTHS.of(own.blots));
    inputs.push(base + 4, SIXTHS.of(own.home_points));
    inputs.push(base + 5, SIXTHS.of(own.longest_prime));
    let shots = if contact && own.blot_mask != 0 {
        hits::shots(own.blot_mask, own.held_mask, other.sources_for_other)
    } else {
        hits::Shots::default()
    };
    inputs.push(base + 6, ROLLS.of(shots.rolls));
    inputs.push(
        base + 7,
        CONTACT_PIPS.of(pips_to_break_contact(&own.slots, other.sources_for_other)),
    );
    if own.all_home() {
        let mut counts = [0u8; 6];
        counts.copy_from_slice(&own.slots[..6]);
        let expected = BearoffDatabase::get()
            .expected_rolls(counts)
            .unwrap_or_default();
        inputs.push(base + 8, 1.0);
        inputs.push(base + 9, expected / 10.0);
    }
    inputs.push(base + 10, PIPS_LOST.of(shots.pip_loss));
    if contact {
        let free = own.rearmost.map_or(0, |slot| {
            hits::rearmost_freedom(slot + 1, other.held_for_other)
        });
        inputs.push(base + 11, ROLLS.of(free));
    }
    if own.slots[BAR] > 0 {
        let closed = SIXTHS.of(other.home_points);
        inputs.push(base + 12, closed * closed);
    }
    inputs.push(base + 13, own.anchors as f32 / 2.0);
}

/// TD-Gammon's truncated unary counts of each point and the bar of one side. Every point
/// writes its four inputs from a table by its count, and keeps those that are not zero (the
/// length moves on by how many are), with no branch on the counts.
fn encode_points(own: &[u8; 25], offset: usize, inputs: &mut SparseInputs) {
    let mut len = inputs.len;
    // A side's points take at most 100 entries: the arrays hold them wherever it starts.
    assert!(len + 100 <= INPUTS && offset + 100 <= INPUTS);
    for (slot, &count) in own.iter().enumerate() {
        let base = (offset + slot * 4) as u16;
        let (values, kept) = &POINT_INPUTS[usize::from(count)];
        inputs.indices[len..len + 4].copy_from_slice(&[base, base + 1, base + 2, base + 3]);
        inputs.values[len..len + 4].copy_from_slice(values);
        len += *kept;
    }
    inputs.len = len;
}

/// For each count of checkers on a point, its four inputs (`n >= 1`, `n >= 2`, `n >= 3`,
/// `(n - 3) / 2`) and how many of them, from the first, are not zero.
static POINT_INPUTS: [([f32; 4], usize); 256] = point_inputs();

const fn point_inputs() -> [([f32; 4], usize); 256] {
    let mut table = [([0.0; 4], 0); 256];
    let mut count = 1;
    while count < 256 {
        let beyond = (count as f32 - 3.0) / 2.0;
        table[count] = if count > 3 {
            ([1.0, 1.0, 1.0, beyond], 4)
        } else {
            ([1.0; 4], count)
        };
        count += 1;
    }
    table
}

/// `value / divisor` for small whole values (a feature's count scaled), from a table: the
/// same float as the division, without a division instruction.
struct Scaled<const N: usize> {
    divisor: f32,
    table: [f32; N],
}

impl<const N: usize> Scaled<N> {
    const fn new(divisor: f32) -> Scaled<N> {
        let mut table = [0.0; N];
        let mut value = 0;
        while value < N {
            table[value] = value as f32 / divisor;
            value += 1;
        }
        Scaled { divisor, table }
    }

    #[inline(always)]
    fn of(&self, value: u32) -> f32 {
        match self.table.get(value as usize) {
            Some(&scaled) => scaled,
            None => value as f32 / self.divisor,
        }
    }
}

/// Checkers of a side (borne off, back, blots) over 15 and 5.
static FIFTEENTHS: Scaled<16> = Scaled::new(15.0);
static FIFTHS: Scaled<16> = Scaled::new(5.0);
/// Points (home, prime, closed) over 6.
static SIXTHS: Scaled<25> = Scaled::new(6.0);
/// Pip counts over 167, pips to break contact over 60.
static PIP_COUNTS: Scaled<376> = Scaled::new(167.0);
static CONTACT_PIPS: Scaled<376> = Scaled::new(60.0);
/// Rolls over 36, pips lost over 360.
static ROLLS: Scaled<37> = Scaled::new(36.0);
static PIPS_LOST: Scaled<865> = Scaled::new(36.0 * 10.0);

/// The pips `own`'s checkers still travel to pass the other side's rearmost checker, which
/// is the lowest bit of `sources` (the other side's checkers in own's numbering).
fn pips_to_break_contact(own: &[u8; 25], sources: u32) -> u32 {
    if sources == 0 {
        return 0;
    }
    let rearmost = sources.trailing_zeros() as usize;
    // Own slot `s` is point `s + 1` (25 for the bar); only points beyond the rearmost count.
    own[rearmost..]
        .iter()
        .zip(rearmost + 1..)
        .map(|(&count, point)| (point - rearmost) as u32 * u32::from(count))
        .sum()
}
