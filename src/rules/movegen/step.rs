//! The bit-level pieces of one generator step: masks of occupied slots, moving one checker
//! (with its hit), and the key of the position a step reaches.

use super::seen::{HIT_WEIGHTS, SLOT_WEIGHTS};
use super::Node;
use crate::rules::board::{Board, BAR};
use crate::rules::play::{Step, OFF_POINT};

/// The highest set bit of a non-zero mask.
#[inline(always)]
pub(super) fn highest_bit(mask: u32) -> usize {
    31 - mask.leading_zeros() as usize
}

/// The slots at or below `slot`, as bits.
#[inline(always)]
pub(super) fn at_or_below(slot: usize) -> u32 {
    (2 << slot) - 1
}

/// Moves a checker of the mover (of the pair mover, opponent) on `board` from slot `source`
/// by `die` (bearing off below slot 0), hitting a blot on the landing point (only looked for
/// when `HITS`); returns the step.
#[inline(always)]
pub(super) fn apply_step<const HITS: bool>(
    board: &mut Board,
    (mover, opponent): (usize, usize),
    source: usize,
    die: usize,
) -> Step {
    board.slots[mover][source] -= 1;
    if source < die {
        board.off[mover] += 1;
        return Step {
            from: source as u8 + 1,
            to: OFF_POINT,
            hit: false,
        };
    }
    let destination = source - die;
    board.slots[mover][destination] += 1;
    // The landing point is not blocked, so the opponent has at most one checker there: a
    // blot, which goes to the bar (without a branch).
    let mut hit = 0;
    if HITS {
        let opp = &mut board.slots[opponent];
        hit = opp[23 - destination.min(23)];
        opp[BAR] += hit;
        opp[23 - destination.min(23)] = 0;
    }
    Step {
        from: source as u8 + 1,
        to: destination as u8 + 1,
        hit: hit != 0,
    }
}

/// `node`'s key after one more step from `source` by `die`.
#[inline(always)]
pub(super) fn key_with_step(node: &Node, source: usize, die: usize) -> u64 {
    let mut key = node.key.wrapping_sub(SLOT_WEIGHTS[source]);
    if source >= die {
        let destination = source - die;
        key = key.wrapping_add(SLOT_WEIGHTS[destination]);
        if node.blots & (1 << destination) != 0 {
            key = key.wrapping_add(HIT_WEIGHTS[destination]);
        }
    }
    key
}

/// Bit `i` set when `slots[i] & filter` is not zero.
pub(super) fn nonzero_mask(slots: &[u8; 25], filter: u8) -> u32 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let filter_word = u64::from(filter) * 0x0101_0101_0101_0101;
    let mut mask = 0u32;
    for (chunk, bytes) in slots.chunks_exact(8).enumerate() {
        let mut word = [0u8; 8];
        word.copy_from_slice(bytes);
        let word = u64::from_le_bytes(word) & filter_word;
        // High bit of each byte set when the byte is not zero.
        let flags = ((word & LOW).wrapping_add(LOW) | word) & HIGH;
        // Gather the eight high bits into the low byte of the top byte.
        let bits = ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        mask |= bits << (8 * chunk);
    }
    mask | u32::from(slots[BAR] & filter != 0) << BAR
}
