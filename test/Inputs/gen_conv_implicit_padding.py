#!/usr/bin/env python3
"""Generates test/Execution/convolution-implicit-padding.mlir.

Each case is a convolution with padding (edge padding read implicitly by the
lowering, see lowering/src/stablehlo_to_linalg/convolution.rs) computed twice
in one function: as written, and as the same convolution of an explicitly
padded input (stablehlo.pad, then a convolution without padding or
lhs_dilation), which the lowering reads as one cell. The function returns
max |implicit - explicit| (must be 0: inputs are small integers, so every
sum is exact) and a weighted checksum sum(result * w), w = (flat index mod 7)
+ 1, whose expected value comes from jax.lax.conv_general_dilated here.

    /work/venv-jax/bin/python test/Inputs/gen_conv_implicit_padding.py > test/Execution/convolution-implicit-padding.mlir
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", False)

# name, note, lhs shape, rhs shape, dimension numbers (lhs, rhs, out as JAX
# strings), strides, padding, lhs_dilation, rhs_dilation, feature groups,
# batch groups, element type
CASES = [
    ("same3x3", "SAME 3x3, 16 output features (the register-tiled kernel per cell)",
     (1, 6, 7, 16), (3, 3, 16, 16), ("NHWC", "HWIO", "NHWC"), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 1, "f32"),
    ("asymmetric", "asymmetric padding",
     (2, 5, 6, 8), (3, 2, 8, 8), ("NHWC", "HWIO", "NHWC"), (1, 1), ((2, 0), (0, 3)), (1, 1), (1, 1), 1, 1, "f32"),
    ("negative", "negative padding (cropping) beside positive",
     (1, 7, 6, 4), (3, 3, 4, 4), ("NHWC", "HWIO", "NHWC"), (1, 1), ((-1, 2), (1, -2)), (1, 1), (1, 1), 1, 1, "f32"),
    ("strided", "strides 2 and 3 with padding",
     (1, 9, 10, 16), (3, 4, 16, 16), ("NHWC", "HWIO", "NHWC"), (2, 3), ((1, 2), (2, 1)), (1, 1), (1, 1), 1, 1, "f32"),
    ("rhs_dilated", "kernel (rhs) dilation with padding",
     (1, 8, 7, 8), (3, 2, 8, 8), ("NHWC", "HWIO", "NHWC"), (1, 1), ((2, 2), (1, 1)), (1, 1), (2, 3), 1, 1, "f32"),
    ("lhs_dilated", "lhs dilation (transposed convolution) with positive and negative padding",
     (1, 4, 5, 4), (3, 3, 4, 4), ("NHWC", "HWIO", "NHWC"), (1, 1), ((2, 1), (-1, 2)), (2, 3), (1, 1), 1, 1, "f32"),
    ("feature_groups", "feature_group_count 2, NCHW/OIHW",
     (2, 4, 5, 5), (6, 2, 3, 3), ("NCHW", "OIHW", "NCHW"), (1, 1), ((1, 1), (2, 0)), (1, 1), (1, 1), 2, 1, "f32"),
    ("batch_groups", "batch_group_count 2 (a weight gradient)",
     (4, 5, 5, 3), (3, 3, 3, 6), ("NHWC", "HWIO", "NHWC"), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 2, "f32"),
    ("larger_than_input", "padding larger than the input (windows entirely in the padding)",
     (1, 3, 8), (3, 8, 4), ("NWC", "WIO", "NWC"), (1,), ((5, 6),), (1,), (1,), 1, 1, "f32"),
    ("large_kernel", "9x9 SAME (81 cells, more than 64: the padding is materialized)",
     (1, 10, 10, 1), (9, 9, 1, 8), ("NHWC", "HWIO", "NHWC"), (1, 1), ((4, 4), (4, 4)), (1, 1), (1, 1), 1, 1, "f32"),
    ("wide_output", "3 -> 16 features: cells would move more memory than the padded copy, which is kept",
     (1, 6, 6, 3), (3, 3, 3, 16), ("NHWC", "HWIO", "NHWC"), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 1, "f32"),
    ("int32", "i32 (generic loops per cell)",
     (1, 5, 5, 2), (3, 3, 2, 3), ("NHWC", "HWIO", "NHWC"), (2, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), 1, 1, "i32"),
    ("lhs_dilated_strided", "lhs dilation, stride 2 and cropping in one dimension",
     (2, 5, 3), (4, 3, 8), ("NWC", "WIO", "NWC"), (2,), ((3, -2),), (3,), (1,), 1, 1, "f32"),
    ("conv3d", "3-D, SAME 3x3x3",
     (1, 4, 4, 4, 2), (3, 3, 3, 2, 8), ("NDHWC", "DHWIO", "NDHWC"), (1, 1, 1), ((1, 1), (1, 1), (1, 1)), (1, 1, 1), (1, 1, 1), 1, 1, "f32"),
    ("zero_input", "a zero-size input spatial dimension, padded to a non-empty output",
     (1, 0, 4), (2, 4, 4), ("NWC", "WIO", "NWC"), (1,), ((2, 1),), (1,), (1,), 1, 1, "f32"),
]


def values(shape, mult, mod):
    n = int(np.prod(shape))
    return ((np.arange(n) * mult) % mod - mod // 2).reshape(shape)


def ty(shape, element):
    return "tensor<" + "".join(f"{d}x" for d in shape) + element + ">"


def dim_numbers(lhs, rhs, out):
    def letters(spec, batch, feature):
        spatial = [c for c in spec if c not in (batch, feature)]
        return "[" + ", ".join(
            "b" if c == batch and batch == "N" else "f" if c == feature and feature == "C" else
            "i" if c == "I" else "o" if c == "O" else str(spatial.index(c)) for c in spec) + "]"
    return letters(lhs, "N", "C") + "x" + letters(rhs, "O", "I").replace("b", "o") + "->" + letters(out, "N", "C")


def generated_input(name, shape, element, mult, mod):
    n = int(np.prod(shape))
    lines = [
        f"  %{name}_i = stablehlo.iota dim = 0 : tensor<{n}xi32>",
        f"  %{name}_m = stablehlo.constant dense<{mult}> : tensor<{n}xi32>",
        f"  %{name}_d = stablehlo.constant dense<{mod}> : tensor<{n}xi32>",
        f"  %{name}_h = stablehlo.constant dense<{mod // 2}> : tensor<{n}xi32>",
        f"  %{name}_p = stablehlo.multiply %{name}_i, %{name}_m : tensor<{n}xi32>",
        f"  %{name}_r = stablehlo.remainder %{name}_p, %{name}_d : tensor<{n}xi32>",
        f"  %{name}_s = stablehlo.subtract %{name}_r, %{name}_h : tensor<{n}xi32>",
    ]
    src = f"%{name}_s"
    if element != "i32":
        lines.append(f"  %{name}_c = stablehlo.convert %{name}_s : (tensor<{n}xi32>) -> tensor<{n}x{element}>")
        src = f"%{name}_c"
    lines.append(f"  %{name} = stablehlo.reshape {src} : (tensor<{n}x{element}>) -> {ty(shape, element)}")
    return lines


def case(name, note, lshape, rshape, specs, strides, padding, lhs_dil, rhs_dil, fgc, bgc, element):
    dtype = np.float32 if element == "f32" else np.int32
    lhs = values(lshape, 7, 11).astype(dtype)
    rhs = values(rshape, 5, 9).astype(dtype)
    out = np.asarray(lax.conv_general_dilated(
        jnp.asarray(lhs), jnp.asarray(rhs), strides, padding, lhs_dilation=lhs_dil, rhs_dilation=rhs_dil,
        dimension_numbers=specs, feature_group_count=fgc, batch_group_count=bgc,
        precision=lax.Precision.HIGHEST, preferred_element_type=dtype))
    oshape = out.shape
    weights = (np.arange(out.size) % 7 + 1).reshape(oshape).astype(dtype)
    checksum = (out.astype(np.int64) * weights.astype(np.int64)).sum()
    n = out.size
    spatial_l = [i for i, c in enumerate(specs[0]) if c not in "NC"]
    rank = len(lshape)
    # The explicitly padded (and dilated) input.
    low = [0] * rank
    high = [0] * rank
    interior = [0] * rank
    padded = list(lshape)
    for k, d in enumerate(spatial_l):
        low[d], high[d] = padding[k]
        interior[d] = lhs_dil[k] - 1
        dilated = 0 if lshape[d] == 0 else (lshape[d] - 1) * lhs_dil[k] + 1
        padded[d] = dilated + padding[k][0] + padding[k][1]
    dn = dim_numbers(*specs)
    ot = ty(oshape, element)
    window = (f"stride = {list(strides)}, pad = {[list(p) for p in padding]}, "
              f"lhs_dilate = {list(lhs_dil)}, rhs_dilate = {list(rhs_dil)}")
    ref_window = f"stride = {list(strides)}, rhs_dilate = {list(rhs_dil)}"
    groups = f"{{batch_group_count = {bgc} : i64, feature_group_count = {fgc} : i64}}"
    zero = "0.0" if element == "f32" else "0"
    sub_abs = ["stablehlo.subtract", "stablehlo.abs"]
    add = "stablehlo.add"
    maxop = "stablehlo.maximum"
    lines = [f"// {note}."]
    tag = name.upper().replace("_", "-")
    lines.append(f"// RUN: xla-run %s --entry {name} | FileCheck %s --check-prefix={tag}")
    lines.append(f"// {tag}: result[0]: tensor<{element}> = 0{{{{$}}}}")
    lines.append(f"// {tag}-NEXT: result[1]: tensor<{element}> = {checksum}{{{{$}}}}")
    lines.append(f"func.func @{name}() -> (tensor<{element}>, tensor<{element}>) {{")
    lines += generated_input("lhs", lshape, element, 7, 11)
    lines += generated_input("rhs", rshape, element, 5, 9)
    lines.append(f"  %zero = stablehlo.constant dense<{zero}> : tensor<{element}>")
    lines.append(f"  %implicit = stablehlo.convolution(%lhs, %rhs) dim_numbers = {dn},")
    lines.append(f"      window = {{{window}}}")
    lines.append(f"      {groups} : ({ty(lshape, element)}, {ty(rshape, element)}) -> {ot}")
    lines.append(f"  %padded = stablehlo.pad %lhs, %zero, low = {low}, high = {high}, interior = {interior}"
                 f" : ({ty(lshape, element)}, tensor<{element}>) -> {ty(padded, element)}")
    lines.append(f"  %explicit = stablehlo.convolution(%padded, %rhs) dim_numbers = {dn},")
    lines.append(f"      window = {{{ref_window}}}")
    lines.append(f"      {groups} : ({ty(padded, element)}, {ty(rshape, element)}) -> {ot}")
    lines.append(f"  %diff = stablehlo.subtract %implicit, %explicit : {ot}")
    lines.append(f"  %abs = stablehlo.abs %diff : {ot}")
    lines.append(f"  %maxdiff = stablehlo.reduce(%abs init: %zero) applies stablehlo.maximum across dimensions = "
                 f"{list(range(len(oshape)))} : ({ot}, tensor<{element}>) -> tensor<{element}>")
    lines += [f"  %w_i = stablehlo.iota dim = 0 : tensor<{n}xi32>",
              f"  %w_7 = stablehlo.constant dense<7> : tensor<{n}xi32>",
              f"  %w_1 = stablehlo.constant dense<1> : tensor<{n}xi32>",
              f"  %w_r = stablehlo.remainder %w_i, %w_7 : tensor<{n}xi32>",
              f"  %w_s = stablehlo.add %w_r, %w_1 : tensor<{n}xi32>"]
    if element != "i32":
        lines.append(f"  %w_c = stablehlo.convert %w_s : (tensor<{n}xi32>) -> tensor<{n}x{element}>")
        wsrc = "%w_c"
    else:
        wsrc = "%w_s"
    lines.append(f"  %w = stablehlo.reshape {wsrc} : (tensor<{n}x{element}>) -> {ot}")
    lines.append(f"  %weighted = stablehlo.multiply %implicit, %w : {ot}")
    lines.append(f"  %checksum = stablehlo.reduce(%weighted init: %zero) applies stablehlo.add across dimensions = "
                 f"{list(range(len(oshape)))} : ({ot}, tensor<{element}>) -> tensor<{element}>")
    lines.append(f"  return %maxdiff, %checksum : tensor<{element}>, tensor<{element}>")
    lines.append("}")
    return "\n".join(lines)


print(__doc__.strip().replace("\n", "\n// ").join(["// ", ""]).replace("// \n", "//\n"))
print("// Generated by test/Inputs/gen_conv_implicit_padding.py; rerun it after a change.")
for c in CASES:
    print()
    print(case(*c))
