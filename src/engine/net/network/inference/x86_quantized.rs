//! The quantised second layer's kernels (`quantized.rs` defines the numbers): AVX-512 with
//! VNNI (`vpdpwssd`: 32 products of 16-bit integers summed into 16 32-bit sums an
//! instruction) and AVX2 (`vpmaddwd` then `vpaddd`: 16 products into 8 sums). The sums are
//! exact integers, so the kernels split them into whatever independent chains suit them.
//!
//! Every function is `unsafe`: the caller checks that the processor has the features and
//! that the sizes fit (see `QuantizedLayer` in `quantized.rs`).

use super::quantized::{LayerParts, ACTIVATION_CLAMP, ACTIVATION_TABLE};
use super::LANES;
use std::arch::x86_64::*;

/// `quantized::activation_one`, 16 lanes at once, operation for operation: the 32
/// coefficients of a power of `t` picked by `vpermt2ps` from two registers (`table`); the
/// integers in 32-bit lanes.
#[target_feature(enable = "avx512f,avx512dq")]
#[inline]
unsafe fn activation_512(x: __m512, table: &[[__m512; 2]; 5]) -> __m512i {
    let z = _mm512_add_ps(
        _mm512_min_ps(
            _mm512_max_ps(x, _mm512_set1_ps(-ACTIVATION_CLAMP)),
            _mm512_set1_ps(ACTIVATION_CLAMP),
        ),
        _mm512_set1_ps(16.0),
    );
    let interval = _mm512_cvttps_epi32(z);
    // `z` less its floor (`vreduceps`, rounding down, no fraction bits kept): exact.
    let t = _mm512_reduce_ps::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(z);
    let pick = |row: &[__m512; 2]| _mm512_permutex2var_ps(row[0], interval, row[1]);
    let mut p = pick(&table[4]);
    for row in table[..4].iter().rev() {
        p = _mm512_fmadd_ps(p, t, pick(row));
    }
    // Rounded to nearest, ties to even (the default rounding).
    _mm512_cvtps_epi32(p)
}

/// `quantized::activate`, 32 lanes a step: two registers' integers (in [0,
/// `ACTIVATION_SCALE`], so their low halves) packed into one by a single `vpermt2w` and stored
/// whole, where narrowing each register to memory (`vpmovdw`) takes two operations on the
/// shuffle port that the coefficients' `vpermt2ps` also need; a last odd register narrowed.
#[target_feature(enable = "avx512f,avx512dq,avx512bw")]
pub(super) unsafe fn activate_512(sums: &[f32], out: &mut [i16]) {
    let table = ACTIVATION_TABLE.map(|row| {
        [
            _mm512_loadu_ps(row.as_ptr()),
            _mm512_loadu_ps(row.as_ptr().add(LANES)),
        ]
    });
    // The low 16-bit half of each 32-bit lane of the first register, then of the second.
    let low_halves = _mm512_set_epi16(
        62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18,
        16, 14, 12, 10, 8, 6, 4, 2, 0,
    );
    let mut pairs = sums.chunks_exact(2 * LANES);
    let mut outs = out.chunks_exact_mut(2 * LANES);
    for (sums, out) in (&mut pairs).zip(&mut outs) {
        let first = activation_512(_mm512_loadu_ps(sums.as_ptr()), &table);
        let second = activation_512(_mm512_loadu_ps(sums.as_ptr().add(LANES)), &table);
        let packed = _mm512_permutex2var_epi16(first, low_halves, second);
        _mm512_storeu_si512(out.as_mut_ptr().cast(), packed);
    }
    for (sums, out) in pairs
        .remainder()
        .chunks_exact(LANES)
        .zip(outs.into_remainder().chunks_exact_mut(LANES))
    {
        let integers = activation_512(_mm512_loadu_ps(sums.as_ptr()), &table);
        _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm512_cvtepi32_epi16(integers));
    }
}

/// `quantized::activation_one`, eight lanes at once, operation for operation: the
/// coefficients gathered from the table.
#[target_feature(enable = "avx2,fma")]
unsafe fn activation_256(x: __m256) -> __m256i {
    let z = _mm256_add_ps(
        _mm256_min_ps(
            _mm256_max_ps(x, _mm256_set1_ps(-ACTIVATION_CLAMP)),
            _mm256_set1_ps(ACTIVATION_CLAMP),
        ),
        _mm256_set1_ps(16.0),
    );
    let interval = _mm256_cvttps_epi32(z);
    let t = _mm256_sub_ps(z, _mm256_floor_ps(z));
    let pick = |row: &[f32; 32]| _mm256_i32gather_ps::<4>(row.as_ptr(), interval);
    let mut p = pick(&ACTIVATION_TABLE[4]);
    for row in ACTIVATION_TABLE[..4].iter().rev() {
        p = _mm256_fmadd_ps(p, t, pick(row));
    }
    _mm256_cvtps_epi32(p)
}

