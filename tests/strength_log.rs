//! The strength bench's reading of gnubg's output (`benches/support/strength_log.rs`): its
//! unit tests, run here because benches without the test harness run none.

#[path = "../benches/support/strength_log.rs"]
mod log;
