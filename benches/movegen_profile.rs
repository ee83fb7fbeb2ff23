//! Profiling driver: legal-play generation for the first N positions of the primary bench set,
//! all 21 rolls, tavli or bkgm, for instruction counts under callgrind (not timed; the timed
//! comparison is the `movegen` bench). Build with `cargo bench --features bench-baseline --bench movegen_profile
//! --no-run`, then `valgrind --tool=callgrind target/release/deps/movegen_profile-HASH
//! [tavli|bkgm] [N] [POSITIONS-FILE]`.

use bkgm::codecs::gnuid::decode_position;
use bkgm::dice::Dice as BkgmDice;
use bkgm::rules::{legal_positions_with, ClassicRules};
use tavli::codec::position_id;
use tavli::rules::{legal_plays_into, Dice, Side, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("tavli", String::as_str);
    let count: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(5000);
    let file = args
        .get(3)
        .map_or("fixtures/bench/positions.txt", String::as_str);
    let text = std::fs::read_to_string(file).expect("positions");
    let rolls = Dice::all_rolls();
    let mut total = 0usize;
    if which == "bkgm" {
        let positions: Vec<_> = text
            .lines()
            .take(count)
            .map(|l| decode_position::<15>(l.split_whitespace().next().unwrap()).unwrap())
            .collect();
        let rolls: Vec<BkgmDice> = rolls
            .iter()
            .map(|d| BkgmDice::new(usize::from(d.first()), usize::from(d.second())))
            .collect();
        for p in &positions {
            for d in &rolls {
                total += legal_positions_with::<ClassicRules, 15>(*p, d).len().max(1);
            }
        }
    } else {
        let positions: Vec<_> = text
            .lines()
            .take(count)
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
        let mut doubles = 0usize;
        for board in &positions {
            for &dice in &rolls {
                legal_plays_into(board, Side::X, dice, &mut plays);
                total += plays.len().max(1);
                if dice.is_double() {
                    doubles += plays.len().max(1);
                }
            }
        }
        println!("doubles {doubles}");
    }
    println!("{which} {count}: {total}");
}
