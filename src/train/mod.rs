//! Training tavli's networks from nothing but its own games: the stages of `tavli train`.
//!
//! - [`self_play`]: the game loop shared by the stages (greedy play by the networks, the
//!   exact bear-off database at the end of the race);
//! - [`td`]: the TD(0) self-play bootstrap from random weights;
//! - [`sample`]: positions from self-play, more where the networks disagree with their search;
//! - [`label`]: rollout labels of those positions;
//! - [`fit`]: supervised training on the labels (minibatch Adam, validation loss);
//! - [`order`]: the fit's order term on the siblings of a decision;
//! - [`average`]: the element-wise mean of nets trained from one start;
//! - [`calibrate`]: the output biases moved until the networks' mean predictions match what
//!   happens in their own games;
//! - [`position_type`]: race, early, backgame, crashed, bear-off with contact, priming or
//!   other: the types by which the fits weigh examples and analyses class errors;
//! - [`data`]: the gzip text files that hold positions and labels.
//!
//! The library reports progress through callbacks and never prints; the command line draws
//! the progress bar and writes the files.

pub mod average;
pub mod calibrate;
pub mod data;
pub mod fit;
pub mod label;
pub mod order;
pub mod position_type;
pub mod sample;
pub mod self_play;
pub mod td;
