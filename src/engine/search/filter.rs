//! The move filter of a search: which candidates go one ply deeper, and how a level's
//! figures reorder the ranking (the candidates it finished first, deepest first).

use crate::engine::evaluator::{sort_ranking, RankedIndex};

/// Which candidates go one ply deeper: at most `keep`, and only those within `window`
/// (equity) of the best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFilter {
    /// Candidates kept at most.
    pub keep: usize,
    /// Equity window below the best candidate.
    pub window: f64,
}

/// The filters after 0, 1 and 2 plies (tavli's defaults, in the spirit of gnubg's "normal").
pub const DEFAULT_FILTERS: [MoveFilter; super::MAX_PLIES as usize] = [
    MoveFilter {
        keep: 8,
        window: 0.16,
    },
    MoveFilter {
        keep: 3,
        window: 0.06,
    },
    MoveFilter {
        keep: 2,
        window: 0.03,
    },
];

impl MoveFilter {
    /// The indices (into the plays) of the candidates `ranked` (best first) passes on: the
    /// first `keep` within `window` of the best.
    #[must_use]
    pub fn candidates(&self, ranked: &[RankedIndex]) -> Vec<usize> {
        let Some(best) = ranked.first().map(|r| r.score) else {
            return Vec::new();
        };
        ranked
            .iter()
            .take(self.keep)
            .take_while(|r| r.score >= best - self.window)
            .map(|r| r.index)
            .collect()
    }
}

/// `ranked` after a level searched `depth` plies: the candidates it finished (play index and
/// score) first, in their new order, then every other play as it was.
#[must_use]
pub fn promote(
    ranked: Vec<RankedIndex>,
    finished: &[(usize, f64)],
    depth: u32,
) -> Vec<RankedIndex> {
    let mut deeper: Vec<RankedIndex> = finished
        .iter()
        .map(|&(index, score)| RankedIndex {
            index,
            score,
            plies: depth,
        })
        .collect();
    sort_ranking(&mut deeper);
    deeper.extend(
        ranked
            .into_iter()
            .filter(|r| !finished.iter().any(|&(index, _)| index == r.index)),
    );
    deeper
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranked(scores: &[f64]) -> Vec<RankedIndex> {
        scores
            .iter()
            .enumerate()
            .map(|(index, &score)| RankedIndex {
                index,
                score,
                plies: 0,
            })
            .collect()
    }

    #[test]
    fn the_filter_keeps_at_most_keep_within_the_window() {
        let filter = MoveFilter {
            keep: 3,
            window: 0.06,
        };
        assert_eq!(
            filter.candidates(&ranked(&[0.5, 0.48, 0.45, 0.44])),
            [0, 1, 2]
        );
        assert_eq!(filter.candidates(&ranked(&[0.5, 0.45, 0.43])), [0, 1]);
        assert_eq!(filter.candidates(&ranked(&[0.5, 0.3])), [0]);
        assert!(filter.candidates(&[]).is_empty());
    }

    #[test]
    fn the_finished_candidates_come_first_in_their_new_order_and_the_rest_as_they_were() {
        let promoted = promote(ranked(&[0.5, 0.48, 0.45, 0.1]), &[(0, 0.2), (1, 0.3)], 1);
        let order: Vec<(usize, u32)> = promoted.iter().map(|r| (r.index, r.plies)).collect();
        assert_eq!(order, [(1, 1), (0, 1), (2, 0), (3, 0)]);
        assert_eq!(promoted[0].score, 0.3);
    }
}
