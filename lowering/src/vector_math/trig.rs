//! sin, cos, tan and atan2, in f64 arithmetic (f32 results come from f64
//! with shorter polynomials, `Goal::Single`).

use super::emitter::{Emitter, Goal, V};
use crate::builders::BuildResult;

/// pi/2 = P1 + P2 + P3 + P4; P1..P3 have 33 significant bits, so `k * Pi`
/// is exact for |k| < 2^20.
const PIO2: [f64; 4] = [1.5707963267341256, 6.077100506303966e-11, 2.0222662487111665e-21, 8.4784276603689e-32];
/// Beyond this |x| (2^20 pi/2) the reduction is no longer exact (see
/// docs/vector_math.md for the accuracy there).
pub const EXACT_REDUCTION_LIMIT: f64 = 1647099.3291652855;

/// 2/pi in 24-bit pieces (piece j holds bits 24j+1..24j+24 after the
/// point): the product of an f32 (24 bits) and a piece is exact in f64.
const TWO_OVER_PI_24: [f64; 8] = [
    0.6366197466850281,
    2.5682552973194106e-08,
    2.937095214933759e-16,
    3.2543794001732456e-23,
    1.2089613708828537e-29,
    5.667556795740071e-37,
    2.6204031112097215e-44,
    7.053957680880629e-52,
];

/// Exact reduction of any f32 `x` (held in an f64), Payne-Hanek without a
/// table: x (2/pi) mod 4 = sum over pieces of (x piece_j mod 4), each
/// product and remainder exact, summed as a double-double; pieces whose
/// product is a multiple of 4 contribute 0 (192 bits of 2/pi leave an
/// error below 2^-64 for |x| < 2^128). Returns `(k, r)` with
/// x = k pi/2 + r (k in [0, 32], only k mod 4 matters).
fn reduce_f32_exact<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let four = e.f(4.0)?;
    let quarter = e.f(0.25)?;
    let mut sum: Option<(V<'c, 'a>, V<'c, 'a>)> = None;
    for piece in TWO_OVER_PI_24 {
        let p = e.mul(x, e.f(piece)?)?;
        let remainder = e.sub(p, e.mul(four, e.floor(e.mul(p, quarter)?)?)?)?;
        sum = Some(match sum {
            None => (remainder, e.f(0.0)?),
            Some((hi, lo)) => {
                let (hi, err) = e.two_sum(hi, remainder)?;
                (hi, e.add(lo, err)?)
            }
        });
    }
    let (hi, lo) = sum.ok_or("internal error: no pieces")?;
    let k = e.round(hi)?;
    let fraction = e.add(e.sub(hi, k)?, lo)?;
    let r = e.mul(fraction, e.f(PIO2_DD.0)?)?;
    Ok((k, r))
}

/// Which of sin, cos, tan.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Trig {
    Sin,
    Cos,
    Tan,
}

/// `(1/(2i+1)!)` alternating, for sin's `r + r z S(z)`: S's coefficients,
/// highest first.
fn sin_series(terms: u32) -> Vec<f64> {
    (1..=terms).rev().map(|i| sign(i) / factorial(2 * i + 1)).collect()
}

/// cos's `1 - z/2 + z^2 C(z)`: C's coefficients, highest first.
fn cos_series(terms: u32) -> Vec<f64> {
    (2..terms + 2).rev().map(|i| sign(i) / factorial(2 * i)).collect()
}

fn sign(i: u32) -> f64 {
    if i % 2 == 1 { -1.0 } else { 1.0 }
}

fn factorial(n: u32) -> f64 {
    (1..=n).map(f64::from).product()
}

