//! A network of one or two hidden layers: sparse inputs, sigmoid hidden units, five sigmoid
//! outputs (the outcome probabilities of [`crate::engine::Probabilities`], cumulative as
//! gnubg's are).
//!
//! The hidden weights are stored input-major, so that the first layer is a sum of the rows of
//! the inputs that are non-zero, each row a contiguous run the compiler vectorises; the hidden
//! activation uses an exponential built from plain arithmetic for the same reason. The
//! gradients (`gradient.rs`), the changes of shape (`reshape.rs`), the evaluation of
//! positions that differ in a few inputs (`incremental.rs`) and the copy of the weights that
//! play evaluates, with explicit SIMD kernels (`inference/`), are beside this file.

use crate::engine::net::inputs::SparseInputs;
use rand::Rng;

mod gradient;
mod incremental;
mod inference;
mod reshape;

pub use incremental::FirstLayerSums;
pub use inference::{Batch, BatchCounts, BatchStage, InferenceNetwork, Kernel};

/// Outputs: win, win gammon, win backgammon, lose gammon, lose backgammon.
pub const OUTPUTS: usize = 5;

/// Hidden units summed together in the first layer: 64 floats are eight AVX registers.
const HIDDEN_TILE: usize = 64;

/// Weights of one network.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    inputs: usize,
    hidden: usize,
    /// `inputs * hidden`: row `i` holds input `i`'s weight into each hidden unit.
    hidden_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    /// Units of the second hidden layer (0: none, the outputs read the first layer).
    second: usize,
    /// `second * hidden`: row `j` holds each first-layer unit's weight into second-layer
    /// unit `j` (output-major, so that each unit is one dot product).
    second_weights: Vec<f32>,
    second_bias: Vec<f32>,
    /// `OUTPUTS * last`, `last` the units of the last hidden layer: row `k` holds each of
    /// them's weight into output `k`.
    output_weights: Vec<f32>,
    output_bias: [f32; OUTPUTS],
}

/// The sizes of a network's layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Inputs.
    pub inputs: usize,
    /// Units of the first hidden layer.
    pub hidden: usize,
    /// Units of the second hidden layer (0 for none).
    pub second: usize,
}

impl Shape {
    /// How many weights (and biases) a network of this shape has.
    #[must_use]
    pub fn parameter_count(self) -> usize {
        let last = if self.second > 0 {
            self.second
        } else {
            self.hidden
        };
        self.inputs * self.hidden
            + self.hidden
            + self.second * self.hidden
            + self.second
            + OUTPUTS * last
            + OUTPUTS
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.inputs, self.hidden)?;
        if self.second > 0 {
            write!(f, "-{}", self.second)?;
        }
        write!(f, "-{OUTPUTS}")
    }
}

/// Working memory for one evaluation (kept by the caller so that evaluating allocates nothing).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    hidden: Vec<f32>,
    hidden_delta: Vec<f32>,
    second: Vec<f32>,
    second_delta: Vec<f32>,
    /// The first layer's activations as integers (a quantised second layer).
    quantized: Vec<i16>,
}

/// e^x for `x` in about -87..88, from 2^(x log2 e) with the Taylor series of 2^f to degree 7
/// for the fraction: relative error under 5e-6, and no call to the C library, so loops over it vectorise.
#[inline(always)]
fn exp_approx(x: f32) -> f32 {
    let t = x.clamp(-80.0, 80.0) * std::f32::consts::LOG2_E;
    let truncated = t as i32;
    let below = i32::from(t < truncated as f32);
    let whole = truncated - below;
    let f = t - whole as f32;
    let p = 1.0
        + f * (std::f32::consts::LN_2
            + f * (0.240_226_5
                + f * (0.055_504_11
                    + f * (0.009_618_129
                        + f * (0.001_333_355_8 + f * (0.000_154_035_3 + f * 0.000_015_252_7))))));
    f32::from_bits(((whole + 127) as u32) << 23) * p
}

/// A dot product summed in eight independent lanes (a plain `sum()` of floats must add in
/// order, one dependent addition after another, and does not vectorise).
#[inline(always)]
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let chunks = a.chunks_exact(8).zip(b.chunks_exact(8));
    for (x, y) in chunks {
        for lane in 0..8 {
            lanes[lane] += x[lane] * y[lane];
        }
    }
    let tail: f32 = a
        .chunks_exact(8)
        .remainder()
        .iter()
        .zip(b.chunks_exact(8).remainder())
        .map(|(&x, &y)| x * y)
        .sum();
    lanes.iter().sum::<f32>() + tail
}

