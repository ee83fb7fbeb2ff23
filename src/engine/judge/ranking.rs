//! The judge's values of plays as gnubg's `hint` and analysis give them: the position after a
//! play, the opponent on roll, valued by the cubeful search at the play's depth (the cube
//! decisions taken at every node, the opponent's at the root included), and a roll's plays
//! ranked by that value level by level: every play at 0 plies, the best few within the move
//! filter's window one ply deeper, and so on (gnubg's filters compare normalised equities,
//! so in match play the window is in EMG).

use super::PlayEvaluation;
use crate::engine::cube::Stakes;
use crate::engine::cubeful_search::CubefulSearch;
use crate::engine::evaluator::{Evaluator, Probabilities, RankedIndex};
use crate::engine::search::{promote, won, Search, SearchLimits};
use crate::rules::{Board, MatchState, Play, Side};
use std::time::Instant;

/// A play's figures for its mover: probabilities, cubeful equity (money: per unit cube; match:
/// match-winning chance) and the plies they were searched to.
#[derive(Clone, Copy, Debug)]
struct Valued {
    probabilities: Probabilities,
    equity: f64,
    plies: u32,
}

/// The values for `mover` of `afters` (his plays' positions, none of them bearing off his last
/// checker), the opponent on roll, searched `depth` plies deep by `cubeful` (one per question:
/// it keeps the replies it chose); `None` once `deadline` passes.
pub(super) fn values_after<E: Evaluator + ?Sized>(
    cubeful: &CubefulSearch<'_, '_, E>,
    afters: &[Board],
    mover: Side,
    depth: u32,
    stakes: &Stakes,
    deadline: Option<Instant>,
) -> Option<Vec<(Probabilities, f64)>> {
    let values = cubeful.values(afters, mover.opponent(), depth, stakes, deadline)?;
    Some(
        values
            .into_iter()
            .map(|(probabilities, equity)| (probabilities.inverted(), stakes.for_opponent(equity)))
            .collect(),
    )
}

/// The value for `mover` of the position after a play that bore off his last checker: exact,
/// the game over (the cube and the score count it as [`Stakes::cubeless_equity`] does).
fn finished(stakes: &Stakes, after: &Board, mover: Side) -> (Probabilities, f64) {
    let probabilities = won(stakes.variant, after, mover);
    (probabilities, stakes.cubeless_equity(&probabilities, mover))
}

