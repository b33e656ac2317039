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
//! but for values within that distance of a rounding boundary. bf16 is
//! rounded once from f64 too: f64 → f32 rounded to odd (the f32 nearest
//! below in magnitude, its last bit set when inexact), then f32 → bf16 to
//! nearest even, which gives the f64 → bf16 rounding (an odd rounding with
//! at least two more bits than the target cannot create a false tie); the
//! only conversions used are f64 → f32 and f32 → bf16.
//! i1e(±inf) = ±0, NaN stays NaN, i1e(-0) = -0.
//!
//! Complex operands (upstream's `ChloOps.td` admits them:
//! `HLO_AnyFpOrComplexTensor`) give exp(-|Re z|) I1(z), the scaling of
//! scipy's `ive(1, z)`, in complex<f64> (complex<f32> rounded once). With
//! I1(-z) = -I1(z), z is first reflected to Re z >= 0, then:
//!
//! ```text
//! |z| < 2:        e^(-x) (z/2) sum_k (z²/4)^k / (k! (k+1)!)          (power series, 24 terms)
//! 2 <= |z| < 20:  e^(-x) I1(z) = (1/M) sum'_{j=0..M} e^(x cos θj - x) e^(i y cos θj) cos θj,
//!                 θj = j π / M, M = 32, ends halved                 (trapezoid rule on
//!                 I1(z) = (1/π) ∫_0^π e^(z cos θ) cos θ dθ)
//! |z| >= 20:      e^(iy) S(-1/z) / √(2πz)  ∓ i e^(-2x) e^(-iy) S(1/z) / √(2πz)
//!                 (DLMF 10.40.5 with ν = 1, e^(±iπ) = -1; S the Hankel series of the real
//!                 case, upper sign for Im z >= 0, the second term dropped on the real axis)
//! ```
//!
//! The power series of a complex z cancels (near the imaginary axis its
//! terms reach I1(|z|) while the sum is J1(|z|)), so it is kept to |z| < 2
//! (a loss of at most I1(2)/|J1(2)| ≈ 3). The trapezoid rule on a periodic
//! analytic integrand errs by the aliased terms I_{2M±1}(z), below 1e-24
//! relative at |z| < 20, and its terms are at most 1 in magnitude after the
//! e^(-x) scaling: an absolute error of a few f64 ulps, relative where
//! |I1| is not near a zero of J1 (the same near the imaginary axis).
//! Non-finite complex operands are not handled specially.

use super::complex::{C, join, mul, split, sqrt};
use super::{Hlo, V, elementwise, is_complex};
use crate::builders::BuildResult;
use xla_dialects::stablehlo::ComparisonDirection;
use crate::stablehlo_to_linalg::Rewrite;
use melior::ir::{OperationRef, Type, TypeLike, ValueLike};

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
        let element = crate::builders::element_type(x[0].r#type())?;
        if is_complex(x[0]) {
            return bessel_i1e_complex(h, x[0]);
        }
        let wide = h.convert(x[0], h.f64())?;
        let value = bessel_i1e_f64(h, wide)?;
        if element.is_bf16() { round_f64_to_bf16(h, value) } else { h.convert(value, element) }
    })
}

/// f64 → bf16 rounded once (to nearest even): through f32 rounded to odd
/// (see the module documentation).
pub(super) fn round_f64_to_bf16<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    let f32_type = h.f32();
    let i32_type = crate::builders::integer_type(h.context(), 32)?;
    let nearest = h.convert(x, f32_type)?;
    let back = h.convert(nearest, h.f64())?;
    let inexact = h.compare(ComparisonDirection::NE, back, x)?;
    let not_nan = h.compare(ComparisonDirection::EQ, x, x)?;
    let inexact = h.binary("and", inexact, not_nan)?;
    let rounded_up = h.compare(ComparisonDirection::GT, h.unary("abs", back)?, h.unary("abs", x)?)?;
    let bits = h.op("stablehlo.bitcast_convert", &[nearest], h.tensor(i32_type), &[])?;
    // Sign and magnitude: one less in the integer is one ulp less in magnitude.
    let truncated = h.select(rounded_up, h.sub(bits, h.constant(1.0, i32_type)?)?, bits)?;
    let odd = h.binary("or", truncated, h.constant(1.0, i32_type)?)?;
    let bits = h.select(inexact, odd, bits)?;
    let f32_value = h.op("stablehlo.bitcast_convert", &[bits], h.tensor(f32_type), &[])?;
    h.convert(f32_value, Type::bfloat16(h.context()))
}

const COMPLEX_SERIES_TERMS: usize = 24;
/// Below this |z| the power series (complex operands).
const COMPLEX_SERIES_SWITCH: f64 = 2.0;
/// Trapezoid intervals on [0, π].
const TRAPEZOID_INTERVALS: usize = 32;

/// `a * b` for complex `a` and a real `b`.
fn scale<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, b: V<'c>) -> BuildResult<C<'c>> {
    Ok(C { re: h.mul(a.re, b)?, im: h.mul(a.im, b)? })
}

fn add<'c>(h: &Hlo<'c, '_, '_>, a: C<'c>, b: C<'c>) -> BuildResult<C<'c>> {
    Ok(C { re: h.add(a.re, b.re)?, im: h.add(a.im, b.im)? })
}

/// `c[0] * z^(n-1) + ... + c[n-1]` for complex `z`, real coefficients.
fn complex_horner<'c>(h: &Hlo<'c, '_, '_>, coefficients: &[f64], z: C<'c>) -> BuildResult<C<'c>> {
    let mut p = C { re: h.c(coefficients[0], z.re)?, im: h.c(0.0, z.re)? };
    for &c in &coefficients[1..] {
        let scaled = mul(h, p, z)?;
        p = C { re: h.add(scaled.re, h.c(c, z.re)?)?, im: scaled.im };
    }
    Ok(p)
}

