//! Benchmark: position evaluations per second of each of tavli's networks beside pubeval, in
//! the same run, on the positions after every legal play of the bot-play set's first 20,000
//! lines (the workload of choosing a play: all candidates of a roll judged one after another
//! with the same working memory): the built-in contact and race networks, and the 128-unit
//! contact network of `fixtures/training/net2.tnet`. Each network is timed four ways, every
//! pass interleaved with pubeval on the same positions so that the ratio is fair on a loaded
//! machine: the f32 training network and the evaluator's SIMD copy (`InferenceNetwork`), each
//! one position at a time and a roll's plays together (first-layer sums carried from play to
//! play). Also `rank_plays` through the Evaluator seam beside pubeval's, the time of a whole
//! 0-ply move choice, the processor time of an unlimited 2-ply search beside the same search
//! evaluating its leaves again one by one (how many fit the 50 ms budget: on a loaded machine
//! the wall-time figures below mostly measure the others' jobs), the move latency per ply (one
//! thread, no time limit), and the engine protocols' default search (2-ply, 50 ms budget) on
//! one thread and on two: its latency and how many moves it searched as deep as an unlimited
//! search.
//!
//! The contact network is also timed with its second layer quantised (`contact-q`,
//! `InferenceNetwork::quantized`), and profiled beside the exact one, interleaved.
//!
//! First the headline, the figure issue 30 asks of the evaluator: the default contact network,
//! a roll's plays in a batch, against pubeval on the same positions, in interleaved rounds
//! (61, 21 with `-- --quick`, or `-- --rounds N`; `-- --ratio` prints it alone), the median
//! of the rounds' ratios.
//!
//! Run: `cargo bench --bench evaluator` (add `-- --quick` for one timed pass, `-- --profile`
//! for the profile of the contact network's stages alone, `-- --strength GAMES` for the
//! quantised evaluator against the exact one instead: GAMES money games at 0 ply, cube off,
//! duplicate dice, one thread, points per game with a 95% interval).

use std::hint::black_box;
use std::time::{Duration, Instant};
use tavli::codec::position_id;
use tavli::engine::choice::DEFAULT_MOVE_BUDGET;
use tavli::engine::net::evaluator::{LeavesOneByOne, PositionClass};
use tavli::engine::net::inputs::{encode, SparseInputs};
use tavli::engine::net::network::{BatchStage, FirstLayerSums};
use tavli::engine::net::{Batch, NetClass, NetEvaluator, Scratch};
use tavli::engine::search::{Search, SearchLimits};
use tavli::engine::Stakes;
use tavli::engine::{best_play, Evaluator, Pubeval};
use tavli::rules::{legal_plays_into, Board, Dice, MatchState, Side, Variant};

const POSITIONS: usize = 20_000;

#[path = "support/interleaved.rs"]
mod interleaved;
use interleaved::{interleaved, median, processor_nanoseconds, Stopwatch};