/// sin, cos or tan of an f64 `x`: `x = k pi/2 + r` with |r| <= pi/4 (r as
/// a double-double for `Goal::Double`), Taylor polynomials of sin and cos
/// on r, chosen and signed by k mod 4.
pub fn trig<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>, which: Trig) -> BuildResult<V<'c, 'a>> {
    let double = e.goal == Goal::Double;
    let k = e.round(e.mul(x, e.f(std::f64::consts::FRAC_2_PI)?)?)?;
    let t1 = e.sub(x, e.mul(k, e.f(PIO2[0])?)?)?;
    let (r, r_lo) = if double {
        let (t2, err) = e.two_sum(t1, e.neg(e.mul(k, e.f(PIO2[1])?)?)?)?;
        let c = e.sub(err, e.mul(k, e.f(PIO2[2])?)?)?;
        let c = e.sub(c, e.mul(k, e.f(PIO2[3])?)?)?;
        let hi = e.add(t2, c)?;
        (hi, Some(e.sub(c, e.sub(hi, t2)?)?))
    } else {
        let r = e.sub(t1, e.mul(k, e.f(PIO2[1])?)?)?;
        (e.sub(r, e.mul(k, e.f(PIO2[2])?)?)?, None)
    };
    // f32 arguments beyond the Cody-Waite range: the exact reduction.
    let (k, r) = if double {
        (k, r)
    } else {
        let (k_exact, r_exact) = reduce_f32_exact(e, x)?;
        let moderate = e.cmp_c("olt", e.abs(x)?, EXACT_REDUCTION_LIMIT)?;
        (e.sel(moderate, k, k_exact)?, e.sel(moderate, r, r_exact)?)
    };
    let z = e.mul(r, r)?;
    // sin(r) = r + r z S(z) (+ r_lo (1 - z/2)), cos(r) = 1 - (z/2 - z^2 C(z)) (- r r_lo).
    let (sin_terms, cos_terms) = if double { (9, 8) } else { (5, 5) };
    let half_z = e.mul(z, e.f(0.5)?)?;
    let mut sin_tail = e.mul(e.mul(r, z)?, e.horner(z, &sin_series(sin_terms))?)?;
    let mut cos_tail = e.mul(e.mul(z, z)?, e.horner(z, &cos_series(cos_terms))?)?;
    if let Some(lo) = r_lo {
        sin_tail = e.add(sin_tail, e.mul(lo, e.sub(e.f(1.0)?, half_z)?)?)?;
        cos_tail = e.sub(cos_tail, e.mul(r, lo)?)?;
    }
    let s = e.add(r, sin_tail)?;
    let c = e.sub(e.f(1.0)?, e.sub(half_z, cos_tail)?)?;
    // Quadrant: k mod 4 (k is 0 where it is not a moderate integer).
    let q = e.to_int(k, 4503599627370496.0)?;
    let odd = e.icmp("ne", e.iop("arith.andi", q, e.i(1)?)?, e.i(0)?)?;
    let result = match which {
        Trig::Sin | Trig::Cos => {
            // sin: s, c, -s, -c; cos: c, -s, -c, s.
            let (even_value, odd_value) = if which == Trig::Sin { (s, c) } else { (c, s) };
            let value = e.sel(odd, odd_value, even_value)?;
            let shifted = if which == Trig::Sin { q } else { e.iop("arith.addi", q, e.i(1)?)? };
            let negative = e.icmp("ne", e.iop("arith.andi", shifted, e.i(2)?)?, e.i(0)?)?;
            // Within [-1, 1] even where an f64 reduction is inexact.
            e.clamp(e.sel(negative, e.neg(value)?, value)?, -1.0, 1.0)?
        }
        Trig::Tan => {
            let t = e.div(e.sel(odd, c, s)?, e.sel(odd, s, c)?)?;
            e.sel(odd, e.neg(t)?, t)?
        }
    };
    if which == Trig::Cos {
        return Ok(result);
    }
    // sin(±0) = tan(±0) = ±0 (the two-part reduction loses the sign).
    e.sel(e.cmp_c("oeq", x, 0.0)?, x, result)
}

