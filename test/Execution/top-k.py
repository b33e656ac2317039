#!/usr/bin/env python3
"""Writes top-k.mlir: chlo.top_k check functions with the values and indices
that jax.lax.top_k (XLA CPU) gives on the same inputs.

    /path/to/venv-with-jax/bin/python test/Execution/top-k.py > test/Execution/top-k.mlir

Float results are also compared bit for bit (bitcast to integers), so the
sign of zeros and NaNs is checked, not only the indices.
"""
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402

jax.config.update("jax_enable_x64", True)  # f64, i64 and ui64 stay 64-bit
import jax.numpy as jnp  # noqa: E402
import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402

MLIR_TYPES = {
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.float16): "f16",
    np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.int32): "i32", np.dtype(np.int8): "i8",
    np.dtype(np.int64): "i64", np.dtype(np.int16): "i16", np.dtype(np.uint32): "ui32", np.dtype(np.uint8): "ui8",
    np.dtype(np.uint64): "ui64", np.dtype(np.bool_): "i1",
}
BITS = {np.dtype(np.float32): np.uint32, np.dtype(np.float64): np.uint64, np.dtype(np.float16): np.uint16,
        np.dtype(ml_dtypes.bfloat16): np.uint16}


def literal(value, dtype):
    if dtype in BITS:
        bits = np.array(value, dtype).view(BITS[dtype]).item()
        return "0x%0*X" % (dtype.itemsize * 2, bits)
    return str(int(value))


def dense(array):
    if array.size == 0:
        return "dense<>" if array.ndim else "dense<>"
    def rec(a):
        if a.ndim == 0:
            return literal(a.item() if a.dtype not in BITS else a, a.dtype)
        return "[" + ", ".join(rec(x) for x in a) + "]"
    return "dense<" + rec(array) + ">"


def tensor(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + MLIR_TYPES[np.dtype(dtype)] + ">"


def case(name, comment, x, k):
    x = np.asarray(x)
    values, indices = (np.asarray(r) for r in jax.jit(lambda a: jax.lax.top_k(a, k))(x))
    rshape = x.shape[:-1] + (k,)
    xt, vt, it = tensor(x.shape, x.dtype), tensor(rshape, x.dtype), tensor(rshape, np.int32)
    lines = [f"// {comment}", f"func.func @{name}() {{"]
    lines.append(f"  %x = stablehlo.constant {dense(x)} : {xt}")
    lines.append(f"  %v, %i = chlo.top_k(%x, k = {k}) : {xt} -> ({vt}, {it})")
    if values.size:
        if x.dtype in BITS:
            bits_type = tensor(rshape, {2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize])
            lines.append(f"  %b = stablehlo.bitcast_convert %v : ({vt}) -> {bits_type}")
            bits = values.view({2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize])
            lines.append(f"  check.expect_eq_const %b, {dense(bits)} : {bits_type}")
        else:
            lines.append(f"  check.expect_eq_const %v, {dense(values)} : {vt}")
        lines.append(f"  check.expect_eq_const %i, {dense(indices)} : {it}")
    else:
        lines.append(f"  check.expect_eq_const %i, dense<> : {it}")
    lines += ["  return", "}"]
    return "\n".join(lines)


def main():
    rs = np.random.RandomState(12)
    f32 = np.float32
    def mixed(shape, dtype=f32):
        """Small integers (many ties) with a few NaNs of both signs, infinities and zeros of both signs."""
        x = rs.randint(-3, 4, size=shape).astype(dtype)
        specials = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0], dtype)
        specials[1] = -specials[0]  # NaN with the sign bit set
        mask = rs.rand(*shape) < 0.15
        x[mask] = rs.choice(specials, size=int(mask.sum()))
        return x

    ties = mixed((3, 40))
    ties[1] = np.where(ties[1] > 0, -ties[1], ties[1])  # row 1: nothing above +0
    ties[1, 5], ties[1, 9], ties[1, 33] = -0.0, 0.0, -0.0
    cases = [
        ("ties_nan_inf_zeros", "k = 5 of 40: ties in index order, +NaN first, -NaN last, +0 before -0", ties, 5),
        ("k_1", "k = 1", ties, 1),
        ("k_24_of_40", "k = 24 of 40 (the largest k kept for selection)", ties, 24),
        ("k_equals_n_sorted", "k = n = 40 (decomposed into a sort)", ties, 40),
        ("k_equals_n_small", "k = n = 12 (selection)", ties[:, :12], 12),
        ("batch_dims", "batch dimensions 2x3, rows of 20", mixed((2, 3, 20)), 4),
        ("ascending", "an ascending row (every element enters the top k)", np.arange(100, dtype=f32)[None], 10),
        ("descending", "a descending row", np.arange(100, dtype=f32)[None, ::-1].copy(), 10),
        ("random_rows", "random rows of 300", rs.randn(4, 300).astype(f32), 7),
        ("all_equal", "all equal: the first k indices", np.full((2, 30), 3.0, f32), 6),
        ("f64", "f64", mixed((2, 25), np.float64), 6),
        ("f16", "f16", mixed((2, 25), np.float16), 6),
        ("bf16", "bf16", mixed((2, 25), ml_dtypes.bfloat16), 6),
        ("i32", "i32 with the extremes", rs.choice(np.array([5, -1, 7, 0, 2**31 - 1, -2**31], np.int32), size=(2, 30)), 5),
        ("i8", "i8", rs.randint(-128, 128, size=(3, 30)).astype(np.int8), 4),
        ("i64", "i64", rs.choice(np.array([3, -2**63, 2**63 - 1, 0, -5], np.int64), size=(2, 20)), 3),
        ("ui32", "ui32: values above 2^31 - 1 are the largest",
         rs.choice(np.array([1, 2**32 - 1, 2**31, 7, 0], np.uint32), size=(2, 30)), 4),
        ("ui8", "ui8", rs.randint(0, 256, size=(2, 30)).astype(np.uint8), 5),
        ("ui64", "ui64", rs.choice(np.array([1, 2**64 - 1, 2**63, 7, 0], np.uint64), size=(2, 20)), 3),
        ("nan_payloads", "NaNs ordered by their bits (payloads) as the total order does, as XLA does",
         np.tile(np.array([0x7F800001, 0x7FC00000, 0x7FFFFFFF, 0x7FC00001, 0xFFC00000, 0xFF800001, 0x3F800000,
                           0x7F800000, 0xFF800000], np.uint32).view(f32), (2, 3)), 9),
        ("bool", "i1: true above false", rs.rand(3, 20) < 0.3, 4),
        ("k_0", "k = 0", ties, 0),
        ("zero_rows", "no rows", np.zeros((0, 10), f32), 3),
        ("rank_1", "rank 1", ties[0], 3),
    ]
    print("// Generated by top-k.py from jax.lax.top_k (jax %s, XLA CPU): do not edit." % jax.__version__)
    print("// chlo.top_k by selection (small k) and by sort (k = n = 40): values bit for bit")
    print("// (bitcast for floats) and indices.")
    print("// RUN: xla-run --check --split-input-file %s | FileCheck %s")
    functions = [case(*c) for c in cases]
    expectations = sum(f.count("check.expect_eq_const") for f in functions)
    print(f"// CHECK: {expectations} passed, 0 failed")
    print()
    print("\n\n// -----\n\n".join(functions))


if __name__ == "__main__":
    main()
