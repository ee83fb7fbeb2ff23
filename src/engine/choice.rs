//! The evaluators a user can choose by name (`--evaluator NAME`, `--weights PATH`), built once
//! and shared (`Arc`) by every session, connection or thread that uses them.

use crate::engine::evaluator::Evaluator;
use crate::engine::net::{LoadError, NetEvaluator};
use crate::engine::Pubeval;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A chosen evaluator, shareable between threads.
pub type SharedEvaluator = Arc<dyn Evaluator + Send + Sync>;

/// The evaluators that exist, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum EvaluatorKind {
    /// tavli's own networks (the default): trained by tavli, exact bear-off database.
    #[default]
    Net,
    /// Tesauro's pubeval with a pip-count race model: the baseline opponent.
    Pubeval,
}

impl EvaluatorKind {
    /// Every evaluator with a line describing it (for `--evaluator list`-style help).
    pub const ALL: [EvaluatorKind; 2] = [EvaluatorKind::Net, EvaluatorKind::Pubeval];

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            EvaluatorKind::Net => "net",
            EvaluatorKind::Pubeval => "pubeval",
        }
    }

    /// How deep the engine protocols search with this evaluator unless told otherwise
    /// (gnubg's counting): the networks at [`DEFAULT_PLIES`]; pubeval not at all, because the
    /// baseline is meant to be Tesauro's evaluator as published (one look at each play), not a
    /// search over the probabilities tavli estimates from its score.
    #[must_use]
    pub fn default_plies(self) -> u32 {
        match self {
            EvaluatorKind::Net => DEFAULT_PLIES,
            EvaluatorKind::Pubeval => 0,
        }
    }

    /// A one-line description.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            EvaluatorKind::Net => {
                "tavli's own neural networks (contact, race) and exact bear-off database"
            }
            EvaluatorKind::Pubeval => {
                "Tesauro's public evaluator with a pip-count race model (the baseline)"
            }
        }
    }
}

/// The built-in networks, decoded once per process.
#[must_use]
pub fn embedded_net() -> Arc<NetEvaluator> {
    static NET: OnceLock<Arc<NetEvaluator>> = OnceLock::new();
    Arc::clone(NET.get_or_init(|| Arc::new(NetEvaluator::embedded())))
}

/// The default search of the engine protocols: the deepest that answers a move in under 100 ms
/// on a 2-core machine (gnubg's 2-ply with the default move filters: median about 15 ms, the
/// slowest positions stopped by [`DEFAULT_MOVE_BUDGET`]).
///
/// What the search is worth, session 24 (`tavli bench strength --a net --plies-a 2 --b net
/// --plies-b 0 --games 1000 --seed S --threads 2`, duplicate dice, no budget, load average
/// 4 to 12): full 2-ply against the net alone +0.056 ± 0.042 points per game over 3,000
/// games (seeds 2402 to 2404: -0.010, +0.085, +0.093, each about ± 0.07); 1-ply +0.046 ±
/// 0.052 over 2,000 (seed 2401). gnubg's own 2-ply against its 0-ply: +0.047 ± 0.079 over
/// 1,000 (`benches/gnubg_strength.rs`, `TAVLI_STRENGTH_GNUBG_SELF`).
pub const DEFAULT_PLIES: u32 = 2;

/// When a move search stops deepening (the last complete level decides).
pub const DEFAULT_MOVE_BUDGET: std::time::Duration = std::time::Duration::from_millis(50);

/// The most threads a search uses unless told (`--threads`).
pub const MOST_DEFAULT_THREADS: usize = 4;

/// The engine protocols' search limits: [`DEFAULT_MOVE_BUDGET`] per move, on `threads`
/// threads, or by default as many as the machine has cores (at most
/// [`MOST_DEFAULT_THREADS`]).
#[must_use]
pub fn move_limits(threads: Option<usize>) -> crate::engine::search::SearchLimits {
    move_limits_within(threads, Some(DEFAULT_MOVE_BUDGET))
}

