//! The play a roll's luck takes as the roller's choice: the first of the judge's ranking (by
//! cubeful equity, as gnubg chooses), among every play of the roll or pubeval's leaders, roll
//! by roll or, at 0 plies, all the rolls' candidates scored in one batch.

use crate::engine::net::PositionClass;
use crate::engine::pubeval::pubeval_score;
use crate::engine::{Evaluation, Evaluator, Judge, Stakes};
use crate::rules::{Board, Dice, MatchState, Play};

/// The position after the judge's choice of play for `dice` in `state` (the board itself
/// when no checker can move): the first of the judge's ranking ([`Judge::ranked_among`]: by
/// cubeful equity, as gnubg chooses), of every play or of pubeval's `leaders` first; and the
/// roller's cubeful equity after it (the judge's units) where the ranking valued it at the
/// judge's full depth. A roll whose plays all reach one position needs no ranking.
pub(super) fn chosen<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    dice: Dice,
    leaders: Option<usize>,
) -> (Board, Option<f64>) {
    let mut candidates = Vec::new();
    let mut buffers = Buffers::default();
    if let Some(board) = choice_into(state, dice, leaders, &mut buffers, &mut candidates) {
        return (board, None);
    }
    let ranked = judge.ranked_among(state, &candidates);
    ranked.first().map_or((candidates[0].result, None), |best| {
        let exact = best.play.result.checkers_in_play(state.on_roll) == 0;
        let full = exact || best.plies == judge.plies();
        (best.play.result, full.then_some(best.equity))
    })
}

/// [`chosen`] for each of `rolls` in `state`. At 0 plies the candidates of every roll are
/// scored in one call of the evaluator's batch (the network carries its sums from one
/// position to the next across the rolls too), each then valued cubefully as the judge values
/// a play ([`Judge::evaluate_after_from`]) and each roll's choice the first of its own plays
/// in the judge's order (a play that wins now, then the cubeful equity, then the cubeless
/// one); deeper, roll by roll (the judge's move filters rank one roll's plays against each
/// other only).
pub(super) fn chosen_for_rolls<E: Evaluator + ?Sized>(
    judge: &Judge<'_, E>,
    state: &MatchState,
    rolls: &[Dice],
    leaders: Option<usize>,
) -> Vec<(Board, Option<f64>)> {
    if judge.plies() != 0 {
        return rolls
            .iter()
            .map(|&dice| chosen(judge, state, dice, leaders))
            .collect();
    }
    let mut batch: Vec<Play> = Vec::with_capacity(16 * rolls.len());
    let mut buffers = Buffers::default();
    // Per roll: the position decided, or the range of its candidates in the batch.
    let choices: Vec<Result<Board, std::ops::Range<usize>>> = rolls
        .iter()
        .map(|&dice| {
            let start = batch.len();
            choice_into(state, dice, leaders, &mut buffers, &mut batch).ok_or(start..batch.len())
        })
        .collect();
    let mover = state.on_roll;
    // The evaluator's probabilities after each candidate, taken from the batch that scored
    // them, so that no candidate is evaluated twice.
    let scored = if batch.is_empty() {
        Vec::new()
    } else {
        judge.search().evaluator().score_plays(
            &state.board,
            &batch,
            mover,
            &Stakes::from_state(state),
        )
    };
    let valued: Vec<(bool, Evaluation)> = batch
        .iter()
        .zip(&scored)
        .map(|(play, (_, probabilities))| {
            let evaluation = match probabilities {
                Some(probabilities) => {
                    judge.evaluate_after_from(state, &play.result, mover, *probabilities)
                }
                None => judge.evaluate_after(state, &play.result, mover),
            };
            (play.result.checkers_in_play(mover) == 0, evaluation)
        })
        .collect();
    let better = |a: &(bool, Evaluation), b: &(bool, Evaluation)| {
        a.0.cmp(&b.0)
            .then(a.1.cubeful_equity.total_cmp(&b.1.cubeful_equity))
            .then(a.1.cubeless_equity.total_cmp(&b.1.cubeless_equity))
    };
    choices
        .into_iter()
        .map(|choice| match choice {
            Ok(board) => (board, None),
            // The best, of equal ones the first: the first of the judge's stable ranking.
            Err(range) => {
                let mut best = range.start;
                for index in range {
                    if better(&valued[index], &valued[best]).is_gt() {
                        best = index;
                    }
                }
                (batch[best].result, Some(valued[best].1.cubeful_equity))
            }
        })
        .collect()
}

/// Working memory reused from roll to roll: the legal plays, pubeval's scores.
#[derive(Default)]
struct Buffers {
    plays: Vec<Play>,
    scored: Vec<(usize, f64)>,
}

/// The position chosen for `dice` in `state` when no ranking is needed (no checker can move:
/// the board as it is; every play reaches one position); otherwise `None`, the plays among
/// which the judge chooses (every play, or pubeval's `leaders` first) appended to
/// `candidates`.
fn choice_into(
    state: &MatchState,
    dice: Dice,
    leaders: Option<usize>,
    buffers: &mut Buffers,
    candidates: &mut Vec<Play>,
) -> Option<Board> {
    let mover = state.on_roll;
    let plays = &mut buffers.plays;
    state
        .rules()
        .legal_plays_into(&state.board, mover, dice, plays);
    let Some(first) = plays.first().map(|play| play.result) else {
        return Some(state.board);
    };
    if plays.iter().all(|play| play.result == first) {
        return Some(first);
    }
    let class = PositionClass::of(&state.board);
    match leaders {
        Some(count) if plays.len() > count && class != PositionClass::BearOff => {
            let contact = class == PositionClass::Contact;
            let distinct = state.rules().has_standard_movement();
            let scored = &mut buffers.scored;
            pubeval_scores(plays, state, contact, distinct, scored);
            leading(scored, count.max(1));
            candidates.extend(scored.iter().map(|&(index, _)| plays[index]));
        }
        _ => candidates.extend_from_slice(plays),
    }
    None
}

