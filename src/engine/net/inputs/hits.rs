//! The contact features that look one roll ahead, on bit masks of points: the other side's
//! shots at a side's blots (with the pips the most costly hit sends back), and how freely a
//! side's rearmost checker can move. Each of the 21 rolls is played by every checker at once
//! (shifts of the masks), with no branch on the position.

/// What the other side's next roll threatens against a side's blots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shots {
    /// How many of the 36 rolls hit a blot.
    pub rolls: u32,
    /// Over the 36 rolls, the sum of the pips lost to the most costly hit of each roll.
    pub pip_loss: u32,
}

/// How often each of the 21 rolls comes: doubles once in 36, the others twice.
const ROLL_WEIGHTS: [u32; 21] = roll_weights();

const fn roll_weights() -> [u32; 21] {
    let mut weights = [2; 21];
    let mut roll = 0;
    let mut high = 1;
    while high <= 6 {
        let mut low = 1;
        while low <= high {
            if low == high {
                weights[roll] = 1;
            }
            roll += 1;
            low += 1;
        }
        high += 1;
    }
    weights
}

/// The dice of the 21 rolls, larger die first: 11, 21, 22, 31, ...
const ROLL_DICE: [(u32, u32); 21] = roll_dice();

const fn roll_dice() -> [(u32, u32); 21] {
    let mut dice = [(0, 0); 21];
    let mut roll = 0;
    let mut high = 1;
    while high <= 6 {
        let mut low = 1;
        while low <= high {
            dice[roll] = (high, low);
            roll += 1;
            low += 1;
        }
        high += 1;
    }
    dice
}

/// The other side's shots at `blots`, a mask of a side's blots by point (bit `p`: `p` pips
/// from bearing off), through its held points `blocked`, from `sources` (the other side's
/// checkers in the same numbering, bit 0 for its bar, moving upwards). Every source moves at
/// once, roll by roll, as bit masks: a roll's checkers land on the sources shifted by a die,
/// and go on with the other die (or the same, up to four times for a double) from the points
/// that are not blocked; the roll hits when a landing is a blot, and sends back the blot
/// nearest its own home (`25 - p` pips), the most costly.
pub fn shots(blots: u32, blocked: u32, sources: u32) -> Shots {
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512cd") {
        // SAFETY: the processor has the features (checked just above).
        return unsafe { shots_avx512(blots, blocked, sources) };
    }
    shots_roll_by_roll(blots, blocked, sources)
}

/// [`shots`] one roll after another (the definition [`shots_avx512`] follows).
fn shots_roll_by_roll(blots: u32, blocked: u32, sources: u32) -> Shots {
    let open = !blocked;
    let mut shots = Shots::default();
    for (&(high, low), weight) in ROLL_DICE.iter().zip(ROLL_WEIGHTS) {
        let reached = if high == low {
            let first = sources << high;
            let second = (first & open) << high;
            let third = (second & open) << high;
            let fourth = (third & open) << high;
            first | second | third | fourth
        } else {
            let by_high = sources << high;
            let by_low = sources << low;
            by_high | by_low | ((by_high & open) << low) | ((by_low & open) << high)
        };
        let hit = reached & blots;
        // The lowest blot hit (bit 25 stands in when none is: it sends back nothing).
        let nearest = (hit | 1 << 25).trailing_zeros();
        let hits = u32::from(hit != 0);
        shots.rolls += weight * hits;
        shots.pip_loss += weight * (25 - nearest);
    }
    shots
}

