//! `tavli ubgi`: speaks UBGI (drafts v0.2 and v0.1) on standard input and `out`.

use super::exit::Outcome;
use crate::engine::choice::{self, EvaluatorKind, DEFAULT_MOVE_BUDGET};
use crate::wire::ubgi::{self, UbgiSession};
use anyhow::Context;
use std::io::{self, ErrorKind, Write};

/// Arguments of `tavli ubgi` (the evaluator and the starting `engine.ply`; other settings are
/// UBGI keys, see `keys`).
#[derive(clap::Args, Debug, Clone)]
#[command(
    after_help = "Example:\n  printf 'ubgi\\nposition gnubgid 4HPwATDgc/ABMA:cIkFAAAAAAAA\\ngo\\nquit\\n' | tavli ubgi"
)]
pub struct UbgiArgs {
    /// The evaluator: `net` (tavli's networks) or `pubeval` (the baseline).
    #[arg(long, value_enum, default_value_t = EvaluatorKind::Net)]
    pub evaluator: EvaluatorKind,
    /// Networks from this weight file instead of the built-in ones (`--evaluator net`).
    #[arg(long, value_name = "PATH")]
    pub weights: Option<std::path::PathBuf>,
    /// `engine.ply` at the start (root-inclusive: 1 = the evaluator alone, 3 = gnubg's 2-ply),
    /// as deep as `--move-time` allows. Default: 3 with `net`, 1 with `pubeval` (the baseline
    /// plays as published).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=3))]
    pub ply: Option<u32>,
    /// Milliseconds per `go` after which the search stops deepening, the last complete depth
    /// answering, unless the `go` gives its own `movetime`; 0: no limit.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_MOVE_BUDGET.as_millis() as u64)]
    pub move_time: u64,
    /// Threads that share a move search (default: the machine's cores, at most 4).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub threads: Option<u64>,
}

/// Runs a UBGI session on standard input and `out` until `quit` or the end of input. A
/// closed output (broken pipe) ends the session quietly.
///
/// # Errors
/// Read or write errors other than a broken pipe.
pub fn run(args: &UbgiArgs, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<Outcome> {
    let name = concat!("tavli ", env!("CARGO_PKG_VERSION"));
    // Read the bear-off table in the background so that no reply waits for it.
    std::thread::spawn(crate::engine::bearoff::warm_up);
    let evaluator = match choice::build_static(args.evaluator, args.weights.as_deref()) {
        Ok(evaluator) => evaluator,
        Err(error) => {
            writeln!(err, "tavli: {error}")?;
            return Ok(Outcome::Failure);
        }
    };
    let mut session = UbgiSession::new(evaluator, name).with_search(
        args.ply.unwrap_or(args.evaluator.default_plies() + 1),
        choice::move_limits_within(
            args.threads.map(|threads| threads as usize),
            choice::move_budget(args.move_time),
        ),
    );
    match ubgi::run(&mut session, io::stdin().lock(), out) {
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(Outcome::Success),
        result => result
            .map(|()| Outcome::Success)
            .context("UBGI session on standard input"),
    }
}
