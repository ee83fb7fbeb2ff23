//! Supervised training on rollout labels: minibatch Adam on the cross-entropy of the five
//! outputs, one network per position class, with one position in twenty held back as a
//! validation set whose loss is reported after each epoch (chosen by the position, so that
//! every copy of a position falls on the same side of the split). The step size falls
//! geometrically from a start rate to a final one over the run; the training examples of a
//! position type can be counted more than once.

use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::inputs::{encode, SparseInputs};
use crate::engine::net::{NetClass, NetSet, Network, Scratch, OUTPUTS};
use crate::rules::{Board, Side};
use crate::train::order::{self, ClassGroups, OrderMeasure, OrderScratch};
use crate::train::position_type::PositionType;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// One labelled position: the board with `Side::X` on roll, and X's five probabilities.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// The position, X on roll.
    pub board: Board,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon for X.
    pub targets: [f32; OUTPUTS],
}

/// Settings of a supervised run.
#[derive(Clone, Copy, Debug)]
pub struct FitConfig {
    /// Passes over the training examples.
    pub epochs: u32,
    /// Examples per Adam step.
    pub batch: usize,
    /// Adam's step size at the start.
    pub rate: f32,
    /// Adam's step size at the end: the rate falls geometrically from `rate` to this over
    /// the run, so that the last epochs settle the weights instead of shaking them at the
    /// starting rate (equal to `rate` for a constant rate).
    pub final_rate: f32,
    /// Seed of the shuffles.
    pub seed: u64,
    /// How many times each position type's training examples count.
    pub type_weights: TypeWeights,
    /// The weight of the order term of the sibling groups beside the cross-entropy: a
    /// group's term counts this many times as much as one example's cross-entropy (0: the
    /// groups are only measured, and the fit is the fit without them, bit for bit).
    pub order_weight: f32,
}

/// How many times the training examples of each [`PositionType`] count (1 for every type by
/// default): a weight of 3 trains on three copies of each example of its type, 2.5 on two
/// copies and a third for half of them (chosen by the fit's seed), 0.5 on half of them. The
/// validation set is never weighted, so its loss stays comparable between weightings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TypeWeights([f32; PositionType::ALL.len()]);

impl Default for TypeWeights {
    fn default() -> TypeWeights {
        TypeWeights([1.0; PositionType::ALL.len()])
    }
}

impl TypeWeights {
    /// The weight of `kind`.
    #[must_use]
    pub fn get(&self, kind: PositionType) -> f32 {
        self.0[kind as usize]
    }

    /// Sets the weight of `kind` (a finite number, zero or more).
    pub fn set(&mut self, kind: PositionType, weight: f32) {
        self.0[kind as usize] = weight;
    }

    /// Whether every type counts once.
    #[must_use]
    pub fn is_uniform(&self) -> bool {
        self.0.iter().all(|&w| w == 1.0)
    }

    /// How many copies of an example of `kind` to train on, given a uniform draw in 0..1.
    fn copies(&self, kind: PositionType, draw: f32) -> usize {
        let weight = self.get(kind).max(0.0);
        let whole = weight.floor();
        whole as usize + usize::from(draw < weight - whole)
    }
}

