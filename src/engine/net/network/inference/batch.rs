//! Positions evaluated together (the plays of a roll): each position's first layer is carried
//! from the last one's (a network of two hidden layers), and the layers run over blocks of
//! [`BLOCK`] positions: the first a tile of units at a time through every position of the
//! block (each play's changed rows, read again by the next plays, stay in the first-level
//! cache), then the later layers, so that the second layer's weights (64 KB for the built-in
//! contact network, more than the first-level cache) are read once per block instead of once
//! per position.
//!
//! The outputs differ from [`InferenceNetwork::evaluate_from`]'s by rounding only: a
//! second-layer sum here is one chain of fused multiply-adds over the first layer's units (the
//! positions of a block are the independent chains the processor overlaps), there eight
//! partial sums added as a tree (the first layer's sums are the same, bit for bit).

use super::{padded, InferenceNetwork, Kernel, RowChain, OUTPUTS};
use crate::engine::net::inputs::SparseInputs;
use crate::engine::net::network::FirstLayerSums;

/// Positions whose layers run together.
pub const BLOCK: usize = 8;

/// How far a batch runs its positions: all the way (the default), or, for the evaluator
/// bench's profile of the stages, only the first layer's sums, or those and their activation
/// (then a batch gives no outputs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BatchStage {
    /// The first layer's sums.
    FirstLayer,
    /// The first layer's sums and activations.
    Activation,
    /// Every layer: the outputs.
    #[default]
    Outputs,
}

/// What a batch has run: positions, and the first-layer rows added for them (each a changed
/// input's, or every non-zero input's where a position was summed afresh).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BatchCounts {
    /// Positions run.
    pub positions: usize,
    /// Rows added for them.
    pub rows: usize,
    /// Positions summed afresh (the first of a roll, or after too many changes).
    pub fresh_positions: usize,
    /// Rows added for those.
    pub fresh_rows: usize,
}

/// The working memory of a batch and the outputs of the positions added so far, in the
/// order they were added. Made once and reused: a batch allocates nothing once it has grown
/// to its largest roll.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    carried: FirstLayerSums,
    /// The first-layer sums of a network of one hidden layer (summed afresh each position).
    fresh: Vec<f32>,
    /// For each position waiting: whether its first-layer sums start from the bias (or from
    /// the last position's), and the end of its rows in `rows` and `scales` (its rows follow
    /// the last position's): the inputs whose rows it adds, and each one's scale (its value,
    /// or its change).
    plans: Vec<(bool, usize)>,
    rows: Vec<u16>,
    scales: Vec<f32>,
    /// The first layer's activations of the positions waiting for the later layers, a row
    /// of the network's (padded) width each.
    hidden: Vec<f32>,
    /// The same activations as integers, for a quantised second layer.
    quantized: Vec<i16>,
    second: Vec<f32>,
    /// The output sums of a block before their activation (padded to whole registers).
    output_sums: Vec<f32>,
    outputs: Vec<[f32; OUTPUTS]>,
    counts: BatchCounts,
    last_stage: BatchStage,
}

impl Batch {
    /// Forgets the positions and the carried sums: the start of another roll, or of another
    /// network.
    pub fn clear(&mut self) {
        self.carried.clear();
        self.plans.clear();
        self.rows.clear();
        self.scales.clear();
        self.outputs.clear();
    }

    /// Runs the positions only up to `stage` from now on (the evaluator bench's profile).
    pub fn stop_after(&mut self, stage: BatchStage) {
        self.last_stage = stage;
    }

    /// What the batch has run since it was made (the evaluator bench's profile prints it).
    #[must_use]
    pub fn counts(&self) -> BatchCounts {
        self.counts
    }
}

