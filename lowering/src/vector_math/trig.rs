//! sin, cos, tan and atan2, in f64 arithmetic (f32 results come from f64
//! with shorter polynomials, `Goal::Single`).

use super::emitter::{Emitter, Goal, V};
use melior::ir::Type;
use crate::builders::BuildResult;

/// pi/2 = P1 + P2 + P3 + P4; P1..P3 have 33 significant bits, so `k * Pi`
/// is exact for |k| < 2^20.
const PIO2: [f64; 4] = [1.5707963267341256, 6.077100506303966e-11, 2.0222662487111665e-21, 8.4784276603689e-32];
/// Below this |x| (2^20 pi/2) the Cody-Waite reduction is exact; beyond,
/// the Payne-Hanek reductions are selected.
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
/// product and remainder exact ([`mod4`]), summed as a double-double; pieces whose
/// product is a multiple of 4 contribute 0 (192 bits of 2/pi leave an
/// error below 2^-64 for |x| < 2^128). Returns `(k, r)` with
/// x = k pi/2 + r (k in [0, 32], only k mod 4 matters).
fn reduce_f32_exact<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let remainders = TWO_OVER_PI_24.iter().map(|&piece| mod4(e, e.mul(x, e.f(piece)?)?)).collect::<BuildResult<Vec<_>>>()?;
    let (hi, lo) = pairwise_sum(e, remainders)?;
    let k = e.round(hi)?;
    let fraction = e.add(e.sub(hi, k)?, lo)?;
    let r = e.mul(fraction, e.f(PIO2_DD.0)?)?;
    Ok((k, r))
}

/// 2/pi in 53-bit integers: entry i holds bits 53i+1..53i+53 after the
/// point (1219 bits, enough for every f64 exponent); the module gets it as
/// the constant global [`TABLE_SYMBOL`] when an f64 sin/cos/tan is expanded.
pub const TWO_OVER_PI_TABLE: [u64; 23] = [5734161139222658, 5814151408469972, 7440259586542284, 5563773718881558, 2066796102992750, 2563573915284664, 55291115753100, 5098427330010289, 1465545334474430, 5835026907506289, 6776677510095004, 7069188010357663, 2595984518904818, 2831001892290551, 4552804911380620, 3195225570766134, 4461702110328553, 8190251822055336, 6397593724909042, 8751785341853560, 5811081437509311, 3456741467624832, 7180050975382879];
pub const TABLE_SYMBOL: &str = "__xla_two_over_pi_53";
/// Largest first index of the table used (exponent 1024, inf and NaN).
const TABLE_LAST_START: i128 = 19;

/// The table row `index` (an integer of the emitter's type) as an f64.
fn table_entry<'c, 'a>(e: &Emitter<'c, 'a>, index: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let memref: Type = melior::ir::r#type::MemRefType::new(Type::float64(e.context), &[TWO_OVER_PI_TABLE.len() as i64], None, None).into();
    let global = e.insert(crate::builders::memref_get_global(e.location, TABLE_SYMBOL, memref)?)?;
    let index = e.op("arith.index_cast", &[index], Type::index(e.context))?;
    e.insert(crate::builders::memref_load(e.location, global, &[index], e.float)?)
}

/// The sum of `terms` (each in [-2, 2]) as a double-double `(hi, lo)`
/// (for f32 arguments, whose results need far fewer bits than it keeps):
/// exact sums (`two_sum`) combined pairwise, in a tree, so the chain of
/// dependent additions is 3 levels deep for 8 terms instead of 8 (each
/// `two_sum` is 4 dependent additions, so the sequential sum was a chain of
/// about 30; with it, f32 `sin` on one core took about 10% longer). The
/// low parts are added plainly, as the sequential sum did.
fn pairwise_sum<'c, 'a>(e: &Emitter<'c, 'a>, terms: Vec<V<'c, 'a>>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>)> {
    let mut level: Vec<(V<'c, 'a>, Option<V<'c, 'a>>)> = terms.into_iter().map(|t| (t, None)).collect();
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        for pair in level.chunks(2) {
            match pair {
                [(a, a_lo), (b, b_lo)] => {
                    let (hi, err) = e.two_sum(*a, *b)?;
                    let lo = match (a_lo, b_lo) {
                        (Some(x), Some(y)) => e.add(e.add(*x, *y)?, err)?,
                        (Some(x), None) | (None, Some(x)) => e.add(*x, err)?,
                        (None, None) => err,
                    };
                    next.push((hi, Some(lo)));
                }
                [single] => next.push(*single),
                _ => unreachable!("chunks of two"),
            }
        }
        level = next;
    }
    let (hi, lo) = level.pop().ok_or("internal error: no terms")?;
    Ok((hi, match lo {
        Some(lo) => lo,
        None => e.f(0.0)?,
    }))
}

/// `x` less a multiple of 4, exactly: `x - 4 roundeven(x/4)`, in [-2, 2].
/// Exact for every `x`: below 2 in magnitude the multiple is 0; from 2 to
/// 8 the difference of `x` and 4 or 8 is exact (Sterbenz); from 4 up the
/// ulp of `x` is at least that of the result. Three operations and no
/// select (floor, then a select of `x` itself below 4, took seven).
fn mod4<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<V<'c, 'a>> {
    let quarter = e.round_even(e.mul(x, e.f(0.25)?)?)?;
    e.sub(x, e.mul(e.f(4.0)?, quarter)?)
}

