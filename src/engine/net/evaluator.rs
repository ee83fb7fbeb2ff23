//! The network evaluator: the class of a position picks how it is judged (the game is over,
//! both sides bearing off, a race, or contact), and candidate plays are judged in one batch
//! with working memory that is reused, so that evaluating allocates nothing: each play's
//! network sums are carried from the play before (`InferenceNetwork::evaluate_from`). The
//! networks evaluated are [`InferenceNetwork`]s made from the weights when they are loaded
//! (SIMD kernels); the f32 [`crate::engine::net::Network`]s stay in [`NetEvaluator::nets`]
//! for training.

use crate::engine::bearoff;
use crate::engine::cube::Stakes;
use crate::engine::evaluator::{
    best_scored, score_each, sort_ranking, Evaluator, Probabilities, RankedIndex,
};
use crate::engine::net::inputs::{self, SparseInputs};
use crate::engine::net::network::{Batch, InferenceNetwork, Scratch, OUTPUTS};
use crate::engine::net::weights_file::{self, NetClass, NetSet, WeightsError};
use crate::engine::variant_heuristic::VariantHeuristic;
use crate::rules::{Board, Play, Side, Variant};
use crate::rules::{GameResult, RuleSet, WinKind};
use std::cell::RefCell;
use std::fmt;
use std::path::Path;

/// The weights built into the binary (trained by `tavli train`).
static EMBEDDED_WEIGHTS: &[u8] = include_bytes!("weights/tavli.tnet");

/// How a position is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionClass {
    /// A side has borne off every checker.
    Over,
    /// No contact and every checker of both sides on their home points: the exact database.
    BearOff,
    /// No contact, not both bearing off: the race network.
    Race,
    /// The sides can still hit each other: the contact network.
    Contact,
}

impl PositionClass {
    /// The class of `board`.
    #[must_use]
    pub fn of(board: &Board) -> PositionClass {
        if Side::BOTH
            .iter()
            .any(|&side| board.checkers_in_play(side) == 0)
        {
            PositionClass::Over
        } else if board.in_contact() {
            PositionClass::Contact
        } else if Side::BOTH
            .iter()
            .all(|&side| bearoff::home_counts(board, side).is_some())
        {
            PositionClass::BearOff
        } else {
            PositionClass::Race
        }
    }

    /// The network class that judges positions of this class, if any.
    #[must_use]
    pub fn network(self) -> Option<NetClass> {
        match self {
            PositionClass::Contact => Some(NetClass::Contact),
            PositionClass::Race => Some(NetClass::Race),
            PositionClass::Over | PositionClass::BearOff => None,
        }
    }
}

