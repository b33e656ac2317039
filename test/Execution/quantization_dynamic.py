#!/usr/bin/env python3
"""Writes quantization-dynamic.mlir: !quant.uniform tensors through the
dynamic-shape ops whose spec takes them (dynamic_reshape,
dynamic_broadcast_in_dim, dynamic_pad, dynamic_gather, dynamic_iota,
dynamic_conv), with
the shape operands as run-time constants. Expected values are numpy's
reshape / broadcast_to / padding / fancy indexing on the dequantized inputs,
and for dynamic_iota the spec's dequantize_op_quantize formula

    dequantize(q) = float32(q - zero_point) * float32(scale)
    quantize(x)   = clip(round_half_even(x / scale + zero_point), storage_min, storage_max)

all in float32 (exact here). The results are checked through
uniform_dequantize, so a wrong scale or zero point shows as a wrong value.

    /work/venv-jax/bin/python test/Execution/quantization_dynamic.py   # rewrites the .mlir
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
Q = "!quant.uniform<i8:f32, 0.5:-3>"
SCALE, ZP = np.float32(0.5), -3


def deq(q, scale=SCALE, zp=ZP):
    return (np.asarray(q, np.int32) - zp).astype(np.float32) * np.float32(scale)


def quantize(x, scale=SCALE, zp=ZP, lo=-128, hi=127):
    return np.clip(np.round(np.asarray(x, np.float32) / np.float32(scale) + zp), lo, hi).astype(np.int64)


def lit(a):
    a = np.asarray(a)
    if a.ndim == 0:
        v = a.item()
        return repr(float(v)) if isinstance(v, float) else str(v)
    return "[" + ", ".join(lit(x) for x in a) + "]"


def t(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def main():
    cases = []
    x = np.array([[1, -3, 20], [-128, 127, 5]], np.int8)

    # dynamic_reshape [2, 3] -> [3, 2] and dynamic_broadcast_in_dim [3] -> [2, 3].
    r = deq(x).reshape(3, 2)
    v = np.array([4, 0, -7], np.int8)
    b = np.broadcast_to(deq(v), (2, 3))
    cases.append(f"""// dynamic_reshape and dynamic_broadcast_in_dim on {Q} keep the storage integers.
func.func @reshape_broadcast() {{
  %x = "stablehlo.constant"() {{value = dense<{lit(x)}> : {t(x.shape, 'i8')}}} : () -> {t(x.shape, Q)}
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s : ({t(x.shape, Q)}, tensor<2xi64>) -> {t((3, 2), Q)}
  %rf = stablehlo.uniform_dequantize %r : ({t((3, 2), Q)}) -> tensor<3x2xf32>
  check.expect_eq_const %rf, dense<{lit(r)}> : tensor<3x2xf32>
  %v = "stablehlo.constant"() {{value = dense<{lit(v)}> : tensor<3xi8>}} : () -> {t((3,), Q)}
  %d = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %v, %d, dims = [1] : ({t((3,), Q)}, tensor<2xi32>) -> {t((2, 3), Q)}
  %bf = stablehlo.uniform_dequantize %b : ({t((2, 3), Q)}) -> tensor<2x3xf32>
  check.expect_eq_const %bf, dense<{lit(b)}> : tensor<2x3xf32>
  return
}}""")

    # Per-axis: the quantization dimension follows the data.
    PA = "!quant.uniform<i8:f32:2, {0.5:0, 0.25:1, 2.0:-1}>"
    PR = "!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 2.0:-1}>"
    scales = np.array([0.5, 0.25, 2.0], np.float32)
    zps = np.array([0, 1, -1])
    y = np.array([[[2, 5, -4], [7, -1, 3]]], np.int8)  # [1, 2, 3], axis 2
    yd = (y.astype(np.int32) - zps).astype(np.float32) * scales
    ry = yd.reshape(2, 3)
    PB = "!quant.uniform<i8:f32:0, {0.5:0, 0.25:1, 2.0:-1}>"
    PBR = "!quant.uniform<i8:f32:1, {0.5:0, 0.25:1, 2.0:-1}>"
    w = np.array([10, -2, 6], np.int8)  # [3], axis 0
    wd = (w.astype(np.int32) - zps).astype(np.float32) * scales
    bw = np.broadcast_to(wd, (2, 3))
    cases.append(f"""// Per-axis: dynamic_reshape moves the quantization dimension (2 of [1, 2, 3]
