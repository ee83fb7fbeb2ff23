//! The layers' kernels in AVX-512 (16 floats a register), computing `portable.rs`'s numbers.
//!
//! Every function is `unsafe`: the caller checks that the processor has AVX-512F and that
//! the sizes fit (see `Kernel` in `mod.rs`).

use super::portable::EXP2_POLYNOMIAL;
use super::{RowChain, LANES, PARTIALS};
use std::arch::x86_64::*;

/// Registers of sums kept at once while the rows are added (16 of the 32).
const TILE: usize = 16;

/// `portable::add_rows`: a tile of up to 256 sums stays in registers while every row's part
/// is added to it.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn add_rows(
    sums: &mut [f32],
    weights: &[f32],
    stride: usize,
    indices: &[u16],
    values: &[f32],
) {
    let vectors = sums.len() / LANES;
    let mut start = 0;
    while start < vectors {
        let left = vectors - start;
        let taken = if left >= TILE {
            add_tile::<TILE>(sums, weights, stride, indices, values, start)
        } else if left >= 8 {
            add_tile::<8>(sums, weights, stride, indices, values, start)
        } else if left >= 4 {
            add_tile::<4>(sums, weights, stride, indices, values, start)
        } else if left >= 2 {
            add_tile::<2>(sums, weights, stride, indices, values, start)
        } else {
            add_tile::<1>(sums, weights, stride, indices, values, start)
        };
        start += taken;
    }
}

/// Adds the rows to the `V` registers of sums from register `start`; returns `V`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn add_tile<const V: usize>(
    sums: &mut [f32],
    weights: &[f32],
    stride: usize,
    indices: &[u16],
    values: &[f32],
    start: usize,
) -> usize {
    let offset = start * LANES;
    let tile = sums[offset..offset + V * LANES].as_mut_ptr();
    let mut registers: [__m512; V] = [_mm512_setzero_ps(); V];
    for (v, register) in registers.iter_mut().enumerate() {
        *register = _mm512_loadu_ps(tile.add(v * LANES));
    }
    for (&index, &value) in indices.iter().zip(values) {
        let row = weights[usize::from(index) * stride + offset..][..V * LANES].as_ptr();
        let scale = _mm512_set1_ps(value);
        for (v, register) in registers.iter_mut().enumerate() {
            *register = _mm512_fmadd_ps(scale, _mm512_loadu_ps(row.add(v * LANES)), *register);
        }
    }
    for (v, register) in registers.iter().enumerate() {
        _mm512_storeu_ps(tile.add(v * LANES), *register);
    }
    V
}

/// Registers of sums carried through the positions by `add_rows_chain`: a tile's part of
/// the rows read by a block of positions stays in the first-level cache.
const CHAIN_TILE: usize = 8;

/// `portable::add_rows_chain`, a tile of units at a time through every position (the same
/// additions per unit, in the same order).
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn add_rows_chain(chain: &RowChain, sums: &mut [f32], out: &mut [f32]) {
    let vectors = sums.len() / LANES;
    let mut start = 0;
    while start < vectors {
        let left = vectors - start;
        start += if left >= CHAIN_TILE {
            chain.tile::<CHAIN_TILE>(sums, out, start)
        } else if left >= 4 {
            chain.tile::<4>(sums, out, start)
        } else if left >= 2 {
            chain.tile::<2>(sums, out, start)
        } else {
            chain.tile::<1>(sums, out, start)
        };
    }
}

impl RowChain<'_> {
    /// The `V` registers of sums from register `start` through every position; returns `V`.
    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn tile<const V: usize>(
        &self,
        sums: &mut [f32],
        out: &mut [f32],
        start: usize,
    ) -> usize {
        let width = sums.len();
        let offset = start * LANES;
        let tile = sums.as_mut_ptr().add(offset);
        let bias = self.bias.as_ptr().add(offset);
        let weights = self.weights.as_ptr().add(offset);
        let mut registers: [__m512; V] = [_mm512_setzero_ps(); V];
        for (v, register) in registers.iter_mut().enumerate() {
            *register = _mm512_loadu_ps(tile.add(v * LANES));
        }
        let mut first = 0;
        for (p, &(fresh, end)) in self.plans.iter().enumerate() {
            if fresh {
                for (v, register) in registers.iter_mut().enumerate() {
                    *register = _mm512_loadu_ps(bias.add(v * LANES));
                }
            }
            for k in first..end {
                let row = weights.add(usize::from(*self.rows.get_unchecked(k)) * self.stride);
                let scale = _mm512_set1_ps(*self.scales.get_unchecked(k));
                for (v, register) in registers.iter_mut().enumerate() {
                    *register =
                        _mm512_fmadd_ps(scale, _mm512_loadu_ps(row.add(v * LANES)), *register);
                }
            }
            let target = out.as_mut_ptr().add(p * width + offset);
            for (v, register) in registers.iter().enumerate() {
                _mm512_storeu_ps(target.add(v * LANES), *register);
            }
            first = end;
        }
        for (v, register) in registers.iter().enumerate() {
            _mm512_storeu_ps(tile.add(v * LANES), *register);
        }
        V
    }
}

