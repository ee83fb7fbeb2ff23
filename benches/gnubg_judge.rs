//! Benchmark of chequer play judged by the measuring stick: positions come from gnubg 0-ply
//! self-play (cube off), tavli chooses a play in each with several settings, gnubg 0-ply
//! chooses its own, and gnubg's `hint` over every legal play (at the judge's depth) says how
//! much equity each choice gives up against the judge's best, in millipoints (mEMG) per
//! unforced decision, with a 95% confidence interval, the ratio to gnubg 0-ply's own error
//! and the difference from it decision by decision (a paired interval). gnubg is the judge
//! only: nothing here trains anything. Not a test: it needs gnubg.
//!
//! Run: `cargo bench --bench gnubg_judge -- [GAMES] [SEED] [WEIGHTS...]` (default 12 games,
//! seed 1). Each weight file adds its networks at 0 and 2 plies, and the difference of each
//! setting from the built-in networks at the same plies, decision by decision.
//!
//! `TAVLI_JUDGE_FILTERS=KEEP:WINDOW,KEEP:WINDOW` adds the networks searched with other move
//! filters after 0 and 1 ply (2 plies without a budget, and the default), each compared with
//! the default filters decision by decision.
//!
//! `TAVLI_JUDGE_THREE_PLY=1` adds the networks searched 3 plies without a budget (gnubg's
//! 3-ply, the default filters), compared with 2 plies without a budget decision by decision:
//! the ceiling of a deeper search.
//!
//! `TAVLI_JUDGE_DEEPER=N` judges again, by gnubg's `eval` at N plies, the decisions where a
//! setting compared with another chose another play: both plays, the position after each with
//! the opponent on roll; each such pair's difference by that deeper judge is printed, over all
//! decisions (the rest chose alike: zero), so that a deeper search is not judged only by a
//! judge as shallow as it.
//!
//! `TAVLI_JUDGE_TYPES=1` adds a table by position type (the training classifier's, as `tavli
//! train classify` prints, of the board before the play): per setting and type, the decisions,
//! the mean error with its 95% interval, and the paired differences from gnubg 0-ply's own
//! choice and from the setting it is compared with. `TAVLI_JUDGE_TYPES_FROM=PATH,PATH` prints
//! only that table, pooled over errors files (`TAVLI_JUDGE_ERRORS`) of earlier runs, without
//! gnubg.
//!
//! `TAVLI_JUDGE_ERRORS=PATH` writes every setting's error per decision (setting, decision,
//! gnubg ID, mEMG, depth searched; gnubg 0-ply's own choice as the setting `gnubg 0-ply`);
//! `TAVLI_JUDGE_BASELINE=PATH` reads such a file from an
//! earlier build on the same games and seed, and prints each setting's difference from the
//! setting of the same name there, decision by decision.
//!
//! The judge: `TAVLI_JUDGE_PLIES=N` (default 0, so that earlier figures stay comparable; 2 is
//! the judge of issue 30) and `TAVLI_JUDGE_CUBELESS=1` (gnubg's cubeless equity; by default
//! its cubeful money equity with the cube centred, which is what `hint` shows after
//! `set gnubgid` even with the cube off). Each position is set again (`set gnubgid`) before
//! its `hint`, so no earlier hint of the same position at another depth is reused, and every
//! depth runs in a gnubg process of its own.
//!
//! gnubg's move filter: at N plies `hint` ranks every play at 0 ply and searches only the
//! plays its filter keeps (set here to gnubg's "normal": at most 8 within 0.16 of the best);
//! the rest keep their 0-ply equity, and when a single play passes the filter even the best
//! stays at 0 ply. Those figures are not compared with N-ply ones: every play that some setting
//! chose (and the hint's best) that the hint left below N plies is evaluated again, the
//! position after it with the opponent on roll, by gnubg's `eval` at N plies (its equity
//! negated; `eval` and `hint` give the same figure for a play, which the bench checks on a few
//! plays the hint searched and prints). The judge's best is the best of the plays at N plies.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use tavli::codec::gnubg_id;
use tavli::engine::choice;
use tavli::engine::evaluator::Evaluator;
use tavli::engine::net::NetEvaluator;
use tavli::engine::search::{MoveFilter, Search, DEFAULT_FILTERS, MAX_PLIES};
use tavli::engine::{Pubeval, Stakes};
use tavli::notation::{parse_move, resolve_move};
use tavli::rules::{count_legal_plays, Board, MatchState};
use tavli::train::position_type::PositionType;

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/gnubg.rs"]
mod gnubg_runner;
#[path = "support/type_table.rs"]
mod type_table;
use gnubg_runner::{run as gnubg, SelfPlay, SelfPlayCube, GNUBG};

