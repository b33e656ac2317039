//! exp, log and tanh (and the pieces pow and cbrt share with them).

use super::emitter::{Emitter, Goal, V, inverse_factorials};
use crate::builders::BuildResult;

/// ln 2 = LN2_HI + LN2_LO with LN2_HI short enough that `n * LN2_HI` is
/// exact for every exponent `n` of the type (f64: 42 bits, |n| <= 1076;
/// f32: 9 bits, |n| <= 151).
const LN2_HI_64: f64 = 0.6931471805598903;
const LN2_LO_64: f64 = 5.497923018708371e-14;
const LN2_HI_32: f64 = 0.693359375;
const LN2_LO_32: f64 = -2.12194440e-4;

fn ln2_parts(e: &Emitter) -> (f64, f64) {
    if e.is_f64() { (LN2_HI_64, LN2_LO_64) } else { (LN2_HI_32, LN2_LO_32) }
}

/// `(n, r)` with `x = n ln 2 + r`, `n` integral and |r| <= ln(2)/2 (plus
/// rounding); Cody-Waite, so `r` carries no error from `n ln 2`.
fn reduce_ln2<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let (hi, lo) = ln2_parts(e);
    let n = e.round(e.mul(x, e.f(std::f64::consts::LOG2_E)?)?)?;
    let r = e.sub(x, e.mul(n, e.f(hi)?)?)?;
    let r = e.sub(r, e.mul(n, e.f(lo)?)?)?;
    Ok((n, r))
}

/// `p * 2^n` for an integral float `n` in [-1076, 1025] (f32: [-151,
/// 129]) as two factors, so that a subnormal result is rounded once and
/// `2^1024` overflows to inf. A NaN `n` counts as 0.
fn scale<'c, 'a>(e: &Emitter<'c, 'a>, p: V<'c, 'a>, n: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let n = e.to_int(n, 4096.0)?;
    let h = e.iop("arith.shrsi", n, e.i(1)?)?;
    let k = e.iop("arith.subi", n, h)?;
    let p = e.mul(p, e.pow2(h)?)?;
    e.mul(p, e.pow2(k)?)
}

/// e^r on |r| <= ln(2)/2 + tiny: Taylor polynomial, degree 7 (f32, below
/// 0.15 ulp) or 13 (f64, below 2^-56 relative), as 1 + (r + r^2 q(r)) so
/// that the rounding of the last steps is on the small terms.
fn exp_polynomial<'c, 'a>(e: &Emitter<'c, 'a>, r: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let degree = if e.is_f64() && e.goal == Goal::Double { 13 } else { 7 };
    let q = e.horner(r, &inverse_factorials(degree, 2))?;
    let small = e.add(r, e.mul(e.mul(r, r)?, q)?)?;
    e.add(e.f(1.0)?, small)
}

/// exp(x): clamp to where the result is neither 0 nor inf for sure (NaN
/// passes), `x = n ln 2 + r`, e^r by its Taylor polynomial, times 2^n.
pub fn exp<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let x = e.clamp(x, e.pick(-104.0, -746.0), e.pick(88.8, 709.8))?;
    let (n, r) = reduce_ln2(e, x)?;
    let p = exp_polynomial(e, r)?;
    scale(e, p, n)
}

/// exp(hi + lo) for a double-double argument (|lo| <= ulp(hi)); pow's
/// last step. `lo` is ignored where `hi` is clamped.
pub fn exp_dd<'c, 'a>(e: &Emitter<'c, 'a>, hi: V<'c, 'a>, lo: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let clamped = e.clamp(hi, -746.0, 709.8)?;
    let inside = e.cmp("oeq", clamped, hi)?;
    let lo = e.sel(inside, lo, e.f(0.0)?)?;
    let (n, r) = reduce_ln2(e, clamped)?;
    let r = e.add(r, lo)?;
    let p = exp_polynomial(e, r)?;
    scale(e, p, n)
}

