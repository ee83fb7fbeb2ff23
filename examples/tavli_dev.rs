//! Development harness for the `validate` and `convert` subcommands until the lead wires
//! them into `tavli`'s CLI: `cargo run --example tavli_dev -- validate FILE...`.

use clap::Parser;
use std::process::ExitCode;
// The included files name `crate::matchfile` and `super::exit`: make both resolve here.
use tavli::cli::exit;
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
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    let result = match Command::parse() {
        Command::Validate(args) => validate::run(&args, &mut out, &mut err),
        Command::Convert(args) => convert::run(&args, &mut out, &mut err),
    };
    match result {
        Ok(outcome) => outcome.exit_code(),
        Err(error) => {
            eprintln!("tavli: {error:#}");
            exit::Outcome::Failure.exit_code()
        }
    }
}
