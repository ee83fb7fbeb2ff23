//! How a search may spend its time: a budget per play chosen, the threads that share a
//! level's work, and the sharing itself, which stops at the deadline with what is done and
//! pauses while the machine has no core free for a helper.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
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

/// How long a caller may wait at the end of a shared level for its helpers, beyond the
/// longest item it did itself, before the helpers count as lagging: on a free core a helper
/// starts within some 0.1 ms and finishes its last item about when the caller does.
const LAG_ALLOWANCE: Duration = Duration::from_millis(2);

/// The first pause of sharing after a lagging helper; each lag in a row doubles it, up to
/// [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_secs(1);

/// The longest pause of sharing: how long a machine that has freed a core may wait before
/// its searches share their work again.
const LONGEST_PAUSE: Duration = Duration::from_secs(32);

/// Whether levels are shared between threads now. A helper thread is started per level and
/// joined at its end; on a machine with no core free, the scheduler leaves a helper waiting
/// to start or sets it aside mid-item, and the caller, done with its own items, waits for it,
/// past the deadline too (measured in session 35: at load 6, 22% of shared levels waited more
/// than 3 ms, up to 44 ms, half of them for a helper not yet started). So a level whose
/// helpers kept the caller waiting pauses sharing: the searches run on the caller's thread
/// alone for [`FIRST_PAUSE`], doubled for each lag in a row, and then try sharing again.
#[derive(Debug)]
pub(crate) struct Sharing {
    /// Until when sharing is paused (`None`: it is not).
    paused_until: Option<Instant>,
    /// The pause the next lag starts.
    next_pause: Duration,
}

impl Sharing {
    /// Sharing allowed, the next lag pausing it for [`FIRST_PAUSE`].
    pub(crate) const fn new() -> Sharing {
        Sharing {
            paused_until: None,
            next_pause: FIRST_PAUSE,
        }
    }

    /// Whether a level may be shared at `now`.
    pub(crate) fn allowed(&self, now: Instant) -> bool {
        self.paused_until.is_none_or(|until| now >= until)
    }

    /// A shared level ended at `now`: `lagged` says whether its helpers kept the caller
    /// waiting. A lag pauses sharing (each lag in a row for twice as long); a level whose
    /// helpers kept up ends the run of lags.
    pub(crate) fn record(&mut self, now: Instant, lagged: bool) {
        if lagged {
            self.paused_until = Some(now + self.next_pause);
            self.next_pause = (self.next_pause * 2).min(LONGEST_PAUSE);
        } else {
            self.paused_until = None;
            self.next_pause = FIRST_PAUSE;
        }
    }
}

/// The process's sharing state: every search of the process meets the same machine.
static SHARING: Mutex<Sharing> = Mutex::new(Sharing::new());

/// `work` done for items `0..items` by `threads` threads, each taking the next item not
/// taken, so that the items are started in order; each item's value, `None` for those not
/// done when the deadline passed (looked at between items, and by `work` itself, which
/// answers `None` when it saw the deadline pass, so that an item under way stops too). The
/// caller's thread alone does the work while the process's [`Sharing`] is paused; the
/// values do not depend on the threads.
pub(crate) fn share<T: Send>(
    threads: usize,
    items: usize,
    deadline: Option<Instant>,
    work: impl Fn(usize) -> Option<T> + Sync,
) -> Vec<Option<T>> {
    share_under(&SHARING, threads, items, deadline, work)
}

/// [`share`] governed by `sharing`.
fn share_under<T: Send>(
    sharing: &Mutex<Sharing>,
    threads: usize,
    items: usize,
    deadline: Option<Instant>,
    work: impl Fn(usize) -> Option<T> + Sync,
) -> Vec<Option<T>> {
    let next = AtomicUsize::new(0);
    let late = AtomicBool::new(false);
    // Each thread's values and the longest item it did.
    let worker = || {
        let mut done = Vec::new();
        let mut longest = Duration::ZERO;
        loop {
            if late.load(Ordering::Relaxed) {
                break;
            }
            let started = Instant::now();
            if deadline.is_some_and(|deadline| started >= deadline) {
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
            longest = longest.max(started.elapsed());
            done.push((item, value));
        }
        (done, longest)
    };
    let threads = threads.clamp(1, items.max(1));
    let lock = || {
        sharing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let threads = if threads > 1 && lock().allowed(Instant::now()) {
        threads
    } else {
        1
    };
    let done = if threads == 1 {
        worker().0
    } else {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
            let (mut done, longest) = worker();
            let finished = Instant::now();
            for helper in helpers {
                match helper.join() {
                    Ok((theirs, _)) => done.extend(theirs),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            let joined = Instant::now();
            let lagged = joined.duration_since(finished) > longest + LAG_ALLOWANCE;
            lock().record(joined, lagged);
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

    #[test]
    fn a_lag_pauses_sharing_for_twice_as_long_each_time_in_a_row() {
        let start = Instant::now();
        let mut sharing = Sharing::new();
        assert!(sharing.allowed(start));
        let mut now = start;
        for pause in [1, 2, 4, 8, 16, 32, 32] {
            sharing.record(now, true);
            let pause = Duration::from_secs(pause);
            assert!(!sharing.allowed(now + pause - Duration::from_millis(1)));
            now += pause;
            assert!(sharing.allowed(now));
        }
        // A level whose helpers kept up ends the run: the next lag pauses for a second.
        sharing.record(now, false);
        assert!(sharing.allowed(now));
        sharing.record(now, true);
        assert!(sharing.allowed(now + FIRST_PAUSE));
    }

    /// A helper that keeps the caller waiting (its item takes 300 ms, the caller's none)
    /// pauses sharing; while it is paused, the caller's thread does every item alone.
    #[test]
    fn a_lagging_helper_pauses_sharing_and_the_caller_then_works_alone() {
        let sharing = Mutex::new(Sharing::new());
        let caller = std::thread::current().id();
        let helper_started = AtomicBool::new(false);
        let values = share_under(&sharing, 2, 20, None, |item| {
            if std::thread::current().id() == caller {
                // Let the helper take an item first (or give up after five seconds).
                let waiting = Instant::now();
                while !helper_started.load(Ordering::Relaxed)
                    && waiting.elapsed() < Duration::from_secs(5)
                {
                    std::thread::yield_now();
                }
            } else {
                helper_started.store(true, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(300));
            }
            Some(item)
        });
        assert_eq!(values, (0..20).map(Some).collect::<Vec<_>>());
        assert!(helper_started.load(Ordering::Relaxed));
        let now = Instant::now();
        assert!(!sharing.lock().unwrap().allowed(now));
        let threads = Mutex::new(std::collections::HashSet::new());
        let values = share_under(&sharing, 4, 50, None, |item| {
            threads.lock().unwrap().insert(std::thread::current().id());
            Some(item)
        });
        assert_eq!(values, (0..50).map(Some).collect::<Vec<_>>());
        assert_eq!(
            threads
                .into_inner()
                .unwrap()
                .into_iter()
                .collect::<Vec<_>>(),
            [caller]
        );
    }
}
