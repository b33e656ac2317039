#!/usr/bin/env python3
"""Writes two tests of quantized ops that had no execution test:

- quantization-more-ops.mlir (one process, --check): batch_norm_grad as the
  spec's dequantize_op_quantize (the spec's formula for batch_norm_grad on
  the dequantized inputs, each result quantized), and a composite whose
  decomposition adds quantized tensors (saturating at the storage range);
- multi-device-quantized-collectives.mlir (2 partitions, the in-process
  multi-device runtime): reduce_scatter whose body is a quantized add (each
  application dequantize -> add -> quantize) and all_to_all (storage
  integers moved), each device's result dequantized and all-gathered.

Expected values: numpy applying the spec's formulas in float32,

    dequantize(q) = float32(q - zero_point) * float32(scale)
    quantize(x)   = clip(round_half_even(x / scale + zero_point), storage_min, storage_max)

on inputs chosen so every intermediate is a dyadic rational (exact in
float32; the script asserts the float64 computation agrees), so the
expectations do not depend on the order of the float operations.

    /work/venv-jax/bin/python test/Execution/quantization_more_ops.py   # rewrites both .mlir
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def deq(q, scale, zp):
    return (np.asarray(q, np.int64) - zp).astype(np.float32) * np.float32(scale)


def quantize(x, scale, zp, lo=-128, hi=127):
    return np.clip(np.round(np.asarray(x, np.float32) / np.float32(scale) + zp), lo, hi).astype(np.int64)


def lit(a):
    a = np.asarray(a)
    if a.ndim == 0:
        v = a.item()
        return repr(float(v)) if isinstance(v, float) else str(v)
    return "[" + ", ".join(lit(x) for x in a) + "]"


def t(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def batch_norm_grad(x, scale, mean, var, g, eps, dtype):
    """The spec's batch_norm_grad (feature_index 1, operand rank 2)."""
    x, scale, mean, var, g = (np.asarray(v, dtype) for v in (x, scale, mean, var, g))
    n = dtype(x.shape[0])
    centered = x - mean
    stddev = np.sqrt(var + dtype(eps))
    normalized = centered / stddev
    i1 = g * n
    i2 = np.sum(g, axis=0)
    i3 = np.sum(g * centered, axis=0)
    i4 = i3 * centered
    i5 = i4 / (var + dtype(eps))
    i6 = i1 - i2 - i5
    grad_operand = scale / stddev / n * i6
    grad_scale = np.sum(g * normalized, axis=0)
    grad_offset = np.sum(g, axis=0)
    return grad_operand, grad_scale, grad_offset