/// How gnubg judges.
#[derive(Clone, Copy, Debug)]
struct JudgeSettings {
    /// gnubg's plies.
    plies: u32,
    /// Cubeless equities (else cubeful, the cube centred).
    cubeless: bool,
}

impl JudgeSettings {
    /// `TAVLI_JUDGE_PLIES` (default 0) and `TAVLI_JUDGE_CUBELESS`.
    fn from_env() -> JudgeSettings {
        let plies = std::env::var("TAVLI_JUDGE_PLIES")
            .ok()
            .and_then(|text| text.parse().ok())
            .unwrap_or(0);
        let cubeless = std::env::var("TAVLI_JUDGE_CUBELESS").is_ok_and(|text| text == "1");
        JudgeSettings { plies, cubeless }
    }

    /// The start of a script that judges: two human players, the cube off, the evaluation.
    fn script(self) -> String {
        let cubeful = if self.cubeless { "off" } else { "on" };
        let mut script = format!(
            "set player 0 human\nset player 1 human\nset cube use off\n\
             set evaluation chequerplay evaluation plies {plies}\n\
             set evaluation cubedecision evaluation plies {plies}\n\
             set evaluation chequerplay evaluation cubeful {cubeful}\n\
             set evaluation cubedecision evaluation cubeful {cubeful}\n",
            plies = self.plies
        );
        // gnubg's "normal" filter at every depth: at most 8 plays within 0.16 after 0 ply.
        for plies in 1..=self.plies.min(4) {
            script.push_str(&format!("set evaluation movefilter {plies} 0 0 8 0.16\n"));
        }
        script.push_str("new game\n");
        script
    }

    fn describe(self) -> String {
        format!(
            "gnubg {}-ply ({})",
            self.plies,
            if self.cubeless { "cubeless" } else { "cubeful" }
        )
    }
}

/// One legal play as the judge saw it.
#[derive(Clone, Copy, Debug)]
struct Judged {
    result: Board,
    equity: f64,
    /// The plies the equity comes from.
    plies: u32,
}

/// Every unforced decision gnubg shows while playing `games` games against itself from `seed`.
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

/// The index in the line `Player 0 is now known as `markN'.` that separates positions.
fn mark(line: &str) -> Option<Option<usize>> {
    line.strip_prefix("Player 0 is now known as `mark")
        .map(|rest| rest.trim_end_matches("'.").parse::<usize>().ok())
}

/// gnubg's `hint` over every legal play of each state: (resulting board, equity, plies).
fn hint(states: &[MatchState], judge: JudgeSettings) -> Vec<Vec<Judged>> {
    let mut script = judge.script();
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
        if let Some(index) = mark(line) {
            current = index;
            continue;
        }
        // "    1. Cubeful 2-ply    8/5 6/5                      Eq.: +0.199"
        let (Some(index), Some(at), Some(ply)) = (current, line.find(" Eq.: "), line.find("-ply"))
        else {
            continue;
        };
        let Some(state) = states.get(index) else {
            continue;
        };
        let Some(dice) = state.dice else { continue };
        let plies = line[..ply]
            .chars()
            .last()
            .and_then(|digit| digit.to_digit(10))
            .unwrap_or(0);
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
            judged[index].push(Judged {
                result: play.result,
                equity,
                plies,
            });
        }
    }
    judged
}

