//! Integration tests: they run the `tavli` binary and compare with gnubg's recorded vectors.

mod codec_gnubg;
mod codec_properties;
mod codec_vectors;
mod grammar_codec;
mod variants;
