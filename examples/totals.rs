//! Development aid: as-rolled and all-rolls play totals of a bench file.
use tavli::codec::position_id;
use tavli::rules::{legal_plays, Dice, Side, Variant};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(path).expect("read");
    let (mut rolled, mut all, mut zero_lines, mut over) = (0usize, 0usize, 0usize, 0usize);
    for line in text.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (a, b): (u8, u8) = (w[1].parse().unwrap(), w[2].parse().unwrap());
        let board = position_id::decode(w[0], Side::X, Variant::Standard).unwrap();
        let n = legal_plays(&board, Side::X, Dice::new(a, b).unwrap()).len();
        if n == 0 {
            zero_lines += 1;
        }
        if board.checkers_in_play(Side::X) == 0 || board.checkers_in_play(Side::O) == 0 {
            over += 1;
        }
        rolled += n.max(1);
        for d in Dice::all_rolls() {
            all += legal_plays(&board, Side::X, d).len().max(1);
        }
    }
    println!("as rolled {rolled}, all rolls {all}, no-move lines {zero_lines}, finished positions {over}");
}