/// The mover's equity after each play (a state and the board after one of its plays) by
/// gnubg's `eval` at the judge's plies: the position after the play, the opponent on roll,
/// its equity negated (`None` where gnubg gave none).
fn evaluate_after(plays: &[(&MatchState, Board)], judge: JudgeSettings) -> Vec<Option<f64>> {
    let mut script = judge.script();
    for (index, (state, after)) in plays.iter().enumerate() {
        let mut position = **state;
        position.board = *after;
        position.on_roll = state.on_roll.opponent();
        position.turn = position.on_roll;
        position.dice = None;
        script.push_str(&format!(
            "set player 0 name mark{index}\nset gnubgid {}\neval\n",
            gnubg_id::encode(&position)
        ));
    }
    script.push_str(&format!("set player 0 name mark{}\n", plays.len()));
    let output = gnubg(&script);
    let row = if judge.plies == 0 {
        "static:".to_string()
    } else {
        format!("{} ply:", judge.plies)
    };
    // Per play: the row's equity, and the opponent's cube answers (no double, double/take,
    // double/pass) when gnubg printed them.
    let mut rows = vec![None; plays.len()];
    let mut cube: Vec<[Option<f64>; 3]> = vec![[None; 3]; plays.len()];
    let mut current: Option<usize> = None;
    for line in output.lines() {
        if let Some(index) = mark(line) {
            current = index;
            continue;
        }
        let Some(index) = current.filter(|&index| index < plays.len()) else {
            continue;
        };
        // "        Win     W(g)    W(bg)   L(g)    L(bg)   Equity    Cubeful"
        // " 2 ply: 0.449   0.117   0.005   0.170   0.009   -0.159    -0.200"
        if let Some(rest) = line.trim_start().strip_prefix(row.as_str()) {
            let columns: Vec<f64> = rest
                .split_whitespace()
                .filter_map(|word| word.parse().ok())
                .collect();
            let column = if judge.cubeless { 5 } else { 6 };
            if rows[index].is_none() {
                rows[index] = columns.get(column).copied();
            }
            continue;
        }
        // "1. No double           -0.199", "2. Double, pass        +1.000  (+1.199)"
        let slot = if line.contains("No double") || line.contains("No redouble") {
            0
        } else if line.contains("take") {
            1
        } else if line.contains("pass") {
            2
        } else {
            continue;
        };
        let value = line
            .split_whitespace()
            .find(|word| word.starts_with('+') || word.starts_with('-'))
            .and_then(|word| word.parse::<f64>().ok());
        if cube[index][slot].is_none() {
            cube[index][slot] = value;
        }
    }
    rows.iter()
        .zip(&cube)
        .map(|(row, cube)| {
            // Cubeful, the opponent on roll takes his best cube action first, as `hint`
            // does for the position after a play: double when the answer to it is better.
            let value = match (judge.cubeless, cube) {
                (false, [Some(no_double), Some(take), Some(pass)]) => {
                    no_double.max(take.min(*pass))
                }
                _ => (*row)?,
            };
            Some(-value)
        })
        .collect()
}

/// A play chosen by a tavli setting: the board after it, how deep the search went for the
/// play chosen, and for every play the depth it was searched to.
struct Chosen {
    result: Board,
    depth: u32,
    searched: Vec<(Board, u32)>,
    time: Duration,
}

