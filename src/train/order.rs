//! The order term of a fit: for the siblings of one decision (the positions after its close
//! plays, the opponent on roll, as `train sample --groups-out` writes them), the squared error
//! of the network's cubeless money equities against the labels' once each group's mean error
//! is taken off, so that only the DIFFERENCES between siblings count (the order 0-ply play
//! ranks them by), not where the group sits as a whole. For a group of n siblings with errors
//! r = e_net - e_label and mean r̄ the term is Σ (r - r̄)², which is
//! (1/n) Σ over pairs of ((e_net(a) - e_net(b)) - (e_label(a) - e_label(b)))².
//!
//! Which groups train and which measure: a group is used only if every sibling has a label in
//! the fit's data; it measures (a validation group) when its first sibling (the sampling
//! network's choice) is held back for validation, and trains when none of its siblings is held
//! back (so the order term never reads a held-back label); a group with some other sibling
//! held back does neither. A group whose siblings fall to both networks (a play that ends the
//! contact) counts, in each class's fit, by the siblings of that class, when there are two or
//! more of them.

use crate::engine::net::evaluator::PositionClass;
use crate::engine::net::inputs::{encode, SparseInputs};
use crate::engine::net::{NetClass, Network, Scratch, OUTPUTS};
use crate::engine::Probabilities;
use crate::rules::{Board, Side};
use crate::train::fit::{is_held_back, Example};
use std::collections::HashMap;

/// How each output moves the cubeless money equity ([`Probabilities::money_equity`]: 2 win −
/// 1 + win gammon + win backgammon − lose gammon − lose backgammon), for the gradient.
const EQUITY_SLOPES: [f64; OUTPUTS] = [2.0, 1.0, 1.0, -1.0, -1.0];

/// The cubeless money equity of five outputs (or labels), for the player on roll.
#[must_use]
pub fn money_equity(outputs: &[f32; OUTPUTS]) -> f64 {
    Probabilities::from(outputs.map(f64::from)).money_equity()
}

/// A sibling of a group: the position (X on roll) and its label's equity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sibling {
    /// The position after the play, the opponent (X) on roll.
    pub board: Board,
    /// The cubeless money equity of its label (the mean of its labels, when the data holds
    /// it more than once).
    pub label_equity: f64,
}

/// The label equity of every position of `groups` that `examples` label (the mean over its
/// examples when it has several).
#[must_use]
pub fn label_equities(examples: &[Example], groups: &[Vec<Board>]) -> HashMap<Board, f64> {
    let mut sums: HashMap<Board, (f64, u32)> = groups
        .iter()
        .flatten()
        .map(|&board| (board, (0.0, 0)))
        .collect();
    for example in examples {
        if let Some((sum, count)) = sums.get_mut(&example.board) {
            *sum += money_equity(&example.targets);
            *count += 1;
        }
    }
    sums.into_iter()
        .filter(|(_, (_, count))| *count > 0)
        .map(|(board, (sum, count))| (board, sum / f64::from(count)))
        .collect()
}

/// The groups one network's fit trains on and measures by.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ClassGroups {
    /// Groups whose order term trains.
    pub training: Vec<Vec<Sibling>>,
    /// Groups held back to measure the order.
    pub validation: Vec<Vec<Sibling>>,
}

impl ClassGroups {
    /// The groups of `groups` (labels from `labels`) as `class`'s fit sees them.
    #[must_use]
    pub fn new(
        groups: &[Vec<Board>],
        labels: &HashMap<Board, f64>,
        class: NetClass,
    ) -> ClassGroups {
        let mut split = ClassGroups::default();
        for group in groups {
            let Some(first) = group.first() else {
                continue;
            };
            if !group.iter().all(|board| labels.contains_key(board)) {
                continue;
            }
            let side = if is_held_back(first) {
                &mut split.validation
            } else if group.iter().any(is_held_back) {
                continue;
            } else {
                &mut split.training
            };
            let siblings: Vec<Sibling> = group
                .iter()
                .filter(|board| PositionClass::of(board).network() == Some(class))
                .map(|&board| Sibling {
                    board,
                    label_equity: labels[&board],
                })
                .collect();
            if siblings.len() >= 2 {
                side.push(siblings);
            }
        }
        split
    }