/// The `count` plays of `plays` that pubeval ranks first, one per position reached, in the
/// order given (generation order: the judge's ties keep it; equal scores, the first given).
/// `distinct` says that no two plays reach one position (the standard movement's generator
/// gives one play per position), so that none need be looked for.
#[cfg(test)]
fn pubeval_leaders(
    plays: &[Play],
    state: &MatchState,
    contact: bool,
    count: usize,
    distinct: bool,
) -> Vec<Play> {
    let mut scored = Vec::new();
    pubeval_scores(plays, state, contact, distinct, &mut scored);
    leading(&mut scored, count);
    scored.into_iter().map(|(index, _)| plays[index]).collect()
}

/// Pubeval's score of each play of `plays` (index, score) into `scored` (cleared first),
/// the first play only of those reaching one position unless `distinct` says there are none.
fn pubeval_scores(
    plays: &[Play],
    state: &MatchState,
    contact: bool,
    distinct: bool,
    scored: &mut Vec<(usize, f64)>,
) {
    let mover = state.on_roll;
    scored.clear();
    for (index, play) in plays.iter().enumerate() {
        if !distinct && plays[..index].iter().any(|seen| seen.result == play.result) {
            continue;
        }
        scored.push((
            index,
            pubeval_score(&play.result, state.variant, mover, !contact),
        ));
    }
}

/// Keeps the `count` first of `scored` by score (of equal scores the earlier play: a total
/// order, so they are those a stable sort by score would put first), in the order given.
fn leading(scored: &mut Vec<(usize, f64)>, count: usize) {
    let order = |a: &(usize, f64), b: &(usize, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if count == 0 {
        scored.clear();
    } else if scored.len() > count {
        scored.select_nth_unstable_by(count - 1, order);
        scored.truncate(count);
    }
    scored.sort_unstable_by_key(|&(index, _)| index);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::luck::LEADERS;
    use crate::rules::{Side, Variant};

    /// Positions of a real match's first game, before each roll: contact, race, bear-off.
    fn positions_of_a_game() -> Vec<MatchState> {
        use crate::rules::game::{Action, Game, MatchContext};
        use crate::rules::RuleSet;
        let mut game = Game::new(
            RuleSet::new(Variant::Standard),
            MatchContext::match_game(7, [2, 3], false),
            Side::X,
        );
        let evaluator = crate::engine::net::NetEvaluator::embedded();
        let judge = Judge::new(&evaluator, 0);
        let mut states = Vec::new();
        let mut rolls = Dice::all_rolls().into_iter().cycle().skip(3);
        while !game.is_over() && states.len() < 200 {
            states.push(game.match_state());
            let dice = rolls.next().unwrap_or_else(|| unreachable!());
            let state = game.match_state();
            let play = judge.best_play(&state, dice);
            game.apply(Action::Roll(dice)).unwrap();
            match play {
                Some(play) => game.apply(Action::Play(play)).unwrap(),
                None => game.apply(Action::CannotMove).unwrap(),
            };
        }
        states
    }

    #[test]
    fn the_rolls_chosen_together_are_those_chosen_one_by_one() {
        let evaluator = crate::engine::net::NetEvaluator::embedded();
        let judge = Judge::new(&evaluator, 0);
        let states = positions_of_a_game();
        assert!(states.len() > 20, "{}", states.len());
        let rolls = Dice::all_rolls();
        for state in &states {
            for leaders in [None, Some(LEADERS), Some(2)] {
                let together = chosen_for_rolls(&judge, state, &rolls, leaders);
                for (dice, (board, equity)) in rolls.iter().zip(&together) {
                    let (alone, _) = chosen(&judge, state, *dice, leaders);
                    assert_eq!(*board, alone, "{dice:?}");
                    // The equity valued from the batch's probabilities is the one judging the
                    // choice again gives, but for the batch's rounding (the f32 first layer's
                    // sums carried from play to play: about 1e-5 of equity with the built-in
                    // net).
                    if let Some(equity) = equity {
                        let again = judge.evaluate_after(state, board, state.on_roll);
                        assert!(
                            (equity - again.cubeful_equity).abs() < 5e-5,
                            "{dice:?}: {equity} {again:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pubeval_leaders_need_not_look_for_repeated_positions_in_standard_plays() {
        for state in positions_of_a_game() {
            let contact = PositionClass::of(&state.board) == PositionClass::Contact;
            for dice in Dice::all_rolls() {
                let plays = state.rules().legal_plays(&state.board, state.on_roll, dice);
                for count in [1, 3, LEADERS] {
                    assert_eq!(
                        pubeval_leaders(&plays, &state, contact, count, true),
                        pubeval_leaders(&plays, &state, contact, count, false),
                        "{dice:?} {count}"
                    );
                }
            }
        }
    }
}