/// The choices of `search` in every state.
fn choose<E: Evaluator + ?Sized>(search: &Search<'_, E>, states: &[MatchState]) -> Vec<Chosen> {
    states
        .iter()
        .map(|state| {
            let dice = state.dice.expect("rolled positions");
            let mover = state.on_roll;
            let plays = state.rules().legal_plays(&state.board, mover, dice);
            let stakes = Stakes::from_state(state);
            let started = Instant::now();
            let ranked = search.rank_plays(&state.board, &plays, mover, &stakes);
            let time = started.elapsed();
            let top = ranked.first().expect("a legal play");
            Chosen {
                result: plays[top.index].result,
                depth: top.plies,
                searched: ranked
                    .iter()
                    .map(|r| (plays[r.index].result, r.plies))
                    .collect(),
                time,
            }
        })
        .collect()
}

/// Mean and the half-width of its 95% interval (of finite values: every caller's are).
fn interval(values: &[f64]) -> (f64, f64) {
    let summary = type_table::Summary::of(values);
    (summary.mean, summary.half)
}

/// The differences `a - b` where both are judged.
fn paired(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter()
        .zip(b)
        .map(|(a, b)| a - b)
        .filter(|d| d.is_finite())
        .collect()
}

/// Errors written by an earlier run (`TAVLI_JUDGE_ERRORS`): per setting, per decision.
fn read_errors(path: &str) -> HashMap<String, HashMap<usize, f64>> {
    let text = std::fs::read_to_string(path).expect("the baseline file is read");
    let mut errors: HashMap<String, HashMap<usize, f64>> = HashMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        if let [name, index, _, error, ..] = fields[..] {
            if let (Ok(index), Ok(error)) = (index.parse(), error.parse()) {
                errors
                    .entry(name.to_string())
                    .or_default()
                    .insert(index, error);
            }
        }
    }
    errors
}

/// The decisions where each compared setting (name, the index of the setting it is compared
/// with) chose another play than the setting it is compared with, judged again by `deeper`:
/// per setting, the mean difference over all decisions (zero where both chose alike) with its
/// 95% interval, in mEMG per decision.
fn judge_deeper(
    deeper: JudgeSettings,
    states: &[MatchState],
    settings: &[(&str, Option<usize>)],
    choices: &[Vec<Chosen>],
) {
    // Per compared setting, the decisions where the two plays differ.
    let differing: Vec<(usize, usize, Vec<usize>)> = settings
        .iter()
        .enumerate()
        .filter_map(|(setting, (_, compared))| {
            let baseline = (*compared)?;
            let decisions = (0..states.len())
                .filter(|&index| choices[setting][index].result != choices[baseline][index].result)
                .collect();
            Some((setting, baseline, decisions))
        })
        .collect();
    let mut requests: Vec<(&MatchState, Board)> = Vec::new();
    for (setting, baseline, decisions) in &differing {
        for &index in decisions {
            requests.push((&states[index], choices[*setting][index].result));
            requests.push((&states[index], choices[*baseline][index].result));
        }
    }
    let evaluated = if requests.is_empty() {
        Vec::new()
    } else {
        evaluate_after(&requests, deeper)
    };
    let mut answers = evaluated.chunks_exact(2);
    for (setting, baseline, decisions) in &differing {
        let mut by_decision = vec![0.0; states.len()];
        let (mut better, mut worse, mut unanswered) = (0, 0, 0);
        for &index in decisions {
            let Some([Some(chosen), Some(other)]) = answers.next().map(|pair| [pair[0], pair[1]])
            else {
                by_decision[index] = f64::NAN;
                unanswered += 1;
                continue;
            };
            // The setting's error less the other's: the other's equity less the setting's.
            let difference = 1000.0 * (other - chosen);
            if difference < 0.0 {
                better += 1;
            } else if difference > 0.0 {
                worse += 1;
            }
            by_decision[index] = difference;
        }
        let differences: Vec<f64> = by_decision.into_iter().filter(|d| d.is_finite()).collect();
        let (mean, half) = interval(&differences);
        println!(
            "  judged again by {}: {} against {}: {mean:+.2} ± {half:.2} mEMG per decision ({} decisions differ: {better} better, {worse} worse, {unanswered} without an answer)",
            deeper.describe(),
            settings[*setting].0,
            settings[*baseline].0,
            decisions.len()
        );
    }
}

