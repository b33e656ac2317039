//! erf and erfc in f64, and erfc in f32 with shorter fits ([`erfc_f32`]):
//!
//! - erf(x), |x| < 1/2: its Taylor series, x (2/sqrt(pi) + z Q(z)), z = x^2
//!   (18 terms, below 2^-56 relative);
//! - erfc(a), a = |x| >= 1/2: e^(-a^2) R(a) with a^2 carried in two parts
//!   (Dekker's product, so e^(-a^2) keeps its precision at large a) and R =
//!   erfc e^(a^2) from Chebyshev fits (mpmath, relative error below 2e-18):
//!   in a on [1/2, 2] and [2, 4], and as S(1/a^2) / (a sqrt(pi)) on
//!   [4, 28] (erfc is 0 beyond 27.3);
//! - erf(x) = ±(1 - erfc(|x|)) for |x| >= 1/2; erfc(x) = 1 - erf(x) for
//!   |x| < 1/2 and 2 - erfc(|x|) for x <= -1/2.
//!
//! All pieces are computed for every element (selects), so the loops stay
//! vectorizable. Measured errors: `docs/vector_math.md`.

use super::{Hlo, V};
use crate::builders::BuildResult;
use xla_dialects::stablehlo::ComparisonDirection;
use melior::ir::ValueLike;

/// Fit on [0.5, 2.0] (Chebyshev, relative error 5.7e-20), in u = (t - 1.25) / 0.75.
const ERFC_NEAR: [f64; 22] = [
    -1.366592765066212e-13,
    7.283899321870136e-13,
    -3.0590043196525373e-12,
    1.554642067715094e-11,
    -7.914213603128452e-11,
    3.8598750216589407e-10,
    -1.8372786802528813e-09,
    8.54536559615299e-09,
    -3.874083696136846e-08,
    1.7091502536859603e-07,
    -7.325295247438707e-07,
    3.043974020593749e-06,
    -1.2235801176709814e-05,
    4.745054941863684e-05,
    -0.00017697065839939022,
    0.0006323772264275003,
    -0.002155112807424894,
    0.006964533219997891,
    -0.021185834510773504,
    0.060072508966836816,
    -0.15661640697345738,
    0.3678229164523611,
];
const ERFC_NEAR_CENTRE: f64 = 1.25;
const ERFC_NEAR_HALF_WIDTH: f64 = 0.75;

/// Fit on [2.0, 4.0] (Chebyshev, relative error 1.1e-18), in u = (t - 3.0) / 1.0.
const ERFC_MID: [f64; 20] = [
    -3.32463503923892e-13,
    1.6647790649164353e-12,
    -6.555844952443731e-12,
    3.165046186861128e-11,
    -1.539306000137148e-10,
    7.206556491473509e-10,
    -3.312780752600577e-09,
    1.4977112890287265e-08,
    -6.646690382092543e-08,
    2.8926692938101366e-07,
    -1.2333677143104898e-06,
    5.146436493852072e-06,
    -2.0989464462229973e-05,
    8.355413963925958e-05,
    -0.00032412554449670324,
    0.0012230390523759822,
    -0.00447943101837258,
    0.01588437115987136,
    -0.05437226000717287,
    0.17900115118138996,
];
const ERFC_MID_CENTRE: f64 = 3.0;
const ERFC_MID_HALF_WIDTH: f64 = 1.0;

/// Fit on [0.00127551, 0.0625] (Chebyshev, relative error 1.5e-18), in u = (t - 0.03188775510204082) / 0.030612244897959183.
const ERFC_TAIL: [f64; 15] = [
    7.241912584543036e-14,
    -3.073813348870034e-13,
    1.0972158567799821e-12,
    -5.2763917223927975e-12,
    2.7330040194398153e-11,
    -1.4862706311177387e-10,
    8.728281677160843e-10,
    -5.608476563005754e-09,
    4.0053289730099815e-08,
    -3.249700533963776e-07,
    3.090952108914629e-06,
    -3.61645234339596e-05,
    0.0005651291208798385,
    -0.013994802874317957,
    0.9847639020609149,
];
const ERFC_TAIL_CENTRE: f64 = 0.03188775510204082;
const ERFC_TAIL_HALF_WIDTH: f64 = 0.030612244897959183;