    /// Whether there is nothing to train on or measure.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.training.is_empty() && self.validation.is_empty()
    }
}

/// Reusable buffers of the order term.
#[derive(Debug, Default)]
pub struct OrderScratch {
    inputs: Vec<SparseInputs>,
    outputs: Vec<[f32; OUTPUTS]>,
    scratch: Scratch,
}

impl OrderScratch {
    /// Evaluates `group`'s siblings, keeping their inputs and outputs; returns each one's
    /// error against its label less the group's mean error.
    fn errors(&mut self, network: &Network, group: &[Sibling], contact: bool) -> Vec<f64> {
        self.inputs.resize_with(group.len(), SparseInputs::default);
        self.outputs.clear();
        let mut errors = Vec::with_capacity(group.len());
        for (sibling, inputs) in group.iter().zip(&mut self.inputs) {
            encode(&sibling.board, Side::X, contact, inputs);
            let outputs = network.evaluate(inputs, &mut self.scratch);
            errors.push(money_equity(&outputs) - sibling.label_equity);
            self.outputs.push(outputs);
        }
        let mean = errors.iter().sum::<f64>() / errors.len() as f64;
        for error in &mut errors {
            *error -= mean;
        }
        errors
    }
}

/// Adds `weight` times the gradient of `group`'s order term into `gradient` (shaped like
/// `network`); returns the term, Σ (r - r̄)², before the step.
pub fn accumulate_gradient(
    network: &Network,
    group: &[Sibling],
    weight: f32,
    contact: bool,
    gradient: &mut Network,
    buffers: &mut OrderScratch,
) -> f64 {
    let errors = buffers.errors(network, group, contact);
    for ((&error, inputs), outputs) in errors.iter().zip(&buffers.inputs).zip(&buffers.outputs) {
        // d term / d output k = 2 (r - r̄) slope_k, and a sigmoid output's logit carries it
        // times y (1 - y). The network's gradient takes an output's logit error as `y - t`,
        // so a target of `y` less that error backpropagates exactly it.
        let mut targets = [0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            let y = f64::from(outputs[k]);
            let logit_error = f64::from(weight) * 2.0 * error * EQUITY_SLOPES[k] * y * (1.0 - y);
            targets[k] = (y - logit_error) as f32;
        }
        network.accumulate_gradient(inputs, &targets, gradient, &mut buffers.scratch);
    }
    errors.iter().map(|error| error * error).sum()
}

/// The order of a set of groups as a network sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct OrderMeasure {
    /// Σ (r - r̄)² over the groups.
    pub term: f64,
    /// Siblings in the groups.
    pub siblings: usize,
    /// Groups whose best sibling by the network (the lowest equity for the opponent on
    /// roll: the mover's best play) is the labels' best.
    pub best_agreed: usize,
    /// Groups.
    pub groups: usize,
}

impl OrderMeasure {
    /// The root of the mean term per sibling: how far, in equity, the network's differences
    /// between siblings are from the labels' (NaN for no groups).
    #[must_use]
    pub fn rms(&self) -> f64 {
        (self.term / self.siblings as f64).sqrt()
    }

    /// The share of groups whose best sibling the network gets right (NaN for none).
    #[must_use]
    pub fn best_share(&self) -> f64 {
        self.best_agreed as f64 / self.groups as f64
    }

    /// Adds a group's term.
    pub fn add_term(&mut self, term: f64, siblings: usize) {
        self.term += term;
        self.siblings += siblings;
    }
}