/// `quantized::activate`, 16 at a time in two registers.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn activate_256(sums: &[f32], out: &mut [i16]) {
    for (sums, out) in sums.chunks_exact(LANES).zip(out.chunks_exact_mut(LANES)) {
        let low = activation_256(_mm256_loadu_ps(sums.as_ptr()));
        let high = activation_256(_mm256_loadu_ps(sums.as_ptr().add(8)));
        // `vpackssdw` interleaves the registers' 128-bit halves: put them back in order.
        let packed = _mm256_packs_epi32(low, high);
        let ordered = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
        _mm256_storeu_si256(out.as_mut_ptr().cast(), ordered);
    }
}

/// How many positions a tile takes at once from `left` (the tile functions split each sum
/// into more chains when they take fewer positions, so that the multiply-adds overlap).
fn tile_shape(left: usize) -> usize {
    if left >= 8 {
        8
    } else if left >= 4 {
        4
    } else if left >= 2 {
        2
    } else {
        1
    }
}

/// `quantized::sums` with `vpdpwssd`.
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
pub(super) unsafe fn sums_512(layer: &LayerParts, xs: &[i16], out: &mut [f32]) {
    let width = layer.bias.len();
    let positions = xs.len() / layer.hidden;
    let mut first = 0;
    while first < positions {
        let taken = tile_shape(positions - first);
        let mut vector = 0;
        while vector < width / LANES {
            let two = width / LANES - vector >= 2;
            match (taken, two) {
                (8, true) => tile_512::<8, 2, 1>(layer, xs, out, first, vector),
                (8, false) => tile_512::<8, 1, 2>(layer, xs, out, first, vector),
                (4, true) => tile_512::<4, 2, 2>(layer, xs, out, first, vector),
                (4, false) => tile_512::<4, 1, 4>(layer, xs, out, first, vector),
                (2, true) => tile_512::<2, 2, 4>(layer, xs, out, first, vector),
                (2, false) => tile_512::<2, 1, 8>(layer, xs, out, first, vector),
                (_, true) => tile_512::<1, 2, 8>(layer, xs, out, first, vector),
                (_, false) => tile_512::<1, 1, 8>(layer, xs, out, first, vector),
            }
            vector += if two { 2 } else { 1 };
        }
        first += taken;
    }
}

/// `vpdpwssd`: `sum` plus, in each 32-bit lane, the two products of the lane's 16-bit
/// halves of `a` and `b` (`_mm512_dpwssd_epi32`). Written as the instruction itself: LLVM
/// otherwise splits the intrinsic into `vpmaddwd` and `vpaddd` for processors it does not
/// know to run `vpdpwssd` fast (every one, without `-C target-cpu`): twice the
/// instructions on the two vector ports (session 27's profile: the second layer and outputs
/// 224-227 ns a position split, 166-177 ns as one instruction).
#[target_feature(enable = "avx512f,avx512vnni")]
#[inline]
unsafe fn dpwssd(sum: __m512i, a: __m512i, b: __m512i) -> __m512i {
    let mut sum = sum;
    std::arch::asm!(
        "vpdpwssd {sum}, {a}, {b}",
        sum = inout(zmm_reg) sum,
        a = in(zmm_reg) a,
        b = in(zmm_reg) b,
        options(pure, nomem, nostack, preserves_flags),
    );
    sum
}

