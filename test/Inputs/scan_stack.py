#!/usr/bin/env python3
"""A lax.scan-style loop that stacks one row per step, and a check of what
running it allocated.

    scan_stack.py write T N OUT.mlir EXPECTED.npy
    scan_stack.py check T N REPORT.txt

`write`: @main() runs a stablehlo.while of T steps; step t
sets c = 0.5 c + 1 and writes c into row t of a TxN result with
dynamic_update_slice (what jax's scan emits for its stacked outputs). The
expected rows are computed here in float64 with the standard library (an
independent reference); c starts as i / N (N a power of two: exact).

`check`: reads the stderr of `xla-run --report=memory` and checks that the
bytes compiled code allocated in all grow linearly with T: at most the
stacked result plus 8 rows per step. Lowering dynamic_update_slice as an
element-wise op over the whole operand made every step allocate (and
write) the whole TxN tensor: T * T * N * 4 bytes.
"""
import re
import struct
import sys


def write(t, n, out, expected):
    assert n & (n - 1) == 0, "N must be a power of two"
    vec, stack = f"tensor<{n}xf32>", f"tensor<{t}x{n}xf32>"
    text = f"""func.func @main() -> {stack} {{
  %iota = stablehlo.iota dim = 0 : {vec}
  %inv = stablehlo.constant dense<{1.0 / n:.10e}> : {vec}
  %c0 = stablehlo.multiply %iota, %inv : {vec}
  %zero = stablehlo.constant dense<0.000000e+00> : {stack}
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %half = stablehlo.constant dense<5.000000e-01> : {vec}
  %one = stablehlo.constant dense<1.000000e+00> : {vec}
  %r:3 = stablehlo.while(%i = %i0, %c = %c0, %ys = %zero) : tensor<i32>, {vec}, {stack}
  cond {{
    %limit = stablehlo.constant dense<{t}> : tensor<i32>
    %p = stablehlo.compare LT, %i, %limit : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %h = stablehlo.multiply %c, %half : {vec}
    %c1 = stablehlo.add %h, %one : {vec}
    %row = stablehlo.reshape %c1 : ({vec}) -> tensor<1x{n}xf32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %ys1 = stablehlo.dynamic_update_slice %ys, %row, %i, %z : ({stack}, tensor<1x{n}xf32>, tensor<i32>, tensor<i32>) -> {stack}
    %step = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %step : tensor<i32>
    stablehlo.return %i1, %c1, %ys1 : tensor<i32>, {vec}, {stack}
  }}
  return %r#2 : {stack}
}}
"""
    with open(out, "w") as f:
        f.write(text)
    c = [i / n for i in range(n)]
    rows = []
    for _ in range(t):
        c = [0.5 * u + 1.0 for u in c]
        rows.extend(c)
    header = f"{{'descr': '<f4', 'fortran_order': False, 'shape': ({t}, {n}), }}"
    total = 10 + len(header) + 1
    header += " " * ((64 - total % 64) % 64) + "\n"
    with open(expected, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack(f"<{t * n}f", *rows))


def check(t, n, report):
    text = open(report).read()
    m = re.search(r"memory measured: peak (\d+) bytes live, (\d+) allocation\(s\), (\d+) bytes in all", text)
    if not m:
        print("no memory measurement in the report")
        return 1
    total = int(m.group(3))
    row = 4 * n
    bound = t * row + 8 * t * row
    verdict = "ok" if total <= bound else "too much"
    print(f"allocated in all: {verdict} ({total} bytes, bound {bound}, quadratic would be {t * t * row})")
    return 0 if total <= bound else 1


if __name__ == "__main__":
    mode, t, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    sys.exit(write(t, n, sys.argv[4], sys.argv[5]) if mode == "write" else check(t, n, sys.argv[4]))
