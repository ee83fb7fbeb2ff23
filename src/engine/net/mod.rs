//! tavli's own neural-network evaluator: networks trained by tavli from its own games (see
//! [`crate::train`]), one per position class, with the exact bear-off database where both
//! sides are bearing off.
//!
//! - [`inputs`]: what a network sees of a position;
//! - [`network`]: the network itself (evaluation and one training step);
//! - [`weights_file`]: the `.tnet` weight-file format;
//! - [`evaluator`]: the [`crate::engine::Evaluator`] built on them.

pub mod evaluator;
pub mod inputs;
pub mod network;
pub mod weights_file;

pub use evaluator::{LoadError, NetEvaluator, PositionClass};
pub use network::{Batch, InferenceNetwork, Kernel, Network, Scratch, OUTPUTS};
pub use weights_file::{NetClass, NetSet, WeightsError};
