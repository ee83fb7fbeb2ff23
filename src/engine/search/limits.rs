//! How a search may spend its time: a budget per play chosen, the threads that share a
//! level's work, and the sharing itself, which stops at the deadline with what is done.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How a search may spend its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Time per play chosen after which the deepening stops, the last complete level
    /// deciding (`None`: no limit).
    pub budget: Option<Duration>,
    /// Threads that share a level's work (1: the caller's thread alone).
    pub threads: usize,
}

impl SearchLimits {
    /// No time limit, one thread.
    pub const UNLIMITED: SearchLimits = SearchLimits {
        budget: None,
        threads: 1,
    };

    /// `budget` per play chosen, one thread.
    #[must_use]
    pub fn budget(budget: Duration) -> SearchLimits {
        SearchLimits {
            budget: Some(budget),
            threads: 1,
        }
    }

    /// When a question asked now must be answered by (`None`: no budget).
    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.budget.map(|budget| Instant::now() + budget)
    }

    /// The same limits on `threads` threads (at least one).
    #[must_use]
    pub fn with_threads(self, threads: usize) -> SearchLimits {
        SearchLimits {
            threads: threads.max(1),
            ..self
        }
    }
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits::UNLIMITED
    }
}

/// `work` done for items `0..items` by `threads` threads, each taking the next item not
/// taken, so that the items are started in order; each item's value, `None` for those not
/// done when the deadline passed (looked at between items, and by `work` itself, which
/// answers `None` when it saw the deadline pass, so that an item under way stops too).
pub(crate) fn share<T: Send>(
    threads: usize,
    items: usize,
    deadline: Option<Instant>,
    work: impl Fn(usize) -> Option<T> + Sync,
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let late = AtomicBool::new(false);
    let worker = || {
        let mut done = Vec::new();
        loop {
            if late.load(Ordering::Relaxed) {
                break;
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                late.store(true, Ordering::Relaxed);
                break;
            }
            let item = next.fetch_add(1, Ordering::Relaxed);
            if item >= items {
                break;
            }
            let Some(value) = work(item) else {
                late.store(true, Ordering::Relaxed);
                break;
            };
            done.push((item, value));
        }
        done
    };
    let threads = threads.clamp(1, items.max(1));
    let done = if threads == 1 {
        worker()
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let mut done = worker();
            for helper in helpers {
                match helper.join() {
                    Ok(theirs) => done.extend(theirs),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            done
        })
    };
    let mut values: Vec<Option<T>> = (0..items).map(|_| None).collect();
    for (item, value) in done {
        values[item] = Some(value);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_is_done_once_in_order_whatever_the_threads() {
        for threads in [1, 2, 5] {
            let values = share(threads, 50, None, |item| Some(item * 3));
            assert_eq!(
                values,
                (0..50).map(|item| Some(item * 3)).collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn a_passed_deadline_does_nothing_and_an_item_that_gives_up_stops_the_rest() {
        let values = share(1, 10, Some(Instant::now()), Some);
        assert!(values.iter().all(Option::is_none));
        let values = share(1, 10, None, |item| (item < 4).then_some(item));
        assert_eq!(&values[..4], &[Some(0), Some(1), Some(2), Some(3)]);
        assert!(values[4..].iter().all(Option::is_none));
    }
}
