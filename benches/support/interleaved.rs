//! Timing two pieces of code against each other on a shared machine: a stopwatch of this
//! thread's processor time, and rounds that run both alternately (each round a fresh pair,
//! the order swapped every round, a warm-up round first) so that their ratio is taken from
//! times measured moments apart, and its median over the rounds.

use std::time::{Duration, Instant};

/// A timer of this thread's processor time (Linux's `/proc/thread-self/schedstat`, the
/// nanoseconds it ran), or of wall time where that cannot be read: on a machine shared by many
/// jobs the processor time is what the code cost, the wall time mostly what the others took.
pub struct Stopwatch {
    wall: Instant,
    processor: Option<u64>,
}

/// This thread's processor time so far, in nanoseconds (Linux), or `None`.
pub fn processor_nanoseconds() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

impl Stopwatch {
    /// A stopwatch started now.
    pub fn start() -> Stopwatch {
        Stopwatch {
            wall: Instant::now(),
            processor: processor_nanoseconds(),
        }
    }

    /// The time since [`Stopwatch::start`].
    pub fn elapsed(&self) -> Duration {
        match (self.processor, processor_nanoseconds()) {
            (Some(start), Some(now)) => Duration::from_nanos(now.saturating_sub(start)),
            _ => self.wall.elapsed(),
        }
    }
}

/// The middle sample (the upper of the two middle ones for an even count).
pub fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Per round, the times of the two pieces of code timed by [`interleaved`].
pub struct Rounds {
    pub first: Vec<Duration>,
    pub second: Vec<Duration>,
}

impl Rounds {
    /// Per round, the second's time over the first's (the first's speed as a multiple of the
    /// second's), in increasing order.
    pub fn ratios(&self) -> Vec<f64> {
        let mut ratios: Vec<f64> = self
            .first
            .iter()
            .zip(&self.second)
            .map(|(first, second)| second.as_secs_f64() / first.as_secs_f64())
            .collect();
        ratios.sort_by(f64::total_cmp);
        ratios
    }

    /// The median of [`Rounds::ratios`], and the ratios a quarter and three quarters up.
    pub fn ratio_quartiles(&self) -> [f64; 3] {
        let ratios = self.ratios();
        let at = |share: usize| ratios[(ratios.len() - 1) * share / 4];
        [at(1), at(2), at(3)]
    }
}

/// `rounds` rounds of `first` and `second` each run once, after one untimed round (the
/// first use of a table or of the caches); `first` goes first in even rounds, `second` in
/// odd ones, so that neither always follows the other (what one leaves in the caches, or a
/// change of the processor's clock, falls on both alike).
pub fn interleaved(rounds: usize, mut first: impl FnMut(), mut second: impl FnMut()) -> Rounds {
    let mut times = Rounds {
        first: Vec::with_capacity(rounds),
        second: Vec::with_capacity(rounds),
    };
    first();
    second();
    for round in 0..rounds {
        let time = |run: &mut dyn FnMut()| {
            let start = Stopwatch::start();
            run();
            start.elapsed()
        };
        if round % 2 == 0 {
            times.first.push(time(&mut first));
            times.second.push(time(&mut second));
        } else {
            times.second.push(time(&mut second));
            times.first.push(time(&mut first));
        }
    }
    times
}
