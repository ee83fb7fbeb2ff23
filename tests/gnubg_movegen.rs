//! Differential test: legal plays of random reachable positions against live gnubg.
//!
//! Positions come from random play (tavli's generator) from the starts of standard,
//! nackgammon and the hypergammons; gnubg lists every play with a 0-ply `hint 9999`.
//! Set `TAVLI_DIFF_POSITIONS` to change the number of positions (default 2,000).

use crate::support::{env_number, gnubg_available, run_gnubg};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use tavli::notation::format_play;
use tavli::rules::RuleSet;
use tavli::rules::{legal_plays, Board, Dice, Side, Variant};

struct Case {
    board: Board,
    mover: Side,
    dice: Dice,
}

fn random_dice(rng: &mut StdRng) -> Dice {
    Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice in range")
}

/// Random reachable positions: random games, recording a position before each roll.
fn random_cases(seed: u64, count: usize) -> Vec<Case> {
    let mut rng = StdRng::seed_from_u64(seed);
    let variants = [
        Variant::Standard,
        Variant::Standard,
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
    ];
    let mut cases = Vec::with_capacity(count);
    while cases.len() < count {
        let variant = variants[rng.gen_range(0..variants.len())];
        let mut board = Board::start(variant);
        let mut mover = if rng.gen_bool(0.5) { Side::X } else { Side::O };
        for _ply in 0..400 {
            let dice = random_dice(&mut rng);
            // Sample about one position in three to spread them over whole games.
            if rng.gen_range(0..3) == 0 {
                cases.push(Case { board, mover, dice });
                if cases.len() == count {
                    break;
                }
            }
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
    cases
}

/// gnubg's `set board simple`: 26 numbers from the side on roll.
fn simple_board(board: &Board, mover: Side) -> String {
    let hero = &board.slots[mover.index()];
    let opponent = &board.slots[mover.opponent().index()];
    let mut numbers = vec![i32::from(hero[24])];
    for point in 1..=24usize {
        let own = i32::from(hero[point - 1]);
        let theirs = i32::from(opponent[24 - point]);
        numbers.push(own - theirs);
    }
    numbers.push(-i32::from(opponent[24]));
    numbers
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

const DELIMITER: &str = "The pip counts are:";

/// Parses gnubg's answer into one set of plays per case.
fn parse_hint_lists(output: &str) -> Vec<BTreeSet<String>> {
    let mut lists = Vec::new();
    let mut current = BTreeSet::new();
    for line in output.lines() {
        if line.starts_with(DELIMITER) {
            lists.push(std::mem::take(&mut current));
        } else if line.contains("Cubeful 0-ply") && line.contains("Eq.:") {
            let play = line
                .get(24..)
                .and_then(|rest| rest.rfind(" Eq.:").map(|end| rest[..end].trim()))
                .expect("hint line layout");
            current.insert(play.to_string());
        }
    }
    lists
}

#[test]
fn random_positions_match_gnubg() {
    if !gnubg_available() {
        eprintln!("gnubg not installed: differential move-generation test skipped");
        return;
    }
    let count: usize = env_number("TAVLI_DIFF_POSITIONS", 2000);
    let seed: u64 = std::env::var("TAVLI_DIFF_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0)
        });
    eprintln!("differential move generation: {count} positions, seed {seed} (TAVLI_DIFF_SEED)");
    let cases = random_cases(seed, count);
    // Two gnubg processes, one per core.
    let halves: Vec<&[Case]> = cases.chunks(cases.len().div_ceil(2)).collect();
    let outputs: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = halves
            .iter()
            .map(|chunk| {
                let mut script = String::from(
                    "set player 0 human\nset player 1 human\nset automatic roll off\n\
                     set evaluation chequerplay evaluation plies 0\nnew game\nset turn 1\n",
                );
                for case in chunk.iter() {
                    script.push_str(&format!(
                        "set board simple {}\nset dice {} {}\nhint 9999\nshow pipcount\n",
                        simple_board(&case.board, case.mover),
                        case.dice.first(),
                        case.dice.second()
                    ));
                }
                scope.spawn(move || run_gnubg(&script))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("gnubg thread"))
            .collect()
    });
    let mut compared = 0;
    let mut plays_compared = 0;
    for (chunk, output) in halves.iter().zip(&outputs) {
        let lists = parse_hint_lists(output);
        assert_eq!(lists.len(), chunk.len(), "one hint list per position");
        for (case, theirs) in chunk.iter().zip(lists) {
            let ours: BTreeSet<String> = legal_plays(&case.board, case.mover, case.dice)
                .iter()
                .map(|play| {
                    format_play(
                        RuleSet::default(),
                        &case.board,
                        case.mover,
                        case.dice,
                        play.steps(),
                    )
                })
                .collect();
            assert_eq!(
                ours, theirs,
                "board {:?} mover {:?} dice {} (seed {seed})",
                case.board, case.mover, case.dice
            );
            compared += 1;
            plays_compared += ours.len();
        }
    }
    assert_eq!(compared, count);
    // Guard against a vacuous comparison (for example, gnubg printing no hint lists at all).
    assert!(
        plays_compared > 5 * count,
        "only {plays_compared} plays compared"
    );
}
