#!/usr/bin/env python3
"""Writes quantization-ops.mlir: quantized tensors through the ops that keep
their storage integers (indexing, regions, control flow, tuples, constants,
collectives over one process) and the ops the StableHLO spec computes as
dequantize_op_quantize (reduce_precision, cholesky, triangular_solve,
batch_norm_*, collective_permute, iota), and is_finite (true for quantized
types). Expected values are computed here with
numpy (and ml_dtypes for reduce_precision) from the spec's formulas, with the
Q/Fn helpers of quantization.py:

    dequantize(q) = float32(q - zero_point) * float32(scale)
    quantize(x)   = storage(round_half_even(clip(x / scale + zero_point, storage_min, storage_max)))

Ops with a quantized body (reduce, scatter, map, sort, while, ...) run the
body's ops as dequantize -> op -> quantize on each application; the data keep
every intermediate value on the quantization grid, so the result does not
depend on the order of the applications and the expectations are exact.

    /work/venv-jax/bin/python test/Execution/quantization_ops.py   # rewrites the .mlir
"""
import os
import sys

import ml_dtypes
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from quantization import F32, Fn, Q, fconst, ftype  # noqa: E402


def mask_lower(f, v, shape):
    """v * (lower-triangular ones): the strict upper triangle of a cholesky
    result is implementation-defined."""
    m = f.value()
    f.lines.append(f"  {m} = stablehlo.constant {fconst(np.tril(np.ones(shape, F32)))}")
    return f.op(f"stablehlo.multiply {v}, {m} : {ftype(shape)}")