def one_process():
    cases = []
    # batch_norm_grad on !quant.uniform<i8:f32, 0.25:0> (variance 4 and 1:
    # stddev 2 and 1, exact).
    S, Z = 0.25, 0
    Q = f"!quant.uniform<i8:f32, {S}:{Z}>"
    xq = np.array([[4, 8], [8, 0], [12, 4], [8, -4]])          # x = [[1, 2], [2, 0], [3, 1], [2, -1]]
    sq = np.array([4, 8])                                       # scale [1, 2]
    mq = np.array([8, 0])                                       # mean [2, 0]
    vq = np.array([16, 4])                                      # variance [4, 1]
    gq = np.array([[4, 2], [0, -4], [-4, 1], [2, 3]])           # grad_output
    ins = [deq(v, S, Z) for v in (xq, sq, mq, vq, gq)]
    r32 = batch_norm_grad(*ins, 0.0, np.float32)
    r64 = batch_norm_grad(*[v.astype(np.float64) for v in ins], 0.0, np.float64)
    for a, b in zip(r32, r64):
        assert np.array_equal(a.astype(np.float64), b), "inputs must keep every intermediate exact"
    expected = [deq(quantize(r, S, Z), S, Z) for r in r32]
    names = ["grad_operand", "grad_scale", "grad_offset"]
    shapes = [(4, 2), (2,), (2,)]
    lines = [f"""// batch_norm_grad on {Q} (feature_index 1, epsilon 0): the spec's formula on
// the dequantized inputs, each result quantized (grad_operand = {lit(r32[0])},
// grad_scale = {lit(r32[1])}, grad_offset = {lit(r32[2])} before quantization).
func.func @batch_norm_grad() {{"""]
    for name, q, shape in (("x", xq, (4, 2)), ("s", sq, (2,)), ("m", mq, (2,)), ("v", vq, (2,)), ("g", gq, (4, 2))):
        lines.append(f'  %{name} = "stablehlo.constant"() {{value = dense<{lit(q)}> : {t(shape, "i8")}}} : () -> {t(shape, Q)}')
    lines.append(f'  %r:3 = "stablehlo.batch_norm_grad"(%x, %s, %m, %v, %g) <{{epsilon = 0.0 : f32, feature_index = 1 : i64}}> : '
                 f'({t((4, 2), Q)}, {t((2,), Q)}, {t((2,), Q)}, {t((2,), Q)}, {t((4, 2), Q)}) -> ({t((4, 2), Q)}, {t((2,), Q)}, {t((2,), Q)})')
    for k, (name, shape) in enumerate(zip(names, shapes)):
        lines.append(f"  %{name} = stablehlo.uniform_dequantize %r#{k} : ({t(shape, Q)}) -> {t(shape, 'f32')}")
        lines.append(f"  check.expect_eq_const %{name}, dense<{lit(expected[k])}> : {t(shape, 'f32')}")
    lines.append("  return\n}")
    cases.append("\n".join(lines))

    # composite: the decomposition adds two quantized tensors; 51 + 51 = 102
    # is beyond the range of !quant.uniform<i8:f32, 0.5:-2> (max (127 + 2) *
    # 0.5 = 64.5) and saturates.
    S2, Z2 = 0.5, -2
    Q2 = f"!quant.uniform<i8:f32, {S2}:{Z2}>"
    aq = np.array([100, -20, 3, -128])
    bq = np.array([100, 7, -3, -128])
    s = deq(aq, S2, Z2) + deq(bq, S2, Z2)
    e = deq(quantize(s, S2, Z2), S2, Z2)
    cases.append(f"""// composite on {Q2}: the decomposition's quantized add runs as
// dequantize -> add -> quantize ({lit(s)} before quantization; 102 and -126
// saturate, to 64.5 and -63).
func.func private @qadd(%a: {t((4,), Q2)}, %b: {t((4,), Q2)}) -> {t((4,), Q2)} {{
  %r = stablehlo.add %a, %b : {t((4,), Q2)}
  return %r : {t((4,), Q2)}
}}

func.func @composite() {{
  %a = "stablehlo.constant"() {{value = dense<{lit(aq)}> : tensor<4xi8>}} : () -> {t((4,), Q2)}
  %b = "stablehlo.constant"() {{value = dense<{lit(bq)}> : tensor<4xi8>}} : () -> {t((4,), Q2)}
  %r = stablehlo.composite "test.qadd" %a, %b {{decomposition = @qadd}} : ({t((4,), Q2)}, {t((4,), Q2)}) -> {t((4,), Q2)}
  %f = stablehlo.uniform_dequantize %r : ({t((4,), Q2)}) -> tensor<4xf32>
  check.expect_eq_const %f, dense<{lit(e)}> : tensor<4xf32>
  return
}}""")
    n = sum(c.count("check.expect") for c in cases)
    header = f"""// Generated by quantization_more_ops.py (numpy, the StableHLO spec's formulas
// in float32, exact on these inputs): do not edit. Quantized batch_norm_grad
// and composite, checked through their dequantized values.
// RUN: xla-run --check --split-input-file %s | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{{{^}}}}{n} passed, 0 failed
"""
    with open(os.path.join(HERE, "quantization-more-ops.mlir"), "w") as f:
        f.write(header + "\n" + "\n\n// -----\n\n".join(cases) + "\n")