/// erf(x) = x (C_HI + C_LO + z Q(z)), z = x^2: Q's Taylor coefficients (2/sqrt(pi)) (-1)^n / (n! (2n+1)), n = 18 down to 1.
const ERF_TAYLOR: [f64; 18] = [
    4.763348040515068e-18,
    -9.063970842808673e-17,
    1.6342614095367152e-15,
    -2.7835162072109215e-14,
    4.4632242632864775e-13,
    -6.7113668551641105e-12,
    9.422759064650411e-11,
    -1.2290555301717928e-09,
    1.4807192815879218e-08,
    -1.6365844691234924e-07,
    1.6462114365889248e-06,
    -1.492565035840625e-05,
    0.00012055332981789664,
    -0.0008548327023450853,
    0.005223977625442188,
    -0.026866170645131252,
    0.11283791670955126,
    -0.37612638903183754,
];

const TWO_OVER_SQRT_PI: (f64, f64) = (1.1283791670955126, 1.533545961316588e-17);
const ONE_OVER_SQRT_PI: f64 = 0.5641895835477563;

/// As ERFC_NEAR, for f32 results (relative error 4.8e-10).
const ERFC_NEAR_SINGLE: [f64; 12] = [
    -8.597960897552706e-07,
    3.6082544262164443e-06,
    -1.2088479409459034e-05,
    4.679635393861469e-05,
    -0.0001770480724940234,
    0.0006327212332406217,
    -0.002155094536563306,
    0.006964451999422772,
    -0.021185836082128873,
    0.06007251595332056,
    -0.1566164069516188,
    0.36782291635526015,
];

/// As ERFC_MID, for f32 results (relative error 7.8e-11).
const ERFC_MID_SINGLE: [f64; 12] = [
    -7.73306056648294e-08,
    3.3853988935085977e-07,
    -1.2207985188846136e-06,
    5.089372205227033e-06,
    -2.0996067739675394e-05,
    8.358413227209626e-05,
    -0.00032412398621304054,
    0.0012230319728346133,
    -0.004479431152382512,
    0.015884371768770805,
    -0.05437226000531043,
    0.17900115117292742,
];

/// As ERFC_TAIL, for f32 results (relative error 1.1e-10).
const ERFC_TAIL_SINGLE: [f64; 7] = [
    4.164334386133459e-08,
    -3.3512347025098215e-07,
    3.090147499091838e-06,
    -3.615939502481394e-05,
    0.0005651292218581365,
    -0.013994803517536545,
    0.9847639020609149,
];

/// Horner in u = (t - centre) / half_width (for f32 results a
/// multiplication by 1/half_width, whose rounding they do not see).
fn fit<'c>(h: &Hlo<'c, '_, '_>, coefficients: &[f64], centre: f64, half_width: f64, t: V<'c>, single: bool) -> BuildResult<V<'c>> {
    let shifted = h.sub(t, h.c(centre, t)?)?;
    let u = if single { h.mul(shifted, h.c(1.0 / half_width, t)?)? } else { h.div(shifted, h.c(half_width, t)?)? };
    h.horner_contract(coefficients, u)
}

/// erf(x) for |x| < 1 by its Taylor series (used below 1/2; 8 terms
/// for f32 results).
fn erf_small<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>, single: bool) -> BuildResult<V<'c>> {
    let z = h.mul(x, x)?;
    let terms = if single { &ERF_TAYLOR[ERF_TAYLOR.len() - 8..] } else { &ERF_TAYLOR[..] };
    let tail = h.add(h.c(TWO_OVER_SQRT_PI.1, x)?, h.mul(z, h.horner_contract(terms, z)?)?)?;
    h.add(h.mul(x, h.c(TWO_OVER_SQRT_PI.0, x)?)?, h.mul(x, tail)?)
}

