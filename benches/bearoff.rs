//! Benchmark: the bear-off databases' first answer. Times reading the shipped one-sided table
//! (the first `BearoffDatabase::get` of this process), computing it from scratch (what it was
//! made from); the two-sided table read from its disk cache (or computed and written there
//! when the cache has none), computed from scratch, and its lookups; and, in fresh `tavli`
//! processes, the first bear-off `hint` (twelve checkers a side: the one-sided table; five a
//! side: the two-sided table) beside a contact `hint` of the same run (the ratio is the
//! figure to compare across machines). Checks the answers too.
//!
//! Run: `cargo bench --bench bearoff` (add `-- --quick` for 3 processes of each kind instead
//! of 10).

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tavli::engine::bearoff::two_sided::TwoSidedDatabase;
use tavli::engine::bearoff::BearoffDatabase;

/// A race where both sides bear off, twelve checkers each, and the start position.
const BEAR_OFF: &str = "new game\nset board u9sGAIDttgEAAA\nset turn 1\nset dice 63\nhint\n";
/// Five checkers a side (X: 2 1 0 1 0 1 on points 1-6, O: 1 0 2 0 1 1): the two-sided table.
const SMALL_BEAR_OFF: &str = "new game\nset board mQIAwJIAAAAAAA\nset turn 1\nset dice 63\nhint\n";
const CONTACT: &str = "new game\nset board 4HPwATDgc/ABMA\nset dice 63\nhint\n";

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Wall time of one fresh `tavli` process answering `script`, and its standard output.
fn run(script: &str) -> (Duration, String) {
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tavli"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tavli starts");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(script.as_bytes())
        .expect("tavli reads its script");
    let output = child.wait_with_output().expect("tavli answers");
    (
        started.elapsed(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let processes = if quick { 3 } else { 10 };

    let started = Instant::now();
    let database = BearoffDatabase::get();
    let load = started.elapsed();
    let two_on_six = database.rolls_to_finish([0, 0, 0, 0, 0, 2]).expect("two");
    assert!((two_on_six[1] - 4.0 / 36.0).abs() < 1e-7);
    println!("read the shipped table (first use in this process): {load:.1?}");

    let started = Instant::now();
    let computed = BearoffDatabase::compute();
    let compute = started.elapsed();
    assert_eq!(
        computed.rolls_to_finish([2, 2, 2, 2, 1, 1]),
        database.rolls_to_finish([2, 2, 2, 2, 1, 1])
    );
    println!("compute it from scratch: {compute:.1?}");

    let started = Instant::now();
    let two_sided = TwoSidedDatabase::get();
    let load = started.elapsed();
    let sixes = two_sided
        .entry([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1])
        .expect("one checker each");
    assert!((f64::from(sixes.win) - 0.8125).abs() < 1e-6);
    println!("two-sided table, first use in this process (disk cache, or computed): {load:.1?}");
    let started = Instant::now();
    let computed = TwoSidedDatabase::compute();
    let compute = started.elapsed();
    assert_eq!(
        computed.entry([2, 1, 0, 1, 0, 1], [1, 0, 2, 0, 1, 1]),
        two_sided.entry([2, 1, 0, 1, 0, 1], [1, 0, 2, 0, 1, 1])
    );
    println!("two-sided table computed from scratch: {compute:.1?}");
    // Lookups: every pair of a spread of positions, from home counts.
    let positions: Vec<[u8; 6]> = (0..6u8)
        .flat_map(|a| (0..4u8).map(move |b| [a % 3, b, a / 3, b % 2, 1, 0]))
        .filter(|counts| counts.iter().sum::<u8>() <= 6)
        .collect();
    let started = Instant::now();
    let mut lookups = 0u64;
    let mut sum = 0.0f64;
    while started.elapsed() < Duration::from_millis(300) {
        for &mine in &positions {
            for &theirs in &positions {
                let entry = two_sided.entry(mine, theirs).expect("six checkers");
                sum += f64::from(entry.win) + entry.centred();
                lookups += 1;
            }
        }
    }
    let per_lookup = started.elapsed().as_secs_f64() / lookups as f64;
    assert!(sum.is_finite());
    println!(
        "two-sided lookup (win and centred cube, from home counts): {:.0} ns, {:.1} M/s",
        per_lookup * 1e9,
        1e-6 / per_lookup
    );

    let mut bear_off = Vec::new();
    let mut small_bear_off = Vec::new();
    let mut contact = Vec::new();
    for _ in 0..processes {
        let (time, answer) = run(BEAR_OFF);
        assert!(answer.contains("6/off"), "{answer}");
        bear_off.push(time);
        let (time, answer) = run(SMALL_BEAR_OFF);
        assert!(answer.contains("/off"), "{answer}");
        small_bear_off.push(time);
        let (time, answer) = run(CONTACT);
        assert!(answer.contains("24/18"), "{answer}");
        contact.push(time);
    }
    let (bear_off, small_bear_off, contact) =
        (median(bear_off), median(small_bear_off), median(contact));
    println!(
        "fresh process, first hint (median of {processes}): bear-off {bear_off:.1?}, \
         small bear-off (two-sided table, from the disk cache) {small_bear_off:.1?}, \
         contact {contact:.1?}, ratios {:.2} and {:.2}",
        bear_off.as_secs_f64() / contact.as_secs_f64(),
        small_bear_off.as_secs_f64() / contact.as_secs_f64()
    );
}
