//! Positions evaluated together (the plays of a roll): each position's first layer is carried
//! from the last one's and activated as it is added, and the layers after it run over
//! [`BLOCK`] positions at once, so that the second layer's weights (64 KB for the built-in
//! contact network, more than the first-level cache) are read once per block instead of once
//! per position.
//!
//! The outputs differ from [`InferenceNetwork::evaluate_from`]'s by rounding only: a
//! second-layer sum here is one chain of fused multiply-adds over the first layer's units (the
//! positions of a block are the independent chains the processor overlaps), there eight
//! partial sums added as a tree.

use super::{padded, InferenceNetwork, Kernel, OUTPUTS};
use crate::engine::net::inputs::SparseInputs;
use crate::engine::net::network::FirstLayerSums;

/// Positions whose later layers run together.
pub const BLOCK: usize = 8;

/// The working memory of a batch and the outputs of the positions added so far, in the
/// order they were added. Made once and reused: a batch allocates nothing once it has grown
/// to its largest roll.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    carried: FirstLayerSums,
    /// The first layer's activations of the positions waiting for the later layers, a row
    /// of the network's (padded) width each.
    hidden: Vec<f32>,
    waiting: usize,
    second: Vec<f32>,
    /// The output sums of a block before their activation (padded to whole registers).
    output_sums: Vec<f32>,
    outputs: Vec<[f32; OUTPUTS]>,
}

impl Batch {
    /// Forgets the positions and the carried sums: the start of another roll, or of another
    /// network.
    pub fn clear(&mut self) {
        self.carried.clear();
        self.waiting = 0;
        self.outputs.clear();
    }
}

impl InferenceNetwork {
    /// Adds the position of `inputs` to `batch` (which this network must have filled since
    /// it was cleared): its first layer is carried from the position added before.
    pub fn add_to_batch(&self, inputs: &SparseInputs, batch: &mut Batch) {
        let kernel = self.kernel;
        let sums = batch
            .carried
            .move_to(inputs, &self.hidden_bias, |sums, indices, values| {
                kernel.add_rows(sums, &self.hidden_weights, indices, values);
            });
        let row = batch.waiting * self.hidden;
        if batch.hidden.len() < row + self.hidden {
            batch.hidden.resize(row + self.hidden, 0.0);
        }
        let activations = &mut batch.hidden[row..row + self.hidden];
        activations.copy_from_slice(sums);
        kernel.sigmoid(activations);
        batch.waiting += 1;
        if batch.waiting == BLOCK {
            self.run_block(batch);
        }
    }

    /// The outputs of every position added to `batch` since it was cleared, in order.
    pub fn batch_outputs<'a>(&self, batch: &'a mut Batch) -> &'a [[f32; OUTPUTS]] {
        self.run_block(batch);
        &batch.outputs
    }

    /// The layers after the first for the positions waiting.
    fn run_block(&self, batch: &mut Batch) {
        let count = batch.waiting;
        if count == 0 {
            return;
        }
        batch.waiting = 0;
        let kernel: Kernel = self.kernel;
        let hidden = &batch.hidden[..count * self.hidden];
        let (last, width) = if self.second > 0 {
            batch.second.resize(count * self.second, 0.0);
            let second = &mut batch.second[..count * self.second];
            kernel.add_columns_batch(&self.second_columns, hidden, self.hidden, second);
            for row in second.chunks_exact_mut(self.second) {
                for (sum, bias) in row.iter_mut().zip(&self.second_bias) {
                    *sum += bias;
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
