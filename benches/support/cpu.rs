//! CPU time of a bench's child processes: the figure a loaded machine does not blur.

/// CPU seconds (user and system) of the children this process has waited for, from
/// /proc/self/stat (Linux; clock ticks of 1/100 s). Grandchildren waited for by a child
/// (gnubg under `script`) are counted in it.
pub fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |index: usize| fields.get(index).and_then(|f| f.parse::<f64>().ok());
    // cutime and cstime are fields 16 and 17 of the line, 14 and 15 after the name.
    ticks(13).unwrap_or(0.0) / 100.0 + ticks(14).unwrap_or(0.0) / 100.0
}
