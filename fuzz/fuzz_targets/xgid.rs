//! Fuzz target: XGID and GNUbg ID decoding never panic; decoded states re-encode and decode.
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
            let again = gnubg_id::encode(&state);
            assert_eq!(
                gnubg_id::decode(&again, Variant::Standard).ok(),
                Some(state)
            );
        }
    }
});
