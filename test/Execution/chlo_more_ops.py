#!/usr/bin/env python3
"""Writes chlo-more-ops.mlir: the CHLO ops added last for issue 15,
chlo.bessel_i1e and chlo.broadcast_compare, run through
chlo-legalize-to-stablehlo with expected values computed here, never by the
tool:

- bessel_i1e(x) = exp(-|x|) * I1(x) from mpmath (besseli(1, x) at 40
  digits), rounded once to the element type with numpy / ml_dtypes; ±0 at
  ±inf (the limit), NaN for NaN.
- broadcast_compare: numpy's comparisons of the numpy-broadcast operands;
  TOTALORDER per the spec (IEEE totalOrder: -NaN < -inf < ... < -0 < +0 <
  ... < +inf < +NaN), computed on the sign-magnitude bits.

    /work/venv-jax/bin/python test/Execution/chlo_more_ops.py   # rewrites the .mlir
"""
import math
import os

import ml_dtypes
import mpmath
import numpy as np

mpmath.mp.dps = 40
HERE = os.path.dirname(os.path.abspath(__file__))

POINTS = [0.0, -0.0, 1e-5, 0.5, -0.5, 1.0, -2.5, 7.0, 15.0, 19.5, 20.0, 25.0, -40.0, 100.0,
          1e4, float("inf"), float("-inf"), float("nan")]


def i1e(x):
    if np.isnan(x):
        return float("nan")
    if np.isinf(x):
        return float(np.copysign(0.0, x))
    value = mpmath.besseli(1, mpmath.mpf(x)) * mpmath.exp(-abs(mpmath.mpf(x)))
    return float(value) if x != 0 else float(np.copysign(0.0, x))


def round_once(v, npdtype):
    """v (an f64) rounded once to npdtype, to nearest even. ml_dtypes' f64 ->
    bfloat16 goes through f32 (1 + 2^-8 + 2^-40 gives 1.0, not 1 + 2^-7),
    so bf16 is rounded here: 8 significant bits by Python's round() on the
    exact binary value (half to even); bf16's normal range only."""
    if npdtype is not ml_dtypes.bfloat16 or v == 0 or not math.isfinite(v):
        return npdtype(v)
    m, e = math.frexp(v)
    assert abs(v) >= 2.0 ** -126
    return npdtype(math.ldexp(round(m * 256), e - 8))


def bessel_case(dtype, npdtype, ulps):
    xs = [np.array(p, dtype=npdtype) for p in POINTS]
    # The input is rounded to the type first; the reference is at that input.
    expected = [round_once(i1e(float(x)), npdtype) for x in xs]
    n = len(xs)

    def lit(v):
        v = float(v)
        if np.isnan(v):
            return "0x" + format(np.array(float("nan"), dtype=npdtype).view(
                {2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(npdtype).itemsize]).item(), "X")
        if np.isinf(v):
            return "0x" + format(np.array(v, dtype=npdtype).view(
                {2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(npdtype).itemsize]).item(), "X")
        if v == 0 and np.signbit(v):
            return "-0.0"
        text = repr(v)
        if "e" in text and "." not in text.split("e")[0]:
            text = text.replace("e", ".0e")  # MLIR float literals need a '.'
        return text

    # MLIR's dense literals take hex only for the whole list or splat, so
    # the special values are checked in a second function with hex lists.
    finite = [i for i, p in enumerate(POINTS) if np.isfinite(p)]
    special = [i for i, p in enumerate(POINTS) if not np.isfinite(p)]
    out = []
    xs_f = ", ".join(lit(xs[i]) for i in finite)
    ex_f = ", ".join(lit(expected[i]) for i in finite)
    m = len(finite)
    out.append(f"""func.func @bessel_i1e_{dtype}() {{
  %x = stablehlo.constant dense<[{xs_f}]> : tensor<{m}x{dtype}>
  %r = chlo.bessel_i1e %x : tensor<{m}x{dtype}> -> tensor<{m}x{dtype}>
  %e = stablehlo.constant dense<[{ex_f}]> : tensor<{m}x{dtype}>
  check.expect_close %r, %e, max_ulp_difference = {ulps} : tensor<{m}x{dtype}>, tensor<{m}x{dtype}>
  return
}}""")
    xs_s = ", ".join(lit(xs[i]) for i in special)
    ex_s = ", ".join(lit(expected[i]) for i in special)
    k = len(special)
    out.append(f"""func.func @bessel_i1e_{dtype}_special() {{
  %x = stablehlo.constant dense<[{xs_s}]> : tensor<{k}x{dtype}>
  %r = chlo.bessel_i1e %x : tensor<{k}x{dtype}> -> tensor<{k}x{dtype}>
  %e = stablehlo.constant dense<[{ex_s}]> : tensor<{k}x{dtype}>
  check.expect_eq %r, %e : tensor<{k}x{dtype}>
  return
}}""")
    return out


