//! A hash set of 128-bit position keys with a cheap hasher, for de-duplicating plays.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// Multiplicative hasher for the already well-mixed-enough position keys.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 =
                (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let folded = (value as u64) ^ ((value >> 64) as u64).rotate_left(29);
        self.0 = (self.0 ^ folded).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 ^= self.0 >> 32;
    }
}

/// A set of position keys.
pub(crate) type KeySet = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// An empty key set with room for `capacity` keys.
pub(crate) fn key_set(capacity: usize) -> KeySet {
    KeySet::with_capacity_and_hasher(capacity, BuildHasherDefault::default())
}
