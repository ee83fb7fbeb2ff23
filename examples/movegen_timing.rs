//! Rough timing of play generation on positions from seeded random play (development aid).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use tavli::rules::{legal_plays, Board, Dice, Side, Variant};

fn main() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut positions = Vec::new();
    while positions.len() < 50_000 {
        let mut board = Board::start(Variant::Standard);
        let mut mover = Side::X;
        for _ in 0..200 {
            positions.push((board, mover));
            let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).unwrap();
            let plays = legal_plays(&board, mover, dice);
            if !plays.is_empty() {
                board = plays[rng.gen_range(0..plays.len())].result;
            }
            if board.checkers_in_play(mover) == 0 {
                break;
            }
            mover = mover.opponent();
        }
    }
    let rolls = Dice::all_rolls();
    for _pass in 0..3 {
        let start = Instant::now();
        let mut total = 0usize;
        for (board, mover) in &positions {
            for &dice in &rolls {
                total += legal_plays(board, *mover, dice).len().max(1);
            }
        }
        let seconds = start.elapsed().as_secs_f64();
        let generations = positions.len() * rolls.len();
        println!(
            "{generations} generations, {total} plays, {:.0} generations/s",
            generations as f64 / seconds
        );
    }
}
