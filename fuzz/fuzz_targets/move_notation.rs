//! Fuzz target: move parsing never panics; parsed moves resolve (or fail) without panicking,
//! and a resolved play's gnubg notation parses and resolves to the same play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::notation::{format_play, parse_move, resolve_move};
use tavli::rules::RuleSet;
use tavli::rules::{Dice, Side};

fuzz_target!(|data: &[u8]| {
    let Some((&dice_byte, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let rules = RuleSet::default();
    let Ok(written) = parse_move(rules, text) else {
        return;
    };
    let dice = Dice::new(dice_byte % 6 + 1, (dice_byte / 6) % 6 + 1).expect("dice in range");
    let board = rules.start();
    if let Ok(play) = resolve_move(rules, &board, Side::X, dice, &written) {
        let notation = format_play(rules, &board, Side::X, dice, play.steps());
        let reparsed = parse_move(rules, &notation).expect("gnubg notation parses");
        let again = resolve_move(rules, &board, Side::X, dice, &reparsed).expect("and resolves");
        assert_eq!(again.result, play.result);
    }
});
