//! Throughput measurement of validation: files per second and megabytes per second.

use super::{validate_bytes, Verdict};
use std::time::{Duration, Instant};

/// What a benchmark run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchFigures {
    /// Files validated (files × iterations).
    pub files: usize,
    /// Bytes validated.
    pub bytes: usize,
    /// Wall time.
    pub elapsed: Duration,
    /// Files with verdict `invalid` in one iteration.
    pub invalid: usize,
}

impl BenchFigures {
    /// Files per second.
    #[must_use]
    pub fn files_per_second(&self) -> f64 {
        self.files as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Megabytes (10^6 bytes) per second.
    #[must_use]
    pub fn megabytes_per_second(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Validates every `(name, bytes)` file `iterations` times on `threads` threads.
#[must_use]
pub fn bench(files: &[(String, Vec<u8>)], iterations: usize, threads: usize) -> BenchFigures {
    let total = files.len() * iterations;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if index >= total {
                    break;
                }
                if let Some((name, bytes)) = files.get(index % files.len().max(1)) {
                    let _ = validate_bytes(name, bytes, None);
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let invalid = files
        .iter()
        .filter(|(name, bytes)| validate_bytes(name, bytes, None).verdict == Verdict::Invalid)
        .count();
    BenchFigures {
        files: total,
        bytes: files.iter().map(|(_, b)| b.len()).sum::<usize>() * iterations,
        elapsed,
        invalid,
    }
}