/// erfc(a) for a >= 1/2 (NaN stays NaN; +inf gives 0); shorter fits for
/// f32 results (`single`). `in_f32`: `a` is an f32 tensor (the f32 path
/// of [`erfc_f32`]), else f64.
fn erfc_large<'c>(h: &Hlo<'c, '_, '_>, a: V<'c>, single: bool, in_f32: bool) -> BuildResult<V<'c>> {
    let a = h.op("stablehlo.clamp", &[h.c(0.5, a)?, a, h.c(28.0, a)?], a.r#type(), &[])?;
    // a^2 = hi + lo exactly (Dekker: a split into two halves of 26 bits in
    // f64, of 12 bits in f32, whose products are exact).
    let split = if in_f32 { 4097.0 } else { 134217729.0 };
    let t = h.mul(a, h.c(split, a)?)?;
    let a_hi = h.sub(t, h.sub(t, a)?)?;
    let a_lo = h.sub(a, a_hi)?;
    let hi = h.mul(a, a)?;
    let lo = h.sub(h.mul(a_hi, a_hi)?, hi)?;
    let lo = h.add(lo, h.mul(h.c(2.0, a)?, h.mul(a_hi, a_lo)?)?)?;
    let lo = h.add(lo, h.mul(a_lo, a_lo)?)?;
    // e^(-hi - lo) = e^(-hi) (1 - lo), |lo| <= ulp(hi) / 2.
    let exp_hi = h.unary("exponential", h.unary("negate", hi)?)?;
    // In f32 as e - e lo: one rounding fewer than e (1 - lo).
    let e = if in_f32 { h.sub(exp_hi, h.mul(exp_hi, lo)?)? } else { h.mul(exp_hi, h.sub(h.c(1.0, a)?, lo)?)? };
    let (near, mid, tail): (&[f64], &[f64], &[f64]) =
        if single { (&ERFC_NEAR_SINGLE, &ERFC_MID_SINGLE, &ERFC_TAIL_SINGLE) } else { (&ERFC_NEAR, &ERFC_MID, &ERFC_TAIL) };
    let near = fit(h, near, ERFC_NEAR_CENTRE, ERFC_NEAR_HALF_WIDTH, a, single)?;
    let mid = fit(h, mid, ERFC_MID_CENTRE, ERFC_MID_HALF_WIDTH, a, single)?;
    let v = h.div(h.c(1.0, a)?, hi)?;
    let tail = if in_f32 {
        // 1/sqrt(pi) folded into the coefficients: one rounding fewer.
        let scaled: Vec<f64> = tail.iter().map(|c| c * ONE_OVER_SQRT_PI).collect();
        h.div(fit(h, &scaled, ERFC_TAIL_CENTRE, ERFC_TAIL_HALF_WIDTH, v, single)?, a)?
    } else {
        let tail = fit(h, tail, ERFC_TAIL_CENTRE, ERFC_TAIL_HALF_WIDTH, v, single)?;
        h.div(h.mul(tail, h.c(ONE_OVER_SQRT_PI, a)?)?, a)?
    };
    let r = h.select(h.compare(ComparisonDirection::LT, a, h.c(4.0, a)?)?, mid, tail)?;
    let r = h.select(h.compare(ComparisonDirection::LT, a, h.c(2.0, a)?)?, near, r)?;
    h.mul(e, r)
}

/// erf of an f64 tensor.
pub fn erf<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    let a = h.unary("abs", x)?;
    let one = h.c(1.0, x)?;
    let large = h.sub(one, erfc_large(h, a, false, false)?)?;
    let large = h.select(h.compare(ComparisonDirection::LT, x, h.c(0.0, x)?)?, h.unary("negate", large)?, large)?;
    let small = erf_small(h, x, false)?;
    h.select(h.compare(ComparisonDirection::LT, a, h.c(0.5, x)?)?, small, large)
}

/// erfc of an f64 tensor.
pub fn erfc<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    erfc_in(h, x, false, false)
}

/// erfc of an f32 tensor computed in f32 (the fits shortened for f32
/// results, relative error below 6e-10; an f32 Dekker split; f32 exp): about twice as fast as through f64, within 2.4 ulp
/// (docs/vector_math.md).
pub fn erfc_f32<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>) -> BuildResult<V<'c>> {
    erfc_in(h, x, true, true)
}

fn erfc_in<'c>(h: &Hlo<'c, '_, '_>, x: V<'c>, single: bool, in_f32: bool) -> BuildResult<V<'c>> {
    let a = h.unary("abs", x)?;
    let half = h.c(0.5, x)?;
    let tail = erfc_large(h, a, single, in_f32)?;
    let negative = h.sub(h.c(2.0, x)?, tail)?;
    let r = h.select(h.compare(ComparisonDirection::LT, x, h.c(0.0, x)?)?, negative, tail)?;
    let small = h.sub(h.c(1.0, x)?, erf_small(h, x, single)?)?;
    h.select(h.compare(ComparisonDirection::LT, a, half)?, small, r)
}