// to 1 of [2, 3], dynamic_reshape_c3), dynamic_broadcast_in_dim maps it
// through broadcast_dimensions (dynamic_broadcast_in_dim_c6).
func.func @per_axis() {{
  %y = "stablehlo.constant"() {{value = dense<{lit(y)}> : tensor<1x2x3xi8>}} : () -> {t((1, 2, 3), PA)}
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %y, %s : ({t((1, 2, 3), PA)}, tensor<2xi64>) -> {t((2, 3), PR)}
  %rf = stablehlo.uniform_dequantize %r : ({t((2, 3), PR)}) -> tensor<2x3xf32>
  check.expect_eq_const %rf, dense<{lit(ry)}> : tensor<2x3xf32>
  %w = "stablehlo.constant"() {{value = dense<{lit(w)}> : tensor<3xi8>}} : () -> {t((3,), PB)}
  %b = stablehlo.dynamic_broadcast_in_dim %w, %s, dims = [1] : ({t((3,), PB)}, tensor<2xi64>) -> {t((2, 3), PBR)}
  %bf = stablehlo.uniform_dequantize %b : ({t((2, 3), PBR)}) -> tensor<2x3xf32>
  check.expect_eq_const %bf, dense<{lit(bw)}> : tensor<2x3xf32>
  return
}}""")

    # dynamic_pad: low [1, 0], high [0, 2], interior [1, 1], padding value storage 9.
    pv = np.int8(9)
    lo, hi, interior = [1, 0], [0, 2], [1, 1]
    xd = deq(x)
    shape = [lo[d] + x.shape[d] + max(x.shape[d] - 1, 0) * interior[d] + hi[d] for d in range(2)]
    p = np.full(shape, deq(pv), np.float32)
    p[lo[0]::interior[0] + 1, lo[1]::interior[1] + 1][: x.shape[0], : x.shape[1]] = xd
    cases.append(f"""// dynamic_pad (edge and interior padding) with a quantized padding value.
func.func @pad() {{
  %x = "stablehlo.constant"() {{value = dense<{lit(x)}> : tensor<2x3xi8>}} : () -> {t((2, 3), Q)}
  %v = "stablehlo.constant"() {{value = dense<{int(pv)}> : tensor<i8>}} : () -> {t((), Q)}
  %lo = stablehlo.constant dense<{lit(np.array(lo))}> : tensor<2xi64>
  %hi = stablehlo.constant dense<{lit(np.array(hi))}> : tensor<2xi64>
  %in = stablehlo.constant dense<{lit(np.array(interior))}> : tensor<2xi64>
  %p = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in : ({t((2, 3), Q)}, {t((), Q)}, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> {t(shape, Q)}
  %pf = stablehlo.uniform_dequantize %p : ({t(shape, Q)}) -> {t(shape, 'f32')}
  check.expect_eq_const %pf, dense<{lit(p)}> : {t(shape, 'f32')}
  return
}}""")

    # dynamic_gather: rows 1, 0, 1 of x, slice sizes [1, 3].
    idx = np.array([[1], [0], [1]], np.int32)
    g = deq(x)[idx[:, 0], :]
    cases.append(f"""// dynamic_gather of whole rows, slice_sizes a run-time operand.
func.func @gather() {{
  %x = "stablehlo.constant"() {{value = dense<{lit(x)}> : tensor<2x3xi8>}} : () -> {t((2, 3), Q)}
  %i = stablehlo.constant dense<{lit(idx)}> : tensor<3x1xi32>
  %s = stablehlo.constant dense<[1, 3]> : tensor<2xi32>
  %g = "stablehlo.dynamic_gather"(%x, %i, %s) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}}> : ({t((2, 3), Q)}, tensor<3x1xi32>, tensor<2xi32>) -> {t((3, 3), Q)}
  %gf = stablehlo.uniform_dequantize %g : ({t((3, 3), Q)}) -> tensor<3x3xf32>
  check.expect_eq_const %gf, dense<{lit(g)}> : tensor<3x3xf32>
  return
}}""")

    # dynamic_iota: quantize(iota) per the spec, on a type whose grid does
    # not hold every integer (scale 0.75: 2 -> round(122.67) = 123 -> 2.25)
    # and that saturates (zero point 120: 5 / 0.75 + 120 = 126.67 -> 127,
    # 7 / 0.75 + 120 = 129.33 clips to 127, both 5.25).
    QI = "!quant.uniform<i8:f32, 0.75:120>"
    io = np.tile(np.arange(8, dtype=np.float32), (2, 1))
    qi = quantize(io, 0.75, 120)
    di = deq(qi, 0.75, 120)
    cases.append(f"""// dynamic_iota on {QI}: quantize(iota) as the spec's
