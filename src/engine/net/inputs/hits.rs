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
