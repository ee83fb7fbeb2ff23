//! Development aid: tavli's play count for each line of a bench file, one per line.
use tavli::codec::position_id;
use tavli::rules::{legal_plays, Dice, Side, Variant};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(path).expect("read");
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let board = position_id::decode(w[0], Side::X, Variant::Standard).expect("ID");
        let dice = Dice::new(w[1].parse().expect("die"), w[2].parse().expect("die")).expect("dice");
        println!("{}", legal_plays(&board, Side::X, dice).len());
    }
}
