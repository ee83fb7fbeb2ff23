//! The layers' kernels in AVX2 with FMA (8 floats a register), computing `portable.rs`'s
//! numbers: a dot product's 16 lanes are two registers.
//!
//! Every function is `unsafe`: the caller checks that the processor has AVX2 and FMA and
//! that the sizes fit (see `Kernel` in `mod.rs`).

use super::portable::EXP2_POLYNOMIAL;
use super::{LANES, PARTIALS};
use std::arch::x86_64::*;

/// Floats a register.
const WIDTH: usize = 8;
/// Registers of sums kept at once while the rows are added (of the 16).
const TILE: usize = 12;

/// `portable::add_rows`: a tile of up to 96 sums stays in registers while every row's part
/// is added to it.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn add_rows(
    sums: &mut [f32],
    weights: &[f32],
    stride: usize,
    indices: &[u16],
    values: &[f32],
) {
    let vectors = sums.len() / WIDTH;
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
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn add_tile<const V: usize>(
    sums: &mut [f32],
    weights: &[f32],
    stride: usize,
    indices: &[u16],
    values: &[f32],
    start: usize,
) -> usize {
    let offset = start * WIDTH;
    let tile = sums[offset..offset + V * WIDTH].as_mut_ptr();
    let mut registers: [__m256; V] = [_mm256_setzero_ps(); V];
    for (v, register) in registers.iter_mut().enumerate() {
        *register = _mm256_loadu_ps(tile.add(v * WIDTH));
    }
    for (&index, &value) in indices.iter().zip(values) {
        let row = weights[usize::from(index) * stride + offset..][..V * WIDTH].as_ptr();
        let scale = _mm256_set1_ps(value);
        for (v, register) in registers.iter_mut().enumerate() {
            *register = _mm256_fmadd_ps(scale, _mm256_loadu_ps(row.add(v * WIDTH)), *register);
        }
    }
    for (v, register) in registers.iter().enumerate() {
        _mm256_storeu_ps(tile.add(v * WIDTH), *register);
    }
    V
}

/// `portable::sigmoid_one`, 8 lanes at once, operation for operation.
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn sigmoid_register(x: __m256) -> __m256 {
    let clamped = _mm256_min_ps(
        _mm256_max_ps(x, _mm256_set1_ps(-80.0)),
        _mm256_set1_ps(80.0),
    );
    let t = _mm256_mul_ps(clamped, _mm256_set1_ps(-std::f32::consts::LOG2_E));
    let rounded = _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(t);
    let f = _mm256_sub_ps(t, rounded);
    let mut p = _mm256_set1_ps(EXP2_POLYNOMIAL[0]);
    for coefficient in &EXP2_POLYNOMIAL[1..] {
        p = _mm256_fmadd_ps(p, f, _mm256_set1_ps(*coefficient));
    }
    let one = _mm256_set1_ps(1.0);
    p = _mm256_fmadd_ps(p, f, one);
    let power = _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(
        _mm256_cvtps_epi32(rounded),
        _mm256_set1_epi32(127),
    )));
    _mm256_div_ps(one, _mm256_add_ps(one, _mm256_mul_ps(power, p)))
}

/// `portable::sigmoid`.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn sigmoid(values: &mut [f32]) {
    for chunk in values.chunks_exact_mut(WIDTH) {
        let x = _mm256_loadu_ps(chunk.as_ptr());
        _mm256_storeu_ps(chunk.as_mut_ptr(), sigmoid_register(x));
    }
}

/// Eight lanes added as the last three steps of `portable::lane_tree`: 4 apart, 2, 1.
#[target_feature(enable = "avx2,fma")]
#[inline]
pub(super) unsafe fn eight_lane_tree(sums: __m256) -> f32 {
    let four = _mm_add_ps(
        _mm256_castps256_ps128(sums),
        _mm256_extractf128_ps::<1>(sums),
    );
    let two = _mm_add_ps(four, _mm_movehl_ps(four, four));
    let one = _mm_add_ss(two, _mm_shuffle_ps::<1>(two, two));
    _mm_cvtss_f32(one)
}

/// Rows whose dot products are summed at once (two registers each).
const ROWS: usize = 4;

/// `portable::dot_rows`.
#[target_feature(enable = "avx2,fma")]
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

/// The dot products of `x` with the `R` rows of `rows`, each in 16 lanes (two registers:
/// lanes 0-7 and 8-15).
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn dot_block<const R: usize>(rows: &[f32], x: &[f32]) -> [f32; R] {
    let width = x.len();
    let mut low: [__m256; R] = [_mm256_setzero_ps(); R];
    let mut high: [__m256; R] = [_mm256_setzero_ps(); R];
    let rows = rows.as_ptr();
    for start in (0..width).step_by(LANES) {
        let x_low = _mm256_loadu_ps(x.as_ptr().add(start));
        let x_high = _mm256_loadu_ps(x.as_ptr().add(start + WIDTH));
        for r in 0..R {
            let weights = rows.add(r * width + start);
            low[r] = _mm256_fmadd_ps(_mm256_loadu_ps(weights), x_low, low[r]);
            high[r] = _mm256_fmadd_ps(_mm256_loadu_ps(weights.add(WIDTH)), x_high, high[r]);
        }
    }
    let mut out = [0.0; R];
    for r in 0..R {
        out[r] = eight_lane_tree(_mm256_add_ps(low[r], high[r]));
    }
    out
}

