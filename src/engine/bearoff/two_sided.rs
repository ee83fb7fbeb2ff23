//! The exact two-sided bear-off database: for every pair of home positions of up to six
//! checkers on the six home points (924 positions a side, 853,776 pairs), the cubeless winning
//! chance of the side on roll and its money cubeful equities with the cube centred, owned by
//! it, or owned by the other side, every play and cube action chosen best for the side that
//! makes it ([`super::two_sided_generate`] gives the recursion).
//!
//! No gammon is possible in these positions as tavli uses them: a side with at most six
//! checkers left of fifteen has borne off at least nine, and in a variant with fewer
//! checkers the database answers only when both sides have borne off at least one
//! ([`TwoSidedDatabase::covering`]). Unlike the one-sided database's race model (each side
//! minimising its own expected rolls, the sides taken as independent), each play here is the
//! best against the opponent's actual position, so the figures are exact.

use super::two_sided_cache;
use super::two_sided_generate;
use super::{home_counts, index, HomeCounts};
use crate::engine::cube::{CubeAnalysis, Stakes};
use crate::engine::evaluator::Probabilities;
use crate::rules::{Board, Side};
use std::sync::OnceLock;

/// The most checkers a side may have left for the two-sided database.
pub const TWO_SIDED_CHECKERS: usize = 6;
/// Positions of one side: at most six checkers on six points, C(12, 6).
pub const SIDE_POSITIONS: usize = 924;

/// What one pair of positions is worth to the side on roll, before it rolls (equities per
/// unit of the cube as it stands, money play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TwoSidedEntry {
    /// Cubeless chance of winning.
    pub win: f32,
    /// Cubeful equity of rolling without doubling, the cube centred.
    pub centred_no_double: f32,
    /// Cubeful equity of rolling without doubling, owning the cube.
    pub owned_no_double: f32,
    /// Cubeful equity when the other side owns the cube (no double possible).
    pub opponent_owns: f32,
}

impl TwoSidedEntry {
    /// The side on roll has borne off every checker.
    pub(super) const WON: TwoSidedEntry = TwoSidedEntry {
        win: 1.0,
        centred_no_double: 1.0,
        owned_no_double: 1.0,
        opponent_owns: 1.0,
    };
    /// The other side has borne off every checker.
    pub(super) const LOST: TwoSidedEntry = TwoSidedEntry {
        win: 0.0,
        centred_no_double: -1.0,
        owned_no_double: -1.0,
        opponent_owns: -1.0,
    };

    /// The equity of a double: the opponent passes (1) or takes and owns the doubled cube.
    #[must_use]
    pub fn double(&self) -> f64 {
        (2.0 * f64::from(self.opponent_owns)).min(1.0)
    }

    /// Cubeful equity with the cube centred, doubling when that is better.
    #[must_use]
    pub fn centred(&self) -> f64 {
        f64::from(self.centred_no_double).max(self.double())
    }

    /// Cubeful equity owning the cube, redoubling when that is better.
    #[must_use]
    pub fn owned(&self) -> f64 {
        f64::from(self.owned_no_double).max(self.double())
    }

    /// The cubeless probabilities (no gammons).
    #[must_use]
    pub fn probabilities(&self) -> Probabilities {
        Probabilities {
            win: f64::from(self.win),
            ..Probabilities::ZERO
        }
    }
}

/// The database: one entry per pair, `entries[mine * SIDE_POSITIONS + theirs]`.
pub struct TwoSidedDatabase {
    entries: Vec<TwoSidedEntry>,
    /// The two-sided index of a side's position by its one-sided [`index`].
    side_index: Vec<u16>,
}

impl TwoSidedDatabase {
    pub(super) fn from_entries(entries: Vec<TwoSidedEntry>, side_index: Vec<u16>) -> Self {
        TwoSidedDatabase {
            entries,
            side_index,
        }
    }

    pub(super) fn entries(&self) -> &[TwoSidedEntry] {
        &self.entries
    }

    /// The database, kept for the process: read from the disk cache on first use (a few
    /// milliseconds), or computed and written there when the cache has none (see
    /// [`super::two_sided_cache`]).
    #[must_use]
    pub fn get() -> &'static TwoSidedDatabase {
        static DATABASE: OnceLock<TwoSidedDatabase> = OnceLock::new();
        DATABASE.get_or_init(|| {
            two_sided_cache::load_or_compute(
                two_sided_cache::directory().as_deref(),
                two_sided_generate::generate,
            )
        })
    }

    /// Reads or computes the database now: servers call it on a background thread at start
    /// so that no reply waits for it.
    pub fn warm_up() {
        let _ = TwoSidedDatabase::get();
    }

    /// Computes the database from scratch (what the shipped table was made from).
    /// [`TwoSidedDatabase::get`] is the way to use it.
    #[must_use]
    pub fn compute() -> TwoSidedDatabase {
        two_sided_generate::generate()
    }

    fn side(&self, counts: HomeCounts) -> Option<usize> {
        let at = *self.side_index.get(index(counts)?)?;
        (at != u16::MAX).then_some(usize::from(at))
    }

    /// The entry of the side on roll with `mine` left against `theirs` (`None` when either
    /// has more than six checkers). An empty `mine` has won, an empty `theirs` has lost.
    #[must_use]
    pub fn entry(&self, mine: HomeCounts, theirs: HomeCounts) -> Option<TwoSidedEntry> {
        let (mine, theirs) = (self.side(mine)?, self.side(theirs)?);
        Some(self.entries[mine * SIDE_POSITIONS + theirs])
    }

    /// The entry of `on_roll` in `board` when the database covers it: both sides have every
    /// checker left on their home points, at most six each, and have borne off at least one
    /// (so no gammon is possible), and neither has finished.
    #[must_use]
    pub fn covering(&self, board: &Board, on_roll: Side) -> Option<TwoSidedEntry> {
        if !covers(board) {
            return None;
        }
        let mine = home_counts(board, on_roll)?;
        let theirs = home_counts(board, on_roll.opponent())?;
        self.entry(mine, theirs)
    }
}

/// Whether the two-sided database covers `board` (see [`TwoSidedDatabase::covering`]); cheap,
/// and it does not read the database.
#[must_use]
pub fn covers(board: &Board) -> bool {
    Side::BOTH.iter().all(|&side| {
        let left = board.checkers_in_play(side) as usize;
        board.borne_off(side) > 0
            && (1..=TWO_SIDED_CHECKERS).contains(&left)
            && home_counts(board, side).is_some()
    })
}

/// The exact money cube decision of `doubler`, on roll before rolling in `board`, when the
/// database covers the position and `stakes` are money play: its cubeless probabilities and
/// its no double, double/take and double/pass equities in units of the current cube (the
/// cube unlimited, gammons impossible, so Jacoby does not matter). `None` otherwise.
#[must_use]
pub fn money_cube_analysis(
    stakes: &Stakes,
    board: &Board,
    doubler: Side,
) -> Option<(Probabilities, CubeAnalysis)> {
    if stakes.is_match() || !covers(board) {
        return None;
    }
    let entry = TwoSidedDatabase::get().covering(board, doubler)?;
    let no_double = match stakes.cube_owner {
        None => entry.centred_no_double,
        Some(owner) if owner == doubler => entry.owned_no_double,
        Some(_) => entry.opponent_owns,
    };
    Some((
        entry.probabilities(),
        CubeAnalysis {
            no_double: f64::from(no_double),
            double_take: 2.0 * f64::from(entry.opponent_owns),
            double_pass: 1.0,
            double_allowed: stakes.may_double(doubler),
        },
    ))
}
