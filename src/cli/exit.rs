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
