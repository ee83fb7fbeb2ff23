//! The quantised second hidden layer: the first layer's activations as 16-bit integers
//! (`ACTIVATION_SCALE` times the sigmoid, rounded: in [0, `ACTIVATION_SCALE`]) times 16-bit
//! weights with a scale per second-layer unit, summed exactly in 32-bit integers, then one
//! conversion to f32 per unit: `sum * dequantize[u] + bias[u]` (one fused rounding).
//!
//! The activations need no division: `ACTIVATION_SCALE` times the sigmoid is a polynomial of
//! degree 4 on each of 32 intervals of width 1 over [-16, 16] (its coefficients a table that
//! AVX-512 reads with `vpermt2ps`), within 0.011 of the exact value (a hundredth of the
//! rounding's step), then rounded to the nearest integer.
//!
//! Integer sums do not depend on their order, so every kernel (AVX-512 VNNI `vpdpwssd`, AVX2
//! `vpmaddwd`, this file's portable code) gives the same numbers bit for bit while running
//! as many independent chains as suit it. No sum can overflow: each unit's scale is chosen so
//! that `ACTIVATION_SCALE` times the larger of its positive and its negative weights' totals
//! fits in an `i32` (activations are never negative), which bounds every possible sum, and
//! the integers wrap rather than saturate, so partial sums may pass the bound on the way.

use super::Kernel;

/// The largest quantised activation (a sigmoid of 1): 2^12, near the best split of the
/// 31 bits between activations and weights for the built-in network (more bits for the
/// activations leave fewer for the weights under the overflow bound).
pub(super) const ACTIVATION_SCALE: f32 = 4096.0;

/// The clamp of the activation's argument: just inside 16, so that `x + 16` picks one of
/// the 32 intervals.
pub(super) const ACTIVATION_CLAMP: f32 = 15.999;

/// The coefficients of the activation's polynomials, `ACTIVATION_TABLE[j][i]` the one of
/// `t^j` on interval `i` (`x + 16` in [i, i + 1), `t` its fraction): each polynomial
/// interpolates `ACTIVATION_SCALE / (1 + e^-x)` at the five Chebyshev points of its interval
/// (fitted in f64, rounded to f32).
pub(super) static ACTIVATION_TABLE: [[f32; 32]; 5] = activation_table(ACTIVATION_BITS);

#[rustfmt::skip]
const ACTIVATION_BITS: [[u32; 32]; 5] = [
    [
        0x39f1ac67, 0x3aa43bee, 0x3b5f3799, 0x3c17b10b, 0x3cce2b60, 0x3d8c1aed,
        0x3e3e6ace, 0x3f01644d, 0x3fafd309, 0x406ed511, 0x41220ca5, 0x41db50ad,
        0x42935812, 0x4342411e, 0x43f41fad, 0x4489b2e8, 0x4500002c, 0x453b2689,
        0x45617bdf, 0x4573dbe7, 0x457b6544, 0x457e4962, 0x457f5df5, 0x457fc44b,
        0x457fea06, 0x457ff7ea, 0x457ffd06, 0x457ffee8, 0x457fff99, 0x457fffda,
        0x457ffff2, 0x457ffffb,
    ],
    [
        0x39f15df5, 0x3aa4069d, 0x3b5eef1a, 0x3c177fba, 0x3ccde827, 0x3d8bece3,
        0x3e3e2aec, 0x3f013678, 0x3faf8bcf, 0x406e5345, 0x412177ac, 0x41d9a778,
        0x4290a4b7, 0x433924a9, 0x43d7381e, 0x44493f58, 0x447fdd28, 0x44496cc0,
        0x43d719e3, 0x43390694, 0x4290a413, 0x41d9bd91, 0x41218fc1, 0x406e7b4c,
        0x3fafaa89, 0x3f014d6e, 0x3e3e4ce6, 0x3d8c05f0, 0x3cce0d0b, 0x3c179ae0,
        0x3b5f170e, 0x3aa42403,
    ],
    [
        0x397664ed, 0x3a27712d, 0x3ae393aa, 0x3b9aa746, 0x3c52311a, 0x3d0ed532,
        0x3dc21a51, 0x3e83db42, 0x3f3306df, 0x3ff2a47e, 0x40a3a5b4, 0x4159ecf1,
        0x420c4ad0, 0x42a5f709, 0x4320b458, 0x433c8e9d, 0x408fe999, 0xc33d0d71,
        0xc324ff10, 0xc2a738f6, 0xc20aa64a, 0xc1554106, 0xc09f7c16, 0xbfec1953,
        0xbf2e18ae, 0xbe80327e, 0xbdbcb373, 0xbd0ada8d, 0xbc4c557f, 0xbb9657c0,
        0xbadd3bb8, 0xba22c651,
    ],
    [
        0x38879981, 0x39384c8a, 0x39fa7cfc, 0x3aaa3969, 0x3b675bb7, 0x3c1d392b,
        0x3cd5af68, 0x3d91352a, 0x3e45553e, 0x3f060d3c, 0x3fb5f7d2, 0x407613d0,
        0x41232f72, 0x41c35865, 0x420bd00d, 0xc1ef9053, 0xc2c583ce, 0xc1806f94,
        0x41f20fd8, 0x41b14715, 0x4122edda, 0x4081bf9c, 0x3fc48148, 0x3f121d35,
        0x3e57d839, 0x3d9f0940, 0x3cea25b0, 0x3c2c4f23, 0x3b7d92ed, 0x3aba92fb,
        0x3a09465f, 0x394a00cf,
    ],
    [
        0x3806340f, 0x38b6667a, 0x3977e777, 0x3a287638, 0x3ae4f06a, 0x3b9b891b,
        0x3c533acc, 0x3d0f3da4, 0x3dc18fca, 0x3e817aaa, 0x3f288350, 0x3fcad1cd,
        0x403f5eb9, 0x3fbaddcd, 0xc14c07d7, 0xc1899fb9, 0x41899fb9, 0x414c07d7,
        0xbfbaddcd, 0xc03f5eb9, 0xbfcad1cd, 0xbf288350, 0xbe817aaa, 0xbdc18fca,
        0xbd0f3da4, 0xbc533acc, 0xbb9b891b, 0xbae4f06a, 0xba287639, 0xb977e779,
        0xb8b66678, 0xb806340e,
    ],
];