impl InferenceNetwork {
    /// Adds the position of `inputs` to `batch` (which this network must have filled since
    /// it was cleared): its first layer will be carried from the position added before, or,
    /// for a network of one hidden layer (the race network's 64 units), summed afresh, which
    /// costs it less than finding the inputs that changed (the evaluator bench: 1.6-2.0
    /// million evaluations a second afresh, 1.0-1.4 million carried).
    pub fn add_to_batch(&self, inputs: &SparseInputs, batch: &mut Batch) {
        let fresh = self.second == 0 || batch.carried.plan(inputs, self.hidden);
        let (rows, scales) = if fresh {
            (inputs.indices(), inputs.values())
        } else {
            batch.carried.changes()
        };
        batch.rows.extend_from_slice(rows);
        batch.scales.extend_from_slice(scales);
        batch.plans.push((fresh, batch.rows.len()));
        if batch.plans.len() == BLOCK {
            self.run_block(batch);
        }
    }

    /// The outputs of every position added to `batch` since it was cleared, in order.
    pub fn batch_outputs<'a>(&self, batch: &'a mut Batch) -> &'a [[f32; OUTPUTS]] {
        self.run_block(batch);
        &batch.outputs
    }

    /// The layers for the positions waiting.
    fn run_block(&self, batch: &mut Batch) {
        let count = batch.plans.len();
        if count == 0 {
            return;
        }
        let kernel: Kernel = self.kernel;
        if batch.hidden.len() < count * self.hidden {
            batch.hidden.resize(count * self.hidden, 0.0);
        }
        let hidden = &mut batch.hidden[..count * self.hidden];
        let sums = if self.second > 0 {
            batch.carried.sums_mut()
        } else {
            batch.fresh.resize(self.hidden, 0.0);
            &mut batch.fresh
        };
        let chain = RowChain {
            bias: &self.hidden_bias,
            weights: &self.hidden_weights,
            stride: self.hidden_stride,
            plans: &batch.plans,
            rows: &batch.rows,
            scales: &batch.scales,
        };
        kernel.add_rows_chain(&chain, sums, hidden);
        batch.counts.positions += count;
        batch.counts.rows += batch.rows.len();
        let mut first = 0;
        for &(fresh, end) in &batch.plans {
            if fresh {
                batch.counts.fresh_positions += 1;
                batch.counts.fresh_rows += end - first;
            }
            first = end;
        }
        batch.plans.clear();
        batch.rows.clear();
        batch.scales.clear();
        if batch.last_stage == BatchStage::FirstLayer {
            return;
        }
        if let Some(layer) = &self.quantized {
            batch.quantized.resize(count * self.hidden, 0);
            layer.activate(hidden, &mut batch.quantized[..count * self.hidden]);
        } else {
            kernel.sigmoid(hidden);
        }
        if batch.last_stage == BatchStage::Activation {
            return;
        }
        let hidden = &batch.hidden[..count * self.hidden];
        let (last, width) = if self.second > 0 {
            batch.second.resize(count * self.second, 0.0);
            let second = &mut batch.second[..count * self.second];
            if let Some(layer) = &self.quantized {
                layer.sums(&batch.quantized[..count * self.hidden], second);
            } else {
                kernel.add_columns_batch(&self.second_columns, hidden, self.hidden, second);
                for row in second.chunks_exact_mut(self.second) {
                    for (sum, bias) in row.iter_mut().zip(&self.second_bias) {
                        *sum += bias;
                    }
                }
            }
            kernel.sigmoid(second);
            (&batch.second[..count * self.second], self.second)
        } else {
            (hidden, self.hidden)
        };
        batch.output_sums.clear();
        batch.output_sums.resize(padded(count * OUTPUTS), 0.0);
        for (row, sums) in last
            .chunks_exact(width)
            .zip(batch.output_sums.chunks_exact_mut(OUTPUTS))
        {
            kernel.dot_rows(&self.output_weights, row, sums);
            for (sum, bias) in sums.iter_mut().zip(self.output_bias) {
                *sum += bias;
            }
        }
        kernel.sigmoid(&mut batch.output_sums);
        for outputs in batch.output_sums.chunks_exact(OUTPUTS).take(count) {
            batch
                .outputs
                .push(outputs.try_into().expect("OUTPUTS values a chunk"));
        }
    }
}