/// `portable::sigmoid_one`, 16 lanes at once, operation for operation.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn sigmoid_register(x: __m512) -> __m512 {
    let clamped = _mm512_min_ps(
        _mm512_max_ps(x, _mm512_set1_ps(-80.0)),
        _mm512_set1_ps(80.0),
    );
    let t = _mm512_mul_ps(clamped, _mm512_set1_ps(-std::f32::consts::LOG2_E));
    let whole = _mm512_roundscale_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(t);
    let f = _mm512_sub_ps(t, whole);
    let mut p = _mm512_set1_ps(EXP2_POLYNOMIAL[0]);
    for coefficient in &EXP2_POLYNOMIAL[1..] {
        p = _mm512_fmadd_ps(p, f, _mm512_set1_ps(*coefficient));
    }
    let one = _mm512_set1_ps(1.0);
    p = _mm512_fmadd_ps(p, f, one);
    // `p` times 2 to the `whole` in one instruction: the product by the power of two that
    // the portable code builds from its bits (exact, as that product is).
    _mm512_div_ps(one, _mm512_add_ps(one, _mm512_scalef_ps(p, whole)))
}

/// `portable::sigmoid`.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn sigmoid(values: &mut [f32]) {
    for chunk in values.chunks_exact_mut(LANES) {
        let x = _mm512_loadu_ps(chunk.as_ptr());
        _mm512_storeu_ps(chunk.as_mut_ptr(), sigmoid_register(x));
    }
}

/// The lanes of `sums` added as `portable::lane_tree` adds them.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn lane_tree(sums: __m512) -> f32 {
    let low = _mm512_castps512_ps256(sums);
    let high = _mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(_mm512_castps_pd(sums)));
    super::x86_avx2::eight_lane_tree(_mm256_add_ps(low, high))
}

/// Rows whose dot products are summed at once (independent chains of additions).
const ROWS: usize = 4;

/// `portable::dot_rows`.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn dot_rows(rows: &[f32], x: &[f32], out: &mut [f32]) {
    let width = x.len();
    let mut row = 0;
    while row + ROWS <= out.len() {
        let sums = dot_block::<ROWS>(&rows[row * width..(row + ROWS) * width], x);
        out[row..row + ROWS].copy_from_slice(&sums);
        row += ROWS;
    }
    while row < out.len() {
        out[row] = dot_block::<1>(&rows[row * width..(row + 1) * width], x)[0];
        row += 1;
    }
}

/// The dot products of `x` with the `R` rows of `rows`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn dot_block<const R: usize>(rows: &[f32], x: &[f32]) -> [f32; R] {
    let width = x.len();
    let mut lanes: [__m512; R] = [_mm512_setzero_ps(); R];
    let rows = rows.as_ptr();
    for start in (0..width).step_by(LANES) {
        let xs = _mm512_loadu_ps(x.as_ptr().add(start));
        for (r, sums) in lanes.iter_mut().enumerate() {
            let weights = _mm512_loadu_ps(rows.add(r * width + start));
            *sums = _mm512_fmadd_ps(weights, xs, *sums);
        }
    }
    let mut out = [0.0; R];
    for (out, sums) in out.iter_mut().zip(lanes) {
        *out = lane_tree(sums);
    }
    out
}

/// `portable::add_columns`: the partial sums of up to two blocks of 16 outputs in registers
/// (16 of the 32), each input's value broadcast once for both.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn add_columns(columns: &[f32], x: &[f32], out: &mut [f32]) {
    let blocks = out.len() / LANES;
    let mut block = 0;
    while block < blocks {
        if blocks - block >= 2 {
            add_column_blocks::<2>(columns, x, out, block);
            block += 2;
        } else {
            add_column_blocks::<1>(columns, x, out, block);
            block += 1;
        }
    }
}