// dequantize_op_quantize gives it (rounding to the grid, saturating at 127).
func.func @iota() {{
  %s = stablehlo.constant dense<[2, 8]> : tensor<2xi64>
  %i = stablehlo.dynamic_iota %s, dim = 1 : (tensor<2xi64>) -> {t((2, 8), QI)}
  %f = stablehlo.uniform_dequantize %i : ({t((2, 8), QI)}) -> tensor<2x8xf32>
  check.expect_eq_const %f, dense<{lit(di)}> : tensor<2x8xf32>
  return
}}""")

    # dynamic_conv: the spec's dequantize_op_quantize around a convolution
    # (a 1-D correlation here: out[j] = sum_k in_padded[j + k] * kernel[k]),
    # padding [1, 2] a run-time operand. Per-tensor lhs/rhs/result, then
    # hybrid (float lhs, quantized rhs, float result: the rhs dequantized).
    QL, QK, QO = "!quant.uniform<i8:f32, 0.5:-3>", "!quant.uniform<i8:f32, 0.25:0>", "!quant.uniform<i8:f32, 0.75:2>"
    cl = np.array([7, -9, 1, 30, -3, 12], np.int8)      # lhs [1, 6, 1] (b, 0, f)
    ck = np.array([2, -5, 8], np.int8)                  # kernel [3, 1, 1] (0, i, o)
    pad_lo, pad_hi = 1, 2
    def conv1d(xf, kf):
        xp = np.concatenate([np.zeros(pad_lo, np.float32), xf, np.zeros(pad_hi, np.float32)])
        n = len(xp) - len(kf) + 1
        return np.array([np.float32(sum(np.float64(xp[j + k]) * np.float64(kf[k]) for k in range(len(kf)))) for j in range(n)], np.float32)
    cf = conv1d(deq(cl), deq(ck, 0.25, 0))
    cq = quantize(cf, 0.75, 2)
    cd = deq(cq, 0.75, 2)
    hx = np.array([1.5, -2.0, 0.25, 4.0, -0.5, 3.0], np.float32)
    hf = conv1d(hx, deq(ck, 0.25, 0))
    no = len(cf)
    lhs_t, ker_t = t((1, 6, 1), QL), t((3, 1, 1), QK)
    conv_attrs = "<{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, feature_group_count = 1 : i64}>"
    cases.append(f"""// dynamic_conv on quantized tensors (convolution_c28..c34 as for
// convolution): dequantize, convolve in f32, quantize ({QO}); and hybrid
// (float lhs, quantized rhs, float result).
func.func @conv() {{
  %x = "stablehlo.constant"() {{value = dense<{lit(cl.reshape(1, 6, 1))}> : tensor<1x6x1xi8>}} : () -> {lhs_t}
  %k = "stablehlo.constant"() {{value = dense<{lit(ck.reshape(3, 1, 1))}> : tensor<3x1x1xi8>}} : () -> {ker_t}
  %pad = stablehlo.constant dense<[[{pad_lo}, {pad_hi}]]> : tensor<1x2xi64>
  %r = "stablehlo.dynamic_conv"(%x, %k, %pad) {conv_attrs} : ({lhs_t}, {ker_t}, tensor<1x2xi64>) -> {t((1, no, 1), QO)}
  %rf = stablehlo.uniform_dequantize %r : ({t((1, no, 1), QO)}) -> {t((1, no, 1), 'f32')}
  check.expect_eq_const %rf, dense<{lit(cd.reshape(1, no, 1))}> : {t((1, no, 1), 'f32')}
  %h = stablehlo.constant dense<{lit(hx.reshape(1, 6, 1))}> : tensor<1x6x1xf32>
  %hr = "stablehlo.dynamic_conv"(%h, %k, %pad) {conv_attrs} : (tensor<1x6x1xf32>, {ker_t}, tensor<1x2xi64>) -> {t((1, no, 1), 'f32')}
  check.expect_eq_const %hr, dense<{lit(hf.reshape(1, no, 1))}> : {t((1, no, 1), 'f32')}
  return
}}""")

    n = sum(c.count("check.expect") for c in cases)
    header = f"""// Generated by quantization_dynamic.py (numpy, the StableHLO spec's quantize /
// dequantize formulas in float32): do not edit. Quantized tensors through the
// dynamic-shape ops, checked through their dequantized values (exact).
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{{{^}}}}{n} passed, 0 failed
"""
    with open(os.path.join(HERE, "quantization-dynamic.mlir"), "w") as f:
        f.write(header + "\n" + "\n\n// -----\n\n".join(cases) + "\n")


if __name__ == "__main__":
    main()