/// [`move_limits`] with `budget` per move instead of [`DEFAULT_MOVE_BUDGET`] (`None`: no
/// limit, every search reaching its full depth).
#[must_use]
pub fn move_limits_within(
    threads: Option<usize>,
    budget: Option<std::time::Duration>,
) -> crate::engine::search::SearchLimits {
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, std::num::NonZeroUsize::get)
            .min(MOST_DEFAULT_THREADS)
    });
    crate::engine::search::SearchLimits { budget, threads: 1 }.with_threads(threads)
}

/// The budget of a `--move-time MS` option or a UBGI `movetime MS`: `MS` milliseconds per
/// move, `None` (no limit) for 0.
#[must_use]
pub fn move_budget(milliseconds: u64) -> Option<std::time::Duration> {
    (milliseconds > 0).then(|| std::time::Duration::from_millis(milliseconds))
}

/// A chosen evaluator that lives as long as the process (the command line builds one per run).
pub type StaticEvaluator = &'static (dyn Evaluator + Send + Sync);

/// [`build`] for the lifetime of the process: the built-in networks and pubeval are shared
/// statics, a weight file is loaded once and kept.
///
/// # Errors
/// As [`build`].
pub fn build_static(
    kind: EvaluatorKind,
    weights: Option<&Path>,
) -> Result<StaticEvaluator, ChoiceError> {
    static EMBEDDED: OnceLock<NetEvaluator> = OnceLock::new();
    static PUBEVAL: Pubeval = Pubeval;
    match (kind, weights) {
        (EvaluatorKind::Net, None) => Ok(EMBEDDED.get_or_init(NetEvaluator::embedded)),
        (EvaluatorKind::Pubeval, None) => Ok(&PUBEVAL),
        (EvaluatorKind::Net, Some(path)) => {
            let net = NetEvaluator::from_file(path).map_err(ChoiceError::Load)?;
            Ok(Box::leak(Box::new(net)))
        }
        (EvaluatorKind::Pubeval, Some(_)) => Err(ChoiceError::NoWeights(kind)),
    }
}

/// Builds the evaluator `kind`, with the networks of `weights` instead of the built-in ones.
///
/// # Errors
/// The weight file cannot be read or used; `weights` given for an evaluator without weights.
pub fn build(kind: EvaluatorKind, weights: Option<&Path>) -> Result<SharedEvaluator, ChoiceError> {
    match (kind, weights) {
        (EvaluatorKind::Net, None) => Ok(embedded_net()),
        (EvaluatorKind::Net, Some(path)) => NetEvaluator::from_file(path)
            .map(|net| Arc::new(net) as SharedEvaluator)
            .map_err(ChoiceError::Load),
        (EvaluatorKind::Pubeval, None) => Ok(Arc::new(Pubeval)),
        (EvaluatorKind::Pubeval, Some(_)) => Err(ChoiceError::NoWeights(kind)),
    }
}

/// Why an evaluator could not be built.
#[derive(Debug)]
pub enum ChoiceError {
    /// The weight file.
    Load(LoadError),
    /// Weights given to an evaluator that has none.
    NoWeights(EvaluatorKind),
}

impl std::fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ChoiceError::Load(error) => write!(f, "{error}"),
            ChoiceError::NoWeights(kind) => {
                write!(f, "the {} evaluator takes no weight file", kind.name())
            }
        }
    }
}

impl std::error::Error for ChoiceError {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_move_time_of_zero_is_no_limit() {
        assert_eq!(move_budget(0), None);
        assert_eq!(move_budget(50), Some(DEFAULT_MOVE_BUDGET));
        let free = move_limits_within(Some(3), move_budget(0));
        assert_eq!((free.budget, free.threads), (None, 3));
        assert_eq!(
            move_limits_within(Some(2), Some(Duration::from_millis(7))),
            crate::engine::search::SearchLimits::budget(Duration::from_millis(7)).with_threads(2)
        );
        assert_eq!(move_limits(Some(1)).budget, Some(DEFAULT_MOVE_BUDGET));
    }
}
