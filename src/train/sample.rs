//! Position sampling for supervised training: self-play games of the networks (with a little
//! exploration, so that unusual positions occur too), keeping a position more often where the
//! network disagrees with its own one-ply search, i.e. where it has most to learn.

use crate::codec::position_id;
use crate::engine::choice::SharedEvaluator;
use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::NetSet;
use crate::engine::search::Search;
use crate::engine::Evaluator;
use crate::rules::{legal_plays, Board, Side, Variant};
use crate::train::self_play::{choose, opening_roll, roll, Work};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Settings of a sampling run.
#[derive(Clone, Debug)]
pub struct SampleConfig {
    /// Games to play.
    pub games: u64,
    /// Seed of the dice and of the choices.
    pub seed: u64,
    /// Chance that a turn plays a random legal play instead of the best.
    pub exploration: f64,
    /// Chance of keeping a position where 0-ply and 1-ply agree.
    pub base_keep: f64,
    /// Added keep chance per unit of |0-ply − 1-ply| equity.
    pub keep_per_disagreement: f64,
}

/// A sampled position: its Position ID seen from the player on roll.
pub type SampledPosition = String;

/// Plays `config.games` games, returning the positions kept (contact and race only: the
/// bear-off database is exact), calling `progress` after each game.
pub fn sample(
    nets: &NetSet,
    evaluator: &SharedEvaluator,
    config: &SampleConfig,
    first_game: u64,
    progress: &mut dyn FnMut(u64, usize),
) -> Vec<SampledPosition> {
    let one_ply = Search::new(&**evaluator, 1);
    let mut kept = Vec::new();
    let mut work = Work::default();
    for game in first_game..first_game + config.games {
        let mut rng = StdRng::seed_from_u64(config.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ game);
        let mut board = Board::start(Variant::Standard);
        let mut side = Side::X;
        let mut dice = opening_roll(&mut rng);
        for _turn in 0..2000 {
            if PositionClass::of(&board).network().is_some()
                && board != Board::start(Variant::Standard)
            {
                let zero = evaluator
                    .probabilities(&board, Variant::Standard, side)
                    .money_equity();
                let one = one_ply
                    .probabilities(&board, Variant::Standard, side)
                    .money_equity();
                let keep = config.base_keep + config.keep_per_disagreement * (zero - one).abs();
                if rng.gen_bool(keep.clamp(0.0, 1.0)) {
                    kept.push(position_id::encode(&board, side));
                }
            }
            let next = if rng.gen_bool(config.exploration) {
                let plays = legal_plays(&board, side, dice);
                if plays.is_empty() {
                    board
                } else {
                    plays[rng.gen_range(0..plays.len())].result
                }
            } else {
                choose(nets, &board, side, dice, &mut work).0
            };
            if next.checkers_in_play(side) == 0 {
                break;
            }
            board = next;
            side = side.opponent();
            dice = roll(&mut rng);
        }
        progress(game - first_game + 1, kept.len());
    }
    kept
}
