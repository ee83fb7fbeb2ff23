//! A one-hidden-layer network: sparse inputs, sigmoid hidden units, five sigmoid outputs (the
//! outcome probabilities of [`crate::engine::Probabilities`], cumulative as gnubg's are).
//!
//! The hidden weights are stored input-major, so that the first layer is a sum of the rows of
//! the inputs that are non-zero, each row a contiguous run the compiler vectorises; the hidden
//! activation uses an exponential built from plain arithmetic for the same reason. The same
//! code trains the network (one gradient step on the cross-entropy of the five outputs).

use crate::engine::net::inputs::SparseInputs;
use rand::Rng;

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
    /// `OUTPUTS * hidden`: row `k` holds each hidden unit's weight into output `k`.
    output_weights: Vec<f32>,
    output_bias: [f32; OUTPUTS],
}

/// Working memory for one evaluation (kept by the caller so that evaluating allocates nothing).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    hidden: Vec<f32>,
    hidden_delta: Vec<f32>,
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

impl Network {
    /// A network with small random weights (the start of training).
    #[must_use]
    pub fn random(inputs: usize, hidden: usize, rng: &mut impl Rng) -> Network {
        let scale = 1.0 / (inputs as f32).sqrt();
        let output_scale = 1.0 / (hidden as f32).sqrt();
        Network {
            inputs,
            hidden,
            hidden_weights: (0..inputs * hidden)
                .map(|_| rng.gen_range(-scale..scale))
                .collect(),
            hidden_bias: vec![0.0; hidden],
            output_weights: (0..OUTPUTS * hidden)
                .map(|_| rng.gen_range(-output_scale..output_scale))
                .collect(),
            output_bias: [0.0; OUTPUTS],
        }
    }

    /// A network from its parts (checked by the weight-file reader).
    pub(crate) fn from_parts(
        inputs: usize,
        hidden: usize,
        hidden_weights: Vec<f32>,
        hidden_bias: Vec<f32>,
        output_weights: Vec<f32>,
        output_bias: [f32; OUTPUTS],
    ) -> Network {
        debug_assert_eq!(hidden_weights.len(), inputs * hidden);
        debug_assert_eq!(hidden_bias.len(), hidden);
        debug_assert_eq!(output_weights.len(), OUTPUTS * hidden);
        Network {
            inputs,
            hidden,
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias,
        }
    }

    /// Moves each output's bias by `shift` (in logits, before the sigmoid): the calibration
    /// of `tavli train calibrate`.
    pub fn shift_output_bias(&mut self, shift: &[f32; OUTPUTS]) {
        for (bias, shift) in self.output_bias.iter_mut().zip(shift) {
            *bias += shift;
        }
    }

    /// The same function with `hidden` hidden units (at least the present number): each new
    /// unit copies an existing one, its input weights nudged by `noise` so that the copies can
    /// learn apart, and every copied unit's output weights are shared among its copies
    /// (Net2Net widening), so training goes on from what the network already knows.
    #[must_use]
    pub fn widened(&self, hidden: usize, noise: f32, rng: &mut impl Rng) -> Network {
        let old = self.hidden;
        if hidden <= old || old == 0 {
            return self.clone();
        }
        let source: Vec<usize> = (0..hidden)
            .map(|unit| {
                if unit < old {
                    unit
                } else {
                    rng.gen_range(0..old)
                }
            })
            .collect();
        let mut copies = vec![0u32; old];
        for &unit in &source {
            copies[unit] += 1;
        }
        let mut hidden_weights = vec![0.0; self.inputs * hidden];
        for input in 0..self.inputs {
            for (unit, &from) in source.iter().enumerate() {
                let weight = self.hidden_weights[input * old + from];
                let nudge = if unit < old {
                    0.0
                } else {
                    rng.gen_range(-noise..=noise)
                };
                hidden_weights[input * hidden + unit] = weight + nudge;
            }
        }
        let hidden_bias = source.iter().map(|&from| self.hidden_bias[from]).collect();
        let mut output_weights = vec![0.0; OUTPUTS * hidden];
        for output in 0..OUTPUTS {
            for (unit, &from) in source.iter().enumerate() {
                output_weights[output * hidden + unit] =
                    self.output_weights[output * old + from] / copies[from] as f32;
            }
        }
        Network {
            inputs: self.inputs,
            hidden,
            hidden_weights,
            hidden_bias,
            output_weights,
            output_bias: self.output_bias,
        }
    }

