#!/usr/bin/env python3
"""Writes quantization.mlir (check functions) and the .npy files of
quantization-abi.test: quantized StableHLO ops with the values the StableHLO
specification's formulas give, computed here with numpy in float32:

    dequantize(q) = float32(q - zero_point) * float32(scale)
    quantize(x)   = storage(round_half_even(clip(x / float32(scale) + float32(zero_point),
                                                 storage_min, storage_max)))

and every other quantized op as dequantize -> the op in float32 -> quantize
(the spec's dequantize_op_quantize). Per-axis parameters apply to the slices
of the quantization dimension. The data keep every float32 product and sum
exact where the order of operations could differ (dot_general,
convolution), so the expectations are exact.

    python3 test/Execution/quantization.py   # rewrites both, from the repository root
"""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
F32 = np.float32


class Q:
    """A !quant.uniform element type."""

    def __init__(self, storage, scales, zero_points, axis=None, lo=None, hi=None):
        self.storage = storage  # "i8", "u8", "i16"
        self.scales = [float(s) for s in scales]
        self.zero_points = [int(z) for z in zero_points]
        self.axis = axis
        info = np.iinfo(self.dtype)
        self.lo = info.min if lo is None else lo
        self.hi = info.max if hi is None else hi
        self.explicit_range = lo is not None

    @property
    def dtype(self):
        return {"i8": np.int8, "u8": np.uint8, "i16": np.int16}[self.storage]

    def mlir(self):
        storage = self.storage + (f"<{self.lo}:{self.hi}>" if self.explicit_range else "")
        params = [f"{s!r}:{z}" for s, z in zip(self.scales, self.zero_points)]
        if self.axis is None:
            return f"!quant.uniform<{storage}:f32, {params[0]}>"
        return f"!quant.uniform<{storage}:f32:{self.axis}, {{{', '.join(params)}}}>"

    def tensor(self, shape):
        return f"tensor<{'x'.join(map(str, shape))}x{self.mlir()}>" if shape else f"tensor<{self.mlir()}>"

    def per_element(self, values, shape, dtype):
        """values (one per slice of the axis, or one) broadcast to shape."""
        v = np.array(values, dtype)
        if self.axis is None:
            return np.broadcast_to(v[0], shape)
        view = [1] * len(shape)
        view[self.axis] = -1
        return np.broadcast_to(v.reshape(view), shape)

    def dequantize(self, q):
        zp = self.per_element(self.zero_points, q.shape, np.int64)
        scale = self.per_element(self.scales, q.shape, F32)
        return (q.astype(np.int64) - zp).astype(F32) * scale

    def quantize(self, x):
        x = np.asarray(x, F32)
        scale = self.per_element(self.scales, x.shape, F32)
        zp = self.per_element(self.zero_points, x.shape, F32)
        y = np.clip(x / scale + zp, F32(self.lo), F32(self.hi)).astype(F32)
        return np.rint(y).astype(self.dtype)


def ftype(shape):
    return f"tensor<{'x'.join(map(str, shape))}xf32>" if shape else "tensor<f32>"


def hexf(v):
    return "0x%08X" % np.array(v, F32).view(np.uint32).item()


def dense(a, fmt):
    a = np.asarray(a)
    if a.ndim == 0:
        return fmt(a)
    return "[" + ", ".join(dense(x, fmt) for x in a) + "]"


def fconst(a):
    a = np.asarray(a, F32)
    return f"dense<{dense(a, hexf)}> : {ftype(a.shape)}"


def iconst(a, ty):
    a = np.asarray(a)
    shape = "x".join(map(str, a.shape))
    return f"dense<{dense(a, lambda v: str(int(v)))}> : tensor<{shape + 'x' if shape else ''}{ty}>"


