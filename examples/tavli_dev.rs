//! Development harness for the `validate` and `convert` subcommands until the lead wires
//! them into `tavli`'s CLI: `cargo run --example tavli_dev -- validate FILE...`.

use clap::Parser;
use std::process::ExitCode;
// `crate::matchfile` inside the included files resolves to the library module.
use tavli::matchfile;

#[path = "../src/cli/convert.rs"]
mod convert;
#[path = "../src/cli/validate.rs"]
mod validate;

#[derive(Parser)]
enum Command {
    /// Check match files.
    Validate(validate::Args),
    /// Convert a match file.
    Convert(convert::Args),
}

fn main() -> ExitCode {
    let _ = matchfile::Format::Mat;
    let result = match Command::parse() {
        Command::Validate(args) => validate::run(args),
        Command::Convert(args) => convert::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            eprintln!("tavli: {error:#}");
            ExitCode::from(2)
        }
    }
}
