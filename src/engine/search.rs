//! Search as gnubg counts plies: 0-ply is the evaluator alone, n-ply averages over the 21 rolls
//! the position after the best reply (chosen at 0 ply) judged at n - 1 plies. Choosing a play
//! at n plies ranks every candidate at 0 ply, keeps the best few within an equity window (a
//! move filter per level, as gnubg's), searches those one ply deeper, filters again, and so on;
//! a time budget stops the deepening, the last complete level deciding.

use crate::engine::cube::CubeContext;
use crate::engine::evaluator::{sort_ranking, Evaluator, Probabilities, RankedIndex};
use crate::engine::net::evaluator::finished;
use crate::rules::variants::scoring::win_kind;
use crate::rules::variants::GameResult;
use crate::rules::{legal_plays, Board, Dice, Play, Side, Variant};
use std::time::{Duration, Instant};

/// The most plies a search goes.
pub const MAX_PLIES: u32 = 3;

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
pub const DEFAULT_FILTERS: [MoveFilter; MAX_PLIES as usize] = [
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

/// An evaluator searched some plies deep.
pub struct Search<'a, E: Evaluator + ?Sized> {
    inner: &'a E,
    plies: u32,
    filters: [MoveFilter; MAX_PLIES as usize],
    budget: Option<Duration>,
    name: String,
}

impl<'a, E: Evaluator + ?Sized> Search<'a, E> {
    /// `inner` searched `plies` deep (at most [`MAX_PLIES`]) with the default filters and no
    /// time budget.
    #[must_use]
    pub fn new(inner: &'a E, plies: u32) -> Search<'a, E> {
        let plies = plies.min(MAX_PLIES);
        let name = format!("{} {plies}-ply", inner.name());
        Search {
            inner,
            plies,
            filters: DEFAULT_FILTERS,
            budget: None,
            name,
        }
    }

    /// The same search, stopping its deepening after `budget` per play chosen.
    #[must_use]
    pub fn with_budget(mut self, budget: Option<Duration>) -> Search<'a, E> {
        self.budget = budget;
        self
    }

    /// The plies searched.
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
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
        context: &CubeContext,
    ) -> Probabilities {
        self.value(board, on_roll, depth.min(MAX_PLIES), context)
    }

    /// The probabilities for `mover` after playing to `after`, searched `depth` plies deep:
    /// the exact result when the play bears off the last checker.
    #[must_use]
    pub fn probabilities_after(
        &self,
        after: &Board,
        mover: Side,
        depth: u32,
        context: &CubeContext,
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
        context: &CubeContext,
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

    /// The ranking of [`Evaluator::rank_plays`], and for each play (by index) the probabilities
    /// of the deepest complete level that searched it (`None`: left at 0 plies).
    fn ranking(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &CubeContext,
    ) -> (Vec<RankedIndex>, Vec<Option<Probabilities>>) {
        let deadline = self.budget.map(|budget| Instant::now() + budget);
        let mut searched = vec![None; plays.len()];
        let mut ranked = self.inner.rank_plays(before, plays, mover, context);
        for depth in 1..=self.plies {
            let filter = self.filters[(depth - 1) as usize];
            let Some(best) = ranked.first().map(|r| r.score) else {
                break;
            };
            let candidates: Vec<usize> = ranked
                .iter()
                .take(filter.keep)
                .take_while(|r| r.score >= best - filter.window)
                .map(|r| r.index)
                .collect();
            if candidates.len() <= 1 && depth > 1 {
                break;
            }
            let mut deeper = Vec::with_capacity(candidates.len());
            let mut level = Vec::with_capacity(candidates.len());
            for &index in &candidates {
                if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                    // The last complete level decides; this one's figures are dropped too.
                    return (ranked, searched);
                }
                let probabilities =
                    self.probabilities_after(&plays[index].result, mover, depth, context);
                deeper.push(RankedIndex {
                    index,
                    score: context.cubeless_equity(&probabilities, mover),
                    plies: depth,
                });
                level.push((index, probabilities));
            }
            for (index, probabilities) in level {
                searched[index] = Some(probabilities);
            }
            // The deeper candidates first, in their new order; the rest as they were.
            let mut rest: Vec<RankedIndex> = ranked
                .into_iter()
                .filter(|r| !candidates.contains(&r.index))
                .collect();
            sort_ranking(&mut deeper);
            deeper.append(&mut rest);
            ranked = deeper;
        }
        (ranked, searched)
    }

    /// The position after `on_roll`'s best play with `dice`, chosen by the evaluator searched
    /// (unsearched), for the score and cube of `context`; `board` itself when no checker can
    /// move.
    #[must_use]
    pub fn best_result(
        &self,
        board: &Board,
        on_roll: Side,
        dice: Dice,
        context: &CubeContext,
    ) -> Board {
        let plays = legal_plays(board, on_roll, dice);
        self.inner
            .rank_plays(board, &plays, on_roll, context)
            .first()
            .map_or(*board, |ranked| plays[ranked.index].result)
    }

    /// The probabilities of `board` for `on_roll` at `depth` plies.
    fn value(
        &self,
        board: &Board,
        on_roll: Side,
        depth: u32,
        context: &CubeContext,
    ) -> Probabilities {
        if depth == 0 {
            return self.inner.probabilities(board, context.variant, on_roll);
        }
        let mut total = Probabilities::ZERO;
        for dice in Dice::all_rolls() {
            let after = self.best_result(board, on_roll, dice, context);
            let probabilities = if after.checkers_in_play(on_roll) == 0 {
                won(context.variant, &after, on_roll)
            } else {
                self.value(&after, on_roll.opponent(), depth - 1, context)
                    .inverted()
            };
            total.add_weighted(dice.chance(), &probabilities);
        }
        total.normalised()
    }

    fn score_after(&self, after: &Board, mover: Side, depth: u32, context: &CubeContext) -> f64 {
        let probabilities = self.probabilities_after(after, mover, depth, context);
        context.cubeless_equity(&probabilities, mover)
    }
}