class Fn:
    """One check function: float constants quantized, ops, dequantized results checked."""

    def __init__(self, name, comment):
        self.lines = [f"// {comment}", f"func.func @{name}() {{"]
        self.n = 0
        self.checks = 0

    def value(self):
        self.n += 1
        return f"%v{self.n}"

    def quantized_input(self, x, q):
        """A quantized tensor holding quantize(x); returns (name, storage values)."""
        x = np.asarray(x, F32)
        c, b, r = self.value(), self.value(), self.value()
        self.lines.append(f"  {c} = stablehlo.constant {fconst(x)}")
        self.lines.append(f"  {b} = stablehlo.optimization_barrier {c} : {ftype(x.shape)}")
        self.lines.append(f"  {r} = stablehlo.uniform_quantize {b} : ({ftype(x.shape)}) -> {q.tensor(x.shape)}")
        return r, q.quantize(x)

    def float_input(self, x):
        x = np.asarray(x, F32)
        c, b = self.value(), self.value()
        self.lines.append(f"  {c} = stablehlo.constant {fconst(x)}")
        self.lines.append(f"  {b} = stablehlo.optimization_barrier {c} : {ftype(x.shape)}")
        return b

    def op(self, text):
        r = self.value()
        self.lines.append(f"  {r} = {text}")
        return r

    def expect_quantized(self, v, q, storage, shape):
        """Checks v (of quantized type q) through its dequantized values."""
        d = self.value()
        self.lines.append(f"  {d} = stablehlo.uniform_dequantize {v} : ({q.tensor(shape)}) -> {ftype(shape)}")
        self.expect_float(d, q.dequantize(np.asarray(storage)))

    def expect_float(self, v, values):
        self.lines.append(f"  check.expect_eq_const {v}, {fconst(values)}")
        self.checks += 1

    def text(self):
        return "\n".join(self.lines + ["  func.return", "}"])


def binary(name, mnemonic, fn, qa, qb, qr, a, b):
    f = Fn(name, f"{mnemonic}: lhs {qa.mlir()}, rhs {qb.mlir()}, result {qr.mlir()}")
    va, sa = f.quantized_input(a, qa)
    vb, sb = f.quantized_input(b, qb)
    shape = np.asarray(a).shape
    r = f.op(f"stablehlo.{mnemonic} {va}, {vb} : ({qa.tensor(shape)}, {qb.tensor(shape)}) -> {qr.tensor(shape)}")
    expected = qr.quantize(fn(qa.dequantize(sa), qb.dequantize(sb)))
    f.expect_quantized(r, qr, expected, shape)
    return f


def unary(name, mnemonic, fn, qa, qr, a):
    f = Fn(name, f"{mnemonic}: operand {qa.mlir()}, result {qr.mlir()}")
    va, sa = f.quantized_input(a, qa)
    shape = np.asarray(a).shape
    r = f.op(f"stablehlo.{mnemonic} {va} : ({qa.tensor(shape)}) -> {qr.tensor(shape)}")
    f.expect_quantized(r, qr, qr.quantize(fn(qa.dequantize(sa))), shape)
    return f


