//! A network laid out for playing, not training: the weights of a [`Network`] copied at load
//! with every layer padded to a multiple of 16 units, and evaluated by explicit SIMD kernels
//! (AVX-512 or AVX2 with FMA, picked at run time) or their portable twin, which computes the
//! same numbers bit for bit (`portable.rs` defines them; `avx2.rs` and `avx512.rs` follow it).
//!
//! What is computed: every first-layer sum is the bias with each non-zero input's weight
//! added by a fused multiply-add, in input order; every second-layer sum is eight partial
//! sums, partial `k` taking the first-layer units `k`, `k + 8`, ... by fused multiply-adds
//! over weights stored input-major (a row per first-layer unit, as in the first layer, so
//! that 16 or 32 sums are updated together and eight chains of additions run at once), the
//! partials then added as a tree (4, 2, 1 apart), then the bias; an output's dot product
//! sums in 16 lanes, lane `l` taking the elements `l`, `l + 16`, ... by fused multiply-adds,
//! the lanes then added as a tree (8, 4, 2, 1 apart); every activation (hidden and output)
//! is `portable::sigmoid_one`, a sigmoid with one division within 1.05e-7 of the exact one. The
//! outputs therefore differ from [`Network::evaluate`]'s (plain products and sums, another
//! summing order, another sigmoid) by rounding only.
//!
//! A network made by [`InferenceNetwork::quantized`] runs its second layer in 16-bit
//! integers instead (`quantized.rs`), within 1e-3 of the training network, not rounding.
//!
//! Training keeps reading and writing the f32 [`Network`]; an `InferenceNetwork` is made from
//! it whenever the weights are loaded.

mod batch;
mod portable;
mod quantized;
#[cfg(test)]
mod quantized_tests;
#[cfg(test)]
mod tests;
#[cfg(target_arch = "x86_64")]
mod x86_avx2;
#[cfg(target_arch = "x86_64")]
mod x86_avx512;
#[cfg(target_arch = "x86_64")]
mod x86_quantized;

use super::{FirstLayerSums, Network, Scratch, OUTPUTS};
use crate::engine::net::inputs::SparseInputs;

pub use batch::{Batch, BatchCounts, BatchStage};
use quantized::QuantizedLayer;

/// Units per lane group: every layer's width is padded to a multiple of this.
pub const LANES: usize = 16;
/// Independent partial sums of the second layer's outputs (see `portable::add_columns`);
/// [`LANES`] is a multiple of it.
const PARTIALS: usize = 8;

/// Which code runs the layers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, any processor (the definition the others follow).
    Portable,
    /// AVX2 and FMA (x86-64).
    Avx2,
    /// AVX-512 (x86-64; with `popcnt`, which every processor with AVX-512 has).
    Avx512,
}