/// `plays` (of the player on roll in `state`) valued and ranked as gnubg's
/// `hint` does (see the module docs), each level's searches within `limits` (a level the
/// deadline stops is dropped, the last complete level deciding), the plies filtered by
/// `search`'s move filters; in the order of the levels (deepest first, then by cubeful
/// equity).
pub(super) fn ranked_plays<E: Evaluator + ?Sized>(
    search: &Search<'_, E>,
    limits: SearchLimits,
    state: &MatchState,
    plays: &[Play],
) -> Vec<PlayEvaluation> {
    let mover = state.on_roll;
    let stakes = Stakes::from_state(state);
    let deadline = limits.deadline();
    let mut valued = zero_plies(search, state, plays, &stakes);
    // The filters compare normalised equities (gnubg's move scores).
    let score = |equity: f64| stakes.equity_in_units(mover, equity);
    // Equal scores are ordered by the cubeless equity (gnubg's second score): where the
    // cube settles every play alike (the opponent's double and pass), the cubeless figures
    // still choose, and the filters keep the plays they put first.
    let mut cubeless: Vec<f64> = valued
        .iter()
        .map(|value| stakes.cubeless_equity(&value.probabilities, mover))
        .collect();
    let order = |ranked: &mut Vec<RankedIndex>, cubeless: &[f64]| {
        ranked.sort_by(|a, b| {
            b.plies
                .cmp(&a.plies)
                .then(b.score.total_cmp(&a.score))
                .then(cubeless[b.index].total_cmp(&cubeless[a.index]))
        });
    };
    let mut ranked: Vec<RankedIndex> = valued
        .iter()
        .enumerate()
        .map(|(index, value)| RankedIndex {
            index,
            score: score(value.equity),
            plies: 0,
        })
        .collect();
    order(&mut ranked, &cubeless);
    let filters = search.filters();
    let cubeful = CubefulSearch::new(search);
    for depth in 1..=search.plies() {
        let candidates = filters[(depth - 1) as usize].candidates(&ranked);
        if candidates.is_empty() || (candidates.len() == 1 && depth > 1) {
            break;
        }
        let searched: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&index| plays[index].result.checkers_in_play(mover) > 0)
            .collect();
        let afters: Vec<Board> = searched.iter().map(|&index| plays[index].result).collect();
        let Some(level) = values_after(&cubeful, &afters, mover, depth, &stakes, deadline) else {
            break;
        };
        for (&index, (probabilities, equity)) in searched.iter().zip(level) {
            valued[index] = Valued {
                probabilities,
                equity,
                plies: depth,
            };
        }
        let scores: Vec<(usize, f64)> = candidates
            .iter()
            .map(|&index| {
                valued[index].plies = depth;
                cubeless[index] = stakes.cubeless_equity(&valued[index].probabilities, mover);
                (index, score(valued[index].equity))
            })
            .collect();
        ranked = promote(ranked, &scores, depth);
        order(&mut ranked, &cubeless);
    }
    ranked
        .into_iter()
        .map(|ranked| {
            let value = valued[ranked.index];
            PlayEvaluation {
                play: plays[ranked.index],
                plies: value.plies,
                equity: value.equity,
                cubeless_equity: stakes.cubeless_equity(&value.probabilities, mover),
                probabilities: value.probabilities,
            }
        })
        .collect()
}

/// Every play of `plays` valued at 0 plies: the evaluator's probabilities after it (each
/// evaluated alone, so that a play judged again alone, [`value_after`], has the same figures
/// to the bit), the opponent on roll taking his cube decision.
fn zero_plies<E: Evaluator + ?Sized>(
    search: &Search<'_, E>,
    state: &MatchState,
    plays: &[Play],
    stakes: &Stakes,
) -> Vec<Valued> {
    let mover = state.on_roll;
    let open: Vec<usize> = (0..plays.len())
        .filter(|&index| plays[index].result.checkers_in_play(mover) > 0)
        .collect();
    let afters: Vec<Board> = open.iter().map(|&index| plays[index].result).collect();
    let level = values_after(&CubefulSearch::new(search), &afters, mover, 0, stakes, None)
        .unwrap_or_else(|| unreachable!("0 plies has no deadline"));
    let mut valued: Vec<Valued> = plays
        .iter()
        .map(|play| {
            let (probabilities, equity) = finished(stakes, &play.result, mover);
            Valued {
                probabilities,
                equity,
                plies: 0,
            }
        })
        .collect();
    for (&index, (probabilities, equity)) in open.iter().zip(level) {
        valued[index] = Valued {
            probabilities,
            equity,
            plies: 0,
        };
    }
    valued
}

