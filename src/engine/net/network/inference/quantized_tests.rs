//! The quantised second layer: its kernels against each other (bit for bit), its sums
//! against overflow, and its outputs and 0-ply plays against the training network's.

use super::quantized::{activation_one, QuantizedKernel, QuantizedLayer, ACTIVATION_SCALE};
use super::tests::random_positions;
use super::*;
use crate::engine::net::inputs::{encode, INPUTS};
use crate::engine::net::network::Shape;
use crate::engine::net::NetClass;
use crate::rules::{legal_plays, Dice, Side, Variant};
use rand::{Rng, SeedableRng};

/// The largest output difference from the training network the quantised contact network
/// may show (the measured worst case over the positions of
/// `the_quantized_network_stays_near_the_training_outputs`, with margin; see
/// `docs/evaluator.md`).
const QUANTIZED_BOUND: f32 = 1e-3;

/// The quantised activation is `ACTIVATION_SCALE` times the exact sigmoid rounded, but for
/// the polynomial's error (0.011 at most): within 0.511 of it over [-20, 20] every 2^-12 and
/// at the clamp's edges, in [0, `ACTIVATION_SCALE`] everywhere; and every kernel computes it
/// bit for bit, on those points and on 100,000 random f32 of every magnitude (an even and an
/// odd number of registers of them).
#[test]
fn the_quantized_activation_is_the_scaled_sigmoid_rounded_by_every_kernel() {
    let mut points: Vec<f32> = (-20 * 4096..=20 * 4096)
        .map(|k| k as f32 / 4096.0)
        .collect();
    points.extend([
        15.999,
        -15.999,
        16.0,
        -16.0,
        1e30,
        -1e30,
        f32::MAX,
        f32::MIN,
        0.0,
        -0.0,
    ]);
    let mut largest = 0.0f64;
    for &x in &points {
        let q = activation_one(x);
        assert!((0..=ACTIVATION_SCALE as i16).contains(&q), "{x}: {q}");
        let exact = f64::from(ACTIVATION_SCALE) / (1.0 + (-f64::from(x)).exp());
        largest = largest.max((f64::from(q) - exact).abs());
    }
    assert!(largest <= 0.511, "{largest}");
    let mut rng = rand::rngs::StdRng::seed_from_u64(41);
    points.extend((0..100_000).map(|_| f32::from_bits(rng.gen::<u32>() & 0xbfff_ffff)));
    points.extend((0..100_000).map(|_| rng.gen_range(-17.0f32..17.0)));
    points.truncate(points.len() / 16 * 16);
    let mut expected = vec![0i16; points.len()];
    QuantizedLayer::activate_with(QuantizedKernel::Portable, &points, &mut expected);
    // An even and an odd number of registers (AVX-512 packs two registers at a time).
    for length in [points.len(), points.len() - LANES] {
        assert!(length.is_multiple_of(LANES));
        for kernel in Kernel::available() {
            let kernel = QuantizedKernel::for_kernel(kernel);
            let mut out = vec![0i16; length];
            QuantizedLayer::activate_with(kernel, &points[..length], &mut out);
            for ((x, a), b) in points.iter().zip(&out).zip(&expected) {
                assert_eq!(a, b, "{kernel:?} at {x}");
            }
        }
    }
}

