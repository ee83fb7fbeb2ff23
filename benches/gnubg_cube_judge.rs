//! Benchmark of cube decisions judged by the measuring stick: positions come from gnubg 0-ply
//! self-play with the cube on (money, Jacoby off), each taken before the roll where the player
//! on roll may double. tavli (at its engine default and at 0 ply) and gnubg 0-ply each decide
//! whether to double and whether to take, and gnubg 2-ply's cubeful equities (no double,
//! double/take, double/pass) say what each decision gives up, in millipoints (mEMG, units of
//! the cube in play) per decision, with 95% intervals, in gnubg's classes (missed double,
//! wrong double, wrong take, wrong pass). `tavli ubgi`'s session at its default answers the
//! same positions through the protocol (`go cube` before the roll, then with the double
//! pending), judged alike. tavli's answer times are reported too (median, 99th percentile and
//! slowest). gnubg is the judge only: nothing here trains anything. Not a test: it needs gnubg.
//!
//! Run: `cargo bench --bench gnubg_cube_judge -- [GAMES] [SEED]` (default 45 games, seed 1:
//! a little over 1,000 decisions). The three slowest answers of each tavli setting are named
//! (gnubg ID) on standard error.
//! Take decisions are judged where doubling is within 0.2 of the doubler's best by gnubg
//! 2-ply (elsewhere nobody doubles and the take is moot); double decisions everywhere, and
//! also over those close positions alone. `TAVLI_CUBE_JUDGE_POSITIONS=PATH` writes the judged
//! positions (gnubg ID, gnubg 2-ply's no double, double/take and double/pass, close or not).

use std::time::{Duration, Instant};
use tavli::codec::gnubg_id;
use tavli::engine::choice;
use tavli::engine::cube::{DoubleAction, TakeAction};
use tavli::engine::cube_efficiency::CubeEfficiency;
use tavli::engine::net::NetEvaluator;
use tavli::engine::Evaluator;
use tavli::engine::{Judge, Stakes};
use tavli::rules::MatchState;
use tavli::wire::ubgi::UbgiSession;

#[path = "support/gnubg.rs"]
mod gnubg_runner;
use gnubg_runner::{run as gnubg, SelfPlay, SelfPlayCube, GNUBG};

/// How close (in the doubler's equity) doubling must come to the best action for the take
/// to be judged.
const CLOSE: f64 = 0.2;

/// Positions before the roll, with the cube available to the player on roll, from `games`
/// gnubg 0-ply self-play money games (cube on, Jacoby off) from `seed`.
fn self_play_positions(games: usize, seed: u64) -> Vec<MatchState> {
    let settings = SelfPlay {
        games,
        seed,
        cube: SelfPlayCube::Money,
        rolled_only: true,
        before_roll: true,
        distinct_boards: false,
        count: None,
    };
    // The same position before the roll: the cube decision of the player on roll.
    gnubg_runner::self_play_positions(&settings, |state| {
        Stakes::from_state(state).may_double(state.on_roll)
    })
}

/// gnubg's cubeful equities at `plies` of each state, from the doubler's side: no double,
/// double/take, double/pass (`None` where gnubg gave no cube analysis).
fn gnubg_equities(states: &[MatchState], plies: u32) -> Vec<Option<[f64; 3]>> {
    let mut script = format!(
        "set player 0 human\nset player 1 human\nset cube use on\nset jacoby off\n\
         set beavers 0\nset evaluation cubedecision evaluation plies {plies}\nnew game\n"
    );
    for (index, state) in states.iter().enumerate() {
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\nhint\n",
            gnubg_id::encode(state)
        ));
    }
    script.push_str(&format!("set player 0 name mark{}\n", states.len()));
    let output = gnubg(&script);
    let mut found: Vec<[Option<f64>; 3]> = vec![[None; 3]; states.len()];
    let mut current: Option<usize> = None;
    for line in output.lines() {
        if let Some(rest) = line.strip_prefix("Player 0 is now known as `mark") {
            current = rest.trim_end_matches("'.").parse::<usize>().ok();
            continue;
        }
        let Some(index) = current.filter(|&index| index < states.len()) else {
            continue;
        };
        // "1. No double           +0.099", "2. Double, pass        +1.000  (+0.901)"
        let slot = if line.contains("No double") || line.contains("No redouble") {
            0
        } else if line.contains("ouble, take") {
            1
        } else if line.contains("ouble, pass") {
            2
        } else {
            continue;
        };
        let equity = line
            .split_whitespace()
            .find(|word| word.starts_with('+') || word.starts_with('-'))
            .and_then(|word| word.parse::<f64>().ok());
        if found[index][slot].is_none() {
            found[index][slot] = equity;
        }
    }
    found
        .into_iter()
        .map(|[no_double, take, pass]| Some([no_double?, take?, pass?]))
        .collect()
}

