//! Fuzz target: FIBS `board:` lines of both flavours and every variant decode without
//! panicking, and what decodes re-encodes to a line that decodes to the same names and state.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::fibs::{self, FibsFlavour};
use tavli::rules::Variant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for flavour in [FibsFlavour::ShowBoard, FibsFlavour::ExternalPlayer] {
        for variant in Variant::ALL {
            let Ok(decoded) = fibs::decode(text, variant, flavour) else {
                continue;
            };
            let names = [decoded.names[0].as_str(), decoded.names[1].as_str()];
            let line = fibs::encode(&decoded.state, names, flavour);
            let again = fibs::decode(&line, variant, flavour).unwrap_or_else(|error| {
                panic!("{variant:?} {flavour:?}: {text:?} re-encoded as {line:?}: {error}")
            });
            assert_eq!(
                again, decoded,
                "{variant:?} {flavour:?}: {text:?} -> {line:?}"
            );
            assert_eq!(fibs::encode(&again.state, names, flavour), line);
        }
    }
});
