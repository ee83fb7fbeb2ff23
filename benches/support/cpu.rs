//! CPU time of a bench and of its child processes: the figures a loaded machine does not blur
//! (read by the library's `engine::search::processor_time`, one reader of /proc for the tests
//! and the benches).

/// CPU seconds (user and system) of this process, every thread it has had (Linux; clock
/// ticks of 1/100 s).
#[allow(dead_code)] // Not every bench that includes this file times itself.
pub fn own_cpu() -> f64 {
    tavli::engine::search::processor_time::process_seconds()
}

/// CPU seconds (user and system) of the children this process has waited for (Linux; clock
/// ticks of 1/100 s). Grandchildren waited for by a child (gnubg under `script`) are counted
/// in it.
#[allow(dead_code)]
pub fn children_cpu() -> f64 {
    tavli::engine::search::processor_time::children_seconds()
}
