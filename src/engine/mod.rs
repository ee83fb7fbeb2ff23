//! The evaluation core: the evaluator seam with its evaluators (networks, pubeval, the
//! variants' heuristic, the bear-off database), search, cube and match-equity arithmetic, and the
//! judge that answers every decision of a game ([`judge::Judge`]). The front ends that ask it
//! (the REPL, and the wire protocols in [`crate::wire`]) live outside it; nothing here imports
//! them.

pub mod bearoff;
pub mod choice;
pub mod cube;
pub mod cube_efficiency;
pub mod cubeful_search;
pub mod evaluator;
pub mod judge;
pub mod kazaross_xg2;
pub mod match_cube;
pub mod match_equity;
pub mod money_cube;
pub mod net;
pub mod probabilities;
pub mod pubeval;
pub mod resignation;
pub mod rollout;
pub mod search;
pub mod strength;
#[cfg(test)]
mod take_points;
pub mod variant_heuristic;

pub use cube::{CubeAnalysis, DoubleAction, Stakes, TakeAction};
pub use evaluator::Evaluator;
pub use judge::{best_play, CubeDecision, Evaluation, Judge, PlayEvaluation};
pub use probabilities::Probabilities;
pub use pubeval::Pubeval;
