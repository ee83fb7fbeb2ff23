//! Match analysis: how well a recorded match was played. Every decision of a replayed
//! [`MatchRecord`] is put to the [`Judge`](crate::engine::Judge) (the one decision interface;
//! no evaluation of its own here): each chequer play against the best play at the chequer
//! depth, each cube decision (no double where doubling was allowed, double, take, pass) with
//! the judge's cube decision, the luck of each roll. The per-player statistics follow gnubg's
//! `show statistics match`, with gnubg's marks and rating bands and XG's PR.
//!
//! ```
//! use tavli::analysis::{analyse_match, AnalysisSettings};
//! use tavli::engine::Pubeval;
//! use tavli::matchfile::{read_match_text, Format};
//! let text = "1 point match\n\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5    42: 8/4 6/4\n";
//! let record = read_match_text(text, Format::Mat).unwrap();
//! let analysis = analyse_match(&record, &Pubeval, &AnalysisSettings::default()).unwrap();
//! assert_eq!(analysis.players[1].chequer.moves, 1);
//! ```

pub mod decision;
pub mod details;
pub mod luck;
pub mod marks;
pub mod shard;
pub mod statistics;
pub mod summary;
pub mod thresholds;
pub mod walk;

pub use decision::{CubeAction, CubeError, Decision, DecisionKind, Equity};
pub use details::{Candidate, DecisionDetails};
pub use marks::{LuckMark, Mark};
pub use statistics::{match_statistics, PlayerStatistics};

use crate::engine::Evaluator;
use crate::matchfile::record::MatchRecord;
use crate::rules::Variant;
use std::fmt;

/// The depths an analysis judges at (gnubg's `set analysis chequerplay|cubedecision|
/// luckanalysis evaluation plies N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// Plies for chequer plays.
    pub chequer_plies: u32,
    /// Plies for cube decisions.
    pub cube_plies: u32,
    /// Plies for the luck of the rolls (gnubg's default: 0).
    pub luck_plies: u32,
}

impl AnalysisSettings {
    /// Chequer play and cube decisions at `plies`, luck at 0 ply as gnubg does.
    #[must_use]
    pub fn at(plies: u32) -> AnalysisSettings {
        AnalysisSettings {
            chequer_plies: plies,
            cube_plies: plies,
            luck_plies: 0,
        }
    }
}

impl Default for AnalysisSettings {
    /// Everything at 0 ply.
    fn default() -> AnalysisSettings {
        AnalysisSettings::at(0)
    }
}

/// Why a match cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The judge's evaluator is not trained for this variant.
    Variant(Variant),
    /// The rules refuse a recorded action (the record is not valid).
    Unplayable {
        /// The game (1-based).
        game: usize,
        /// What was refused.
        action: String,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Variant(variant) => write!(
                formatter,
                "{} matches cannot be analysed yet: the analysis judges standard backgammon only",
                variant.name()
            ),
            AnalysisError::Unplayable { game, action } => {
                write!(
                    formatter,
                    "game {game}: the rules refuse {action} of the record"
                )
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// One match analysed: its players, every decision and both players' statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchAnalysis {
    /// The players' statistics, player 0 (`O`) first.
    pub players: [PlayerStatistics; 2],
    /// Every decision in match order.
    pub decisions: Vec<Decision>,
}

/// Analyses `record` with `evaluator` at `settings`.
///
/// # Errors
/// See [`walk::analyse_decisions`].
pub fn analyse_match<E: Evaluator + ?Sized>(
    record: &MatchRecord,
    evaluator: &E,
    settings: &AnalysisSettings,
) -> Result<MatchAnalysis, AnalysisError> {
    let decisions = walk::analyse_decisions(record, evaluator, settings)?;
    Ok(MatchAnalysis {
        players: match_statistics(record, &decisions),
        decisions,
    })
}
