//! Search as gnubg counts plies: 0-ply is the evaluator alone, n-ply averages over the 21 rolls
//! the position after the best reply (chosen at 0 ply) judged at n - 1 plies. Choosing a play
//! at n plies ranks every candidate at 0 ply, keeps the best few within an equity window (a
//! move filter per level, as gnubg's), searches those one ply deeper, filters again, and so on;
//! a time budget stops the deepening, the last complete level deciding. A level's work (each
//! candidate with each of the 21 replies' rolls) is started best candidate first and can be
//! shared by several threads.

mod filter;
mod limits;
#[doc(hidden)]
pub mod processor_time;
mod replies;

pub use filter::{promote, MoveFilter, DEFAULT_FILTERS};
pub use limits::SearchLimits;
pub(crate) use replies::{Replies, Reply};

use crate::engine::cube::Stakes;
use crate::engine::evaluator::{Evaluator, Probabilities, RankedIndex};
use crate::engine::net::evaluator::finished;
use crate::rules::{legal_plays, Board, Dice, Play, Side, Variant};
use crate::rules::{GameResult, RuleSet};
use std::time::Instant;

/// The most plies a search goes.
pub const MAX_PLIES: u32 = 3;

/// An evaluator searched some plies deep.
pub struct Search<'a, E: Evaluator + ?Sized> {
    inner: &'a E,
    plies: u32,
    filters: [MoveFilter; MAX_PLIES as usize],
    limits: SearchLimits,
    name: String,
}

impl<'a, E: Evaluator + ?Sized> Search<'a, E> {
    /// `inner` searched `plies` deep (at most [`MAX_PLIES`]) with the default filters, no
    /// time budget and one thread.
    #[must_use]
    pub fn new(inner: &'a E, plies: u32) -> Search<'a, E> {
        let plies = plies.min(MAX_PLIES);
        let name = format!("{} {plies}-ply", inner.name());
        Search {
            inner,
            plies,
            filters: DEFAULT_FILTERS,
            limits: SearchLimits::UNLIMITED,
            name,
        }
    }

    /// The same search within `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Search<'a, E> {
        self.limits = limits;
        self
    }

