//! The layers' arithmetic in plain Rust: the definition that the SIMD kernels reproduce bit
//! for bit, and the code of processors without them.

use super::{Kernel, RowChain, LANES, PARTIALS};

/// `sums[u] = values[k] * row[u] + sums[u]` (one rounding) for each `k` in turn, `row` the
/// `indices[k]`-th row of `weights` (rows `stride` apart).
pub(super) fn add_rows(
    sums: &mut [f32],
    weights: &[f32],
    stride: usize,
    indices: &[u16],
    values: &[f32],
) {
    let width = sums.len();
    for (&index, &value) in indices.iter().zip(values) {
        let row = &weights[usize::from(index) * stride..][..width];
        for (sum, &weight) in sums.iter_mut().zip(row) {
            *sum = value.mul_add(weight, *sum);
        }
    }
}

/// Each value replaced by its sigmoid ([`sigmoid_one`]).
pub(super) fn sigmoid(values: &mut [f32]) {
    for value in values {
        *value = sigmoid_one(*value);
    }
}

/// The coefficients `c5` down to `c1` of 2^f as `1 + f (c1 + f (c2 + ... + f c5))` on
/// [-1/2, 1/2], fitted for the least largest relative error (1.6e-7 evaluated in f32 by fused
/// multiply-adds: the degree-6 Taylor series is no closer in f32 and costs one more).
#[allow(clippy::approx_constant)] // c1 is fitted, three units in the last place from ln 2
pub(super) const EXP2_POLYNOMIAL: [f32; 5] = [
    0.001_326_469_8,
    0.009_671_509,
    0.055_507_34,
    0.240_222_42,
    0.693_147,
];

/// The evaluator's sigmoid, `1 / (1 + e^-x)`: `e^-x` is `2^t`, `t` the clamped `-x` times
/// `log2 e`, split into a whole `n` (nearest, ties to even) and `f` in [-1/2, 1/2]; 2^f by
/// [`EXP2_POLYNOMIAL`] (fused multiply-adds); then one division, correctly rounded on every
/// processor (a division instruction costs the SIMD kernels less than the three Newton
/// steps it replaced). Within 1.05e-7 of the exact sigmoid (1.0455e-7 at worst over every
/// f32 in [-100, 100]; a test measures it at that point); the SIMD kernels compute it
/// operation for operation.
pub(super) fn sigmoid_one(x: f32) -> f32 {
    let t = x.clamp(-80.0, 80.0) * -std::f32::consts::LOG2_E;
    let whole = t.round_ties_even();
    let f = t - whole;
    let mut p = EXP2_POLYNOMIAL[0];
    for coefficient in &EXP2_POLYNOMIAL[1..] {
        p = p.mul_add(f, *coefficient);
    }
    p = p.mul_add(f, 1.0);
    let power = f32::from_bits(((whole as i32 + 127) as u32) << 23);
    1.0 / (1.0 + power * p)
}

/// The 16 lanes of a dot product added as a tree: lane `l` and `l + 8`, then 4 apart, 2, 1.
pub(super) fn lane_tree(mut lanes: [f32; LANES]) -> f32 {
    for step in [8, 4, 2, 1] {
        for lane in 0..step {
            lanes[lane] += lanes[lane + step];
        }
    }
    lanes[0]
}

/// `out[r]` the dot product of `x` with row `r` of `rows`, summed in 16 lanes.
pub(super) fn dot_rows(rows: &[f32], x: &[f32], out: &mut [f32]) {
    for (row, out) in rows.chunks_exact(x.len()).zip(out) {
        let mut lanes = [0.0f32; LANES];
        for (weights, xs) in row.chunks_exact(LANES).zip(x.chunks_exact(LANES)) {
            for lane in 0..LANES {
                lanes[lane] = weights[lane].mul_add(xs[lane], lanes[lane]);
            }
        }
        *out = lane_tree(lanes);
    }
}

