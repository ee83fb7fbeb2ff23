//! Fuzz target: tavli position strings decode without panicking and what decodes re-encodes
//! to a string that decodes to the same variant and board; boards built from the raw bytes
//! that are valid encode to a string that decodes back to them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::tavli_position::{decode_position, encode_position};
use tavli::rules::{Board, Side, Variant};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok((variant, board)) = decode_position(text) {
            let written = encode_position(variant, &board);
            assert_eq!(
                decode_position(&written),
                Ok((variant, board)),
                "{text:?} -> {written:?}"
            );
        }
    }
    // The raw bytes as a board: variant, 50 slot counts, then pin bits for both sides.
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[usize::from(selector) % Variant::ALL.len()];
    if rest.len() < 50 {
        return;
    }
    let mut slots = [[0u8; 25]; 2];
    for (index, &byte) in rest[..50].iter().enumerate() {
        slots[index / 25][index % 25] = byte % 16;
    }
    let Ok(mut board) = Board::from_slots(slots, variant) else {
        return;
    };
    for (side, bytes) in Side::BOTH.into_iter().zip(rest[50..].chunks(3)) {
        for (byte_index, &byte) in bytes.iter().enumerate() {
            for bit in 0..8u8 {
                if byte & (1 << bit) != 0 {
                    board.set_pinned(side, byte_index as u8 * 8 + bit + 1, true);
                }
            }
        }
    }
    if board.validate(variant).is_err() {
        return;
    }
    let written = encode_position(variant, &board);
    assert_eq!(
        decode_position(&written),
        Ok((variant, board)),
        "{written:?}"
    );
});
