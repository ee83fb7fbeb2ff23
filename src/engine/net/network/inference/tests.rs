//! The kernels against each other (bit for bit) and against the training network.

use super::*;
use crate::engine::net::inputs::{encode, INPUTS};
use crate::engine::net::network::Shape;
use crate::engine::net::NetClass;
use crate::rules::{legal_plays, Board, Dice, Side, Variant};
use rand::{Rng, SeedableRng};

/// Positions met in random games of every variant the networks serve, with the side on roll
/// and the variant.
pub(super) fn random_positions(count: usize, seed: u64) -> Vec<(Board, Side, Variant)> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let variants = [
        Variant::Standard,
        Variant::Nackgammon,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
    ];
    let mut positions = Vec::new();
    let mut variant = Variant::Standard;
    let mut board = Board::start(variant);
    let mut side = Side::X;
    while positions.len() < count {
        let over = Side::BOTH.iter().any(|&s| board.checkers_in_play(s) == 0);
        if over {
            variant = variants[rng.gen_range(0..variants.len())];
            board = Board::start(variant);
            side = Side::X;
            continue;
        }
        positions.push((board, side, variant));
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let plays = legal_plays(&board, side, dice);
        if !plays.is_empty() {
            board = plays[rng.gen_range(0..plays.len())].result;
        }
        side = side.opponent();
    }
    positions
}

#[test]
fn every_kernel_gives_the_portable_outputs_bit_for_bit() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let positions = random_positions(300, 3);
    for (hidden, second) in [(64, 0), (70, 0), (128, 16), (40, 7)] {
        let shape = Shape {
            inputs: INPUTS,
            hidden,
            second,
        };
        let network = Network::random_shaped(shape, &mut rng);
        let portable = InferenceNetwork::with_kernel(&network, Kernel::Portable);
        for kernel in Kernel::available() {
            let fast = InferenceNetwork::with_kernel(&network, kernel);
            assert_eq!(fast.kernel(), kernel);
            let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
            let mut carried = [FirstLayerSums::default(), FirstLayerSums::default()];
            for (board, side, _) in &positions {
                encode(board, *side, true, &mut inputs);
                let expected = portable.evaluate(&inputs, &mut scratch);
                assert_eq!(fast.evaluate(&inputs, &mut scratch), expected, "{kernel:?}");
                let carried_portable =
                    portable.evaluate_from(&inputs, &mut carried[0], &mut scratch);
                let carried_fast = fast.evaluate_from(&inputs, &mut carried[1], &mut scratch);
                assert_eq!(carried_fast, carried_portable, "{kernel:?} carried");
            }
        }
    }
}

/// A roll's plays in a batch: every kernel gives the portable outputs bit for bit, and
/// they are the outputs of the plays evaluated one by one up to rounding (the second layer
/// sums in another order), for batches longer and shorter than a block.
#[test]
fn every_kernel_gives_the_portable_batch_outputs_bit_for_bit() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(13);
    let positions = random_positions(120, 7);
    for (hidden, second) in [(64, 0), (128, 16), (40, 7), (96, 40)] {
        let shape = Shape {
            inputs: INPUTS,
            hidden,
            second,
        };
        let network = Network::random_shaped(shape, &mut rng);
        let portable = InferenceNetwork::with_kernel(&network, Kernel::Portable);
        for kernel in Kernel::available() {
            let fast = InferenceNetwork::with_kernel(&network, kernel);
            let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
            let mut carried = FirstLayerSums::default();
            let mut batches = [Batch::default(), Batch::default()];
            let mut compared = 0;
            for (board, side, _) in &positions {
                let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
                let plays = legal_plays(board, *side, dice);
                let mut one_by_one = Vec::new();
                carried.clear();
                for batch in &mut batches {
                    batch.clear();
                }
                for play in &plays {
                    encode(&play.result, side.opponent(), true, &mut inputs);
                    one_by_one.push(portable.evaluate_from(&inputs, &mut carried, &mut scratch));
                    portable.add_to_batch(&inputs, &mut batches[0]);
                    fast.add_to_batch(&inputs, &mut batches[1]);
                }
                let [portable_batch, fast_batch] = &mut batches;
                let expected = portable.batch_outputs(portable_batch);
                assert_eq!(fast.batch_outputs(fast_batch), expected, "{kernel:?}");
                assert_eq!(expected.len(), plays.len());
                for (batched, single) in expected.iter().zip(&one_by_one) {
                    for (a, b) in batched.iter().zip(single) {
                        assert!((a - b).abs() < 1e-5, "{batched:?} against {single:?}");
                    }
                }
                compared += plays.len();
            }
            assert!(compared > 1000, "{compared}");
        }
    }
}

