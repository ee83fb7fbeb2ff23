//! Random positions for the tests: a board reached by random legal plays from the start.

use rand::rngs::StdRng;
use rand::Rng;
use tavli::rules::{legal_plays, Board, Dice, Side, Variant};

/// The board after up to 50 random rolls from the start of `variant`, `mover` rolling first,
/// each roll played by a random legal play, and the player on roll then; `None` when a play
/// bears off a side's last checker (the game over).
pub fn random_walk(rng: &mut StdRng, variant: Variant, mut mover: Side) -> Option<(Board, Side)> {
    let mut board = Board::start(variant);
    for _ in 0..rng.gen_range(0..50) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).ok()?;
        let plays = legal_plays(&board, mover, dice);
        if !plays.is_empty() {
            let next = plays[rng.gen_range(0..plays.len())].result;
            if next.checkers_in_play(mover) == 0 {
                return None;
            }
            board = next;
        }
        mover = mover.opponent();
    }
    Some((board, mover))
}