# Complex operands: ive(1, z) = exp(-|Re z|) besseli(1, z), one point in
# each region of the lowering (power series |z| < 2, trapezoid rule up to
# 20, asymptotic beyond; both sides of the switches, near the imaginary
# axis, Re z < 0 by reflection, the real axis).
COMPLEX_POINTS = [0.5 + 0.3j, -0.001 + 0.002j, 1.2 - 1.5j, 1.999j, 2.001j, -2.0 + 0.5j, 3 + 4j, -5 + 2j, 10j, 12 - 7j,
                  1.5 + 1.5j, -0.25 + 19.9j, 19.99 + 0.3j, 20.01 + 0.3j, 0.1 + 20.5j, 25.0 + 0j, -30 + 10j, 20 + 20j,
                  100 - 50j, 3.5 - 60j, -7.25 + 0j]


def ive1(z):
    z = mpmath.mpc(z)
    return complex(mpmath.besseli(1, z) * mpmath.exp(-abs(z.real)))


def bessel_complex_cases():
    out = []
    n = len(COMPLEX_POINTS)
    def clit(z, dt):
        z = dt(z)
        return f"({float(z.real)!r}, {float(z.imag)!r})"
    for elem, dt in (("complex<f64>", np.complex128), ("complex<f32>", np.complex64)):
        xs = [dt(z) for z in COMPLEX_POINTS]
        expected = [dt(ive1(complex(x))) for x in xs]
        if elem == "complex<f64>":
            # The trapezoid rule and the series err by a few f64 ulps of the
            # terms (at most 1 after scaling), absolute: 1e-14 per part.
            check = f"check.expect_almost_eq %r, %e, tolerance = 1.0e-14 : tensor<{n}x{elem}>"
        else:
            # Computed in complex<f64>, rounded once: within 1 ulp per part
            # (no part here is small next to the other).
            check = f"check.expect_close %r, %e, max_ulp_difference = 1 : tensor<{n}x{elem}>, tensor<{n}x{elem}>"
        name = elem.replace("<", "_").replace(">", "")
        out.append(f"""// chlo.bessel_i1e on {elem}: exp(-|Re z|) I1(z) against mpmath.
func.func @bessel_i1e_{name}() {{
  %x = stablehlo.constant dense<[{", ".join(clit(x, dt) for x in xs)}]> : tensor<{n}x{elem}>
  %r = chlo.bessel_i1e %x : tensor<{n}x{elem}> -> tensor<{n}x{elem}>
  %e = stablehlo.constant dense<[{", ".join(clit(v, dt) for v in expected)}]> : tensor<{n}x{elem}>
  {check}
  return
}}""")
    return out


def fmt(array):
    flat = array.reshape(-1)
    if array.dtype == np.bool_:
        items = ["true" if b else "false" for b in flat]
    else:
        items = [repr(x.item()) if not isinstance(x.item(), float) else repr(float(x)) for x in flat]
    if array.ndim <= 1:
        return "[" + ", ".join(items) + "]" if array.ndim == 1 else items[0]
    rows = array.shape[0]
    inner = int(np.prod(array.shape[1:]))
    return "[" + ", ".join(fmt(array[r]) for r in range(rows)) + "]"