/// One engine's decisions in a position: whether it doubles, whether it takes.
#[derive(Clone, Copy)]
struct Decisions {
    double: bool,
    take: bool,
}

/// The decisions gnubg's own equities imply.
fn decisions_of(equities: [f64; 3]) -> Decisions {
    let [no_double, take, pass] = equities;
    Decisions {
        double: take.min(pass) > no_double,
        take: take <= pass,
    }
}

/// What each decision gives up, judged by gnubg 2-ply's equities, with its class.
#[derive(Default, Clone, Copy)]
struct Errors {
    double_error: f64,
    take_error: f64,
    missed_double: bool,
    wrong_double: bool,
    wrong_take: bool,
    wrong_pass: bool,
}

fn judge(decisions: Decisions, truth: [f64; 3]) -> Errors {
    let [no_double, take, pass] = truth;
    let doubled = take.min(pass);
    let best = no_double.max(doubled);
    let chosen = if decisions.double { doubled } else { no_double };
    let should_double = doubled > no_double;
    let should_take = take <= pass;
    Errors {
        double_error: best - chosen,
        take_error: if decisions.take == should_take {
            0.0
        } else {
            (take - pass).abs()
        },
        missed_double: should_double && !decisions.double,
        wrong_double: !should_double && decisions.double,
        wrong_take: !should_take && decisions.take,
        wrong_pass: should_take && !decisions.take,
    }
}

/// UBGI's answers at its default (`tavli ubgi` as the command line builds it: `engine.ply`
/// 3, gnubg's 2-ply, within the 50 ms budget), asked through the protocol as a controller
/// asks: `go cube` before the roll (double or not), and `go cube` with the double pending
/// (take or pass), beavers off. The times are each `go cube`'s, two per position.
fn ubgi_answers(
    states: &[MatchState],
    net: &NetEvaluator,
) -> (String, Vec<Decisions>, Vec<Duration>) {
    let mut session = UbgiSession::new(net, "tavli")
        .with_search(choice::DEFAULT_PLIES + 1, choice::move_limits(None));
    assert!(session.handle_line("set game.beavers false").is_empty());
    let mut ask = |state: &MatchState| {
        let position = format!("position gnubgid {}", gnubg_id::encode(state));
        assert!(session.handle_line(&position).is_empty(), "{position}");
        let asked = Instant::now();
        let reply = session.handle_line("go cube");
        let time = asked.elapsed();
        let answer = reply.last().cloned().unwrap_or_default();
        (answer, time)
    };
    // One answer before the clock runs, as for the judges above.
    if let Some(state) = states.first() {
        let _ = ask(state);
    }
    let mut decisions = Vec::new();
    let mut times = Vec::new();
    for state in states {
        let (double, double_time) = ask(state);
        let offered = MatchState {
            double_offered: true,
            turn: state.on_roll.opponent(),
            ..*state
        };
        let (take, take_time) = ask(&offered);
        assert!(
            ["bestcube double", "bestcube nodouble"].contains(&double.as_str())
                && ["bestcube take", "bestcube drop"].contains(&take.as_str()),
            "{double} {take}"
        );
        decisions.push(Decisions {
            double: double == "bestcube double",
            take: take == "bestcube take",
        });
        times.extend([double_time, take_time]);
    }
    (
        format!(
            "tavli ubgi default (engine.ply {}, 50 ms budget)",
            choice::DEFAULT_PLIES + 1
        ),
        decisions,
        times,
    )
}