/// `portable::add_columns`, eight outputs at a time (their eight partial sums in registers).
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn add_columns(columns: &[f32], x: &[f32], out: &mut [f32]) {
    let width = out.len();
    for first in (0..width).step_by(WIDTH) {
        let mut partials = [_mm256_setzero_ps(); PARTIALS];
        let base = columns.as_ptr().add(first);
        for start in (0..x.len()).step_by(PARTIALS) {
            for (k, sums) in partials.iter_mut().enumerate() {
                let h = start + k;
                let value = _mm256_set1_ps(*x.get_unchecked(h));
                let row = _mm256_loadu_ps(base.add(h * width));
                *sums = _mm256_fmadd_ps(value, row, *sums);
            }
        }
        for step in [4, 2, 1] {
            for k in 0..step {
                partials[k] = _mm256_add_ps(partials[k], partials[k + step]);
            }
        }
        _mm256_storeu_ps(out.as_mut_ptr().add(first), partials[0]);
    }
}

/// `portable::add_columns_batch`: up to four positions by two registers of sums (8 of the
/// 16), each weight register loaded once for all of them.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn add_columns_batch(
    columns: &[f32],
    xs: &[f32],
    hidden: usize,
    out: &mut [f32],
) {
    let width = columns.len() / hidden;
    let positions = xs.len() / hidden;
    let mut first = 0;
    while first < positions {
        let left = positions - first;
        let taken = if left >= 4 {
            4
        } else if left >= 2 {
            2
        } else {
            1
        };
        // `width` is a multiple of 16: two registers at a time.
        for vector in (0..width / WIDTH).step_by(2) {
            match taken {
                4 => column_tile::<4>(columns, xs, hidden, out, first, vector),
                2 => column_tile::<2>(columns, xs, hidden, out, first, vector),
                _ => column_tile::<1>(columns, xs, hidden, out, first, vector),
            }
        }
        first += taken;
    }
}

/// The sums of `P` positions from position `first` for the two registers of units from
/// register `vector`.
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn column_tile<const P: usize>(
    columns: &[f32],
    xs: &[f32],
    hidden: usize,
    out: &mut [f32],
    first: usize,
    vector: usize,
) {
    let width = columns.len() / hidden;
    debug_assert!((first + P) * hidden <= xs.len() && (vector + 2) * WIDTH <= width);
    let mut sums: [[__m256; 2]; P] = [[_mm256_setzero_ps(); 2]; P];
    let base = columns.as_ptr().add(vector * WIDTH);
    let x = xs.as_ptr().add(first * hidden);
    for h in 0..hidden {
        let low = _mm256_loadu_ps(base.add(h * width));
        let high = _mm256_loadu_ps(base.add(h * width + WIDTH));
        for (p, position) in sums.iter_mut().enumerate() {
            let value = _mm256_set1_ps(*x.add(p * hidden + h));
            position[0] = _mm256_fmadd_ps(value, low, position[0]);
            position[1] = _mm256_fmadd_ps(value, high, position[1]);
        }
    }
    let out = out.as_mut_ptr().add(first * width + vector * WIDTH);
    for (p, position) in sums.iter().enumerate() {
        _mm256_storeu_ps(out.add(p * width), position[0]);
        _mm256_storeu_ps(out.add(p * width + WIDTH), position[1]);
    }
}

/// `portable::list_changes`: a block of 16 compared as two registers of eight into a mask.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn list_changes(
    new: &[f32],
    old: &[f32],
    changed: &mut [u16],
    deltas: &mut [f32],
) -> usize {
    let mut count = 0;
    let mut differences = [0.0f32; LANES];
    for start in (0..new.len()).step_by(LANES) {
        let mut differ = 0u32;
        for half in 0..2 {
            let a = _mm256_loadu_ps(new.as_ptr().add(start + 8 * half));
            let b = _mm256_loadu_ps(old.as_ptr().add(start + 8 * half));
            let mask = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_NEQ_UQ>(a, b)) as u32;
            differ |= mask << (8 * half);
            _mm256_storeu_ps(differences.as_mut_ptr().add(8 * half), _mm256_sub_ps(a, b));
        }
        while differ != 0 {
            let lane = differ.trailing_zeros() as usize;
            differ &= differ - 1;
            *changed.get_unchecked_mut(count) = (start + lane) as u16;
            *deltas.get_unchecked_mut(count) = differences[lane];
            count += 1;
        }
    }
    count
}
