//! Where the default move search's time goes (issue 30: "speed is strength"), in processor
//! time, so that the machine's load does not blur it: on fixed real positions (the bot-play
//! set, X on roll, money, cube off: the move choice `tavli external` makes with the cube off,
//! [`Search::rank_plays`]), each searched without a budget to 0, 1 and 2 plies (gnubg's
//! counting; UBGI's depths 1, 2 and 3), one thread. Printed:
//!
//! - per depth, the share of moves whose search to that depth took at most the default's 50 ms
//!   of this thread's processor time (what a quiet core completes within the budget), and at
//!   most 10 and 20 ms (what a loaded machine leaves the search of its 50 ms of wall time),
//!   and the time of each level alone (the search to that depth less the one before);
//! - for the 2-ply searches, the processor time in the evaluator (every call through the
//!   [`Evaluator`] seam, timed by a wrapper), in move generation (the legal plays of every
//!   position the search ranked, generated again for all 21 rolls afterwards: each such
//!   position is ranked once per roll), and the rest (the search's own work: lists, sums,
//!   allocation); positions evaluated and evaluations per second of search.
//!
//! Run: `cargo bench --bench search_profile -- [POSITIONS]` (default 300, every 97th line of
//! the set with more than one legal play). `TAVLI_PROFILE_PLAYS=FILE` writes the answers (per
//! position, the play chosen at 0, 1 and 2 plies and its score to the last bit); `-- --compare
//! FILE` counts the positions whose answers differ from such a file's (a faster search must
//! answer the same).

use std::cell::Cell;
use std::time::{Duration, Instant};
use tavli::codec::position_id;
use tavli::engine::choice::DEFAULT_MOVE_BUDGET;
use tavli::engine::evaluator::{Probabilities, RankedIndex};
use tavli::engine::net::NetEvaluator;
use tavli::engine::search::Search;
use tavli::engine::{Evaluator, Stakes};
use tavli::rules::{legal_plays, Board, Dice, MatchState, Play, Side, Variant};

thread_local! {
    /// Processor time spent in the evaluator, positions it evaluated, and the positions whose
    /// plays it ranked for one roll (their boards and movers).
    static IN_EVALUATOR: Cell<Duration> = const { Cell::new(Duration::ZERO) };
    static EVALUATED: Cell<u64> = const { Cell::new(0) };
    static RANKED_AT: std::cell::RefCell<Vec<(Board, Side)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// `clock_gettime`'s time value (Linux on 64-bit processors).
#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
}

/// Linux's clock of the calling thread's processor time.
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

/// This thread's processor time, to the nanosecond (`/proc`'s figures advance by the
/// scheduler's tick, too coarse for one call), or zero where it cannot be read.
fn thread_time() -> Duration {
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid, writable `timespec` for the call's duration.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(time.seconds as u64, time.nanoseconds as u32)
}

/// The network evaluator with every call timed in this thread's processor time.
struct Timed<'a>(&'a NetEvaluator);

fn timed<T>(positions: usize, work: impl FnOnce() -> T) -> T {
    let started = thread_time();
    let value = work();
    IN_EVALUATOR.with(|total| total.set(total.get() + (thread_time() - started)));
    EVALUATED.with(|count| count.set(count.get() + positions as u64));
    value
}

impl Evaluator for Timed<'_> {
    fn name(&self) -> &str {
        "timed net"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        timed(1, || self.0.probabilities(board, variant, on_roll))
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        timed(1, || self.0.play_score(before, after, mover, context))
    }

    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<RankedIndex> {
        timed(plays.len(), || {
            self.0.rank_plays(before, plays, mover, context)
        })
    }

    fn score_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<(f64, Option<Probabilities>)> {
        timed(plays.len(), || {
            self.0.score_plays(before, plays, mover, context)
        })
    }

    fn best_of_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Option<(usize, Option<Probabilities>)> {
        RANKED_AT.with(|ranked| ranked.borrow_mut().push((*before, mover)));
        timed(plays.len(), || {
            self.0.best_of_plays(before, plays, mover, context)
        })
    }
}

/// The bench's positions: every 97th line of the bot-play set with more than one legal play.
fn positions(count: usize) -> Vec<(Board, Dice)> {
    let text = include_str!("../fixtures/bench/positions-botplay.txt");
    text.lines()
        .step_by(97)
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let board = position_id::decode(words.next()?, Side::X, Variant::Standard).ok()?;
            let mut die = || words.next().and_then(|word| word.parse::<u8>().ok());
            let dice = Dice::new(die()?, die()?).ok()?;
            (legal_plays(&board, Side::X, dice).len() > 1).then_some((board, dice))
        })
        .take(count)
        .collect()
}