/// The dot products of `x` with `R` consecutive rows of `rows` (each `x.len()` long), eight
/// lanes a row, every row's lanes in registers at once: the second layer of 32 units, as one
/// dot product after another, cost 30% more time (each sum a chain of dependent additions
/// as long as the first layer is wide). Eight rows of eight lanes compile to eight vector
/// accumulators; other row counts do not vectorise as cleanly.
#[inline(always)]
fn dot_rows<const R: usize>(rows: &[f32], x: &[f32]) -> [f32; R] {
    let width = x.len();
    let (x_chunks, x_tail) = x.as_chunks::<8>();
    let rows: [&[f32]; R] = std::array::from_fn(|r| &rows[r * width..(r + 1) * width]);
    let row_chunks: [&[[f32; 8]]; R] = std::array::from_fn(|r| rows[r].as_chunks::<8>().0);
    let mut lanes = [[0.0f32; 8]; R];
    for (chunk, xs) in x_chunks.iter().enumerate() {
        for (lane_sums, weights) in lanes.iter_mut().zip(&row_chunks) {
            let weights = &weights[chunk];
            for lane in 0..8 {
                lane_sums[lane] += weights[lane] * xs[lane];
            }
        }
    }
    let whole = width - x_tail.len();
    std::array::from_fn(|r| {
        let tail: f32 = rows[r][whole..]
            .iter()
            .zip(x_tail)
            .map(|(&w, &v)| w * v)
            .sum();
        lanes[r].iter().sum::<f32>() + tail
    })
}

/// Whether this processor runs the AVX2 and FMA versions of the loops (checked once).
#[cfg(target_arch = "x86_64")]
fn wide_vectors() -> bool {
    static WIDE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *WIDE.get_or_init(|| is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma"))
}

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp_approx(-x))
}

/// `count` weights drawn evenly from plus or minus one over the square root of `fan_in`.
fn random_weights(count: usize, fan_in: usize, rng: &mut impl Rng) -> Vec<f32> {
    let scale = 1.0 / (fan_in.max(1) as f32).sqrt();
    (0..count).map(|_| rng.gen_range(-scale..scale)).collect()
}

impl Network {
    /// A one-hidden-layer network with small random weights (the start of training).
    #[must_use]
    pub fn random(inputs: usize, hidden: usize, rng: &mut impl Rng) -> Network {
        Network::random_shaped(
            Shape {
                inputs,
                hidden,
                second: 0,
            },
            rng,
        )
    }

    /// A network of `shape` with small random weights (the start of training).
    #[must_use]
    pub fn random_shaped(shape: Shape, rng: &mut impl Rng) -> Network {
        let Shape {
            inputs,
            hidden,
            second,
        } = shape;
        let last = if second > 0 { second } else { hidden };
        Network {
            inputs,
            hidden,
            hidden_weights: random_weights(inputs * hidden, inputs, rng),
            hidden_bias: vec![0.0; hidden],
            second,
            second_weights: random_weights(second * hidden, hidden, rng),
            second_bias: vec![0.0; second],
            output_weights: random_weights(OUTPUTS * last, last, rng),
            output_bias: [0.0; OUTPUTS],
        }
    }

    /// A network of `shape` from its weights in file order (see [`Network::parameters`]);
    /// `None` when their number does not fit the shape.
    pub(crate) fn from_parameters(shape: Shape, weights: &[f32]) -> Option<Network> {
        if weights.len() != shape.parameter_count() {
            return None;
        }
        let Shape {
            inputs,
            hidden,
            second,
        } = shape;
        let mut rest = weights;
        let mut take = |n: usize| {
            let (part, after) = rest.split_at(n);
            rest = after;
            part.to_vec()
        };
        let hidden_weights = take(inputs * hidden);
        let hidden_bias = take(hidden);
        let second_weights = take(second * hidden);
        let second_bias = take(second);
        let last = if second > 0 { second } else { hidden };
        let output_weights = take(OUTPUTS * last);
        let output_bias = take(OUTPUTS).try_into().ok()?;
        Some(Network {
            inputs,
            hidden,
            hidden_weights,
            hidden_bias,
            second,
            second_weights,
            second_bias,
            output_weights,
            output_bias,
        })
    }

    /// Moves each output's bias by `shift` (in logits, before the sigmoid): the calibration
    /// of `tavli train calibrate`.
    pub fn shift_output_bias(&mut self, shift: &[f32; OUTPUTS]) {
        for (bias, shift) in self.output_bias.iter_mut().zip(shift) {
            *bias += shift;
        }
    }

