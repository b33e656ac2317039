#!/usr/bin/env python3
"""Accuracy of the approximations `chlo-legalize-to-stablehlo` uses.

Mirrors, operation for operation, the formulas in lowering/src/chlo/ (in
float32 for erf/erf_inv, float64 for lgamma/digamma/zeta/polygamma, as the pass
computes them) and compares them with Python's math library (correctly
rounded references: math.erf, math.lgamma; erf_inv via
statistics.NormalDist().inv_cdf; digamma via a high-order series in
float64; zeta and polygamma against mpmath at 40 digits, skipped without
mpmath). Prints the maximum error in float32 ulps and relative terms over
a dense grid. erfc (and f64 erf), computed by lowering/src/chlo/erf_f64.rs,
are measured through the compiler by docs/vector_math_accuracy.py. Needs numpy. Rerun after changing a coefficient:

    python3 docs/chlo_accuracy.py
"""
import math
import statistics

import numpy as np

f32 = np.float32

ERF_A = [-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
         -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
         -1.60960333262415e-02]
ERF_B = [-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
         -7.37332916720468e-03, -1.42647390514189e-02]
ERFINV_SMALL = [2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                0.00021858087, -0.00125372503, -0.00417768164, 0.246640727,
                1.50140941]
ERFINV_LARGE = [-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                0.00573950773, -0.0076224613, 0.00943887047, 1.00167406,
                2.83297682]
LANCZOS_G = 7.0
LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028,
           771.32342877765313, -176.61502916214059, 12.507343278686905,
           -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7]


def horner(coefficients, x, t=f32):
    p = t(coefficients[0])
    for c in coefficients[1:]:
        p = t(p * x + t(c))
    return p


def erf32(x):
    x = f32(min(max(x, -4.0), 4.0))
    x2 = f32(x * x)
    if abs(x) < 1e-20:
        return f32(x * f32(2 / math.sqrt(math.pi)))
    p = f32(horner(ERF_A, x2) * x)
    q = horner(ERF_B, x2)
    return f32(min(max(f32(p / q), -1.0), 1.0))


def erfinv32(x):
    x = f32(x)
    with np.errstate(divide="ignore"):
        w = f32(-np.log(f32(f32(1 - x) * f32(1 + x)), dtype=f32))
    if w < 5:
        p = horner(ERFINV_SMALL, f32(w - f32(2.5)))
    else:
        p = horner(ERFINV_LARGE, f32(np.sqrt(w, dtype=f32) - f32(3)))
    if abs(x) == 1:
        return f32(math.copysign(math.inf, x))
    return f32(p * x)


def lgamma64(x):
    def positive(x):
        z = x - 1.0
        a = LANCZOS[0] + sum(LANCZOS[i] / (z + i) for i in range(1, 9))
        t = z + LANCZOS_G + 0.5
        return 0.5 * math.log(2 * math.pi) + (z + 0.5) * math.log(t) - t + math.log(a)
    if x in (1.0, 2.0):
        return 0.0
    if x >= 0.5:
        return positive(x)
    frac = x - round(x)
    s = abs(math.sin(math.pi * frac))
    if s == 0:
        return math.inf
    return math.log(math.pi) - math.log(s) - positive(1.0 - x)


def digamma64(x):
    def positive(x):
        shift = sum(1.0 / (x + k) for k in range(10))
        y = x + 10.0
        y2 = 1.0 / (y * y)
        series = y2 * (1 / 12 - y2 * (1 / 120 - y2 * (1 / 252 - y2 * (1 / 240 - y2 * (1 / 132 - y2 * (691 / 32760 - y2 / 12))))))
        return math.log(y) - 0.5 / y - series - shift
    if x > 0:
        return positive(x)
    if x == round(x):
        return math.nan
    return positive(1.0 - x) - math.pi / math.tan(math.pi * x)


BERNOULLI = [(1, 6), (-1, 30), (1, 42), (-1, 30), (5, 66), (-691, 2730), (7, 6),
             (-3617, 510), (43867, 798), (-174611, 330), (854513, 138),
             (-236364091, 2730)]