/// `portable::add_columns` for the `B` blocks of outputs from block `first`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn add_column_blocks<const B: usize>(
    columns: &[f32],
    x: &[f32],
    out: &mut [f32],
    first: usize,
) {
    let width = out.len();
    let mut partials: [[__m512; B]; PARTIALS] = [[_mm512_setzero_ps(); B]; PARTIALS];
    let base = columns.as_ptr().add(first * LANES);
    for start in (0..x.len()).step_by(PARTIALS) {
        for (k, partial) in partials.iter_mut().enumerate() {
            let h = start + k;
            let value = _mm512_set1_ps(*x.get_unchecked(h));
            for (b, sums) in partial.iter_mut().enumerate() {
                let row = _mm512_loadu_ps(base.add(h * width + b * LANES));
                *sums = _mm512_fmadd_ps(value, row, *sums);
            }
        }
    }
    for step in [4, 2, 1] {
        let (low, high) = partials.split_at_mut(step);
        for (low, high) in low.iter_mut().zip(high.iter()) {
            for (sum, add) in low.iter_mut().zip(high) {
                *sum = _mm512_add_ps(*sum, *add);
            }
        }
    }
    for (b, sums) in partials[0].iter().enumerate() {
        _mm512_storeu_ps(out.as_mut_ptr().add((first + b) * LANES), *sums);
    }
}

/// Positions whose sums are kept in registers at once by `add_columns_batch`.
const BATCH_POSITIONS: usize = 8;

/// `portable::add_columns_batch`: up to eight positions by two registers of sums (16 of the
/// 32), each weight register loaded once for all of them.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn add_columns_batch(
    columns: &[f32],
    xs: &[f32],
    hidden: usize,
    out: &mut [f32],
) {
    let width = columns.len() / hidden;
    let positions = xs.len() / hidden;
    let vectors = width / LANES;
    let mut first = 0;
    while first < positions {
        let left = positions - first;
        let taken = if left >= BATCH_POSITIONS {
            BATCH_POSITIONS
        } else if left >= 4 {
            4
        } else if left >= 2 {
            2
        } else {
            1
        };
        let mut vector = 0;
        while vector < vectors {
            let two = vectors - vector >= 2;
            match (taken, two) {
                (8, true) => column_tile::<8, 2>(columns, xs, hidden, out, first, vector),
                (8, false) => column_tile::<8, 1>(columns, xs, hidden, out, first, vector),
                (4, true) => column_tile::<4, 2>(columns, xs, hidden, out, first, vector),
                (4, false) => column_tile::<4, 1>(columns, xs, hidden, out, first, vector),
                (2, true) => column_tile::<2, 2>(columns, xs, hidden, out, first, vector),
                (2, false) => column_tile::<2, 1>(columns, xs, hidden, out, first, vector),
                (_, true) => column_tile::<1, 2>(columns, xs, hidden, out, first, vector),
                (_, false) => column_tile::<1, 1>(columns, xs, hidden, out, first, vector),
            }
            vector += if two { 2 } else { 1 };
        }
        first += taken;
    }
}

/// The sums of `P` positions from position `first` for the `B` registers of units from
/// register `vector`.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn column_tile<const P: usize, const B: usize>(
    columns: &[f32],
    xs: &[f32],
    hidden: usize,
    out: &mut [f32],
    first: usize,
    vector: usize,
) {
    let width = columns.len() / hidden;
    debug_assert!((first + P) * hidden <= xs.len() && (vector + B) * LANES <= width);
    let mut sums: [[__m512; B]; P] = [[_mm512_setzero_ps(); B]; P];
    let base = columns.as_ptr().add(vector * LANES);
    let x = xs.as_ptr().add(first * hidden);
    for h in 0..hidden {
        let mut weights: [__m512; B] = [_mm512_setzero_ps(); B];
        for (b, register) in weights.iter_mut().enumerate() {
            *register = _mm512_loadu_ps(base.add(h * width + b * LANES));
        }
        for (p, position) in sums.iter_mut().enumerate() {
            let value = _mm512_set1_ps(*x.add(p * hidden + h));
            for (sum, weight) in position.iter_mut().zip(&weights) {
                *sum = _mm512_fmadd_ps(value, *weight, *sum);
            }
        }
    }
    let out = out.as_mut_ptr().add(first * width + vector * LANES);
    for (p, position) in sums.iter().enumerate() {
        for (b, sum) in position.iter().enumerate() {
            _mm512_storeu_ps(out.add(p * width + b * LANES), *sum);
        }
    }
}

