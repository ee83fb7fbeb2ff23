//! The `Evaluator` seam: outcome probabilities of a position and best-play choice built on them.
//!
//! An evaluator answers one question: from the point of view of the player about to roll, how
//! likely is each game result? Everything else (equities in [`crate::engine::cube`], move
//! choice, cube and resignation decisions in [`crate::engine::judge`]) is derived from those
//! numbers, so a stronger evaluator replaces the baseline without touching the front ends.

use crate::engine::cube::Stakes;
pub use crate::engine::probabilities::Probabilities;
use crate::rules::{Board, Play, Side, Variant};

/// Something that can judge backgammon positions (from several threads at once: a search
/// shares its work between threads).
pub trait Evaluator: Send + Sync {
    /// A short name for `id name` lines and logs.
    fn name(&self) -> &str;

    /// Cubeless probabilities for `on_roll`, who is about to roll on `board`.
    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities;

    /// How good `after` is for `mover`, who just played from `before`; higher is better. The
    /// default ranks by the equity `context` gives the probabilities (gammons valued by the
    /// score). Evaluators with their own move-ranking function may override it.
    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        let _ = before;
        let probabilities = self
            .probabilities(after, context.variant, mover.opponent())
            .inverted();
        context.cubeless_equity(&probabilities, mover)
    }

    /// The legal `plays` of `mover` from `before` ranked best first (a stable order: equal
    /// scores keep the order given, which is gnubg's generation order). The default scores
    /// every play with [`Evaluator::play_score`]; a search overrides it to look deeper at the
    /// most promising ones only.
    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<RankedIndex> {
        rank_by_score(plays, |after| {
            self.play_score(before, after, mover, context)
        })
    }

    /// Each of `plays` scored as [`Evaluator::rank_plays`] scores them unsearched, in the
    /// order given, with the probabilities for `mover` after the play where the score is the
    /// cubeless equity `context` gives them (`None` where the evaluator scores otherwise): a
    /// caller that ranks a roll's plays and then judges the best one need not evaluate it
    /// again. Evaluators that judge many positions faster together override it.
    fn score_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<(f64, Option<Probabilities>)> {
        score_each(self, before, plays, mover, context)
    }

    /// The index in `plays` of the play [`Evaluator::rank_plays`] ranks first, with the
    /// probabilities for `mover` after it where the evaluator has them at hand (as
    /// [`Evaluator::score_plays`] gives them); `None` when there is no play. A search's
    /// replies are chosen here, so that the position after the best reply, judged at 0
    /// plies, need not be evaluated again. The default ranks the plays and gives no
    /// probabilities; evaluators that score plays in a batch override it.
    fn best_of_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Option<(usize, Option<Probabilities>)> {
        self.rank_plays(before, plays, mover, context)
            .first()
            .map(|ranked| (ranked.index, None))
    }
}

/// Each of `plays` scored one by one with [`Evaluator::play_score`], in the order given, with
/// no probabilities: [`Evaluator::score_plays`]'s default, which an evaluator that overrides it
/// calls for the positions it does not batch.
pub fn score_each<E: Evaluator + ?Sized>(
    evaluator: &E,
    before: &Board,
    plays: &[Play],
    mover: Side,
    context: &Stakes,
) -> Vec<(f64, Option<Probabilities>)> {
    plays
        .iter()
        .map(|play| {
            (
                evaluator.play_score(before, &play.result, mover, context),
                None,
            )
        })
        .collect()
}

/// The index of the best of `scored` (as [`Evaluator::score_plays`] gives them) as
/// [`sort_ranking`] would order them at 0 plies (the highest score, the first of equal
/// ones), with its probabilities; `None` when there is none.
#[must_use]
pub fn best_scored(
    scored: &[(f64, Option<Probabilities>)],
) -> Option<(usize, Option<Probabilities>)> {
    let mut best: Option<(usize, f64)> = None;
    for (index, &(score, _)) in scored.iter().enumerate() {
        if best.is_none_or(|(_, top)| score.total_cmp(&top) == std::cmp::Ordering::Greater) {
            best = Some((index, score));
        }
    }
    best.map(|(index, _)| (index, scored[index].1))
}

/// `plays` ranked best first by `score` of the position after each, unsearched (0 plies),
/// ties in the order given.
pub fn rank_by_score(plays: &[Play], mut score: impl FnMut(&Board) -> f64) -> Vec<RankedIndex> {
    let mut ranked: Vec<RankedIndex> = plays
        .iter()
        .enumerate()
        .map(|(index, play)| RankedIndex {
            index,
            score: score(&play.result),
            plies: 0,
        })
        .collect();
    sort_ranking(&mut ranked);
    ranked
}

/// One play of a ranking: its index in the list ranked, its score (higher is better; scores
/// are comparable between plays searched to the same depth) and that depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedIndex {
    /// Index into the plays ranked.
    pub index: usize,
    /// The score the play was ranked by.
    pub score: f64,
    /// How many plies deep it was searched.
    pub plies: u32,
}

/// Sorts a ranking best first: deeper-searched plays before shallower ones, then by score;
/// stable, so ties keep their order.
pub fn sort_ranking(ranked: &mut [RankedIndex]) {
    ranked.sort_by(|a, b| b.plies.cmp(&a.plies).then(b.score.total_cmp(&a.score)));
}

/// A shared evaluator judges as the one it points to, so one set of network weights can serve
/// several sessions or threads (`Arc<E>`), or a session can hold a chosen one (`Box<dyn Evaluator>`).
macro_rules! delegate_evaluator {
    ($($pointer:ty),*) => {$(
        impl<E: Evaluator + ?Sized> Evaluator for $pointer {
            fn name(&self) -> &str {
                (**self).name()
            }

            fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
                (**self).probabilities(board, variant, on_roll)
            }

            fn play_score(
                &self,
                before: &Board,
                after: &Board,
                mover: Side,
                context: &Stakes,
            ) -> f64 {
                (**self).play_score(before, after, mover, context)
            }

            fn rank_plays(
                &self,
                before: &Board,
                plays: &[Play],
                mover: Side,
                context: &Stakes,
            ) -> Vec<RankedIndex> {
                (**self).rank_plays(before, plays, mover, context)
            }

            fn score_plays(
                &self,
                before: &Board,
                plays: &[Play],
                mover: Side,
                context: &Stakes,
            ) -> Vec<(f64, Option<Probabilities>)> {
                (**self).score_plays(before, plays, mover, context)
            }

            fn best_of_plays(
                &self,
                before: &Board,
                plays: &[Play],
                mover: Side,
                context: &Stakes,
            ) -> Option<(usize, Option<Probabilities>)> {
                (**self).best_of_plays(before, plays, mover, context)
            }
        }
    )*};
}

delegate_evaluator!(&E, Box<E>, std::sync::Arc<E>);
