//! How good tavli's training labels are, judged by the measuring stick: positions are taken
//! from a positions file (as `tavli train label` reads them), gnubg's 2-ply evaluation gives
//! each a reference cubeless equity, and each way tavli can label them (its networks alone, the
//! exhaustive 1- and 2-ply rollouts, truncated rollouts with and without variance reduction) is
//! scored by its root-mean-square equity difference from the reference and its cost. gnubg is
//! the judge only: nothing here is trained on its numbers. Not a test: it needs gnubg.
//!
//! Run: `cargo bench --bench label_quality -- POSITIONS [COUNT] [WEIGHTS] [LABELS]` (default
//! 100 positions spread evenly over the file; the built-in networks unless WEIGHTS is given,
//! `-` for them; LABELS a comma list of `TRIALSxPLIES`, `r` after it for variance reduction,
//! e.g. `0x0,0x2,9x6r`, the table of the README by default). With `0x0` it also lists the
//! positions where the networks alone are furthest from the reference.

#[path = "support/gnubg.rs"]
mod gnubg_runner;

use gnubg_runner::{run as gnubg, GNUBG};
use std::path::Path;
use std::time::Instant;
use tavli::codec::{gnubg_id, position_id};
use tavli::engine::choice::{self, EvaluatorKind};
use tavli::engine::net::evaluator::PositionClass;
use tavli::engine::Probabilities;
use tavli::rules::{Board, MatchState, Side, Variant};
use tavli::train::data;
use tavli::train::label::{rollout, RolloutConfig};

/// gnubg 2-ply's cubeless equity of each board, X on roll, in order (NaN where not found).
fn reference(boards: &[Board]) -> Vec<f64> {
    let mut script = String::from(
        "set player 0 human\nset player 1 human\nset cube use off\n\
         set evaluation chequerplay evaluation plies 2\n\
         set evaluation cubedecision evaluation plies 2\nnew game\n",
    );
    for (index, board) in boards.iter().enumerate() {
        let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
        state.board = *board;
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\neval\n",
            gnubg_id::encode(&state)
        ));
    }
    let output = gnubg(&script);
    let mut equities = vec![f64::NAN; boards.len()];
    let mut current: Option<usize> = None;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Player 0 is now known as `mark") {
            current = rest.trim_end_matches("'.").parse::<usize>().ok();
        } else if let (Some(index), Some(rest)) = (current, line.trim().strip_prefix("2 ply:")) {
            let figures: Vec<f64> = rest
                .split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect();
            if let (
                [win, win_gammon, win_backgammon, lose_gammon, lose_backgammon, ..],
                Some(slot),
            ) = (figures.as_slice(), equities.get_mut(index))
            {
                *slot = Probabilities {
                    win: *win,
                    win_gammon: *win_gammon,
                    win_backgammon: *win_backgammon,
                    lose_gammon: *lose_gammon,
                    lose_backgammon: *lose_backgammon,
                }
                .money_equity();
            }
        }
    }
    equities
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let Some(positions) = args.first() else {
        println!("label_quality: give a positions file (cargo bench --bench label_quality -- FILE [COUNT] [WEIGHTS])");
        return;
    };
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let weights = args.get(2).filter(|a| *a != "-").map(Path::new);
    let configs: Vec<(u32, u32, bool)> = match args.get(3) {
        Some(list) => list.split(',').filter_map(parse_config).collect(),
        None => vec![
            (0, 0, false),
            (0, 1, false),
            (0, 2, false),
            (36, 8, false),
            (9, 4, true),
            (9, 6, true),
            (18, 6, true),
            (9, 8, true),
            (36, 10, true),
        ],
    };
    if !Path::new(GNUBG).exists() {
        println!("label_quality: {GNUBG} is not installed; nothing measured");
        return;
    }
    let lines = data::read_lines(Path::new(positions)).expect("the positions file reads");
    let stride = (lines.len() / count.max(1)).max(1);
    let boards: Vec<Board> = lines
        .iter()
        .step_by(stride)
        .take(count)
        .filter_map(|id| position_id::decode(id, Side::X, Variant::Standard).ok())
        .collect();
    let started = Instant::now();
    let truth = reference(&boards);
    let judged = truth.iter().filter(|e| e.is_finite()).count();
    println!(
        "label_quality: {judged} of {} positions from {positions} given gnubg 2-ply equities ({:.0} s)",
        boards.len(),
        started.elapsed().as_secs_f64()
    );
    let evaluator = choice::build(EvaluatorKind::Net, weights).expect("the networks load");
    for (trials, truncate, variance_reduction) in configs {
        let config = RolloutConfig {
            trials,
            truncate,
            variance_reduction,
        };
        let started = Instant::now();
        let mut squares = Vec::new();
        let mut worst = Vec::new();
        let mut bias = 0.0;
        for (index, (board, reference)) in boards.iter().zip(&truth).enumerate() {
            if !reference.is_finite() {
                continue;
            }
            let label = rollout(&evaluator, board, Side::X, config, index as u64);
            let difference = label.money_equity() - reference;
            bias += difference;
            squares.push(difference * difference);
            worst.push((difference, board));
        }
        let n = squares.len() as f64;
        let name = if trials == 0 {
            format!("exhaustive, {truncate} plies")
        } else {
            format!(
                "{trials} trials, {truncate} plies{}",
                if variance_reduction { ", reduced" } else { "" }
            )
        };
        println!(
            "  {name:<28} rms {:.4}  mean {:+.4}  ({:.1} ms per position)",
            (squares.iter().sum::<f64>() / n).sqrt(),
            bias / n,
            1000.0 * started.elapsed().as_secs_f64() / n
        );
        if (trials, truncate) == (0, 0) {
            worst.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
            for (difference, board) in worst.iter().take(12) {
                println!(
                    "    {:+.3}  {}  {:?}",
                    difference,
                    position_id::encode(board, Side::X),
                    PositionClass::of(board)
                );
            }
        }
    }
}

/// `9x6r`: 9 trials of 6 plies, variance-reduced; `0x2`: the exhaustive 2-ply rollout.
fn parse_config(text: &str) -> Option<(u32, u32, bool)> {
    let (reduced, text) = match text.strip_suffix('r') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let (trials, plies) = text.split_once('x')?;
    Some((trials.parse().ok()?, plies.parse().ok()?, reduced))
}
