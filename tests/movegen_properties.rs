//! Property tests of play generation on random reachable positions of the standard family:
//! every play keeps the checker count, lowers the pip count by exactly the pips it moves, its
//! steps replay to its result, its result is a legal board, and no two plays share a result.

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tavli::notation::{apply_written_steps, format_play, parse_move, resolve_move};
use tavli::rules::RuleSet;
use tavli::rules::{legal_plays, Board, Dice, Side, Variant};

fn reachable(seed: u64, plies: usize, variant: Variant) -> (Board, Side) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Board::start(variant);
    let mut mover = Side::X;
    for _ in 0..plies {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let plays = legal_plays(&board, mover, dice);
        if let Some(play) = plays.get(rng.gen_range(0..plays.len().max(1))) {
            if play.result.checkers_in_play(mover) == 0 {
                break;
            }
            board = play.result;
        }
        mover = mover.opponent();
    }
    (board, mover)
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![
        4 => Just(Variant::Standard),
        1 => Just(Variant::Nackgammon),
        1 => Just(Variant::Hypergammon1),
        1 => Just(Variant::Hypergammon2),
        1 => Just(Variant::Hypergammon3),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn plays_are_consistent(
        seed in any::<u64>(),
        plies in 0usize..120,
        variant in variant_strategy(),
        first in 1u8..=6,
        second in 1u8..=6,
    ) {
        let (board, mover) = reachable(seed, plies, variant);
        let dice = Dice::new(first, second).expect("dice");
        let plays = legal_plays(&board, mover, dice);
        let total = u32::from(variant.checkers());
        let dice_used = plays.first().map(|p| p.dice_used());
        for (index, play) in plays.iter().enumerate() {
            let result = &play.result;
            for side in Side::BOTH {
                prop_assert_eq!(
                    result.checkers_in_play(side) + u32::from(result.borne_off(side)),
                    total
                );
            }
            prop_assert_eq!(board.pips(mover) - result.pips(mover), play.pips_moved());
            prop_assert!(result.validate(variant).is_ok());
            prop_assert_eq!(Some(play.dice_used()), dice_used, "all plays use as many dice");
            let written: Vec<(u8, u8)> = play.steps().iter().map(|s| (s.from, s.to)).collect();
            let replayed = apply_written_steps(&board, mover, &written);
            prop_assert_eq!(replayed.as_ref().ok(), Some(result));
            let rules = RuleSet::new(variant);
            let text = format_play(rules, &board, mover, dice, play.steps());
            let written = parse_move(rules, &text).expect("parses");
            let resolved = resolve_move(rules, &board, mover, dice, &written);
            prop_assert_eq!(resolved.map(|p| p.result).ok(), Some(*result));
            for other in &plays[index + 1..] {
                prop_assert_ne!(&other.result, result);
            }
        }
    }
}
