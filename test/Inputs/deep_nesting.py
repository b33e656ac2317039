#!/usr/bin/env python3
"""Writes a program that nests one construct N times (issue 19's cases).

    deep_nesting.py brackets|tuple|if|ifvec N OUT.mlir
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
elif kind == "ifvec":  # the same with tensor work at every level: x + y before
    # each branch, the false branch subtracts y again; result x + (N+1)*y if
    # %p, else x
    vec = "tensor<4xf32>"
    body = f"%leaf = stablehlo.add %s{n - 1}, %y : {vec}\n" if n else f"%leaf = stablehlo.add %x, %y : {vec}\n"
    inner = "%leaf"
    for k in reversed(range(n)):
        acc = f"%s{k - 1}" if k else "%x"
        body = (f"%s{k} = stablehlo.add {acc}, %y : {vec}\n"
                f'%r{k} = "stablehlo.if"(%p) ({{\n{body}stablehlo.return {inner} : {vec}\n'
                f"}}, {{\n%f{k} = stablehlo.subtract %s{k}, %y : {vec}\nstablehlo.return %f{k} : {vec}\n"
                f"}}) : (tensor<i1>) -> {vec}\n")
        inner = f"%r{k}"
    text = (f"func.func @main(%p: tensor<i1>, %x: {vec}, %y: {vec}) -> {vec} {{\n"
            + body + f"return {inner} : {vec}\n}}\n")
else:
    sys.exit(f"unknown kind {kind}")
with open(out, "w") as f:
    f.write(text)
