//! Fevga's geometry and its blocking rules: the runner rule (F2), the own starting quarter
//! (F3) and the six-prime rule (F4, recommended reading F-b), checked after every step (F-c).
//!
//! Both sides move the same way round the board, each in its own numbering from its 24-point
//! to its 1-point; a side's point `k` is the opponent's point `k + 12` (or `k - 12`).

/// The opponent's slot index of the physical point that is the mover's slot `index`.
#[must_use]
pub(crate) fn opposite(index: usize) -> usize {
    (index + 12) % 24
}

/// The points a side holds, as bits of its own slots (bit `i` = its point `i + 1`).
#[must_use]
pub(crate) fn held_mask(slots: &[u8; 25]) -> u32 {
    slots[..24]
        .iter()
        .enumerate()
        .filter(|(_, &count)| count > 0)
        .fold(0, |mask, (index, _)| mask | (1 << index))
}

/// The same points as bits of the opponent's slots (a rotation by twelve points).
#[must_use]
fn in_opponent_numbering(held: u32) -> u32 {
    ((held << 12) | (held >> 12)) & 0x00ff_ffff
}

/// F2, the runner rule: while none of the mover's checkers is on points 1..11 and none has
/// been borne off, a checker may leave the 24-point only if no other checker has left it.
/// `held` is the mover's `held_mask`.
#[must_use]
pub(crate) fn runner_blocks(held: u32, hero_off: u8) -> bool {
    const PASSED: u32 = (1 << 11) - 1; // points 1..11
    const LEFT_START: u32 = ((1 << 23) - 1) & !PASSED; // points 12..23
    hero_off == 0 && held & PASSED == 0 && held & LEFT_START != 0
}

/// F3: whether the mover holds all six points of his starting quarter (19..24).
#[must_use]
pub(crate) fn holds_start_quarter(held: u32) -> bool {
    held >> 18 & 0x3f == 0x3f
}

/// F4: whether the mover holds six consecutive points along the opponent's path with no
/// opposing checker ahead of them (further along the opponent's path, or borne off).
/// `opponent_held` is the opponent's `held_mask` (in its own numbering).
#[must_use]
pub(crate) fn traps_opponent(held: u32, opponent_held: u32, opp_off: u8) -> bool {
    if opp_off > 0 {
        return false;
    }
    let held = in_opponent_numbering(held);
    let mut starts = held;
    for shift in 1..6 {
        starts &= held >> shift;
    }
    // The opponent moves from its 24 towards its 1: a block starting at its point k + 1 has
    // an opposing checker ahead when one stands on a lower point.
    starts != 0 && starts.trailing_zeros() < opponent_held.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prime_with_nobody_ahead_traps() {
        let mut hero = [0u8; 25];
        hero[5..11].fill(1); // X's 6..11 = O's 18..23
        let mut opp = [0u8; 25];
        opp[23] = 15; // O's 24 = X's 12
        let held = held_mask(&hero);
        assert!(traps_opponent(held, held_mask(&opp), 0));
        assert!(!traps_opponent(held, held_mask(&opp), 1));
        opp[23] = 14;
        opp[12] = 1; // O's 13 = X's 1: past the block
        assert!(!traps_opponent(held, held_mask(&opp), 0));
        assert!(holds_start_quarter(0x3f << 18));
        assert!(!holds_start_quarter(0x1f << 18));
    }

    #[test]
    fn runner_rule() {
        let mut hero = [0u8; 25];
        hero[23] = 14;
        hero[17] = 1;
        assert!(runner_blocks(held_mask(&hero), 0));
        assert!(!runner_blocks(held_mask(&hero), 1));
        hero[17] = 0;
        hero[8] = 1;
        assert!(!runner_blocks(held_mask(&hero), 0));
        hero[8] = 0;
        hero[23] = 15;
        assert!(!runner_blocks(held_mask(&hero), 0));
    }
}