/// The table's bits as numbers.
const fn activation_table(bits: [[u32; 32]; 5]) -> [[f32; 32]; 5] {
    let mut table = [[0.0f32; 32]; 5];
    let mut j = 0;
    while j < 5 {
        let mut i = 0;
        while i < 32 {
            table[j][i] = f32::from_bits(bits[j][i]);
            i += 1;
        }
        j += 1;
    }
    table
}

/// Which code runs the quantised layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum QuantizedKernel {
    Portable,
    /// AVX2 (`vpmaddwd` and `vpaddd`, eight sums a register).
    Avx2,
    /// AVX-512 with VNNI (`vpdpwssd`, sixteen sums a register).
    Avx512Vnni,
}

impl QuantizedKernel {
    /// The kernel for a network that runs `kernel`: the AVX-512 one if this processor also
    /// has AVX-512 VNNI, BW and DQ, the AVX2 one on a processor with AVX2, else the portable one.
    pub(super) fn for_kernel(kernel: Kernel) -> QuantizedKernel {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma");
            match kernel {
                Kernel::Avx512
                    if is_x86_feature_detected!("avx512vnni")
                        && is_x86_feature_detected!("avx512bw")
                        && is_x86_feature_detected!("avx512dq") =>
                {
                    return QuantizedKernel::Avx512Vnni
                }
                Kernel::Avx512 | Kernel::Avx2 if avx2 => return QuantizedKernel::Avx2,
                _ => {}
            }
        }
        let _ = kernel;
        QuantizedKernel::Portable
    }
}

/// The quantised second layer of a network (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct QuantizedLayer {
    /// First-layer units (padded; even).
    hidden: usize,
    /// The weights as pairs of first-layer units: for pair `k`, each second-layer unit `u`
    /// has `weights[(k * width + u) * 2 + j]`, the weight from first-layer unit `2k + j`
    /// (what `vpdpwssd` multiplies by a broadcast pair of activations).
    weights: Vec<i16>,
    /// Per second-layer unit, `1 / (ACTIVATION_SCALE * scale)`.
    dequantize: Vec<f32>,
    bias: Vec<f32>,
    kernel: QuantizedKernel,
}

