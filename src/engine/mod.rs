//! The engine backend: an evaluator seam with a baseline evaluator, cube logic, and the two
//! engine protocols (gnubg's external-player socket and UBGI on stdio).

pub mod bearoff;
pub mod bearoff_database;
pub mod choice;
pub mod connection;
pub mod cube;
pub mod evaluator;
pub mod external;
pub mod external_debug;
pub mod external_request;
pub mod kazaross_xg2;
pub mod match_equity;
pub mod net;
pub mod pubeval;
pub mod rollout;
pub mod search;
pub mod server;
pub mod strength;
pub mod ubgi;
pub mod variant_heuristic;

pub use cube::{CubeAnalysis, CubeContext, DoubleAction, TakeAction};
pub use evaluator::{best_play, evaluate, Evaluation, Evaluator, Probabilities};
pub use pubeval::Pubeval;