/// 1 / z.
fn reciprocal<'c>(h: &Hlo<'c, '_, '_>, z: C<'c>) -> BuildResult<C<'c>> {
    let (complex, part) = (h.tensor(crate::builders::complex_type(Type::float64(h.context()))), h.f64());
    let one = join(h, C { re: h.c(1.0, z.re)?, im: h.c(0.0, z.re)? }, complex)?;
    split(h, h.div(one, join(h, z, complex)?)?, part)
}

/// e^(-|Re z|) I1(z) on complex<f32>/complex<f64> (see the module documentation).
fn bessel_i1e_complex<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    let complex = crate::builders::complex_type(Type::float64(h.context()));
    let complex_tensor = h.tensor(complex);
    let part = h.f64();
    let wide = h.convert(x, complex)?;
    let z0 = split(h, wide, part)?;
    // Reflect to Re z >= 0 (I1 is odd).
    let negative = h.compare(ComparisonDirection::LT, z0.re, h.c(0.0, z0.re)?)?;
    let z = C {
        re: h.select(negative, h.unary("negate", z0.re)?, z0.re)?,
        im: h.select(negative, h.unary("negate", z0.im)?, z0.im)?,
    };
    let decay = h.unary("exponential", h.unary("negate", z.re)?)?; // e^(-x)
    // Power series.
    let half = scale(h, z, h.c(0.5, z.re)?)?;
    let y = mul(h, half, half)?;
    let coefficients: Vec<f64> = series_coefficients().split_off(SERIES_TERMS - COMPLEX_SERIES_TERMS);
    let series = scale(h, mul(h, half, complex_horner(h, &coefficients, y)?)?, decay)?;
    // Trapezoid rule, nodes in pairs θ and π - θ (cos θ and exactly -cos θ,
    // so that the real part of i J1 on the imaginary axis cancels to 0).
    let m = TRAPEZOID_INTERVALS;
    let mut sum: Option<C> = None;
    for j in 0..m / 2 {
        let c = (j as f64 * std::f64::consts::PI / m as f64).cos();
        let weight = if j == 0 { 0.5 } else { 1.0 } * c / m as f64;
        for (cos_theta, weight) in [(c, weight), (-c, -weight)] {
            let growth = h.unary("exponential", h.mul(z.re, h.c(cos_theta - 1.0, z.re)?)?)?;
            let phase = h.mul(z.im, h.c(cos_theta, z.im)?)?;
            let magnitude = h.mul(growth, h.c(weight, z.re)?)?;
            let term = C { re: h.mul(magnitude, h.unary("cosine", phase)?)?, im: h.mul(magnitude, h.unary("sine", phase)?)? };
            sum = Some(match sum {
                None => term,
                Some(sum) => add(h, sum, term)?,
            });
        }
    }
    let trapezoid = sum.ok_or("internal error: no trapezoid nodes")?;
    // Asymptotic expansion.
    let inverse = reciprocal(h, z)?;
    let coefficients = asymptotic_coefficients();
    let s_minus = complex_horner(h, &coefficients, C { re: h.unary("negate", inverse.re)?, im: h.unary("negate", inverse.im)? })?;
    let s_plus = complex_horner(h, &coefficients, inverse)?;
    let root = sqrt(h, scale(h, z, h.c(2.0 * std::f64::consts::PI, z.re)?)?, complex_tensor, part)?;
    let inverse_root = reciprocal(h, root)?;
    let (cos_y, sin_y) = (h.unary("cosine", z.im)?, h.unary("sine", z.im)?);
    let first = mul(h, mul(h, C { re: cos_y, im: sin_y }, s_minus)?, inverse_root)?;
    // ∓ i e^(-2x) e^(-iy) S(1/z) / √(2πz): -i for Im z > 0, +i for Im z < 0, 0 on the axis.
    let decay2 = h.mul(decay, decay)?;
    let second = scale(h, mul(h, mul(h, C { re: cos_y, im: h.unary("negate", sin_y)? }, s_plus)?, inverse_root)?, decay2)?;
    let sign = h.unary("sign", z.im)?; // -1, 0 or 1
    let second = C { re: h.mul(second.im, sign)?, im: h.unary("negate", h.mul(second.re, sign)?)? }; // (-i sign) * second
    let asymptotic = add(h, first, second)?;
    // Choose by |z|.
    let modulus = h.op("stablehlo.abs", &[wide], h.tensor(part), &[])?;
    let small = h.compare(ComparisonDirection::LT, modulus, h.c(COMPLEX_SERIES_SWITCH, modulus)?)?;
    let medium = h.compare(ComparisonDirection::LT, modulus, h.c(SWITCH, modulus)?)?;
    let pick = |a: V<'c>, b: V<'c>, c: V<'c>| -> BuildResult<V<'c>> { h.select(small, a, h.select(medium, b, c)?) };
    let value = C {
        re: pick(series.re, trapezoid.re, asymptotic.re)?,
        im: pick(series.im, trapezoid.im, asymptotic.im)?,
    };
    let value = C {
        re: h.select(negative, h.unary("negate", value.re)?, value.re)?,
        im: h.select(negative, h.unary("negate", value.im)?, value.im)?,
    };
    let value = join(h, value, complex_tensor)?;
    h.convert(value, crate::builders::element_type(x.r#type())?)
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
