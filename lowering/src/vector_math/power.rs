//! pow and cbrt, in f64 arithmetic (f32 results are computed in f64).

use super::emitter::{Emitter, Goal, V};
use super::exp_log::{decompose, exp, exp_dd, log, log_dd};
use crate::builders::BuildResult;

/// pow(x, y) of f64s: `|x|^y = exp(y log|x|)` with log|x| and the product
/// in two parts for f64 results (so a large `y log|x|` keeps its low
/// bits), in one for f32 results (`Goal::Single`), then the sign
/// and the special cases of C99 F.9.4.4 by selects.
pub fn pow<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>, y: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let one = e.f(1.0)?;
    let zero = e.f(0.0)?;
    let inf = e.f(f64::INFINITY)?;
    let ax = e.abs(x)?;
    // The general case on a safe |x| (0, inf and NaN are selected below).
    let ax_special = e.or(e.cmp_c("oeq", ax, 0.0)?, e.cmp_c("ueq", ax, f64::INFINITY)?)?;
    let base = e.sel(ax_special, one, ax)?;
    let mut r = if e.goal == Goal::Double {
        let (l_hi, l_lo) = log_dd(e, base)?;
        let p_hi = e.mul(y, l_hi)?;
        let p_lo = e.add(e.fma(y, l_hi, e.neg(p_hi)?)?, e.mul(y, l_lo)?)?;
        // Outside the finite range (inf, NaN) the low part is dropped.
        let moderate = e.cmp_c("olt", e.abs(p_hi)?, 1.0e300)?;
        let p_lo = e.sel(moderate, p_lo, zero)?;
        exp_dd(e, p_hi, p_lo)?
    } else {
        // An f32 result: |y log|x|| < 104 matters, and log|x| to 2^-53
        // leaves its product within 2^-46 relative.
        let full = Emitter { goal: Goal::Double, ..*e };
        exp(e, e.mul(y, log(&full, base)?)?)?
    };

    let y_negative = e.cmp_c("olt", y, 0.0)?;
    // |x| = 0: +inf for y < 0, else 0; |x| = inf: the reverse.
    let at_zero = e.sel(y_negative, inf, zero)?;
    r = e.sel(e.cmp_c("oeq", ax, 0.0)?, at_zero, r)?;
    let at_inf = e.sel(y_negative, zero, inf)?;
    r = e.sel(e.cmp_c("oeq", ax, f64::INFINITY)?, at_inf, r)?;
    // y = ±inf: 1 for |x| = 1, else inf when (|x| < 1) == (y < 0), else 0.
    let below_one = e.cmp_c("olt", ax, 1.0)?;
    let grows = e.icmp("eq", below_one, y_negative)?;
    let at_inf_y = e.sel(grows, inf, zero)?;
    let at_inf_y = e.sel(e.cmp_c("oeq", ax, 1.0)?, one, at_inf_y)?;
    r = e.sel(e.cmp_c("oeq", e.abs(y)?, f64::INFINITY)?, at_inf_y, r)?;
    // Negative x (sign bit, so -0 and -inf too): odd integer y negates,
    // a non-integer y gives NaN for finite nonzero x.
    let y_integer = e.cmp("oeq", e.floor(y)?, y)?;
    let half = e.mul(y, e.f(0.5)?)?;
    let y_odd = e.and(y_integer, e.cmp("one", e.floor(half)?, half)?)?;
    let x_negative = e.icmp("slt", e.to_bits(x)?, e.i(0)?)?;
    r = e.sel(e.and(x_negative, y_odd)?, e.neg(r)?, r)?;
    let x_finite_negative = e.and(e.cmp_c("olt", x, 0.0)?, e.cmp_c("one", x, f64::NEG_INFINITY)?)?;
    let invalid = e.and(x_finite_negative, e.not(y_integer)?)?;
    let invalid = e.or(invalid, e.or(e.is_nan(x)?, e.is_nan(y)?)?)?;
    r = e.sel(invalid, e.f(f64::NAN)?, r)?;
    // pow(x, ±0) = pow(1, y) = 1, even for NaN.
    let trivial = e.or(e.cmp_c("oeq", y, 0.0)?, e.cmp_c("oeq", x, 1.0)?)?;
    e.sel(trivial, one, r)
}

/// cbrt(x) of an f64: |x| = 2^(3q + i) m with m in [1, 2), i in {0,1,2};
/// cbrt(2^i m) from a cubic fit (1% error) and two Halley steps (cubic
/// convergence: about 60 bits), times 2^q, with the sign of x; ±0, ±inf
/// and NaN return themselves.
pub fn cbrt<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let a = e.abs(x)?;
    let (k, m) = decompose(e, a, false)?;
    let kf = e.to_float(k)?;
    let q = e.floor(e.div(kf, e.f(3.0)?)?)?;
    let i = e.sub(kf, e.mul(q, e.f(3.0)?)?)?;
    let factor = e.sel(e.cmp_c("oeq", i, 2.0)?, e.f(4.0)?, e.sel(e.cmp_c("oeq", i, 1.0)?, e.f(2.0)?, e.f(1.0)?)?)?;
    let m = e.mul(m, factor)?;
    const FIT: [f64; 4] = [0.0018302245528402405, -0.03689713030919497, 0.34060036407212335, 0.7041619948560136];
    let mut r = e.horner(m, &FIT)?;
    for _ in 0..2 {
        // r - r (r^3 - m) / (2 r^3 + m)
        let r3 = e.mul(e.mul(r, r)?, r)?;
        let correction = e.div(e.sub(r3, m)?, e.add(e.add(r3, r3)?, m)?)?;
        r = e.sub(r, e.mul(r, correction)?)?;
    }
    let r = e.mul(r, e.pow2(e.to_int(q, 4096.0)?)?)?;
    let r = e.copysign(r, x)?;
    let special = e.or(e.cmp_c("oeq", a, 0.0)?, e.cmp_c("ueq", a, f64::INFINITY)?)?;
    e.sel(special, x, r)
}