/// e^x - 1 for x in [0, 40] or NaN (tanh's range: 2|x|, clamped) without
/// cancellation, in as few vector operations as we could: `x = n ln 2 +
/// r` with `k = x log2(e) + 1.5 2^p` (p = 52 or 23; rounded once where
/// FMA contracts it), `n = k - 1.5 2^p` the nearest integer, and the low
/// bits of `k`'s representation are `n` itself, so `2^n` is one integer
/// addition and one shift of them (no float-to-integer conversion, no
/// range check: n <= 58); `r` by Cody-Waite (exact: `n ln2_hi` is);
/// `expm1(r) = r + r^2 q(r)` (Taylor, degree 13 for f64: the first term
/// left out is below 2^-60 of the result at |r| <= ln2/2; 8 for f32);
/// then `2^n expm1(r) + (2^n - 1)` (one rounding where FMA contracts it).
/// `n = 0` gives `expm1(r)` itself, so tiny and subnormal `x` come back
/// unchanged. A NaN `x` makes `r`, hence the result, NaN (the bits of
/// `2^n` are then meaningless, but defined).
fn expm1_kernel<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let (magic, magic_bits) = if e.is_f64() {
        (6755399441055744.0, 6755399441055744f64.to_bits() as i128)
    } else {
        (12582912.0, 12582912f32.to_bits() as i128)
    };
    let magic_value = e.f(magic)?;
    let k = e.mul_add(x, e.f(std::f64::consts::LOG2_E)?, magic_value)?;
    let n = e.sub(k, magic_value)?;
    let (hi, lo) = ln2_parts(e);
    let r = e.mul_add(n, e.f(-hi)?, x)?;
    let r = e.mul_add(n, e.f(-lo)?, r)?;
    let degree = if e.is_f64() { 13 } else { 8 };
    let q = e.horner(r, &inverse_factorials(degree, 2))?;
    let p = e.mul_add(e.mul(r, r)?, q, r)?;
    // (n + bias) << mantissa bits, from k's bits: bits(k) = bits(magic) + n.
    let biased = e.iop("arith.addi", e.to_bits(k)?, e.i(e.bias() - magic_bits)?)?;
    let s = e.from_bits(e.iop("arith.shli", biased, e.i(e.mantissa_bits())?)?)?;
    e.mul_add(s, p, e.sub(s, e.f(1.0)?)?)
}

/// expm1(x) = e^x - 1 over the whole range: `x = n ln 2 + r`, p =
/// expm1(r) as in [`expm1_kernel`]; then `2^n (p + (1 - 2^-n))` for n > 0
/// (`2^n ((p - 2^-n) + 1)` where 1 - 2^-n would round),
/// `2^n p + (2^n - 1)` for n <= 0, and `2^n (1 + p)` in two factors for
/// large n (overflow to inf). ±0 return themselves.
pub fn expm1<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let xc = e.clamp(x, e.pick(-40.0, -100.0), e.pick(88.8, 709.8))?;
    let (n, r) = reduce_ln2(e, xc)?;
    let degree = if e.is_f64() && e.goal == Goal::Double { 14 } else { 8 };
    let q = e.horner(r, &inverse_factorials(degree, 2))?;
    let p = e.add(e.mul(e.mul(r, r)?, q)?, r)?;
    let one = e.f(1.0)?;
    let big = e.cmp_c("ogt", n, e.pick(100.0, 1000.0))?;
    let n_moderate = e.sel(big, e.f(0.0)?, n)?;
    let n_int = e.to_int(n_moderate, 4096.0)?;
    let s = e.pow2(n_int)?;
    let inverse = e.pow2(e.iop("arith.subi", e.i(0)?, n_int)?)?;
    // 1 - 2^-n is exact up to n = 24 (f32) or 53 (f64); beyond, (p - 2^-n) + 1
    // rounds p - 2^-n on p's own (small) scale.
    let exact = e.cmp_c("ole", n, e.pick(24.0, 53.0))?;
    let sum = e.sel(exact, e.add(p, e.sub(one, inverse)?)?, e.add(e.sub(p, inverse)?, one)?)?;
    let positive = e.mul(s, sum)?;
    let negative = e.add(e.mul(s, p)?, e.sub(s, one)?)?;
    let y = e.sel(e.cmp_c("ogt", n, 0.0)?, positive, negative)?;
    let y = e.sel(big, scale(e, e.add(p, one)?, n)?, y)?;
    e.sel(e.cmp_c("oeq", x, 0.0)?, x, y)
}

/// tanh(x) = sign(x) t / (t + 2), t = expm1(2 |x|), with |x| clamped to
/// 10 (f32) or 20 (f64), beyond which tanh rounds to 1.
pub fn tanh<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let a = e.min(e.abs(x)?, e.f(e.pick(10.0, 20.0))?)?;
    let t = expm1_kernel(e, e.add(a, a)?)?;
    let y = e.div(t, e.add(t, e.f(2.0)?)?)?;
    e.copysign(y, x)
}

