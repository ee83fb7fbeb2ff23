//! Training tavli's networks from nothing but its own games: the stages of `tavli train`.
//!
//! - [`self_play`]: the game loop shared by the stages (greedy play by the networks, the
//!   exact bear-off database at the end of the race);
//! - [`td`]: the TD(0) self-play bootstrap from random weights.
//!
//! The library reports progress through callbacks and never prints; the command line draws
//! the progress bar and writes the checkpoints.

pub mod self_play;
pub mod td;
