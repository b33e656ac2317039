#!/usr/bin/env python3
"""Accuracy of the approximations `chlo-legalize-to-stablehlo` uses.

Mirrors, operation for operation, the formulas in lowering/src/chlo/ (in
float32 for erf/erf_inv, float64 for erfc/lgamma/digamma, as the pass
computes them) and compares them with Python's math library (correctly
rounded references: math.erf, math.erfc, math.lgamma; erf_inv via
statistics.NormalDist().inv_cdf; digamma via a high-order series in
float64). Prints the maximum error in float32 ulps and relative terms over
a dense grid. Needs numpy. Rerun after changing a coefficient:

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
ERFC_C = [0.17087277, -0.82215223, 1.48851587, -1.13520398, 0.27886807,
          -0.18628806, 0.09678418, 0.37409196, 1.00002368, -1.26551223]
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
    p = f32(horner(ERF_A, x2) * x)
    q = horner(ERF_B, x2)
    return f32(p / q)


def erfc64(x):
    z = abs(x)
    t = 1.0 / (1.0 + 0.5 * z)
    poly = horner(ERFC_C, t, float)
    ans = t * math.exp(-z * z + poly)
    return f32(ans if x >= 0 else 2.0 - ans)


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
    report("erfc", erfc64, math.erfc, np.linspace(-6, 9, 40001))
    inv = lambda y: statistics.NormalDist().inv_cdf((y + 1) / 2) / math.sqrt(2)
    report("erf_inv", erfinv32, inv, np.concatenate([np.linspace(-0.999999, 0.999999, 40001), np.geomspace(1e-8, 0.5, 2001)]))
    report("lgamma", lambda x: f32(lgamma64(x)), math.lgamma,
           np.concatenate([np.linspace(0.01, 50, 40001), np.linspace(-9.99, -0.01, 20001)]), absolute_floor=1e-3)
    report("digamma", lambda x: f32(digamma64(x)), digamma_reference,
           np.concatenate([np.linspace(0.01, 50, 40001), np.linspace(-9.99, -0.01, 20001)]), absolute_floor=1e-3)