impl QuantizedLayer {
    /// The layer of `columns` (first-layer-unit-major: row `h` holds unit `h`'s weight into
    /// each of the `bias.len()` second-layer units) and `bias`, both padded.
    pub(super) fn new(columns: &[f32], bias: &[f32], kernel: Kernel) -> QuantizedLayer {
        let width = bias.len();
        let hidden = columns.len() / width;
        assert!(hidden.is_multiple_of(2) && columns.len() == hidden * width);
        let mut weights = vec![0i16; hidden * width];
        let mut dequantize = vec![0.0f32; width];
        for unit in 0..width {
            let column: Vec<f32> = (0..hidden).map(|h| columns[h * width + unit]).collect();
            let (quantized, scale) = quantize_column(&column);
            for (h, &weight) in quantized.iter().enumerate() {
                weights[pair_index(h, unit, width)] = weight;
            }
            dequantize[unit] = (1.0 / (f64::from(ACTIVATION_SCALE) * scale)) as f32;
        }
        QuantizedLayer {
            hidden,
            weights,
            dequantize,
            bias: bias.to_vec(),
            kernel: QuantizedKernel::for_kernel(kernel),
        }
    }

    /// Second-layer units (padded).
    pub(super) fn width(&self) -> usize {
        self.bias.len()
    }

    /// The kernel that runs the layer.
    #[cfg(test)]
    pub(super) fn kernel(&self) -> QuantizedKernel {
        self.kernel
    }

    /// The largest magnitude any sum can reach: per unit, `ACTIVATION_SCALE` times the
    /// larger of its positive and negative weights' totals (activations are in
    /// [0, `ACTIVATION_SCALE`]), the largest over the units.
    #[cfg(test)]
    pub(super) fn largest_possible_sum(&self) -> i64 {
        let width = self.width();
        (0..width)
            .map(|unit| {
                let (mut positive, mut negative) = (0i64, 0i64);
                for h in 0..self.hidden {
                    let weight = i64::from(self.weights[pair_index(h, unit, width)]);
                    if weight > 0 {
                        positive += weight;
                    } else {
                        negative -= weight;
                    }
                }
                positive.max(negative) * ACTIVATION_SCALE as i64
            })
            .max()
            .unwrap_or(0)
    }

    /// The exact sum of second-layer unit `unit` over one position's `activations`.
    #[cfg(test)]
    pub(super) fn exact_sum(&self, activations: &[i16], unit: usize) -> i64 {
        let width = self.width();
        (0..self.hidden)
            .map(|h| {
                i64::from(activations[h]) * i64::from(self.weights[pair_index(h, unit, width)])
            })
            .sum()
    }

    /// Unit `unit`'s factor from its integer sum to the f32 sum.
    #[cfg(test)]
    pub(super) fn dequantize_of(&self, unit: usize) -> f32 {
        self.dequantize[unit]
    }

    /// Unit `unit`'s bias.
    #[cfg(test)]
    pub(super) fn bias_of(&self, unit: usize) -> f32 {
        self.bias[unit]
    }

    /// The quantised activations of first-layer `sums` (any number of positions).
    #[cfg(test)]
    pub(super) fn activate_with(kernel: QuantizedKernel, sums: &[f32], out: &mut [i16]) {
        let mut layer = QuantizedLayer::new(&[0.0; 32], &[0.0; 16], Kernel::Portable);
        layer.kernel = kernel;
        layer.activate(sums, out);
    }

    /// The quantised activations of first-layer `sums` (any number of positions).
    pub(super) fn activate(&self, sums: &[f32], out: &mut [i16]) {
        assert!(sums.len() == out.len() && sums.len().is_multiple_of(super::LANES));
        match self.kernel {
            // SAFETY: the kernel was chosen because the processor has its features; the
            // sizes were checked just above.
            #[cfg(target_arch = "x86_64")]
            QuantizedKernel::Avx512Vnni => unsafe { super::x86_quantized::activate_512(sums, out) },
            #[cfg(target_arch = "x86_64")]
            QuantizedKernel::Avx2 => unsafe { super::x86_quantized::activate_256(sums, out) },
            _ => activate(sums, out),
        }
    }

    /// The second layer's sums before their activation, `out[p * width + u]`, of the
    /// positions whose quantised activations are `xs` (a row of `hidden` each).
    pub(super) fn sums(&self, xs: &[i16], out: &mut [f32]) {
        let width = self.width();
        assert!(
            xs.len().is_multiple_of(self.hidden)
                && out.len() == xs.len() / self.hidden * width
                && width.is_multiple_of(super::LANES)
        );
        let layer = LayerParts {
            hidden: self.hidden,
            weights: &self.weights,
            dequantize: &self.dequantize,
            bias: &self.bias,
        };
        match self.kernel {
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            QuantizedKernel::Avx512Vnni => unsafe {
                super::x86_quantized::sums_512(&layer, xs, out)
            },
            #[cfg(target_arch = "x86_64")]
            QuantizedKernel::Avx2 => unsafe { super::x86_quantized::sums_256(&layer, xs, out) },
            _ => sums(&layer, xs, out),
        }
    }
}

