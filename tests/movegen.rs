//! Legal plays against gnubg's recorded hint lists (`fixtures/movegen/legal-moves.jsonl`) and perft.

use serde_json::Value;
use std::collections::BTreeSet;
use tavli::notation::format_play;
use tavli::rules::RuleSet;
use tavli::rules::{count_legal_plays, legal_plays, Board, Dice, Side, Variant};

fn side_slots(value: &Value) -> [u8; 25] {
    let mut slots = [0u8; 25];
    let points = value["points_1_to_24"].as_array().expect("points array");
    for (index, count) in points.iter().enumerate() {
        slots[index] = count.as_u64().expect("count") as u8;
    }
    slots[24] = value["bar"].as_u64().expect("bar") as u8;
    slots
}

#[test]
fn every_gnubg_hint_list_is_reproduced() {
    let text = include_str!("../fixtures/movegen/legal-moves.jsonl");
    let mut cases = 0;
    for (line_number, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).expect("valid JSON line");
        // X is on roll, O is the opponent.
        let mut slots = [[0u8; 25]; 2];
        slots[Side::X.index()] = side_slots(&case["on_roll"]);
        slots[Side::O.index()] = side_slots(&case["opponent"]);
        let board = Board::from_slots(slots, Variant::Standard).expect("legal board");
        let dice = case["dice"].as_array().expect("dice");
        let dice = Dice::new(
            dice[0].as_u64().expect("die") as u8,
            dice[1].as_u64().expect("die") as u8,
        )
        .expect("dice");
        let plays = legal_plays(&board, Side::X, dice);
        let ours: Vec<String> = plays
            .iter()
            .map(|play| format_play(RuleSet::default(), &board, Side::X, dice, play.steps()))
            .collect();
        let ours_set: BTreeSet<&str> = ours.iter().map(String::as_str).collect();
        let theirs: BTreeSet<&str> = case["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("move string"))
            .collect();
        assert_eq!(
            ours.len(),
            ours_set.len(),
            "duplicate notation on line {}",
            line_number + 1
        );
        assert_eq!(
            ours_set,
            theirs,
            "line {} ({} {:?})",
            line_number + 1,
            case["position_id"],
            case["dice"]
        );
        assert_eq!(count_legal_plays(&board, Side::X, dice), theirs.len());
        cases += 1;
    }
    assert_eq!(cases, 769);
}

fn perft(board: &Board, mover: Side, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for dice in Dice::all_rolls() {
        let plays = legal_plays(board, mover, dice);
        if plays.is_empty() {
            total += perft(board, mover.opponent(), depth - 1);
        } else if depth == 1 {
            total += plays.len() as u64;
        } else {
            for play in &plays {
                total += perft(&play.result, mover.opponent(), depth - 1);
            }
        }
    }
    total
}

#[test]
fn perft_from_the_opening() {
    let board = Board::start(Variant::Standard);
    assert_eq!(perft(&board, Side::X, 1), 447);
    assert_eq!(perft(&board, Side::O, 2), 202_782);
}

/// Depth 3 visits 116 million leaves (4.3 million generations; the test profile is optimised).
#[test]
fn perft_depth_three() {
    let board = Board::start(Variant::Standard);
    assert_eq!(perft(&board, Side::X, 3), 116_154_993);
}

fn plays_text(position_id: &str, first: u8, second: u8) -> Vec<String> {
    let board = tavli::codec::position_id::decode(position_id, Side::X, Variant::Standard)
        .expect("valid position ID");
    let dice = Dice::new(first, second).expect("dice");
    legal_plays(&board, Side::X, dice)
        .iter()
        .map(|play| format_play(RuleSet::default(), &board, Side::X, dice, play.steps()))
        .collect()
}

/// A trap other generators fell into: bearing the last checker off with one die when a
/// hit-then-off play uses both. gnubg allows only `2/1*/off`.
#[test]
fn last_checker_must_use_both_dice_when_it_can() {
    assert_eq!(plays_text("PRNUUCECAAAAAA", 2, 1), vec!["2/1*/off"]);
    assert_eq!(plays_text("PRNUUCECAAAAAA", 1, 2), vec!["2/1*/off"]);
}

/// Another trap: the same resulting position listed twice in bear-offs (two checkers borne
/// off by different dice, or by a die larger than needed).
#[test]
fn bear_offs_list_each_position_once() {
    // X has one checker on each of its points 1 and 2; O has two on its 1-point.
    let mut slots = [[0u8; 25]; 2];
    slots[Side::X.index()][0] = 1;
    slots[Side::X.index()][1] = 1;
    slots[Side::O.index()][0] = 2;
    let board = Board::from_slots(slots, Variant::Standard).expect("legal");
    for dice in Dice::all_rolls() {
        let plays = legal_plays(&board, Side::X, dice);
        let mut results: Vec<_> = plays.iter().map(|p| p.result).collect();
        results.sort_by_key(|b| format!("{b:?}"));
        results.dedup();
        assert_eq!(results.len(), plays.len(), "{dice}");
    }
    let dice = Dice::new(6, 5).expect("dice");
    let plays = legal_plays(&board, Side::X, dice);
    assert_eq!(plays.len(), 1);
    assert_eq!(
        format_play(RuleSet::default(), &board, Side::X, dice, plays[0].steps()),
        "2/off 1/off"
    );
}
