//! gnubg-identical dice: the Mersenne Twister seeded like gnubg's `set seed N`, mapped to dice.
//!
//! Derivation (found by experiment against gnubg 1.07.001, `set seed N` then `new game` repeated
//! and `set turn`/`roll` repeated, for seeds 0, 1, 2, 3, 5 and 4294967295):
//!
//! * `set seed N` (0 <= N < 2^32) seeds MT19937 with the reference `init_genrand(N)`.
//! * Each die is one 32-bit output `x`: `die = (x * 6) >> 32` plus 1 (the top of the product,
//!   i.e. `floor(6 * x / 2^32) + 1`; *not* `x % 6 + 1`).
//! * A roll takes two outputs in order. The opening roll gives the first die to player 0 and
//!   the second to player 1 (`gnubg rolls A, root rolls B.`); ties are re-rolled with two fresh
//!   outputs. Every roll, the opening included, is stored and shown high die first
//!   (`Rolled 65` for outputs 5 then 6); only the board before the computer's move in
//!   gnubg's variations shows its roll as it came (`Rolled 56`, see the session's
//!   `Shown::dice`).
//! * Seeds of 2^32 and above are accepted by gnubg but seeded differently (neither truncation
//!   nor `init_by_array` over the 32-bit words reproduces them); tavli seeds those with
//!   `init_by_array` of the little-endian 32-bit words, so their dice differ from gnubg's.

use rand::RngCore;

const STATE_WORDS: usize = 624;
const SHIFT_WORDS: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// The MT19937 generator (Matsumoto and Nishimura's reference algorithm).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MersenneTwister {
    state: Box<[u32; STATE_WORDS]>,
    index: usize,
}

impl MersenneTwister {
    /// Seeds like the reference `init_genrand(seed)` (gnubg's `set seed N` for N < 2^32).
    #[must_use]
    pub fn new(seed: u32) -> MersenneTwister {
        let mut state = Box::new([0u32; STATE_WORDS]);
        state[0] = seed;
        for i in 1..STATE_WORDS {
            let previous = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(previous ^ (previous >> 30))
                .wrapping_add(i as u32);
        }
        MersenneTwister {
            state,
            index: STATE_WORDS,
        }
    }

    /// Seeds like the reference `init_by_array(key)`.
    #[must_use]
    pub fn from_key(key: &[u32]) -> MersenneTwister {
        let mut generator = MersenneTwister::new(19_650_218);
        let state = &mut generator.state;
        let mut i = 1usize;
        let mut j = 0usize;
        let key_len = key.len().max(1);
        for _ in 0..STATE_WORDS.max(key_len) {
            let previous = state[i - 1];
            let word = key.get(j).copied().unwrap_or(0);
            state[i] = (state[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(word)
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= STATE_WORDS {
                state[0] = state[STATE_WORDS - 1];
                i = 1;
            }
            if j >= key_len {
                j = 0;
            }
        }
        for _ in 0..STATE_WORDS - 1 {
            let previous = state[i - 1];
            state[i] = (state[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= STATE_WORDS {
                state[0] = state[STATE_WORDS - 1];
                i = 1;
            }
        }
        state[0] = UPPER_MASK;
        generator.index = STATE_WORDS;
        generator
    }

    fn twist(&mut self) {
        for k in 0..STATE_WORDS {
            let y = (self.state[k] & UPPER_MASK) | (self.state[(k + 1) % STATE_WORDS] & LOWER_MASK);
            let mut next = self.state[(k + SHIFT_WORDS) % STATE_WORDS] ^ (y >> 1);
            if y & 1 == 1 {
                next ^= MATRIX_A;
            }
            self.state[k] = next;
        }
        self.index = 0;
    }

    /// The next 32-bit output (`genrand_int32`).
    pub fn next_word(&mut self) -> u32 {
        if self.index >= STATE_WORDS {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }
}

impl RngCore for MersenneTwister {
    fn next_u32(&mut self) -> u32 {
        self.next_word()
    }

    fn next_u64(&mut self) -> u64 {
        (u64::from(self.next_word()) << 32) | u64::from(self.next_word())
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for chunk in dest.chunks_mut(4) {
            let bytes = self.next_word().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }

    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

/// gnubg's dice generator: a Mersenne Twister and the seed it was last given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceRng {
    generator: MersenneTwister,
    seed: u64,
}

impl DiceRng {
    /// Seeded as gnubg's `set seed seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> DiceRng {
        let generator = match u32::try_from(seed) {
            Ok(small) => MersenneTwister::new(small),
            Err(_) => MersenneTwister::from_key(&[seed as u32, (seed >> 32) as u32]),
        };
        DiceRng { generator, seed }
    }

    /// The seed it was last given (`show seed`): the one of `set seed N`, or the one drawn
    /// from the system.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Seeded from the operating system (gnubg's `set seed` with no number).
    #[must_use]
    pub fn from_entropy() -> DiceRng {
        DiceRng::seeded(u64::from(rand::random::<u32>()))
    }

    /// One die, 1..=6.
    pub fn die(&mut self) -> u8 {
        let word = u64::from(self.generator.next_word());
        ((word * 6) >> 32) as u8 + 1
    }

    /// Two dice in the order drawn.
    pub fn pair(&mut self) -> (u8, u8) {
        let first = self.die();
        let second = self.die();
        (first, second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_outputs_of_init_genrand_5489() {
        let mut generator = MersenneTwister::new(5489);
        assert_eq!(generator.next_word(), 3_499_211_612);
        assert_eq!(generator.next_word(), 581_869_302);
    }

    #[test]
    fn reference_outputs_of_init_by_array() {
        // The reference mt19937ar.c test vector: init_by_array({0x123, 0x234, 0x345, 0x456}).
        let mut generator = MersenneTwister::from_key(&[0x123, 0x234, 0x345, 0x456]);
        assert_eq!(generator.next_word(), 1_067_595_299);
        assert_eq!(generator.next_word(), 955_945_823);
    }

    fn dice(seed: u64, count: usize) -> Vec<u8> {
        let mut rng = DiceRng::seeded(seed);
        (0..count).map(|_| rng.die()).collect()
    }

    #[test]
    fn matches_gnubg_opening_rolls() {
        // gnubg 1.07: `set seed N`, `new session`, `new game` x5: "gnubg rolls A, root rolls B."
        assert_eq!(dice(1, 12), [3, 6, 5, 6, 1, 1, 2, 6, 1, 2, 1, 3]);
        assert_eq!(dice(2, 12), [3, 2, 1, 6, 4, 6, 3, 3, 3, 2, 2, 1]);
        assert_eq!(dice(3, 12), [4, 1, 5, 6, 2, 1, 4, 4, 6, 3, 6, 1]);
        assert_eq!(dice(0, 4), [4, 4, 5, 6]);
        assert_eq!(dice(4_294_967_295, 4), [1, 1, 6, 4]);
    }

    #[test]
    fn keeps_its_seed_while_it_rolls() {
        let mut rng = DiceRng::seeded(42);
        rng.pair();
        assert_eq!(rng.seed(), 42);
        let drawn = DiceRng::from_entropy();
        assert_eq!(drawn, DiceRng::seeded(drawn.seed()));
    }
}
