//! The plays already found for one roll, looked up by a key of their resulting position, so
//! that the generator keeps one play per position in O(1) a step; and the weights the keys
//! are summed from.

/// The positions found so far, by key, emptied in O(1) by changing its stamp. The `count`
/// recorded so far are plays `0..count` of the generator's list, in order.
pub(super) struct SeenPositions {
    entries: Box<[SeenEntry; TABLE_SIZE]>,
    count: usize,
    stamp: u32,
}

/// One slot of the table: in use when its stamp is the table's current stamp.
#[derive(Clone, Copy, Default)]
struct SeenEntry {
    stamp: u32,
    /// Index of the play in the generator's list.
    play: u32,
    key: u64,
}

const TABLE_BITS: u32 = 10;
const TABLE_SIZE: usize = 1 << TABLE_BITS;

impl SeenPositions {
    pub(super) fn new() -> SeenPositions {
        SeenPositions {
            entries: Box::new([SeenEntry::default(); TABLE_SIZE]),
            count: 0,
            stamp: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        self.count = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entries.iter_mut().for_each(|entry| entry.stamp = 0);
            self.stamp = 1;
        }
    }

    /// Records `key` for the next play unless a play with the same key and the same board
    /// (`same(index)`) is already there; returns whether it was new.
    #[inline(always)]
    pub(super) fn insert(&mut self, key: u64, same: impl Fn(usize) -> bool) -> bool {
        if self.count >= TABLE_SIZE / 2 {
            // More distinct positions than any roll produces; compare with every play.
            if (0..self.count).any(&same) {
                return false;
            }
            self.count += 1;
            return true;
        }
        let mut index = (key >> (64 - TABLE_BITS)) as usize;
        loop {
            let entry = &mut self.entries[index & (TABLE_SIZE - 1)];
            if entry.stamp != self.stamp {
                *entry = SeenEntry {
                    stamp: self.stamp,
                    play: self.count as u32,
                    key,
                };
                self.count += 1;
                return true;
            }
            if entry.key == key && same(entry.play as usize) {
                return false;
            }
            index += 1;
        }
    }
}

/// Random 64-bit weights: a play's key is the sum, over its steps, of the weight of the slot
/// it lands on minus the weight of the slot it leaves, plus a weight per opponent checker hit.
/// All plays start from the same board, so equal positions have equal keys; equal keys are
/// confirmed by comparing boards, so a collision can never merge two positions.
const fn weights(seed: u64) -> [u64; 25] {
    let mut weights = [0u64; 25];
    let mut state = seed;
    let mut index = 0;
    while index < 25 {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        weights[index] = z ^ (z >> 31);
        index += 1;
    }
    weights
}

pub(super) const SLOT_WEIGHTS: [u64; 25] = weights(1);
pub(super) const HIT_WEIGHTS: [u64; 25] = weights(2);
