//! The one mapping from command outcomes to process exit codes.

use std::process::ExitCode;

/// How a command ended. Usage errors are reported by clap itself (exit code 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything succeeded: exit code 0.
    Success,
    /// The input was read but something in it was rejected or invalid: exit code 1.
    Rejected,
    /// Usage, I/O or internal error: exit code 2.
    Failure,
}

impl Outcome {
    /// Every outcome, by exit code.
    pub const ALL: [Outcome; 3] = [Outcome::Success, Outcome::Rejected, Outcome::Failure];

    /// What a closed output pipe means (documented beside the codes).
    pub const BROKEN_PIPE: &'static str =
        "A closed output pipe (tavli ... | head) ends tavli quietly with status 0.";

    /// What the exit code says, as the README's and the man pages' tables say it.
    #[must_use]
    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::Success => "Success.",
            Outcome::Rejected => "Some input was rejected or invalid (a bad position, roll, batch line or match file; a position the command cannot judge).",
            Outcome::Failure => "Usage error (unknown flag or subcommand), a path that gives no file (missing, or a directory without match files), I/O or internal error.",
        }
    }

    /// The exit code documented in the README.
    #[must_use]
    pub fn exit_code(self) -> ExitCode {
        ExitCode::from(self.code())
    }

    /// The numeric exit code.
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Outcome::Success => 0,
            Outcome::Rejected => 1,
            Outcome::Failure => 2,
        }
    }

    /// The worse of two outcomes.
    #[must_use]
    pub fn worst(self, other: Outcome) -> Outcome {
        if other.code() > self.code() {
            other
        } else {
            self
        }
    }
}
