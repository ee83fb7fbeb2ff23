//! A lookahead evaluator: any [`Evaluator`] searched one or more rolls deep.
//!
//! `Lookahead { plies: n }` judges a position for the player about to roll by averaging, over
//! the 21 rolls (doubles weighted 1/36, the others 2/36), the position after that player's
//! best play for the roll, itself judged `n - 1` plies deep from the opponent's side; at 0
//! plies it is the inner evaluator. The best play for a roll is chosen by the inner
//! evaluator's own move ranking (as gnubg filters candidates with its 0-ply evaluation). A
//! play that bears off the last checker ends the search with the exact result. gnubg's
//! "n-ply" counts the same way (gnubg 1-ply = one roll of lookahead = UBGI `engine.ply 2`).

use crate::engine::cube::CubeContext;
use crate::engine::evaluator::{Evaluator, Probabilities};
use crate::rules::variants::scoring::{win_kind, WinKind};
use crate::rules::{legal_plays, Board, Dice, MatchState, Side, Variant};

/// An evaluator searched `plies` rolls deep.
pub struct Lookahead<'a, E: Evaluator + ?Sized> {
    inner: &'a E,
    plies: u32,
    name: String,
}

impl<'a, E: Evaluator + ?Sized> Lookahead<'a, E> {
    /// `inner` searched `plies` rolls deep (0: `inner` itself).
    pub fn new(inner: &'a E, plies: u32) -> Lookahead<'a, E> {
        Lookahead {
            inner,
            plies,
            name: format!("{} {plies}-ply", inner.name()),
        }
    }

    /// The probabilities for `on_roll` at `depth` plies.
    fn search(&self, board: &Board, variant: Variant, on_roll: Side, depth: u32) -> Probabilities {
        if depth == 0 {
            return self.inner.probabilities(board, variant, on_roll);
        }
        let context = CubeContext::from_state(&MatchState::new_money_game(variant, on_roll));
        let mut total = [0.0f64; 5];
        for dice in Dice::all_rolls() {
            let weight = if dice.is_double() { 1.0 } else { 2.0 } / 36.0;
            let plays = legal_plays(board, on_roll, dice);
            let mut best: Option<(f64, Board)> = None;
            for play in &plays {
                let score = self
                    .inner
                    .play_score(board, &play.result, on_roll, &context);
                if best
                    .as_ref()
                    .is_none_or(|(best_score, _)| score > *best_score)
                {
                    best = Some((score, play.result));
                }
            }
            let after = best.map_or(*board, |(_, result)| result);
            let probabilities = if after.checkers_in_play(on_roll) == 0 {
                won(variant, &after, on_roll)
            } else {
                self.search(&after, variant, on_roll.opponent(), depth - 1)
                    .inverted()
            };
            for (sum, value) in total.iter_mut().zip([
                probabilities.win,
                probabilities.win_gammon,
                probabilities.win_backgammon,
                probabilities.lose_gammon,
                probabilities.lose_backgammon,
            ]) {
                *sum += weight * value;
            }
        }
        Probabilities {
            win: total[0],
            win_gammon: total[1],
            win_backgammon: total[2],
            lose_gammon: total[3],
            lose_backgammon: total[4],
        }
        .normalised()
    }
}

/// The exact result for `winner`, who has just borne off the last checker.
fn won(variant: Variant, board: &Board, winner: Side) -> Probabilities {
    let (gammon, backgammon) = match win_kind(variant, board, winner) {
        WinKind::Single => (0.0, 0.0),
        WinKind::Gammon | WinKind::Mother => (1.0, 0.0),
        WinKind::Backgammon => (1.0, 1.0),
    };
    Probabilities {
        win: 1.0,
        win_gammon: gammon,
        win_backgammon: backgammon,
        lose_gammon: 0.0,
        lose_backgammon: 0.0,
    }
}

impl<E: Evaluator + ?Sized> Evaluator for Lookahead<'_, E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        self.search(board, variant, on_roll, self.plies)
    }

    /// At 0 plies the inner evaluator's own ranking; deeper, the equity of the searched
    /// probabilities of the position after the play.
    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &CubeContext) -> f64 {
        if self.plies == 0 {
            return self.inner.play_score(before, after, mover, context);
        }
        if after.checkers_in_play(mover) == 0 {
            return context.cubeless_equity(&won(context.variant, after, mover), mover);
        }
        let probabilities = self
            .search(after, context.variant, mover.opponent(), self.plies)
            .inverted();
        context.cubeless_equity(&probabilities, mover)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::evaluator::best_play;
    use crate::engine::Pubeval;

    #[test]
    fn zero_plies_is_the_inner_evaluator() {
        let board = Board::start(Variant::Standard);
        let inner = Pubeval.probabilities(&board, Variant::Standard, Side::X);
        let searched =
            Lookahead::new(&Pubeval, 0).probabilities(&board, Variant::Standard, Side::X);
        assert_eq!(inner, searched);
    }

    #[test]
    fn one_ply_is_a_weighted_average_of_consistent_figures() {
        let board = Board::start(Variant::Standard);
        let p = Lookahead::new(&Pubeval, 1).probabilities(&board, Variant::Standard, Side::X);
        assert!(p.win > 0.35 && p.win < 0.65, "{p:?}");
        assert!(p.win_gammon <= p.win && p.win_backgammon <= p.win_gammon);
        assert!(p.lose_gammon <= 1.0 - p.win);
    }

    #[test]
    fn a_sure_last_roll_win_is_found() {
        // X has two checkers on its ace point; O is far away: any roll wins.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()][0] = 2;
        slots[Side::O.index()][23] = 2;
        let board =
            Board::from_slots(slots, Variant::Hypergammon2).unwrap_or_else(|_| Board::empty());
        let p = Lookahead::new(&Pubeval, 1).probabilities(&board, Variant::Hypergammon2, Side::X);
        assert!((p.win - 1.0).abs() < 1e-9, "{p:?}");
    }

    #[test]
    fn two_plies_choose_a_legal_play() {
        let state = MatchState::new_money_game(Variant::Standard, Side::X);
        let dice = Dice::new(6, 5).unwrap();
        let play = best_play(&Lookahead::new(&Pubeval, 1), &state, dice);
        let legal = legal_plays(&state.board, Side::X, dice);
        assert!(play.is_some_and(|play| legal.iter().any(|p| p.result == play.result)));
    }
}