/// Mean and 95% half-width of `values`.
fn interval(values: &[f64]) -> (f64, f64) {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (variance / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(45);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    if !std::path::Path::new(GNUBG).exists() {
        println!("gnubg_cube_judge: {GNUBG} is not installed; nothing measured");
        return;
    }
    let started = Instant::now();
    let all_states = self_play_positions(games, seed);
    let truth_all = gnubg_equities(&all_states, 2);
    let gnubg_zero_all = gnubg_equities(&all_states, 0);
    // Only positions both gnubg runs analysed.
    let mut states = Vec::new();
    let mut truth = Vec::new();
    let mut gnubg_zero = Vec::new();
    for ((state, judged), zero) in all_states.iter().zip(&truth_all).zip(&gnubg_zero_all) {
        if let (Some(judged), Some(zero)) = (judged, zero) {
            states.push(*state);
            truth.push(*judged);
            gnubg_zero.push(decisions_of(*zero));
        }
    }
    let close: Vec<bool> = truth
        .iter()
        .map(|&[no_double, take, pass]| no_double.max(take.min(pass)) - take.min(pass) < CLOSE)
        .collect();
    println!(
        "gnubg_cube_judge: {} cube decisions ({} close: doubling within {CLOSE} of the best) from {games} gnubg 0-ply self-play money games (seed {seed}), judged by gnubg 2-ply ({:.0} s)",
        states.len(),
        close.iter().filter(|&&c| c).count(),
        started.elapsed().as_secs_f64()
    );
    // TAVLI_CUBE_JUDGE_POSITIONS=PATH writes each judged position with gnubg 2-ply's three
    // equities and whether it is close, to judge other builds' decisions on the same positions.
    if let Ok(path) = std::env::var("TAVLI_CUBE_JUDGE_POSITIONS") {
        let lines: String = states
            .iter()
            .zip(&truth)
            .zip(&close)
            .map(|((state, [no_double, take, pass]), close)| {
                format!(
                    "{} {no_double} {take} {pass} {close}\n",
                    gnubg_id::encode(state)
                )
            })
            .collect();
        std::fs::write(&path, lines).expect("the positions file can be written");
    }
    let net = choice::embedded_net();
    let default_judge =
        Judge::new(&*net, choice::DEFAULT_PLIES).with_limits(choice::move_limits(None));
    let zero_judge = Judge::new(&*net, 0);
    let mut engines: Vec<(String, Vec<Decisions>, Vec<Duration>)> = Vec::new();
    for (name, judge) in [
        (
            format!(
                "tavli default ({} plies, 50 ms budget)",
                choice::DEFAULT_PLIES
            ),
            &default_judge,
        ),
        ("tavli 0-ply".to_string(), &zero_judge),
    ] {
        let mut decisions = Vec::new();
        let mut times = Vec::new();
        // One answer before the clock runs: the networks and the bear-off database are loaded
        // once per process, as `tavli external` does at its start.
        if let Some(state) = states.first() {
            let _ = judge.cube_decision(state, state.on_roll, false);
        }
        for state in &states {
            let asked = Instant::now();
            let decision = judge.cube_decision(state, state.on_roll, false);
            times.push(asked.elapsed());
            decisions.push(Decisions {
                double: decision.double() == DoubleAction::Double,
                take: decision.take != TakeAction::Drop,
            });
        }
        engines.push((name, decisions, times));
    }
    engines.push(ubgi_answers(&states, &net));
    // The cube model before the efficiency by position class: 0.68 everywhere, at 0 ply (the
    // evaluator's probabilities straight into the model), beside "tavli 0-ply" above.
    let contact_only: Vec<Decisions> = states
        .iter()
        .map(|state| {
            let probabilities = net.probabilities(&state.board, state.variant, state.on_roll);
            let stakes = Stakes {
                efficiency: CubeEfficiency::Contact,
                beavers: false,
                ..Stakes::from_state(state)
            };
            let analysis = stakes.analyse_double(&probabilities, state.on_roll);
            Decisions {
                double: analysis.double_action() == DoubleAction::Double,
                take: stakes.answer(&analysis) != TakeAction::Drop,
            }
        })
        .collect();
    engines.push((
        "tavli 0-ply, efficiency 0.68 everywhere".to_string(),
        contact_only,
        Vec::new(),
    ));
    engines.push(("gnubg 0-ply".to_string(), gnubg_zero, Vec::new()));
    let baseline: Vec<Errors> = engines
        .last()
        .map(|(_, decisions, _)| {
            decisions
                .iter()
                .zip(&truth)
                .map(|(d, t)| judge(*d, *t))
                .collect()
        })
        .unwrap_or_default();
    let total = |e: &Errors, close: bool| e.double_error + if close { e.take_error } else { 0.0 };
    for (name, decisions, times) in &engines {
        let errors: Vec<Errors> = decisions
            .iter()
            .zip(&truth)
            .map(|(d, t)| judge(*d, *t))
            .collect();
        let doubles: Vec<f64> = errors.iter().map(|e| 1000.0 * e.double_error).collect();
        let takes: Vec<f64> = errors
            .iter()
            .zip(&close)
            .filter(|(_, &c)| c)
            .map(|(e, _)| 1000.0 * e.take_error)
            .collect();
        let totals: Vec<f64> = errors
            .iter()
            .zip(&close)
            .map(|(e, &c)| 1000.0 * total(e, c))
            .collect();
        let paired: Vec<f64> = errors
            .iter()
            .zip(&baseline)
            .zip(&close)
            .map(|((e, b), &c)| 1000.0 * (total(e, c) - total(b, c)))
            .collect();
        let (double_mean, double_half) = interval(&doubles);
        let (take_mean, take_half) = interval(&takes);
        let (total_mean, total_half) = interval(&totals);
        let (paired_mean, paired_half) = interval(&paired);
        // Take classes only where the take is judged (the close positions).
        let count = |pick: fn(&Errors) -> bool, only_close: bool| {
            errors
                .iter()
                .zip(&close)
                .filter(|(e, &c)| pick(e) && (c || !only_close))
                .count()
        };
        println!(
            "{name}: double {double_mean:.2} ± {double_half:.2} mEMG per decision, take {take_mean:.2} ± {take_half:.2} per close decision, both {total_mean:.2} ± {total_half:.2} per position; missed doubles {}, wrong doubles {}, wrong takes {}, wrong passes {}; against gnubg 0-ply {paired_mean:+.2} ± {paired_half:.2} mEMG per position",
            count(|e| e.missed_double, false),
            count(|e| e.wrong_double, false),
            count(|e| e.wrong_take, true),
            count(|e| e.wrong_pass, true),
        );
        if !times.is_empty() {
            let mut sorted = times.clone();
            sorted.sort();
            let over = times
                .iter()
                .filter(|&&time| time >= Duration::from_millis(100))
                .count();
            println!(
                "{name}: answer time median {:.1} ms, 99th percentile {:.1} ms, slowest {:.1} ms over {} answers ({over} at 100 ms or more)",
                sorted[sorted.len() / 2].as_secs_f64() * 1000.0,
                sorted[sorted.len() * 99 / 100].as_secs_f64() * 1000.0,
                sorted[sorted.len() - 1].as_secs_f64() * 1000.0,
                sorted.len()
            );
            // The slowest positions, to look at (`tavli external` or the REPL can replay them).
            let mut order: Vec<usize> = (0..times.len()).collect();
            order.sort_by_key(|&index| std::cmp::Reverse(times[index]));
            // UBGI answers twice per position (the double, then the take).
            let per_position = (times.len() / states.len().max(1)).max(1);
            for &index in order.iter().take(3) {
                eprintln!(
                    "{name}: {:.1} ms for {}",
                    times[index].as_secs_f64() * 1000.0,
                    gnubg_id::encode(&states[index / per_position])
                );
            }
        }
    }
    let gnubg_total: f64 = baseline.iter().zip(&close).map(|(e, &c)| total(e, c)).sum();
    // The engines' defaults: `tavli external`'s judge and `tavli ubgi`.
    for (name, decisions, _) in engines.iter().filter(|(name, ..)| name.contains("default")) {
        let tavli_total: f64 = decisions
            .iter()
            .zip(&truth)
            .zip(&close)
            .map(|((d, t), &c)| total(&judge(*d, *t), c))
            .sum();
        let short = name.split(" (").next().unwrap_or(name);
        println!(
            "ratio {short} / gnubg 0-ply (error per position): {:.2}",
            tavli_total / gnubg_total.max(f64::MIN_POSITIVE)
        );
    }
}