fn milliseconds(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn main() {
    let count = std::env::args()
        .skip(1)
        .find_map(|argument| argument.parse().ok())
        .unwrap_or(300_usize);
    let positions = positions(count);
    let net = NetEvaluator::embedded();
    let evaluator = Timed(&net);
    let context = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
    // Warm up (tables, caches).
    for (board, dice) in positions.iter().take(5) {
        let plays = legal_plays(board, Side::X, *dice);
        let _ = Search::new(&evaluator, 2).rank_plays(board, &plays, Side::X, &context);
    }
    let mut cumulative: [Vec<Duration>; 3] = Default::default();
    let mut chosen: Vec<String> = Vec::new();
    let (mut in_evaluator, mut evaluated, mut in_search) = (Duration::ZERO, 0_u64, Duration::ZERO);
    let mut ranked_at: Vec<(Board, Side)> = Vec::new();
    // Positions a 2-ply search ranked the rolls of more than once (a dance leaves the
    // position as it was for every roll that dances).
    let mut repeated = 0;
    let started = Instant::now();
    for (board, dice) in &positions {
        let mut choice = String::new();
        for plies in 0..=2 {
            IN_EVALUATOR.with(|total| total.set(Duration::ZERO));
            EVALUATED.with(|count| count.set(0));
            RANKED_AT.with(|ranked| ranked.borrow_mut().clear());
            let search = Search::new(&evaluator, plies);
            let before = thread_time();
            let plays = legal_plays(board, Side::X, *dice);
            let ranked = search.rank_plays(board, &plays, Side::X, &context);
            let spent = thread_time() - before;
            cumulative[plies as usize].push(spent);
            choice.push_str(&format!("{}:{:?} ", ranked[0].index, ranked[0].score));
            if plies == 2 {
                in_search += spent;
                in_evaluator += IN_EVALUATOR.with(Cell::get);
                evaluated += EVALUATED.with(Cell::get);
                RANKED_AT.with(|ranked| {
                    let ranked = &mut *ranked.borrow_mut();
                    let distinct: std::collections::HashSet<&(Board, Side)> =
                        ranked.iter().collect();
                    repeated += ranked.len() / Dice::all_rolls().len() - distinct.len();
                    ranked_at.append(ranked);
                });
            }
        }
        chosen.push(choice);
    }
    let elapsed = started.elapsed();
    // Move generation of every ranked position, for each of the 21 rolls (each position is
    // ranked once per roll by the search), so its sum over the rolls divided by 21 is the
    // search's own.
    let rolls = Dice::all_rolls();
    let before = thread_time();
    let mut generated = 0_usize;
    for (board, mover) in &ranked_at {
        for &dice in &rolls {
            generated += std::hint::black_box(legal_plays(board, *mover, dice)).len();
        }
    }
    let in_generation = (thread_time() - before) / rolls.len() as u32;
    println!(
        "{} positions (every 97th of fixtures/bench/positions-botplay.txt with more than one play), searched without a budget, one thread, in {:.0} s; load average {}",
        positions.len(),
        elapsed.as_secs_f64(),
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
    let budget = DEFAULT_MOVE_BUDGET;
    for plies in 0..=2 {
        let within = |budget: Duration| {
            let count = cumulative[plies]
                .iter()
                .filter(|time| **time <= budget)
                .count();
            format!(
                "{count} ({:.1}%) within {} ms",
                100.0 * count as f64 / positions.len() as f64,
                budget.as_millis()
            )
        };
        let mut level: Vec<Duration> = cumulative[plies]
            .iter()
            .zip(if plies == 0 {
                vec![Duration::ZERO; positions.len()]
            } else {
                cumulative[plies - 1].clone()
            })
            .map(|(deeper, shallower)| deeper.saturating_sub(shallower))
            .collect();
        let mean = level.iter().sum::<Duration>() / level.len() as u32;
        level.sort();
        println!(
            "{plies}-ply (UBGI depth {}) of {} moves: {}, {}, {} of processor time; level {plies} alone: mean {:.2} ms, median {:.2} ms, 90th percentile {:.2} ms",
            plies + 1,
            positions.len(),
            within(budget / 5),
            within(budget * 2 / 5),
            within(budget),
            milliseconds(mean),
            milliseconds(level[level.len() / 2]),
            milliseconds(level[level.len() * 9 / 10]),
        );
    }
    let share = |part: Duration| 100.0 * part.as_secs_f64() / in_search.as_secs_f64();
    let rest = in_search.saturating_sub(in_evaluator + in_generation);
    println!(
        "2-ply searches: {:.1} s of processor time; evaluator {:.1}%, move generation {:.1}% ({} rankings, {:.1} plays each), the rest {:.1}%; {evaluated} positions evaluated, {:.0} a second of search ({:.0} a second in the evaluator)",
        in_search.as_secs_f64(),
        share(in_evaluator),
        share(in_generation),
        ranked_at.len(),
        generated as f64 / (ranked_at.len() * rolls.len()).max(1) as f64,
        share(rest),
        evaluated as f64 / in_search.as_secs_f64(),
        evaluated as f64 / in_evaluator.as_secs_f64(),
    );
    println!(
        "positions whose 21 rolls a 2-ply search ranked again (the same board and player on roll): {repeated} of {} ({:.1}%)",
        ranked_at.len() / rolls.len(),
        100.0 * repeated as f64 / (ranked_at.len() / rolls.len()) as f64
    );
    let record: String = chosen
        .iter()
        .map(|choice| format!("{}\n", choice.trim_end()))
        .collect();
    if let Ok(path) = std::env::var("TAVLI_PROFILE_PLAYS") {
        std::fs::write(&path, &record).expect("write the plays");
    }
    if let Some(path) = std::env::args()
        .skip_while(|argument| argument != "--compare")
        .nth(1)
    {
        let theirs = std::fs::read_to_string(&path).expect("a file of plays");
        let differ = record
            .lines()
            .zip(theirs.lines())
            .filter(|(mine, theirs)| mine != theirs)
            .count();
        println!(
            "plays chosen different from {path}: {differ} of {}",
            positions.len()
        );
    }
}