/// Why weights could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The file is not usable.
    Weights(WeightsError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(error) => write!(f, "cannot read the weight file: {error}"),
            LoadError::Weights(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// The exact probabilities of a finished game for `viewer`.
#[must_use]
pub fn finished(result: GameResult, viewer: Side) -> Probabilities {
    match result {
        GameResult::Win { winner, kind } => {
            let gammon = if kind == WinKind::Single { 0.0 } else { 1.0 };
            let backgammon = if kind == WinKind::Backgammon {
                1.0
            } else {
                0.0
            };
            let won = Probabilities {
                win: 1.0,
                win_gammon: gammon,
                win_backgammon: backgammon,
                lose_gammon: 0.0,
                lose_backgammon: 0.0,
            };
            won.seen_by(winner, viewer)
        }
        GameResult::Draw => Probabilities {
            win: 0.5,
            win_gammon: 0.0,
            win_backgammon: 0.0,
            lose_gammon: 0.0,
            lose_backgammon: 0.0,
        },
    }
}

/// The probabilities a network's `outputs` give `on_roll` on `board`, without the figures of
/// results that can no longer happen there (a network may give a gammon against a side that
/// has borne off).
pub(crate) fn possible_outputs(
    outputs: [f32; OUTPUTS],
    board: &Board,
    variant: Variant,
    on_roll: Side,
) -> Probabilities {
    let rules = RuleSet::new(variant);
    from_outputs(outputs).within_reach(
        rules.largest_reachable_win(board, on_roll),
        rules.largest_reachable_win(board, on_roll.opponent()),
    )
}

/// The probabilities of a network's outputs.
fn from_outputs(outputs: [f32; OUTPUTS]) -> Probabilities {
    Probabilities::from(outputs.map(f64::from)).normalised()
}

thread_local! {
    static WORK: RefCell<(SparseInputs, Scratch)> = RefCell::new(Default::default());
    /// A ranking's working memory: a batch per network class (contact, race), and which
    /// batch each play went to (none: judged without a network).
    static BATCH: RefCell<(SparseInputs, [Batch; 2], Vec<Option<usize>>)> =
        RefCell::new(Default::default());
}

/// tavli's network evaluator.
#[derive(Clone, Debug)]
pub struct NetEvaluator {
    nets: NetSet,
    /// The contact and race networks laid out for evaluation.
    inference: [InferenceNetwork; 2],
    name: String,
}

impl NetEvaluator {
    /// The networks built into the binary.
    ///
    /// # Panics
    /// Never for a build whose tests pass: the embedded file is checked by a test.
    #[must_use]
    pub fn embedded() -> NetEvaluator {
        let nets = weights_file::read(EMBEDDED_WEIGHTS).expect("the embedded weights are valid");
        NetEvaluator::new(nets, "tavli-net".to_string())
    }

    /// Networks from a weight file's bytes.
    ///
    /// # Errors
    /// A damaged or foreign file.
    pub fn from_bytes(bytes: &[u8], name: &str) -> Result<NetEvaluator, WeightsError> {
        Ok(NetEvaluator::new(
            weights_file::read(bytes)?,
            name.to_string(),
        ))
    }

    /// Networks from a weight file (`--weights PATH`).
    ///
    /// # Errors
    /// The file cannot be read or is not a usable weight file.
    pub fn from_file(path: &Path) -> Result<NetEvaluator, LoadError> {
        let bytes = std::fs::read(path).map_err(LoadError::Io)?;
        let name = format!("tavli-net ({})", path.display());
        NetEvaluator::from_bytes(&bytes, &name).map_err(LoadError::Weights)
    }

    /// An evaluator over `nets`, as every front end uses it: the contact network's second
    /// hidden layer runs quantised (`InferenceNetwork::quantized`: 16-bit weights and
    /// activations summed exactly in 32-bit integers, within 1e-3 of the f32 networks and a tie
    /// with them in play, docs/evaluator.md), everything else in f32.
    #[must_use]
    pub fn new(nets: NetSet, name: String) -> NetEvaluator {
        let inference = [NetClass::Contact, NetClass::Race]
            .map(|class| InferenceNetwork::quantized(nets.network(class)));
        NetEvaluator {
            nets,
            inference,
            name,
        }
    }

    /// An evaluator over `nets` that runs every layer in f32 (`InferenceNetwork::new`): the
    /// training networks' outputs up to rounding, the baseline the quantised default is
    /// measured against (tests, `cargo bench --bench evaluator`).
    #[must_use]
    pub fn exact(nets: NetSet, name: String) -> NetEvaluator {
        let inference = [NetClass::Contact, NetClass::Race]
            .map(|class| InferenceNetwork::new(nets.network(class)));
        NetEvaluator {
            nets,
            inference,
            name,
        }
    }

    /// The networks (f32, as trained).
    #[must_use]
    pub fn nets(&self) -> &NetSet {
        &self.nets
    }

    /// The network of `class` as the evaluator runs it.
    #[must_use]
    pub fn inference_network(&self, class: NetClass) -> &InferenceNetwork {
        &self.inference[usize::from(class == NetClass::Race)]
    }

    /// Cubeless probabilities for `on_roll` on the standard geometry (gnubg's variations).
    #[must_use]
    pub fn standard_probabilities(
        &self,
        board: &Board,
        variant: Variant,
        on_roll: Side,
    ) -> Probabilities {
        let class = PositionClass::of(board);
        match class {
            PositionClass::Over => {
                let result = RuleSet::new(variant)
                    .result(board)
                    .expect("a side has borne off every checker");
                finished(result, on_roll)
            }
            PositionClass::BearOff => bearoff::probabilities(board, on_roll, variant.checkers())
                .expect("both sides are on their home points"),
            PositionClass::Race | PositionClass::Contact => WORK.with(|work| {
                let (inputs, scratch) = &mut *work.borrow_mut();
                inputs::encode(board, on_roll, class == PositionClass::Contact, inputs);
                let net = self.inference_network(class.network().expect("a network class"));
                possible_outputs(net.evaluate(inputs, scratch), board, variant, on_roll)
            }),
        }
    }
}

impl Evaluator for NetEvaluator {
    fn name(&self) -> &str {
        &self.name
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        if variant.is_gnubg_variation() {
            self.standard_probabilities(board, variant, on_roll)
        } else {
            VariantHeuristic.probabilities(board, variant, on_roll)
        }
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        if !context.variant.is_gnubg_variation() {
            return VariantHeuristic.play_score(before, after, mover, context);
        }
        let probabilities = self
            .standard_probabilities(after, context.variant, mover.opponent())
            .inverted();
        context.cubeless_equity(&probabilities, mover)
    }

    /// Every play scored as [`Evaluator::play_score`] does, the network positions in a
    /// batch per network (see [`NetEvaluator::score_plays`]), best first.
    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<RankedIndex> {
        let mut ranked: Vec<RankedIndex> = self
            .score_plays(before, plays, mover, context)
            .into_iter()
            .enumerate()
            .map(|(index, (score, _))| RankedIndex {
                index,
                score,
                plies: 0,
            })
            .collect();
        sort_ranking(&mut ranked);
        ranked
    }

    /// The best play as [`NetEvaluator::rank_plays`] ranks it, with the probabilities
    /// [`NetEvaluator::score_plays`] gave it (none for tavli's own variants, scored one by one).
    fn best_of_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Option<(usize, Option<Probabilities>)> {
        best_scored(&self.score_plays(before, plays, mover, context))
    }

    /// Every play scored as [`Evaluator::play_score`] does, with its probabilities, the
    /// network positions in a batch per network (the plays of a roll differ in a few inputs,
    /// and the later layers run over several positions at once: see [`Batch`]).
    fn score_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<(f64, Option<Probabilities>)> {
        if !context.variant.is_gnubg_variation() {
            return score_each(self, before, plays, mover, context);
        }
        BATCH.with(|batch| {
            let (inputs, batches, networks) = &mut *batch.borrow_mut();
            for batch in batches.iter_mut() {
                batch.clear();
            }
            networks.clear();
            let mut scored: Vec<(f64, Option<Probabilities>)> = plays
                .iter()
                .map(|play| {
                    let after = &play.result;
                    let class = PositionClass::of(after);
                    match class.network() {
                        Some(network) => {
                            inputs::encode(
                                after,
                                mover.opponent(),
                                class == PositionClass::Contact,
                                inputs,
                            );
                            let slot = usize::from(network == NetClass::Race);
                            self.inference[slot].add_to_batch(inputs, &mut batches[slot]);
                            networks.push(Some(slot));
                            // Filled in once the batches are evaluated.
                            (f64::NAN, None)
                        }
                        None => {
                            networks.push(None);
                            let probabilities = self
                                .standard_probabilities(after, context.variant, mover.opponent())
                                .inverted();
                            (
                                context.cubeless_equity(&probabilities, mover),
                                Some(probabilities),
                            )
                        }
                    }
                })
                .collect();
            let [contact, race] = batches;
            let outputs = [
                self.inference[0].batch_outputs(contact),
                self.inference[1].batch_outputs(race),
            ];
            let mut next = [0, 0];
            for ((score, network), play) in scored.iter_mut().zip(networks.iter()).zip(plays) {
                if let Some(slot) = *network {
                    let probabilities = possible_outputs(
                        outputs[slot][next[slot]],
                        &play.result,
                        context.variant,
                        mover.opponent(),
                    )
                    .inverted();
                    *score = (
                        context.cubeless_equity(&probabilities, mover),
                        Some(probabilities),
                    );
                    next[slot] += 1;
                }
            }
            scored
        })
    }
}

/// The network evaluator with the trait's default choice of a search's replies (ranked, no
/// probabilities given), so that a search evaluates each reply's position again at its leaves
/// instead of taking it from the batch that ranked the reply's roll: the search before session
/// 21, kept for a test and the evaluator bench that compare the two.
#[doc(hidden)]
pub struct LeavesOneByOne<'a>(pub &'a NetEvaluator);

impl Evaluator for LeavesOneByOne<'_> {
    fn name(&self) -> &str {
        "leaves one by one"
    }

    fn probabilities(&self, board: &Board, variant: Variant, on_roll: Side) -> Probabilities {
        self.0.probabilities(board, variant, on_roll)
    }

    fn play_score(&self, before: &Board, after: &Board, mover: Side, context: &Stakes) -> f64 {
        self.0.play_score(before, after, mover, context)
    }

    fn rank_plays(
        &self,
        before: &Board,
        plays: &[Play],
        mover: Side,
        context: &Stakes,
    ) -> Vec<RankedIndex> {
        self.0.rank_plays(before, plays, mover, context)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_weights_load() {
        let evaluator = NetEvaluator::embedded();
        let p =
            evaluator.probabilities(&Board::start(Variant::Standard), Variant::Standard, Side::X);
        assert!(p.win > 0.3 && p.win < 0.7, "{p:?}");
    }

    #[test]
    fn classes_follow_the_position() {
        let start = Board::start(Variant::Standard);
        assert_eq!(PositionClass::of(&start), PositionClass::Contact);
        let mut race = Board::empty();
        race.slots[0][10] = 15;
        race.slots[1][3] = 15;
        assert_eq!(PositionClass::of(&race), PositionClass::Race);
        let mut bearoff = Board::empty();
        bearoff.slots[0][2] = 15;
        bearoff.slots[1][3] = 15;
        assert_eq!(PositionClass::of(&bearoff), PositionClass::BearOff);
        let mut over = bearoff;
        over.slots[0][2] = 0;
        over.off[0] = 15;
        assert_eq!(PositionClass::of(&over), PositionClass::Over);
    }

    /// A side that has borne off a checker can no longer lose a gammon: the network's figure
    /// for one is cleared at every depth (it gave 0.018 at 0 plies and 0.747 at 1 ply here,
    /// where the other side has fourteen checkers on its 7-point and one borne off).
    #[test]
    fn no_gammon_is_won_against_a_side_that_has_borne_off() {
        use crate::engine::cube::Stakes;
        use crate::engine::search::Search;
        use crate::rules::MatchState;
        let board = crate::codec::position_id::decode("wP8PAIAyAQAAAA", Side::X, Variant::Standard)
            .expect("a valid ID");
        assert_eq!(board.borne_off(Side::O), 1);
        let evaluator = NetEvaluator::embedded();
        let context = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        for depth in 0..=2 {
            let probabilities =
                Search::new(&evaluator, depth).probabilities_at(&board, Side::X, depth, &context);
            assert_eq!(
                probabilities.win_gammon, 0.0,
                "{depth} plies: {probabilities:?}"
            );
            assert_eq!(probabilities.win_backgammon, 0.0, "{depth} plies");
            assert!(probabilities.win > 0.99, "{depth} plies: {probabilities:?}");
        }
    }

    /// A search takes the 0-ply value of each reply's position from the batch that ranked the
    /// reply's roll instead of evaluating it again: the same play at 2 plies without a budget
    /// on every one of a fixed set of the evaluator bench's positions, every searched
    /// probability within 1e-4 of the search that evaluates its leaves one by one.
    #[test]
    #[allow(clippy::print_stderr)] // the figure is reported (cargo test -- --nocapture)
    fn the_search_takes_its_leaves_from_the_batch_within_rounding() {
        use crate::engine::search::Search;
        use crate::rules::{legal_plays, Dice, MatchState};
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/bench/positions-botplay.txt"
        ))
        .expect("the bench's positions");
        let evaluator = NetEvaluator::embedded();
        let reference = LeavesOneByOne(&evaluator);
        let context = Stakes::from_state(&MatchState::new_money_game(Variant::Standard, Side::X));
        let (mut roots, mut largest) = (0, 0.0f64);
        for line in text.lines().step_by(97).take(60) {
            let mut words = line.split_whitespace();
            let id = words.next().expect("position ID");
            let mut die = || -> u8 { words.next().and_then(|w| w.parse().ok()).expect("die") };
            let dice = Dice::new(die(), die()).expect("dice");
            let board = crate::codec::position_id::decode(id, Side::X, Variant::Standard)
                .expect("valid ID");
            let plays = legal_plays(&board, Side::X, dice);
            if plays.len() < 2 {
                continue;
            }
            let batched =
                Search::new(&evaluator, 2).evaluated_ranking(&board, &plays, Side::X, &context);
            let one_by_one =
                Search::new(&reference, 2).evaluated_ranking(&board, &plays, Side::X, &context);
            assert_eq!(batched[0].0.index, one_by_one[0].0.index, "{line}");
            for (ranked, probabilities) in &batched {
                let (theirs, their_probabilities) = one_by_one
                    .iter()
                    .find(|(theirs, _)| theirs.index == ranked.index)
                    .expect("every play ranked");
                assert_eq!(ranked.plies, theirs.plies, "{line}");
                let fields = |p: &Probabilities| {
                    [
                        p.win,
                        p.win_gammon,
                        p.win_backgammon,
                        p.lose_gammon,
                        p.lose_backgammon,
                    ]
                };
                for (a, b) in fields(probabilities)
                    .iter()
                    .zip(fields(their_probabilities))
                {
                    largest = largest.max((a - b).abs());
                }
            }
            roots += 1;
        }
        eprintln!(
            "the same 2-ply play on {roots} of {roots} positions, probabilities within {largest:e}"
        );
        assert!(roots >= 40, "{roots}");
        assert!(largest < 1e-4, "{largest:e}");
    }

    #[test]
    fn a_missing_file_is_an_error() {
        let error = NetEvaluator::from_file(Path::new("/nonexistent/x.tnet")).unwrap_err();
        assert!(error.to_string().contains("cannot read"));
    }
}
