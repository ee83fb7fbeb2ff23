//! `tavli completions SHELL`: generated from the clap definitions of `Cli`.

use super::exit::Outcome;
use super::Cli;
use clap::CommandFactory;
use std::io::Write;

/// Arguments of `tavli completions`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to write a completion script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Writes the completion script.
///
/// # Errors
/// I/O errors on the output.
pub fn run(args: &CompletionsArgs, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut command = Cli::command();
    // Generated into memory first: clap_complete panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "tavli", &mut script);
    out.write_all(&script)?;
    Ok(Outcome::Success)
}