impl Kernel {
    /// The fastest kernel this processor runs (checked once).
    #[must_use]
    pub fn detected() -> Kernel {
        static DETECTED: std::sync::OnceLock<Kernel> = std::sync::OnceLock::new();
        *DETECTED.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            {
                if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("popcnt") {
                    return Kernel::Avx512;
                }
                if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                    return Kernel::Avx2;
                }
            }
            Kernel::Portable
        })
    }

    /// Every kernel this processor runs, the portable one first.
    #[must_use]
    pub fn available() -> Vec<Kernel> {
        let mut kernels = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                kernels.push(Kernel::Avx2);
            }
            if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("popcnt") {
                kernels.push(Kernel::Avx512);
            }
        }
        kernels
    }

    /// `sums[u] += values[k] * weights[indices[k] * stride + u]` for each `k` in turn,
    /// fused; `sums.len()` a multiple of [`LANES`], at most `stride`.
    fn add_rows(
        self,
        sums: &mut [f32],
        weights: &[f32],
        stride: usize,
        indices: &[u16],
        values: &[f32],
    ) {
        let width = sums.len();
        assert!(width.is_multiple_of(LANES) && width <= stride && indices.len() == values.len());
        assert!(indices
            .iter()
            .all(|&index| usize::from(index) * stride + width <= weights.len()));
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the rows
            // read are inside `weights` (checked just above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe {
                x86_avx512::add_rows(sums, weights, stride, indices, values)
            },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::add_rows(sums, weights, stride, indices, values) },
            _ => portable::add_rows(sums, weights, stride, indices, values),
        }
    }

    /// The first layers of several positions one from another (see `portable::add_rows_chain`):
    /// for each `(fresh, end)` of `chain.plans` in turn, `sums` set to `chain.bias` if fresh,
    /// then the rows `chain.rows[last end..end]` added with `chain.scales` as
    /// [`Kernel::add_rows`] adds them, and `sums` copied into the plan's row of `out`; `sums`
    /// ends as the last position's.
    fn add_rows_chain(self, chain: &RowChain, sums: &mut [f32], out: &mut [f32]) {
        let width = sums.len();
        let RowChain {
            bias,
            weights,
            stride,
            plans,
            rows,
            scales,
        } = *chain;
        assert!(
            width.is_multiple_of(LANES)
                && width <= stride
                && bias.len() == width
                && rows.len() == scales.len()
                && out.len() >= plans.len() * width
        );
        assert!(plans.windows(2).all(|pair| pair[0].1 <= pair[1].1));
        assert!(plans.last().is_none_or(|&(_, end)| end <= rows.len()));
        assert!(rows
            .iter()
            .all(|&index| usize::from(index) * stride + width <= weights.len()));
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the rows
            // read and the sums written are inside the slices (checked just above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::add_rows_chain(chain, sums, out) },
            _ => portable::add_rows_chain(self, chain, sums, out),
        }
    }

    /// `out[u] = sum over h of x[h] * columns[h * out.len() + u]`, summed as
    /// `portable::add_columns` defines; `out.len()` and `x.len()` multiples of [`LANES`].
    fn add_columns(self, columns: &[f32], x: &[f32], out: &mut [f32]) {
        assert!(
            out.len().is_multiple_of(LANES)
                && x.len().is_multiple_of(LANES)
                && columns.len() == out.len() * x.len()
        );
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the sizes
            // were checked just above.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::add_columns(columns, x, out) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::add_columns(columns, x, out) },
            _ => portable::add_columns(columns, x, out),
        }
    }

    /// The second layer of several positions: `out[p * width + u]` the sum over `h` of
    /// `xs[p * hidden + h] * columns[h * width + u]`, summed as
    /// `portable::add_columns_batch` defines; `width` a multiple of [`LANES`].
    fn add_columns_batch(self, columns: &[f32], xs: &[f32], hidden: usize, out: &mut [f32]) {
        assert!(hidden > 0 && columns.len().is_multiple_of(hidden));
        let width = columns.len() / hidden;
        assert!(
            width.is_multiple_of(LANES)
                && xs.len().is_multiple_of(hidden)
                && out.len() == xs.len() / hidden * width
        );
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the sizes
            // were checked just above.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::add_columns_batch(columns, xs, hidden, out) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::add_columns_batch(columns, xs, hidden, out) },
            _ => portable::add_columns_batch(columns, xs, hidden, out),
        }
    }

    /// Each value replaced by its sigmoid; `values.len()` a multiple of [`LANES`].
    fn sigmoid(self, values: &mut [f32]) {
        assert!(values.len().is_multiple_of(LANES));
        match self {
            // SAFETY: the kernel was chosen because the processor has its features.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::sigmoid(values) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::sigmoid(values) },
            _ => portable::sigmoid(values),
        }
    }

    /// Lists where `new` and `old` differ (`a != b`), in increasing order: the index of each
    /// such element into `changed` and `new - old` into `deltas`, returning how many; every
    /// kernel lists the same. `new` and `old` of one length, a multiple of [`LANES`], and room
    /// for as many changes and [`LANES`] more (a kernel may write past the changes).
    pub(in crate::engine::net::network) fn list_changes(
        self,
        new: &[f32],
        old: &[f32],
        changed: &mut [u16],
        deltas: &mut [f32],
    ) -> usize {
        assert!(
            new.len() == old.len()
                && new.len().is_multiple_of(LANES)
                && new.len() <= usize::from(u16::MAX)
                && changed.len() >= new.len() + LANES
                && deltas.len() >= new.len() + LANES
        );
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the sizes
            // were checked just above.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::list_changes(new, old, changed, deltas) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::list_changes(new, old, changed, deltas) },
            _ => portable::list_changes(new, old, changed, deltas),
        }
    }

    /// `out[r]` the dot product of `x` with row `r` of `rows` (`out.len()` rows of
    /// `x.len()`, a multiple of [`LANES`]).
    fn dot_rows(self, rows: &[f32], x: &[f32], out: &mut [f32]) {
        assert!(x.len().is_multiple_of(LANES) && rows.len() == out.len() * x.len());
        match self {
            // SAFETY: the kernel was chosen because the processor has its features; the sizes
            // were checked just above.
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { x86_avx512::dot_rows(rows, x, out) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { x86_avx2::dot_rows(rows, x, out) },
            _ => portable::dot_rows(rows, x, out),
        }
    }
}

/// `n` rounded up to a multiple of [`LANES`].
fn padded(n: usize) -> usize {
    n.div_ceil(LANES) * LANES
}