    /// The same search with `filters` after 0, 1 and 2 plies instead of [`DEFAULT_FILTERS`].
    #[must_use]
    pub fn with_filters(mut self, filters: [MoveFilter; MAX_PLIES as usize]) -> Search<'a, E> {
        self.filters = filters;
        self
    }

    /// The plies searched.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The move filters after 0, 1 and 2 plies.
    #[must_use]
    pub fn filters(&self) -> [MoveFilter; MAX_PLIES as usize] {
        self.filters
    }

    /// The evaluator searched.
    #[must_use]
    pub fn evaluator(&self) -> &'a E {
        self.inner
    }

    /// The limits the search obeys.
    #[must_use]
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// The probabilities of `board` for `on_roll`, about to roll, searched `depth` plies deep
    /// (at most [`MAX_PLIES`]) with the replies chosen for the score and cube of `context`
    /// (what `eval` prints for each ply).
    #[must_use]
    pub fn probabilities_at(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        context: &Stakes,
    ) -> Probabilities {
        self.value(board, on_roll, depth.min(MAX_PLIES), context)
    }

    /// [`Search::probabilities_at`] with the 21 rolls' work shared by the threads of the
    /// limits (the same figures); `None` once `deadline` passes.
    #[must_use]
    pub fn probabilities_by(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        context: &Stakes,
        deadline: Option<Instant>,
    ) -> Option<Probabilities> {
        let depth = depth.min(MAX_PLIES);
        if depth == 0 {
            return Some(self.inner.probabilities(board, context.variant, on_roll));
        }
        let rolls = Dice::all_rolls();
        let chosen = Replies::default();
        let replies = self.share(rolls.len(), deadline, |item| {
            self.reply_value_by(
                board,
                on_roll,
                rolls[item],
                depth,
                context,
                deadline,
                &chosen,
            )
        })?;
        let mut total = Probabilities::ZERO;
        for (dice, probabilities) in rolls.iter().zip(&replies) {
            total.add_weighted(dice.chance(), probabilities);
        }
        Some(total.normalised())
    }

    /// The probabilities of `board` for `on_roll`, about to roll, searched as deep as the
    /// limits allow (at most the search's plies), and the depth reached: without a budget the
    /// full depth at once; with one, deepening from 0 plies until the budget is spent, the last
    /// complete depth answering.
    #[must_use]
    pub fn probabilities_within_limits(
        &self,
        board: &Board,
        on_roll: Side,
        context: &Stakes,
    ) -> (Probabilities, u32) {
        let Some(deadline) = self.limits.deadline() else {
            let probabilities = self.probabilities_by(board, on_roll, self.plies, context, None);
            return (
                probabilities.unwrap_or_else(|| self.value(board, on_roll, self.plies, context)),
                self.plies,
            );
        };
        let mut answer = (self.inner.probabilities(board, context.variant, on_roll), 0);
        for depth in 1..=self.plies {
            match self.probabilities_by(board, on_roll, depth, context, Some(deadline)) {
                Some(probabilities) => answer = (probabilities, depth),
                None => break,
            }
        }
        answer
    }

    /// The probabilities for `mover` after playing to `after`, searched `depth` plies deep:
    /// the exact result when the play bears off the last checker.
    #[must_use]
    pub fn probabilities_after(
        &self,
        after: &Board,
        mover: Side,
        depth: u32,
        context: &Stakes,
    ) -> Probabilities {
        if after.checkers_in_play(mover) == 0 {
            return won(context.variant, after, mover);
        }
        self.value(after, mover.opponent(), depth.min(MAX_PLIES), context)
            .inverted()
    }

    /// [`Evaluator::rank_plays`] with each play's probabilities for `mover` at the depth it was
    /// searched to (as `hint` shows them): those the search computed, and the evaluator's own
    /// for the plays left at 0 plies.
    #[must_use]
    pub fn evaluated_ranking(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<(RankedIndex, Probabilities)> {
        let (ranked, searched) = self.ranking(before, plays, mover, context);
        ranked
            .into_iter()
            .map(|ranked| {
                let probabilities = searched[ranked.index].unwrap_or_else(|| {
                    self.probabilities_after(&plays[ranked.index].result, mover, 0, context)
                });
                (ranked, probabilities)
            })
            .collect()
    }

    /// The first play of [`Evaluator::rank_plays`] with its probabilities for `mover` at the
    /// depth it was searched to, the first entry of [`Search::evaluated_ranking`] (the other
    /// plays not evaluated again): what the search chose and the figures it chose it by, so
    /// that an engine can describe its play without searching it again. `None` without plays.
    #[must_use]
    pub fn best_evaluated(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Option<(RankedIndex, Probabilities)> {
        let (ranked, searched) = self.ranking(before, plays, mover, context);
        let first = *ranked.first()?;
        let probabilities = searched[first.index].unwrap_or_else(|| {
            self.probabilities_after(&plays[first.index].result, mover, 0, context)
        });
        Some((first, probabilities))
    }

    /// The ranking of [`Evaluator::rank_plays`], and for each play (by index) the probabilities
    /// of the deepest complete level that searched it (`None`: left at 0 plies).
    fn ranking(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> (Vec<RankedIndex>, Vec<Option<Probabilities>>) {
        let deadline = self.limits.deadline();
        let mut searched = vec![None; plays.len()];
        let mut ranked = self.inner.rank_plays(before, plays, mover, context);
        // Each level searches its candidates' replies again one ply deeper: the replies
        // chosen are kept for the whole ranking.
        let replies = Replies::default();
        for depth in 1..=self.plies {
            let candidates = self.filters[(depth - 1) as usize].candidates(&ranked);
            if candidates.is_empty() || (candidates.len() == 1 && depth > 1) {
                break;
            }
            let afters: Vec<Board> = candidates
                .iter()
                .map(|&index| plays[index].result)
                .collect();
            // The last complete level decides: a level the deadline stopped is dropped (deciding
            // among the candidates it had finished, started best first, was measured in session
            // 22 and not shown better: docs/training/history.md).
            let Some(level) = self
                .level(&afters, mover, depth, context, deadline, &replies)
                .into_iter()
                .collect::<Option<Vec<Probabilities>>>()
            else {
                break;
            };
            let scores: Vec<(usize, f64)> = candidates
                .iter()
                .zip(&level)
                .map(|(&index, probabilities)| {
                    (index, context.cubeless_equity(probabilities, mover))
                })
                .collect();
            for (&index, probabilities) in candidates.iter().zip(level) {
                searched[index] = Some(probabilities);
            }
            ranked = filter::promote(ranked, &scores, depth);
        }
        (ranked, searched)
    }

    /// The probabilities for `mover` after each position of `afters` (his plays), searched
    /// `depth` plies deep, as [`Search::probabilities_after`] gives them; `None` for those not
    /// finished when the deadline passed. The work, each position with each roll of the
    /// reply, is shared by the threads of the limits, the positions started in order; the
    /// sums are taken in roll order, so the figures do not depend on the threads.
    fn level(
        &self,
        afters: &[Board],
        mover: Side,
        depth: u32,
        context: &Stakes,
        deadline: Option<Instant>,
        replies: &Replies,
    ) -> Vec<Option<Probabilities>> {
        let rolls = Dice::all_rolls();
        let replier = mover.opponent();
        let work = |item: usize| {
            let after = &afters[item / rolls.len()];
            if after.checkers_in_play(mover) == 0 {
                return Some(Probabilities::ZERO);
            }
            let dice = rolls[item % rolls.len()];
            // The level's own replies are kept: the next level searches them again.
            let reply = self.kept_reply(replies, after, replier, dice, context);
            self.reply_value_of(reply, replier, depth, context, deadline, replies)
        };
        let values = limits::share(
            self.limits.threads,
            afters.len() * rolls.len(),
            deadline,
            work,
        );
        afters
            .iter()
            .zip(values.chunks_exact(rolls.len()))
            .map(|(after, replies)| {
                if after.checkers_in_play(mover) == 0 {
                    return replies[0].map(|_| won(context.variant, after, mover));
                }
                let mut total = Probabilities::ZERO;
                for (dice, probabilities) in rolls.iter().zip(replies) {
                    total.add_weighted(dice.chance(), probabilities.as_ref()?);
                }
                Some(total.normalised().inverted())
            })
            .collect()
    }

    /// `work` done for items `0..items` by the threads of the limits, in item order; `None`
    /// when the deadline passes before every item is done ([`limits::share`]).
    pub(crate) fn share<T: Send>(
        &self,
        items: usize,
        deadline: Option<Instant>,
        work: impl Fn(usize) -> Option<T> + Sync,
    ) -> Option<Vec<T>> {
        limits::share(self.limits.threads, items, deadline, work)
            .into_iter()
            .collect()
    }

    /// The probabilities for `on_roll`, who rolls `dice` at `board` and plays his best reply
    /// (chosen unsearched), the position after it judged `depth - 1` plies deep (the values
    /// of positions below kept in `replies`); `None` once `deadline` passes (looked at before
    /// each roll of the plies below).
    #[allow(clippy::too_many_arguments)]
    fn reply_value_by(
        &self,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        depth: u32,
        context: &Stakes,
        deadline: Option<Instant>,
        replies: &Replies,
    ) -> Option<Probabilities> {
        let reply = self.best_reply(board, on_roll, dice, context);
        self.reply_value_of(reply, on_roll, depth, context, deadline, replies)
    }

    /// [`Search::reply_value_by`] of the reply `on_roll` chose.
    fn reply_value_of(
        &self,
        (after, scored): Reply,
        on_roll: Side,
        depth: u32,
        context: &Stakes,
        deadline: Option<Instant>,
        replies: &Replies,
    ) -> Option<Probabilities> {
        if after.checkers_in_play(on_roll) == 0 {
            Some(won(context.variant, &after, on_roll))
        } else if let (1, Some(probabilities)) = (depth, scored) {
            // The leaf: the evaluator judged the position after the reply when it ranked the
            // roll's plays (in a batch), so it is not evaluated again.
            Some(probabilities)
        } else {
            let value = self.value_by(
                &after,
                on_roll.opponent(),
                depth - 1,
                context,
                deadline,
                replies,
            )?;
            Some(value.inverted())
        }
    }

    /// [`Search::best_result`] with the probabilities for `on_roll` after the play where the
    /// evaluator gave them while choosing it ([`Evaluator::best_of_plays`]).
    pub(crate) fn best_reply(
        &self,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        context: &Stakes,
    ) -> (Board, Option<Probabilities>) {
        let plays = legal_plays(board, on_roll, dice);
        match self.inner.best_of_plays(board, &plays, on_roll, context) {
            Some((index, probabilities)) => (plays[index].result, probabilities),
            None => (*board, None),
        }
    }

    /// [`Search::best_reply`] kept in `replies`: chosen once per position, player and roll
    /// within a question.
    pub(crate) fn kept_reply(
        &self,
        replies: &Replies,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        context: &Stakes,
    ) -> Reply {
        replies.get_or_choose(board, on_roll, dice, context, || {
            self.best_reply(board, on_roll, dice, context)
        })
    }

    /// The position after `on_roll`'s best play with `dice`, chosen by the evaluator searched
    /// (unsearched), for the score and cube of `context`; `board` itself when no checker can
    /// move.
    #[must_use]
    pub fn best_result(&self, board: &Board, on_roll: Side, dice: Dice, context: &Stakes) -> Board {
        self.best_reply(board, on_roll, dice, context).0
    }

    /// The probabilities of `board` for `on_roll` at `depth` plies.
    fn value(&self, board: &Board, on_roll: Side, depth: u32, context: &Stakes) -> Probabilities {
        self.value_by(board, on_roll, depth, context, None, &Replies::default())
            .unwrap_or_else(|| unreachable!("without a deadline every roll answers"))
    }

    /// [`Search::value`] that gives up (`None`) once `deadline` passes, looked at before each
    /// roll, the values of positions searched kept in `replies` (a position met again, as
    /// after each roll that dances, is not searched again).
    fn value_by(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        context: &Stakes,
        deadline: Option<Instant>,
        replies: &Replies,
    ) -> Option<Probabilities> {
        if depth == 0 {
            return Some(self.inner.probabilities(board, context.variant, on_roll));
        }
        replies.value_or_search(board, on_roll, depth, context, || {
            let mut total = Probabilities::ZERO;
            for dice in Dice::all_rolls() {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    return None;
                }
                let probabilities =
                    self.reply_value_by(board, on_roll, dice, depth, context, deadline, replies)?;
                total.add_weighted(dice.chance(), &probabilities);
            }
            Some(total.normalised())
        })
    }

    fn score_after(&self, after: &Board, mover: Side, depth: u32, context: &Stakes) -> f64 {
        let probabilities = self.probabilities_after(after, mover, depth, context);
        context.cubeless_equity(&probabilities, mover)
    }
}

/// The exact result for `winner`, who has just borne off the last checker.
#[must_use]
pub fn won(variant: Variant, board: &Board, winner: Side) -> Probabilities {
    let kind = RuleSet::new(variant).win_kind(board, winner);
    finished(GameResult::Win { winner, kind }, winner)
}

impl<E: Evaluator + ?Sized> Evaluator for Search<'_, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        let context =
            Stakes::from_state(&crate::rules::MatchState::new_money_game(variant, on_roll));
        self.value(board, on_roll, self.plies, &context)
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        if self.plies == 0 {
            return self.inner.play_score(before, after, mover, context);
        }
        self.score_after(after, mover, self.plies, context)
    }

    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<RankedIndex> {
        self.ranking(before, plays, mover, context).0
    }
}

#[cfg(test)]
mod tests;
