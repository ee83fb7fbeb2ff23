//! Tests of the inputs: hand-counted features, and the fast encoder against the plain
//! reference one on random boards.

use super::*;
use crate::rules::Variant;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn the_starting_position_is_symmetric() {
    let board = Board::start(Variant::Standard);
    let mut inputs = SparseInputs::default();
    encode(&board, Side::X, true, &mut inputs);
    let dense = inputs.dense();
    assert_eq!(dense[..INPUTS_PER_SIDE], dense[INPUTS_PER_SIDE..]);
    // Two checkers on the 24-point, five on the 13, three on the 8, five on the 6.
    assert_eq!(dense[23 * 4..23 * 4 + 4], [1.0, 1.0, 0.0, 0.0]);
    assert_eq!(dense[12 * 4..12 * 4 + 4], [1.0, 1.0, 1.0, 1.0]);
    assert!((dense[101] - 1.0).abs() < 1e-6);
}

/// The first way of counting exposure, roll by roll: the oracle of the fast one.
fn exposure_by_rolls(own: &[u8; 25], other: &[u8; 25]) -> u32 {
    let (blots, blocked) = reference::blots_and_held(own);
    if blots == 0 {
        return 0;
    }
    let mut sources = [0usize; 25];
    let mut source_count = 0;
    if other[BAR] > 0 {
        sources[0] = 0;
        source_count = 1;
    }
    for (q, &count) in other[..24].iter().enumerate() {
        let position = 24 - q;
        if count > 0 && (blots >> (position + 1)) != 0 {
            sources[source_count] = position;
            source_count += 1;
        }
    }
    let sources = &sources[..source_count];
    let open = |point: usize| point <= 24 && blocked & (1 << point) == 0;
    let mut hits = 0;
    for high in 1..=6usize {
        for low in 1..=high {
            let weight = if high == low { 1 } else { 2 };
            let hit = sources.iter().any(|&from| {
                let mut reach = 0u32;
                if high == low {
                    let mut at = from;
                    for _ in 0..4 {
                        at += high;
                        if !open(at) {
                            break;
                        }
                        reach |= 1 << at;
                    }
                } else {
                    for (first, second) in [(high, low), (low, high)] {
                        if open(from + first) {
                            reach |= 1 << (from + first);
                            if open(from + first + second) {
                                reach |= 1 << (from + first + second);
                            }
                        }
                    }
                }
                reach & blots != 0
            });
            if hit {
                hits += weight;
            }
        }
    }
    hits
}

#[test]
fn exposure_equals_the_roll_by_roll_count_on_random_boards() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for _ in 0..20_000 {
        let mut own = [0u8; 25];
        let mut other = [0u8; 25];
        for slot in 0..24 {
            match rng.gen_range(0..6) {
                0 => own[slot] = 1,
                1 => own[slot] = rng.gen_range(2..5),
                2 => other[23 - slot] = rng.gen_range(1..4),
                _ => {}
            }
        }
        other[BAR] = rng.gen_range(0..2);
        assert_eq!(
            reference::shots(&own, &other).rolls,
            exposure_by_rolls(&own, &other)
        );
    }
}

#[test]
fn a_blot_six_away_is_hit_by_seventeen_rolls() {
    let mut own = [0u8; 25];
    own[9] = 1; // blot on own 10-point
    let mut other = [0u8; 25];
    other[24 - 4] = 2; // other's 21-point = own 4-point, six pips behind the blot
    assert_eq!(reference::shots(&own, &other).rolls, 17);
    // A blot on the 10-point sent back loses 15 pips, with each of the 17 rolls.
    assert_eq!(reference::shots(&own, &other).pip_loss, 17 * 15);
    // Points 5 to 9 made: every indirect path is blocked, only the 11 rolls with a six hit.
    own[4..9].fill(2);
    assert_eq!(reference::shots(&own, &other).rolls, 11);
}

#[test]
fn a_closed_board_holds_a_checker_on_the_bar() {
    let (me, them) = (Side::X.index(), Side::O.index());
    let mut board = Board::empty();
    board.slots[me][BAR] = 1;
    board.slots[me][5] = 14;
    board.slots[them][..6].fill(2);
    board.slots[them][10] = 3;
    assert_eq!(
        reference::rearmost_freedom(&board.slots[me], &board.slots[them]),
        0
    );
    let mut inputs = SparseInputs::default();
    encode(&board, Side::X, true, &mut inputs);
    let dense = inputs.dense();
    assert_eq!(dense[100 + 11], 0.0, "no roll frees it");
    assert_eq!(dense[100 + 12], 1.0, "every roll dances");
    // Open the 6-point (own 19): the 6s enter, and go on unless they land on a held point.
    board.slots[them][5] = 0;
    // 6-6 enters and runs 19, 13, 7, 1: all open. 6-x enters with the 6, then x from 19
    // lands on 19 - x: open for x = 1..=4, but 14 is held (the other side's 11-point), so
    // 6-5 is not free: 1 + 2 * 4 = 9 rolls.
    assert_eq!(
        reference::rearmost_freedom(&board.slots[me], &board.slots[them]),
        9
    );
}