def two_devices():
    S, Z = 0.5, -2
    Q = f"!quant.uniform<i8:f32, {S}:{Z}>"
    # Device d's operand: row d (storage integers).
    table = np.array([[100, -20, 3, 40], [100, 7, -3, -50]])
    vals = deq(table, S, Z)
    # reduce_scatter (dim 0, group [0, 1]): device k gets block k of the
    # group's sum, each addition quantized.
    summed = deq(quantize(vals[0] + vals[1], S, Z), S, Z)
    rs = summed.reshape(2, 2)          # row k = device k's result
    # all_to_all (split 0, concat 0, split_count 2): device k gets block k
    # of device 0 then block k of device 1.
    blocks = vals.reshape(2, 2, 2)     # [device, block, 2]
    a2a = np.stack([np.concatenate([blocks[0, k], blocks[1, k]]) for k in range(2)])
    text = f"""// Generated by quantization_more_ops.py (numpy, the StableHLO spec's formulas
// in float32, exact on these inputs): do not edit. Quantized reduce_scatter
// (its body's add runs as dequantize -> add -> quantize: 100 + 100 storage =
// 51 + 51 = 102 saturates at 64.5) and all_to_all (storage integers moved)
// over 2 devices, {Q}. Device d's operand is row d of
// {lit(table)} (storage), dequantized {lit(vals)}; each device's result is
// dequantized and all-gathered (row d = device d).
// RUN: xla-run %s | FileCheck %s
// CHECK: result[0]: tensor<2x2xf32> = {{{{\\[\\[}}}}{lit(rs).replace('.0,', ',').replace('.0]', ']')[2:]}
// CHECK-NEXT: result[1]: tensor<2x4xf32> = {{{{\\[\\[}}}}{lit(a2a).replace('.0,', ',').replace('.0]', ']')[2:]}

module attributes {{mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func @main() -> (tensor<2x2xf32>, tensor<2x4xf32>) {{
    %pid = stablehlo.partition_id : tensor<ui32>
    %d = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %table = stablehlo.constant dense<{lit(table)}> : tensor<2x4xi8>
    %row = stablehlo.dynamic_slice %table, %d, %z, sizes = [1, 4] : (tensor<2x4xi8>, tensor<i32>, tensor<i32>) -> tensor<1x4xi8>
    %flat = stablehlo.reshape %row : (tensor<1x4xi8>) -> tensor<4xi8>
    %x = stablehlo.bitcast_convert %flat : (tensor<4xi8>) -> {t((4,), Q)}
    %rs = "stablehlo.reduce_scatter"(%x) <{{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64, use_global_device_ids}}> ({{
    ^bb0(%a: {t((), Q)}, %b: {t((), Q)}):
      %c = stablehlo.add %a, %b : {t((), Q)}
      stablehlo.return %c : {t((), Q)}
    }}) : ({t((4,), Q)}) -> {t((2,), Q)}
    %rsf = stablehlo.uniform_dequantize %rs : ({t((2,), Q)}) -> tensor<2xf32>
    %rsr = stablehlo.reshape %rsf : (tensor<2xf32>) -> tensor<1x2xf32>
    %g0 = "stablehlo.all_gather"(%rsr) <{{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}}> : (tensor<1x2xf32>) -> tensor<2x2xf32>
    %aa = "stablehlo.all_to_all"(%x) <{{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}}> : ({t((4,), Q)}) -> {t((4,), Q)}
    %aaf = stablehlo.uniform_dequantize %aa : ({t((4,), Q)}) -> tensor<4xf32>
    %aar = stablehlo.reshape %aaf : (tensor<4xf32>) -> tensor<1x4xf32>
    %g1 = "stablehlo.all_gather"(%aar) <{{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}}> : (tensor<1x4xf32>) -> tensor<2x4xf32>
    return %g0, %g1 : tensor<2x2xf32>, tensor<2x4xf32>
  }}
}}
"""
    with open(os.path.join(HERE, "multi-device-quantized-collectives.mlir"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    one_process()
    two_devices()