/// Whether `board` is held back for validation: one position in twenty, chosen by a hash of
/// the position (FNV-1a over both sides' checkers), so that copies of one position, from one
/// file given several times or from two files, are never on both sides of the split.
#[must_use]
pub fn is_held_back(board: &Board) -> bool {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for side in Side::BOTH {
        for point in 1..=25 {
            hash ^= u64::from(board.on_point(side, point));
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        hash ^= u64::from(board.borne_off(side));
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash % 20 == 19
}

/// What is reported after each epoch of one class.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// The class trained.
    pub class: NetClass,
    /// The epoch (1-based).
    pub epoch: u32,
    /// Mean cross-entropy on the training examples (during the epoch).
    pub training_loss: f64,
    /// Mean cross-entropy on the held-back examples (after the epoch).
    pub validation_loss: f64,
    /// Examples trained on and held back.
    pub sizes: (usize, usize),
    /// The order of the sibling groups, when the fit has groups of this class.
    pub order: Option<OrderReport>,
}

/// The order of the sibling groups after an epoch (see [`crate::train::order`]).
#[derive(Clone, Copy, Debug)]
pub struct OrderReport {
    /// The training groups' order during the epoch (with an order weight above 0).
    pub training: Option<OrderMeasure>,
    /// The validation groups' order after the epoch.
    pub validation: OrderMeasure,
    /// Groups trained on and held back.
    pub groups: (usize, usize),
}

fn cross_entropy(outputs: &[f32; OUTPUTS], targets: &[f32; OUTPUTS]) -> f64 {
    outputs
        .iter()
        .zip(targets)
        .map(|(&y, &t)| {
            let y = f64::from(y).clamp(1e-7, 1.0 - 1e-7);
            let t = f64::from(t);
            -(t * y.ln() + (1.0 - t) * (1.0 - y).ln())
        })
        .sum()
}

/// Adam's moment estimates for one network.
struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    fn new(network: &Network) -> Adam {
        let n = network.parameters().count();
        Adam {
            first: vec![0.0; n],
            second: vec![0.0; n],
            steps: 0,
        }
    }

    fn step(&mut self, network: &mut Network, gradient: &Network, scale: f32, rate: f32) {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps);
        let correction2 = 1.0 - BETA2.powi(self.steps);
        for (((weight, g), m), v) in network
            .parameters_mut()
            .zip(gradient.parameters())
            .zip(self.first.iter_mut())
            .zip(self.second.iter_mut())
        {
            let g = g * scale;
            *m = BETA1 * *m + (1.0 - BETA1) * g;
            *v = BETA2 * *v + (1.0 - BETA2) * g * g;
            let m_hat = *m / correction1;
            let v_hat = *v / correction2;
            *weight -= rate * m_hat / (v_hat.sqrt() + 1e-8);
        }
    }
}

/// The mean loss of `network` on `examples` (NaN for none).
fn loss(network: &Network, examples: &[&Example], contact: bool) -> f64 {
    let mut inputs = SparseInputs::default();
    let mut scratch = Scratch::default();
    let total: f64 = examples
        .iter()
        .map(|example| {
            encode(&example.board, Side::X, contact, &mut inputs);
            cross_entropy(&network.evaluate(&inputs, &mut scratch), &example.targets)
        })
        .sum();
    if examples.is_empty() {
        return f64::NAN;
    }
    total / examples.len() as f64
}

/// The step size after `progress` (0 to 1) of the run: geometric from the start rate to the
/// final one.
fn rate_at(config: &FitConfig, progress: f32) -> f32 {
    if config.final_rate <= 0.0 || config.rate <= 0.0 {
        return config.rate;
    }
    config.rate * (config.final_rate / config.rate).powf(progress)
}

/// The classes that `examples` train, in the order `fit` trains them.
#[must_use]
pub fn classes_present(examples: &[Example]) -> Vec<NetClass> {
    NetClass::ALL
        .into_iter()
        .filter(|&class| {
            examples
                .iter()
                .any(|e| PositionClass::of(&e.board).network() == Some(class))
        })
        .collect()
}

/// Seed of the order of the sibling groups, apart from the examples' shuffle so that the
/// examples' batches do not depend on the groups.
const GROUP_SEED: u64 = 0x006f_7264_6572;

