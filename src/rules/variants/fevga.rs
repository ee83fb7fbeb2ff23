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

/// F2, the runner rule: while none of the mover's checkers is on points 1..11 and none has
/// been borne off, a checker may leave the 24-point only if no other checker has left it.
#[must_use]
pub(crate) fn runner_blocks(hero: &[u8; 25], hero_off: u8) -> bool {
    hero_off == 0 && hero[..11].iter().all(|&n| n == 0) && hero[11..23].iter().any(|&n| n > 0)
}

/// F3: whether the mover holds all six points of his starting quarter (19..24).
#[must_use]
pub(crate) fn holds_start_quarter(hero: &[u8; 25]) -> bool {
    hero[18..24].iter().all(|&n| n > 0)
}

/// F4: whether the mover holds six consecutive points along the opponent's path with no
/// opposing checker ahead of them (further along the opponent's path, or borne off).
#[must_use]
pub(crate) fn traps_opponent(hero: &[u8; 25], opp: &[u8; 25], opp_off: u8) -> bool {
    if opp_off > 0 {
        return false;
    }
    // Points the mover holds, in the opponent's numbering (bit j = opponent's point j + 1).
    let mut held = 0u32;
    for (index, &count) in hero[..24].iter().enumerate() {
        if count > 0 {
            held |= 1 << opposite(index);
        }
    }
    let mut starts = held;
    for shift in 1..6 {
        starts &= held >> shift;
    }
    if starts == 0 {
        return false;
    }
    let mut occupied = 0u32;
    for (index, &count) in opp[..24].iter().enumerate() {
        if count > 0 {
            occupied |= 1 << index;
        }
    }
    // The opponent moves from its 24 towards its 1: a block starting at its point k + 1 has
    // an opposing checker ahead when one stands on a lower point.
    starts.trailing_zeros() < occupied.trailing_zeros()
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
        assert!(traps_opponent(&hero, &opp, 0));
        assert!(!traps_opponent(&hero, &opp, 1));
        opp[23] = 14;
        opp[12] = 1; // O's 13 = X's 1: past the block
        assert!(!traps_opponent(&hero, &opp, 0));
    }

    #[test]
    fn runner_rule() {
        let mut hero = [0u8; 25];
        hero[23] = 14;
        hero[17] = 1;
        assert!(runner_blocks(&hero, 0));
        hero[17] = 0;
        hero[8] = 1;
        assert!(!runner_blocks(&hero, 0));
        hero[8] = 0;
        hero[23] = 15;
        assert!(!runner_blocks(&hero, 0));
    }
}