/// The value for `mover` of `after` (his play in `state`) searched as deep as `limits` allow,
/// at most `plies`, and the plies reached (`None` for a play that bears off the last checker:
/// exact, nothing searched): without a budget the full depth at once; with one, deepening from
/// 0 plies until the budget is spent, the last complete depth answering.
pub(super) fn value_after<E: Evaluator + ?Sized>(
    search: &Search<'_, E>,
    limits: SearchLimits,
    state: &MatchState,
    after: &Board,
    mover: Side,
) -> ((Probabilities, f64), Option<u32>) {
    let stakes = Stakes::from_state(state);
    if after.checkers_in_play(mover) == 0 {
        return (finished(&stakes, after, mover), None);
    }
    let cubeful = CubefulSearch::new(search);
    let at = |depth: u32, deadline: Option<Instant>| {
        values_after(
            &cubeful,
            std::slice::from_ref(after),
            mover,
            depth,
            &stakes,
            deadline,
        )
        .map(|mut values| values.remove(0))
    };
    let plies = search.plies();
    let Some(deadline) = limits.deadline() else {
        let value = at(plies, None).unwrap_or_else(|| unreachable!("no deadline"));
        return (value, Some(plies));
    };
    let mut answer = (
        at(0, None).unwrap_or_else(|| unreachable!("no deadline")),
        0,
    );
    for depth in 1..=plies {
        match at(depth, Some(deadline)) {
            Some(value) => answer = (value, depth),
            None => break,
        }
    }
    (answer.0, Some(answer.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::judge::tests::money;
    use crate::engine::judge::Judge;
    use crate::engine::Pubeval;
    use crate::rules::Dice;

    /// A 5-point match at the opening position, O on roll with `score` (O's, X's).
    fn five_points(score: [u32; 2], crawford: bool) -> MatchState {
        MatchState {
            match_length: 5,
            score,
            crawford,
            jacoby: false,
            ..money(Side::O)
        }
    }

    /// Every play searched to the judge's depth is worth what the cubeful search gives the
    /// position after it, turned round; the plays left shallower what it gives at their depth.
    #[test]
    fn a_play_is_worth_the_cubeful_search_of_the_position_after_it() {
        for state in [
            money(Side::X),
            five_points([4, 2], false),
            five_points([1, 2], false),
        ] {
            let judge = Judge::new(&Pubeval, 1);
            let stakes = Stakes::from_state(&state);
            let ranked = judge.ranked_plays(&state, Dice::new(6, 4).unwrap());
            assert!(ranked.iter().any(|entry| entry.plies == 1), "{ranked:?}");
            for entry in &ranked {
                let (theirs, equity) = CubefulSearch::new(judge.search())
                    .value(
                        &entry.play.result,
                        state.on_roll.opponent(),
                        entry.plies,
                        &stakes,
                        None,
                    )
                    .unwrap_or_else(|| unreachable!());
                assert_eq!(entry.probabilities, theirs.inverted());
                assert_eq!(entry.equity, stakes.for_opponent(equity));
            }
        }
    }

    /// In the Crawford game the cube is dead: a play's cubeful equity is its cubeless one.
    #[test]
    fn a_dead_cube_values_plays_cubeless() {
        let state = five_points([4, 2], true);
        for plies in [0, 1] {
            let ranked = Judge::new(&Pubeval, plies).ranked_plays(&state, Dice::new(5, 2).unwrap());
            for entry in ranked {
                assert!(
                    (entry.equity - entry.cubeless_equity).abs() < 1e-9,
                    "{plies}: {entry:?}"
                );
            }
        }
    }

    /// The task's case (5-point match, post-Crawford, O leading 4-2 on roll with 64 at the
    /// opening position): the trailer doubles at once after any play, and gnubg's 1-ply hint
    /// gives 24/14 -0.281 EMG (-0.272 at 0 ply). Converting the 1-ply probabilities with the
    /// cube model, without the trailer's double, tavli said -0.188 (-0.174 at 0 ply); valued
    /// by the cubeful search, within 0.02 of gnubg's with the built-in net.
    #[test]
    fn the_trailers_double_after_the_play_counts() {
        let net = crate::engine::choice::embedded_net();
        let state = five_points([4, 2], false);
        let stakes = Stakes::from_state(&state);
        for (plies, gnubg) in [(0, -0.272), (1, -0.281)] {
            let ranked =
                Judge::new(net.as_ref(), plies).ranked_plays(&state, Dice::new(6, 4).unwrap());
            let first = stakes.equity_in_units(Side::O, ranked[0].equity);
            assert!((first - gnubg).abs() < 0.02, "{plies}: {first} {ranked:?}");
        }
    }
}
