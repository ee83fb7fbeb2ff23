//! Fuzz target: arbitrary bytes as a .mat file: validation never panics, its verdict agrees
//! with reading, and a match read without errors converts to SGF and .mat and reads back
//! with the same games.
#![no_main]

#[path = "common/match_file.rs"]
mod common;

use libfuzzer_sys::fuzz_target;
use tavli::matchfile::Format;

fuzz_target!(|data: &[u8]| {
    common::check("fuzz.mat", data, Format::Mat);
});
