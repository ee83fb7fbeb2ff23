//! Unit tests of play generation: the occupancy masks, repeated positions found by key, gnubg's
//! opening counts and checker conservation.

use super::*;
use crate::rules::variant::Variant;

#[test]
fn nonzero_mask_matches_a_loop() {
    let mut slots = [0u8; 25];
    for (index, slot) in slots.iter_mut().enumerate() {
        *slot = (index * 7 % 5) as u8;
    }
    for filter in [0xFF, 0xFE] {
        let expected = (0..25)
            .filter(|&index| slots[index] & filter != 0)
            .fold(0u32, |mask, index| mask | 1 << index);
        assert_eq!(nonzero_mask(&slots, filter), expected, "{filter:x}");
    }
}

/// Random boards (mostly with contact; none, one or several of the mover's checkers on
/// the bar) where every mixed roll gives the same plays, steps included, whether repeats
/// are found by rule or by key.
#[test]
fn repeat_rules_agree_with_keys() {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut random = |limit: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % limit) as usize
    };
    let mut seen = SeenPositions::new();
    // Boards by the number of the mover's checkers on the bar: none, one, more.
    let mut on_bar = [0usize; 3];
    for round in 0..3000 {
        let mut slots = [[0u8; 25]; 2];
        let spread = 6 + random(19);
        // Every other board has many checkers on the bar.
        let bar_odds = if round % 2 == 0 { 40 } else { 12 };
        for _ in 0..15 {
            let slot = if random(bar_odds) == 0 {
                BAR
            } else {
                random(spread as u64)
            };
            slots[1][slot] += 1;
        }
        for _ in 0..15 {
            let slot = random(25);
            if slot == BAR || slots[1][23 - slot] == 0 {
                slots[0][slot] += 1;
            }
        }
        let board = Board::from_slots(slots, Variant::Standard).unwrap();
        on_bar[usize::from(slots[1][BAR].min(2))] += 1;
        for dice in Dice::all_rolls()
            .into_iter()
            .filter(|dice| !dice.is_double())
        {
            let dice = (usize::from(dice.first()), usize::from(dice.second()));
            for order in [dice, (dice.1, dice.0)] {
                let mut results = [Vec::new(), Vec::new()];
                for (by_key, plays) in [false, true].into_iter().zip(&mut results) {
                    let (mut generator, root) = Generator::<1, true>::new(&board, plays);
                    generator.by_key = by_key;
                    generator.mixed(&root, order, &mut seen);
                }
                assert_eq!(results[0], results[1], "{slots:?} {order:?}");
            }
        }
    }
    assert!(on_bar.iter().all(|&boards| boards > 500), "{on_bar:?}");
}

#[test]
fn opening_rolls_have_gnubg_counts() {
    let board = Board::start(Variant::Standard);
    let dice = Dice::new(6, 3).unwrap();
    assert_eq!(legal_plays(&board, Side::X, dice).len(), 14);
    let total: usize = Dice::all_rolls()
        .into_iter()
        .map(|dice| count_legal_plays(&board, Side::X, dice))
        .sum();
    assert_eq!(total, 447);
}

#[test]
fn plays_conserve_checkers() {
    let board = Board::start(Variant::Standard);
    for dice in Dice::all_rolls() {
        for play in legal_plays(&board, Side::O, dice) {
            assert_eq!(
                play.result.checkers_in_play(Side::O) + u32::from(play.result.off[0]),
                15
            );
            assert_eq!(
                board.pips(Side::O) - play.result.pips(Side::O),
                play.pips_moved()
            );
        }
    }
}
