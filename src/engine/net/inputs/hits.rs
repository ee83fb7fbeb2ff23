//! The contact features that look one roll ahead, on bit masks of points: the other side's
//! shots at a side's blots (with the pips the most costly hit sends back), and how freely a
//! side's rearmost checker can move. The paths of each roll are a table built at compile time.

/// What the other side's next roll threatens against a side's blots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shots {
    /// How many of the 36 rolls hit a blot.
    pub rolls: u32,
    /// Over the 36 rolls, the sum of the pips lost to the most costly hit of each roll.
    pub pip_loss: u32,
}

/// One way a roll moves a checker a given distance: the roll (an index into the 21 rolls,
/// larger die first: 11, 21, 22, 31, ...) and the points it touches down on first, as a mask
/// of offsets from the start (each must be open).
#[derive(Clone, Copy)]
struct Path {
    roll: u8,
    stops: u32,
}

/// Most paths of one distance (distance 6: six direct, four doubles' and sums' ways).
const MAX_PATHS: usize = 16;

/// For each distance 1..=24, every path of exactly that many pips.
struct PathTable {
    paths: [[Path; MAX_PATHS]; 25],
    counts: [u8; 25],
}

const PATHS: PathTable = path_table();

const fn path_table() -> PathTable {
    let mut table = PathTable {
        paths: [[Path { roll: 0, stops: 0 }; MAX_PATHS]; 25],
        counts: [0; 25],
    };
    let mut roll = 0u8;
    let mut high = 1usize;
    while high <= 6 {
        let mut low = 1usize;
        while low <= high {
            if high == low {
                let mut steps = 1usize;
                while steps <= 4 {
                    let mut stops = 0u32;
                    let mut step = 1usize;
                    while step < steps {
                        stops |= 1 << (high * step);
                        step += 1;
                    }
                    add_path(&mut table, high * steps, roll, stops);
                    steps += 1;
                }
            } else {
                add_path(&mut table, high, roll, 0);
                add_path(&mut table, low, roll, 0);
                add_path(&mut table, high + low, roll, 1 << high);
                add_path(&mut table, high + low, roll, 1 << low);
            }
            roll += 1;
            low += 1;
        }
        high += 1;
    }
    table
}

const fn add_path(table: &mut PathTable, distance: usize, roll: u8, stops: u32) {
    let count = table.counts[distance] as usize;
    table.paths[distance][count] = Path { roll, stops };
    table.counts[distance] += 1;
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

/// The other side's shots at `blots`, a mask of a side's blots by point (bit `p`: `p` pips
/// from bearing off), through its held points `blocked`, from `sources` (the other side's
/// checkers in the same numbering, bit 0 for its bar, moving upwards).
pub fn shots(blots: u32, blocked: u32, sources: u32) -> Shots {
    let mut hitting = 0u32;
    // The largest loss each of the 21 rolls can inflict.
    let mut loss = [0u8; 21];
    let mut remaining = sources;
    while remaining != 0 {
        let from = remaining.trailing_zeros() as usize;
        remaining &= remaining - 1;
        let mut targets = blots & !((2u32 << from) - 1);
        while targets != 0 {
            let blot = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let distance = blot - from;
            let sent_back = (25 - blot) as u8;
            let paths = &PATHS.paths[distance][..usize::from(PATHS.counts[distance])];
            for path in paths {
                if blocked & (path.stops << from) == 0 {
                    hitting |= 1 << path.roll;
                    let roll_loss = &mut loss[usize::from(path.roll)];
                    *roll_loss = (*roll_loss).max(sent_back);
                }
            }
        }
    }
    let mut shots = Shots::default();
    while hitting != 0 {
        let roll = hitting.trailing_zeros() as usize;
        hitting &= hitting - 1;
        shots.rolls += ROLL_WEIGHTS[roll];
        shots.pip_loss += ROLL_WEIGHTS[roll] * u32::from(loss[roll]);
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
    ROLL_STEPS
        .iter()
        .zip(ROLL_WEIGHTS)
        .filter(|((first, second), _)| ahead & first == 0 || ahead & second == 0)
        .map(|(_, weight)| weight)
        .sum()
}
