//! Fuzz target: Match ID decoding never panics, and decoded fields re-encode to the same ID.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::match_id;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(fields) = match_id::decode(text) {
            let again = fields.encode();
            assert_eq!(
                match_id::decode(&again).expect("re-encoded ID decodes"),
                fields
            );
        }
    }
});
