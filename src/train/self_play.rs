//! Self-play with the networks themselves: the value of a position for the side on roll, and
//! the greedy choice of a play, on the raw network outputs (no allocation per evaluation).

use crate::engine::bearoff::BearoffDatabase;
use crate::engine::net::evaluator::{finished, PositionClass};
use crate::engine::net::inputs::{self, SparseInputs};
use crate::engine::net::{NetSet, Scratch, OUTPUTS};
use crate::rules::RuleSet;
use crate::rules::{legal_plays_into, Board, Dice, Play, Side, Variant};
use rand::Rng;

/// The five outputs seen by the other player.
#[must_use]
pub fn inverted(p: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    [1.0 - p[0], p[3], p[4], p[1], p[2]]
}

/// Cubeless money equity of the five outputs.
#[must_use]
pub fn money_equity(p: &[f32; OUTPUTS]) -> f32 {
    2.0 * p[0] - 1.0 + p[1] + p[2] - p[3] - p[4]
}

/// Reusable working memory of a self-play worker.
#[derive(Default)]
pub struct Work {
    /// Encoded inputs.
    pub inputs: SparseInputs,
    /// Network scratch.
    pub scratch: Scratch,
    /// Candidate plays.
    pub plays: Vec<Play>,
}

/// The value of `board` for `on_roll` (about to roll): exact when the game is over or both
/// sides are bearing off, else the network of the position's class.
pub fn value(nets: &NetSet, board: &Board, on_roll: Side, work: &mut Work) -> [f32; OUTPUTS] {
    let class = PositionClass::of(board);
    let probabilities = match class {
        PositionClass::Over => finished(
            RuleSet::new(Variant::Standard)
                .result(board)
                .expect("the game is over"),
            on_roll,
        ),
        PositionClass::BearOff => BearoffDatabase::get()
            .probabilities(board, on_roll, 15)
            .expect("both sides bearing off"),
        PositionClass::Race | PositionClass::Contact => {
            inputs::encode(
                board,
                on_roll,
                class == PositionClass::Contact,
                &mut work.inputs,
            );
            let net = nets.network(class.network().expect("a network class"));
            return net.evaluate(&work.inputs, &mut work.scratch);
        }
    };
    [
        probabilities.win as f32,
        probabilities.win_gammon as f32,
        probabilities.win_backgammon as f32,
        probabilities.lose_gammon as f32,
        probabilities.lose_backgammon as f32,
    ]
}

/// The play `mover` chooses with `dice` (greedy on cubeless money equity) and the value of
/// the position after it for `mover`; `None` for the play when no checker can move.
pub fn choose(
    nets: &NetSet,
    board: &Board,
    mover: Side,
    dice: Dice,
    work: &mut Work,
) -> (Board, [f32; OUTPUTS]) {
    let mut plays = std::mem::take(&mut work.plays);
    legal_plays_into(board, mover, dice, &mut plays);
    let result = if plays.is_empty() {
        (*board, inverted(value(nets, board, mover.opponent(), work)))
    } else {
        let mut best: Option<(f32, Board, [f32; OUTPUTS])> = None;
        for play in &plays {
            let after = inverted(value(nets, &play.result, mover.opponent(), work));
            let equity = money_equity(&after);
            if best.as_ref().is_none_or(|(e, _, _)| equity > *e) {
                best = Some((equity, play.result, after));
            }
        }
        let (_, board, after) = best.expect("at least one play");
        (board, after)
    };
    work.plays = plays;
    result
}

/// A roll of two dice.
pub fn roll(rng: &mut impl Rng) -> Dice {
    Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice in range")
}

/// An opening roll: two different dice (the player with the higher die plays both).
pub fn opening_roll(rng: &mut impl Rng) -> Dice {
    loop {
        let dice = roll(rng);
        if !dice.is_double() {
            return dice;
        }
    }
}
