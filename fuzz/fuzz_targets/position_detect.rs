//! Fuzz target: `parse_position` reads any text in every variant without panicking, the form
//! it reports agrees with `detect_form`, and a position read is a valid board of the variant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavli::codec::{detect_form, parse_position, ParsePositionError};
use tavli::rules::Variant;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let form = detect_form(text.trim());
    for variant in Variant::ALL {
        match parse_position(text, variant) {
            Ok(state) => {
                assert!(form.is_some(), "{text:?} read without a form");
                if let Err(error) = state.board.validate(variant) {
                    panic!("{variant:?}: {text:?} read as an invalid board: {error}");
                }
            }
            Err(ParsePositionError::Unrecognised { .. }) => {
                assert!(
                    form.is_none(),
                    "{text:?} has form {form:?} but is unrecognised"
                );
            }
            Err(error) => {
                assert!(form.is_some(), "{text:?}: {error}");
                let _ = error.to_string();
            }
        }
    }
});