/// Measures `network`'s order of `groups`.
#[must_use]
pub fn measure(network: &Network, groups: &[Vec<Sibling>], contact: bool) -> OrderMeasure {
    let mut buffers = OrderScratch::default();
    let mut measure = OrderMeasure::default();
    for group in groups {
        let errors = buffers.errors(network, group, contact);
        measure.add_term(errors.iter().map(|e| e * e).sum(), group.len());
        let lowest = |equities: &mut dyn Iterator<Item = f64>| {
            equities
                .enumerate()
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(index, _)| index)
        };
        let by_network = lowest(&mut buffers.outputs.iter().map(money_equity));
        let by_label = lowest(&mut group.iter().map(|sibling| sibling.label_equity));
        measure.best_agreed += usize::from(by_network == by_label);
        measure.groups += 1;
    }
    measure
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::position_id;
    use crate::rules::{legal_plays, Dice, Variant};
    use crate::train::fit::{fit, FitConfig, TypeWeights};
    use crate::train::td::random_nets;

    /// The board `after` a play of X's, seen from O, the player on roll (as a sampled
    /// sibling is read back: X on roll).
    fn turned(after: &Board) -> Board {
        position_id::decode(
            &position_id::encode(after, Side::O),
            Side::X,
            Variant::Standard,
        )
        .unwrap()
    }

    /// Groups of siblings from the opening rolls: the positions after a roll's plays, three
    /// at a time (two where two are left).
    fn opening_groups() -> Vec<Vec<Board>> {
        let start = Board::start(Variant::Standard);
        Dice::all_rolls()
            .into_iter()
            .flat_map(|dice| {
                let after: Vec<Board> = legal_plays(&start, Side::X, dice)
                    .iter()
                    .map(|play| turned(&play.result))
                    .collect();
                let groups: Vec<Vec<Board>> = after
                    .chunks(3)
                    .filter(|group| group.len() >= 2)
                    .map(<[Board]>::to_vec)
                    .collect();
                groups
            })
            .collect()
    }

    /// Labels of `boards`: the outputs of a network of its own (a teacher to learn from).
    fn teacher_labels(boards: &[Board], seed: u64) -> Vec<Example> {
        let teacher = random_nets(12, 4, seed).contact;
        let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
        boards
            .iter()
            .map(|&board| {
                encode(&board, Side::X, true, &mut inputs);
                Example {
                    board,
                    targets: teacher.evaluate(&inputs, &mut scratch),
                }
            })
            .collect()
    }

    #[test]
    fn the_equity_of_five_outputs_is_the_cubeless_money_equity() {
        let outputs = [0.55, 0.2, 0.03, 0.12, 0.01];
        let probabilities = Probabilities {
            win: 0.55,
            win_gammon: 0.2,
            win_backgammon: 0.03,
            lose_gammon: 0.12,
            lose_backgammon: 0.01,
        };
        assert!((money_equity(&outputs) - probabilities.money_equity()).abs() < 1e-7);
    }

    /// The gradient's slopes are the money equity's derivative by each output.
    #[test]
    fn the_equity_slopes_are_the_derivatives_of_the_money_equity() {
        let outputs = [0.55, 0.2, 0.03, 0.12, 0.01];
        for (k, slope) in EQUITY_SLOPES.iter().enumerate() {
            let mut moved = outputs;
            moved[k] += 0.125;
            let derivative = (money_equity(&moved) - money_equity(&outputs)) / 0.125;
            assert!(
                (derivative - slope).abs() < 1e-6,
                "output {k}: {derivative}"
            );
        }
    }

    /// The order gradient is the derivative of the order term, weight by weight (central
    /// differences of the measured term), scaled by the order weight.
    #[test]
    fn the_order_gradient_matches_finite_differences_of_the_term() {
        let network = random_nets(6, 4, 3).contact;
        let boards = &opening_groups()[5][..3];
        let group: Vec<Sibling> = boards
            .iter()
            .zip([-0.5, 0.1, 0.6])
            .map(|(&board, label_equity)| Sibling {
                board,
                label_equity,
            })
            .collect();
        let groups = [group.clone()];
        let mut gradient = network.zeros_like();
        let weight = 2.5;
        let term = accumulate_gradient(
            &network,
            &group,
            weight,
            true,
            &mut gradient,
            &mut OrderScratch::default(),
        );
        assert!((term - measure(&network, &groups, true).term).abs() < 1e-9);
        assert!(term > 0.01, "a term to descend: {term}");
        let analytic: Vec<f32> = gradient.parameters().collect();
        let mut checked = 0;
        for (index, &slope) in analytic.iter().enumerate() {
            if slope.abs() < 1e-3 {
                continue;
            }
            let at = |delta: f32| {
                let mut moved = network.clone();
                *moved.parameters_mut().nth(index).unwrap() += delta;
                measure(&moved, &groups, true).term
            };
            let h = 1e-2;
            let numeric = f64::from(weight) * (at(h) - at(-h)) / (2.0 * f64::from(h));
            let error = (numeric - f64::from(slope)).abs();
            assert!(
                error < 2e-3 + 0.05 * numeric.abs(),
                "weight {index}: {slope} against {numeric}"
            );
            checked += 1;
        }
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn a_network_that_orders_like_its_labels_has_no_term_and_picks_every_best() {
        let network = random_nets(6, 4, 4).contact;
        let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
        let mut equity = |board: &Board| {
            encode(board, Side::X, true, &mut inputs);
            money_equity(&network.evaluate(&inputs, &mut scratch))
        };
        let groups = opening_groups();
        // Each label the network's own equity moved by one amount a group: the same order.
        let same: Vec<Vec<Sibling>> = groups
            .iter()
            .enumerate()
            .map(|(shift, group)| {
                group
                    .iter()
                    .map(|board| Sibling {
                        board: *board,
                        label_equity: equity(board) + shift as f64 * 0.1,
                    })
                    .collect()
            })
            .collect();
        let agreeing = measure(&network, &same, true);
        assert!(agreeing.groups > 50, "{}", agreeing.groups);
        assert_eq!(agreeing.best_agreed, agreeing.groups);
        assert!(agreeing.rms() < 1e-6, "{}", agreeing.rms());
        // The labels turned upside down: the network's best is the labels' worst.
        let reversed: Vec<Vec<Sibling>> = same
            .iter()
            .map(|group| {
                group
                    .iter()
                    .map(|sibling| Sibling {
                        label_equity: -sibling.label_equity,
                        ..*sibling
                    })
                    .collect()
            })
            .collect();
        let disagreeing = measure(&network, &reversed, true);
        assert_eq!(disagreeing.best_agreed, 0);
        assert!(disagreeing.rms() > 0.001);
        assert!(OrderMeasure::default().rms().is_nan());
        assert!(OrderMeasure::default().best_share().is_nan());
    }

    #[test]
    fn groups_split_by_their_first_sibling_and_need_every_label() {
        let boards: Vec<Board> = opening_groups().concat();
        let held: Vec<Board> = boards.iter().copied().filter(is_held_back).collect();
        let kept: Vec<Board> = boards
            .iter()
            .copied()
            .filter(|b| !is_held_back(b))
            .collect();
        assert!(
            held.len() >= 2 && kept.len() >= 6,
            "{} held back",
            held.len()
        );
        // A race: each side's checkers past the other's.
        let mut slots = [[0u8; 25]; 2];
        for point in 7..=11 {
            slots[0][point - 1] = 3;
            slots[1][point - 1] = 3;
        }
        let race = Board::from_slots(slots, Variant::Standard).unwrap();
        assert_eq!(PositionClass::of(&race).network(), Some(NetClass::Race));
        let unlabelled = kept[5];
        let labelled: Vec<Board> = boards
            .iter()
            .copied()
            .chain([race])
            .filter(|&b| b != unlabelled)
            .collect();
        let examples = teacher_labels(&labelled, 1);
        let groups = vec![
            vec![held[0], kept[0]],          // validation: its first is held back
            vec![kept[1], kept[2], race],    // training: two contact, one race
            vec![kept[3], held[1]],          // neither: another sibling held back
            vec![kept[4], unlabelled],       // neither: a sibling without a label
            vec![kept[0], kept[1], kept[2]], // training
        ];
        let labels = label_equities(&examples, &groups);
        assert_eq!(labels.len(), 8, "every labelled sibling");
        assert!((labels[&race] - money_equity(&examples.last().unwrap().targets)).abs() < 1e-12);
        let contact = ClassGroups::new(&groups, &labels, NetClass::Contact);
        let boards_of = |groups: &[Vec<Sibling>]| -> Vec<Vec<Board>> {
            groups
                .iter()
                .map(|group| group.iter().map(|s| s.board).collect())
                .collect()
        };
        assert_eq!(boards_of(&contact.validation), [vec![held[0], kept[0]]]);
        assert_eq!(
            boards_of(&contact.training),
            [vec![kept[1], kept[2]], vec![kept[0], kept[1], kept[2]]]
        );
        // The race has one sibling of its class: no group of two to order.
        assert!(ClassGroups::new(&groups, &labels, NetClass::Race).is_empty());
        // A position labelled twice counts by the mean of its labels.
        let mut twice = examples.clone();
        let mut other = examples[0];
        other.targets[0] -= 0.1;
        twice.push(other);
        let mean = label_equities(&twice, &groups)[&examples[0].board];
        assert!((mean - (money_equity(&examples[0].targets) - 0.1)).abs() < 1e-6);
    }

    fn config(order_weight: f32, epochs: u32) -> FitConfig {
        FitConfig {
            epochs,
            batch: 8,
            rate: 0.003,
            final_rate: 0.003,
            seed: 7,
            type_weights: TypeWeights::default(),
            order_weight,
        }
    }

    /// An order weight of 0 is the fit without groups, weight for weight; the groups are only
    /// measured (reported from epoch 0 on).
    #[test]
    fn without_an_order_weight_the_groups_change_nothing() {
        let groups = opening_groups();
        let examples = teacher_labels(&groups.concat(), 2);
        let mut plain = random_nets(8, 4, 5);
        let mut epochs = Vec::new();
        fit(&mut plain, &examples, &[], &config(0.0, 2), &mut |r| {
            assert!(r.order.is_none());
            epochs.push(r.epoch);
        });
        assert_eq!(epochs, [1, 2]);
        let mut measured = random_nets(8, 4, 5);
        let mut reports = Vec::new();
        fit(
            &mut measured,
            &examples,
            &groups,
            &config(0.0, 2),
            &mut |r| {
                reports.push(*r);
            },
        );
        assert_eq!(plain, measured);
        assert_eq!(
            reports.iter().map(|r| r.epoch).collect::<Vec<_>>(),
            [0, 1, 2]
        );
        for report in &reports {
            let order = report.order.expect("groups measured");
            assert!(
                order.training.is_none(),
                "not trained, not measured in training"
            );
            assert_eq!(order.groups.1, order.validation.groups);
            assert!(order.groups.0 > 10, "{:?}", order.groups);
        }
    }

    /// With an order weight the training groups' term falls epoch by epoch, below where the
    /// fit without it leaves it.
    #[test]
    fn an_order_weight_pulls_the_siblings_into_the_labels_order() {
        let groups = opening_groups();
        let examples = teacher_labels(&groups.concat(), 2);
        let run = |weight: f32| {
            let mut nets = random_nets(8, 4, 5);
            let mut terms = Vec::new();
            fit(
                &mut nets,
                &examples,
                &groups,
                &config(weight, 12),
                &mut |r| {
                    if r.epoch > 0 {
                        terms.push(r.order.unwrap().training.map(|t| t.rms()));
                    }
                },
            );
            let split = ClassGroups::new(
                &groups,
                &label_equities(&examples, &groups),
                NetClass::Contact,
            );
            (
                terms,
                measure(&nets.contact, &split.training, true).rms(),
                nets,
            )
        };
        let (terms, ordered, ordered_nets) = run(20.0);
        let terms: Vec<f64> = terms.into_iter().map(Option::unwrap).collect();
        assert!(terms[11] < 0.5 * terms[0], "{terms:?}");
        let (untrained, plain, plain_nets) = run(0.0);
        assert!(untrained.iter().all(Option::is_none));
        assert_ne!(ordered_nets, plain_nets);
        assert!(ordered < plain, "{ordered} against {plain}");
    }
}
