#!/usr/bin/env python3
"""Writes bench/compile_time.py's mixed chain of N ops and its expected result.

    mixed_chain.py N OUT.mlir EXPECTED.npy

The program: @main(%a, %b: tensor<16xf32>) cycling through add %b,
multiply 0.5, negate + exponential, and a sum reduction broadcast back and
subtracted. The expected values are computed here in float64 with the
standard library (an independent reference; the f32 program is compared
with a tolerance) and written as a float32 .npy; the inputs are the
ones the test passes inline: a[i] = 0.01 i, b[i] = 0.02 i.
"""
import math
import struct
import sys

n, out, expected = int(sys.argv[1]), sys.argv[2], sys.argv[3]
VEC = "tensor<16xf32>"
x = [0.01 * i for i in range(16)]
b = [0.02 * i for i in range(16)]
lines = [
    f"func.func @main(%a: {VEC}, %b: {VEC}) -> {VEC} {{",
    "  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
    f"  %scale = stablehlo.constant dense<5.000000e-01> : {VEC}",
]
prev, count, step = "%a", 0, 0
while count < n:
    kind, name = step % 8, f"%v{step}"
    if kind in (0, 3, 6):
        lines.append(f"  {name} = stablehlo.add {prev}, %b : {VEC}")
        x = [u + v for u, v in zip(x, b)]
        count += 1
    elif kind in (1, 4):
        lines.append(f"  {name} = stablehlo.multiply {prev}, %scale : {VEC}")
        x = [0.5 * u for u in x]
        count += 1
    elif kind in (2, 5):
        lines.append(f"  {name}n = stablehlo.negate {prev} : {VEC}")
        lines.append(f"  {name} = stablehlo.exponential {name}n : {VEC}")
        x = [math.exp(-u) for u in x]
        count += 2
    else:
        lines.append(f"  {name}r = stablehlo.reduce({prev} init: %zero) applies stablehlo.add across dimensions = [0]"
                     f" : ({VEC}, tensor<f32>) -> tensor<f32>")
        lines.append(f"  {name}b = stablehlo.broadcast_in_dim {name}r, dims = [] : (tensor<f32>) -> {VEC}")
        lines.append(f"  {name} = stablehlo.subtract {prev}, {name}b : {VEC}")
        total = sum(x)
        x = [u - total for u in x]
        count += 3
    prev = name
    step += 1
lines += [f"  return {prev} : {VEC}", "}"]
with open(out, "w") as f:
    f.write("\n".join(lines) + "\n")
assert all(math.isfinite(u) for u in x), x
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (16,), }"
header += " " * (63 - len(header)) + "\n"  # 10-byte preamble + header: 64 bytes
with open(expected, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<16f", *x))