/// A positive finite `x` as `2^k m`, m in [sqrt(2)/2, sqrt(2)): returns
/// `(k, m)` with `k` an integer of the emitter's integer type. Subnormals
/// are scaled up first. (For 0, inf, NaN and negative `x` the values are
/// meaningless; callers select their results.)
pub fn decompose<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>, centered: bool) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let min_normal = e.pick(f32::MIN_POSITIVE as f64, f64::MIN_POSITIVE);
    let shift = e.pick(25.0, 54.0);
    let tiny = e.cmp_c("olt", x, min_normal)?;
    let scaled = e.sel(tiny, e.mul(x, e.f(2f64.powf(shift))?)?, x)?;
    let bits = e.to_bits(scaled)?;
    let k = e.iop("arith.shrsi", bits, e.i(e.mantissa_bits())?)?;
    let k = e.iop("arith.subi", k, e.i(e.bias())?)?;
    let k = e.iop("arith.subi", k, e.sel(tiny, e.i(shift as i128)?, e.i(0)?)?)?;
    let mantissa_mask = (1i128 << e.mantissa_bits()) - 1;
    let m_bits = e.iop("arith.andi", bits, e.i(mantissa_mask)?)?;
    let m_bits = e.iop("arith.ori", m_bits, e.i(e.bias() << e.mantissa_bits())?)?;
    let m = e.from_bits(m_bits)?;
    if !centered {
        return Ok((k, m));
    }
    let big = e.cmp_c("ogt", m, std::f64::consts::SQRT_2)?;
    let m = e.sel(big, e.mul(m, e.f(0.5)?)?, m)?;
    let k = e.iop("arith.addi", k, e.sel(big, e.i(1)?, e.i(0)?)?)?;
    Ok((k, m))
}

/// `2/3, 2/5, ..., 2/(2n+1)`, highest first: log(1+f) = 2s + s R(s^2).
fn atanh_series(terms: usize) -> Vec<f64> {
    (1..=terms).rev().map(|k| 2.0 / (2 * k + 1) as f64).collect()
}

/// log(x): `x = 2^k (1 + f)`, m = 1 + f in [sqrt(2)/2, sqrt(2)).
pub fn log<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let (k, m) = decompose(e, x, true)?;
    let f = e.sub(m, e.f(1.0)?)?;
    let y = log_core(e, k, f, e.f(0.0)?)?;
    let y = e.sel(e.cmp_c("oeq", x, f64::INFINITY)?, x, y)?;
    let y = e.sel(e.cmp_c("oeq", x, 0.0)?, e.f(f64::NEG_INFINITY)?, y)?;
    e.sel(e.cmp_c("ult", x, 0.0)?, e.f(f64::NAN)?, y)
}

/// log1p(x): u = 1 + x rounded, with its rounding error `c = ((1 + x) - u)
/// / u` added back; where u = 2^0 m, f is x itself (exact), else m - 1.
pub fn log1p<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let one = e.f(1.0)?;
    let (u, err) = e.two_sum(one, x)?;
    let (k, m) = decompose(e, u, true)?;
    let unscaled = e.icmp("eq", k, e.i(0)?)?;
    let f = e.sel(unscaled, x, e.sub(m, one)?)?;
    let c = e.sel(unscaled, e.f(0.0)?, e.div(err, u)?)?;
    let y = log_core(e, k, f, c)?;
    let y = e.sel(e.cmp_c("oeq", x, f64::INFINITY)?, x, y)?;
    let y = e.sel(e.cmp_c("oeq", x, 0.0)?, x, y)?;
    let y = e.sel(e.cmp_c("oeq", x, -1.0)?, e.f(f64::NEG_INFINITY)?, y)?;
    e.sel(e.cmp_c("ult", x, -1.0)?, e.f(f64::NAN)?, y)
}

