//! The `tavli` binary: parses the command line and hands it to the library.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = tavli::cli::parse();
    let colours = tavli::cli::colour::Colours::of_process(cli.color);
    // No lock is held across the run: progress bars draw on standard error from worker
    // threads, and a lock held here would block them for ever (each write locks briefly).
    let mut out = std::io::stdout();
    let mut err = std::io::stderr();
    match tavli::cli::run(cli, &mut out, &mut err) {
        Ok(outcome) => {
            let _ = out.flush();
            outcome.exit_code()
        }
        Err(error) => {
            // A closed pipe (`tavli ... | head`) is not an error.
            let broken_pipe = error.chain().any(|cause| {
                cause
                    .downcast_ref::<std::io::Error>()
                    .map(std::io::Error::kind)
                    .or_else(|| {
                        cause
                            .downcast_ref::<serde_json::Error>()
                            .and_then(serde_json::Error::io_error_kind)
                    })
                    == Some(ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            let label = tavli::cli::colour::error_label(colours.stderr);
            let _ = writeln!(err, "tavli: {label} {error:#}");
            tavli::cli::Outcome::Failure.exit_code()
        }
    }
}