/// What [`Kernel::add_rows_chain`] reads: a first layer's bias and weight rows, and the rows
/// that a run of positions adds, each position carried from the one before.
#[derive(Clone, Copy)]
struct RowChain<'a> {
    /// Where a position summed afresh starts.
    bias: &'a [f32],
    /// The weight rows, input-major, `stride` apart.
    weights: &'a [f32],
    stride: usize,
    /// For each position: whether its sums start from `bias` (or from the last position's),
    /// and the end of its rows in `rows` and `scales` (its rows follow the last position's).
    plans: &'a [(bool, usize)],
    /// The inputs whose rows are added, and each one's scale (its value, or its change).
    rows: &'a [u16],
    scales: &'a [f32],
}

/// A network's weights laid out for evaluation (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub struct InferenceNetwork {
    /// Hidden units, padded; the padding units have zero weights in and out.
    hidden: usize,
    /// Second-layer units, padded (0: none).
    second: usize,
    /// `inputs` rows of `hidden_stride`, input-major (a row per input: its weight into each
    /// unit, then zeros).
    hidden_weights: Vec<f32>,
    /// The distance between two rows of `hidden_weights`: `hidden` and one cache line more,
    /// so that the same part of different rows (what a tile of units reads) falls in
    /// different sets of the first-level cache, where rows a power of two apart (2 KB) would
    /// share a quarter of them.
    hidden_stride: usize,
    hidden_bias: Vec<f32>,
    /// `hidden * second`, input-major (row `h`: first-layer unit `h`'s weight into each
    /// second-layer unit), so that the second layer adds rows as the first does.
    second_columns: Vec<f32>,
    second_bias: Vec<f32>,
    /// `OUTPUTS * last`, `last` the padded width of the last hidden layer.
    output_weights: Vec<f32>,
    output_bias: [f32; OUTPUTS],
    kernel: Kernel,
    /// The second layer in 16-bit integers, which then replaces `second_columns` (left
    /// empty: 64 KB for the built-in contact network; see [`InferenceNetwork::quantized`]).
    quantized: Option<QuantizedLayer>,
}

/// `rows` rows of `width` values copied into rows of `padded_width`, zeros after each, and
/// zero rows up to `padded_rows`.
fn pad_rows(
    values: &[f32],
    rows: usize,
    width: usize,
    padded_rows: usize,
    padded_width: usize,
) -> Vec<f32> {
    let mut out = vec![0.0; padded_rows * padded_width];
    for row in 0..rows {
        out[row * padded_width..][..width].copy_from_slice(&values[row * width..][..width]);
    }
    out
}

/// The `rows` by `width` matrix `values` (row-major) transposed: `width` rows of `rows`.
fn transposed(values: &[f32], rows: usize, width: usize) -> Vec<f32> {
    let mut out = vec![0.0; values.len()];
    for row in 0..rows {
        for column in 0..width {
            out[column * rows + row] = values[row * width + column];
        }
    }
    out
}

impl InferenceNetwork {
    /// `network`'s weights laid out for evaluation with the fastest kernel of this processor.
    #[must_use]
    pub fn new(network: &Network) -> InferenceNetwork {
        InferenceNetwork::with_kernel(network, Kernel::detected())
    }

    /// `network`'s weights laid out for evaluation with `kernel` (which the processor must
    /// run: one of [`Kernel::available`]; another falls back to the portable code).
    #[must_use]
    pub fn with_kernel(network: &Network, kernel: Kernel) -> InferenceNetwork {
        let kernel = if Kernel::available().contains(&kernel) {
            kernel
        } else {
            Kernel::Portable
        };
        let hidden = padded(network.hidden);
        let second = if network.second > 0 {
            padded(network.second)
        } else {
            0
        };
        let (last, padded_last) = if network.second > 0 {
            (network.second, second)
        } else {
            (network.hidden, hidden)
        };
        let hidden_stride = hidden + LANES;
        InferenceNetwork {
            hidden,
            second,
            hidden_weights: pad_rows(
                &network.hidden_weights,
                network.inputs,
                network.hidden,
                network.inputs,
                hidden_stride,
            ),
            hidden_stride,
            hidden_bias: pad_rows(&network.hidden_bias, 1, network.hidden, 1, hidden),
            second_columns: transposed(
                &pad_rows(
                    &network.second_weights,
                    network.second,
                    network.hidden,
                    second,
                    hidden,
                ),
                second,
                hidden,
            ),
            second_bias: pad_rows(&network.second_bias, 1, network.second, 1, second),
            output_weights: pad_rows(&network.output_weights, OUTPUTS, last, OUTPUTS, padded_last),
            output_bias: network.output_bias,
            kernel,
            quantized: None,
        }
    }

    /// `network`'s weights laid out for evaluation with the fastest kernel of this processor,
    /// the second hidden layer (if any) quantised: see `quantized.rs`. Its outputs differ
    /// from the training network's by more than rounding (the bound the tests hold is in
    /// `docs/evaluator.md`).
    #[must_use]
    pub fn quantized(network: &Network) -> InferenceNetwork {
        InferenceNetwork::quantized_with_kernel(network, Kernel::detected())
    }