    /// The same function over a larger input vector: old input `i` becomes input `place(i)`,
    /// and the weights from every new input are zero (so a net trained on an older encoding
    /// computes what it did, and training can teach it the new inputs).
    #[must_use]
    pub fn with_inputs(&self, inputs: usize, place: impl Fn(usize) -> usize) -> Network {
        let hidden = self.hidden;
        let mut hidden_weights = vec![0.0; inputs * hidden];
        for (old, row) in self.hidden_weights.chunks_exact(hidden).enumerate() {
            let new = place(old);
            hidden_weights[new * hidden..(new + 1) * hidden].copy_from_slice(row);
        }
        Network {
            inputs,
            hidden_weights,
            ..self.clone()
        }
    }

    /// The outputs for a dense input vector, summed plainly (the oracle of the sparse path).
    #[cfg(test)]
    pub(crate) fn dense_outputs(&self, inputs: &[f32]) -> [f32; OUTPUTS] {
        let hidden: Vec<f32> = (0..self.hidden)
            .map(|unit| {
                let sum: f32 = inputs
                    .iter()
                    .enumerate()
                    .map(|(i, &x)| x * self.hidden_weights[i * self.hidden + unit])
                    .sum();
                1.0 / (1.0 + (-(sum + self.hidden_bias[unit])).exp())
            })
            .collect();
        let mut outputs = self.output_bias;
        for (k, output) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * self.hidden..(k + 1) * self.hidden];
            let sum: f32 = row.iter().zip(&hidden).map(|(w, h)| w * h).sum();
            *output = 1.0 / (1.0 + (-(*output + sum)).exp());
        }
        outputs
    }

    /// Number of inputs.
    #[must_use]
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Number of hidden units.
    #[must_use]
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Every weight in file order: hidden weights, hidden biases, output weights, output biases.
    pub fn parameters(&self) -> impl Iterator<Item = f32> + '_ {
        self.hidden_weights
            .iter()
            .chain(&self.hidden_bias)
            .chain(&self.output_weights)
            .chain(&self.output_bias)
            .copied()
    }

    #[inline(always)]
    fn hidden_layer(&self, inputs: &SparseInputs, scratch: &mut Scratch) {
        let hidden = &mut scratch.hidden;
        hidden.clear();
        hidden.extend_from_slice(&self.hidden_bias);
        // A tile of hidden units at a time, summed over every non-zero input, so that the
        // partial sums stay in registers (a whole 256-unit layer does not fit in them, and
        // would go to memory and back once per input).
        let whole_tiles = self.hidden / HIDDEN_TILE * HIDDEN_TILE;
        for start in (0..whole_tiles).step_by(HIDDEN_TILE) {
            let mut tile = [0.0f32; HIDDEN_TILE];
            tile.copy_from_slice(&hidden[start..start + HIDDEN_TILE]);
            for (index, value) in inputs.iter() {
                let row = &self.hidden_weights[index * self.hidden + start..][..HIDDEN_TILE];
                for (h, &w) in tile.iter_mut().zip(row) {
                    *h += value * w;
                }
            }
            hidden[start..start + HIDDEN_TILE].copy_from_slice(&tile);
        }
        // Units past the last whole tile (none for the built-in sizes, 64, 128 and 256).
        if whole_tiles < self.hidden {
            for (index, value) in inputs.iter() {
                let row = &self.hidden_weights[index * self.hidden..(index + 1) * self.hidden];
                for (h, &w) in hidden[whole_tiles..].iter_mut().zip(&row[whole_tiles..]) {
                    *h += value * w;
                }
            }
        }
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
    }

    #[inline(always)]
    fn output_layer(&self, hidden: &[f32]) -> [f32; OUTPUTS] {
        let mut outputs = self.output_bias;
        for (k, output) in outputs.iter_mut().enumerate() {
            let row = &self.output_weights[k * self.hidden..(k + 1) * self.hidden];
            let sum = dot(row, hidden);
            *output = 1.0 / (1.0 + (-(*output + sum)).exp());
        }
        outputs
    }

    /// The five outputs for `inputs`.
    pub fn evaluate(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if wide_vectors() {
            // SAFETY: the processor has AVX2 and FMA (checked at run time just above).
            return unsafe { self.evaluate_wide(inputs, scratch) };
        }
        self.evaluate_portable(inputs, scratch)
    }

    #[inline(always)]
    fn evaluate_portable(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.hidden_layer(inputs, scratch);
        self.output_layer(&scratch.hidden)
    }

    /// [`Network::evaluate`] compiled for AVX2 and FMA (8 lanes instead of SSE2's 4).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn evaluate_wide(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.evaluate_portable(inputs, scratch)
    }

    /// One gradient step of size `rate` towards `targets` (cross-entropy of each output);
    /// returns the outputs before the step.
    pub fn train(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if wide_vectors() {
            // SAFETY: the processor has AVX2 and FMA (checked at run time just above).
            return unsafe { self.train_wide(inputs, targets, rate, scratch) };
        }
        self.train_portable(inputs, targets, rate, scratch)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn train_wide(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.train_portable(inputs, targets, rate, scratch)
    }

    #[inline(always)]
    fn train_portable(
        &mut self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        rate: f32,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.hidden_layer(inputs, scratch);
        let outputs = self.output_layer(&scratch.hidden);
        let mut output_delta = [0.0f32; OUTPUTS];
        for k in 0..OUTPUTS {
            output_delta[k] = outputs[k] - targets[k];
        }
        let hidden_delta = &mut scratch.hidden_delta;
        hidden_delta.clear();
        hidden_delta.resize(self.hidden, 0.0);
        for (k, &delta) in output_delta.iter().enumerate() {
            let row = &mut self.output_weights[k * self.hidden..(k + 1) * self.hidden];
            for ((w, d), &h) in row
                .iter_mut()
                .zip(hidden_delta.iter_mut())
                .zip(&scratch.hidden)
            {
                *d += delta * *w;
                *w -= rate * delta * h;
            }
            self.output_bias[k] -= rate * delta;
        }
        for (d, &h) in hidden_delta.iter_mut().zip(&scratch.hidden) {
            *d *= h * (1.0 - h);
        }
        for (b, &d) in self.hidden_bias.iter_mut().zip(hidden_delta.iter()) {
            *b -= rate * d;
        }
        for (index, value) in inputs.iter() {
            let row = &mut self.hidden_weights[index * self.hidden..(index + 1) * self.hidden];
            let step = rate * value;
            for (w, &d) in row.iter_mut().zip(hidden_delta.iter()) {
                *w -= step * d;
            }
        }
        outputs
    }

    /// Adds the gradient of the cross-entropy of the outputs for `inputs` towards `targets`
    /// into `gradient` (shaped like this network); returns the outputs.
    pub fn accumulate_gradient(
        &self,
        inputs: &SparseInputs,
        targets: &[f32; OUTPUTS],
        gradient: &mut Network,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.hidden_layer(inputs, scratch);
        let outputs = self.output_layer(&scratch.hidden);
        let hidden_delta = &mut scratch.hidden_delta;
        hidden_delta.clear();
        hidden_delta.resize(self.hidden, 0.0);
        for k in 0..OUTPUTS {
            let delta = outputs[k] - targets[k];
            let range = k * self.hidden..(k + 1) * self.hidden;
            let weights = &self.output_weights[range.clone()];
            let grads = &mut gradient.output_weights[range];
            for (((g, d), &w), &h) in grads
                .iter_mut()
                .zip(hidden_delta.iter_mut())
                .zip(weights)
                .zip(&scratch.hidden)
            {
                *d += delta * w;
                *g += delta * h;
            }
            gradient.output_bias[k] += delta;
        }
        for (d, &h) in hidden_delta.iter_mut().zip(&scratch.hidden) {
            *d *= h * (1.0 - h);
        }
        for (g, &d) in gradient.hidden_bias.iter_mut().zip(hidden_delta.iter()) {
            *g += d;
        }
        for (index, value) in inputs.iter() {
            let row = &mut gradient.hidden_weights[index * self.hidden..(index + 1) * self.hidden];
            for (g, &d) in row.iter_mut().zip(hidden_delta.iter()) {
                *g += value * d;
            }
        }
        outputs
    }

    /// A network of the same shape with every weight zero (a gradient accumulator).
    #[must_use]
    pub fn zeros_like(&self) -> Network {
        Network {
            inputs: self.inputs,
            hidden: self.hidden,
            hidden_weights: vec![0.0; self.hidden_weights.len()],
            hidden_bias: vec![0.0; self.hidden],
            output_weights: vec![0.0; self.output_weights.len()],
            output_bias: [0.0; OUTPUTS],
        }
    }

    /// Every weight, mutable, in file order (for optimisers).
    pub fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.hidden_weights
            .iter_mut()
            .chain(self.hidden_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(self.output_bias.iter_mut())
    }

    /// The element-wise mean of `networks` (all of one shape), for combining the copies that
    /// parallel training threads update.
    #[must_use]
    pub fn average(networks: &[Network]) -> Network {
        let mut mean = networks[0].clone();
        let n = networks.len() as f32;
        let average = |pick: &dyn Fn(&Network) -> &[f32], out: &mut [f32]| {
            for (i, value) in out.iter_mut().enumerate() {
                *value = networks.iter().map(|net| pick(net)[i]).sum::<f32>() / n;
            }
        };
        average(&|net| &net.hidden_weights, &mut mean.hidden_weights);
        average(&|net| &net.hidden_bias, &mut mean.hidden_bias);
        average(&|net| &net.output_weights, &mut mean.output_weights);
        average(&|net| &net.output_bias, &mut mean.output_bias);
        mean
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
