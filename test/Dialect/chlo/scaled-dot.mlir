// chlo.scaled_dot round trip (generic form, like ragged_dot), and the
// element types the op accepts: f8/f6/f4 data and f8E8M0 scales (MX,
// NVFP4), and f16/bf16/f32/f64.
// RUN: xla-opt %s | FileCheck %s
// RUN: xla-opt %s | xla-opt | FileCheck %s
// RUN: xla-opt %s --mlir-print-op-generic | xla-opt | FileCheck %s

// Per-row scales on lhs, per-block-of-2 scales along the contraction on
// rhs, a precision_config, an f32 result.
// CHECK-LABEL: func.func @f32
func.func @f32(%l: tensor<2x8xf32>, %ls: tensor<2x1xf32>, %r: tensor<8x3xf32>, %rs: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // CHECK: "chlo.scaled_dot"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]}> : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<8x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %0 = "chlo.scaled_dot"(%l, %ls, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]}> : (tensor<2x8xf32>, tensor<2x1xf32>, tensor<8x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// MX-style: f8E4M3FN data with f8E8M0FNU scales per 32 elements of the
// contraction, batched, bf16 result; NVFP4-style f4E2M1FN with f8E4M3FN
// scales per 16; mixed bf16 data with f16 scales into f64.
// CHECK-LABEL: func.func @narrow
func.func @narrow(%l: tensor<4x8x64xf8E4M3FN>, %ls: tensor<4x8x2xf8E8M0FNU>, %r: tensor<4x16x64xf8E5M2>, %rs: tensor<4x16x2xf8E8M0FNU>,
                  %a: tensor<32x64xf4E2M1FN>, %as: tensor<32x4xf8E4M3FN>, %b: tensor<64x8xbf16>, %bs: tensor<1x1xf16>) -> (tensor<4x8x16xbf16>, tensor<32x8xf64>) {
  // CHECK: "chlo.scaled_dot"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}> : (tensor<4x8x64xf8E4M3FN>, tensor<4x8x2xf8E8M0FNU>, tensor<4x16x64xf8E5M2>, tensor<4x16x2xf8E8M0FNU>) -> tensor<4x8x16xbf16>
  %0 = "chlo.scaled_dot"(%l, %ls, %r, %rs) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>}> : (tensor<4x8x64xf8E4M3FN>, tensor<4x8x2xf8E8M0FNU>, tensor<4x16x64xf8E5M2>, tensor<4x16x2xf8E8M0FNU>) -> tensor<4x8x16xbf16>
  // CHECK: (tensor<32x64xf4E2M1FN>, tensor<32x4xf8E4M3FN>, tensor<64x8xbf16>, tensor<1x1xf16>) -> tensor<32x8xf64>
  %1 = "chlo.scaled_dot"(%a, %as, %b, %bs) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<32x64xf4E2M1FN>, tensor<32x4xf8E4M3FN>, tensor<64x8xbf16>, tensor<1x1xf16>) -> tensor<32x8xf64>
  return %0, %1 : tensor<4x8x16xbf16>, tensor<32x8xf64>
}
