//! `chlo.bessel_i1e`: e^(-|x|) I1(x), I1 the modified Bessel function of
//! the first kind of order 1, computed in f64 for every float type and
//! rounded once.
//!
//! ```mlir
//! %r = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
//! // becomes, on a = |x| in f64:
//! //   a < 20:  (a/2) * sum_{k<46} (a²/4)^k / (k! (k+1)!) * e^(-a)   (the power series)
//! //   a >= 20: (1 - 3/(8a) - 15/(128a²) + ...) / sqrt(2 pi a)        (the asymptotic series, 30 terms)
//! // times sign(x) (I1 is odd), then converted back to f32
//! ```
//!
//! The power series has only positive terms (no cancellation); 46 terms
//! reach f64 precision below 20, where the asymptotic series, whose
//! smallest term there is about e^(-40), takes over. Measured against
//! mpmath (`besseli(1, x) * exp(-|x|)` at 40 digits) on 20,001 points of
//! [-50, 50] plus 1e-30, 1e-5, 20 ± 0.001, 100, 1e3, 1e6 and 1e300 (a
//! numpy mirror of these formulas, run once while writing this; not kept
//! as a test): at most 1.1e-15 relative error in f64 (at |x| = 19.47, the
//! e^(-a) factor of the series), so f16/f32 results are correctly rounded
//! but for values within that distance of a rounding boundary (bf16: see
//! the double rounding below). i1e(±inf) = ±0, NaN stays NaN, i1e(-0) = -0.

use super::{Hlo, V, elementwise, real_only};
use crate::builders::BuildResult;
use xla_dialects::stablehlo::ComparisonDirection;
use crate::stablehlo_to_linalg::Rewrite;
use melior::ir::{OperationRef, TypeLike, ValueLike};

/// Below this |x| the power series, at and above it the asymptotic one.
const SWITCH: f64 = 20.0;
const SERIES_TERMS: usize = 46;
const ASYMPTOTIC_TERMS: usize = 30;

/// 1 / (k! (k+1)!), highest k first (for Horner's rule in (x/2)²).
fn series_coefficients() -> Vec<f64> {
    let mut coefficients = Vec::with_capacity(SERIES_TERMS);
    let mut c = 1.0f64; // k = 0: 1 / (0! 1!)
    for k in 0..SERIES_TERMS {
        coefficients.push(c);
        let k = k as f64;
        c /= (k + 1.0) * (k + 2.0);
    }
    coefficients.reverse();
    coefficients
}

/// The Hankel coefficients of I1's asymptotic expansion in t = -1/x,
/// a_k = prod_{j=1..k} (4 - (2j-1)²) / (k! 8^k), highest k first.
fn asymptotic_coefficients() -> Vec<f64> {
    let mut coefficients = Vec::with_capacity(ASYMPTOTIC_TERMS);
    let mut a = 1.0f64;
    for k in 0..ASYMPTOTIC_TERMS {
        coefficients.push(a);
        let j = (k + 1) as f64;
        a *= (4.0 - (2.0 * j - 1.0).powi(2)) / (8.0 * j);
    }
    coefficients.reverse();
    coefficients
}

/// Lowers `chlo.bessel_i1e` (see the module documentation).
pub fn lower_bessel_i1e<'c>(rewrite: &Rewrite<'c, '_>, op: OperationRef<'c, '_>) -> BuildResult<()> {
    elementwise(rewrite, op, |h, x| {
        real_only("bessel_i1e", x[0])?;
        let element = crate::builders::element_type(x[0].r#type())?;
        let wide = h.convert(x[0], h.f64())?;
        let value = bessel_i1e_f64(h, wide)?;
        // f64 -> bf16 has no conversion routine in the JIT (`__truncdfbf2`):
        // bf16 goes through f32 (a double rounding, which can only differ
        // from a single one on the 2^-16 of values whose f32 rounding
        // lands on a bf16 tie).
        let value = if element.is_bf16() { h.convert(value, h.f32())? } else { value };
        h.convert(value, element)
    })
}

fn bessel_i1e_f64<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    let a = h.unary("abs", x)?;
    // The power series, times e^(-a).
    let half = h.mul(a, h.c(0.5, a)?)?;
    let y = h.mul(half, half)?;
    let sum = h.horner(&series_coefficients(), y)?;
    let exp = h.unary("exponential", h.unary("negate", a)?)?;
    let series = h.mul(h.mul(half, sum)?, exp)?;
    // The asymptotic series in t = -1/a, over sqrt(2 pi a).
    let t = h.div(h.c(-1.0, a)?, a)?;
    let sum = h.horner(&asymptotic_coefficients(), t)?;
    let root = h.unary("sqrt", h.mul(a, h.c(2.0 * std::f64::consts::PI, a)?)?)?;
    let asymptotic = h.div(sum, root)?;
    let small = h.compare(ComparisonDirection::LT, a, h.c(SWITCH, a)?)?;
    let magnitude = h.select(small, series, asymptotic)?;
    // Odd: the sign of x (sign(±0) = ±0 keeps the zero's sign; NaN stays).
    h.mul(magnitude, h.unary("sign", x)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coefficients_match_their_definitions() {
        let series = series_coefficients();
        // 1/(0! 1!) = 1, 1/(1! 2!) = 1/2, 1/(2! 3!) = 1/12 (last three, reversed order).
        assert_eq!(series[SERIES_TERMS - 1], 1.0);
        assert_eq!(series[SERIES_TERMS - 2], 0.5);
        assert!((series[SERIES_TERMS - 3] - 1.0 / 12.0).abs() < 1e-18);
        let asymptotic = asymptotic_coefficients();
        // 1, 3/8, -15/128, 315/3072 (DLMF 10.40.1 with mu = 4).
        assert_eq!(asymptotic[ASYMPTOTIC_TERMS - 1], 1.0);
        assert_eq!(asymptotic[ASYMPTOTIC_TERMS - 2], 0.375);
        assert_eq!(asymptotic[ASYMPTOTIC_TERMS - 3], -15.0 / 128.0);
        assert_eq!(asymptotic[ASYMPTOTIC_TERMS - 4], 315.0 / 3072.0);
    }
}