def cases():
    out = []
    # quantize: ties to even (x / 0.5 - 3 = -2.5, -1.5, -0.5), saturation at
    # both ends, -0.0, a negative zero point.
    q = Q("i8", [0.5], [-3])
    x = [-1000.0, -64.25, -1.75, 0.25, 0.75, 1.25, 63.5, 1000.0, -0.0, 2.3, -2.3, 62.0]
    f = Fn("quantize_i8_ties_saturation", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (len(x),))
    out.append(f)
    # a narrowed storage range clamps before rounding
    q = Q("i8", [0.1], [5], lo=-100, hi=100)
    x = [-50.0, -10.55, -10.45, 0.0, 9.45, 9.55, 50.0, 0.05, -0.05]
    f = Fn("quantize_storage_range", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (len(x),))
    out.append(f)
    # unsigned storage
    q = Q("u8", [0.25], [128])
    x = [-100.0, -32.0, -31.875, -0.125, 0.125, 0.375, 31.75, 40.0]
    f = Fn("quantize_u8", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (len(x),))
    out.append(f)
    # 16-bit storage
    q = Q("i16", [0.001], [-7])
    x = [-40.0, -32.761, -1.2345, 0.0, 0.0005, 0.0015, 32.76, 40.0]
    f = Fn("quantize_i16", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (len(x),))
    out.append(f)
    # per-axis along dimension 1, negative and extreme zero points
    q = Q("i8", [0.5, 0.25, 1.0, 0.125], [-1, 2, 0, -128], axis=1)
    x = [[-70.0, -40.0, 127.5, 17.0], [0.25, 0.125, 2.5, -0.0625], [63.75, 31.4, -128.6, 0.0]]
    f = Fn("quantize_per_axis", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (3, 4))
    out.append(f)
    # per-axis along dimension 0
    q = Q("i8", [0.5, 2.0], [10, -10], axis=0)
    x = [[-80.0, 1.0, 1.25, 70.0], [-300.0, 3.0, 5.0, 300.0]]
    f = Fn("quantize_per_axis_dim0", f"quantize/dequantize {q.mlir()}")
    v, s = f.quantized_input(x, q)
    f.expect_quantized(v, q, s, (2, 4))
    out.append(f)
    # requantize: quantized -> quantized (other scale and zero point)
    q1, q2 = Q("i8", [0.5], [-3]), Q("i8", [0.2], [10])
    x = [-60.0, -1.5, -0.5, 0.0, 0.5, 1.5, 3.5, 60.0]
    f = Fn("requantize", f"uniform_quantize {q1.mlir()} -> {q2.mlir()}")
    v, s = f.quantized_input(x, q1)
    r = f.op(f"stablehlo.uniform_quantize {v} : ({q1.tensor((8,))}) -> {q2.tensor((8,))}")
    f.expect_quantized(r, q2, q2.quantize(q1.dequantize(s)), (8,))
    out.append(f)
    # requantize per-tensor -> per-axis
    q1, q2 = Q("i8", [0.5], [0]), Q("u8", [0.25, 1.0], [100, 3], axis=1)
    x = [[-30.0, -30.0], [1.5, 1.5], [40.0, 40.0]]
    f = Fn("requantize_per_axis", f"uniform_quantize {q1.mlir()} -> {q2.mlir()}")
    v, s = f.quantized_input(x, q1)
    r = f.op(f"stablehlo.uniform_quantize {v} : ({q1.tensor((3, 2))}) -> {q2.tensor((3, 2))}")
    f.expect_quantized(r, q2, q2.quantize(q1.dequantize(s)), (3, 2))
    out.append(f)

    qa, qb, qr = Q("i8", [0.5], [-3]), Q("i8", [0.25], [1]), Q("i8", [1.0], [-5])
    a = [-64.0, -10.0, -1.5, 0.0, 1.0, 2.5, 30.0, 60.0]
    b = [-32.0, 5.0, 0.25, 0.75, -0.5, 0.75, 31.0, 31.75]
    out.append(binary("add_per_tensor", "add", lambda x, y: x + y, qa, qb, qr, a, b))
    out.append(binary("subtract_per_tensor", "subtract", lambda x, y: x - y, qa, qb, qr, a, b))
    out.append(binary("multiply_per_tensor", "multiply", lambda x, y: x * y, qa, qb, Q("i8", [2.0], [3]), a, b))
    out.append(binary("maximum_per_tensor", "maximum", np.maximum, qa, qb, qr, a, b))
    out.append(binary("minimum_per_tensor", "minimum", np.minimum, qa, qb, qr, a, b))
    out.append(binary("add_u8", "add", lambda x, y: x + y, Q("u8", [0.5], [120]), Q("u8", [0.5], [3]), Q("u8", [1.5], [0]),
                      [-60.0, 0.0, 5.5, 60.0], [-1.5, 0.0, 7.0, 120.0]))
    # per-axis add (the spec allows it for add)
    qpa = Q("i8", [0.5, 1.0, 0.25], [0, -2, 3], axis=1)
    qpr = Q("i8", [1.0, 0.5, 0.5], [1, 0, -1], axis=1)
    out.append(binary("add_per_axis", "add", lambda x, y: x + y, qpa, qpa, qpr,
                      [[1.0, 2.0, 0.5], [-10.0, 40.0, -1.25]], [[0.5, 3.0, 0.75], [-60.0, 100.0, 10.0]]))
    out.append(unary("abs_per_tensor", "abs", np.abs, qa, Q("i8", [0.25], [-128]), a))
    out.append(unary("negate_per_tensor", "negate", np.negative, qa, Q("i8", [0.5], [4]), a))

    # compare and select on quantized operands
    qc = Q("i8", [0.5], [-3])
    a = [-3.0, 0.0, 1.5, 2.0]
    b = [-2.5, 0.0, 1.0, 5.0]
    f = Fn("compare_select", f"compare GT and select on {qc.mlir()}")
    va, sa = f.quantized_input(a, qc)
    vb, sb = f.quantized_input(b, qc)
    p = f.op(f"stablehlo.compare GT, {va}, {vb} : ({qc.tensor((4,))}, {qc.tensor((4,))}) -> tensor<4xi1>")
    pv = qc.dequantize(sa) > qc.dequantize(sb)
    f.lines.append(f"  check.expect_eq_const {p}, dense<[{', '.join('true' if t else 'false' for t in pv)}]> : tensor<4xi1>")
    f.checks += 1
    r = f.op(f"stablehlo.select {p}, {va}, {vb} : tensor<4xi1>, {qc.tensor((4,))}")
    f.expect_quantized(r, qc, np.where(pv, sa, sb), (4,))
    out.append(f)

    # dot_general: per-tensor lhs, per-axis rhs (zero points 0) along the
    # free dimension, per-tensor result
    ql = Q("i8", [0.5], [2])
    qr_ = Q("i8", [0.5, 0.25, 1.0, 2.0], [0, 0, 0, 0], axis=1)
    qo = Q("i8", [1.0], [-4])
    lhs = np.array([[1.0, -2.0, 3.5], [10.0, 0.5, -7.0]], F32)
    rhs = np.array([[1.0, 0.5, 3.0, -4.0], [-2.0, 1.25, 0.0, 8.0], [0.5, -0.75, 7.0, 2.0]], F32)
    f = Fn("dot_general_per_axis_rhs", f"dot_general {ql.mlir()} x {qr_.mlir()} -> {qo.mlir()}")
    vl, sl = f.quantized_input(lhs, ql)
    vr, sr = f.quantized_input(rhs, qr_)
    r = f.op(f"stablehlo.dot_general {vl}, {vr}, contracting_dims = [1] x [0] : "
             f"({ql.tensor((2, 3))}, {qr_.tensor((3, 4))}) -> {qo.tensor((2, 4))}")
    f.expect_quantized(r, qo, qo.quantize(ql.dequantize(sl) @ qr_.dequantize(sr)), (2, 4))
    out.append(f)
    # hybrid: float lhs, quantized rhs, float result
    f = Fn("dot_general_hybrid", f"dot_general f32 x {qr_.mlir()} -> f32")
    vl = f.float_input(lhs)
    vr, sr = f.quantized_input(rhs, qr_)
    r = f.op(f"stablehlo.dot_general {vl}, {vr}, contracting_dims = [1] x [0] : "
             f"({ftype((2, 3))}, {qr_.tensor((3, 4))}) -> {ftype((2, 4))}")
    f.expect_float(r, lhs @ qr_.dequantize(sr))
    out.append(f)

    # convolution: 1-D, input [b, 0, f] per-tensor, kernel [0, i, o]
    # per-axis along o, result per-axis along f
    qi = Q("i8", [0.25], [-1])
    qk = Q("i8", [0.5, 1.0, 0.25], [0, 0, 0], axis=2)
    qo = Q("i8", [0.5, 1.0, 2.0], [0, 3, -7], axis=2)
    inp = np.array([[[1.0, -0.5], [2.0, 0.25], [-3.0, 1.5], [0.75, 4.0], [-1.25, -2.0]]], F32)  # 1x5x2
    ker = np.array([[[1.0, 2.0, -0.5], [0.5, -1.0, 3.0]], [[-1.5, 4.0, 0.25], [2.0, 1.0, -2.0]],
                    [[0.5, -3.0, 1.0], [1.0, 0.0, 0.75]]], F32)  # 3x2x3
    f = Fn("convolution_per_axis", f"convolution {qi.mlir()} * {qk.mlir()} -> {qo.mlir()}")
    vi, si = f.quantized_input(inp, qi)
    vk, sk = f.quantized_input(ker, qk)
    r = f.op(f"stablehlo.convolution({vi}, {vk}) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], "
             f"window = {{stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]}} "
             f"{{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : "
             f"({qi.tensor((1, 5, 2))}, {qk.tensor((3, 2, 3))}) -> {qo.tensor((1, 3, 3))}")
    di, dk = qi.dequantize(si), qk.dequantize(sk)
    conv = np.zeros((1, 3, 3), F32)
    for w in range(3):
        for k in range(3):
            for i in range(2):
                conv[0, w, :] += di[0, w + k, i] * dk[k, i, :]
    f.expect_quantized(r, qo, qo.quantize(conv), (1, 3, 3))
    out.append(f)

    # element moving ops keep the storage integers; per-axis transpose moves
    # the quantization dimension
    qp = Q("i8", [0.5, 0.25, 1.0], [0, 2, -3], axis=1)
    qt = Q("i8", [0.5, 0.25, 1.0], [0, 2, -3], axis=0)
    x = np.array([[1.0, 2.0, -3.0], [-10.0, 0.25, 7.0]], F32)
    f = Fn("transpose_per_axis", f"transpose {qp.mlir()} -> {qt.mlir()}")
    v, s = f.quantized_input(x, qp)
    r = f.op(f"stablehlo.transpose {v}, dims = [1, 0] : ({qp.tensor((2, 3))}) -> {qt.tensor((3, 2))}")
    f.expect_quantized(r, qt, s.T, (3, 2))
    out.append(f)
    q = Q("i8", [0.5], [-3])
    x = np.array([[1.0, 2.0, -3.0], [-10.0, 0.5, 7.0]], F32)
    f = Fn("moves_per_tensor", f"reshape, broadcast_in_dim, concatenate, slice, reverse, pad on {q.mlir()}")
    v, s = f.quantized_input(x, q)
    r = f.op(f"stablehlo.reshape {v} : ({q.tensor((2, 3))}) -> {q.tensor((3, 2))}")
    f.expect_quantized(r, q, s.reshape(3, 2), (3, 2))
    r = f.op(f"stablehlo.broadcast_in_dim {v}, dims = [1, 2] : ({q.tensor((2, 3))}) -> {q.tensor((2, 2, 3))}")
    f.expect_quantized(r, q, np.broadcast_to(s, (2, 2, 3)), (2, 2, 3))
    r = f.op(f"stablehlo.concatenate {v}, {v}, dim = 1 : ({q.tensor((2, 3))}, {q.tensor((2, 3))}) -> {q.tensor((2, 6))}")
    f.expect_quantized(r, q, np.concatenate([s, s], 1), (2, 6))
    r = f.op(f"stablehlo.slice {v} [0:2, 1:3] : ({q.tensor((2, 3))}) -> {q.tensor((2, 2))}")
    f.expect_quantized(r, q, s[:, 1:3], (2, 2))
    r = f.op(f"stablehlo.reverse {v}, dims = [1] : {q.tensor((2, 3))}")
    f.expect_quantized(r, q, s[:, ::-1], (2, 3))
    pv, spv = f.quantized_input(np.array(4.0, F32), q)
    r = f.op(f"stablehlo.pad {v}, {pv}, low = [1, 0], high = [0, 1], interior = [0, 0] : "
             f"({q.tensor((2, 3))}, {q.tensor(())}) -> {q.tensor((3, 4))}")
    padded = np.full((3, 4), spv, np.int8)
    padded[1:, :3] = s
    f.expect_quantized(r, q, padded, (3, 4))
    out.append(f)
    return out


