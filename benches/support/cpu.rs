//! CPU time of a bench and of its child processes: the figures a loaded machine does not blur.

/// The fields of /proc/self/stat after the command name.
fn stat_fields() -> Vec<String> {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The command name is in parentheses and may hold spaces.
    stat.rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// CPU seconds (user and system) of this process, every thread it has had (Linux; clock
/// ticks of 1/100 s).
#[allow(dead_code)] // Not every bench that includes this file times itself.
pub fn own_cpu() -> f64 {
    let fields = stat_fields();
    let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<f64>().ok());
    // utime and stime are fields 14 and 15 of the line, 11 and 12 after the name.
    ticks(11).unwrap_or(0.0) / 100.0 + ticks(12).unwrap_or(0.0) / 100.0
}

/// CPU seconds (user and system) of the children this process has waited for, from
/// /proc/self/stat (Linux; clock ticks of 1/100 s). Grandchildren waited for by a child
/// (gnubg under `script`) are counted in it.
#[allow(dead_code)]
pub fn children_cpu() -> f64 {
    let fields = stat_fields();
    let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<f64>().ok());
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name.
    ticks(13).unwrap_or(0.0) / 100.0 + ticks(14).unwrap_or(0.0) / 100.0
}
