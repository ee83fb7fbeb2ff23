//! Development aid: generation time split between doubles and non-doubles on the primary set.
use std::time::Instant;
use tavli::codec::position_id;
use tavli::rules::{legal_plays_into, Dice, Side, Variant};

fn main() {
    let text = std::fs::read_to_string("fixtures/bench/positions.txt").expect("read");
    let boards: Vec<_> = text
        .lines()
        .map(|l| {
            position_id::decode(
                l.split_whitespace().next().unwrap(),
                Side::X,
                Variant::Standard,
            )
            .unwrap()
        })
        .collect();
    let mut plays = Vec::new();
    for doubles in [false, true] {
        let rolls: Vec<Dice> = Dice::all_rolls()
            .into_iter()
            .filter(|d| d.is_double() == doubles)
            .collect();
        let start = Instant::now();
        let mut total = 0;
        for board in &boards {
            for &dice in &rolls {
                legal_plays_into(board, Side::X, dice, &mut plays);
                total += plays.len();
            }
        }
        let t = start.elapsed().as_secs_f64();
        println!(
            "doubles={doubles}: {} gens in {t:.2}s = {:.0}/s, {total} plays",
            boards.len() * rolls.len(),
            (boards.len() * rolls.len()) as f64 / t
        );
    }
}