#[test]
fn the_sigmoid_kernels_follow_the_scalar_sigmoid_over_its_range() {
    let values: Vec<f32> = (-2000..2000).map(|i| i as f32 / 19.0).collect();
    let mut padded_values = values.clone();
    padded_values.resize(padded(values.len()), 0.0);
    for kernel in Kernel::available() {
        let mut out = padded_values.clone();
        kernel.sigmoid(&mut out);
        for (x, y) in values.iter().zip(&out) {
            assert_eq!(*y, portable::sigmoid_one(*x), "{kernel:?} at {x}");
        }
    }
}

/// The evaluator's sigmoid against the exact one (in f64), from -100 to 100 a thousandth
/// apart, at the point of its largest error over every f32 in [-100, 100] (1.0455e-7 at
/// 1.7885946, found once by a search of all 2,240,806,914 of them, too long for a test; 12
/// values reach 1e-7), and at the extremes.
#[test]
fn the_evaluator_sigmoid_is_within_1_05e7_of_the_exact_one() {
    let mut largest = 0.0f64;
    let points = (-100_000..=100_000).map(|i| i as f32 / 1000.0);
    for x in points.chain([1.788_594_6]) {
        let exact = 1.0 / (1.0 + (-f64::from(x)).exp());
        largest = largest.max((f64::from(portable::sigmoid_one(x)) - exact).abs());
    }
    assert!(largest < 1.05e-7, "{largest:e}");
    assert!(portable::sigmoid_one(1e30) == 1.0 && portable::sigmoid_one(-1e30) < 1e-34);
}

/// The largest difference between the built-in networks' outputs as the evaluator runs them
/// and as trained (f32 [`Network::evaluate`]), over positions of every variant they serve,
/// fresh, carried from play to play, and a roll's plays in a batch, over more than 100,000
/// positions: rounding only (5.8e-6 seen over 104,245).
#[test]
#[allow(clippy::print_stderr)] // the figure is reported (cargo test -- --nocapture)
fn the_built_in_networks_give_the_training_outputs_up_to_rounding() {
    const BOUND: f32 = 1e-4;
    let built_in = crate::engine::net::NetEvaluator::embedded();
    // The f32 path throughout: the quantised default has its own bound (quantized_tests.rs).
    let evaluator =
        crate::engine::net::NetEvaluator::exact(built_in.nets().clone(), "exact".into());
    let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
    let mut carried = [FirstLayerSums::default(), FirstLayerSums::default()];
    let mut batches = [Batch::default(), Batch::default()];
    let mut largest = 0.0f32;
    let mut compared = [0; 2];
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    for (board, side, _) in random_positions(6000, 5) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let mut references: [Vec<[f32; OUTPUTS]>; 2] = Default::default();
        for batch in &mut batches {
            batch.clear();
        }
        for play in legal_plays(&board, side, dice) {
            let class = crate::engine::net::PositionClass::of(&play.result);
            let Some(network_class) = class.network() else {
                continue;
            };
            let slot = usize::from(network_class == NetClass::Race);
            let contact = slot == 0;
            encode(&play.result, side.opponent(), contact, &mut inputs);
            let reference = evaluator
                .nets()
                .network(network_class)
                .evaluate(&inputs, &mut scratch);
            let fast = evaluator.inference_network(network_class);
            let fresh = fast.evaluate(&inputs, &mut scratch);
            let carried = fast.evaluate_from(&inputs, &mut carried[slot], &mut scratch);
            fast.add_to_batch(&inputs, &mut batches[slot]);
            references[slot].push(reference);
            for outputs in [fresh, carried] {
                for (a, b) in outputs.iter().zip(&reference) {
                    largest = largest.max((a - b).abs());
                }
            }
            compared[slot] += 1;
        }
        for slot in 0..2 {
            let class = [NetClass::Contact, NetClass::Race][slot];
            let batched = evaluator
                .inference_network(class)
                .batch_outputs(&mut batches[slot]);
            for (outputs, reference) in batched.iter().zip(&references[slot]) {
                for (a, b) in outputs.iter().zip(reference) {
                    largest = largest.max((a - b).abs());
                }
            }
            assert_eq!(batched.len(), references[slot].len());
        }
    }
    eprintln!("largest output difference {largest:e} over {compared:?} contact and race positions");
    assert!(
        compared[0] + compared[1] >= 100_000 && compared[1] > 2_000,
        "{compared:?}"
    );
    assert!(
        largest <= BOUND,
        "largest difference {largest:e} over {compared:?} positions"
    );
}

