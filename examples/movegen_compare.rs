//! Development aid: run one generator (`tavli` or `bkgm`) over the first N bench positions with
//! all 21 rolls, for instruction counting under callgrind (stable when the machine is loaded).
use bkgm::codecs::gnuid::decode_position;
use bkgm::dice::Dice as BkgmDice;
use bkgm::rules::{legal_positions_with, ClassicRules};
use tavli::codec::position_id;
use tavli::rules::{legal_plays_into, Dice, Side, Variant};

fn main() {
    let which = std::env::args().nth(1).expect("tavli or bkgm");
    let count: usize = std::env::args()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .unwrap_or(5000);
    let text = std::fs::read_to_string("fixtures/bench/positions.txt").expect("read");
    let ids: Vec<&str> = text
        .lines()
        .take(count)
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    let mut total = 0usize;
    if which == "tavli" {
        let boards: Vec<_> = ids
            .iter()
            .map(|id| position_id::decode(id, Side::X, Variant::Standard).unwrap())
            .collect();
        let mut plays = Vec::new();
        for board in &boards {
            for dice in Dice::all_rolls() {
                legal_plays_into(board, Side::X, dice, &mut plays);
                total += plays.len().max(1);
            }
        }
    } else {
        let positions: Vec<_> = ids
            .iter()
            .map(|id| decode_position::<15>(id).unwrap())
            .collect();
        for position in &positions {
            for a in 1..=6usize {
                for b in 1..=a {
                    total +=
                        legal_positions_with::<ClassicRules, 15>(*position, &BkgmDice::new(a, b))
                            .len()
                            .max(1);
                }
            }
        }
    }
    println!("{which}: {total}");
}
