//! Fuzz target: written plays of every variant parse without panicking; on the variant's start
//! position (or one play into the game) a resolved play is legal, and its notation parses and
//! resolves to the same play.
//!
//! Input: byte 0 picks the variant, byte 1 the dice, byte 2 the mover and an optional first
//! play to make before, the rest is the move text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::notation::{format_play, resolve_move, VariantMoveText, WrittenMove};
use tavli::rules::RuleSet;
use tavli::rules::{Board, Dice, Side, Variant};

fn dice_from(byte: u8) -> Dice {
    Dice::new(byte % 6 + 1, (byte / 6) % 6 + 1).expect("dice in range")
}

fuzz_target!(|data: &[u8]| {
    let [selector, dice_byte, setup, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    // The variant grammar for every variant, as match files write them.
    let Ok(written) = text.parse::<VariantMoveText>().map(WrittenMove::Entries) else {
        return;
    };
    let variant = Variant::ALL[usize::from(*selector) % Variant::ALL.len()];
    let rules = RuleSet::new(variant);
    let mover = if setup & 1 == 0 { Side::X } else { Side::O };
    let mut board = Board::start(variant);
    if setup >> 1 != 0 {
        // One play by the opponent first, so hits, pins and captures become possible.
        let plays = rules.legal_plays(&board, mover.opponent(), dice_from(setup >> 1));
        if let Some(play) = plays.get(usize::from(setup >> 1) % plays.len().max(1)) {
            board = play.result;
        }
    }
    let dice = dice_from(*dice_byte);
    let Ok(play) = resolve_move(rules, &board, mover, dice, &written) else {
        return;
    };
    let legal = rules.legal_plays(&board, mover, dice);
    assert!(
        legal
            .iter()
            .any(|candidate| candidate.result == play.result),
        "{variant:?}: {text:?} resolved to a play that is not legal"
    );
    let notation = format_play(rules, &board, mover, dice, play.steps());
    if notation.is_empty() {
        return;
    }
    let reparsed = notation
        .parse::<VariantMoveText>()
        .map(WrittenMove::Entries)
        .unwrap_or_else(|error| {
            panic!("{variant:?}: notation {notation:?} does not parse: {error}")
        });
    let again = resolve_move(rules, &board, mover, dice, &reparsed).unwrap_or_else(|error| {
        panic!("{variant:?}: notation {notation:?} of {text:?} does not resolve: {error}")
    });
    assert_eq!(
        again.result, play.result,
        "{variant:?}: {text:?} -> {notation:?}"
    );
});