/// The exact result for `winner`, who has just borne off the last checker.
fn won(variant: Variant, board: &Board, winner: Side) -> Probabilities {
    let kind = win_kind(variant, board, winner);
    finished(GameResult::Win { winner, kind }, winner)
}

impl<E: Evaluator + ?Sized> Evaluator for Search<'_, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        let context =
            CubeContext::from_state(&crate::rules::MatchState::new_money_game(variant, on_roll));
        self.value(board, on_roll, self.plies, &context)
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &CubeContext) -> f64 {
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
        context: &CubeContext,
    ) -> Vec<RankedIndex> {
        self.ranking(before, plays, mover, context).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::evaluator::best_play;
    use crate::engine::Pubeval;
    use crate::rules::MatchState;

    #[test]
    fn zero_plies_is_the_inner_evaluator() {
        let board = Board::start(Variant::Standard);
        let search = Search::new(&Pubeval, 0);
        assert_eq!(
            search.probabilities(&board, Variant::Standard, Side::X),
            Pubeval.probabilities(&board, Variant::Standard, Side::X)
        );
    }

    #[test]
    fn one_ply_chooses_a_legal_play_and_ranks_every_play_once() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let dice = Dice::new(6, 2).unwrap();
        let search = Search::new(&Pubeval, 1);
        let plays = legal_plays(&state.board, Side::X, dice);
        let context = CubeContext::from_state(&state);
        let ranked = search.rank_plays(&state.board, &plays, Side::X, &context);
        let mut indices: Vec<usize> = ranked.iter().map(|r| r.index).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..plays.len()).collect::<Vec<_>>());
        assert_eq!(ranked[0].plies, 1);
        let play = best_play(&search, &state, dice).unwrap();
        assert_eq!(play.result, plays[ranked[0].index].result);
    }

    #[test]
    fn the_evaluated_ranking_gives_each_play_its_searched_probabilities() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let dice = Dice::new(6, 4).unwrap();
        let search = Search::new(&Pubeval, 1);
        let plays = legal_plays(&state.board, Side::X, dice);
        let context = CubeContext::from_state(&state);
        let evaluated = search.evaluated_ranking(&state.board, &plays, Side::X, &context);
        assert_eq!(
            evaluated.iter().map(|(r, _)| *r).collect::<Vec<_>>(),
            search.rank_plays(&state.board, &plays, Side::X, &context)
        );
        for (ranked, probabilities) in &evaluated {
            let after = &plays[ranked.index].result;
            let expected = if ranked.plies == 0 {
                Pubeval
                    .probabilities(after, Variant::Standard, Side::O)
                    .inverted()
            } else {
                search
                    .probabilities_at(after, Side::O, ranked.plies, &context)
                    .inverted()
            };
            assert_eq!(*probabilities, expected);
            // A searched play's score is the cubeless equity of the probabilities shown.
            if ranked.plies == 1 {
                let equity = context.cubeless_equity(probabilities, Side::X);
                assert!((equity - ranked.score).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn an_exhausted_budget_keeps_the_zero_ply_ranking() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let dice = Dice::new(3, 1).unwrap();
        let search = Search::new(&Pubeval, 2).with_budget(Some(Duration::ZERO));
        let plays = legal_plays(&state.board, Side::X, dice);
        let context = CubeContext::from_state(&state);
        let ranked = search.rank_plays(&state.board, &plays, Side::X, &context);
        assert!(ranked.iter().all(|r| r.plies == 0));
        assert_eq!(
            ranked,
            Pubeval.rank_plays(&state.board, &plays, Side::X, &context)
        );
    }
}
