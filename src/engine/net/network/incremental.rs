//! Positions that differ in a few inputs (the plays of one roll) evaluated one from another:
//! the first layer's sums of the last position are carried to the next by adding the rows
//! of the inputs that changed, instead of summing every non-zero input again.

use super::{sigmoid, Network, Scratch, OUTPUTS};
use crate::engine::net::inputs::SparseInputs;

/// The first layer's sums (before the activation) of the position last evaluated, with its
/// inputs, ready to be moved to another position's.
#[derive(Clone, Debug, Default)]
pub struct FirstLayerSums {
    sums: Vec<f32>,
    /// The non-zero inputs the sums stand for, in increasing order, and their values.
    indices: Vec<u16>,
    values: Vec<f32>,
    /// Whether `sums` stands for those inputs (false before the first position).
    ready: bool,
    /// The changes from one position to the next: the inputs, and each one's new value
    /// minus its old.
    changed: Vec<u16>,
    deltas: Vec<f32>,
}

impl FirstLayerSums {
    /// Forgets the position (the next evaluation sums every input again); needed when the
    /// network changes.
    pub fn clear(&mut self) {
        self.ready = false;
    }

    /// Makes `inputs` the position held, and lists in `changed` and `deltas` how its inputs
    /// differ from the last one's, in increasing order of input (one merge of the two sorted
    /// lists of non-zero inputs).
    fn take(&mut self, inputs: &SparseInputs) {
        self.changed.clear();
        self.deltas.clear();
        let (old_indices, old_values) = (&self.indices, &self.values);
        let (new_indices, new_values) = (inputs.indices(), inputs.values());
        let (mut old, mut new) = (0, 0);
        loop {
            let old_index = old_indices.get(old).copied().unwrap_or(u16::MAX);
            let new_index = new_indices.get(new).copied().unwrap_or(u16::MAX);
            match old_index.cmp(&new_index) {
                std::cmp::Ordering::Equal => {
                    if old_index == u16::MAX {
                        break;
                    }
                    let (before, after) = (old_values[old], new_values[new]);
                    if after != before {
                        self.changed.push(new_index);
                        self.deltas.push(after - before);
                    }
                    old += 1;
                    new += 1;
                }
                std::cmp::Ordering::Greater => {
                    self.changed.push(new_index);
                    self.deltas.push(new_values[new]);
                    new += 1;
                }
                std::cmp::Ordering::Less => {
                    self.changed.push(old_index);
                    self.deltas.push(-old_values[old]);
                    old += 1;
                }
            }
        }
        self.indices.clear();
        self.indices.extend_from_slice(new_indices);
        self.values.clear();
        self.values.extend_from_slice(new_values);
    }

    /// Moves the sums (of a layer `width` units wide) to `inputs`: `add_rows(sums, inputs,
    /// values)` adds the rows of the inputs that changed, scaled by the change, or, when
    /// nothing of that width was carried or too many inputs changed, the sums are set to
    /// `bias` and the rows of every non-zero input added.
    #[inline(always)]
    pub(super) fn move_to(
        &mut self,
        inputs: &SparseInputs,
        bias: &[f32],
        mut add_rows: impl FnMut(&mut [f32], &[u16], &[f32]),
    ) -> &[f32] {
        self.take(inputs);
        if self.ready && self.sums.len() == bias.len() && self.changed.len() <= MOST_CHANGES {
            add_rows(&mut self.sums, &self.changed, &self.deltas);
        } else {
            self.sums.clear();
            self.sums.extend_from_slice(bias);
            add_rows(&mut self.sums, inputs.indices(), inputs.values());
            self.ready = true;
        }
        &self.sums
    }
}

/// Changes above this many inputs sum the position afresh (as cheap, and no drift).
const MOST_CHANGES: usize = 40;

impl Network {
    /// The five outputs for `inputs`, reached from the position `carried` holds (which then
    /// holds this one). The result equals [`Network::evaluate`]'s up to the rounding of the
    /// sums; a network carried must be the one that filled `carried`.
    pub fn evaluate_from(
        &self,
        inputs: &SparseInputs,
        carried: &mut FirstLayerSums,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        #[cfg(target_arch = "x86_64")]
        if super::wide_vectors() {
            // SAFETY: the processor has AVX2 and FMA (checked at run time just above).
            return unsafe { self.evaluate_from_wide(inputs, carried, scratch) };
        }
        self.carry_and_finish(inputs, carried, scratch)
    }

    /// [`Network::evaluate_from`] compiled for AVX2 and FMA.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn evaluate_from_wide(
        &self,
        inputs: &SparseInputs,
        carried: &mut FirstLayerSums,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.carry_and_finish(inputs, carried, scratch)
    }

    #[inline(always)]
    fn carry_and_finish(
        &self,
        inputs: &SparseInputs,
        carried: &mut FirstLayerSums,
        scratch: &mut Scratch,
    ) -> [f32; OUTPUTS] {
        self.carry(inputs, carried);
        let hidden = &mut scratch.hidden;
        hidden.clear();
        hidden.extend_from_slice(&carried.sums);
        for h in hidden.iter_mut() {
            *h = sigmoid(*h);
        }
        self.second_layer(scratch);
        if self.second > 0 {
            self.output_layer(&scratch.second)
        } else {
            self.output_layer(&scratch.hidden)
        }
    }

    /// Moves `carried` to `inputs`: the rows of the changed inputs added, or every input
    /// summed again when too many changed or nothing was carried.
    #[inline(always)]
    fn carry(&self, inputs: &SparseInputs, carried: &mut FirstLayerSums) {
        let hidden = self.hidden;
        carried.move_to(inputs, &self.hidden_bias, |sums, indices, values| {
            for (&index, &value) in indices.iter().zip(values) {
                let row = &self.hidden_weights[usize::from(index) * hidden..][..hidden];
                for (sum, &weight) in sums.iter_mut().zip(row) {
                    *sum += value * weight;
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::net::inputs::{encode, INPUTS};
    use crate::rules::{legal_plays, Board, Dice, Side, Variant};
    use rand::SeedableRng;

    #[test]
    fn carried_sums_give_the_outputs_of_a_fresh_evaluation() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let network = Network::random(INPUTS, 64, &mut rng).deepened(16, &mut rng);
        let mut carried = FirstLayerSums::default();
        let (mut inputs, mut scratch) = (SparseInputs::default(), Scratch::default());
        let mut compared = 0;
        // Hypergammon's start after the standard one changes most inputs at once: the sums
        // are made afresh there.
        for (variant, first, second) in [
            (Variant::Standard, 6, 4),
            (Variant::Standard, 3, 1),
            (Variant::Standard, 5, 5),
            (Variant::Hypergammon3, 6, 6),
            (Variant::Standard, 2, 1),
        ] {
            let board = Board::start(variant);
            let dice = Dice::new(first, second).expect("dice");
            for play in legal_plays(&board, Side::X, dice) {
                encode(&play.result, Side::O, true, &mut inputs);
                let carried_outputs = network.evaluate_from(&inputs, &mut carried, &mut scratch);
                let fresh = network.evaluate(&inputs, &mut scratch);
                for (a, b) in carried_outputs.iter().zip(&fresh) {
                    assert!(
                        (a - b).abs() < 1e-5,
                        "{carried_outputs:?} against {fresh:?}"
                    );
                }
                compared += 1;
            }
        }
        assert!(compared > 50);
    }
}
