//! Benchmark of chequer play judged by the measuring stick: positions come from gnubg 0-ply
//! self-play (cube off), tavli chooses a play in each with several settings, and gnubg 0-ply
//! (`hint` over every legal play) says how much equity each choice gives up against its own
//! best, in millipoints (mEMG) per unforced decision, with a 95% confidence interval. gnubg
//! is the judge only: nothing here trains anything. Not a test: it needs gnubg.
//!
//! Run: `cargo bench --bench gnubg_judge -- [GAMES] [SEED] [WEIGHTS...]` (default 12 games,
//! seed 1). Each weight file adds its networks at 0 and 2 plies, and the difference of each
//! setting from the built-in networks at the same plies, decision by decision (a paired
//! interval, much narrower than the two intervals side by side).

use std::time::Instant;
use tavli::codec::gnubg_id;
use tavli::engine::choice;
use tavli::engine::evaluator::Evaluator;
use tavli::engine::judge::best_play;
use tavli::engine::net::NetEvaluator;
use tavli::engine::search::Search;
use tavli::engine::Pubeval;
use tavli::notation::{parse_move, resolve_move};
use tavli::rules::{count_legal_plays, Board, MatchState};

#[path = "support/gnubg.rs"]
mod gnubg_runner;
use gnubg_runner::{run as gnubg, SelfPlay, SelfPlayCube, GNUBG};

/// Every position with the dice rolled and more than one distinct legal result that gnubg
/// shows while playing `games` games against itself from `seed`.
fn self_play_positions(games: usize, seed: u64) -> Vec<MatchState> {
    let settings = SelfPlay {
        games,
        seed,
        cube: SelfPlayCube::Off,
        rolled_only: true,
        before_roll: false,
        distinct_boards: false,
        count: None,
    };
    // One legal play per distinct resulting position: more than one is a decision.
    gnubg_runner::self_play_positions(&settings, |state| {
        state
            .dice
            .is_some_and(|dice| count_legal_plays(&state.board, state.on_roll, dice) > 1)
    })
}

/// gnubg 0-ply's equity of every legal play of each state, as (resulting board, equity).
fn judge(states: &[MatchState]) -> Vec<Vec<(Board, f64)>> {
    let mut script = String::from(
        "set player 0 human\nset player 1 human\nset cube use off\n\
         set evaluation chequerplay evaluation plies 0\nnew game\n",
    );
    for (index, state) in states.iter().enumerate() {
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\nhint 999\n",
            gnubg_id::encode(state)
        ));
    }
    script.push_str(&format!("set player 0 name mark{}\n", states.len()));
    let output = gnubg(&script);
    let mut judged = vec![Vec::new(); states.len()];
    let mut current: Option<usize> = None;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Player 0 is now known as `mark") {
            current = rest.trim_end_matches("'.").parse::<usize>().ok();
            continue;
        }
        let (Some(index), Some(at)) = (current, line.find(" Eq.: ")) else {
            continue;
        };
        let Some(state) = states.get(index) else {
            continue;
        };
        let Some(dice) = state.dice else { continue };
        let notation = line.get(24..at).unwrap_or("").trim();
        let equity: f64 = line[at + 6..]
            .split_whitespace()
            .next()
            .and_then(|word| word.parse().ok())
            .unwrap_or(f64::NAN);
        let rules = state.rules();
        let play = parse_move(rules, notation)
            .ok()
            .and_then(|text| resolve_move(rules, &state.board, state.on_roll, dice, &text).ok());
        if let Some(play) = play {
            judged[index].push((play.result, equity));
        }
    }
    judged
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    if !std::path::Path::new(GNUBG).exists() {
        println!("gnubg_judge: {GNUBG} is not installed; nothing measured");
        return;
    }
    let started = Instant::now();
    let states = self_play_positions(games, seed);
    let judged = judge(&states);
    println!(
        "gnubg_judge: {} unforced decisions from {games} gnubg 0-ply self-play games (seed {seed}), judged by gnubg 0-ply ({:.0} s)",
        states.len(),
        started.elapsed().as_secs_f64()
    );
    let net = choice::embedded_net();
    let others: Vec<(String, NetEvaluator)> = args
        .iter()
        .skip(2)
        .map(|path| {
            let net = NetEvaluator::from_file(std::path::Path::new(path)).expect("a weight file");
            (path.clone(), net)
        })
        .collect();
    // Each setting with the index of the setting it is compared with, decision by decision.
    let mut settings: Vec<(String, Box<dyn Evaluator + '_>, Option<usize>)> = vec![
        ("net 0-ply".into(), Box::new(Search::new(&*net, 0)), None),
        ("net 1-ply".into(), Box::new(Search::new(&*net, 1)), None),
        (
            "net 2-ply (default)".into(),
            Box::new(Search::new(&*net, 2)),
            None,
        ),
        (
            "pubeval 0-ply (baseline)".into(),
            Box::new(Search::new(&Pubeval, 0)),
            None,
        ),
    ];
    for (path, other) in &others {
        settings.push((
            format!("{path} 0-ply"),
            Box::new(Search::new(other, 0)),
            Some(0),
        ));
        settings.push((
            format!("{path} 2-ply"),
            Box::new(Search::new(other, 2)),
            Some(2),
        ));
    }
    // Per setting, per decision: the error in mEMG (NaN where the play was not judged).
    let mut all_errors: Vec<Vec<f64>> = Vec::new();
    for (name, evaluator, compared) in &settings {
        let started = Instant::now();
        let mut errors = Vec::new();
        let mut by_decision = Vec::new();
        let (mut best, mut unjudged) = (0usize, 0usize);
        for (state, plays) in states.iter().zip(&judged) {
            let Some(dice) = state.dice else { continue };
            let top = plays
                .iter()
                .map(|(_, e)| *e)
                .fold(f64::NEG_INFINITY, f64::max);
            let chosen = best_play(evaluator.as_ref(), state, dice).map(|play| play.result);
            match plays.iter().find(|(board, _)| Some(*board) == chosen) {
                Some((_, equity)) if top.is_finite() => {
                    let error = 1000.0 * (top - equity);
                    if error < 0.5 {
                        best += 1;
                    }
                    errors.push(error);
                    by_decision.push(error);
                }
                _ => {
                    unjudged += 1;
                    by_decision.push(f64::NAN);
                }
            }
        }
        if let Some(baseline) = compared {
            let differences: Vec<f64> = by_decision
                .iter()
                .zip(&all_errors[*baseline])
                .map(|(a, b)| a - b)
                .filter(|d| d.is_finite())
                .collect();
            let n = differences.len() as f64;
            let mean = differences.iter().sum::<f64>() / n;
            let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
            println!(
                "  {name}: {mean:+.2} ± {:.2} mEMG per decision against the built-in networks ({} decisions paired)",
                1.96 * (variance / n).sqrt(),
                differences.len()
            );
        }
        all_errors.push(by_decision);
        let n = errors.len() as f64;
        let mean = errors.iter().sum::<f64>() / n;
        let variance = errors.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0);
        println!(
            "  {name:<26} {mean:6.1} ± {:4.1} mEMG per decision, gnubg's best {:4.1}% ({} judged, {unjudged} not found, {:.1} s)",
            1.96 * (variance / n).sqrt(),
            100.0 * best as f64 / n,
            errors.len(),
            started.elapsed().as_secs_f64()
        );
    }
}
