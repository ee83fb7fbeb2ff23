//! Fuzz target: Position ID decoding never panics, and what decodes re-encodes to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::position_id;
use tavli::rules::{Side, Variant};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(board) = position_id::decode(text, Side::X, Variant::Standard) {
            let again = position_id::encode(&board, Side::X);
            let board_again = position_id::decode(&again, Side::X, Variant::Standard)
                .expect("an encoded board decodes");
            assert_eq!(board, board_again);
        }
        let _ = position_id::decode_lenient(text, Side::O, Variant::Nackgammon);
    }
});