def ttype(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def compare_case(name, lhs, rhs, elem, direction, expected, compare_type=None, dims=None, note=""):
    attrs = [f"comparison_direction = #chlo<comparison_direction {direction}>"]
    if compare_type:
        attrs.append(f"compare_type = #chlo<comparison_type {compare_type}>")
    if dims is not None:
        attrs.append("broadcast_dimensions = array<i64: " + ", ".join(map(str, dims)) + ">")
    lt, rt, et = ttype(lhs.shape, elem), ttype(rhs.shape, elem), ttype(expected.shape, "i1")
    return f"""{note}func.func @{name}() {{
  %a = stablehlo.constant dense<{fmt(lhs)}> : {lt}
  %b = stablehlo.constant dense<{fmt(rhs)}> : {rt}
  %r = chlo.broadcast_compare %a, %b {{{", ".join(attrs)}}} : ({lt}, {rt}) -> {et}
  check.expect_eq_const %r, dense<{fmt(expected)}> : {et}
  return
}}"""


def total_order_key(x):
    bits = np.array(x, dtype=np.float32).view(np.int32).astype(np.int64)
    return np.where(bits < 0, -(bits & 0x7FFFFFFF) - 1, bits)


def main():
    cases = []
    cases += bessel_case("f64", np.float64, 8)
    cases += bessel_case("f32", np.float32, 1)
    cases += bessel_case("f16", np.float16, 1)
    cases += bessel_case("bf16", ml_dtypes.bfloat16, 0)
    cases += bessel_complex_cases()

    a = np.array([1.0, -2.0, 3.5], np.float32)
    b = np.array([[0.0, -2.0, 4.0], [1.5, -3.0, 3.5]], np.float32)
    cases.append(compare_case("compare_lt_numpy", a, b, "f32", "LT", a[None, :] < b,
                              note="// numpy broadcasting: [3] against [2, 3] aligns the minor dimension.\n"))
    c = np.array([1.0, 5.0], np.float32)
    cases.append(compare_case("compare_ge_dims", c, b, "f32", "GE", c[:, None] >= b, dims=[0],
                              note="// broadcast_dimensions = [0]: lhs [2] maps to result dimension 0.\n"))
    i = np.array([[-5, 0, 7]], np.int32)
    j = np.array([[-5], [3]], np.int32)
    cases.append(compare_case("compare_si32_signed", i, j, "si32", "GT", i > j, compare_type="SIGNED",
                              note="// [1, 3] against [2, 1]: both operands stretch their size-1 dimensions.\n"))
    u = np.array([200, 3, 255, 0], np.uint8)
    v = np.array(100, np.uint8)
    cases.append(compare_case("compare_ui8_default_unsigned", u, v, "ui8", "GT", u > v,
                              note="// ui8 without compare_type: UNSIGNED (200 > 100 although 200 is -56 as i8).\n"))
    s = np.array([-1, 2, 100], np.int8)
    t = np.array([1, 2, -100], np.int8)
    cases.append(compare_case("compare_i8_ne", s, t, "i8", "NE", s != t))
    p = np.array([True, False], np.bool_)
    q = np.array([[True], [False]], np.bool_)
    cases.append(compare_case("compare_i1_le", p, q, "i1", "LE", p[None, :] <= q,
                              note="// i1 compares as unsigned: false < true.\n"))
    # TOTALORDER: -0 < +0 and NaN equal to itself; FLOAT: -0 == +0, NaN unequal.
    f = np.array([-0.0, 1.0, 2.0], np.float32)
    g = np.array([0.0, 1.0, -2.0], np.float32)
    cases.append(compare_case("compare_totalorder_lt", f, g, "f32", "LT",
                              total_order_key(f) < total_order_key(g), compare_type="TOTALORDER",
                              note="// TOTALORDER: -0 < +0 (totalOrder on sign-magnitude bits).\n"))
    cases.append(compare_case("compare_float_eq", f, g, "f32", "EQ", f == g, compare_type="FLOAT",
                              note="// FLOAT: -0 == +0.\n"))
    z = np.array([1 + 2j, 3 - 1j], np.complex64)
    w = np.array([1 + 2j, 3 + 1j], np.complex64)
    zt = "complex<f32>"
    cases.append(f"""// complex EQ/NE (FLOAT, the only type the spec allows for complex).
func.func @compare_complex() {{
  %a = stablehlo.constant dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2x{zt}>
  %b = stablehlo.constant dense<(1.0, 2.0)> : tensor<{zt}>
  %r = chlo.broadcast_compare %a, %b {{comparison_direction = #chlo<comparison_direction EQ>}} : (tensor<2x{zt}>, tensor<{zt}>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<{fmt(z == np.complex64(1 + 2j))}> : tensor<2xi1>
  %s = chlo.broadcast_compare %a, %b {{comparison_direction = #chlo<comparison_direction NE>, compare_type = #chlo<comparison_type FLOAT>}} : (tensor<2x{zt}>, tensor<{zt}>) -> tensor<2xi1>
  check.expect_eq_const %s, dense<{fmt(z != np.complex64(1 + 2j))}> : tensor<2xi1>
  return
}}""")
    del w

    checks = 0
    for case in cases:
        checks += case.count("check.expect")
    header = f"""// Generated by chlo_more_ops.py (mpmath, numpy, ml_dtypes); do not edit by hand.
// chlo.bessel_i1e on f64/f32/f16/bf16 against mpmath's exp(-|x|) besseli(1, x)
// (f64 within 8 ulp, the others within 1 ulp of the correctly rounded value;
// ±inf and NaN with expect_eq), and chlo.broadcast_compare against numpy.
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK: {checks} passed, 0 failed
"""
    with open(os.path.join(HERE, "chlo-more-ops.mlir"), "w") as f:
        f.write(header + "\n" + "\n\n// -----\n\n".join(cases) + "\n")


if __name__ == "__main__":
    main()