ZETA_SHIFT = 16


def zeta64(x, q):
    """Hurwitz zeta as the pass computes it (f64 Euler-Maclaurin, N = 9)."""
    if x == 1:
        return math.inf
    if x < 1:
        return math.nan
    if q <= 0 and q == math.floor(q):
        return math.inf
    if q < 0 and x != math.floor(x):
        return math.nan
    # q < 0: the first m = ceil(-q) <= 16 terms summed directly, the rest
    # from q + m >= 0 (NaN below -16).
    if q < -ZETA_SHIFT:
        return math.nan
    m = min(max(math.ceil(-q), 0), ZETA_SHIFT)
    pre = sum((q + k) ** -x for k in range(ZETA_SHIFT) if k < m)
    q = q + m
    s = q ** -x
    a, last = q, s
    for _ in range(9):
        a += 1.0
        last = a ** -x
        s += last
    s += last * a / (x - 1.0)
    s -= 0.5 * last
    poch, power, fact = 1.0, last, 1.0
    for j, (num, den) in enumerate(BERNOULLI):
        poch *= x + 2 * j
        power *= 1.0 / a
        fact *= (2 * j + 1) * (2 * j + 2)
        s += (num / den / fact) * (poch * power)
        poch *= x + 2 * j + 1
        power *= 1.0 / a
    return pre + s


def polygamma64(n, x):
    if n < 0 or n != math.floor(n):
        return math.nan
    if n == 0:
        return digamma64(x)
    f = math.exp(lgamma64(n + 1.0))
    if n < 20:
        f = round(f)
    sign = 1.0 if n % 2 == 1 else -1.0
    return sign * f * zeta64(n + 1.0, x)


def report2(name, f, reference, pairs):
    """Like report, over (a, x) pairs; needs mpmath for the reference."""
    worst_ulp, worst_rel, at = 0.0, 0.0, None
    for a, x in pairs:
        a, x = float(f32(a)), float(f32(x))
        want = reference(a, x)
        got = f(a, x)
        u = ulps(got, want)
        normal = math.isfinite(want) and abs(want) >= np.finfo(f32).tiny
        rel = abs(float(got) - want) / abs(want) if normal else 0.0
        if u > worst_ulp:
            worst_ulp, at = u, (a, x)
        worst_rel = max(worst_rel, rel)
    print(f"{name:10s} max {worst_ulp:10.1f} f32 ulp (at {at}), max relative error {worst_rel:.2e}")


def ulps(got, want):
    got, want = f32(got), f32(want)
    if math.isnan(want):
        return 0 if math.isnan(got) else math.inf
    if got == want:
        return 0
    spacing = np.spacing(abs(want), dtype=f32)
    return float(abs(np.float64(got) - np.float64(want)) / spacing)


def report(name, f, reference, grid, absolute_floor=0.0):
    worst_ulp, worst_rel, at = 0.0, 0.0, None
    for x in grid:
        x = float(f32(x))
        try:
            want = reference(x)
        except ValueError:  # a pole
            want = math.inf
        got = f(x)
        u = ulps(got, want)
        rel = abs(float(got) - want) / max(abs(want), absolute_floor) if want not in (0.0,) and math.isfinite(want) else 0.0
        if u > worst_ulp:
            worst_ulp, at = u, x
        worst_rel = max(worst_rel, rel)
    print(f"{name:10s} max {worst_ulp:10.1f} f32 ulp (at x = {at}), max relative error {worst_rel:.2e}")


def digamma_reference(x):
    # Reference: recurrence to x >= 30 plus a long asymptotic series (f64).
    if x <= 0 and x == round(x):
        return math.nan
    if x < 0.5:
        return digamma_reference(1.0 - x) - math.pi / math.tan(math.pi * x)
    acc = 0.0
    while x < 30:
        acc -= 1.0 / x
        x += 1.0
    b = [1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6]
    s = math.log(x) - 0.5 / x
    for k, bk in enumerate(b, start=1):
        s -= bk / (2 * k * x ** (2 * k))
    return acc + s


