#!/usr/bin/env python3
"""Writes a program that nests one construct N times (issue 19's cases).

    deep_nesting.py brackets|tuple|if N OUT.mlir
"""
import sys

kind, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if kind == "brackets":  # an attribute: [[[...]]]
    text = ("func.func @main(%a: tensor<f32>) -> tensor<f32> attributes {x = "
            + "[" * n + "]" * n + "} {\n  return %a : tensor<f32>\n}\n")
elif kind == "tuple":  # a type: tuple<tuple<...>>
    text = "func.func @main(%a: " + "tuple<" * n + "tensor<f32>" + ">" * n + ") {\n  return\n}\n"
elif kind == "if":  # regions: each if's true branch holds the next if
    body = "%r0 = stablehlo.add %a, %a : tensor<f32>\n"
    for i in range(n):
        body = (f'%r{i + 1} = "stablehlo.if"(%p) ({{\n{body}stablehlo.return %r{i} : tensor<f32>\n'
                f"}}, {{\nstablehlo.return %a : tensor<f32>\n}}) : (tensor<i1>) -> tensor<f32>\n")
    text = ("func.func @main(%p: tensor<i1>, %a: tensor<f32>) -> tensor<f32> {\n"
            + body + f"return %r{n} : tensor<f32>\n}}\n")
else:
    sys.exit(f"unknown kind {kind}")
with open(out, "w") as f:
    f.write(text)
