// RUN: xla-opt --stablehlo-legalize-to-linalg --split-input-file %s | FileCheck %s

// Where the lowering reads the edge padding of a convolution or
// reduce_window implicitly (cells of outputs with the same window taps, see
// lowering/src/stablehlo_to_linalg/convolution.rs) and where it still
// materializes a padded copy. Values: test/Execution/convolution-implicit-padding.mlir.

// SAME 3x3: nine cells (four corners, four edges, the interior), each a
// contraction over the unpadded input; no tensor of the padded shape.
// CHECK-LABEL: func.func @same_3x3(
// CHECK-NOT: tensor<1x10x10x16xf32>
// CHECK-NOT: tensor.insert_slice %arg0
// CHECK-COUNT-9: linalg.generic {{.*}} ins(%arg0, %{{.*}} : tensor<1x8x8x16xf32>, tensor<{{[0-9]}}x{{[0-9]}}x16x16xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @same_3x3(%x: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x16xf32>) -> tensor<1x8x8x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x16xf32>, tensor<3x3x16x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----
// Only negative padding (cropping): one cell, no fill of its own: the zero
// fill right before the contraction (the contraction kernel then starts its
// accumulators at zero), the input read from offset (1, 2).
// CHECK: #[[CROP:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d3 + 1, d2 + d4 + 2, d5)>
// CHECK-LABEL: func.func @crop(
// CHECK-NOT: tensor.insert_slice
// CHECK-NOT: alloc_tensor
// CHECK: %[[ZERO:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x4x3x16xf32>)
// CHECK: arith.constant 0.0
// CHECK: linalg.generic {indexing_maps = [#[[CROP]], {{.*}}]{{.*}} ins(%arg0, %arg1 : tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) outs(%[[ZERO]] : tensor<1x4x3x16xf32>)
func.func @crop(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<1x4x3x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[-1, -1], [-2, -1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x4x3x16xf32>
  return %0 : tensor<1x4x3x16xf32>
}

// -----
// Refused: a 9x9 SAME convolution would need 81 cells (more than 64): the
// padded input is materialized and read by one contraction.
// CHECK-LABEL: func.func @large_kernel(
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 4, 4, 0] [1, 10, 10, 1] [1, 1, 1, 1] : tensor<1x10x10x1xf32> into tensor<1x18x18x1xf32>
// CHECK: linalg.generic {{.*}} ins(%[[PADDED]], %arg1 : tensor<1x18x18x1xf32>, tensor<9x9x1x8xf32>)
// CHECK-NOT: linalg.generic {{.*}} ins(%arg0
func.func @large_kernel(%x: tensor<1x10x10x1xf32>, %w: tensor<9x9x1x8xf32>) -> tensor<1x10x10x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[4, 4], [4, 4]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x10x10x1xf32>, tensor<9x9x1x8xf32>) -> tensor<1x10x10x8xf32>
  return %0 : tensor<1x10x10x8xf32>
}

// -----
// Refused: many more output than input features (3 -> 64): filling the
// result for the cells would move more memory than the padded copy
// (fill + copy of the input), so the padded input is materialized.
// CHECK-LABEL: func.func @wide_output(
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %{{.*}} : tensor<1x8x8x3xf32> into tensor<1x10x10x3xf32>
// CHECK: linalg.generic {{.*}} ins(%[[PADDED]], %arg1 :
func.func @wide_output(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x64xf32>) -> tensor<1x8x8x64xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x64xf32>) -> tensor<1x8x8x64xf32>
  return %0 : tensor<1x8x8x64xf32>
}

// -----
// Padding larger than the input: outputs whose windows lie entirely in the
// padding form cells with no taps, which keep the zero fill (no
// contraction: outputs 0-2 and 8-11); the five others (taps 2, 1-2,
// 0-2, 0-1, 0) read the input.
// CHECK-LABEL: func.func @larger_than_input(
// CHECK-NOT: tensor<1x14x8xf32>
// CHECK-COUNT-5: linalg.generic {{.*}} ins(%arg0, %{{.*}} : tensor<1x3x8xf32>, tensor<{{[0-9]}}x8x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @larger_than_input(%x: tensor<1x3x8xf32>, %w: tensor<3x8x4xf32>) -> tensor<1x12x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[5, 6]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8xf32>, tensor<3x8x4xf32>) -> tensor<1x12x4xf32>
  return %0 : tensor<1x12x4xf32>
}

// -----
// avg_pool with SAME padding (add, init 0): no padded copy.
// CHECK-LABEL: func.func @sum_pool_same(
// CHECK-NOT: tensor<1x7x7x2xf32>
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<f32>) {{.*}}xla.unshared
// CHECK-COUNT-4: linalg.generic {{.*}} ins(%arg0, %{{.*}} : tensor<1x6x6x2xf32>, tensor<1x{{[0-9]}}x{{[0-9]}}x1xf32>)
func.func @sum_pool_same(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x6x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----
// Refused: an init that is not the identity of the body (add with 1: each
// padding element adds 1) keeps the padded copy, filled with the init.
// CHECK-LABEL: func.func @non_identity_init(
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %arg0 into %{{.*}}[0, 0, 0, 0] [1, 6, 6, 2] [1, 1, 1, 1] : tensor<1x6x6x2xf32> into tensor<1x7x7x2xf32>
// CHECK: linalg.generic {{.*}} ins(%[[PADDED]], %{{.*}} : tensor<1x7x7x2xf32>, tensor<1x3x3x1xindex>)
func.func @non_identity_init(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %init = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<1x6x6x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}