    /// [`InferenceNetwork::quantized`] with `kernel` (as [`InferenceNetwork::with_kernel`]).
    #[must_use]
    pub fn quantized_with_kernel(network: &Network, kernel: Kernel) -> InferenceNetwork {
        let mut layout = InferenceNetwork::with_kernel(network, kernel);
        if layout.second > 0 {
            layout.quantized = Some(QuantizedLayer::new(
                &layout.second_columns,
                &layout.second_bias,
                layout.kernel,
            ));
            layout.second_columns = Vec::new();
        }
        layout
    }

    /// Whether the second hidden layer runs quantised.
    #[must_use]
    pub fn is_quantized(&self) -> bool {
        self.quantized.is_some()
    }

    /// The kernel that runs the layers.
    #[must_use]
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// The five outputs for `inputs`.
    pub fn evaluate(&self, inputs: &SparseInputs, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        let hidden = &mut scratch.hidden;
        hidden.clear();
        hidden.extend_from_slice(&self.hidden_bias);
        self.kernel.add_rows(
            hidden,
            &self.hidden_weights,
            self.hidden_stride,
            inputs.indices(),
            inputs.values(),
        );
        self.finish(scratch)
    }

    /// The five outputs for `inputs`, its first-layer sums reached from the position
    /// `carried` holds by adding the rows of the inputs that changed (the plays of one roll
    /// differ in a few); `carried` then holds this position. The outputs differ from
    /// [`InferenceNetwork::evaluate`]'s by the rounding of the carried sums; `carried` must
    /// have been filled by this network (or be cleared).
    pub fn evaluate_from(
        &self,
        inputs: &SparseInputs,
        carried: &mut FirstLayerSums,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.first_layer_from(inputs, carried, scratch);
        self.finish(scratch)
    }

    /// The first stage of [`InferenceNetwork::evaluate_from`] (the stages are public for the
    /// evaluator bench's profile): the first layer's sums, before the activation, carried to
    /// `inputs` and copied into `scratch`.
    pub fn first_layer_from(
        &self,
        inputs: &SparseInputs,
        carried: &mut FirstLayerSums,
        scratch: &mut Scratch,
    ) {
        let sums = carried.move_to(inputs, &self.hidden_bias, |sums, indices, values| {
            self.kernel.add_rows(
                sums,
                &self.hidden_weights,
                self.hidden_stride,
                indices,
                values,
            );
        });
        scratch.hidden.clear();
        scratch.hidden.extend_from_slice(sums);
    }

    /// The second stage: the first layer's activations from its sums in `scratch` (as
    /// integers for a quantised second layer).
    pub fn activate_first_layer(&self, scratch: &mut Scratch) {
        if let Some(layer) = &self.quantized {
            scratch.quantized.resize(self.hidden, 0);
            layer.activate(&scratch.hidden, &mut scratch.quantized);
        } else {
            self.kernel.sigmoid(&mut scratch.hidden);
        }
    }

    /// The third stage: the second hidden layer's activations from the first's (nothing for
    /// a network of one hidden layer).
    pub fn second_layer(&self, scratch: &mut Scratch) {
        if self.second > 0 {
            let Scratch {
                hidden,
                second,
                quantized,
                ..
            } = scratch;
            second.clear();
            second.resize(self.second, 0.0);
            if let Some(layer) = &self.quantized {
                layer.sums(quantized, second);
            } else {
                self.kernel
                    .add_columns(&self.second_columns, hidden, second);
                for (sum, bias) in second.iter_mut().zip(&self.second_bias) {
                    *sum += bias;
                }
            }
            self.kernel.sigmoid(second);
        }
    }

    /// The last stage: the five outputs from the last hidden layer's activations.
    #[must_use]
    pub fn output_layer(&self, scratch: &Scratch) -> [f32; OUTPUTS] {
        let last: &[f32] = if self.second > 0 {
            &scratch.second
        } else {
            &scratch.hidden
        };
        let mut sums = [0.0; OUTPUTS];
        self.kernel.dot_rows(&self.output_weights, last, &mut sums);
        let mut activations = [0.0; LANES];
        for ((activation, bias), sum) in activations.iter_mut().zip(self.output_bias).zip(sums) {
            *activation = bias + sum;
        }
        self.kernel.sigmoid(&mut activations);
        std::array::from_fn(|k| activations[k])
    }

    /// The activations of the first layer from its sums in `scratch.hidden`, then the layers
    /// after it.
    fn finish(&self, scratch: &mut Scratch) -> [f32; OUTPUTS] {
        self.activate_first_layer(scratch);
        self.second_layer(scratch);
        self.output_layer(scratch)
    }
}
