//! Processor time read from Linux's /proc (0 elsewhere): the figures a loaded machine does not
//! blur, for the tests and benches that time the search (one reader of the stat lines).

/// The fields of a /proc stat line after the command name (in parentheses, and it may hold
/// spaces); none when the file cannot be read.
fn stat_fields(path: &str) -> Vec<String> {
    let stat = std::fs::read_to_string(path).unwrap_or_default();
    stat.rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The sum of two fields counted after the command name, clock ticks of 1/100 s, in seconds.
fn seconds(path: &str, first: usize) -> f64 {
    let fields = stat_fields(path);
    let ticks = |index: usize| {
        fields
            .get(index)
            .and_then(|field| field.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(first) + ticks(first + 1)) / 100.0
}

/// Processor seconds (user and system) of the calling thread.
#[must_use]
pub fn thread_seconds() -> f64 {
    // utime and stime are fields 14 and 15 of the line, 11 and 12 after the name.
    seconds("/proc/thread-self/stat", 11)
}

/// Processor seconds (user and system) of this process, every thread it has had.
#[must_use]
pub fn process_seconds() -> f64 {
    seconds("/proc/self/stat", 11)
}

/// Processor seconds (user and system) of the children this process has waited for
/// (grandchildren waited for by a child are counted in it).
#[must_use]
pub fn children_seconds() -> f64 {
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name.
    seconds("/proc/self/stat", 13)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spinning_takes_processor_time_of_the_thread_and_the_process() {
        let (thread, process) = (thread_seconds(), process_seconds());
        let started = std::time::Instant::now();
        let mut sum = 0_u64;
        while started.elapsed() < std::time::Duration::from_millis(200) {
            sum = std::hint::black_box(sum.wrapping_add(1));
        }
        if cfg!(target_os = "linux") {
            assert!(thread_seconds() > thread, "{thread}");
            assert!(process_seconds() >= process + (thread_seconds() - thread));
        }
        assert!(children_seconds() >= 0.0);
    }
}