    /// The outputs for a dense input vector, summed plainly (the oracle of the sparse path).
    #[cfg(test)]
    pub(crate) fn dense_outputs(&self, inputs: &[f32]) -> [f32; OUTPUTS] {
        let plain_sigmoid = |x: f32| 1.0 / (1.0 + (-x).exp());
        let hidden: Vec<f32> = (0..self.hidden)
            .map(|unit| {
                let sum: f32 = inputs
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| x * self.hidden_weights[i * self.hidden + unit])
                    .sum();
                plain_sigmoid(sum + self.hidden_bias[unit])
            })
            .collect();
        let second: Vec<f32> = (0..self.second)
            .map(|unit| {
                let row = &self.second_weights[unit * self.hidden..(unit + 1) * self.hidden];
                let sum: f32 = row.iter().zip(&hidden).map(|(w, h)| w * h).sum();
                plain_sigmoid(sum + self.second_bias[unit])
            })
            .collect();
        let last = if self.second > 0 { &second } else { &hidden };
        let mut outputs = self.output_bias;
        for (k, output) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * last.len()..(k + 1) * last.len()];
            let sum: f32 = row.iter().zip(last).map(|(w, h)| w * h).sum();
            *output = plain_sigmoid(*output + sum);
        }
        outputs
    }

    /// Number of inputs.
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Number of units of the first hidden layer.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The sizes of the layers.
    #[must_use]
    pub fn shape(&self) -> Shape {
        Shape {
            inputs: self.inputs,
            hidden: self.hidden,
            second: self.second,
        }
    }

    /// Units of the last hidden layer, the one the outputs read.
    fn last(&self) -> usize {
        if self.second > 0 {
            self.second
        } else {
            self.hidden
        }
    }

    /// Every weight in file order: hidden weights, hidden biases, the second layer's weights
    /// and biases (if it has one), output weights, output biases.
    pub fn parameters(&self) -> impl Iterator<Item = f32> + '_ {
        self.hidden_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.second_weights)
            .chain(&self.second_bias)
            .chain(&self.output_weights)
            .chain(&self.output_bias)
            .copied()
    }

    /// Every weight, mutable, in file order (for optimisers).
    pub fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.hidden_weights
            .iter_mut()
            .chain(self.hidden_bias.iter_mut())
            .chain(self.second_weights.iter_mut())
            .chain(self.second_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(self.output_bias.iter_mut())
    }

    #[inline(always)]
    fn hidden_layer(&self, inputs: &SparseInputs, scratch: &mut Scratch) {
        let hidden = &mut scratch.hidden;
        self.first_layer_sums(inputs, hidden);
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
    }

    /// The first layer's sums before the activation (bias included) for `inputs`.
    #[inline(always)]
    fn first_layer_sums(&self, inputs: &SparseInputs, sums: &mut Vec<f32>) {
        sums.clear();
        sums.extend_from_slice(&self.hidden_bias);
        // A tile of hidden units at a time, summed over every non-zero input, so that the
        // partial sums stay in registers (a whole 256-unit layer does not fit in them, and
        // would go to memory and back once per input).
        let whole_tiles = self.hidden / HIDDEN_TILE * HIDDEN_TILE;
        for start in (0..whole_tiles).step_by(HIDDEN_TILE) {
            let mut tile = [0.0f32; HIDDEN_TILE];
            tile.copy_from_slice(&sums[start..start + HIDDEN_TILE]);
            for (index, value) in inputs.iter() {
                let row = &self.hidden_weights[index * self.hidden + start..][..HIDDEN_TILE];
                for (h, &w) in tile.iter_mut().zip(row) {
                    *h += value * w;
                }
            }
            sums[start..start + HIDDEN_TILE].copy_from_slice(&tile);
        }
        // Units past the last whole tile (none for the built-in sizes, 64, 128 and 256).
        if whole_tiles < self.hidden {
            for (index, value) in inputs.iter() {
                let row = &self.hidden_weights[index * self.hidden..(index + 1) * self.hidden];
                for (h, &w) in sums[whole_tiles..].iter_mut().zip(&row[whole_tiles..]) {
                    *h += value * w;
                }
            }
        }
    }

    /// The second hidden layer from the first (nothing when the network has none).
    #[inline(always)]
    fn second_layer(&self, scratch: &mut Scratch) {
        if self.second == 0 {
            return;
        }
        let Scratch { hidden, second, .. } = scratch;
        second.clear();
        // Eight units at a time (the built-in sizes are multiples of eight), the rest singly.
        const BLOCK: usize = 8;
        let blocks = self.second / BLOCK;
        for block in 0..blocks {
            let rows = &self.second_weights[block * BLOCK * self.hidden..][..BLOCK * self.hidden];
            let sums = dot_rows::<BLOCK>(rows, hidden);
            let biases = &self.second_bias[block * BLOCK..][..BLOCK];
            second.extend(
                sums.iter()
                    .zip(biases)
                    .map(|(&sum, &bias)| sigmoid(sum + bias)),
            );
        }
        for unit in blocks * BLOCK..self.second {
            let row = &self.second_weights[unit * self.hidden..(unit + 1) * self.hidden];
            second.push(sigmoid(dot(row, hidden) + self.second_bias[unit]));
        }
    }

    #[inline(always)]
    fn output_layer(&self, last: &[f32]) -> [f32; OUTPUTS] {
        // Five rows one after another: the processor overlaps their independent sums, and
        // `dot_rows::<5>` does not vectorise as cleanly as blocks of eight.
        let width = self.last();
        let mut outputs = self.output_bias;
        for (k, output) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * width..(k + 1) * width];
            let sum = dot(row, last);
            *output = 1.0 / (1.0 + (-(*output + sum)).exp());
        }
        outputs
    }

    /// Every layer in turn; the activations stay in `scratch` for the gradient.
    #[inline(always)]
    fn forward(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.hidden_layer(inputs, scratch);
        self.second_layer(scratch);
        if self.second > 0 {
            self.output_layer(&scratch.second)
        } else {
            self.output_layer(&scratch.hidden)
        }
    }

    /// The five outputs for `inputs`.
    pub fn evaluate(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if wide_vectors() {
            // SAFETY: the processor has AVX2 and FMA (checked at run time just above).
            return unsafe { self.evaluate_wide(inputs, scratch) };
        }
        self.forward(inputs, scratch)
    }

    /// [`Network::evaluate`] compiled for AVX2 and FMA (8 lanes instead of SSE2's 4).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn evaluate_wide(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.forward(inputs, scratch)
    }
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::engine::net::inputs::{encode, INPUTS};
    use crate::rules::{Board, Side, Variant};
    use rand::SeedableRng;

    #[test]
    fn the_approximate_exponential_is_close() {
        for i in -2000..2000 {
            let x = i as f32 / 100.0;
            let relative = (exp_approx(x) - x.exp()).abs() / x.exp();
            assert!(relative < 5e-6, "{x}: {relative}");
        }
    }

    #[test]
    fn training_moves_the_outputs_towards_the_targets() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut net = Network::random(INPUTS, 16, &mut rng);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let mut scratch = Scratch::default();
        let targets = [1.0, 0.5, 0.0, 0.2, 0.0];
        let before = net.evaluate(&inputs, &mut scratch);
        for _ in 0..200 {
            net.train(&inputs, &targets, 0.05, &mut scratch);
        }
        let after = net.evaluate(&inputs, &mut scratch);
        for k in 0..OUTPUTS {
            assert!((after[k] - targets[k]).abs() < (before[k] - targets[k]).abs() + 1e-6);
            assert!((after[k] - targets[k]).abs() < 0.05, "{k}: {}", after[k]);
        }
    }

    #[test]
    fn the_sparse_path_computes_the_dense_sum_with_and_without_a_second_layer() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut inputs = SparseInputs::default();
        encode(&Board::start(Variant::Standard), Side::X, true, &mut inputs);
        let dense = inputs.dense();
        let mut scratch = Scratch::default();
        for second in [0, 7, 16] {
            let shape = Shape {
                inputs: INPUTS,
                hidden: 70,
                second,
            };
            let net = Network::random_shaped(shape, &mut rng);
            assert_eq!(net.parameters().count(), shape.parameter_count());
            let (sparse, plain) = (
                net.evaluate(&inputs, &mut scratch),
                net.dense_outputs(&dense),
            );
            for (a, b) in sparse.iter().zip(&plain) {
                assert!((a - b).abs() < 1e-5, "{second}: {sparse:?} {plain:?}");
            }
            let again = Network::from_parameters(shape, &net.parameters().collect::<Vec<_>>());
            assert_eq!(again.as_ref(), Some(&net));
            assert!(Network::from_parameters(shape, &[0.0; 3]).is_none());
        }
    }

    #[test]
    fn a_widened_network_computes_the_same_function() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        let network = Network::random(INPUTS, 5, &mut rng);
        let wider = network.widened(13, 0.0, &mut rng);
        assert_eq!(wider.hidden(), 13);
        let mut scratch = Scratch::default();
        let mut inputs = SparseInputs::default();
        let mut board = Board::start(Variant::Standard);
        for dice in crate::rules::Dice::all_rolls().into_iter().take(8) {
            encode(&board, Side::X, true, &mut inputs);
            let (a, b) = (
                network.evaluate(&inputs, &mut scratch),
                wider.evaluate(&inputs, &mut scratch),
            );
            for (x, y) in a.iter().zip(&b) {
                assert!((x - y).abs() < 1e-5, "{a:?} {b:?}");
            }
            if let Some(play) = crate::rules::legal_plays(&board, Side::X, dice).first() {
                board = play.result;
            }
        }
        assert_eq!(network.widened(3, 0.0, &mut rng), network);
    }
}