/// Trains the networks of `nets` on `examples` and, with an order weight, on the order of
/// the sibling `groups` (each a decision's siblings, X on roll), reporting each epoch; with
/// groups, the order before the first epoch is reported too (as epoch 0).
pub fn fit(
    nets: &mut NetSet,
    examples: &[Example],
    groups: &[Vec<Board>],
    config: &FitConfig,
    report: &mut dyn FnMut(&EpochReport),
) {
    let labels = order::label_equities(examples, groups);
    for class in NetClass::ALL {
        let contact = class == NetClass::Contact;
        let of_class: Vec<&Example> = examples
            .iter()
            .filter(|e| PositionClass::of(&e.board).network() == Some(class))
            .collect();
        if of_class.is_empty() {
            continue;
        }
        let mut rng = StdRng::seed_from_u64(config.seed);
        let mut validation: Vec<&Example> = Vec::new();
        let mut training: Vec<&Example> = Vec::new();
        for example in of_class {
            if is_held_back(&example.board) {
                validation.push(example);
            } else if config.type_weights.is_uniform() {
                training.push(example);
            } else {
                let kind = PositionType::of(&example.board);
                let copies = config.type_weights.copies(kind, rng.gen::<f32>());
                training.extend(std::iter::repeat_n(example, copies));
            }
        }
        let mut network = nets.network(class).clone();
        let mut sibling_groups = ClassGroups::new(groups, &labels, class);
        let order_report = |network: &Network, groups: &ClassGroups, training| OrderReport {
            training,
            validation: order::measure(network, &groups.validation, contact),
            groups: (groups.training.len(), groups.validation.len()),
        };
        if !groups.is_empty() {
            report(&EpochReport {
                class,
                epoch: 0,
                training_loss: f64::NAN,
                validation_loss: loss(&network, &validation, contact),
                sizes: (training.len(), validation.len()),
                order: Some(order_report(&network, &sibling_groups, None)),
            });
        }
        let ordering = config.order_weight > 0.0 && !sibling_groups.training.is_empty();
        let mut group_rng = StdRng::seed_from_u64(config.seed ^ GROUP_SEED);
        let mut order_buffers = OrderScratch::default();
        let mut adam = Adam::new(&network);
        let mut gradient = network.zeros_like();
        let mut inputs = SparseInputs::default();
        let mut scratch = Scratch::default();
        let steps_per_epoch = training.len().div_ceil(config.batch.max(1));
        let total_steps = (steps_per_epoch * config.epochs as usize).max(1);
        let mut step = 0usize;
        for epoch in 1..=config.epochs {
            training.shuffle(&mut rng);
            let mut training_loss = 0.0;
            let mut training_order = OrderMeasure::default();
            if ordering {
                sibling_groups.training.shuffle(&mut group_rng);
            }
            let group_count = sibling_groups.training.len();
            for (step_in_epoch, batch) in training.chunks(config.batch.max(1)).enumerate() {
                for weight in gradient.parameters_mut() {
                    *weight = 0.0;
                }
                if ordering {
                    // The groups spread evenly over the epoch's steps, each whole in one.
                    let from = step_in_epoch * group_count / steps_per_epoch;
                    let to = (step_in_epoch + 1) * group_count / steps_per_epoch;
                    for group in &sibling_groups.training[from..to] {
                        let term = order::accumulate_gradient(
                            &network,
                            group,
                            config.order_weight,
                            contact,
                            &mut gradient,
                            &mut order_buffers,
                        );
                        training_order.add_term(term, group.len());
                        training_order.groups += 1;
                    }
                }
                for example in batch {
                    encode(&example.board, Side::X, contact, &mut inputs);
                    let outputs = network.accumulate_gradient(
                        &inputs,
                        &example.targets,
                        &mut gradient,
                        &mut scratch,
                    );
                    training_loss += cross_entropy(&outputs, &example.targets);
                }
                adam.step(
                    &mut network,
                    &gradient,
                    1.0 / batch.len() as f32,
                    rate_at(config, step as f32 / total_steps as f32),
                );
                step += 1;
            }
            report(&EpochReport {
                class,
                epoch,
                training_loss: training_loss / training.len().max(1) as f64,
                validation_loss: loss(&network, &validation, contact),
                sizes: (training.len(), validation.len()),
                order: (!groups.is_empty()).then(|| {
                    order_report(
                        &network,
                        &sibling_groups,
                        ordering.then_some(training_order),
                    )
                }),
            });
        }
        *nets.network_mut(class) = network;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::train::td::random_nets;

    /// 80 distinct contact positions: X's checkers on its `a`, `b` and 24 points, O's on its
    /// 4 to 6 points.
    fn boards() -> Vec<Board> {
        let mut boards = Vec::new();
        for a in 1..=10 {
            for b in 11..=18 {
                let mut slots = [[0u8; 25]; 2];
                slots[0][a - 1] = 5;
                slots[0][b - 1] = 5;
                slots[0][23] = 5;
                for point in 4..=6 {
                    slots[1][point - 1] = 5;
                }
                boards.push(Board::from_slots(slots, Variant::Standard).unwrap());
            }
        }
        boards
    }

    fn examples(copies: usize) -> Vec<Example> {
        boards()
            .into_iter()
            .flat_map(|board| {
                std::iter::repeat_n(
                    Example {
                        board,
                        targets: [0.6, 0.2, 0.01, 0.15, 0.01],
                    },
                    copies,
                )
            })
            .collect()
    }

    #[test]
    fn fitting_lowers_the_loss_on_a_learnable_set() {
        let mut nets = random_nets(8, 4, 2);
        let examples = examples(1);
        let mut losses = Vec::new();
        let config = FitConfig {
            epochs: 30,
            batch: 16,
            rate: 0.01,
            final_rate: 0.001,
            seed: 1,
            type_weights: TypeWeights::default(),
            order_weight: 0.0,
        };
        fit(&mut nets, &examples, &[], &config, &mut |r| {
            losses.push(r.validation_loss)
        });
        assert_eq!(losses.len(), 30);
        assert!(losses[29] < losses[0], "{losses:?}");
    }

    #[test]
    fn the_rate_falls_geometrically_from_start_to_final() {
        let config = FitConfig {
            epochs: 1,
            batch: 1,
            rate: 0.004,
            final_rate: 0.0001,
            seed: 1,
            type_weights: TypeWeights::default(),
            order_weight: 0.0,
        };
        assert!((rate_at(&config, 0.0) - 0.004).abs() < 1e-9);
        assert!((rate_at(&config, 0.5) - 0.000_632_5).abs() < 1e-6);
        assert!((rate_at(&config, 1.0) - 0.0001).abs() < 1e-9);
        let constant = FitConfig {
            final_rate: 0.004,
            ..config
        };
        assert!((rate_at(&constant, 0.7) - 0.004).abs() < 1e-9);
    }

    /// One epoch of batches of 16 at a constant rate, counting types by `type_weights`.
    fn one_epoch(type_weights: TypeWeights) -> FitConfig {
        FitConfig {
            epochs: 1,
            batch: 16,
            rate: 0.001,
            final_rate: 0.001,
            seed: 1,
            type_weights,
            order_weight: 0.0,
        }
    }

    /// A file given three times (or a position in two files) once leaked copies of validation
    /// examples into training: the split is by position now.
    #[test]
    fn every_copy_of_a_position_falls_on_one_side_of_the_split() {
        let held_back = boards().iter().filter(|b| is_held_back(b)).count();
        assert!((1..20).contains(&held_back), "{held_back} of 80 held back");
        let config = one_epoch(TypeWeights::default());
        let mut sizes = Vec::new();
        fit(
            &mut random_nets(8, 4, 2),
            &examples(3),
            &[],
            &config,
            &mut |r| sizes.push(r.sizes),
        );
        assert_eq!(sizes, [(3 * (80 - held_back), 3 * held_back)]);
    }

    #[test]
    fn a_type_weight_counts_training_examples_again_but_not_validation() {
        let mut weights = TypeWeights::default();
        assert!(weights.is_uniform());
        weights.set(PositionType::Backgame, 2.5);
        weights.set(PositionType::Priming, 0.5);
        assert_eq!(weights.copies(PositionType::Backgame, 0.2), 3);
        assert_eq!(weights.copies(PositionType::Backgame, 0.7), 2);
        assert_eq!(weights.copies(PositionType::Priming, 0.2), 1);
        assert_eq!(weights.copies(PositionType::Priming, 0.7), 0);
        assert_eq!(weights.copies(PositionType::Other, 0.99), 1);

        let kinds: Vec<PositionType> = boards().iter().map(PositionType::of).collect();
        let mut weights = TypeWeights::default();
        weights.set(kinds[0], 3.0);
        let held_back = boards().iter().filter(|b| is_held_back(b)).count();
        let trained: usize = boards()
            .iter()
            .zip(&kinds)
            .filter(|(board, _)| !is_held_back(board))
            .map(|(_, &kind)| if kind == kinds[0] { 3 } else { 1 })
            .sum();
        let config = one_epoch(weights);
        let mut sizes = Vec::new();
        fit(
            &mut random_nets(8, 4, 2),
            &examples(1),
            &[],
            &config,
            &mut |r| sizes.push(r.sizes),
        );
        assert!(trained > 80 - held_back);
        assert_eq!(sizes, [(trained, held_back)]);
    }
}