/// Where the weight from first-layer unit `h` into second-layer unit `unit` of a layer
/// `width` units wide is kept: pairs of first-layer units, each pair a row of `width` units
/// with the pair's two weights side by side (what `vpdpwssd` and `vpmaddwd` multiply by a
/// broadcast pair of activations).
fn pair_index(h: usize, unit: usize, width: usize) -> usize {
    (h / 2 * width + unit) * 2 + h % 2
}

/// What the kernels read of a [`QuantizedLayer`].
pub(super) struct LayerParts<'a> {
    pub(super) hidden: usize,
    pub(super) weights: &'a [i16],
    pub(super) dequantize: &'a [f32],
    pub(super) bias: &'a [f32],
}

/// A second-layer unit's weights as integers and their scale: the largest scale at which
/// every weight fits in an `i16` and `ACTIVATION_SCALE` times the larger of the positive and
/// negative totals fits in an `i32`.
fn quantize_column(column: &[f32]) -> (Vec<i16>, f64) {
    let largest = column
        .iter()
        .fold(0.0f64, |m, &w| m.max(f64::from(w).abs()));
    let total = |sign: f64| -> f64 {
        column
            .iter()
            .map(|&w| f64::from(w) * sign)
            .filter(|&w| w > 0.0)
            .sum()
    };
    let heaviest = total(1.0).max(total(-1.0));
    if largest == 0.0 {
        return (vec![0; column.len()], 1.0);
    }
    let bound = f64::from(i32::MAX) / f64::from(ACTIVATION_SCALE);
    let mut scale = (f64::from(i16::MAX) / largest).min(bound / heaviest);
    loop {
        let quantized: Vec<i16> = column
            .iter()
            .map(|&w| (f64::from(w) * scale).round_ties_even() as i16)
            .collect();
        let sum = |positive: bool| -> i64 {
            quantized
                .iter()
                .map(|&w| i64::from(w))
                .filter(|&w| (w > 0) == positive && w != 0)
                .map(i64::abs)
                .sum()
        };
        if (sum(true).max(sum(false)) as f64) <= bound {
            return (quantized, scale);
        }
        scale *= 0.999;
    }
}

/// The quantised activation of each sum ([`activation_one`]).
pub(super) fn activate(sums: &[f32], out: &mut [i16]) {
    for (q, &sum) in out.iter_mut().zip(sums) {
        *q = activation_one(sum);
    }
}

/// `ACTIVATION_SCALE / (1 + e^-x)` rounded to an integer (ties to even): `x` clamped to
/// [`-ACTIVATION_CLAMP`, `ACTIVATION_CLAMP`], `z = x + 16` (rounded), interval `i` its whole
/// part, `t = z - i`, then the interval's polynomial by fused multiply-adds from `t^4`'s
/// coefficient down.
#[allow(clippy::manual_clamp)] // `max` then `min` treat NaN as `vmaxps` then `vminps` do
pub(super) fn activation_one(x: f32) -> i16 {
    let z = x.max(-ACTIVATION_CLAMP).min(ACTIVATION_CLAMP) + 16.0;
    let interval = z as usize;
    let t = z - z.floor();
    let mut p = ACTIVATION_TABLE[4][interval];
    for coefficients in ACTIVATION_TABLE[..4].iter().rev() {
        p = p.mul_add(t, coefficients[interval]);
    }
    p.round_ties_even() as i16
}

/// `out[p * width + u]` = `(sum over h of xs[p * hidden + h] * weight(h, u)) as f32`, fused
/// multiply-added to `dequantize[u]` and `bias[u]`; the sum exact (wrapping `i32`).
pub(super) fn sums(layer: &LayerParts, xs: &[i16], out: &mut [f32]) {
    let width = layer.bias.len();
    for (x, out) in xs
        .chunks_exact(layer.hidden)
        .zip(out.chunks_exact_mut(width))
    {
        for (unit, out) in out.iter_mut().enumerate() {
            let mut sum = 0i32;
            for (h, &value) in x.iter().enumerate() {
                let weight = layer.weights[pair_index(h, unit, width)];
                sum = sum.wrapping_add(i32::from(value) * i32::from(weight));
            }
            *out = (sum as f32).mul_add(layer.dequantize[unit], layer.bias[unit]);
        }
    }
}
