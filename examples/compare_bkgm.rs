//! Development aid: lines of a bench file where tavli's and bkgm's play counts differ.
use bkgm::codecs::gnuid::{decode_position, encode_position};
use bkgm::dice::Dice as BkgmDice;
use bkgm::rules::{legal_positions_with, ClassicRules};
use std::collections::HashSet;
use tavli::codec::position_id;
use tavli::rules::{legal_plays, Dice, Side, Variant};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(path).expect("read");
    for (n, line) in text.lines().enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (a, b): (u8, u8) = (w[1].parse().unwrap(), w[2].parse().unwrap());
        let board = position_id::decode(w[0], Side::X, Variant::Standard).unwrap();
        let ours = legal_plays(&board, Side::X, Dice::new(a, b).unwrap()).len();
        let p = decode_position::<15>(w[0]).unwrap();
        let theirs: HashSet<String> =
            legal_positions_with::<ClassicRules, 15>(p, &BkgmDice::new(a as usize, b as usize))
                .iter()
                .map(encode_position)
                .collect();
        if ours.max(1) != theirs.len().max(1) {
            println!("{} {} ours {} bkgm {}", n + 1, line, ours, theirs.len());
        }
    }
}
