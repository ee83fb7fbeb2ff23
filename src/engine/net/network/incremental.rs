//! Positions that differ in a few inputs (the plays of one roll) evaluated one from another:
//! the first layer's sums of the last position are carried to the next by adding the rows
//! of the inputs that changed, instead of summing every non-zero input again.

use super::{sigmoid, Kernel, Network, Scratch, OUTPUTS};
use crate::engine::net::inputs::{SparseInputs, INPUTS};

/// The first layer's sums (before the activation) of the position last evaluated, with its
/// inputs, ready to be moved to another position's.
#[derive(Clone, Debug)]
pub struct FirstLayerSums {
    sums: Vec<f32>,
    /// Two positions' inputs, dense (zero where an input is not in the sparse list), padded to
    /// whole blocks of [`DIFFERENCE_BLOCK`]: `dense[held]` those the sums stand for, the other
    /// the next position's while the two are compared (no copy when they change roles).
    dense: [[f32; DENSE]; 2],
    held: usize,
    /// Whether `sums` stands for those inputs (false before the first position).
    ready: bool,
    /// The changes from one position to the next: the first `changes` inputs, and each one's
    /// new value minus its old (with a block of slack that the kernels may write).
    changed: [u16; DENSE + DIFFERENCE_BLOCK],
    deltas: [f32; DENSE + DIFFERENCE_BLOCK],
    changes: usize,
}

/// Inputs compared at once when the changes are listed (a bit mask of the block each time).
pub(super) const DIFFERENCE_BLOCK: usize = 16;
/// The dense inputs' length: every input, rounded up to whole blocks.
pub(super) const DENSE: usize = INPUTS.div_ceil(DIFFERENCE_BLOCK) * DIFFERENCE_BLOCK;

impl Default for FirstLayerSums {
    fn default() -> Self {
        FirstLayerSums {
            sums: Vec::new(),
            dense: [[0.0; DENSE]; 2],
            held: 0,
            ready: false,
            changed: [0; DENSE + DIFFERENCE_BLOCK],
            deltas: [0.0; DENSE + DIFFERENCE_BLOCK],
            changes: 0,
        }
    }
}

impl FirstLayerSums {
    /// Forgets the position (the next evaluation sums every input again); needed when the
    /// network changes.
    pub fn clear(&mut self) {
        self.ready = false;
    }

    /// Makes `inputs` the position held, and lists in `changed` and `deltas` how its inputs
    /// differ from the last one's, in increasing order of input: the new inputs spread out
    /// dense and compared with the old a block at a time (an input in only one of the two
    /// sparse lists changes by its value, or by minus it: the difference with the zero of the
    /// other, exactly), by the fastest [`Kernel`] of this processor (they list the same).
    fn take(&mut self, inputs: &SparseInputs) {
        let next = 1 - self.held;
        let dense = &mut self.dense[next];
        dense.fill(0.0);
        for (&index, &value) in inputs.indices().iter().zip(inputs.values()) {
            dense[usize::from(index)] = value;
        }
        self.changes = Kernel::detected().list_changes(
            &self.dense[next],
            &self.dense[self.held],
            &mut self.changed,
            &mut self.deltas,
        );
        self.held = next;
    }

    /// Makes `inputs` the position held and says how its sums (of a layer `width` units wide)
    /// follow from the last position's: by adding the rows of the inputs that changed, scaled
    /// by the change ([`FirstLayerSums::changes`]; returns false), or, when nothing of that
    /// width was carried or too many inputs changed, from the bias with the rows of every
    /// non-zero input added (returns true). The sums themselves are the caller's to move.
    pub(super) fn plan(&mut self, inputs: &SparseInputs, width: usize) -> bool {
        self.take(inputs);
        let carry = self.ready && self.sums.len() == width && self.changes <= MOST_CHANGES;
        if !carry {
            // The sums keep their values (a batch may still have to carry positions
            // waiting from them).
            self.sums.resize(width, 0.0);
            self.ready = true;
        }
        !carry
    }

    /// The inputs that changed from the last position to the one held, increasing, and each
    /// one's change.
    pub(super) fn changes(&self) -> (&[u16], &[f32]) {
        (&self.changed[..self.changes], &self.deltas[..self.changes])
    }

    /// The sums, to be moved to the position held (see [`FirstLayerSums::plan`]).
    pub(super) fn sums_mut(&mut self) -> &mut [f32] {
        &mut self.sums
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
        if self.plan(inputs, bias.len()) {
            self.sums.copy_from_slice(bias);
            add_rows(&mut self.sums, inputs.indices(), inputs.values());
        } else {
            let changes = self.changes;
            add_rows(
                &mut self.sums,
                &self.changed[..changes],
                &self.deltas[..changes],
            );
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