def cases():
    out = []
    q = Q("i8", [0.5], [-3])
    qt = q.tensor

    # generic constants holding storage integers (signed, unsigned written
    # with signless bits, per-axis)
    qu = Q("u8", [0.25], [128])
    qa = Q("i8", [0.5, 0.25], [0, 1], axis=0)
    f = Fn("constant_storage", f"constants of {q.mlir()}, {qu.mlir()}, {qa.mlir()} from their storage integers")
    v = f.op(f'"stablehlo.constant"() {{value = dense<[3, -128, 127]> : tensor<3xi8>}} : () -> {qt((3,))}')
    f.expect_quantized(v, q, np.array([3, -128, 127], np.int8), (3,))
    v = f.op(f'"stablehlo.constant"() {{value = dense<[-1, 0, 5]> : tensor<3xi8>}} : () -> {qu.tensor((3,))}')
    f.expect_quantized(v, qu, np.array([255, 0, 5], np.uint8), (3,))
    v = f.op(f'"stablehlo.constant"() {{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>}} : () -> {qa.tensor((2, 2))}')
    f.expect_quantized(v, qa, np.array([[1, 2], [3, 4]], np.int8), (2, 2))
    out.append(f)

    # gather, dynamic_slice, dynamic_update_slice: storage moves
    x = np.array([[1.0, -2.0, 3.5, 0.0], [10.0, -0.5, 7.0, 2.5], [-60.0, 4.0, 1.5, -1.0]], F32)
    f = Fn("indexing", f"gather, dynamic_slice (clamped start), dynamic_update_slice on {q.mlir()}")
    vx, sx = f.quantized_input(x, q)
    i = f.op("stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>")
    r = f.op(f'"stablehlo.gather"({vx}, {i}) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], '
             f'collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, '
             f'slice_sizes = array<i64: 1, 4>}}> : ({qt((3, 4))}, tensor<3x1xi32>) -> {qt((3, 4))}')
    f.expect_quantized(r, q, sx[[2, 0, 2]], (3, 4))
    one = f.op("stablehlo.constant dense<1> : tensor<i32>")
    big = f.op("stablehlo.constant dense<3> : tensor<i32>")
    r = f.op(f"stablehlo.dynamic_slice {vx}, {one}, {big}, sizes = [2, 2] : ({qt((3, 4))}, tensor<i32>, tensor<i32>) -> {qt((2, 2))}")
    f.expect_quantized(r, q, sx[1:3, 2:4], (2, 2))  # start 3 clamped to 4 - 2
    u = np.array([[20.0, 21.0]], F32)
    vu, su = f.quantized_input(u, q)
    r = f.op(f"stablehlo.dynamic_update_slice {vx}, {vu}, {one}, {one} : ({qt((3, 4))}, {qt((1, 2))}, tensor<i32>, tensor<i32>) -> {qt((3, 4))}")
    e = sx.copy()
    e[1, 1:3] = su
    f.expect_quantized(r, q, e, (3, 4))
    out.append(f)

    # scatter with a quantized add: quantize(dequantize(x) + dequantize(u))
    qr = Q("i8", [0.25], [2])
    x = np.array([[1.0, -2.0, 3.5], [10.0, -0.5, 7.0], [-6.0, 4.0, 1.5], [0.5, 0.5, 0.5]], F32)
    u = np.array([[1.0, 2.0, -3.0], [0.5, -0.25, 12.0]], F32)
    f = Fn("scatter_add", f"scatter with a quantized add body on {qr.mlir()}")
    vx, sx = f.quantized_input(x, qr)
    vu, su = f.quantized_input(u, qr)
    i = f.op("stablehlo.constant dense<[[3], [1]]> : tensor<2x1xi32>")
    e = qr.tensor(())
    r = f.op(f'"stablehlo.scatter"({vx}, {i}, {vu}) <{{indices_are_sorted = false, scatter_dimension_numbers = '
             f'#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], '
             f'index_vector_dim = 1>, unique_indices = true}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %s = stablehlo.add %a, %b : {e}\n    stablehlo.return %s : {e}\n'
             f'  }}) : ({qr.tensor((4, 3))}, tensor<2x1xi32>, {qr.tensor((2, 3))}) -> {qr.tensor((4, 3))}')
    exp = sx.copy()
    for row, upd in zip([3, 1], range(2)):
        exp[row] = qr.quantize(qr.dequantize(sx[row]) + qr.dequantize(su[upd]))
    f.expect_quantized(r, qr, exp, (4, 3))
    out.append(f)

    # reduce (add, max), reduce_window (max), sort, map, select_and_scatter
    x = np.array([[1.0, -2.0, 3.5, 0.5], [10.0, -0.5, 7.0, 2.5], [-6.0, 4.0, 1.5, -1.0]], F32)
    e = qt(())
    f = Fn("reduce_sort_map", f"reduce, reduce_window, sort, map with quantized bodies on {q.mlir()}")
    vx, sx = f.quantized_input(x, q)
    vz, sz = f.quantized_input(np.array(0.0, F32), q)
    vm, sm = f.quantized_input(np.array(-64.0, F32), q)
    dx = q.dequantize(sx)
    r = f.op(f"stablehlo.reduce({vx} init: {vz}) applies stablehlo.add across dimensions = [1] : ({qt((3, 4))}, {e}) -> {qt((3,))}")
    f.expect_quantized(r, q, q.quantize(dx.sum(1) + q.dequantize(sz)), (3,))
    r = f.op(f"stablehlo.reduce({vx} init: {vm}) applies stablehlo.maximum across dimensions = [0] : ({qt((3, 4))}, {e}) -> {qt((4,))}")
    f.expect_quantized(r, q, q.quantize(np.maximum(dx.max(0), q.dequantize(sm))), (4,))
    r = f.op(f'"stablehlo.reduce_window"({vx}, {vm}) <{{window_dimensions = array<i64: 2, 2>}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %m = stablehlo.maximum %a, %b : {e}\n    stablehlo.return %m : {e}\n'
             f'  }}) : ({qt((3, 4))}, {e}) -> {qt((2, 3))}')
    win = np.array([[dx[i:i + 2, j:j + 2].max() for j in range(3)] for i in range(2)], F32)
    f.expect_quantized(r, q, q.quantize(win), (2, 3))
    r = f.op(f'"stablehlo.sort"({vx}) <{{dimension = 1 : i64}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %p = stablehlo.compare LT, %a, %b : ({e}, {e}) -> tensor<i1>\n'
             f'    stablehlo.return %p : tensor<i1>\n  }}) : ({qt((3, 4))}) -> {qt((3, 4))}')
    f.expect_quantized(r, q, np.sort(sx, 1), (3, 4))  # the order of the values is the storage order (scale > 0)
    qm = Q("i8", [1.0], [0])
    r = f.op(f'"stablehlo.map"({vx}, {vx}) <{{dimensions = array<i64: 0, 1>}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %m = stablehlo.multiply %a, %b : ({e}, {e}) -> {qm.tensor(())}\n'
             f'    stablehlo.return %m : {qm.tensor(())}\n  }}) : ({qt((3, 4))}, {qt((3, 4))}) -> {qm.tensor((3, 4))}')
    f.expect_quantized(r, qm, qm.quantize(dx * dx), (3, 4))
    out.append(f)

    f = Fn("select_and_scatter", f"select_and_scatter (GE, add) on {q.mlir()}")
    x = np.array([[1.0, 5.0, -2.0, 0.5], [3.0, -1.0, 4.0, 4.5], [0.0, 2.0, 1.5, -3.0], [6.0, 1.0, 2.5, 2.0]], F32)
    src = np.array([[1.5, -2.0], [3.0, 0.5]], F32)
    vx, sx = f.quantized_input(x, q)
    vs, ss = f.quantized_input(src, q)
    vi, si = f.quantized_input(np.array(0.5, F32), q)
    r = f.op(f'"stablehlo.select_and_scatter"({vx}, {vs}, {vi}) <{{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %p = stablehlo.compare GE, %a, %b : ({e}, {e}) -> tensor<i1>\n    stablehlo.return %p : tensor<i1>\n'
             f'  }}, {{\n  ^bb0(%a: {e}, %b: {e}):\n    %s = stablehlo.add %a, %b : {e}\n    stablehlo.return %s : {e}\n'
             f'  }}) : ({qt((4, 4))}, {qt((2, 2))}, {e}) -> {qt((4, 4))}')
    dx, ds = q.dequantize(sx), q.dequantize(ss)
    res = np.full((4, 4), q.dequantize(si), F32)
    for i in range(2):
        for j in range(2):
            w = dx[2 * i:2 * i + 2, 2 * j:2 * j + 2]
            a, b = np.unravel_index(np.argmax(w), w.shape)  # first maximum (GE keeps the earlier)
            res[2 * i + a, 2 * j + b] = q.dequantize(q.quantize(res[2 * i + a, 2 * j + b] + ds[i, j]))
    f.expect_quantized(r, q, q.quantize(res), (4, 4))
    out.append(f)

    # control flow, tuples, optimization_barrier on a per-axis type
    qa = Q("i8", [0.5, 0.25], [0, 1], axis=0)
    x = np.array([[1.0, -2.0, 3.5], [0.25, 7.0, -1.0]], F32)
    f = Fn("control_flow", f"while (quantized add), if, case, tuple, optimization_barrier on {q.mlir()} and {qa.mlir()}")
    vx, sx = f.quantized_input(x, qa)
    vq, sq = f.quantized_input(np.array([1.0, -2.5, 3.0], F32), q)
    vstep, sstep = f.quantized_input(np.array([0.5, 1.0, -1.5], F32), q)
    e3 = qt((3,))
    f.lines.append(f"  %w:2 = stablehlo.while(%i = %c0, %a = {vq}) : tensor<i32>, {e3}\n  cond {{\n"
                   f"    %n = stablehlo.constant dense<3> : tensor<i32>\n"
                   f"    %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
                   f"    stablehlo.return %p : tensor<i1>\n  }} do {{\n"
                   f"    %one = stablehlo.constant dense<1> : tensor<i32>\n"
                   f"    %j = stablehlo.add %i, %one : tensor<i32>\n"
                   f"    %b = stablehlo.add %a, {vstep} : {e3}\n"
                   f"    stablehlo.return %j, %b : tensor<i32>, {e3}\n  }}")
    f.lines.insert(2, "  %c0 = stablehlo.constant dense<0> : tensor<i32>")
    acc = q.dequantize(sq)
    for _ in range(3):
        acc = q.dequantize(q.quantize(acc + q.dequantize(sstep)))
    f.expect_quantized("%w#1", q, q.quantize(acc), (3,))
    tx = qa.tensor((2, 3))
    p = f.op("stablehlo.constant dense<false> : tensor<i1>")
    r = f.op(f'"stablehlo.if"({p}) ({{\n    stablehlo.return {vx} : {tx}\n  }}, {{\n'
             f'    %t = stablehlo.reverse {vx}, dims = [1] : {tx}\n    stablehlo.return %t : {tx}\n  }}) : (tensor<i1>) -> {tx}')
    f.expect_quantized(r, qa, sx[:, ::-1], (2, 3))
    k = f.op("stablehlo.constant dense<7> : tensor<i32>")  # out of range: the last branch
    r = f.op(f'"stablehlo.case"({k}) ({{\n    stablehlo.return {vx} : {tx}\n  }}, {{\n'
             f'    %t = stablehlo.reverse {vx}, dims = [0] : {tx}\n    stablehlo.return %t : {tx}\n  }}) : (tensor<i32>) -> {tx}')
    f.expect_quantized(r, qa, sx[::-1, :], (2, 3))
    t = f.op(f"stablehlo.tuple {vx}, {vq} : tuple<{tx}, {e3}>")
    r = f.op(f"stablehlo.get_tuple_element {t}[1] : (tuple<{tx}, {e3}>) -> {e3}")
    f.expect_quantized(r, q, sq, (3,))
    r = f.op(f"stablehlo.optimization_barrier {vq} : {e3}")
    f.expect_quantized(r, q, sq, (3,))
    out.append(f)

    # collectives over one process: all_gather and all_reduce give the
    # operand; collective_permute without a pair (0, 0) gives quantize(0),
    # the zero point (not storage 0)
    qz = Q("i8", [0.5], [7])
    x = np.array([[1.0, -2.0], [3.5, 60.0]], F32)
    f = Fn("collectives_one_process", f"all_gather, all_reduce, collective_permute, collective_broadcast on {qz.mlir()}, one process")
    vx, sx = f.quantized_input(x, qz)
    t = qz.tensor((2, 2))
    e = qz.tensor(())
    r = f.op(f'"stablehlo.all_gather"({vx}) <{{all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}}> : ({t}) -> {t}')
    f.expect_quantized(r, qz, sx, (2, 2))
    r = f.op(f'"stablehlo.all_reduce"({vx}) <{{replica_groups = dense<[[0]]> : tensor<1x1xi64>}}> ({{\n'
             f'  ^bb0(%a: {e}, %b: {e}):\n    %s = stablehlo.add %a, %b : {e}\n    stablehlo.return %s : {e}\n  }}) : ({t}) -> {t}')
    f.expect_quantized(r, qz, sx, (2, 2))
    r = f.op(f'"stablehlo.collective_permute"({vx}) <{{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}}> : ({t}) -> {t}')
    f.expect_quantized(r, qz, qz.quantize(np.zeros((2, 2), F32)), (2, 2))
    r = f.op(f'"stablehlo.collective_broadcast"({vx}) <{{replica_groups = dense<[[0]]> : tensor<1x1xi64>}}> : ({t}) -> {t}')
    f.expect_quantized(r, qz, sx, (2, 2))
    out.append(f)

    # dequantize_op_quantize ops
    x = np.array([5.25, -7.75, 1.25, 30.5, -0.75, 13.0, 2.5, 0.0], F32)
    qi = Q("i8", [0.25], [0])
    qo = Q("i8", [0.5], [1])
    f = Fn("reduce_precision", f"reduce_precision e5m2 (dequantize, round, quantize) {qi.mlir()} -> {qo.mlir()}; is_finite")
    vx, sx = f.quantized_input(x, qi)
    r = f.op(f"stablehlo.reduce_precision {vx}, format = e5m2 : ({qi.tensor((8,))}) -> {qo.tensor((8,))}")
    # e5m2 keeps IEEE semantics (ties to even, infinities): ml_dtypes' float8_e5m2
    rounded = qi.dequantize(sx).astype(ml_dtypes.float8_e5m2).astype(F32)
    f.expect_quantized(r, qo, qo.quantize(rounded), (8,))
    r = f.op(f"stablehlo.is_finite {vx} : ({qi.tensor((8,))}) -> tensor<8xi1>")
    f.lines.append(f"  check.expect_eq_const {r}, dense<true> : tensor<8xi1>")
    f.checks += 1
    out.append(f)

    # iota: quantize(index); bitcast_convert of the storage integers (u8 <->
    # i8 keeps the bits); get_dimension_size
    qn = Q("u8", [0.5], [100])
    f = Fn("iota_bitcast_dimension_size", f"iota of {q.mlir()}, bitcast_convert of {qn.mlir()}, get_dimension_size")
    r = f.op(f"stablehlo.iota dim = 1 : {qt((2, 5))}")
    f.expect_quantized(r, q, q.quantize(np.broadcast_to(np.arange(5, dtype=F32), (2, 5))), (2, 5))
    x = np.array([-50.0, -0.5, 0.0, 77.5], F32)
    vx, sx = f.quantized_input(x, qn)
    b = f.op(f"stablehlo.bitcast_convert {vx} : ({qn.tensor((4,))}) -> tensor<4xi8>")
    f.lines.append(f"  check.expect_eq_const {b}, dense<[{', '.join(str(int(v)) for v in sx.view(np.int8))}]> : tensor<4xi8>")
    f.checks += 1
    c = f.op("stablehlo.constant dense<[-128, -1, 0, 127]> : tensor<4xi8>")
    r = f.op(f"stablehlo.bitcast_convert {c} : (tensor<4xi8>) -> {qn.tensor((4,))}")
    f.expect_quantized(r, qn, np.array([-128, -1, 0, 127], np.int8).view(np.uint8), (4,))
    r = f.op(f"stablehlo.get_dimension_size {vx}, dim = 0 : ({qn.tensor((4,))}) -> tensor<i32>")
    f.lines.append(f"  check.expect_eq_const {r}, dense<4> : tensor<i32>")
    f.checks += 1
    out.append(f)

    # batch_norm_training and batch_norm_inference: per feature mean 2 and
    # variance 1 or 4 (epsilon 0), so every intermediate value is exact
    qb = Q("i8", [0.25], [-4])
    x = np.array([[1.0, 0.0], [3.0, 4.0], [1.0, 4.0], [3.0, 0.0]], F32)
    scale, offset = np.array([0.5, 2.0], F32), np.array([1.0, -1.0], F32)
    f = Fn("batch_norm", f"batch_norm_training and batch_norm_inference on {qb.mlir()}")
    vx, sx = f.quantized_input(x, qb)
    vs, ss = f.quantized_input(scale, qb)
    vo, so = f.quantized_input(offset, qb)
    t2, t42 = qb.tensor((2,)), qb.tensor((4, 2))
    f.lines.append(f'  %y, %m, %v = "stablehlo.batch_norm_training"({vx}, {vs}, {vo}) <{{epsilon = 0.0 : f32, feature_index = 1 : i64}}> : '
                   f'({t42}, {t2}, {t2}) -> ({t42}, {t2}, {t2})')
    dx, ds, do = qb.dequantize(sx), qb.dequantize(ss), qb.dequantize(so)
    mean, var = dx.mean(0), dx.var(0)
    f.expect_quantized("%y", qb, qb.quantize((dx - mean) / np.sqrt(var) * ds + do), (4, 2))
    f.expect_quantized("%m", qb, qb.quantize(mean), (2,))
    f.expect_quantized("%v", qb, qb.quantize(var), (2,))
    r = f.op(f'"stablehlo.batch_norm_inference"({vx}, {vs}, {vo}, %m, %v) <{{epsilon = 0.0 : f32, feature_index = 1 : i64}}> : '
             f'({t42}, {t2}, {t2}, {t2}, {t2}) -> {t42}')
    dm, dv = qb.dequantize(qb.quantize(mean)), qb.dequantize(qb.quantize(var))
    f.expect_quantized(r, qb, qb.quantize((dx - dm) / np.sqrt(dv) * ds + do), (4, 2))
    out.append(f)

    # cholesky of L L^T with L on the grid; triangular_solve with an exact solution
    L = np.array([[2.0, 0.0, 0.0], [1.0, 3.0, 0.0], [0.5, -1.0, 1.5]], F32)
    A = L @ L.T
    qc = Q("i8", [0.25], [0])
    f = Fn("linalg", f"cholesky and triangular_solve on {qc.mlir()}")
    va, sa = f.quantized_input(A, qc)
    r = f.op(f"stablehlo.cholesky {va}, lower = true : {qc.tensor((3, 3))}")
    d = f.value()
    f.lines.append(f"  {d} = stablehlo.uniform_dequantize {r} : ({qc.tensor((3, 3))}) -> {ftype((3, 3))}")
    masked = mask_lower(f, d, (3, 3))
    f.expect_float(masked, np.tril(qc.dequantize(qc.quantize(np.linalg.cholesky(qc.dequantize(sa).astype(np.float64)).astype(F32)))))
    X = np.array([[1.0, 0.5], [2.0, -1.0], [-0.75, 3.0]], F32)
    B = L @ X
    vl, sl = f.quantized_input(L, qc)
    vb, sb = f.quantized_input(B, qc)
    r = f.op(f'"stablehlo.triangular_solve"({vl}, {vb}) <{{left_side = true, lower = true, transpose_a = '
             f'#stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}}> : ({qc.tensor((3, 3))}, {qc.tensor((3, 2))}) -> {qc.tensor((3, 2))}')
    sol = np.linalg.solve(qc.dequantize(sl).astype(np.float64), qc.dequantize(sb).astype(np.float64))
    f.expect_quantized(r, qc, qc.quantize(sol.astype(F32)), (3, 2))
    out.append(f)
    return out


def main():
    fns = cases()
    checks = sum(f.checks for f in fns)
    text = [
        "// Generated by quantization_ops.py (numpy, the StableHLO spec's quantize/dequantize",
        "// formulas in float32): do not edit. Quantized tensors through the ops that keep",
        "// their storage integers and the dequantize-op-quantize ops, checked through",
        "// their dequantized values (exact).",
        "// RUN: xla-run --check --split-input-file %s | FileCheck %s",
        "// CHECK-NOT: FAIL",
        f"// CHECK: {{{{^}}}}{checks} passed, 0 failed",
        "",
    ]
    text.append("\n\n// -----\n\n".join(f.text() for f in fns))
    with open(os.path.join(HERE, "quantization-ops.mlir"), "w") as out:
        out.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