/// k ln 2 + log(1 + f) + c for f in [sqrt(2)/2 - 1, sqrt(2) - 1] and a
/// small correction c: `s = f/(2+f)`, log(1+f) = 2 atanh(s) =
/// f - f^2/2 + s (f^2/2 + R), R = sum 2 s^(2i)/(2i+1) (|s| <= 0.1716, 4
/// terms for f32, 9 for f64), k ln 2 in two parts.
fn log_core<'c, 'a>(e: &Emitter<'c, 'a>, k: V<'c, 'a>, f: V<'c, 'a>, c: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let s = e.div(f, e.add(f, e.f(2.0)?)?)?;
    let z = e.mul(s, s)?;
    let terms = if e.is_f64() && e.goal == Goal::Double { 9 } else { 4 };
    let r = e.mul(z, e.horner(z, &atanh_series(terms))?)?;
    let hfsq = e.mul(e.mul(e.f(0.5)?, f)?, f)?;
    let k = e.to_float(k)?;
    let (hi, lo) = ln2_parts(e);
    // k ln2_hi - ((hfsq - (s (hfsq + R) + (k ln2_lo + c))) - f)
    let low = e.add(e.mul(k, e.f(lo)?)?, c)?;
    let inner = e.add(e.mul(s, e.add(hfsq, r)?)?, low)?;
    e.sub(e.mul(k, e.f(hi)?)?, e.sub(e.sub(hfsq, inner)?, f)?)
}

/// log(x) as a double-double `(hi, lo)` with about 2^-66 relative error,
/// for a positive, finite, nonzero f64 `x` (pow's first step): the
/// terms k ln 2, 2s and 2s^3/3 are carried in two parts, the rest in one.
pub fn log_dd<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let (k, m) = decompose(e, x, true)?;
    let one = e.f(1.0)?;
    let f = e.sub(m, one)?;
    // s = f / (m + 1) in two parts: d = m + 1 exactly as d_hi + d_lo.
    let (d_hi, d_lo) = e.two_sum(m, one)?;
    let s_hi = e.div(f, d_hi)?;
    let residual = e.fma(e.neg(s_hi)?, d_hi, f)?;
    let s_lo = e.div(e.sub(residual, e.mul(s_hi, d_lo)?)?, d_hi)?;
    // s^3 in two parts.
    let s2 = e.mul(s_hi, s_hi)?;
    let s2_err = e.fma(s_hi, s_hi, e.neg(s2)?)?;
    let s3 = e.mul(s2, s_hi)?;
    let s3_err = e.fma(s2, s_hi, e.neg(s3)?)?;
    let s3_lo = e.add(e.add(s3_err, e.mul(s2_err, s_hi)?)?, e.mul(e.mul(e.f(3.0)?, s2)?, s_lo)?)?;
    // (2/3) s^3 with 2/3 = TWO_THIRDS_HI + TWO_THIRDS_LO.
    const TWO_THIRDS_HI: f64 = 0.6666666666666666;
    const TWO_THIRDS_LO: f64 = 3.700743415417188e-17;
    let b_hi = e.mul(s3, e.f(TWO_THIRDS_HI)?)?;
    let b_err = e.fma(s3, e.f(TWO_THIRDS_HI)?, e.neg(b_hi)?)?;
    let b_lo = e.add(b_err, e.add(e.mul(s3, e.f(TWO_THIRDS_LO)?)?, e.mul(s3_lo, e.f(TWO_THIRDS_HI)?)?)?)?;
    // The rest: s z^2 (2/5 + 2/7 z + ... + 2/27 z^11), z = s^2 (|s| <=
    // 0.1716: the first term left out is below 2^-70 of log m).
    let z = s2;
    let series: Vec<f64> = atanh_series(13)[..12].to_vec();
    let c = e.mul(e.mul(s_hi, e.mul(z, z)?)?, e.horner(z, &series)?)?;
    // Sum: k ln2_hi + 2 s_hi + b_hi exactly (two two-sums), then the small terms.
    let kf = e.to_float(k)?;
    let k_hi = e.mul(kf, e.f(LN2_HI_64)?)?;
    let two_s = e.add(s_hi, s_hi)?;
    let (t1, e1) = e.two_sum(k_hi, two_s)?;
    let (t2, e2) = e.two_sum(t1, b_hi)?;
    let small = e.add(e.mul(kf, e.f(LN2_LO_64)?)?, e.add(s_lo, s_lo)?)?;
    let small = e.add(small, e.add(b_lo, c)?)?;
    let lo = e.add(e.add(e1, e2)?, small)?;
    let hi = e.add(t2, lo)?;
    let lo = e.sub(lo, e.sub(hi, t2)?)?;
    Ok((hi, lo))
}