/// Every kernel of the quantised path gives the portable outputs bit for bit, one position
/// at a time, carried, and in batches (longer and shorter than a block), for shapes whose
/// widths are and are not multiples of 16.
#[test]
fn every_kernel_gives_the_portable_quantized_outputs_bit_for_bit() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let positions = random_positions(150, 13);
    for (hidden, second) in [(128, 16), (40, 7), (96, 40), (512, 32)] {
        let shape = Shape {
            inputs: INPUTS,
            hidden,
            second,
        };
        let network = Network::random_shaped(shape, &mut rng);
        let portable = InferenceNetwork::quantized_with_kernel(&network, Kernel::Portable);
        assert!(portable.is_quantized());
        for kernel in Kernel::available() {
            let fast = InferenceNetwork::quantized_with_kernel(&network, kernel);
            let layer = fast.quantized.as_ref().expect("quantised");
            #[cfg(target_arch = "x86_64")]
            if kernel == Kernel::Avx512 && is_x86_feature_detected!("avx512vnni") {
                assert_eq!(layer.kernel(), QuantizedKernel::Avx512Vnni);
            }
            if kernel == Kernel::Avx2 {
                assert_eq!(layer.kernel(), QuantizedKernel::Avx2);
            }
            let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
            let mut carried = [FirstLayerSums::default(), FirstLayerSums::default()];
            let mut batches = [Batch::default(), Batch::default()];
            let mut compared = 0;
            for (board, side, _) in &positions {
                encode(board, *side, true, &mut inputs);
                let expected = portable.evaluate(&inputs, &mut scratch);
                assert_eq!(fast.evaluate(&inputs, &mut scratch), expected, "{kernel:?}");
                let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
                let plays = legal_plays(board, *side, dice);
                for batch in &mut batches {
                    batch.clear();
                }
                for carried in &mut carried {
                    carried.clear();
                }
                let mut one_by_one = Vec::new();
                for play in &plays {
                    encode(&play.result, side.opponent(), true, &mut inputs);
                    let single = portable.evaluate_from(&inputs, &mut carried[0], &mut scratch);
                    let fast_single = fast.evaluate_from(&inputs, &mut carried[1], &mut scratch);
                    assert_eq!(fast_single, single, "{kernel:?} carried");
                    one_by_one.push(single);
                    portable.add_to_batch(&inputs, &mut batches[0]);
                    fast.add_to_batch(&inputs, &mut batches[1]);
                }
                let [portable_batch, fast_batch] = &mut batches;
                let expected = portable.batch_outputs(portable_batch);
                assert_eq!(fast.batch_outputs(fast_batch), expected, "{kernel:?} batch");
                // The second layer's sums are exact integers: a batch gives the outputs of
                // the plays one by one bit for bit (the f32 path only up to rounding).
                assert_eq!(expected, &one_by_one[..]);
                compared += plays.len();
            }
            assert!(compared > 1000, "{compared}");
        }
    }
}

/// No sum of the quantised second layer can overflow: the bound the scales were chosen by
/// holds for the built-in network and random ones, and the sums that reach it (each unit's
/// activations at their largest where its weights are positive, or where they are
/// negative, and zero elsewhere) come out as the exact sums do.
#[test]
fn the_quantized_sums_cannot_overflow() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(37);
    let evaluator = crate::engine::net::NetEvaluator::embedded();
    let mut networks = vec![evaluator.nets().network(NetClass::Contact).clone()];
    for (hidden, second) in [(512, 32), (96, 40)] {
        let shape = Shape {
            inputs: INPUTS,
            hidden,
            second,
        };
        networks.push(Network::random_shaped(shape, &mut rng));
    }
    for network in &networks {
        for kernel in Kernel::available() {
            let fast = InferenceNetwork::quantized_with_kernel(network, kernel);
            let layer = fast.quantized.as_ref().expect("quantised");
            let largest = layer.largest_possible_sum();
            assert!(largest <= i64::from(i32::MAX), "{largest}");
            // A quarter of the bound at least: the scales use the room they have.
            assert!(largest > i64::from(i32::MAX) / 4, "{largest}");
            let (hidden, width) = (fast.hidden, layer.width());
            for unit in 0..width {
                for positive in [true, false] {
                    let activations: Vec<i16> = (0..hidden)
                        .map(|h| {
                            let weight = network_weight(network, h, unit);
                            if (weight > 0.0) == positive && weight != 0.0 {
                                ACTIVATION_SCALE as i16
                            } else {
                                0
                            }
                        })
                        .collect();
                    let mut sums = vec![0.0f32; width];
                    layer.sums(&activations, &mut sums);
                    let exact = layer.exact_sum(&activations, unit);
                    assert!(exact.abs() <= i64::from(i32::MAX));
                    let expected = (exact as i32 as f32)
                        .mul_add(layer.dequantize_of(unit), layer.bias_of(unit));
                    assert_eq!(sums[unit], expected, "{kernel:?} unit {unit}");
                }
            }
        }
    }
}