/// Exact reduction of an f64 `x` of any magnitude (Payne-Hanek): with E
/// the exponent of |x| and i0 = max(0, (E - 54) / 53), the table entries
/// before i0 give multiples of 4 in |x| (2/pi) and are skipped; each of the
/// next 4 entries T (scaled by a power of two) gives |x| T = p + e exactly
/// (`e = fma(|x|, T, -p)`), p and e reduced mod 4 exactly and summed as a
/// double-double (the neglected rest is below 2^-150). Returns
/// `(k, r_hi, r_lo)`, x = k pi/2 + r_hi + r_lo.
fn reduce_f64_exact<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>) -> BuildResult<(V<'c, 'a>, V<'c, 'a>, V<'c, 'a>)> {
    let a = e.abs(x)?;
    let bits = e.to_bits(a)?;
    let exponent = e.iop("arith.subi", e.iop("arith.shrsi", bits, e.i(52)?)?, e.i(1023)?)?;
    let start = e.iop("arith.maxsi", e.iop("arith.subi", exponent, e.i(54)?)?, e.i(0)?)?;
    let start = e.iop("arith.minsi", e.iop("arith.divsi", start, e.i(53)?)?, e.i(TABLE_LAST_START)?)?;
    // |x| 2^(-53 (i0 + 1)), exact: the scale is at least 2^-1007.
    let y = e.mul(a, e.pow2(e.iop("arith.muli", e.iop("arith.addi", start, e.i(1)?)?, e.i(-53)?)?)?)?;
    // In order, largest first: the f64 results need the sum's low part
    // to the last bits where the terms cancel (a pairwise sum lost an ulp
    // of cos and tan near a multiple of pi/2), unlike f32's.
    let mut sum: Option<(V<'c, 'a>, V<'c, 'a>)> = None;
    for j in 0..4 {
        let entry = table_entry(e, e.iop("arith.addi", start, e.i(j as i128)?)?)?;
        let scaled = e.mul(y, e.f(2f64.powi(-53 * j))?)?;
        let p = e.mul(scaled, entry)?;
        let err = e.fma(scaled, entry, e.neg(p)?)?;
        for term in [p, err] {
            let remainder = mod4(e, term)?;
            sum = Some(match sum {
                None => (remainder, e.f(0.0)?),
                Some((hi, lo)) => {
                    let (hi, err) = e.two_sum(hi, remainder)?;
                    (hi, e.add(lo, err)?)
                }
            });
        }
    }
    let (hi, lo) = sum.ok_or("internal error: no table entries")?;
    let k = e.round(hi)?;
    let (f_hi, f_lo) = e.two_sum(e.sub(hi, k)?, lo)?;
    let r_hi = e.mul(f_hi, e.f(PIO2_DD.0)?)?;
    let r_err = e.fma(f_hi, e.f(PIO2_DD.0)?, e.neg(r_hi)?)?;
    let r_lo = e.add(r_err, e.add(e.mul(f_hi, e.f(PIO2_DD.1)?)?, e.mul(f_lo, e.f(PIO2_DD.0)?)?)?)?;
    let (r_hi, r_lo) = e.two_sum(r_hi, r_lo)?;
    // For negative x: -k, -r.
    let negative = e.cmp_c("olt", x, 0.0)?;
    Ok((e.sel(negative, e.neg(k)?, k)?, e.sel(negative, e.neg(r_hi)?, r_hi)?, e.sel(negative, e.neg(r_lo)?, r_lo)?))
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
/// on r, chosen and signed by k mod 4. With `exact`, arguments from
/// [`EXACT_REDUCTION_LIMIT`] up (and infinities) take the Payne-Hanek
/// reduction, selected lane by lane; without, the result is right only
/// below that limit (`variants.rs` calls the exact version for the others).
pub fn trig<'c, 'a>(e: &Emitter<'c, 'a>, x: V<'c, 'a>, which: Trig, exact: bool) -> BuildResult<V<'c, 'a>> {
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
    // Arguments beyond the Cody-Waite range: the exact reductions.
    let (k, r, r_lo) = if !exact {
        (k, r, r_lo)
    } else if double {
        let moderate = e.cmp_c("olt", e.abs(x)?, EXACT_REDUCTION_LIMIT)?;
        let (k_exact, r_exact, lo_exact) = reduce_f64_exact(e, x)?;
        let lo = r_lo.ok_or("internal error: no low part")?;
        (e.sel(moderate, k, k_exact)?, e.sel(moderate, r, r_exact)?, Some(e.sel(moderate, lo, lo_exact)?))
    } else {
        let moderate = e.cmp_c("olt", e.abs(x)?, EXACT_REDUCTION_LIMIT)?;
        let (k_exact, r_exact) = reduce_f32_exact(e, x)?;
        (e.sel(moderate, k, k_exact)?, e.sel(moderate, r, r_exact)?, r_lo)
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