/// The table by position type over the errors files `paths` (comma-separated) of earlier runs,
/// pooled: each weight file's setting compared with the built-in network at the same plies.
fn pooled_types(paths: &str) {
    let texts: Vec<String> = paths
        .split(',')
        .map(|path| std::fs::read_to_string(path).expect("an errors file is read"))
        .collect();
    let pooled = match type_table::pool(&texts) {
        Ok(pooled) => pooled,
        Err(problem) => {
            eprintln!("gnubg_judge: {problem}");
            std::process::exit(2);
        }
    };
    let errors_of = |name: &str| {
        pooled
            .settings
            .iter()
            .find(|(seen, _)| seen == name)
            .map(|(_, errors)| &errors[..])
    };
    let Some(gnubg_zero) = errors_of(type_table::GNUBG_ZERO) else {
        eprintln!(
            "gnubg_judge: no `{}` rows in the errors files",
            type_table::GNUBG_ZERO
        );
        std::process::exit(2);
    };
    let settings: Vec<type_table::Setting> = pooled
        .settings
        .iter()
        .filter(|(name, _)| name != type_table::GNUBG_ZERO)
        .map(|(name, errors)| type_table::Setting {
            name,
            errors,
            compared: type_table::built_in_counterpart(name)
                .and_then(|other| errors_of(other).map(|errors| (other, errors))),
        })
        .collect();
    println!(
        "gnubg_judge: {} decisions pooled from {} errors files ({paths})",
        pooled.types.len(),
        texts.len()
    );
    type_table::print_table("the files' judge", &pooled.types, gnubg_zero, &settings);
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if let Ok(paths) = std::env::var("TAVLI_JUDGE_TYPES_FROM") {
        pooled_types(&paths);
        return;
    }
    let games: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(12);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    if !std::path::Path::new(GNUBG).exists() {
        println!("gnubg_judge: {GNUBG} is not installed; nothing measured");
        return;
    }
    let judge = JudgeSettings::from_env();
    let started = Instant::now();
    let states = self_play_positions(games, seed);
    let mut judged = hint(&states, judge);
    // gnubg 0-ply's own choice: the best of its 0-ply hint, cubeful or cubeless as the judge.
    let gnubg_zero = JudgeSettings { plies: 0, ..judge };
    let gnubg_choices: Vec<Option<Board>> = hint(&states, gnubg_zero)
        .iter()
        .map(|plays| {
            plays
                .iter()
                .max_by(|a, b| a.equity.total_cmp(&b.equity))
                .map(|play| play.result)
        })
        .collect();
    println!(
        "gnubg_judge: {} unforced decisions from {games} gnubg 0-ply self-play games (seed {seed}), judged by {} ({:.0} s)",
        states.len(),
        judge.describe(),
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
    let default_name = "net default (2-ply, 50 ms)";
    let mut settings: Vec<(String, Search<'_, dyn Evaluator>, Option<usize>)> = vec![
        (
            "net 0-ply".into(),
            Search::new(&*net as &dyn Evaluator, 0),
            None,
        ),
        (
            "net 1-ply".into(),
            Search::new(&*net as &dyn Evaluator, 1),
            None,
        ),
        (
            "net 2-ply (no budget)".into(),
            Search::new(&*net as &dyn Evaluator, 2),
            None,
        ),
        (
            default_name.into(),
            Search::new(&*net as &dyn Evaluator, choice::DEFAULT_PLIES)
                .with_limits(choice::move_limits(None)),
            None,
        ),
        (
            "pubeval 0-ply (baseline)".into(),
            Search::new(&Pubeval as &dyn Evaluator, 0),
            None,
        ),
    ];
    if std::env::var("TAVLI_JUDGE_THREE_PLY").is_ok_and(|text| text == "1") {
        settings.push((
            "net 3-ply (no budget)".into(),
            Search::new(&*net as &dyn Evaluator, 3),
            Some(2),
        ));
    }
    if let Ok(text) = std::env::var("TAVLI_JUDGE_FILTERS") {
        let mut filters = DEFAULT_FILTERS;
        for (slot, filter) in filters.iter_mut().zip(text.split(',')) {
            let (keep, window) = filter.split_once(':').expect("KEEP:WINDOW");
            *slot = MoveFilter {
                keep: keep.parse().expect("a count of candidates"),
                window: window.parse().expect("an equity window"),
            };
        }
        settings.push((
            format!("net 2-ply, filters {text}"),
            Search::new(&*net as &dyn Evaluator, 2).with_filters(filters),
            Some(2),
        ));
        settings.push((
            format!("net default, filters {text}"),
            Search::new(&*net as &dyn Evaluator, choice::DEFAULT_PLIES)
                .with_filters(filters)
                .with_limits(choice::move_limits(None)),
            Some(3),
        ));
    }
    for (path, other) in &others {
        settings.push((
            format!("{path} 0-ply"),
            Search::new(other as &dyn Evaluator, 0),
            Some(0),
        ));
        settings.push((
            format!("{path} 2-ply"),
            Search::new(other as &dyn Evaluator, 2),
            Some(2),
        ));
    }
    // Each setting's choices and the processor time they took (every thread).
    let (choices, cpu_times): (Vec<Vec<Chosen>>, Vec<f64>) = settings
        .iter()
        .map(|(_, search, _)| {
            let cpu = cpu::own_cpu();
            let chosen = choose(search, &states);
            (chosen, cpu::own_cpu() - cpu)
        })
        .unzip();

    // The plays to evaluate again at the judge's depth: chosen by someone (or the hint's
    // best) but left shallower by the hint; and a few the hint searched, as a check.
    let mut again: Vec<(usize, Board)> = Vec::new();
    let mut checks: Vec<(usize, Board, f64)> = Vec::new();
    for (index, plays) in judged.iter().enumerate() {
        let best = plays
            .iter()
            .max_by(|a, b| a.equity.total_cmp(&b.equity))
            .map(|play| play.result);
        let mut wanted: Vec<Board> = best.into_iter().collect();
        wanted.extend(gnubg_choices[index]);
        wanted.extend(choices.iter().map(|setting| setting[index].result));
        for board in wanted {
            let shallow = plays
                .iter()
                .find(|play| play.result == board)
                .is_none_or(|play| play.plies < judge.plies);
            if shallow && !again.contains(&(index, board)) {
                again.push((index, board));
            }
        }
        if checks.len() < 30 && judge.plies > 0 {
            if let Some(play) = plays.iter().find(|play| play.plies == judge.plies) {
                checks.push((index, play.result, play.equity));
            }
        }
    }
    let requests: Vec<(&MatchState, Board)> = again
        .iter()
        .map(|&(index, board)| (&states[index], board))
        .chain(
            checks
                .iter()
                .map(|&(index, board, _)| (&states[index], board)),
        )
        .collect();
    let evaluated = if requests.is_empty() {
        Vec::new()
    } else {
        evaluate_after(&requests, judge)
    };
    let (mut reevaluated, mut failed) = (0usize, 0usize);
    for (&(index, board), equity) in again.iter().zip(&evaluated) {
        let Some(equity) = *equity else {
            failed += 1;
            continue;
        };
        reevaluated += 1;
        let entry = Judged {
            result: board,
            equity,
            plies: judge.plies,
        };
        match judged[index].iter_mut().find(|play| play.result == board) {
            Some(play) => *play = entry,
            None => judged[index].push(entry),
        }
    }
    let worst_check = checks
        .iter()
        .zip(&evaluated[again.len()..])
        .filter_map(|(&(_, _, hinted), evaluated)| evaluated.map(|e| (e - hinted).abs()))
        .fold(0.0f64, f64::max);
    if judge.plies > 0 {
        println!(
            "  plays the hint left below {} plies, evaluated again by `eval`: {reevaluated} ({failed} without an answer); `eval` against `hint` on {} searched plays: at most {:.3} apart",
            judge.plies,
            checks.len(),
            worst_check
        );
    }

    // The judge's best per decision, and the equity of each play at the judge's depth.
    let tops: Vec<Option<(f64, Board)>> = judged
        .iter()
        .map(|plays| {
            plays
                .iter()
                .filter(|play| play.plies == judge.plies)
                .max_by(|a, b| a.equity.total_cmp(&b.equity))
                .map(|play| (play.equity, play.result))
        })
        .collect();
    let error_of = |index: usize, board: Board| -> f64 {
        let Some((top, _)) = tops[index] else {
            return f64::NAN;
        };
        judged[index]
            .iter()
            .find(|play| play.result == board && play.plies == judge.plies)
            .map_or(f64::NAN, |play| 1000.0 * (top - play.equity))
    };

    let report = |name: &str, by_decision: &[f64], extra: &str| {
        let errors: Vec<f64> = by_decision
            .iter()
            .copied()
            .filter(|e| e.is_finite())
            .collect();
        let (mean, half) = interval(&errors);
        let best = errors.iter().filter(|&&e| e < 0.5).count();
        println!(
            "  {name:<28} {mean:6.2} ± {half:5.2} mEMG per decision, the judge's best {:4.1}% ({} judged, {} not){extra}",
            100.0 * best as f64 / errors.len() as f64,
            errors.len(),
            by_decision.len() - errors.len(),
        );
        mean
    };
    let gnubg_errors: Vec<f64> = gnubg_choices
        .iter()
        .enumerate()
        .map(|(index, board)| board.map_or(f64::NAN, |board| error_of(index, board)))
        .collect();
    let gnubg_mean = report("gnubg 0-ply (its own choice)", &gnubg_errors, "");
    let mut saved = String::new();
    for (index, error) in gnubg_errors.iter().enumerate() {
        saved.push_str(&format!(
            "gnubg 0-ply\t{index}\t{}\t{error}\t0\n",
            gnubg_id::encode(&states[index])
        ));
    }
    let baseline = std::env::var("TAVLI_JUDGE_BASELINE")
        .ok()
        .map(|path| read_errors(&path));
    let mut all_errors: Vec<Vec<f64>> = Vec::new();
    for (((name, _, compared), chosen), cpu) in settings.iter().zip(&choices).zip(&cpu_times) {
        let by_decision: Vec<f64> = chosen
            .iter()
            .enumerate()
            .map(|(index, chosen)| error_of(index, chosen.result))
            .collect();
        let mut times: Vec<Duration> = chosen.iter().map(|c| c.time).collect();
        times.sort_unstable();
        let median = times[times.len() / 2].as_secs_f64() * 1000.0;
        let slowest = times.last().map_or(0.0, Duration::as_secs_f64) * 1000.0;
        let mean = report(
            name,
            &by_decision,
            &format!(
                "; median {median:.1} ms, slowest {slowest:.0} ms, processor {:.1} ms per decision",
                1000.0 * cpu / chosen.len() as f64
            ),
        );
        let (difference, half) = interval(&paired(&by_decision, &gnubg_errors));
        println!(
            "      ratio to gnubg 0-ply {:.2}; paired difference from gnubg 0-ply {difference:+.2} ± {half:.2} mEMG per decision",
            mean / gnubg_mean
        );
        if let Some(baseline) = compared {
            let (difference, half) = interval(&paired(&by_decision, &all_errors[*baseline]));
            println!(
                "      paired difference from {}: {difference:+.2} ± {half:.2} mEMG per decision",
                settings[*baseline].0
            );
        }
        if let Some(before) = baseline.as_ref().and_then(|baseline| baseline.get(name)) {
            let before: Vec<f64> = (0..by_decision.len())
                .map(|index| before.get(&index).copied().unwrap_or(f64::NAN))
                .collect();
            let differences = paired(&by_decision, &before);
            let (difference, half) = interval(&differences);
            println!(
                "      paired difference from the baseline file: {difference:+.2} ± {half:.2} mEMG per decision ({} paired)",
                differences.len()
            );
        }
        for (index, (error, chosen)) in by_decision.iter().zip(chosen).enumerate() {
            saved.push_str(&format!(
                "{name}\t{index}\t{}\t{error}\t{}\n",
                gnubg_id::encode(&states[index]),
                chosen.depth
            ));
        }
        all_errors.push(by_decision);
    }
    if std::env::var("TAVLI_JUDGE_TYPES").is_ok_and(|text| text == "1") {
        let types: Vec<PositionType> = states
            .iter()
            .map(|state| PositionType::of(&state.board))
            .collect();
        let by_type: Vec<type_table::Setting> = settings
            .iter()
            .zip(&all_errors)
            .map(|((name, _, compared), errors)| type_table::Setting {
                name,
                errors,
                compared: compared
                    .map(|other| (settings[other].0.as_str(), &all_errors[other][..])),
            })
            .collect();
        type_table::print_table(&judge.describe(), &types, &gnubg_errors, &by_type);
    }
    if let Some(plies) = std::env::var("TAVLI_JUDGE_DEEPER")
        .ok()
        .and_then(|text| text.parse().ok())
    {
        judge_deeper(
            JudgeSettings { plies, ..judge },
            &states,
            &settings
                .iter()
                .map(|(name, _, compared)| (name.as_str(), *compared))
                .collect::<Vec<_>>(),
            &choices,
        );
    }
    if let Ok(path) = std::env::var("TAVLI_JUDGE_ERRORS") {
        std::fs::write(&path, saved).expect("the errors file is written");
    }

    // Where the searches lose equity: the depth the chosen play was searched to, and how
    // deep the judge's best play went in tavli's search (0: dropped by the 0-ply filter).
    for (setting, ((name, search, _), chosen)) in settings.iter().zip(&choices).enumerate() {
        if search.plies() < 2 || !name.starts_with("net") {
            continue;
        }
        let mut by_depth: HashMap<u32, Vec<f64>> = HashMap::new();
        let mut best_at: HashMap<u32, Vec<f64>> = HashMap::new();
        for (index, chosen) in chosen.iter().enumerate() {
            let error = all_errors[setting][index];
            if !error.is_finite() {
                continue;
            }
            by_depth.entry(chosen.depth).or_default().push(error);
            if let Some((_, best)) = tops[index] {
                let depth = chosen
                    .searched
                    .iter()
                    .find(|(board, _)| *board == best)
                    .map_or(0, |(_, plies)| *plies);
                best_at.entry(depth).or_default().push(error);
            }
        }
        println!("  {name}: where the error is");
        for depth in 0..=MAX_PLIES {
            if let Some(errors) = by_depth.get(&depth) {
                let (mean, half) = interval(errors);
                println!(
                    "      chosen at {depth} plies: {} decisions, {mean:.2} ± {half:.2} mEMG each, {:.0} mEMG in all",
                    errors.len(),
                    errors.iter().sum::<f64>()
                );
            }
        }
        for depth in 0..=MAX_PLIES {
            if let Some(errors) = best_at.get(&depth) {
                let (mean, half) = interval(errors);
                println!(
                    "      the judge's best searched to {depth} plies: {} decisions, {mean:.2} ± {half:.2} mEMG each, {:.0} mEMG in all",
                    errors.len(),
                    errors.iter().sum::<f64>()
                );
            }
        }
    }
}