/// First-layer unit `h`'s f32 weight into second-layer unit `unit` (zero for padding; the
/// quantised layout keeps no f32 copy of the second layer).
fn network_weight(network: &Network, h: usize, unit: usize) -> f32 {
    if h < network.hidden && unit < network.second {
        network.second_weights[unit * network.hidden + h]
    } else {
        0.0
    }
}

/// The quantised contact network against the training network (f32 [`Network::evaluate`])
/// over more than 90,000 contact positions after the plays of random rolls in random games,
/// fresh, carried and in batches: the largest and the root-mean-square output difference.
#[test]
#[allow(clippy::print_stderr)] // the figures are reported (cargo test -- --nocapture)
fn the_quantized_network_stays_near_the_training_outputs() {
    let evaluator = crate::engine::net::NetEvaluator::embedded();
    let network = evaluator.nets().network(NetClass::Contact);
    let fast = InferenceNetwork::quantized(network);
    let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
    let mut carried = FirstLayerSums::default();
    let mut batch = Batch::default();
    let (mut largest, mut squares, mut count) = (0.0f32, 0.0f64, 0usize);
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    for (board, side, _) in random_positions(6000, 5) {
        let dice = Dice::new(rng.gen_range(1..=6), rng.gen_range(1..=6)).expect("dice");
        let mut references = Vec::new();
        batch.clear();
        carried.clear();
        for play in legal_plays(&board, side, dice) {
            let class = crate::engine::net::PositionClass::of(&play.result);
            if class.network() != Some(NetClass::Contact) {
                continue;
            }
            encode(&play.result, side.opponent(), true, &mut inputs);
            let reference = network.evaluate(&inputs, &mut scratch);
            let fresh = fast.evaluate(&inputs, &mut scratch);
            let carried = fast.evaluate_from(&inputs, &mut carried, &mut scratch);
            fast.add_to_batch(&inputs, &mut batch);
            for outputs in [fresh, carried] {
                for (a, b) in outputs.iter().zip(&reference) {
                    largest = largest.max((a - b).abs());
                }
            }
            references.push(reference);
        }
        let batched = fast.batch_outputs(&mut batch);
        assert_eq!(batched.len(), references.len());
        for (outputs, reference) in batched.iter().zip(&references) {
            for (a, b) in outputs.iter().zip(reference) {
                largest = largest.max((a - b).abs());
                squares += f64::from(a - b).powi(2);
                count += 1;
            }
        }
    }
    let positions = count / OUTPUTS;
    let rms = (squares / count as f64).sqrt();
    eprintln!("quantised: largest output difference {largest:e}, rms {rms:e}, over {positions} contact positions");
    assert!(positions > 90_000, "{positions}");
    assert!(largest <= QUANTIZED_BOUND, "largest difference {largest:e}");
}