#[test]
fn anchors_count_points_held_in_the_other_home_board() {
    let board = Board::start(Variant::Standard);
    let mut inputs = SparseInputs::default();
    encode(&board, Side::X, true, &mut inputs);
    assert_eq!(inputs.dense()[100 + 13], 0.5, "the 24-point anchor");
}

#[test]
fn contact_distance_counts_checkers_behind_the_rearmost() {
    let mut own = [0u8; 25];
    own[23] = 2; // own 24-point
    let mut other = [0u8; 25];
    other[23] = 1; // other's 24-point = own 1-point
    assert_eq!(reference::pips_to_break_contact(&own, &other), 2 * 23);
}

/// A random board: each side's 15 checkers spread over its bar, points and tray, the two sides
/// never on the same point.
fn random_board(rng: &mut StdRng) -> Board {
    let mut board = Board::empty();
    for side in [Side::X, Side::O] {
        let me = side.index();
        let them = side.opponent().index();
        let mut left = 15u8;
        while left > 0 {
            match rng.gen_range(0..10) {
                0 => {
                    board.slots[me][BAR] += 1;
                    left -= 1;
                }
                1 => {
                    board.off[me] += 1;
                    left -= 1;
                }
                _ => {
                    // Own slot s is the other side's slot 23 - s.
                    let slot = if rng.gen_bool(0.4) {
                        rng.gen_range(0..6)
                    } else {
                        rng.gen_range(0..24)
                    };
                    if board.slots[them][23 - slot] == 0 {
                        let count = rng.gen_range(1..=left.min(4));
                        board.slots[me][slot] += count;
                        left -= count;
                    }
                }
            }
        }
    }
    board
}

#[test]
fn the_fast_encoder_writes_what_the_reference_writes() {
    let mut rng = StdRng::seed_from_u64(11);
    let (mut fast, mut plain) = (SparseInputs::default(), SparseInputs::default());
    for round in 0..20_000 {
        let board = if round % 4 == 0 {
            Board::start(Variant::Standard)
        } else {
            random_board(&mut rng)
        };
        for on_roll in [Side::X, Side::O] {
            for contact in [true, false] {
                encode(&board, on_roll, contact, &mut fast);
                reference::encode(&board, on_roll, contact, &mut plain);
                let (fast_inputs, plain_inputs): (Vec<_>, Vec<_>) =
                    (fast.iter().collect(), plain.iter().collect());
                assert_eq!(
                    fast_inputs, plain_inputs,
                    "{board:?} on roll {on_roll:?} contact {contact}"
                );
            }
        }
    }
}

#[test]
fn rearmost_freedom_on_masks_counts_as_the_reference_does() {
    let mut rng = StdRng::seed_from_u64(12);
    for _ in 0..20_000 {
        let board = random_board(&mut rng);
        let (own, other) = (&board.slots[0], &board.slots[1]);
        let Some(rearmost) = (0..=BAR).rev().find(|&slot| own[slot] > 0) else {
            continue;
        };
        let held: u32 = (0..24)
            .filter(|&slot| other[slot] >= 2)
            .map(|slot| 1 << (24 - slot))
            .sum();
        assert_eq!(
            hits::rearmost_freedom(rearmost + 1, held),
            reference::rearmost_freedom(own, other)
        );
    }
}

/// Every play of random rolls in random games of each variant the networks serve (the
/// positions a move choice encodes, one play after another): the fast encoder writes what
/// the reference writes, for the side to roll after the play, with and without contact.
#[test]
fn the_fast_encoder_writes_what_the_reference_writes_after_every_play() {
    use crate::rules::{legal_plays, Dice};
    let mut rng = StdRng::seed_from_u64(13);
    let (mut fast, mut plain) = (SparseInputs::default(), SparseInputs::default());
    let mut compared = 0;
    for game in 0..150 {
        let variant = [
            Variant::Standard,
            Variant::Nackgammon,
            Variant::Hypergammon3,
        ][game % 3];
        let mut board = Board::start(variant);
        let mut side = Side::X;
        while Side::BOTH.iter().all(|&s| board.checkers_in_play(s) > 0) {
            let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
            let plays = legal_plays(&board, side, dice);
            for play in &plays {
                for contact in [true, false] {
                    encode(&play.result, side.opponent(), contact, &mut fast);
                    reference::encode(&play.result, side.opponent(), contact, &mut plain);
                    assert!(
                        fast.iter().eq(plain.iter()),
                        "{:?} on roll {:?} contact {contact}",
                        play.result,
                        side.opponent()
                    );
                }
                compared += 1;
            }
            if !plays.is_empty() {
                board = plays[rng.gen_range(0..plays.len())].result;
            }
            side = side.opponent();
        }
    }
    assert!(compared > 50_000, "{compared}");
}
