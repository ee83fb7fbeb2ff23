//! Tests of the search: its depths, its rankings, threads and an exhausted budget.

use super::*;
use crate::engine::Pubeval;
use crate::rules::MatchState;
use std::time::Duration;

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
    let context = Stakes::from_state(&state);
    let ranked = search.rank_plays(&state.board, &plays, Side::X, &context);
    let mut indices: Vec<usize> = ranked.iter().map(|r| r.index).collect();
    indices.sort_unstable();
    assert_eq!(indices, (0..plays.len()).collect::<Vec<_>>());
    assert_eq!(ranked[0].plies, 1);
}

#[test]
fn the_evaluated_ranking_gives_each_play_its_searched_probabilities() {
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    let dice = Dice::new(6, 4).unwrap();
    let search = Search::new(&Pubeval, 1);
    let plays = legal_plays(&state.board, Side::X, dice);
    let context = Stakes::from_state(&state);
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
fn the_best_evaluated_play_is_the_evaluated_rankings_first() {
    let state = MatchState::new_money_game(Variant::Standard, Side::O);
    let context = Stakes::from_state(&state);
    for (first, second) in [(6, 4), (2, 2), (5, 1)] {
        let plays = legal_plays(&state.board, Side::O, Dice::new(first, second).unwrap());
        for plies in 0..=2 {
            let search = Search::new(&Pubeval, plies);
            let evaluated = search.evaluated_ranking(&state.board, &plays, Side::O, &context);
            assert_eq!(
                search.best_evaluated(&state.board, &plays, Side::O, &context),
                evaluated.first().copied()
            );
        }
    }
    assert_eq!(
        Search::new(&Pubeval, 1).best_evaluated(&state.board, &[], Side::O, &context),
        None
    );
}

#[test]
fn threads_share_the_work_without_changing_the_figures() {
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    let context = Stakes::from_state(&state);
    for (first, second) in [(6, 4), (2, 2), (5, 1)] {
        let dice = Dice::new(first, second).unwrap();
        let plays = legal_plays(&state.board, Side::X, dice);
        let alone = Search::new(&Pubeval, 2);
        let shared = Search::new(&Pubeval, 2).with_limits(SearchLimits::UNLIMITED.with_threads(3));
        assert_eq!(
            alone.evaluated_ranking(&state.board, &plays, Side::X, &context),
            shared.evaluated_ranking(&state.board, &plays, Side::X, &context)
        );
    }
}

#[test]
fn an_exhausted_budget_keeps_the_zero_ply_ranking() {
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    let dice = Dice::new(3, 1).unwrap();
    let search = Search::new(&Pubeval, 2).with_limits(SearchLimits::budget(Duration::ZERO));
    let plays = legal_plays(&state.board, Side::X, dice);
    let context = Stakes::from_state(&state);
    let ranked = search.rank_plays(&state.board, &plays, Side::X, &context);
    assert!(ranked.iter().all(|r| r.plies == 0));
    assert_eq!(
        ranked,
        Pubeval.rank_plays(&state.board, &plays, Side::X, &context)
    );
}