def write_abi():
    """The storage-integer files of quantization-abi.test."""
    d = os.path.join(HERE, "Inputs", "quantization")
    os.makedirs(d, exist_ok=True)
    qa, qb, qr = Q("i8", [0.5], [-3]), Q("i8", [0.25], [1]), Q("i8", [1.0], [-5])
    a = np.array([-128, -20, -5, 0, 3, 40, 100, 127], np.int8)
    b = np.array([-128, 25, 2, 4, -1, 4, 125, 127], np.int8)
    np.save(os.path.join(d, "add.in0.npy"), a)
    np.save(os.path.join(d, "add.in1.npy"), b)
    np.save(os.path.join(d, "add.expected0.npy"), qr.quantize(qa.dequantize(a) + qb.dequantize(b)))
    qx = Q("i8", [0.5, 0.25, 1.0], [0, 2, -3], axis=1)
    qu = Q("u8", [0.5], [128])
    x = np.array([[1.0, -2.5, 300.0], [-0.25, 0.125, -1000.0]], F32)
    np.save(os.path.join(d, "quantize.in0.npy"), x)
    qxs = qx.quantize(x)
    np.save(os.path.join(d, "quantize.expected0.npy"), qxs)
    np.save(os.path.join(d, "quantize.expected1.npy"), qx.dequantize(qxs))
    s = np.array([[0, 17, 255], [128, 129, 1]], np.uint8)
    np.save(os.path.join(d, "dequantize_u8.in0.npy"), s)
    np.save(os.path.join(d, "dequantize_u8.expected0.npy"), qu.dequantize(s))


def main():
    fns = cases()
    checks = sum(f.checks for f in fns)
    text = [
        "// Generated by quantization.py (numpy, the StableHLO spec's quantize/dequantize",
        "// formulas in float32): do not edit. Quantized ops through xla-lower-quantized,",
        "// checked through their dequantized values (exact).",
        "// RUN: xla-run --check --split-input-file %s | FileCheck %s",
        "// CHECK-NOT: FAIL",
        f"// CHECK: {{{{^}}}}{checks} passed, 0 failed",
        "",
    ]
    text.append("\n\n// -----\n\n".join(f.text() for f in fns))
    with open(os.path.join(HERE, "quantization.mlir"), "w") as out:
        out.write("\n".join(text) + "\n")
    write_abi()


if __name__ == "__main__":
    main()