/// The play the evaluator chooses at 0 plies is the one the f32 training networks choose on
/// at least 99% of random (position, dice) pairs with a choice.
#[test]
#[allow(clippy::print_stderr)] // the figure is reported (cargo test -- --nocapture)
fn the_evaluator_chooses_the_training_networks_play() {
    use crate::engine::cube::Stakes;
    use crate::engine::evaluator::Evaluator;
    use crate::engine::net::{evaluator::possible_outputs, NetEvaluator, PositionClass};
    let evaluator = NetEvaluator::embedded();
    let mut rng = rand::rngs::StdRng::seed_from_u64(23);
    let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
    let (mut pairs, mut agreed) = (0, 0);
    for (board, side, variant) in random_positions(6000, 9) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let plays = legal_plays(&board, side, dice);
        if plays.len() < 2 {
            continue;
        }
        let state = crate::rules::MatchState::new_money_game(variant, side);
        let context = Stakes::from_state(&state);
        let chosen = evaluator.rank_plays(&board, &plays, side, &context)[0].index;
        let mut best = (f64::NEG_INFINITY, 0);
        for (index, play) in plays.iter().enumerate() {
            let after = &play.result;
            let score = match PositionClass::of(after).network() {
                Some(class) => {
                    let contact = class == crate::engine::net::NetClass::Contact;
                    encode(after, side.opponent(), contact, &mut inputs);
                    let outputs = evaluator
                        .nets()
                        .network(class)
                        .evaluate(&inputs, &mut scratch);
                    context.cubeless_equity(
                        &possible_outputs(outputs, after, variant, side.opponent()).inverted(),
                        side,
                    )
                }
                None => evaluator.play_score(&board, after, side, &context),
            };
            if score > best.0 {
                best = (score, index);
            }
        }
        pairs += 1;
        agreed += usize::from(best.1 == chosen);
    }
    eprintln!("the same play on {agreed} of {pairs} (position, dice) pairs");
    assert!(pairs > 3000, "{pairs}");
    assert!(
        agreed * 100 >= pairs * 99,
        "the same play on {agreed} of {pairs} pairs"
    );
}

/// The largest equity by which the quantised evaluator's 0-ply play may trail the f32
/// networks' best by their own figures: a tie at the rounding of the quantised first layer.
const QUANTISATION_TIE: f64 = 1e-3;

