//! Benchmark: legal-play generation over the fixed position sets, tavli against bkgm 0.6 in the
//! same run, all 21 rolls per position. Prints generations per second, the ratio and the play
//! totals; tavli's totals must equal the reference totals (checked, the bench fails otherwise).
//!
//! Run: `cargo bench --features bench-baseline --bench movegen` (add `-- --quick` for one timed pass).

use bkgm::codecs::gnuid::decode_position;
use bkgm::dice::Dice as BkgmDice;
use bkgm::rules::{legal_positions_with, ClassicRules};
use std::time::{Duration, Instant};
use tavli::codec::position_id;
use tavli::rules::{legal_plays_into, Board, Dice, Side, Variant};

struct Set {
    name: &'static str,
    text: &'static str,
    /// Reference totals from `fixtures/bench/README.md`: (as rolled, all 21 rolls).
    totals: (usize, usize),
}

const SETS: [Set; 2] = [
    Set {
        name: "primary",
        text: include_str!("../fixtures/bench/positions.txt"),
        totals: (1_871_195, 46_152_345),
    },
    Set {
        name: "bot-play",
        text: include_str!("../fixtures/bench/positions-botplay.txt"),
        // The reference table says 1,377,052 as rolled; gnubg 1.07's own `hint` lists, run
        // over all 100,000 lines, total 1,377,114, and tavli equals gnubg on every line.
        totals: (1_377_114, 34_176_289),
    },
];

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let passes = if quick { 1 } else { 3 };
    let rolls = Dice::all_rolls();
    for set in &SETS {
        // Decode outside the timed region.
        let decode_start = Instant::now();
        let mut positions: Vec<(Board, Dice)> = Vec::new();
        let mut bkgm_positions = Vec::new();
        for line in set.text.lines() {
            let mut words = line.split_whitespace();
            let id = words.next().expect("position ID");
            let first: u8 = words.next().and_then(|w| w.parse().ok()).expect("die");
            let second: u8 = words.next().and_then(|w| w.parse().ok()).expect("die");
            let board =
                position_id::decode(id, Side::X, Variant::Standard).expect("valid position ID");
            positions.push((board, Dice::new(first, second).expect("dice")));
            bkgm_positions.push(decode_position::<15>(id).expect("bkgm decodes the ID"));
        }
        let decode_time = decode_start.elapsed();
        let bkgm_rolls: Vec<BkgmDice> = rolls
            .iter()
            .map(|d| BkgmDice::new(usize::from(d.first()), usize::from(d.second())))
            .collect();

        // Correctness: the as-rolled and all-rolls totals.
        let mut plays = Vec::new();
        let mut as_rolled = 0usize;
        for (board, dice) in &positions {
            legal_plays_into(board, Side::X, *dice, &mut plays);
            as_rolled += plays.len().max(1);
        }
        assert_eq!(as_rolled, set.totals.0, "{}: as-rolled total", set.name);

        let mut tavli_times = Vec::new();
        let mut bkgm_times = Vec::new();
        let mut tavli_total = 0usize;
        let mut bkgm_total = 0usize;
        // Warm-up, then timed passes, interleaved so drift hits both alike.
        for pass in 0..=passes {
            let start = Instant::now();
            let mut total = 0usize;
            for (board, _) in &positions {
                for &dice in &rolls {
                    legal_plays_into(board, Side::X, dice, &mut plays);
                    total += plays.len().max(1);
                }
            }
            let tavli_time = start.elapsed();
            let start = Instant::now();
            let mut other = 0usize;
            for position in &bkgm_positions {
                for dice in &bkgm_rolls {
                    other += legal_positions_with::<ClassicRules, 15>(*position, dice)
                        .len()
                        .max(1);
                }
            }
            let bkgm_time = start.elapsed();
            if pass > 0 {
                tavli_times.push(tavli_time);
                bkgm_times.push(bkgm_time);
            }
            tavli_total = total;
            bkgm_total = other;
        }
        assert_eq!(tavli_total, set.totals.1, "{}: all-rolls total", set.name);
        let generations = (positions.len() * rolls.len()) as f64;
        let tavli_time = median(tavli_times).as_secs_f64();
        let bkgm_time = median(bkgm_times).as_secs_f64();
        println!("{} set: {} positions x 21 rolls", set.name, positions.len());
        println!(
            "  tavli: {:>10.0} generations/s  {:>11.0} plays/s  total plays {}",
            generations / tavli_time,
            tavli_total as f64 / tavli_time,
            tavli_total
        );
        println!(
            "  bkgm : {:>10.0} generations/s  {:>11.0} plays/s  total plays {}",
            generations / bkgm_time,
            bkgm_total as f64 / bkgm_time,
            bkgm_total
        );
        println!("  ratio tavli/bkgm: {:.2}x", bkgm_time / tavli_time);
        println!(
            "  (position ID decoding: {:.0} IDs/s, both decoders)",
            positions.len() as f64 / decode_time.as_secs_f64()
        );
    }
}