fn per_second(count: usize, time: Duration) -> f64 {
    count as f64 / time.as_secs_f64()
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let profile_only = std::env::args().any(|a| a == "--profile");
    let passes = if quick { 1 } else { 3 };
    let text = include_str!("../fixtures/bench/positions-botplay.txt");
    let mut roots: Vec<(Board, Dice)> = Vec::new();
    for line in text.lines().take(POSITIONS) {
        let mut words = line.split_whitespace();
        let id = words.next().expect("position ID");
        let first: u8 = words.next().and_then(|w| w.parse().ok()).expect("die");
        let second: u8 = words.next().and_then(|w| w.parse().ok()).expect("die");
        let board = position_id::decode(id, Side::X, Variant::Standard).expect("valid ID");
        roots.push((board, Dice::new(first, second).expect("dice")));
    }
    // The positions after each play, O to roll, split by class; each root's plays of a
    // class stay together (a batch: the plays of one roll, as a move choice judges them).
    let mut by_class: [Vec<Board>; 2] = [Vec::new(), Vec::new()];
    let mut batches: [Vec<std::ops::Range<usize>>; 2] = [Vec::new(), Vec::new()];
    let mut plays = Vec::new();
    for (board, dice) in &roots {
        legal_plays_into(board, Side::X, *dice, &mut plays);
        let starts = [by_class[0].len(), by_class[1].len()];
        for play in &plays {
            match PositionClass::of(&play.result).network() {
                Some(NetClass::Contact) => by_class[0].push(play.result),
                Some(NetClass::Race) => by_class[1].push(play.result),
                None => {}
            }
        }
        for class in 0..2 {
            if by_class[class].len() > starts[class] {
                batches[class].push(starts[class]..by_class[class].len());
            }
        }
    }
    let net = NetEvaluator::embedded();
    // The built-in evaluator runs the contact network's second layer quantised (the default);
    // `exact` is the same networks in f32 throughout, the baseline of the quantised lines.
    let exact = NetEvaluator::exact(net.nets().clone(), "tavli-net exact".to_string());
    if let Some(games) = std::env::args()
        .skip_while(|a| a != "--strength")
        .nth(1)
        .and_then(|games| games.parse::<u64>().ok())
    {
        let started = Instant::now();
        let (a, b) = (Search::new(&net, 0), Search::new(&exact, 0));
        let report = tavli::engine::strength::duplicate_series(
            &a,
            &b,
            games.div_ceil(2),
            1,
            &[],
            1,
            &|_| {},
        );
        println!(
            "quantised against exact, 0 ply: {:+.4} ± {:.4} points per game (95%), {} games (duplicate dice, seed 1, one thread), {} won ({} gammons), {} gammons lost, {:.0} s",
            report.points_per_game,
            report.confidence_95,
            report.games,
            report.wins,
            report.gammons_won,
            report.gammons_lost,
            started.elapsed().as_secs_f64()
        );
        return;
    }
    // The headline: the default contact network, a roll's plays in a batch, against pubeval
    // on the same positions, in interleaved rounds (see `support/interleaved.rs`).
    {
        let rounds = std::env::args()
            .skip_while(|a| a != "--rounds")
            .nth(1)
            .and_then(|rounds| rounds.parse::<usize>().ok())
            .unwrap_or(if quick { 21 } else { 61 });
        let fast = net.inference_network(NetClass::Contact);
        let (boards, ranges) = (&by_class[0], &batches[0]);
        let mut inputs = SparseInputs::default();
        let mut batch = Batch::default();
        let mut checksum = 0.0f64;
        let mut pubeval_checksum = 0.0f64;
        let times = interleaved(
            rounds,
            || {
                for range in ranges {
                    batch.clear();
                    for board in &boards[range.clone()] {
                        encode(board, Side::O, true, &mut inputs);
                        fast.add_to_batch(&inputs, &mut batch);
                    }
                    for outputs in fast.batch_outputs(&mut batch) {
                        checksum += f64::from(outputs[0]);
                    }
                }
            },
            || {
                for board in boards {
                    pubeval_checksum +=
                        black_box(Pubeval.probabilities(board, Variant::Standard, Side::O)).win;
                }
            },
        );
        let [low, middle, high] = times.ratio_quartiles();
        let fastest =
            |times: &[Duration]| per_second(boards.len(), *times.iter().min().expect("a round"));
        let rate = |times: &[Duration]| per_second(boards.len(), median(times.to_vec()));
        println!(
            "headline: the default contact net (quantised), a roll's plays in a batch, against pubeval on the same {} positions, {rounds} interleaved rounds (this thread's {} time)",
            boards.len(),
            if processor_nanoseconds().is_some() { "processor" } else { "wall" }
        );
        println!(
            "           ratio {middle:.3} (median of the rounds' ratios; quartiles {low:.3}-{high:.3}); net {:.0} evaluations/s, pubeval {:.0}/s (medians); fastest rounds' ratio {:.3}; checksums {:.1} {:.1}",
            rate(&times.first),
            rate(&times.second),
            fastest(&times.first) / fastest(&times.second),
            checksum / (rounds + 1) as f64,
            pubeval_checksum / (rounds + 1) as f64
        );
        if std::env::args().any(|a| a == "--ratio") {
            return;
        }
    }
    println!(
        "evaluator bench: {} roots, {} contact and {} race positions after a play, {} pass(es)",
        roots.len(),
        by_class[0].len(),
        by_class[1].len(),
        passes
    );
    println!(
        "each line: evaluations per second of the net and of pubeval on the same positions, timed \
         interleaved in every pass (median of the passes; {} time), and their ratio",
        if processor_nanoseconds().is_some() {
            "this thread's processor"
        } else {
            "wall"
        }
    );
    let net2 = NetEvaluator::from_bytes(include_bytes!("../fixtures/training/net2.tnet"), "net2")
        .expect("net2 loads");
    let measured = [
        ("contact", NetClass::Contact, &exact),
        ("contact-q", NetClass::Contact, &net),
        ("race", NetClass::Race, &net),
        ("net2", NetClass::Contact, &net2),
    ];
    for (name, class, evaluator) in measured.into_iter().filter(|_| !profile_only) {
        let network = evaluator.nets().network(class);
        let contact = class == NetClass::Contact;
        let (boards, batches) = match class {
            NetClass::Contact => (&by_class[0], &batches[0]),
            NetClass::Race => (&by_class[1], &batches[1]),
        };
        let mut inputs = SparseInputs::default();
        let mut scratch = Scratch::default();
        let mut carried = FirstLayerSums::default();
        let mut batch = Batch::default();
        let fast = evaluator.inference_network(class);
        // Per method, the pass times: the training network one at a time and a roll's plays
        // together, pubeval, encoding alone, the evaluator's network one at a time, a roll's
        // plays one after another (first layer carried) and a roll's plays in one batch
        // (first layer carried, the later layers over blocks of positions).
        let mut times: [Vec<Duration>; 7] = Default::default();
        let mut checksum = 0.0f64;
        for pass in 0..=passes {
            let mut timed = [Duration::ZERO; 7];
            let start = Stopwatch::start();
            for board in boards {
                encode(board, Side::O, contact, &mut inputs);
                checksum += f64::from(network.evaluate(&inputs, &mut scratch)[0]);
            }
            timed[0] = start.elapsed();
            let start = Stopwatch::start();
            for batch in batches {
                carried.clear();
                for board in &boards[batch.clone()] {
                    encode(board, Side::O, contact, &mut inputs);
                    checksum +=
                        f64::from(network.evaluate_from(&inputs, &mut carried, &mut scratch)[0]);
                }
            }
            timed[1] = start.elapsed();
            let start = Stopwatch::start();
            for board in boards {
                checksum += Pubeval.probabilities(board, Variant::Standard, Side::O).win;
            }
            timed[2] = start.elapsed();
            let start = Stopwatch::start();
            for board in boards {
                encode(board, Side::O, contact, &mut inputs);
                checksum += f64::from(inputs.iter().count() as u8);
            }
            timed[3] = start.elapsed();
            let start = Stopwatch::start();
            for board in boards {
                encode(board, Side::O, contact, &mut inputs);
                checksum += f64::from(fast.evaluate(&inputs, &mut scratch)[0]);
            }
            timed[4] = start.elapsed();
            let start = Stopwatch::start();
            for batch in batches {
                carried.clear();
                for board in &boards[batch.clone()] {
                    encode(board, Side::O, contact, &mut inputs);
                    checksum +=
                        f64::from(fast.evaluate_from(&inputs, &mut carried, &mut scratch)[0]);
                }
            }
            timed[5] = start.elapsed();
            let start = Stopwatch::start();
            for range in batches {
                batch.clear();
                for board in &boards[range.clone()] {
                    encode(board, Side::O, contact, &mut inputs);
                    fast.add_to_batch(&inputs, &mut batch);
                }
                for outputs in fast.batch_outputs(&mut batch) {
                    checksum += f64::from(outputs[0]);
                }
            }
            timed[6] = start.elapsed();
            if pass > 0 {
                for (all, time) in times.iter_mut().zip(timed) {
                    all.push(time);
                }
            }
        }
        let [single, batched, pubeval, encoding, fast_single, fast_carried, fast_batched] =
            times.map(|samples| per_second(boards.len(), median(samples)));
        println!("{name:8} net {} (checksum {checksum:.1})", network.shape());
        let kernel = fast.kernel();
        for (method, rate) in [
            ("training net, one at a time".to_string(), single),
            ("training net, a roll together".to_string(), batched),
            (format!("{kernel:?} kernel, one at a time"), fast_single),
            (
                format!("{kernel:?} kernel, a roll one by one"),
                fast_carried,
            ),
            (
                format!("{kernel:?} kernel, a roll in a batch"),
                fast_batched,
            ),
        ] {
            println!(
                "{:8}   {method:34} {rate:>10.0} evaluations/s   pubeval {pubeval:>10.0}/s   ratio {:.3}",
                "",
                rate / pubeval
            );
        }
        println!(
            "{:8}   of which encoding the inputs alone: {encoding:>10.0} encodings/s",
            ""
        );
    }
    // The profile of the batched contact evaluation: each stage's time as the difference
    // of passes that run the stages up to it (encoding; carrying the first layer's sums;
    // its activation; then the whole batch, whose extra is the second layer and the
    // outputs over blocks of positions), on the same batches, interleaved.
    {
        let networks = [
            ("exact", exact.inference_network(NetClass::Contact)),
            ("quantised", net.inference_network(NetClass::Contact)),
        ];
        let (boards, batches) = (&by_class[0], &batches[0]);
        let mut inputs = SparseInputs::default();
        let mut batch = Batch::default();
        // The sixth timing is pubeval on the same positions: each stage is also given in
        // pubeval evaluations (its time over pubeval's), comparable between runs.
        let mut times: [[Vec<Duration>; 6]; 2] = Default::default();
        let mut checksum = 0.0f64;
        // The profile's stages are differences of small times: more passes, and the fastest
        // of each (what a stage costs when the other jobs on the machine disturb it least).
        let profile_passes = if quick { 3 } else { 9 };
        for pass in 0..=profile_passes {
            for ((_, fast), times) in networks.iter().zip(&mut times) {
                for (stages, all) in times.iter_mut().enumerate() {
                    let start = Stopwatch::start();
                    if stages == 5 {
                        for board in boards {
                            checksum +=
                                Pubeval.probabilities(board, Variant::Standard, Side::O).win;
                        }
                    }
                    batch.stop_after(match stages {
                        2 => BatchStage::FirstLayer,
                        3 => BatchStage::Activation,
                        _ => BatchStage::Outputs,
                    });
                    for range in batches.iter().filter(|_| stages < 5) {
                        batch.clear();
                        for board in &boards[range.clone()] {
                            // Stage 0: the encoding without the contact features (race-style).
                            encode(board, Side::O, stages > 0, &mut inputs);
                            if stages >= 2 {
                                fast.add_to_batch(&inputs, &mut batch);
                            } else {
                                checksum += f64::from(inputs.values()[0]);
                            }
                        }
                        for outputs in fast.batch_outputs(&mut batch) {
                            checksum += f64::from(outputs[0]);
                        }
                    }
                    if pass > 0 {
                        all.push(start.elapsed());
                    }
                }
            }
        }
        let counts = batch.counts();
        let mut ratios = [0.0; 2];
        for (((name, fast), times), ratio) in networks.iter().zip(&times).zip(&mut ratios) {
            let cumulative = times.clone().map(|samples| {
                samples.iter().min().expect("a pass").as_secs_f64() * 1e9 / boards.len() as f64
            });
            println!(
                "profile of the contact net ({name}), a roll together ({:?} kernel, ns per position, fastest of {profile_passes} passes, checksum {checksum:.1}):",
                fast.kernel()
            );
            let total = cumulative[4];
            let mut before = 0.0;
            for (stage, name) in [
                "encoding without the contact features",
                "the contact features (exposure, pip loss, freedom)",
                "first layer carried (changed rows added, in blocks)",
                "first layer's activation",
                "second layer and outputs, blocks of positions",
            ]
            .iter()
            .enumerate()
            {
                let own = cumulative[stage] - before;
                before = cumulative[stage];
                println!(
                    "           {name:52} {own:>7.0} ns  {:>5.1}%  {:>5.2} pubeval",
                    100.0 * own / total,
                    own / cumulative[5]
                );
            }
            *ratio = cumulative[5] / total;
            println!(
                "           {:52} {total:>7.0} ns  ({:.0} evaluations/s; pubeval {:.0} ns, ratio {:.3})",
                "total",
                1e9 / total,
                cumulative[5],
                cumulative[5] / total
            );
        }
        println!(
            "           quantised over exact, ratio to pubeval: {:.3}",
            ratios[1] / ratios[0]
        );
        println!(
            "           first-layer rows added per position: {:.2} ({:.2} per carried position; {:.1}% of positions summed afresh, {:.1} rows each)",
            counts.rows as f64 / counts.positions as f64,
            (counts.rows - counts.fresh_rows) as f64
                / (counts.positions - counts.fresh_positions) as f64,
            100.0 * counts.fresh_positions as f64 / counts.positions as f64,
            counts.fresh_rows as f64 / counts.fresh_positions as f64
        );
    }
    if profile_only {
        return;
    }
    // A roll's plays ranked through the Evaluator seam (what a search does at every node):
    // plays judged per second, the net beside pubeval, interleaved.
    let state = MatchState::new_money_game(Variant::Standard, Side::X);
    let context = Stakes::from_state(&state);
    let root_plays: Vec<(Board, Vec<tavli::rules::Play>)> = roots
        .iter()
        .take(5000)
        .map(|(board, dice)| (*board, tavli::rules::legal_plays(board, Side::X, *dice)))
        .collect();
    let judged: usize = root_plays.iter().map(|(_, plays)| plays.len()).sum();
    let mut times: [Vec<Duration>; 2] = Default::default();
    for pass in 0..=passes {
        let rankers: [&dyn Evaluator; 2] = [&net, &Pubeval];
        for (all, ranker) in times.iter_mut().zip(rankers) {
            let start = Stopwatch::start();
            let mut best = 0;
            for (board, plays) in &root_plays {
                let ranked = ranker.rank_plays(board, plays, Side::X, &context);
                best += ranked.first().map_or(0, |first| first.index);
            }
            if pass > 0 {
                all.push(start.elapsed());
            }
            assert!(best < judged);
        }
    }
    let [net_rate, pubeval_rate] = times.map(|samples| per_second(judged, median(samples)));
    println!(
        "rank_plays over 5000 roots ({judged} plays, every class): net {net_rate:.0} plays/s, pubeval {pubeval_rate:.0} plays/s, ratio {:.3}",
        net_rate / pubeval_rate
    );
    // Whole 0-ply move choices through the Evaluator seam.
    let mut times = Vec::new();
    for pass in 0..=passes {
        let start = Stopwatch::start();
        let mut chosen = 0;
        for (board, dice) in roots.iter().take(5000) {
            let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
            state.board = *board;
            chosen += usize::from(best_play(&net, &state, *dice).is_some());
        }
        if pass > 0 {
            times.push(start.elapsed());
        }
        assert!(chosen > 0);
    }
    let time = median(times);
    println!(
        "0-ply move choice (net, through the Evaluator seam): {:.1} µs per move over 5000 roots",
        time.as_secs_f64() * 1e6 / 5000.0
    );
    // Move latency at each ply: every 50th root with more than one legal play.
    let sample: Vec<&(Board, Dice)> = roots
        .iter()
        .step_by(50)
        .filter(|(board, dice)| {
            legal_plays_into(board, Side::X, *dice, &mut plays);
            plays.len() > 1
        })
        .take(if quick { 60 } else { 200 })
        .collect();
    // How deep the unlimited 2-ply search goes at each position (1 when the move filter
    // leaves one candidate after 1 ply), and the processor time it takes: on a loaded machine
    // the wall-time budget below mostly measures the others' jobs, this what the search costs.
    // Beside it, interleaved, the same search evaluating each reply's position again at its
    // leaves (one at a time) instead of taking it from the batch that ranked the reply's roll.
    let unlimited = Search::new(&net, 2);
    let one_by_one = LeavesOneByOne(&net);
    let reference = Search::new(&one_by_one, 2);
    let mut processor_times: [Vec<Duration>; 2] = Default::default();
    let depths: Vec<u32> = sample
        .iter()
        .map(|(board, dice)| {
            let state = MatchState::new_money_game(Variant::Standard, Side::X);
            let context = Stakes::from_state(&state);
            let start = Stopwatch::start();
            let plays = tavli::rules::legal_plays(board, Side::X, *dice);
            let theirs = reference.rank_plays(board, &plays, Side::X, &context);
            processor_times[1].push(start.elapsed());
            let start = Stopwatch::start();
            let plays = tavli::rules::legal_plays(board, Side::X, *dice);
            let ranked = unlimited.rank_plays(board, &plays, Side::X, &context);
            processor_times[0].push(start.elapsed());
            assert_eq!(
                ranked.first().map(|r| r.index),
                theirs.first().map(|r| r.index)
            );
            ranked.first().map_or(0, |best| best.plies)
        })
        .collect();
    for (times, leaves) in processor_times
        .iter_mut()
        .zip(["leaves from the batch", "leaves evaluated again one by one"])
    {
        let within = times
            .iter()
            .filter(|&&time| time <= DEFAULT_MOVE_BUDGET)
            .count();
        times.sort();
        println!(
            "2-ply without a budget ({leaves}), this thread's processor time over {} positions: median {:.2} ms, 90th percentile {:.2} ms, slowest {:.2} ms; {within} within {} ms",
            times.len(),
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() * 9 / 10].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3,
            DEFAULT_MOVE_BUDGET.as_millis()
        );
    }
    for threads in [1, 2] {
        let limits = SearchLimits::budget(DEFAULT_MOVE_BUDGET).with_threads(threads);
        let search = Search::new(&net, 2).with_limits(limits);
        let mut full = 0;
        let mut latencies: Vec<Duration> = sample
            .iter()
            .zip(&depths)
            .map(|((board, dice), &depth)| {
                let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
                state.board = *board;
                let context = Stakes::from_state(&state);
                let start = Instant::now();
                let plays = tavli::rules::legal_plays(board, Side::X, *dice);
                let ranked = search.rank_plays(board, &plays, Side::X, &context);
                let elapsed = start.elapsed();
                if ranked.first().is_some_and(|best| best.plies == depth) {
                    full += 1;
                }
                elapsed
            })
            .collect();
        latencies.sort();
        println!(
            "default engine search (2-ply, {} ms budget, {threads} thread(s)) over {} positions: median {:.2} ms, 90th percentile {:.2} ms, slowest {:.2} ms; {full} searched as deep as without a budget",
            DEFAULT_MOVE_BUDGET.as_millis(),
            latencies.len(),
            latencies[latencies.len() / 2].as_secs_f64() * 1e3,
            latencies[latencies.len() * 9 / 10].as_secs_f64() * 1e3,
            latencies[latencies.len() - 1].as_secs_f64() * 1e3
        );
    }
    for plies in 0..=2 {
        let search = Search::new(&net, plies);
        let mut latencies: Vec<Duration> = sample
            .iter()
            .map(|(board, dice)| {
                let mut state = MatchState::new_money_game(Variant::Standard, Side::X);
                state.board = *board;
                let start = Instant::now();
                let play = best_play(&search, &state, *dice);
                let elapsed = start.elapsed();
                assert!(play.is_some());
                elapsed
            })
            .collect();
        latencies.sort();
        println!(
            "move latency at {plies}-ply over {} positions: median {:.2} ms, 90th percentile {:.2} ms, slowest {:.2} ms",
            latencies.len(),
            latencies[latencies.len() / 2].as_secs_f64() * 1e3,
            latencies[latencies.len() * 9 / 10].as_secs_f64() * 1e3,
            latencies[latencies.len() - 1].as_secs_f64() * 1e3
        );
    }
}