/// The play chosen at 0 plies through the Evaluator seam (a roll's plays in a batch) is the
/// one the f32 training networks choose, on the evaluator bench's positions (those of the
/// first 6,500 lines of `fixtures/bench/positions-botplay.txt` with more than one play):
/// at least 99.8% of them, and where not, a play the f32 networks value within
/// [`QUANTISATION_TIE`] of their best (fitZ differed on 6 of 5,127, by 0.3e-3 at most; fitO on
/// 2, by 0.1e-3: ties at the rounding of the quantised first layer).
#[test]
#[allow(clippy::print_stderr)] // the figure is reported (cargo test -- --nocapture)
fn the_evaluator_chooses_the_training_networks_play_on_the_bench_positions() {
    use crate::engine::cube::Stakes;
    use crate::engine::evaluator::Evaluator;
    use crate::engine::net::{evaluator::possible_outputs, NetEvaluator, PositionClass};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/positions-botplay.txt"
    );
    let text = std::fs::read_to_string(path).expect("the bench's positions");
    let evaluator = NetEvaluator::embedded();
    let state = crate::rules::MatchState::new_money_game(Variant::Standard, Side::X);
    let context = Stakes::from_state(&state);
    let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
    let (mut roots, mut agreed, mut worst_gap) = (0, 0, 0.0_f64);
    for line in text.lines().take(6500) {
        let mut words = line.split_whitespace();
        let id = words.next().expect("position ID");
        let mut die = || -> u8 { words.next().and_then(|w| w.parse().ok()).expect("die") };
        let dice = Dice::new(die(), die()).expect("dice");
        let board =
            crate::codec::position_id::decode(id, Side::X, Variant::Standard).expect("valid ID");
        let plays = legal_plays(&board, Side::X, dice);
        if plays.len() < 2 {
            continue;
        }
        let chosen = evaluator.rank_plays(&board, &plays, Side::X, &context)[0].index;
        let mut best = (f64::NEG_INFINITY, 0);
        let mut scores: Vec<f64> = Vec::new();
        for (index, play) in plays.iter().enumerate() {
            let after = &play.result;
            let score = match PositionClass::of(after).network() {
                Some(class) => {
                    encode(after, Side::O, class == NetClass::Contact, &mut inputs);
                    let outputs = evaluator
                        .nets()
                        .network(class)
                        .evaluate(&inputs, &mut scratch);
                    context.cubeless_equity(
                        &possible_outputs(outputs, after, Variant::Standard, Side::O).inverted(),
                        Side::X,
                    )
                }
                None => evaluator.play_score(&board, after, Side::X, &context),
            };
            scores.push(score);
            if score > best.0 {
                best = (score, index);
            }
        }
        roots += 1;
        agreed += usize::from(best.1 == chosen);
        worst_gap = worst_gap.max(best.0 - scores[chosen]);
    }
    eprintln!(
        "the same play on {agreed} of {roots} bench positions; the largest loss by the f32 networks {worst_gap:.6}"
    );
    assert!(roots > 5000, "{roots}");
    assert!(
        agreed * 1000 >= roots * 998,
        "the same play on {agreed} of {roots} bench positions"
    );
    assert!(worst_gap < QUANTISATION_TIE, "{worst_gap}");
}

/// The changes between consecutive positions' dense inputs (what carries the first layer):
/// every kernel lists the portable code's, indices and differences bit for bit.
#[test]
fn every_kernel_lists_the_portable_changes() {
    let positions = random_positions(400, 17);
    let width = padded(INPUTS);
    let dense = |board: &Board, side: Side| {
        let mut inputs = SparseInputs::default();
        encode(board, side, true, &mut inputs);
        let mut dense = inputs.dense();
        dense.resize(width, 0.0);
        dense
    };
    let mut listed = 0;
    for pair in positions.windows(2) {
        let (new, old) = (dense(&pair[1].0, pair[1].1), dense(&pair[0].0, pair[0].1));
        let (mut changed, mut deltas) = (vec![0u16; width + LANES], vec![0.0f32; width + LANES]);
        let count = Kernel::Portable.list_changes(&new, &old, &mut changed, &mut deltas);
        let expected: Vec<(u16, f32)> = (0..width)
            .filter(|&i| new[i] != old[i])
            .map(|i| (i as u16, new[i] - old[i]))
            .collect();
        assert_eq!(
            changed[..count]
                .iter()
                .copied()
                .zip(deltas[..count].iter().copied())
                .collect::<Vec<_>>(),
            expected
        );
        for kernel in Kernel::available() {
            let (mut kernel_changed, mut kernel_deltas) =
                (vec![0u16; width + LANES], vec![0.0f32; width + LANES]);
            let kernel_count =
                kernel.list_changes(&new, &old, &mut kernel_changed, &mut kernel_deltas);
            assert_eq!(kernel_count, count, "{kernel:?}");
            assert_eq!(kernel_changed[..count], changed[..count], "{kernel:?}");
            let bits = |d: &[f32]| d.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(
                bits(&kernel_deltas[..count]),
                bits(&deltas[..count]),
                "{kernel:?}"
            );
        }
        // The one-block loop alone (what a processor without VBMI2 runs).
        #[cfg(target_arch = "x86_64")]
        if Kernel::available().contains(&Kernel::Avx512) {
            let (mut one_changed, mut one_deltas) =
                (vec![0u16; width + LANES], vec![0.0f32; width + LANES]);
            // SAFETY: the processor has AVX-512F and popcnt (a kernel available), and the
            // lists hold `LANES` more than `new`.
            let one_count = unsafe {
                super::x86_avx512::list_blocks(&new, &old, &mut one_changed, &mut one_deltas, 0, 0)
            };
            assert_eq!(one_count, count);
            assert_eq!(one_changed[..count], changed[..count]);
            assert_eq!(one_deltas[..count], deltas[..count]);
        }
        listed += count;
    }
    assert!(listed > 1000);
}