/// pi/2, pi, pi/4 and atan(C_MID) as two parts each.
const PIO2_DD: (f64, f64) = (1.5707963267948966, 6.123233995736766e-17);
const PI_DD: (f64, f64) = (3.141592653589793, 1.2246467991473532e-16);
const PIO4_DD: (f64, f64) = (0.7853981633974483, 3.061616997868383e-17);
/// tan(pi/8) rounded, and its atan in two parts.
const C_MID: f64 = 0.41421356237309503;
const ATAN_C_MID: (f64, f64) = (0.39269908169872414, 3.060132146563891e-18);
/// tan(pi/16) and tan(3pi/16): where the reduction switches centres.
const SPLIT_LOW: f64 = 0.198912367379658;
const SPLIT_HIGH: f64 = 0.6681786379192989;

/// atan2(y, x) of f64s: `t = min(|x|,|y|) / max(|x|,|y|)` in [0, 1],
/// `atan t = atan c + atan((t - c)/(1 + c t))` with c in {0, tan(pi/8), 1}
/// so the argument is within tan(pi/16), a Taylor polynomial there, then
/// the octant (pi/2 - a when |y| > |x|, pi - a when x is negative, the
/// sign of y). IEEE special cases: ±0 and ±inf pairs.
pub fn atan2<'c, 'a>(e: &Emitter<'c, 'a>, y: V<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let ax = e.abs(x)?;
    let ay = e.abs(y)?;
    let t = e.div(e.min(ax, ay)?, e.max(ax, ay)?)?;
    let mid = e.cmp_c("ogt", t, SPLIT_LOW)?;
    let high = e.cmp_c("ogt", t, SPLIT_HIGH)?;
    let pick = |h: f64, m: f64, l: f64| -> BuildResult<V<'c, 'a>> { e.sel(high, e.f(h)?, e.sel(mid, e.f(m)?, e.f(l)?)?) };
    let c = pick(1.0, C_MID, 0.0)?;
    let angle_hi = pick(PIO4_DD.0, ATAN_C_MID.0, 0.0)?;
    let angle_lo = pick(PIO4_DD.1, ATAN_C_MID.1, 0.0)?;
    let u = e.div(e.sub(t, c)?, e.add(e.f(1.0)?, e.mul(c, t)?)?)?;
    let z = e.mul(u, u)?;
    let terms: u32 = if e.goal == Goal::Double { 12 } else { 6 };
    let series: Vec<f64> = (1..=terms).rev().map(|i| sign(i) / f64::from(2 * i + 1)).collect();
    let atan_u = e.add(u, e.mul(e.mul(u, z)?, e.horner(z, &series)?)?)?;
    let a = e.add(angle_hi, e.add(atan_u, angle_lo)?)?;
    let swap = e.cmp("ogt", ay, ax)?;
    let a = e.sel(swap, e.add(e.sub(e.f(PIO2_DD.0)?, a)?, e.f(PIO2_DD.1)?)?, a)?;
    let x_negative = e.icmp("slt", e.to_bits(x)?, e.i(0)?)?;
    let a = e.sel(x_negative, e.add(e.sub(e.f(PI_DD.0)?, a)?, e.f(PI_DD.1)?)?, a)?;
    // atan2(±0, ±0) = 0 or pi; atan2(±inf, ±inf) = pi/4 or 3pi/4.
    let both_zero = e.and(e.cmp_c("oeq", ax, 0.0)?, e.cmp_c("oeq", ay, 0.0)?)?;
    let zero_angle = e.sel(x_negative, e.f(PI_DD.0)?, e.f(0.0)?)?;
    let a = e.sel(both_zero, zero_angle, a)?;
    let both_inf = e.and(e.cmp_c("oeq", ax, f64::INFINITY)?, e.cmp_c("oeq", ay, f64::INFINITY)?)?;
    let inf_angle = e.sel(x_negative, e.f(3.0 * PIO4_DD.0)?, e.f(PIO4_DD.0)?)?;
    let a = e.sel(both_inf, inf_angle, a)?;
    e.copysign(a, y)
}