/// The sums of `P` positions from `first` for `B` registers of units from register
/// `vector`, each sum in `C` chains (pair `k` of first-layer units going to chain `k % C`).
#[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
#[inline]
unsafe fn tile_512<const P: usize, const B: usize, const C: usize>(
    layer: &LayerParts,
    xs: &[i16],
    out: &mut [f32],
    first: usize,
    vector: usize,
) {
    let width = layer.bias.len();
    let hidden = layer.hidden;
    debug_assert!((first + P) * hidden <= xs.len() && (vector + B) * LANES <= width);
    debug_assert!((hidden / 2).is_multiple_of(C));
    let mut sums = [[[_mm512_setzero_si512(); B]; P]; C];
    let weights = layer.weights.as_ptr().add(vector * LANES * 2);
    let x = xs.as_ptr().add(first * hidden);
    let mut pair = 0;
    while pair < hidden / 2 {
        for (c, chain) in sums.iter_mut().enumerate() {
            let k = pair + c;
            let mut registers = [_mm512_setzero_si512(); B];
            for (b, register) in registers.iter_mut().enumerate() {
                *register = _mm512_loadu_si512(weights.add((k * width + b * LANES) * 2).cast());
            }
            for (p, position) in chain.iter_mut().enumerate() {
                let both = x.add(p * hidden + 2 * k).cast::<i32>().read_unaligned();
                let activations = _mm512_set1_epi32(both);
                for (sum, register) in position.iter_mut().zip(&registers) {
                    *sum = dpwssd(*sum, activations, *register);
                }
            }
        }
        pair += C;
    }
    for p in 0..P {
        for b in 0..B {
            let mut total = sums[0][p][b];
            for chain in &sums[1..] {
                total = _mm512_add_epi32(total, chain[p][b]);
            }
            let unit = (vector + b) * LANES;
            let value = _mm512_fmadd_ps(
                _mm512_cvtepi32_ps(total),
                _mm512_loadu_ps(layer.dequantize.as_ptr().add(unit)),
                _mm512_loadu_ps(layer.bias.as_ptr().add(unit)),
            );
            _mm512_storeu_ps(out.as_mut_ptr().add((first + p) * width + unit), value);
        }
    }
}

/// `quantized::sums` with `vpmaddwd` and `vpaddd`, a register of eight units at a time.
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn sums_256(layer: &LayerParts, xs: &[i16], out: &mut [f32]) {
    let width = layer.bias.len();
    let positions = xs.len() / layer.hidden;
    let mut first = 0;
    while first < positions {
        let taken = tile_shape(positions - first).min(4);
        for vector in 0..width / LANES {
            match taken {
                4 => tile_256::<4, 1>(layer, xs, out, first, vector),
                2 => tile_256::<2, 2>(layer, xs, out, first, vector),
                _ => tile_256::<1, 4>(layer, xs, out, first, vector),
            }
        }
        first += taken;
    }
}

/// The sums of `P` positions from `first` for the 16 units of register pair `vector`, each
/// in `C` chains.
#[target_feature(enable = "avx2,fma")]
#[inline]
unsafe fn tile_256<const P: usize, const C: usize>(
    layer: &LayerParts,
    xs: &[i16],
    out: &mut [f32],
    first: usize,
    vector: usize,
) {
    let width = layer.bias.len();
    let hidden = layer.hidden;
    debug_assert!((first + P) * hidden <= xs.len() && (vector + 1) * LANES <= width);
    debug_assert!((hidden / 2).is_multiple_of(C));
    let mut sums = [[[_mm256_setzero_si256(); 2]; P]; C];
    let weights = layer.weights.as_ptr().add(vector * LANES * 2);
    let x = xs.as_ptr().add(first * hidden);
    let mut pair = 0;
    while pair < hidden / 2 {
        for (c, chain) in sums.iter_mut().enumerate() {
            let k = pair + c;
            let row = weights.add(k * width * 2);
            let registers = [
                _mm256_loadu_si256(row.cast()),
                _mm256_loadu_si256(row.add(16).cast()),
            ];
            for (p, position) in chain.iter_mut().enumerate() {
                let both = x.add(p * hidden + 2 * k).cast::<i32>().read_unaligned();
                let activations = _mm256_set1_epi32(both);
                for (sum, register) in position.iter_mut().zip(&registers) {
                    *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(activations, *register));
                }
            }
        }
        pair += C;
    }
    for p in 0..P {
        for b in 0..2 {
            let mut total = sums[0][p][b];
            for chain in &sums[1..] {
                total = _mm256_add_epi32(total, chain[p][b]);
            }
            let unit = vector * LANES + b * 8;
            let value = _mm256_fmadd_ps(
                _mm256_cvtepi32_ps(total),
                _mm256_loadu_ps(layer.dequantize.as_ptr().add(unit)),
                _mm256_loadu_ps(layer.bias.as_ptr().add(unit)),
            );
            _mm256_storeu_ps(out.as_mut_ptr().add((first + p) * width + unit), value);
        }
    }
}