/// `out[u]` the sum over `h` of `x[h] * columns[h * out.len() + u]` (`columns` hidden-major:
/// row `h` holds input `h`'s weight into each output), in [`PARTIALS`] independent partial
/// sums: partial `k` takes the inputs `k`, `k + PARTIALS`, ... by fused multiply-adds from
/// zero, the partials then added as a tree (4 apart, 2, 1).
pub(super) fn add_columns(columns: &[f32], x: &[f32], out: &mut [f32]) {
    let width = out.len();
    for (block, out) in out.chunks_exact_mut(LANES).enumerate() {
        let mut partials = [[0.0f32; LANES]; PARTIALS];
        for (h, &value) in x.iter().enumerate() {
            let row = &columns[h * width + block * LANES..][..LANES];
            let partial = &mut partials[h % PARTIALS];
            for lane in 0..LANES {
                partial[lane] = value.mul_add(row[lane], partial[lane]);
            }
        }
        for step in [4, 2, 1] {
            let (low, high) = partials.split_at_mut(step);
            for (low, high) in low.iter_mut().zip(high.iter()) {
                for (sum, add) in low.iter_mut().zip(high) {
                    *sum += add;
                }
            }
        }
        out.copy_from_slice(&partials[0]);
    }
}

/// The second layer of several positions at once: `out[p * width + u]` the sum over `h` of
/// `xs[p * hidden + h] * columns[h * width + u]` (`width = columns.len() / hidden`), one
/// chain of fused multiply-adds per sum from zero, `h` increasing (the chains of different
/// positions and units are independent, so the SIMD kernels need no partial sums).
pub(super) fn add_columns_batch(columns: &[f32], xs: &[f32], hidden: usize, out: &mut [f32]) {
    let width = columns.len() / hidden;
    for (x, out) in xs.chunks_exact(hidden).zip(out.chunks_exact_mut(width)) {
        out.fill(0.0);
        for (&value, row) in x.iter().zip(columns.chunks_exact(width)) {
            for (sum, &weight) in out.iter_mut().zip(row) {
                *sum = value.mul_add(weight, *sum);
            }
        }
    }
}

/// Where `new` and `old` differ, in increasing order: each index into `changed`, `new - old`
/// into `deltas`; returns how many (a block of [`LANES`] compared at a time into a bit mask).
pub(super) fn list_changes(
    new: &[f32],
    old: &[f32],
    changed: &mut [u16],
    deltas: &mut [f32],
) -> usize {
    let mut count = 0;
    for (block, (new, old)) in new
        .chunks_exact(LANES)
        .zip(old.chunks_exact(LANES))
        .enumerate()
    {
        let mut differ = 0u32;
        for (lane, (a, b)) in new.iter().zip(old).enumerate() {
            differ |= u32::from(a != b) << lane;
        }
        while differ != 0 {
            let lane = differ.trailing_zeros() as usize;
            differ &= differ - 1;
            changed[count] = (block * LANES + lane) as u16;
            deltas[count] = new[lane] - old[lane];
            count += 1;
        }
    }
    count
}

/// The first layers of several positions one from another, a position at a time: for each
/// `(fresh, end)` of `chain.plans`, `sums` set to `chain.bias` if fresh, then the rows
/// `chain.rows[last end..end]` added by `kernel`'s `add_rows` (the AVX-512 kernel runs the
/// same additions a tile of units at a time for every position, so that the rows stay in the
/// first-level cache from one position to the next), and `sums` copied into row `p` of `out`.
pub(super) fn add_rows_chain(kernel: Kernel, chain: &RowChain, sums: &mut [f32], out: &mut [f32]) {
    let width = sums.len();
    let mut first = 0;
    for (&(fresh, end), out) in chain.plans.iter().zip(out.chunks_exact_mut(width)) {
        if fresh {
            sums.copy_from_slice(chain.bias);
        }
        kernel.add_rows(
            sums,
            chain.weights,
            chain.stride,
            &chain.rows[first..end],
            &chain.scales[first..end],
        );
        out.copy_from_slice(sums);
        first = end;
    }
}