if __name__ == "__main__":
    grid = np.concatenate([np.linspace(-6, 6, 40001), np.geomspace(1e-8, 1, 2001), -np.geomspace(1e-8, 1, 2001)])
    report("erf", erf32, math.erf, grid)
    inv = lambda y: statistics.NormalDist().inv_cdf((y + 1) / 2) / math.sqrt(2)
    report("erf_inv", erfinv32, inv, np.concatenate([np.linspace(-0.999999, 0.999999, 40001), np.geomspace(1e-8, 0.5, 2001)]))
    report("lgamma", lambda x: f32(lgamma64(x)), math.lgamma,
           np.concatenate([np.linspace(0.01, 50, 40001), np.linspace(-9.99, -0.01, 20001)]), absolute_floor=1e-3)
    try:
        import mpmath
    except ImportError:
        print("zeta/polygamma: skipped (needs mpmath)")
    else:
        mpmath.mp.dps = 40
        zref = lambda x, q: float(mpmath.zeta(x, q))
        pref = lambda n, x: float(mpmath.polygamma(int(n), x))
        rs = np.random.RandomState(0)
        xs = np.concatenate([rs.uniform(1.01, 8, 3000), rs.uniform(8, 60, 1000), [1.0001, 1.001, 1.5, 2, 3, 10]])
        qs = np.concatenate([rs.uniform(0.01, 1, 1500), rs.uniform(1, 20, 2000), np.geomspace(20, 1e6, 506)])
        report2("zeta", lambda x, q: f32(zeta64(x, q)), zref, zip(xs, qs))
        # q < 0 with integer x (the only defined case), away from the poles.
        neg = [(float(n), q) for n in (2, 3, 4) for q in np.linspace(-15.9, -0.1, 300) if abs(q - round(q)) > 1e-3]
        report2("zeta q<0", lambda x, q: f32(zeta64(x, q)), zref, neg)
        pairs = [(n, x) for n in range(1, 9) for x in np.concatenate([np.geomspace(1e-3, 100, 400), -np.linspace(0.05, 15.95, 120)])
                 if abs(x - round(x)) > 1e-3]
        report2("polygamma", lambda n, x: f32(polygamma64(n, x)), pref, pairs)
    report("digamma", lambda x: f32(digamma64(x)), digamma_reference,
           np.concatenate([np.linspace(0.01, 50, 40001), np.linspace(-9.99, -0.01, 20001)]), absolute_floor=1e-3)
    try:
        import mpmath
    except ImportError:
        print("zeta/polygamma: skipped (needs mpmath)")
    else:
        mpmath.mp.dps = 40
        zref = lambda x, q: float(mpmath.zeta(x, q))
        pref = lambda n, x: float(mpmath.polygamma(int(n), x))
        rs = np.random.RandomState(0)
        xs = np.concatenate([rs.uniform(1.01, 8, 3000), rs.uniform(8, 60, 1000), [1.0001, 1.001, 1.5, 2, 3, 10]])
        qs = np.concatenate([rs.uniform(0.01, 1, 1500), rs.uniform(1, 20, 2000), np.geomspace(20, 1e6, 506)])
        report2("zeta", lambda x, q: f32(zeta64(x, q)), zref, zip(xs, qs))
        # q < 0 with integer x (the only defined case), away from the poles.
        neg = [(float(n), q) for n in (2, 3, 4) for q in np.linspace(-15.9, -0.1, 300) if abs(q - round(q)) > 1e-3]
        report2("zeta q<0", lambda x, q: f32(zeta64(x, q)), zref, neg)
        pairs = [(n, x) for n in range(1, 9) for x in np.concatenate([np.geomspace(1e-3, 100, 400), -np.linspace(0.05, 15.95, 120)])
                 if abs(x - round(x)) > 1e-3]
        report2("polygamma", lambda n, x: f32(polygamma64(n, x)), pref, pairs)