/// The 15 rolls of two different dice in the lanes of one register (lane 15 unused), and
/// the die of each double in the lanes of another (lanes 6 to 15 unused).
const MIXED_HIGH: [u32; 16] = [2, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 0];
const MIXED_LOW: [u32; 16] = [1, 1, 2, 1, 2, 3, 1, 2, 3, 4, 1, 2, 3, 4, 5, 0];
const DOUBLE_DIE: [u32; 16] = [1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// [`shots_roll_by_roll`] with the 21 rolls in the lanes of two AVX-512 registers: the same
/// shifts and masks per roll, the lowest blot hit by `vplzcntd` of the lowest bit set, and
/// each roll's hit (bit 0) and pips lost (bits 6 and up: at most 36 rolls hit, so the two
/// never meet) weighted and summed across the lanes at once. The same integers.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd")]
unsafe fn shots_avx512(blots: u32, blocked: u32, sources: u32) -> Shots {
    use std::arch::x86_64::*;
    let open = _mm512_set1_epi32(!blocked as i32);
    let from = _mm512_set1_epi32(sources as i32);
    let high = _mm512_loadu_si512(MIXED_HIGH.as_ptr().cast());
    let low = _mm512_loadu_si512(MIXED_LOW.as_ptr().cast());
    let by_high = _mm512_sllv_epi32(from, high);
    let by_low = _mm512_sllv_epi32(from, low);
    let mixed = _mm512_or_si512(
        _mm512_or_si512(by_high, by_low),
        _mm512_or_si512(
            _mm512_sllv_epi32(_mm512_and_si512(by_high, open), low),
            _mm512_sllv_epi32(_mm512_and_si512(by_low, open), high),
        ),
    );
    let die = _mm512_loadu_si512(DOUBLE_DIE.as_ptr().cast());
    let first = _mm512_sllv_epi32(from, die);
    let second = _mm512_sllv_epi32(_mm512_and_si512(first, open), die);
    let third = _mm512_sllv_epi32(_mm512_and_si512(second, open), die);
    let fourth = _mm512_sllv_epi32(_mm512_and_si512(third, open), die);
    let doubles = _mm512_or_si512(
        _mm512_or_si512(first, second),
        _mm512_or_si512(third, fourth),
    );
    let blots = _mm512_set1_epi32(blots as i32);
    let none = _mm512_set1_epi32(1 << 25);
    let outcome = |reached: __m512i| {
        let hit = _mm512_and_si512(reached, blots);
        let marked = _mm512_or_si512(hit, none);
        let lowest = _mm512_and_si512(marked, _mm512_sub_epi32(_mm512_setzero_si512(), marked));
        // 25 less the lowest bit's index (31 less its leading zeros).
        let pips = _mm512_sub_epi32(_mm512_lzcnt_epi32(lowest), _mm512_set1_epi32(6));
        let hits = _mm512_maskz_set1_epi32(_mm512_test_epi32_mask(hit, hit), 1);
        _mm512_or_si512(_mm512_slli_epi32::<6>(pips), hits)
    };
    // A roll of two different dice comes twice in 36 (the sum doubled), a double once.
    let total = _mm512_add_epi32(
        _mm512_maskz_slli_epi32(0x7FFF, outcome(mixed), 1),
        _mm512_maskz_mov_epi32(0x003F, outcome(doubles)),
    );
    let total = _mm512_reduce_add_epi32(total) as u32;
    Shots {
        rolls: total & 63,
        pip_loss: total >> 6,
    }
}

/// For each of the 21 rolls, the offsets a checker playing it whole touches down on, in
/// either order of the dice (the same twice for a double).
const ROLL_STEPS: [(u32, u32); 21] = roll_steps();

const fn roll_steps() -> [(u32, u32); 21] {
    let mut steps = [(0, 0); 21];
    let mut roll = 0;
    let mut high = 1;
    while high <= 6 {
        let mut low = 1;
        while low <= high {
            steps[roll] = if high == low {
                let double =
                    (1 << high) | (1 << (2 * high)) | (1 << (3 * high)) | (1 << (4 * high));
                (double, double)
            } else {
                (
                    (1 << high) | (1 << (high + low)),
                    (1 << low) | (1 << (high + low)),
                )
            };
            roll += 1;
            low += 1;
        }
        high += 1;
    }
    steps
}

/// How many of the 36 rolls a checker `start` pips from bearing off (25 on the bar) can play
/// whole without touching down on a point of `held` (the other side's held points, by pips
/// to go of the moving side); a checker borne off touches down nowhere.
pub fn rearmost_freedom(start: usize, held: u32) -> u32 {
    // Bit k: the point k pips ahead of the checker is held (points past the last are not).
    let ahead = (held.reverse_bits() >> (31 - start)) & !1;
    freedom_ahead(ahead)
}

/// The rolls free of the points `ahead` (bit `k`: the point `k` pips ahead is held): every
/// roll but the doubles 4-4, 5-5 and 6-6 touches down within 12 pips, so the table of the
/// 4,096 patterns of the first 12 points counts those, and the three long doubles are
/// tested one by one (the same count as [`freedom_roll_by_roll`], a test checks every
/// pattern).
fn freedom_ahead(ahead: u32) -> u32 {
    let near = u32::from(NEAR_FREEDOM[((ahead >> 1) & 0xFFF) as usize]);
    let long = LONG_DOUBLES
        .iter()
        .map(|&steps| u32::from(ahead & steps == 0))
        .sum::<u32>();
    near + long
}

/// The touch-downs of the doubles 4-4, 5-5 and 6-6 (some beyond 12 pips).
const LONG_DOUBLES: [u32; 3] = [
    (1 << 4) | (1 << 8) | (1 << 12) | (1 << 16),
    (1 << 5) | (1 << 10) | (1 << 15) | (1 << 20),
    (1 << 6) | (1 << 12) | (1 << 18) | (1 << 24),
];

/// For each pattern of held points 1 to 12 pips ahead (bit `k - 1` for `k` pips), the rolls
/// other than the long doubles that a checker can play whole.
static NEAR_FREEDOM: [u8; 4096] = near_freedom();

const fn near_freedom() -> [u8; 4096] {
    let mut table = [0u8; 4096];
    let mut pattern = 0;
    while pattern < 4096 {
        let ahead = (pattern as u32) << 1;
        let mut free = 0;
        let mut roll = 0;
        while roll < 21 {
            let (first, second) = ROLL_STEPS[roll];
            let long = first == second
                && (first == LONG_DOUBLES[0]
                    || first == LONG_DOUBLES[1]
                    || first == LONG_DOUBLES[2]);
            if !long && (ahead & first == 0 || ahead & second == 0) {
                free += ROLL_WEIGHTS[roll];
            }
            roll += 1;
        }
        table[pattern] = free as u8;
        pattern += 1;
    }
    table
}

/// [`freedom_ahead`] roll by roll (the definition the table follows).
#[cfg(test)]
fn freedom_roll_by_roll(ahead: u32) -> u32 {
    ROLL_STEPS
        .iter()
        .zip(ROLL_WEIGHTS)
        .filter(|((first, second), _)| ahead & first == 0 || ahead & second == 0)
        .map(|(_, weight)| weight)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// [`shots`] (AVX-512 where the processor has it) counts what the rolls one by one
    /// count: on every pattern of blots and held points of the first 12 points with random
    /// sources, and on random masks of the 24 points and the bar.
    #[test]
    fn the_shots_are_those_of_the_rolls_one_by_one() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(27);
        let mut compared = 0;
        for pattern in 0u32..1 << 12 {
            let blots = (pattern << 1) & 0x1FFE;
            let blocked = ((!pattern) << 1) & 0x1FFE & rng.gen::<u32>();
            let sources = rng.gen::<u32>() & 0x1FF_FFFF;
            assert_eq!(
                shots(blots, blocked, sources),
                shots_roll_by_roll(blots, blocked, sources),
                "{blots:#x} {blocked:#x} {sources:#x}"
            );
            compared += 1;
        }
        for _ in 0..200_000 {
            let (a, b) = (rng.gen::<u32>(), rng.gen::<u32>());
            let blots = a & 0x1FF_FFFE & !(b & 0x1FF_FFFE);
            let blocked = b & 0x1FF_FFFE & rng.gen::<u32>();
            let sources = rng.gen::<u32>() & rng.gen::<u32>() & 0x1FF_FFFF;
            assert_eq!(
                shots(blots, blocked, sources),
                shots_roll_by_roll(blots, blocked, sources),
                "{blots:#x} {blocked:#x} {sources:#x}"
            );
            compared += 1;
        }
        assert!(compared > 200_000);
    }

    /// The table and the three long doubles count what the 21 rolls one by one count, for
    /// every pattern of held points 1 to 24 pips ahead.
    #[test]
    fn the_freedom_table_counts_every_pattern_as_the_rolls_do() {
        for pattern in 0u32..1 << 24 {
            let ahead = pattern << 1;
            assert_eq!(
                freedom_ahead(ahead),
                freedom_roll_by_roll(ahead),
                "{ahead:#x}"
            );
        }
    }
}