/// `portable::list_changes` without a branch on the changes: a block of 16 compared into a
/// mask, its changed lanes' indices and differences packed to the front of a register each
/// (`vcompress`) and stored whole at the count so far (the lanes past the changes are
/// overwritten by the next block's or left as slack: `changed` and `deltas` hold [`LANES`]
/// more than `new`). With AVX-512 VBMI2 two blocks' indices are packed at once, as 32 16-bit
/// lanes (`vpcompressw`): the shuffle port, which the comparisons and the packing all use,
/// runs four operations a block instead of seven.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn list_changes(
    new: &[f32],
    old: &[f32],
    changed: &mut [u16],
    deltas: &mut [f32],
) -> usize {
    debug_assert!(changed.len() >= new.len() + LANES && deltas.len() >= new.len() + LANES);
    let (count, start) = if std::is_x86_feature_detected!("avx512vbmi2")
        && std::is_x86_feature_detected!("avx512bw")
    {
        list_block_pairs(new, old, changed, deltas)
    } else {
        (0, 0)
    };
    list_blocks(new, old, changed, deltas, count, start)
}

/// The blocks of `list_changes` from input `start` (a multiple of [`LANES`]), the changes
/// before it `count`, one block at a time; returns the count of all.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn list_blocks(
    new: &[f32],
    old: &[f32],
    changed: &mut [u16],
    deltas: &mut [f32],
    mut count: usize,
    start: usize,
) -> usize {
    let lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for start in (start..new.len()).step_by(LANES) {
        let a = _mm512_loadu_ps(new.as_ptr().add(start));
        let b = _mm512_loadu_ps(old.as_ptr().add(start));
        let differ = _mm512_cmp_ps_mask::<_CMP_NEQ_UQ>(a, b);
        let indices = _mm512_add_epi32(lanes, _mm512_set1_epi32(start as i32));
        let packed_indices = _mm512_cvtepi32_epi16(_mm512_maskz_compress_epi32(differ, indices));
        let packed_deltas = _mm512_maskz_compress_ps(differ, _mm512_sub_ps(a, b));
        _mm256_storeu_si256(
            changed.as_mut_ptr().add(count).cast::<__m256i>(),
            packed_indices,
        );
        _mm512_storeu_ps(deltas.as_mut_ptr().add(count), packed_deltas);
        count += differ.count_ones() as usize;
    }
    count
}

/// The first blocks of `list_changes` two at a time (every whole pair): the two masks joined
/// and the 32 indices packed by one `vpcompressw`, stored whole (32 lanes from the count, at
/// most the pair's end: inside the slack); returns the count and where the pairs end.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
unsafe fn list_block_pairs(
    new: &[f32],
    old: &[f32],
    changed: &mut [u16],
    deltas: &mut [f32],
) -> (usize, usize) {
    let lanes = _mm512_set_epi16(
        31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9,
        8, 7, 6, 5, 4, 3, 2, 1, 0,
    );
    let mut count = 0;
    let pairs = new.len() / (2 * LANES) * (2 * LANES);
    for start in (0..pairs).step_by(2 * LANES) {
        let a_low = _mm512_loadu_ps(new.as_ptr().add(start));
        let b_low = _mm512_loadu_ps(old.as_ptr().add(start));
        let a_high = _mm512_loadu_ps(new.as_ptr().add(start + LANES));
        let b_high = _mm512_loadu_ps(old.as_ptr().add(start + LANES));
        let low = _mm512_cmp_ps_mask::<_CMP_NEQ_UQ>(a_low, b_low);
        let high = _mm512_cmp_ps_mask::<_CMP_NEQ_UQ>(a_high, b_high);
        let both = u32::from(low) | (u32::from(high) << 16);
        let indices = _mm512_add_epi16(lanes, _mm512_set1_epi16(start as i16));
        _mm512_storeu_si512(
            changed.as_mut_ptr().add(count).cast::<__m512i>(),
            _mm512_maskz_compress_epi16(both, indices),
        );
        let low_count = low.count_ones() as usize;
        _mm512_storeu_ps(
            deltas.as_mut_ptr().add(count),
            _mm512_maskz_compress_ps(low, _mm512_sub_ps(a_low, b_low)),
        );
        _mm512_storeu_ps(
            deltas.as_mut_ptr().add(count + low_count),
            _mm512_maskz_compress_ps(high, _mm512_sub_ps(a_high, b_high)),
        );
        count += both.count_ones() as usize;
    }
    (count, pairs)
}