/// The play a quantised evaluator chooses at 0 plies (a roll's plays in a batch) against the
/// f32 training networks' choice, on the evaluator bench's positions (those of the first
/// 6,500 lines of `fixtures/bench/positions-botplay.txt` with more than one play): the same
/// on at least 99% of them.
#[test]
#[allow(clippy::print_stderr)] // the figure is reported (cargo test -- --nocapture)
fn the_quantized_evaluator_chooses_the_training_networks_play_on_the_bench_positions() {
    use crate::engine::cube::Stakes;
    use crate::engine::evaluator::Evaluator;
    use crate::engine::net::{evaluator::possible_outputs, NetEvaluator, PositionClass};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/bench/positions-botplay.txt"
    );
    let text = std::fs::read_to_string(path).expect("the bench's positions");
    let evaluator = NetEvaluator::embedded();
    let exact = NetEvaluator::exact(evaluator.nets().clone(), "exact".to_string());
    let state = crate::rules::MatchState::new_money_game(Variant::Standard, Side::X);
    let context = Stakes::from_state(&state);
    let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
    let (mut roots, mut agreed, mut agreed_exact) = (0, 0, 0);
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
        let chosen_exact = exact.rank_plays(&board, &plays, Side::X, &context)[0].index;
        let mut best = (f64::NEG_INFINITY, 0);
        for (index, play) in plays.iter().enumerate() {
            let after = &play.result;
            let score = match PositionClass::of(after).network() {
                Some(class) => {
                    encode(after, Side::O, class == NetClass::Contact, &mut inputs);
                    let outputs = exact.nets().network(class).evaluate(&inputs, &mut scratch);
                    context.cubeless_equity(
                        &possible_outputs(outputs, after, Variant::Standard, Side::O).inverted(),
                        Side::X,
                    )
                }
                None => exact.play_score(&board, after, Side::X, &context),
            };
            if score > best.0 {
                best = (score, index);
            }
        }
        roots += 1;
        agreed += usize::from(best.1 == chosen);
        agreed_exact += usize::from(chosen_exact == chosen);
    }
    eprintln!(
        "quantised: the training networks' play on {agreed} of {roots} bench positions, the exact evaluator's on {agreed_exact}"
    );
    assert!(roots > 5000, "{roots}");
    assert!(
        agreed * 100 >= roots * 99,
        "the same play on {agreed} of {roots} bench positions"
    );
}

/// Every kernel's second-layer sums are the portable ones bit for bit, the layer called
/// directly: blocks whose positions share none, half, most or all of their pairs of
/// activations with the first position (as a roll's plays do), widths of one, two and three
/// registers, layers whose pairs do and do not fill whole registers, and 1 to 9 positions
/// (every tile shape the kernels split a block into).
#[test]
fn every_kernel_sums_blocks_with_shared_activations_as_the_portable_code() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(43);
    for (hidden, width) in [(32, 16), (80, 32), (96, 48), (512, 32)] {
        let columns: Vec<f32> = (0..hidden * width)
            .map(|_| rng.gen_range(-2.0f32..2.0))
            .collect();
        let bias: Vec<f32> = (0..width).map(|_| rng.gen_range(-1.0f32..1.0)).collect();
        let portable = QuantizedLayer::new(&columns, &bias, Kernel::Portable);
        for positions in 1..=9 {
            for shared in [0.0, 0.5, 0.9, 1.0] {
                let first: Vec<i16> = (0..hidden).map(|_| rng.gen_range(0..=4096)).collect();
                let mut xs = first.clone();
                for _ in 1..positions {
                    for pair in first.chunks_exact(2) {
                        if rng.gen_bool(shared) {
                            xs.extend_from_slice(pair);
                        } else {
                            // Either activation of the pair may differ.
                            let changed = rng.gen_range(0..3);
                            for (j, &value) in pair.iter().enumerate() {
                                xs.push(if changed == j || changed == 2 {
                                    rng.gen_range(0..=4096)
                                } else {
                                    value
                                });
                            }
                        }
                    }
                }
                let mut expected = vec![0.0f32; positions * width];
                portable.sums(&xs, &mut expected);
                for kernel in Kernel::available() {
                    let layer = QuantizedLayer::new(&columns, &bias, kernel);
                    let mut out = vec![0.0f32; positions * width];
                    layer.sums(&xs, &mut out);
                    assert_eq!(
                        out, expected,
                        "{kernel:?}, {hidden}x{width}, {positions} positions, {shared} shared"
                    );
                }
            }
        }
    }
}
