//! Fuzz target: XGID and GNUbg ID decoding never panic; decoded states re-encode and decode
//! to the same state (dice compared in gnubg's larger-first order).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::{gnubg_id, xgid};
use tavli::rules::Variant;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(state) = xgid::decode(text, Variant::Standard) {
            if let Ok(again) = xgid::encode(&state) {
                let _ = xgid::decode(&again, Variant::Standard).expect("written XGID reads back");
            }
        }
        if let Ok(state) = gnubg_id::decode(text, Variant::Standard) {
            // gnubg writes the larger die first but reads the dice in the order stored, so a
            // hand-made ID with the smaller die first reads back as the same roll in the other
            // order: compare the states with the dice in gnubg's order.
            let again = gnubg_id::encode(&state);
            let mut reread = gnubg_id::decode(&again, Variant::Standard).expect("reads back");
            let mut expected = state;
            reread.dice = reread.dice.map(|dice| dice.high_first());
            expected.dice = expected.dice.map(|dice| dice.high_first());
            assert_eq!(reread, expected);
            assert_eq!(gnubg_id::encode(&reread), again);
        }
    }
});
