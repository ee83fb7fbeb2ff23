//! The ranking of a roll's plays for the walk: the judge's best, where the play made stands,
//! and close calls between two plays settled by rollouts.

use super::ZERO_PLY_CANDIDATES;
use crate::analysis::close_calls::CloseCalls;
use crate::engine::{Evaluator, Judge, PlayEvaluation, Stakes};
use crate::rules::{Dice, MatchState, Play};

/// The plays of `dice` in `state` ranked by `judge` (best first), where `made` stands among
/// them, the judge's evaluation of `made` (the mover's cubeful equities), its rank (1 for
/// the best; at 0 ply, for a play outside the leaders, its place in the one-pass ranking).
/// At 0 plies the evaluator's
/// one-pass ranking picks the [`ZERO_PLY_CANDIDATES`] leaders and only they are judged in
/// full, the best of them by cubeful equity as gnubg ranks; deeper, the judge's own ranking
/// with its move filters.
pub(super) fn ranked_and_played<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
    made: &Play,
) -> (Vec<PlayEvaluation>, Option<usize>, PlayEvaluation, usize) {
    let mut one_pass_rank = None;
    let ranked: Vec<PlayEvaluation> = if judge.plies() == 0 {
        let mover = state.on_roll;
        let plays = state.rules().legal_plays(&state.board, mover, dice);
        let ranking =
            judge
                .search()
                .rank_plays(&state.board, &plays, mover, &Stakes::from_state(state));
        let mut leaders: Vec<PlayEvaluation> = ranking
            .iter()
            .take(ZERO_PLY_CANDIDATES)
            .map(|entry| judge.play_evaluation(state, &plays[entry.index]))
            .collect();
        // A stable sort: equal equities keep the ranking's order.
        leaders.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        one_pass_rank = ranking
            .iter()
            .position(|entry| plays[entry.index].result == made.result)
            .map(|position| position + 1);
        leaders
    } else {
        judge.ranked_plays(state, dice)
    };
    let played_index = ranked
        .iter()
        .position(|entry| entry.play.result == made.result);
    let played = played_index.map_or_else(
        || judge.play_evaluation(state, made),
        |index| ranked[index].clone(),
    );
    let rank = played_index.map_or_else(
        || one_pass_rank.unwrap_or(ranked.len() + 1),
        |index| index + 1,
    );
    (ranked, played_index, played, rank)
}

/// A close call between `plays` (the judge's best first) settled by rolling both out: the
/// equity `made` lost (normalised, not negative) and the better play; `None` when a play
/// ended the game (no rollout needed: the judge's figures stand).
pub(super) fn settle(
    calls: &CloseCalls,
    evaluator: &dyn Evaluator,
    state: &MatchState,
    made: &Play,
    plays: [&Play; 2],
) -> Option<(f64, Play)> {
    let first = calls.equity_after(evaluator, state, &plays[0].result)?;
    let second = calls.equity_after(evaluator, state, &plays[1].result)?;
    let (better, best_equity) = if second > first {
        (*plays[1], second)
    } else {
        (*plays[0], first)
    };
    let made_equity = if made.result == plays[0].result {
        first
    } else {
        second
    };
    Some(((best_equity - made_equity).max(0.0), better))
}
