//! Integration tests: one crate root, one module per area.

mod support;

mod analyse;
mod analyse_summary;
mod bounded_input;
mod cli;
mod codec_gnubg;
mod codec_properties;
mod codec_vectors;
mod cube_layout;
mod engine;
mod external_server;
mod fibs_finished;
mod gnubg_drop_in;
mod gnubg_movegen;
mod grammar;
mod grammar_codec;
mod hint_figures;
mod json_schema;
mod manners;
mod movegen;
mod movegen_properties;
mod oneshot;
mod picture;
mod readme;
mod render;
mod repl;
mod repl_files;
mod repl_variants;
mod report;
mod report_records;
mod rollout;
mod terminal;
mod ubgi;
mod validate;
mod variants;
